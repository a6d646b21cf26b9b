"""Choosing a pet's brain: an AI Task entity, the Anthropic API with the entry's key, or none.

A rejected key starts reauthentication and raises a repair issue, but the pet still wakes
(offline): its inner life never depends on the network.
"""

from __future__ import annotations

import logging

import anthropic
from homeassistant.config_entries import ConfigEntry
from homeassistant.const import STATE_UNAVAILABLE
from homeassistant.core import HomeAssistant
from homeassistant.helpers import issue_registry as ir
from homeassistant.util import dt as dt_util

from ..ports.const import CONF_AI_TASK_ENTITY, CONF_API_KEY, CONF_MODEL, CONF_OFFLINE, DOMAIN
from ..ports.issues import MODEL_RETIRED, key_rejected, model_retired
from . import Brain
from .ai_task_brain import AiTaskBrain, async_generate_data_fn
from .anthropic_brain import DEFAULT_MODEL, AnthropicBrain
from .anthropic_client import async_client, async_list_models, retirement
from .offline import OfflineBrain

_LOGGER = logging.getLogger(__name__)


async def async_brain(hass: HomeAssistant, entry: ConfigEntry) -> Brain:
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
    model = entry.data.get(CONF_MODEL) or DEFAULT_MODEL
    if (until := retirement(model)) is not None:
        model_retired(hass, entry.entry_id, entry.title, model, "deprecated", until)
    else:  # a current model (chosen anew, or no longer listed as deprecated)
        ir.async_delete_issue(hass, DOMAIN, f"{MODEL_RETIRED}_{entry.entry_id}")
    return AnthropicBrain(
        client,
        model,
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
