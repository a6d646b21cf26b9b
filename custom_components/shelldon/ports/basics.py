"""The basics every part is handed: the one clock, the one timer, the live dials, the journal,
the slot, and the small callables (post a fact, run off the loop, spawn, changed)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, time
from functools import cached_property
from typing import Any, NoReturn, Protocol

from homeassistant.util import dt as dt_util

from ..core.salience import QuietHours
from ..core.signals import Signal, SignalKind
from .const import CONF_QUIET_END, CONF_QUIET_START


class Pulse(Protocol):
    """The one timer, as a part sees it: a tick soon, and the mind's cadence."""

    def wake(self, within_s: float) -> None:
        """A fact woke the mind: a tick once the event loop is free, unless one falls due
        within `within_s` anyway."""
        ...

    def set_cadence(self, period_s: float) -> None:
        """The mind's tick follows its activity state."""
        ...


class JournalLines(Protocol):
    """The pet's journal, as a writer of lines sees it."""

    def journal(self, at: datetime, who: str | None, text: str) -> str:
        """One line (at is local); returns it."""
        ...

    def language(self) -> str:
        """The owner's language, which the pet's own lines are in."""
        ...

    def words(self, key: str, /, **values: object) -> str:
        """One of the pet's own phrases, in the owner's language."""
        ...

    def entry(self, at: datetime, key: str, /, **values: object) -> str:
        """One of the pet's own lines, in the owner's language; returns it."""
        ...


class Slot(Protocol):
    """The one turn in flight: an owner's message waits in line for it, then gives it back."""

    @property
    def waiting(self) -> int:
        """How many wait in line."""
        ...

    async def take(self) -> None:
        """Wait in line for the slot."""
        ...

    def release(self) -> None:
        """Give it to the next in line, or free it."""
        ...


class Clock(Protocol):
    """The one clock: the owner's local time and UTC, both aware."""

    def now(self) -> datetime:
        """Local, aware."""
        ...

    def utcnow(self) -> datetime:
        """UTC, aware."""
        ...


class HomeClock:
    """The one clock of a running pet: Home Assistant's own, in the owner's time zone (a test
    hands the pet a clock of its own instead). Its readings are Home Assistant's functions
    themselves, with nothing of ours between."""

    now = staticmethod(dt_util.now)  # local, aware
    utcnow = staticmethod(dt_util.utcnow)  # UTC, aware


class Dials(dict[str, Any]):
    """The owner's options as they are now: the runtime swaps them in live, every part reads
    the same ones (a part never keeps its own copy). A dial is read as from any dict; the ways a
    dict is changed refuse, so only `replace` changes them."""

    def replace(self, values: Mapping[str, Any]) -> set[str]:
        """Take new values; returns the keys that changed."""
        new = dict(values)
        changed = {k for k in self.keys() | new.keys() if self.get(k) != new.get(k)}
        dict.clear(self)
        dict.update(self, new)
        self.__dict__.clear()  # what was read from the old values (the quiet hours) goes
        return changed

    def time_of(self, key: str) -> time:
        """A dial that holds a wall time ("22:00:00"), as a time."""
        return time.fromisoformat(str(self[key]))

    @cached_property
    def quiet_hours(self) -> QuietHours:
        """The owner's quiet hours: read from their two dials once, until they are replaced
        (every tick and every line said unasked asks for them)."""
        return QuietHours(self.time_of(CONF_QUIET_START), self.time_of(CONF_QUIET_END))

    def _refuse(self, *_args: Any, **_kwargs: Any) -> NoReturn:
        raise TypeError("the dials change only as a whole, through replace()")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse


@dataclass(frozen=True)
class Asker:
    """Who sent an owner's message, from where, in which language: the conversation's own
    context (Home Assistant's `Context`), with which the home's tools are opened."""

    context: Any = None
    device_id: str | None = None
    language: str | None = None
    agent_id: str | None = None


Post = Callable[[SignalKind, "dict[str, Any] | None"], Signal]  # a fact for the mind
Executor = Callable[..., Awaitable[Any]]  # run a blocking call off the event loop
Spawn = Callable[[Awaitable[Any]], None]  # run work as a tracked task of the pet
Changed = Callable[..., None]  # something to show (and, with save=True, to checkpoint)
Words = Callable[..., str]  # one of the pet's own phrases in the owner's language: (key, **values)


@dataclass(frozen=True)
class Basics:
    """What every part stands on: whose it is (the pet's name, its config entry), the one
    clock, the live dials, a way to run work as a tracked task, and a way to say something
    changed (shown; with save=True, the default, checkpointed too)."""

    name: str
    entry_id: str
    clock: Clock
    dials: Dials
    spawn: Spawn
    changed: Changed
