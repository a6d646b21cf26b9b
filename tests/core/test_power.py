"""Easing off on battery: one reading resolves to a backoff level; the level drives two levers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from custom_components.shelldon.core import defaults as d
from custom_components.shelldon.core.power import (
    PLUGGED_IN,
    STRETCH,
    BackoffLevel,
    PowerState,
    backoff_level,
    cadence_stretch,
    turn_allowed,
)
from tests.core._support import PROPERTY

LIVELY = BackoffLevel.LIVELY
EASED = BackoffLevel.EASED
LOW = BackoffLevel.LOW


def test_levels_and_their_values() -> None:
    assert [(level.name, level.value) for level in BackoffLevel] == [
        ("LIVELY", "lively"),
        ("EASED", "eased"),
        ("LOW", "low"),
    ]


def test_default_threshold_is_20_percent() -> None:
    assert d.LOW_BATTERY_THRESHOLD == 20.0


def test_plugged_in_constant_is_lively() -> None:
    assert PowerState(on_battery=False, charge=None) == PLUGGED_IN
    assert backoff_level(PLUGGED_IN) is LIVELY


def test_power_state_charge_defaults_to_unknown() -> None:
    assert PowerState(on_battery=True).charge is None


@pytest.mark.parametrize("charge", [None, 0, 0.0, 5, 19.9, 20, 50, 100])
def test_plugged_in_is_lively_at_any_charge(charge: float | None) -> None:
    assert backoff_level(PowerState(on_battery=False, charge=charge)) is LIVELY


def test_unknown_charge_on_battery_is_eased_never_low() -> None:
    assert backoff_level(PowerState(on_battery=True, charge=None)) is EASED
    assert backoff_level(PowerState(on_battery=True, charge=None), low_threshold=101) is EASED


@pytest.mark.parametrize(
    ("charge", "level"),
    [
        (0, LOW),
        (0.0, LOW),
        (10, LOW),
        (19.9, LOW),
        (19.999, LOW),
        (20, EASED),
        (20.0, EASED),
        (20.1, EASED),
        (80, EASED),
        (100, EASED),
    ],
)
def test_on_battery_level_by_charge_at_the_default_threshold(
    charge: float, level: BackoffLevel
) -> None:
    assert backoff_level(PowerState(on_battery=True, charge=charge)) is level


@pytest.mark.parametrize(
    ("threshold", "charge", "level"),
    [(50, 49.9, LOW), (50, 50, EASED), (5, 4, LOW), (5, 5, EASED), (5, 19, EASED), (0, 0, EASED)],
)
def test_custom_threshold(threshold: float, charge: float, level: BackoffLevel) -> None:
    assert backoff_level(PowerState(True, charge), low_threshold=threshold) is level


def test_stretch_table_is_one_three_six() -> None:
    assert dict(STRETCH) == {LIVELY: 1.0, EASED: 3.0, LOW: 6.0}
    assert [cadence_stretch(level) for level in (LIVELY, EASED, LOW)] == [1.0, 3.0, 6.0]


@pytest.mark.parametrize(
    ("level", "essential", "allowed"),
    [
        (LIVELY, False, True),
        (LIVELY, True, True),
        (EASED, False, False),
        (EASED, True, True),
        (LOW, False, False),
        (LOW, True, False),
    ],
)
def test_turn_allowed_matrix(level: BackoffLevel, essential: bool, allowed: bool) -> None:
    assert turn_allowed(level, essential) is allowed


def test_nan_charge_on_battery_is_not_low() -> None:
    assert backoff_level(PowerState(on_battery=True, charge=float("nan"))) is EASED


@PROPERTY
@given(
    on_battery=st.booleans(),
    charge=st.none() | st.floats(min_value=0.0, max_value=100.0),
    threshold=st.floats(min_value=0.0, max_value=100.0),
)
def test_level_is_low_only_on_battery_with_a_known_charge_under_the_threshold(
    on_battery: bool, charge: float | None, threshold: float
) -> None:
    level = backoff_level(PowerState(on_battery, charge), low_threshold=threshold)
    if not on_battery:
        assert level is LIVELY
    elif charge is not None and charge < threshold:
        assert level is LOW
    else:
        assert level is EASED
