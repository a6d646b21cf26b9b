"""The owner's night (22:00-06:00 on their clock), when the needs fade at half speed.

Spans are cut where the night begins and ends; elapsed time is real time, so a daylight-saving
night is an hour shorter or longer.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, time, timedelta
from typing import Final

NIGHT_FROM: Final = 22  # the night, on the owner's clock: 22:00 …
NIGHT_UNTIL: Final = 6  # … to 06:00


def pieces(start: datetime, end: datetime) -> Iterator[tuple[datetime, datetime, bool]]:
    """[start, end) cut where night begins and ends on `end`'s clock, in UTC: (from, to, at
    night?) — two pieces a day, however long the span.

    Elapsed time is real time (a daylight-saving night is an hour shorter or longer)."""
    zone = end.tzinfo
    cursor, stop = start.astimezone(UTC), end.astimezone(UTC)
    while cursor < stop:
        wall = cursor.astimezone(zone)
        night = wall.hour >= NIGHT_FROM or wall.hour < NIGHT_UNTIL
        day = wall.date() + timedelta(days=1) if wall.hour >= NIGHT_FROM else wall.date()
        edge = datetime.combine(day, time(NIGHT_UNTIL if night else NIGHT_FROM), tzinfo=zone)
        edge_utc = edge.astimezone(UTC)
        # The next edge is always ahead; only a clock that skips (daylight saving) could put it
        # behind: then a minute's step keeps the walk moving. Never round a piece up.
        step = min(stop, edge_utc if edge_utc > cursor else cursor + timedelta(minutes=1))
        yield cursor, step, night
        cursor = step


def night_hours(start: datetime, end: datetime) -> float:
    """Hours of [start, end) that fall at night (22:00-06:00 on the clock of `end`'s zone)."""
    return sum((b - a).total_seconds() / 3600 for a, b, night in pieces(start, end) if night)


def when_faded(start: datetime, end: datetime, fade_hours: float, night_rate: float) -> datetime:
    """The instant in [start, end] by which `fade_hours` of (night-slowed) decay had passed."""
    left = fade_hours
    for a, b, night in pieces(start, end):
        rate = night_rate if night else 1.0
        span = (b - a).total_seconds() / 3600 * rate
        if span >= left:
            return a + timedelta(hours=left / rate) if rate > 0 else b
        left -= span
    return end.astimezone(UTC)


def hours_between(start: datetime, end: datetime) -> float:
    """Real hours from start to end (whatever their zones)."""
    return (end.astimezone(UTC) - start.astimezone(UTC)).total_seconds() / 3600
