"""The pet's background work: each task tracked and guarded, each listener undone on stop.

No task is left unguarded: a file the disk refuses becomes a repair issue (`storage`), anything
else one log line, and the pet lives on.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from homeassistant.config_entries import ConfigEntry
from homeassistant.core import CALLBACK_TYPE, HomeAssistant

from ..ports.const import DOMAIN
from ..vault.vault import VaultError, reason

_LOGGER = logging.getLogger(__name__)


class Tasks:
    """One pet's tasks and listeners."""

    def __init__(
        self,
        hass: HomeAssistant,
        entry: ConfigEntry[Any],
        name: str,
        storage: Callable[[str, str | None], None],
    ) -> None:
        self._hass = hass
        self._entry = entry
        self._name = name
        self._storage = storage  # (what, why): a repair issue about the disk
        self._unsubs: list[CALLBACK_TYPE] = []
        self._running: set[asyncio.Task[Any]] = set()

    def spawn(self, work: Awaitable[Any]) -> None:
        """Run a coroutine or wait on a future (an executor job) as a tracked task."""

        async def guarded() -> Any:
            try:
                return await work
            except (OSError, VaultError) as err:
                self._storage("files", reason(err))
            except Exception:
                _LOGGER.exception("Something %s was doing in the background failed", self._name)
            return None

        task = self._entry.async_create_task(self._hass, guarded(), f"{DOMAIN} {self._name}")
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    def listen(self, unsub: CALLBACK_TYPE) -> None:
        """An unsubscribe to call when the pet stops."""
        self._unsubs.append(unsub)

    def forget(self, unsub: CALLBACK_TYPE) -> None:
        """A one-time listener that has run: nothing to undo any more."""
        if unsub in self._unsubs:
            self._unsubs.remove(unsub)

    def stop(self) -> None:
        """Undo every listener and cancel every task."""
        while self._unsubs:
            self._unsubs.pop()()
        for task in list(self._running):
            task.cancel()
