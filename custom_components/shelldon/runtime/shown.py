"""What the pet shows: one plain, frozen `PetData`, the only thing its entities read.

It is built from the pet's parts (`runtime.snapshot`), already scrubbed (the recorder keeps every
state and attribute). Two snapshots compare equal when nothing an entity shows changed: the
coordinator hands on only one that differs, so a tick that changes nothing writes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, Final

MAX_LISTED: Final = 20  # items an attribute lists (the count is the state)
Attributes = Mapping[str, Any]


@dataclass(frozen=True)
class Promise:
    """One goal of the goal book, as the to-do list and the promises sensor show it: open, or
    done (kept a while after, ticked off)."""

    id: str
    kind: str
    text: str
    due: datetime | None
    made_at: datetime
    done: bool = False


@dataclass(frozen=True)
class JournalDay:
    """One day of the journal as the calendar and the dashboard show it (scrubbed, plain)."""

    day: date
    summary: str  # how much it did and talked, in the owner's language
    description: str  # what it did, a line each ("HH:MM what"), the latest that fit


@dataclass(frozen=True)
class PetData:
    """Everything the pet's entities show, as plain values (scrubbed)."""

    name: str
    mood: str
    moods: tuple[str, ...]  # the owner's faces: the mood sensor's options
    mood_attributes: Attributes
    valence: float
    arousal: float
    energy: float  # percent
    turns_today: int
    turns_left_today: int
    power_mode: str
    power_attributes: Attributes
    tokens_today: int
    token_attributes: Attributes
    last_said: str | None
    last_said_attributes: Attributes
    activity: str
    activity_attributes: Attributes
    top_need: str
    need_attributes: Attributes
    execution_rate: float | None
    execution_attributes: Attributes
    promises: tuple[Promise, ...]  # the open goals, soonest due first
    kept: tuple[Promise, ...]  # the goals done lately, newest first
    edits: tuple[Attributes, ...]
    last_interaction: datetime | None
    face: str  # the face on the panel
    face_png: bytes | None
    face_updated: datetime | None
    thinking: bool
    waiting: int
    initiative: bool
    journal: tuple[JournalDay, ...] = ()  # the last days, oldest first
    shelf: int = 0  # documents on the shelf
    shelf_attributes: Attributes | None = None
