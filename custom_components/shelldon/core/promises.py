"""Reading commitments out of words: the pet's own promises, and the owner's "remind me".

REFLECT scans every committed reply for first-person commitments ("I'll look into that
tonight"); each becomes a reach-out goal with a due time. Negations ("I won't", "I'll never")
and words that promise nothing to follow up ("I'll remember", "I'll be here") are excluded.
The owner's "remind me to …" files a goal of its own. Times are read from plain phrases
(tonight, tomorrow evening, on Tuesday, at 5pm, in 20 minutes) against the local `now`.
English is read here; German, French, Spanish and Dutch in `promising` (and their times in
`when`), each with its own link words ("daran", "de", "que", "eraan").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Final

from .memory import same_fact
from .promising import VOWINGS, vows
from .reminding import ASKINGS, BACK_INS, read_reminder
from .when import (
    EVENING_PARTS,
    GRAMMARS,
    LATER,
    PARTS,
    WEEKDAYS,
    amount,
    due_from,
    later,
    unit_seconds,
)

__all__ = [
    "DEFAULT_DUE",
    "EVENING_PARTS",
    "LATER",
    "PARTS",
    "WEEKDAYS",
    "Commitment",
    "due_from",
    "parse_back_in",
    "parse_remind_me",
    "same_errand",
    "scan_commitments",
]

DEFAULT_DUE: Final = timedelta(hours=24)

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
_REMIND: Final = re.compile(
    r"\bremind\s+me\s+(?P<link>to|about|that)\s+(?P<what>(?:[^.!?\n]|\.(?=\S)){2,200})", re.I
)
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
    rf"(?<!\s)\s+(?:tonight|tomorrow(?:\s+{_PART})?|later(?:\s+today)?|soon|this\s+{_PART}|"
    rf"(?:on\s+)?(?:{_DAYS})(?:\s+{_PART})?|in\s+(?:half\s+an|an?|\d{{1,3}})\s+\w+|"
    r"at\s+\d{1,2}(?::\d\d)?\s*(?:[ap]\.?m\.?|o'clock)?)\s*$",
    re.I,
)


@dataclass(frozen=True)
class Commitment:
    """Something promised (or asked for), and when it is due."""

    what: str
    due: datetime
    link: str = field(default="to", compare=False)  # how it was asked: remind me to/about/that
    language: str = field(default="en", compare=False)  # the language it was said in


def _clean(what: str) -> str:
    what = " ".join(what.split()).strip(" ,:-—")
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
        due = due_from(what, now, "en") or later(now, DEFAULT_DUE.total_seconds())
        found.append((match.start(), Commitment(_clean(what), due)))
    return [commitment for _, commitment in sorted(found, key=lambda item: item[0])]


def parse_remind_me(text: str, now: datetime) -> Commitment | None:
    """The owner's "remind me to …" (or "Erinnere mich …", "Rappelle-moi …", "Recuérdame …",
    "Herinner me …"), with its due time (in an hour when none is said)."""
    if (match := _REMIND.search(text)) is not None:
        what = match["what"].strip()
        due = due_from(what, now, "en") or later(now, 3600)
        return Commitment(_clean(what), due, match["link"].lower())
    for asking in ASKINGS:
        if (reading := read_reminder(asking, text)) is not None:
            due = due_from(reading.timed, now, asking.language) or later(now, 3600)
            return Commitment(reading.what, due, reading.link, asking.language)
    return None


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
