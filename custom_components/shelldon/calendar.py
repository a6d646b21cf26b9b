"""The journal as a Home Assistant calendar: one all-day event per journal day.

Its summary says how much the pet did and talked that day, its description what it did, a line
each (noticed, read, decided, kept), the latest that fit. Home Assistant's own calendar card,
its `calendar.get_events` action and the logbook-free history read it; today's event is the
entity's current event, so a markdown card reads today's journal off its `description`
(which Home Assistant keeps out of the recorder). It shows the days the pet keeps in memory
(a week); older days are in the vault's `journal/` files.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from homeassistant.components.calendar import (
    CalendarEntity,
    CalendarEntityDescription,
    CalendarEvent,
)
from homeassistant.core import HomeAssistant
from homeassistant.helpers.entity_platform import AddConfigEntryEntitiesCallback
from homeassistant.util import dt as dt_util

from .entity import PetEntity
from .runtime import ShelldonConfigEntry
from .runtime.shown import JournalDay

PARALLEL_UPDATES = 0

JOURNAL = CalendarEntityDescription(key="journal", translation_key="journal")


async def async_setup_entry(
    hass: HomeAssistant,
    entry: ShelldonConfigEntry,
    async_add_entities: AddConfigEntryEntitiesCallback,
) -> None:
    """The journal calendar."""
    async_add_entities([JournalCalendar(entry.runtime_data.coordinator, JOURNAL)])


def _event(day: JournalDay) -> CalendarEvent:
    return CalendarEvent(
        start=day.day,
        end=day.day + timedelta(days=1),
        summary=day.summary,
        description=day.description,
        uid=f"journal-{day.day.isoformat()}",
    )


class JournalCalendar(PetEntity, CalendarEntity):
    """The journal's days."""

    platform_domain = "calendar"

    def shown(self) -> tuple[object, ...]:
        """Today's journal (Home Assistant moves the state at the event's end itself)."""
        return (self._today(),)

    @property
    def event(self) -> CalendarEvent | None:
        """Today's journal, once the pet has written something today."""
        day = self._today()
        return None if day is None else _event(day)

    def _today(self) -> JournalDay | None:
        today = dt_util.now().date()
        for day in reversed(self.coordinator.data.journal):
            if day.day == today:
                return day
        return None

    async def async_get_events(
        self, hass: HomeAssistant, start_date: datetime, end_date: datetime
    ) -> list[CalendarEvent]:
        """The journal days inside a time range."""
        out = []
        for day in self.coordinator.data.journal:
            begins = dt_util.start_of_local_day(day.day)
            if begins < end_date and begins + timedelta(days=1) > start_date:
                out.append(_event(day))
        return out
