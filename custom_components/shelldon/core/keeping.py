"""Keeping promises: what the owner asked for at a time is kept once, at that time.

An open promise with a due time (the owner's reminder, or a promise the pet made in answer to
them) is kept when it comes due, whatever else the pet did that day: the pet's own limits (the
daily interruption cap, the cooldown, the turn budget) bound its own initiative, never a promise.
Only the quiet hours move one: due inside them, it is kept when they end. Nothing reminds early:
before its time a promise is no one's business but the pet's. One kept more than a little after
its time (Home Assistant was down) says that it is late.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from typing import Final

from .goals import Goal
from .salience import QuietHours

LATE_AFTER: Final = timedelta(minutes=15)  # kept later than this after its time: it says so


def is_kept(goal: Goal) -> bool:
    """A promise the keeper gives at its time: open, a promise, with a due time."""
    return goal.open and goal.promise and goal.due is not None


def due_now(goals: Iterable[Goal], now: datetime, quiet: QuietHours) -> list[Goal]:
    """The promises to give now (`now` local): come due, and not inside the quiet hours;
    the longest waiting first."""
    if quiet.hold(now):
        return []
    found = [g for g in goals if is_kept(g) and quiet.keep_at(_due(g), now) <= now]
    return sorted(found, key=_due)


def next_keeping(goals: Iterable[Goal], now: datetime, quiet: QuietHours) -> datetime | None:
    """When the next promise is to be given (local), if any is open."""
    upcoming = []
    for goal in goals:
        if not is_kept(goal):
            continue
        at = quiet.keep_at(_due(goal), now)
        if at <= now:  # already due: now, or when the quiet hours end
            at = quiet.end_after(now) if quiet.hold(now) else now
        upcoming.append(at)
    return min(upcoming, default=None)


def next_goal_time(
    goals: Iterable[Goal], now: datetime, quiet: QuietHours, heard: set[str]
) -> datetime | None:
    """When a goal next needs the mind (UTC): a promise to give, or the due time of another
    goal it has not `heard` come due yet."""
    goals = list(goals)
    kept = next_keeping(goals, now, quiet)
    upcoming = [kept.astimezone(UTC)] if kept is not None else []
    upcoming += [g.due for g in goals if g.due and not is_kept(g) and g.id not in heard]
    return min(upcoming, default=None)


def late(goal: Goal, now: datetime, quiet: QuietHours) -> bool:
    """Given now, a promise is late: its time (or the end of the quiet hours it fell in) is
    more than a little past."""
    return goal.due is not None and now - quiet.keep_at(goal.due, now) > LATE_AFTER


def postponed(goal: Goal, now: datetime, quiet: QuietHours) -> bool:
    """Its time falls inside the quiet hours: it is given when they end."""
    return goal.due is not None and quiet.hold(goal.due.astimezone(now.tzinfo))


def _due(goal: Goal) -> datetime:
    assert goal.due is not None  # only promises with a time are kept
    return goal.due
