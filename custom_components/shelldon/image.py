"""The face, as a PNG sized and coloured for the owner's panel."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from homeassistant.components.image import ImageEntity, ImageEntityDescription
from homeassistant.core import HomeAssistant
from homeassistant.helpers.entity_platform import AddConfigEntryEntitiesCallback

from .entity import PetEntity
from .runtime import ShelldonConfigEntry
from .runtime.pet import Pet

PARALLEL_UPDATES = 0

FACE = ImageEntityDescription(key="face", translation_key="face")


async def async_setup_entry(
    hass: HomeAssistant,
    entry: ShelldonConfigEntry,
    async_add_entities: AddConfigEntryEntitiesCallback,
) -> None:
    """The face image."""
    async_add_entities([FaceImage(hass, entry.runtime_data)])


class FaceImage(PetEntity, ImageEntity):
    """The panel's picture; its state (last updated) changes only when the face does."""

    _attr_content_type = "image/png"

    def __init__(self, hass: HomeAssistant, pet: Pet) -> None:
        PetEntity.__init__(self, pet, FACE)
        ImageEntity.__init__(self, hass)
        self._attr_image_last_updated = pet.face_updated

    def shown(self) -> Any:
        """The face's render time and what it shows."""
        return (self.pet.face_updated, self.pet.display)

    def _on_pet_update(self) -> None:
        self._attr_image_last_updated = self.pet.face_updated
        super()._on_pet_update()

    @property
    def extra_state_attributes(self) -> dict[str, Any]:
        """Which face is on the panel."""
        return {"face": self.pet.display}

    async def async_image(self) -> bytes | None:
        """The PNG of the face on the panel."""
        return self.pet.face_png

    @property
    def image_last_updated(self) -> datetime | None:
        """When the face last changed."""
        return self.pet.face_updated
