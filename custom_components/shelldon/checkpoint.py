"""The personality checkpoint: one versioned Home Assistant `Store` per pet.

Writes are atomic (the Store writes a temp file and renames it). Loading never raises: a
missing file is a first run, and a corrupt, truncated or unreadable one, or one from a schema
this version cannot migrate, gives a warning and an empty checkpoint, so the pet starts from
defaults instead of failing to set up.
"""

from __future__ import annotations

import logging
from typing import Any

from homeassistant.core import HomeAssistant
from homeassistant.helpers.storage import Store

from .const import DOMAIN, STORAGE_MINOR_VERSION, STORAGE_VERSION

_LOGGER = logging.getLogger(__name__)


class PetStore(Store[dict[str, Any]]):
    """The checkpoint file `.storage/shelldon.<entry_id>`."""

    def __init__(self, hass: HomeAssistant, entry_id: str) -> None:
        super().__init__(
            hass,
            STORAGE_VERSION,
            f"{DOMAIN}.{entry_id}",
            minor_version=STORAGE_MINOR_VERSION,
            atomic_writes=True,
        )

    async def _async_migrate_func(
        self, old_major_version: int, old_minor_version: int, old_data: dict[str, Any]
    ) -> dict[str, Any]:
        """Minor versions only add sections, which restore fills with defaults."""
        if old_major_version != STORAGE_VERSION:
            raise CheckpointVersionError(
                f"checkpoint version {old_major_version} is newer than {STORAGE_VERSION}"
            )
        return old_data

    async def async_load_safe(self) -> dict[str, Any]:
        """The checkpoint's data, or {} (with a warning) when it is missing or unusable."""
        try:
            data = await self.async_load()
        except Exception as err:
            _LOGGER.warning(
                "The checkpoint %s could not be read (%s); the pet starts from defaults",
                self.key,
                type(err).__name__,
            )
            return {}
        if data is None:
            return {}
        if not isinstance(data, dict):
            _LOGGER.warning(
                "The checkpoint %s is not an object; the pet starts from defaults", self.key
            )
            return {}
        return data


class CheckpointVersionError(Exception):
    """The checkpoint was written by a newer, incompatible version."""
