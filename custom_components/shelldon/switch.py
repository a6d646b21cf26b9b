"""The initiative switch: off, the pet never starts a turn on its own (it still lives)."""

from __future__ import annotations

from typing import Any

from homeassistant.components.switch import SwitchEntity, SwitchEntityDescription
from homeassistant.const import EntityCategory
from homeassistant.core import HomeAssistant
from homeassistant.helpers.entity_platform import AddConfigEntryEntitiesCallback

from .entity import PetEntity
from .runtime import ShelldonConfigEntry
from .runtime.coordinator import PetCoordinator
from .runtime.pet import Pet

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
    runtime = entry.runtime_data
    async_add_entities([InitiativeSwitch(runtime.coordinator, INITIATIVE, runtime.pet)])


class InitiativeSwitch(PetEntity, SwitchEntity):
    """Whether the pet may start turns on its own."""

    platform_domain = "switch"

    def __init__(
        self, coordinator: PetCoordinator, description: SwitchEntityDescription, pet: Pet
    ) -> None:
        super().__init__(coordinator, description)
        self._pet = pet  # for its command, never for what it shows

    def shown(self) -> tuple[object, ...]:
        """Whether the pet may speak first."""
        return (self.coordinator.data.initiative,)

    @property
    def is_on(self) -> bool:
        """The pet may speak first."""
        return self.coordinator.data.initiative

    async def async_turn_on(self, **kwargs: Any) -> None:
        """Let the pet take initiative."""
        await self._pet.async_set_initiative(True)

    async def async_turn_off(self, **kwargs: Any) -> None:
        """Keep the pet from starting turns on its own."""
        await self._pet.async_set_initiative(False)
