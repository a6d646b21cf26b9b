"""The one base entity: every entity belongs to the pet's device and follows the Pet."""

from __future__ import annotations

from typing import Any

from homeassistant.const import ATTR_RESTORED, STATE_UNKNOWN
from homeassistant.core import callback
from homeassistant.helpers.device_registry import DeviceEntryType, DeviceInfo
from homeassistant.helpers.entity import Entity, EntityDescription

from .const import DOMAIN
from .runtime.pet import Pet


def drop_stand_in(entity: Entity) -> None:
    """Before an entity's first write: if the state machine holds only the registry's stand-in
    from before this start and the entity has no value yet, drop the stand-in, so a value the
    pet never knew is a first state, not news that it "became unknown" (no logbook line)."""
    held = entity.hass.states.get(entity.entity_id)
    never_known = entity.state in (None, STATE_UNKNOWN)
    if held is not None and held.attributes.get(ATTR_RESTORED) and never_known:
        entity.hass.states.async_remove(entity.entity_id)


class PetEntity(Entity):
    """An entity of one pet; writes its state only when what it shows changed."""

    _attr_has_entity_name = True
    _attr_should_poll = False

    def __init__(self, pet: Pet, description: EntityDescription) -> None:
        self.pet = pet
        self.entity_description = description
        self._attr_unique_id = f"{pet.entry.entry_id}_{description.key}"
        self._attr_device_info = DeviceInfo(
            identifiers={(DOMAIN, pet.entry.entry_id)},
            name=pet.name,
            manufacturer="shelldon",
            model="Desk pet",
            entry_type=DeviceEntryType.SERVICE,
        )
        self._shown: Any = None

    async def async_added_to_hass(self) -> None:
        """Follow the pet."""
        await super().async_added_to_hass()
        drop_stand_in(self)
        self._shown = self.shown()
        self.async_on_remove(self.pet.async_add_listener(self._on_pet_update))

    def shown(self) -> Any:
        """What this entity currently shows (state and attributes), for change detection."""
        return None

    @callback
    def _on_pet_update(self) -> None:
        shown = self.shown()
        if shown != self._shown:
            self._shown = shown
            self.async_write_ha_state()
