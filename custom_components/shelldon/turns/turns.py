"""Turns: every model call the pet makes, from the request it is shown to what it keeps after.

Owner messages wait only for the arbiter's single slot, in order, and always get an answer (an
in-character apology when the brain fails). Self-initiated turns arrive here already admitted
(initiative, battery, budget, slot). After a turn the reply is applied: the exchange joins the
history, notes go into the journal for the dream, promises and questions become goals, finished
ones settle, edits the pet asks for go through its soul keeper,
the tokens are counted, and the line is delivered where it must go.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, Final

from homeassistant.core import HomeAssistant

from ..brain import Brain
from ..brain.offline import OfflineBrain
from ..brain.turn import (
    OVER_ALLOWANCE,
    BrainAuthError,
    BrainError,
    Identity,
    Machine,
    OpenItem,
    PromptLine,
    Reply,
    TurnKind,
    TurnRequest,
    TurnResult,
)
from ..const import EVENT_TURN_FINISHED
from ..core.dream import distill
from ..core.goals import Goal, GoalKind, Goals, GoalState, Provenance, Strategy, shown_goals
from ..core.history import Exchange, History, Line, Role, marker
from ..core.knowledge import cited
from ..core.memory import clean_note, fact_line, from_passage, new_facts, notes_from_list
from ..core.plain import flag, instant, mapping
from ..core.scrub import scrub
from ..core.signals import SignalKind
from ..core.text import clean
from ..core.tokens import TokenLedger
from ..issues import key_rejected
from ..vault.files import VaultError
from ..vault.soul import CONSTITUTION, CONSTITUTION_FILE, PERSONA, PERSONA_FILE

if TYPE_CHECKING:
    from ..runtime.pet import Pet

_LOGGER = logging.getLogger(__name__)

GOALS_FILE: Final = "goals.md"
FACTS_FILE: Final = "memory/facts.md"
MAX_MESSAGE: Final = 2000
EARLIER_SHOWN: Final = 6  # exchanges of context in an owner turn's prompt
EARLIER_SHOWN_WAKE: Final = 3  # … and in a turn the pet starts itself
EARLIER_CHARS: Final = 240  # characters per earlier line in a prompt
DEFAULT_PROMISE_HOURS: Final = 24.0

APOLOGIES: Final[dict[str, str]] = {
    "auth": (
        "My thinking connection was refused. Could you check the Anthropic key in my settings? "
        "I'll answer simply until then."
    ),
    "rate_limited": "Sorry, my thoughts are stuck in a queue. Ask me again in a minute?",
    "overloaded": "Sorry, the place I think with is crowded right now. Try me again soon?",
    "timeout": "Sorry, I lost my train of thought. Could you say that again?",
    "network": "Sorry, I can't reach my thinking place right now. I'm still here, though.",
}
DEFAULT_APOLOGY: Final = "Sorry, something went wrong in my head. Could you try again?"


@dataclass(frozen=True)
class TurnOutcome:
    """What a turn gave the caller."""

    say: str
    intent: str
    ok: bool
    kind: TurnKind
    tokens: int
    error: str | None = None
    reply: Reply | None = None


class Turns:
    """The turn lifecycle of one pet."""

    def __init__(self, hass: HomeAssistant, pet: Pet, brain: Brain) -> None:
        self.hass = hass
        self.pet = pet
        self.brain = brain
        self.offline = OfflineBrain()
        self.history = History()
        self.goals = Goals()
        self.tokens = TokenLedger()
        self.identity = Identity(
            pet.name, CONSTITUTION.format(name=pet.name), PERSONA.format(name=pet.name)
        )
        self.last_intent: str | None = None
        self.last_outcome: str | None = None
        self.last_said: dict[str, Any] | None = None
        self.last_mark: dict[str, Any] = {}
        self.unflushed = False
        self._failure: str | None = None
        self.last_topic = ""  # what the owner last talked about
        self._topic = ""
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
            "goal_serial": self.goals.serial,
        }

    def restore(self, data: Any) -> None:
        """Back from the checkpoint (anything unreadable is skipped)."""
        if not isinstance(data, dict):
            return
        self.history = History.from_list(data.get("history"))
        for text in (n.text for n in notes_from_list(data.get("notes"))):  # an older inbox
            self.pet.mind.records.journal(self.pet.clock.now(), None, f"noted: {text}")
        self.tokens = TokenLedger.from_dict(data.get("tokens"))
        self.last_intent = _str_or_none(data.get("last_intent"))
        self.last_outcome = _str_or_none(data.get("last_outcome"))
        said = mapping(data.get("last_said"))
        self.last_said = (
            {k: v for k, v in said.items() if isinstance(k, str) and isinstance(v, str)}
            if isinstance(said.get("text"), str)
            else None
        )
        mark = data.get("last_mark")
        self.last_mark = mark if isinstance(mark, dict) else {}
        self.unflushed = flag(data.get("unflushed"), False)
        serial = data.get("goal_serial")
        if isinstance(serial, int) and not isinstance(serial, bool):
            self.goals.serial = max(self.goals.serial, serial)

    async def async_load_files(self) -> None:
        """Seed the soul files, then read them and the goals (in the executor)."""
        await self.hass.async_add_executor_job(self._load_soul)
        await self.async_load_goals()

    def _load_soul(self) -> None:
        vault = self.pet.vault
        name = self.pet.name
        try:
            vault.seed(CONSTITUTION_FILE, CONSTITUTION.format(name=name))
            vault.seed(PERSONA_FILE, PERSONA.format(name=name))
            self.identity = Identity(
                name=name,
                constitution=vault.read_text(CONSTITUTION_FILE, 64 * 1024),
                persona=vault.read_text(PERSONA_FILE, 64 * 1024),
                home=self.hass.config.location_name or "home",
            )
        except (OSError, VaultError) as err:
            _LOGGER.warning(
                "The soul files of %s are not readable (%s); using the starters", name, err
            )

    async def async_load_soul(self) -> None:
        """Read the soul files again (the owner, or an approved edit, changed them)."""
        await self.hass.async_add_executor_job(self._load_soul)

    async def async_load_goals(self) -> list[Goal]:
        """Read goals.md (the owner may tick, drop or add goals); returns goals they settled."""
        text = await self.hass.async_add_executor_job(self._read, GOALS_FILE)
        if not text:
            return []
        now = self.pet.clock.utcnow()
        goals, problems = Goals.from_markdown(text, now=now)
        for problem in problems:
            _LOGGER.warning("%s/%s: %s", self.pet.vault.root, GOALS_FILE, problem)
        before = {g.id: g for g in self.goals.items}
        settled = [g for g in goals.items if not g.open and g.id in before and before[g.id].open]
        adopted = [g for g in goals.items if g.made_at == now]  # typed in by the owner
        goals.serial = max(goals.serial, self.goals.serial)
        self.goals = goals
        if adopted:
            self._goals_changed()  # write the metadata lines under what the owner typed
        else:
            self.pet.goals_changed()
        return settled

    # ------------------------------------------------------------------ the prompt

    def machine(self, now: datetime) -> Machine:
        """The pet's machine as it holds it now."""
        pet = self.pet
        utc_now = pet.clock.utcnow()
        shown = pet.shelf.search(self._topic) if self._topic else []
        self._shown = tuple(hit.chunk.text for hit in shown)  # what a note must not repeat
        open_items = tuple(
            OpenItem(
                id=g.id,
                kind={"reach_out": "promise", "ask": "question", "chore": "chore"}[g.kind.value],
                text=g.text,
                age=_age(g.age(utc_now)),
                due=("in " + _age(g.due - utc_now))
                if g.due and g.due > utc_now
                else ("now" if g.due else "whenever"),
            )
            for g in shown_goals(self.goals.open_goals(), utc_now)
        )
        return Machine(
            local_time=now,
            feeling=pet.mood_face.feeling,
            valence=pet.state.mood.valence,
            arousal=pet.state.mood.arousal,
            energy=pet.state.energy,
            power_mode=pet.level.value,
            on_battery=pet.power.on_battery,
            charge=pet.power.charge,
            turns_left=pet.turns_left_today,
            daily_turns=pet.gate.daily_turns,
            tokens_today=self.tokens.today(now).total,
            changes=tuple(self._changes(utc_now)),
            open_items=open_items,
            open_total=len(self.goals.open_goals()),
            last_intent=self.last_intent,
            last_outcome=self.last_outcome,
            situation=tuple(pet.mind.situation(now, for_prompt=True)),
            recalled=tuple(pet.recall.recall(self._topic)) if self._topic else (),
            shelf=tuple(cited(shown)),
        )

    def _changes(self, utc_now: datetime) -> list[str]:
        mark = self.last_mark
        at = instant(mark.get("at"))
        if at is None:
            return ["this is your first turn"]
        changes = [f"{_age(utc_now - at)} passed"]
        spoke = sum(
            1
            for line in self.history.lines()
            if line.role is Role.OWNER and (instant(line.at) or at) > at
        )
        if spoke:
            changes.append(f"your owner spoke {spoke} time{'s' if spoke > 1 else ''}")
        if mark.get("face") and mark["face"] != self.pet.mood_face.name:
            changes.append(f"your mood moved from {mark['face']} to {self.pet.mood_face.name}")
        if mark.get("power") and mark["power"] != self.pet.level.value:
            changes.append(f"your power mode went from {mark['power']} to {self.pet.level.value}")
        return changes

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

    _topic: str = ""  # what this turn is about, for recall and the shelf

    def request(self, kind: TurnKind, now: datetime, **extra: Any) -> TurnRequest:
        """The request for a turn of this kind, with the recent conversation as context."""
        shown = EARLIER_SHOWN if kind in (TurnKind.OWNER, TurnKind.FLUSH) else EARLIER_SHOWN_WAKE
        new = tuple(extra.pop("new", ()))
        earlier = self._earlier(shown)
        self._topic = (
            " ".join(m.text for m in new)
            or str(extra.get("goal") or "")
            or " ".join(line.text for line in earlier[-2:])
        )
        messages = tuple(earlier) + new
        return TurnRequest(
            kind=kind, identity=self.identity, machine=self.machine(now), messages=messages, **extra
        )

    # ------------------------------------------------------------------ turns

    async def async_owner_turn(self, text: str, *, room: str, sender: str) -> TurnOutcome:
        """The owner said something: wait for the slot, answer, keep what matters."""
        text = " ".join(clean(text).split())[:MAX_MESSAGE]
        pet = self.pet
        pet.record_interaction()
        pet.mind.post(
            SignalKind.OWNER_MESSAGE,
            {"room": room, "sender": sender, "about": f"{sender} said something"},
        )
        self.unflushed = True
        await pet.arbiter.take()
        try:
            now = pet.clock.now()
            heard = Line(pet.clock.utcnow().isoformat(), room, sender, Role.OWNER, text)
            request = self.request(
                TurnKind.OWNER, now, new=(PromptLine("message", room, sender, "owner", text),)
            )
            self.last_topic = text
            pet.motivation.witnessed("connection", "my owner talked with me")
            outcome = await self._run(request, heard, TurnKind.OWNER)
            pet.save_soon()  # what was said reaches the checkpoint within seconds
            return outcome
        finally:
            pet.arbiter.release()

    async def async_self_turn(
        self, kind: TurnKind, now: datetime, *, goal: Goal | None = None
    ) -> TurnOutcome:
        """A turn the pet starts itself (already admitted, holding the slot); nothing delivered."""
        if kind is TurnKind.FLUSH:
            self.unflushed = False
            request = self.request(TurnKind.FLUSH, now, flush_cause="your owner has gone quiet")
            return await self._run(request, None, kind)
        heard = Line(
            self.pet.clock.utcnow().isoformat(),
            "notification",
            "",
            Role.MARKER,
            marker(self.pet.name),
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
        pet = self.pet
        text = await self.hass.async_add_executor_job(self._read, f"journal/{day}.md")
        parts = distill(text, pet.name)
        known = [fact for fact, _ in pet.recall.facts]
        relevant = [
            f for f in known if any(w in " ".join(parts).lower() for w in f.lower().split()[:3])
        ]
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
                await self.hass.async_add_executor_job(
                    pet.vault.append_text, FACTS_FILE, "".join(fact_line(f, day) for f in kept)
                )
                for fact in kept:
                    pet.recall.add_fact(fact, day)
        return outcome, len(kept)

    def _read(self, rel: str) -> str:
        vault = self.pet.vault
        return vault.read_text(rel) if vault.exists(rel) else ""

    def add_goal(
        self,
        text: str,
        *,
        kind: GoalKind,
        provenance: Provenance,
        strategy: Strategy,
        due: datetime | None,
    ) -> Goal:
        """File a goal, write goals.md, and let the goal timer know."""
        goal = self.goals.add(
            scrub(text),
            kind=kind,
            provenance=provenance,
            strategy=strategy,
            now=self.pet.clock.utcnow(),
            due=due.astimezone(UTC) if due else None,
        )
        self._goals_changed()
        return goal

    def settle_goal(self, goal_id: str, state: GoalState) -> Goal | None:
        """Close a goal as done or dropped."""
        goal = self.goals.settle(goal_id, state, self.pet.clock.utcnow())
        if goal is not None:
            self._goals_changed()
        return goal

    def _goals_changed(self) -> None:
        self.pet.goals_changed()
        self._goals_unsaved = True
        if not self._goals_saving:
            self._goals_saving = True
            self.pet.spawn(self.async_save_goals())

    # ------------------------------------------------------------------ one turn

    async def _run(self, request: TurnRequest, heard: Line | None, kind: TurnKind) -> TurnOutcome:
        pet = self.pet
        now = pet.clock.now()
        ok, error = True, None
        try:
            result = await self.brain.think(request)
            self._recovered()
            billed = result.usage
        except BrainError as err:
            ok, error, billed = False, err.cause, err.usage
            self._note_failure(err)
            if isinstance(err, BrainAuthError):
                self._ask_for_reauth()  # whoever's turn it was, the owner must act
                self.brain = self.offline
            if kind is TurnKind.OWNER:
                result = self._apology(err)
            else:
                if kind is not TurnKind.DREAM:  # the mind knows what a dream was charged
                    self.refund(kind, now)
                result = TurnResult(Reply(intent=f"(the {kind.value} turn failed: {err.cause})"))
        self.tokens.spend(billed, now)
        reply = result.reply
        self._apply(reply, kind, now, keep_notes=kind is not TurnKind.DREAM and ok)
        for edit in reply.edits if ok else ():
            account = await pet.soul.async_propose(edit.path, edit.content, edit.reason)
            pet.mind.records.journal(now, None, account)
        said_line = None
        if reply.say:
            said_line = Line(
                pet.clock.utcnow().isoformat(),
                heard.room if heard else "notification",
                pet.name,
                Role.PET,
                reply.say,
            )
            self.last_said = {
                "text": reply.say,
                "kind": {TurnKind.OWNER: "reply", TurnKind.REACH_OUT: "reach_out"}.get(
                    kind, "musing"
                ),
                "at": said_line.at,
            }
            pet.linger_reply = True
        if heard is not None:
            self.history.add(Exchange(heard, said_line, kind.value))
        self.last_intent = reply.intent
        self.last_outcome = (
            f"failed ({error})"
            if not ok
            else ("you said one line" if reply.say else "you stayed silent")
        )
        self.last_mark = {
            "at": pet.clock.utcnow().isoformat(),
            "face": pet.mood_face.name,
            "power": pet.level.value,
        }
        pet.mind.post(
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
            },
        )
        pet.mark_changed()
        tokens = billed.total  # what was billed, even for a turn that failed
        self.hass.bus.async_fire(
            EVENT_TURN_FINISHED,
            {
                "entry_id": pet.entry.entry_id,
                "kind": "owner" if kind is TurnKind.FLUSH else kind.value,
                "intent": reply.intent,
                "tokens": tokens,
                "ok": ok,
                **({"flush": True} if kind is TurnKind.FLUSH else {}),
            },
        )
        return TurnOutcome(reply.say, reply.intent, ok, kind, tokens, error, reply)

    def _apology(self, err: BrainError) -> TurnResult:
        """An owner always gets an answer: an in-character apology."""
        cause = "auth" if isinstance(err, BrainAuthError) else err.cause
        return TurnResult(
            Reply(
                intent=f"apologise: my brain failed ({err.cause})",
                say=APOLOGIES.get(cause, DEFAULT_APOLOGY),
            ),
            brain="apology",
        )

    def _apply(self, reply: Reply, kind: TurnKind, now: datetime, *, keep_notes: bool) -> None:
        utc_now = self.pet.clock.utcnow()
        journal = self.pet.mind.records.journal
        if keep_notes:  # the dream reads them from the journal, finished days only
            for text in reply.remember:
                if (clean := clean_note(text)) and not from_passage(clean, self._shown):
                    journal(now, None, f"noted: {clean}")
        for settle in reply.settle:
            state = GoalState.DONE if settle.how == "done" else GoalState.DROPPED
            if (goal := self.settle_goal(settle.id, state)) is not None:
                journal(now, None, f"settled {goal.id} ({state.value}): {goal.text}")
        for promise in reply.promises:
            hours = promise.due_in_hours
            goal = self.add_goal(
                promise.what,
                kind=GoalKind.REACH_OUT,
                provenance=Provenance.PROMISE,
                strategy=Strategy.SINGLE_MINDED,
                due=utc_now + timedelta(hours=DEFAULT_PROMISE_HOURS if hours is None else hours),
            )
            journal(now, None, f"promised ({goal.id}): {goal.text}")
        for ask in reply.asks:
            goal = self.add_goal(
                ask,
                kind=GoalKind.ASK,
                provenance=Provenance.ASK,
                strategy=Strategy.OPEN_MINDED,
                due=None,
            )
            journal(now, None, f"asked ({goal.id}): {goal.text}")

    _goals_unsaved = False
    _goals_saving = False

    async def async_save_goals(self) -> None:
        """Write goals.md: one writer at a time, rendered just before each write, latest wins."""
        self._goals_saving = True
        try:
            self._goals_unsaved = True
            while self._goals_unsaved:
                self._goals_unsaved = False
                text = self.goals.to_markdown(self.pet.name)
                try:
                    await self.hass.async_add_executor_job(
                        self.pet.vault.write_text, GOALS_FILE, text
                    )
                except (OSError, VaultError) as err:
                    _LOGGER.warning("Could not write %s: %s", GOALS_FILE, err)
        finally:
            self._goals_saving = False

    def refund(self, kind: TurnKind, now: datetime, cost: int | None = None) -> None:
        """A self-initiated turn that never happened does not count against today's budget
        (`cost`: what it was charged, when not its job's)."""
        budget = self.pet.state.budget
        if cost is None:
            jobs = self.pet.scheduler.jobs
            cost = jobs[kind.value].cost if kind.value in jobs else 1
        if budget.date == now.date().isoformat() and budget.turns_used:
            self.pet.apply({"budget.turns_used": max(0, budget.turns_used - cost)})

    def _note_failure(self, err: BrainError) -> None:
        if err.cause != self._failure:
            self._failure = err.cause
            _LOGGER.warning(
                "%s could not think (%s); answering without the model", self.pet.name, err.cause
            )

    @property
    def failure(self) -> str | None:
        """Why the brain last failed, until it works again."""
        return self._failure

    def _recovered(self) -> None:
        if self._failure is not None:
            _LOGGER.info("%s can think again", self.pet.name)
            self._failure = None

    def _ask_for_reauth(self) -> None:
        entry = self.pet.entry
        key_rejected(self.hass, entry.entry_id, self.pet.name)
        entry.async_start_reauth(self.hass)


def _trim(text: str) -> str:
    return text if len(text) <= EARLIER_CHARS else text[: EARLIER_CHARS - 1] + "…"


def _age(delta: timedelta) -> str:
    seconds = max(0, int(delta.total_seconds()))
    if seconds < 3600:
        return f"{max(1, seconds // 60)} min"
    if seconds < 86400 * 2:
        return f"{seconds // 3600} h"
    return f"{seconds // 86400} days"


def _str_or_none(value: Any) -> str | None:
    return value if isinstance(value, str) else None
