"""When the checkpoint is written: only when something changed, within seconds of an owner's
turn, on the checkpoint cadence otherwise, and whole on stop. A failed write is tried again at
the next chance (and the health check says so meanwhile)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any, Final

from homeassistant.core import CALLBACK_TYPE, HomeAssistant, callback
from homeassistant.helpers.event import async_call_later

from ..core.state import PersonalityState
from .checkpoint import PetStore

_LOGGER = logging.getLogger(__name__)

SAVE_SOON_S: Final = 2.0  # an owner's turn reaches the checkpoint this soon


class Saving:
    """The checkpoint's writer for one pet."""

    def __init__(
        self,
        hass: HomeAssistant,
        store: PetStore,
        *,
        name: str,
        state: PersonalityState,
        snapshot: Callable[[], dict[str, Any]],
        spawn: Callable[[Awaitable[Any]], None],
        started: Callable[[], bool],
    ) -> None:
        self.hass = hass
        self.store = store
        self.name = name
        self.state = state
        self.snapshot = snapshot
        self.spawn = spawn
        self.started = started
        self.has_checkpoint = False  # one was read at start, or written since
        self.must = False  # something beyond the drift of reflexes changed since the last write
        self.last_failed = False
        self._timer: CALLBACK_TYPE | None = None

    @property
    def failing(self) -> bool:
        """The last write failed and what it held is still unwritten."""
        return self.must and self.last_failed

    def soon(self) -> None:
        """What the owner said and the answer reach the checkpoint within seconds."""
        self.must = True
        if self._timer is None and self.started():
            self._timer = async_call_later(self.hass, SAVE_SOON_S, self._on_soon)

    @callback
    def _on_soon(self, _now: datetime) -> None:
        self._timer = None
        self.spawn(self.async_write())

    def due(self) -> None:
        """The checkpoint cadence: write if something changed."""
        if self.must:
            self.spawn(self.async_write())

    def stop(self) -> None:
        """No write later (the stop writes whole)."""
        if self._timer:
            self._timer()
            self._timer = None

    async def async_write(self, *, force: bool = False) -> bool:
        """Save when (and only when) something changed, or when stopping; True when written."""
        if not (force or self.state.dirty or self.must):
            return False
        self.state.mark_clean()
        self.must = False
        try:
            await self.store.async_save(self.snapshot())
            self.last_failed = False
            self.has_checkpoint = True
        except Exception:
            self.must = True  # try again on the next checkpoint
            self.last_failed = True
            _LOGGER.exception("Could not write the checkpoint for %s", self.name)
            return False
        return True
