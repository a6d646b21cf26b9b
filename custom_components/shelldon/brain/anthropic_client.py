"""The Anthropic client on Home Assistant's shared HTTP client, and checking a key with it."""

from __future__ import annotations

import importlib
import logging
from functools import partial
from typing import Any, Final

import anthropic
from homeassistant.const import EVENT_HOMEASSISTANT_CLOSE
from homeassistant.core import Event, HomeAssistant
from homeassistant.helpers.httpx_client import get_async_client

from ..ports.const import DOMAIN

_LOGGER = logging.getLogger(__name__)

CHECK_TIMEOUT_S = 10.0
DATA_OWN_HTTP_CLIENT: Final = f"{DOMAIN}_anthropic_http_client"


async def async_client(hass: HomeAssistant, api_key: str) -> anthropic.AsyncAnthropic:
    """A client that uses Home Assistant's shared httpx client (built off the event loop).

    An SDK on another HTTP library than Home Assistant's refuses that client (SDK 2.x sends
    through httpx2, Home Assistant before 2026.11 through httpx): it then gets one client of
    its own library instead, shared by every pet and closed with Home Assistant.
    """
    build = partial(anthropic.AsyncAnthropic, api_key=api_key, max_retries=0)  # never hammers
    own = hass.data.get(DATA_OWN_HTTP_CLIENT)
    if own is None:
        try:
            return await hass.async_add_executor_job(
                partial(build, http_client=get_async_client(hass))
            )
        except TypeError:  # "Invalid `http_client` argument": not the SDK's HTTP library
            own = await _async_own_http_client(hass)
    return await hass.async_add_executor_job(partial(build, http_client=own))


async def _async_own_http_client(hass: HomeAssistant) -> Any:
    """The SDK's own default HTTP client (on its own library), one per Home Assistant."""
    if (existing := hass.data.get(DATA_OWN_HTTP_CLIENT)) is not None:
        return existing
    _LOGGER.debug("The Anthropic SDK does not take Home Assistant's httpx client; using its own")
    client: Any = await hass.async_add_executor_job(anthropic.DefaultAsyncHttpxClient)
    if (existing := hass.data.get(DATA_OWN_HTTP_CLIENT)) is not None:  # built meanwhile
        await client.aclose()
        return existing
    hass.data[DATA_OWN_HTTP_CLIENT] = client

    async def _async_close(_event: Event) -> None:
        hass.data.pop(DATA_OWN_HTTP_CLIENT, None)
        await client.aclose()

    hass.bus.async_listen_once(EVENT_HOMEASSISTANT_CLOSE, _async_close)
    return client


def retirement(model: str) -> str | None:
    """When the installed SDK says the model reaches its end of life (its DEPRECATED_MODELS
    table, where it has one), or None: not listed as deprecated."""
    table: Any = None
    for where in ("anthropic._data", "anthropic.resources.messages.messages"):
        try:
            table = getattr(importlib.import_module(where), "DEPRECATED_MODELS", None)
        except ImportError:
            continue
        if isinstance(table, dict):
            break
    if not isinstance(table, dict) or model not in table:
        return None
    return str(table[model])


async def async_list_models(client: anthropic.AsyncAnthropic) -> list[tuple[str, str]]:
    """(id, display name) of the models the key can use, newest first.

    Raises the SDK's AuthenticationError, APIConnectionError, APIError as they come.
    """
    page = await client.models.list(limit=100, timeout=CHECK_TIMEOUT_S)
    return [(model.id, model.display_name or model.id) for model in page.data]
