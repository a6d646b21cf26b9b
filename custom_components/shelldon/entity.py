"""The one base entity: every entity belongs to the pet's device and shows the coordinator's data.

The device is described here once (the conversation agent, which is no coordinator entity, uses
the same description).
"""

from __future__ import annotations

from typing import ClassVar

from homeassistant.const import ATTR_RESTORED, STATE_UNKNOWN
from homeassistant.core import callback
from homeassistant.helpers.device_registry import DeviceEntryType, DeviceInfo
from homeassistant.helpers.entity import Entity, EntityDescription
from homeassistant.helpers.update_coordinator import CoordinatorEntity
from homeassistant.util import slugify

from .ports.const import DOMAIN
from .runtime.coordinator import PetCoordinator


def device_info(entry_id: str, name: str) -> DeviceInfo:
    """The pet's device: one per pet, a service (it lives in Home Assistant)."""
    return DeviceInfo(
        identifiers={(DOMAIN, entry_id)},
        name=name,
        manufacturer="shelldon",
        model="Desk pet",
        entry_type=DeviceEntryType.SERVICE,
    )


def stable_entity_id(domain: str, name: str, key: str) -> str:
    """An entity's id as the surface names it: stable_entity_id("sensor", "Shelldon", "mood")
    -> "sensor.shelldon_mood" (a name that slugs to nothing gives the key alone)."""
    slug = slugify(name)
    return f"{domain}.{slug}_{key}" if slug and slug != "unknown" else f"{domain}.{key}"


def drop_stand_in(entity: Entity) -> None:
    """Before an entity's first write: if the state machine holds only the registry's stand-in
    from before this start and the entity has no value yet, drop the stand-in, so a value the
    pet never knew is a first state, not news that it "became unknown" (no logbook line)."""
    held = entity.hass.states.get(entity.entity_id)
    never_known = entity.state in (None, STATE_UNKNOWN)
    if held is not None and held.attributes.get(ATTR_RESTORED) and never_known:
        entity.hass.states.async_remove(entity.entity_id)


class PetEntity(CoordinatorEntity[PetCoordinator]):
    """An entity of one pet: it reads the pet's snapshot, and writes only when what it shows
    changed (a snapshot that moved the energy rewrites the energy sensor, not all twenty)."""

    _attr_has_entity_name = True
    platform_domain: ClassVar[str]  # sensor, image, …: the first part of the entity id
    _written: tuple[object, ...] | None = None  # what it showed at its last write

    def __init__(self, coordinator: PetCoordinator, description: EntityDescription) -> None:
        super().__init__(coordinator)
        self.entity_description = description
        entry_id = coordinator.config_entry.entry_id if coordinator.config_entry else ""
        self._attr_unique_id = f"{entry_id}_{description.key}"
        self._attr_device_info = device_info(entry_id, coordinator.data.name)
        # The entity ids are part of the surface (automations, the dashboard and the blueprints
        # name them): the pet's name and the entity's key, the same in every language, where
        # Home Assistant would make them from the name in its own language (the names shown
        # are translated). Only a suggestion: an id the registry already holds stays.
        self.entity_id = stable_entity_id(
            self.platform_domain, coordinator.data.name, description.key
        )

    async def async_added_to_hass(self) -> None:
        """Follow the coordinator (a first state is a first state, never "became unknown")."""
        await super().async_added_to_hass()
        drop_stand_in(self)

    def shown(self) -> tuple[object, ...]:
        """What this entity shows: its state, its attributes and what its platform lists."""
        return (
            self.state,
            self.state_attributes,
            self.extra_state_attributes,
            self.capability_attributes,
        )

    @callback
    def _handle_coordinator_update(self) -> None:
        """A new snapshot: write only if what this entity shows of it changed."""
        shown = self.shown()
        if shown != self._written:
            self._write(shown)

    @callback
    def async_write_ha_state(self) -> None:
        """Every write is remembered, the platform's own too (a calendar's alarm, an image's
        new token)."""
        self._write(self.shown())

    def _write(self, shown: tuple[object, ...]) -> None:
        super().async_write_ha_state()
        self._written = shown
