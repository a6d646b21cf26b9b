"""Resident reflexes: the mood drifts on its own, with no network and no model.

`compute_reflex_patch` is the whole policy, pure and deterministic: arousal drifts toward a
target set by the local hour of the `now` it is handed, and once the owner has been silent for
a while valence and energy settle toward rest. Each drift is one clamped step per reflex period
that passed (a dormant pet's reflexes run less often and take their minutes together, so the mood
moves the same by the hour); a change too small to matter is dropped, so a settled pet returns
`{}` and nothing is marked dirty.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from . import defaults as d
from .state import PersonalityState, clamp


def arousal_target(hour: int) -> float:
    """Calm at night, lively midday, neutral at the shoulders."""
    if hour >= d.NIGHT_START_HOUR or hour < d.NIGHT_END_HOUR:
        return d.NIGHT_AROUSAL
    if d.DAY_START_HOUR <= hour < d.DAY_END_HOUR:
        return d.DAY_AROUSAL
    return d.SHOULDER_AROUSAL


def drift(current: float, target: float, lo: float, hi: float, steps: int = 1) -> float | None:
    """`steps` steps toward the target, clamped; None when the move is below EPSILON."""
    share = 1 - (1 - d.DRIFT_RATE) ** max(1, steps)
    stepped = clamp(current + (target - current) * share, lo, hi)
    return stepped if abs(stepped - current) >= d.EPSILON else None


def is_idle(state: PersonalityState, now: datetime) -> bool:
    """The owner has been silent past the settle delay (or has never spoken)."""
    last = state.last_interaction_at
    return last is None or (now - last).total_seconds() >= d.IDLE_SETTLE_AFTER_S


def compute_reflex_patch(state: PersonalityState, now: datetime, steps: int = 1) -> dict[str, Any]:
    """Pure: (state, now, reflex periods passed) -> a sparse patch over the mood paths."""
    patch: dict[str, Any] = {}
    arousal = drift(state.mood.arousal, arousal_target(now.hour), -1.0, 1.0, steps)
    if arousal is not None:
        patch["mood.arousal"] = arousal
    if is_idle(state, now):
        valence = drift(state.mood.valence, d.VALENCE_REST, -1.0, 1.0, steps)
        if valence is not None:
            patch["mood.valence"] = valence
        energy = drift(state.energy, d.ENERGY_REST, 0.0, 1.0, steps)
        if energy is not None:
            patch["energy"] = energy
    return patch
