"""Easing off on battery: one power reading resolves to a backoff level.

Plugged in is LIVELY whatever the charge (a low battery that is charging is recovering); an
unknown charge on battery is EASED, never LOW. The level stretches Interval and Idle cadences
(Daily is exempt) and decides which turns may run; reflex jobs are stretched, never skipped.
On LOW the pet also wakes at most once a stretched dormant beat: what falls due in between is
done together at the next wake-up (an instant promised to the owner is kept all the same).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Final

from . import defaults as d


@dataclass(frozen=True)
class PowerState:
    """One reading: on battery or not, and the charge in percent (None when unknown)."""

    on_battery: bool
    charge: float | None = None


PLUGGED_IN: Final = PowerState(on_battery=False, charge=None)


class BackoffLevel(StrEnum):
    """How hard the pet eases off."""

    LIVELY = "lively"  # plugged in: normal cadences, nothing skipped
    EASED = "eased"  # on battery, charge fine or unknown: stretch, skip non-essential turns
    LOW = "low"  # on battery, charge under the threshold: stretch more, skip all turns


STRETCH: Final[dict[BackoffLevel, float]] = {
    BackoffLevel.LIVELY: d.STRETCH_LIVELY,
    BackoffLevel.EASED: d.STRETCH_EASED,
    BackoffLevel.LOW: d.STRETCH_LOW,
}


def backoff_level(
    power: PowerState, low_threshold: float = d.LOW_BATTERY_THRESHOLD
) -> BackoffLevel:
    """The backoff level for one power reading."""
    if not power.on_battery:
        return BackoffLevel.LIVELY
    if power.charge is None or math.isnan(power.charge) or power.charge >= low_threshold:
        return BackoffLevel.EASED
    return BackoffLevel.LOW


def cadence_stretch(level: BackoffLevel) -> float:
    """The multiplier for Interval and Idle periods at this level."""
    return STRETCH[level]


def turn_allowed(level: BackoffLevel, essential: bool) -> bool:
    """Whether a turn-tier job may run at this level (the battery gate)."""
    if level is BackoffLevel.LIVELY:
        return True
    if level is BackoffLevel.EASED:
        return essential
    return False


def gathered_wake(due: datetime, last_wake: datetime | None, level: BackoffLevel) -> datetime:
    """When the one timer fires for what is next due at `due`: at once at LIVELY and EASED; on
    LOW not before `LOW_WAKE_EVERY_S` after the last wake-up, so the jobs due in between (the
    reflexes, the checkpoint, the mind's tick) share one wake-up instead of one each."""
    if level is not BackoffLevel.LOW or last_wake is None:
        return due
    return max(due, last_wake + timedelta(seconds=d.LOW_WAKE_EVERY_S))
