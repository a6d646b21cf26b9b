"""Affect nudges (core/state.py): a closed delta table, clamped, None for a no-op or a
non-affect kind; the state moves itself by one, or says it is at the bound."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from custom_components.shelldon.core.state import (
    NUDGE_DELTAS,
    NudgeKind,
    PersonalityState,
    compute_nudge_patch,
    parse_nudge_kind,
)
from tests.core._support import PROPERTY, energy_level, unit


def _state(valence: float = 0.0, arousal: float = 0.0, energy: float = 0.5) -> PersonalityState:
    state = PersonalityState()
    state.apply_patch(
        {
            "mood.valence": valence,
            "mood.arousal": arousal,
            "energy": energy,
            "last_interaction": "2024-01-10T11:00:00+00:00",
        }
    )
    state.mark_clean()
    return state


def test_nudge_kinds_are_the_four_meanings() -> None:
    assert {kind.value for kind in NudgeKind} == {"positive", "negative", "excited", "calm"}


def test_delta_table_is_exactly_the_seeds() -> None:
    assert dict(NUDGE_DELTAS) == {
        NudgeKind.POSITIVE: (0.3, 0.0),
        NudgeKind.NEGATIVE: (-0.3, 0.0),
        NudgeKind.EXCITED: (0.1, 0.3),
        NudgeKind.CALM: (0.0, -0.3),
    }


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        (NudgeKind.POSITIVE, {"mood.valence": 0.3}),
        (NudgeKind.NEGATIVE, {"mood.valence": -0.3}),
        (NudgeKind.EXCITED, {"mood.valence": 0.1, "mood.arousal": 0.3}),
        (NudgeKind.CALM, {"mood.arousal": -0.3}),
    ],
)
def test_nudge_from_neutral_moves_mood_by_its_delta(
    kind: NudgeKind, expected: dict[str, float]
) -> None:
    assert compute_nudge_patch(_state(), kind) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("kind", "valence", "arousal", "expected"),
    [
        (NudgeKind.POSITIVE, 0.2, -0.4, {"mood.valence": 0.5}),
        (NudgeKind.NEGATIVE, 0.2, -0.4, {"mood.valence": -0.1}),
        (NudgeKind.EXCITED, 0.2, -0.4, {"mood.valence": 0.3, "mood.arousal": -0.1}),
        (NudgeKind.CALM, 0.2, -0.4, {"mood.arousal": -0.7}),
    ],
)
def test_nudge_adds_its_delta_to_the_current_mood(
    kind: NudgeKind, valence: float, arousal: float, expected: dict[str, float]
) -> None:
    assert compute_nudge_patch(_state(valence, arousal), kind) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("kind", "valence", "arousal", "expected"),
    [
        (NudgeKind.POSITIVE, 0.9, 0.0, {"mood.valence": 1.0}),
        (NudgeKind.NEGATIVE, -0.9, 0.0, {"mood.valence": -1.0}),
        (NudgeKind.EXCITED, 0.95, 0.8, {"mood.valence": 1.0, "mood.arousal": 1.0}),
        (NudgeKind.EXCITED, 1.0, 0.8, {"mood.arousal": 1.0}),
        (NudgeKind.EXCITED, 0.5, 1.0, {"mood.valence": 0.6}),
        (NudgeKind.CALM, 0.0, -0.8, {"mood.arousal": -1.0}),
    ],
)
def test_nudge_is_clamped_at_the_bounds(
    kind: NudgeKind, valence: float, arousal: float, expected: dict[str, float]
) -> None:
    assert compute_nudge_patch(_state(valence, arousal), kind) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("kind", "valence", "arousal"),
    [
        (NudgeKind.POSITIVE, 1.0, 0.0),
        (NudgeKind.NEGATIVE, -1.0, 0.5),
        (NudgeKind.EXCITED, 1.0, 1.0),
        (NudgeKind.CALM, 0.3, -1.0),
    ],
)
def test_nudge_at_its_bound_is_a_no_op_and_gives_none(
    kind: NudgeKind, valence: float, arousal: float
) -> None:
    assert compute_nudge_patch(_state(valence, arousal), kind) is None


@pytest.mark.parametrize(
    "kind", ["positive", "calm", None, 0, 1.5, ("positive",), object(), "NUDGE_POSITIVE"]
)
def test_non_nudge_kind_gives_none(kind: Any) -> None:
    assert compute_nudge_patch(_state(), kind) is None


@pytest.mark.parametrize("kind", list(NudgeKind))
def test_nudge_never_touches_last_interaction_or_energy(kind: NudgeKind) -> None:
    state = _state(valence=0.1, arousal=0.1, energy=0.8)
    patch = compute_nudge_patch(state, kind)
    assert patch is not None
    assert set(patch) <= {"mood.valence", "mood.arousal"}
    state.apply_patch(patch)
    assert state.last_interaction == "2024-01-10T11:00:00+00:00"
    assert state.energy == 0.8


@pytest.mark.parametrize("kind", list(NudgeKind))
def test_nudge_does_not_mutate_the_state(kind: NudgeKind) -> None:
    state = _state(valence=0.1, arousal=0.1)
    before = state.to_dict()
    assert compute_nudge_patch(state, kind) is not None
    assert state.to_dict() == before
    assert not state.dirty


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("positive", NudgeKind.POSITIVE),
        ("negative", NudgeKind.NEGATIVE),
        ("excited", NudgeKind.EXCITED),
        ("calm", NudgeKind.CALM),
    ],
)
def test_parse_nudge_kind_accepts_the_four(text: str, kind: NudgeKind) -> None:
    parsed = parse_nudge_kind(text)
    assert parsed is kind
    assert compute_nudge_patch(_state(), parsed) is not None


@pytest.mark.parametrize(
    "text", ["Positive", "POSITIVE", "", "happy", " positive", "positive ", "nudge_positive"]
)
def test_parse_nudge_kind_rejects_anything_else(text: str) -> None:
    with pytest.raises(ValueError, match="unknown nudge kind"):
        parse_nudge_kind(text)


@pytest.mark.parametrize("value", [None, 1, 2.0])
def test_parse_nudge_kind_rejects_non_strings_with_value_error(value: Any) -> None:
    with pytest.raises(ValueError, match="unknown nudge kind"):
        parse_nudge_kind(value)


@PROPERTY
@given(
    valence=unit,
    arousal=unit,
    energy=energy_level,
    kinds=st.lists(st.sampled_from(list(NudgeKind)), min_size=1, max_size=20),
)
def test_every_nudge_patch_keeps_mood_in_range(
    valence: float, arousal: float, energy: float, kinds: list[NudgeKind]
) -> None:
    state = _state(valence, arousal, energy)
    for kind in kinds:
        patch = compute_nudge_patch(state, kind)
        if patch is None:
            dv, da = NUDGE_DELTAS[kind]
            # A None is only ever a no-op: each moving axis is already pinned at its bound.
            assert dv == 0 or state.mood.valence == (1.0 if dv > 0 else -1.0)
            assert da == 0 or state.mood.arousal == (1.0 if da > 0 else -1.0)
            continue
        assert set(patch) <= {"mood.valence", "mood.arousal"}
        for value in patch.values():
            assert -1.0 <= value <= 1.0
        state.apply_patch(patch)
        assert state.energy == energy
        assert state.last_interaction == "2024-01-10T11:00:00+00:00"


def test_the_state_moves_itself_by_a_nudge_and_says_when_it_is_at_the_bound() -> None:
    state = _state(valence=0.95, arousal=0.0)
    state.mark_clean()
    assert state.nudge(NudgeKind.POSITIVE) is True
    assert (state.mood.valence, state.mood.arousal, state.dirty) == (1.0, 0.0, True)
    state.mark_clean()
    assert state.nudge(NudgeKind.POSITIVE) is False  # pinned: nothing changed, nothing to save
    assert (state.mood.valence, state.dirty) == (1.0, False)
    assert state.last_interaction == "2024-01-10T11:00:00+00:00"  # not the idle clock
