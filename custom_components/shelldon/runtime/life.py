"""A pet's life: its parts, its state, and the plumbing between them, for the runtime alone.

It owns the personality and is the only caller of `apply_patch`; it runs the jobs of the one
timer, checkpoints only when something changed, and shows what changed through the coordinator
(once per change: while the heart beats, what changed is shown when the beat is over, so no
entity reads a part in the middle of its tick). The parts (mind, turns, needs) never see it:
they are handed narrow ports (`runtime.views`). Home Assistant's surfaces see only the commands
of `Pet` and the coordinator's data.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from homeassistant.config_entries import ConfigEntry
from homeassistant.core import CALLBACK_TYPE, HomeAssistant
from homeassistant.util import dt as dt_util
from homeassistant.util import slugify

from ..brain.anthropic_brain import DEFAULT_MODEL
from ..const import (
    CONF_COOLDOWN_MIN,
    CONF_DAILY_TURNS,
    CONF_LANGUAGE,
    CONF_MODEL,
    CONF_NAME,
    DEFAULT_NAME,
    DEFAULT_OPTIONS,
    DOMAIN,
)
from ..core import defaults as d
from ..core.budget import Budget
from ..core.language import owners
from ..core.power import BackoffLevel, PowerState
from ..core.reflexes import compute_reflex_patch
from ..core.scheduler import At, CostTier, Interval, Job, Outcome
from ..core.signals import Signal, SignalKind
from ..core.state import PersonalityState
from ..issues import key_rejected, model_retired
from ..ports import Dials
from ..vault.files import Vault, VaultError, new_scrubber, reason
from .checkpoint import PetStore
from .heart import DORMANT_REFLEX_S, REFLEX_JOB
from .saving import Held, Saving

if TYPE_CHECKING:
    from ..body.battery import Battery
    from ..body.door import Door
    from ..body.face import FaceKeeper
    from ..body.health import Health
    from ..body.household import Household
    from ..body.messenger import Messenger
    from ..body.outward import Outward
    from ..mind.mind import Mind
    from ..needs.motivation import Motivation
    from ..turns.turns import Turns
    from ..vault.goals import GoalBook
    from ..vault.proposals import Proposals
    from ..vault.recall import Recall
    from ..vault.records import Records
    from ..vault.shelf import Shelf
    from ..vault.versions import Versions
    from .admission import Admission
    from .answers import Answers
    from .arbiter import Arbiter
    from .continuity import Continuity
    from .coordinator import PetCoordinator
    from .heart import Heart
    from .watcher import Watcher

_LOGGER = logging.getLogger(__name__)
# At most a dormant period's steps at once: after a downtime the drift starts anew, as ever.
MAX_REFLEX_STEPS: Final = DORMANT_REFLEX_S // d.REFLEX_PERIOD_S


def budget_gate(dials: Mapping[str, Any]) -> Budget:
    """The budget of self-started turns the dials describe."""
    return Budget(
        daily_turns=int(dials[CONF_DAILY_TURNS]),
        cooldown_s=float(dials[CONF_COOLDOWN_MIN]) * 60,
    )


class Clock:
    """The one clock: Home Assistant's, in the owner's time zone."""

    def now(self) -> datetime:
        """Local, aware."""
        return dt_util.now()

    def utcnow(self) -> datetime:
        """UTC, aware."""
        return dt_util.utcnow()


class Life:
    """One pet's parts (built by `runtime.wiring.wire`), its state and the plumbing."""

    journal: Records
    history: Versions
    goals: GoalBook
    shelf: Shelf
    recall: Recall
    soul: Proposals
    watch: Watcher
    arbiter: Arbiter
    battery: Battery
    face: FaceKeeper
    household: Household
    messenger: Messenger
    door: Door
    health: Health
    heart: Heart
    admission: Admission
    turns: Turns
    motivation: Motivation
    mind: Mind
    continuity: Continuity
    outward: Outward
    coordinator: PetCoordinator
    answers: Answers

    def __init__(
        self,
        hass: HomeAssistant,
        entry: ConfigEntry[Any],
        *,
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
        self.turn_budget = budget_gate(self.dials)  # the self-started turns a day allows
        self.initiative = True
        self._unsubs: list[CALLBACK_TYPE] = []
        self._reflexed_at: datetime | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._unshown = False  # something changed while the heart beat: shown after the beat
        self.saving = Saving(
            hass,
            self.store,
            name=self.name,
            # the state is replaced when the pet wakes: read it each time
            held=Held(state=lambda: self.state, snapshot=self.checkpoint_data),
            spawn=self.spawn,
            started=lambda: self.heart.started,
            utcnow=self.clock.utcnow,
            on_trouble=lambda why: self.health.storage("checkpoint", why),
        )

    # ------------------------------------------------------------------ the jobs

    def register_jobs(self) -> None:
        """The jobs of the pet's life, on the one timer."""
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
        self.messenger.prune(self.clock.utcnow())
        self.goals.prune(self.clock.utcnow())
        self.mind.prune(self.clock.utcnow())
        self.prune_commands(now - timedelta(seconds=d.NUDGE_COOLDOWN_S))

    def prune_commands(self, horizon: datetime) -> None:
        """Forget what the commands remember that is older than `horizon` (Pet's nudges)."""

    def after_beat(self, outcomes: list[Outcome]) -> None:
        """The heart ran its due jobs: checkpoint soon if one must persist, and show once."""
        if any(self.heart.scheduler.jobs[o.job].persist for o in outcomes):
            self.saving.must = True
        self._unshown = False
        self.coordinator.show()

    def goals_changed(self) -> None:
        """Arm the goal timer at the next promise to give, or the next goal due."""
        job = self.heart.scheduler.jobs.get("goal_timer")
        if job is None:
            return
        job.cadence = At(self.mind.next_goal_at())
        self.heart.arm()

    def language(self) -> str:
        """The owner's language (a tag): the one chosen on the options page, or Home
        Assistant's own. What the pet says unasked, and its journal, are in it."""
        return owners(self.dials[CONF_LANGUAGE], self.hass.config.language)

    def tick(self) -> list[Outcome]:
        """Run whatever is due now (tests and benchmarks)."""
        return self.heart.tick()

    # ------------------------------------------------------------------ state

    def apply(self, patch: dict[str, Any], *, drift: bool = False) -> None:
        """The one door to the personality: apply a patch, then let the face and sensors follow.

        Reflex drift (`drift=True`) is not saved within seconds: it reaches the checkpoint on
        the checkpoint cadence (a settled pet drifts nothing and writes nothing).
        """
        if not patch:
            return
        self.state.apply_patch(patch)
        if not drift:
            self.saving.must = True
        self.face.follow(self.state, self.battery.level)
        self.show()

    def post(self, kind: SignalKind, data: dict[str, Any] | None = None) -> Signal:
        """A fact for the mind (the parts built before the mind are handed this)."""
        return self.mind.post(kind, data)

    def record_interaction(self) -> None:
        """The owner spoke: stamp the idle clock (re-arming Idle jobs) and re-plan the timer."""
        self.apply({"last_interaction": self.clock.utcnow().isoformat()})
        self.heart.arm()

    def on_power_change(
        self, power: PowerState, level: BackoffLevel, before: PowerState, level_before: BackoffLevel
    ) -> None:
        """The battery moved: the mind hears of a new level or plug, the face follows."""
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
        self.face.follow(self.state, self.battery.level)
        self.show()
        self.heart.arm()

    def on_slot_change(self, busy: bool) -> None:
        """A turn took the slot, or gave it back: the face and the thinking sensor follow."""
        self.face.slot_changed(busy)
        self.show()

    def spoke(self) -> None:
        """The turn in flight said something: the reply face lingers after it."""
        self.face.linger_reply = True

    async def async_notification_reply(self, text: str, target: str) -> None:
        """The owner typed into a notification: an owner message, answered the same way (a
        reply, not a reach-out: it goes back where the message came from)."""
        outcome = await self.turns.async_owner_turn(text, room="notification", sender="owner")
        if outcome.say:
            await self.messenger.async_deliver(outcome.say, self.clock.utcnow(), [target])

    def folded_until(self) -> str | None:
        """Every journal day up to this one is folded into memory."""
        return self.mind.folded_until

    def power_level(self) -> BackoffLevel:
        """The battery's backoff level now."""
        return self.battery.level

    async def async_face_table_changed(self) -> None:
        """The owner edited the face table: the face follows it."""
        await self.face.async_check_table(self.state, self.battery.level)

    async def async_soul_changed(self) -> None:
        """A soul file changed: the turns read it again."""
        await self.turns.async_load_soul()

    def key_refused(self) -> None:
        """The model provider refused the key: a repair issue, and reauthentication."""
        key_rejected(self.hass, self.entry.entry_id, self.name)
        self.entry.async_start_reauth(self.hass)

    def model_refused(self, why: str) -> None:
        """The API no longer knows the pet's model: an issue whose fix picks a current one."""
        model = str(self.entry.data.get(CONF_MODEL) or DEFAULT_MODEL)
        model_retired(self.hass, self.entry.entry_id, self.name, model, why)

    # ------------------------------------------------------------------ checkpoint

    def checkpoint_data(self) -> dict[str, Any]:
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

    def on_history_trouble(self, trouble: str | None) -> None:
        """From the executor: the vault's history cannot record (or can again)."""
        self.hass.loop.call_soon_threadsafe(self.continuity.history_issue, trouble)

    def mark_changed(self, *, save: bool = True) -> None:
        """Something beyond the personality changed: show it, and save it on the checkpoint
        cadence. Bookkeeping (`save=False`) never causes a write of its own."""
        if save:
            self.saving.must = True
        self.show()

    async def async_checkpoint(self, *, force: bool = False) -> bool:
        """Save when (and only when) something changed, or when stopping; True when written."""
        return await self.saving.async_write(force=force)

    # ------------------------------------------------------------------ plumbing

    def show(self) -> None:
        """Something an entity shows may have changed: the coordinator is handed a new
        snapshot now, or (while the heart beats) once the beat is over."""
        if not hasattr(self, "coordinator") or self.coordinator.data is None:
            return  # still waking: the first snapshot is shown when the pet is up
        if self.heart.beating:
            self._unshown = True
            return
        self.coordinator.show()

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

    def stop_listening(self) -> None:
        """Cancel every listener and task of the pet."""
        while self._unsubs:
            self._unsubs.pop()()
        for task in list(self._tasks):
            task.cancel()
