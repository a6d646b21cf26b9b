"""DREAM: which finished days wait to be folded into memory, and what of each is worth sending.

Only finished days are folded (never today's live journal), oldest first. A day is distilled
before anything is sent: the owner's words, what the pet noted and promised come first; the
pet's routine acts (noticing, resting, choosing silence) and lines that cite a document on the
shelf are left out (a document is cited, never remembered as something about the owner). The
distilled lines are cut into parts under a character budget, so a long day takes several dream
ticks and a night that runs out of budget leaves a backlog instead of an overrun.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Final

from .memory import same_fact

PART_CHARS: Final = 4800  # distilled journal text per dream request (~1,400 tokens)
LINE_CHARS: Final = 220
_LINE: Final = re.compile(r"^### (?P<time>\d\d:\d\d) \[(?P<who>[^\]]+)\] (?P<text>.+)$")
_CITES: Final = re.compile(r"\[\d+[–-]\d+\]|\.(?:md|txt) \[", re.I)
_ROUTINE: Final = re.compile(
    r"^(?:noticed:|thought about|chose silence|let it go|reached out|slept on it|drifted off|"
    r"woke from|the machine slept|as I expected|I expected|read and shelved|could not read|"
    r"settled |asked \(|filed a reminder|ruling:|refused:|edited |proposed )",
    re.I,
)
_KEEP_FIRST: Final = re.compile(r"^(?:noted:|promised)", re.I)


@dataclass(frozen=True)
class DayLine:
    """One journal line."""

    time: str
    who: str
    text: str

    def render(self) -> str:
        """As sent to the model."""
        return f"{self.time} [{self.who}] {self.text}"


def backlog(days: Iterable[str], folded_until: str | None, today: date) -> list[str]:
    """Finished journal days not yet folded, oldest first (ISO dates)."""
    out = []
    for day in sorted(set(days)):
        try:
            when = date.fromisoformat(day)
        except ValueError:
            continue
        if when < today and (folded_until is None or day > folded_until):
            out.append(day)
    return out


def parse_day(text: str) -> list[DayLine]:
    """The `### HH:MM [who] text` lines of a journal day."""
    lines = []
    for raw in text.splitlines():
        if match := _LINE.match(raw.strip()):
            lines.append(DayLine(match["time"], match["who"], " ".join(match["text"].split())))
    return lines


def _priority(line: DayLine, pet: str) -> int:
    if _CITES.search(line.text):
        return -1  # shelf content stays on the shelf
    if line.who.lower() != pet:
        return 3  # the owner's own words
    if _KEEP_FIRST.match(line.text):
        return 4
    if _ROUTINE.match(line.text):
        return -1
    return 1  # what the pet said


def distill(text: str, pet: str, budget: int = PART_CHARS) -> list[str]:
    """The parts of a day worth consolidating, each under `budget` characters, in time order.

    When the day is too long for the budget, lower-priority lines go first; a day is never cut
    into more parts than its best lines need (the rest of a very long day is let go).
    """
    lines = [(i, line, _priority(line, pet.lower())) for i, line in enumerate(parse_day(text))]
    kept: list[tuple[int, str]] = []
    seen: list[str] = []
    for index, line, priority in sorted(lines, key=lambda item: -item[2]):
        if priority < 0:
            continue
        rendered = line.render()[:LINE_CHARS]
        if any(same_fact(line.text, other) for other in seen[-200:]):
            continue
        seen.append(line.text)
        kept.append((index, rendered))
    kept.sort()
    parts: list[str] = []
    current: list[str] = []
    size = 0
    for _, rendered in kept:
        if current and size + len(rendered) + 1 > budget:
            parts.append("\n".join(current))
            current, size = [], 0
        current.append(rendered)
        size += len(rendered) + 1
    if current:
        parts.append("\n".join(current))
    return parts
