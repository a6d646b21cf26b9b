"""The body as the parts may read it: the mind, the turns and the needs are handed `Bodily`
(what the pet's body shows, and the one door to its personality), never the parts that keep it.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..core.faces import Face
from ..core.power import STRETCH, BackoffLevel, PowerState
from ..core.state import PersonalityState
from ..ports import Clock
from .anatomy import Organs
from .heart import Heart
from .personality import Personality

if TYPE_CHECKING:
    pass


class Bodily:
    """The pet's body as its parts may read it (`ports.Body`), and the one door to its
    personality."""

    def __init__(
        self, name: str, personality: Personality, organs: Organs, heart: Heart, clock: Clock
    ) -> None:
        self._name = name
        self._personality = personality
        self._organs = organs
        self._heart = heart
        self._clock = clock

    @property
    def name(self) -> str:
        """The pet's name."""
        return self._name

    @property
    def state(self) -> PersonalityState:
        """The personality as it is now."""
        return self._personality.state

    @property
    def initiative(self) -> bool:
        """The pet may start turns on its own."""
        return self._personality.initiative

    @property
    def level(self) -> BackoffLevel:
        """The battery's backoff level now."""
        return self._organs.battery.level

    @property
    def power(self) -> PowerState:
        """The battery reading now."""
        return self._organs.battery.power

    @property
    def mood_face(self) -> Face:
        """The face the mood selects now."""
        return self._organs.face.mood_face

    @property
    def stretch(self) -> float:
        """The battery's cadence stretch."""
        return STRETCH[self._organs.battery.level]

    @property
    def last_interaction(self) -> datetime | None:
        """When the owner last spoke."""
        return self._personality.state.last_interaction_at

    @property
    def started_at(self) -> datetime:
        """When the pet woke."""
        return self._heart.started_at

    @property
    def turns_left_today(self) -> int:
        """Self-started turns still affordable today."""
        personality = self._personality
        return personality.budget.turns_left(personality.state.budget, self._clock.now())

    @property
    def daily_turns(self) -> int:
        """The daily budget of self-started turns."""
        return self._personality.budget.daily_turns

    @property
    def turn_in_flight(self) -> bool:
        """A turn holds the slot."""
        return self._organs.arbiter.busy

    def apply(self, patch: dict[str, Any]) -> None:
        """The one door to the personality."""
        self._personality.apply(patch)
