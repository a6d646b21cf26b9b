"""Reaching out: every turn the pet starts itself, and every line it then says unasked.

A musing, a reach-out about a goal, a need's hello, a night's dream fold, a conversation's
closing turn and `shelldon.speak_up` all take the same path: the admission (initiative,
battery, budget), gate 2 at the door (a line it would hold back costs no model call), the slot,
the turn, then the door out again for the line. A closing line gate 2 holds back is kept for
the next conversation: never lost, never sent into quiet hours. (`shelldon.dream`, asked for
by the owner, is the dreamer's own: it only waits for the slot, then folds.)
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any, Final

from ..core import defaults as d
from ..core.appraisal import Act, Candidate
from ..core.budget import Decision
from ..core.goals import Goal, GoalState
from ..core.language.words import phrase
from ..core.salience import QUIET_HOURS, InterruptDecision, Outcome
from ..core.text import shorten
from ..core.turn_kind import TurnKind
from ..ports import (
    SLOT_BUSY,
    Admitted,
    Basics,
    Body,
    TurnOutcomeLike,
)
from ..ports.const import CONF_PROACTIVE_IDLE_MIN
from .dreaming import Dreamer
from .means import Means, MindFiles

SILENT_AGAIN_AFTER: Final = timedelta(hours=3)  # a goal the pet chose not to raise comes back
RETRY_SOON: Final = timedelta(minutes=1)
CLOSING: Final = phrase("about.closing")  # in English; the journal writes it in the owner's

Believe = Callable[[str, str, datetime, str], None]  # (subject, value, at, source)


class Reacher:
    """The turns one pet starts itself, and the lines it sends unasked."""

    def __init__(
        self,
        *,
        basics: Basics,
        body: Body,
        files: MindFiles,
        means: Means,
        dreamer: Dreamer,
        considered: dict[str, datetime],
        believe: Believe,
        flush: Callable[[str | None], None],
    ) -> None:
        self.clock = basics.clock
        self.dials = basics.dials
        self.body = body
        self.journal = files.journal
        self.goals = files.goals
        self.turns = means.turns
        self.admission = means.admission
        self.door = means.door
        self.needs = means.needs
        self.dreamer = dreamer
        self.considered = considered  # the mind's: goal id -> not before
        self.believe = believe
        self.spawn = basics.spawn
        self.flush = flush
        self.changed = basics.changed
        self.mused_for: str | None = None  # the quiet stretch the last hello was for
        self.hello_waits_until: datetime | None = None  # a hello hushed by quiet hours, once
        self.held: list[str] = []  # closing lines gate 2 held back, for the next conversation

    # ------------------------------------------------------------------ persistence

    def to_dict(self) -> dict[str, Any]:
        """For the checkpoint (in the mind's section)."""
        return {
            "mused_for": self.mused_for,
            "hello_waits_until": self.hello_waits_until.isoformat()
            if self.hello_waits_until
            else None,
            "held": list(self.held),
        }

    # ------------------------------------------------------------------ hellos

    def stretch_key(self) -> str:
        """The quiet stretch now: since the owner last spoke (or since the pet woke)."""
        last = self.body.last_interaction
        return last.isoformat() if last else f"start:{self.body.started_at.isoformat()}"

    def owner_quiet(self, utc_now: datetime) -> timedelta:
        """How long the owner has been silent."""
        return utc_now - (self.body.last_interaction or self.body.started_at)

    def idle_needed(self) -> timedelta:
        """How long a silence earns a hello (the battery stretches it)."""
        return timedelta(minutes=float(self.dials[CONF_PROACTIVE_IDLE_MIN]) * self.body.stretch)

    def hello_said(self, utc_now: datetime) -> bool:
        """One hello per quiet stretch, unless quiet hours hushed it: then once more after."""
        if self.mused_for != self.stretch_key():
            return False
        return self.hello_waits_until is None or utc_now < self.hello_waits_until

    def may_muse(self) -> str | None:
        """Why a hello would be out of place now, or None when it may be proposed."""
        utc_now = self.clock.utcnow()
        if self.owner_quiet(utc_now) < self.idle_needed():
            return "my owner was here recently"
        if self.hello_said(utc_now):
            return "I already said hello in this quiet stretch"
        return None

    # ------------------------------------------------------------------ reach-outs

    def reach_out(
        self, choice: Candidate, now: datetime, need: str | None = None
    ) -> tuple[str, dict[str, Any] | None]:
        """A reach-out that passed gate 1: the admission, gate 2, then the turn if worth it."""
        utc_now = self.clock.utcnow()
        goal = self.goals.get(choice.ref) if choice.act is Act.REACH_OUT and choice.ref else None
        if choice.act is Act.MUSE:
            self.mused_for = self.stretch_key()  # one hello per quiet stretch, whoever asks
            self.hello_waits_until = None
        checked = self.admission.check(d.PROACTIVE_COST, now)
        if not checked.ok:
            if goal is not None:
                self.considered[goal.id] = checked.retry_at or (utc_now + SILENT_AGAIN_AFTER)
            elif checked.decision is Decision.DEFER and need is None:
                self.mused_for = None  # try again when the cooldown ends
            if need is not None:
                self.needs.defer(need, checked.reason)
            return f"{choice.act.value}: {checked.decision.value} ({checked.reason})", None
        verdict = self.door.decide(goal, now)
        if verdict.outcome is Outcome.SILENT:
            if choice.act is Act.MUSE and verdict.reason == QUIET_HOURS:
                self.hello_waits_until = self.dials.quiet_hours.end_after(now).astimezone(UTC)
            self.door.hold_back(
                verdict, about=goal.text if goal else self.journal.words("about.hello")
            )
            if goal is not None:
                self.considered[goal.id] = utc_now + SILENT_AGAIN_AFTER
            self.needs.outcome(need, Outcome.SILENT, verdict.reason)
            return f"chose not to interrupt: {verdict.reason}", verdict.to_dict()
        kind = TurnKind.REACH_OUT if goal is not None else TurnKind.PROACTIVE
        done = self.start(
            kind,
            now,
            cost=d.PROACTIVE_COST,
            goal=goal,
            delivery=verdict,
            need=need,
            checked=checked,
        )
        return done, verdict.to_dict()

    def reach_out_for_need(
        self, need: str, goal: Goal | None, now: datetime
    ) -> tuple[str, dict[str, Any] | None]:
        """A need asked to reach out (about a goal, or just to say hello): the same path."""
        choice = (
            Candidate(Act.REACH_OUT, 1.0, goal.text, goal.id)
            if goal is not None
            else Candidate(Act.MUSE, 1.0, "saying hello, because I miss my owner")
        )
        return self.reach_out(choice, now, need=need)

    def dream(self, now: datetime, need: str | None = None) -> str:
        """One dream tick: fold the oldest finished day (a night's first fold is what costs)."""
        return self.start(TurnKind.DREAM, now, cost=self.dreamer.cost(now), need=need)

    def close(self, now: datetime) -> str:
        """A conversation ended: its closing turn (free of the budget), through the same
        admission, only when the conversation left something to keep (decided locally);
        otherwise it is closed without a call, and the journal says why."""
        closing = self.turns.closing()
        if not closing.worth:
            self.turns.closed()
            self.journal.entry(now, "journal.closed", reason=closing.reason)
            return f"flush: no call needed ({closing.reason})"
        return self.start(TurnKind.FLUSH, now, cost=0)

    def start(
        self,
        kind: TurnKind,
        now: datetime,
        *,
        cost: int,
        goal: Goal | None = None,
        delivery: InterruptDecision | None = None,
        need: str | None = None,
        checked: Admitted | None = None,
    ) -> str:
        """Start a self-initiated turn: the admission (`checked`: its ADMIT a moment ago, before
        gate 2), then the slot (the turn runs on its own)."""
        admitted = self._admit(kind, now, cost, goal, need, checked)
        if admitted.reason == SLOT_BUSY:
            return f"{kind.value}: deferred ({SLOT_BUSY})"
        if not admitted.ok:
            return f"{kind.value}: {admitted.decision.value} ({admitted.reason})"
        self.spawn(self._async_turn(kind, now, cost, goal, delivery, need))
        return f"started a {kind.value} turn"

    def _admit(
        self,
        kind: TurnKind,
        now: datetime,
        cost: int,
        goal: Goal | None,
        need: str | None,
        checked: Admitted | None = None,
    ) -> Admitted:
        """The one way in for a turn the pet starts itself (on ADMIT the slot is held and the
        budget charged); what kept it out is remembered where it matters."""
        admitted = self.admission.admit(cost, now, checked)
        if admitted.ok:
            return admitted
        if kind is TurnKind.FLUSH and admitted.decision is Decision.SKIP:
            self.turns.closed()
        if admitted.reason == SLOT_BUSY:
            if goal is not None:
                self.considered[goal.id] = self.clock.utcnow() + RETRY_SOON
            if need is not None:
                self.needs.defer(need, "a turn was in flight")
        elif need is not None:
            self.needs.defer(need, admitted.reason)
        return admitted

    async def _async_turn(
        self,
        kind: TurnKind,
        now: datetime,
        cost: int,
        goal: Goal | None,
        delivery: InterruptDecision | None,
        need: str | None,
    ) -> tuple[TurnOutcomeLike | None, Outcome | None]:
        """An admitted turn: run it, give the slot back, refund it if it never happened, and
        send its line out through the door; the outcome and how the line went out."""
        try:
            if kind is TurnKind.DREAM:
                await self.dreamer.async_fold(now)
                return None, None
            outcome = await self.turns.async_self_turn(kind, now, goal=goal)
        finally:
            self.admission.release()
        sent = None
        if not outcome.ok:
            self.admission.refund(cost, now)  # it never happened
        if delivery is not None and outcome.ok and outcome.say:
            asks = bool(outcome.reply and outcome.reply.asks)
            sent = await self.deliver(outcome.say, delivery, goal, need, asks=asks)
        elif kind is TurnKind.FLUSH and outcome.say:
            await self._closing_line(outcome.say, now)
        elif need is not None:
            self.needs.defer(need, "the turn ended without a line to send")
        if goal is not None and outcome.ok and not outcome.say:
            self.considered[goal.id] = self.clock.utcnow() + SILENT_AGAIN_AFTER
        return outcome, sent

    async def _closing_line(self, text: str, now: datetime) -> None:
        """The closing line of a conversation is a line said unasked: the door decides."""
        verdict = self.door.decide(None, self.clock.now())
        if verdict.outcome is Outcome.SILENT:
            self.held.append(text)
            del self.held[:-3]
            self.journal.entry(self.clock.now(), "journal.kept_for_later", text=shorten(text, 200))
            self.door.hold_back(verdict, about=self.journal.words("about.closing"))
            self.flush(None)
            self.changed()
            return
        await self.deliver(text, verdict, None, None, about=self.journal.words("about.closing"))

    def take_held(self) -> list[str]:
        """The closing lines kept back, handed to the owner's next conversation."""
        held, self.held = self.held, []
        if held:
            self.changed()
        return held

    async def deliver(
        self,
        text: str,
        verdict: InterruptDecision,
        goal: Goal | None,
        need: str | None,
        *,
        about: str | None = None,
        asks: bool = False,
    ) -> Outcome:
        """Out through the door, then remember it, close the goal, tell the needs."""
        about = about or (goal.text if goal else self.journal.words("about.musing"))
        said = await self.door.async_say(text, verdict, about=about, goal=goal, asks=asks)
        self.believe(
            "reach_out:last", f"{said.outcome.value}: {about}", self.clock.utcnow(), "reach_out"
        )
        if goal is not None:
            self.goals.settle(goal.id, GoalState.DONE)
        self.needs.outcome(need, said.outcome, said.reason, delivered=said.delivered)
        if said.delivered:
            self.needs.witnessed("connection", f"reached out ({said.outcome.value})")
        self.flush(None)
        self.changed()
        return said.outcome

    # ------------------------------------------------------------------ on request

    async def async_speak_up(self) -> dict[str, Any]:
        """shelldon.speak_up: propose a reach-out now, through the same gates; the decision."""
        now = self.clock.now()
        checked = self.admission.check(d.PROACTIVE_COST, now)
        verdict = self.door.decide(None, now)  # scored either way: every answer has its factors
        if not checked.ok:
            retry = {"retry_at": checked.retry_at.isoformat()} if checked.retry_at else {}
            return {
                **verdict.to_dict(),
                "outcome": checked.decision.value,
                "reason": checked.reason,
                **retry,
            }
        if verdict.outcome is Outcome.SILENT:
            self.door.hold_back(verdict, about=self.journal.words("about.hello"))
            self.flush(None)
            return verdict.to_dict()
        kind, cost = TurnKind.PROACTIVE, d.PROACTIVE_COST
        admitted = self._admit(kind, now, cost, None, None, checked)  # as for any turn
        if not admitted.ok:
            retry = {"retry_at": admitted.retry_at.isoformat()} if admitted.retry_at else {}
            return {
                **verdict.to_dict(),
                "outcome": admitted.decision.value,
                "reason": admitted.reason,
                **retry,
            }
        outcome, sent = await self._async_turn(kind, now, cost, None, verdict, None)
        assert outcome is not None  # a turn that is no dream has an outcome
        result = {**verdict.to_dict(), "message": outcome.say, "ok": outcome.ok}
        if not outcome.ok:
            reason = f"it could not think ({outcome.error})"
            return {**result, "outcome": Outcome.SILENT.value, "reason": reason}
        if sent is None:
            return {**result, "outcome": Outcome.SILENT.value, "reason": "it chose silence"}
        return {**result, "outcome": sent.value}
