"""The personality state: the closed set of paths, the all-or-nothing writer, the checkpoint."""

from __future__ import annotations

import json
import logging
import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from custom_components.shelldon.core.readback import instant as parse_instant
from custom_components.shelldon.core.state import (
    SCHEMA_VERSION,
    WRITABLE_PATHS,
    Mood,
    PatchError,
    PersonalityState,
    TurnBudget,
)
from tests.core._support import PROPERTY, energy_level, unit

STATE_LOGGER = "custom_components.shelldon.core.state"

SEED_PATHS = {
    "mood.valence",
    "mood.arousal",
    "energy",
    "last_interaction",
    "budget.date",
    "budget.turns_used",
    "budget.last_turn_at",
}

GOOD_PATCH: dict[str, Any] = {
    "mood.valence": 0.4,
    "mood.arousal": -0.25,
    "energy": 0.55,
    "last_interaction": "2024-01-10T11:00:00+00:00",
    "budget.date": "2024-01-10",
    "budget.turns_used": 3,
    "budget.last_turn_at": "2024-01-10T10:30:00+00:00",
}

DEFAULTS = PersonalityState().to_dict()


def _populated() -> PersonalityState:
    state = PersonalityState()
    state.apply_patch(GOOD_PATCH)
    state.mark_clean()
    return state


def _checkpoint(**overrides: Any) -> dict[str, Any]:
    data = _populated().to_dict()
    data.update(overrides)
    return data


# --- the closed set of paths -------------------------------------------------------------


def test_writable_paths_are_exactly_the_seeds_seven() -> None:
    assert set(WRITABLE_PATHS) == SEED_PATHS
    assert len(WRITABLE_PATHS) == 7


def test_writable_paths_cannot_be_extended_at_runtime() -> None:
    assert isinstance(WRITABLE_PATHS, frozenset)


def test_fresh_state_has_the_seed_defaults() -> None:
    state = PersonalityState()
    assert state.mood == Mood(valence=0.0, arousal=0.0)
    assert state.energy == 0.5
    assert state.last_interaction is None
    assert state.budget == TurnBudget(date=None, turns_used=0, last_turn_at=None)
    assert not state.dirty


# --- apply_patch: what it accepts --------------------------------------------------------


def test_good_patch_writes_every_path() -> None:
    state = PersonalityState()
    state.apply_patch(GOOD_PATCH)
    assert state.mood.valence == 0.4
    assert state.mood.arousal == -0.25
    assert state.energy == 0.55
    assert state.last_interaction == "2024-01-10T11:00:00+00:00"
    assert state.budget.date == "2024-01-10"
    assert state.budget.turns_used == 3
    assert state.budget.last_turn_at == "2024-01-10T10:30:00+00:00"


def test_sparse_patch_leaves_other_paths_alone() -> None:
    state = _populated()
    before = state.to_dict()
    state.apply_patch({"mood.valence": -0.1})
    after = state.to_dict()
    assert after["mood"]["valence"] == -0.1
    after["mood"]["valence"] = before["mood"]["valence"]
    assert after == before


@pytest.mark.parametrize(
    ("path", "value"),
    [
        ("mood.valence", -1.0),
        ("mood.valence", 1.0),
        ("mood.arousal", -1.0),
        ("mood.arousal", 1.0),
        ("energy", 0.0),
        ("energy", 1.0),
        ("budget.turns_used", 0),
    ],
)
def test_patch_accepts_values_on_the_range_bounds(path: str, value: float) -> None:
    state = PersonalityState()
    state.apply_patch({path: value})
    assert _value_at(state, path) == value
    assert state.dirty


def _default_at(path: str) -> Any:
    node: Any = DEFAULTS
    for part in path.split("."):
        node = node[part]
    return node


def _value_at(state: PersonalityState, path: str) -> Any:
    node: Any = state.to_dict()
    for part in path.split("."):
        node = node[part]
    return node


@pytest.mark.parametrize("path", ["mood.valence", "mood.arousal", "energy"])
def test_integer_mood_and_energy_are_stored_as_floats(path: str) -> None:
    state = PersonalityState()
    state.apply_patch({path: 1})
    stored = _value_at(state, path)
    assert stored == 1.0
    assert type(stored) is float


@pytest.mark.parametrize("path", ["last_interaction", "budget.date", "budget.last_turn_at"])
def test_optional_paths_accept_none(path: str) -> None:
    state = _populated()
    state.apply_patch({path: None})
    assert _value_at(state, path) is None


def test_instant_with_z_suffix_is_accepted() -> None:
    state = PersonalityState()
    state.apply_patch({"last_interaction": "2024-01-10T11:00:00Z"})
    assert state.last_interaction_at is not None
    assert state.last_interaction_at.utcoffset().total_seconds() == 0


def test_last_interaction_at_parses_the_stored_instant() -> None:
    state = _populated()
    at = state.last_interaction_at
    assert at is not None
    assert at.isoformat() == "2024-01-10T11:00:00+00:00"


@pytest.mark.parametrize("value", [None, "", "yesterday", "2024-01-10T11:00:00"])
def test_parse_instant_gives_none_for_missing_unreadable_or_naive(value: str | None) -> None:
    assert parse_instant(value) is None


# --- apply_patch: what it refuses, all or nothing ----------------------------------------


def test_empty_patch_changes_nothing_and_stays_clean() -> None:
    state = PersonalityState()
    state.apply_patch({})
    assert state.to_dict() == DEFAULTS
    assert not state.dirty


def test_unknown_path_is_rejected_with_patch_error() -> None:
    state = PersonalityState()
    with pytest.raises(PatchError, match=r"mood\.valnce"):
        state.apply_patch({"mood.valnce": 0.4})


def test_unknown_key_among_good_ones_changes_nothing() -> None:
    state = _populated()
    before = state.to_dict()
    with pytest.raises(PatchError):
        state.apply_patch({"mood.valence": -0.9, "energy": 0.1, "mood.valnce": 0.4})
    assert state.to_dict() == before
    assert not state.dirty


def test_one_bad_value_among_good_ones_changes_nothing() -> None:
    state = _populated()
    before = state.to_dict()
    with pytest.raises(PatchError, match="energy"):
        state.apply_patch({"mood.valence": -0.9, "mood.arousal": 0.9, "energy": 1.5})
    assert state.to_dict() == before
    assert not state.dirty


def test_bad_value_listed_first_still_rejects_whole_patch() -> None:
    state = _populated()
    before = state.to_dict()
    with pytest.raises(PatchError):
        state.apply_patch({"budget.turns_used": -1, "mood.valence": -0.9})
    assert state.to_dict() == before


@pytest.mark.parametrize(
    "path",
    [
        "mood",  # a whole sub-struct is not a writable leaf
        "budget",
        "mood.joy",
        "_dirty",
        "dirty",
        "budget.turns",
        "Mood.valence",
        "mood.valence ",
    ],
)
def test_paths_outside_the_closed_set_are_rejected(path: str) -> None:
    state = PersonalityState()
    with pytest.raises(PatchError):
        state.apply_patch({path: 0.1})
    assert state.to_dict() == DEFAULTS
    assert not state.dirty


BAD_VALUES: list[tuple[str, Any]] = [
    ("mood.valence", 1.0000001),
    ("mood.valence", -1.0000001),
    ("mood.valence", math.nan),
    ("mood.valence", math.inf),
    ("mood.valence", True),
    ("mood.valence", "0.3"),
    ("mood.valence", None),
    ("mood.arousal", 2),
    ("mood.arousal", -math.inf),
    ("mood.arousal", [0.1]),
    ("energy", -0.0001),
    ("energy", 1.0001),
    ("energy", math.nan),
    ("energy", False),
    ("energy", None),
    ("last_interaction", "2024-01-10T11:00:00"),  # naive: not an instant
    ("last_interaction", "not a time"),
    ("last_interaction", ""),
    ("last_interaction", 1704884400),
    ("budget.date", "2024-13-01"),
    ("budget.date", "tomorrow"),
    ("budget.date", 20240110),
    ("budget.turns_used", -1),
    ("budget.turns_used", 1.0),
    ("budget.turns_used", True),
    ("budget.turns_used", "3"),
    ("budget.turns_used", None),
    ("budget.last_turn_at", "2024-01-10"),
    ("budget.last_turn_at", 0),
]


@pytest.mark.parametrize(("path", "value"), BAD_VALUES)
def test_value_its_path_does_not_accept_is_rejected(path: str, value: Any) -> None:
    state = _populated()
    before = state.to_dict()
    with pytest.raises(PatchError, match=path.replace(".", r"\.")):
        state.apply_patch({path: value})
    assert state.to_dict() == before
    assert not state.dirty


def test_patch_error_is_a_value_error() -> None:
    assert issubclass(PatchError, ValueError)


def test_non_string_key_is_rejected_with_patch_error() -> None:
    state = PersonalityState()
    with pytest.raises(PatchError):
        state.apply_patch({1: 0.5})  # type: ignore[dict-item]


def test_budget_date_accepts_only_the_canonical_iso_day() -> None:
    state = PersonalityState()
    with pytest.raises(PatchError):
        state.apply_patch({"budget.date": "20240110"})


# --- the dirty flag ----------------------------------------------------------------------


def test_successful_patch_marks_dirty() -> None:
    state = PersonalityState()
    state.apply_patch({"energy": 0.6})
    assert state.dirty


def test_patch_writing_the_current_value_still_marks_dirty() -> None:
    state = PersonalityState()
    state.apply_patch({"energy": 0.5})
    assert state.dirty


def test_rejected_patch_does_not_mark_dirty() -> None:
    state = PersonalityState()
    with pytest.raises(PatchError):
        state.apply_patch({"energy": 2.0})
    assert not state.dirty


def test_mark_clean_clears_dirty() -> None:
    state = PersonalityState()
    state.apply_patch({"energy": 0.6})
    state.mark_clean()
    assert not state.dirty
    assert state.energy == 0.6


def test_rejected_patch_keeps_an_already_dirty_state_dirty() -> None:
    state = PersonalityState()
    state.apply_patch({"energy": 0.6})
    with pytest.raises(PatchError):
        state.apply_patch({"nope": 1})
    assert state.dirty


def test_dirty_flag_is_not_part_of_the_checkpoint_or_equality() -> None:
    clean = PersonalityState()
    dirty = PersonalityState()
    dirty.apply_patch({"energy": 0.5})
    assert clean == dirty
    assert "_dirty" not in dirty.to_dict()
    assert "dirty" not in dirty.to_dict()


# --- to_dict / from_dict -----------------------------------------------------------------


def test_to_dict_has_the_checkpoint_shape() -> None:
    assert _populated().to_dict() == {
        "schema": SCHEMA_VERSION,
        "mood": {"valence": 0.4, "arousal": -0.25},
        "energy": 0.55,
        "last_interaction": "2024-01-10T11:00:00+00:00",
        "budget": {
            "date": "2024-01-10",
            "turns_used": 3,
            "last_turn_at": "2024-01-10T10:30:00+00:00",
        },
    }


def test_schema_version_is_one() -> None:
    assert SCHEMA_VERSION == 1


def test_round_trip_restores_every_value(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    original = _populated()
    restored = PersonalityState.from_dict(original.to_dict())
    assert restored == original
    assert restored.to_dict() == original.to_dict()
    assert not caplog.records


def test_round_trip_survives_json(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    original = _populated()
    restored = PersonalityState.from_dict(json.loads(json.dumps(original.to_dict())))
    assert restored.to_dict() == original.to_dict()
    assert not caplog.records


def test_round_trip_of_defaults_is_silent(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    assert PersonalityState.from_dict(DEFAULTS).to_dict() == DEFAULTS
    assert not caplog.records


def test_restored_state_is_not_dirty() -> None:
    assert not PersonalityState.from_dict(_populated().to_dict()).dirty


def test_none_is_a_first_run_defaults_without_warning(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    state = PersonalityState.from_dict(None)
    assert state.to_dict() == DEFAULTS
    assert not state.dirty
    assert not caplog.records


def _warned(caplog: pytest.LogCaptureFixture) -> bool:
    return any(r.levelno == logging.WARNING and r.name == STATE_LOGGER for r in caplog.records)


@pytest.mark.parametrize(
    "data",
    [
        [],
        [1, 2, 3],
        "garbage",
        '{"schema": 1',  # a truncated file read as text
        b"\x00\x01",
        42,
        3.5,
        True,
    ],
    ids=["empty-list", "list", "str", "truncated-text", "bytes", "int", "float", "bool"],
)
def test_non_object_checkpoint_gives_defaults_and_warns(
    data: Any, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    state = PersonalityState.from_dict(data)
    assert state.to_dict() == DEFAULTS
    assert not state.dirty
    assert _warned(caplog)


@pytest.mark.parametrize("schema", [None, 0, 2, "1", "one"])
def test_wrong_or_missing_schema_gives_defaults_and_warns(
    schema: Any, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    data = _checkpoint(schema=schema)
    if schema is None:
        del data["schema"]
    state = PersonalityState.from_dict(data)
    assert state.to_dict() == DEFAULTS
    assert not state.dirty
    assert _warned(caplog)


def test_empty_object_gives_defaults_and_warns(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    assert PersonalityState.from_dict({}).to_dict() == DEFAULTS
    assert _warned(caplog)


def _without(data: dict[str, Any], path: str) -> dict[str, Any]:
    head, _, leaf = path.partition(".")
    if leaf:
        data[head] = dict(data[head])
        del data[head][leaf]
    else:
        del data[head]
    return data


def _with(data: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    head, _, leaf = path.partition(".")
    if leaf:
        data[head] = dict(data[head])
        data[head][leaf] = value
    else:
        data[head] = value
    return data


@pytest.mark.parametrize("path", sorted(SEED_PATHS))
def test_missing_field_falls_back_to_its_default_alone(
    path: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    state = PersonalityState.from_dict(_without(_populated().to_dict(), path))
    assert _value_at(state, path) == _default_at(path)
    for other in SEED_PATHS - {path}:
        assert _value_at(state, other) == _value_at(_populated(), other), other
    assert not state.dirty
    assert _warned(caplog)
    assert any(path in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize(("path", "value"), BAD_VALUES)
def test_bad_field_falls_back_to_its_default_alone(
    path: str, value: Any, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    state = PersonalityState.from_dict(_with(_populated().to_dict(), path, value))
    assert _value_at(state, path) == _default_at(path)
    for other in SEED_PATHS - {path}:
        assert _value_at(state, other) == _value_at(_populated(), other), other
    assert not state.dirty
    assert _warned(caplog)
    assert any(path in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("broken", [None, "x", [0.1, 0.2], 7, {}])
def test_truncated_mood_falls_back_for_both_mood_fields(
    broken: Any, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    state = PersonalityState.from_dict(_checkpoint(mood=broken))
    assert state.mood == Mood()
    assert state.energy == 0.55
    assert state.budget.turns_used == 3
    assert _warned(caplog)


@pytest.mark.parametrize("broken", [None, "x", [], 3, {"turns_used": 2}])
def test_truncated_budget_falls_back_field_by_field(
    broken: Any, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    state = PersonalityState.from_dict(_checkpoint(budget=broken))
    expected_used = broken["turns_used"] if isinstance(broken, dict) else 0
    assert state.budget == TurnBudget(turns_used=expected_used)
    assert state.mood == Mood(valence=0.4, arousal=-0.25)
    assert _warned(caplog)


def test_extra_keys_in_checkpoint_are_ignored() -> None:
    mood = {"valence": 0.4, "arousal": -0.25, "joy": 1}
    state = PersonalityState.from_dict(_checkpoint(extra="x", mood=mood))
    assert state.to_dict() == _populated().to_dict()


# --- properties --------------------------------------------------------------------------

valid_values: dict[str, st.SearchStrategy[Any]] = {
    "mood.valence": unit,
    "mood.arousal": unit,
    "energy": energy_level,
    "last_interaction": st.sampled_from([None, "2024-01-10T11:00:00+00:00"]),
    "budget.date": st.sampled_from([None, "2024-01-10"]),
    "budget.turns_used": st.integers(min_value=0, max_value=10_000),
    "budget.last_turn_at": st.sampled_from([None, "2024-01-10T10:30:00+01:00"]),
}
valid_patches = st.fixed_dictionaries({}, optional=dict(valid_values))
unknown_keys = st.text(max_size=20).filter(lambda key: key not in WRITABLE_PATHS)


@PROPERTY
@given(good=valid_patches, unknown=st.dictionaries(unknown_keys, st.none() | unit, min_size=1))
def test_patch_with_any_unknown_key_leaves_state_byte_for_byte_unchanged(
    good: dict[str, Any], unknown: dict[str, Any]
) -> None:
    state = _populated()
    before = json.dumps(state.to_dict(), sort_keys=True)
    with pytest.raises(PatchError):
        state.apply_patch({**good, **unknown})
    assert json.dumps(state.to_dict(), sort_keys=True) == before
    assert not state.dirty


out_of_range = {
    "mood.valence": st.floats(min_value=1.0, exclude_min=True)
    | st.floats(max_value=-1.0, exclude_max=True)
    | st.sampled_from([math.nan, math.inf, -math.inf]),
    "mood.arousal": st.floats(min_value=1.0, exclude_min=True)
    | st.floats(max_value=-1.0, exclude_max=True)
    | st.sampled_from([math.nan, math.inf, -math.inf]),
    "energy": st.floats(min_value=1.0, exclude_min=True)
    | st.floats(max_value=0.0, exclude_max=True)
    | st.sampled_from([math.nan, math.inf, -math.inf]),
    "budget.turns_used": st.integers(max_value=-1) | st.booleans() | st.floats(),
}


@PROPERTY
@given(
    data=st.data(),
    path=st.sampled_from(sorted(out_of_range)),
    good=valid_patches,
)
def test_apply_patch_never_accepts_values_outside_the_ranges(
    data: st.DataObject, path: str, good: dict[str, Any]
) -> None:
    bad = data.draw(out_of_range[path])
    state = _populated()
    before = state.to_dict()
    with pytest.raises(PatchError):
        state.apply_patch({**good, path: bad})
    assert state.to_dict() == before
    assert not state.dirty


@PROPERTY
@given(patch=valid_patches)
def test_valid_patch_is_applied_in_full(patch: dict[str, Any]) -> None:
    state = PersonalityState()
    state.apply_patch(patch)
    for path, value in patch.items():
        assert _value_at(state, path) == value
    assert state.dirty == bool(patch)
    assert -1.0 <= state.mood.valence <= 1.0
    assert -1.0 <= state.mood.arousal <= 1.0
    assert 0.0 <= state.energy <= 1.0


@PROPERTY
@given(patch=valid_patches)
def test_any_valid_state_round_trips_through_the_checkpoint(patch: dict[str, Any]) -> None:
    state = PersonalityState()
    state.apply_patch(patch)
    restored = PersonalityState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert restored.to_dict() == state.to_dict()
    assert not restored.dirty


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=10),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=12), children, max_size=4),
    max_leaves=12,
)
damaged = st.fixed_dictionaries(
    {},
    optional={
        "schema": st.sampled_from([1, 1, 1, 2, None, "1"]),
        "mood": json_values
        | st.fixed_dictionaries({}, optional={"valence": json_values, "arousal": json_values}),
        "energy": json_values,
        "last_interaction": json_values,
        "budget": json_values
        | st.fixed_dictionaries(
            {},
            optional={"date": json_values, "turns_used": json_values, "last_turn_at": json_values},
        ),
    },
)


@PROPERTY
@given(data=damaged | json_values)
def test_from_dict_never_raises_and_always_gives_a_valid_clean_state(data: Any) -> None:
    state = PersonalityState.from_dict(data)
    assert not state.dirty
    assert -1.0 <= state.mood.valence <= 1.0
    assert -1.0 <= state.mood.arousal <= 1.0
    assert 0.0 <= state.energy <= 1.0
    assert isinstance(state.budget.turns_used, int)
    assert state.budget.turns_used >= 0
    # Whatever was restored is itself a valid patch: the state re-validates cleanly.
    PersonalityState().apply_patch(
        {
            "mood.valence": state.mood.valence,
            "mood.arousal": state.mood.arousal,
            "energy": state.energy,
            "last_interaction": state.last_interaction,
            "budget.date": state.budget.date,
            "budget.turns_used": state.budget.turns_used,
            "budget.last_turn_at": state.budget.last_turn_at,
        }
    )
