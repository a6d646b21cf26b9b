"""Resident reflexes: time-of-day arousal drift (local hour) and idle settling."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from custom_components.shelldon.core import defaults as d
from custom_components.shelldon.core.reflexes import (
    arousal_target,
    compute_reflex_patch,
    drift,
    is_idle,
)
from custom_components.shelldon.core.state import Mood, PersonalityState, clamp
from tests.core._support import (
    AMS,
    LOS_ANGELES,
    NEW_YORK,
    NOON_AMS,
    PROPERTY,
    aware_instants,
    energy_level,
    unit,
)

MOOD_PATHS = {"mood.valence", "mood.arousal", "energy"}


def _state(
    valence: float = 0.0,
    arousal: float = 0.0,
    energy: float = 0.5,
    last_interaction: datetime | None = None,
) -> PersonalityState:
    state = PersonalityState()
    state.apply_patch(
        {
            "mood.valence": valence,
            "mood.arousal": arousal,
            "energy": energy,
            "last_interaction": None if last_interaction is None else last_interaction.isoformat(),
        }
    )
    state.mark_clean()
    return state


def _expected_hour_target(hour: int) -> float:
    if hour >= 22 or hour < 6:
        return -0.5
    if 10 <= hour < 16:
        return 0.5
    return 0.0


# --- the dials ---------------------------------------------------------------------------


def test_reflex_dials_are_the_seeds_numbers() -> None:
    assert d.DRIFT_RATE == 0.1
    assert d.EPSILON == 1e-3
    assert d.IDLE_SETTLE_AFTER_S == 300
    assert d.VALENCE_REST == 0.0
    assert d.ENERGY_REST == 0.5
    assert (d.NIGHT_AROUSAL, d.DAY_AROUSAL, d.SHOULDER_AROUSAL) == (-0.5, 0.5, 0.0)


# --- time-of-day target ------------------------------------------------------------------


@pytest.mark.parametrize("hour", range(24))
def test_arousal_target_for_every_hour(hour: int) -> None:
    assert arousal_target(hour) == _expected_hour_target(hour)


@pytest.mark.parametrize("hour", range(24))
def test_reflex_drifts_arousal_toward_the_local_hours_target(hour: int) -> None:
    now = datetime(2024, 1, 10, hour, 30, tzinfo=AMS)
    state = _state(arousal=0.2, last_interaction=now - timedelta(seconds=10))
    target = _expected_hour_target(hour)
    patch = compute_reflex_patch(state, now)
    assert patch == {"mood.arousal": pytest.approx(0.2 + (target - 0.2) * 0.1)}


@pytest.mark.parametrize(
    ("hour", "minute", "target"),
    [
        (5, 59, -0.5),
        (6, 0, 0.0),
        (9, 59, 0.0),
        (10, 0, 0.5),
        (15, 59, 0.5),
        (16, 0, 0.0),
        (21, 59, 0.0),
        (22, 0, -0.5),
        (23, 59, -0.5),
        (0, 0, -0.5),
    ],
)
def test_arousal_target_boundaries_by_the_minute(hour: int, minute: int, target: float) -> None:
    now = datetime(2024, 1, 10, hour, minute, tzinfo=AMS)
    state = _state(arousal=0.0, last_interaction=now)
    patch = compute_reflex_patch(state, now)
    if target == 0.0:
        assert patch == {}
    else:
        assert patch == {"mood.arousal": pytest.approx(target * 0.1)}


def test_same_utc_instant_drifts_differently_by_local_time_zone() -> None:
    instant = datetime(2024, 1, 10, 12, 0, tzinfo=UTC)
    state = _state(arousal=0.0, last_interaction=instant)
    # 12:00 UTC is midday in UTC, 07:00 in New York and 04:00 in Los Angeles.
    assert compute_reflex_patch(state, instant) == {"mood.arousal": pytest.approx(0.05)}
    assert compute_reflex_patch(state, instant.astimezone(NEW_YORK)) == {}
    assert compute_reflex_patch(state, instant.astimezone(LOS_ANGELES)) == {
        "mood.arousal": pytest.approx(-0.05)
    }


def test_local_hour_is_used_not_the_utc_hour() -> None:
    # 09:30 UTC is 10:30 in Amsterdam: midday locally, a shoulder hour in UTC.
    now = datetime(2024, 1, 10, 9, 30, tzinfo=UTC).astimezone(AMS)
    state = _state(arousal=0.0, last_interaction=now)
    assert compute_reflex_patch(state, now) == {"mood.arousal": pytest.approx(0.05)}


# --- idle settling -----------------------------------------------------------------------


def test_no_settling_before_300_seconds_of_silence() -> None:
    now = datetime(2024, 1, 10, 8, 0, tzinfo=AMS)  # shoulder hour: arousal target 0
    state = _state(valence=0.5, energy=0.9, last_interaction=now - timedelta(seconds=299))
    assert not is_idle(state, now)
    assert compute_reflex_patch(state, now) == {}


def test_settling_at_exactly_300_seconds_of_silence() -> None:
    now = datetime(2024, 1, 10, 8, 0, tzinfo=AMS)
    state = _state(valence=0.5, energy=0.9, last_interaction=now - timedelta(seconds=300))
    assert is_idle(state, now)
    assert compute_reflex_patch(state, now) == {
        "mood.valence": pytest.approx(0.45),
        "energy": pytest.approx(0.86),
    }


def test_settling_when_the_owner_never_spoke() -> None:
    now = datetime(2024, 1, 10, 8, 0, tzinfo=AMS)
    state = _state(valence=-0.6, energy=0.1)
    assert is_idle(state, now)
    assert compute_reflex_patch(state, now) == {
        "mood.valence": pytest.approx(-0.54),
        "energy": pytest.approx(0.14),
    }


def test_idle_threshold_is_measured_in_real_time_across_zones() -> None:
    now = datetime(2024, 1, 10, 8, 0, tzinfo=AMS)
    # last_interaction is stored in UTC; 299 s before the Amsterdam instant is still not idle.
    last = (now - timedelta(seconds=299)).astimezone(UTC)
    state = _state(valence=0.5, last_interaction=last)
    assert not is_idle(state, now)
    assert is_idle(state, now + timedelta(seconds=1))


def test_interaction_in_the_future_is_not_idle() -> None:
    now = datetime(2024, 1, 10, 8, 0, tzinfo=AMS)
    state = _state(valence=0.5, last_interaction=now + timedelta(hours=1))
    assert not is_idle(state, now)


def test_arousal_drifts_while_the_owner_is_talking() -> None:
    now = datetime(2024, 1, 10, 23, 0, tzinfo=AMS)
    state = _state(valence=0.5, arousal=0.5, energy=0.9, last_interaction=now)
    assert compute_reflex_patch(state, now) == {"mood.arousal": pytest.approx(0.4)}


# --- one step, clamping, epsilon -----------------------------------------------------------


@pytest.mark.parametrize(
    ("current", "target", "expected"),
    [(0.0, 0.5, 0.05), (1.0, -0.5, 0.85), (-1.0, 0.5, -0.85), (0.2, 0.0, 0.18), (0.9, 0.5, 0.86)],
)
def test_one_drift_step_is_a_tenth_of_the_way(
    current: float, target: float, expected: float
) -> None:
    assert drift(current, target, -1.0, 1.0) == pytest.approx(expected)


def test_clamp_bounds_a_value() -> None:
    assert clamp(1.5, -1.0, 1.0) == 1.0
    assert clamp(-1.5, -1.0, 1.0) == -1.0
    assert clamp(0.3, -1.0, 1.0) == 0.3
    assert clamp(-0.2, 0.0, 1.0) == 0.0


def test_drift_clamps_to_the_range() -> None:
    assert drift(1.5, 0.0, -1.0, 1.0) == 1.0
    assert drift(-1.5, 0.0, -1.0, 1.0) == -1.0
    assert drift(1.2, 0.5, 0.0, 1.0) == 1.0


def test_reflex_patch_is_clamped_to_the_ranges() -> None:
    # A state written around the validator (as a corrupt in-memory value would be).
    state = PersonalityState(mood=Mood(valence=1.5, arousal=-1.6), energy=1.3)
    now = datetime(2024, 1, 10, 8, 0, tzinfo=AMS)
    assert compute_reflex_patch(state, now) == {
        "mood.valence": 1.0,
        "mood.arousal": -1.0,
        "energy": 1.0,
    }


def test_change_under_epsilon_is_dropped() -> None:
    assert drift(0.5 - 0.0099, 0.5, -1.0, 1.0) is None
    assert drift(0.0099, 0.0, -1.0, 1.0) is None


def test_change_just_over_epsilon_is_kept() -> None:
    assert drift(0.5 - 0.0101, 0.5, -1.0, 1.0) == pytest.approx(0.5 - 0.0101 + 0.00101)


def test_small_changes_are_dropped_per_path() -> None:
    now = datetime(2024, 1, 10, 12, 0, tzinfo=AMS)  # target +0.5
    state = _state(valence=0.005, arousal=0.495, energy=0.9)
    # valence and arousal are within a hundredth of their targets; only energy moves.
    assert compute_reflex_patch(state, now) == {"energy": pytest.approx(0.86)}


@pytest.mark.parametrize("hour", [3, 8, 12])
def test_settled_pet_returns_empty_patch(hour: int) -> None:
    now = datetime(2024, 1, 10, hour, 0, tzinfo=AMS)
    state = _state(valence=0.0, arousal=_expected_hour_target(hour), energy=0.5)
    assert compute_reflex_patch(state, now) == {}


def test_reflex_does_not_mutate_the_state() -> None:
    state = _state(valence=0.7, arousal=0.9, energy=0.1)
    before = state.to_dict()
    patch = compute_reflex_patch(state, datetime(2024, 1, 10, 2, 0, tzinfo=AMS))
    assert patch  # something would change ...
    assert state.to_dict() == before  # ... but only through the writer
    assert not state.dirty


def test_repeated_application_converges_then_returns_empty() -> None:
    now = datetime(2024, 1, 10, 23, 0, tzinfo=AMS)
    state = _state(valence=1.0, arousal=1.0, energy=0.0)
    steps = 0
    while patch := compute_reflex_patch(state, now):
        state.apply_patch(patch)
        steps += 1
        assert steps < 200
    assert steps > 10
    assert state.mood.arousal == pytest.approx(-0.5, abs=0.01)
    assert state.mood.valence == pytest.approx(0.0, abs=0.01)
    assert state.energy == pytest.approx(0.5, abs=0.01)
    assert compute_reflex_patch(state, now) == {}


def test_patch_applies_through_the_writer_and_marks_dirty() -> None:
    state = _state(valence=0.7)
    patch = compute_reflex_patch(state, NOON_AMS)
    state.apply_patch(patch)
    assert state.dirty
    assert state.mood.valence == pytest.approx(0.63)
    assert state.mood.arousal == pytest.approx(0.05)


# --- properties --------------------------------------------------------------------------

states = st.builds(
    _state,
    valence=unit,
    arousal=unit,
    energy=energy_level,
    last_interaction=st.none() | aware_instants,
)


@PROPERTY
@given(state=states, now=aware_instants)
def test_reflex_patch_stays_in_range_and_is_a_valid_patch(
    state: PersonalityState, now: datetime
) -> None:
    before = state.to_dict()
    patch: dict[str, Any] = compute_reflex_patch(state, now)
    assert set(patch) <= MOOD_PATHS
    for path, value in patch.items():
        lo = 0.0 if path == "energy" else -1.0
        assert lo <= value <= 1.0
    assert state.to_dict() == before
    state.apply_patch(patch)  # the writer accepts it
    assert state.dirty == bool(patch)


@PROPERTY
@given(state=states, now=aware_instants)
def test_reflex_changes_only_by_at_least_epsilon(state: PersonalityState, now: datetime) -> None:
    patch = compute_reflex_patch(state, now)
    current = {
        "mood.valence": state.mood.valence,
        "mood.arousal": state.mood.arousal,
        "energy": state.energy,
    }
    for path, value in patch.items():
        assert abs(value - current[path]) >= d.EPSILON


@PROPERTY
@given(
    valence=unit,
    arousal=unit,
    energy=energy_level,
    now=aware_instants,
)
def test_reflex_reaches_a_fixed_point_within_200_steps(
    valence: float, arousal: float, energy: float, now: datetime
) -> None:
    state = _state(valence=valence, arousal=arousal, energy=energy)  # never interacted: idle
    for _ in range(200):
        patch = compute_reflex_patch(state, now)
        if not patch:
            break
        state.apply_patch(patch)
    assert compute_reflex_patch(state, now) == {}


def test_five_minutes_taken_together_move_the_mood_as_five_single_minutes() -> None:
    single = 0.8
    for _ in range(5):
        stepped = drift(single, -0.5, -1.0, 1.0)
        assert stepped is not None
        single = stepped
    together = drift(0.8, -0.5, -1.0, 1.0, steps=5)
    assert together == pytest.approx(single)
