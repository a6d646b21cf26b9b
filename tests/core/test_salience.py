"""Gate 2: named factors, a weighted score, and two hard gates (quiet hours, the daily cap)."""

from __future__ import annotations

from datetime import datetime, time, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from custom_components.shelldon.core import defaults as d
from custom_components.shelldon.core.salience import (
    AWAY_AVAILABILITY,
    LICENSE_FULL_AFTER_H,
    WEIGHTS,
    WELCOME_DECAY,
    Factors,
    InterruptDecision,
    Outcome,
    Presence,
    QuietHours,
    availability,
    decide_interrupt,
    factors_for,
    hour_availability,
    license_for,
    welcome_for,
)
from tests.core._support import AMS, NEW_YORK, PROPERTY, aware_instants

NOON = datetime(2024, 1, 10, 12, 0, tzinfo=AMS)
QUIET = {"quiet": QuietHours(d.QUIET_START, d.QUIET_END)}
MAX = Factors(1.0, 1.0, 1.0, 1.0, 1.0)
NONE = Factors(0.0, 0.0, 0.0, 0.0, 0.0)


def _at(hour: int, minute: int = 0) -> datetime:
    return datetime(2024, 1, 10, hour, minute, tzinfo=AMS)


def _decide(
    factors: Factors = MAX,
    *,
    now: datetime = NOON,
    interruptions: int = 0,
    presence: Presence = Presence.HOME,
    can_speak: bool = True,
    **kwargs,
) -> InterruptDecision:
    return decide_interrupt(
        factors,
        now=now,
        interruptions_today=interruptions,
        presence=presence,
        can_speak=can_speak,
        **{**QUIET, **kwargs},
    )


def _factors_scoring(score: float) -> Factors:
    """Factors whose weighted score is `score` (all factors equal)."""
    return Factors(score, score, score, score, score)


# --- the factors ----------------------------------------------------------------------------


def test_weights_sum_to_one() -> None:
    assert sum(WEIGHTS.values()) == pytest.approx(1.0)
    assert set(WEIGHTS) == {"relevance", "time_sensitivity", "license", "availability", "welcome"}


def test_score_is_the_weighted_sum() -> None:
    factors = Factors(0.8, 0.5, 1.0, 0.9, 0.7)
    expected = 0.25 * 0.8 + 0.30 * 0.5 + 0.10 * 1.0 + 0.20 * 0.9 + 0.15 * 0.7
    assert factors.score() == pytest.approx(expected)


def test_score_bounds() -> None:
    assert MAX.score() == pytest.approx(1.0)
    assert NONE.score() == 0.0


@pytest.mark.parametrize(
    ("name", "weight"),
    [
        ("relevance", 0.25),
        ("time_sensitivity", 0.30),
        ("license", 0.10),
        ("availability", 0.20),
        ("welcome", 0.15),
    ],
)
def test_each_factor_weighs_its_weight(name: str, weight: float) -> None:
    alone = Factors(**{n: (1.0 if n == name else 0.0) for n in WEIGHTS})
    assert alone.score() == pytest.approx(weight)


@pytest.mark.parametrize(
    ("hours", "expected"),
    [(None, 1.0), (0.0, 0.0), (0.25, 0.25), (0.5, 0.5), (1.0, 1.0), (5.0, 1.0), (-2.0, 0.0)],
)
def test_license(hours: float | None, expected: float) -> None:
    assert license_for(hours) == pytest.approx(expected)
    assert LICENSE_FULL_AFTER_H == 1.0


@pytest.mark.parametrize(
    ("count", "expected"),
    [(0, 1.0), (1, 0.85), (2, 0.70), (3, 0.55), (6, 0.1), (7, 0.0), (50, 0.0)],
)
def test_welcome_decays_per_interruption(count: int, expected: float) -> None:
    assert welcome_for(count) == pytest.approx(expected)
    assert WELCOME_DECAY == 0.15


def test_welcome_never_rises_with_more_interruptions() -> None:
    values = [welcome_for(n) for n in range(20)]
    assert values == sorted(values, reverse=True)


@pytest.mark.parametrize(
    ("hour", "expected"),
    [
        (0, 0.5),
        (8, 0.5),
        (9, 1.0),
        (17, 1.0),
        (18, 0.9),
        (20, 0.9),
        (21, 0.7),
        (22, 0.5),
        (23, 0.5),
    ],
)
def test_hour_availability(hour: int, expected: float) -> None:
    assert hour_availability(_at(hour, 30)) == expected


def test_hour_availability_reads_the_local_hour() -> None:
    # 12:00 in Amsterdam is 06:00 in New York.
    assert hour_availability(NOON) == 1.0
    assert hour_availability(NOON.astimezone(NEW_YORK)) == 0.5


def test_availability_home_and_unknown_are_the_hour() -> None:
    assert availability(NOON, Presence.HOME) == 1.0
    assert availability(NOON, Presence.UNKNOWN) == 1.0
    assert availability(_at(19), Presence.HOME) == 0.9


def test_away_lowers_availability() -> None:
    assert AWAY_AVAILABILITY == 0.6
    assert availability(NOON, Presence.AWAY) == pytest.approx(0.6)
    assert availability(_at(19), Presence.AWAY) == pytest.approx(0.54)
    assert availability(_at(3), Presence.AWAY) < availability(_at(3), Presence.HOME)


def test_factors_for_builds_every_factor() -> None:
    factors = factors_for(
        relevance=0.8,
        time_sensitivity=1.0,
        now=NOON,
        last_reach_out=NOON - timedelta(minutes=30),
        presence=Presence.AWAY,
        interruptions_today=1,
    )
    assert factors.relevance == 0.8
    assert factors.time_sensitivity == 1.0
    assert factors.license == pytest.approx(0.5)
    assert factors.availability == pytest.approx(0.6)
    assert factors.welcome == pytest.approx(0.85)
    assert factors.hours_since_last == 0.5


def test_factors_for_never_reached_out() -> None:
    factors = factors_for(
        relevance=0.5,
        time_sensitivity=0.5,
        now=NOON,
        last_reach_out=None,
        presence=Presence.HOME,
        interruptions_today=0,
    )
    assert factors.license == 1.0
    assert factors.hours_since_last is None


def test_factors_for_clamps_relevance_and_time_sensitivity() -> None:
    factors = factors_for(
        relevance=7.0,
        time_sensitivity=-3.0,
        now=NOON,
        last_reach_out=None,
        presence=Presence.HOME,
        interruptions_today=0,
    )
    assert (factors.relevance, factors.time_sensitivity) == (1.0, 0.0)


def test_factors_for_rounds_hours_since_last() -> None:
    factors = factors_for(
        relevance=0.5,
        time_sensitivity=0.5,
        now=NOON,
        last_reach_out=NOON - timedelta(seconds=4000),  # 1.1111 h
        presence=Presence.HOME,
        interruptions_today=0,
    )
    assert factors.hours_since_last == 1.11
    assert factors.license == 1.0


def test_factors_to_dict_rounds_to_three_places() -> None:
    factors = Factors(1 / 3, 2 / 3, 0.12345, 1.0, 0.0, hours_since_last=None)
    assert factors.to_dict() == {
        "relevance": 0.333,
        "time_sensitivity": 0.667,
        "license": 0.123,
        "availability": 1.0,
        "welcome": 0.0,
        "hours_since_last": None,
    }


# --- the hard gates -------------------------------------------------------------------------


@pytest.mark.parametrize("hour", [22, 23, 0, 3, 8])
def test_quiet_hours_are_silent_whatever_the_score(hour: int) -> None:
    decision = _decide(MAX, now=_at(hour, 30))
    assert decision.outcome is Outcome.SILENT
    assert decision.reason == "quiet hours"
    assert decision.score == pytest.approx(1.0)  # the score is kept for the trace


def test_quiet_hours_boundaries() -> None:
    assert _decide(MAX, now=_at(22, 0)).outcome is Outcome.SILENT  # start inclusive
    assert _decide(MAX, now=_at(21, 59)).outcome is Outcome.SPEAK
    assert _decide(MAX, now=_at(8, 59)).outcome is Outcome.SILENT
    assert _decide(MAX, now=_at(9, 0)).outcome is Outcome.SPEAK  # end exclusive


def test_quiet_hours_cross_midnight() -> None:
    quiet = QuietHours(time(22), time(9))
    assert quiet.hold(_at(23)) and quiet.hold(_at(2))
    assert not quiet.hold(NOON)


@pytest.mark.parametrize("count", [3, 4, 10])
def test_cap_reached_zeroes_the_score(count: int) -> None:
    decision = _decide(MAX, interruptions=count)
    assert decision.outcome is Outcome.SILENT
    assert decision.score == 0.0
    assert decision.reason == "daily interruption cap (3) reached"


def test_cap_is_a_dial() -> None:
    assert _decide(MAX, interruptions=3, cap=5).outcome is Outcome.SPEAK
    decision = _decide(MAX, interruptions=1, cap=1)
    assert (decision.outcome, decision.score) == (Outcome.SILENT, 0.0)


def test_cap_inside_quiet_hours_still_zeroes_the_score() -> None:
    decision = _decide(MAX, now=_at(23), interruptions=3)
    assert decision.outcome is Outcome.SILENT
    assert decision.score == 0.0


def test_defaults() -> None:
    assert d.INTERRUPTION_CAP == 3
    assert d.INTERRUPT_THRESHOLD == 0.75
    assert (time(22, 0), time(9, 0)) == (d.QUIET_START, d.QUIET_END)


# --- the threshold and the outcome ----------------------------------------------------------


def test_below_threshold_is_silent_with_the_score_in_the_reason() -> None:
    decision = _decide(_factors_scoring(0.5))
    assert decision.outcome is Outcome.SILENT
    assert decision.score == pytest.approx(0.5)
    assert decision.reason == "not worth interrupting (0.50 < 0.75)"


def test_threshold_is_inclusive() -> None:
    assert _decide(_factors_scoring(0.75)).outcome is Outcome.SPEAK
    assert _decide(_factors_scoring(0.74)).outcome is Outcome.SILENT


def test_threshold_is_a_dial() -> None:
    assert _decide(_factors_scoring(0.5), threshold=0.4).outcome is Outcome.SPEAK
    decision = _decide(MAX, threshold=1.01)
    assert decision.outcome is Outcome.SILENT
    assert "(1.00 < 1.01)" in decision.reason


def test_speak_when_home_and_a_speaker_can_speak() -> None:
    decision = _decide(MAX, presence=Presence.HOME, can_speak=True)
    assert decision.outcome is Outcome.SPEAK
    assert decision.reason == "someone is home to hear it"


@pytest.mark.parametrize("presence", [Presence.AWAY, Presence.UNKNOWN])
def test_never_speak_into_an_empty_or_unknown_home(presence: Presence) -> None:
    decision = _decide(MAX, presence=presence, can_speak=True)
    assert decision.outcome is Outcome.SUGGEST
    assert decision.reason == "nobody is home to hear it"


@pytest.mark.parametrize("presence", list(Presence))
def test_without_a_speaker_it_suggests(presence: Presence) -> None:
    decision = _decide(MAX, presence=presence, can_speak=False)
    assert decision.outcome is Outcome.SUGGEST
    assert decision.reason == "no speaker; a message will wait"


def test_defaults_are_unknown_presence_and_no_speaker() -> None:
    decision = decide_interrupt(MAX, now=NOON, interruptions_today=0, **QUIET)
    assert decision.outcome is Outcome.SUGGEST


def test_decision_to_dict() -> None:
    factors = Factors(1.0, 1.0, 1.0, 1.0, 2 / 3, hours_since_last=2.5)
    decision = _decide(factors)
    assert decision.to_dict() == {
        "outcome": "speak",
        "score": round(factors.score(), 3),
        "reason": "someone is home to hear it",
        "factors": {
            "relevance": 1.0,
            "time_sensitivity": 1.0,
            "license": 1.0,
            "availability": 1.0,
            "welcome": 0.667,
            "hours_since_last": 2.5,
        },
    }
    assert decision.to_dict()["score"] == 0.95


def test_outcome_values_ascend_in_imposition() -> None:
    assert [o.value for o in Outcome] == ["silent", "suggest", "speak"]
    assert {p.value for p in Presence} == {"home", "away", "unknown"}


# --- properties -----------------------------------------------------------------------------

loose = st.floats(min_value=-10.0, max_value=10.0, allow_nan=False)


@PROPERTY
@given(
    relevance=loose,
    sensitivity=loose,
    now=aware_instants,
    since_s=st.one_of(st.none(), st.integers(min_value=-86400, max_value=30 * 86400)),
    presence=st.sampled_from(list(Presence)),
    interruptions=st.integers(min_value=0, max_value=20),
    can_speak=st.booleans(),
    quiet=st.tuples(st.times(), st.times()),
)
def test_gate_two_properties(
    relevance: float,
    sensitivity: float,
    now: datetime,
    since_s: int | None,
    presence: Presence,
    interruptions: int,
    can_speak: bool,
    quiet: tuple[time, time],
) -> None:
    last = None if since_s is None else now - timedelta(seconds=since_s)
    factors = factors_for(
        relevance=relevance,
        time_sensitivity=sensitivity,
        now=now,
        last_reach_out=last,
        presence=presence,
        interruptions_today=interruptions,
    )
    for name in WEIGHTS:
        assert 0.0 <= getattr(factors, name) <= 1.0
    assert 0.0 <= factors.score() <= 1.0

    decision = decide_interrupt(
        factors,
        now=now,
        quiet=QuietHours(*quiet),
        interruptions_today=interruptions,
        presence=presence,
        can_speak=can_speak,
    )
    assert 0.0 <= decision.score <= 1.0
    if QuietHours(*quiet).hold(now) or interruptions >= d.INTERRUPTION_CAP:
        assert decision.outcome is Outcome.SILENT
    if interruptions >= d.INTERRUPTION_CAP:
        assert decision.score == 0.0
    if decision.outcome is Outcome.SPEAK:
        assert presence is Presence.HOME
        assert can_speak
        assert decision.score >= d.INTERRUPT_THRESHOLD


@PROPERTY
@given(now=aware_instants, interruptions=st.integers(min_value=0, max_value=2))
def test_max_factors_in_quiet_hours_are_always_silent(now: datetime, interruptions: int) -> None:
    start = (now - timedelta(minutes=1)).time()
    end = (now + timedelta(minutes=1)).time()
    decision = decide_interrupt(
        MAX,
        now=now,
        quiet=QuietHours(start, end),
        interruptions_today=interruptions,
        presence=Presence.HOME,
        can_speak=True,
    )
    assert decision.outcome is Outcome.SILENT
