"""A pet's anatomy: its parts as `runtime.wiring` built them, in four groups a newcomer can
read (its files, its organs, the workings that keep it alive, and its parts that think).

Nothing here decides anything: each group is a plain record of what was built. The runtime's
own pieces (the lifecycle, the snapshot, the views, the dials) read the group they need; Home
Assistant's surfaces never see it (they read the coordinator and call `Pet`'s commands).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from homeassistant.config_entries import ConfigEntry
from homeassistant.core import HomeAssistant

from ..ports import Clock, Dials

if TYPE_CHECKING:
    from ..body.battery import Battery
    from ..body.door import Door
    from ..body.face.keeper import FaceKeeper
    from ..body.health import Health
    from ..body.household import Household
    from ..body.messenger import Messenger
    from ..body.outward import Outward
    from ..core.secrets.scrub import Scrubber
    from ..mind.mind import Mind
    from ..needs.motivation import Motivation
    from ..turns.turns import Turns
    from ..vault.goals import GoalBook
    from ..vault.journal import Journal
    from ..vault.proposals import Proposals
    from ..vault.recall import Recall
    from ..vault.shelf import Shelf
    from ..vault.vault import Vault
    from ..vault.versions import Versions
    from .admission import Admission
    from .answers import Answers
    from .arbiter import Arbiter
    from .continuity import Continuity
    from .coordinator import PetCoordinator
    from .heart import Heart
    from .nudges import Nudges
    from .personality import Personality
    from .promise_changes import PromiseChanges
    from .rhythm import Rhythm
    from .saving import Saving
    from .tasks import Tasks
    from .watcher import Watcher


@dataclass
class Files:
    """What the pet keeps in its vault, and the one scrubber for all it writes."""

    scrubber: Scrubber
    vault: Vault
    journal: Journal
    versions: Versions  # the vault's own history (git, or a versions folder)
    goals: GoalBook
    shelf: Shelf  # swapped whole when the owner turns the shelf's vectors on or off
    recall: Recall
    proposals: Proposals  # persona edits waiting for the owner


@dataclass(frozen=True)
class Organs:
    """The pet's body: the slot, the battery, the face, the household, its doors out, health."""

    arbiter: Arbiter
    battery: Battery
    face: FaceKeeper
    household: Household
    messenger: Messenger
    door: Door  # the one door for every line it says unasked
    health: Health
    outward: Outward


@dataclass(frozen=True)
class Workings:
    """What keeps it alive: its personality, the checkpoint, its tasks, the one timer and its
    jobs, the one admission, what it shows, and its situation kept in the vault."""

    personality: Personality
    saving: Saving
    tasks: Tasks
    heart: Heart
    rhythm: Rhythm
    admission: Admission
    coordinator: PetCoordinator
    continuity: Continuity


@dataclass(frozen=True)
class Parts:
    """Its parts that think and act, and what the owner's commands are carried out by."""

    turns: Turns
    motivation: Motivation
    mind: Mind
    watcher: Watcher
    answers: Answers
    nudges: Nudges
    promises: PromiseChanges


@dataclass(frozen=True)
class Anatomy:
    """One pet, as built."""

    hass: HomeAssistant
    entry: ConfigEntry[Any]
    clock: Clock
    dials: Dials
    files: Files
    organs: Organs
    workings: Workings
    parts: Parts

    @property
    def name(self) -> str:
        """The pet's name."""
        return self.files.journal.pet_name
