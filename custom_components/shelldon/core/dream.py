"""DREAM: which finished days wait to be folded into memory, and what of each is worth sending.

Only finished days are folded (never today's live journal), oldest first. A day is distilled
before anything is sent: the owner's words, what the pet noted and promised come first; the
pet's routine acts (noticing, resting, choosing silence) and lines that cite a document on the
shelf are left out (a document is cited, never remembered as something about the owner). The
best distilled lines that fit one part's character budget are kept and the rest let go, so a
day is always one small request, and a night that runs out of budget leaves a backlog instead
of an overrun.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Final

from . import readback
from .language.words import ENGLISH, shapes, written
from .notes import same_fact

PART_CHARS: Final = 4800  # distilled journal text per dream request (~1,400 tokens)
LINE_CHARS: Final = 220
_LINE: Final = re.compile(r"^### (?P<time>\d\d:\d\d) \[(?P<who>[^\]]+)\] (?P<text>.+)$")
_CITES: Final = re.compile(r"\[\d+[–-]\d+\]|\.(?:md|txt) \[", re.I)
# The pet's own lines, in every language its journal is written in (core/words): what it
# noted and promised is kept first; every other line it writes of its own acts is routine
# (a new phrase is routine unless it is named here), except the pieces of other lines.
KEEP_FIRST_KEYS: Final = (
    *("journal.noted", "journal.promised", "journal.promised_due"),
    "journal.kept_as_one",  # a promise the owner's words had filed already
)
_PIECES: Final = frozenset(
    {
        "journal.heading",
        "journal.caught_up_detail",
        "journal.conversation_open",
        "deed.faces_failed",
        "edit.no_reason",
        "edit.unrecognised",
    }
)
ROUTINE_KEYS: Final = tuple(
    key
    for key in ENGLISH
    if key.startswith(("journal.", "deed.", "edit."))
    and key not in _PIECES
    and key not in KEEP_FIRST_KEYS
)
_ROUTINE: Final = shapes(ROUTINE_KEYS)
_KEEP_FIRST: Final = shapes(KEEP_FIRST_KEYS)


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
    for name in sorted(set(days)):
        when = readback.day(name)
        if when is None:
            continue
        day = name
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
    if written(line.text, _KEEP_FIRST):
        return 4
    if written(line.text, _ROUTINE):
        return -1
    return 1  # what the pet said


def worth_keeping(line: DayLine, pet: str) -> bool:
    """Whether a journal line may feed memory (recall, the dream): no routine, no shelf content."""
    return _priority(line, pet.lower()) >= 0


def distill(text: str, pet: str, budget: int = PART_CHARS) -> list[str]:
    """What of a day is worth consolidating: one part under `budget` characters, time ordered.

    The best lines are kept first (what was noted, then the owner's words, then what the pet
    said; the more informative first within each); when the day is longer than the budget the
    rest is let go, so a day is always one small request. Returns [] when nothing is worth it.
    """
    pet = pet.lower()
    lines = parse_day(text)
    ranked = sorted(
        (
            (-_priority(line, pet), -len(set(line.text.lower().split())), index)
            for index, line in enumerate(lines)
            if _priority(line, pet) >= 0
        )
    )
    kept: list[int] = []
    seen: list[str] = []
    size = 0
    for _, _, index in ranked:
        line = lines[index]
        rendered = line.render()[:LINE_CHARS]
        if size + len(rendered) + 1 > budget or any(same_fact(line.text, o) for o in seen[-200:]):
            continue
        seen.append(line.text)
        kept.append(index)
        size += len(rendered) + 1
    return ["\n".join(lines[i].render()[:LINE_CHARS] for i in sorted(kept))] if kept else []
