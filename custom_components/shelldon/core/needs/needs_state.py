"""What the needs remember: each need's satisfaction, what is pending, what rests, the counts
the execution gate keeps; kept in the checkpoint and read back with every field checked."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Final

from .ten_needs import Need

FLOOR: Final = 0.5
CEILING: Final = 3.0


def clamp(value: float) -> float:
    """Satisfaction inside [FLOOR, CEILING]."""
    return max(FLOOR, min(CEILING, value))


@dataclass(frozen=True)
class Pending:
    """A proposed action awaiting evidence (or a deferral)."""

    need: str
    action: str
    proposed_at: datetime
    forced: bool = False  # the starvation guard's: never deferrable
    instead_of: str | None = None  # the action it stands in for (once per proposal)


@dataclass
class NeedsState:
    """Satisfaction per need and everything the gate and spontaneity remember."""

    satisfaction: dict[str, float]
    updated: datetime
    last_acted: dict[str, datetime] = field(default_factory=dict)
    action_chosen: dict[str, datetime] = field(default_factory=dict)
    floor_since: dict[str, datetime] = field(default_factory=dict)
    pending: dict[str, Pending] = field(default_factory=dict)
    surplus: float = 0.0
    boredom: float = 0.0
    echo_at: datetime | None = None
    context: dict[str, float] = field(default_factory=dict)
    resting: dict[str, datetime] = field(default_factory=dict)  # need -> not before
    proposed: int = 0
    resolved: int = 0
    deferred: int = 0
    self_reports: int = 0

    @classmethod
    def fresh(cls, needs: tuple[Need, ...], now: datetime, satisfaction: float = 2.5) -> NeedsState:
        """Every need comfortably satisfied."""
        return cls({n.name: clamp(satisfaction) for n in needs}, now)

    @property
    def execution_rate(self) -> float | None:
        """Resolved with evidence over proposed (None before anything was proposed)."""
        return self.resolved / self.proposed if self.proposed else None

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the checkpoint."""
        iso = datetime.isoformat
        return {
            "satisfaction": {k: round(v, 4) for k, v in self.satisfaction.items()},
            "updated": iso(self.updated),
            "last_acted": {k: iso(v) for k, v in self.last_acted.items()},
            "action_chosen": {k: iso(v) for k, v in self.action_chosen.items()},
            "floor_since": {k: iso(v) for k, v in self.floor_since.items()},
            "pending": {
                k: {"action": p.action, "at": iso(p.proposed_at), "forced": p.forced}
                for k, p in self.pending.items()
            },
            "surplus": round(self.surplus, 4),
            "boredom": round(self.boredom, 4),
            "echo_at": iso(self.echo_at) if self.echo_at else None,
            "context": self.context,
            "resting": {k: iso(v) for k, v in self.resting.items()},
            "counts": [self.proposed, self.resolved, self.deferred, self.self_reports],
        }

    @classmethod
    def from_dict(cls, data: Any, needs: tuple[Need, ...], now: datetime) -> NeedsState:
        """Back from plain data; anything unreadable gives a fresh state (an instant without
        its zone is unreadable: it could not be compared with the clock)."""

        def at(value: Any) -> datetime:
            parsed = datetime.fromisoformat(value)
            if parsed.tzinfo is None:
                raise ValueError("an instant without a zone")
            return parsed

        def number(value: Any) -> float:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise TypeError("not a number")
            return float(value)

        try:
            names = {n.name for n in needs}
            actions = {n.name: {a.name for a in n.actions} for n in needs}
            counts = data.get("counts", [0, 0, 0, 0])
            if not isinstance(counts, list) or not all(
                isinstance(x, int) and not isinstance(x, bool) for x in counts
            ):
                raise TypeError("counts")
            state = cls(
                {k: clamp(number(v)) for k, v in data["satisfaction"].items() if k in names},
                at(data["updated"]),
                {k: at(v) for k, v in data.get("last_acted", {}).items()},
                {k: at(v) for k, v in data.get("action_chosen", {}).items()},
                {k: at(v) for k, v in data.get("floor_since", {}).items()},
                {
                    k: Pending(k, v["action"], at(v["at"]), v.get("forced") is True)
                    for k, v in data.get("pending", {}).items()
                    if k in names and v.get("action") in actions[k]  # an unknown act is dropped
                },
                number(data.get("surplus", 0.0)),
                number(data.get("boredom", 0.0)),
                at(data["echo_at"]) if data.get("echo_at") else None,
                {str(k): number(v) for k, v in data.get("context", {}).items()},
                {str(k): at(v) for k, v in data.get("resting", {}).items()},
                *counts,
            )
        except (KeyError, TypeError, ValueError, AttributeError):
            return cls.fresh(needs, now)
        for need in needs:
            state.satisfaction.setdefault(need.name, 2.5)
        return state
