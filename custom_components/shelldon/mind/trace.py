"""One tick, as the trace keeps it: what was sensed, weighed, chosen and done."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass
class TickRecord:
    """What one tick sensed, weighed, chose and did (one trace line)."""

    tick: int
    at: datetime
    state: str
    sensed: list[str]
    scores: list[dict[str, Any]]
    choice: dict[str, Any] | None
    runners_up: list[dict[str, Any]]
    done: str = "rested"
    interrupt: dict[str, Any] | None = None
    drift: str | None = None
    kept: list[str] | None = None  # promises that came due and went out

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        out: dict[str, Any] = {
            "tick": self.tick,
            "at": self.at.isoformat(),
            "state": self.state,
            "sensed": self.sensed,
            "scores": self.scores,
            "choice": self.choice,
            "runners_up": self.runners_up,
            "done": self.done,
        }
        if self.interrupt:
            out["interrupt"] = self.interrupt
        if self.drift:
            out["drift"] = self.drift
        if self.kept:
            out["kept"] = self.kept
        return out
