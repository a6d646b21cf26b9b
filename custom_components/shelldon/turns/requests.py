"""The owner's requests in a conversation: "remind me to …", filed before the turn answers.

A reminder is filed (once: the open goal that already holds it, or a new one) and written to disk
before the reply is thought, so the reply says what the goal book really holds; a question about
a promise already held ("you'll remind me …, right?") is answered from that promise and files
nothing; a reminder said without a time is filed without one, and the pet asks when: the answer
("at 7, please"), given while the conversation is on, is its time. "Remind me again in 10
minutes" (or "about it later", "snooze") soon after a promise was given gives that promise again
at the new time; "don't remind me to call mum any more" lets the promise it names go. A time
inside the quiet hours is handed on with when the reminder will really be given.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Final

from ..brain.turn import Filed
from ..core.commitments import (
    answers_with_a_time,
    parse_again,
    parse_move,
    parse_promise_question,
)
from ..core.goals import Goal, GoalState
from ..core.language.questions import lets_go
from ..core.reminders import parse_reminders
from ..core.salience import QuietHours
from ..ports import Clock
from ..vault.goals import GoalBook

FOLLOW_UP_FOR: Final = timedelta(minutes=30)  # "when?" answered, or the time corrected, within
AGAIN_WITHIN: Final = timedelta(hours=1)  # "remind me again later" is about a promise given since


class Requests:
    """What the owner's messages ask the goal book for."""

    def __init__(self, *, clock: Clock, goals: GoalBook, quiet: Callable[[], QuietHours]) -> None:
        self.clock = clock
        self.goals = goals
        self.quiet = quiet  # the owner's quiet hours, as the dials say now
        self._last: tuple[str, datetime] | None = None  # the reminder this conversation filed

    async def async_file(self, said: str, now: datetime) -> tuple[Filed, ...]:
        """The owner's "remind me to …", filed (and on disk) before the turn, so that the reply
        says what the goal book really holds (REFLECT journals it with the words); a question
        about a promise already held, the promise it is about (nothing new is filed); the
        answer to "when?", the time of the reminder that asked it; "remind me again later", the
        promise given last, again."""
        filed = self._let_go(said, now) + self._asked(said, now, self.clock.utcnow())
        if any(item.new or item.let_go for item in filed):
            await self.goals.async_save()  # once, whatever the message changed
        return filed

    def _let_go(self, said: str, now: datetime) -> tuple[Filed, ...]:
        """ "Don't remind me to call mum any more": the promise it names, dropped."""
        if (errand := lets_go(said)) is None or (
            held := self.goals.asked_about(errand, None)
        ) is None:
            return ()
        self.goals.settle(held.id, GoalState.DROPPED)
        return (self._filed(held, now, "", new=False, let_go=True),)

    def _asked(self, said: str, now: datetime, utc_now: datetime) -> tuple[Filed, ...]:
        """What else the message asks of the goal book."""
        if reminders := parse_reminders(said, now):  # each filed once, none lost to another
            filed = []
            for reminder in reminders:
                goal, new = self.goals.remind(reminder)
                filed.append(self._filed(goal, now, reminder.link, new=new))
            self._last = (goal.id, utc_now)
            return tuple(filed)
        if (asked := parse_promise_question(said, now)) is not None:
            found = self.goals.asked_about(asked.what, asked.due)
            return () if found is None else (self._filed(found, now, "", new=False, asked=True),)
        if (waiting := self._waiting_for_time(utc_now)) is not None and (
            due := answers_with_a_time(said, now)
        ) is not None:
            goal = self.goals.refine(waiting.id, due=due) or waiting
        elif (moved := parse_move(said, now)) is not None and (
            last := self._just_filed(utc_now)
        ) is not None:  # "actually, make it 6pm": the reminder just filed, at the new time
            goal = self.goals.refine(last.id, due=moved) or last
        elif (again := parse_again(said, now)) is not None and (
            given := self.goals.last_given(utc_now - AGAIN_WITHIN)
        ) is not None:  # "remind me again in 10 minutes": the promise just given, once more
            given = self.goals.reopen(given.id) or given
            goal = self.goals.refine(given.id, due=again) or given
        else:
            return ()
        self._last = (goal.id, utc_now)
        return (self._filed(goal, now, "to", new=True),)

    def _filed(
        self,
        goal: Goal,
        now: datetime,
        link: str,
        *,
        new: bool,
        asked: bool = False,
        let_go: bool = False,
    ) -> Filed:
        """The goal as the turn is told of it: its time on the owner's clock, and when it will
        really be given if that falls in the quiet hours."""
        due = goal.due.astimezone(now.tzinfo) if goal.due else None
        quiet = self.quiet()
        kept_at = quiet.keep_at(due, now) if due is not None and quiet.hold(due) else None
        return Filed(goal.id, goal.text, due, link, new, kept_at, asked, let_go)

    def _waiting_for_time(self, utc_now: datetime) -> Goal | None:
        """The reminder this conversation filed without a time, while "when?" is still open."""
        goal = self._just_filed(utc_now)
        return goal if goal is not None and goal.due is None else None

    def _just_filed(self, utc_now: datetime) -> Goal | None:
        """The reminder this conversation filed last, open still, a moment ago."""
        if self._last is None:
            return None
        goal_id, filed = self._last
        goal = self.goals.get(goal_id)
        if goal is None or not goal.open:
            return None
        return goal if utc_now - filed <= FOLLOW_UP_FOR else None
