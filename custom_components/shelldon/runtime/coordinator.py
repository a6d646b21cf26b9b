"""The pet's coordinator: Home Assistant's own way of handing plain data to entities.

A push coordinator (no polling): the runtime builds one `PetData` when the pet's state changed
and hands it on only if it differs from the last, so each entity writes its state once per real
change. The diagnostics download asks it for the pet's inner state.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from homeassistant.config_entries import ConfigEntry
from homeassistant.core import HomeAssistant, callback
from homeassistant.helpers.update_coordinator import DataUpdateCoordinator

from .shown import PetData

_LOGGER = logging.getLogger(__name__)


class PetCoordinator(DataUpdateCoordinator[PetData]):
    """What the pet shows, pushed to its entities."""

    def __init__(
        self,
        hass: HomeAssistant,
        entry: ConfigEntry[Any],
        *,
        build: Callable[[], PetData],
        inner: Callable[[], dict[str, Any]],
    ) -> None:
        super().__init__(
            hass,
            _LOGGER,
            config_entry=entry,
            name=f"shelldon {entry.title}",
            update_interval=None,
            always_update=False,
        )
        self.build = build  # the snapshot of the pet now
        self._inner = inner
        self._held = 0  # how many are changing the pet now (its timer's jobs, a nudge)

    @callback
    def show(self) -> None:
        """Build the snapshot; hand it to the entities if anything they show changed. While
        the pet's timer runs its jobs (held), what changed is shown once they are done; while
        it is still waking, the first snapshot is shown when it is up."""
        if self._held or self.data is None:
            return
        data = self.build()
        if data != self.data:
            self.async_set_updated_data(data)

    @callback
    def hold(self) -> None:
        """A change is under way (the timer's jobs, a nudge drawing its face): nothing is
        shown in the middle of it."""
        self._held += 1

    @callback
    def release(self) -> None:
        """A change is done: once none is under way, what they changed is shown, once."""
        self._held = max(0, self._held - 1)
        self.show()

    async def async_once[T](self, change: Callable[[], Awaitable[T]]) -> T:
        """Make a change that awaits (a nudge drawing its face) and show it once it is done:
        nothing of it is shown in the middle, whoever else asks meanwhile."""
        self.hold()
        try:
            return await change()
        finally:
            self.release()

    def inner_state(self) -> dict[str, Any]:
        """The pet's inner state, for the diagnostics download (scrubbed)."""
        return self._inner()
