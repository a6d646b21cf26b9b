"""Turns: every model call the pet makes, from the request it is shown to what it keeps after.

Owner messages wait only for the single slot, in order, and always get an answer (an
in-character apology when the brain fails). Turns the pet starts itself arrive here already
admitted (initiative, battery, budget, slot) and deliver nothing: their lines leave through the
door out. After a turn the reply is applied: the exchange joins the exchanges, notes go into the
journal for the dream, promises and questions become goals, finished ones settle, edits go to
the soul keeper, the tokens are counted. One request is one promise: what the owner's message
filed (or asked about) takes what the reply promises about it, and the pet's own turns (a
musing, a promise it keeps) never file a promise of their own.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from datetime import datetime
from typing import Any, Final

from ..brain import Brain
from ..brain.offline import OfflineBrain
from ..brain.turn import (
    BrainAuthError,
    BrainError,
    Identity,
    PromptLine,
    Reply,
    TurnRequest,
    TurnResult,
)
from ..core.closing import Closing, Conversation, worth_closing
from ..core.commitments import mentions_a_time
from ..core.exchanges import Exchange, Exchanges, Line, Role, marker
from ..core.goals import Goal
from ..core.language.tags import detect
from ..core.secrets.scrub import Pool
from ..core.signals import SignalKind
from ..core.text import clean, shorten
from ..core.tokens import TokenLedger, Usage
from ..core.turn_kind import TurnKind
from ..ports import Basics, Body, Executor, Slot
from ..ports.const import EVENT_TURN_FINISHED
from ..vault.shelf import Shelf
from ..vault.soul import CONSTITUTION, PERSONA, read_soul
from ..vault.vault import VaultError
from .acting import account_tools, cannot_act
from .apology import Troubles, apology
from .folding import fold_day
from .ledger import ledger, restore_ledger
from .machine import machine
from .reply import apply_reply, scrubbed
from .requests import Requests
from .senses import Senses, Tells, TurnFiles, TurnOutcome, committed, finished, heard_in_talk

_LOGGER = logging.getLogger(__name__)

MAX_MESSAGE: Final = 2000
EARLIER_SHOWN: Final = 6  # exchanges of context in an owner turn's prompt
EARLIER_SHOWN_WAKE: Final = 3  # … and in a turn the pet starts itself
EARLIER_CHARS: Final = 240  # characters per earlier line in a prompt

SAID_AS: Final = {TurnKind.OWNER: "reply", TurnKind.REACH_OUT: "reach_out"}
PROMISING: Final = frozenset({TurnKind.OWNER, TurnKind.FLUSH})  # the turns that may promise


class Turns:
    """The turn lifecycle of one pet."""

    def __init__(
        self,
        *,
        basics: Basics,
        brain: Brain,
        body: Body,
        files: TurnFiles,
        slot: Slot,
        senses: Senses,
        tells: Tells,
        executor: Executor,
    ) -> None:
        self.name = name = basics.name
        self.entry_id = basics.entry_id
        self.clock = basics.clock
        self.brain: Brain = brain
        self.offline = OfflineBrain()
        self.body = body
        self.goals = files.goals
        self.journal = files.journal
        self.vault = files.vault
        self.recall = files.recall
        self._shelf = files.shelf
        self.proposals = files.proposals
        self.slot = slot
        self.senses = senses
        self.tells = tells
        self.executor = executor
        self.changed = basics.changed
        dials = basics.dials  # "remind me …" reads the quiet hours live (the options may change)
        self.requests = Requests(
            clock=self.clock, goals=self.goals, quiet=lambda: dials.quiet_hours
        )
        self.home = senses.home
        self.exchanges = Exchanges()
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
        return ledger(self)

    def restore(self, data: Any) -> None:
        """Back from the checkpoint (anything unreadable is skipped)."""
        restore_ledger(self, data)

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
        lines = [line for e in self.exchanges.exchanges[-shown:] for line in (e.heard, e.said)]
        return [
            PromptLine("earlier", x.room, x.sender, x.role.value, shorten(x.text, EARLIER_CHARS))
            for x in lines
            if x is not None
        ]

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
            exchanges=self.exchanges,
            mark=self.last_mark,
            last_intent=self.last_intent,
            last_outcome=self.last_outcome,
            situation=self.senses.situation,
            recalled=self.recall.recall(self._topic) if self._topic else [],
            shown=hits,
            unsaid=unsaid or [],
            filed=tuple(extra.get("filed", ())),
            promises=kind is not TurnKind.PROACTIVE,  # a musing never picks a promise early
            today=self.senses.today() if kind is TurnKind.OWNER else None,
        )
        extra.setdefault("language", self.journal.language())  # the owner's, unless told
        return TurnRequest(
            kind=kind, identity=self.identity, machine=view, messages=tuple(earlier) + new, **extra
        )

    # ------------------------------------------------------------------ turns

    async def async_owner_turn(
        self, said: str, *, room: str, sender: str, asker: Any = None, trusted: bool = True
    ) -> TurnOutcome:
        """The owner said something: in line for the slot (first in, first out; a flood taken
        in one message at a time), then answered and kept. `asker`: the conversation's context
        for the owner's LLM APIs; its secrets the owner's if `trusted`, else heard."""
        said = said[: MAX_MESSAGE * 2]  # anyone may type here: cut before anything reads it
        arrived = {"room": room, "sender": sender, "about": f"{sender} said something"}
        heard_now = not self.slot.waiting  # a flood is heard one message at a time
        if heard_now:  # the mind hears it at once, while it waits in line
            self.tells.post(SignalKind.OWNER_MESSAGE, arrived)
        self.unflushed = True
        await self.slot.take()
        try:
            await asyncio.sleep(0)
            if not heard_now:
                self.tells.post(SignalKind.OWNER_MESSAGE, arrived)
            said = " ".join(clean(said).split())[:MAX_MESSAGE]
            self.vault.scrubber.learn_from(said, Pool.SAID if trusted else Pool.HEARD)
            self.tells.interacted()
            now = self.clock.now()
            heard = Line(self.clock.utcnow().isoformat(), room, sender, Role.OWNER, said)
            opener = self.senses.open_home if getattr(self.brain, "acts_on_home", 0) else None
            request = self.request(
                TurnKind.OWNER,
                now,
                new=(PromptLine("message", room, sender, "owner", said),),
                unsaid=self.senses.unsaid(),
                filed=await self.requests.async_file(said, now),
                language=detect(said, self.journal.language()),  # answered as it was said
                home=await opener(asker, said) if opener else None,
            )
            self.last_topic = said
            self.tells.witnessed("connection", "my owner talked with me")
            outcome = await self.run(request, heard, TurnKind.OWNER)
            self.tells.save_soon()  # what was said reaches the checkpoint within seconds
            return outcome
        finally:
            self.slot.release()

    def _marker(self) -> Line:
        at = self.clock.utcnow().isoformat()
        return Line(at, "notification", "", Role.MARKER, marker(self.name))

    async def async_keep(
        self, goal: Goal, now: datetime, *, think: bool, late: bool, waited: bool
    ) -> TurnOutcome:
        """A promise came due (holding the slot): its line, in the model's words when it may
        `think`, and in the pet's own plain words when it may not, or the model fails or falls
        silent (a promise is never kept in silence); nothing delivered. `late`: its time passed
        while the pet was off; `waited`: it waited for the end of the quiet hours."""
        heard = self._marker()
        request = self.request(
            TurnKind.REACH_OUT,
            now,
            goal=f"[{goal.id}] {goal.text}",
            reminder=goal.reminder,
            was_due=goal.due.astimezone(now.tzinfo) if goal.due and (late or waited) else None,
            late=late,
        )
        brain = self.brain if think else self.offline
        return await self.run(request, heard, TurnKind.REACH_OUT, brain=brain, kept=True)

    async def async_self_turn(
        self, kind: TurnKind, now: datetime, *, goal: Goal | None = None
    ) -> TurnOutcome:
        """A turn the pet starts itself (already admitted, holding the slot); nothing delivered."""
        if kind is TurnKind.FLUSH:
            self.closed()
            request = self.request(TurnKind.FLUSH, now, flush_cause="your owner has gone quiet")
            return await self.run(request, None, kind)
        heard = self._marker()
        extra: dict[str, Any] = {}
        if goal is not None:
            extra = {"goal": f"[{goal.id}] {goal.text}", "reminder": goal.reminder}
        return await self.run(self.request(kind, now, **extra), heard, kind)

    async def async_dream_day(
        self, now: datetime, day: str, room: int | None = None
    ) -> tuple[TurnOutcome, int]:
        """Fold one finished journal day into memory/facts.md (admitted, holding the slot);
        the outcome and how many facts were kept (`fold_day`)."""
        return await fold_day(self, now, day, room)

    # ------------------------------------------------------------------ one turn

    async def run(
        self,
        request: TurnRequest,
        heard: Line | None,
        kind: TurnKind,
        *,
        brain: Brain | None = None,
        kept: bool = False,
    ) -> TurnOutcome:
        """One model call and what is kept after it: the reply applied, the exchange recorded,
        the tokens counted, the mind told and the event fired. `kept`: the turn keeps a promise,
        so a failed or silent reply gives way to the pet's own plain words."""
        now = self.clock.now()
        ok, error = True, None
        try:
            result = await (brain or self.brain).think(request)
            self.troubles.recovered()
            billed = result.usage
        except BrainError as err:
            ok, error, billed = False, err.cause, err.usage
            self.troubles.failed(err)
            if isinstance(err, BrainAuthError):
                self.tells.key_rejected()  # whoever's turn it was, the owner must act
                self.brain = self.offline
            elif err.cause == "model_not_found" and self.tells.model_refused:
                self.tells.model_refused("not_found")
            result = (
                apology(err, request.language)
                if kind is TurnKind.OWNER
                else TurnResult(
                    Reply(intent=f"(the {kind.value} turn failed: {err.cause})"), tools=err.tools
                )
            )
        if kept and not (ok and result.reply.say.strip()):
            own = await self.offline.think(request)  # a promise is kept, in plain words
            result, ok = replace(own, tools=result.tools), True
        self.tokens.spend(billed, now)
        reply = scrubbed(result.reply, self.vault.scrubber)
        said = next((m.text for m in request.messages if m.kind == "message"), "")
        account_tools(self.journal, now, kind.value, result.tools)
        if line := cannot_act(brain or self.brain, request, said, result.tools):
            reply = replace(reply, say=f"{reply.say} {line}".strip())
        apply_reply(
            reply,
            now=now,
            utc_now=self.clock.utcnow(),
            journal=self.journal,
            goals=self.goals,
            keep_notes=kind is not TurnKind.DREAM and ok,
            shown=self._shown,
            promising=kind in PROMISING,
            requested=tuple(item.id for item in request.filed),
            time_said=mentions_a_time(said),
        )
        for edit in reply.edits if ok else ():
            try:
                account = await self.proposals.async_propose(edit.path, edit.content, edit.reason)
            except Exception:  # never a reason to lose the exchange
                _LOGGER.exception("%s could not handle an edit it asked for", self.name)
                account = self.journal.words("journal.edit_failed")
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
            self.tells.spoke()
        if heard is not None:
            self.exchanges.add(Exchange(heard, said_line, kind.value))
        if kind is TurnKind.OWNER and heard is not None:
            self.conversation.add(heard_in_talk(heard.text, reply, ok, request, result.tools))
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
        self.tells.post(SignalKind.TURN_COMMITTED, committed(kind, heard, reply, ok, request))
        self.changed()
        tokens = billed.total  # what was billed, even for a turn that failed
        event = finished(self.entry_id, kind, reply, tokens, ok, result.tools)
        self.tells.fire(EVENT_TURN_FINISHED, event)
        return TurnOutcome(reply.say, reply.intent, ok, kind, tokens, error, reply)
