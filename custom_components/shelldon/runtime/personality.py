"""The pet's personality as the runtime keeps it: its state (this is the only caller of
`apply_patch` and of the state's own `nudge`), its will to start turns on its own (the
initiative switch), and the budget of turns it may start a day. A patch is the one way in; the
face and the entities follow it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from ..core.budget import Budget
from ..core.state import NudgeKind, PersonalityState
from ..ports.const import CONF_COOLDOWN_MIN, CONF_DAILY_TURNS


def budget_gate(dials: Mapping[str, Any]) -> Budget:
    """The budget of self-started turns the dials describe."""
    return Budget(
        daily_turns=int(dials[CONF_DAILY_TURNS]),
        cooldown_s=float(dials[CONF_COOLDOWN_MIN]) * 60,
    )


class Personality:
    """One pet's personality, and what follows a change of it."""

    def __init__(
        self,
        dials: Mapping[str, Any],
        *,
        follow: Callable[[PersonalityState], object],
        show: Callable[[], None],
        utcnow: Callable[[], datetime],
    ) -> None:
        self.state = PersonalityState()  # replaced by the checkpoint's when the pet wakes
        self.initiative = True
        self.budget = budget_gate(dials)  # the self-started turns a day allows
        self._follow = follow
        self._show = show
        self._utcnow = utcnow

    def apply(self, patch: dict[str, Any]) -> None:
        """The one door to the personality: apply a patch, then the face and sensors follow.
        The state it changes is dirty from then on, which is what the checkpoint's cadence
        writes (a settled pet changes nothing and writes nothing)."""
        if not patch:
            return
        self.state.apply_patch(patch)
        self._follow(self.state)
        self._show()

    def nudge(self, kind: NudgeKind) -> bool:
        """Move the mood by the owner's nudge, nothing shown yet (the command shows it with its
        face); False when the mood is at the bound."""
        return self.state.nudge(kind)

    def interacted(self) -> None:
        """The owner spoke: the idle clock starts again."""
        self.apply({"last_interaction": self._utcnow().isoformat()})

    def retune(self, dials: Mapping[str, Any]) -> None:
        """The owner changed the daily turns or the cooldown."""
        self.budget = budget_gate(dials)
