"""The scheduler: cadences against an injected clock, backoff stretch, the turn-job gates."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import UTC, datetime, time, timedelta

import pytest

from custom_components.shelldon.core.budget import Admitted, Decision
from custom_components.shelldon.core.power import BackoffLevel
from custom_components.shelldon.core.scheduler import (
    CostTier,
    Daily,
    Idle,
    Interval,
    Job,
    Outcome,
    Scheduler,
)
from tests.core._support import AMS

SCHEDULER_LOGGER = "custom_components.shelldon.core.scheduler"

LIVELY = BackoffLevel.LIVELY
EASED = BackoffLevel.EASED
LOW = BackoffLevel.LOW

T0 = datetime(2024, 1, 10, 12, 0, tzinfo=AMS)
S = timedelta(seconds=1)
MIN = timedelta(minutes=1)
HOUR = timedelta(hours=1)


@dataclass
class Runs:
    """A REFLEX job's run callable that records the instants it ran at."""

    at: list[datetime] = field(default_factory=list)

    def __call__(self, now: datetime) -> None:
        self.at.append(now)


@dataclass
class Hook:
    """A dispatch hook that records its calls and answers with a fixed verdict."""

    verdict: Admitted = field(default_factory=lambda: Admitted(Decision.ADMIT, "admitted"))
    calls: list[tuple[str, datetime]] = field(default_factory=list)

    def __call__(self, job: Job, now: datetime) -> Admitted:
        self.calls.append((job.name, now))
        return self.verdict


EVERY_MINUTE = Interval(60)
HOURLY_IDLE = Idle(3600)


def _reflex(name: str = "reflex", cadence: Interval | Idle | Daily = EVERY_MINUTE) -> Job:
    return Job(name, cadence, CostTier.REFLEX, run=Runs())


def _turn(
    name: str = "proactive",
    cadence: Interval | Idle | Daily = HOURLY_IDLE,
    *,
    essential: bool = False,
    cost: int = 1,
) -> Job:
    return Job(name, cadence, CostTier.TURN, cost=cost, essential=essential)


def _names(jobs: list[Job]) -> list[str]:
    return [job.name for job in jobs]


def _runs(job: Job) -> list[datetime]:
    assert isinstance(job.run, Runs)
    return job.run.at


# --- Job and registration ----------------------------------------------------------------


def test_job_defaults() -> None:
    job = _turn()
    assert (job.cost, job.essential, job.persist) == (1, False, False)
    assert job.last_run is None
    assert job.not_before is None


def test_reflex_job_needs_a_run_callable() -> None:
    with pytest.raises(ValueError, match="run callable"):
        Job("reflex", Interval(60), CostTier.REFLEX)


def test_turn_job_needs_no_run_callable() -> None:
    assert Job("dream", Idle(6 * 3600), CostTier.TURN, cost=3).run is None


def test_negative_cost_is_rejected() -> None:
    with pytest.raises(ValueError, match="negative cost"):
        Job("dream", Idle(60), CostTier.TURN, cost=-1)


def test_duplicate_job_names_are_rejected() -> None:
    sched = Scheduler(started_at=T0)
    first = sched.add(_reflex("reflex"))
    with pytest.raises(ValueError, match="reflex"):
        sched.add(_reflex("reflex", Interval(5)))
    assert sched.jobs == {"reflex": first}


def test_add_returns_the_job_and_remove_forgets_it() -> None:
    sched = Scheduler(started_at=T0)
    job = _reflex()
    assert sched.add(job) is job
    sched.remove("reflex")
    sched.remove("never-added")
    assert sched.jobs == {}
    assert sched.due(T0, None, LIVELY) == []
    sched.add(_reflex())  # the name is free again


# --- Interval ----------------------------------------------------------------------------


def test_interval_job_is_due_immediately_the_first_time() -> None:
    sched = Scheduler(started_at=T0)
    job = sched.add(_reflex(cadence=Interval(600)))
    assert sched.due(T0, None, LIVELY) == [job]
    assert sched.next_due(T0, None, LIVELY) == T0


def test_interval_job_is_due_every_period_after_running() -> None:
    sched = Scheduler(started_at=T0)
    job = sched.add(_reflex(cadence=Interval(60)))
    assert sched.tick(T0, None, LIVELY) == [Outcome("reflex", Decision.ADMIT, "ran")]
    assert sched.due(T0, None, LIVELY) == []
    assert sched.due(T0 + 59 * S, None, LIVELY) == []
    assert sched.next_due(T0 + S, None, LIVELY) == T0 + 60 * S
    assert sched.due(T0 + 60 * S, None, LIVELY) == [job]
    sched.tick(T0 + 60 * S, None, LIVELY)
    sched.tick(T0 + 90 * S, None, LIVELY)
    sched.tick(T0 + 120 * S, None, LIVELY)
    assert _runs(job) == [T0, T0 + 60 * S, T0 + 120 * S]


def test_interval_counts_from_the_last_run_not_the_due_time() -> None:
    sched = Scheduler(started_at=T0)
    job = sched.add(_reflex(cadence=Interval(60)))
    sched.tick(T0, None, LIVELY)
    sched.tick(T0 + 95 * S, None, LIVELY)  # late tick
    assert sched.due(T0 + 154 * S, None, LIVELY) == []
    assert sched.due(T0 + 155 * S, None, LIVELY) == [job]


def test_due_jobs_come_in_registration_order() -> None:
    sched = Scheduler(started_at=T0)
    for name in ("b", "a", "c"):
        sched.add(_reflex(name))
    assert _names(sched.due(T0, None, LIVELY)) == ["b", "a", "c"]
    assert [o.job for o in sched.tick(T0, None, LIVELY)] == ["b", "a", "c"]


# --- Idle --------------------------------------------------------------------------------


def test_idle_job_counts_from_started_at_when_never_interacted() -> None:
    sched = Scheduler(started_at=T0)
    job = sched.add(_reflex("muse", Idle(3600)))
    assert sched.due(T0 + HOUR - S, None, LIVELY) == []
    assert sched.next_due(T0, None, LIVELY) == T0 + HOUR
    assert sched.due(T0 + HOUR, None, LIVELY) == [job]


def test_idle_job_counts_from_the_last_interaction() -> None:
    sched = Scheduler(started_at=T0)
    job = sched.add(_reflex("muse", Idle(3600)))
    spoke = T0 + 2 * HOUR
    assert sched.due(spoke + HOUR - S, spoke, LIVELY) == []
    assert sched.due(spoke + HOUR, spoke, LIVELY) == [job]
    # An interaction before the scheduler started counts too (the pet restarted).
    earlier = T0 - 90 * MIN
    assert sched.next_due(T0, earlier, LIVELY) == T0
    assert sched.due(T0, earlier, LIVELY) == [job]


def test_idle_job_fires_once_per_idle_stretch() -> None:
    sched = Scheduler(started_at=T0)
    job = sched.add(_reflex("muse", Idle(3600)))
    spoke = T0 + 10 * MIN
    sched.tick(spoke + HOUR, spoke, LIVELY)
    for later in (spoke + HOUR + S, spoke + 2 * HOUR, spoke + 3 * 24 * HOUR):
        assert sched.due(later, spoke, LIVELY) == []
    assert sched.next_due(spoke + 2 * HOUR, spoke, LIVELY) is None
    assert _runs(job) == [spoke + HOUR]


def test_idle_job_fires_once_when_never_interacted() -> None:
    sched = Scheduler(started_at=T0)
    sched.add(_reflex("muse", Idle(3600)))
    sched.tick(T0 + HOUR, None, LIVELY)
    assert sched.due(T0 + 5 * HOUR, None, LIVELY) == []


def test_idle_job_rearms_after_a_fresh_interaction() -> None:
    sched = Scheduler(started_at=T0)
    job = sched.add(_reflex("muse", Idle(3600)))
    sched.tick(T0 + HOUR, None, LIVELY)
    spoke = T0 + 5 * HOUR
    assert sched.due(spoke + HOUR - S, spoke, LIVELY) == []
    assert sched.next_due(spoke, spoke, LIVELY) == spoke + HOUR
    assert sched.due(spoke + HOUR, spoke, LIVELY) == [job]


def test_idle_job_is_not_rearmed_by_an_interaction_older_than_its_run() -> None:
    sched = Scheduler(started_at=T0)
    sched.add(_reflex("muse", Idle(3600)))
    spoke = T0 + 10 * MIN
    sched.tick(spoke + HOUR, spoke, LIVELY)
    stale = spoke + 30 * MIN  # later than before, but still before the run
    assert sched.due(stale + 5 * HOUR, stale, LIVELY) == []


def test_idle_job_rearm_compares_real_instants_across_zones() -> None:
    sched = Scheduler(started_at=T0)
    job = sched.add(_reflex("muse", Idle(3600)))
    sched.tick(T0 + HOUR, None, LIVELY)  # last_run in Amsterdam time
    # 12:30 UTC is 13:30 in Amsterdam: after the 13:00 run, so a fresh interaction.
    spoke = datetime(2024, 1, 10, 12, 30, tzinfo=UTC)
    assert sched.due(spoke + HOUR, spoke, LIVELY) == [job]
    # 11:30 UTC is 12:30 in Amsterdam: before the run, so no re-arm.
    stale = datetime(2024, 1, 10, 11, 30, tzinfo=UTC)
    assert sched.due(stale + 3 * HOUR, stale, LIVELY) == []


# --- Daily -------------------------------------------------------------------------------


def test_daily_job_is_due_at_the_wall_time() -> None:
    sched = Scheduler(started_at=T0)
    job = sched.add(_reflex("nightly", Daily(time(8, 0))))
    morning = datetime(2024, 1, 11, 7, 59, tzinfo=AMS)
    assert sched.due(morning, None, LIVELY) == []
    assert sched.next_due(morning, None, LIVELY) == datetime(2024, 1, 11, 8, 0, tzinfo=AMS)
    assert sched.due(morning + MIN, None, LIVELY) == [job]


def test_daily_job_is_due_at_once_after_the_wall_time_if_not_run_today() -> None:
    sched = Scheduler(started_at=T0)
    job = sched.add(_reflex("nightly", Daily(time(8, 0))))
    job.last_run = datetime(2024, 1, 9, 8, 0, tzinfo=AMS)
    assert sched.due(T0, None, LIVELY) == [job]
    assert sched.next_due(T0, None, LIVELY) == T0


def test_daily_job_runs_once_per_local_day_then_is_due_tomorrow() -> None:
    sched = Scheduler(started_at=T0)
    job = sched.add(_reflex("nightly", Daily(time(8, 0))))
    ran = datetime(2024, 1, 10, 8, 0, tzinfo=AMS)
    sched.tick(ran, None, LIVELY)
    assert _runs(job) == [ran]
    assert sched.due(datetime(2024, 1, 10, 23, 59, tzinfo=AMS), None, LIVELY) == []
    assert sched.next_due(ran + S, None, LIVELY) == datetime(2024, 1, 11, 8, 0, tzinfo=AMS)
    assert sched.due(datetime(2024, 1, 11, 7, 59, tzinfo=AMS), None, LIVELY) == []
    assert sched.due(datetime(2024, 1, 11, 8, 0, tzinfo=AMS), None, LIVELY) == [job]


def test_daily_wall_time_is_read_in_the_given_nows_time_zone() -> None:
    sched = Scheduler(started_at=T0)
    job = sched.add(_reflex("nightly", Daily(time(8, 0))))
    instant = datetime(2024, 1, 10, 7, 30, tzinfo=UTC)  # 08:30 in Amsterdam
    assert sched.due(instant.astimezone(AMS), None, LIVELY) == [job]
    assert sched.due(instant, None, LIVELY) == []


def test_daily_day_is_the_local_day_of_the_last_run() -> None:
    sched = Scheduler(started_at=T0)
    job = sched.add(_reflex("nightly", Daily(time(0, 15))))
    # 23:30 UTC on the 10th is 00:30 on the 11th in Amsterdam: it already ran "today" locally.
    job.last_run = datetime(2024, 1, 10, 23, 30, tzinfo=UTC)
    assert sched.due(datetime(2024, 1, 11, 9, 0, tzinfo=AMS), None, LIVELY) == []
    assert sched.next_due(datetime(2024, 1, 11, 9, 0, tzinfo=AMS), None, LIVELY) == datetime(
        2024, 1, 12, 0, 15, tzinfo=AMS
    )


def test_daily_keeps_its_wall_time_across_a_dst_change() -> None:
    sched = Scheduler(started_at=T0)
    job = sched.add(_reflex("nightly", Daily(time(8, 0))))
    job.last_run = datetime(2024, 3, 30, 8, 0, tzinfo=AMS)  # CET, the day before spring forward
    after = datetime(2024, 3, 30, 9, 0, tzinfo=AMS)
    nxt = sched.next_due(after, None, LIVELY)
    assert nxt == datetime(2024, 3, 31, 8, 0, tzinfo=AMS)
    assert nxt is not None
    assert nxt.utcoffset() == timedelta(hours=2)  # 08:00 CEST


@pytest.mark.parametrize("level", list(BackoffLevel))
def test_daily_is_not_stretched_by_backoff(level: BackoffLevel) -> None:
    sched = Scheduler(started_at=T0)
    job = sched.add(_reflex("nightly", Daily(time(8, 0))))
    job.last_run = datetime(2024, 1, 10, 8, 0, tzinfo=AMS)
    tomorrow = datetime(2024, 1, 11, 8, 0, tzinfo=AMS)
    assert sched.next_due(T0, None, level) == tomorrow
    assert sched.due(tomorrow, None, level) == [job]


# --- backoff stretch ---------------------------------------------------------------------


@pytest.mark.parametrize(("level", "factor"), [(LIVELY, 1), (EASED, 3), (LOW, 6)])
def test_interval_period_is_stretched_by_the_backoff_level(
    level: BackoffLevel, factor: int
) -> None:
    sched = Scheduler(started_at=T0)
    job = sched.add(_reflex(cadence=Interval(60)))
    sched.tick(T0, None, level)
    assert sched.next_due(T0 + S, None, level) == T0 + factor * MIN
    assert sched.due(T0 + factor * MIN - S, None, level) == []
    assert sched.due(T0 + factor * MIN, None, level) == [job]


@pytest.mark.parametrize(("level", "factor"), [(LIVELY, 1), (EASED, 3), (LOW, 6)])
def test_idle_period_is_stretched_by_the_backoff_level(level: BackoffLevel, factor: int) -> None:
    sched = Scheduler(started_at=T0)
    job = sched.add(_reflex("muse", Idle(3600)))
    spoke = T0 + MIN
    assert sched.next_due(spoke, spoke, level) == spoke + factor * HOUR
    assert sched.due(spoke + factor * HOUR - S, spoke, level) == []
    assert sched.due(spoke + factor * HOUR, spoke, level) == [job]


def test_first_interval_run_is_immediate_at_any_level() -> None:
    sched = Scheduler(started_at=T0)
    job = sched.add(_reflex(cadence=Interval(60)))
    assert sched.due(T0, None, LOW) == [job]


# --- next_due ----------------------------------------------------------------------------


def test_next_due_is_none_without_jobs() -> None:
    assert Scheduler(started_at=T0).next_due(T0, None, LIVELY) is None


def test_next_due_is_the_earliest_instant_of_all_jobs() -> None:
    sched = Scheduler(started_at=T0)
    sched.add(_reflex("interval", Interval(1800))).last_run = T0  # due 12:30
    sched.add(_reflex("idle", Idle(3600)))  # due 13:00
    sched.add(_reflex("daily", Daily(time(12, 20)))).last_run = T0 - 24 * HOUR  # due 12:20
    assert sched.next_due(T0 + S, None, LIVELY) == T0 + 20 * MIN
    sched.jobs["daily"].last_run = T0 + 20 * MIN
    assert sched.next_due(T0 + 21 * MIN, None, LIVELY) == T0 + 30 * MIN


def test_next_due_is_now_when_a_job_is_overdue() -> None:
    sched = Scheduler(started_at=T0)
    sched.add(_reflex(cadence=Interval(60))).last_run = T0
    sched.add(_reflex("later", Interval(3600))).last_run = T0
    late = T0 + 10 * MIN
    assert sched.next_due(late, None, LIVELY) == late


def test_next_due_skips_an_idle_job_that_already_fired() -> None:
    sched = Scheduler(started_at=T0)
    sched.add(_reflex("muse", Idle(3600)))
    sched.add(_reflex("daily", Daily(time(18, 0)))).last_run = T0 - 24 * HOUR
    sched.tick(T0 + HOUR, None, LIVELY)  # only muse is due at 13:00
    assert sched.next_due(T0 + HOUR, None, LIVELY) == datetime(2024, 1, 10, 18, 0, tzinfo=AMS)


# --- running: stamping and guarding ------------------------------------------------------


def test_last_run_is_stamped_before_the_job_runs() -> None:
    seen: list[datetime | None] = []
    sched = Scheduler(started_at=T0)

    def run(now: datetime) -> None:
        seen.append(sched.jobs["reflex"].last_run)

    sched.add(Job("reflex", Interval(60), CostTier.REFLEX, run=run))
    sched.tick(T0, None, LIVELY)
    assert seen == [T0]


def test_last_run_is_stamped_before_the_turn_is_dispatched() -> None:
    seen: list[datetime | None] = []

    def hook(job: Job, now: datetime) -> Admitted:
        seen.append(job.last_run)
        return Admitted(Decision.ADMIT, "ok")

    sched = Scheduler(started_at=T0, dispatch=hook)
    sched.add(_turn(cadence=Interval(60)))
    sched.tick(T0, None, LIVELY)
    assert seen == [T0]


def test_failing_job_is_logged_and_later_jobs_still_run(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.ERROR)

    def boom(now: datetime) -> None:
        raise RuntimeError("kaboom")

    sched = Scheduler(started_at=T0)
    sched.add(Job("broken", Interval(60), CostTier.REFLEX, run=boom))
    after = sched.add(_reflex("after"))
    outcomes = sched.tick(T0, None, LIVELY)
    assert outcomes == [
        Outcome("broken", Decision.SKIP, "failed"),
        Outcome("after", Decision.ADMIT, "ran"),
    ]
    assert _runs(after) == [T0]
    records = [r for r in caplog.records if r.name == SCHEDULER_LOGGER]
    assert len(records) == 1
    assert "broken" in records[0].getMessage()
    assert records[0].exc_info is not None
    # The failed job was stamped, so it is not retried on every tick.
    assert sched.jobs["broken"].last_run == T0
    assert _names(sched.due(T0 + S, None, LIVELY)) == []


def test_failing_dispatch_is_logged_and_later_jobs_still_run(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.ERROR)

    def hook(job: Job, now: datetime) -> Admitted:
        raise RuntimeError("arbiter exploded")

    sched = Scheduler(started_at=T0, dispatch=hook)
    sched.add(_turn("proactive", Interval(60)))
    after = sched.add(_reflex("after"))
    outcomes = sched.tick(T0, None, LIVELY)
    assert outcomes[0] == Outcome("proactive", Decision.SKIP, "failed")
    assert outcomes[1] == Outcome("after", Decision.ADMIT, "ran")
    assert _runs(after) == [T0]
    assert any(r.name == SCHEDULER_LOGGER and "proactive" in r.getMessage() for r in caplog.records)


def test_tick_runs_every_due_job_once() -> None:
    sched = Scheduler(started_at=T0)
    a = sched.add(_reflex("a", Interval(60)))
    b = sched.add(_reflex("b", Interval(3600)))
    b.last_run = T0 - 10 * MIN  # not due
    sched.tick(T0, None, LIVELY)
    assert _runs(a) == [T0]
    assert _runs(b) == []


# --- turn jobs: the gates ----------------------------------------------------------------


def test_turn_job_goes_to_the_dispatch_hook_with_the_job_and_now() -> None:
    hook = Hook()
    sched = Scheduler(started_at=T0, dispatch=hook)
    job = sched.add(_turn(cadence=Idle(3600)))
    outcomes = sched.tick(T0 + HOUR, None, LIVELY)
    assert outcomes == [Outcome("proactive", Decision.ADMIT, "admitted")]
    assert hook.calls == [("proactive", T0 + HOUR)]
    assert job.last_run == T0 + HOUR


def test_turn_job_never_calls_its_run_callable() -> None:
    calls = Runs()
    hook = Hook()
    sched = Scheduler(started_at=T0, dispatch=hook)
    sched.add(Job("turn", Interval(60), CostTier.TURN, run=calls))
    sched.tick(T0, None, LIVELY)
    assert calls.at == []
    assert hook.calls == [("turn", T0)]


def test_initiative_off_skips_turn_jobs_without_calling_the_hook() -> None:
    hook = Hook()
    sched = Scheduler(started_at=T0, dispatch=hook)
    sched.add(_turn(cadence=Interval(60)))
    outcomes = sched.tick(T0, None, LIVELY, initiative=False)
    assert len(outcomes) == 1
    assert outcomes[0].decision is Decision.SKIP
    assert "initiative" in outcomes[0].reason
    assert hook.calls == []


def test_initiative_off_is_checked_before_the_battery_gate() -> None:
    hook = Hook()
    sched = Scheduler(started_at=T0, dispatch=hook)
    sched.add(_turn(cadence=Interval(60), essential=True))
    (outcome,) = sched.tick(T0, None, LOW, initiative=False)
    assert outcome.decision is Decision.SKIP
    assert "initiative" in outcome.reason
    assert hook.calls == []


def test_eased_skips_a_non_essential_turn_without_calling_the_hook() -> None:
    hook = Hook()
    sched = Scheduler(started_at=T0, dispatch=hook)
    sched.add(_turn(cadence=Interval(60)))
    (outcome,) = sched.tick(T0, None, EASED)
    assert outcome.decision is Decision.SKIP
    assert "battery" in outcome.reason
    assert hook.calls == []


def test_eased_lets_an_essential_turn_through_to_dispatch() -> None:
    hook = Hook()
    sched = Scheduler(started_at=T0, dispatch=hook)
    sched.add(_turn("vital", Interval(60), essential=True))
    (outcome,) = sched.tick(T0, None, EASED)
    assert outcome == Outcome("vital", Decision.ADMIT, "admitted")
    assert hook.calls == [("vital", T0)]


@pytest.mark.parametrize("essential", [False, True])
def test_low_skips_every_turn_without_calling_the_hook(essential: bool) -> None:
    hook = Hook()
    sched = Scheduler(started_at=T0, dispatch=hook)
    sched.add(_turn(cadence=Interval(60), essential=essential))
    (outcome,) = sched.tick(T0, None, LOW)
    assert outcome.decision is Decision.SKIP
    assert "battery" in outcome.reason
    assert hook.calls == []


def test_battery_gate_is_decided_per_job_in_one_tick() -> None:
    hook = Hook()
    sched = Scheduler(started_at=T0, dispatch=hook)
    sched.add(_turn("musing", Interval(60)))
    sched.add(_turn("vital", Interval(60), essential=True))
    sched.add(_reflex("reflex"))
    outcomes = sched.tick(T0, None, EASED)
    assert [(o.job, o.decision) for o in outcomes] == [
        ("musing", Decision.SKIP),
        ("vital", Decision.ADMIT),
        ("reflex", Decision.ADMIT),
    ]
    assert hook.calls == [("vital", T0)]


@pytest.mark.parametrize("level", list(BackoffLevel))
@pytest.mark.parametrize("initiative", [True, False])
def test_reflex_jobs_run_at_every_level_and_without_initiative(
    level: BackoffLevel, initiative: bool
) -> None:
    sched = Scheduler(started_at=T0)
    job = sched.add(_reflex())
    assert sched.tick(T0, None, level, initiative=initiative) == [
        Outcome("reflex", Decision.ADMIT, "ran")
    ]
    assert _runs(job) == [T0]


def test_turn_job_without_a_dispatch_hook_is_skipped() -> None:
    sched = Scheduler(started_at=T0)
    sched.add(_turn(cadence=Interval(60)))
    (outcome,) = sched.tick(T0, None, LIVELY)
    assert outcome.decision is Decision.SKIP


# --- verdicts from the hook --------------------------------------------------------------


def test_defer_restores_last_run_and_waits_for_retry_at() -> None:
    retry_at = T0 + 10 * MIN
    hook = Hook(Admitted(Decision.DEFER, "cooling down", retry_at=retry_at))
    sched = Scheduler(started_at=T0, dispatch=hook)
    job = sched.add(_turn(cadence=Interval(60)))
    assert sched.tick(T0, None, LIVELY) == [Outcome("proactive", Decision.DEFER, "cooling down")]
    assert job.last_run is None
    assert job.not_before == retry_at
    assert sched.due(retry_at - S, None, LIVELY) == []
    assert sched.next_due(T0 + S, None, LIVELY) == retry_at
    assert sched.due(retry_at, None, LIVELY) == [job]


def test_defer_restores_the_previous_last_run() -> None:
    previous = T0 - HOUR
    retry_at = T0 + 5 * MIN
    hook = Hook(Admitted(Decision.DEFER, "cooling down", retry_at=retry_at))
    sched = Scheduler(started_at=T0, dispatch=hook)
    job = sched.add(_turn(cadence=Interval(600)))
    job.last_run = previous
    sched.tick(T0, None, LIVELY)
    assert job.last_run == previous
    assert sched.due(retry_at - S, None, LIVELY) == []
    assert sched.due(retry_at, None, LIVELY) == [job]


def test_deferred_idle_job_keeps_its_stretch_and_is_due_at_retry_at() -> None:
    retry_at = T0 + HOUR + 30 * MIN
    hook = Hook(Admitted(Decision.DEFER, "a turn is in flight", retry_at=retry_at))
    sched = Scheduler(started_at=T0, dispatch=hook)
    job = sched.add(_turn(cadence=Idle(3600)))
    (outcome,) = sched.tick(T0 + HOUR, None, LIVELY)
    assert outcome.decision is Decision.DEFER
    assert sched.due(retry_at - S, None, LIVELY) == []
    assert sched.due(retry_at, None, LIVELY) == [job]
    hook.verdict = Admitted(Decision.ADMIT, "admitted")
    assert sched.tick(retry_at, None, LIVELY) == [Outcome("proactive", Decision.ADMIT, "admitted")]
    assert job.last_run == retry_at
    assert job.not_before is None
    assert hook.calls == [("proactive", T0 + HOUR), ("proactive", retry_at)]
    assert sched.due(retry_at + 5 * HOUR, None, LIVELY) == []


def test_not_before_only_delays_a_job_never_advances_it() -> None:
    sched = Scheduler(started_at=T0)
    job = sched.add(_turn(cadence=Interval(600)))
    job.last_run = T0
    job.not_before = T0 + MIN
    assert sched.due(T0 + MIN, None, LIVELY) == []
    assert sched.next_due(T0 + MIN, None, LIVELY) == T0 + 10 * MIN
    assert sched.due(T0 + 10 * MIN, None, LIVELY) == [job]


def test_skip_from_the_hook_consumes_the_idle_stretch() -> None:
    hook = Hook(Admitted(Decision.SKIP, "daily budget spent"))
    sched = Scheduler(started_at=T0, dispatch=hook)
    job = sched.add(_turn(cadence=Idle(3600)))
    (outcome,) = sched.tick(T0 + HOUR, None, LIVELY)
    assert outcome == Outcome("proactive", Decision.SKIP, "daily budget spent")
    assert job.last_run == T0 + HOUR
    assert job.not_before is None
    assert sched.due(T0 + 10 * HOUR, None, LIVELY) == []
    spoke = T0 + 11 * HOUR
    assert sched.due(spoke + HOUR, spoke, LIVELY) == [job]


def test_battery_skip_also_consumes_the_run() -> None:
    sched = Scheduler(started_at=T0, dispatch=Hook())
    job = sched.add(_turn(cadence=Idle(3600)))
    assert sched.tick(T0 + 6 * HOUR, None, LOW)[0].decision is Decision.SKIP  # 6x stretch
    assert job.last_run == T0 + 6 * HOUR
    assert sched.due(T0 + 10 * HOUR, None, LIVELY) == []


# --- run_now -----------------------------------------------------------------------------


def test_run_now_runs_a_job_that_is_not_due() -> None:
    sched = Scheduler(started_at=T0)
    job = sched.add(_reflex(cadence=Interval(3600)))
    job.last_run = T0
    assert sched.due(T0 + MIN, None, LIVELY) == []
    assert sched.run_now("reflex", T0 + MIN, LIVELY) == Outcome("reflex", Decision.ADMIT, "ran")
    assert _runs(job) == [T0 + MIN]
    assert job.last_run == T0 + MIN


def test_run_now_passes_the_same_gates() -> None:
    hook = Hook()
    sched = Scheduler(started_at=T0, dispatch=hook)
    sched.add(_turn("dream", Idle(6 * 3600), cost=3))
    assert sched.run_now("dream", T0, LOW).decision is Decision.SKIP
    assert sched.run_now("dream", T0, LIVELY, initiative=False).decision is Decision.SKIP
    assert hook.calls == []
    assert sched.run_now("dream", T0, LIVELY) == Outcome("dream", Decision.ADMIT, "admitted")
    assert hook.calls == [("dream", T0)]


def test_run_now_of_an_unknown_job_raises_key_error() -> None:
    with pytest.raises(KeyError):
        Scheduler(started_at=T0).run_now("nope", T0, LIVELY)


# --- snapshot / restore ------------------------------------------------------------------


def test_snapshot_holds_only_persisted_jobs_that_have_run() -> None:
    sched = Scheduler(started_at=T0, dispatch=Hook())
    dream = sched.add(Job("dream", Idle(60), CostTier.TURN, persist=True))
    sched.add(Job("proactive", Idle(60), CostTier.TURN, persist=True))  # never ran
    reflex = sched.add(_reflex())
    dream.last_run = T0
    reflex.last_run = T0
    assert sched.snapshot() == {"dream": T0.isoformat()}


def test_restore_puts_stamps_back_on_known_jobs() -> None:
    sched = Scheduler(started_at=T0)
    dream = sched.add(_reflex("dream", Idle(60)))
    reflex = sched.add(_reflex())
    sched.restore({"dream": T0, "reflex": T0 - HOUR, "gone": T0})
    assert dream.last_run == T0
    assert reflex.last_run == T0 - HOUR
    assert "gone" not in sched.jobs


def test_restore_can_be_limited_to_named_jobs() -> None:
    sched = Scheduler(started_at=T0)
    dream = sched.add(_reflex("dream", Idle(60)))
    reflex = sched.add(_reflex())
    sched.restore({"dream": T0, "reflex": T0}, names=["dream"])
    assert dream.last_run == T0
    assert reflex.last_run is None


def test_snapshot_restore_round_trip_keeps_an_idle_stretch_consumed() -> None:
    first = Scheduler(started_at=T0, dispatch=Hook())
    first.add(Job("dream", Idle(3600), CostTier.TURN, persist=True))
    first.tick(T0 + HOUR, None, LIVELY)
    stamps = {name: datetime.fromisoformat(s) for name, s in first.snapshot().items()}

    restarted = Scheduler(started_at=T0 + 2 * HOUR, dispatch=Hook())
    job = restarted.add(Job("dream", Idle(3600), CostTier.TURN, persist=True))
    spoke = T0 - HOUR  # the owner last spoke before the run
    assert restarted.due(T0 + 2 * HOUR, spoke, LIVELY) == [job]  # without the stamp
    restarted.restore(stamps)
    assert job.last_run == T0 + HOUR
    assert restarted.due(T0 + 2 * HOUR, spoke, LIVELY) == []


# --- time zones and clock changes ----------------------------------------------------------


def test_interval_period_is_real_elapsed_time_across_dst_fall_back() -> None:
    # 2024-10-27 02:59:30 CEST; the clocks go back to 02:00 CET at 03:00 CEST.
    last = datetime(2024, 10, 27, 0, 59, 30, tzinfo=UTC).astimezone(AMS)
    sched = Scheduler(started_at=last)
    job = sched.add(_reflex(cadence=Interval(60)))
    job.last_run = last
    now = (last.astimezone(UTC) + 60 * S).astimezone(AMS)  # 02:00:30 CET, 60 real seconds on
    assert sched.due(now, None, LIVELY) == [job]


def test_interval_period_is_real_elapsed_time_on_a_plain_day() -> None:
    last = datetime(2024, 10, 26, 0, 59, 30, tzinfo=UTC).astimezone(AMS)
    sched = Scheduler(started_at=last)
    job = sched.add(_reflex(cadence=Interval(60)))
    job.last_run = last
    now = (last.astimezone(UTC) + 60 * S).astimezone(AMS)
    assert sched.due(now, None, LIVELY) == [job]
    assert sched.due(now - S, None, LIVELY) == []
