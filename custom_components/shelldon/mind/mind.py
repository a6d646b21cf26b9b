"""The mind: an always-on loop that knows when to act and when to let the owner be.

Its tick is one scheduler job (the scheduler stays the only clock); the cadence follows the
activity state. Each tick runs SENSE (drain the signal inbox into the world model and the
agenda), APPRAISE and DECIDE (pure heuristics from core: one intention, or rest), ACT (the one
thing; a turn the pet begins itself goes through the one admission and the one door out; and
every promise that came due is given, whatever else the tick chose),
REFLECT (read committed exchanges for promises and reminders; the words are journaled here) and
REGULATE (drift the state down the cost ladder; keep the trace).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any, Final

from ..body.household import Household
from ..core import defaults as d
from ..core.activity import CADENCE_S, Activity, Drift, preempt, regulate
from ..core.appraisal import Impulses, appraise, decide
from ..core.keeping import next_goal_time
from ..core.salience import Presence
from ..core.signals import Signal, SignalKind
from ..core.tokens import pressure
from ..core.world import Belief, WorldModel
from ..ports import Basics, Body, Executor, Promises, Pulse
from ..ports.const import CONF_ACT_THRESHOLD, CONF_DREAM_IDLE_H, CONF_TOKEN_CAP
from .acts import Acts
from .cursor import MAX_AGENDA, cursor, restore_cursor
from .dreaming import Dreamer
from .means import Means, MindFiles
from .noticing import fold, forget, news
from .reacher import Reacher
from .reflect import Reflection
from .scribe import Scribe
from .situation import situation_lines
from .trace import TickRecord

SITUATION_FILE: Final = "situation.md"
VAULT_SCAN_EVERY: Final = timedelta(seconds=d.VAULT_WATCH_PERIOD_S)  # at most, whatever the tick


class Mind:
    """The always-on loop of one pet. It is handed what it uses; it reaches for nothing."""

    def __init__(
        self,
        *,
        basics: Basics,
        body: Body,
        heart: Pulse,
        household: Household,
        files: MindFiles,
        means: Means,
        keeper: Promises,
        executor: Executor,
    ) -> None:
        clock, dials, spawn, journal = basics.clock, basics.dials, basics.spawn, files.journal
        self.name = basics.name
        self.clock = clock
        self.dials = dials
        self.body = body
        self.heart = heart
        self.journal = journal
        self.goals = files.goals
        self.turns = means.turns
        self.door = means.door
        self.needs = means.needs
        self.household = household
        self.versions = files.versions
        self.executor = executor
        self.spawn = spawn
        self.changed = basics.changed
        self.watch_vault = files.watch_vault
        self.refresh_situation = files.refresh_situation
        self.world = WorldModel()
        self.state = Activity.IDLE
        self.state_since: datetime = clock.utcnow()
        self.inbox: list[Signal] = []
        self.agenda: list[Signal] = []
        self.committed: list[Signal] = []
        self.seq = 0
        self.ticks = 0
        self.last_tick_at: datetime | None = None
        self.considered: dict[str, datetime] = {}
        self.signalled_due: set[str] = set()
        self.last_record: TickRecord | None = None
        self.scribe = Scribe(
            clock=clock, journal=journal, versions=files.versions, executor=executor, spawn=spawn
        )
        self.journal.on_full = self.scribe.flush  # a flood is written as it comes
        self._dirty = False
        self._last_scan: datetime | None = None
        self.planned_gap = timedelta(seconds=CADENCE_S[Activity.DORMANT])
        self.dreamer = Dreamer(
            basics=replace(basics, changed=self._changed),  # the mind's cursor moves with it
            files=files,
            means=means,
            initiative=lambda: body.initiative,
            flush=self.scribe.flush,
        )
        self.reacher = Reacher(
            basics=basics,
            body=body,
            files=files,
            means=means,
            dreamer=self.dreamer,
            considered=self.considered,
            believe=self.believe,
            flush=self.scribe.flush,
        )
        self.acts = Acts(
            basics=basics,
            files=files,
            reacher=self.reacher,
            needs=means.needs,
            agenda=self.agenda,
            considered=self.considered,
            executor=executor,
            flush=self.scribe.flush,
        )
        self.keeper = keeper
        self.reflection = Reflection(
            clock=clock, journal=journal, goals=files.goals, quiet=lambda: dials.quiet_hours
        )

    # ------------------------------------------------------------------ reading

    @property
    def cadence_s(self) -> float:
        """The tick period in this state (before the battery stretch)."""
        return CADENCE_S[self.state]

    @property
    def token_pressure(self) -> float:
        """Tokens spent today over the daily cap."""
        spent = self.turns.spent_today(self.clock.now()).total
        return pressure(spent, float(self.dials[CONF_TOKEN_CAP]))

    def situation(self, now: datetime, *, for_prompt: bool, promises: bool = True) -> list[str]:
        """The present tense, as lines (without the promises, for a musing)."""
        return situation_lines(
            now,
            for_prompt=for_prompt,
            household=self.household,
            world=self.world,
            last_interaction=self.body.last_interaction,
            state=self.state,
            turn_in_flight=self.body.turn_in_flight,
            goals=[g for g in self.goals.open_goals() if promises or not g.promise],
            dials=self.dials,
        )

    def next_goal_at(self) -> datetime | None:
        """When a goal next needs the mind: a promise to give, or another goal's due time it
        has not heard of yet."""
        return next_goal_time(
            self.goals.open_goals(), self.clock.now(), self.dials.quiet_hours, self.signalled_due
        )

    def prune(self, utc_now: datetime) -> None:
        """Forget bookkeeping about goals that are settled or gone, and waits that are over."""
        forget(utc_now, self.goals.open_goals(), self.signalled_due, self.considered, self.world)

    # ------------------------------------------------------------------ persistence

    def to_dict(self) -> dict[str, Any]:
        """The engine cursor: a restarted mind resumes, it does not wake amnesiac."""
        return cursor(self)

    def restore(self, data: Any, beliefs: list[Belief]) -> None:
        """Back from the checkpoint and the belief log (damage gives a fresh start)."""
        restore_cursor(self, data, beliefs)

    # ------------------------------------------------------------------ arrivals

    def post(self, kind: SignalKind, data: dict[str, Any] | None = None) -> Signal:
        """A fact arrived: into the inbox and signals.jsonl, and the mind wakes early."""
        self.seq += 1
        signal = Signal(kind, self.clock.utcnow(), dict(data or {}), self.seq)
        self.inbox.append(signal)
        self.journal.signal(signal.to_dict())
        self._dirty = True
        if kind is SignalKind.OWNER_MESSAGE and (drift := preempt(self.state)) is not None:
            self._move(drift, signal.at)  # at once, not at the next tick
        self.wake()
        return signal

    def wake(self) -> None:
        """Tick as soon as the event loop is free, unless a tick is due within the engaged cadence
        anyway (so a chatty owner never makes the mind tick faster than its state's cadence)."""
        self.heart.wake(CADENCE_S[Activity.ENGAGED])

    def believe(self, subject: str, value: str, at: datetime, source: str) -> None:
        """Fold an observation into the world model (and the belief log)."""
        belief, met = self.world.observe(subject, value, at, source=source)
        if belief is not None:
            self.journal.belief(belief.to_dict())
        for expectation in met:
            self.journal.entry(self.clock.now(), "journal.as_expected", about=expectation.about)

    # ------------------------------------------------------------------ the tick

    def tick(self, _fired: datetime) -> None:
        """One heartbeat: SENSE, APPRAISE, DECIDE, ACT, REFLECT, REGULATE."""
        now, utc_now = self.clock.now(), self.clock.utcnow()
        self.ticks += 1
        sensed = self._sense(now, utc_now)
        pressure, dream_work = self.token_pressure, self.dreamer.work()  # once per tick
        impulses = self._impulses(now, utc_now, pressure, dream_work)
        candidates = appraise(self.agenda, self.goals.items, impulses, utc_now, self.considered)
        choice, runners_up = decide(candidates, float(self.dials[CONF_ACT_THRESHOLD]))
        record = TickRecord(
            tick=self.ticks,
            at=utc_now,
            state=self.state.value,
            sensed=sensed,
            scores=[c.to_dict() for c in candidates[:6]],
            choice=choice.to_dict() if choice else None,
            runners_up=[c.to_dict() for c in runners_up],
        )
        record.kept = self.keeper.keep(now)  # promises come due: kept, whatever else is chosen
        if choice is not None:
            record.done, record.interrupt = self.acts.act(choice, now)
        self._reflect(now)
        self._regulate(now, utc_now, record, pressure, dream_work)
        self.last_tick_at = utc_now
        self.planned_gap = timedelta(seconds=self.cadence_s * self.body.stretch)
        resting = choice is None and not sensed and record.drift is None and not record.kept
        self.journal.trace(record.to_dict(), resting=resting)
        self.last_record = record
        if not resting:
            self._dirty = True
        intention = (choice.about if choice else None) or record.drift or ", ".join(sensed)
        self.scribe.flush(None if resting else f"tick {self.ticks}: {intention}")
        if self._dirty:
            self.changed(save=False)  # the mind's own cursor: bookkeeping
            self._dirty = False

    def _changed(self) -> None:
        self._dirty = True
        self.changed()

    def _sense(self, now: datetime, utc_now: datetime) -> list[str]:
        if self._last_scan is None or utc_now - self._last_scan >= VAULT_SCAN_EVERY:
            self._last_scan = utc_now
            self.watch_vault()
        for kind, data in news(
            now,
            utc_now,
            last_tick_at=self.last_tick_at,
            planned_gap=self.planned_gap,
            goals=self.goals.open_goals(),
            signalled_due=self.signalled_due,
            considered=self.considered,
            world=self.world,
            words=self.journal.words,
            language=self.journal.language(),
        ):
            self.post(kind, data)
        sensed = []
        inbox, self.inbox = self.inbox, []
        for signal in inbox:
            sensed.append(signal.kind.value)
            fold(signal, self.believe, self.considered)
            if signal.kind is SignalKind.OWNER_MESSAGE and (drift := preempt(self.state)):
                self._move(drift, utc_now)
            if signal.kind is SignalKind.TURN_COMMITTED:
                self.committed.append(signal)
            elif signal.kind is not SignalKind.GOAL_DUE:
                self.agenda.append(signal)
        del self.agenda[:-MAX_AGENDA]
        return sensed

    def _impulses(
        self, now: datetime, utc_now: datetime, pressure: float, dream_work: bool
    ) -> Impulses:
        reacher = self.reacher
        quiet = reacher.owner_quiet(utc_now)
        may_start = self.body.initiative
        return Impulses(
            muse=may_start and quiet >= reacher.idle_needed() and not reacher.hello_said(utc_now),
            flush=(
                may_start
                and self.turns.unflushed
                and quiet >= timedelta(seconds=d.FLUSH_AFTER_S)
                and pressure < 1.0
            ),
            dream=may_start and self.state is Activity.DREAM and dream_work,
            token_pressure=pressure,
            extra=tuple(self.needs.impulses(now, pressure)),
        )

    # ------------------------------------------------------------------ REFLECT

    def _reflect(self, now: datetime) -> None:
        committed, self.committed = self.committed, []
        self.reflection.reflect(committed, now, self.world)

    # ------------------------------------------------------------------ REGULATE

    def _regulate(
        self, now: datetime, utc_now: datetime, record: TickRecord, pressure: float, work: bool
    ) -> None:
        drift = regulate(
            self.state,
            now,
            self.body.last_interaction,
            token_pressure=pressure,
            dream_work=work,
            woke_at=self.body.started_at,
            home_empty=self.household.state is Presence.AWAY,
            dream_idle_h=float(self.dials[CONF_DREAM_IDLE_H]),
        )
        if drift is not None:
            record.drift = f"{self.state.value} -> {drift.state.value}: {drift.reason}"
            self._move(drift, utc_now)
        self.refresh_situation()

    def _move(self, drift: Drift, utc_now: datetime) -> None:
        previous = self.state
        self.state = drift.state
        self.state_since = utc_now
        self.heart.set_cadence(self.cadence_s)
        self._dirty = True
        if Activity.DREAM in (drift.state, previous):
            key = "journal.dream_began" if drift.state is Activity.DREAM else "journal.dream_ended"
            self.journal.entry(self.clock.now(), key, reason=drift.reason)

    # ------------------------------------------------------------------ files

    async def async_flush_all(self) -> None:
        """On stop: journal the exchanges the mind has not reflected on yet (and file what they
        promised), then write everything, including a run of resting ticks."""
        pending = [s for s in self.inbox if s.kind is SignalKind.TURN_COMMITTED]
        if self.committed or pending:
            self.committed += pending
            self.inbox = [s for s in self.inbox if s.kind is not SignalKind.TURN_COMMITTED]
            serial = self.goals.serial
            self._reflect(self.clock.now())
            if self.goals.serial != serial:  # a reminder or promise was filed
                await self.goals.async_save()
        await self.scribe.async_flush_rest()

    @property
    def folded_until(self) -> str | None:
        """Every journal day up to this one is folded."""
        return self.dreamer.folded_until
