"""The one way in and the one way out: the admission for a turn the pet starts itself, and the
door every line it says unasked passes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from ..core.budget import Admitted
from ..core.goals import Goal
from ..core.salience import InterruptDecision, Outcome

SLOT_BUSY = "a turn is in flight"  # the reason a turn is deferred for the slot


class Gate(Protocol):
    """The one way in for a turn the pet starts itself: initiative, battery, budget, slot."""

    def check(self, cost: int, now: datetime) -> Admitted:
        """Would initiative, battery and budget let it in? (Nothing is taken or charged.)"""
        ...

    def admit(self, cost: int, now: datetime, checked: Admitted | None = None) -> Admitted:
        """Let a turn in: on ADMIT the slot is held and the budget charged (`checked`: the
        ADMIT that `check` gave a moment ago, not weighed again)."""
        ...

    def release(self) -> None:
        """The admitted turn is over: free the slot."""
        ...

    def refund(self, cost: int, now: datetime) -> None:
        """A turn that never happened gives its budget back."""
        ...

    async def async_wait_slot(self) -> None:
        """Wait in line for the slot (the owner's own requests, like shelldon.dream)."""
        ...

    async def async_keep(self) -> Admitted:
        """A promise came due: the slot, waited for (held on return), and whether the model may
        be used for its words (the budget is never charged)."""
        ...


@dataclass(frozen=True)
class Said:
    """What the door did with a line: the outcome, why, and whether anything took it."""

    outcome: Outcome
    reason: str
    delivered: bool
    verdict: InterruptDecision | None = None


class Doorway(Protocol):
    """The one door out: every line the pet sends unasked passes gate 2 here (quiet hours,
    cap, presence, threshold), goes out as SPEAK or SUGGEST or stays SILENT, and is announced
    by `shelldon_reach_out` or `shelldon_decision` with its factors."""

    def decide(self, goal: Goal | None, now: datetime) -> InterruptDecision:
        """Gate 2 for a line about `goal` (or a musing, when None)."""
        ...

    async def async_say(
        self,
        text: str,
        verdict: InterruptDecision,
        *,
        about: str,
        goal: Goal | None = None,
        asks: bool = False,
    ) -> Said:
        """Send an admitted line out (SPEAK, else SUGGEST), count it, tell the bus; `asks`: the
        turn recorded a question in it (spoken, it is asked so it can be answered aloud)."""
        ...

    def hold_back(self, verdict: InterruptDecision, *, about: str) -> None:
        """Gate 2 said SILENT: journal it and announce the decision."""
        ...

    def interruptions_today(self, now: datetime) -> int:
        """Lines delivered unasked today."""
        ...
