"""The offline brain: a pet with no network still answers, in its own mood, for free.

Lines come from small templates keyed by the feeling word of the current face, in the
language the turn asks for (`request.language`: the message's for an owner turn, the owner's
for the pet's own turns; English for a language the pet does not speak). It hears what it is
asked in any of the five languages. It tells only small truths, read off what the turn was
handed: the reminder the message filed (as the goal book holds it), how it feels, its energy,
battery and clock, what it is waiting on. What it cannot do (switch things, browse, buy) it
says plainly, and that it is running without its language model; everything else gets a warm,
honest acknowledgement. It never raises and costs nothing.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Mapping
from datetime import datetime
from typing import Final

from ..core.language.words import month, openings, phrase, weekday
from ..core.notes import new_facts
from ..core.turn_kind import TurnKind
from .hearing import cannot, hears, to_remember
from .phrasebook import BOOKS, Phrasebook, phrasebook
from .turn import Filed, Machine, OpenItem, Reply, TurnRequest, TurnResult

# What the pet noted, in the journal's words in any language ("] noted: …", "] notiert: …").
_NOTED: Final = re.compile(
    r"\] (?:" + "|".join(re.escape(start) for start in openings("journal.noted")) + r")"
    r"(?P<what>.+)$"
)
_WORD: Final = re.compile(r"[A-Za-z']+")  # English: the owner's words, said back
_WORD_ABROAD: Final = re.compile(r"[^\W\d_]+(?:['’](?=[^\W\d_]))?")
_ELISION: Final = re.compile(r"\b(d|qu)e ([aeiouyhàâéèêëîïôûœAEIOUYHÀÂÉÈÊÎÔÛ])")
FALLBACK: Final = "content"

# The English stock, as other parts of the pet have always read it.
MOOD_LINES: Final[Mapping[str, tuple[str, ...]]] = BOOKS["en"].moods
MUSINGS: Final[Mapping[str, tuple[str, ...]]] = BOOKS["en"].musings


# The goal's id a reach-out's request leads with ("[g3] call mum"): the owner reads the words.
_GOAL_ID: Final = re.compile(r"\A\[[a-z]\d{1,6}\]\s*")


def musings(feeling: str, language: str = "en") -> tuple[str, ...]:
    """What the pet may say unasked in a feeling, in a language (the content ones otherwise)."""
    book = phrasebook(language)
    return book.musings.get(feeling) or book.musings[FALLBACK]


def _pick(options: tuple[str, ...], seed: str) -> str:
    digest = hashlib.sha256(seed.encode()).digest()
    return options[digest[0] % len(options)]


def _percent(fraction: float) -> int | None:
    """A 0…1 reading as a whole percent; None when it is no reading at all."""
    if not isinstance(fraction, int | float) or not math.isfinite(fraction):
        return None
    return round(min(1.0, max(0.0, fraction)) * 100)


def _first_upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _yours(text: str, book: Phrasebook) -> str:
    """The owner's words, said back to them (my -> your)."""
    if book.language == "en":
        return _WORD.sub(lambda m: book.swaps.get(m[0].lower(), m[0]), text)

    def swap(match: re.Match[str]) -> str:
        word = match[0]
        said = book.swaps.get(word.lower().replace("’", "'"))
        if said is None:
            return word
        return _first_upper(said) if word[:1].isupper() else said

    return _WORD_ABROAD.sub(swap, text)


def _when(due: datetime | None, now: datetime, book: Phrasebook) -> str:
    """When a reminder is due, as the owner reads a clock: at 20:00, tomorrow at 09:30, …"""
    if due is None:
        return book.when_none
    local = due.astimezone(now.tzinfo)
    days = (local.date() - now.date()).days
    time = f"{local:%H:%M}"
    if days == 0:
        said = book.when_today.format(time=time)
    elif days == 1:
        said = book.when_tomorrow.format(time=time)
    elif 1 < days < 7:
        said = book.when_weekday.format(day=weekday(local.weekday(), book.language), time=time)
    else:
        date = book.ordinals.get(local.day, str(local.day))
        said = book.when_date.format(date=date, month=month(local.month, book.language), time=time)
    return _at_one(said, local.hour, book)


def _at_one(text: str, hour: int, book: Phrasebook) -> str:
    """Spanish says "a la 1" but "a las 2": one o'clock is singular."""
    if hour == 1:
        for plural, singular in book.at_one:
            text = text.replace(plural, singular)
    return text


def _acknowledge(filed: tuple[Filed, ...], now: datetime, book: Phrasebook) -> Reply:
    """What the message filed, in the goal book's own words and times: when it falls in the
    quiet hours, when it will really be given; with no time, the question when."""
    lines = []
    for item in filed:
        template = book.remind.get(item.link, book.remind_default)
        when = _when(item.due, now, book) if item.due is not None else ""
        remind = " ".join(
            template.format(link=item.link, what=_yours(item.text, book), when=when).split()
        )
        line = (book.remind_new if item.new else book.remind_known).format(remind=remind)
        if item.let_go:  # "don't remind me …": it let the promise go
            line = book.let_go.format(what=_yours(item.text, book))
        elif item.asked:  # a question about a promise: which one it holds, and when
            line = book.held.format(what=_yours(item.text, book), when=when or book.when_none)
        elif item.due is None:
            line = f"{line} {book.ask_when}"
        elif item.kept_at is not None:
            at = item.kept_at.astimezone(now.tzinfo)
            line += _at_one(book.quiet.format(at=f"{at:%H:%M}"), at.hour, book)
        lines.append(_ELISION.sub(r"\1'\2", line) if book.elide else line)
    ids = ", ".join(item.id for item in filed)
    return Reply(intent=f"tell my owner exactly which reminder I hold ({ids})", say=" ".join(lines))


def _waiting(machine: Machine, book: Phrasebook) -> Reply:
    """The open promises, questions and reminders, as the machine holds them."""
    items: tuple[OpenItem, ...] = machine.open_items or ()
    if not items:
        return Reply(intent="say truthfully that nothing is open", say=book.nothing_open)
    unhurried = {"whenever", phrase("clock.whenever", book.language)}
    shown = "; ".join(
        book.item.format(
            text=i.text, due=book.no_rush if i.due in unhurried else book.due.format(due=i.due)
        )
        for i in items
    )
    total = max(machine.open_total, len(items))
    more = book.more.format(n=total - len(items)) if total > len(items) else ""
    count = book.one_thing if total == 1 else book.things.format(n=total)
    return Reply(
        intent="tell my owner what I'm waiting on, from my goal book",
        say=book.holding.format(count=count, shown=shown, more=more),
    )


def _today(machine: Machine, book: Phrasebook) -> Reply:
    """What it did today, read off its journal (in the words the journal was written in)."""
    if not machine.today:
        return Reply(intent="say truthfully that my journal is empty today", say=book.today_none)
    return Reply(
        intent="tell my owner what I did today, from my journal",
        say=book.today.format(did="; ".join(machine.today)),
    )


def _energy(machine: Machine, book: Phrasebook) -> str:
    pct = _percent(machine.energy)
    return book.energy_unknown if pct is None else book.energy.format(pct=pct)


class OfflineBrain:
    """Templates in the feeling vocabulary; never fails, costs nothing."""

    name = "offline"

    def estimate(self, request: TurnRequest) -> int:
        """Templates cost nothing."""
        return 0

    async def think(self, request: TurnRequest) -> TurnResult:
        """A reply from templates."""
        book = phrasebook(request.language)
        try:
            reply = self._reply(request, book)
        except Exception:
            reply = Reply(intent="keep my owner company", say=book.here)
        return TurnResult(reply=reply, brain=self.name)

    def _reply(self, request: TurnRequest, book: Phrasebook) -> Reply:
        machine = request.machine
        feeling = machine.feeling if machine.feeling in book.moods else FALLBACK
        seed = f"{request.kind}:{machine.local_time.isoformat(timespec='minutes')}"
        if request.kind is TurnKind.DREAM:
            noted = [m["what"] for line in request.notes if (m := _NOTED.search(line))]
            facts = new_facts(noted, request.facts)
            return Reply(intent=f"keep what I noted on {request.goal}", remember=tuple(facts))
        if request.kind is TurnKind.FLUSH:
            return Reply(intent="let the conversation rest; nothing is left waiting")
        if request.kind is TurnKind.PROACTIVE:
            return Reply(
                intent=f"say hello while I'm feeling {machine.feeling}",
                say=_pick(book.musings.get(feeling, book.musings[FALLBACK]), seed),
            )
        if request.kind is TurnKind.REACH_OUT:
            goal = _GOAL_ID.sub("", (request.goal or "").strip(), count=1)
            if request.reminder:
                say = book.reminder.format(goal=_yours(goal, book))
            else:
                say = book.about.format(goal=goal)
            if (due := request.was_due) is not None:
                local = machine.local_time
                when = _when(due, local, book)
                say += (book.late if request.late else book.waited).format(when=when)
            return Reply(intent=f"keep my word about: {goal}", say=say)
        new = [m for m in request.messages if m.kind == "message"]
        text = new[-1].text.strip() if new else ""
        return self._answer(text, request, book, feeling, seed + text)

    def _answer(
        self, text: str, request: TurnRequest, book: Phrasebook, feeling: str, seed: str
    ) -> Reply:
        machine = request.machine
        mood = _pick(book.moods[feeling], seed)
        if request.filed:
            return _acknowledge(request.filed, machine.local_time, book)
        if (what := to_remember(text)) is not None:
            if not what:
                return Reply(intent="ask what to remember", say=book.remember_what)
            return Reply(
                intent="keep what my owner asked me to remember",
                say=book.remembered,
                remember=(what,),
            )
        if (kind := cannot(text)) is not None:
            return Reply(
                intent="be honest about what I can't do",
                say=book.cannot_say.format(cannot=book.cannot[kind], no_model=book.no_model),
            )
        if hears("today", text):
            return _today(machine, book)
        if hears("time", text):
            local = machine.local_time
            said = book.time.format(time=local.strftime("%H:%M"))
            return Reply(
                intent="tell my owner the time from my clock",
                say=_at_one(said, local.hour, book),
            )
        if hears("waiting", text):
            return _waiting(machine, book)
        if hears("tired", text):
            pct = _percent(machine.energy)
            verdict = book.verdicts[0 if pct is None else 1 if pct < 30 else 2 if pct < 60 else 3]
            return Reply(
                intent="tell my owner how much energy I have",
                say=book.tired.format(verdict=verdict, energy=_energy(machine, book)),
            )
        if hears("body", text):
            if not machine.on_battery:
                where = book.plugged
            elif machine.charge is None:
                where = book.on_battery_unknown
            else:
                where = book.on_battery.format(
                    charge=book.percent.format(pct=f"{machine.charge:.0f}")
                )
            return Reply(
                intent="tell my owner how my body is doing", say=book.body.format(where=where)
            )
        if hears("how_are_you", text):
            word = machine.feeling if isinstance(machine.feeling, str) else ""
            word = book.feelings.get(word, word)
            felt = book.felt.format(word=word) if 0 < len(word) <= 40 else ""
            energy = _energy(machine, book)
            return Reply(
                intent=f"share that I feel {machine.feeling}",
                say=book.how.format(
                    mood=mood, felt=felt, energy=energy if felt else _first_upper(energy)
                ),
            )
        if hears("greeting", text):
            return Reply(intent="greet my owner back", say=book.hello.format(mood=mood))
        if machine.shelf and hears("question", text):
            return Reply(
                intent="answer from my shelf, with where it came from",
                say=book.shelf.format(passage=machine.shelf[0]),
            )
        if hears("thanks", text):
            return Reply(intent="accept thanks warmly", say=book.thanks)
        return Reply(
            intent="listen, and be honest that my offline brain is small",
            say=book.heard.format(mood=mood),
        )
