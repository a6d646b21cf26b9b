"""Activity states: always on is affordable because the pet is almost always nearly asleep.

ENGAGED (talking; short ticks) drifts down to IDLE after a few quiet minutes, IDLE to DORMANT
after an hour (a pet the owner has not spoken to yet counts the hour from when it woke, unless
it knows nobody is home), and DORMANT enters DREAM inside the night window. Everything is a
slow drift down the cost ladder; only the owner speaking moves the state up, at once, from
anywhere. Token pressure at or over 1.0 sheds IDLE to DORMANT (conversation itself is never
blocked).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time, timedelta
from enum import StrEnum
from typing import Final


class Activity(StrEnum):
    """How awake the mind is."""

    ENGAGED = "engaged"
    IDLE = "idle"
    DORMANT = "dormant"
    DREAM = "dream"


CADENCE_S: Final[dict[Activity, float]] = {
    Activity.ENGAGED: 10,
    Activity.IDLE: 60,
    Activity.DORMANT: 15 * 60,
    Activity.DREAM: 30,  # short chunked ticks while consolidating
}
ENGAGED_FOR: Final = timedelta(minutes=3)
IDLE_FOR: Final = timedelta(minutes=60)
DREAM_START: Final = time(2, 0)
DREAM_END: Final = time(6, 0)


def in_window(now: datetime, start: time, end: time) -> bool:
    """Whether the local wall time of `now` falls in [start, end) (which may cross midnight)."""
    t = now.timetz().replace(tzinfo=None)
    if start <= end:
        return start <= t < end
    return t >= start or t < end


@dataclass(frozen=True)
class Drift:
    """A state change and why."""

    state: Activity
    reason: str


def regulate(
    state: Activity,
    now: datetime,
    last_owner: datetime | None,
    *,
    token_pressure: float = 0.0,
    dream_start: time = DREAM_START,
    dream_end: time = DREAM_END,
    dream_work: bool = True,
    woke_at: datetime | None = None,
    home_empty: bool = False,
    dream_idle_h: float | None = None,
) -> Drift | None:
    """The one drift step down the ladder due at `now`, or None (never up).

    With `dream_idle_h`, an owner away that long lets a pet with notes dream off-window too.
    """
    away_long = (
        dream_idle_h is not None
        and last_owner is not None
        and now - last_owner >= timedelta(hours=dream_idle_h)
        and dream_work
    )
    since = last_owner if last_owner is not None else (None if home_empty else woke_at)
    quiet = now - since if since is not None else timedelta.max
    dreamy = in_window(now, dream_start, dream_end)
    if state is Activity.ENGAGED and quiet >= ENGAGED_FOR:
        return Drift(Activity.IDLE, "the conversation went quiet")
    if state is Activity.IDLE:
        if token_pressure >= 1.0:
            return Drift(Activity.DORMANT, "today's tokens are spent")
        if quiet >= IDLE_FOR:
            return Drift(Activity.DORMANT, "an hour without the owner")
    if state is Activity.DORMANT and dreamy and dream_work:
        return Drift(Activity.DREAM, "the night window opened")
    if state is Activity.DORMANT and away_long:
        return Drift(Activity.DREAM, f"{dream_idle_h:g} h without the owner and notes to dream on")
    if state is Activity.DREAM and (not dreamy or not dream_work) and not away_long:
        reason = "the night window closed" if not dreamy else "nothing left to dream on"
        return Drift(Activity.DORMANT, reason)
    return None


def preempt(state: Activity) -> Drift | None:
    """The owner spoke: engaged from anywhere, at once."""
    if state is Activity.ENGAGED:
        return None
    return Drift(Activity.ENGAGED, "the owner spoke")
