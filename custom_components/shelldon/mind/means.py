"""What the mind and its helpers (the acts, the reacher, the dreamer) are handed beyond the
basics: the means to act (a turn, the one admission, the one door out, the needs' motives) and
the files the mind keeps (the journal, the goal book, the shelf, the versions, and its few calls
about the vault)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..ports import Doorway, Gate, Motives, TurnRunner
from ..vault.goals import GoalBook
from ..vault.journal import Journal
from ..vault.shelf import Shelf
from ..vault.versions import Versions


@dataclass(frozen=True)
class Means:
    """How the mind acts: a turn, the one admission for a turn it starts itself, the one door
    out for every line it says unasked, and the needs' motives."""

    turns: TurnRunner
    admission: Gate
    door: Doorway
    needs: Motives


@dataclass(frozen=True)
class MindFiles:
    """The files the mind keeps: the journal, the goal book, the shelf as it is now (it is
    rebuilt when a dial changes), the versions, and its calls about the vault (the journal days
    on disk, a look for the owner's edits, situation.md brought up to date)."""

    journal: Journal
    goals: GoalBook
    shelf: Callable[[], Shelf]
    versions: Versions
    journal_days: Callable[[], set[str]]
    watch_vault: Callable[[], None]
    refresh_situation: Callable[[], None]
