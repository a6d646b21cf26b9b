"""Plain data read back (a checkpoint): each value of the type it must have, or a default.

A restore never raises on damaged data: a field of the wrong type is simply not believed. Instants
must carry their zone (an instant without one cannot be compared with the clock).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime
from typing import Any


def instant(value: Any) -> datetime | None:
    """An aware datetime from an ISO string, or None (also for anything without a zone)."""
    if not isinstance(value, str) or not value:
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    return parsed if parsed.tzinfo is not None else None


def day(value: Any) -> date | None:
    """A calendar date from its canonical ISO form ("2026-11-30"), or None ("20261130" and
    friends would sort and compare wrongly)."""
    if not isinstance(value, str):
        return None
    try:
        parsed = date.fromisoformat(value)
    except ValueError:
        return None
    return parsed if parsed.isoformat() == value else None


def whole(value: Any, default: int = 0) -> int:
    """A whole number (never a bool), or the default."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def flag(value: Any, default: bool) -> bool:
    """A true or false (only a real bool counts), or the default."""
    return value if isinstance(value, bool) else default


def text(value: Any) -> str | None:
    """A string, or None."""
    return value if isinstance(value, str) else None


def mapping(value: Any) -> dict[Any, Any]:
    """A dict, or an empty one."""
    return value if isinstance(value, dict) else {}


def items(value: Any) -> list[Any]:
    """A list, or an empty one."""
    return value if isinstance(value, list) else []


def strings(value: Any) -> list[str]:
    """The strings of a list (anything else in it, or a non-list, gives nothing)."""
    return [v for v in items(value) if isinstance(v, str)]


def instants(value: Any, keys: Iterable[str] | None = None) -> dict[str, datetime]:
    """A {name: aware instant} map from plain data, keeping only readable entries (and, with
    `keys`, only those names)."""
    wanted = set(keys) if keys is not None else None
    out = {}
    for key, raw in mapping(value).items():
        at = instant(raw)
        if isinstance(key, str) and (wanted is None or key in wanted) and at is not None:
            out[key] = at
    return out
