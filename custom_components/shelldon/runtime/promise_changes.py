"""The owner's changes to the pet's promises (its to-do list), carried into the goal book: the
book is the one writer, and the list shows its snapshot. A new item is a reminder exactly as if
the owner had asked for it; what the book cannot take is refused, translated, and changes
nothing. Anyone may type into the list: what they type is cut before anything reads it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Final, Literal

from homeassistant.exceptions import ServiceValidationError

from ..core.commitments import errand_of
from ..core.goals import MAX_OPEN, MAX_TEXT, GoalKind, GoalState, Provenance, Strategy
from ..ports import Clock, JournalLines
from ..ports.const import DOMAIN
from ..vault.goals import GoalBook

MAX_OPEN_PROMISES: Final = MAX_OPEN  # a list longer than this is no list the pet can keep
DAY_DUE: Final = time(9, 30)  # a promise due on a day, with no time: that morning


@dataclass(frozen=True)
class PromiseChange:
    """A change the owner made on the pet's promises (its to-do list): a new one, an edit of
    one (its words, when it is due, done or not), or one removed."""

    action: Literal["add", "update", "remove"]
    uid: str | None = None
    text: str | None = None
    due: date | datetime | None = None
    done: bool | None = None


class PromiseChanges:
    """The promises list's changes, for one pet."""

    def __init__(
        self,
        goals: GoalBook,
        journal: JournalLines,
        clock: Clock,
        *,
        changed: Callable[[], None],
    ) -> None:
        self._goals = goals
        self._journal = journal
        self._clock = clock
        self._changed = changed  # the goal timer follows, the list shows it, it is saved

    async def async_change(self, change: PromiseChange) -> None:
        """Carry one change into the goal book (ServiceValidationError, translated, for what
        the book cannot take)."""
        now = self._clock.now()
        goals = self._goals
        if change.action == "add":
            self._add(change, now)
        else:
            goal = goals.get(change.uid or "")
            if goal is None or goal.state is GoalState.DROPPED:
                raise _refused("promise_unknown", uid=change.uid or "")
            if change.action == "remove":
                goals.settle(goal.id, GoalState.DROPPED)
                self._journal.entry(now, "journal.list_dropped", id=goal.id, text=goal.text)
            else:
                self._edit(goal.id, change, now)
        await goals.async_save()
        self._changed()

    def _add(self, change: PromiseChange, now: datetime) -> None:
        goals = self._goals
        text = _cut(change.text)  # anyone may type here: cut before anything reads it
        if not text:
            raise _refused("promise_needs_text")
        if len(goals.open_goals()) >= MAX_OPEN_PROMISES:
            raise _refused("promises_full", limit=str(MAX_OPEN_PROMISES))
        said = errand_of(text, now)  # "put the bins out at 6pm": the errand, due 18:00
        what = said.what
        due = _due(change.due, now) or said.due
        if due is not None and due <= now:
            raise _refused("promise_due_past")
        goal = goals.holds(what, due)
        if goal is None:
            goal = goals.add(
                what,
                kind=GoalKind.REACH_OUT,
                provenance=Provenance.REMIND_ME,
                strategy=Strategy.BLIND,
                due=due,
            )
            self._journal.entry(now, "journal.list_filed", id=goal.id, text=what)
        elif goal.due is None and due is not None:
            goals.refine(goal.id, due=due)

    def _edit(self, goal_id: str, change: PromiseChange, now: datetime) -> None:
        goals, journal = self._goals, self._journal
        goal = goals.get(goal_id)
        assert goal is not None
        text = _cut(change.text)
        if not text:
            raise _refused("promise_needs_text")
        if change.done is True and goal.open:
            goals.settle(goal.id, GoalState.DONE)
            journal.entry(now, "journal.list_ticked", id=goal.id, text=goal.text)
            return
        if change.done is False and not goal.open:
            goals.reopen(goal.id)
            journal.entry(now, "journal.list_unticked", id=goal.id, text=goal.text)
        due = _due(change.due, now)
        if due is not None and due != goal.due and due <= now:
            raise _refused("promise_due_past")
        if text != goal.text or due != goal.due:
            goals.rewrite(goal.id, text=text, due=due)
            if due is None:
                journal.entry(now, "journal.list_changed", id=goal.id, text=text)
            else:
                when = f"{due.astimezone(now.tzinfo):%Y-%m-%d %H:%M}"
                journal.entry(now, "journal.list_changed_due", id=goal.id, due=when, text=text)


def _due(due: date | datetime | None, now: datetime) -> datetime | None:
    if isinstance(due, datetime):
        return due if due.tzinfo is not None else due.replace(tzinfo=now.tzinfo)
    if isinstance(due, date):
        return datetime.combine(due, DAY_DUE, tzinfo=now.tzinfo)
    return None


def _cut(text: str | None) -> str:
    """What someone typed into the list, cut to what a goal keeps before anything reads it
    (Home Assistant sets no limit on an item's length)."""
    return " ".join((text or "")[: MAX_TEXT * 4].split())[:MAX_TEXT]


def _refused(key: str, **placeholders: str) -> ServiceValidationError:
    return ServiceValidationError(
        translation_domain=DOMAIN, translation_key=key, translation_placeholders=placeholders
    )
