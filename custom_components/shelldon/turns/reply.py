"""What a reply leaves behind: notes for the dream, settled goals, new promises and asks.

A note that repeats a shelf passage the turn was shown is not kept (a document is cited, never
remembered); a failed turn's notes are not kept either. Promises become goals due in their hours
(24 by default); asks become open questions the pet waits on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Final

from ..brain.turn import Reply
from ..core.goals import GoalKind, GoalState, Provenance, Strategy
from ..core.memory import clean_note, from_passage
from ..vault.goals import GoalBook
from ..vault.records import Records

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
    journal: Records,
    goals: GoalBook,
    keep_notes: bool,
    shown: Sequence[str],
) -> None:
    """Keep what the reply asks to keep, in the journal and the goal book."""
    line = journal.entry
    if keep_notes:  # the dream reads them from the journal, finished days only
        for text in reply.remember:
            if (clean := clean_note(text)) and not from_passage(clean, shown):
                line(now, "journal.noted", text=clean)
    for settle in reply.settle:
        state = GoalState.DONE if settle.how == "done" else GoalState.DROPPED
        if (goal := goals.settle(settle.id, state)) is not None:
            line(now, f"journal.settled_{state.value}", id=goal.id, text=goal.text)
    for promise in reply.promises:
        stated = promise.due_in_hours is not None
        hours = DEFAULT_PROMISE_HOURS if promise.due_in_hours is None else promise.due_in_hours
        due = utc_now + timedelta(hours=hours)
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
