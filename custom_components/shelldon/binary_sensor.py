"""Thinking: on while a turn is in flight."""

from __future__ import annotations

from typing import Any

from homeassistant.components.binary_sensor import (
    BinarySensorDeviceClass,
    BinarySensorEntity,
    BinarySensorEntityDescription,
)
from homeassistant.core import HomeAssistant
from homeassistant.helpers.entity_platform import AddConfigEntryEntitiesCallback

from .entity import PetEntity
from .runtime import ShelldonConfigEntry

PARALLEL_UPDATES = 0

THINKING = BinarySensorEntityDescription(
    key="thinking", translation_key="thinking", device_class=BinarySensorDeviceClass.RUNNING
)


async def async_setup_entry(
    hass: HomeAssistant,
    entry: ShelldonConfigEntry,
    async_add_entities: AddConfigEntryEntitiesCallback,
) -> None:
    """The thinking sensor."""
    async_add_entities([ThinkingSensor(entry.runtime_data.coordinator, THINKING)])


class ThinkingSensor(PetEntity, BinarySensorEntity):
    """A turn holds the pet's one slot."""

    platform_domain = "binary_sensor"

    def shown(self) -> tuple[object, ...]:
        """Whether a turn is in flight, and who waits."""
        return (self.coordinator.data.thinking, self.coordinator.data.waiting)

    @property
    def is_on(self) -> bool:
        """A turn is in flight."""
        return self.coordinator.data.thinking

    @property
    def extra_state_attributes(self) -> dict[str, Any]:
        """Owner messages waiting for the slot."""
        return {"waiting": self.coordinator.data.waiting}
