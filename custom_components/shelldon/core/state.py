"""The pet's whole inner state, the one writer that may change it, and the four nudges that
move its mood.

Every mutation goes through `PersonalityState.apply_patch` over a closed set of dotted paths:
each key and value is checked before any is applied, so a patch is all or nothing, and an
unknown path is a loud error rather than a quietly new attribute. A successful patch marks the
state dirty, which is what lets the driver checkpoint only when something changed.

A nudge is a meaning that comes in (the owner's quick push), and the state alone decides how far
the mood moves: the delta table is closed, a nudge is clamped, never touches `last_interaction`
(it changes how the pet feels, not its idle clock), and changes nothing at a bound.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any, Final

from .readback import day, instant

_LOGGER = logging.getLogger(__name__)

SCHEMA_VERSION: Final = 1

WRITABLE_PATHS: Final = frozenset(
    {
        "mood.valence",
        "mood.arousal",
        "energy",
        "last_interaction",
        "budget.date",
        "budget.turns_used",
        "budget.last_turn_at",
    }
)


class PatchError(ValueError):
    """A patch named an unknown path or carried a value its path does not accept."""


@dataclass
class Mood:
    """Two dimensions of affect: how good it feels, how activated it is."""

    valence: float = 0.0
    arousal: float = 0.0


@dataclass
class TurnBudget:
    """The daily ledger of self-initiated turns; it rides the checkpoint, so restarts keep it.
    Its day and instant are what `PersonalityState`, its one writer, checked (an unreadable one
    from a checkpoint is not believed: the default instead)."""

    date: str | None = None  # the local calendar day the count belongs to (ISO)
    turns_used: int = 0
    last_turn_at: str | None = None  # ISO-8601 UTC of the last admitted self-initiated turn


def clamp(value: float, lo: float, hi: float) -> float:
    """Bound a value to [lo, hi] (the mood's axes run from -1 to 1, energy from 0 to 1)."""
    return max(lo, min(hi, value))


class NudgeKind(StrEnum):
    """The four meanings a nudge may carry."""

    POSITIVE = "positive"
    NEGATIVE = "negative"
    EXCITED = "excited"
    CALM = "calm"


NUDGE_DELTAS: Final[dict[NudgeKind, tuple[float, float]]] = {
    NudgeKind.POSITIVE: (0.3, 0.0),  # (valence delta, arousal delta)
    NudgeKind.NEGATIVE: (-0.3, 0.0),
    NudgeKind.EXCITED: (0.1, 0.3),
    NudgeKind.CALM: (0.0, -0.3),
}


def parse_nudge_kind(kind: str) -> NudgeKind:
    """The nudge kind named by `kind`; ValueError for anything else."""
    try:
        return NudgeKind(kind)
    except ValueError:
        raise ValueError(f"unknown nudge kind: {kind!r}") from None


def compute_nudge_patch(state: PersonalityState, kind: object) -> dict[str, Any] | None:
    """A clamped sparse patch for the nudge, or None for a non-affect kind or a no-op."""
    if not isinstance(kind, NudgeKind):
        return None
    dv, da = NUDGE_DELTAS[kind]
    patch: dict[str, Any] = {}
    valence = clamp(state.mood.valence + dv, -1.0, 1.0)
    arousal = clamp(state.mood.arousal + da, -1.0, 1.0)
    if valence != state.mood.valence:
        patch["mood.valence"] = valence
    if arousal != state.mood.arousal:
        patch["mood.arousal"] = arousal
    return patch or None


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _unit_interval(lo: float) -> Callable[[Any], bool]:
    return lambda value: _is_number(value) and lo <= value <= 1.0


def _optional_instant(value: Any) -> bool:
    return value is None or (isinstance(value, str) and instant(value) is not None)


def _optional_day(value: Any) -> bool:
    return value is None or day(value) is not None


_VALIDATORS: Final[dict[str, Callable[[Any], bool]]] = {
    "mood.valence": _unit_interval(-1.0),
    "mood.arousal": _unit_interval(-1.0),
    "energy": _unit_interval(0.0),
    "last_interaction": _optional_instant,
    "budget.date": _optional_day,
    "budget.turns_used": lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 0,
    "budget.last_turn_at": _optional_instant,
}


@dataclass
class PersonalityState:
    """Mood, energy, when the owner last spoke, and the spend ledger."""

    mood: Mood = field(default_factory=Mood)
    energy: float = 0.5
    last_interaction: str | None = None  # ISO-8601 UTC; None until the first message
    budget: TurnBudget = field(default_factory=TurnBudget)
    _dirty: bool = field(default=False, repr=False, compare=False)

    @property
    def dirty(self) -> bool:
        """True when a patch changed the state since the last checkpoint."""
        return self._dirty

    def mark_clean(self) -> None:
        """Called by the driver once the state is safely on disk."""
        self._dirty = False

    @property
    def last_interaction_at(self) -> datetime | None:
        """When the owner last spoke, as an aware datetime."""
        return instant(self.last_interaction)

    def apply_patch(self, patch: Mapping[str, Any]) -> None:
        """Apply a sparse patch of dotted paths, all or nothing."""
        unknown = [repr(key) for key in patch if key not in WRITABLE_PATHS]
        if unknown:
            raise PatchError(f"unknown state path(s): {', '.join(sorted(unknown))}")
        for path, value in patch.items():
            if not _VALIDATORS[path](value):
                raise PatchError(f"invalid value for {path}: {value!r}")
        if not patch:
            return
        for path, value in patch.items():
            head, _, leaf = path.partition(".")
            if leaf:
                setattr(getattr(self, head), leaf, float(value) if head == "mood" else value)
            else:
                setattr(self, head, float(value) if head == "energy" else value)
        self._dirty = True

    def nudge(self, kind: NudgeKind) -> bool:
        """Move the mood by a nudge; False when it is at the bound (nothing changed)."""
        patch = compute_nudge_patch(self, kind)
        if patch is None:
            return False
        self.apply_patch(patch)
        return True

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the checkpoint."""
        return {
            "schema": SCHEMA_VERSION,
            "mood": {"valence": self.mood.valence, "arousal": self.mood.arousal},
            "energy": self.energy,
            "last_interaction": self.last_interaction,
            "budget": {
                "date": self.budget.date,
                "turns_used": self.budget.turns_used,
                "last_turn_at": self.budget.last_turn_at,
            },
        }

    @classmethod
    def from_dict(cls, data: Any) -> PersonalityState:
        """Restore from plain data; damage gives defaults with a warning, never an exception."""
        state = cls()
        if data is None:
            return state
        if not isinstance(data, Mapping):
            _LOGGER.warning("The personality checkpoint is not an object; starting from defaults")
            return state
        if data.get("schema") != SCHEMA_VERSION:
            _LOGGER.warning(
                "The personality checkpoint has schema %r, expected %s; starting from defaults",
                data.get("schema"),
                SCHEMA_VERSION,
            )
            return state
        restored: dict[str, Any] = {}
        for path in sorted(WRITABLE_PATHS):
            node: Any = data
            for part in path.split("."):
                node = node.get(part, _MISSING) if isinstance(node, Mapping) else _MISSING
            if node is _MISSING:
                _LOGGER.warning("The personality checkpoint lacks %s; using the default", path)
            elif _VALIDATORS[path](node):
                restored[path] = node
            else:
                _LOGGER.warning("The personality checkpoint has a bad %s; using the default", path)
        state.apply_patch(restored)
        state.mark_clean()
        return state


_MISSING: Final = object()
