"""Pure policy: when to redraw the panel, how, and how long to wait before reconnecting.

No I/O and no clock reads: every function takes `now` (seconds on a monotonic clock) and the
state it decides on, and returns a decision or a new state. The service (service.py) is the
only caller; the tests drive it with fixed instants.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

BACKOFF_FIRST_S = 1.0
BACKOFF_MAX_S = 60.0
# E-Ink makers ask for a full refresh at least once a day, however few partial ones there were.
FULL_AT_LEAST_EVERY_S = 24 * 3600.0


class Refresh(enum.Enum):
    """How the panel redraws: a full refresh clears ghosting, a partial one is quick and calm."""

    FULL = "full"
    PARTIAL = "partial"


@dataclass(frozen=True)
class Timing:
    """What a panel model can do."""

    min_interval_s: float  # never two refreshes closer together than this
    partial: bool  # the panel can refresh partially
    full_every: int = 10  # every Nth refresh is a full one (1: always full)
    full_at_least_every_s: float = FULL_AT_LEAST_EVERY_S

    def __post_init__(self) -> None:
        if self.min_interval_s < 0:
            raise ValueError("min_interval_s must not be negative")
        if self.full_every < 1:
            raise ValueError("full_every must be at least 1")


@dataclass(frozen=True)
class Shown:
    """What the panel shows, and when it last refreshed."""

    digest: str | None = None  # the picture on the panel (None: nothing drawn yet)
    at: float | None = None  # the last refresh
    full_at: float | None = None  # the last full refresh
    partials: int = 0  # partial refreshes since the last full one


@dataclass(frozen=True)
class Draw:
    """Refresh the panel now, this way."""

    refresh: Refresh


@dataclass(frozen=True)
class Wait:
    """Too soon after the last refresh: ask again at `until`."""

    until: float


@dataclass(frozen=True)
class Keep:
    """The panel already shows this picture."""


Decision = Draw | Wait | Keep


def decide(shown: Shown, digest: str, now: float, timing: Timing) -> Decision:
    """Whether and how to put the picture `digest` on the panel at `now`."""
    if digest == shown.digest:
        return Keep()
    if shown.at is not None and now < shown.at + timing.min_interval_s:
        return Wait(shown.at + timing.min_interval_s)
    return Draw(refresh_kind(shown, now, timing))


def refresh_kind(shown: Shown, now: float, timing: Timing) -> Refresh:
    """Full on the first draw (the panel's state is unknown), every Nth draw, once a day, and
    always on a panel without partial refresh; partial otherwise."""
    if not timing.partial or shown.at is None or shown.full_at is None:
        return Refresh.FULL
    if shown.partials + 1 >= timing.full_every:
        return Refresh.FULL
    if now - shown.full_at >= timing.full_at_least_every_s:
        return Refresh.FULL
    return Refresh.PARTIAL


def drawn(shown: Shown, digest: str, refresh: Refresh, now: float) -> Shown:
    """The panel's state after refreshing with `digest` at `now`."""
    if refresh is Refresh.FULL:
        return Shown(digest=digest, at=now, full_at=now, partials=0)
    return replace(shown, digest=digest, at=now, partials=shown.partials + 1)


def offline_due(down_since: float | None, now: float, after_s: float) -> bool:
    """Whether Home Assistant has been away long enough for the "no connection" face."""
    return down_since is not None and now - down_since >= after_s


def offline_at(down_since: float | None, after_s: float) -> float | None:
    """When the "no connection" face becomes due (None while connected)."""
    return None if down_since is None else down_since + after_s


def backoff(attempt: int, first_s: float = BACKOFF_FIRST_S, max_s: float = BACKOFF_MAX_S) -> float:
    """Seconds to wait before reconnect attempt `attempt` (0-based): 1, 2, 4, ... up to 60."""
    if attempt < 0:
        raise ValueError("attempt must not be negative")
    # 2**attempt overflows nothing in Python, but there is no need to compute huge powers.
    return min(max_s, first_s * 2 ** min(attempt, 32))
