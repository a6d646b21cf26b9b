"""What the parts may look at, gathered from the parts that hold it (the runtime's views).

The parts never reach into each other or the pet: the mind, the turns and the needs are handed
`Bodily` (the body as they may read it, and the one door to the personality), and the needs
this window, which reads each thing from the part that keeps it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..core.activity import Activity
from ..core.exchanges import Role
from ..core.faces import Face
from ..core.power import STRETCH, BackoffLevel, PowerState
from ..core.state import PersonalityState
from ..ports import Clock, Dials
from .anatomy import Files, Organs
from .heart import Heart
from .personality import Personality
from .saving import Saving

if TYPE_CHECKING:
    from ..mind.mind import Mind
    from ..turns.turns import Turns


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

    def apply(self, patch: dict[str, Any], *, drift: bool = False) -> None:
        """The one door to the personality."""
        self._personality.apply(patch, drift=drift)


class NeedsWindow:
    """The needs' view of one pet."""

    def __init__(
        self,
        files: Files,
        organs: Organs,
        saving: Saving,
        dials: Dials,
        clock: Clock,
        turns: Turns,
        mind: Callable[[], Mind],
    ) -> None:
        self._files = files
        self._organs = organs
        self._saving = saving
        self._dials = dials
        self._clock = clock
        self._turns = turns
        self._mind = mind  # built after the needs, which it reads

    def shelf_chunks(self) -> list[Any]:
        """The passages on the shelf."""
        return list(self._files.shelf.index.chunks)

    def shelf_search(self, query: str) -> list[Any]:
        """Passages worth citing for a query."""
        return self._files.shelf.search(query)

    def facts(self) -> list[tuple[str, str]]:
        """Every fact kept, with its day."""
        return self._files.recall.facts

    def recall(self, query: str) -> list[str]:
        """What the pet remembers about a query."""
        return self._files.recall.recall(query)

    def last_topic(self) -> str:
        """What the owner last talked about."""
        return self._turns.last_topic

    def owner_last_words(self) -> str:
        """What the owner said last (kept across restarts in the conversation window)."""
        said = [line.text for line in self._turns.exchanges.lines() if line.role is Role.OWNER]
        return said[-1].strip() if said else ""

    def constitution(self) -> str:
        """The constitution's text."""
        return self._turns.identity.constitution

    def persona(self) -> str:
        """The persona's text."""
        return self._turns.identity.persona

    def pending_edits(self) -> int:
        """Persona edits waiting for the owner."""
        return len(self._files.proposals.pending)

    def beliefs(self) -> list[Any]:
        """What the pet believes now, latest per subject."""
        return list(self._mind().world.latest())

    def situation(self) -> list[str]:
        """The present, as the pet tells it."""
        return self._mind().situation(self._clock.now(), for_prompt=False)

    def expectations(self) -> tuple[int, int]:
        """(expectations kept, those still open)."""
        world = self._mind().world
        return len(world.expectations), len(world.open_expectations())

    def forget_stale(self) -> int:
        """Forget settled goals and the bookkeeping about them, and expectations long past."""
        mind = self._mind()
        before = len(mind.world.expectations)
        utc_now = self._clock.utcnow()
        self._files.goals.prune(utc_now)
        mind.prune(utc_now)
        return before - len(mind.world.expectations)

    def dreaming(self) -> bool:
        """The mind is in its dream state."""
        return self._mind().state is Activity.DREAM

    def dream_backlog(self) -> list[str]:
        """Finished days waiting to be folded."""
        return self._mind().dreamer.backlog()

    def dream_work(self) -> bool:
        """A dream tick would have work."""
        return self._mind().dreamer.work()

    def may_muse(self) -> str | None:
        """Why a hello would be out of place now, or None."""
        return self._mind().reacher.may_muse()

    def token_pressure(self) -> float:
        """Tokens spent today over the cap."""
        return self._mind().token_pressure

    def health_problems(self) -> list[str]:
        """What the pet finds wrong with its own body."""
        return self._organs.health.problems()

    async def async_verify_checkpoint(self) -> str:
        """Read the checkpoint back; save again if it is missing or damaged."""
        saving = self._saving
        damaged = False
        data: dict[str, Any] | None = None
        try:
            data = await saving.store.async_load()
        except Exception:  # a damaged file is what this looks for
            damaged = True
        words = self._files.journal.words
        if isinstance(data, dict) and data:
            return words("deed.checkpoint_intact")
        if not damaged and data is None and not saving.has_checkpoint and not saving.state().dirty:
            return words("deed.checkpoint_none")
        saved = await saving.async_write(force=True)
        return words("deed.checkpoint_saved" if saved else "deed.checkpoint_unsaved")

    async def async_draw_faces(self) -> str:
        """Draw every face at the panel's size."""
        face = self._organs.face
        drawn, failed = await face.async_draw_every_face()
        width, height = self._dials["panel_width"], self._dials["panel_height"]
        words = self._files.journal.words
        size = f"{int(width)}x{int(height)}"
        text = words("deed.faces_drawn", drawn=drawn, count=len(face.faces), size=size)
        return text + (words("deed.faces_failed", faces=", ".join(failed)) if failed else "")
