"""Everything that happens to the pet is a signal: typed, timestamped, one inbox.

Producers post facts and never call into the mind; the mind's SENSE step drains the inbox and
decides what they mean. Each kind has a base salience; nothing outranks the owner speaking.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any, Final


class SignalKind(StrEnum):
    """What happened."""

    OWNER_MESSAGE = "owner_message"  # the owner said something (its turn is on its way)
    TURN_COMMITTED = "turn_committed"  # an exchange finished; the pet's words are final
    PRESENCE = "presence"  # someone came home or left
    GOAL_DUE = "goal_due"  # a goal's due time landed
    SHELF_DROP = "shelf_drop"  # a document appeared or changed on the knowledge shelf
    POWER = "power"  # plugged in, unplugged, battery low
    RULING = "ruling"  # the owner approved or rejected a proposed edit
    SURPRISE = "surprise"  # something the pet expected did not happen
    SUSPEND_GAP = "suspend_gap"  # the machine slept; catch up once


BASE_SCORE: Final[dict[SignalKind, float]] = {
    SignalKind.OWNER_MESSAGE: 1.0,
    SignalKind.TURN_COMMITTED: 0.9,
    SignalKind.RULING: 0.8,
    SignalKind.SUSPEND_GAP: 0.85,
    SignalKind.SURPRISE: 0.6,
    SignalKind.PRESENCE: 0.55,
    SignalKind.SHELF_DROP: 0.5,
    SignalKind.GOAL_DUE: 0.5,
    SignalKind.POWER: 0.3,
}


@dataclass(frozen=True)
class Signal:
    """One thing that happened, when, and the facts that came with it."""

    kind: SignalKind
    at: datetime
    data: dict[str, Any] = field(default_factory=dict)
    seq: int = 0

    def to_dict(self) -> dict[str, Any]:
        """Plain data (for signals.jsonl and the checkpoint)."""
        return {
            "seq": self.seq,
            "kind": self.kind.value,
            "at": self.at.isoformat(),
            "data": self.data,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Signal | None:
        """Back from plain data, or None."""
        try:
            at = datetime.fromisoformat(data["at"])
            if at.tzinfo is None:
                return None
            return cls(
                SignalKind(data["kind"]),
                at,
                dict(data.get("data") or {}),
                int(data.get("seq", 0)),
            )
        except (KeyError, TypeError, ValueError):
            return None
