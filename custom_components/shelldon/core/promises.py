"""Reading commitments out of words: the pet's own promises, and the owner's "remind me".

REFLECT scans every committed reply for first-person commitments ("I'll look into that
tonight"); each becomes a reach-out goal with a due time. Negations ("I won't", "I'll never")
and words that promise nothing to follow up ("I'll remember", "I'll be here") are excluded.
The owner's "remind me to …" files a goal of its own. Times are read from plain phrases
(tonight, tomorrow evening, on Tuesday, at 5pm, in 20 minutes) against the local `now`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from typing import Final

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

_COMMIT: Final = re.compile(
    r"\b(?:I\s*(?:'|’)ll|I\s+will|I\s*(?:'|’)m\s+going\s+to|I\s+am\s+going\s+to|I\s+shall)\s+"
    r"(?P<what>[^.!?\n;]{3,160})",
    re.I,
)
_NEGATED: Final = re.compile(r"^(?:not|never|no\s+longer)\b", re.I)
_WEAK: Final = re.compile(
    r"^(?:be\b|remember|keep\s+(?:that|it|this)\s+in\s+mind|stay|wait|miss|think\s+about|"
    r"try\s+my\s+best|do\s+my\s+best|answer\s+simply|be\s+right\s+here|take\s+that\s+as)",
    re.I,
)
_REMIND: Final = re.compile(r"\bremind\s+me\s+(?:to|about|that)\s+(?P<what>[^.!?\n]{2,200})", re.I)
_BACK_IN: Final = re.compile(
    r"\b(?:back|home)\s+in\s+(?P<n>\d{1,3}|an?|half\s+an)\s*(?P<unit>min(?:ute)?s?|hours?|hrs?)\b",
    re.I,
)
_IN: Final = re.compile(
    r"\bin\s+(?P<n>\d{1,3}|an?|half\s+an)\s*(?P<unit>min(?:ute)?s?|hours?|hrs?|days?)\b", re.I
)
_AT: Final = re.compile(r"\bat\s+(?P<h>\d{1,2})(?::(?P<m>\d{2}))?\s*(?P<ampm>[ap]\.?m\.?)?", re.I)
_TOMORROW: Final = re.compile(
    r"\btomorrow(?:\s+(?P<part>morning|afternoon|evening|night))?\b", re.I
)
_THIS: Final = re.compile(
    r"\b(?:this\s+(?P<part>morning|afternoon|evening)|(?P<tonight>tonight))\b", re.I
)
_ON_DAY: Final = re.compile(
    r"\b(?:on\s+)?(?P<day>"
    + "|".join(WEEKDAYS)
    + r")(?:\s+(?P<part>morning|afternoon|evening|night))?\b",
    re.I,
)
_LATER: Final = re.compile(r"\blater(?:\s+today)?\b|\bsoon\b", re.I)
_TAIL: Final = re.compile(
    r"\s+(?:tonight|tomorrow(?:\s+\w+)?|later(?:\s+today)?|soon|this\s+\w+|on\s+\w+day(?:\s+\w+)?|"
    r"(?:"
    + "|".join(WEEKDAYS)
    + r")(?:\s+\w+)?|in\s+\S+\s+\w+|at\s+\d[\d:]*\s*(?:[ap]\.?m\.?)?)\s*$",
    re.I,
)


@dataclass(frozen=True)
class Commitment:
    """Something promised (or asked for), and when it is due."""

    what: str
    due: datetime


def _amount(text: str) -> float:
    text = text.lower()
    if text in {"a", "an"}:
        return 1.0
    if text.startswith("half"):
        return 0.5
    return float(text)


def _at(day: datetime, at: time) -> datetime:
    return day.replace(hour=at.hour, minute=at.minute, second=0, microsecond=0)


def due_from(text: str, now: datetime) -> datetime | None:
    """A due time read from a phrase, against the local `now`; None if it names none."""
    if match := _IN.search(text):
        unit = match["unit"].lower()
        amount = _amount(match["n"])
        seconds = 60 if unit.startswith("min") else 86400 if unit.startswith("day") else 3600
        return now + timedelta(seconds=amount * seconds)
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
        if ampm == "pm" and hour < 12:
            hour += 12
        elif ampm == "am" and hour == 12:
            hour = 0
        elif not ampm and hour < 8:  # "at 5" most likely means the afternoon
            hour += 12
        due = _at(base or now, time(hour, int(match["m"] or 0)))
        return due if base is not None or due > now else due + timedelta(days=1)
    if base is not None and part is not None:
        due = _at(base, PARTS[part.lower()])
        return due if due > now else now + timedelta(hours=1)
    if _LATER.search(text):
        return now + LATER
    return None


def _clean(what: str) -> str:
    what = " ".join(what.split()).strip(" ,:-—")
    return _TAIL.sub("", what).strip(" ,:-—") or what


def scan_commitments(text: str, now: datetime) -> list[Commitment]:
    """First-person commitments in the pet's own words, with due times."""
    found: list[Commitment] = []
    for match in _COMMIT.finditer(text):
        what = match["what"].strip()
        if _NEGATED.match(what) or _WEAK.match(what):
            continue
        prefix = text[max(0, match.start() - 12) : match.start()].lower()
        if re.search(r"\b(?:if|unless|maybe|perhaps)\s*$", prefix):
            continue
        found.append(Commitment(_clean(what), due_from(what, now) or now + DEFAULT_DUE))
    return found


def parse_remind_me(text: str, now: datetime) -> Commitment | None:
    """The owner's "remind me to …", with its due time (in an hour when none is said)."""
    match = _REMIND.search(text)
    if match is None:
        return None
    what = match["what"].strip()
    return Commitment(_clean(what), due_from(what, now) or now + timedelta(hours=1))


def parse_back_in(text: str, now: datetime) -> datetime | None:
    """When the owner says they'll be back in N minutes/hours."""
    if match := _BACK_IN.search(text):
        unit = match["unit"].lower()
        return now + timedelta(
            seconds=_amount(match["n"]) * (60 if unit.startswith("min") else 3600)
        )
    return None
