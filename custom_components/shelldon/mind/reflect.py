"""REFLECT: the words of each committed exchange, journaled and read for what they commit to.

The owner's "remind me to …" is a reminder (a goal of theirs, defended past due), filed by
the turn before it answers and journaled here; words that reach the mind without one are filed
here (a time inside the quiet hours is noted with when it will really be given). The pet's own
"I'll check in tomorrow", said in a conversation, is a promise (unless the reply declared its
promises, or only echoed a goal already held or the one the owner's message asked for); what it
says while keeping a promise or musing never is. "Back in an hour" and the questions it asked
become expectations it may be surprised by.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any, Final

from ..core.commitments import parse_back_in, scan_commitments
from ..core.errands import one_request
from ..core.goals import Goal, GoalKind, Provenance, Strategy
from ..core.language.words import clock
from ..core.reminders import parse_reminders
from ..core.salience import QuietHours
from ..core.signals import Signal
from ..core.turn_kind import TurnKind
from ..core.world import ANY, WorldModel
from ..ports import Clock
from ..vault.goals import GoalBook
from ..vault.journal import Journal

ASK_EXPECT: Final = timedelta(hours=12)


class Reflection:
    """What the mind makes of the exchanges it has not read yet."""

    def __init__(
        self,
        *,
        clock: Clock,
        journal: Journal,
        goals: GoalBook,
        quiet: Callable[[], QuietHours],
    ) -> None:
        self.clock = clock
        self.journal = journal
        self.goals = goals
        self.quiet = quiet
        self.world = WorldModel()

    def reflect(self, committed: list[Signal], now: datetime, world: WorldModel) -> None:
        """Journal each committed exchange, and read it for goals and expectations."""
        self.world = world
        for signal in committed:
            data = signal.data
            heard, said = data.get("heard"), data.get("said")
            when = signal.at.astimezone(now.tzinfo)
            if heard and data.get("role") == "owner":
                self.journal.journal(when, str(data.get("sender") or "owner"), str(heard))
                self._owner_words(str(heard), now, data)
            if said:
                self.journal.journal(when, None, str(said))
                self._own_words(str(said), now, data)
            elif data.get("kind") in (TurnKind.PROACTIVE, TurnKind.REACH_OUT) and data.get("ok"):
                self.journal.entry(when, "journal.chose_silence", intent=data.get("intent"))

    def _owner_words(self, text: str, now: datetime, data: dict[str, Any]) -> None:
        filed = [g for i in data.get("filed") or () if (g := self.goals.get(str(i)))]
        if not filed:
            for reminder in parse_reminders(text, now):
                goal, new = self.goals.remind(reminder)
                filed += [goal] if new else []
        for goal in filed:
            self._filed(goal, now)
        if (back := parse_back_in(text, now)) is not None:
            # Back is back once half the time said has passed: a word a minute later is not it.
            utc_now = self.clock.utcnow()
            when, early = back + timedelta(minutes=30), utc_now + (back - utc_now) / 2
            self.world.expect("owner:last_spoke", ANY, when, utc_now, "my owner back", after=early)

    def _filed(self, goal: Goal, now: datetime) -> None:
        language, quiet = self.journal.language(), self.quiet()
        due = clock(goal.due, now, language)
        if goal.due is not None and quiet.hold(goal.due.astimezone(now.tzinfo)):
            at = clock(quiet.keep_at(goal.due, now), now, language)
            key, values = "journal.filed_reminder_quiet", {"at": at}
        else:
            key, values = "journal.filed_reminder", {}
        self.journal.entry(now, key, id=goal.id, due=due, text=goal.text, **values)

    def _own_words(self, text: str, now: datetime, data: dict[str, Any]) -> None:
        # A reply that declared its promises has said what it commits to; otherwise read its
        # words, in a conversation only (a promise being kept, or a musing, promises nothing).
        promising = data.get("kind") in (TurnKind.OWNER, TurnKind.FLUSH)
        found = [] if data.get("promises") or not promising else scan_commitments(text, now)
        asked = [g for i in data.get("requested") or () if (g := self.goals.get(str(i)))]
        for commitment in found:
            if any(one_request(commitment.what, g.text, None, g.due, now.tzinfo) for g in asked):
                continue  # the owner's own request, said back
            if self.goals.holds(commitment.what, commitment.due) is not None:
                continue
            goal = self.goals.add(
                commitment.what,
                kind=GoalKind.REACH_OUT,
                provenance=Provenance.PROMISE,
                strategy=Strategy.SINGLE_MINDED,
                due=commitment.due,
            )
            due = clock(goal.due, now, self.journal.language())
            self.journal.entry(now, "journal.promised_due", id=goal.id, due=due, text=goal.text)
        utc_now = self.clock.utcnow()
        for ask in data.get("asks") or []:
            self.world.expect(
                "owner:last_spoke", ANY, utc_now + ASK_EXPECT, utc_now, f"an answer to: {ask}"
            )
