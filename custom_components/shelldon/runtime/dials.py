"""The owner's dials, applied live: a saved options page never reloads the pet.

The turn budget is rebuilt, the messenger's targets swapped, the battery and the household
followed anew, the shelf re-indexed, the face redrawn for a new panel; entities, their history
and the pet's state stay as they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..ports.const import (
    CONF_BATTERY_ENTITY,
    CONF_CHARGING_ENTITY,
    CONF_COOLDOWN_MIN,
    CONF_DAILY_TURNS,
    CONF_LOW_BATTERY,
    CONF_NOTIFY_TARGETS,
    CONF_PANEL_HEIGHT,
    CONF_PANEL_PALETTE,
    CONF_PANEL_WIDTH,
    CONF_PRESENCE,
    CONF_QUIET_END,
    CONF_QUIET_START,
    CONF_SHELF_VECTORS,
    DEFAULT_OPTIONS,
)
from ..vault.shelf import Shelf
from .anatomy import Anatomy


def apply_options(pet: Anatomy, options: Mapping[str, Any]) -> set[str]:
    """Take new dials live; returns the dials that changed."""
    changed = pet.dials.replace({**DEFAULT_OPTIONS, **options})
    if not changed:
        return changed
    organs, workings = pet.organs, pet.workings
    battery, face = organs.battery, organs.face
    if changed & {CONF_DAILY_TURNS, CONF_COOLDOWN_MIN}:
        workings.personality.retune(pet.dials)
    if CONF_NOTIFY_TARGETS in changed:
        organs.messenger.targets = list(pet.dials[CONF_NOTIFY_TARGETS])
    if changed & {CONF_BATTERY_ENTITY, CONF_CHARGING_ENTITY}:
        battery.watch()
    if changed & {CONF_BATTERY_ENTITY, CONF_CHARGING_ENTITY, CONF_LOW_BATTERY}:
        battery.read()
        face.follow(workings.personality.state, battery.level)
    if CONF_PRESENCE in changed:
        organs.household.watch()
    if CONF_SHELF_VECTORS in changed:
        workings.tasks.spawn(_async_reindex(pet, bool(pet.dials[CONF_SHELF_VECTORS])))
    if changed & {CONF_PANEL_WIDTH, CONF_PANEL_HEIGHT, CONF_PANEL_PALETTE}:
        face.clear_cache()
    if changed & {CONF_QUIET_START, CONF_QUIET_END}:
        workings.rhythm.goals_changed()  # a promise due in the quiet hours moves with them
    workings.saving.mark()
    workings.coordinator.show()
    workings.heart.arm()
    return changed


async def _async_reindex(pet: Anatomy, vectors: bool) -> None:
    shelf = Shelf(pet.files.vault, vectors=vectors)
    await pet.hass.async_add_executor_job(shelf.load)
    pet.files.shelf = shelf  # swapped in whole: a scan meanwhile still saw the old shelf
