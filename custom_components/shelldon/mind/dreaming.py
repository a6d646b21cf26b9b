"""DREAM: finished journal days folded into what the pet keeps, one day per dream tick.

A night's first fold is what costs (the dream's turns); each fold must fit what is left of the
night's token allowance (`shelldon.dream`, the owner's own request, is not capped); a fold that
fails or would not fit ends that night's dreaming, so there is no retry loop. Progress persists:
every day up to `folded_until` is folded.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any, Final

from ..brain.turn import OVER_ALLOWANCE, REFUSED
from ..core import defaults as d
from ..core.budget import Decision
from ..core.dream import backlog
from ..core.readback import whole
from ..ports import Basics
from ..ports.const import CONF_DREAM_TOKENS
from .means import Means, MindFiles

DREAM_NOW_DAYS: Final = 7  # days shelldon.dream folds at most


class Dreamer:
    """The night's consolidation of one pet."""

    def __init__(
        self,
        *,
        basics: Basics,
        files: MindFiles,
        means: Means,
        initiative: Callable[[], bool],
        flush: Callable[[str | None], None],
    ) -> None:
        self.clock = basics.clock
        self.dials = basics.dials
        self.journal = files.journal
        self.turns = means.turns
        self.admission = means.admission
        self.needs = means.needs
        self.journal_days = files.journal_days
        self.initiative = initiative
        self.flush = flush  # the trace's record of what it did
        self.changed = basics.changed
        self.folded_until: str | None = None  # every journal day up to this one is folded
        self.dream_spent: tuple[str | None, int] = (None, 0)  # (night, tokens)
        self.dream_failed: str | None = None  # a night with no more folds

    def to_dict(self) -> dict[str, Any]:
        """For the checkpoint (in the mind's section)."""
        return {
            "folded_until": self.folded_until,
            "dream_spent": list(self.dream_spent),
            "dream_failed": self.dream_failed,
        }

    def restore(self, data: dict[str, Any]) -> None:
        """Back from the mind's section of the checkpoint."""
        folded = data.get("folded_until")
        self.folded_until = folded if isinstance(folded, str) else None
        spent = data.get("dream_spent")
        if isinstance(spent, list) and len(spent) == 2 and isinstance(spent[0], str):
            self.dream_spent = (spent[0], whole(spent[1]))
        failed = data.get("dream_failed")
        self.dream_failed = failed if isinstance(failed, str) else None

    def backlog(self) -> list[str]:
        """Finished journal days not yet folded into memory, oldest first."""
        return backlog(self.journal_days(), self.folded_until, self.clock.now().date())

    @staticmethod
    def night(now: datetime) -> str:
        """The night a dream belongs to (the local date it began on)."""
        return (now - timedelta(hours=12)).date().isoformat()

    def work(self) -> bool:
        """A finished day waits, tonight's allowance is not spent, and the admission would let
        the fold in: the initiative, the battery and the day's budget (a cooldown only makes it
        wait). A dream they would refuse is not entered at all, so a nearly empty battery
        sleeps instead of waking every few minutes to be refused."""
        if not self.initiative():
            return False
        now = self.clock.now()
        night, spent = self.dream_spent
        if night == self.night(now) and spent >= int(self.dials[CONF_DREAM_TOKENS]):
            return False
        if self.dream_failed == self.night(now):
            return False
        if not self.backlog():
            return False
        return self.admission.check(self.cost(now), now).decision is not Decision.SKIP

    def cost(self, now: datetime) -> int:
        """What the next fold costs the budget: the night's first pays the dream's turns."""
        return d.DREAM_COST if self.dream_spent[0] != self.night(now) else 0

    async def async_fold(self, now: datetime, *, capped: bool = True) -> tuple[str, int, bool]:
        """Fold the oldest waiting day (the slot is held); returns (day, facts kept, ok).

        `capped`: only if its estimated cost fits what is left of tonight's allowance; one
        that does not ends tonight's dreaming.
        """
        days = self.backlog()
        if not days:
            return "", 0, True
        day = days[0]
        night, total = self.dream_spent
        tonight = self.night(now)
        spent_tonight = total if night == tonight else 0
        room = int(self.dials[CONF_DREAM_TOKENS]) - spent_tonight if capped else None
        before = self.turns.spent_today(self.clock.now()).total
        outcome, kept = await self.turns.async_dream_day(now, day, room)
        if not outcome.ok and night != tonight:  # the night's first fold paid the dream's
            self.admission.refund(d.DREAM_COST, now)  # turns: it never happened
        if outcome.error == OVER_ALLOWANCE:
            self.dream_failed = tonight
            self.journal.entry(
                self.clock.now(),
                "journal.dream_over_allowance",
                day=day,
                cost=outcome.intent,
                room=room,
            )
            self.changed()
            return day, 0, False
        spent = self.turns.spent_today(self.clock.now()).total - before
        self.dream_spent = (tonight, spent_tonight + spent)
        # A day the model declines is set aside like a folded one: asked again, it would decline
        # again; it stays in the journal, unfolded, and never holds the days after it back.
        if outcome.ok or outcome.error == REFUSED:
            self.folded_until = day
            self.journal_days().discard(day)
        if outcome.ok:
            self.journal.entry(self.clock.now(), "journal.dream_folded", day=day, kept=kept)
            self.needs.witnessed("coherence", f"folded {day}")
        elif outcome.error == REFUSED:
            self.journal.entry(self.clock.now(), "journal.dream_declined", day=day)
        elif self.dream_failed != tonight:  # once a night: the day waits for the next one
            self.dream_failed = tonight
            self.journal.entry(self.clock.now(), "journal.dream_failed", day=day)
        self.changed()
        return day, kept, outcome.ok

    async def async_dream_now(self) -> dict[str, Any]:
        """shelldon.dream: fold the finished days waiting now, at the owner's request."""
        days = self.backlog()[:DREAM_NOW_DAYS]
        if not days:
            return {"ok": True, "days": [], "facts": 0, "reason": "nothing to consolidate"}
        await self.admission.async_wait_slot()
        folded, facts, ok = [], 0, True
        try:
            for _ in days:
                day, kept, ok = await self.async_fold(self.clock.now(), capped=False)
                if not ok:
                    break
                folded.append(day)
                facts += kept
        finally:
            self.admission.release()
        self.flush(f"dream: folded {', '.join(folded) or 'nothing'}")
        return {"ok": ok, "days": folded, "facts": facts}
