"""Affect nudges: a meaning comes in, and core alone decides how far the mood moves.

The delta table is closed; a nudge is clamped, never touches `last_interaction` (it changes how
the pet feels, not its idle clock), and gives `None` when it would change nothing.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Final

from .state import PersonalityState, clamp


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
