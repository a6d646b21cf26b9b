"""Motivation, pure: ten needs that decay into tension, and an execution gate that wants evidence.

The seed's numbers (Turing Pyramid): the needs table, the decay (floor, ceiling, half speed at
night), the Turing-exp tension formula, the action-probability table, action staleness, the
starvation guard, cross-need impact, the execution gate, spontaneity (layers A, B and C, capped,
never for the safety needs), a week of homeostasis and needs.yaml's closed schema. Fixed aware
instants and seeded random sources only: every run is the same run.
"""

from __future__ import annotations

import random
from collections import Counter
from datetime import UTC, datetime, timedelta
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from custom_components.shelldon.core.needs.needs import (
    DEFER_REST,
    SURPLUS_BASE,
    SURPLUS_THRESHOLD,
    Proposal,
    Pyramid,
    action_probability,
    tension,
)
from custom_components.shelldon.core.needs.needs_file import needs_to_data, parse_needs
from custom_components.shelldon.core.needs.needs_state import CEILING, FLOOR, NeedsState, Pending
from custom_components.shelldon.core.needs.night import night_hours
from custom_components.shelldon.core.needs.ten_needs import (
    CROSS_IMPACT,
    DEFAULT_NEEDS,
    IMPACT,
    SAFETY,
    SECOND,
)
from tests.core._support import AMS, NOON_AMS, PROPERTY

NAMES = tuple(n.name for n in DEFAULT_NEEDS)
SEED_TABLE = {
    "security": (10, 168),
    "integrity": (9, 72),
    "coherence": (8, 24),
    "closure": (7, 12),
    "autonomy": (6, 36),
    "connection": (5, 8),
    "competence": (4, 36),
    "understanding": (4, 8),
    "recognition": (2, 48),
    "expression": (1, 8),
}
SEED_CROSS_IMPACT = {
    "expression": {"recognition": 0.25},
    "connection": {"expression": 0.20},
    "competence": {"recognition": 0.30},
    "autonomy": {"integrity": 0.20},
    "closure": {"coherence": 0.20},
    "security": {"autonomy": 0.10},
}


def _at(day: int, hour: int, minute: int = 0) -> datetime:
    """A winter instant in Amsterdam (January 2024, far from any DST change)."""
    return datetime(2024, 1, day, hour, minute, tzinfo=AMS)


def _state(
    now: datetime = NOON_AMS, satisfaction: float = 2.5, **levels: float
) -> tuple[Pyramid, NeedsState]:
    """The default pyramid and a state at `now` with every need at `satisfaction` (or `levels`)."""
    pyramid = Pyramid()
    state = NeedsState.fresh(pyramid.needs, now, satisfaction)
    state.satisfaction.update(levels)
    return pyramid, state


def _block_all_but(state: NeedsState, keep: str, now: datetime) -> None:
    """Every other need has an action pending (and so is blocked)."""
    for name in NAMES:
        if name != keep:
            state.pending[name] = Pending(name, "x", now)


class RecordingRandom(random.Random):
    """A seeded random source that remembers the weights each weighted choice was given."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.weights: list[list[float]] = []

    def choices(self, population: Any, weights: Any = None, **kwargs: Any) -> list[Any]:
        self.weights.append(list(weights))
        return super().choices(population, weights=weights, **kwargs)


# ---------------------------------------------------------------------- the table


def test_the_ten_needs_have_the_seeds_importance_and_decay() -> None:
    assert {n.name: (n.importance, n.decay_hours) for n in DEFAULT_NEEDS} == SEED_TABLE
    assert tuple(SEED_TABLE) == NAMES, "in the seed's order, most important first"
    assert all(n.actions for n in DEFAULT_NEEDS), "every need can do something"
    assert all(a.impact in IMPACT for n in DEFAULT_NEEDS for a in n.actions)
    assert {"security", "integrity", "coherence"} == SAFETY
    assert (FLOOR, CEILING) == (0.5, 3.0)


def test_the_cross_need_impact_table_is_the_seeds() -> None:
    assert CROSS_IMPACT == SEED_CROSS_IMPACT


# ---------------------------------------------------------------------- decay


def test_by_day_satisfaction_falls_one_unit_per_decay_period() -> None:
    pyramid, state = _state(_at(10, 8))
    pyramid.decay(state, _at(10, 12))  # four daytime hours
    for need in DEFAULT_NEEDS:
        assert state.satisfaction[need.name] == pytest.approx(2.5 - 4 / need.decay_hours)
    assert state.satisfaction["expression"] == pytest.approx(2.0)
    assert state.satisfaction["connection"] == pytest.approx(2.0)
    assert state.satisfaction["closure"] == pytest.approx(2.5 - 1 / 3)
    assert state.updated == _at(10, 12)


def test_satisfaction_is_floored_at_half_and_capped_at_three() -> None:
    pyramid, state = _state(_at(10, 8))
    pyramid.decay(state, _at(10, 8) + timedelta(days=60))
    assert set(state.satisfaction.values()) == {FLOOR}, "never below the floor"
    assert set(state.floor_since) == set(NAMES), "each need knows since when it starves"

    pyramid, state = _state(_at(10, 8), satisfaction=3.7)
    pyramid.decay(state, _at(10, 8, 1))
    assert max(state.satisfaction.values()) <= CEILING, "never above the ceiling"

    pyramid, state = _state(_at(10, 8), expression=2.9)
    state.pending["expression"] = Pending("expression", "muse", _at(10, 8))
    pyramid.resolve(state, "expression", "wrote a musing", _at(10, 8))
    assert state.satisfaction["expression"] == CEILING, "an act past the ceiling stops there"


def test_at_night_needs_fade_at_half_speed() -> None:
    pyramid, state = _state(_at(10, 22))
    pyramid.decay(state, _at(11, 6))  # the whole night, 22:00-06:00
    assert state.satisfaction["expression"] == pytest.approx(2.0), "8 h of night: half a unit"
    assert state.satisfaction["connection"] == pytest.approx(2.0)

    pyramid, state = _state(_at(10, 20))
    pyramid.decay(state, _at(11, 8))  # 2 h evening + 8 h night + 2 h morning = 8 h effective
    assert state.satisfaction["expression"] == pytest.approx(1.5)

    slow = Pyramid(night_decay=1.0)
    state = NeedsState.fresh(slow.needs, _at(10, 22))
    slow.decay(state, _at(11, 6))
    assert state.satisfaction["expression"] == pytest.approx(1.5), "night_decay 1: no night mode"


@pytest.mark.parametrize(
    ("start", "end", "hours"),
    [
        (_at(10, 12), _at(10, 18), 0.0),
        (_at(10, 21, 30), _at(10, 22, 30), 0.5),
        (_at(10, 21, 45), _at(10, 22, 15), 0.25),
        (_at(10, 23), _at(11, 1), 2.0),  # over midnight
        (_at(10, 23, 40), _at(11, 0, 20), 2 / 3),  # over midnight, off the hour
        (_at(11, 5, 30), _at(11, 6, 30), 0.5),
        (_at(10, 20), _at(11, 8), 8.0),
        (_at(10, 22), _at(11, 6), 8.0),
        (_at(10, 12), _at(11, 12), 8.0),
        (_at(10, 12), _at(13, 12), 24.0),
        (_at(10, 12), _at(10, 12), 0.0),
        (_at(10, 12), _at(10, 11), 0.0),
    ],
)
def test_night_hours(start: datetime, end: datetime, hours: float) -> None:
    assert night_hours(start, end) == pytest.approx(hours)


@given(
    first=st.floats(min_value=0.0, max_value=200.0),
    second=st.floats(min_value=0.0, max_value=200.0),
    start=st.floats(min_value=0.5, max_value=3.0),
    offset=st.floats(min_value=0.0, max_value=24.0),
)
@PROPERTY
def test_decay_is_monotone_and_time_additive(
    first: float, second: float, start: float, offset: float
) -> None:
    t0 = _at(8, 0) + timedelta(hours=offset)
    t1 = t0 + timedelta(hours=first)
    t2 = t1 + timedelta(hours=second)
    pyramid, stepped = _state(t0, start)
    _, straight = _state(t0, start)
    pyramid.decay(stepped, t1)
    at_t1 = dict(stepped.satisfaction)
    pyramid.decay(stepped, t2)
    pyramid.decay(straight, t2)
    for name in NAMES:
        assert at_t1[name] <= start, "decay never raises satisfaction"
        assert stepped.satisfaction[name] <= at_t1[name], "later is never better"
        assert stepped.satisfaction[name] == pytest.approx(straight.satisfaction[name], abs=1e-9)


def test_decay_never_goes_back_in_time() -> None:
    pyramid, state = _state(_at(10, 12))
    pyramid.decay(state, _at(10, 10))
    assert state.satisfaction == dict.fromkeys(NAMES, 2.5)
    assert state.updated == _at(10, 12)


# ---------------------------------------------------------------------- tension


@pytest.mark.parametrize("satisfaction", [2.0, 2.1, 2.5, 2.9, 3.0])
def test_at_homeostasis_every_need_has_the_same_tension(satisfaction: float) -> None:
    tensions = {tension(satisfaction, importance) for importance in range(1, 11)}
    assert len(tensions) == 1, "importance does not matter while nothing is in crisis"
    assert tensions.pop() == pytest.approx((3.0 - satisfaction) ** 2)
    _, state = _state(satisfaction=satisfaction)
    assert len({round(t, 12) for t in Pyramid().tensions(state).values()}) == 1


def test_in_a_double_crisis_security_is_far_more_tense_than_expression() -> None:
    pyramid, state = _state(security=0.8, expression=0.8)
    tensions = pyramid.tensions(state)
    assert tensions["security"] == pytest.approx(2.2**2 + 10 * 1.2**2)  # 19.24
    assert tensions["expression"] == pytest.approx(2.2**2 + 1 * 1.2**2)  # 6.28
    assert tensions["security"] > 3 * tensions["expression"]
    assert pyramid.top(state) == "security"


@pytest.mark.parametrize(
    ("satisfaction", "importance", "threshold", "expected"),
    [
        (3.0, 10, 1.0, 0.0),
        (2.5, 10, 1.0, 0.25),
        (2.0, 10, 1.0, 1.0),
        (1.5, 5, 1.0, 2.25 + 5 * 0.25),
        (1.0, 5, 1.0, 4.0 + 5 * 1.0),
        (0.5, 10, 1.0, 6.25 + 10 * 2.25),
        (0.5, 1, 1.0, 6.25 + 2.25),
        (2.0, 10, 0.5, 1.0 + 10 * 0.25),
    ],
)
def test_the_tension_formula(
    satisfaction: float, importance: int, threshold: float, expected: float
) -> None:
    assert tension(satisfaction, importance, threshold) == pytest.approx(expected)


def test_the_crisis_threshold_setting_moves_where_the_hierarchy_starts() -> None:
    _, state = _state(security=1.8, expression=1.8)
    assert Pyramid().tensions(state)["security"] == pytest.approx(1.44 + 10 * 0.04)
    early = Pyramid(crisis_threshold=0.5)
    assert early.tensions(state)["security"] == pytest.approx(1.44 + 10 * 0.49)


# ---------------------------------------------------------------------- action probability


@pytest.mark.parametrize(
    ("satisfaction", "probability"),
    [(0.5, 1.0), (1.0, 0.9), (1.5, 0.75), (2.0, 0.5), (2.5, 0.25), (3.0, 0.0)],
)
def test_the_seeds_probability_table(satisfaction: float, probability: float) -> None:
    assert action_probability(satisfaction) == pytest.approx(probability, abs=1e-12)


@pytest.mark.parametrize(
    ("satisfaction", "probability"),
    [(0.75, 0.95), (1.25, 0.825), (1.75, 0.625), (2.25, 0.375), (2.75, 0.125), (0.0, 1.0)],
)
def test_between_the_table_points_it_interpolates(satisfaction: float, probability: float) -> None:
    assert action_probability(satisfaction) == pytest.approx(probability)


def test_the_probability_falls_monotonically_from_certain_to_never() -> None:
    grid = [0.5 + i * 0.01 for i in range(251)]
    values = [action_probability(s) for s in grid]
    assert all(a >= b for a, b in pairwise(values))
    assert values[0] == 1.0 and values[-1] == pytest.approx(0.0, abs=1e-12)
    assert action_probability(3.5) == 0.0


# ---------------------------------------------------------------------- staleness


def test_every_need_has_two_concrete_actions_its_first_favoured() -> None:
    for need in DEFAULT_NEEDS:
        assert len(need.actions) == 2, need.name
        first, second = need.actions
        assert first.weight == 1.0 and second.weight == SECOND < 1.0
        assert len({a.name for n in DEFAULT_NEEDS for a in n.actions}) == 20


def _expression_only(pyramid: Pyramid, now: datetime) -> NeedsState:
    state = NeedsState.fresh(pyramid.needs, now)
    state.satisfaction["expression"] = FLOOR  # always acts
    _block_all_but(state, "expression", now)
    return state


def test_an_action_chosen_within_a_day_keeps_a_fifth_of_its_weight() -> None:
    pyramid = Pyramid()  # expression: muse (1.0) or describe_mood (0.7)
    now = _at(10, 12)

    rng = RecordingRandom(1)
    state = _expression_only(pyramid, now)
    state.action_chosen["expression.muse"] = now - timedelta(hours=23)
    proposal = pyramid.choose(state, now, rng)
    assert proposal is not None and proposal.need == "expression"
    assert rng.weights == [[pytest.approx(0.2), SECOND]], "muse was chosen 23 h ago"

    rng = RecordingRandom(1)
    state = _expression_only(pyramid, now)
    state.action_chosen["expression.muse"] = now - timedelta(hours=25)
    pyramid.choose(state, now, rng)
    assert rng.weights == [[1.0, SECOND]], "a day later it is fresh again"


def test_staleness_steers_the_choice_towards_the_other_action() -> None:
    pyramid = Pyramid()
    now = _at(10, 12)
    rng = random.Random(7)
    picks: Counter[str] = Counter()
    for _ in range(3000):
        state = _expression_only(pyramid, now)
        state.action_chosen["expression.muse"] = now - timedelta(hours=1)
        proposal = pyramid.choose(state, now, rng)
        assert proposal is not None
        picks[proposal.action.name] += 1
        assert state.action_chosen[f"expression.{proposal.action.name}"] == now
    share = picks["muse"] / 3000
    assert 0.18 < share < 0.27, f"0.2/0.9 expected, got {picks}"


def test_over_a_week_of_cycles_both_actions_of_a_need_get_chosen() -> None:
    pyramid = Pyramid()
    state = _expression_only(pyramid, _at(10, 0))
    rng = random.Random(11)
    picks: Counter[str] = Counter()
    for hour in range(7 * 24):
        now = _at(10, 0) + timedelta(hours=hour)
        state.satisfaction["expression"] = FLOOR
        _block_all_but(state, "expression", now)
        proposal = pyramid.choose(state, now, rng)
        assert proposal is not None
        picks[proposal.action.name] += 1
        pyramid.resolve(state, "expression", "journal line written", now)
    assert set(picks) == {"muse", "describe_mood"}
    assert min(picks.values()) > 7 * 24 / 4, picks  # staleness keeps them alternating


def test_custom_weights_from_needs_yaml_steer_the_choice() -> None:
    pyramid = parse_needs({"needs": {"expression": {"weights": {"muse": 4}}}})
    assert pyramid.by_name("expression").actions[0].weight == 4.0
    rng = RecordingRandom(3)
    pyramid.choose(_expression_only(pyramid, _at(10, 12)), _at(10, 12), rng)
    assert rng.weights == [[4.0, SECOND]]


def test_weight_zero_switches_an_action_off() -> None:
    pyramid = parse_needs({"needs": {"expression": {"weights": {"muse": 0}}}})
    rng = random.Random(5)
    for _ in range(200):
        proposal = pyramid.choose(_expression_only(pyramid, _at(10, 12)), _at(10, 12), rng)
        assert proposal is not None and proposal.action.name == "describe_mood"


def test_an_action_that_cannot_be_done_now_is_not_offered() -> None:
    pyramid = Pyramid()
    now = _at(10, 12)
    for seed in range(50):
        proposal = pyramid.choose(
            _expression_only(pyramid, now), now, random.Random(seed), off={"muse"}
        )
        assert proposal is not None and proposal.action.name == "describe_mood"
    both = {"muse", "describe_mood"}
    assert pyramid.choose(_expression_only(pyramid, now), now, random.Random(1), both) is None


def test_a_need_with_every_action_switched_off_never_acts_even_starved() -> None:
    pyramid = parse_needs({"needs": {"expression": {"weights": {"muse": 0, "describe_mood": 0}}}})
    now = _at(12, 12)
    for seed in range(50):
        state = _expression_only(pyramid, now)
        state.floor_since = {"expression": now - timedelta(days=5)}
        assert pyramid.choose(state, now, random.Random(seed)) is None


# ---------------------------------------------------------------------- the starvation guard


def test_a_need_starved_at_the_floor_for_two_days_is_proposed_first_and_forced() -> None:
    now = _at(12, 12)
    pyramid, state = _state(now, security=FLOOR, expression=FLOOR)
    state.floor_since = {
        "security": now - timedelta(hours=1),
        "expression": now - timedelta(hours=48),
    }
    for seed in range(20):
        trial = NeedsState.from_dict(state.to_dict(), pyramid.needs, now)
        proposal = pyramid.choose(trial, now, random.Random(seed))
        assert proposal is not None
        assert (proposal.need, proposal.forced, proposal.probability) == ("expression", True, 1.0)
        assert trial.pending["expression"].forced

        assert pyramid.defer(trial, "expression", "not now", now) is False, "never deferrable"
        assert "expression" in trial.pending and trial.deferred == 0
        assert pyramid.resolve(trial, "expression", "wrote it", now), "but it can be done"
        assert trial.satisfaction["expression"] > FLOOR
        assert "expression" not in trial.floor_since


def test_the_guard_waits_for_the_full_two_days_and_for_two_days_without_action() -> None:
    now = _at(12, 12)
    pyramid, state = _state(now, expression=FLOOR)
    state.floor_since = {"expression": now - timedelta(hours=47, minutes=59)}
    proposal = pyramid.choose(state, now, random.Random(0))
    assert proposal is not None and not proposal.forced, "not yet 48 h"

    pyramid, state = _state(now, expression=FLOOR)
    state.floor_since = {"expression": now - timedelta(hours=72)}
    state.last_acted = {"expression": now - timedelta(hours=10)}
    proposal = pyramid.choose(state, now, random.Random(0))
    assert proposal is not None and not proposal.forced, "it was acted on 10 h ago"


def test_a_need_decaying_to_the_floor_hourly_is_forced_two_days_later() -> None:
    pyramid, state = _state(_at(8, 12))
    now = _at(8, 12)
    while "connection" not in state.floor_since:  # a cycle an hour, nothing resolved
        now += timedelta(hours=1)
        pyramid.decay(state, now)
    reached = state.floor_since["connection"]
    # 2 units at 8 h each, with the night at half speed: the floor 20 h after noon.
    assert reached == _at(9, 8)
    _block_all_but(state, "connection", reached)
    almost = pyramid.choose(state, reached + timedelta(hours=47), random.Random(0))
    assert almost is not None and not almost.forced
    del state.pending["connection"]
    proposal = pyramid.choose(state, reached + timedelta(hours=48), random.Random(0))
    assert proposal is not None and (proposal.need, proposal.forced) == ("connection", True)


# ---------------------------------------------------------------------- the execution gate


@pytest.mark.parametrize("need", sorted(SEED_CROSS_IMPACT))
def test_resolving_with_evidence_marks_the_need_and_its_cross_impact(need: str) -> None:
    now = _at(10, 12)
    pyramid, state = _state(now, satisfaction=1.0)
    action = pyramid.by_name(need).actions[0]
    state.pending[need] = Pending(need, action.name, now)
    changes = pyramid.resolve(state, need, "I did it", now)
    expected = dict.fromkeys(NAMES, 1.0)
    expected[need] = 1.0 + IMPACT[action.impact]
    for other, boost in SEED_CROSS_IMPACT[need].items():
        expected[other] = 1.0 + boost
    assert state.satisfaction == pytest.approx(expected)
    assert [(c.need, c.before, c.after) for c in changes] == [
        (need, 1.0, pytest.approx(expected[need])),
        *((other, 1.0, pytest.approx(expected[other])) for other in SEED_CROSS_IMPACT[need]),
    ]
    assert changes[0].reason == f"{action.name}: I did it"
    assert changes[1].reason == f"cross-impact of {need}"
    assert (state.resolved, state.self_reports) == (1, 0)
    assert state.last_acted[need] == now and need not in state.pending


def test_the_impact_levels() -> None:
    assert IMPACT == {"low": 0.5, "mid": 1.0, "high": 1.6}
    now = _at(10, 12)
    pyramid, state = _state(now, satisfaction=1.0)
    for need in ("recognition", "understanding", "connection"):  # low, mid, high
        state.pending[need] = Pending(need, pyramid.by_name(need).actions[0].name, now)
        pyramid.resolve(state, need, "done", now)
    assert state.satisfaction["recognition"] == pytest.approx(1.5)
    assert state.satisfaction["understanding"] == pytest.approx(2.0)
    assert state.satisfaction["connection"] == pytest.approx(2.6)


def test_a_bare_claim_marks_nothing_and_is_counted_as_a_self_report() -> None:
    now = _at(10, 12)
    pyramid, state = _state(now, satisfaction=1.5)
    state.pending["expression"] = Pending("expression", "muse", now)
    state.proposed = 1
    assert pyramid.resolve(state, "expression", "I wrote one, trust me", now, trusted=False) == []
    assert state.satisfaction == dict.fromkeys(NAMES, 1.5), "no need moved, no cross-impact"
    assert (state.resolved, state.self_reports) == (0, 1)
    assert "expression" not in state.pending, "the gate is clear again"
    assert state.execution_rate == 0.0


def test_resolving_what_is_not_pending_does_nothing() -> None:
    pyramid, state = _state()
    assert pyramid.resolve(state, "expression", "evidence", NOON_AMS) == []
    assert pyramid.defer(state, "expression", "why", NOON_AMS) is False
    assert state.satisfaction == dict.fromkeys(NAMES, 2.5)
    assert (state.resolved, state.deferred, state.self_reports) == (0, 0, 0)


def test_the_execution_rate_is_resolved_with_evidence_over_proposed() -> None:
    now = _at(10, 12)
    pyramid, state = _state(now, satisfaction=FLOOR)
    assert state.execution_rate is None, "nothing proposed yet"
    rng = random.Random(5)
    proposed = [pyramid.choose(state, now, rng) for _ in range(4)]
    assert all(p is not None for p in proposed)
    names = [p.need for p in proposed if p is not None]
    assert len(set(names)) == 4 and state.proposed == 4
    pyramid.resolve(state, names[0], "a file", now)
    pyramid.resolve(state, names[1], "a file", now)
    pyramid.resolve(state, names[2], "trust me", now, trusted=False)
    assert pyramid.defer(state, names[3], "no time", now)
    assert (state.proposed, state.resolved, state.self_reports, state.deferred) == (4, 2, 1, 1)
    assert state.execution_rate == 0.5


def test_a_pending_action_blocks_its_need_until_resolved_or_deferred() -> None:
    now = _at(10, 12)
    pyramid, state = _state(now, satisfaction=FLOOR)  # every need would act
    rng = random.Random(11)
    seen = []
    for minutes in range(0, 30 * 14, 30):
        proposal = pyramid.choose(state, now + timedelta(minutes=minutes), rng)
        if proposal is not None:
            seen.append(proposal.need)
    assert sorted(seen) == sorted(NAMES), "each need once: a pending need is never proposed"
    assert set(state.pending) == set(NAMES)
    later = now + timedelta(hours=8)
    assert pyramid.choose(state, later, rng) is None, "everything is pending: nothing new"

    assert pyramid.defer(state, "understanding", "nothing on my shelf", later) is True
    assert state.deferred == 1 and "understanding" not in state.pending
    assert "understanding" not in state.last_acted, "a deferral is not an act"
    assert pyramid.choose(state, later, rng) is None, "a deferred need rests a while"
    assert pyramid.choose(state, later + DEFER_REST - timedelta(minutes=1), rng) is None
    again = pyramid.choose(state, later + DEFER_REST, rng)
    assert again is not None and again.need == "understanding", "then it is free to come back"


# ---------------------------------------------------------------------- spontaneity


def test_boredom_grows_a_point_an_hour_up_to_nine_percent() -> None:
    pyramid, state = _state(_at(10, 8))
    pyramid.decay(state, _at(10, 11))
    assert state.boredom == pytest.approx(0.03)
    pyramid.decay(state, _at(12, 11))
    assert state.boredom == pytest.approx(0.09)
    assert pyramid.spontaneity(state, "expression", _at(12, 11)) == pytest.approx(0.09)


def test_the_echo_of_a_spontaneous_act_is_eight_percent_fading_over_a_day() -> None:
    pyramid, state = _state(_at(10, 8))
    state.echo_at = _at(10, 8)
    assert pyramid.spontaneity(state, "expression", _at(10, 8)) == pytest.approx(0.08)
    assert pyramid.spontaneity(state, "expression", _at(10, 20)) == pytest.approx(0.04)
    assert pyramid.spontaneity(state, "expression", _at(11, 8)) == pytest.approx(0.0)
    assert pyramid.spontaneity(state, "expression", _at(12, 8)) == pytest.approx(0.0)


def test_context_boosts_a_need_once_and_the_proposal_uses_it_up() -> None:
    now = _at(10, 8)
    pyramid, state = _state(now, satisfaction=CEILING)
    pyramid.nudge_context(state, "understanding")
    pyramid.nudge_context(state, "understanding")
    assert pyramid.spontaneity(state, "understanding", now) == pytest.approx(0.10), "capped"
    assert pyramid.spontaneity(state, "expression", now) == 0.0
    _block_all_but(state, "understanding", now)
    rng = random.Random(0)
    proposal = None
    for _ in range(200):
        proposal = pyramid.choose(state, now, rng)
        if proposal is not None:
            break
    assert proposal is not None and proposal.need == "understanding" and proposal.spontaneous
    assert "understanding" not in state.context, "the boost is spent by the proposal"


def test_all_spontaneity_together_is_capped_at_twelve_percent() -> None:
    now = _at(10, 8)
    pyramid, state = _state(now)
    state.boredom, state.echo_at = 0.09, now
    pyramid.nudge_context(state, "understanding")
    assert pyramid.spontaneity(state, "understanding", now) == pytest.approx(0.12)
    assert pyramid.spontaneity(state, "expression", now) == pytest.approx(0.12)


@pytest.mark.parametrize("need", sorted(SAFETY))
def test_there_is_no_spontaneity_for_the_safety_needs(need: str) -> None:
    now = _at(10, 8)
    pyramid, state = _state(now)
    state.boredom, state.echo_at = 0.09, now
    pyramid.nudge_context(state, need)
    assert pyramid.spontaneity(state, need, now) == 0.0
    assert need not in state.context


def test_noise_never_proposes_a_safety_need() -> None:
    """At the ceiling nothing acts by need; what still acts is noise, and never a safety need."""
    now = _at(10, 8)
    pyramid = Pyramid()
    rng = random.Random(2024)
    fired: Counter[str] = Counter()
    for _ in range(2000):
        state = NeedsState.fresh(pyramid.needs, now, CEILING)
        state.boredom, state.echo_at = 0.09, now
        proposal = pyramid.choose(state, now, rng)
        if proposal is not None:
            assert proposal.spontaneous
            fired[proposal.need] += 1
    assert fired, "noise does fire now and then"
    assert not set(fired) & SAFETY, f"safety needs proposed by noise: {fired}"
    rate = sum(fired.values()) / 2000
    cap = 1 - (1 - 0.12) ** 7  # seven non-safety needs, each roll capped at 12 %
    assert 0.3 < rate <= cap + 0.03, f"{rate:.3f} vs the cap {cap:.3f}"


def _surplus_state(now: datetime) -> tuple[Pyramid, NeedsState]:
    pyramid, state = _state(now, satisfaction=CEILING)  # nothing would act by need
    state.surplus = SURPLUS_THRESHOLD
    state.boredom = 0.05
    return pyramid, state


def test_a_surplus_over_the_threshold_fires_one_spontaneous_proposal_and_resets() -> None:
    now = _at(10, 8)
    for seed in range(40):
        pyramid, state = _surplus_state(now)
        proposal = pyramid.choose(state, now, random.Random(seed))
        assert proposal is not None and proposal.spontaneous and not proposal.forced
        assert proposal.need not in SAFETY
        assert proposal.probability == 1.0
        assert state.surplus == 0.0, "spent"
        assert state.echo_at == now, "its echo starts now"
        assert state.boredom == 0.0
        assert list(state.pending) == [proposal.need], "one proposal"


def test_surplus_builds_from_comfort_above_the_base() -> None:
    pyramid, state = _state(_at(10, 8), satisfaction=CEILING)
    pyramid.decay(state, _at(10, 9))
    assert state.surplus > 0
    pyramid, state = _state(_at(10, 8), satisfaction=SURPLUS_BASE - 0.01)
    pyramid.decay(state, _at(10, 20))
    assert state.surplus == 0.0, "below the base nothing accumulates"


def test_layer_a_pulses_about_every_day_and_a_half_at_homeostasis() -> None:
    """The seed's rhythm: a surplus fire every ~28-35 h when every act lands."""
    pyramid = Pyramid()
    now = _at(2, 8)
    state = NeedsState.fresh(pyramid.needs, now)
    rng = random.Random(3)
    fires = []
    for _ in range(24 * 28):
        now += timedelta(hours=1)
        proposal = pyramid.choose(state, now, rng)
        if proposal is not None:
            if proposal.spontaneous and proposal.probability == 1.0 and not proposal.forced:
                fires.append(now)
            pyramid.resolve(state, proposal.need, "done, with evidence", now)
    gaps = [(b - a) / timedelta(hours=1) for a, b in pairwise(fires)]
    mean = sum(gaps) / len(gaps)
    assert 24 <= mean <= 40, f"a Layer A fire every {mean:.1f} h on average"


def test_the_surplus_fires_a_high_impact_proposal() -> None:
    now = _at(10, 8)
    impacts = Counter()
    for seed in range(40):
        pyramid, state = _surplus_state(now)
        proposal = pyramid.choose(state, now, random.Random(seed))
        assert proposal is not None
        impacts[proposal.action.impact] += 1
    assert set(impacts) == {"high"}, f"impacts of surplus proposals: {dict(impacts)}"


# ---------------------------------------------------------------------- homeostasis and crisis


def test_a_deferred_need_rests_even_from_the_surplus() -> None:
    now = _at(10, 8)
    pyramid, state = _state(now, satisfaction=CEILING)
    _block_all_but(state, "expression", now)
    state.pending["expression"] = Pending("expression", "muse", now)
    assert pyramid.defer(state, "expression", "nothing to say", now)
    state.surplus = SURPLUS_THRESHOLD
    proposal = pyramid.choose(state, now + timedelta(minutes=1), random.Random(0))
    assert proposal is None, f"{proposal} one minute after the deferral"


def _simulate_week(seed: int) -> tuple[list[Proposal], NeedsState]:
    pyramid = Pyramid()
    now = _at(8, 0)
    state = NeedsState.fresh(pyramid.needs, now)
    rng = random.Random(seed)
    proposals = []
    for _ in range(7 * 48):
        now += timedelta(minutes=30)
        proposal = pyramid.choose(state, now, rng)
        if proposal is not None:
            proposals.append(proposal)
            assert pyramid.resolve(state, proposal.need, "done, with evidence", now) or (
                state.satisfaction[proposal.need] == CEILING
            )
    return proposals, state


def test_a_week_of_homeostasis_gives_every_need_its_turn() -> None:
    proposals, state = _simulate_week(42)
    counts = Counter(p.need for p in proposals)
    assert set(counts) == set(NAMES), f"proposals per need over a week: {dict(counts)}"
    assert state.proposed == state.resolved == len(proposals), dict(counts)
    assert state.execution_rate == 1.0
    assert not any(p.forced for p in proposals), "nobody starved"
    assert min(state.satisfaction.values()) > 2.0, f"still at homeostasis: {state.satisfaction}"
    # Even rotation at homeostasis: the most important need does not crowd out the least.
    assert counts["expression"] > counts["security"], dict(counts)


def test_the_week_is_deterministic_for_a_seed() -> None:
    first, _ = _simulate_week(42)
    second, _ = _simulate_week(42)
    assert [(p.need, p.action.name, p.spontaneous) for p in first] == [
        (p.need, p.action.name, p.spontaneous) for p in second
    ]
    other, _ = _simulate_week(43)
    assert [p.need for p in other] != [p.need for p in first], "the seed matters"


def test_in_a_double_crisis_security_is_proposed_first() -> None:
    now = _at(10, 12)
    for seed in range(30):
        pyramid, state = _state(now, security=FLOOR, expression=FLOOR)
        proposal = pyramid.choose(state, now, random.Random(seed))
        assert proposal is not None
        assert (proposal.need, proposal.forced) == ("security", False), f"seed {seed}"
        second = pyramid.choose(state, now, random.Random(seed))
        assert second is not None and second.need == "expression", "then the other crisis"


# ---------------------------------------------------------------------- needs.yaml


def test_needs_yaml_data_round_trips() -> None:
    assert parse_needs(needs_to_data(Pyramid())) == Pyramid()
    assert parse_needs({}) == Pyramid(), "an empty file is the defaults"
    assert parse_needs({"needs": None, "settings": None}) == Pyramid()
    custom = parse_needs(
        {
            "needs": {
                "understanding": {"importance": 8, "decay_hours": 6},
                "expression": {"weights": {"muse": 2.5}},
            },
            "settings": {"crisis_threshold": 0.5, "night_decay": 1, "starvation_hours": 24},
        }
    )
    assert custom.by_name("understanding").importance == 8
    assert custom.by_name("understanding").decay_hours == 6.0
    assert custom.by_name("expression").actions[0].weight == 2.5
    assert (custom.crisis_threshold, custom.night_decay) == (0.5, 1.0)
    assert custom.starvation == timedelta(hours=24)
    assert parse_needs(needs_to_data(custom)) == custom
    data = needs_to_data(custom)
    assert list(data["needs"]) == list(NAMES)
    assert data["settings"] == {
        "crisis_threshold": 0.5,
        "night_decay": 1.0,
        "starvation_hours": 24.0,
    }


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (["needs"], "two keys"),
        ("needs", "two keys"),
        ({"needs": {}, "extra": 1}, "two keys"),
        ({"needs": ["security"]}, "map a need"),
        ({"needs": {"hunger": {"importance": 3}}}, "unknown need"),
        ({"needs": {"security": {"speed": 3}}}, "dials are"),
        ({"needs": {"security": 10}}, "dials are"),
        ({"needs": {"security": {"importance": 0}}}, "importance"),
        ({"needs": {"security": {"importance": 11}}}, "importance"),
        ({"needs": {"security": {"importance": 1.5}}}, "importance"),
        ({"needs": {"security": {"importance": True}}}, "importance"),
        ({"needs": {"security": {"importance": "10"}}}, "importance"),
        ({"needs": {"security": {"decay_hours": 0}}}, "decay_hours"),
        ({"needs": {"security": {"decay_hours": 0.5}}}, "decay_hours"),
        ({"needs": {"security": {"decay_hours": 9000}}}, "decay_hours"),
        ({"needs": {"security": {"decay_hours": True}}}, "decay_hours"),
        ({"needs": {"security": {"decay_hours": "8"}}}, "decay_hours"),
        ({"needs": {"security": {"weights": {"muse": 1}}}}, "weights"),
        ({"needs": {"security": {"weights": ["health_check"]}}}, "weights"),
        ({"needs": {"security": {"weights": {"health_check": -1}}}}, "weight"),
        ({"needs": {"security": {"weights": {"health_check": 11}}}}, "weight"),
        ({"needs": {"security": {"weights": {"health_check": True}}}}, "weight"),
        ({"settings": {"tempo": 1}}, "settings"),
        ({"settings": [1]}, "settings"),
        ({"settings": {"crisis_threshold": 3}}, "crisis_threshold"),
        ({"settings": {"crisis_threshold": -0.1}}, "crisis_threshold"),
        ({"settings": {"night_decay": 1.5}}, "night_decay"),
        ({"settings": {"night_decay": True}}, "night_decay"),
        ({"settings": {"starvation_hours": 0.5}}, "starvation_hours"),
        ({"settings": {"starvation_hours": 24 * 31}}, "starvation_hours"),
        ({"settings": {"starvation_hours": "48"}}, "starvation_hours"),
    ],
)
def test_needs_yaml_rejects_what_it_does_not_know(data: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_needs(data)


def test_parse_needs_rejects_none() -> None:
    with pytest.raises(ValueError):
        parse_needs(None)


# ---------------------------------------------------------------------- the state's round trip


def test_the_state_round_trips_through_plain_data() -> None:
    now = _at(10, 12)
    pyramid, state = _state(now, security=0.5, expression=2.9)
    state.last_acted = {"expression": now - timedelta(hours=2)}
    state.action_chosen = {"expression.muse": now - timedelta(hours=2)}
    state.floor_since = {"security": now - timedelta(hours=5)}
    state.pending = {"connection": Pending("connection", "reach_out", now, forced=True)}
    state.surplus, state.boredom, state.echo_at = 3.25, 0.04, now - timedelta(hours=1)
    state.context = {"understanding": 0.1}
    state.resting = {"closure": now + timedelta(hours=3)}
    state.proposed, state.resolved, state.deferred, state.self_reports = 9, 5, 2, 1
    back = NeedsState.from_dict(state.to_dict(), pyramid.needs, now)
    assert back == state
    assert back.to_dict() == state.to_dict()
    assert back.execution_rate == pytest.approx(5 / 9)


def test_a_pending_act_this_pet_cannot_do_is_dropped_on_restore() -> None:
    now = _at(10, 12)
    pyramid = Pyramid()
    data = NeedsState.fresh(pyramid.needs, now).to_dict()
    data["pending"] = {
        "security": {"action": "launch_rockets", "at": now.isoformat()},
        "expression": {"action": "muse", "at": now.isoformat(), "forced": "yes"},
    }
    back = NeedsState.from_dict(data, pyramid.needs, now)
    assert list(back.pending) == ["expression"]
    assert back.pending["expression"].forced is False, "only a real true forces"


@pytest.mark.parametrize("field", ["updated", "last_acted", "floor_since", "resting", "echo_at"])
def test_an_instant_without_its_zone_gives_a_fresh_state(field: str) -> None:
    now = _at(10, 12)
    pyramid = Pyramid()
    data = NeedsState.fresh(pyramid.needs, now).to_dict()
    data["satisfaction"]["security"] = 1.0
    naive = "2024-01-10T09:00:00"
    data[field] = naive if field in ("updated", "echo_at") else {"security": naive}
    back = NeedsState.from_dict(data, pyramid.needs, now)
    assert back.satisfaction["security"] == 2.5, "fresh: it could not be compared with the clock"


def test_the_state_from_data_is_clamped_filled_and_pruned() -> None:
    now = _at(10, 12)
    pyramid = Pyramid()
    data = NeedsState.fresh(pyramid.needs, now).to_dict()
    data["satisfaction"] = {"security": 9.0, "expression": -3, "hunger": 1.0}
    data["pending"] = {"hunger": {"action": "eat", "at": now.isoformat()}}
    back = NeedsState.from_dict(data, pyramid.needs, now)
    assert back.satisfaction["security"] == CEILING
    assert back.satisfaction["expression"] == FLOOR
    assert back.satisfaction["connection"] == 2.5, "a missing need starts comfortable"
    assert "hunger" not in back.satisfaction and back.pending == {}


@pytest.mark.parametrize(
    "garbage",
    [
        None,
        "needs",
        42,
        [],
        {},
        {"satisfaction": "full"},
        {"satisfaction": {"security": "high"}, "updated": "2024-01-10T12:00:00+01:00"},
        {"satisfaction": {}, "updated": "yesterday"},
        {"satisfaction": {}, "updated": "2024-01-10T12:00:00"},  # naive
        {
            "satisfaction": {},
            "updated": "2024-01-10T12:00:00+01:00",
            "pending": {"security": {"at": "2024-01-10T12:00:00+01:00"}},
        },
        {"satisfaction": {}, "updated": "2024-01-10T12:00:00+01:00", "counts": [1, 2, 3, 4, 5]},
    ],
)
def test_garbage_gives_a_fresh_state(garbage: Any) -> None:
    now = datetime(2024, 1, 10, 11, 0, tzinfo=UTC)
    pyramid = Pyramid()
    assert NeedsState.from_dict(garbage, pyramid.needs, now) == NeedsState.fresh(pyramid.needs, now)


def test_after_a_long_downtime_the_starvation_clock_starts_when_the_floor_was_reached() -> None:
    """Expression (8 h per unit) at 1.0 reaches the floor after 4 h of day; a look three days
    later dates the floor to then, so the guard is not two days late."""
    start = _at(10, 8)
    pyramid, state = _state(start, expression=1.0)
    pyramid.decay(state, _at(13, 8))
    since = state.floor_since["expression"]
    assert abs(since - _at(10, 12)) <= timedelta(minutes=1), since


def test_the_night_is_the_owners_and_elapsed_time_is_real_across_daylight_saving() -> None:
    # The spring-forward night in Amsterdam: 00:00 -> 04:00 local is 3 real hours, all night.
    night_start = datetime(2024, 3, 31, 0, 0, tzinfo=AMS)
    night_end = datetime(2024, 3, 31, 4, 0, tzinfo=AMS)
    assert night_hours(night_start, night_end) == pytest.approx(3.0)
    # Given in UTC, the hours are still counted on the owner's clock (the end's zone).
    day_in_utc = datetime(2024, 1, 10, 13, 0, tzinfo=UTC)  # 14:00 in Amsterdam
    assert night_hours(day_in_utc, day_in_utc.astimezone(AMS) + timedelta(hours=8)) == 0.0


def test_a_fresh_state_is_clamped() -> None:
    state = NeedsState.fresh(DEFAULT_NEEDS, NOON_AMS, 3.7)
    assert set(state.satisfaction.values()) == {CEILING}


def test_an_action_that_cannot_be_done_now_has_its_needs_other_act_stand_in_once() -> None:
    pyramid = Pyramid(DEFAULT_NEEDS)
    now = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    state = NeedsState.fresh(DEFAULT_NEEDS, now, satisfaction=FLOOR)
    state.pending["connection"] = Pending("connection", "reach_out", now)

    stand_in = pyramid.instead(state, "connection")
    assert stand_in is not None and stand_in.name == "think_of_owner"
    assert state.pending["connection"].action == "think_of_owner"
    assert pyramid.instead(state, "connection") is None, "once per proposal"

    [change, *_] = pyramid.resolve(state, "connection", "journal line written", now)
    assert change.after - change.before == pytest.approx(IMPACT["low"]), "its own impact"


def test_no_stand_in_when_the_other_act_is_switched_off_or_cannot_be_done() -> None:
    pyramid = Pyramid(DEFAULT_NEEDS)
    now = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    state = NeedsState.fresh(DEFAULT_NEEDS, now)
    state.pending["understanding"] = Pending("understanding", "read_shelf", now)
    assert pyramid.instead(state, "understanding", off={"study_world"}) is None
    assert state.pending["understanding"].action == "read_shelf"
