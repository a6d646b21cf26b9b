"""The Pet runtime: builds one pet's parts, wires their narrow doors, and lives them.

It owns the personality and is the only caller of `apply_patch`; it hands each part what it
uses (the one clock, the live dials, the journal, the goal book, the one admission, the one door
out, a turn runner, the needs) and nothing more. It arms one timer (the heart), checkpoints only
when something changed, applies the owner's dials live, and is what Home Assistant's surfaces
read.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Final

from homeassistant.config_entries import (
    SIGNAL_CONFIG_ENTRY_CHANGED,
    ConfigEntry,
    ConfigEntryChange,
)
from homeassistant.const import EVENT_HOMEASSISTANT_STOP
from homeassistant.core import CALLBACK_TYPE, Event, HomeAssistant, callback
from homeassistant.helpers.dispatcher import async_dispatcher_connect
from homeassistant.helpers.event import async_call_later
from homeassistant.util import dt as dt_util
from homeassistant.util import slugify

from ..body.door import ReachDoor
from ..body.face import FaceKeeper
from ..body.health import Health
from ..body.messenger import Messenger
from ..body.power import Battery
from ..body.presence import Household
from ..body.voice import Voice
from ..brain import Brain
from ..const import (
    CONF_BATTERY_ENTITY,
    CONF_CHARGING_ENTITY,
    CONF_COOLDOWN_MIN,
    CONF_DAILY_TURNS,
    CONF_LOW_BATTERY,
    CONF_NAME,
    CONF_NOTIFY_TARGETS,
    CONF_PANEL_HEIGHT,
    CONF_PANEL_PALETTE,
    CONF_PANEL_WIDTH,
    CONF_PRESENCE,
    CONF_SHELF_VECTORS,
    DEFAULT_NAME,
    DEFAULT_OPTIONS,
    DOMAIN,
)
from ..core import defaults as d
from ..core.budget import BudgetGate, turns_used_today
from ..core.faces import Face
from ..core.power import STRETCH, BackoffLevel, PowerState
from ..core.reactions import compute_nudge_patch, parse_nudge_kind
from ..core.reflexes import compute_reflex_patch
from ..core.scheduler import At, CostTier, Interval, Job, Outcome
from ..core.signals import SignalKind
from ..core.state import PersonalityState
from ..issues import key_rejected
from ..mind.loop import Mind
from ..needs.motivation import Motivation
from ..ports import Dials
from ..turns.turns import Senses, Turns
from ..vault.faces import face_table_stamp, read_face_table
from ..vault.files import Vault
from ..vault.goals import GoalBook
from ..vault.history import VaultHistory
from ..vault.journal import Records
from ..vault.proposals import SoulKeeper
from ..vault.recall import Recall
from ..vault.shelf import Shelf
from .admission import Gatekeeper
from .arbiter import Arbiter
from .checkpoint import PetStore
from .continuity import Continuity
from .heart import Heart
from .lifecycle import async_wake
from .views import NeedsWindow
from .watcher import VaultWatch

_LOGGER = logging.getLogger(__name__)

SAVE_SOON_S: Final = 2.0


class Clock:
    """The one clock: Home Assistant's, in the owner's time zone."""

    def now(self) -> datetime:
        """Local, aware."""
        return dt_util.now()

    def utcnow(self) -> datetime:
        """UTC, aware."""
        return dt_util.utcnow()


@dataclass
class NudgeResult:
    """What a nudge did."""

    applied: bool
    reason: str


class Pet:
    """One pet: its state and its parts, driven by Home Assistant."""

    def __init__(
        self,
        hass: HomeAssistant,
        entry: ConfigEntry,
        *,
        brain: Brain,
        store: PetStore | None = None,
        clock: Clock | None = None,
    ) -> None:
        self.hass = hass
        self.entry = entry
        self.clock = clock or Clock()
        self.name: str = entry.data.get(CONF_NAME, DEFAULT_NAME)
        self.dials = Dials({**DEFAULT_OPTIONS, **entry.options})
        self.store = store or PetStore(hass, entry.entry_id)
        self.vault = Vault(Path(hass.config.path(DOMAIN, slugify(self.name) or "pet")))
        self.state = PersonalityState()
        self.gate = self._budget_gate()
        self.initiative = True
        self.has_checkpoint = False  # one was read at start, or written since
        self._must_save = False
        self._last_save_failed = False
        self._listeners: list[CALLBACK_TYPE] = []
        self._unsubs: list[CALLBACK_TYPE] = []
        self._save_timer: CALLBACK_TYPE | None = None
        self._nudged_at: dict[str, datetime] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._stop_unsub: CALLBACK_TYPE | None = None
        entry_id = entry.entry_id
        executor = hass.async_add_executor_job

        # Its files.
        self.journal = Records(self.vault, self.name)
        self.history = VaultHistory(self.vault, on_trouble=self._on_history_trouble)
        self.goals = GoalBook(
            hass, self.vault, self.name, self.clock, self.spawn, on_change=self.goals_changed
        )
        self.shelf = Shelf(self.vault, vectors=bool(self.dials[CONF_SHELF_VECTORS]))
        self.recall = Recall(self.vault, self.name)
        self.journal.on_line = self.recall.add_line
        self.soul = SoulKeeper(
            hass,
            name=self.name,
            entry_id=entry_id,
            vault=self.vault,
            history=self.history,
            clock=self.clock,
            post=lambda kind, data=None: self.mind.post(kind, data),
            changed=self.mark_changed,
            files_changed=lambda rel: self.watch.changed(rel),
        )
        self.watch = VaultWatch(self)

        # Its body.
        self.arbiter = Arbiter(self._on_slot_change)
        self.battery = Battery(hass, self.dials, self._on_power_change)
        self.face = FaceKeeper(
            hass,
            entry_id=entry_id,
            read_table=lambda: read_face_table(self.vault),
            table_stamp=lambda: face_table_stamp(self.vault),
            clock=self.clock,
            dials=self.dials,
            spawn=self.spawn,
            on_change=self._notify,
        )
        self.household = Household(
            hass,
            dials=self.dials,
            clock=self.clock,
            post=lambda kind, data=None: self.mind.post(kind, data),
            seen=lambda entity, state, at: self.mind.seen(entity, state, at),
        )
        self.messenger = Messenger(
            hass, self.name, list(self.dials[CONF_NOTIFY_TARGETS]), on_change=self.mark_changed
        )
        self.door = ReachDoor(
            hass,
            name=self.name,
            entry_id=entry_id,
            clock=self.clock,
            dials=self.dials,
            journal=self.journal,
            voice=Voice(hass, self.name, self.dials),
            messenger=self.messenger,
            household=self.household,
        )
        self.health = Health(
            hass,
            name=self.name,
            entry_id=entry_id,
            dials=self.dials,
            vault_root=self.vault.root,
            save_failed=lambda: self._must_save and self._last_save_failed,
            history_trouble=lambda: self.history.trouble,
            brain_failure=lambda: self.turns.failure,
        )

        # The one timer, and the one way in for a turn the pet starts itself.
        self.heart = Heart(
            hass,
            clock=self.clock,
            last_interaction=lambda: self.state.last_interaction_at,
            level=lambda: self.level,
            initiative=lambda: self.initiative,
            after_run=self._after_run,
        )
        self.admission = Gatekeeper(
            arbiter=self.arbiter,
            gate=lambda: self.gate,
            state=lambda: self.state,
            level=lambda: self.level,
            initiative=lambda: self.initiative,
            apply=self.apply,
        )

        # Its parts.
        self.turns = Turns(
            name=self.name,
            entry_id=entry_id,
            clock=self.clock,
            brain=brain,
            body=self,
            goals=self.goals,
            journal=self.journal,
            vault=self.vault,
            recall=self.recall,
            shelf=lambda: self.shelf,
            soul=self.soul,
            slot=self.arbiter,
            senses=Senses(
                post=lambda kind, data=None: self.mind.post(kind, data),
                situation=lambda now: self.mind.situation(now, for_prompt=True),
                unsaid=lambda: self.mind.reacher.take_held(),
                witnessed=lambda need, evidence: self.motivation.witnessed(need, evidence),
                interacted=self.record_interaction,
                save_soon=self.save_soon,
                spoke=self._spoke,
                key_rejected=self._key_rejected,
                fire=hass.bus.async_fire,
            ),
            executor=executor,
            changed=self.mark_changed,
            home=hass.config.location_name or "home",
        )
        # The needs roll their dice from the pet's own name: repeatable, and different per pet.
        self.motivation = Motivation(
            clock=self.clock,
            dials=self.dials,
            body=self,
            view=NeedsWindow(self),
            goals=self.goals,
            journal=self.journal,
            vault=self.vault,
            spawn=self.spawn,
            changed=self.mark_changed,
            seed=entry.unique_id or entry.entry_id,
        )
        self.mind = Mind(
            name=self.name,
            clock=self.clock,
            dials=self.dials,
            body=self,
            heart=self.heart,
            journal=self.journal,
            goals=self.goals,
            turns=self.turns,
            admission=self.admission,
            door=self.door,
            needs=self.motivation,
            household=self.household,
            shelf=lambda: self.shelf,
            history=self.history,
            executor=executor,
            spawn=self.spawn,
            changed=self.mark_changed,
            journal_days=lambda: self.watch.journal_days,
            watch_vault=self.watch.look,
            refresh_situation=lambda: self.continuity.refresh(),
        )
        self.continuity = Continuity(self)

    # ------------------------------------------------------------------ the body, read

    @property
    def options(self) -> Dials:
        """The owner's dials, live."""
        return self.dials

    @property
    def level(self) -> BackoffLevel:
        """The battery's backoff level."""
        return self.battery.level

    @property
    def power(self) -> PowerState:
        """The battery reading."""
        return self.battery.power

    @property
    def mood_face(self) -> Face:
        """The face the mood selects."""
        return self.face.mood_face

    @property
    def faces(self) -> tuple[Face, ...]:
        """The owner's face table."""
        return self.face.faces

    @property
    def display(self) -> str:
        """What the panel shows."""
        return self.face.display

    @property
    def face_png(self) -> bytes | None:
        """The picture on the panel."""
        return self.face.png

    @property
    def face_updated(self) -> datetime | None:
        """When the picture last changed."""
        return self.face.updated

    @property
    def stretch(self) -> float:
        """The battery's cadence stretch now."""
        return STRETCH[self.level]

    @property
    def started(self) -> bool:
        """The pet is set up and living."""
        return self.heart.started

    @property
    def started_at(self) -> datetime:
        """When the pet woke."""
        return self.heart.started_at

    @property
    def scheduler(self) -> Any:
        """The heart's scheduler (diagnostics, benchmarks)."""
        return self.heart.scheduler

    @property
    def armed_at(self) -> datetime | None:
        """When the one timer fires next."""
        return self.heart.armed_at

    @property
    def last_outcomes(self) -> list[Outcome]:
        """What the last wake did."""
        return self.heart.last_outcomes

    @property
    def next_wake(self) -> datetime | None:
        """When the timer fires next."""
        return self.heart.next_wake

    @property
    def journal_days(self) -> set[str]:
        """Finished journal days worth dreaming on."""
        return self.watch.journal_days

    @property
    def turn_in_flight(self) -> bool:
        """A turn holds the slot."""
        return self.arbiter.busy

    @property
    def daily_turns(self) -> int:
        """The daily budget of self-started turns."""
        return self.gate.daily_turns

    @property
    def turns_today(self) -> int:
        """Self-initiated turns spent today."""
        return turns_used_today(self.state.budget, self.clock.now())

    @property
    def turns_left_today(self) -> int:
        """Self-initiated turns still affordable today."""
        return self.gate.turns_left(self.state.budget, self.clock.now())

    @property
    def last_interaction(self) -> datetime | None:
        """When the owner last spoke."""
        return self.state.last_interaction_at

    def health_problems(self) -> list[str]:
        """What the pet finds wrong with its own body (a repair issue says so)."""
        return self.health.problems()

    # ------------------------------------------------------------------ lifecycle

    async def async_start(self) -> None:
        """Restore, wire up the body and the jobs, show the face, arm the timer."""
        await async_wake(self)

    async def async_stop(self) -> None:
        """Cancel timers and listeners, and checkpoint what changed."""
        self.heart.stop()
        self.face.stop()
        if self._save_timer:
            self._save_timer()
            self._save_timer = None
        while self._unsubs:
            self._unsubs.pop()()
        self.battery.stop()
        self.household.stop()
        for task in list(self._tasks):
            task.cancel()
        await self.mind.async_flush_all()
        await self.async_checkpoint(force=True)  # where the mind stood: no false "I slept"

    async def _on_hass_stop(self, _event: Event) -> None:
        if self._stop_unsub in self._unsubs:  # a one-time listener is gone once it has run
            self._unsubs.remove(self._stop_unsub)
        await self.mind.async_flush_all()
        await self.async_checkpoint(force=True)

    def _register_jobs(self) -> None:
        add = self.heart.add
        add(Job("reflex", Interval(d.REFLEX_PERIOD_S), CostTier.REFLEX, run=self._job_reflex))
        add(Job("checkpoint", Interval(d.CHECKPOINT_PERIOD_S), CostTier.REFLEX, run=self._job_save))
        add(Job("prune", Interval(d.PRUNE_PERIOD_S), CostTier.REFLEX, run=self._job_prune))
        add(Job("mind", Interval(self.mind.cadence_s), CostTier.REFLEX, run=self.mind.tick))
        add(Job("goal_timer", At(None), CostTier.REFLEX, run=lambda _now: self.mind.wake()))
        self.goals_changed()

    def _job_reflex(self, _now: datetime) -> None:
        self.apply(compute_reflex_patch(self.state, self.clock.now()), drift=True)

    def _job_save(self, _now: datetime) -> None:
        if self._must_save:
            self.spawn(self.async_checkpoint())

    def _job_prune(self, now: datetime) -> None:
        horizon = now - timedelta(seconds=d.NUDGE_COOLDOWN_S)
        self._nudged_at = {k: v for k, v in self._nudged_at.items() if v > horizon}
        self.messenger.prune(self.clock.utcnow())
        self.goals.prune(self.clock.utcnow())
        self.mind.prune(self.clock.utcnow())

    def _after_run(self, outcomes: list[Outcome]) -> None:
        if any(self.heart.scheduler.jobs[o.job].persist for o in outcomes):
            self._must_save = True
        self._notify()

    def goals_changed(self) -> None:
        """Arm the goal timer at the next open goal's due time."""
        job = self.heart.scheduler.jobs.get("goal_timer")
        if job is None:
            return
        upcoming = [
            g.due
            for g in self.goals.open_goals()
            if g.due is not None and g.id not in self.mind.signalled_due
        ]
        job.cadence = At(min(upcoming) if upcoming else None)
        self.heart.arm()

    def tick(self) -> list[Outcome]:
        """Run whatever is due now (tests and benchmarks)."""
        return self.heart.tick()

    # ------------------------------------------------------------------ state

    def apply(self, patch: dict[str, Any], *, drift: bool = False) -> None:
        """The one door to the personality: apply a patch, then let the face and sensors follow.

        Reflex drift (`drift=True`) is recomputed from the clock after any restart, so on its own
        it never causes a disk write: it rides along with the next real change, or the final
        checkpoint when Home Assistant stops.
        """
        if not patch:
            return
        self.state.apply_patch(patch)
        if not drift:
            self._must_save = True
        self.face.follow(self.state, self.level)
        self._notify()

    def record_interaction(self) -> None:
        """The owner spoke: stamp the idle clock (re-arming Idle jobs) and re-plan the timer."""
        self.apply({"last_interaction": self.clock.utcnow().isoformat()})
        self.heart.arm()

    async def async_nudge(self, kind: str) -> NudgeResult:
        """Move the mood by a nudge; ValueError for an unknown kind. Floods are debounced."""
        nudge = parse_nudge_kind(kind)
        now = self.clock.now()
        last = self._nudged_at.get(nudge.value)
        if last is not None and (now - last).total_seconds() < d.NUDGE_COOLDOWN_S:
            return NudgeResult(False, "cooldown")
        patch = compute_nudge_patch(self.state, nudge)
        self._nudged_at[nudge.value] = now
        if patch is None:
            return NudgeResult(False, "at the bound")
        self.apply(patch)
        return NudgeResult(True, "applied")

    async def async_set_initiative(self, on: bool) -> None:
        """The initiative switch (off: the pet never starts a turn on its own)."""
        if self.initiative == on:
            return
        self.initiative = on
        self._must_save = True
        self._notify()
        await self.async_checkpoint()
        self.heart.arm()

    def _on_power_change(
        self, power: PowerState, level: BackoffLevel, before: PowerState, level_before: BackoffLevel
    ) -> None:
        if level is not level_before or power.on_battery != before.on_battery:
            plugged = "unplugged" if power.on_battery else "plugged in"
            self.mind.post(
                SignalKind.POWER,
                {
                    "level": level.value,
                    "on_battery": power.on_battery,
                    "about": f"{plugged}, {level.value}",
                },
            )
        self.face.follow(self.state, self.level)
        self._notify()
        self.heart.arm()

    def _on_slot_change(self, busy: bool) -> None:
        self.face.slot_changed(busy)
        self._notify()

    async def async_notification_reply(self, text: str, target: str) -> None:
        """The owner typed into a notification: an owner message, answered the same way (a
        reply, not a reach-out: it goes back where the message came from)."""
        outcome = await self.turns.async_owner_turn(text, room="notification", sender="owner")
        if outcome.say:
            await self.messenger.async_deliver(outcome.say, self.clock.utcnow(), [target])

    def _spoke(self) -> None:
        self.face.linger_reply = True

    def _key_rejected(self) -> None:
        key_rejected(self.hass, self.entry.entry_id, self.name)
        self.entry.async_start_reauth(self.hass)

    # ------------------------------------------------------------------ the dials

    @callback
    def _on_entry_changed(self, change: ConfigEntryChange, entry: ConfigEntry) -> None:
        """The owner saved an options page: the dials apply at once, with no reload."""
        if change is ConfigEntryChange.UPDATED and entry.entry_id == self.entry.entry_id:
            self.apply_options(entry.options)

    def _budget_gate(self) -> BudgetGate:
        return BudgetGate(
            daily_turns=int(self.dials[CONF_DAILY_TURNS]),
            cooldown_s=float(self.dials[CONF_COOLDOWN_MIN]) * 60,
        )

    def apply_options(self, options: Mapping[str, Any]) -> set[str]:
        """Take new dials live: entities, their history and the pet's state stay as they are.
        Returns the dials that changed."""
        changed = self.dials.replace({**DEFAULT_OPTIONS, **options})
        if not changed:
            return changed
        if changed & {CONF_DAILY_TURNS, CONF_COOLDOWN_MIN}:
            self.gate = self._budget_gate()
        if CONF_NOTIFY_TARGETS in changed:
            self.messenger.targets = list(self.dials[CONF_NOTIFY_TARGETS])
        if changed & {CONF_BATTERY_ENTITY, CONF_CHARGING_ENTITY}:
            self.battery.watch()
        if changed & {CONF_BATTERY_ENTITY, CONF_CHARGING_ENTITY, CONF_LOW_BATTERY}:
            self.battery.read()
            self.face.follow(self.state, self.level)
        if CONF_PRESENCE in changed:
            self.household.watch()
        if CONF_SHELF_VECTORS in changed:
            self.spawn(self._async_reindex_shelf(bool(self.dials[CONF_SHELF_VECTORS])))
        if changed & {CONF_PANEL_WIDTH, CONF_PANEL_HEIGHT, CONF_PANEL_PALETTE}:
            self.face.clear_cache()
        self._must_save = True
        self._notify()
        self.heart.arm()
        return changed

    async def _async_reindex_shelf(self, vectors: bool) -> None:
        shelf = Shelf(self.vault, vectors=vectors)
        await self.hass.async_add_executor_job(shelf.load)
        self.shelf = shelf  # swapped in whole: a scan meanwhile still saw the old shelf

    # ------------------------------------------------------------------ checkpoint

    def snapshot(self) -> dict[str, Any]:
        """Everything the checkpoint keeps."""
        return {
            "personality": self.state.to_dict(),
            "jobs": self.heart.scheduler.snapshot(),
            "initiative": self.initiative,
            "turns": self.turns.to_dict(),
            "replies": self.messenger.to_dict(),
            "mind": self.mind.to_dict(),
            "door": self.door.to_dict(),
            "presence": self.household.to_dict(),
            "proposals": self.soul.to_list(),
            "needs": self.motivation.to_dict(),
        }

    def save_soon(self) -> None:
        """What the owner said and the answer reach the checkpoint within seconds."""
        self._must_save = True
        if self._save_timer is None and self.started:
            self._save_timer = async_call_later(self.hass, SAVE_SOON_S, self._on_save_soon)

    @callback
    def _on_save_soon(self, _now: datetime) -> None:
        self._save_timer = None
        self.spawn(self.async_checkpoint())

    def _on_history_trouble(self, trouble: str | None) -> None:
        """From the executor: the vault's history cannot record (or can again)."""
        self.hass.loop.call_soon_threadsafe(self.continuity.history_issue, trouble)

    def mark_changed(self, *, save: bool = True) -> None:
        """Something beyond the personality changed: show it, and save it on the checkpoint
        cadence. Bookkeeping (`save=False`) never causes a write of its own."""
        if save:
            self._must_save = True
        self._notify()

    async def async_checkpoint(self, *, force: bool = False) -> bool:
        """Save when (and only when) something changed, or when stopping; True when written."""
        if not (force or self.state.dirty or self._must_save):
            return False
        self.state.mark_clean()
        self._must_save = False
        try:
            await self.store.async_save(self.snapshot())
            self._last_save_failed = False
            self.has_checkpoint = True
        except Exception:
            self._must_save = True  # try again on the next checkpoint
            self._last_save_failed = True
            _LOGGER.exception("Could not write the checkpoint for %s", self.name)
            return False
        return True

    # ------------------------------------------------------------------ plumbing

    @callback
    def async_add_listener(self, update: CALLBACK_TYPE) -> CALLBACK_TYPE:
        """Call `update` whenever something an entity shows may have changed."""
        self._listeners.append(update)

        @callback
        def remove() -> None:
            self._listeners.remove(update)

        return remove

    def _notify(self) -> None:
        for update in list(self._listeners):
            update()

    def spawn(self, work: Awaitable[Any]) -> None:
        """Run a coroutine or wait on a future (an executor job) as a tracked task."""

        async def waiting() -> Any:
            return await work

        coro = work if asyncio.iscoroutine(work) else waiting()
        task = self.entry.async_create_task(self.hass, coro, f"{DOMAIN} {self.name}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def listen(self, unsub: Callable[[], None]) -> None:
        """An unsubscribe to call when the pet stops."""
        self._unsubs.append(unsub)

    def listen_for_changes(self) -> None:
        """Follow the entry (dials) and Home Assistant's stop."""
        self.listen(
            async_dispatcher_connect(self.hass, SIGNAL_CONFIG_ENTRY_CHANGED, self._on_entry_changed)
        )
        self._stop_unsub = self.hass.bus.async_listen_once(
            EVENT_HOMEASSISTANT_STOP, self._on_hass_stop
        )
        self.listen(self._stop_unsub)
