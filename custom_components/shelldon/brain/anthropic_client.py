"""The Anthropic client on Home Assistant's shared HTTP client, and checking a key with it."""

from __future__ import annotations

import logging
from functools import partial

import anthropic
from homeassistant.core import HomeAssistant
from homeassistant.helpers.httpx_client import get_async_client

_LOGGER = logging.getLogger(__name__)

CHECK_TIMEOUT_S = 10.0


async def async_client(hass: HomeAssistant, api_key: str) -> anthropic.AsyncAnthropic:
    """A client that uses Home Assistant's shared httpx client (built off the event loop)."""
    return await hass.async_add_executor_job(
        partial(
            anthropic.AsyncAnthropic,
            api_key=api_key,
            http_client=get_async_client(hass),
            max_retries=0,  # the pet apologises and tries later; it never hammers
        )
    )


async def async_list_models(client: anthropic.AsyncAnthropic) -> list[tuple[str, str]]:
    """(id, display name) of the models the key can use, newest first.

    Raises the SDK's AuthenticationError, APIConnectionError, APIError as they come.
    """
    page = await client.models.list(limit=100, timeout=CHECK_TIMEOUT_S)
    return [(model.id, model.display_name or model.id) for model in page.data]
