"""shelldon: a desk pet with an inner life."""

from __future__ import annotations

from homeassistant.const import Platform
from homeassistant.core import HomeAssistant
from homeassistant.helpers import config_validation as cv
from homeassistant.helpers import issue_registry as ir
from homeassistant.helpers.typing import ConfigType

from .assistant_api import async_register_pet_api
from .brain.factory import async_brain
from .ports.const import DOMAIN
from .runtime import ShelldonConfigEntry, pet_runtime
from .services import async_setup_services

PLATFORMS: list[Platform] = [
    Platform.BINARY_SENSOR,
    Platform.CALENDAR,
    Platform.CONVERSATION,
    Platform.IMAGE,
    Platform.SENSOR,
    Platform.SWITCH,
    Platform.TODO,
]

CONFIG_SCHEMA = cv.config_entry_only_config_schema(DOMAIN)


async def async_setup(hass: HomeAssistant, config: ConfigType) -> bool:
    """Register the actions."""
    async_setup_services(hass)
    return True


async def async_setup_entry(hass: HomeAssistant, entry: ShelldonConfigEntry) -> bool:
    """Wake the pet up (on the offline brain if the model cannot be used)."""
    runtime = pet_runtime(hass, entry, brain=await async_brain(hass, entry))
    await runtime.pet.async_start()
    entry.runtime_data = runtime  # options apply live (the pet follows the entry's changes)
    await hass.config_entries.async_forward_entry_setups(entry, PLATFORMS)
    # Its promises, memory and shelf for every assistant (and, on 2026.11, over MCP).
    entry.async_on_unload(async_register_pet_api(hass, entry))
    return True


async def async_unload_entry(hass: HomeAssistant, entry: ShelldonConfigEntry) -> bool:
    """Put the pet to sleep, checkpointing what changed."""
    unloaded = await hass.config_entries.async_unload_platforms(entry, PLATFORMS)
    if unloaded:
        await entry.runtime_data.pet.async_stop()
    return unloaded


async def async_remove_entry(hass: HomeAssistant, entry: ShelldonConfigEntry) -> None:
    """A pet was deleted: its repair issues go with it (its vault stays, for the owner)."""
    for issue in list(ir.async_get(hass).issues.values()):
        if issue.domain == DOMAIN and entry.entry_id in issue.issue_id:
            ir.async_delete_issue(hass, DOMAIN, issue.issue_id)
