"""The spend gate: a daily turn count on the local day, then a cooldown, else admit."""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, datetime, timedelta, tzinfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from custom_components.shelldon.core import defaults as d
from custom_components.shelldon.core.budget import (
    Admitted,
    Budget,
    Decision,
    turns_used_today,
)
from custom_components.shelldon.core.state import PersonalityState, TurnBudget
from tests.core._support import AMS, KOLKATA, LOS_ANGELES, PROPERTY

NOW = datetime(2024, 1, 10, 12, 0, tzinfo=AMS)
TODAY = "2024-01-10"
MIN = timedelta(minutes=1)


def _ledger(used: int = 0, day: str | None = TODAY, last: datetime | None = None) -> TurnBudget:
    return TurnBudget(
        date=day, turns_used=used, last_turn_at=None if last is None else last.isoformat()
    )


def test_defaults_are_12_turns_a_day_and_30_minutes() -> None:
    gate = Budget()
    assert gate.daily_turns == 12 == d.DAILY_TURN_BUDGET
    assert gate.cooldown_s == 30 * 60 == d.COOLDOWN_S


def test_decision_values() -> None:
    assert {decision.value for decision in Decision} == {"admit", "defer", "skip"}


def test_fresh_ledger_is_admitted() -> None:
    verdict = Budget().evaluate(TurnBudget(), 1, NOW)
    assert verdict.decision is Decision.ADMIT
    assert verdict.retry_at is None


# --- the daily cap -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("used", "cost", "decision"),
    [
        (10, 3, Decision.SKIP),
        (9, 3, Decision.ADMIT),
        (11, 1, Decision.ADMIT),
        (12, 1, Decision.SKIP),
        (12, 0, Decision.ADMIT),
        (0, 12, Decision.ADMIT),
        (0, 13, Decision.SKIP),
        (20, 1, Decision.SKIP),
    ],
)
def test_skip_when_used_plus_cost_would_pass_the_daily_cap(
    used: int, cost: int, decision: Decision
) -> None:
    verdict = Budget().evaluate(_ledger(used), cost, NOW)
    assert verdict.decision is decision
    if decision is Decision.SKIP:
        assert verdict.charge == {}
        assert verdict.retry_at is None


def test_skip_is_checked_before_the_cooldown() -> None:
    verdict = Budget().evaluate(_ledger(12, last=NOW - MIN), 1, NOW)
    assert verdict.decision is Decision.SKIP
    assert verdict.retry_at is None


def test_custom_daily_cap() -> None:
    gate = Budget(daily_turns=3)
    assert gate.evaluate(_ledger(2), 1, NOW).decision is Decision.ADMIT
    assert gate.evaluate(_ledger(3), 1, NOW).decision is Decision.SKIP


def test_zero_budget_skips_everything_with_a_cost() -> None:
    gate = Budget(daily_turns=0)
    assert gate.evaluate(TurnBudget(), 1, NOW).decision is Decision.SKIP


# --- the cooldown ------------------------------------------------------------------------


def test_defer_inside_the_cooldown_with_retry_at_last_plus_cooldown() -> None:
    last = NOW - 10 * MIN
    verdict = Budget().evaluate(_ledger(1, last=last), 1, NOW)
    assert verdict.decision is Decision.DEFER
    assert verdict.retry_at == last + 30 * MIN
    assert verdict.charge == {}


def test_cooldown_ends_exactly_at_last_plus_cooldown() -> None:
    last = NOW - 30 * MIN
    gate = Budget()
    assert gate.evaluate(_ledger(1, last=last), 1, NOW - timedelta(seconds=1)).decision is (
        Decision.DEFER
    )
    assert gate.evaluate(_ledger(1, last=last), 1, NOW).decision is Decision.ADMIT


def test_cooldown_compares_real_instants_across_zones() -> None:
    last = (NOW - 29 * MIN).astimezone(UTC)  # stored in UTC
    verdict = Budget().evaluate(_ledger(1, last=last), 1, NOW)
    assert verdict.decision is Decision.DEFER
    assert verdict.retry_at == NOW + MIN


def test_custom_cooldown() -> None:
    gate = Budget(cooldown_s=60)
    last = NOW - timedelta(seconds=59)
    assert gate.evaluate(_ledger(1, last=last), 1, NOW).decision is Decision.DEFER
    assert gate.evaluate(_ledger(1, last=last - timedelta(seconds=1)), 1, NOW).decision is (
        Decision.ADMIT
    )


def test_cooldown_spans_midnight() -> None:
    last = datetime(2024, 1, 10, 23, 50, tzinfo=AMS)
    now = datetime(2024, 1, 11, 0, 5, tzinfo=AMS)
    verdict = Budget().evaluate(_ledger(12, last=last), 1, now)
    assert verdict.decision is Decision.DEFER  # a fresh day's budget, but still cooling
    assert verdict.retry_at == datetime(2024, 1, 11, 0, 20, tzinfo=AMS)


@pytest.mark.parametrize("last", ["not a time", "2024-01-10T11:50:00", 1704884400, []])
def test_an_unreadable_last_turn_at_from_a_checkpoint_means_no_cooldown(last: object) -> None:
    """The budget reads the instant its one writer checked: a checkpoint's unreadable or
    zoneless one is not believed, so no cooldown holds the next turn (a readable one does)."""
    saved = PersonalityState().to_dict()
    saved["budget"] = {"date": TODAY, "turns_used": 1, "last_turn_at": last}
    state = PersonalityState.from_dict(saved)
    assert state.budget.last_turn_at is None and state.budget.turns_used == 1
    assert Budget().evaluate(state.budget, 1, NOW).decision is Decision.ADMIT
    saved["budget"]["last_turn_at"] = "2024-01-10T10:50:00+00:00"  # 11:50 in Amsterdam
    held = Budget().evaluate(PersonalityState.from_dict(saved).budget, 1, NOW)
    assert held.decision is Decision.DEFER
    assert held.retry_at == datetime(2024, 1, 10, 12, 20, tzinfo=AMS)


# --- admission records the spend ---------------------------------------------------------


def test_admit_returns_the_patch_recording_the_spend() -> None:
    now = datetime(2024, 1, 10, 23, 30, tzinfo=AMS)
    verdict = Budget().evaluate(_ledger(4, last=now - 40 * MIN), 3, now)
    assert verdict.decision is Decision.ADMIT
    assert verdict.charge == {
        "budget.date": "2024-01-10",
        "budget.turns_used": 7,
        "budget.last_turn_at": "2024-01-10T22:30:00+00:00",
    }


def test_admit_patch_is_accepted_by_the_writer() -> None:
    state = PersonalityState()
    verdict = Budget().evaluate(state.budget, 1, NOW)
    state.apply_patch(verdict.charge)
    assert state.budget == TurnBudget(
        date=TODAY, turns_used=1, last_turn_at="2024-01-10T11:00:00+00:00"
    )
    assert state.dirty


def test_admit_on_a_new_day_starts_the_count_again() -> None:
    verdict = Budget().evaluate(_ledger(12, day="2024-01-09"), 2, NOW)
    assert verdict.decision is Decision.ADMIT
    assert verdict.charge["budget.turns_used"] == 2
    assert verdict.charge["budget.date"] == TODAY


def test_admitted_turn_starts_the_cooldown() -> None:
    state = PersonalityState()
    gate = Budget()
    state.apply_patch(gate.evaluate(state.budget, 1, NOW).charge)
    again = gate.evaluate(state.budget, 1, NOW + MIN)
    assert again.decision is Decision.DEFER
    assert again.retry_at == NOW + 30 * MIN


def test_an_answers_defaults() -> None:
    verdict = Admitted(Decision.SKIP, "why")
    assert verdict.retry_at is None
    assert verdict.charge == {}


# --- the local day -----------------------------------------------------------------------


def test_the_day_rolls_on_the_local_date_not_the_utc_date() -> None:
    gate = Budget()
    late = datetime(2024, 1, 10, 23, 30, tzinfo=AMS)  # 22:30 UTC on the 10th
    after_midnight = datetime(2024, 1, 11, 0, 30, tzinfo=AMS)  # 23:30 UTC, still the 10th
    assert late.astimezone(UTC).date() == after_midnight.astimezone(UTC).date()

    state = PersonalityState()
    state.apply_patch({"budget.date": "2024-01-10", "budget.turns_used": 11})
    state.apply_patch(gate.evaluate(state.budget, 1, late).charge)
    assert state.budget.date == "2024-01-10"
    assert gate.turns_left(state.budget, late) == 0
    assert gate.evaluate(state.budget, 1, late + 20 * MIN).decision is Decision.SKIP

    verdict = gate.evaluate(state.budget, 1, after_midnight)
    assert verdict.decision is Decision.ADMIT
    assert verdict.charge["budget.date"] == "2024-01-11"
    assert verdict.charge["budget.turns_used"] == 1
    assert gate.turns_left(state.budget, after_midnight) == 12


def test_the_day_west_of_utc_rolls_at_local_midnight() -> None:
    # 20:00 in Los Angeles on the 10th is already the 11th in UTC.
    now = datetime(2024, 1, 10, 20, 0, tzinfo=LOS_ANGELES)
    assert turns_used_today(_ledger(5, day="2024-01-10"), now) == 5
    assert turns_used_today(_ledger(5, day="2024-01-11"), now) == 0


def test_ledger_from_yesterday_counts_zero() -> None:
    assert turns_used_today(_ledger(12, day="2024-01-09"), NOW) == 0
    assert Budget().turns_left(_ledger(12, day="2024-01-09"), NOW) == 12


def test_ledger_without_a_day_counts_zero() -> None:
    assert turns_used_today(TurnBudget(date=None, turns_used=5), NOW) == 0


def test_turns_used_today_counts_todays_ledger() -> None:
    assert turns_used_today(_ledger(7), NOW) == 7


@pytest.mark.parametrize(("used", "left"), [(0, 12), (5, 7), (12, 0), (13, 0), (100, 0)])
def test_turns_left_is_never_negative(used: int, left: int) -> None:
    assert Budget().turns_left(_ledger(used), NOW) == left


def test_turns_left_after_the_cap_was_lowered() -> None:
    assert Budget(daily_turns=5).turns_left(_ledger(8), NOW) == 0


# --- property ----------------------------------------------------------------------------

steps = st.lists(
    st.tuples(
        st.integers(min_value=0, max_value=6 * 3600),  # seconds until the next evaluation
        st.integers(min_value=0, max_value=5),  # the job's cost
    ),
    min_size=1,
    max_size=60,
)


@PROPERTY
@given(
    steps=steps,
    daily=st.integers(min_value=0, max_value=15),
    cooldown=st.sampled_from([0, 60, 1800, 7200]),
    zone=st.sampled_from([UTC, AMS, LOS_ANGELES, KOLKATA]),
)
def test_budget_never_admits_past_the_daily_cap(
    steps: list[tuple[int, int]], daily: int, cooldown: int, zone: tzinfo
) -> None:
    gate = Budget(daily_turns=daily, cooldown_s=cooldown)
    state = PersonalityState()
    # Start the evening before the spring DST change, so long runs cross it.
    now = datetime(2024, 3, 30, 18, 0, tzinfo=UTC).astimezone(zone)
    spent: defaultdict[str, int] = defaultdict(int)
    last_admit: datetime | None = None
    for wait, cost in steps:
        now = (now.astimezone(UTC) + timedelta(seconds=wait)).astimezone(now.tzinfo)
        verdict = gate.evaluate(state.budget, cost, now)
        assert gate.turns_left(state.budget, now) >= 0
        if verdict.decision is Decision.ADMIT:
            if last_admit is not None:
                elapsed = now.astimezone(UTC) - last_admit.astimezone(UTC)
                assert elapsed.total_seconds() >= cooldown
            last_admit = now
            state.apply_patch(verdict.charge)
            spent[now.date().isoformat()] += cost
        elif verdict.decision is Decision.DEFER:
            assert verdict.retry_at is not None
            assert verdict.retry_at > now
        assert state.budget.turns_used <= daily
    assert all(total <= daily for total in spent.values())
