"""The pet's rhythm: the jobs of its life on the one timer (the reflexes' drift, the
checkpoint's cadence, forgetting, the mind's tick, and the timer of the next promise)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Final, Protocol

from ..core import defaults as d
from ..core.reflexes import compute_reflex_patch
from ..core.scheduler import At, CostTier, Interval, Job
from ..ports import Clock
from .heart import DORMANT_REFLEX_S, REFLEX_JOB, Heart
from .personality import Personality

# At most a dormant period's steps at once: after a downtime the drift starts anew, as ever.
MAX_REFLEX_STEPS: Final = DORMANT_REFLEX_S // d.REFLEX_PERIOD_S
GOAL_TIMER: Final = "goal_timer"


class Ticking(Protocol):
    """The mind, as its rhythm sees it."""

    @property
    def cadence_s(self) -> float:
        """How often it ticks now."""
        ...

    def tick(self, fired: datetime, /) -> None:
        """One tick."""
        ...

    def wake(self) -> None:
        """Look at the goals now."""
        ...

    def next_goal_at(self) -> datetime | None:
        """When the next promise is to be given, or the next goal is due."""
        ...


class Rhythm:
    """One pet's jobs."""

    def __init__(
        self,
        heart: Heart,
        personality: Personality,
        clock: Clock,
        mind: Ticking,
        *,
        save_due: Callable[[], None],
        prunes: Sequence[Callable[[datetime], object]],
    ) -> None:
        self._heart = heart
        self._personality = personality
        self._clock = clock
        self._mind = mind
        self._save_due = save_due
        self._prunes = prunes  # each forgets what is older than it keeps (given UTC now)
        self._reflexed_at: datetime | None = None

    def register(self) -> None:
        """The jobs, on the one timer."""
        add, mind = self._heart.add, self._mind
        add(Job(REFLEX_JOB, Interval(d.REFLEX_PERIOD_S), CostTier.REFLEX, run=self._reflex))
        add(Job("checkpoint", Interval(d.CHECKPOINT_PERIOD_S), CostTier.REFLEX, run=self._save))
        add(Job("prune", Interval(d.PRUNE_PERIOD_S), CostTier.REFLEX, run=self._prune))
        add(Job("mind", Interval(mind.cadence_s), CostTier.REFLEX, run=mind.tick))
        add(Job(GOAL_TIMER, At(None), CostTier.REFLEX, run=lambda _now: mind.wake()))
        self.goals_changed()

    def goals_changed(self) -> None:
        """Arm the goal timer at the next promise to give, or the next goal due."""
        job = self._heart.scheduler.jobs.get(GOAL_TIMER)
        if job is None:
            return
        job.cadence = At(self._mind.next_goal_at())
        self._heart.arm()

    def _reflex(self, _now: datetime) -> None:
        now = self._clock.now()
        steps = 1  # one step per reflex minute that passed (five at once when dormant)
        if self._reflexed_at is not None:
            minutes = (now - self._reflexed_at).total_seconds() / d.REFLEX_PERIOD_S
            steps = max(1, min(MAX_REFLEX_STEPS, round(minutes)))
        self._reflexed_at = now
        personality = self._personality
        personality.apply(compute_reflex_patch(personality.state, now, steps))

    def _save(self, _now: datetime) -> None:
        self._save_due()

    def _prune(self, _now: datetime) -> None:
        utc_now = self._clock.utcnow()
        for prune in self._prunes:
            prune(utc_now)
