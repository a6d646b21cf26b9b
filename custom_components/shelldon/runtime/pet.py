"""The Pet: what Home Assistant's surfaces may ask of one pet, and its lifecycle.

An entry's runtime data is a `PetRuntime`: the coordinator (one plain snapshot per change, what
the entities read) and the `Pet` (the commands they call: nudge, tell, speak up, dream, an edit's
preview or ruling, the initiative switch, the promises list, and what other assistants are told).
The parts behind the commands are built by `runtime.wiring` into an `Anatomy`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from homeassistant.config_entries import ConfigEntry
from homeassistant.core import Context, HomeAssistant

from ..brain import Brain
from ..core.state import NudgeKind
from ..ports import Asker, Clock, HomeClock
from ..turns.senses import TurnOutcome
from .anatomy import Anatomy
from .answers import Answers
from .coordinator import PetCoordinator
from .lifecycle import async_sleep, async_wake
from .nudges import NudgeResult
from .promise_changes import PromiseChange
from .wiring import wire

__all__ = [
    "EditPreview",
    "NudgeResult",
    "Pet",
    "PetRuntime",
    "PromiseChange",
    "async_said_by",
    "pet_runtime",
]


@dataclass(frozen=True)
class EditPreview:
    """A waiting edit as the owner is shown it (scrubbed): its file, why, and the change."""

    edit_id: str
    path: str
    reason: str
    diff: str


class Pet:
    """One pet, as Home Assistant's surfaces command it."""

    def __init__(
        self,
        hass: HomeAssistant,
        entry: ConfigEntry[Any],
        *,
        brain: Brain,
        clock: Clock | None = None,
    ) -> None:
        self._anatomy = wire(hass, entry, brain, clock=clock or HomeClock())

    @property
    def anatomy(self) -> Anatomy:
        """Its parts as built (for the diagnostics' and the tests' eyes: surfaces call the
        commands below and read the coordinator)."""
        return self._anatomy

    @property
    def answers(self) -> Answers:
        """What other assistants are told (Home Assistant's LLM API)."""
        return self._anatomy.parts.answers

    @property
    def initiative(self) -> bool:
        """The pet may start turns on its own (the initiative switch)."""
        return self._anatomy.workings.personality.initiative

    async def async_start(self) -> None:
        """Restore, wire up the body and the jobs, show the face, arm the timer."""
        await async_wake(self._anatomy)

    async def async_stop(self) -> None:
        """Cancel timers and listeners, and checkpoint what changed."""
        await async_sleep(self._anatomy)

    async def async_nudge(self, kind: NudgeKind) -> NudgeResult:
        """Move the mood by a nudge; floods are debounced. The entities see the new mood and
        its face in one snapshot."""
        return await self._anatomy.parts.nudges.async_nudge(kind)

    async def async_tell(
        self, text: str, *, room: str, sender: str, asker: Asker | None = None, trusted: bool = True
    ) -> TurnOutcome:
        """The owner said something (Assist, an action, a notification's reply): an owner turn,
        waiting only for the slot; its answer scrubbed. `asker`: the conversation's context;
        `trusted`: said by an admin or an automation (a secret in it is the owner's)."""
        return await self._anatomy.parts.turns.async_owner_turn(
            text, room=room, sender=sender, asker=asker, trusted=trusted
        )

    async def async_speak_up(self) -> dict[str, Any]:
        """shelldon.speak_up: propose a reach-out now, through the same gates (scrubbed)."""
        pet = self._anatomy
        answer: dict[str, Any] = pet.files.scrubber.data(
            await pet.parts.mind.reacher.async_speak_up()
        )
        return answer

    async def async_dream(self) -> dict[str, Any]:
        """shelldon.dream: fold the finished days waiting now."""
        pet = self._anatomy
        answer: dict[str, Any] = pet.files.scrubber.data(
            await pet.parts.mind.dreamer.async_dream_now()
        )
        return answer

    async def async_edit(self, edit_id: str, ruling: str | None = None) -> EditPreview:
        """A waiting edit: its preview (no ruling), or approve / reject it (then the preview of
        what was ruled on). ServiceValidationError, translated, for an id that is not waiting."""
        proposals, scrub = self._anatomy.files.proposals, self._anatomy.files.scrubber
        proposal, diff = await proposals.async_preview(edit_id)
        if ruling == "approve":
            await proposals.async_approve(edit_id)
        elif ruling == "reject":
            await proposals.async_reject(edit_id)
        return EditPreview(proposal.id, scrub(proposal.path), scrub(proposal.reason), scrub(diff))

    async def async_change_promise(self, change: PromiseChange) -> None:
        """The owner changed the promises list: the goal book follows (ServiceValidationError,
        translated, for what the book cannot take)."""
        await self._anatomy.parts.promises.async_change(change)

    async def async_set_initiative(self, on: bool) -> None:
        """The initiative switch (off: the pet never starts a turn on its own)."""
        workings = self._anatomy.workings
        if workings.personality.initiative == on:
            return
        workings.personality.initiative = on
        workings.saving.mark()
        workings.coordinator.show()
        await workings.saving.async_write()
        workings.heart.arm()


async def async_said_by(hass: HomeAssistant, context: Context, nobody: str) -> tuple[str, bool]:
    """Who said it (a user's name, or `nobody` for an automation) and whether it is trusted as
    the owner's words: an admin, or no user at all (an automation, a script). Another user of
    the home is heard, not trusted: a secret they name is not the owner's to keep."""
    if not context.user_id:
        return nobody, True
    user = await hass.auth.async_get_user(context.user_id)
    if user is None:
        return nobody, False
    return user.name or "owner", user.is_admin


@dataclass(frozen=True)
class PetRuntime:
    """An entry's runtime data: what its surfaces read, and what they call."""

    coordinator: PetCoordinator
    pet: Pet


type ShelldonConfigEntry = ConfigEntry[PetRuntime]


def pet_runtime(hass: HomeAssistant, entry: ConfigEntry[Any], *, brain: Brain) -> PetRuntime:
    """A new pet for an entry (asleep until its `async_start`), and its coordinator."""
    pet = Pet(hass, entry, brain=brain)
    return PetRuntime(pet.anatomy.workings.coordinator, pet)
