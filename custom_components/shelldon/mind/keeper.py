"""Keeping promises: each promise that came due is given once, at its time, through the one door.

The owner's reminder (and a promise the pet made in answer) is not an interruption the pet
chose, so none of its own limits applies: not the initiative's budget, the cooldown or the daily
interruption cap. It still goes out through the door (announced with its factors) and waits for
the slot like a message. Its words are the model's when the model may be used (the initiative is
on, the battery and today's tokens allow it), and the pet's own plain words otherwise (a promise
is never kept in silence). Due in the quiet hours, it is given
when they end; found past its time after a restart, it is given late, saying so. Once given it
is settled, and the goal book written at once, so no restart gives it twice.
"""

from __future__ import annotations

from datetime import datetime

from ..core.goals import Goal, GoalState
from ..core.keeping import due_now, late, next_keeping, postponed
from ..core.salience import Outcome
from ..core.tokens import pressure
from ..ports import Changed, Clock, Dials, Doorway, Gate, Spawn, TurnOutcomeLike, TurnRunner
from ..ports.const import CONF_TOKEN_CAP
from ..vault.goals import GoalBook


class Keeper:
    """The promises of one pet, given at their time."""

    def __init__(
        self,
        *,
        clock: Clock,
        dials: Dials,
        goals: GoalBook,
        door: Doorway,
        admission: Gate,
        turns: TurnRunner,
        spawn: Spawn,
        changed: Changed,
    ) -> None:
        self.clock = clock
        self.dials = dials
        self.goals = goals
        self.door = door
        self.admission = admission
        self.turns = turns
        self.spawn = spawn
        self.changed = changed
        self.keeping: set[str] = set()  # promises on their way out now

    def keep(self, now: datetime) -> list[str]:
        """Start giving every promise that came due (`now` local); the ids started."""
        started = []
        for goal in due_now(self.goals.open_goals(), now, self.dials.quiet_hours):
            if goal.id not in self.keeping:
                self.keeping.add(goal.id)
                self.spawn(self._async_keep(goal.id))
                started.append(goal.id)
        return started

    def next_at(self, now: datetime) -> datetime | None:
        """When the next promise is to be given (local), if any."""
        return next_keeping(self.goals.open_goals(), now, self.dials.quiet_hours)

    async def _async_keep(self, goal_id: str) -> None:
        try:
            admitted = await self.admission.async_keep()  # in line for the slot, like a message
            try:
                goal = self.goals.get(goal_id)
                now, quiet = self.clock.now(), self.dials.quiet_hours
                if goal is None or not goal.open or quiet.hold(now):
                    return  # ticked off meanwhile, or the quiet hours began: kept when they end
                outcome = await self.turns.async_keep(
                    goal,
                    now,
                    think=admitted.ok and self._affordable(now),
                    late=late(goal, now, quiet),
                    waited=postponed(goal, now, quiet),
                )
            finally:
                self.admission.release()
            await self._give(goal, outcome)
        finally:
            self.keeping.discard(goal_id)
            self.changed()

    def _affordable(self, now: datetime) -> bool:
        """Today's tokens still allow a model call."""
        return pressure(self.turns.spent_today(now).total, float(self.dials[CONF_TOKEN_CAP])) < 1

    async def _give(self, goal: Goal, outcome: TurnOutcomeLike) -> None:
        """Out through the door, then settled and written down at once."""
        verdict = self.door.decide(goal, self.clock.now())
        if verdict.outcome is Outcome.SILENT:  # the quiet hours began while it was written
            return
        asks = bool(outcome.reply and outcome.reply.asks)
        await self.door.async_say(outcome.say, verdict, about=goal.text, goal=goal, asks=asks)
        self.goals.settle(goal.id, GoalState.DONE)
        await self.goals.async_save()
