"""The personality checkpoint: one versioned Home Assistant `Store` per pet.

Writes are atomic (a temp file beside it, renamed over it), and every string in them is cleaned
and scrubbed first, like every byte the pet writes to its vault. A write is known, not assumed:
Store logs a failed write at ERROR and returns as if it had written, so the pet takes the
failure from Store's own write step and raises it to whoever saved; while Home Assistant's
writer fails (and would log an error with a traceback on every try), the pet writes the same
envelope itself, quietly, until one gets through. Loading never raises:
a missing file is a first run, and a corrupt, truncated or unreadable one gives a warning and
an empty checkpoint, so the pet starts from defaults instead of failing to set up. A checkpoint
written by a newer version is copied aside first (`<key>.newer`), never overwritten without a
copy: a newer major version is not read (the pet starts fresh, with a warning); a newer minor
version only added sections, so what this version knows of it is read.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import re
from pathlib import Path
from typing import Any, Final

from homeassistant.core import HomeAssistant
from homeassistant.helpers.json import JSONEncoder
from homeassistant.helpers.storage import Store

from ..core.secrets.scrub import Pool, Scrubber
from ..core.text import clean_data
from ..ports.const import DOMAIN, STORAGE_MINOR_VERSION, STORAGE_VERSION
from ..vault.vault import new_scrubber, reason, write_atomically

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
# One remembered secret: its entries (hash:length:words), the whole first, joined by spaces.
_SEEN: Final = re.compile(r"[0-9a-f]{24}:\d{1,3}:\d{1,2}(?: [0-9a-f]{24}:\d{1,3}:\d{1,2}){0,63}")


def _hashes(items: Any) -> list[str]:
    if not isinstance(items, list):
        return []
    return [item for item in items if isinstance(item, str) and _SEEN.fullmatch(item)]


def _taint(data: Any) -> dict[str, Any] | None:
    """The taint section as the scrubber wrote it (its pools, or the one list of before), or
    None: nothing else passes unscrubbed."""
    if not isinstance(data, dict) or not isinstance(data.get("key"), str):
        return None
    if not _KEY.fullmatch(data["key"]):
        return None
    if isinstance(pools := data.get("pools"), dict):
        return {
            "key": data["key"],
            "pools": {pool.value: _hashes(pools.get(pool.value)) for pool in Pool},
        }
    if isinstance(data.get("seen"), list):
        return {"key": data["key"], "seen": _hashes(data["seen"])}
    return None


def _fresh(data: Any) -> Any:
    """A copy of the containers (the strings are shared): what the executor scrubs is not
    what the loop goes on changing."""
    if isinstance(data, dict):
        return {key: _fresh(value) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [_fresh(value) for value in data]
    return data


class Checkpoint(Store[dict[str, Any]]):
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
        self.unwritable = False  # Home Assistant's writer failed here: the pet writes it itself
        self._one_at_a_time = asyncio.Lock()  # the pet's saves, each told how its write went
        self._failed: BaseException | None = None  # how the write under way failed
        self._reading = False  # a migration's save while reading: it must not lose what was read

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
        long conversation is a lot of text), but for the scrubber's own hashes. Raises what
        the write raised (the OS's own error where there is one) when the file was not written.
        While Home Assistant stops, Store keeps the data for its final write."""
        rest = _fresh({key: value for key, value in data.items() if key != TAINT})
        async with self._one_at_a_time:
            scrubbed: dict[str, Any] = await self.hass.async_add_executor_job(self._scrubbed, rest)
            if (taint := _taint(data.get(TAINT))) is not None:
                scrubbed[TAINT] = taint
            self._failed = None
            await super().async_save(scrubbed)
            failed, self._failed = self._failed, None
        if failed is not None and not self._reading:
            raise failed

    async def _async_write_data(self, *args: Any) -> None:
        """Store's write step, handed the envelope last in every release: Home Assistant's
        writer while it works, the pet's own quiet one once it failed, until a write gets
        through. A failure is kept for `async_save` to raise: handed back to Store, it would be
        logged at ERROR on every save and the save would return as if it had written."""
        envelope: dict[str, Any] = args[-1]
        try:
            if self.unwritable:
                await self.hass.async_add_executor_job(_write_quietly, self.path, envelope)
            else:
                await super()._async_write_data(*args)
        except Exception as err:  # whatever it is, the file was not written
            self.unwritable = True
            cause = err.__cause__
            self._failed = failed = cause if isinstance(cause, OSError) else err
            if not self._one_at_a_time.locked():  # Home Assistant's final write: nobody waits
                _LOGGER.warning("The checkpoint %s was not written (%s)", self.key, reason(failed))
            return
        self.unwritable = False

    def _scrubbed(self, data: dict[str, Any]) -> dict[str, Any]:
        scrubbed: dict[str, Any] = self.scrubber.data(clean_data(data))
        return scrubbed

    async def async_load_safe(self) -> dict[str, Any]:
        """The checkpoint's data, or {} (with a warning) when it is missing or unusable."""
        self._reading = True
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
        finally:
            self._reading = False
        if data is None:
            return {}
        if not isinstance(data, dict):
            _LOGGER.warning(
                "The checkpoint %s is not an object; the pet starts from defaults", self.key
            )
            return {}
        return data


def _write_quietly(path: str, envelope: dict[str, Any]) -> None:
    """The envelope as Store writes it (indented JSON), atomically: a temp file beside it,
    fsync, then a rename over it. Raises the OS's error and logs nothing (in the executor)."""
    raw = json.dumps(envelope, indent=2, ensure_ascii=False, cls=JSONEncoder).encode()
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(target, raw, mode=0o644)


class CheckpointVersionError(Exception):
    """The checkpoint was written by a newer, incompatible version."""
