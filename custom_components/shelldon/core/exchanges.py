"""The recent conversation: a bounded window of exchanges, kept across restarts.

Each exchange pairs what reached the pet with what it said back. A turn the pet started on its
own is stored with a synthetic marker on the owner's side, never as a fake owner message, so
the next turn knows the pet reached out without mistaking it for something the owner typed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any, Final

WINDOW: Final = 12  # exchanges kept
MAX_TEXT: Final = 2000  # characters kept per line


class Role(StrEnum):
    """Who a line is from, as the pet records it (never as a text claims)."""

    OWNER = "owner"
    PET = "pet"
    MARKER = "marker"  # the pet spoke up on its own; nobody typed this


def marker(pet_name: str) -> str:
    """The owner-side line of a self-initiated exchange."""
    return f"({pet_name.lower()} spoke up on its own)"


@dataclass(frozen=True)
class Line:
    """One line of conversation."""

    at: str  # ISO-8601 UTC
    room: str  # assist, notification, automation, …
    sender: str
    role: Role
    text: str

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return {**asdict(self), "role": self.role.value}


@dataclass(frozen=True)
class Exchange:
    """What reached the pet, and what it said (or chose not to say)."""

    heard: Line
    said: Line | None
    kind: str  # owner, proactive, reach_out, dream, flush

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "heard": self.heard.to_dict(),
            "said": self.said.to_dict() if self.said else None,
            "kind": self.kind,
        }


def _line(data: Any) -> Line | None:
    if not isinstance(data, dict):
        return None
    try:
        return Line(
            at=str(data["at"]),
            room=str(data["room"]),
            sender=str(data["sender"]),
            role=Role(data["role"]),
            text=str(data["text"])[:MAX_TEXT],
        )
    except (KeyError, ValueError):
        return None


class Exchanges:
    """The bounded window of recent exchanges."""

    def __init__(self, exchanges: Iterable[Exchange] = (), window: int = WINDOW) -> None:
        self.window = max(1, window)
        self.exchanges: list[Exchange] = list(exchanges)[-window:]

    def add(self, exchange: Exchange) -> None:
        """Keep an exchange, dropping the oldest past the window."""
        self.exchanges.append(exchange)
        del self.exchanges[: -self.window]

    def lines(self) -> list[Line]:
        """Every line in order (markers included)."""
        out: list[Line] = []
        for exchange in self.exchanges:
            out.append(exchange.heard)
            if exchange.said is not None:
                out.append(exchange.said)
        return out

    def to_list(self) -> list[dict[str, Any]]:
        """Plain data for the checkpoint."""
        return [exchange.to_dict() for exchange in self.exchanges]

    @classmethod
    def from_list(cls, data: Any, window: int = WINDOW) -> Exchanges:
        """Restore, skipping anything unreadable."""
        exchanges: list[Exchange] = []
        for item in data if isinstance(data, list) else []:
            if not isinstance(item, dict):
                continue
            heard = _line(item.get("heard"))
            said = _line(item.get("said")) if item.get("said") is not None else None
            if heard is None or (item.get("said") is not None and said is None):
                continue
            exchanges.append(Exchange(heard, said, str(item.get("kind", "owner"))))
        return cls(exchanges, window)
