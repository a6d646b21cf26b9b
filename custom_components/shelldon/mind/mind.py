"""The mind: an always-on loop that knows when to act and when to let the owner be.

Its tick is one scheduler job (the scheduler stays the only clock); the cadence follows the
activity state. Each tick runs SENSE (drain the signal inbox into the world model and the
agenda), APPRAISE and DECIDE (pure heuristics from core: one intention, or rest), ACT (the one
thing; only ACT starts a turn the pet begins itself, through initiative, battery, budget and
the interrupt gate, then the slot), REFLECT (journal, and read committed exchanges for promises
and reminders) and REGULATE (drift the state down the cost ladder; keep the trace).
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from typing import TYPE_CHECKING, Any, Final

from homeassistant.components import persistent_notification
from homeassistant.const import STATE_HOME, STATE_UNAVAILABLE, STATE_UNKNOWN
from homeassistant.core import Event, EventStateChangedData, HomeAssistant, callback
from homeassistant.helpers.event import async_track_state_change_event

from ..brain.turn import OVER_ALLOWANCE, TurnKind
from ..const import (
    CONF_ACT_THRESHOLD,
    CONF_DREAM_IDLE_H,
    CONF_DREAM_TOKENS,
    CONF_INTERRUPT_THRESHOLD,
    CONF_INTERRUPTION_CAP,
    CONF_PRESENCE,
    CONF_PROACTIVE_IDLE_MIN,
    CONF_QUIET_END,
    CONF_QUIET_START,
    CONF_SPEAKER,
    CONF_TOKEN_CAP,
    CONF_TTS_ENTITY,
    EVENT_DECISION,
    EVENT_REACH_OUT,
)
from ..core import defaults as d
from ..core import plain
from ..core.activity import CADENCE_S, Activity, Drift, in_window, preempt, regulate
from ..core.appraisal import (
    MUSE_RELEVANCE,
    MUSE_TIME_SENSITIVITY,
    Act,
    Candidate,
    Impulses,
    appraise,
    decide,
    relevance,
    time_sensitivity,
)
from ..core.budget import Decision
from ..core.dream import backlog
from ..core.goals import Goal, GoalKind, GoalState, Provenance, Strategy
from ..core.memory import same_fact
from ..core.plain import instant, instants, items, strings, whole
from ..core.power import turn_allowed
from ..core.promises import parse_back_in, parse_remind_me, scan_commitments
from ..core.salience import (
    QUIET_HOURS,
    InterruptDecision,
    Outcome,
    Presence,
    decide_interrupt,
    factors_for,
)
from ..core.signals import Signal, SignalKind
from ..core.world import ANY, Belief, Expectation, WorldModel
from ..vault.journal import Entry, Records

if TYPE_CHECKING:
    from ..runtime.pet import Pet

_LOGGER = logging.getLogger(__name__)

SITUATION_FILE: Final = "situation.md"
SILENT_AGAIN_AFTER: Final = timedelta(hours=3)  # a goal the pet chose not to raise comes back later
RETRY_SOON: Final = timedelta(minutes=1)
GAP_SLACK: Final = timedelta(minutes=10)
MAX_AGENDA: Final = 50
ASK_EXPECT: Final = timedelta(hours=12)
DREAM_NOW_DAYS: Final = 7  # days shelldon.dream folds at most
VAULT_SCAN_EVERY: Final = timedelta(seconds=d.VAULT_WATCH_PERIOD_S)  # at most, whatever the tick


@dataclass
class TickRecord:
    """What one tick sensed, weighed, chose and did (one trace line)."""

    tick: int
    at: datetime
    state: str
    sensed: list[str]
    scores: list[dict[str, Any]]
    choice: dict[str, Any] | None
    runners_up: list[dict[str, Any]]
    done: str = "rested"
    interrupt: dict[str, Any] | None = None
    drift: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        out: dict[str, Any] = {
            "tick": self.tick,
            "at": self.at.isoformat(),
            "state": self.state,
            "sensed": self.sensed,
            "scores": self.scores,
            "choice": self.choice,
            "runners_up": self.runners_up,
            "done": self.done,
        }
        if self.interrupt:
            out["interrupt"] = self.interrupt
        if self.drift:
            out["drift"] = self.drift
        return out


class Mind:
    """The always-on loop of one pet."""

    def __init__(self, hass: HomeAssistant, pet: Pet) -> None:
        self.hass = hass
        self.pet = pet
        self.records = Records(pet.vault, pet.name)
        self.records.on_full = self._flush_files  # a flood is written as it comes
        self._unsub_presence: Any = None
        self._speak_trouble: str | None = None  # why speaking fails, logged once
        self.world = WorldModel()
        self.state = Activity.IDLE
        self.state_since: datetime = pet.clock.utcnow()
        self.inbox: list[Signal] = []
        self.agenda: list[Signal] = []
        self.committed: list[Signal] = []
        self.seq = 0
        self.ticks = 0
        self.last_tick_at: datetime | None = None
        self.interruptions: tuple[str | None, int] = (None, 0)
        self.last_reach_out_at: datetime | None = None
        self.considered: dict[str, datetime] = {}
        self.mused_for: str | None = None
        self.hello_waits_until: datetime | None = None  # a hello hushed by quiet hours, once
        self.signalled_due: set[str] = set()
        self.folded_until: str | None = None  # every journal day up to this one is folded
        self._write_lock = threading.Lock()  # one tick's files and commit at a time
        self.dream_spent: tuple[str | None, int] = (None, 0)  # (night, tokens)
        self.dream_failed: str | None = None  # a night with no more folds (one failed, or
        # the next would not fit what was left of its allowance): no retry loop
        self.presence: dict[str, str] = {}
        self.last_record: TickRecord | None = None
        self._situation_text = ""
        self._wake_pending = False
        self._dirty = False
        self._last_scan: datetime | None = None
        self._planned_gap = timedelta(seconds=CADENCE_S[Activity.DORMANT])

    def prune(self, utc_now: datetime, open_ids: set[str]) -> None:
        """Forget bookkeeping about goals that are settled or gone, and waits that are over."""
        self.signalled_due &= open_ids
        self.considered = {
            k: v for k, v in self.considered.items() if k in open_ids and v > utc_now
        }
        self.world.prune(utc_now)

    # ------------------------------------------------------------------ options

    def _opt(self, key: str) -> Any:
        return self.pet.options[key]

    def _time_opt(self, key: str) -> time:
        return time.fromisoformat(str(self._opt(key)))

    @property
    def cadence_s(self) -> float:
        """The tick period in this state (before the battery stretch)."""
        return CADENCE_S[self.state]

    # ------------------------------------------------------------------ persistence

    def to_dict(self) -> dict[str, Any]:
        """The engine cursor: a restarted mind resumes, it does not wake amnesiac."""
        return {
            "state": self.state.value,
            "state_since": self.state_since.isoformat(),
            "seq": self.seq,
            "ticks": self.ticks,
            "last_tick_at": self.last_tick_at.isoformat() if self.last_tick_at else None,
            "planned_gap_s": self._planned_gap.total_seconds(),
            "interruptions": list(self.interruptions),
            "last_reach_out_at": self.last_reach_out_at.isoformat()
            if self.last_reach_out_at
            else None,
            "considered": {k: v.isoformat() for k, v in self.considered.items()},
            "mused_for": self.mused_for,
            "hello_waits_until": self.hello_waits_until.isoformat()
            if self.hello_waits_until
            else None,
            "signalled_due": sorted(self.signalled_due),
            "folded_until": self.folded_until,
            "dream_spent": list(self.dream_spent),
            "dream_failed": self.dream_failed,
            "agenda": [
                # Nothing pending is dropped: the inbox and the committed exchanges whole.
                s.to_dict()
                for s in (self.inbox + self.agenda[-MAX_AGENDA:] + self.committed)
            ],
            "expectations": [e.to_dict() for e in self.world.expectations],
            "beliefs": [b.to_dict() for b in self.world.latest()],
            "presence": self.presence,
        }

    def restore(self, data: Any, beliefs: list[Belief]) -> None:
        """Back from the checkpoint and the belief log (damage gives a fresh start)."""
        expectations: list[Expectation] = []
        if isinstance(data, dict):
            try:
                self.state = Activity(data.get("state", "idle"))
            except ValueError:
                self.state = Activity.IDLE
            self.state_since = instant(data.get("state_since")) or self.state_since
            self.seq = whole(data.get("seq"))
            self.ticks = whole(data.get("ticks"))
            self.last_tick_at = instant(data.get("last_tick_at"))
            planned = data.get("planned_gap_s")
            if (
                isinstance(planned, int | float)
                and not isinstance(planned, bool)
                and (0 < planned < 86400)
            ):
                self._planned_gap = timedelta(seconds=planned)
            inter = data.get("interruptions")
            if isinstance(inter, list) and len(inter) == 2 and plain.day(inter[0]) is not None:
                self.interruptions = (inter[0], whole(inter[1]))
            self.last_reach_out_at = instant(data.get("last_reach_out_at"))
            self.considered = instants(data.get("considered"))
            self.mused_for = (
                data.get("mused_for") if isinstance(data.get("mused_for"), str) else None
            )
            self.hello_waits_until = instant(data.get("hello_waits_until"))
            self.signalled_due = set(strings(data.get("signalled_due")))
            folded = data.get("folded_until")
            self.folded_until = folded if isinstance(folded, str) else None
            spent = data.get("dream_spent")
            if isinstance(spent, list) and len(spent) == 2 and isinstance(spent[0], str):
                self.dream_spent = (spent[0], whole(spent[1]))
            failed = data.get("dream_failed")
            self.dream_failed = failed if isinstance(failed, str) else None
            for item in items(data.get("agenda")):
                if (signal := Signal.from_dict(item)) is not None:
                    (
                        self.committed if signal.kind is SignalKind.TURN_COMMITTED else self.agenda
                    ).append(signal)
            expectations = [
                e for e in map(Expectation.from_dict, items(data.get("expectations"))) if e
            ]
            # The log's tail may have rotated away the last word on a subject: keep it anyway.
            beliefs = beliefs + [b for b in map(Belief.from_dict, items(data.get("beliefs"))) if b]
            presence = data.get("presence")
            if isinstance(presence, dict):
                self.presence = {str(k): str(v) for k, v in presence.items()}
        self.world = WorldModel(beliefs, expectations)

    # ------------------------------------------------------------------ wiring

    @callback
    def async_start(self) -> list[Any]:
        """Listen to the owner's presence entities; returns the unsubscribes."""
        self.watch_presence()
        return [self._stop_watching_presence]

    def watch_presence(self) -> None:
        """Follow the presence entities the options name (again, when they change)."""
        self._stop_watching_presence()
        entities = list(self._opt(CONF_PRESENCE) or [])
        now = self.pet.clock.utcnow()
        for entity_id in entities:
            state = self.hass.states.get(entity_id)
            if state is not None and _known(state.state):
                self.presence[entity_id] = state.state
                self._believe(f"presence:{entity_id}", state.state, now, source="presence")
        if entities:
            self._unsub_presence = async_track_state_change_event(
                self.hass, entities, self._on_presence
            )

    def _stop_watching_presence(self) -> None:
        if self._unsub_presence is not None:
            self._unsub_presence()
            self._unsub_presence = None

    @callback
    def _on_presence(self, event: Event[EventStateChangedData]) -> None:
        new = event.data["new_state"]
        if new is None or not _known(new.state):
            return
        entity_id = event.data["entity_id"]
        before = self.presence.get(entity_id)
        if before == new.state:
            return
        self.presence[entity_id] = new.state
        name = new.attributes.get("friendly_name") or entity_id
        if new.state == STATE_HOME:
            about = f"{name} came home"
        elif before == STATE_HOME:
            about = f"{name} left"
        else:
            about = f"{name} is at {new.state}"
        self.post(
            SignalKind.PRESENCE,
            {"entity": entity_id, "to": new.state, "from": before, "about": about},
        )

    def post(self, kind: SignalKind, data: dict[str, Any] | None = None) -> Signal:
        """A fact arrived: into the inbox and signals.jsonl, and the mind wakes early."""
        self.seq += 1
        signal = Signal(kind, self.pet.clock.utcnow(), dict(data or {}), self.seq)
        self.inbox.append(signal)
        self.records.signal(signal.to_dict())
        self._dirty = True
        if kind is SignalKind.OWNER_MESSAGE and (drift := preempt(self.state)) is not None:
            self._move(drift, signal.at)  # at once, not at the next tick
        self.wake()
        return signal

    def wake(self) -> None:
        """Tick as soon as the event loop is free, unless a tick is due within the engaged cadence
        anyway (so a chatty owner never makes the mind tick faster than its state's cadence)."""
        if self._wake_pending or not self.pet.started:
            return
        if (due := self.pet.next_tick()) is not None and due - self.pet.clock.utcnow() <= timedelta(
            seconds=CADENCE_S[Activity.ENGAGED]
        ):
            return
        self._wake_pending = True
        self.hass.loop.call_soon(self._wake)

    @callback
    def _wake(self) -> None:
        self._wake_pending = False
        if self.pet.started:
            self.pet.run_job_now("mind")

    # ------------------------------------------------------------------ the tick

    def tick(self, _fired: datetime) -> None:
        """One heartbeat: SENSE, APPRAISE, DECIDE, ACT, REFLECT, REGULATE."""
        pet = self.pet
        now = pet.clock.now()
        utc_now = pet.clock.utcnow()
        self.ticks += 1
        sensed = self._sense(now, utc_now)
        impulses = self._impulses(now, utc_now)
        candidates = appraise(
            self.agenda, pet.turns.goals.items, impulses, utc_now, self.considered
        )
        choice, runners_up = decide(candidates, float(self._opt(CONF_ACT_THRESHOLD)))
        record = TickRecord(
            tick=self.ticks,
            at=utc_now,
            state=self.state.value,
            sensed=sensed,
            scores=[c.to_dict() for c in candidates[:6]],
            choice=choice.to_dict() if choice else None,
            runners_up=[c.to_dict() for c in runners_up],
        )
        if choice is not None:
            record.done, record.interrupt = self._act(choice, now, utc_now)
        self._reflect(now, utc_now)
        self._regulate(now, utc_now, record)
        self.last_tick_at = utc_now
        self._planned_gap = timedelta(seconds=self.cadence_s * pet.stretch)
        resting = choice is None and not sensed and record.drift is None
        self.records.trace(record.to_dict(), resting=resting)
        self.last_record = record
        if not resting:
            self._dirty = True
        intention = (choice.about if choice else None) or record.drift or ", ".join(sensed)
        self._flush_files(None if resting else f"tick {self.ticks}: {intention}")
        if self._dirty:
            pet.mark_changed(save=False)  # the mind's own cursor: bookkeeping
            self._dirty = False

    # ------------------------------------------------------------------ SENSE

    def _sense(self, now: datetime, utc_now: datetime) -> list[str]:
        pet = self.pet
        if self._last_scan is None or utc_now - self._last_scan >= VAULT_SCAN_EVERY:
            self._last_scan = utc_now
            pet.watch_vault()
        if self.last_tick_at is not None:
            # Measured against the sleep the last tick planned, so a message that wakes a
            # dormant mind early is never mistaken for the machine having slept.
            gap = utc_now - self.last_tick_at
            if gap > self._planned_gap + GAP_SLACK:
                self.post(
                    SignalKind.SUSPEND_GAP,
                    {
                        "gap_s": int(gap.total_seconds()),
                        "about": f"the machine slept ~{_span(gap)}",
                    },
                )
        for goal in pet.turns.goals.open_goals():
            if goal.due is not None and goal.due <= utc_now and goal.id not in self.signalled_due:
                self.signalled_due.add(goal.id)
                self.considered.pop(goal.id, None)  # coming due is news: think about it afresh
                self.post(SignalKind.GOAL_DUE, {"goal": goal.id, "about": goal.text})
        for expectation in self.world.surprises(utc_now):
            self.post(
                SignalKind.SURPRISE,
                {
                    "expectation": expectation.id,
                    "about": f"I expected {expectation.about} by {_clock(expectation.due, now)}",
                },
            )
        sensed = []
        inbox, self.inbox = self.inbox, []
        for signal in inbox:
            sensed.append(signal.kind.value)
            self._fold(signal)
            if (
                signal.kind is SignalKind.OWNER_MESSAGE
                and (drift := preempt(self.state)) is not None
            ):
                self._move(drift, utc_now)
            if signal.kind is SignalKind.TURN_COMMITTED:
                self.committed.append(signal)
            elif signal.kind is not SignalKind.GOAL_DUE:
                self.agenda.append(signal)
        del self.agenda[:-MAX_AGENDA]
        return sensed

    def _fold(self, signal: Signal) -> None:
        """SENSE folds each arrival into the world model."""
        data = signal.data
        if signal.kind is SignalKind.PRESENCE:
            self._believe(
                f"presence:{data['entity']}", str(data["to"]), signal.at, source="presence"
            )
            self.considered = {k: v for k, v in self.considered.items() if not k.startswith("g")}
        elif signal.kind is SignalKind.POWER:
            self._believe("power", str(data.get("level")), signal.at, source="battery")
        elif signal.kind is SignalKind.OWNER_MESSAGE:
            self._believe(
                "owner:last_spoke", signal.at.isoformat(), signal.at, source="conversation"
            )

    def _believe(self, subject: str, value: str, at: datetime, *, source: str) -> None:
        belief, met = self.world.observe(subject, value, at, source=source)
        if belief is not None:
            self.records.belief(belief.to_dict())
        for expectation in met:
            self.records.journal(self.pet.clock.now(), None, f"as I expected: {expectation.about}")

    def _impulses(self, now: datetime, utc_now: datetime) -> Impulses:
        pet = self.pet
        owner_quiet = utc_now - (pet.last_interaction or pet.scheduler.started_at)
        idle_needed = timedelta(minutes=float(self._opt(CONF_PROACTIVE_IDLE_MIN)) * pet.stretch)
        may_start = pet.initiative
        return Impulses(
            muse=may_start and owner_quiet >= idle_needed and not self._hello_said(utc_now),
            flush=(
                may_start
                and pet.turns.unflushed
                and owner_quiet >= timedelta(seconds=d.FLUSH_AFTER_S)
                and self.token_pressure < 1.0
            ),
            dream=may_start and self.state is Activity.DREAM and self.dream_work(),
            token_pressure=self.token_pressure,
            extra=tuple(pet.impulses(now)),
        )

    def may_muse(self) -> str | None:
        """Why a hello would be out of place now, or None when it may be proposed."""
        pet = self.pet
        owner_quiet = pet.clock.utcnow() - (pet.last_interaction or pet.scheduler.started_at)
        idle_needed = timedelta(minutes=float(self._opt(CONF_PROACTIVE_IDLE_MIN)) * pet.stretch)
        if owner_quiet < idle_needed:
            return "my owner was here recently"
        if self._hello_said(pet.clock.utcnow()):
            return "I already said hello in this quiet stretch"
        return None

    def _hello_said(self, utc_now: datetime) -> bool:
        """One hello per quiet stretch — unless quiet hours hushed it: then once more after."""
        if self.mused_for != self._stretch_key():
            return False
        return self.hello_waits_until is None or utc_now < self.hello_waits_until

    def _quiet_hours_end(self, now: datetime) -> datetime:
        """When the quiet hours around local `now` end (UTC)."""
        end = self._time_opt(CONF_QUIET_END)
        at = now.replace(hour=end.hour, minute=end.minute, second=0, microsecond=0)
        if at <= now:
            at = (at + timedelta(days=1)).replace(hour=end.hour, minute=end.minute)
        return at.astimezone(UTC)

    def _stretch_key(self) -> str:
        last = self.pet.last_interaction
        return last.isoformat() if last else f"start:{self.pet.scheduler.started_at.isoformat()}"

    @property
    def token_pressure(self) -> float:
        """Tokens spent today over the daily cap."""
        cap = float(self._opt(CONF_TOKEN_CAP))
        spent = self.pet.turns.tokens.today(self.pet.clock.now()).total
        return spent / cap if cap > 0 else 0.0

    # ------------------------------------------------------------------ ACT

    def _act(
        self, choice: Candidate, now: datetime, utc_now: datetime
    ) -> tuple[str, dict[str, Any] | None]:
        signal = self._take_signal(choice.ref)
        if choice.act is Act.ATTEND:
            return "listened (the reply path answers)", None
        if choice.act is Act.NOTICE:
            self.records.journal(now, None, f"noticed: {choice.about}")
            self.pet.refresh_situation()
            return f"noticed {choice.about}", None
        if choice.act is Act.SURPRISED:
            self.records.journal(now, None, f"{choice.about}; it didn't happen")
            return "noted a surprise", None
        if choice.act is Act.CATCH_UP:
            return self._catch_up(now, utc_now, signal), None
        if choice.act is Act.LET_GO:
            self.pet.turns.settle_goal(str(choice.ref), GoalState.DROPPED)
            self.records.journal(now, None, f"let it go quietly; the moment passed: {choice.about}")
            return f"let go of {choice.ref}", None
        if choice.act is Act.FLUSH:
            return self._start(TurnKind.FLUSH, now, cost=0), None
        if choice.act is Act.DREAM:
            return self._dream(now), None
        if choice.act is Act.READ:
            return self._read(signal, now), None
        if choice.act is Act.RULING:
            data = signal.data if signal else {}
            self.records.journal(
                now,
                None,
                f"ruling: my owner {data.get('ruling')} {data.get('edit')} ({data.get('path')})",
            )
            return f"took in the ruling on {data.get('edit')}", None
        if choice.act in (Act.REACH_OUT, Act.MUSE):
            return self._reach_out(choice, now, utc_now)
        if choice.act is Act.NEED:
            return self.pet.motivation.act(choice, now)
        return f"nothing to do for {choice.act.value}", None

    def _take_signal(self, ref: str | None) -> Signal | None:
        if not ref or not ref.startswith("s"):
            return None
        for index, signal in enumerate(self.agenda):
            if f"s{signal.seq}" == ref:
                return self.agenda.pop(index)
        return None

    def _catch_up(self, now: datetime, utc_now: datetime, signal: Signal | None) -> str:
        """After downtime: reconsider goals by their strategies, once, and say so once."""
        turns = self.pet.turns
        dropped = kept = 0
        for goal in turns.goals.open_goals():
            if goal.due is None or goal.due > utc_now:
                continue
            if goal.strategy is Strategy.OPEN_MINDED:
                turns.settle_goal(goal.id, GoalState.DROPPED)
                dropped += 1
            else:
                kept += 1
        self.considered.clear()
        self.mused_for = self._stretch_key()  # waking up is not a reason to speak up
        self.agenda = [s for s in self.agenda if s.kind is not SignalKind.SUSPEND_GAP]
        gap = (signal.data.get("about") if signal else None) or "the machine slept"
        detail = f" (let {dropped} go, {kept} still matter)" if dropped or kept else ""
        self.records.journal(
            now, None, f"{gap}; I caught up on what expired and what still matters{detail}"
        )
        return f"caught up{detail}"

    def _gates(
        self, cost: int, now: datetime
    ) -> tuple[Decision, str, datetime | None, dict[str, Any]]:
        """Initiative, battery, budget: the gates before salience (nothing is spent here)."""
        pet = self.pet
        if not pet.initiative:
            return Decision.SKIP, "initiative is off", None, {}
        if not turn_allowed(pet.level, essential=False):
            return Decision.SKIP, f"battery backoff ({pet.level})", None, {}
        if cost == 0:
            return Decision.ADMIT, "free", None, {}
        verdict = pet.gate.evaluate(pet.state.budget, cost, now)
        return verdict.decision, verdict.reason, verdict.retry_at, verdict.patch

    def _start(
        self,
        kind: TurnKind,
        now: datetime,
        *,
        cost: int,
        goal: Goal | None = None,
        delivery: InterruptDecision | None = None,
        need: str | None = None,
    ) -> str:
        """Start a self-initiated turn through the remaining gates, then the slot."""
        pet = self.pet
        decision, reason, retry_at, patch = self._gates(cost, now)
        if decision is not Decision.ADMIT:
            if kind is TurnKind.FLUSH and decision is Decision.SKIP:
                pet.turns.unflushed = False
            if need is not None:
                pet.motivation.defer(need, reason)
            return f"{kind.value}: {decision.value} ({reason})"
        if not pet.arbiter.try_take():
            if goal is not None:
                self.considered[goal.id] = pet.clock.utcnow() + RETRY_SOON
            if need is not None:
                pet.motivation.defer(need, "a turn was in flight")
            return f"{kind.value}: deferred (a turn is in flight)"
        pet.apply(patch)
        pet.spawn(self._async_turn(kind, now, goal, delivery, need))
        return f"started a {kind.value} turn"

    async def _async_turn(
        self,
        kind: TurnKind,
        now: datetime,
        goal: Goal | None,
        delivery: InterruptDecision | None,
        need: str | None = None,
    ) -> None:
        pet = self.pet
        try:
            if kind is TurnKind.DREAM:
                await self._async_fold(now)
                return
            outcome = await pet.turns.async_self_turn(kind, now, goal=goal)
        finally:
            pet.arbiter.release()
        if delivery is not None and outcome.ok and outcome.say:
            await self._deliver(outcome.say, delivery, goal, need)
        elif kind is TurnKind.FLUSH and outcome.say:
            await pet.messenger.async_deliver(outcome.say, pet.clock.utcnow())
        elif need is not None:
            pet.motivation.defer(need, "the turn ended without a line to send")
        if goal is not None and outcome.ok and not outcome.say:
            self.considered[goal.id] = pet.clock.utcnow() + SILENT_AGAIN_AFTER

    def _reach_out(
        self, choice: Candidate, now: datetime, utc_now: datetime, need: str | None = None
    ) -> tuple[str, dict[str, Any] | None]:
        """Gate 2 for a reach-out that passed gate 1, then the turn if it is worth it."""
        pet = self.pet
        goal = (
            pet.turns.goals.get(choice.ref) if choice.act is Act.REACH_OUT and choice.ref else None
        )
        if choice.act is Act.MUSE:
            self.mused_for = self._stretch_key()  # one hello per quiet stretch, whoever asks
            self.hello_waits_until = None
        decision, reason, retry_at, _ = self._gates(d.PROACTIVE_COST, now)
        if decision is not Decision.ADMIT:
            if goal is not None:
                self.considered[goal.id] = retry_at or (utc_now + SILENT_AGAIN_AFTER)
            elif decision is Decision.DEFER and need is None:
                self.mused_for = None  # try again when the cooldown ends
            if need is not None:
                pet.motivation.defer(need, reason)
            return f"{choice.act.value}: {decision.value} ({reason})", None
        verdict = self.interrupt_decision(goal, now)
        if verdict.outcome is Outcome.SILENT:
            if choice.act is Act.MUSE and verdict.reason == QUIET_HOURS:
                self.hello_waits_until = self._quiet_hours_end(now)  # good morning, then
            self._silent(choice, verdict, now, goal)
            pet.motivation.outcome(need, Outcome.SILENT, verdict.reason)
            return f"chose not to interrupt: {verdict.reason}", verdict.to_dict()
        kind = TurnKind.REACH_OUT if goal is not None else TurnKind.PROACTIVE
        done = self._start(kind, now, cost=d.PROACTIVE_COST, goal=goal, delivery=verdict, need=need)
        return done, verdict.to_dict()

    def reach_out_for_need(
        self, need: str, goal: Goal | None, now: datetime
    ) -> tuple[str, dict[str, Any] | None]:
        """A need asked to reach out (about a goal, or just to say hello): the same gates."""
        choice = (
            Candidate(Act.REACH_OUT, 1.0, goal.text, goal.id)
            if goal is not None
            else Candidate(Act.MUSE, 1.0, "saying hello, because I miss my owner")
        )
        return self._reach_out(choice, now, self.pet.clock.utcnow(), need=need)

    def dream_for_need(self, now: datetime) -> str:
        """A need asked to consolidate: a dream fold, through the same gates."""
        return self._dream(now, need="coherence")

    def interrupt_decision(self, goal: Goal | None, now: datetime) -> InterruptDecision:
        """Gate 2 for a reach-out about `goal` (or a musing, when None)."""
        utc_now = self.pet.clock.utcnow()
        factors = factors_for(
            relevance=relevance(goal) if goal else MUSE_RELEVANCE,
            time_sensitivity=time_sensitivity(goal, utc_now) if goal else MUSE_TIME_SENSITIVITY,
            now=now,
            last_reach_out=self.last_reach_out_at,
            presence=self.presence_state,
            interruptions_today=self.interruptions_today(now),
        )
        return decide_interrupt(
            factors,
            now=now,
            quiet_start=self._time_opt(CONF_QUIET_START),
            quiet_end=self._time_opt(CONF_QUIET_END),
            interruptions_today=self.interruptions_today(now),
            cap=int(self._opt(CONF_INTERRUPTION_CAP)),
            threshold=float(self._opt(CONF_INTERRUPT_THRESHOLD)),
            presence=self.presence_state,
            can_speak=bool(self.pet.options.get(CONF_SPEAKER)),
        )

    def _silent(
        self, choice: Candidate, verdict: InterruptDecision, now: datetime, goal: Goal | None
    ) -> None:
        about = goal.text if goal else "saying hello"
        self.records.journal(
            now, None, f"thought about {about}; chose not to interrupt ({verdict.reason})"
        )
        if goal is not None:
            self.considered[goal.id] = self.pet.clock.utcnow() + SILENT_AGAIN_AFTER
        self.hass.bus.async_fire(
            EVENT_DECISION,
            {
                "entry_id": self.pet.entry.entry_id,
                "outcome": Outcome.SILENT.value,
                "reason": verdict.reason,
                "about": about,
                "score": round(verdict.score, 3),
                "factors": verdict.factors.to_dict(),
            },
        )

    async def _deliver(
        self, text: str, verdict: InterruptDecision, goal: Goal | None, need: str | None = None
    ) -> Outcome:
        """SPEAK or SUGGEST, count it, remember it, close the goal, tell the bus."""
        pet = self.pet
        outcome = verdict.outcome
        reason = verdict.reason
        delivered = outcome is Outcome.SPEAK and await self._speak(text)
        if outcome is Outcome.SPEAK and not delivered:
            outcome, reason = Outcome.SUGGEST, "the speaker failed; a message will wait"
        if outcome is Outcome.SUGGEST:
            delivered = bool(await pet.messenger.async_deliver(text, pet.clock.utcnow()))
            if not delivered:  # no target, or none took it: the owner still finds it in HA
                note_id = f"shelldon_{pet.entry.entry_id}"  # the latest replaces the last
                persistent_notification.async_create(
                    self.hass, text, title=pet.name, notification_id=note_id
                )
                delivered, reason = True, f"{reason}; left as a Home Assistant notification"
        now = pet.clock.now()
        day, count = self.interruptions
        today = now.date().isoformat()
        self.interruptions = (today, (count if day == today else 0) + 1)
        self.last_reach_out_at = pet.clock.utcnow()
        about = goal.text if goal else "a musing"
        self._believe(
            "reach_out:last", f"{outcome.value}: {about}", pet.clock.utcnow(), source="reach_out"
        )
        if goal is not None:
            pet.turns.settle_goal(goal.id, GoalState.DONE)
        self.records.journal(now, None, f"reached out ({outcome.value}) about {about}")
        self.hass.bus.async_fire(
            EVENT_REACH_OUT,
            {
                "entry_id": pet.entry.entry_id,
                "message": text,
                "outcome": outcome.value,
                "reason": reason,
                "score": round(verdict.score, 3),
                "factors": verdict.factors.to_dict(),
            },
        )
        pet.motivation.outcome(need, outcome, reason, delivered=delivered)
        if delivered:
            pet.motivation.witnessed("connection", f"reached out ({outcome.value})")
        self._flush_files()
        pet.mark_changed()
        return outcome

    async def _speak(self, text: str) -> bool:
        """Aloud through the configured speaker; False if it could not be done (a companion
        that is missing or failed to set up costs only the speaking, said once in the log)."""
        speaker = self.pet.options.get(CONF_SPEAKER)
        if not speaker:
            return False
        if speaker.startswith("assist_satellite."):
            domain, service = "assist_satellite", "announce"
            data: dict[str, Any] = {"entity_id": speaker, "message": text}
        else:
            tts = self.pet.options.get(CONF_TTS_ENTITY) or next(
                (s.entity_id for s in self.hass.states.async_all("tts")), None
            )
            domain, service = "tts", "speak"
            data = {"entity_id": tts, "media_player_entity_id": speaker, "message": text}
            if tts is None:
                return self._cannot_speak(speaker, "no text-to-speech engine is set up")
        if not self.hass.services.has_service(domain, service):
            return self._cannot_speak(speaker, f"{domain} is not set up")
        try:
            await self.hass.services.async_call(domain, service, data, blocking=True)
        except Exception as err:
            return self._cannot_speak(speaker, str(err) or type(err).__name__)
        if self._speak_trouble is not None:
            self._speak_trouble = None
            _LOGGER.info("%s can speak through %s again", self.pet.name, speaker)
        return True

    def _cannot_speak(self, speaker: str, why: str) -> bool:
        if self._speak_trouble != why:
            self._speak_trouble = why
            _LOGGER.warning(
                "%s cannot speak through %s (%s); it sends a message instead until it can",
                self.pet.name,
                speaker,
                why,
            )
        return False

    # ------------------------------------------------------------------ on request

    async def async_speak_up(self) -> dict[str, Any]:
        """shelldon.speak_up: propose a reach-out now, through the same gates; the decision."""
        pet = self.pet
        now = pet.clock.now()
        decision, reason, _, patch = self._gates(d.PROACTIVE_COST, now)
        if decision is not Decision.ADMIT:
            return {"outcome": decision.value, "reason": reason}
        verdict = self.interrupt_decision(None, now)
        if verdict.outcome is Outcome.SILENT:
            self._silent(Candidate(Act.MUSE, 1.0, "saying hello"), verdict, now, None)
            self._flush_files()
            return verdict.to_dict()
        if not pet.arbiter.try_take():
            return {"outcome": Decision.DEFER.value, "reason": "a turn is in flight"}
        pet.apply(patch)
        try:
            outcome = await pet.turns.async_self_turn(TurnKind.PROACTIVE, now)
        finally:
            pet.arbiter.release()
        result = {**verdict.to_dict(), "message": outcome.say, "ok": outcome.ok}
        if not outcome.ok:
            reason = f"it could not think ({outcome.error})"
            return {**result, "outcome": Outcome.SILENT.value, "reason": reason}
        if not outcome.say:
            return {**result, "outcome": Outcome.SILENT.value, "reason": "it chose silence"}
        delivered = await self._deliver(outcome.say, verdict, None)
        return {**result, "outcome": delivered.value}

    async def async_dream_now(self) -> dict[str, Any]:
        """shelldon.dream: fold the finished days waiting now, at the owner's request."""
        pet = self.pet
        backlog = self.dream_backlog()[:DREAM_NOW_DAYS]
        if not backlog:
            return {"ok": True, "days": [], "facts": 0, "reason": "nothing to consolidate"}
        await pet.arbiter.take()
        folded, facts, ok = [], 0, True
        try:
            for _ in backlog:
                day, kept, ok = await self._async_fold(pet.clock.now(), capped=False)
                if not ok:
                    break
                folded.append(day)
                facts += kept
        finally:
            pet.arbiter.release()
        self._flush_files(f"dream: folded {', '.join(folded) or 'nothing'}")
        return {"ok": ok, "days": folded, "facts": facts}

    # ------------------------------------------------------------------ DREAM

    def dream_backlog(self) -> list[str]:
        """Finished journal days not yet folded into memory, oldest first."""
        return backlog(self.pet.journal_days, self.folded_until, self.pet.clock.now().date())

    def _night(self, now: datetime) -> str:
        """The night a dream belongs to (the local date it began on)."""
        return (now - timedelta(hours=12)).date().isoformat()

    def dream_work(self) -> bool:
        """A finished day waits, the pet may start turns, and tonight's allowance is not spent."""
        if not self.pet.initiative:
            return False
        now = self.pet.clock.now()
        night, spent = self.dream_spent
        if night == self._night(now) and spent >= int(self._opt(CONF_DREAM_TOKENS)):
            return False
        if self.dream_failed == self._night(now):
            return False
        return bool(self.dream_backlog())

    def _dream(self, now: datetime, need: str | None = None) -> str:
        """One dream tick: fold the oldest finished day (a night's first fold is what costs)."""
        night, _ = self.dream_spent
        first = night != self._night(now)
        return self._start(TurnKind.DREAM, now, cost=d.DREAM_COST if first else 0, need=need)

    async def _async_fold(self, now: datetime, *, capped: bool = True) -> tuple[str, int, bool]:
        """Fold the oldest waiting day; returns (day, facts kept, ok). Progress persists.

        `capped`: only if its estimated cost fits what is left of tonight's allowance (the
        owner's shelldon.dream is not capped); one that does not ends tonight's dreaming.
        """
        pet = self.pet
        days = self.dream_backlog()
        if not days:
            return "", 0, True
        day = days[0]
        night, total = self.dream_spent
        tonight = self._night(now)
        spent_tonight = total if night == tonight else 0
        room = int(self._opt(CONF_DREAM_TOKENS)) - spent_tonight if capped else None
        before = pet.turns.tokens.today(pet.clock.now()).total
        outcome, kept = await pet.turns.async_dream_day(now, day, room)
        if not outcome.ok and night != tonight:  # the night's first fold paid the dream's
            pet.turns.refund(TurnKind.DREAM, now, d.DREAM_COST)  # turns: it never happened
        if outcome.error == OVER_ALLOWANCE:
            self.dream_failed = tonight
            self.records.journal(
                pet.clock.now(),
                None,
                f"stopped dreaming for tonight: {day} would take {outcome.intent}, more than "
                f"the {room} left of tonight's allowance; it waits",
            )
            self._dirty = True
            pet.mark_changed()
            return day, 0, False
        spent = pet.turns.tokens.today(pet.clock.now()).total - before
        self.dream_spent = (tonight, spent_tonight + spent)
        if outcome.ok:
            self.folded_until = day
            pet.journal_days.discard(day)
            self.records.journal(
                pet.clock.now(), None, f"slept on it: folded {day} into what I keep ({kept} facts)"
            )
            pet.motivation.witnessed("coherence", f"folded {day}")
        elif self.dream_failed != tonight:  # once a night: the day waits for the next one
            self.dream_failed = tonight
            self.records.journal(
                pet.clock.now(), None, f"could not dream on {day} tonight; it waits for tomorrow"
            )
        self._dirty = True
        pet.mark_changed()
        return day, kept, outcome.ok

    # ------------------------------------------------------------------ the shelf

    def _read(self, signal: Signal | None, now: datetime) -> str:
        """Read (or let go of) a document on the shelf: an ordinary act, no model call."""
        if signal is None:
            return "nothing to read"
        doc, change = str(signal.data.get("doc")), str(signal.data.get("change"))
        shelf = self.pet.shelf
        if change == "removed":
            shelf.forget(doc)
            self.records.journal(now, None, f"took {doc} off my shelf")
            self.pet.spawn(self.hass.async_add_executor_job(shelf.save))
            return f"forgot {doc}"
        self.pet.spawn(self._async_read(doc))
        return f"reading {doc}"

    async def _async_read(self, doc: str) -> None:
        pet = self.pet
        chunks, stamp, reason = await self.hass.async_add_executor_job(pet.shelf.read, doc)
        pet.shelf.shelve(doc, chunks, stamp, reason)
        name = doc.rsplit("/", 1)[-1]
        if reason is None:
            line = (
                f"read and shelved {name} ({len(chunks)} passage{'s' if len(chunks) != 1 else ''})"
            )
            pet.motivation.witnessed("understanding", f"read {name}")
        else:
            line = f"could not read {name}: {reason}"
        self.records.journal(pet.clock.now(), None, line)
        await self.hass.async_add_executor_job(pet.shelf.save)
        self._flush_files(f"shelf: {line}")
        pet.mark_changed()

    # ------------------------------------------------------------------ REFLECT

    def _reflect(self, now: datetime, utc_now: datetime) -> None:
        committed, self.committed = self.committed, []
        for signal in committed:
            data = signal.data
            heard, said = data.get("heard"), data.get("said")
            when = signal.at.astimezone(now.tzinfo)
            if heard and data.get("role") == "owner":
                self.records.journal(when, str(data.get("sender") or "owner"), str(heard))
                self._owner_words(str(heard), now)
            if said:
                self.records.journal(when, None, str(said))
                self._own_words(str(said), now, data)
            elif data.get("kind") in ("proactive", "reach_out") and data.get("ok"):
                self.records.journal(when, None, f"chose silence ({data.get('intent')})")

    def _owner_words(self, text: str, now: datetime) -> None:
        turns = self.pet.turns
        if (reminder := parse_remind_me(text, now)) is not None and not self._known_goal(
            reminder.what
        ):
            goal = turns.add_goal(
                reminder.what,
                kind=GoalKind.REACH_OUT,
                provenance=Provenance.REMIND_ME,
                strategy=Strategy.BLIND,
                due=reminder.due,
            )
            self.records.journal(
                now, None, f"filed a reminder ({goal.id}, due {_clock(goal.due, now)}): {goal.text}"
            )
        if (back := parse_back_in(text, now)) is not None:
            self.world.expect(
                "owner:last_spoke",
                ANY,
                back + timedelta(minutes=30),
                self.pet.clock.utcnow(),
                "my owner back",
            )

    def _own_words(self, text: str, now: datetime, data: dict[str, Any]) -> None:
        turns = self.pet.turns
        # A reply that declared its promises has said what it commits to; otherwise read its words.
        found = [] if data.get("promises") else scan_commitments(text, now)
        for commitment in found:
            if self._known_goal(commitment.what):
                continue
            goal = turns.add_goal(
                commitment.what,
                kind=GoalKind.REACH_OUT,
                provenance=Provenance.PROMISE,
                strategy=Strategy.SINGLE_MINDED,
                due=commitment.due,
            )
            self.records.journal(
                now, None, f"promised ({goal.id}, due {_clock(goal.due, now)}): {goal.text}"
            )
        for ask in data.get("asks") or []:
            self.world.expect(
                "owner:last_spoke",
                ANY,
                self.pet.clock.utcnow() + ASK_EXPECT,
                self.pet.clock.utcnow(),
                f"an answer to: {ask}",
            )

    def _known_goal(self, text: str) -> bool:
        return any(same_fact(text, g.text) for g in self.pet.turns.goals.open_goals())

    # ------------------------------------------------------------------ REGULATE

    def _regulate(self, now: datetime, utc_now: datetime, record: TickRecord) -> None:
        pet = self.pet
        quiet_h = float(self._opt(CONF_DREAM_IDLE_H))
        last_owner = pet.last_interaction
        dream_anyway = last_owner is not None and utc_now - last_owner >= timedelta(hours=quiet_h)
        drift = regulate(
            self.state,
            now,
            last_owner,
            token_pressure=self.token_pressure,
            dream_work=self.dream_work(),
        )
        if drift is None and self.state is Activity.DORMANT and dream_anyway and self.dream_work():
            drift = Drift(Activity.DREAM, f"{quiet_h:g} h without the owner and notes to dream on")
        if (
            drift is not None
            and drift.state is Activity.DORMANT
            and self.state is Activity.DREAM
            and dream_anyway
            and self.dream_work()
        ):
            drift = None  # still dreaming off-window: the owner has been away long enough
        if drift is not None:
            record.drift = f"{self.state.value} -> {drift.state.value}: {drift.reason}"
            self._move(drift, utc_now)
        self.pet.refresh_situation()

    def _move(self, drift: Drift, utc_now: datetime) -> None:
        previous = self.state
        self.state = drift.state
        self.state_since = utc_now
        self.pet.set_mind_cadence(self.cadence_s)
        self.pet.rearm()
        self._dirty = True
        if drift.state is Activity.DREAM or previous is Activity.DREAM:
            self.records.journal(
                self.pet.clock.now(),
                None,
                (
                    "drifted off to dream: "
                    if drift.state is Activity.DREAM
                    else "woke from dreaming: "
                )
                + drift.reason,
            )

    def _flush_files(self, commit: str | None = None) -> None:
        """Write what is queued; with `commit`, also record the vault's history after it."""
        if self.records.pending or commit:
            batch = self.records.take()
            self.pet.spawn(self.hass.async_add_executor_job(self._write, batch, commit))

    def _write(self, batch: list[Entry], commit: str | None) -> None:
        """Blocking: the lines, then one history commit for the tick (if anything changed).

        One tick at a time: the next tick's lines must not slip into this tick's commit."""
        with self._write_lock:
            self.records.write(batch)
            if commit:
                self.pet.history.record(commit)

    async def async_flush_all(self) -> None:
        """On stop: journal the exchanges the mind has not reflected on yet (and file what they
        promised), then write everything, including a run of resting ticks."""
        if self.committed or any(s.kind is SignalKind.TURN_COMMITTED for s in self.inbox):
            self.committed += [s for s in self.inbox if s.kind is SignalKind.TURN_COMMITTED]
            self.inbox = [s for s in self.inbox if s.kind is not SignalKind.TURN_COMMITTED]
            serial = self.pet.turns.goals.serial
            self._reflect(self.pet.clock.now(), self.pet.clock.utcnow())
            if self.pet.turns.goals.serial != serial:  # a reminder or promise was filed
                await self.pet.turns.async_save_goals()
        batch = self.records.take(close_rest=True)
        if batch:
            await self.hass.async_add_executor_job(self._write, batch, None)

    # ------------------------------------------------------------------ reading

    def interruptions_today(self, now: datetime) -> int:
        """Reach-outs delivered today."""
        day, count = self.interruptions
        return count if day == now.date().isoformat() else 0

    @property
    def presence_state(self) -> Presence:
        """Home, away, or unknown (no presence entities)."""
        known = [s for e, s in self.presence.items() if e in (self._opt(CONF_PRESENCE) or [])]
        if not known:
            return Presence.UNKNOWN
        return Presence.HOME if any(s == STATE_HOME for s in known) else Presence.AWAY

    def situation(self, now: datetime, *, for_prompt: bool) -> list[str]:
        """The present tense: who is home, what is in flight, what the pet half-expects."""
        pet = self.pet
        lines = []
        entities = self._opt(CONF_PRESENCE) or []
        if not entities:
            lines.append("I can't tell who is home (no presence sensors are set up).")
        for entity_id in entities:
            state = self.hass.states.get(entity_id)
            name = state.attributes.get("friendly_name", entity_id) if state else entity_id
            belief = self.world.current(f"presence:{entity_id}")
            if belief is None:
                lines.append(f"{name}: unknown.")
                continue
            where = (
                "home"
                if belief.value == STATE_HOME
                else ("away" if belief.value == "not_home" else belief.value)
            )
            since = _ago(now, belief.at) if for_prompt else f"since {_clock(belief.at, now)}"
            lines.append(f"{name}: {where} ({since}).")
        last = pet.last_interaction
        if last is None:
            lines.append("My owner has not spoken to me yet.")
        else:
            when = _ago(now, last) if for_prompt else "at " + _clock(last, now)
            lines.append(f"My owner last spoke to me {when}.")
        lines.append(f"My mind is {self.state.value}.")
        if pet.turn_in_flight:
            lines.append("A turn is in flight.")
        goals = pet.turns.goals.open_goals()
        if goals:
            upcoming = sorted((g for g in goals if g.due), key=lambda g: g.due)
            nxt = (
                f'; next: "{upcoming[0].text}" due {_clock(upcoming[0].due, now)}'
                if upcoming
                else ""
            )
            lines.append(f"{len(goals)} open goal(s){nxt}.")
        for expectation in self.world.open_expectations()[:3]:
            lines.append(f"I half-expect {expectation.about} by {_clock(expectation.due, now)}.")
        if for_prompt and in_window(
            now, self._time_opt(CONF_QUIET_START), self._time_opt(CONF_QUIET_END)
        ):
            lines.append("It is quiet hours: I do not interrupt.")
        return lines

    def situation_file(self, now: datetime) -> str:
        """situation.md (absolute times, so it changes only when something happens)."""
        body = "\n".join(f"- {line}" for line in self.situation(now, for_prompt=False))
        return f"# {self.pet.name}'s situation\n\n{body}\n"


def _known(state: str) -> bool:
    return state not in (STATE_UNAVAILABLE, STATE_UNKNOWN)


def _clock(at: datetime | None, now: datetime) -> str:
    if at is None:
        return "whenever"
    local = at.astimezone(now.tzinfo)
    if local.date() == now.date():
        return local.strftime("%H:%M")
    return local.strftime("%a %H:%M")


def _span(delta: timedelta) -> str:
    hours = delta.total_seconds() / 3600
    return f"{hours:.0f}h" if hours >= 1 else f"{delta.total_seconds() / 60:.0f} min"


def _ago(now: datetime, at: datetime) -> str:
    return "just now" if now - at < timedelta(minutes=1) else f"{_span(now - at)} ago"
