"""Reading commitments out of words: the pet's own promises, and the owner's "remind me".

REFLECT scans every committed reply for first-person commitments ("I'll look into that
tonight"); each becomes a reach-out goal with a due time. Negations ("I won't", "I'll never")
and words that promise nothing to follow up ("I'll remember", "I'll be here") are excluded.
The owner's "remind me to …" files a goal of its own, due when the words say (tonight,
tomorrow at noon, on Tuesday, at 5pm, half past seven, in 20 minutes, against the local `now`),
or with no time at all when they say none the pet can read: it asks back, and never invents
one. A question about a promise it already holds ("you'll remind me …, right?") files nothing.
English is read here; German, French, Spanish and Dutch in `promising` (and their times in
`when`), each with its own link words ("daran", "de", "que", "eraan").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Final

from .errands import doing, named
from .language.promising import VOWINGS, tidy, vows
from .language.questions import asks_about_a_promise
from .language.reminding import (
    ASKINGS,
    BACK_INS,
    only_again,
    read_reminder,
)
from .language.when import (
    ENGLISH,
    EVENING_PARTS,
    GRAMMARS,
    LATER,
    PARTS,
    WEEKDAYS,
    amount,
    best_reading,
    due_from,
    due_in,
    later,
    names_a_time,
    unit_seconds,
    without_times,
)
from .notes import same_fact

__all__ = [
    "DEFAULT_DUE",
    "EVENING_PARTS",
    "LATER",
    "PARTS",
    "WEEKDAYS",
    "Commitment",
    "answers_with_a_time",
    "due_from",
    "errand_of",
    "mentions_a_time",
    "parse_again",
    "parse_back_in",
    "parse_move",
    "parse_promise_question",
    "parse_remind_me",
    "same_errand",
    "scan_commitments",
]

DEFAULT_DUE: Final = timedelta(hours=24)
ANSWER_WORDS: Final = 3  # "at 7, please", "ok, tomorrow morning then": an answer to "when?"
_WORD: Final = re.compile(r"[^\W\d_]{2,40}")
_TIMEISH: Final = re.compile(
    r"\d|\b(?:o['’]clock|noon|midnight|uhr|heures?|midi|minuit|horas?|mediod[ií]a|uur)\b", re.I
)

_I_WILL: Final = (
    r"\bI\s*(?:'|’)ll|\bI\s+will|\bI\s*(?:'|’)m\s+going\s+to|\bI\s+am\s+going\s+to|\bI\s+shall"
)
# `what` runs to the end of the clause, or to the next "(and then) I'll …" in the same sentence.
_COMMIT: Final = re.compile(
    rf"(?:{_I_WILL})\s+(?P<what>(?:(?!,?\s*(?:and\s+)?(?:then\s+)?(?:{_I_WILL}))[^.!?\n;]){{3,160}})",
    re.I,
)
_NEGATED: Final = re.compile(r"^(?:not|never|no\s+longer)\b", re.I)
_WEAK: Final = re.compile(
    r"^(?:be\b|remember|keep\s+(?:that|it|this)\s+in\s+mind|stay|wait|miss|think\s+about|"
    r"try\s+my\s+best|do\s+my\s+best|answer\s+simply|be\s+right\s+here|take\s+that\s+as|"
    r"cheer\s+up|save\s+my\s+words|keep\s+(?:it|that|this)\b|hold\s+on\s+to|manage|survive|"
    r"live|be\s+fine|be\s+okay|be\s+ok\b|get\s+over)",
    re.I,
)
# A commitment behind these is a doubt or a condition, not a promise.
_DOUBT: Final = re.compile(
    r"\b(?:if|unless|maybe|perhaps|whether|doubt|(?:do\s*n[o']?t|don’t)\s+think|not\s+sure|"
    r"wonder\s+if|hope)\s*(?:that\s+)?$",
    re.I,
)
# ("Remind me about 6 to …" names a time, not what it is about.)
_REMIND: Final = re.compile(
    r"\bremind\s+me\s+(?P<link>to|about(?!\s+\d{1,2}(?:[:.]\d\d)?\s*+(?:[ap]\.?m\s+|o'clock\s+)?to\s)|that)"
    r"\s+(?P<what>(?:[^.!?\n]|\.(?=\S)){2,200})",
    re.I,
)
# A correction of the time just said, by a word ahead of the new time or after it.
_CORRECTION: Final = (
    r"make\s+(?:it|that)|change\s+(?:it|that)\s+to|move\s+(?:it|that)\s+to|actually|no|nope|"
    r"rather|better|instead|mach(?:\s+(?:es|das))?|lieber|doch|besser|stattdessen|plutôt|"
    r"en\s+fait|mets|mejor|cámbialo\s+a|más\s+bien|liever|toch|maak\s+er"
)
_MOVED: Final = re.compile(
    rf"^\W{{0,3}}(?:(?:{_CORRECTION})(?![^\W\d_])(?P<rest>[^\n]{{1,80}})"
    rf"|(?P<before>[^\n]{{1,60}}?)\s+(?:instead|stattdessen|plutôt|mejor|liever)\W{{0,3}})$",
    re.I,
)
# What before English "remind me" refuses it or asks whether it happened.
_EN_NOT: Final = re.compile(
    r"\b(?:don['’]?t|do\s+not|never|no\s+need\s+to|needn['’]?t|not|did\s+you|didn['’]?t\s+you)"
    r"(?:\s+(?:need|have|want|ever|to|you|please|again|have\s+to)){0,3}\s+$",
    re.I,
)
# "snooze", "snooze 10 minutes", "snooze for an hour", "snooze until 5pm" (said alone)
_SNOOZE: Final = re.compile(
    r"^\W{0,3}snooze(?:\s+(?:it|that))?(?:\s+(?:for|till|until)?\s*(?P<rest>[^.!?\n]{1,40}?))?\W{0,3}$",
    re.I,
)
SNOOZE: Final = timedelta(minutes=10)  # "snooze" said alone
_REMIND_YOU: Final = re.compile(r"^remind\s+you\s+(?:to|about|that)\s+(?P<what>.+)$", re.I)
_PERSON: Final = re.compile(r"\b(?:my|your|mine|yours|me|you|myself|yourself|I)\b", re.I)
_BACK_IN: Final = re.compile(
    r"\b(?:back|home)\s+in\s+(?P<n>\d{1,3}|an?|half\s+an)\s*(?P<unit>min(?:ute)?s?|hours?|hrs?)\b",
    re.I,
)
_PART: Final = r"(?:morning|afternoon|evening|night)"
_DAYS: Final = "|".join(WEEKDAYS)
# Only from the start of a run of spaces (linear, whatever the spaces).
_TAIL: Final = re.compile(
    rf"(?<!\s)\s+(?:please|pls|tonight|tomorrow(?:\s+{_PART})?|"
    rf"later(?:\s+today)?|soon|this\s+{_PART}|"
    rf"(?:on\s+)?(?:{_DAYS})(?:\s+{_PART})?|in\s+(?:half\s+an|an?|\d{{1,3}})\s+\w+|"
    r"at\s+\d{1,2}(?::\d\d)?\s*(?:[ap]\.?m\.?|o'clock)?)\s*$",
    re.I,
)


_FILLERS: Final = frozenset({"please", "ok", "okay", "so", "and", "then", "hey", "oh"})
# Words around an answer to "when?" that say nothing of the time ("how about 6?", "make it 5pm",
# "oh, at 5 I guess", "6pm works"), and the words a bare time is read with in each language
# ("5", "17:00": at; "the 15th": on; "20 minutes": in).
_AROUND_AN_ANSWER: Final = (
    "how what about make it let's lets say maybe guess works fine is sure yes yeah well hmm "
    "um uh thanks bitte dann doch danke merci alors vale pues gracias dan graag bedankt "
    "daraus van"
)
_ANSWER_FILLERS: Final = _FILLERS | frozenset(_AROUND_AN_ANSWER.split())
_ANSWER_AROUND: Final = re.compile(
    r"^(?:\W*(?:oh|ok|okay|so|well|hmm|um|uh|yes|yeah|sure|maybe|how\s+about|what\s+about|"
    r"make\s+it|let['’]?s\s+say|say)\b)*+|(?:\b(?:please|then|works|is\s+fine|i\s+guess|"
    r"thanks|ok|okay|maybe)\W*)*+$",
    re.I,
)
_ANSWER_LEADS: Final = {
    "en": ("at", "on", "in"),
    "de": ("um", "am", "in"),
    "fr": ("à", "le", "dans"),
    "es": ("a las", "el", "en"),
    "nl": ("om", "op", "over"),
}
_LOOSE_MARK: Final = re.compile(r" ([,;:])")  # what a time taken out leaves: "call mum , please"


@dataclass(frozen=True)
class Commitment:
    """Something promised (or asked for), and when it is due (None: no time was said)."""

    what: str
    due: datetime | None
    link: str = field(default="to", compare=False)  # how it was asked: remind me to/about/that
    language: str = field(default="en", compare=False)  # the language it was said in


def _clean(what: str) -> str:
    what = _LOOSE_MARK.sub(r"\1", " ".join(what.split())).strip(" ,:-—")
    cleaned = what
    while (shorter := _TAIL.sub("", cleaned).strip(" ,:-—")) and shorter != cleaned:
        cleaned = shorter
    return cleaned or what


def scan_commitments(text: str, now: datetime) -> list[Commitment]:
    """First-person commitments in the pet's own words (in any of its five languages), with
    due times, in the order they were said."""
    found: list[tuple[int, Commitment]] = []
    for vowing in VOWINGS:
        for vow in vows(vowing, text):
            if _only_reminding(vow.what):
                continue
            due = due_from(vow.timed, now, vowing.language)
            due = due or later(now, DEFAULT_DUE.total_seconds())
            found.append((vow.start, Commitment(vow.what, due, language=vowing.language)))
    for match in _COMMIT.finditer(text):
        what = match["what"].strip()
        if _NEGATED.match(what) or _WEAK.match(what):
            continue
        prefix = text[max(0, match.start() - 24) : match.start()].lower()
        if _DOUBT.search(prefix):
            continue
        if _only_reminding(_clean(what)):
            continue
        due = due_from(what, now, "en") or later(now, DEFAULT_DUE.total_seconds())
        found.append((match.start(), Commitment(_clean(what), due)))
    return [commitment for _, commitment in sorted(found, key=lambda item: item[0])]


def _only_reminding(what: str) -> bool:
    """ "I'll remind you at seven", "I'll let you know": an echo of a reminder (the goal book's
    work), never a promise of its own."""
    return not named(what) and not doing(what)


def errand_of(text: str, now: datetime) -> Commitment:
    """An item typed into the promises list: what to do, in the owner's words without the time
    words that became its due time ("put the bins out at 6pm" -> "put the bins out", 18:00);
    read as a reminder when it is one ("remind me to …")."""
    if (said := parse_remind_me(text, now)) is not None:
        return said
    if (reading := best_reading(text, now)) is not None:
        grammar, due = reading
        what = _clean(without_times(grammar, text))
        return Commitment(what or text, due, language=grammar.language)
    return Commitment(text, None)


def answers_with_a_time(text: str, now: datetime) -> datetime | None:
    """A message that answers "when?" with little more than a time ("at 7, please", "morgen
    früh", "17:00", "how about 6?", "the 15th", "morgen om 9 uur"): the time, as read by the
    language that leaves the fewest other words; a bare time is read as if "at", "on" or "in"
    stood before it, when nothing else is said. None for anything else ("I'll be home at 7 with
    the kids", "5 apples")."""
    text = text[:200]
    bare = _ANSWER_AROUND.sub("", text).strip(" \t.,;:!?")
    best: tuple[int, datetime] | None = None
    for grammar in GRAMMARS.values():
        leads = _ANSWER_LEADS[grammar.language]
        bares = (bare, *(f"{lead} {bare}" for lead in leads))
        for said, most in ((text, ANSWER_WORDS), *((said, 0) for said in bares)):
            if (due := due_in(grammar, said, now)) is None:
                continue
            left = [
                w
                for w in _WORD.findall(without_times(grammar, said))
                if w.lower() not in _ANSWER_FILLERS
            ]
            if len(left) <= most and (best is None or len(left) < best[0]):
                best = (len(left), due)
            break
    return best[1] if best is not None else None


def _time_first(text: str, asked_at: int) -> str:
    """The time said ahead of "remind me" in the same sentence ("In 20 minutes, remind me to
    stretch"), when nothing else is said there; else nothing (a time of another clause, "I was
    at the doctor at 3, remind me to …", is not the reminder's)."""
    before = text[max(0, asked_at - 120) : asked_at]
    before = before[max(before.rfind(mark) for mark in ".!?\n;") + 1 :]
    left = {word.lower() for word in _WORD.findall(without_times(ENGLISH, before))}
    return before if left <= _FILLERS and names_a_time(ENGLISH, before) else ""


def mentions_a_time(text: str) -> bool:
    """Whether words say something like a time, read or not (a digit, an hour's word, "Uhr")."""
    text = text[:2000]
    if _TIMEISH.search(text):
        return True
    words = {word.lower() for word in _WORD.findall(text)}
    return any(words & grammar.hours.keys() for grammar in GRAMMARS.values())


def parse_remind_me(text: str, now: datetime) -> Commitment | None:
    """The owner's "remind me to …" (or "Erinnere mich …", "Rappelle-moi …", "Recuérdame …",
    "Herinner me …"), due when the words say (None: no time the pet can read, so it asks).
    A question about a promise already made asks for nothing (`parse_promise_question`)."""
    if asks_about_a_promise(text):
        return None
    return _reminder(text, now)


def parse_promise_question(text: str, now: datetime) -> Commitment | None:
    """What a question about a promise is about ("you'll remind me to call mum at seven,
    right?", "don't forget the stamps?"): the errand and the time it names, to look up among
    the promises the pet holds; None when the words ask for something new."""
    if not asks_about_a_promise(text):
        return None
    if (found := _reminder(text, now)) is not None:
        return found
    what = tidy(without_times(ENGLISH, text[:600]))
    return Commitment(what, due_from(text[:600], now), "about") if what else None


def _refused(text: str, asked_at: int) -> bool:
    """Whether English "remind me" at `asked_at` is refused or asked about ("don't remind me
    …", "please do not remind me …", "no need to remind me …", "did you remind me …?")."""
    return _EN_NOT.search(text, max(0, asked_at - 40), asked_at) is not None


def _reminder(text: str, now: datetime, *, again: bool = False) -> Commitment | None:
    if (match := _REMIND.search(text)) is not None and _refused(text, match.start()):
        return None
    if match is not None:
        what = match["what"].strip()
        errand = _clean(without_times(ENGLISH, what))
        due = due_from(what, now, "en") or due_from(_time_first(text, match.start()), now, "en")
        if only_again(errand) or only_again(what):  # "remind me about it later"
            return Commitment("", due, "to") if again and due is not None else None
        if not again:
            return Commitment(errand or _clean(what), due, match["link"].lower())
    for asking in ASKINGS:
        if (reading := read_reminder(asking, text, again=again)) is not None:
            if asking.language == "en" and _refused(text, reading.start):
                return None
            due = due_from(reading.timed, now, asking.language)
            if due is None and (asking.timed or again):
                continue  # "ping me about it": no reminder without a time
            return Commitment(reading.what, due, reading.link, asking.language)
    return None


def parse_move(text: str, now: datetime) -> datetime | None:
    """A new time for the reminder just asked for, said as a correction: "actually, make it
    6pm", "no, at 6", "6pm instead", "lieber um 18 Uhr", "plutôt à 18h", "mejor a las 6",
    "liever om 6 uur"; None for anything else."""
    text = text[:200]
    if (match := _MOVED.match(text)) is None:
        return None
    return answers_with_a_time(match["rest"] or match["before"] or "", now)


def parse_again(text: str, now: datetime) -> datetime | None:
    """When the owner asks to be reminded again of the errand just given, naming no other:
    "remind me again in 10 minutes", "remind me about it later", "snooze", "snooze for an hour",
    "erinnere mich morgen nochmal daran", "rappelle-le-moi dans 10 minutes", "recuérdamelo
    mañana", "herinner me er over een uur nog eens aan"; None for anything else."""
    text = text[:200]
    if (snooze := _SNOOZE.match(text)) is not None:
        rest = snooze["rest"]
        if not rest:
            return later(now, SNOOZE.total_seconds())
        return due_in(ENGLISH, rest, now) or due_in(ENGLISH, f"in {rest}", now)
    if asks_about_a_promise(text):
        return None
    found = _reminder(text, now, again=True)
    return found.due if found is not None else None


def same_errand(a: str, b: str) -> bool:
    """Whether two phrasings name one errand, whoever says them: the pet's "remind you to take
    your pills" is the owner's "take my pills", so an echo of a reminder is no second promise."""

    def errand(text: str) -> str:
        match = _REMIND_YOU.match(text.strip())
        return _PERSON.sub(" ", match["what"] if match else text)

    return same_fact(errand(a), errand(b))


def parse_back_in(text: str, now: datetime) -> datetime | None:
    """When the owner says they'll be back in N minutes/hours (in any of the five languages)."""
    for language, pattern in (("en", _BACK_IN), *BACK_INS):
        if match := pattern.search(text):
            grammar = GRAMMARS[language]
            return later(now, amount(grammar, match["n"]) * unit_seconds(grammar, match["unit"]))
    return None
