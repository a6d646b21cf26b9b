"""The config entry's runtime data."""

from __future__ import annotations

from homeassistant.config_entries import ConfigEntry

from .pet import Pet

type ShelldonConfigEntry = ConfigEntry[Pet]
