"""The mind's files: the daily journal, the tick trace and the signal log, all in the vault.

One journal, two authors: the conversation and the pet's own acts share `journal/YYYY-MM-DD.md`
as `### HH:MM [who] text` lines. `trace/ticks.jsonl` has one record per tick (what was sensed,
the scores, the choice and the runners-up, what was done, every interrupt decision with its
factors); runs of uneventful resting ticks are folded into one record when the next eventful
tick is written, so a pet at rest does not write to disk. `signals.jsonl` has one line per
arrival. Nothing leaves unscrubbed: a record is queued as it comes and scrubbed as the queue is
handed over to be written (on the event loop, once per tick), and the vault scrubs again as it
writes; logs rotate at a size, so nothing grows without bound. Lines are queued on the event
loop and written in one executor job per tick.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any, Final

from ..core.language.words import phrase
from ..core.text import clean
from ..ports import Clock
from .vault import Vault, VaultError, reason

_LOGGER = logging.getLogger(__name__)

JOURNAL_DIR: Final = "journal"
TRACE_FILE: Final = "trace/ticks.jsonl"
SIGNALS_FILE: Final = "signals.jsonl"
BELIEFS_FILE: Final = "world/beliefs.jsonl"
AUDIT_FILE: Final = "audit.log"
ROTATE_AT: Final = 2 * 1024 * 1024  # bytes
KEEP_ROTATED: Final = 2
FLUSH_AT: Final = 500  # queued entries: a flood is written as it comes, never dropped
DECISIONS_KEPT: Final = 3  # the mind's latest choices, kept for the pet's surfaces
KEEP_UNWRITTEN: Final = 50_000  # entries kept while the vault cannot be written at all
LINE_MAX: Final = 4000  # characters of one journal line
RETRY_FIRST: Final = timedelta(seconds=30)  # a vault that cannot be written is tried again
RETRY_MOST: Final = timedelta(minutes=15)  # … ever less often, up to this

Entry = tuple[str, "str | dict[str, Any]"]  # (vault path, a text line or a JSON record)


def journal_file(day: datetime) -> str:
    """The journal file of a local day."""
    return f"{JOURNAL_DIR}/{day.date().isoformat()}.md"


def decision(record: dict[str, Any]) -> dict[str, Any]:
    """A tick's choice, briefly: what it chose and why, what it passed over, what it did, and
    (for a reach-out) the interrupt gate's outcome with its factors."""
    choice = record["choice"]
    out: dict[str, Any] = {
        "at": record.get("at"),
        "about": choice.get("about"),
        "act": choice.get("act"),
        "score": choice.get("score"),
        "over": [c.get("about") for c in (record.get("runners_up") or [])[:2]],
        "done": record.get("done"),
    }
    interrupt = record.get("interrupt") or {}  # every key always there (None if no reach-out)
    return out | {k: interrupt.get(k) for k in ("outcome", "reason", "factors")}


class Journal:
    """Queues lines for the vault and writes them in one go."""

    def __init__(
        self,
        vault: Vault,
        pet_name: str,
        clock: Clock | None = None,
        *,
        language: Callable[[], str] = lambda: "en",
        on_line: Callable[[str, str], None] | None = None,
        on_trouble: Callable[[str | None], None] | None = None,
    ) -> None:
        self.vault = vault
        self.language = language  # the owner's language, which the pet's own lines are in
        self.clock = clock
        self.pet_name = pet_name
        self.author = pet_name.lower()
        self._queue: list[Entry] = []
        self._resting: dict[str, Any] | None = None
        self._unwritten: list[Entry] = []  # what a failed write kept, for the next one
        self._unwritten_lock = threading.Lock()
        self._failing: set[str] = set()
        self._failures = 0  # writes in a row that failed
        self._retry_at: datetime | None = None
        self.bytes_written = 0
        # The mind's latest choices with their factors, newest last (the trace has them all).
        self.decisions: deque[dict[str, Any]] = deque(maxlen=DECISIONS_KEPT)
        self.on_line = on_line  # (day, line) as written
        self.on_full: Callable[[], None] | None = None  # the queue is long: write it now
        # Why the files cannot be written (from the executor), or None once they can again.
        self.on_trouble = on_trouble

    def _queue_entry(self, path: str, payload: str | dict[str, Any]) -> None:
        self._queue.append((path, payload))
        if len(self._queue) >= FLUSH_AT and self.on_full is not None:
            self.on_full()

    def journal(self, at: datetime, who: str | None, text: str) -> str:
        """Queue one journal line (at is local); returns the line."""
        words = self.vault.scrubber.cut(" ".join(clean(text).split()), LINE_MAX)
        line = f"### {at.strftime('%H:%M')} [{clean(who or self.author)}] {words}\n"
        self._queue_entry(journal_file(at), line)
        if self.on_line is not None:
            self.on_line(at.date().isoformat(), line)
        return line

    def words(self, key: str, /, **values: object) -> str:
        """One of the pet's own phrases in the owner's language (core/words)."""
        return phrase(key, self.language(), **values)

    def entry(self, at: datetime, key: str, /, **values: object) -> str:
        """Queue one of the pet's own lines, in the owner's language; returns the line."""
        return self.journal(at, None, self.words(key, **values))

    def trace(self, record: dict[str, Any], *, resting: bool) -> None:
        """Queue a tick record; consecutive resting ticks fold into one: the last of the run,
        whole (`tick`, `at`, `choice: null`, …), with `rest: true`, how many `ticks` it stands
        for, and the run's `from`/`to` and `first_tick`."""
        if record.get("choice"):
            self.decisions.append(decision(record))
        if resting:
            if self._resting is None or self._resting["state"] != record.get("state"):
                self._close_rest()
                self._resting = {
                    **record,
                    "rest": True,
                    "from": record["at"],
                    "to": record["at"],
                    "ticks": 1,
                    "first_tick": record["tick"],
                }
            else:
                self._resting.update(
                    {
                        **record,
                        "rest": True,
                        "from": self._resting["from"],
                        "to": record["at"],
                        "ticks": self._resting["ticks"] + 1,
                        "first_tick": self._resting["first_tick"],
                    }
                )
            return
        self._close_rest()
        self._queue_entry(TRACE_FILE, record)

    def signal(self, data: dict[str, Any]) -> None:
        """Queue one arrival."""
        self._queue_entry(SIGNALS_FILE, data)

    def belief(self, data: dict[str, Any]) -> None:
        """Queue one belief for the append-only world log."""
        self._queue_entry(BELIEFS_FILE, data)

    def audit(self, data: dict[str, Any]) -> None:
        """Queue one satisfaction change for the audit trail."""
        self._queue_entry(AUDIT_FILE, data)

    def _close_rest(self) -> None:
        if self._resting is not None:
            self._queue_entry(TRACE_FILE, self._resting)
            self._resting = None

    @property
    def backlog(self) -> int:
        """Entries waiting to be written (a failed write's included)."""
        with self._unwritten_lock:
            return len(self._queue) + len(self._unwritten)

    @property
    def pending(self) -> bool:
        """Something waits to be written."""
        return self.backlog > 0

    def take(self, *, close_rest: bool = False) -> list[Entry]:
        """Hand over the queue (on the event loop) for `write` (in the executor), its records
        cleaned and scrubbed here, once a batch: what a record told is learnt on the loop before
        any reply can echo it, even while the vault cannot be written (the vault scrubs again as
        it writes: the door out keeps its own). What a failed write kept comes first, so the
        files keep their order."""
        if close_rest:
            self._close_rest()
        fresh = [
            (path, p if isinstance(p, str) else self.vault.safe_data(p)) for path, p in self._queue
        ]
        self._queue = []
        with self._unwritten_lock:
            batch, self._unwritten = [*self._unwritten, *fresh], []
        return batch

    def write(self, batch: list[Entry]) -> None:
        """Blocking: append every queued entry, rotating logs that grew too big. A file that
        cannot be written now keeps its entries for the next write: nothing is dropped, and
        nothing is written twice (an append is whole or not at all). While the vault cannot be
        written, it is tried again ever less often (no flood of failing writes, or of logs)."""
        now = self.clock.utcnow() if self.clock is not None else None
        if now is not None and self._retry_at is not None and now < self._retry_at:
            self._keep(batch, front=True)
            return
        failed: str | None = None
        grouped: dict[str, list[str | dict[str, Any]]] = {}
        for path, payload in batch:
            grouped.setdefault(path, []).append(payload)
        for path, payloads in grouped.items():
            try:
                if path.startswith(JOURNAL_DIR):
                    text = "".join(str(p) for p in payloads)
                    if not (self.vault.mtime_size(path) or (0, 0))[1]:  # new, or cut back
                        day = path.rsplit("/", 1)[-1].removesuffix(".md")
                        heading = self.words("journal.heading", name=self.pet_name, day=day)
                        text = f"# {heading}\n\n" + text
                    self.bytes_written += self.vault.append_text(path, text)
                else:
                    self._rotate(path)
                    self.bytes_written += self.vault.append_json(path, payloads)
            except (OSError, VaultError) as err:  # a record, never a reason to stop living
                self._keep([(path, p) for p in payloads])
                failed = failed or reason(err)
                if path not in self._failing:
                    self._failing.add(path)
                    _LOGGER.warning("Could not write %s (%s); it is kept for later", path, failed)
            else:
                self._failing.discard(path)
        self._settle(failed, now)

    def _keep(self, entries: list[Entry], *, front: bool = False) -> None:
        with self._unwritten_lock:
            if front:
                self._unwritten[:0] = entries
            else:
                self._unwritten.extend(entries)
            if len(self._unwritten) > KEEP_UNWRITTEN:  # the vault is gone for good
                del self._unwritten[:-KEEP_UNWRITTEN]

    def _settle(self, failed: str | None, now: datetime | None) -> None:
        """After a write: back off while it fails, and say when that starts and ends."""
        was_failing = self._failures > 0
        if failed is None:
            self._failures, self._retry_at = 0, None
            if was_failing:
                _LOGGER.info("%s's files can be written again", self.pet_name)
        else:
            self._failures += 1
            if now is not None:
                self._retry_at = now + min(RETRY_MOST, RETRY_FIRST * 2 ** (self._failures - 1))
        if was_failing != (failed is not None) and self.on_trouble is not None:
            self.on_trouble(failed)

    def _rotate(self, path: str) -> None:
        stamp = self.vault.mtime_size(path)
        if stamp is None or stamp[1] < ROTATE_AT:
            return
        real = self.vault.path(path)
        for index in range(KEEP_ROTATED, 0, -1):
            older = real.with_name(f"{real.name}.{index}")
            if index == KEEP_ROTATED:
                older.unlink(missing_ok=True)
            else:
                newer = real.with_name(f"{real.name}.{index + 1}")
                if older.exists():
                    older.replace(newer)
        real.replace(real.with_name(f"{real.name}.1"))
