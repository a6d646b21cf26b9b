"""Turns: every model call the pet makes, from the request it is shown to what it keeps after.

Owner messages wait only for the single slot, in order, and always get an answer (an
in-character apology when the brain fails). Turns the pet starts itself arrive here already
admitted (initiative, battery, budget, slot) and deliver nothing: their lines leave through the
door out. After a turn the reply is applied: the exchange joins the history, notes go into the
journal for the dream, promises and questions become goals, finished ones settle, edits go to
the soul keeper, the tokens are counted.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any, Final

from ..brain import Brain
from ..brain.offline import OfflineBrain
from ..brain.turn import (
    OVER_ALLOWANCE,
    BrainAuthError,
    BrainError,
    Filed,
    Identity,
    PromptLine,
    Reply,
    TurnKind,
    TurnRequest,
    TurnResult,
)
from ..const import EVENT_TURN_FINISHED
from ..core.closing import Closing, Conversation, Heard, hear, worth_closing
from ..core.dream import distill
from ..core.goals import Goal
from ..core.history import Exchange, History, Line, Role, marker
from ..core.memory import fact_line, new_facts, notes_from_list
from ..core.plain import flag, mapping, text
from ..core.promises import parse_remind_me
from ..core.scrub import scrub
from ..core.signals import SignalKind
from ..core.text import clean
from ..core.tokens import TokenLedger, Usage
from ..ports import Body, Changed, Clock, Executor, Slot
from ..vault.files import Vault, VaultError
from ..vault.goals import GoalBook
from ..vault.journal import Records
from ..vault.proposals import SoulKeeper
from ..vault.recall import Recall
from ..vault.shelf import Shelf
from ..vault.soul import CONSTITUTION, PERSONA, read_soul
from .apology import Troubles, apology
from .machine import machine
from .reply import apply_reply
from .senses import Senses, TurnOutcome

_LOGGER = logging.getLogger(__name__)

FACTS_FILE: Final = "memory/facts.md"
MAX_MESSAGE: Final = 2000
EARLIER_SHOWN: Final = 6  # exchanges of context in an owner turn's prompt
EARLIER_SHOWN_WAKE: Final = 3  # … and in a turn the pet starts itself
EARLIER_CHARS: Final = 240  # characters per earlier line in a prompt

SAID_AS: Final = {TurnKind.OWNER: "reply", TurnKind.REACH_OUT: "reach_out"}


class Turns:
    """The turn lifecycle of one pet."""

    def __init__(
        self,
        *,
        name: str,
        entry_id: str,
        clock: Clock,
        brain: Brain,
        body: Body,
        goals: GoalBook,
        journal: Records,
        vault: Vault,
        recall: Recall,
        shelf: Callable[[], Shelf],
        soul: SoulKeeper,
        slot: Slot,
        senses: Senses,
        executor: Executor,
        changed: Changed,
        home: str = "home",
    ) -> None:
        self.name = name
        self.entry_id = entry_id
        self.clock = clock
        self.brain: Brain = brain
        self.offline = OfflineBrain()
        self.body = body
        self.goals = goals
        self.journal = journal
        self.vault = vault
        self.recall = recall
        self._shelf = shelf
        self.soul = soul
        self.slot = slot
        self.senses = senses
        self.executor = executor
        self.changed = changed
        self.home = home
        self.history = History()
        self.tokens = TokenLedger()
        self.identity = Identity(name, CONSTITUTION.format(name=name), PERSONA.format(name=name))
        self.last_intent: str | None = None
        self.last_outcome: str | None = None
        self.last_said: dict[str, Any] | None = None
        self.last_mark: dict[str, Any] = {}
        self.unflushed = False
        self.conversation = Conversation()  # what each message of the open one left to keep
        self.troubles = Troubles(name)  # why the brain last failed, said once in the log
        self.last_topic = ""  # what the owner last talked about
        self._topic = ""  # what this turn is about, for recall and the shelf
        self._shown: tuple[str, ...] = ()  # the shelf passages the current turn was shown

    # ------------------------------------------------------------------ persistence

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the checkpoint."""
        return {
            "history": self.history.to_list(),
            "tokens": self.tokens.to_dict(),
            "last_intent": self.last_intent,
            "last_outcome": self.last_outcome,
            "last_said": self.last_said,
            "last_mark": self.last_mark,
            "unflushed": self.unflushed,
            "conversation": self.conversation.to_list(),
            "goal_serial": self.goals.serial,
        }

    def restore(self, data: Any) -> None:
        """Back from the checkpoint (anything unreadable is skipped)."""
        if not isinstance(data, dict):
            return
        self.history = History.from_list(data.get("history"))
        for note in notes_from_list(data.get("notes")):  # an older inbox
            self.journal.journal(self.clock.now(), None, f"noted: {note.text}")
        self.tokens = TokenLedger.from_dict(data.get("tokens"))
        self.last_intent = text(data.get("last_intent"))
        self.last_outcome = text(data.get("last_outcome"))
        said = mapping(data.get("last_said"))
        self.last_said = (
            {k: v for k, v in said.items() if isinstance(k, str) and isinstance(v, str)}
            if isinstance(said.get("text"), str)
            else None
        )
        mark = data.get("last_mark")
        self.last_mark = mark if isinstance(mark, dict) else {}
        self.unflushed = flag(data.get("unflushed"), False)
        self.conversation = Conversation.from_list(data.get("conversation"))
        if self.unflushed and not self.conversation.heard:  # an older checkpoint: keep it all
            self.conversation.add(Heard("a conversation from before a restart", False, False))
        serial = data.get("goal_serial")
        if isinstance(serial, int) and not isinstance(serial, bool):
            self.goals.serial = serial

    async def async_load_soul(self) -> None:
        """Seed and read the soul files (again, when the owner or an approved edit changed
        them); the starters stand in when they cannot be read."""
        try:
            constitution, persona = await self.executor(read_soul, self.vault, self.name)
        except (OSError, VaultError) as err:
            _LOGGER.warning(
                "The soul files of %s are not readable (%s); using the starters", self.name, err
            )
            return
        self.identity = Identity(self.name, constitution, persona, home=self.home)

    # ------------------------------------------------------------------ reading

    @property
    def shelf(self) -> Shelf:
        """The shelf as it is now."""
        return self._shelf()

    def spent_today(self, now: datetime) -> Usage:
        """Tokens spent today."""
        return self.tokens.today(now)

    def closing(self) -> Closing:
        """Whether the conversation that ended left anything for a model to keep, and why."""
        if not self.unflushed:
            return Closing(False, "no conversation is open")
        return worth_closing(self.conversation)

    def closed(self) -> None:
        """The conversation is closed (by its closing turn, or without one)."""
        self.unflushed = False
        self.conversation.clear()

    @property
    def failure(self) -> str | None:
        """Why the brain last failed, until it works again."""
        return self.troubles.cause

    # ------------------------------------------------------------------ the prompt

    def _earlier(self, shown: int) -> list[PromptLine]:
        lines = []
        for exchange in self.history.exchanges[-shown:]:
            for line in (exchange.heard, exchange.said):
                if line is not None:
                    lines.append(
                        PromptLine(
                            "earlier", line.room, line.sender, line.role.value, _trim(line.text)
                        )
                    )
        return lines

    def request(
        self, kind: TurnKind, now: datetime, *, unsaid: list[str] | None = None, **extra: Any
    ) -> TurnRequest:
        """The request for a turn of this kind, with the recent conversation as context."""
        shown = EARLIER_SHOWN if kind in (TurnKind.OWNER, TurnKind.FLUSH) else EARLIER_SHOWN_WAKE
        new = tuple(extra.pop("new", ()))
        earlier = self._earlier(shown)
        self._topic = (
            " ".join(m.text for m in new)
            or str(extra.get("goal") or "")
            or " ".join(line.text for line in earlier[-2:])
        )
        hits = self.shelf.search(self._topic) if self._topic else []
        self._shown = tuple(hit.chunk.text for hit in hits)  # what a note must not repeat
        view = machine(
            self.body,
            now=now,
            utc_now=self.clock.utcnow(),
            goals=self.goals,
            tokens_today=self.tokens.today(now).total,
            history=self.history,
            mark=self.last_mark,
            last_intent=self.last_intent,
            last_outcome=self.last_outcome,
            situation=self.senses.situation,
            recalled=self.recall.recall(self._topic) if self._topic else [],
            shown=hits,
            unsaid=unsaid or [],
            filed=tuple(extra.get("filed", ())),
        )
        return TurnRequest(
            kind=kind, identity=self.identity, machine=view, messages=tuple(earlier) + new, **extra
        )

    # ------------------------------------------------------------------ turns

    async def async_owner_turn(self, said: str, *, room: str, sender: str) -> TurnOutcome:
        """The owner said something: wait for the slot, answer, keep what matters."""
        said = " ".join(clean(said).split())[:MAX_MESSAGE]
        self.senses.interacted()
        self.senses.post(
            SignalKind.OWNER_MESSAGE,
            {"room": room, "sender": sender, "about": f"{sender} said something"},
        )
        self.unflushed = True
        await self.slot.take()
        try:
            now = self.clock.now()
            heard = Line(self.clock.utcnow().isoformat(), room, sender, Role.OWNER, said)
            request = self.request(
                TurnKind.OWNER,
                now,
                new=(PromptLine("message", room, sender, "owner", said),),
                unsaid=self.senses.unsaid(),
                filed=await self._async_remind(said, now),
            )
            self.last_topic = said
            self.senses.witnessed("connection", "my owner talked with me")
            outcome = await self._run(request, heard, TurnKind.OWNER)
            self.senses.save_soon()  # what was said reaches the checkpoint within seconds
            return outcome
        finally:
            self.slot.release()

    async def _async_remind(self, said: str, now: datetime) -> tuple[Filed, ...]:
        """The owner's "remind me to …", filed (and on disk) before the turn, so that the reply
        says what the goal book really holds (REFLECT journals it with the words)."""
        if (reminder := parse_remind_me(said, now)) is None:
            return ()
        goal, new = self.goals.remind(reminder)
        if new:
            await self.goals.async_save()
        due = goal.due.astimezone(now.tzinfo) if goal.due else None
        return (Filed(goal.id, goal.text, due, reminder.link, new),)

    async def async_self_turn(
        self, kind: TurnKind, now: datetime, *, goal: Goal | None = None
    ) -> TurnOutcome:
        """A turn the pet starts itself (already admitted, holding the slot); nothing delivered."""
        if kind is TurnKind.FLUSH:
            self.closed()
            request = self.request(TurnKind.FLUSH, now, flush_cause="your owner has gone quiet")
            return await self._run(request, None, kind)
        heard = Line(
            self.clock.utcnow().isoformat(), "notification", "", Role.MARKER, marker(self.name)
        )
        extra: dict[str, Any] = {"goal": f"[{goal.id}] {goal.text}"} if goal is not None else {}
        return await self._run(self.request(kind, now, **extra), heard, kind)

    async def async_dream_day(
        self, now: datetime, day: str, room: int | None = None
    ) -> tuple[TurnOutcome, int]:
        """Fold one finished journal day into memory/facts.md (admitted, holding the slot).

        Returns the outcome and how many facts were kept. With `room` (the tokens left of
        tonight's allowance), a fold estimated to cost more is not started: the outcome's
        error is OVER_ALLOWANCE and nothing is spent.
        """
        day_text = await self.executor(self._read, f"journal/{day}.md")
        parts = distill(day_text, self.name)
        known = [fact for fact, _ in self.recall.facts]
        words = " ".join(parts).lower()
        relevant = [f for f in known if any(w in words for w in f.lower().split()[:3])]
        request = self.request(
            TurnKind.DREAM,
            now,
            notes=tuple(parts[0].splitlines()) if parts else (),
            facts=tuple((relevant or known)[-40:]),
            goal=day,
        )
        if not parts:
            return TurnOutcome("", f"nothing to keep from {day}", True, TurnKind.DREAM, 0), 0
        if room is not None and (cost := self.brain.estimate(request)) > room:
            return TurnOutcome(
                "", f"about {cost} tokens", False, TurnKind.DREAM, 0, error=OVER_ALLOWANCE
            ), 0
        outcome = await self._run(request, None, TurnKind.DREAM)
        kept: list[str] = []
        if outcome.ok and outcome.reply is not None:
            kept = new_facts([scrub(f) for f in outcome.reply.remember], known)
            if kept:
                lines = "".join(fact_line(f, day) for f in kept)
                await self.executor(self.vault.append_text, FACTS_FILE, lines)
                for fact in kept:
                    self.recall.add_fact(fact, day)
        return outcome, len(kept)

    def _read(self, rel: str) -> str:
        return self.vault.read_text(rel) if self.vault.exists(rel) else ""

    # ------------------------------------------------------------------ one turn

    async def _run(self, request: TurnRequest, heard: Line | None, kind: TurnKind) -> TurnOutcome:
        now = self.clock.now()
        ok, error = True, None
        try:
            result = await self.brain.think(request)
            self.troubles.recovered()
            billed = result.usage
        except BrainError as err:
            ok, error, billed = False, err.cause, err.usage
            self.troubles.failed(err)
            if isinstance(err, BrainAuthError):
                self.senses.key_rejected()  # whoever's turn it was, the owner must act
                self.brain = self.offline
            result = (
                apology(err)
                if kind is TurnKind.OWNER
                else TurnResult(Reply(intent=f"(the {kind.value} turn failed: {err.cause})"))
            )
        self.tokens.spend(billed, now)
        reply = result.reply
        apply_reply(
            reply,
            now=now,
            utc_now=self.clock.utcnow(),
            journal=self.journal,
            goals=self.goals,
            keep_notes=kind is not TurnKind.DREAM and ok,
            shown=self._shown,
        )
        for edit in reply.edits if ok else ():
            account = await self.soul.async_propose(edit.path, edit.content, edit.reason)
            self.journal.journal(now, None, account)
        said_line = None
        if reply.say:
            room = heard.room if heard else "notification"
            said_line = Line(self.clock.utcnow().isoformat(), room, self.name, Role.PET, reply.say)
            self.last_said = {
                "text": reply.say,
                "kind": SAID_AS.get(kind, "musing"),
                "at": said_line.at,
            }
            self.senses.spoke()
        if heard is not None:
            self.history.add(Exchange(heard, said_line, kind.value))
        if kind is TurnKind.OWNER and heard is not None:
            self.conversation.add(
                hear(
                    heard.text,
                    answered=ok,
                    remembered=bool(reply.remember),
                    acted=bool(
                        reply.settle or reply.promises or reply.asks or reply.edits or request.filed
                    ),
                    say=reply.say,
                    asks=len(reply.asks),
                )
            )
        self.last_intent = reply.intent
        self.last_outcome = (
            f"failed ({error})"
            if not ok
            else ("you said one line" if reply.say else "you stayed silent")
        )
        self.last_mark = {
            "at": self.clock.utcnow().isoformat(),
            "face": self.body.mood_face.name,
            "power": self.body.level.value,
        }
        self.senses.post(
            SignalKind.TURN_COMMITTED,
            {
                "kind": kind.value,
                "heard": heard.text if heard is not None else None,
                "role": heard.role.value if heard is not None else None,
                "sender": heard.sender if heard is not None else None,
                "said": reply.say,
                "intent": reply.intent,
                "ok": ok,
                "asks": list(reply.asks),
                "promises": len(reply.promises),
                "filed": [item.id for item in request.filed if item.new],
            },
        )
        self.changed()
        tokens = billed.total  # what was billed, even for a turn that failed
        self.senses.fire(
            EVENT_TURN_FINISHED,
            {
                "entry_id": self.entry_id,
                "kind": "owner" if kind is TurnKind.FLUSH else kind.value,
                "intent": reply.intent,
                "tokens": tokens,
                "ok": ok,
                **({"flush": True} if kind is TurnKind.FLUSH else {}),
            },
        )
        return TurnOutcome(reply.say, reply.intent, ok, kind, tokens, error, reply)


def _trim(line: str) -> str:
    return line if len(line) <= EARLIER_CHARS else line[: EARLIER_CHARS - 1] + "…"
