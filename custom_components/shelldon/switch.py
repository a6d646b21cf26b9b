"""The initiative switch: off, the pet never starts a turn on its own (it still lives)."""

from __future__ import annotations

from typing import Any

from homeassistant.components.switch import SwitchEntity, SwitchEntityDescription
from homeassistant.const import EntityCategory
from homeassistant.core import HomeAssistant
from homeassistant.helpers.entity_platform import AddConfigEntryEntitiesCallback

from .entity import PetEntity
from .runtime import ShelldonConfigEntry

PARALLEL_UPDATES = 0

INITIATIVE = SwitchEntityDescription(
    key="initiative", translation_key="initiative", entity_category=EntityCategory.CONFIG
)


async def async_setup_entry(
    hass: HomeAssistant,
    entry: ShelldonConfigEntry,
    async_add_entities: AddConfigEntryEntitiesCallback,
) -> None:
    """The initiative switch."""
    async_add_entities([InitiativeSwitch(entry.runtime_data, INITIATIVE)])


class InitiativeSwitch(PetEntity, SwitchEntity):
    """Whether the pet may start turns on its own."""

    def shown(self) -> Any:
        """On or off."""
        return self.pet.initiative

    @property
    def is_on(self) -> bool:
        """The pet may speak first."""
        return self.pet.initiative

    async def async_turn_on(self, **kwargs: Any) -> None:
        """Let the pet take initiative."""
        await self.pet.async_set_initiative(True)

    async def async_turn_off(self, **kwargs: Any) -> None:
        """Keep the pet from starting turns on its own."""
        await self.pet.async_set_initiative(False)
