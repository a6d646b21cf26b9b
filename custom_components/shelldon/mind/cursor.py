"""The mind's cursor in the checkpoint: where it stood, so a restarted mind resumes.

Nothing pending is dropped: the inbox and the committed exchanges are kept whole (the agenda,
which the mind trims itself, to its last fifty). Damaged fields fall back to their defaults.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, Final, Protocol

from ..core.activity import Activity
from ..core.readback import instant, instants, items, strings, whole
from ..core.signals import Signal, SignalKind
from ..core.world import Belief, Expectation, WorldModel
from .dreaming import Dreamer
from .reacher import Reacher


class KeptMind(Protocol):
    """Where the mind stands, as the checkpoint keeps it (the mind, seen as its cursor)."""

    state: Activity
    state_since: datetime
    seq: int
    ticks: int
    last_tick_at: datetime | None
    planned_gap: timedelta
    considered: dict[str, datetime]
    signalled_due: set[str]
    inbox: list[Signal]
    agenda: list[Signal]
    committed: list[Signal]
    world: WorldModel

    @property
    def reacher(self) -> Reacher:
        """Its reach-outs' bookkeeping."""
        ...

    @property
    def dreamer(self) -> Dreamer:
        """Its dreams' bookkeeping."""
        ...


MAX_AGENDA: Final = 50


def cursor(mind: KeptMind) -> dict[str, Any]:
    """The engine cursor: a restarted mind resumes, it does not wake amnesiac."""
    return {
        "state": mind.state.value,
        "state_since": mind.state_since.isoformat(),
        "seq": mind.seq,
        "ticks": mind.ticks,
        "last_tick_at": mind.last_tick_at.isoformat() if mind.last_tick_at else None,
        "planned_gap_s": mind.planned_gap.total_seconds(),
        "considered": {k: v.isoformat() for k, v in mind.considered.items()},
        "signalled_due": sorted(mind.signalled_due),
        **mind.reacher.to_dict(),
        **mind.dreamer.to_dict(),
        # Nothing pending is dropped: the inbox and the committed exchanges whole.
        "agenda": [s.to_dict() for s in (mind.inbox + mind.agenda[-MAX_AGENDA:] + mind.committed)],
        "expectations": [e.to_dict() for e in mind.world.expectations],
        "beliefs": [b.to_dict() for b in mind.world.latest()],
    }


def restore_cursor(mind: KeptMind, data: Any, beliefs: list[Belief]) -> None:
    """Back from the checkpoint and the belief log (damage gives a fresh start)."""
    expectations: list[Expectation] = []
    if isinstance(data, dict):
        try:
            mind.state = Activity(data.get("state", "idle"))
        except ValueError:
            mind.state = Activity.IDLE
        mind.state_since = instant(data.get("state_since")) or mind.state_since
        mind.seq = whole(data.get("seq"))
        mind.ticks = whole(data.get("ticks"))
        mind.last_tick_at = instant(data.get("last_tick_at"))
        planned = data.get("planned_gap_s")
        if isinstance(planned, bool):
            planned = None  # a bool is an int to Python, never a gap
        if isinstance(planned, int | float) and 0 < planned < 86400:
            mind.planned_gap = timedelta(seconds=planned)
        mind.considered.update(instants(data.get("considered")))
        mused = data.get("mused_for")
        mind.reacher.mused_for = mused if isinstance(mused, str) else None
        mind.reacher.hello_waits_until = instant(data.get("hello_waits_until"))
        mind.reacher.held = strings(data.get("held"))[-3:]
        mind.signalled_due = set(strings(data.get("signalled_due")))
        mind.dreamer.restore(data)
        for item in items(data.get("agenda")):
            if (signal := Signal.from_dict(item)) is not None:
                kind = signal.kind
                (mind.committed if kind is SignalKind.TURN_COMMITTED else mind.agenda).append(
                    signal
                )
        expectations = [e for e in map(Expectation.from_dict, items(data.get("expectations"))) if e]
        # The log's tail may have rotated away the last word on a subject: keep it anyway.
        beliefs = beliefs + [b for b in map(Belief.from_dict, items(data.get("beliefs"))) if b]
    mind.world = WorldModel(beliefs, expectations)
