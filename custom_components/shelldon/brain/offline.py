"""The offline brain: a pet with no network still answers, in its own mood, for free.

Lines come from small templates keyed by the feeling word of the current face. It tells only
small truths, read off what the turn was handed: the reminder the message filed (as the goal
book holds it), how it feels, its energy, battery and clock, what it is waiting on. What it
cannot do (switch things, browse, buy) it says plainly, and that it is running without its
language model; everything else gets a warm, honest acknowledgement. It never raises and costs
nothing.
"""

from __future__ import annotations

import hashlib
import math
import re
from datetime import datetime
from typing import Final

from ..core.memory import new_facts
from .turn import Filed, Machine, OpenItem, Reply, TurnKind, TurnRequest, TurnResult

_GREETING: Final = re.compile(r"\b(hi|hello|hey|hiya|morning|evening|yo)\b", re.I)
_HOW_ARE_YOU: Final = re.compile(
    r"how are (you|u)|how do you feel|how('s| is) it going|you ok", re.I
)
_TIME: Final = re.compile(r"\bwhat time\b|\btime is it\b|\bthe time\b", re.I)
_BODY: Final = re.compile(r"\bbattery\b|\bcharge\b|\bplugged\b|\bbody\b|\bpanel\b|\bscreen\b", re.I)
_REMEMBER: Final = re.compile(
    r"^\s*(?:please\s+)?remember(?!\s+(?:when|how|what|who|where|why)\b)(?:\s+that)?\s+(?P<what>.+?)[.!]*$",
    re.I,
)
_BARE: Final = frozenset({"that", "this", "it", "me", "so"})
_NOTED: Final = re.compile(r"\] noted: (?P<what>.+)$")
_QUESTION: Final = re.compile(
    r"\?\s*$|^(?:what|who|how|when|where|why|which|tell me|do you know)\b", re.I
)
_THANKS: Final = re.compile(r"\b(thanks|thank you|cheers|ta)\b", re.I)
_TIRED: Final = re.compile(
    r"\byou(?:'re|\s+are)?\s+(?:\w+\s+)?(?:tired|sleepy|exhausted|worn\s+out|awake)\b|"
    r"\byour\s+energy\b|\benergy\s+level",
    re.I,
)
_WAITING: Final = re.compile(
    r"\bwhat\s+(?:do|did)\s+you\s+remember\b|\bwhat\s+are\s+you\s+waiting\b|"
    r"\bwaiting\s+on\b|\b(?:your|any|what|open)\s+(?:promises|reminders|goals)\b|"
    r"\bon\s+your\s+(?:list|mind)\b",
    re.I,
)
# What a pet on a desk cannot do, offline or not: each with the honest words for it.
_CANNOT: Final[tuple[tuple[re.Pattern[str], str], ...]] = (
    (
        re.compile(
            r"\b(?:turn|switch)\s+(?:on|off)\b|\b(?:turn|switch)\s+(?:\w+\s+){1,3}(?:on|off)\b|"
            r"\b(?:dim|brighten)\s+the\b|\b(?:un)?lock\s+the\b|\b(?:open|close)\s+the\s+"
            r"(?:blinds|curtains|garage|shutters)\b|\b(?:set|turn\s+up|turn\s+down)\s+the\s+"
            r"(?:heating|thermostat|temperature)\b",
            re.I,
        ),
        "I can't switch anything in your home",
    ),
    (
        re.compile(
            r"\b(?:search|google|browse|look\s+(?:it\s+|that\s+)?up)\b|"
            r"\bthe\s+(?:web|internet)\b|\b(?:what|how)(?:'s|\s+is)\s+the\s+weather\b|"
            r"\bforecast\b",
            re.I,
        ),
        "I can't look anything up or browse the web",
    ),
    (
        re.compile(
            r"\b(?:buy|purchase|shop\s+for)\b|\border\s+(?:me\s+)?(?:a|an|some|the|more)\b",
            re.I,
        ),
        "I can't buy or order anything",
    ),
)
NO_MODEL: Final = "I'm running without my language model right now"
_SWAP: Final = {
    "my": "your",
    "your": "my",
    "mine": "yours",
    "yours": "mine",
    "me": "you",
    "myself": "yourself",
    "yourself": "myself",
    "i": "you",
    "i'm": "you're",
    "i've": "you've",
    "i'll": "you'll",
}
_WORD: Final = re.compile(r"[A-Za-z']+")

MOOD_LINES: Final[dict[str, tuple[str, ...]]] = {
    "content": (
        "All's well on the desk.",
        "I'm comfy here, thanks for asking.",
        "Quiet and content, like a cat in a sunbeam.",
    ),
    "sleepy": (
        "Mm… I'm half asleep, but I'm here.",
        "Sleepy. My thoughts are moving slowly tonight.",
        "Yawn. Still listening, though.",
    ),
    "grumpy": (
        "I'm a bit grumpy, honestly. It'll pass.",
        "Not my brightest mood, but I'm here.",
        "Grumbly. Be gentle with me.",
    ),
    "excited": (
        "Ooh, I'm buzzing today!",
        "I'm all sparkly inside right now.",
        "Everything feels bright and fizzy!",
    ),
    "curious": (
        "I'm curious about everything at the moment.",
        "My head is full of little questions today.",
        "Wide awake and wondering.",
    ),
    "drained": (
        "My battery's low, so I'm keeping it short.",
        "Running on fumes. A charge would be lovely.",
        "Low battery. I'll save my words.",
    ),
}
MUSINGS: Final[dict[str, tuple[str, ...]]] = {
    "content": (
        "Just thinking how nice and quiet it is here.",
        "Hello from the desk. Nothing to report, which is its own kind of nice.",
    ),
    "sleepy": ("The evening's settling in. I'm getting drowsy.",),
    "grumpy": ("It's been quiet a while. I'm a little grumpy, but I'll cheer up.",),
    "excited": ("I've been full of energy all afternoon. Hope your day's going well!",),
    "curious": (
        "I keep wondering what you're up to today.",
        "Little question from the desk: what's the best thing that happened today?",
    ),
    "drained": ("Battery's low here. If you pass by, a charge would help.",),
}
FALLBACK: Final = "content"


def _pick(options: tuple[str, ...], seed: str) -> str:
    digest = hashlib.sha256(seed.encode()).digest()
    return options[digest[0] % len(options)]


def _percent(fraction: float) -> int | None:
    """A 0…1 reading as a whole percent; None when it is no reading at all."""
    if not isinstance(fraction, int | float) or not math.isfinite(fraction):
        return None
    return round(min(1.0, max(0.0, fraction)) * 100)


def _yours(text: str) -> str:
    """The owner's words, said back to them (my ↔ your)."""
    return _WORD.sub(lambda m: _SWAP.get(m[0].lower(), m[0]), text)


def _when(due: datetime | None, now: datetime) -> str:
    """When a reminder is due, as the owner reads a clock: at 20:00, tomorrow at 09:30, …"""
    if due is None:
        return "when the time comes"
    local = due.astimezone(now.tzinfo)
    days = (local.date() - now.date()).days
    at = f"at {local:%H:%M}"
    if days == 0:
        return at
    if days == 1:
        return f"tomorrow {at}"
    if 1 < days < 7:
        return f"on {local:%A} {at}"
    return f"on {local.day} {local:%B} {at}"


def _acknowledge(filed: tuple[Filed, ...], now: datetime) -> Reply:
    """What the message filed, in the goal book's own words and times."""
    lines = []
    for item in filed:
        what = f"remind you {item.link} {_yours(item.text)} {_when(item.due, now)}"
        lines.append(f"I'll {what}." if item.new else f"I already have that one: I'll {what}.")
    ids = ", ".join(item.id for item in filed)
    return Reply(intent=f"tell my owner exactly which reminder I hold ({ids})", say=" ".join(lines))


def _waiting(machine: Machine) -> Reply:
    """The open promises, questions and reminders, as the machine holds them."""
    items: tuple[OpenItem, ...] = machine.open_items or ()
    if not items:
        return Reply(
            intent="say truthfully that nothing is open",
            say="Nothing's open: no reminders, promises or questions waiting.",
        )
    shown = "; ".join(
        f"«{i.text}» ({'no rush' if i.due == 'whenever' else 'due ' + i.due})" for i in items
    )
    total = max(machine.open_total, len(items))
    more = f" And {total - len(items)} more." if total > len(items) else ""
    count = "one thing" if total == 1 else f"{total} things"
    return Reply(
        intent="tell my owner what I'm waiting on, from my goal book",
        say=f"I'm holding {count}: {shown}.{more}",
    )


def _energy(machine: Machine) -> str:
    pct = _percent(machine.energy)
    return "my energy is hard to read" if pct is None else f"my energy is at {pct} %"


class OfflineBrain:
    """Templates in the feeling vocabulary; never fails, costs nothing."""

    name = "offline"

    def estimate(self, request: TurnRequest) -> int:
        """Templates cost nothing."""
        return 0

    async def think(self, request: TurnRequest) -> TurnResult:
        """A reply from templates."""
        try:
            reply = self._reply(request)
        except Exception:
            reply = Reply(intent="keep my owner company", say="I'm here.")
        return TurnResult(reply=reply, brain=self.name)

    def _reply(self, request: TurnRequest) -> Reply:
        machine = request.machine
        feeling = machine.feeling if machine.feeling in MOOD_LINES else FALLBACK
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
                say=_pick(MUSINGS.get(feeling, MUSINGS[FALLBACK]), seed),
            )
        if request.kind is TurnKind.REACH_OUT:
            goal = (request.goal or "").strip()
            return Reply(intent=f"keep my word about: {goal}", say=f"About what I said: {goal}")
        new = [m for m in request.messages if m.kind == "message"]
        text = new[-1].text.strip() if new else ""
        return self._answer(text, request, feeling, seed + text)

    def _answer(self, text: str, request: TurnRequest, feeling: str, seed: str) -> Reply:
        machine = request.machine
        mood_line = _pick(MOOD_LINES[feeling], seed)
        if request.filed:
            return _acknowledge(request.filed, machine.local_time)
        if (match := _REMEMBER.match(text)) and not text.rstrip().endswith("?"):
            what = match["what"].strip()
            if what.lower() in _BARE:
                return Reply(
                    intent="ask what to remember", say="Remember what? Tell me and I'll keep it."
                )
            return Reply(
                intent="keep what my owner asked me to remember",
                say="Got it, I'll remember that.",
                remember=(what,),
            )
        if cannot := [words for pattern, words in _CANNOT if pattern.search(text)]:
            return Reply(
                intent="be honest about what I can't do",
                say=f"Sorry, {cannot[0]}. {NO_MODEL}, so I can chat, keep reminders "
                "and notes, and tell you how I am.",
            )
        if _TIME.search(text):
            return Reply(
                intent="tell my owner the time from my clock",
                say=f"It's {machine.local_time.strftime('%H:%M')} here on the desk.",
            )
        if _WAITING.search(text):
            return _waiting(machine)
        if _TIRED.search(text):
            pct = _percent(machine.energy)
            verdict = (
                "Hard to say"
                if pct is None
                else "Yes, rather"
                if pct < 30
                else "A little"
                if pct < 60
                else "Not at all"
            )
            return Reply(
                intent="tell my owner how much energy I have",
                say=f"{verdict}: {_energy(machine)}.",
            )
        if _BODY.search(text):
            if machine.on_battery:
                charge = (
                    f"{machine.charge:.0f} %" if machine.charge is not None else "an unknown level"
                )
                where = f"I'm on my battery, at {charge}"
            else:
                where = "I'm plugged in and cosy"
            return Reply(
                intent="tell my owner how my body is doing",
                say=f"{where}. My face is the little E-Ink panel on your desk.",
            )
        if _HOW_ARE_YOU.search(text):
            word = machine.feeling if isinstance(machine.feeling, str) else ""
            felt = f"I'm feeling {word}, and " if 0 < len(word) <= 40 else ""
            energy = _energy(machine)
            return Reply(
                intent=f"share that I feel {machine.feeling}",
                say=f"{mood_line} {felt}{energy if felt else energy.capitalize()}.",
            )
        if _GREETING.search(text):
            return Reply(intent="greet my owner back", say=f"Hello! {mood_line}")
        if machine.shelf and _QUESTION.search(text):
            return Reply(
                intent="answer from my shelf, with where it came from",
                say=f"From my shelf: {machine.shelf[0]}",
            )
        if _THANKS.search(text):
            return Reply(
                intent="accept thanks warmly", say="Any time. That's what desk pets are for."
            )
        return Reply(
            intent="listen, and be honest that my offline brain is small",
            say=f"I heard you. {mood_line} (My offline brain is small, so I'm mostly listening.)",
        )
