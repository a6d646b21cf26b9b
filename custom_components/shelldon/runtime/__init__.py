"""The runtime: builds the pet's parts, lives their lifecycle, and arms the one timer.

`ShelldonConfigEntry` is the entry type every Home Assistant surface is handed; its runtime data
is the running pet.
"""

from __future__ import annotations

from homeassistant.config_entries import ConfigEntry

from .pet import Pet

type ShelldonConfigEntry = ConfigEntry[Pet]
