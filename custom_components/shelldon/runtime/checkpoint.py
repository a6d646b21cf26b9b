"""The personality checkpoint: one versioned Home Assistant `Store` per pet.

Writes are atomic (the Store writes a temp file and renames it), and every string in them is
cleaned and scrubbed first, like every byte the pet writes to its vault. Loading never raises:
a missing file is a first run, and a corrupt, truncated or unreadable one gives a warning and
an empty checkpoint, so the pet starts from defaults instead of failing to set up. A checkpoint
written by a newer version is copied aside first (`<key>.newer`), never overwritten without a
copy: a newer major version is not read (the pet starts fresh, with a warning); a newer minor
version only added sections, so what this version knows of it is read.
"""

from __future__ import annotations

import inspect
import logging
import re
from typing import Any, Final

from homeassistant.core import HomeAssistant
from homeassistant.helpers.storage import Store

from ..const import DOMAIN, STORAGE_MINOR_VERSION, STORAGE_VERSION
from ..core.scrub import Scrubber
from ..core.text import clean_data
from ..vault.files import new_scrubber

_LOGGER = logging.getLogger(__name__)

NEWER_SUFFIX: Final = ".newer"
# Home Assistant 2026.x refuses a newer major version before any migration runs; let it reach
# ours, which keeps a copy aside (older releases always call the migration).
_READ_ANY_VERSION: Final[dict[str, Any]] = (
    {"max_readable_version": 1_000_000}
    if "max_readable_version" in inspect.signature(Store.__init__).parameters
    else {}
)


TAINT: Final = "taint"  # the scrubber's own section: hashes, never scrubbed (nor secret)
_KEY: Final = re.compile(r"[0-9a-f]{32}")
_SEEN: Final = re.compile(r"[0-9a-f]{24}:\d{1,3}:\d{1,2}")


def _taint(data: Any) -> dict[str, Any] | None:
    """The taint section as the scrubber wrote it, or None: nothing else passes unscrubbed."""
    if not isinstance(data, dict) or not isinstance(data.get("key"), str):
        return None
    seen = data.get("seen")
    if not _KEY.fullmatch(data["key"]) or not isinstance(seen, list):
        return None
    return {
        "key": data["key"],
        "seen": [s for s in seen if isinstance(s, str) and _SEEN.fullmatch(s)],
    }


def _fresh(data: Any) -> Any:
    """A copy of the containers (the strings are shared): what the executor scrubs is not
    what the loop goes on changing."""
    if isinstance(data, dict):
        return {key: _fresh(value) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [_fresh(value) for value in data]
    return data


class PetStore(Store[dict[str, Any]]):
    """The checkpoint file `.storage/shelldon.<entry_id>`."""

    def __init__(
        self, hass: HomeAssistant, entry_id: str, scrubber: Scrubber | None = None
    ) -> None:
        self.scrubber = scrubber or new_scrubber()
        super().__init__(
            hass,
            STORAGE_VERSION,
            f"{DOMAIN}.{entry_id}",
            minor_version=STORAGE_MINOR_VERSION,
            atomic_writes=True,
            **_READ_ANY_VERSION,
        )

    async def _async_migrate_func(
        self, old_major_version: int, old_minor_version: int, old_data: dict[str, Any]
    ) -> dict[str, Any]:
        """Minor versions only add sections, which restore fills with defaults. A checkpoint
        from a newer version is copied aside first, so nothing is overwritten without a copy."""
        if (old_major_version, old_minor_version) > (STORAGE_VERSION, STORAGE_MINOR_VERSION):
            kept = Store[dict[str, Any]](
                self.hass,
                old_major_version,
                f"{self.key}{NEWER_SUFFIX}",
                minor_version=old_minor_version,
                atomic_writes=True,
            )
            await kept.async_save(old_data)
            _LOGGER.warning(
                "The checkpoint %s was written by a newer shelldon (version %s.%s); a copy is kept "
                "as %s%s, and %s",
                self.key,
                old_major_version,
                old_minor_version,
                self.key,
                NEWER_SUFFIX,
                "the pet starts fresh"
                if old_major_version != STORAGE_VERSION
                else "what this version knows of it is read",
            )
        if old_major_version != STORAGE_VERSION:
            raise CheckpointVersionError(
                f"checkpoint version {old_major_version} is not {STORAGE_VERSION}"
            )
        return old_data

    async def async_save(self, data: dict[str, Any]) -> None:
        """Save the checkpoint, every string in it cleaned and scrubbed (in the executor: a
        long conversation is a lot of text), but for the scrubber's own hashes."""
        rest = _fresh({key: value for key, value in data.items() if key != TAINT})
        scrubbed: dict[str, Any] = await self.hass.async_add_executor_job(self._scrubbed, rest)
        if (taint := _taint(data.get(TAINT))) is not None:
            scrubbed[TAINT] = taint
        await super().async_save(scrubbed)

    def _scrubbed(self, data: dict[str, Any]) -> dict[str, Any]:
        scrubbed: dict[str, Any] = self.scrubber.data(clean_data(data))
        return scrubbed

    async def async_load_safe(self) -> dict[str, Any]:
        """The checkpoint's data, or {} (with a warning) when it is missing or unusable."""
        try:
            data = await self.async_load()
        except CheckpointVersionError:
            return {}  # a newer major version: kept aside, said so
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
