"""The present tense: who is home, what is in flight, what the pet half-expects.

The same lines serve the turn's prompt (relative times: "5 min ago") and `situation.md`, the
vault's reality layer (absolute times, so the file changes only when something happens).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from homeassistant.const import STATE_HOME

from ..body.household import Household
from ..core.activity import Activity, in_window
from ..core.goals import Goal
from ..core.world import WorldModel
from ..ports import Dials
from ..ports.const import CONF_QUIET_END, CONF_QUIET_START


def clock_time(at: datetime | None, now: datetime) -> str:
    """A time as the pet says it: 14:05 today, Mon 14:05 otherwise."""
    if at is None:
        return "whenever"
    local = at.astimezone(now.tzinfo)
    if local.date() == now.date():
        return local.strftime("%H:%M")
    return local.strftime("%a %H:%M")


def span(delta: timedelta) -> str:
    """A stretch of time, short."""
    hours = delta.total_seconds() / 3600
    return f"{hours:.0f}h" if hours >= 1 else f"{delta.total_seconds() / 60:.0f} min"


def ago(now: datetime, at: datetime) -> str:
    """How long ago, short."""
    return "just now" if now - at < timedelta(minutes=1) else f"{span(now - at)} ago"


def situation_lines(
    now: datetime,
    *,
    for_prompt: bool,
    household: Household,
    world: WorldModel,
    last_interaction: datetime | None,
    state: Activity,
    turn_in_flight: bool,
    goals: Sequence[Goal],
    dials: Dials,
) -> list[str]:
    """The present, as lines."""
    lines = []
    people = household.people
    if not people:
        lines.append("I can't tell who is home (no presence sensors are set up).")
    for entity_id in people:
        name = household.name_of(entity_id)
        belief = world.current(f"presence:{entity_id}")
        if belief is None:
            lines.append(f"{name}: unknown.")
            continue
        where = (
            "home"
            if belief.value == STATE_HOME
            else ("away" if belief.value == "not_home" else belief.value)
        )
        since = ago(now, belief.at) if for_prompt else f"since {clock_time(belief.at, now)}"
        lines.append(f"{name}: {where} ({since}).")
    if last_interaction is None:
        lines.append("My owner has not spoken to me yet.")
    else:
        when = (
            ago(now, last_interaction) if for_prompt else "at " + clock_time(last_interaction, now)
        )
        lines.append(f"My owner last spoke to me {when}.")
    lines.append(f"My mind is {state.value}.")
    if turn_in_flight:
        lines.append("A turn is in flight.")
    if goals:
        upcoming = sorted((g for g in goals if g.due), key=lambda g: g.due or now)
        nxt = (
            f'; next: "{upcoming[0].text}" due {clock_time(upcoming[0].due, now)}'
            if upcoming
            else ""
        )
        lines.append(f"{len(goals)} open goal(s){nxt}.")
    for expectation in world.open_expectations()[:3]:
        lines.append(f"I half-expect {expectation.about} by {clock_time(expectation.due, now)}.")
    if for_prompt and in_window(
        now, dials.time_of(CONF_QUIET_START), dials.time_of(CONF_QUIET_END)
    ):
        lines.append("It is quiet hours: I do not interrupt.")
    return lines


def situation_file(name: str, lines: Sequence[str]) -> str:
    """situation.md."""
    body = "\n".join(f"- {line}" for line in lines)
    return f"# {name}'s situation\n\n{body}\n"
