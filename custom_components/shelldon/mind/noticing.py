"""What SENSE notices before it reads the inbox, and how it folds each arrival into belief.

News the mind posts to itself: the machine slept (a gap longer than the sleep the last tick
planned), a goal came due, an expectation was not met.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime, timedelta
from typing import Any, Final

from ..core.goals import Goal
from ..core.language.words import clock, english
from ..core.signals import Signal, SignalKind
from ..core.world import WorldModel
from ..ports import Words
from .situation import span

GAP_SLACK: Final = timedelta(minutes=10)

Believe = Callable[[str, str, datetime, str], None]


def news(
    now: datetime,
    utc_now: datetime,
    *,
    last_tick_at: datetime | None,
    planned_gap: timedelta,
    goals: Iterable[Goal],
    signalled_due: set[str],
    considered: dict[str, datetime],
    world: WorldModel,
    words: Words = english,
    language: str = "en",
) -> list[tuple[SignalKind, dict[str, Any]]]:
    """The signals the mind owes itself now (each goal's coming due is news once), what each
    is about in the owner's words."""
    found: list[tuple[SignalKind, dict[str, Any]]] = []
    if last_tick_at is not None:
        # Measured against the sleep the last tick planned, so a message that wakes a
        # dormant mind early is never mistaken for the machine having slept.
        gap = utc_now - last_tick_at
        if gap > planned_gap + GAP_SLACK:
            about = words("about.slept", span=span(gap))
            found.append(
                (SignalKind.SUSPEND_GAP, {"gap_s": int(gap.total_seconds()), "about": about})
            )
    for goal in goals:
        if goal.due is not None and goal.due <= utc_now and goal.id not in signalled_due:
            signalled_due.add(goal.id)
            considered.pop(goal.id, None)  # coming due is news: think about it afresh
            found.append((SignalKind.GOAL_DUE, {"goal": goal.id, "about": goal.text}))
    for expectation in world.surprises(utc_now):
        due = clock(expectation.due, now, language)
        about = words("about.expected", about=expectation.about, time=due)
        found.append((SignalKind.SURPRISE, {"expectation": expectation.id, "about": about}))
    return found


def fold(signal: Signal, believe: Believe, considered: dict[str, datetime]) -> None:
    """Fold one arrival into the world model."""
    data = signal.data
    if signal.kind is SignalKind.PRESENCE:
        believe(f"presence:{data['entity']}", str(data["to"]), signal.at, "presence")
        for goal_id in [k for k in considered if k.startswith("g")]:
            del considered[goal_id]  # someone came or went: goals are worth a look
    elif signal.kind is SignalKind.POWER:
        believe("power", str(data.get("level")), signal.at, "battery")
    elif signal.kind is SignalKind.OWNER_MESSAGE:
        believe("owner:last_spoke", signal.at.isoformat(), signal.at, "conversation")


def forget(
    utc_now: datetime,
    open_goals: Iterable[Goal],
    signalled_due: set[str],
    considered: dict[str, datetime],
    world: WorldModel,
) -> None:
    """Forget bookkeeping about goals that are settled or gone, and waits that are over."""
    open_ids = {g.id for g in open_goals}
    signalled_due &= open_ids
    keep = {k: v for k, v in considered.items() if k in open_ids and v > utc_now}
    considered.clear()
    considered.update(keep)
    world.prune(utc_now)
