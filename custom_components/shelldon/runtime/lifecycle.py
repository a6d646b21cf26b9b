"""Waking a pet: restore what the checkpoint kept, read the vault, wire the body, show the face,
arm the timer, and write a first checkpoint at once (a crash in the first minutes loses nothing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.plain import flag, instants
from ..core.state import PersonalityState

if TYPE_CHECKING:
    from .pet import Pet


async def async_wake(pet: Pet) -> None:
    """Restore, wire up the body and the jobs, show the face, arm the timer."""
    hass = pet.hass
    data = await pet.store.async_load_safe()
    pet.has_checkpoint = bool(data)
    pet.scrubber.restore(data.get("taint"))
    pet.state = PersonalityState.from_dict(data.get("personality"))
    pet.initiative = flag(data.get("initiative"), True)
    pet.turns.restore(data.get("turns"))
    pet.messenger.restore(data.get("replies"))
    situation, beliefs = await hass.async_add_executor_job(pet.continuity.read)
    mind = data.get("mind")
    pet.mind.restore(mind, beliefs)
    earlier = mind if isinstance(mind, dict) else {}  # older checkpoints kept these in the mind's
    pet.door.restore(data.get("door", earlier))
    pet.household.restore(data.get("presence", earlier.get("presence")))
    await hass.async_add_executor_job(pet.face.load_table)
    await pet.turns.async_load_soul()
    await pet.goals.async_load()
    today = pet.clock.now().date()
    await hass.async_add_executor_job(pet.watch.prepare, pet.mind.folded_until, today)
    pet.soul.restore(data.get("proposals"))
    pet.motivation.restore(data.get("needs"))
    pet.continuity.written = situation
    pet._register_jobs()
    pet.heart.scheduler.restore(instants(data.get("jobs")))
    pet.battery.read()
    pet.battery.watch()
    pet.listen_for_changes()
    pet.listen(pet.messenger.async_listen(pet.async_notification_reply))
    pet.household.watch()
    pet.continuity.reconcile()
    await pet.face.async_start(pet.state, pet.level)
    pet.heart.start()
    if not pet.has_checkpoint:  # a crash in the first minutes must not lose the pet
        await pet.async_checkpoint(force=True)
