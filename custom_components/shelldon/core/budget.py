"""The spend gate for self-initiated turns: a daily turn count and a cooldown between them.

Budget first (SKIP if admitting this job's cost would pass the daily cap), then cooldown (DEFER
while too soon), else ADMIT together with the patch that records the spend. The day rolls over
on the local calendar day of the `now` it is given.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Any

from . import defaults as d
from .state import TurnBudget


class Decision(StrEnum):
    """The gate's verdict."""

    ADMIT = "admit"  # budget has room and the cooldown has passed: start the turn
    DEFER = "defer"  # inside the cooldown (or the slot is busy): propose again later
    SKIP = "skip"  # today's budget is spent (or the pet is backed off): not today


@dataclass(frozen=True)
class Admitted:
    """Gate 1's answer for a turn the pet starts itself: ADMIT (and what letting it in will
    charge: the spend patch), or why not and, for DEFER, when to try again."""

    decision: Decision
    reason: str
    retry_at: datetime | None = None
    charge: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """The turn may run now (and must release the slot when done)."""
        return self.decision is Decision.ADMIT


def turns_used_today(budget: TurnBudget, now: datetime) -> int:
    """Turns spent on the local day of `now` (a ledger from another day counts zero)."""
    return budget.turns_used if budget.date == now.date().isoformat() else 0


@dataclass(frozen=True)
class Budget:
    """The daily turn budget and the cooldown, as dials."""

    daily_turns: int = d.DAILY_TURN_BUDGET
    cooldown_s: float = d.COOLDOWN_S

    def turns_left(self, budget: TurnBudget, now: datetime) -> int:
        """Self-initiated turns still affordable today."""
        return max(0, self.daily_turns - turns_used_today(budget, now))

    def evaluate(self, budget: TurnBudget, cost: int, now: datetime) -> Admitted:
        """Admit, defer or skip a turn of this cost at `now` (a local, aware instant)."""
        used = turns_used_today(budget, now)
        if used + cost > self.daily_turns:
            return Admitted(
                Decision.SKIP, f"daily budget spent ({used} of {self.daily_turns} turns used)"
            )
        if budget.last_turn_at is not None:  # an aware ISO instant: the one writer checked it
            ready_at = datetime.fromisoformat(budget.last_turn_at) + timedelta(
                seconds=self.cooldown_s
            )
            if now < ready_at:
                return Admitted(Decision.DEFER, "cooling down", retry_at=ready_at)
        patch = {
            "budget.date": now.date().isoformat(),
            "budget.turns_used": used + cost,
            "budget.last_turn_at": now.astimezone(UTC).isoformat(),
        }
        return Admitted(Decision.ADMIT, "budget has room", charge=patch)
