"""The journal's recent days in memory, as the pet's surfaces show them (the calendar, the
dashboard, "what did you do today?"): read with recall at start, then kept line by line as the
journal writes them. Bounded: a week of days, each sorted once per new line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date, timedelta
from typing import Final

from ..core.diary import Day, sort_day
from ..core.dream import DayLine

DAYS_KEPT: Final = 7
LINES_KEPT: Final = 2000  # lines of one day kept (a flood of a day keeps its latest)


class Diary:
    """The last days of the journal, sorted for showing."""

    def __init__(
        self,
        pet_name: str,
        shown: Callable[[str], str] = str,
        on_change: Callable[[], None] | None = None,
    ) -> None:
        self.pet = pet_name.lower()
        self.shown = shown  # a line as the surfaces show it: scrubbed, plain text
        self.on_change = on_change  # a new line: the calendar shows it
        self._lines: dict[str, list[DayLine]] = {}
        self._days: dict[str, Day] = {}

    def load(self, day: str, lines: Iterable[DayLine]) -> None:
        """A day read from its file at start."""
        self._lines[day] = [self._shown(line) for line in list(lines)[-LINES_KEPT:]]
        self._sort(day)

    def add(self, day: str, line: DayLine) -> None:
        """A line just written."""
        kept = self._lines.setdefault(day, [])
        kept.append(self._shown(line))
        if len(kept) > LINES_KEPT:
            del kept[: len(kept) - LINES_KEPT]
        self._sort(day)
        if self.on_change is not None:
            self.on_change()

    def _shown(self, line: DayLine) -> DayLine:
        return DayLine(line.time, line.who, " ".join(self.shown(line.text).split()))

    def _sort(self, day: str) -> None:
        self._days[day] = sort_day(day, self._lines[day], self.pet)
        for old in sorted(self._lines)[:-DAYS_KEPT]:
            del self._lines[old]
            self._days.pop(old, None)

    def day(self, when: date) -> Day | None:
        """One day, if the journal has it."""
        return self._days.get(when.isoformat())

    def days(self, today: date) -> tuple[Day, ...]:
        """The kept days up to today, oldest first."""
        first = (today - timedelta(days=DAYS_KEPT - 1)).isoformat()
        return tuple(self._days[d] for d in sorted(self._days) if first <= d <= today.isoformat())
