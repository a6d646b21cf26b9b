"""The heart: one scheduler of the pet's jobs, and the one timer that wakes it.

The timer is armed at the scheduler's next due instant (never a fixed-rate poll) and re-armed
after every run, every interaction and every power change. A settled pet wakes only when a job
is due; on a nearly empty battery, what falls due within one stretched beat is gathered into one
wake-up (`core.power.gathered_wake`), and only a promised instant (an `At` job) is kept
exactly.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Final

from homeassistant.core import CALLBACK_TYPE, HomeAssistant, callback
from homeassistant.helpers.event import async_track_point_in_utc_time
from homeassistant.util import dt as dt_util

from ..body.battery import Battery
from ..core import defaults as d
from ..core.power import gathered_wake
from ..core.scheduler import At, Interval, Job, Outcome, Scheduler
from ..ports import Clock
from .personality import Personality

MIN_REARM: Final = timedelta(seconds=1)
MIND_JOB: Final = "mind"
REFLEX_JOB: Final = "reflex"
DORMANT_REFLEX_S: Final = 5 * 60  # how often a dormant pet's reflexes move its sensors


def reflex_period(mind_cadence_s: float) -> float:
    """The reflexes' period for a mind ticking this often: the minute, or five when dormant."""
    return float(d.REFLEX_PERIOD_S) if mind_cadence_s <= d.REFLEX_PERIOD_S else DORMANT_REFLEX_S


class Heart:
    """The scheduler and its one timer."""

    def __init__(
        self,
        hass: HomeAssistant,
        *,
        clock: Clock,
        personality: Personality,
        battery: Battery,
        before_run: Callable[[], None],
        after_run: Callable[[bool], None],
    ) -> None:
        self.hass = hass
        self.clock = clock
        self._personality = personality  # the owner's last word, the initiative switch
        self._battery = battery  # its level stretches the jobs
        self._before_run = before_run  # nothing is shown while the jobs run
        self._after_run = after_run  # (a job that must persist ran): saved soon, then shown
        self.scheduler = Scheduler(started_at=clock.now())
        self.last_outcomes: list[Outcome] = []
        self.armed_at: datetime | None = None  # when the one timer fires next
        self.woke_at: datetime | None = None  # when the one timer last fired
        self._timer: CALLBACK_TYPE | None = None
        self._replan_pending = False  # a re-plan waits for the event loop to be free
        self._rearm = False  # … and re-arms the timer
        self._woken: float | None = None  # … and ticks the mind unless due within this (s)
        self._started = False
        self._beating = False

    @property
    def started(self) -> bool:
        """The pet is set up and living."""
        return self._started

    @property
    def beating(self) -> bool:
        """Its due jobs are running now (what they change is shown once they are done)."""
        return self._beating

    @property
    def started_at(self) -> datetime:
        """When the pet woke."""
        return self.scheduler.started_at

    def add(self, job: Job) -> Job:
        """A job of the pet's life."""
        return self.scheduler.add(job)

    def start(self) -> None:
        """Begin beating."""
        self._started = True
        self.arm()

    def stop(self) -> None:
        """Stop: the timer is cancelled."""
        self._started = False
        self.arm()

    # ------------------------------------------------------------------ beating

    @callback
    def _on_timer(self, _fired: datetime) -> None:
        self._timer = None
        self.woke_at = self.clock.now()
        self.tick()

    def tick(self) -> list[Outcome]:
        """Run whatever is due now, then re-arm."""
        now = self.clock.now()
        self._beating = True
        self._before_run()
        try:
            self.last_outcomes = self.scheduler.tick(
                now,
                self._personality.state.last_interaction_at,
                self._battery.level,
                self._personality.initiative,
            )
        finally:
            self._beating = False
            self._after_run(self._persist(self.last_outcomes))
        self.arm()
        return self.last_outcomes

    def run_now(self, name: str) -> None:
        """Run one job at once (a signal woke the mind), then re-plan the timer."""
        if name in self.scheduler.jobs:
            self._beating = True
            self._before_run()
            try:
                self.last_outcomes = [
                    self.scheduler.run_now(
                        name, self.clock.now(), self._battery.level, self._personality.initiative
                    )
                ]
            finally:
                self._beating = False
                self._after_run(self._persist(self.last_outcomes))
            self.arm()

    def _persist(self, outcomes: list[Outcome]) -> bool:
        """A job that ran must reach the checkpoint soon."""
        return any(self.scheduler.jobs[o.job].persist for o in outcomes)

    def arm(self) -> None:
        """One timer at the next due instant."""
        if self._timer:
            self._timer()
            self._timer = None
        self.armed_at = None
        if not self._started:
            return
        now = self.clock.now()
        due = self._wake_at(now)
        if due is None:
            return
        self.armed_at = dt_util.as_utc(max(due, now + MIN_REARM) if due <= now else due)
        self._timer = async_track_point_in_utc_time(self.hass, self._on_timer, self.armed_at)

    def _wake_at(self, now: datetime) -> datetime | None:
        """When the timer should fire: what is due next, gathered on a nearly empty battery;
        a promised instant is never put off."""
        last, level = self._personality.state.last_interaction_at, self._battery.level
        due = self.scheduler.next_due(now, last, level)
        if due is None:
            return None
        promised = [
            self.scheduler.due_at(job, now, last, level)
            for job in self.scheduler.jobs.values()
            if isinstance(job.cadence, At)
        ]
        return min([gathered_wake(due, self.woke_at, level), *promised])

    @property
    def next_wake(self) -> datetime | None:
        """When the timer fires next (for diagnostics and benchmarks)."""
        return self._wake_at(self.clock.now())

    # ------------------------------------------------------------------ the mind's tick

    def next_tick(self) -> datetime | None:
        """When the mind's tick is next due (UTC)."""
        job = self.scheduler.jobs.get(MIND_JOB)
        if job is None:
            return None
        due = self.scheduler.due_at(
            job, self.clock.now(), self._personality.state.last_interaction_at, self._battery.level
        )
        return dt_util.as_utc(due)

    def set_cadence(self, period_s: float) -> None:
        """The mind's tick follows its activity state, and so do the reflexes: every minute
        while anyone may be watching, every few minutes when the pet is dormant (its drift is
        worked out from the clock, so only how often the sensors move changes). The timer is
        re-planned once the event loop is free."""
        if (job := self.scheduler.jobs.get(MIND_JOB)) is not None:
            job.cadence = Interval(period_s)
        if (reflex := self.scheduler.jobs.get(REFLEX_JOB)) is not None:
            reflex.cadence = Interval(reflex_period(period_s))
        if self._started:  # else `start` arms it
            self._rearm = True
            self._replan_soon()

    def wake(self, within_s: float) -> None:
        """A fact woke the mind: it ticks once the event loop is free, unless its tick falls due
        within `within_s` anyway (so a chatty owner never makes it tick faster than that)."""
        if not self._started:
            return
        self._woken = within_s if self._woken is None else min(self._woken, within_s)
        self._replan_soon()

    def _replan_soon(self) -> None:
        """One re-plan for whatever a moment asked (a message both moves the mind's cadence and
        wakes it): the timer is armed once, not once per ask."""
        if self._replan_pending or not self._started:
            return
        self._replan_pending = True
        self.hass.loop.call_soon(self._replan)

    @callback
    def _replan(self) -> None:
        self._replan_pending = False
        woken, self._woken = self._woken, None
        rearm, self._rearm = self._rearm, False
        if not self._started:
            return
        if woken is not None and MIND_JOB in self.scheduler.jobs:
            due = self.next_tick()
            if due is None or due - self.clock.utcnow() > timedelta(seconds=woken):
                self.run_now(MIND_JOB)  # re-arms when done
                return
        if rearm:
            self.arm()
