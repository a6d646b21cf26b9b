"""When the checkpoint is written: only when something changed, within seconds of an owner's
turn, on the checkpoint cadence otherwise (the reflexes' drift included: the pet's current state
is read each time, never the one it woke with), and whole on stop. What it holds stays in memory
until a write succeeds: a failed write (no space left, a read-only disk, a folder in its way;
the store raises it, it is not assumed written) is said once in the log and as a repair issue,
and tried again ever less often until it works; the write that works holds everything."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Final

from homeassistant.core import CALLBACK_TYPE, HomeAssistant, callback
from homeassistant.helpers.event import async_call_later

from ..core.state import PersonalityState
from ..vault.vault import reason
from .checkpoint import Checkpoint

_LOGGER = logging.getLogger(__name__)

SAVE_SOON_S: Final = 2.0  # an owner's turn reaches the checkpoint this soon
RETRY_FIRST: Final = timedelta(seconds=30)
RETRY_MOST: Final = timedelta(minutes=15)


@dataclass(frozen=True)
class Held:
    """What the checkpoint holds: the pet's state now (read each time: it is replaced when the
    pet wakes; its drift alone makes a write due) and the whole snapshot that is written."""

    state: Callable[[], PersonalityState]
    snapshot: Callable[[], dict[str, Any]]


class Saving:
    """The checkpoint's writer for one pet."""

    def __init__(
        self,
        hass: HomeAssistant,
        store: Checkpoint,
        *,
        name: str,
        held: Held,
        spawn: Callable[[Awaitable[Any]], None],
        started: Callable[[], bool],
        utcnow: Callable[[], datetime],
        on_trouble: Callable[[str | None], None] = lambda _why: None,
    ) -> None:
        self.hass = hass
        self.store = store
        self.name = name
        self.state = held.state  # the pet's state now (it is replaced when the pet wakes)
        self.snapshot = held.snapshot
        self.spawn = spawn
        self.started = started
        self.has_checkpoint = False  # one was read at start, or written since
        self.must = False  # something beyond the state (which marks itself) changed since
        self.last_failed = False
        self.utcnow = utcnow
        self.on_trouble = on_trouble  # why the checkpoint cannot be written, or None again
        self._failures = 0
        self._retry_at: datetime | None = None
        self._timer: CALLBACK_TYPE | None = None

    @property
    def failing(self) -> bool:
        """The last write failed and what it held is still unwritten."""
        return self.must and self.last_failed

    def mark(self) -> None:
        """Something beyond the pet's state changed (a patch marks the state itself dirty):
        the next write holds it."""
        self.must = True

    def soon(self) -> None:
        """What the owner said and the answer reach the checkpoint within seconds."""
        self.must = True
        if self._timer is None and self.started():
            self._timer = async_call_later(self.hass, SAVE_SOON_S, self._on_soon)

    @callback
    def _on_soon(self, _now: datetime) -> None:
        self._timer = None
        self.due()

    def due(self) -> None:
        """The checkpoint cadence: write if something changed, the reflexes' drift too (after a
        failure, not before the next retry is due)."""
        changed = self.must or self.state().dirty
        if changed and (self._retry_at is None or self.utcnow() >= self._retry_at):
            self.spawn(self.async_write())

    def stop(self) -> None:
        """No write later (the stop writes whole)."""
        if self._timer:
            self._timer()
            self._timer = None

    async def async_write(self, *, force: bool = False) -> bool:
        """Save when (and only when) something changed, or when stopping; True when written."""
        state = self.state()
        if not (force or state.dirty or self.must):
            return False
        state.mark_clean()
        self.must = False
        try:
            await self.store.async_save(self.snapshot())
        except Exception as err:  # whatever it is, the pet lives on and tries again later
            self.must = True  # what it holds is still in memory: tried again later
            self.last_failed = True
            self._failures += 1
            backoff = min(RETRY_MOST, RETRY_FIRST * 2 ** (self._failures - 1))
            self._retry_at = self.utcnow() + backoff
            why = reason(err)
            if self._failures > 1:  # the first is said once, at WARNING, with the repair issue
                _LOGGER.debug("The checkpoint of %s failed again (%s)", self.name, why)
            self.on_trouble(why)
            return False
        self.last_failed = False
        self.has_checkpoint = True
        if self._failures:
            self._failures, self._retry_at = 0, None
            self.on_trouble(None)
        return True
