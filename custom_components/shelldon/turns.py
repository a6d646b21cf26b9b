"""Turns: every model call the pet makes, from the request it is shown to what it keeps after.

Owner messages wait only for the arbiter's single slot, in order, and always get an answer (an
in-character apology when the brain fails). Self-initiated turns arrive here already admitted
(initiative, battery, budget, slot). After a turn the reply is applied: the exchange joins the
history, notes wait for the dream, promises and questions become goals, finished ones settle,
the tokens are counted, and the line is delivered where it must go.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, Final

from homeassistant.core import HomeAssistant
from homeassistant.helpers import issue_registry as ir

from .brain import Brain
from .brain.offline import OfflineBrain
from .brain.turn import (
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
from .const import DOMAIN, EVENT_TURN_FINISHED
from .core.goals import Goal, GoalKind, Goals, GoalState, Provenance, Strategy
from .core.history import Exchange, History, Line, Role, marker
from .core.memory import Note, clean_note, fact_line, new_facts, notes_from_list, parse_facts
from .core.scrub import scrub
from .core.signals import SignalKind
from .core.tokens import TokenLedger
from .soul import CONSTITUTION, CONSTITUTION_FILE, PERSONA, PERSONA_FILE
from .vault import VaultError

if TYPE_CHECKING:
    from .pet import Pet

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
        self.notes: list[Note] = []
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

    # ------------------------------------------------------------------ persistence

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the checkpoint."""
        return {
            "history": self.history.to_list(),
            "notes": [n.to_dict() for n in self.notes],
            "tokens": self.tokens.to_dict(),
            "last_intent": self.last_intent,
            "last_outcome": self.last_outcome,
            "last_said": self.last_said,
            "last_mark": self.last_mark,
            "unflushed": self.unflushed,
        }

    def restore(self, data: Any) -> None:
        """Back from the checkpoint (anything unreadable is skipped)."""
        if not isinstance(data, dict):
            return
        self.history = History.from_list(data.get("history"))
        self.notes = notes_from_list(data.get("notes"))
        self.tokens = TokenLedger.from_dict(data.get("tokens"))
        self.last_intent = _str_or_none(data.get("last_intent"))
        self.last_outcome = _str_or_none(data.get("last_outcome"))
        said = data.get("last_said")
        self.last_said = (
            said if isinstance(said, dict) and isinstance(said.get("text"), str) else None
        )
        mark = data.get("last_mark")
        self.last_mark = mark if isinstance(mark, dict) else {}
        self.unflushed = bool(data.get("unflushed", False))

    async def async_load_files(self) -> None:
        """Seed the soul files, then read them and the goals (in the executor)."""
        await self.hass.async_add_executor_job(self._load_files)

    def _load_files(self) -> None:
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
        if vault.exists(GOALS_FILE):
            try:
                self.goals, problems = Goals.from_markdown(vault.read_text(GOALS_FILE))
            except (OSError, VaultError) as err:
                problems = [str(err)]
            for problem in problems:
                _LOGGER.warning("%s/%s: %s", vault.root, GOALS_FILE, problem)

    # ------------------------------------------------------------------ the prompt

    def machine(self, now: datetime) -> Machine:
        """The pet's machine as it holds it now."""
        pet = self.pet
        utc_now = pet.clock.utcnow()
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
            for g in self.goals.open_goals()
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
            last_intent=self.last_intent,
            last_outcome=self.last_outcome,
            situation=tuple(pet.mind.situation(now, for_prompt=True)),
        )

    def _changes(self, utc_now: datetime) -> list[str]:
        mark = self.last_mark
        at = _parse(mark.get("at"))
        if at is None:
            return ["this is your first turn"]
        changes = [f"{_age(utc_now - at)} passed"]
        spoke = sum(
            1
            for line in self.history.lines()
            if line.role is Role.OWNER and (_parse(line.at) or at) > at
        )
        if spoke:
            changes.append(f"your owner spoke {spoke} time{'s' if spoke > 1 else ''}")
        if mark.get("face") and mark["face"] != self.pet.mood_face.name:
            changes.append(f"your mood moved from {mark['face']} to {self.pet.mood_face.name}")
        if mark.get("power") and mark["power"] != self.pet.level.value:
            changes.append(f"your power mode went from {mark['power']} to {self.pet.level.value}")
        if self.notes:
            changes.append(f"{len(self.notes)} note(s) wait to be consolidated")
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

    def request(self, kind: TurnKind, now: datetime, **extra: Any) -> TurnRequest:
        """The request for a turn of this kind, with the recent conversation as context."""
        shown = EARLIER_SHOWN if kind in (TurnKind.OWNER, TurnKind.FLUSH) else EARLIER_SHOWN_WAKE
        messages = tuple(self._earlier(shown)) + tuple(extra.pop("new", ()))
        return TurnRequest(
            kind=kind, identity=self.identity, machine=self.machine(now), messages=messages, **extra
        )

    # ------------------------------------------------------------------ turns

    async def async_owner_turn(self, text: str, *, room: str, sender: str) -> TurnOutcome:
        """The owner said something: wait for the slot, answer, keep what matters."""
        text = " ".join(text.split())[:MAX_MESSAGE]
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
            return await self._run(request, heard, TurnKind.OWNER)
        finally:
            pet.arbiter.release()

    async def async_self_turn(
        self, kind: TurnKind, now: datetime, *, goal: Goal | None = None
    ) -> TurnOutcome:
        """A turn the pet starts itself (already admitted, holding the slot); nothing delivered."""
        if kind is TurnKind.DREAM:
            return await self._dream(now)
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

    async def _dream(self, now: datetime) -> TurnOutcome:
        """Fold the noted things into memory/facts.md."""
        notes = list(self.notes)
        known = [fact for fact, _ in await self.hass.async_add_executor_job(self._read_facts)]
        request = self.request(
            TurnKind.DREAM, now, notes=tuple(n.text for n in notes), facts=tuple(known[-60:])
        )
        outcome = await self._run(request, None, TurnKind.DREAM)
        if outcome.ok and outcome.reply is not None:
            kept = new_facts(outcome.reply.remember, known)
            if kept:
                source = now.date().isoformat()
                await self.hass.async_add_executor_job(
                    self.pet.vault.append_text,
                    FACTS_FILE,
                    "".join(fact_line(f, source) for f in kept),
                )
            consumed = {n.text for n in notes}
            self.notes = [n for n in self.notes if n.text not in consumed]
            self.pet.mind.records.journal(
                now,
                None,
                f"slept on it: folded {len(notes)} note(s) into {len(kept)} fact(s) I keep",
            )
        return outcome

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
        self.pet.spawn(self.async_save_goals())
        self.pet.goals_changed()

    @property
    def dream_ready(self) -> bool:
        """There is something to consolidate."""
        return bool(self.notes)

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
                self._refund(kind, now)
                result = TurnResult(Reply(intent=f"(the {kind.value} turn failed: {err.cause})"))
        self.tokens.spend(billed, now)
        reply = result.reply
        self._apply(reply, kind, now, keep_notes=kind is not TurnKind.DREAM and ok)
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
        if keep_notes:
            for text in reply.remember:
                if clean := clean_note(text):
                    self.notes.append(Note(clean, utc_now.isoformat(), kind.value))
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

    async def async_save_goals(self) -> None:
        """Write goals.md."""
        text = self.goals.to_markdown(self.pet.name)
        try:
            await self.hass.async_add_executor_job(self.pet.vault.write_text, GOALS_FILE, text)
        except (OSError, VaultError) as err:
            _LOGGER.warning("Could not write %s: %s", GOALS_FILE, err)

    def _read_facts(self) -> list[tuple[str, str]]:
        vault = self.pet.vault
        if not vault.exists(FACTS_FILE):
            return []
        return parse_facts(vault.read_text(FACTS_FILE))

    def _refund(self, kind: TurnKind, now: datetime) -> None:
        """A self-initiated turn that never happened does not count against today's budget."""
        budget = self.pet.state.budget
        cost = (
            self.pet.scheduler.jobs[kind.value].cost if kind.value in self.pet.scheduler.jobs else 1
        )
        if budget.date == now.date().isoformat() and budget.turns_used:
            self.pet.apply({"budget.turns_used": max(0, budget.turns_used - cost)})

    def _note_failure(self, err: BrainError) -> None:
        if err.cause != self._failure:
            self._failure = err.cause
            _LOGGER.warning(
                "%s could not think (%s); answering without the model", self.pet.name, err.cause
            )

    def _recovered(self) -> None:
        if self._failure is not None:
            _LOGGER.info("%s can think again", self.pet.name)
            self._failure = None

    def _ask_for_reauth(self) -> None:
        entry = self.pet.entry
        ir.async_create_issue(
            self.hass,
            DOMAIN,
            f"api_key_rejected_{entry.entry_id}",
            is_fixable=False,
            severity=ir.IssueSeverity.ERROR,
            translation_key="api_key_rejected",
            translation_placeholders={"name": self.pet.name},
        )
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


def _parse(value: Any) -> datetime | None:
    try:
        return datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None


def _str_or_none(value: Any) -> str | None:
    return value if isinstance(value, str) else None
