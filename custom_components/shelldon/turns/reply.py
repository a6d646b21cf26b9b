"""What a reply leaves behind: notes for the dream, settled goals, new promises and asks.

A note that repeats a shelf passage the turn was shown is not kept (a document is cited, never
remembered); a failed turn's notes are not kept either. Promises become goals due in their hours
(24 by default), only in a conversation: what the pet says while keeping a promise or musing never
files one. One request is one promise: a promise about what the owner's message filed (or asked
about) is that goal, which keeps the time the owner said; asks become open questions the pet
waits on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Final

from ..brain.turn import Reply
from ..core.errands import one_request
from ..core.goals import Goal, GoalKind, GoalState, Provenance, Strategy
from ..core.notes import clean_note, from_passage
from ..vault.goals import GoalBook
from ..vault.journal import Journal

DEFAULT_PROMISE_HOURS: Final = 24.0


def scrubbed(reply: Reply, scrub: Callable[[str], str]) -> Reply:
    """The reply as the pet takes it in: untrusted, so every word it would keep, say or show is
    scrubbed before anything else reads it (an edit's content is scrubbed as it is proposed,
    off the loop; its path is checked, not rewritten)."""
    return replace(
        reply,
        intent=scrub(reply.intent),
        say=scrub(reply.say),
        remember=tuple(scrub(note) for note in reply.remember),
        promises=tuple(replace(p, what=scrub(p.what)) for p in reply.promises),
        asks=tuple(scrub(ask) for ask in reply.asks),
        edits=tuple(replace(e, reason=scrub(e.reason)) for e in reply.edits),
    )


def apply_reply(
    reply: Reply,
    *,
    now: datetime,
    utc_now: datetime,
    journal: Journal,
    goals: GoalBook,
    keep_notes: bool,
    shown: Sequence[str],
    promising: bool = True,
    requested: Sequence[str] = (),
    time_said: bool = False,
) -> None:
    """Keep what the reply asks to keep, in the journal and the goal book. `promising`: the
    turn may make promises (a conversation); `requested`: the goals the owner's message filed
    or asked about; `time_said`: the message said something like a time (so a time the reply
    read where the pet could not is the owner's own, not an invented one)."""
    line = journal.entry
    if keep_notes:  # the dream reads them from the journal, finished days only
        for text in reply.remember:
            if (clean := clean_note(text)) and not from_passage(clean, shown):
                line(now, "journal.noted", text=clean)
    for settle in reply.settle:
        state = GoalState.DONE if settle.how == "done" else GoalState.DROPPED
        if (goal := goals.settle(settle.id, state)) is not None:
            line(now, f"journal.settled_{state.value}", id=goal.id, text=goal.text)
    for promise in reply.promises if promising else ():
        stated = promise.due_in_hours is not None
        hours = DEFAULT_PROMISE_HOURS if promise.due_in_hours is None else promise.due_in_hours
        due = utc_now + timedelta(hours=hours)
        if (
            request := _requested(promise.what, due if stated else None, requested, goals, now)
        ) is not None:
            # The owner's words made this goal: it keeps the time they said, and takes the
            # reply's only where they said one the pet could not read.
            timed = due if stated and request.due is None and time_said else None
            refined = goals.refine(request.id, due=timed) if timed else None
            line(now, "journal.kept_as_one", id=request.id, text=(refined or request).text)
            continue
        if (known := goals.holds(promise.what, due if stated else None)) is not None:
            # One promise per request: the goal the owner's words filed (or an earlier promise)
            # takes what the promise adds (a time it lacked; a better text for a promise of
            # the pet's own), never a second goal.
            better = promise.what if known.provenance is Provenance.PROMISE else None
            refined = goals.refine(
                known.id, text=better, due=due if stated and known.due is None else None
            )
            line(now, "journal.kept_as_one", id=known.id, text=(refined or known).text)
            continue
        goal = goals.add(
            promise.what,
            kind=GoalKind.REACH_OUT,
            provenance=Provenance.PROMISE,
            strategy=Strategy.SINGLE_MINDED,
            due=due,
        )
        line(now, "journal.promised", id=goal.id, text=goal.text)
    for ask in reply.asks:
        goal = goals.add(
            ask,
            kind=GoalKind.ASK,
            provenance=Provenance.ASK,
            strategy=Strategy.OPEN_MINDED,
            due=None,
        )
        line(now, "journal.asked", id=goal.id, text=goal.text)


def _requested(
    what: str, due: datetime | None, requested: Sequence[str], goals: GoalBook, now: datetime
) -> Goal | None:
    """The goal the owner's message filed (or asked about) that a promise of the reply is."""
    for goal_id in requested:
        goal = goals.get(goal_id)
        if (
            goal is not None
            and goal.open
            and one_request(what, goal.text, due, goal.due, now.tzinfo)
        ):
            return goal
    return None
