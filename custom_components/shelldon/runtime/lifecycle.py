"""Waking a pet and putting it to sleep, and what its checkpoint keeps.

Waking: restore what the checkpoint kept, read the vault, wire the body, show the face and the
first snapshot, arm the timer, and write a first checkpoint at once (a crash in the first
minutes loses nothing). The owner's dials are followed live from then on. Sleeping: cancel the
timers and listeners, write what the mind has not, and checkpoint where it stood.
"""

from __future__ import annotations

from typing import Any

from homeassistant.config_entries import (
    SIGNAL_CONFIG_ENTRY_CHANGED,
    ConfigEntry,
    ConfigEntryChange,
)
from homeassistant.const import EVENT_HOMEASSISTANT_STOP
from homeassistant.core import Event, callback
from homeassistant.helpers.dispatcher import async_dispatcher_connect

from ..body.messenger import ReplyHandler
from ..core.readback import flag, instants
from ..core.state import PersonalityState
from .anatomy import Anatomy
from .dials import apply_options


def kept(pet: Anatomy) -> dict[str, Any]:
    """Everything the checkpoint keeps."""
    files, organs, workings, parts = pet.files, pet.organs, pet.workings, pet.parts
    return {
        "personality": workings.personality.state.to_dict(),
        "jobs": workings.heart.scheduler.snapshot(),
        "initiative": workings.personality.initiative,
        "turns": parts.turns.to_dict(),
        "replies": organs.messenger.to_dict(),
        "mind": parts.mind.to_dict(),
        "door": organs.door.to_dict(),
        "presence": organs.household.to_dict(),
        "proposals": files.proposals.to_dict(),
        "needs": parts.motivation.to_dict(),
        "assistants": parts.answers.to_dict(),  # the calls other assistants made today
        "taint": files.scrubber.to_dict(),
    }


async def async_wake(pet: Anatomy) -> None:
    """Restore, wire up the body and the jobs, show the face, arm the timer."""
    hass = pet.hass
    files, organs, workings, parts = pet.files, pet.organs, pet.workings, pet.parts
    personality, saving, mind = workings.personality, workings.saving, parts.mind
    data = await saving.store.async_load_safe()
    saving.has_checkpoint = bool(data)
    files.scrubber.restore(data.get("taint"))
    personality.state = PersonalityState.from_dict(data.get("personality"))
    personality.initiative = flag(data.get("initiative"), True)
    parts.turns.restore(data.get("turns"))
    organs.messenger.restore(data.get("replies"))
    situation, beliefs = await hass.async_add_executor_job(workings.continuity.read)
    kept_mind = data.get("mind")
    mind.restore(kept_mind, beliefs)
    # Older checkpoints kept these in the mind's.
    earlier = kept_mind if isinstance(kept_mind, dict) else {}
    organs.door.restore(data.get("door", earlier))
    organs.household.restore(data.get("presence", earlier.get("presence")))
    await hass.async_add_executor_job(organs.face.load_table)
    await parts.turns.async_load_soul()
    await files.goals.async_load()
    today = pet.clock.now().date()
    await hass.async_add_executor_job(parts.watcher.prepare, mind.folded_until, today)
    files.proposals.restore(data.get("proposals"))
    parts.motivation.restore(data.get("needs"))
    parts.answers.restore(data.get("assistants"))
    workings.continuity.written = situation
    workings.rhythm.register()
    workings.heart.scheduler.restore(instants(data.get("jobs")))
    organs.battery.read()
    organs.battery.watch()
    _follow(pet)
    workings.tasks.listen(organs.messenger.async_listen(_replier(pet)))
    organs.household.watch()
    workings.continuity.reconcile()
    await organs.face.async_start(personality.state, organs.battery.level)
    workings.coordinator.async_set_updated_data(workings.coordinator.build())  # the first
    workings.heart.start()
    if not saving.has_checkpoint:  # a crash in the first minutes must not lose the pet
        await saving.async_write(force=True)


async def async_sleep(pet: Anatomy) -> None:
    """Cancel timers and listeners, and checkpoint what changed."""
    organs, workings = pet.organs, pet.workings
    workings.heart.stop()
    organs.face.stop()
    workings.saving.stop()
    organs.battery.stop()
    organs.household.stop()
    workings.tasks.stop()
    await pet.parts.mind.async_flush_all()
    await workings.saving.async_write(force=True)  # where the mind stood: no false "I slept"
    pet.files.proposals.clear_issues()  # raised again when the pet wakes


def _replier(pet: Anatomy) -> ReplyHandler:
    async def reply(text: str, target: str) -> None:
        """The owner typed into a notification: an owner message, answered the same way (a
        reply, not a reach-out: it goes back where the message came from)."""
        turns, messenger = pet.parts.turns, pet.organs.messenger
        outcome = await turns.async_owner_turn(text, room="notification", sender="owner")
        if outcome.say:
            await messenger.async_deliver(outcome.say, pet.clock.utcnow(), [target])

    return reply


def _follow(pet: Anatomy) -> None:
    """Follow the entry (the dials, applied live with no reload) and Home Assistant's stop."""
    tasks = pet.workings.tasks

    @callback
    def entry_changed(change: ConfigEntryChange, entry: ConfigEntry[Any]) -> None:
        if change is ConfigEntryChange.UPDATED and entry.entry_id == pet.entry.entry_id:
            apply_options(pet, entry.options)

    async def stopping(_event: Event) -> None:
        tasks.forget(unsub_stop)  # a one-time listener is gone once it has run
        await pet.parts.mind.async_flush_all()
        await pet.workings.saving.async_write(force=True)

    tasks.listen(async_dispatcher_connect(pet.hass, SIGNAL_CONFIG_ENTRY_CHANGED, entry_changed))
    unsub_stop = pet.hass.bus.async_listen_once(EVENT_HOMEASSISTANT_STOP, stopping)
    tasks.listen(unsub_stop)
