"""The token ledger: what today's turns cost, split the way the bill is.

Input tokens come in three kinds (fresh, written to the prompt cache, read from it); the
ledger keeps them apart so the owner can see what caching saves. The day rolls on the local
calendar day of the `now` it is handed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

CACHE_READ_WEIGHT = 0.1
CACHE_WRITE_WEIGHT = 1.25


@dataclass(frozen=True)
class Usage:
    """Tokens one model call (or one turn) used."""

    input: int = 0  # uncached input
    cache_write: int = 0
    cache_read: int = 0
    output: int = 0

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            self.input + other.input,
            self.cache_write + other.cache_write,
            self.cache_read + other.cache_read,
            self.output + other.output,
        )

    @property
    def total(self) -> int:
        """Every token, input and output."""
        return self.input + self.cache_write + self.cache_read + self.output

    @property
    def billed_input(self) -> float:
        """Input as billed, in uncached-token equivalents (reads 0.1x, writes 1.25x)."""
        return (
            self.input + CACHE_READ_WEIGHT * self.cache_read + CACHE_WRITE_WEIGHT * self.cache_write
        )


@dataclass
class TokenLedger:
    """Today's usage."""

    date: str | None = None
    usage: Usage = field(default_factory=Usage)

    def today(self, now: datetime) -> Usage:
        """Usage on the local day of `now` (zero for a ledger from another day)."""
        return self.usage if self.date == now.date().isoformat() else Usage()

    def spend(self, usage: Usage, now: datetime) -> None:
        """Add a turn's usage to today."""
        self.usage = self.today(now) + usage
        self.date = now.date().isoformat()

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        u = self.usage
        return {
            "date": self.date,
            "input": u.input,
            "cache_write": u.cache_write,
            "cache_read": u.cache_read,
            "output": u.output,
        }

    @classmethod
    def from_dict(cls, data: Any) -> TokenLedger:
        """Restore (anything unreadable gives an empty ledger)."""
        if not isinstance(data, dict):
            return cls()
        try:
            usage = Usage(
                *(
                    max(0, int(data.get(k, 0)))
                    for k in ("input", "cache_write", "cache_read", "output")
                )
            )
        except (TypeError, ValueError):
            return cls()
        date = data.get("date")
        return cls(date if isinstance(date, str) else None, usage)


def pressure(spent: int, cap: float) -> float:
    """Tokens spent today over the daily cap (0 with no cap): at 1 or more, the pet's own
    thinking stops for the day."""
    return spent / cap if cap > 0 else 0.0
