"""The Pet runtime: the driver that lives the core's policies on Home Assistant's clock.

It owns the personality and is the only caller of `apply_patch`. It arms one timer at the
scheduler's next due instant (never a fixed-rate poll) and re-arms it after every run, every
interaction and every power change. It checkpoints only when something changed, reads the
battery from the owner's PiSugar entities, and pushes a new face only when the face changes
and no turn owns the screen.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any

import yaml
from homeassistant.config_entries import (
    SIGNAL_CONFIG_ENTRY_CHANGED,
    ConfigEntry,
    ConfigEntryChange,
)
from homeassistant.const import EVENT_HOMEASSISTANT_STOP
from homeassistant.core import CALLBACK_TYPE, Event, HomeAssistant, callback
from homeassistant.helpers.dispatcher import async_dispatcher_connect
from homeassistant.helpers.event import (
    async_call_later,
    async_track_point_in_utc_time,
    async_track_state_change_event,
)
from homeassistant.util import dt as dt_util
from homeassistant.util import slugify

from ..body.messenger import Messenger
from ..body.portrait import render_face
from ..body.power import read_power
from ..brain import Brain
from ..const import (
    CONF_BATTERY_ENTITY,
    CONF_CHARGING_ENTITY,
    CONF_COOLDOWN_MIN,
    CONF_DAILY_TURNS,
    CONF_ESPHOME_ACTION,
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
    EVENT_MOOD_CHANGED,
)
from ..core import defaults as d
from ..core.appraisal import Candidate
from ..core.budget import BudgetGate, Decision, Verdict, turns_used_today
from ..core.dream import backlog, distill
from ..core.faces import (
    LIFECYCLE_LOOKS,
    STARTER_FACES,
    Face,
    FaceTableError,
    Look,
    face_table_to_data,
    parse_face_table,
    select_face,
)
from ..core.plain import flag, instants
from ..core.power import STRETCH, BackoffLevel, PowerState, backoff_level
from ..core.reactions import compute_nudge_patch, parse_nudge_kind
from ..core.reflexes import compute_reflex_patch
from ..core.scheduler import At, CostTier, Idle, Interval, Job, Outcome, Scheduler
from ..core.signals import SignalKind
from ..core.state import PersonalityState
from ..core.world import Belief, drift
from ..issues import create_issue, delete_issue
from ..mind.mind import SITUATION_FILE, Mind
from ..needs.motivation import NEEDS_FILE, Motivation
from ..turns.turns import Turns
from ..vault.files import Vault, VaultError
from ..vault.history import VaultHistory
from ..vault.journal import BELIEFS_FILE
from ..vault.proposals import SoulKeeper
from ..vault.recall import Recall
from ..vault.shelf import Shelf
from .arbiter import Arbiter
from .checkpoint import PetStore

_LOGGER = logging.getLogger(__name__)

FACES_FILE = "faces.yaml"
GOALS_FILE = "goals.md"
WATCHED_FILES = (
    FACES_FILE,
    GOALS_FILE,
    NEEDS_FILE,
    "soul/PERSONA.md",
    "soul/CONSTITUTION.md",
    "memory/facts.md",
)
SLOT_BUSY_RETRY = timedelta(seconds=60)
SAVE_SOON_S = 2.0
MIN_REARM = timedelta(seconds=1)

FACES_HEADER = """\
# shelldon's faces: the first face whose box holds the mood is shown; the last is the catch-all.
# when: valence/arousal [-1..1] and energy [0..1] ranges, power: [lively, eased, low].
# look parts: eyes (open wide happy closed half narrow sparkle up wink),
#   brows (none relaxed raised furrowed worried quirked),
#   mouth (smile grin flat frown open small_o wavy smirk),
#   extra (none zzz battery sparkles question dots sweat blush note).
# A file that does not fit this shape is ignored (with a warning) and the starter faces are used.
"""


class Clock:
    """The one clock: Home Assistant's, in the owner's time zone."""

    def now(self) -> datetime:
        """Local, aware."""
        return dt_util.now()

    def utcnow(self) -> datetime:
        """UTC, aware."""
        return dt_util.utcnow()


TurnHandler = Callable[[Job, datetime], Awaitable[None]]


@dataclass
class NudgeResult:
    """What a nudge did."""

    applied: bool
    reason: str


class Pet:
    """One pet: its state, its scheduler, its face, driven by Home Assistant."""

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
        self.options: dict[str, Any] = {**DEFAULT_OPTIONS, **entry.options}
        self.store = store or PetStore(hass, entry.entry_id)
        self.vault = Vault(Path(hass.config.path(DOMAIN, slugify(self.name) or "pet")))
        self.state = PersonalityState()
        self.gate = BudgetGate(
            daily_turns=int(self.options[CONF_DAILY_TURNS]),
            cooldown_s=float(self.options[CONF_COOLDOWN_MIN]) * 60,
        )
        self.faces: tuple[Face, ...] = STARTER_FACES
        self.power = PowerState(on_battery=False)
        self.level = BackoffLevel.LIVELY
        self.mood_face: Face = STARTER_FACES[-1]
        self.display: str = self.mood_face.name
        self.face_png: bytes | None = None
        self.face_updated: datetime | None = None
        self.initiative = True
        self.arbiter = Arbiter(self._on_slot_change)
        self.last_outcomes: list[Outcome] = []
        self.scheduler = Scheduler(started_at=self.clock.now(), dispatch=self._dispatch)
        self._turn_handlers: dict[str, TurnHandler] = {}
        self._listeners: list[CALLBACK_TYPE] = []
        self._unsubs: list[CALLBACK_TYPE] = []
        self._unsub_stop: CALLBACK_TYPE | None = None
        self._save_timer: CALLBACK_TYPE | None = None
        self._unsub_power: CALLBACK_TYPE | None = None
        self._panel_trouble: str | None = None
        self._timer: CALLBACK_TYPE | None = None
        self.armed_at: datetime | None = None  # when the one timer fires next
        self._must_save = False
        self._last_save_failed = False
        self.has_checkpoint = False  # one was read at start, or written since
        self._nudged_at: dict[str, datetime] = {}
        self._faces_stamp: tuple[float, int] | None = None
        self._png_cache: dict[str, bytes] = {}
        self._render_generation = 0
        self._tasks: set[asyncio.Task[Any]] = set()
        self._started = False
        self._turn_ready: dict[str, Callable[[], bool]] = {}
        self._reply_face: CALLBACK_TYPE | None = None
        self.linger_reply = False
        self.messenger = Messenger(
            hass, self.name, list(self.options[CONF_NOTIFY_TARGETS]), on_change=self.mark_changed
        )
        self.turns = Turns(hass, self, brain)
        self.mind = Mind(hass, self)
        self.history = VaultHistory(self.vault, on_trouble=self._on_history_trouble)
        self.shelf = Shelf(self.vault, vectors=bool(self.options[CONF_SHELF_VECTORS]))
        self.recall = Recall(self.vault, self.name)
        self.mind.records.on_line = self.recall.add_line
        self.soul = SoulKeeper(hass, self)
        # The needs roll their dice from the pet's own name: repeatable, and different per pet.
        self.motivation = Motivation(self, seed=entry.unique_id or entry.entry_id)
        self.journal_days: set[str] = set()
        self._stamps: dict[str, Any] = {}
        # journal day -> ((mtime, size), worth dreaming on?): a day is read again only if it changed
        self._day_verdicts: dict[str, tuple[tuple[float, int], bool]] = {}
        self._situation_written = ""

    # ------------------------------------------------------------------ lifecycle

    async def async_start(self) -> None:
        """Restore, wire up the body and the jobs, show the face, arm the timer."""
        data = await self.store.async_load_safe()
        self.has_checkpoint = bool(data)
        self.state = PersonalityState.from_dict(data.get("personality"))
        self.initiative = flag(data.get("initiative"), True)
        self.turns.restore(data.get("turns"))
        self.messenger.restore(data.get("replies"))
        beliefs = await self.hass.async_add_executor_job(self._read_beliefs)
        self.mind.restore(data.get("mind"), beliefs)
        await self._async_load_faces()
        await self.turns.async_load_files()
        await self.hass.async_add_executor_job(self._prepare_vault, self.clock.now().date())
        self.soul.restore(data.get("proposals"))
        self.motivation.restore(data.get("needs"))
        self._situation_written = await self.hass.async_add_executor_job(self._read_situation)
        self._register_jobs()
        self.scheduler.restore(instants(data.get("jobs")))
        self._read_power()
        self._watch_power()
        self._unsubs.append(
            async_dispatcher_connect(self.hass, SIGNAL_CONFIG_ENTRY_CHANGED, self._on_entry_changed)
        )
        self._unsub_stop = self.hass.bus.async_listen_once(
            EVENT_HOMEASSISTANT_STOP, self._on_hass_stop
        )
        self._unsubs.append(self._unsub_stop)
        self._unsubs.append(self.messenger.async_listen(self._async_on_notification_reply))
        self._unsubs.extend(self.mind.async_start())
        self._reconcile()
        self.mood_face = self._select_mood_face()
        self.display = self.mood_face.name
        await self._async_render_display()
        self._started = True
        self._arm()
        if not self.has_checkpoint:  # a crash in the first minutes must not lose the pet
            await self.async_checkpoint(force=True)

    async def async_stop(self) -> None:
        """Cancel timers and listeners, and checkpoint what changed."""
        self._started = False
        self._arm()  # not started: cancels the timer
        if self._save_timer:
            self._save_timer()
            self._save_timer = None
        if self._reply_face:
            self._reply_face()
            self._reply_face = None
        while self._unsubs:
            self._unsubs.pop()()
        if self._unsub_power is not None:
            self._unsub_power()
            self._unsub_power = None
        for task in list(self._tasks):
            task.cancel()
        await self.mind.async_flush_all()
        await self.async_checkpoint(force=True)  # where the mind stood: no false "I slept"

    async def _on_hass_stop(self, _event: Event) -> None:
        if self._unsub_stop in self._unsubs:  # a one-time listener is gone once it has run
            self._unsubs.remove(self._unsub_stop)
        await self.mind.async_flush_all()
        await self.async_checkpoint(force=True)  # where the mind stood: no false "I slept"

    # ------------------------------------------------------------------ the dials

    @callback
    def _on_entry_changed(self, change: ConfigEntryChange, entry: ConfigEntry) -> None:
        """The owner saved an options page: the dials apply at once, with no reload."""
        if change is ConfigEntryChange.UPDATED and entry.entry_id == self.entry.entry_id:
            self.apply_options(entry.options)

    def apply_options(self, options: Mapping[str, Any]) -> set[str]:
        """Take new dials live: entities, their history and the pet's state stay as they are.
        Returns the dials that changed."""
        new = {**DEFAULT_OPTIONS, **options}
        changed = {k for k in set(self.options) | set(new) if self.options.get(k) != new.get(k)}
        if not changed:
            return changed
        self.options = new
        if changed & {CONF_DAILY_TURNS, CONF_COOLDOWN_MIN}:
            self.gate = BudgetGate(
                daily_turns=int(new[CONF_DAILY_TURNS]),
                cooldown_s=float(new[CONF_COOLDOWN_MIN]) * 60,
            )
        if CONF_NOTIFY_TARGETS in changed:
            self.messenger.targets = list(new[CONF_NOTIFY_TARGETS])
        if changed & {CONF_BATTERY_ENTITY, CONF_CHARGING_ENTITY}:
            self._watch_power()
        if changed & {CONF_BATTERY_ENTITY, CONF_CHARGING_ENTITY, CONF_LOW_BATTERY}:
            self._read_power()
            self._refresh_face()
        if CONF_PRESENCE in changed:
            self.mind.watch_presence()
        if CONF_SHELF_VECTORS in changed:
            self.spawn(self._async_reindex_shelf(bool(new[CONF_SHELF_VECTORS])))
        if changed & {CONF_PANEL_WIDTH, CONF_PANEL_HEIGHT, CONF_PANEL_PALETTE}:
            self._png_cache.clear()
            if self._started:
                self.spawn(self._async_render_display())
        self._must_save = True
        self._notify()
        self._arm()
        return changed

    async def _async_reindex_shelf(self, vectors: bool) -> None:
        shelf = Shelf(self.vault, vectors=vectors)
        await self.hass.async_add_executor_job(shelf.load)
        self.shelf = shelf  # swapped in whole: a scan meanwhile still saw the old shelf

    # ------------------------------------------------------------------ state

    def apply(self, patch: dict[str, Any], *, drift: bool = False) -> None:
        """The one door to the personality: apply a patch, then let the face and sensors follow.

        Reflex drift (`drift=True`) is recomputed from the clock after any restart, so on its own
        it never causes a disk write: it rides along with the next real change, or the final
        checkpoint when Home Assistant stops. Everything else is flushed on the checkpoint cadence.
        """
        if not patch:
            return
        self.state.apply_patch(patch)
        if not drift:
            self._must_save = True
        self._refresh_face()
        self._notify()

    def record_interaction(self) -> None:
        """The owner spoke: stamp the idle clock (re-arming Idle jobs) and re-plan the timer."""
        self.apply({"last_interaction": self.clock.utcnow().isoformat()})
        self._arm()

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
        self._arm()

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

    # ------------------------------------------------------------------ checkpoint

    def snapshot(self) -> dict[str, Any]:
        """Everything the checkpoint keeps."""
        return {
            "personality": self.state.to_dict(),
            "jobs": self.scheduler.snapshot(),
            "initiative": self.initiative,
            "turns": self.turns.to_dict(),
            "replies": self.messenger.to_dict(),
            "mind": self.mind.to_dict(),
            "proposals": self.soul.to_list(),
            "needs": self.motivation.to_dict(),
        }

    def save_soon(self) -> None:
        """What the owner said and the answer reach the checkpoint within seconds (a short
        debounce, not the checkpoint's cadence)."""
        self._must_save = True
        if self._save_timer is None and self._started:
            self._save_timer = async_call_later(self.hass, SAVE_SOON_S, self._on_save_soon)

    @callback
    def _on_save_soon(self, _now: datetime) -> None:
        self._save_timer = None
        self.spawn(self.async_checkpoint())

    def _on_history_trouble(self, trouble: str | None) -> None:
        """From the executor: the vault's history cannot record (or can again)."""
        self.hass.loop.call_soon_threadsafe(self._history_issue, trouble)

    @callback
    def _history_issue(self, trouble: str | None) -> None:
        issue = f"history_{self.entry.entry_id}"
        if trouble is None:
            delete_issue(self.hass, issue)
            return
        create_issue(
            self.hass,
            issue,
            self.entry.entry_id,
            translation_key="history_broken",
            placeholders={"name": self.name, "vault": str(self.vault.root), "why": trouble},
        )

    def mark_changed(self, *, save: bool = True) -> None:
        """Something beyond the personality changed: show it, and save it on the checkpoint
        cadence. Bookkeeping (`save=False`: where the mind's cursor is, the needs' slow fade and
        their small acts) is cheap to redo, so like reflex drift it never causes a write of its
        own: it rides along with the next real change, or the save when the pet stops."""
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

    # ------------------------------------------------------------------ scheduler

    def _register_jobs(self) -> None:
        add = self.scheduler.add
        add(Job("reflex", Interval(d.REFLEX_PERIOD_S), CostTier.REFLEX, run=self._job_reflex))
        add(
            Job(
                "checkpoint",
                Interval(d.CHECKPOINT_PERIOD_S),
                CostTier.REFLEX,
                run=self._job_checkpoint,
            )
        )
        add(Job("prune", Interval(d.PRUNE_PERIOD_S), CostTier.REFLEX, run=self._job_prune))
        add(Job("mind", Interval(self.mind.cadence_s), CostTier.REFLEX, run=self.mind.tick))
        add(Job("goal_timer", At(None), CostTier.REFLEX, run=lambda _now: self.mind.wake()))
        self.goals_changed()

    def set_mind_cadence(self, period_s: float) -> None:
        """The mind's tick follows its activity state."""
        if (job := self.scheduler.jobs.get("mind")) is not None:
            job.cadence = Interval(period_s)

    def rearm(self) -> None:
        """Re-plan the one timer (a cadence changed outside a tick)."""
        if self._started:
            self._arm()

    def goals_changed(self) -> None:
        """Arm the goal timer at the next open goal's due time."""
        job = self.scheduler.jobs.get("goal_timer")
        if job is None:
            return
        upcoming = [
            g.due
            for g in self.turns.goals.open_goals()
            if g.due is not None and g.id not in self.mind.signalled_due
        ]
        job.cadence = At(min(upcoming) if upcoming else None)
        if self._started:
            self._arm()

    def run_job_now(self, name: str) -> None:
        """Run one job at once (a signal woke the mind), then re-plan the timer."""
        if name in self.scheduler.jobs:
            self.last_outcomes = [
                self.scheduler.run_now(name, self.clock.now(), self.level, self.initiative)
            ]
            self._notify()
            self._arm()

    def next_tick(self) -> datetime | None:
        """When the mind's tick is next due (UTC)."""
        job = self.scheduler.jobs.get("mind")
        if job is None:
            return None
        now = self.clock.now()
        return dt_util.as_utc(self.scheduler.due_at(job, now, self.last_interaction, self.level))

    @property
    def started(self) -> bool:
        """The pet is set up and living."""
        return self._started

    @property
    def stretch(self) -> float:
        """The battery's cadence stretch now."""
        return STRETCH[self.level]

    def impulses(self, now: datetime) -> list[Candidate]:
        """Impulses from the needs, for the mind to appraise with everything else."""
        return self.motivation.impulses(now)

    def health_problems(self) -> list[str]:
        """What the pet finds wrong with its own body (its need for security checks these)."""
        problems = []
        if self._must_save and self._last_save_failed:
            problems.append("my checkpoint could not be written")
        if not os.access(self.vault.root, os.W_OK):
            problems.append("my vault is not writable")
        if self.history.trouble is not None:
            problems.append(f"my history cannot record ({self.history.trouble})")
        if self.turns.failure is not None:
            problems.append(f"I cannot reach my thinking place ({self.turns.failure})")
        for entity_id in (
            self.options.get(CONF_BATTERY_ENTITY),
            self.options.get(CONF_CHARGING_ENTITY),
        ):
            state = self.hass.states.get(entity_id) if entity_id else None
            if entity_id and (state is None or state.state in ("unavailable", "unknown")):
                problems.append(f"my battery sensor {entity_id} is not answering")
        if problems:
            create_issue(
                self.hass,
                f"health_{self.entry.entry_id}",
                self.entry.entry_id,
                translation_key="health",
                placeholders={"name": self.name, "problems": "; ".join(problems)},
            )
        else:
            delete_issue(self.hass, f"health_{self.entry.entry_id}")
        return problems

    def _reconcile(self) -> None:
        """Continuity: the picture frozen in situation.md at shutdown against the one seen on
        waking; any drift is one journal line (and the new picture is written)."""
        if not self._situation_written:
            return  # a first start: nothing to compare
        changes = drift(self._situation_written, self.mind.situation_file(self.clock.now()))
        if self.turns.unflushed:
            changes.append("my last conversation was still open")
        if changes:
            self.mind.records.journal(
                self.clock.now(), None, "woke to a changed world: " + "; ".join(changes)
            )
        self.refresh_situation()

    def refresh_situation(self) -> None:
        """Write situation.md when the picture changed."""
        text = self.mind.situation_file(self.clock.now())
        if text != self._situation_written:
            self._situation_written = text
            self.spawn(
                self.hass.async_add_executor_job(self.vault.write_text, SITUATION_FILE, text)
            )

    def _read_situation(self) -> str:
        try:
            return self.vault.read_text(SITUATION_FILE) if self.vault.exists(SITUATION_FILE) else ""
        except (OSError, VaultError):
            return ""

    def _read_beliefs(self) -> list[Belief]:
        """The tail of the belief log (blocking)."""
        if not self.vault.exists(BELIEFS_FILE):
            return []
        beliefs = []
        try:
            lines = self.vault.read_text(BELIEFS_FILE).splitlines()[-2000:]
        except (OSError, VaultError):
            return []
        for line in lines:
            try:
                belief = Belief.from_dict(json.loads(line))
            except ValueError:
                continue
            if belief is not None:
                beliefs.append(belief)
        return beliefs

    def add_turn_job(
        self,
        name: str,
        cadence: Interval | Idle,
        handler: TurnHandler,
        *,
        cost: int = 1,
        essential: bool = False,
        ready: Callable[[], bool] | None = None,
    ) -> Job:
        """Register a TURN-tier job; its handler runs only once every gate has admitted it.

        `ready` says whether there is anything to do: when not, the job is skipped before the
        budget is touched, so an idle dream spends nothing.
        """
        self._turn_handlers[name] = handler
        if ready is not None:
            self._turn_ready[name] = ready
        job = self.scheduler.add(
            Job(name, cadence, CostTier.TURN, cost=cost, essential=essential, persist=True)
        )
        if self._started:
            self._arm()
        return job

    def _job_reflex(self, _now: datetime) -> None:
        self.apply(compute_reflex_patch(self.state, self.clock.now()), drift=True)

    def _job_checkpoint(self, _now: datetime) -> None:
        if self._must_save:
            self.spawn(self.async_checkpoint())

    def _job_prune(self, now: datetime) -> None:
        horizon = now - timedelta(seconds=d.NUDGE_COOLDOWN_S)
        self._nudged_at = {k: v for k, v in self._nudged_at.items() if v > horizon}
        self.messenger.prune(self.clock.utcnow())
        if self.turns.goals.prune(self.clock.utcnow()):
            self.spawn(self.turns.async_save_goals())
        self.mind.prune(self.clock.utcnow(), {g.id for g in self.turns.goals.open_goals()})

    async def _async_on_notification_reply(self, text: str, target: str) -> None:
        """The owner typed into a notification: an owner message, answered the same way."""
        outcome = await self.turns.async_owner_turn(text, room="notification", sender="owner")
        if outcome.say:
            await self.messenger.async_deliver(outcome.say, self.clock.utcnow(), [target])

    def _prepare_vault(self, today: date) -> None:
        """Blocking, at start: the history, the shelf's index, recall, what the vault holds."""
        self.history.ensure()
        self.motivation.load_file()
        self.shelf.load()
        self.recall.load(today)
        self._stamps = self._scan_vault(self.mind.folded_until, today)
        self.journal_days = set(self._stamps["journal"])

    def watch_vault(self) -> None:
        """Look for changes in the vault (a cheap size-and-mtime scan, off the loop)."""
        self.spawn(self._async_watch_vault())

    def _scan_vault(self, folded_until: str | None, today: date) -> dict[str, Any]:
        """Blocking: stamps of the files the owner may edit, the finished journal days with
        something worth dreaming on, the shelf."""
        journal = self.vault.path("journal")
        stamps = {}
        if journal.is_dir():
            for entry in os.scandir(journal):
                if entry.name.endswith(".md") and entry.is_file(follow_symlinks=False):
                    info = entry.stat(follow_symlinks=False)
                    stamps[entry.name.removesuffix(".md")] = (info.st_mtime, info.st_size)
        days, verdicts = [], {}
        for day in backlog(stamps, folded_until, today):
            known = self._day_verdicts.get(day)
            if known is not None and known[0] == stamps[day]:
                worth = known[1]
            else:
                worth = bool(distill(self.vault.read_text(f"journal/{day}.md"), self.name))
            verdicts[day] = (stamps[day], worth)
            if worth:
                days.append(day)
        self._day_verdicts = verdicts
        return {
            "files": {rel: self.vault.mtime_size(rel) for rel in WATCHED_FILES},
            "journal": days,
            "shelf": self.shelf.scan(),
        }

    async def _async_watch_vault(self) -> None:
        stamps = await self.hass.async_add_executor_job(
            self._scan_vault, self.mind.folded_until, self.clock.now().date()
        )
        before = self._stamps.get("files", {})
        if stamps.get("files") != before or stamps.get("shelf") != self._stamps.get("shelf"):
            self.history.owner_edited()
        self._stamps = stamps
        self.journal_days = set(stamps["journal"])
        for rel, stamp in stamps["files"].items():
            if before.get(rel) != stamp:
                await self._async_file_changed(rel)
        for change in self.shelf.changes(stamps["shelf"]):
            if change.change != "removed":
                self.motivation.context("understanding")  # something new to read
            self.mind.post(
                SignalKind.SHELF_DROP,
                {
                    "doc": change.doc,
                    "change": change.change,
                    "about": f"{change.doc} ({change.change})",
                },
            )

    def files_changed(self, rel: str) -> None:
        """The pet itself changed a file: follow it at once."""
        self.spawn(self._async_file_changed(rel))

    async def _async_file_changed(self, rel: str) -> None:
        if rel == FACES_FILE:
            await self._async_check_faces_file()
        elif rel == NEEDS_FILE:
            await self.hass.async_add_executor_job(self.motivation.load_file)
        elif rel.startswith("soul/"):
            await self.turns.async_load_soul()
        elif rel == GOALS_FILE:
            for goal in await self.turns.async_load_goals():
                self.mind.records.journal(
                    self.clock.now(), None, f"my owner {goal.state.value} {goal.id}: {goal.text}"
                )
        elif rel.startswith("memory/"):
            await self.hass.async_add_executor_job(self.recall.load, self.clock.now().date())

    def _dispatch(self, job: Job, now: datetime) -> Verdict:
        """The dispatch hook: the budget gate, then the single slot, then the turn."""
        if (ready := self._turn_ready.get(job.name)) is not None and not ready():
            return Verdict(Decision.SKIP, "nothing to do")
        verdict = self.gate.evaluate(self.state.budget, job.cost, now)
        if verdict.decision is not Decision.ADMIT:
            return verdict
        if not self.arbiter.try_take():
            return Verdict(Decision.DEFER, "a turn is in flight", retry_at=now + SLOT_BUSY_RETRY)
        self.apply(verdict.patch)
        handler = self._turn_handlers.get(job.name)
        if handler is None:
            self.arbiter.release()
        else:
            self.spawn(self._async_run_turn(handler, job, now))
        return verdict

    async def _async_run_turn(self, handler: TurnHandler, job: Job, now: datetime) -> None:
        """Run an admitted self-initiated turn in the slot it already holds."""
        try:
            await handler(job, now)
        except Exception:
            _LOGGER.exception("The %s turn failed", job.name)
        finally:
            self.arbiter.release()

    @property
    def turn_in_flight(self) -> bool:
        """A turn holds the slot."""
        return self.arbiter.busy

    def _on_slot_change(self, busy: bool) -> None:
        # The lifecycle faces own the panel while a turn is in flight, and briefly after it spoke.
        if self._reply_face:
            self._reply_face()
            self._reply_face = None
        if busy:
            self.show("thinking")
        elif self.linger_reply and self._started:
            self.linger_reply = False
            self.show("reply")
            self._reply_face = async_call_later(self.hass, d.REPLY_FACE_S, self._end_reply_face)
        else:
            self.show(self.mood_face.name)
        self._notify()

    @callback
    def _end_reply_face(self, _now: datetime) -> None:
        self._reply_face = None
        if not self.turn_in_flight:
            self.show(self.mood_face.name)

    @callback
    def _on_timer(self, _fired: datetime) -> None:
        self._timer = None
        self.tick()

    def tick(self) -> list[Outcome]:
        """Run whatever is due now, then re-arm."""
        now = self.clock.now()
        self.last_outcomes = self.scheduler.tick(
            now, self.state.last_interaction_at, self.level, self.initiative
        )
        if any(self.scheduler.jobs[o.job].persist for o in self.last_outcomes):
            self._must_save = True
        self._notify()
        self._arm()
        return self.last_outcomes

    def _arm(self) -> None:
        """One timer at the next due instant."""
        if self._timer:
            self._timer()
            self._timer = None
        self.armed_at = None
        if not self._started:
            return
        now = self.clock.now()
        due = self.scheduler.next_due(now, self.state.last_interaction_at, self.level)
        if due is None:
            return
        self.armed_at = dt_util.as_utc(max(due, now + MIN_REARM) if due <= now else due)
        self._timer = async_track_point_in_utc_time(self.hass, self._on_timer, self.armed_at)

    @property
    def next_wake(self) -> datetime | None:
        """When the timer fires next (for tests, diagnostics and benchmarks)."""
        return self.scheduler.next_due(self.clock.now(), self.state.last_interaction_at, self.level)

    # ------------------------------------------------------------------ body

    def _read_power(self) -> None:
        self.power = read_power(
            self.hass,
            self.options.get(CONF_BATTERY_ENTITY),
            self.options.get(CONF_CHARGING_ENTITY),
        )
        self.level = backoff_level(self.power, float(self.options[CONF_LOW_BATTERY]))

    def _watch_power(self) -> None:
        """Follow the battery entities the options name (again, when they change)."""
        if self._unsub_power is not None:
            self._unsub_power()
            self._unsub_power = None
        watched = [
            e
            for e in (self.options.get(CONF_BATTERY_ENTITY), self.options.get(CONF_CHARGING_ENTITY))
            if e
        ]
        if watched:
            self._unsub_power = async_track_state_change_event(
                self.hass, watched, self._on_power_entity
            )

    @callback
    def _on_power_entity(self, _event: Event) -> None:
        previous = (self.power, self.level)
        self._read_power()
        if (self.power, self.level) == previous:
            return
        if self.level is not previous[1] or self.power.on_battery != previous[0].on_battery:
            plugged = "unplugged" if self.power.on_battery else "plugged in"
            self.mind.post(
                SignalKind.POWER,
                {
                    "level": self.level.value,
                    "on_battery": self.power.on_battery,
                    "about": f"{plugged}, {self.level.value}",
                },
            )
        self._refresh_face()
        self._notify()
        self._arm()

    # ------------------------------------------------------------------ face

    def _select_mood_face(self) -> Face:
        mood = self.state.mood
        return select_face(
            self.faces, mood.valence, mood.arousal, self.state.energy, self.level.value
        )

    def _refresh_face(self) -> None:
        face = self._select_mood_face()
        if face == self.mood_face:
            return
        previous, self.mood_face = self.mood_face, face
        mood = self.state.mood
        self.hass.bus.async_fire(
            EVENT_MOOD_CHANGED,
            {
                "entry_id": self.entry.entry_id,
                "mood": face.name,
                "previous": previous.name,
                "valence": round(mood.valence, 3),
                "arousal": round(mood.arousal, 3),
                "energy": round(self.state.energy, 3),
            },
        )
        if not self.turn_in_flight and self._reply_face is None:
            self.show(face.name)

    def show(self, display: str) -> None:
        """Put a face on the panel (a mood face or a lifecycle face); only on change."""
        if display == self.display or not self._started:
            self.display = display
            return
        self.display = display
        self.spawn(self._async_render_display())

    def _look(self, display: str) -> Look:
        if display in LIFECYCLE_LOOKS:
            return LIFECYCLE_LOOKS[display]
        for face in self.faces:
            if face.name == display:
                return face.look
        return self.mood_face.look

    async def _async_render_display(self) -> None:
        self._render_generation += 1
        generation, display = self._render_generation, self.display
        png = self._png_cache.get(display)
        if png is None:
            png = await self.hass.async_add_executor_job(
                render_face,
                self._look(display),
                int(self.options[CONF_PANEL_WIDTH]),
                int(self.options[CONF_PANEL_HEIGHT]),
                str(self.options[CONF_PANEL_PALETTE]),
            )
            self._png_cache[display] = png
        if generation != self._render_generation:
            return  # a newer face superseded this one while it rendered
        self.face_png = png
        self.face_updated = self.clock.utcnow()
        self._notify()
        if action := self.options.get(CONF_ESPHOME_ACTION):
            await self._async_call_panel(action)

    async def _async_call_panel(self, action: str) -> None:
        """Ask the panel to fetch the new face (ESPHome); a missing or failing panel costs only
        the refresh, said once in the log until it works again."""
        domain, _, service = action.partition(".")
        try:
            if not self.hass.services.has_service(domain, service):
                raise LookupError(f"{action} does not exist (is the panel's ESPHome set up?)")
            await self.hass.services.async_call(domain, service, {}, blocking=True)
        except Exception as err:
            if self._panel_trouble is None:
                _LOGGER.warning("The panel refresh action %s failed: %s", action, err)
            self._panel_trouble = str(err)
            return
        if self._panel_trouble is not None:
            self._panel_trouble = None
            _LOGGER.info("The panel refresh action %s works again", action)

    async def _async_load_faces(self) -> None:
        faces, stamp = await self.hass.async_add_executor_job(self._load_faces_file)
        self.faces, self._faces_stamp = faces, stamp
        self._png_cache.clear()

    def _load_faces_file(self) -> tuple[tuple[Face, ...], tuple[float, int] | None]:
        """Blocking: seed faces.yaml if missing, then read and validate it."""
        try:
            self.vault.seed(
                FACES_FILE,
                FACES_HEADER + yaml.safe_dump(face_table_to_data(STARTER_FACES), sort_keys=False),
            )
            stamp = self.vault.mtime_size(FACES_FILE)
            faces = parse_face_table(yaml.safe_load(self.vault.read_text(FACES_FILE)))
        except (FaceTableError, yaml.YAMLError, VaultError, OSError) as err:
            _LOGGER.warning(
                "%s/%s is not usable (%s); showing the starter faces",
                self.vault.root,
                FACES_FILE,
                err,
            )
            return STARTER_FACES, self.vault.mtime_size(FACES_FILE)
        return faces, stamp

    async def _async_check_faces_file(self) -> None:
        stamp = await self.hass.async_add_executor_job(self.vault.mtime_size, FACES_FILE)
        if stamp == self._faces_stamp:
            return
        await self._async_load_faces()
        self.mood_face = self._select_mood_face()
        self.display = ""  # force a redraw with the new table
        if not self.turn_in_flight:
            self.show(self.mood_face.name)
        self._notify()

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


def quiet_time(value: str) -> time:
    """A time option (HH:MM[:SS])."""
    return time.fromisoformat(value)
