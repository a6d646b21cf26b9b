"""Waking a pet and putting it to sleep.

Waking: restore what the checkpoint kept, read the vault, wire the body, show the face and the
first snapshot, arm the timer, and write a first checkpoint at once (a crash in the first
minutes loses nothing). The owner's dials are followed live from then on. Sleeping: cancel the
timers and listeners, write what the mind has not, and checkpoint where it stood.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from homeassistant.config_entries import (
    SIGNAL_CONFIG_ENTRY_CHANGED,
    ConfigEntry,
    ConfigEntryChange,
)
from homeassistant.const import EVENT_HOMEASSISTANT_STOP
from homeassistant.core import Event, callback
from homeassistant.helpers.dispatcher import async_dispatcher_connect

from ..core.plain import flag, instants
from ..core.state import PersonalityState
from .dials import apply_options
from .life import Life


async def async_wake(pet: Life) -> None:
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
    pet.register_jobs()
    pet.heart.scheduler.restore(instants(data.get("jobs")))
    pet.battery.read()
    pet.battery.watch()
    _follow(pet)
    pet.listen(pet.messenger.async_listen(pet.async_notification_reply))
    pet.household.watch()
    pet.continuity.reconcile()
    await pet.face.async_start(pet.state, pet.battery.level)
    pet.coordinator.async_set_updated_data(pet.coordinator.build())  # the first snapshot
    pet.heart.start()
    if not pet.has_checkpoint:  # a crash in the first minutes must not lose the pet
        await pet.async_checkpoint(force=True)


async def async_sleep(pet: Life) -> None:
    """Cancel timers and listeners, and checkpoint what changed."""
    pet.heart.stop()
    pet.face.stop()
    pet.saving.stop()
    pet.battery.stop()
    pet.household.stop()
    pet.stop_listening()
    await pet.mind.async_flush_all()
    await pet.async_checkpoint(force=True)  # where the mind stood: no false "I slept"
    pet.soul.clear_issues()  # raised again when the pet wakes


def _follow(pet: Life) -> None:
    """Follow the entry (the dials, applied live with no reload) and Home Assistant's stop."""

    @callback
    def entry_changed(change: ConfigEntryChange, entry: ConfigEntry[Any]) -> None:
        if change is ConfigEntryChange.UPDATED and entry.entry_id == pet.entry.entry_id:
            retune(pet, entry.options)

    async def stopping(_event: Event) -> None:
        if unsub_stop in pet._unsubs:  # a one-time listener is gone once it has run
            pet._unsubs.remove(unsub_stop)
        await pet.mind.async_flush_all()
        await pet.async_checkpoint(force=True)

    pet.listen(async_dispatcher_connect(pet.hass, SIGNAL_CONFIG_ENTRY_CHANGED, entry_changed))
    unsub_stop = pet.hass.bus.async_listen_once(EVENT_HOMEASSISTANT_STOP, stopping)
    pet.listen(unsub_stop)


def retune(pet: Life, options: Mapping[str, Any]) -> set[str]:
    """Take new dials live (entities and their history untouched); the dials that changed."""
    return apply_options(pet, options)
