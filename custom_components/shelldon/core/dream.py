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

from . import plain
from .memory import same_fact
from .words import shapes, written

PART_CHARS: Final = 4800  # distilled journal text per dream request (~1,400 tokens)
LINE_CHARS: Final = 220
_LINE: Final = re.compile(r"^### (?P<time>\d\d:\d\d) \[(?P<who>[^\]]+)\] (?P<text>.+)$")
_CITES: Final = re.compile(r"\[\d+[–-]\d+\]|\.(?:md|txt) \[", re.I)
_ROUTINE: Final = re.compile(
    r"^(?:noticed:|thought about|chose silence|let it go|reached out|slept on it|drifted off|"
    r"woke from|the machine slept|as I expected|I expected|read and shelved|could not read|"
    r"settled |asked \(|filed a reminder|ruling:|refused:|edited |proposed |took .* off my shelf|"
    r"tested my |browsed my shelf|my plan:|a musing:|checked my health|compared my persona|"
    r"looked back at|my owner (?:done|dropped) |read back my checkpoint|reread my constitution|"
    r"tidied what I believe|looked over my|thought of my owner|drew \d+ of my|went over what I|"
    r"counted what I kept|my mood in words|closed the conversation)",
    re.I,
)
_KEEP_FIRST: Final = re.compile(r"^(?:noted:|promised)", re.I)
# The same, in every language the pet writes its journal in (core/words): its own routine lines,
# and what it noted and promised.
ROUTINE_KEYS: Final = (
    *("journal.noticed", "journal.held_back", "journal.chose_silence", "journal.let_go"),
    *("journal.reached_out", "journal.dream_folded", "journal.dream_began", "journal.dream_ended"),
    *("journal.dream_failed", "journal.dream_over_allowance", "journal.caught_up"),
    *("journal.as_expected", "journal.did_not_happen", "journal.shelved", "journal.shelved_one"),
    *("journal.unreadable", "journal.settled_done", "journal.settled_dropped", "journal.asked"),
    *("journal.filed_reminder", "journal.ruling_approved", "journal.ruling_rejected"),
    *("journal.shelf_removed", "journal.owner_done", "journal.owner_dropped", "journal.closed"),
    *("journal.list_filed", "journal.list_dropped", "journal.list_ticked", "journal.list_unticked"),
    *("journal.list_changed", "journal.list_changed_due", "journal.woke_changed"),
    *("journal.kept_for_later", "journal.edit_failed", "journal.kept_as_one"),
    *("edit.constitution", "edit.machinery", "edit.outside", "edit.too_large", "edit.edited"),
    *("edit.too_many", "edit.failed", "edit.proposed"),
    *("deed.health_well", "deed.health", "deed.persona_agrees", "deed.persona_waiting"),
    *("deed.plan", "deed.plan_empty", "deed.shelf_found", "deed.shelf_lost", "deed.memory_found"),
    *("deed.memory_lost", "deed.feedback", "deed.musing", "deed.browsed_about", "deed.browsed"),
    *("deed.constitution", "deed.beliefs", "deed.loops_clear", "deed.loops", "deed.choices"),
    *("deed.owner_topic", "deed.owner", "deed.world_empty", "deed.world", "deed.kept_none"),
    *("deed.kept", "deed.mood", "deed.checkpoint_intact", "deed.checkpoint_none"),
    *("deed.checkpoint_saved", "deed.checkpoint_unsaved", "deed.faces_drawn"),
)
_ROUTINE_SHAPES: Final = shapes(ROUTINE_KEYS)
_KEEP_FIRST_SHAPES: Final = shapes(("journal.noted", "journal.promised", "journal.promised_due"))


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
        when = plain.day(name)
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
    if _KEEP_FIRST.match(line.text) or written(line.text, _KEEP_FIRST_SHAPES):
        return 4
    if _ROUTINE.match(line.text) or written(line.text, _ROUTINE_SHAPES):
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
