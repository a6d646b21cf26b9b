"""APPRAISE and DECIDE: cheap scores for every candidate, then one act or rest."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from custom_components.shelldon.core import defaults as d
from custom_components.shelldon.core.appraisal import (
    DREAM_SCORE,
    FLUSH_SCORE,
    GOAL_BASE,
    GOAL_RELEVANCE,
    LET_GO_AFTER,
    LET_GO_SCORE,
    MUSE_SCORE,
    RAMP,
    RUNNERS_UP,
    SIGNAL_ACTS,
    Act,
    Candidate,
    Impulses,
    appraise,
    decide,
    goal_score,
    moment_passed,
    ramp,
    relevance,
    time_sensitivity,
)
from custom_components.shelldon.core.goals import (
    Goal,
    GoalKind,
    GoalState,
    Provenance,
    Strategy,
)
from custom_components.shelldon.core.signals import BASE_SCORE, Signal, SignalKind
from tests.core._support import AMS, PROPERTY

NOW = datetime(2024, 1, 10, 12, 0, tzinfo=AMS)
HOUR = timedelta(hours=1)


def _goal(
    due: datetime | None = None,
    *,
    gid: str = "g1",
    text: str = "ask how the interview went",
    kind: GoalKind = GoalKind.REACH_OUT,
    provenance: Provenance = Provenance.MAINTENANCE,  # a promise is never weighed (see below)
    strategy: Strategy = Strategy.SINGLE_MINDED,
    state: GoalState = GoalState.OPEN,
) -> Goal:
    return Goal(gid, text, kind, provenance, strategy, NOW - 24 * HOUR, due, state)


def _signal(kind: SignalKind, seq: int = 1, **data) -> Signal:
    return Signal(kind, NOW, data, seq)


# --- signals --------------------------------------------------------------------------------


def test_owner_message_outranks_everything() -> None:
    agenda = [_signal(kind, seq) for seq, kind in enumerate(SignalKind, start=1)]
    goals = [_goal(NOW, provenance=p, gid=f"g{i}") for i, p in enumerate(GOAL_BASE, start=1)]
    impulses = Impulses(muse=True, flush=True, dream=True)
    candidates = appraise(agenda, goals, impulses, NOW)
    assert candidates[0].act is Act.ATTEND
    assert candidates[0].score == 1.0
    assert all(c.score < 1.0 for c in candidates[1:])


@pytest.mark.parametrize(
    ("kind", "act"),
    [
        (SignalKind.OWNER_MESSAGE, Act.ATTEND),
        (SignalKind.SUSPEND_GAP, Act.CATCH_UP),
        (SignalKind.RULING, Act.RULING),
        (SignalKind.SURPRISE, Act.SURPRISED),
        (SignalKind.PRESENCE, Act.NOTICE),
        (SignalKind.POWER, Act.NOTICE),
        (SignalKind.SHELF_DROP, Act.READ),
    ],
)
def test_signal_kinds_map_to_acts(kind: SignalKind, act: Act) -> None:
    [candidate] = appraise([_signal(kind, 7)], [], Impulses(), NOW)
    assert candidate.act is act
    assert candidate.score == BASE_SCORE[kind]
    assert candidate.ref == "s7"
    assert candidate.about == kind.value.replace("_", " ")


@pytest.mark.parametrize("kind", [SignalKind.TURN_COMMITTED, SignalKind.GOAL_DUE])
def test_some_signals_make_no_candidates(kind: SignalKind) -> None:
    assert kind not in SIGNAL_ACTS
    assert appraise([_signal(kind)], [], Impulses(), NOW) == []


def test_signal_about_comes_from_its_data() -> None:
    [candidate] = appraise([_signal(SignalKind.SURPRISE, about="the door")], [], Impulses(), NOW)
    assert candidate.about == "the door"


def test_signals_are_appraised_under_token_pressure() -> None:
    candidates = appraise(
        [_signal(SignalKind.OWNER_MESSAGE), _signal(SignalKind.PRESENCE, 2)],
        [],
        Impulses(token_pressure=5.0),
        NOW,
    )
    assert [c.act for c in candidates] == [Act.ATTEND, Act.NOTICE]


# --- goals: ramp and score ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hours_to_due", "expected"),
    [(48, 0.0), (13, 0.0), (12, 0.0), (9, 0.25), (6, 0.5), (3, 0.75), (0, 1.0), (-5, 1.0)],
)
def test_ramp(hours_to_due: float, expected: float) -> None:
    assert ramp(_goal(NOW + hours_to_due * HOUR), NOW) == pytest.approx(expected)
    assert RAMP == 12 * HOUR


def test_ramp_without_a_due_time_is_zero() -> None:
    assert ramp(_goal(None), NOW) == 0.0


@pytest.mark.parametrize(
    ("provenance", "base"),
    [
        (Provenance.REMIND_ME, 0.3),
        (Provenance.PROMISE, 0.25),
        (Provenance.MAINTENANCE, 0.3),
        (Provenance.ASK, 0.0),
    ],
)
def test_goal_score_is_base_plus_half_the_ramp(provenance: Provenance, base: float) -> None:
    assert GOAL_BASE[provenance] == base
    assert goal_score(_goal(None, provenance=provenance), NOW) == pytest.approx(base)
    assert goal_score(_goal(NOW + 20 * HOUR, provenance=provenance), NOW) == pytest.approx(base)
    assert goal_score(_goal(NOW + 6 * HOUR, provenance=provenance), NOW) == pytest.approx(
        base + 0.25
    )
    assert goal_score(_goal(NOW, provenance=provenance), NOW) == pytest.approx(base + 0.5)
    assert goal_score(_goal(NOW - 3 * HOUR, provenance=provenance), NOW) == pytest.approx(
        base + 0.5
    )


def test_relevance_by_provenance() -> None:
    assert relevance(_goal(provenance=Provenance.REMIND_ME)) == 0.9
    assert relevance(_goal(provenance=Provenance.PROMISE)) == 0.8
    assert relevance(_goal(provenance=Provenance.MAINTENANCE)) == 0.5
    assert set(GOAL_RELEVANCE) == set(Provenance) == set(GOAL_BASE)


def test_goal_candidate_carries_text_and_id() -> None:
    [candidate] = appraise([], [_goal(NOW, gid="g9")], Impulses(), NOW)
    assert candidate == Candidate(Act.REACH_OUT, 0.8, "ask how the interview went", "g9")


# --- restraint first, reach out on time -----------------------------------------------------


@pytest.mark.parametrize("provenance", [Provenance.REMIND_ME, Provenance.PROMISE])
@pytest.mark.parametrize("hours", [-72, -12, -1, 0, 1, 6, 9, 20])
def test_a_promise_is_never_a_candidate(provenance: Provenance, hours: int) -> None:
    """A promise is kept at its time by the keeper: never weighed, so nothing picks it up
    early (no reach-out nine hours before it is due) and nothing lets it go."""
    for strategy in Strategy:
        goal = _goal(NOW + hours * HOUR, provenance=provenance, strategy=strategy)
        assert goal.promise
        assert appraise([], [goal], Impulses(), NOW) == []


def test_a_goal_due_in_20_hours_rests_one_due_in_6_hours_acts() -> None:
    far = appraise([], [_goal(NOW + 20 * HOUR)], Impulses(), NOW)
    choice, runners = decide(far, d.ACT_THRESHOLD)
    assert choice is None
    assert runners == far

    near = appraise([], [_goal(NOW + 6 * HOUR)], Impulses(), NOW)
    choice, _ = decide(near, d.ACT_THRESHOLD)
    assert choice is not None
    assert choice.act is Act.REACH_OUT
    assert choice.score == pytest.approx(0.55)


# --- goals that are not candidates ----------------------------------------------------------


@pytest.mark.parametrize("provenance", list(Provenance))
def test_asks_never_become_candidates(provenance: Provenance) -> None:
    goal = _goal(NOW - HOUR, kind=GoalKind.ASK, provenance=provenance)
    assert appraise([], [goal], Impulses(), NOW) == []


@pytest.mark.parametrize("state", [GoalState.DONE, GoalState.DROPPED])
def test_settled_goals_are_not_candidates(state: GoalState) -> None:
    assert appraise([], [_goal(NOW, state=state)], Impulses(), NOW) == []


def test_considered_suppresses_a_goal_until_its_instant() -> None:
    goal = _goal(NOW)
    assert appraise([], [goal], Impulses(), NOW, {"g1": NOW + HOUR}) == []
    assert len(appraise([], [goal], Impulses(), NOW + HOUR, {"g1": NOW + HOUR})) == 1
    assert len(appraise([], [goal], Impulses(), NOW, {"g1": NOW - HOUR})) == 1
    assert len(appraise([], [goal], Impulses(), NOW, {"g2": NOW + HOUR})) == 1


# --- letting go -----------------------------------------------------------------------------


def test_open_minded_goal_twelve_hours_past_due_is_let_go() -> None:
    goal = _goal(NOW - LET_GO_AFTER, strategy=Strategy.OPEN_MINDED)
    assert moment_passed(goal, NOW)
    [candidate] = appraise([], [goal], Impulses(), NOW)
    assert (candidate.act, candidate.score, candidate.ref) == (Act.LET_GO, LET_GO_SCORE, "g1")
    assert LET_GO_AFTER == 12 * HOUR


def test_open_minded_goal_just_under_twelve_hours_past_due_is_still_a_reach_out() -> None:
    goal = _goal(NOW - LET_GO_AFTER + timedelta(seconds=1), strategy=Strategy.OPEN_MINDED)
    assert not moment_passed(goal, NOW)
    [candidate] = appraise([], [goal], Impulses(), NOW)
    assert candidate.act is Act.REACH_OUT


@pytest.mark.parametrize("strategy", [Strategy.BLIND, Strategy.SINGLE_MINDED])
def test_other_strategies_hold_on_past_due(strategy: Strategy) -> None:
    goal = _goal(NOW - 72 * HOUR, strategy=strategy)
    assert not moment_passed(goal, NOW)
    [candidate] = appraise([], [goal], Impulses(), NOW)
    assert candidate.act is Act.REACH_OUT


def test_open_minded_goal_without_due_is_never_let_go() -> None:
    assert not moment_passed(_goal(None, strategy=Strategy.OPEN_MINDED), NOW)


# --- impulses and token pressure ------------------------------------------------------------


def test_impulses_become_candidates() -> None:
    extra = Candidate(Act.NEED, 0.42, "stretch")
    candidates = appraise([], [], Impulses(muse=True, flush=True, dream=True, extra=(extra,)), NOW)
    assert {(c.act, c.score) for c in candidates} == {
        (Act.MUSE, MUSE_SCORE),
        (Act.FLUSH, FLUSH_SCORE),
        (Act.DREAM, DREAM_SCORE),
        (Act.NEED, 0.42),
    }


def test_no_impulses_no_candidates() -> None:
    assert appraise([], [], Impulses(), NOW) == []


@pytest.mark.parametrize("pressure", [1.0, 2.5])
def test_token_pressure_stops_goal_work_musing_and_dreaming(pressure: float) -> None:
    goals = [_goal(NOW), _goal(NOW - 24 * HOUR, gid="g2", strategy=Strategy.OPEN_MINDED)]
    impulses = Impulses(
        muse=True,
        dream=True,
        token_pressure=pressure,
        extra=(Candidate(Act.NEED, 0.9, "stretch"),),
    )
    candidates = appraise([_signal(SignalKind.RULING)], goals, impulses, NOW)
    assert [c.act for c in candidates] == [Act.RULING]


def test_token_pressure_does_not_stop_the_flush() -> None:
    """Keeping what matters from a finished conversation is not optional work."""
    candidates = appraise([], [], Impulses(flush=True, muse=True, token_pressure=1.0), NOW)
    assert [c.act for c in candidates] == [Act.FLUSH]


def test_token_pressure_just_under_one_keeps_goal_work() -> None:
    candidates = appraise([], [_goal(NOW)], Impulses(muse=True, token_pressure=0.999), NOW)
    assert {c.act for c in candidates} == {Act.REACH_OUT, Act.MUSE}


# --- decide ---------------------------------------------------------------------------------


def _cands(*scores: float) -> list[Candidate]:
    return [Candidate(Act.MUSE, s, f"c{s}") for s in scores]


def test_decide_picks_the_best_when_it_clears_the_threshold() -> None:
    candidates = _cands(0.9, 0.8, 0.7, 0.6, 0.5)
    choice, runners = decide(candidates, 0.4)
    assert choice == candidates[0]
    assert runners == candidates[1:4]
    assert RUNNERS_UP == 3


def test_decide_threshold_is_inclusive() -> None:
    choice, runners = decide(_cands(0.4, 0.1), 0.4)
    assert choice is not None
    assert choice.score == 0.4
    assert [c.score for c in runners] == [0.1]


def test_decide_rests_below_the_threshold() -> None:
    candidates = _cands(0.39, 0.3, 0.2, 0.1, 0.05)
    choice, runners = decide(candidates, 0.4)
    assert choice is None
    assert runners == candidates[:3]


def test_decide_with_nothing_rests() -> None:
    assert decide([], 0.4) == (None, [])


def test_candidate_to_dict() -> None:
    assert Candidate(Act.REACH_OUT, 0.123456, "water the plants", "g3").to_dict() == {
        "act": "reach_out",
        "score": 0.123,
        "about": "water the plants",
        "ref": "g3",
    }
    assert Candidate(Act.MUSE, 0.5, "hello").to_dict() == {
        "act": "muse",
        "score": 0.5,
        "about": "hello",
    }


# --- time sensitivity (gate 2) --------------------------------------------------------------


@pytest.mark.parametrize("hours_before", [48, 12, 6, 1, 0.01])
@pytest.mark.parametrize("strategy", list(Strategy))
def test_time_sensitivity_before_due_is_a_thought_not_a_call(
    hours_before: float, strategy: Strategy
) -> None:
    value = time_sensitivity(_goal(NOW + hours_before * HOUR, strategy=strategy), NOW)
    assert 0.0 <= value <= 0.25


def test_time_sensitivity_ramps_before_due() -> None:
    assert time_sensitivity(_goal(NOW + 6 * HOUR), NOW) == pytest.approx(0.125)
    assert time_sensitivity(_goal(NOW + 20 * HOUR), NOW) == 0.0


@pytest.mark.parametrize("strategy", list(Strategy))
def test_time_sensitivity_at_due_is_one(strategy: Strategy) -> None:
    assert time_sensitivity(_goal(NOW, strategy=strategy), NOW) == 1.0


@pytest.mark.parametrize(
    ("hours_after", "expected"), [(0, 1.0), (3, 0.75), (6, 0.5), (12, 0.0), (30, 0.0)]
)
def test_open_minded_time_sensitivity_decays_after_due(hours_after: float, expected: float) -> None:
    goal = _goal(NOW - hours_after * HOUR, strategy=Strategy.OPEN_MINDED)
    assert time_sensitivity(goal, NOW) == pytest.approx(expected)


@pytest.mark.parametrize("strategy", [Strategy.BLIND, Strategy.SINGLE_MINDED])
@pytest.mark.parametrize("hours_after", [1, 12, 100])
def test_blind_and_single_minded_stay_urgent(strategy: Strategy, hours_after: float) -> None:
    assert time_sensitivity(_goal(NOW - hours_after * HOUR, strategy=strategy), NOW) == 1.0


def test_time_sensitivity_without_due() -> None:
    assert time_sensitivity(_goal(None), NOW) == 0.3


# --- properties -----------------------------------------------------------------------------

goals_strategy = st.builds(
    lambda i, due_h, kind, prov, strat, state: _goal(
        None if due_h is None else NOW + timedelta(hours=due_h),
        gid=f"g{i}",
        kind=kind,
        provenance=prov,
        strategy=strat,
        state=state,
    ),
    st.integers(min_value=1, max_value=99),
    st.one_of(st.none(), st.floats(min_value=-100, max_value=100)),
    st.sampled_from(list(GoalKind)),
    st.sampled_from(list(Provenance)),
    st.sampled_from(list(Strategy)),
    st.sampled_from(list(GoalState)),
)
signals_strategy = st.builds(
    lambda kind, seq: _signal(kind, seq),
    st.sampled_from(list(SignalKind)),
    st.integers(min_value=0, max_value=1000),
)
impulses_strategy = st.builds(
    Impulses,
    muse=st.booleans(),
    flush=st.booleans(),
    dream=st.booleans(),
    token_pressure=st.floats(min_value=0.0, max_value=3.0),
)


@PROPERTY
@given(
    agenda=st.lists(signals_strategy, max_size=8),
    goals=st.lists(goals_strategy, max_size=8),
    impulses=impulses_strategy,
    offset_h=st.floats(min_value=-48, max_value=48),
)
def test_appraise_is_sorted_and_bounded(
    agenda: list[Signal], goals: list[Goal], impulses: Impulses, offset_h: float
) -> None:
    now = NOW + timedelta(hours=offset_h)
    candidates = appraise(agenda, goals, impulses, now)
    scores = [c.score for c in candidates]
    assert scores == sorted(scores, reverse=True)
    assert all(0.0 <= s <= 1.5 for s in scores)
    if impulses.token_pressure >= 1.0:
        assert not {c.act for c in candidates} & {Act.REACH_OUT, Act.LET_GO, Act.MUSE, Act.DREAM}
    choice, runners = decide(candidates, d.ACT_THRESHOLD)
    assert len(runners) <= RUNNERS_UP
    if choice is not None:
        assert choice.score >= d.ACT_THRESHOLD
        assert choice.score == max(scores)


@PROPERTY
@given(goal=goals_strategy, offset_h=st.floats(min_value=-100, max_value=100))
def test_time_sensitivity_is_a_unit_factor(goal: Goal, offset_h: float) -> None:
    now = NOW + timedelta(hours=offset_h)
    assert 0.0 <= time_sensitivity(goal, now) <= 1.0
    assert 0.0 <= ramp(goal, now) <= 1.0
