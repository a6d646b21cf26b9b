"""What the entities, diagnostics and services read of a pet: its parts, named with their types,
and the few figures they show, each taken from the part that owns it (read-only)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from ..core.budget import BudgetGate, turns_used_today
from ..core.faces import Face
from ..core.power import STRETCH, BackoffLevel, PowerState
from ..core.scheduler import Outcome
from ..core.state import PersonalityState
from ..ports import Clock, Dials

if TYPE_CHECKING:
    from ..body.door import ReachDoor
    from ..body.face import FaceKeeper
    from ..body.health import Health
    from ..body.messenger import Messenger
    from ..body.outward import Outward
    from ..body.power import Battery
    from ..body.presence import Household
    from ..core.scheduler import Scheduler
    from ..mind.loop import Mind
    from ..needs.motivation import Motivation
    from ..turns.turns import Turns
    from ..vault.goals import GoalBook
    from ..vault.history import VaultHistory
    from ..vault.journal import Records
    from ..vault.proposals import SoulKeeper
    from ..vault.recall import Recall
    from ..vault.shelf import Shelf
    from .admission import Gatekeeper
    from .arbiter import Arbiter
    from .continuity import Continuity
    from .heart import Heart
    from .watcher import VaultWatch


class Readings:
    """The parts of a pet (built by `runtime.wiring.wire`) and what is read of them."""

    journal: Records
    history: VaultHistory
    goals: GoalBook
    shelf: Shelf
    recall: Recall
    soul: SoulKeeper
    watch: VaultWatch
    arbiter: Arbiter
    battery: Battery
    face: FaceKeeper
    household: Household
    messenger: Messenger
    outward: Outward
    door: ReachDoor
    health: Health
    heart: Heart
    admission: Gatekeeper
    turns: Turns
    motivation: Motivation
    mind: Mind
    continuity: Continuity

    dials: Dials
    gate: BudgetGate
    state: PersonalityState
    clock: Clock

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
    def scheduler(self) -> Scheduler:
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
