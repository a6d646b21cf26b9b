"""The pet's machine as a turn is shown it: its state now, its promises, what changed.

Built from what the parts hold (the body, the goal book, the mind's situation, recall, the
shelf) the moment a turn starts. Open goals are bounded: the few due soonest, and a count.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from ..brain.turn import Filed, Machine, OpenItem
from ..core.exchanges import Exchanges, Role
from ..core.goals import shown_goals
from ..core.knowledge import Hit, cited
from ..core.readback import instant
from ..ports import Body
from ..vault.goals import GoalBook

GOAL_WORDS = {"reach_out": "promise", "ask": "question", "chore": "chore"}


def age(delta: timedelta) -> str:
    """How old, short."""
    seconds = max(0, int(delta.total_seconds()))
    if seconds < 3600:
        return f"{max(1, seconds // 60)} min"
    if seconds < 86400 * 2:
        return f"{seconds // 3600} h"
    return f"{seconds // 86400} days"


def open_items(
    goals: GoalBook, utc_now: datetime, *, promises: bool = True
) -> tuple[OpenItem, ...]:
    """The open goals a prompt shows (without the promises, for a musing: they are kept at
    their time, never picked up early)."""
    shown = [g for g in goals.open_goals() if promises or not g.promise]
    return tuple(
        OpenItem(
            id=g.id,
            kind=GOAL_WORDS[g.kind.value],
            text=g.text,
            age=age(g.age(utc_now)),
            due=("in " + age(g.due - utc_now))
            if g.due and g.due > utc_now
            else ("now" if g.due else "whenever"),
        )
        for g in shown_goals(shown, utc_now)
    )


def changes(mark: dict[str, Any], exchanges: Exchanges, body: Body, utc_now: datetime) -> list[str]:
    """What changed since the last turn."""
    at = instant(mark.get("at"))
    if at is None:
        return ["this is your first turn"]
    found = [f"{age(utc_now - at)} passed"]
    spoke = sum(
        1 for line in exchanges.lines() if line.role is Role.OWNER and (instant(line.at) or at) > at
    )
    if spoke:
        found.append(f"your owner spoke {spoke} time{'s' if spoke > 1 else ''}")
    face = body.mood_face.name
    if mark.get("face") and mark["face"] != face:
        found.append(f"your mood moved from {mark['face']} to {face}")
    if mark.get("power") and mark["power"] != body.level.value:
        found.append(f"your power mode went from {mark['power']} to {body.level.value}")
    return found


def machine(
    body: Body,
    *,
    now: datetime,
    utc_now: datetime,
    goals: GoalBook,
    tokens_today: int,
    exchanges: Exchanges,
    mark: dict[str, Any],
    last_intent: str | None,
    last_outcome: str | None,
    situation: Callable[..., list[str]],
    recalled: list[str],
    shown: list[Hit],
    unsaid: list[str],
    filed: tuple[Filed, ...] = (),
    promises: bool = True,
    today: list[str] | None = None,
) -> Machine:
    """The machine, now (`promises`: whether the open promises are shown)."""
    found = changes(mark, exchanges, body, utc_now)
    for item in filed:
        if item.let_go:
            found.append(
                f"your owner asked you not to remind them: you let go of their reminder "
                f"[{item.id}] {item.text}; tell them so"
            )
            continue
        held = "you just filed" if item.new else "you already held"
        if item.due is None:
            due = "no time was said: ask your owner when"
        elif item.kept_at is not None:
            due = (
                f"due {item.due:%a %H:%M}, inside your quiet hours: you will give it at "
                f"{item.kept_at:%H:%M}; tell your owner so"
            )
        else:
            due = f"due {item.due:%a %H:%M}"
        found.append(f"{held} your owner's reminder [{item.id}] {item.text} ({due})")
    if unsaid:
        found.append(
            "when your owner last left, you meant to tell them: "
            + " / ".join(f"«{line}»" for line in unsaid)
            + " (say it now if it still matters)"
        )
    return Machine(
        local_time=now,
        feeling=body.mood_face.feeling,
        valence=body.state.mood.valence,
        arousal=body.state.mood.arousal,
        energy=body.state.energy,
        power_mode=body.level.value,
        on_battery=body.power.on_battery,
        charge=body.power.charge,
        turns_left=body.turns_left_today,
        daily_turns=body.daily_turns,
        tokens_today=tokens_today,
        changes=tuple(found),
        open_items=open_items(goals, utc_now, promises=promises),
        open_total=len([g for g in goals.open_goals() if promises or not g.promise]),
        last_intent=last_intent,
        last_outcome=last_outcome,
        situation=tuple(situation(now, promises=promises)),
        recalled=tuple(recalled),
        shelf=tuple(cited(shown)),
        today=tuple(today or ()),
    )
