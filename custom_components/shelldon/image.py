"""The face, as a PNG sized and coloured for the owner's panel."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from homeassistant.components.image import ImageEntity, ImageEntityDescription
from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers.entity_platform import AddConfigEntryEntitiesCallback

from .entity import PetEntity
from .runtime import ShelldonConfigEntry
from .runtime.coordinator import PetCoordinator

PARALLEL_UPDATES = 0

FACE = ImageEntityDescription(key="face", translation_key="face")


async def async_setup_entry(
    hass: HomeAssistant,
    entry: ShelldonConfigEntry,
    async_add_entities: AddConfigEntryEntitiesCallback,
) -> None:
    """The face image."""
    async_add_entities([FaceImage(hass, entry.runtime_data.coordinator)])


class FaceImage(PetEntity, ImageEntity):
    """The panel's picture; its state (last updated) changes only when the face does."""

    platform_domain = "image"

    _attr_content_type = "image/png"

    def __init__(self, hass: HomeAssistant, coordinator: PetCoordinator) -> None:
        PetEntity.__init__(self, coordinator, FACE)
        ImageEntity.__init__(self, hass)
        self._attr_image_last_updated = coordinator.data.face_updated

    @callback
    def _handle_coordinator_update(self) -> None:
        self._attr_image_last_updated = self.coordinator.data.face_updated
        super()._handle_coordinator_update()

    def shown(self) -> tuple[object, ...]:
        """Which face, and when it was drawn."""
        return (self.coordinator.data.face_updated, self.coordinator.data.face)

    @property
    def extra_state_attributes(self) -> dict[str, Any]:
        """Which face is on the panel."""
        return {"face": self.coordinator.data.face}

    async def async_image(self) -> bytes | None:
        """The PNG of the face on the panel."""
        return self.coordinator.data.face_png

    @property
    def image_last_updated(self) -> datetime | None:
        """When the face last changed."""
        return self.coordinator.data.face_updated
