"""The one way in for a turn the pet starts itself: initiative, battery, budget, then the slot.

Every self-started turn (a musing, a reach-out, a need's hello, a dream fold, a conversation's
closing turn, `shelldon.speak_up`) asks here, in that order; nothing is spent until all four let
it in. An owner's message never comes here: it waits only for the slot. A promise that came due
comes here too, but the budget never holds it: it waits in line for the slot like a message,
and is told whether it may think with the model (initiative and battery) or must keep its word
in its own plain words.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Final

from ..body.battery import Battery
from ..core.budget import Admitted, Decision
from ..core.power import turn_allowed
from ..ports import SLOT_BUSY
from .arbiter import Arbiter
from .personality import Personality

SLOT_BUSY_RETRY: Final = timedelta(seconds=60)


class Admission:
    """Admits (or defers, or skips) the turns the pet starts itself."""

    def __init__(
        self,
        *,
        arbiter: Arbiter,
        personality: Personality,
        battery: Battery,
    ) -> None:
        self.arbiter = arbiter
        self._personality = personality  # the initiative, the budget, and what it spent
        self._battery = battery  # a low battery keeps turns in

    def check(self, cost: int, now: datetime, *, essential: bool = False) -> Admitted:
        """Would initiative, battery and budget let a turn of this cost in? Nothing is taken or
        charged (gate 2 is asked between this and `admit`: a line it would hold back costs
        nothing); an ADMIT carries what `admit` will charge."""
        if not self._personality.initiative:
            return Admitted(Decision.SKIP, "initiative is off")
        if not turn_allowed(self._battery.level, essential=essential):
            return Admitted(Decision.SKIP, f"battery backoff ({self._battery.level})")
        if cost <= 0:
            return Admitted(Decision.ADMIT, "free")
        return self._personality.budget.evaluate(self._personality.state.budget, cost, now)

    def admit(
        self, cost: int, now: datetime, checked: Admitted | None = None, *, essential: bool = False
    ) -> Admitted:
        """Let a turn in: on ADMIT the slot is held and the budget charged. `checked`: the
        ADMIT `check` gave a moment ago (gate 2 asked in between), not weighed again."""
        answer = checked or self.check(cost, now, essential=essential)
        if not answer.ok:
            return answer
        if not self.arbiter.try_take():  # taken only when free and nobody waits
            return Admitted(Decision.DEFER, SLOT_BUSY, now + SLOT_BUSY_RETRY)
        if answer.charge:
            self._personality.apply(answer.charge)
        return answer

    def release(self) -> None:
        """The admitted turn is over."""
        self.arbiter.release()

    async def async_wait_slot(self) -> None:
        """Wait in line for the slot, as an owner's message does (the owner's own requests)."""
        await self.arbiter.take()

    async def async_keep(self) -> Admitted:
        """A promise came due: wait in line for the slot (held on return, whatever the answer),
        then ADMIT when it may think with the model, or why it may not (the initiative is off,
        the battery is too low). The budget is never asked or charged: a promise is no turn of
        the pet's own choosing."""
        await self.arbiter.take()
        if not self._personality.initiative:
            return Admitted(Decision.SKIP, "initiative is off")
        if not turn_allowed(self._battery.level, essential=True):
            return Admitted(Decision.SKIP, f"battery backoff ({self._battery.level})")
        return Admitted(Decision.ADMIT, "a promise: free of the budget")

    def refund(self, cost: int, now: datetime) -> None:
        """A self-started turn that never happened does not count against today's budget."""
        budget = self._personality.state.budget
        if cost and budget.date == now.date().isoformat() and budget.turns_used:
            self._personality.apply({"budget.turns_used": max(0, budget.turns_used - cost)})
