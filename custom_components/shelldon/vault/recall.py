"""Recall: what the pet remembers that bears on what is being talked about.

Two sources, one keyword index: the durable facts of `memory/facts.md` (weighed twice, as the
distilled memory they are) and the raw lines of recent journal days. Recall never looks at the
knowledge shelf: the shelf is cited, memory is remembered, and the two never mix.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from typing import Final

from ..core.diary import told
from ..core.dream import parse_day, worth_keeping
from ..core.knowledge import Index
from ..core.markup import plain
from ..core.notes import parse_facts
from ..core.passages import Chunk
from .diary import Diary
from .vault import Vault, VaultError

FACTS_FILE: Final = "memory/facts.md"
FACT_WEIGHT: Final = 2.0
JOURNAL_DAYS: Final = 14
MAX_LINES: Final = 6000


class Recall:
    """An index over facts and recent journal lines."""

    def __init__(
        self, vault: Vault, pet_name: str, on_diary: Callable[[], None] | None = None
    ) -> None:
        self.vault = vault
        self.author = pet_name.lower()
        self.index = Index()
        self._facts: list[tuple[str, str]] = []
        self._lines: list[tuple[str, str]] = []  # (day, rendered line)
        # The recent days, as the pet's surfaces show them.
        self.diary = Diary(pet_name, lambda text: plain(vault.scrubber(text)), on_diary)

    def load(self, today: date) -> None:
        """Blocking: read facts.md and the recent journal days."""
        self._facts, self._lines = [], []
        try:
            if self.vault.exists(FACTS_FILE):
                self._facts = parse_facts(self.vault.read_text(FACTS_FILE))
            for back in range(JOURNAL_DAYS, -1, -1):
                day = (today - timedelta(days=back)).isoformat()
                path = f"journal/{day}.md"
                if self.vault.exists(path):
                    lines = parse_day(self.vault.read_text(path))
                    self.diary.load(day, lines)
                    for line in lines:
                        if worth_keeping(line, self.author):  # never routine, never the shelf
                            self._lines.append((day, line.render()))
        except (OSError, VaultError):
            pass
        self._rebuild()

    def _rebuild(self) -> None:
        self._lines = self._lines[-MAX_LINES:]
        self.index = Index()
        for number, (fact, source) in enumerate(self._facts):
            self.index.add(
                Chunk(FACTS_FILE, number, number, fact, f"a fact kept from {source or 'before'}"),
                FACT_WEIGHT,
            )
        for number, (day, line) in enumerate(self._lines):
            self.index.add(Chunk(f"journal/{day}.md", number, number, line, f"journal {day}"), 1.0)

    def add_fact(self, fact: str, source: str) -> None:
        """A fact the dream just kept."""
        self._facts.append((fact, source))
        number = len(self._facts) - 1
        self.index.add(
            Chunk(FACTS_FILE, number, number, fact, f"a fact kept from {source}"), FACT_WEIGHT
        )

    def add_line(self, day: str, line: str) -> None:
        """A journal line just written (ignored if it is routine or cites the shelf)."""
        parsed = parse_day(line)
        if parsed:
            self.diary.add(day, parsed[0])
        if not parsed or not worth_keeping(parsed[0], self.author):
            return
        line = parsed[0].render()
        self._lines.append((day, line))
        if len(self._lines) > MAX_LINES * 1.2:
            self._rebuild()
            return
        number = len(self._lines) - 1
        self.index.add(Chunk(f"journal/{day}.md", number, number, line, f"journal {day}"), 1.0)

    @property
    def facts(self) -> list[tuple[str, str]]:
        """Every fact kept, with its source day."""
        return list(self._facts)

    def told_today(self, today: date) -> list[str]:
        """What the pet did today, told briefly from its journal (for "what did you do
        today?")."""
        day = self.diary.day(today)
        return told(day.did) if day is not None else []

    def recall(self, query: str, limit: int = 3) -> list[str]:
        """Prompt lines for what bears on `query`, facts first when they tie."""
        lines = []
        for hit in self.index.search(query, limit=limit, relative=0.3):
            lines.append(f"({hit.chunk.blurb}) {hit.chunk.text}")
        return lines
