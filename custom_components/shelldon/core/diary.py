"""The journal as the owner reads it away from the vault: a day's lines sorted into what the pet
did (its own acts: noticed, read, decided, kept), what it said, and what it heard, and a day told
in a few lines for the calendar, the dashboard and "what did you do today?".

Pure: the lines come parsed (`core.dream.DayLine`), already scrubbed by the vault's writer.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from .dream import KEEP_FIRST_KEYS, ROUTINE_KEYS, DayLine
from .language.words import shapes, written

DID: Final = "did"  # one of the pet's own acts, in its own phrases
SAID: Final = "said"  # what it said (a reply, a musing, a reach-out's words)
HEARD: Final = "heard"  # what someone else said to it
DAY_CHARS: Final = 3000  # a day told for a calendar event or an attribute
TOLD_LINES: Final = 6  # acts an answer to "what did you do today?" names
_OWN: Final = shapes((*ROUTINE_KEYS, *KEEP_FIRST_KEYS))


def kind_of(line: DayLine, pet: str) -> str:
    """Whether a line is something the pet did, said, or heard."""
    if line.who.lower() != pet.lower():
        return HEARD
    return DID if written(line.text, _OWN) else SAID


@dataclass(frozen=True)
class Day:
    """One journal day as it is shown: the pet's acts and how much was talked."""

    day: str  # ISO date
    did: tuple[str, ...]  # "HH:MM what it did", in order
    said: int
    heard: int

    @property
    def lines(self) -> int:
        """Every line of the day."""
        return len(self.did) + self.said + self.heard


def sort_day(day: str, lines: Iterable[DayLine], pet: str) -> Day:
    """A day's lines, sorted by who wrote them and how."""
    did: list[str] = []
    said = heard = 0
    for line in lines:
        kind = kind_of(line, pet)
        if kind == DID:
            did.append(f"{line.time} {line.text}")
        elif kind == SAID:
            said += 1
        else:
            heard += 1
    return Day(day, tuple(did), said, heard)


def latest(did: Sequence[str], budget: int = DAY_CHARS) -> tuple[list[str], int]:
    """The latest acts that fit `budget` characters (a line each), oldest first, and how many
    earlier ones were left out."""
    kept: list[str] = []
    used = 0
    for line in reversed(did):
        if kept and used + len(line) + 1 > budget:
            break
        kept.append(line[:budget])
        used += len(line) + 1
    kept.reverse()
    return kept, len(did) - len(kept)


def told(did: Sequence[str], limit: int = TOLD_LINES) -> list[str]:
    """What the pet did today, told briefly: the latest acts, each told once (a repeated act,
    such as checking its health every hour, is told at its latest time)."""
    seen: set[str] = set()
    out: list[str] = []
    for line in reversed(did):
        what = line.partition(" ")[2]
        if what in seen:
            continue
        seen.add(what)
        out.append(line)
        if len(out) == limit:
            break
    out.reverse()
    return out


_SHELF: Final = shapes(
    (
        "journal.shelved",
        "journal.shelved_one",
        "journal.unreadable",
        "journal.shelf_removed",
        "deed.browsed_about",
        "deed.browsed",
    )
)


def shelf_acts(did: Iterable[str]) -> list[str]:
    """Of a day's acts ("HH:MM what"), those that read the shelf, in order."""
    return [line for line in did if written(line.partition(" ")[2], _SHELF)]
