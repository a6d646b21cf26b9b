"""ACT: the one thing a tick does, by the kind of act it chose.

Most acts are small and local (notice, take in a ruling, let a moot goal go, catch up after
downtime, read a document on the shelf). Every turn the pet starts itself goes through the
reacher (one admission, one door out); what a need wants done comes back as a `Want` the mind
carries out through the same doors.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from ..core.appraisal import Act, Candidate
from ..core.goals import GoalState, Strategy
from ..core.signals import Signal, SignalKind
from ..ports import Basics, Executor, JournalLines, Motives
from ..vault.shelf import Shelf
from .means import MindFiles
from .reacher import Reacher

Done = tuple[str, dict[str, Any] | None]  # what was done, and gate 2's verdict if asked


class Acts:
    """The mind's acts, each handed the doors it uses (never the mind itself)."""

    def __init__(
        self,
        *,
        basics: Basics,
        files: MindFiles,
        reacher: Reacher,
        needs: Motives,
        agenda: list[Signal],
        considered: dict[str, datetime],
        executor: Executor,
        flush: Callable[[str | None], None],
    ) -> None:
        self.clock = basics.clock
        self.journal: JournalLines = files.journal
        self.goals = files.goals
        self.reacher = reacher
        self.needs = needs
        self.agenda = agenda  # the mind's own list, changed in place
        self.considered = considered
        self._shelf = files.shelf  # the shelf as it is now (it is rebuilt when a dial changes)
        self.executor = executor
        self.spawn = basics.spawn
        self.flush = flush
        self.changed = basics.changed
        self.noticed = files.refresh_situation  # the situation file follows what was noticed

    @property
    def shelf(self) -> Shelf:
        """The shelf."""
        return self._shelf()

    def act(self, choice: Candidate, now: datetime) -> Done:
        """Carry out the chosen act."""
        signal = self._take_signal(choice.ref)
        entry = self.journal.entry
        if choice.act is Act.ATTEND:
            return "listened (the reply path answers)", None
        if choice.act is Act.NOTICE:
            entry(now, "journal.noticed", about=choice.about)
            self.noticed()
            return f"noticed {choice.about}", None
        if choice.act is Act.SURPRISED:
            entry(now, "journal.did_not_happen", about=choice.about)
            return "noted a surprise", None
        if choice.act is Act.CATCH_UP:
            return self._catch_up(now, signal), None
        if choice.act is Act.LET_GO:
            self.goals.settle(str(choice.ref), GoalState.DROPPED)
            entry(now, "journal.let_go", about=choice.about)
            return f"let go of {choice.ref}", None
        if choice.act is Act.FLUSH:
            return self.reacher.close(now), None
        if choice.act is Act.DREAM:
            return self.reacher.dream(now), None
        if choice.act is Act.READ:
            return self._read(signal, now), None
        if choice.act is Act.RULING:
            data = signal.data if signal else {}
            ruled = "rejected" if data.get("ruling") == "rejected" else "approved"
            entry(now, f"journal.ruling_{ruled}", edit=data.get("edit"), path=data.get("path"))
            return f"took in the ruling on {data.get('edit')}", None
        if choice.act in (Act.REACH_OUT, Act.MUSE):
            return self.reacher.reach_out(choice, now)
        if choice.act is Act.NEED:
            return self._need(choice, now)
        return f"nothing to do for {choice.act.value}", None

    def _take_signal(self, ref: str | None) -> Signal | None:
        if not ref or not ref.startswith("s"):
            return None
        agenda = self.agenda
        for index, signal in enumerate(agenda):
            if f"s{signal.seq}" == ref:
                return agenda.pop(index)
        return None

    def _need(self, choice: Candidate, now: datetime) -> Done:
        """A need's act: it says what it wants, and the mind does it through its doors."""
        want = self.needs.act(choice, now)
        if want.line is not None and want.need is not None:
            self.journal.journal(now, None, want.line)
            self.needs.resolve(want.need, "journal line written")
            return want.line, None
        if want.reach_out and want.need is not None:
            return self.reacher.reach_out_for_need(want.need, want.goal, now)
        if want.dream:
            return self.reacher.dream(now, need=want.need), None  # resolved when a day folds
        return want.account, None

    def _catch_up(self, now: datetime, signal: Signal | None) -> str:
        """After downtime: reconsider goals by their strategies, once, and say so once."""
        utc_now = self.clock.utcnow()
        dropped = kept = 0
        for goal in self.goals.open_goals():
            if goal.due is None or goal.due > utc_now:
                continue
            if goal.strategy is Strategy.OPEN_MINDED:
                self.goals.settle(goal.id, GoalState.DROPPED)
                dropped += 1
            else:
                kept += 1
        self.considered.clear()
        self.reacher.mused_for = self.reacher.stretch_key()  # waking is no reason to speak up
        self.agenda[:] = [s for s in self.agenda if s.kind is not SignalKind.SUSPEND_GAP]
        gap = (signal.data.get("about") if signal else None) or self.journal.words(
            "about.slept", span="?"
        )
        words = self.journal.words
        detail = (
            words("journal.caught_up_detail", dropped=dropped, kept=kept) if dropped or kept else ""
        )
        self.journal.entry(now, "journal.caught_up", gap=gap, detail=detail)
        return f"caught up{detail}"

    # ------------------------------------------------------------------ the shelf

    def _read(self, signal: Signal | None, now: datetime) -> str:
        """Read (or let go of) a document on the shelf: an ordinary act, no model call."""
        if signal is None:
            return "nothing to read"
        doc, change = str(signal.data.get("doc")), str(signal.data.get("change"))
        if change == "removed":
            self.shelf.forget(doc)
            self.journal.entry(now, "journal.shelf_removed", doc=doc)
            self.spawn(self.executor(self.shelf.save))
            return f"forgot {doc}"
        self.spawn(self._async_read(doc))
        return f"reading {doc}"

    async def _async_read(self, doc: str) -> None:
        chunks, stamp, reason = await self.executor(self.shelf.read, doc)
        self.shelf.shelve(doc, chunks, stamp, reason)
        name = doc.rsplit("/", 1)[-1]
        if reason is None:
            count = len(chunks)
            key = "journal.shelved_one" if count == 1 else "journal.shelved"
            line = self.journal.words(key, name=name, count=count)
            self.needs.witnessed("understanding", f"read {name}")
        else:
            line = self.journal.words("journal.unreadable", name=name, reason=reason)
        self.journal.journal(self.clock.now(), None, line)
        await self.executor(self.shelf.save)
        self.flush(f"shelf: {line}")
        self.changed()
