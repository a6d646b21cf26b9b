"""The needs' window on one pet: each thing they look at, read from the part that keeps it
(the parts never reach into each other or the pet).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core.activity import Activity
from ..core.exchanges import Role
from ..ports import Clock, Dials
from .anatomy import Files, Organs
from .saving import Saving

if TYPE_CHECKING:
    from ..mind.mind import Mind
    from ..turns.turns import Turns


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
