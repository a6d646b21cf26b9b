"""shelldon: a desk pet with an inner life."""

from __future__ import annotations

from homeassistant.const import Platform
from homeassistant.core import HomeAssistant
from homeassistant.helpers import config_validation as cv
from homeassistant.helpers.typing import ConfigType

from .const import DOMAIN
from .pet import Pet
from .runtime import ShelldonConfigEntry
from .services import async_setup_services

PLATFORMS: list[Platform] = [Platform.IMAGE, Platform.SENSOR, Platform.SWITCH]

CONFIG_SCHEMA = cv.config_entry_only_config_schema(DOMAIN)


async def async_setup(hass: HomeAssistant, config: ConfigType) -> bool:
    """Register the actions."""
    async_setup_services(hass)
    return True


async def async_setup_entry(hass: HomeAssistant, entry: ShelldonConfigEntry) -> bool:
    """Wake the pet up."""
    pet = Pet(hass, entry)
    await pet.async_start()
    entry.runtime_data = pet
    entry.async_on_unload(entry.add_update_listener(_async_options_updated))
    await hass.config_entries.async_forward_entry_setups(entry, PLATFORMS)
    return True


async def async_unload_entry(hass: HomeAssistant, entry: ShelldonConfigEntry) -> bool:
    """Put the pet to sleep, checkpointing what changed."""
    unloaded = await hass.config_entries.async_unload_platforms(entry, PLATFORMS)
    if unloaded:
        await entry.runtime_data.async_stop()
    return unloaded


async def _async_options_updated(hass: HomeAssistant, entry: ShelldonConfigEntry) -> None:
    await hass.config_entries.async_reload(entry.entry_id)
