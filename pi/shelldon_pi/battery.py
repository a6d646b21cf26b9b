"""Pure: pisugar-server's replies in, the two Home Assistant states out, and when to send them.

pisugar-server answers `get battery` with a line `battery: 84.31` and `get battery_power_plugged`
with `battery_power_plugged: true`. Replies may carry `\\r\\n`, extra spaces, several lines, or
unrelated lines (button events such as `single`, errors such as `Invalid request.`); anything
that does not parse is an unknown reading, never a wrong one.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

LEVEL_KEY = "battery"
PLUGGED_KEY = "battery_power_plugged"
COMMANDS = (f"get {LEVEL_KEY}", f"get {PLUGGED_KEY}")
UNAVAILABLE = "unavailable"
HEARTBEAT_S = 60.0  # send the reading at least once a minute, even unchanged

_TRUE = frozenset({"true", "1", "yes", "on"})
_FALSE = frozenset({"false", "0", "no", "off"})


@dataclass(frozen=True)
class Reading:
    """One look at the battery: None where pisugar-server gave no usable answer."""

    level: float | None = None  # percent, 0..100
    plugged: bool | None = None

    @property
    def known(self) -> bool:
        """Anything usable at all."""
        return self.level is not None or self.plugged is not None


NO_READING = Reading()


def parse_lines(text: str | Iterable[str]) -> dict[str, str]:
    """`key: value` lines into a dict (keys lower-cased, values stripped; the last one wins).

    Lines without a colon (button events, error messages) are skipped.
    """
    lines = text.splitlines() if isinstance(text, str) else list(text)
    replies: dict[str, str] = {}
    for raw in lines:
        line = raw.strip().strip("\x00")
        key, sep, value = line.partition(":")
        key = key.strip().lower()
        if sep and key:
            replies[key] = value.strip()
    return replies


def parse_level(value: str | None) -> float | None:
    """`84.31` (or `84.31 %`) into 84.31; None unless it is a finite percentage."""
    if value is None:
        return None
    text = value.strip().rstrip("%").strip()
    try:
        level = float(text)
    except ValueError:
        return None
    if not math.isfinite(level) or not 0.0 <= level <= 100.0:
        return None
    return level


def parse_flag(value: str | None) -> bool | None:
    """`true` / `false` (any case) into a bool; None for anything else."""
    if value is None:
        return None
    word = value.strip().lower()
    if word in _TRUE:
        return True
    if word in _FALSE:
        return False
    return None


def parse_reading(text: str | Iterable[str]) -> Reading:
    """Everything pisugar-server said during one poll into a Reading."""
    replies = parse_lines(text)
    return Reading(
        level=parse_level(replies.get(LEVEL_KEY)), plugged=parse_flag(replies.get(PLUGGED_KEY))
    )


@dataclass(frozen=True)
class EntityState:
    """A state for POST /api/states/<entity_id>."""

    entity_id: str
    state: str
    attributes: dict[str, Any]

    def body(self) -> dict[str, Any]:
        """The JSON body."""
        return {"state": self.state, "attributes": self.attributes}


def level_state(level: float | None) -> str:
    """The battery sensor's state: a whole percent (what the panel shows), or unavailable."""
    if level is None:
        return UNAVAILABLE
    return str(round(level))


def plugged_state(plugged: bool | None) -> str:
    """The plug sensor's state: on, off, or unavailable."""
    if plugged is None:
        return UNAVAILABLE
    return "on" if plugged else "off"


def entity_states(
    reading: Reading, battery_entity: str, plugged_entity: str, pet_name: str
) -> tuple[EntityState, EntityState]:
    """The two entities the Battery page of the pet's options can pick."""
    return (
        EntityState(
            battery_entity,
            level_state(reading.level),
            {
                "device_class": "battery",
                "unit_of_measurement": "%",
                "state_class": "measurement",
                "friendly_name": f"{pet_name} Pi battery",
            },
        ),
        EntityState(
            plugged_entity,
            plugged_state(reading.plugged),
            {"device_class": "plug", "friendly_name": f"{pet_name} Pi plugged in"},
        ),
    )


@dataclass(frozen=True)
class Sent:
    """What Home Assistant last heard, over which connection, and when."""

    states: tuple[str, str]
    generation: int  # the websocket connection it went out on (a new one after every restart)
    at: float


def should_send(
    sent: Sent | None,
    reading: Reading,
    generation: int,
    now: float,
    heartbeat_s: float = HEARTBEAT_S,
) -> bool:
    """Send when the reading changed, on every new connection (Home Assistant forgets states
    posted over REST when it restarts), and at least once every `heartbeat_s`."""
    if sent is None or sent.generation != generation:
        return True
    if sent.states != (level_state(reading.level), plugged_state(reading.plugged)):
        return True
    return now - sent.at >= heartbeat_s
