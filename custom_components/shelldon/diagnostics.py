"""Diagnostics: what the pet is and why it behaves so, with every secret redacted and scrubbed."""

from __future__ import annotations

from dataclasses import asdict
from datetime import date, datetime
from typing import Any

from homeassistant.components.diagnostics import async_redact_data
from homeassistant.core import HomeAssistant

from .ports.const import CONF_API_KEY
from .runtime import ShelldonConfigEntry

TO_REDACT = {CONF_API_KEY}


async def async_get_config_entry_diagnostics(
    hass: HomeAssistant, entry: ShelldonConfigEntry
) -> dict[str, Any]:
    """The entry, its options, what the pet shows and its inner state (from its coordinator)."""
    coordinator = entry.runtime_data.coordinator
    shown = asdict(coordinator.data)
    shown.pop("face_png", None)  # the picture is the image entity's
    return {
        "entry": {
            "data": async_redact_data(dict(entry.data), TO_REDACT),
            "options": async_redact_data(dict(entry.options), TO_REDACT),
        },
        "shown": _plain(shown),
        **coordinator.inner_state(),
    }


def _plain(value: Any) -> Any:
    """The snapshot as JSON holds it: instants and days as ISO strings, tuples as lists."""
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value
