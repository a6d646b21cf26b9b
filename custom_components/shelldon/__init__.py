"""shelldon: a desk pet with an inner life."""

from __future__ import annotations

import logging

import anthropic
from homeassistant.const import STATE_UNAVAILABLE, Platform
from homeassistant.core import HomeAssistant
from homeassistant.helpers import config_validation as cv
from homeassistant.helpers import issue_registry as ir
from homeassistant.helpers.typing import ConfigType
from homeassistant.util import dt as dt_util

from .brain import Brain
from .brain.ai_task_brain import AiTaskBrain, async_generate_data_fn
from .brain.anthropic_brain import DEFAULT_MODEL, AnthropicBrain
from .brain.anthropic_client import async_client, async_list_models
from .brain.offline import OfflineBrain
from .const import CONF_AI_TASK_ENTITY, CONF_API_KEY, CONF_MODEL, CONF_OFFLINE, DOMAIN
from .issues import key_rejected
from .runtime import ShelldonConfigEntry
from .runtime.pet import Pet
from .services import async_setup_services

_LOGGER = logging.getLogger(__name__)

PLATFORMS: list[Platform] = [
    Platform.BINARY_SENSOR,
    Platform.CONVERSATION,
    Platform.IMAGE,
    Platform.SENSOR,
    Platform.SWITCH,
]

CONFIG_SCHEMA = cv.config_entry_only_config_schema(DOMAIN)


async def async_setup(hass: HomeAssistant, config: ConfigType) -> bool:
    """Register the actions."""
    async_setup_services(hass)
    return True


async def async_setup_entry(hass: HomeAssistant, entry: ShelldonConfigEntry) -> bool:
    """Wake the pet up (on the offline brain if the model cannot be used)."""
    pet = Pet(hass, entry, brain=await _async_brain(hass, entry))
    await pet.async_start()
    entry.runtime_data = pet  # options apply live (the pet follows the entry's changes)
    await hass.config_entries.async_forward_entry_setups(entry, PLATFORMS)
    return True


async def async_unload_entry(hass: HomeAssistant, entry: ShelldonConfigEntry) -> bool:
    """Put the pet to sleep, checkpointing what changed."""
    unloaded = await hass.config_entries.async_unload_platforms(entry, PLATFORMS)
    if unloaded:
        await entry.runtime_data.async_stop()
        entry.runtime_data.soul.clear_issues()  # raised again when the pet wakes
    return unloaded


async def async_remove_entry(hass: HomeAssistant, entry: ShelldonConfigEntry) -> None:
    """A pet was deleted: its repair issues go with it (its vault stays, for the owner)."""
    for issue in list(ir.async_get(hass).issues.values()):
        if issue.domain == DOMAIN and entry.entry_id in issue.issue_id:
            ir.async_delete_issue(hass, DOMAIN, issue.issue_id)


async def _async_brain(hass: HomeAssistant, entry: ShelldonConfigEntry) -> Brain:
    """The AI Task brain when an entity was chosen, the Anthropic brain when a key is set and
    accepted, else the offline brain.

    A rejected key starts reauthentication and raises a repair issue, but the pet still wakes
    (offline): its inner life never depends on the network. An unreachable API at start is not
    an error, nor is an AI Task entity that is not there yet (its integration still starting);
    turns apologise until it is back.
    """
    api_key = entry.data.get(CONF_API_KEY)
    issue_id = f"api_key_rejected_{entry.entry_id}"
    if (entity_id := entry.data.get(CONF_AI_TASK_ENTITY)) and not entry.data.get(CONF_OFFLINE):
        ir.async_delete_issue(hass, DOMAIN, issue_id)  # the owner chose another brain
        return await _async_ai_task_brain(hass, entity_id)
    if not api_key or entry.data.get(CONF_OFFLINE):
        ir.async_delete_issue(hass, DOMAIN, issue_id)  # the owner chose the offline brain
        return OfflineBrain()
    client = await async_client(hass, api_key)
    try:
        await async_list_models(client)
    except (anthropic.AuthenticationError, anthropic.PermissionDeniedError):
        key_rejected(hass, entry.entry_id, entry.title)
        entry.async_start_reauth(hass)
        return OfflineBrain()
    except anthropic.APIError as err:
        _LOGGER.info(
            "The Anthropic API is not reachable now (%s); turns will apologise", type(err).__name__
        )
    else:
        ir.async_delete_issue(hass, DOMAIN, issue_id)  # the key was checked and works
    return AnthropicBrain(
        client,
        entry.data.get(CONF_MODEL) or DEFAULT_MODEL,
        clock=lambda: dt_util.utcnow().timestamp(),  # Home Assistant's time (simulated in tests)
    )


async def _async_ai_task_brain(hass: HomeAssistant, entity_id: str) -> Brain:
    """The AI Task brain, or the offline brain on a Home Assistant without AI Task."""
    if await async_generate_data_fn(hass) is None:
        _LOGGER.info("This Home Assistant has no AI Task; %s is ignored", entity_id)
        return OfflineBrain()
    state = hass.states.get(entity_id)
    if state is None or state.state == STATE_UNAVAILABLE:
        _LOGGER.info("%s is not available yet; turns will apologise until it is", entity_id)
    return AiTaskBrain(hass, entity_id)
