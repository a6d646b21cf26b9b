"""APPRAISE and DECIDE: cheap heuristics that score what the mind could do, and pick one thing.

Every tick scores the signals waiting on the agenda (base score by kind; nothing outranks the
owner speaking), the open goals (priority and due-ness) and the standing impulses (speak up
after a long quiet, close a finished conversation, dream at night). A promise is no candidate:
it is kept at its time, never weighed against anything or picked up early. DECIDE commits to
the one best candidate if it clears the act threshold (gate 1), and otherwise rests; most ticks
rest.
It never calls a model: that happens only in ACT, for what was already judged worth it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any, Final

from .goals import Goal, GoalKind, Provenance, Strategy
from .signals import BASE_SCORE, Signal, SignalKind

RAMP: Final = timedelta(hours=12)  # goals come to mind this long before they are due
LET_GO_AFTER: Final = timedelta(hours=12)  # open-minded goals stop being timely this long after due
RUNNERS_UP: Final = 3

MUSE_SCORE: Final = 0.5
FLUSH_SCORE: Final = 0.6
DREAM_SCORE: Final = 0.6
LET_GO_SCORE: Final = 0.45

MUSE_RELEVANCE: Final = 0.6
MUSE_TIME_SENSITIVITY: Final = 0.6


class Act(StrEnum):
    """The one thing a tick may commit to."""

    ATTEND = "attend"  # the owner is speaking; the reply path answers
    CATCH_UP = "catch_up"  # the machine slept: one catch-up pass
    RULING = "ruling"  # the owner ruled on a proposed edit
    SURPRISED = "surprised"  # something expected did not happen
    NOTICE = "notice"  # fold a fact into the picture
    READ = "read"  # read what was dropped on the shelf
    REACH_OUT = "reach_out"  # follow up on a goal (gate 2 decides how, or whether)
    LET_GO = "let_go"  # drop a goal whose moment passed
    MUSE = "muse"  # speak up on one's own (gate 2 decides)
    FLUSH = "flush"  # keep what matters from a finished conversation
    DREAM = "dream"  # consolidate memory
    NEED = "need"  # act on a need (motivation)


SIGNAL_ACTS: Final[dict[SignalKind, Act]] = {
    SignalKind.OWNER_MESSAGE: Act.ATTEND,
    SignalKind.SUSPEND_GAP: Act.CATCH_UP,
    SignalKind.RULING: Act.RULING,
    SignalKind.SURPRISE: Act.SURPRISED,
    SignalKind.PRESENCE: Act.NOTICE,
    SignalKind.POWER: Act.NOTICE,
    SignalKind.SHELF_DROP: Act.READ,
}

GOAL_BASE: Final[dict[Provenance, float]] = {
    Provenance.REMIND_ME: 0.3,
    Provenance.PROMISE: 0.25,
    Provenance.MAINTENANCE: 0.3,
    Provenance.ASK: 0.0,
}
GOAL_RELEVANCE: Final[dict[Provenance, float]] = {
    Provenance.REMIND_ME: 0.9,
    Provenance.PROMISE: 0.8,
    Provenance.MAINTENANCE: 0.5,
    Provenance.ASK: 0.4,
}


@dataclass(frozen=True)
class Candidate:
    """Something the mind could do this tick, and how much it matters."""

    act: Act
    score: float
    about: str
    ref: str | None = None  # a signal's seq ("s12") or a goal's id ("g3")
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the trace."""
        out: dict[str, Any] = {
            "act": self.act.value,
            "score": round(self.score, 3),
            "about": self.about,
        }
        if self.ref:
            out["ref"] = self.ref
        return out


@dataclass(frozen=True)
class Impulses:
    """The standing impulses, as the driver sees them now."""

    muse: bool = False
    flush: bool = False
    dream: bool = False
    token_pressure: float = 0.0
    extra: tuple[Candidate, ...] = ()  # impulses from other organs (needs)


def ramp(goal: Goal, now: datetime) -> float:
    """0 until RAMP before due, rising to 1 at due (1 past due; 0 without a due time)."""
    if goal.due is None:
        return 0.0
    remaining = goal.due - now
    if remaining <= timedelta(0):
        return 1.0
    return max(0.0, 1.0 - remaining / RAMP)


def moment_passed(goal: Goal, now: datetime) -> bool:
    """An open-minded goal long past due is no longer timely."""
    return (
        goal.strategy is Strategy.OPEN_MINDED
        and goal.due is not None
        and now - goal.due >= LET_GO_AFTER
    )


def goal_score(goal: Goal, now: datetime) -> float:
    """Gate 1 for a goal: its priority, plus how due it is."""
    return GOAL_BASE[goal.provenance] + 0.5 * ramp(goal, now)


def time_sensitivity(goal: Goal, now: datetime) -> float:
    """Gate 2's time factor: only a due goal is urgent; before that it is a thought, not a call."""
    if goal.due is None:
        return 0.3
    if now < goal.due:
        return 0.25 * ramp(goal, now)
    if goal.strategy is Strategy.OPEN_MINDED:
        return max(0.0, 1.0 - (now - goal.due) / LET_GO_AFTER)
    return 1.0


def relevance(goal: Goal) -> float:
    """Gate 2's relevance factor for a goal."""
    return GOAL_RELEVANCE[goal.provenance]


def appraise(
    agenda: Iterable[Signal],
    goals: Iterable[Goal],
    impulses: Impulses,
    now: datetime,
    considered: Mapping[str, datetime] | None = None,
) -> list[Candidate]:
    """Every candidate this tick, best first."""
    considered = considered or {}
    goal_work = impulses.token_pressure < 1.0
    out: list[Candidate] = []
    for signal in agenda:
        act = SIGNAL_ACTS.get(signal.kind)
        if act is None:
            continue
        about = str(signal.data.get("about") or signal.kind.value.replace("_", " "))
        out.append(Candidate(act, BASE_SCORE[signal.kind], about, f"s{signal.seq}"))
    for goal in goals:
        if not goal.open or goal.kind is GoalKind.ASK or goal.promise or not goal_work:
            continue
        if (until := considered.get(goal.id)) is not None and now < until:
            continue
        if moment_passed(goal, now):
            out.append(Candidate(Act.LET_GO, LET_GO_SCORE, goal.text, goal.id))
            continue
        out.append(Candidate(Act.REACH_OUT, goal_score(goal, now), goal.text, goal.id))
    if impulses.flush:
        out.append(Candidate(Act.FLUSH, FLUSH_SCORE, "what to keep from the conversation"))
    if goal_work:
        if impulses.muse:
            out.append(Candidate(Act.MUSE, MUSE_SCORE, "saying hello on my own"))
        if impulses.dream:
            out.append(Candidate(Act.DREAM, DREAM_SCORE, "consolidating what I noted"))
        out.extend(impulses.extra)
    out.sort(key=lambda c: c.score, reverse=True)
    return out


def decide(
    candidates: list[Candidate], act_threshold: float
) -> tuple[Candidate | None, list[Candidate]]:
    """Commit to the best candidate if it clears gate 1; else rest. Returns (choice, runners-up)."""
    if not candidates or candidates[0].score < act_threshold:
        return None, candidates[:RUNNERS_UP]
    return candidates[0], candidates[1 : 1 + RUNNERS_UP]
