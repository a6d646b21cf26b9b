"""The narrow doors between the pet's parts: what each is handed, as small typed protocols.

The parts (mind, turns, needs) never import the runtime or each other. Each receives what it
uses: the one clock, the live dials, a way to post a fact to the mind, the one admission for a
turn the pet starts itself, the one door out for every line it says unasked, a turn runner, the
needs' motives, and a read-only view of the body. The runtime builds the real ones; a test hands
in small fakes.
"""

from __future__ import annotations

from ..core.budget import Admitted
from .basics import (
    Asker,
    Basics,
    Changed,
    Clock,
    Dials,
    Executor,
    HomeClock,
    JournalLines,
    Post,
    Pulse,
    Slot,
    Spawn,
    Words,
)
from .doors import SLOT_BUSY, Doorway, Gate, Said
from .parts import Body, Motives, NeedsView, Promises, TurnOutcomeLike, TurnRunner, Want

__all__ = [
    "SLOT_BUSY",
    "Admitted",
    "Asker",
    "Basics",
    "Body",
    "Changed",
    "Clock",
    "Dials",
    "Doorway",
    "Executor",
    "Gate",
    "HomeClock",
    "JournalLines",
    "Motives",
    "NeedsView",
    "Post",
    "Promises",
    "Pulse",
    "Said",
    "Slot",
    "Spawn",
    "TurnOutcomeLike",
    "TurnRunner",
    "Want",
    "Words",
]
