"""The mind's pen: each tick's journal and trace lines written off the event loop, one tick at a
time, and the vault's history recording what the ticks changed.

The history takes the ticks' changes together, at most once every RECORD_EVERY (the first after a
quiet spell at once, what is left on stop): a week of life is a few hundred commits, not
thousands, and no tick waits on git. A commit's message is its latest tick's, with the earlier
ones listed, oldest first. The next tick's lines never slip into this tick's commit.
"""

from __future__ import annotations

import threading
from datetime import datetime, timedelta
from typing import Final

from ..core.text import shorten
from ..ports import Clock, Executor, Spawn
from ..vault.journal import Entry, Journal
from ..vault.versions import Versions

RECORD_EVERY: Final = timedelta(minutes=10)
MAX_COMMIT_LINES: Final = 12  # the earlier ticks a commit message lists, oldest first


class Scribe:
    """Writes the mind's files and records them in the vault's history."""

    def __init__(
        self,
        *,
        clock: Clock,
        journal: Journal,
        versions: Versions,
        executor: Executor,
        spawn: Spawn,
    ) -> None:
        self.clock = clock
        self.journal = journal
        self.versions = versions
        self.executor = executor
        self.spawn = spawn
        self._lock = threading.Lock()  # one tick's files and commit at a time
        self._unrecorded: list[str] = []  # what the ticks since the last history commit did
        self._recorded_at: datetime | None = None

    def flush(self, commit: str | None = None) -> None:
        """Write what is queued; with `commit`, the history records it too: at once after a
        quiet spell, else with whatever follows, once RECORD_EVERY has passed."""
        if commit:
            self._unrecorded.append(commit)
        message = None
        utc_now = self.clock.utcnow()
        if self._unrecorded and (
            self._recorded_at is None or utc_now - self._recorded_at >= RECORD_EVERY
        ):
            message = self._take_unrecorded()
            self._recorded_at = utc_now
        if self.journal.pending or message:
            self.spawn(self.executor(self.write, self.journal.take(), message))

    async def async_flush_rest(self) -> None:
        """On stop: every line still queued (a run of resting ticks too), and what the history
        has not recorded yet."""
        batch = self.journal.take(close_rest=True)
        message = self._take_unrecorded()
        if batch or message:
            await self.executor(self.write, batch, message)

    def write(self, batch: list[Entry], commit: str | None) -> None:
        """Blocking: the lines, then one history commit (if anything changed)."""
        with self._lock:
            self.journal.write(batch)
            if commit:
                self.versions.record(commit)

    def _take_unrecorded(self) -> str | None:
        """One commit message for the ticks not recorded yet: the latest first, then the rest."""
        done, self._unrecorded = self._unrecorded, []
        if not done:
            return None
        if len(done) == 1:
            return done[0]
        earlier = [shorten(line, 100) for line in done[:-1]]
        if len(earlier) > MAX_COMMIT_LINES:
            left = len(earlier) - MAX_COMMIT_LINES
            earlier = [*earlier[:MAX_COMMIT_LINES], f"… and {left} more"]
        latest = shorten(done[-1], 200)
        return f"{latest} (and {len(done) - 1} more)\n\n" + "\n".join(earlier)
