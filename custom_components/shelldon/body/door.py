"""The one door out: every line the pet sends without being asked leaves through here.

A musing, a reach-out about a goal, a need's hello, the closing line of a conversation, a
`shelldon.speak_up`: whatever started it, it passes gate 2 (quiet hours, the daily cap,
presence, the interrupt threshold) and goes out as SPEAK (aloud, when someone is home and there
is a speaker), SUGGEST (a notification, or a persistent notification when no target takes it)
or stays SILENT. Each is announced on the bus, `shelldon_reach_out` or `shelldon_decision`, with
its factors, journaled, and counted against the day's interruptions. A promise the owner asked
for comes through the same door and is announced the same way, but it is no interruption the pet
chose: only the quiet hours hold it, it goes to the phone when nobody is home, and it never
counts against the day's cap (the owner was still interrupted: a musing after it is that much
less welcome). Replies to the owner are not reach-outs and never come here.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ..core import readback
from ..core.appraisal import MUSE_RELEVANCE, MUSE_TIME_SENSITIVITY, relevance, time_sensitivity
from ..core.goals import Goal
from ..core.readback import instant, whole
from ..core.salience import (
    InterruptDecision,
    Outcome,
    decide_interrupt,
    decide_keeping,
    factors_for,
)
from ..ports import Basics, JournalLines, Said
from ..ports.const import (
    CONF_INTERRUPT_THRESHOLD,
    CONF_INTERRUPTION_CAP,
    EVENT_DECISION,
    EVENT_REACH_OUT,
)
from .household import Household
from .messenger import Messenger
from .outward import Outward
from .voice import Voice, asks_something


class Door:
    """Gate 2 and delivery, for every line the pet says unasked."""

    def __init__(
        self,
        *,
        basics: Basics,
        journal: JournalLines,
        voice: Voice,
        messenger: Messenger,
        household: Household,
        outward: Outward,
    ) -> None:
        self.outward = outward
        self.name = basics.name
        self.entry_id = basics.entry_id
        self.clock = basics.clock
        self.dials = basics.dials
        self.journal = journal
        self.voice = voice
        self.messenger = messenger
        self.household = household
        self.interruptions: tuple[str | None, int] = (None, 0)  # the pet's own, today
        self.kept: tuple[str | None, int] = (None, 0)  # promises given today
        self.last_reach_out_at: datetime | None = None

    # ------------------------------------------------------------------ persistence

    def to_dict(self) -> dict[str, Any]:
        """For the checkpoint."""
        return {
            "interruptions": list(self.interruptions),
            "kept": list(self.kept),
            "last_reach_out_at": self.last_reach_out_at.isoformat()
            if self.last_reach_out_at
            else None,
        }

    def restore(self, data: Any) -> None:
        """Back from the checkpoint (an older one kept these in the mind's section)."""
        if not isinstance(data, dict):
            return
        self.interruptions = _count(data.get("interruptions"), self.interruptions)
        self.kept = _count(data.get("kept"), self.kept)
        self.last_reach_out_at = instant(data.get("last_reach_out_at"))

    # ------------------------------------------------------------------ gate 2

    def interruptions_today(self, now: datetime) -> int:
        """Lines the pet chose to deliver unasked today (what the daily cap counts)."""
        return _today(self.interruptions, now)

    def decide(self, goal: Goal | None, now: datetime) -> InterruptDecision:
        """Gate 2 for a line about `goal` (or a musing, when None); for a promise that came
        due, the door's way of keeping it (only the quiet hours hold it)."""
        utc_now = self.clock.utcnow()
        presence, can_speak = self.household.state, self.voice.configured
        quiet = self.dials.quiet_hours
        count = self.interruptions_today(now)
        welcome = count + _today(self.kept, now)  # how welcome one more is
        cap = int(self.dials[CONF_INTERRUPTION_CAP])
        threshold = float(self.dials[CONF_INTERRUPT_THRESHOLD])
        factors = factors_for(
            relevance=relevance(goal) if goal else MUSE_RELEVANCE,
            time_sensitivity=time_sensitivity(goal, utc_now) if goal else MUSE_TIME_SENSITIVITY,
            now=now,
            last_reach_out=self.last_reach_out_at,
            presence=presence,
            interruptions_today=welcome,
        )
        if goal is not None and goal.promise and goal.overdue(utc_now):
            return decide_keeping(
                factors,
                now=now,
                quiet=quiet,
                presence=presence,
                can_speak=can_speak,
            )
        return decide_interrupt(
            factors,
            now=now,
            quiet=quiet,
            interruptions_today=count,
            cap=cap,
            threshold=threshold,
            presence=presence,
            can_speak=can_speak,
        )

    def hold_back(self, verdict: InterruptDecision, *, about: str) -> None:
        """Gate 2 said SILENT: journal it and announce the decision, with its factors."""
        self.journal.entry(
            self.clock.now(), "journal.held_back", about=about, reason=verdict.reason
        )
        self.outward.fire(
            EVENT_DECISION,
            {
                "entry_id": self.entry_id,
                "outcome": Outcome.SILENT.value,
                "reason": verdict.reason,
                "about": about,
                "score": round(verdict.score, 3),
                "factors": verdict.factors.to_dict(),
            },
        )

    # ------------------------------------------------------------------ delivery

    async def async_say(
        self,
        text: str,
        verdict: InterruptDecision,
        *,
        about: str,
        goal: Goal | None = None,
        asks: bool = False,
    ) -> Said:
        """SPEAK or SUGGEST a line gate 2 let through; count it, journal it, tell the bus."""
        outcome, reason = verdict.outcome, verdict.reason
        text = self.outward.said(text)  # whatever the model wrote, no secret leaves
        voiced = None
        if outcome is Outcome.SPEAK:  # a question is asked so that it can be answered aloud
            voiced = await self.voice.async_say(text, asks=asks or asks_something(text))
        delivered = voiced is not None
        if outcome is Outcome.SPEAK and not delivered:
            outcome, reason = Outcome.SUGGEST, "the speaker failed; a message will wait"
        if outcome is Outcome.SUGGEST:
            delivered = bool(await self.messenger.async_deliver(text, self.clock.utcnow()))
            if not delivered:  # no target, or none took it: the owner still finds it in HA
                self.outward.notification(
                    text, title=self.name, notification_id=f"shelldon_{self.entry_id}"
                )
                delivered, reason = True, f"{reason}; left as a Home Assistant notification"
        now = self.clock.now()
        kept = goal is not None and goal.promise and goal.overdue(self.clock.utcnow())
        today = now.date().isoformat()
        if kept:  # a promise kept is no interruption the pet chose: the cap never counts it
            self.kept = (today, _today(self.kept, now) + 1)
        else:
            self.interruptions = (today, self.interruptions_today(now) + 1)
        self.last_reach_out_at = self.clock.utcnow()
        self.journal.entry(now, "journal.reached_out", outcome=outcome.value, about=about)
        self.outward.fire(
            EVENT_REACH_OUT,
            {
                "entry_id": self.entry_id,
                "message": text,
                "outcome": outcome.value,
                "reason": reason,
                "about": about,
                "score": round(verdict.score, 3),
                "factors": verdict.factors.to_dict(),
                "voice": voiced.value if voiced is not None else None,
                "promise": goal.id if kept and goal is not None else None,
            },
        )
        return Said(outcome, reason, delivered, verdict)


def _today(counted: tuple[str | None, int], now: datetime) -> int:
    day, count = counted
    return count if day == now.date().isoformat() else 0


def _count(data: Any, default: tuple[str | None, int]) -> tuple[str | None, int]:
    """A day's count back from the checkpoint (anything unreadable keeps the default)."""
    if isinstance(data, list) and len(data) == 2 and readback.day(data[0]) is not None:
        return (data[0], whole(data[1]))
    return default
