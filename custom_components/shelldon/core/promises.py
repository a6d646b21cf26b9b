"""Reading commitments out of words: the pet's own promises, and the owner's "remind me".

REFLECT scans every committed reply for first-person commitments ("I'll look into that
tonight"); each becomes a reach-out goal with a due time. Negations ("I won't", "I'll never")
and words that promise nothing to follow up ("I'll remember", "I'll be here") are excluded.
The owner's "remind me to …" files a goal of its own. Times are read from plain phrases
(tonight, tomorrow evening, on Tuesday, at 5pm, in 20 minutes) against the local `now`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, time, timedelta
from typing import Final

from .memory import same_fact

WEEKDAYS: Final = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
PARTS: Final[dict[str, time]] = {
    "morning": time(9, 30),
    "afternoon": time(14, 0),
    "evening": time(18, 0),
    "tonight": time(20, 0),
    "night": time(20, 0),
}
DEFAULT_DUE: Final = timedelta(hours=24)
LATER: Final = timedelta(hours=3)

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
_AMOUNT: Final = r"(?P<n>\d{1,3}|an?|half\s+an)"
_BACK_IN: Final = re.compile(
    rf"\b(?:back|home)\s+in\s+{_AMOUNT}\s*(?P<unit>min(?:ute)?s?|hours?|hrs?)\b", re.I
)
_IN: Final = re.compile(rf"\bin\s+{_AMOUNT}\s*(?P<unit>min(?:ute)?s?|hours?|hrs?|days?)\b", re.I)
# "at 5", "at 17:30", "at 5pm", "at 5 o'clock" — but not "look at 3 options".
_AT: Final = re.compile(
    r"\bat\s+(?P<h>\d{1,2})(?::(?P<m>\d{2}))?\s*(?:(?P<ampm>[ap]\.?m\.?)|o'clock|"
    r"(?=$|[,.;!?)]|\s+(?:and|then|on|today|tonight|tomorrow|this|please)\b)|(?<=\d\d:\d\d))",
    re.I,
)
_PART: Final = r"(?:morning|afternoon|evening|night)"
_TOMORROW: Final = re.compile(rf"\btomorrow(?:\s+(?P<part>{_PART}))?\b", re.I)
_THIS: Final = re.compile(
    r"\b(?:this\s+(?P<part>morning|afternoon|evening)|(?P<tonight>tonight))\b", re.I
)
_DAYS: Final = "|".join(WEEKDAYS)
_ON_DAY: Final = re.compile(rf"\b(?:on\s+)?(?P<day>{_DAYS})(?:\s+(?P<part>{_PART}))?\b", re.I)
_LATER: Final = re.compile(r"\blater(?:\s+today)?\b|\bsoon\b", re.I)
_TAIL: Final = re.compile(
    rf"\s+(?:tonight|tomorrow(?:\s+{_PART})?|later(?:\s+today)?|soon|this\s+{_PART}|"
    rf"(?:on\s+)?(?:{_DAYS})(?:\s+{_PART})?|in\s+(?:half\s+an|an?|\d{{1,3}})\s+\w+|"
    r"at\s+\d{1,2}(?::\d\d)?\s*(?:[ap]\.?m\.?|o'clock)?)\s*$",
    re.I,
)
EVENING_PARTS: Final = frozenset({"afternoon", "evening", "tonight", "night"})


@dataclass(frozen=True)
class Commitment:
    """Something promised (or asked for), and when it is due."""

    what: str
    due: datetime
    link: str = field(default="to", compare=False)  # how it was asked: remind me to/about/that


def _amount(text: str) -> float:
    text = text.lower()
    if text in {"a", "an"}:
        return 1.0
    if text.startswith("half"):
        return 0.5
    return float(text)


def _at(day: datetime, at: time) -> datetime:
    return day.replace(hour=at.hour, minute=at.minute, second=0, microsecond=0)


def _later(now: datetime, seconds: float) -> datetime:
    """`now` plus real elapsed time (right across a clock change), in `now`'s zone."""
    return (now.astimezone(UTC) + timedelta(seconds=seconds)).astimezone(now.tzinfo)


def due_from(text: str, now: datetime) -> datetime | None:
    """A due time read from a phrase, against the local `now`; None if it names none."""
    if match := _IN.search(text):
        unit = match["unit"].lower()
        seconds = 60 if unit.startswith("min") else 86400 if unit.startswith("day") else 3600
        return _later(now, _amount(match["n"]) * seconds)
    base: datetime | None = None
    part: str | None = None
    if match := _TOMORROW.search(text):
        base, part = now + timedelta(days=1), match["part"] or "morning"
    elif match := _ON_DAY.search(text):
        ahead = (WEEKDAYS.index(match["day"].lower()) - now.weekday()) % 7 or 7
        base, part = now + timedelta(days=ahead), match["part"] or "morning"
    elif match := _THIS.search(text):
        base, part = now, "tonight" if match["tonight"] else match["part"]
    if match := _AT.search(text):
        hour = int(match["h"]) % 24
        ampm = (match["ampm"] or "").lower().replace(".", "")
        evening = part is not None and part.lower() in EVENING_PARTS
        if ampm == "pm" and hour < 12:
            hour += 12
        elif ampm == "am" and hour == 12:
            hour = 0
        elif not ampm and (1 <= hour < 8 or (evening and 1 <= hour < 12)):
            hour += 12  # "at 5" most likely means the afternoon; "tonight at 8" the evening
        due = _at(base or now, time(hour, int(match["m"] or 0)))
        return due if base is not None or due > now else due + timedelta(days=1)
    if base is not None and part is not None:
        due = _at(base, PARTS[part.lower()])
        return due if due > now else _later(now, 3600)
    if _LATER.search(text):
        return _later(now, LATER.total_seconds())
    return None


def _clean(what: str) -> str:
    what = " ".join(what.split()).strip(" ,:-—")
    cleaned = what
    while (shorter := _TAIL.sub("", cleaned).strip(" ,:-—")) and shorter != cleaned:
        cleaned = shorter
    return cleaned or what


def scan_commitments(text: str, now: datetime) -> list[Commitment]:
    """First-person commitments in the pet's own words, with due times."""
    found: list[Commitment] = []
    for match in _COMMIT.finditer(text):
        what = match["what"].strip()
        if _NEGATED.match(what) or _WEAK.match(what):
            continue
        prefix = text[max(0, match.start() - 24) : match.start()].lower()
        if _DOUBT.search(prefix):
            continue
        due = due_from(what, now) or _later(now, DEFAULT_DUE.total_seconds())
        found.append(Commitment(_clean(what), due))
    return found


def parse_remind_me(text: str, now: datetime) -> Commitment | None:
    """The owner's "remind me to …", with its due time (in an hour when none is said)."""
    match = _REMIND.search(text)
    if match is None:
        return None
    what = match["what"].strip()
    due = due_from(what, now) or _later(now, 3600)
    return Commitment(_clean(what), due, match["link"].lower())


def same_errand(a: str, b: str) -> bool:
    """Whether two phrasings name one errand, whoever says them: the pet's "remind you to take
    your pills" is the owner's "take my pills", so an echo of a reminder is no second promise."""

    def errand(text: str) -> str:
        match = _REMIND_YOU.match(text.strip())
        return _PERSON.sub(" ", match["what"] if match else text)

    return same_fact(errand(a), errand(b))


def parse_back_in(text: str, now: datetime) -> datetime | None:
    """When the owner says they'll be back in N minutes/hours."""
    if match := _BACK_IN.search(text):
        unit = match["unit"].lower()
        return _later(now, _amount(match["n"]) * (60 if unit.startswith("min") else 3600))
    return None
