"""One scheduler, many named jobs, each on its own cadence and cost tier.

Due-ness comes only from the `now` the caller passes, so days run in a test without a sleep.
`Interval` jobs run every period (and at once the first time), `Idle` jobs once per stretch of
owner silence (a fresh interaction re-arms them), `Daily` jobs once per local day at a wall time,
`At` jobs once at an instant. The backoff level stretches Interval and Idle periods only. A
job's `last_run` is stamped before it runs; one failing job is logged and the others keep running.

REFLEX jobs run here. TURN jobs pass the initiative switch and the battery gate here, then go
to the dispatch hook (the budget gate and the single slot live behind it); a DEFER puts the job
back, unconsumed, until the instant the hook names.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, time, timedelta
from enum import StrEnum

from .budget import Admitted, Decision
from .power import BackoffLevel, cadence_stretch, turn_allowed

_LOGGER = logging.getLogger(__name__)


@dataclass(frozen=True)
class Interval:
    """Due every `period_s` seconds since the last run; due at once on the first run."""

    period_s: float


@dataclass(frozen=True)
class Idle:
    """Due once `period_s` seconds of owner silence have passed; once per idle stretch."""

    period_s: float


@dataclass(frozen=True)
class Daily:
    """Due once per local calendar day, at or after the wall time `at`."""

    at: time


@dataclass(frozen=True)
class At:
    """Due once at an instant (never when None); exempt from the battery stretch."""

    when: datetime | None


Cadence = Interval | Idle | Daily | At


class CostTier(StrEnum):
    """REFLEX jobs run in place and cost nothing; TURN jobs are model calls behind the gates."""

    REFLEX = "reflex"
    TURN = "turn"


@dataclass
class Job:
    """A named piece of the pet's life, when it is due and what it costs."""

    name: str
    cadence: Cadence
    tier: CostTier
    cost: int = 1
    essential: bool = False
    run: Callable[[datetime], None] | None = None  # REFLEX jobs
    last_run: datetime | None = None
    not_before: datetime | None = None  # set when a turn was deferred
    persist: bool = field(default=False)  # the driver checkpoints this job's last_run

    def __post_init__(self) -> None:
        if self.tier is CostTier.REFLEX and self.run is None:
            raise ValueError(f"reflex job {self.name} needs a run callable")
        if self.cost < 0:
            raise ValueError(f"job {self.name} has a negative cost")


@dataclass(frozen=True)
class Outcome:
    """What happened to one due job on one tick (for the trace)."""

    job: str
    decision: Decision
    reason: str


Dispatch = Callable[[Job, datetime], Admitted]


@dataclass
class Scheduler:
    """Named jobs and when they are due, against an injected clock."""

    started_at: datetime
    dispatch: Dispatch | None = None
    jobs: dict[str, Job] = field(default_factory=dict)

    def add(self, job: Job) -> Job:
        """Register a job (names are unique)."""
        if job.name in self.jobs:
            raise ValueError(f"a job named {job.name} exists")
        self.jobs[job.name] = job
        return job

    def remove(self, name: str) -> None:
        """Forget a job."""
        self.jobs.pop(name, None)

    def due_at(
        self, job: Job, now: datetime, last_interaction: datetime | None, level: BackoffLevel
    ) -> datetime:
        """The instant this job is, or was, next due (in the zone of `now`).

        Periods are real elapsed time, computed in UTC, so a clock change (daylight saving)
        never stretches or squeezes them; only Daily reads the local wall time of `now`.
        """
        cadence = job.cadence
        if isinstance(cadence, Daily):
            due = _daily_due(cadence.at, now, job.last_run).astimezone(UTC)
        elif isinstance(cadence, At):
            if cadence.when is None or (
                job.last_run is not None and _utc(job.last_run) >= _utc(cadence.when)
            ):
                due = _NEVER
            else:
                due = _utc(cadence.when)
        else:
            period = timedelta(seconds=cadence.period_s * cadence_stretch(level))
            if isinstance(cadence, Interval):
                due = _utc(now) if job.last_run is None else _utc(job.last_run) + period
            else:
                since = _utc(last_interaction or self.started_at)
                if job.last_run is not None and _utc(job.last_run) >= since:
                    due = _NEVER  # already fired in this idle stretch
                else:
                    due = since + period
        if job.not_before is not None and _utc(job.not_before) > due:
            due = _utc(job.not_before)
        return due if due is _NEVER else due.astimezone(now.tzinfo)

    def due(
        self, now: datetime, last_interaction: datetime | None, level: BackoffLevel
    ) -> list[Job]:
        """Jobs due at `now`, in registration order."""
        return [
            job
            for job in self.jobs.values()
            if self.due_at(job, now, last_interaction, level) <= now
        ]

    def next_due(
        self, now: datetime, last_interaction: datetime | None, level: BackoffLevel
    ) -> datetime | None:
        """The earliest instant any job is due (`now` if one already is); None if none ever is."""
        instants = [self.due_at(job, now, last_interaction, level) for job in self.jobs.values()]
        soonest = min((_utc(i) for i in instants if i is not _NEVER), default=None)
        if soonest is None:
            return None
        return max(soonest, _utc(now)).astimezone(now.tzinfo)

    def tick(
        self,
        now: datetime,
        last_interaction: datetime | None,
        level: BackoffLevel,
        initiative: bool = True,
    ) -> list[Outcome]:
        """Run every due job once; returns what happened to each."""
        return [
            self._run(job, now, level, initiative) for job in self.due(now, last_interaction, level)
        ]

    def run_now(
        self, name: str, now: datetime, level: BackoffLevel, initiative: bool = True
    ) -> Outcome:
        """Run one job immediately, through the same gates, whatever its cadence says."""
        return self._run(self.jobs[name], now, level, initiative)

    def _run(self, job: Job, now: datetime, level: BackoffLevel, initiative: bool) -> Outcome:
        previous = job.last_run
        job.last_run = now
        job.not_before = None
        if job.tier is CostTier.REFLEX:
            assert job.run is not None
            try:
                job.run(now)
            except Exception:
                _LOGGER.exception("Job %s failed; the other jobs keep running", job.name)
                return Outcome(job.name, Decision.SKIP, "failed")
            return Outcome(job.name, Decision.ADMIT, "ran")
        if not initiative:
            return Outcome(job.name, Decision.SKIP, "initiative is off")
        if not turn_allowed(level, job.essential):
            return Outcome(job.name, Decision.SKIP, f"battery backoff ({level})")
        if self.dispatch is None:
            return Outcome(job.name, Decision.SKIP, "no dispatch hook")
        try:
            verdict = self.dispatch(job, now)
        except Exception:
            _LOGGER.exception("Dispatching turn job %s failed", job.name)
            return Outcome(job.name, Decision.SKIP, "failed")
        if verdict.decision is Decision.DEFER:
            job.last_run = previous
            job.not_before = verdict.retry_at
        return Outcome(job.name, verdict.decision, verdict.reason)

    def snapshot(self) -> dict[str, str]:
        """The persisted jobs' last runs, for the checkpoint."""
        return {
            name: job.last_run.isoformat()
            for name, job in self.jobs.items()
            if job.persist and job.last_run is not None
        }

    def restore(self, stamps: dict[str, datetime], names: Iterable[str] | None = None) -> None:
        """Put checkpointed last runs back on their jobs."""
        for name, stamp in stamps.items():
            if name in self.jobs and (names is None or name in names):
                self.jobs[name].last_run = stamp


_NEVER = datetime.max.replace(tzinfo=UTC)  # an Idle job that already fired this stretch


def _utc(value: datetime) -> datetime:
    return value.astimezone(UTC)


def _daily_due(at: time, now: datetime, last_run: datetime | None) -> datetime:
    today_at = datetime.combine(now.date(), at, tzinfo=now.tzinfo)
    ran_today = last_run is not None and last_run.astimezone(now.tzinfo).date() >= now.date()
    if not ran_today:
        return today_at
    return datetime.combine(now.date() + timedelta(days=1), at, tzinfo=now.tzinfo)
