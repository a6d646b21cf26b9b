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
from typing import TYPE_CHECKING, Any, Final

from homeassistant.config_entries import (
    SIGNAL_CONFIG_ENTRY_CHANGED,
    ConfigEntry,
    ConfigEntryChange,
)
from homeassistant.const import EVENT_HOMEASSISTANT_STOP
from homeassistant.core import CALLBACK_TYPE, Event, HomeAssistant, callback
from homeassistant.helpers.dispatcher import async_dispatcher_connect
from homeassistant.util import dt as dt_util
from homeassistant.util import slugify

from ..brain import Brain
from ..const import (
    CONF_NAME,
    DEFAULT_NAME,
    DEFAULT_OPTIONS,
    DOMAIN,
)
from ..core import defaults as d
from ..core.power import BackoffLevel, PowerState
from ..core.reactions import compute_nudge_patch, parse_nudge_kind
from ..core.reflexes import compute_reflex_patch
from ..core.scheduler import At, CostTier, Interval, Job, Outcome
from ..core.signals import Signal, SignalKind
from ..core.state import PersonalityState
from ..issues import key_rejected
from ..ports import Dials
from ..vault.files import Vault, VaultError, new_scrubber, reason
from .checkpoint import PetStore
from .dials import apply_options, budget_gate
from .heart import DORMANT_REFLEX_S, REFLEX_JOB
from .lifecycle import async_wake
from .readings import Readings
from .saving import Saving
from .wiring import wire

if TYPE_CHECKING:
    from . import ShelldonConfigEntry

_LOGGER = logging.getLogger(__name__)
# At most a dormant period's steps at once: after a downtime the drift starts anew, as ever.
MAX_REFLEX_STEPS: Final = DORMANT_REFLEX_S // d.REFLEX_PERIOD_S


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


class Pet(Readings):
    """One pet: its state and its parts, driven by Home Assistant (what the entities read of it
    is in `Readings`)."""

    def __init__(
        self,
        hass: HomeAssistant,
        entry: ShelldonConfigEntry,
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
        self.scrubber = new_scrubber()  # one for everything the pet writes and publishes
        self.store = store or PetStore(hass, entry.entry_id, self.scrubber)
        self.store.scrubber = self.scrubber
        self.vault = Vault(
            Path(hass.config.path(DOMAIN, slugify(self.name) or "pet")), self.scrubber
        )
        self.state = PersonalityState()
        self.gate = budget_gate(self.dials)
        self.initiative = True
        self._listeners: list[CALLBACK_TYPE] = []
        self._unsubs: list[CALLBACK_TYPE] = []
        self._nudged_at: dict[str, datetime] = {}
        self._reflexed_at: datetime | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._stop_unsub: CALLBACK_TYPE | None = None

        self.saving = Saving(
            hass,
            self.store,
            name=self.name,
            state=self.state,
            snapshot=self.snapshot,
            spawn=self.spawn,
            started=lambda: self.started,
            utcnow=self.clock.utcnow,
            on_trouble=lambda why: self.health.storage("checkpoint", why),
        )
        wire(self, brain)

    # ------------------------------------------------------------------ lifecycle

    async def async_start(self) -> None:
        """Restore, wire up the body and the jobs, show the face, arm the timer."""
        await async_wake(self)

    async def async_stop(self) -> None:
        """Cancel timers and listeners, and checkpoint what changed."""
        self.heart.stop()
        self.face.stop()
        self.saving.stop()
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
        add(Job(REFLEX_JOB, Interval(d.REFLEX_PERIOD_S), CostTier.REFLEX, run=self._job_reflex))
        add(Job("checkpoint", Interval(d.CHECKPOINT_PERIOD_S), CostTier.REFLEX, run=self._job_save))
        add(Job("prune", Interval(d.PRUNE_PERIOD_S), CostTier.REFLEX, run=self._job_prune))
        add(Job("mind", Interval(self.mind.cadence_s), CostTier.REFLEX, run=self.mind.tick))
        add(Job("goal_timer", At(None), CostTier.REFLEX, run=lambda _now: self.mind.wake()))
        self.goals_changed()

    def _job_reflex(self, _now: datetime) -> None:
        now = self.clock.now()
        steps = 1  # one step per reflex minute that passed (five at once when dormant)
        if self._reflexed_at is not None:
            minutes = (now - self._reflexed_at).total_seconds() / d.REFLEX_PERIOD_S
            steps = max(1, min(MAX_REFLEX_STEPS, round(minutes)))
        self._reflexed_at = now
        self.apply(compute_reflex_patch(self.state, now, steps), drift=True)

    def _job_save(self, _now: datetime) -> None:
        self.saving.due()

    def _job_prune(self, now: datetime) -> None:
        horizon = now - timedelta(seconds=d.NUDGE_COOLDOWN_S)
        self._nudged_at = {k: v for k, v in self._nudged_at.items() if v > horizon}
        self.messenger.prune(self.clock.utcnow())
        self.goals.prune(self.clock.utcnow())
        self.mind.prune(self.clock.utcnow())

    def _after_run(self, outcomes: list[Outcome]) -> None:
        if any(self.heart.scheduler.jobs[o.job].persist for o in outcomes):
            self.saving.must = True
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
            self.saving.must = True
        self.face.follow(self.state, self.level)
        self._notify()

    def post(self, kind: SignalKind, data: dict[str, Any] | None = None) -> Signal:
        """A fact for the mind (the parts built before the mind are handed this)."""
        return self.mind.post(kind, data)

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
        self.saving.must = True
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

    def apply_options(self, options: Mapping[str, Any]) -> set[str]:
        """Take new dials live (entities and their history untouched); the dials that changed."""
        return apply_options(self, options)

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
            "proposals": self.soul.to_dict(),
            "needs": self.motivation.to_dict(),
            "taint": self.scrubber.to_dict(),
        }

    @property
    def has_checkpoint(self) -> bool:
        """A checkpoint was read at start, or written since."""
        return self.saving.has_checkpoint

    @has_checkpoint.setter
    def has_checkpoint(self, value: bool) -> None:
        self.saving.has_checkpoint = value

    def save_soon(self) -> None:
        """What the owner said and the answer reach the checkpoint within seconds."""
        self.saving.soon()

    def _on_history_trouble(self, trouble: str | None) -> None:
        """From the executor: the vault's history cannot record (or can again)."""
        self.hass.loop.call_soon_threadsafe(self.continuity.history_issue, trouble)

    def mark_changed(self, *, save: bool = True) -> None:
        """Something beyond the personality changed: show it, and save it on the checkpoint
        cadence. Bookkeeping (`save=False`) never causes a write of its own."""
        if save:
            self.saving.must = True
        self._notify()

    async def async_checkpoint(self, *, force: bool = False) -> bool:
        """Save when (and only when) something changed, or when stopping; True when written."""
        return await self.saving.async_write(force=force)

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
        """Run a coroutine or wait on a future (an executor job) as a tracked task. None is
        left unguarded: a file the disk refuses becomes a repair issue, anything else one log
        line, and the pet lives on."""

        async def guarded() -> Any:
            try:
                return await work
            except (OSError, VaultError) as err:
                self.health.storage("files", reason(err))
            except Exception:
                _LOGGER.exception("Something %s was doing in the background failed", self.name)
            return None

        task = self.entry.async_create_task(self.hass, guarded(), f"{DOMAIN} {self.name}")
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
