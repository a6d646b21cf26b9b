"""The mind's files: the daily journal, the tick trace and the signal log, all in the vault.

One journal, two authors: the conversation and the pet's own acts share `journal/YYYY-MM-DD.md`
as `### HH:MM [who] text` lines. `trace/ticks.jsonl` has one record per tick (what was sensed,
the scores, the choice and the runners-up, what was done, every interrupt decision with its
factors); runs of uneventful resting ticks are folded into one record when the next eventful
tick is written, so a pet at rest does not write to disk. `signals.jsonl` has one line per
arrival. Everything is scrubbed of secrets first; logs rotate at a size, so nothing grows
without bound. Lines are queued on the event loop and written in one executor job per tick.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable
from datetime import datetime
from typing import Any, Final

from .core.scrub import scrub, scrub_data
from .vault import Vault, VaultError

JOURNAL_DIR: Final = "journal"
TRACE_FILE: Final = "trace/ticks.jsonl"
SIGNALS_FILE: Final = "signals.jsonl"
BELIEFS_FILE: Final = "world/beliefs.jsonl"
AUDIT_FILE: Final = "audit.log"
ROTATE_AT: Final = 2 * 1024 * 1024  # bytes
KEEP_ROTATED: Final = 2
MAX_QUEUED: Final = 5000


def journal_file(day: datetime) -> str:
    """The journal file of a local day."""
    return f"{JOURNAL_DIR}/{day.date().isoformat()}.md"


class Records:
    """Queues lines for the vault and writes them in one go."""

    def __init__(self, vault: Vault, pet_name: str) -> None:
        self.vault = vault
        self.pet_name = pet_name
        self.author = pet_name.lower()
        self._queue: deque[tuple[str, str]] = deque(maxlen=MAX_QUEUED)
        self._resting: dict[str, Any] | None = None
        self.bytes_written = 0
        self.on_line: Callable[[str, str], None] | None = None  # (day, line) as written

    def journal(self, at: datetime, who: str | None, text: str) -> str:
        """Queue one journal line (at is local); returns the line."""
        line = (
            f"### {at.strftime('%H:%M')} [{who or self.author}] {scrub(' '.join(text.split()))}\n"
        )
        self._queue.append((journal_file(at), line))
        if self.on_line is not None:
            self.on_line(at.date().isoformat(), line)
        return line

    def trace(self, record: dict[str, Any], *, resting: bool) -> None:
        """Queue a tick record; consecutive resting ticks fold into one: the last of the run,
        whole (`tick`, `at`, `choice: null`, …), with `rest: true`, how many `ticks` it stands
        for, and the run's `from`/`to` and `first_tick`."""
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
        self._queue.append((TRACE_FILE, json.dumps(scrub_data(record), ensure_ascii=False) + "\n"))

    def signal(self, data: dict[str, Any]) -> None:
        """Queue one arrival."""
        self._queue.append((SIGNALS_FILE, json.dumps(scrub_data(data), ensure_ascii=False) + "\n"))

    def belief(self, data: dict[str, Any]) -> None:
        """Queue one belief for the append-only world log."""
        self._queue.append((BELIEFS_FILE, json.dumps(scrub_data(data), ensure_ascii=False) + "\n"))

    def audit(self, data: dict[str, Any]) -> None:
        """Queue one satisfaction change for the audit trail."""
        self._queue.append((AUDIT_FILE, json.dumps(scrub_data(data), ensure_ascii=False) + "\n"))

    def _close_rest(self) -> None:
        if self._resting is not None:
            line = json.dumps(scrub_data(self._resting), ensure_ascii=False)
            self._queue.append((TRACE_FILE, line + "\n"))
            self._resting = None

    @property
    def backlog(self) -> int:
        """Lines waiting to be written."""
        return len(self._queue)

    @property
    def pending(self) -> bool:
        """Something waits to be written."""
        return bool(self._queue)

    def take(self, *, close_rest: bool = False) -> list[tuple[str, str]]:
        """Hand over the queue (on the event loop) for `write` (in the executor)."""
        if close_rest:
            self._close_rest()
        batch = list(self._queue)
        self._queue.clear()
        return batch

    def write(self, batch: list[tuple[str, str]]) -> None:
        """Blocking: append every queued line, rotating logs that grew too big."""
        grouped: dict[str, list[str]] = {}
        for path, line in batch:
            grouped.setdefault(path, []).append(line)
        for path, lines in grouped.items():
            text = "".join(lines)
            try:
                if path.startswith(JOURNAL_DIR) and not self.vault.exists(path):
                    day = path.rsplit("/", 1)[-1].removesuffix(".md")
                    text = f"# {self.pet_name}'s journal, {day}\n\n" + text
                else:
                    self._rotate(path)
                self.vault.append_text(path, text)
                self.bytes_written += len(text.encode())
            except (OSError, VaultError):
                continue  # the files are a record, never a reason to stop living

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
