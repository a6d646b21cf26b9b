"""The arbiter: one turn in flight per pet.

Owner messages wait for the single slot in the order they arrived and are never dropped;
self-initiated turns only take the slot when it is free and nobody is waiting (otherwise they
are deferred by their caller, not queued). Release hands the slot straight to the next waiter,
so nothing can cut in between two owner messages.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable


class Arbiter:
    """A fair, single-slot gate with a non-blocking door for self-initiated turns."""

    def __init__(
        self,
        on_change: Callable[[bool], None] | None = None,
        shown: Callable[[], None] | None = None,
    ) -> None:
        self._busy = False
        self._waiters: deque[asyncio.Future[None]] = deque()
        self._on_change = on_change  # the face: a turn took the slot, or gave it back
        self._shown = shown  # then the entities show it

    @property
    def busy(self) -> bool:
        """A turn is in flight."""
        return self._busy

    @property
    def waiting(self) -> int:
        """Owner messages queued for the slot."""
        return len(self._waiters)

    def try_take(self) -> bool:
        """Take the slot only if it is free and nobody waits (self-initiated turns)."""
        if self._busy or self._waiters:
            return False
        self._set_busy(True)
        return True

    async def take(self) -> None:
        """Wait in line for the slot (owner messages)."""
        if not self._busy and not self._waiters:
            self._set_busy(True)
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.append(waiter)
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self.release()  # the slot was handed to us just as we were cancelled
            else:
                self._waiters.remove(waiter)
            raise

    def release(self) -> None:
        """Hand the slot to the next in line, or free it."""
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)
                return
        self._set_busy(False)

    def _set_busy(self, busy: bool) -> None:
        self._busy = busy
        if self._on_change is not None:
            self._on_change(busy)
        if self._shown is not None:
            self._shown()
