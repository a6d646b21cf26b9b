"""Varied days, seeded: every reminder kept exactly once, at its time or when the quiet hours
end, whatever else happened.

Four days (and the night after) through a real Home Assistant in simulated time with the pet's
ordinary life running (musings on, the default gates and caps, quiet hours 22:00–09:00): Alex comes
and goes, chats, asks the pet to speak up, asks for reminders at all hours (some falling in the
quiet hours) in every way of saying when (after the errand, before it, ahead of "remind me", as
a duration in two units in digits or in words or in minutes written "m", "set a reminder for"
a time, on the twelve-hour clock and with "tomorrow" too, the day by its date, a note), and Home
Assistant restarts every other day. The draws are seeded (the same days every run; they put
reminders in the quiet hours and across a restart, and the test checks they do). Once on the
offline brain, once with a model that, as models do, also promises each reminder back with its
own idea of the time (the owner's time must win, and one request stays one promise).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant
from homeassistant.util import dt as dt_util
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    async_capture_events,
    async_mock_service,
)

from custom_components.shelldon.core.defaults import QUIET_END, QUIET_START
from custom_components.shelldon.core.salience import QuietHours
from custom_components.shelldon.ports.const import DOMAIN, EVENT_REACH_OUT
from tests.anthropic_mock import ScriptedModel, scripted
from tests.common import async_live_until, async_setup_pet, async_tell, local, make_pet_entry

SEED = 28
START = (2026, 12, 7)  # a Monday
DAYS = 4
ERRANDS_A_DAY = 3
ERRANDS = (
    "call Ana",
    "water the ficus",
    "email Carla",
    "take the bins out",
    "buy stamps",
    "book the dentist",
    "pay the rent",
    "feed the cat",
    "charge the bike",
    "return the library book",
    "bake bread",
    "text Ben",
    "check the boiler",
    "order coffee beans",
)
CHAT = (
    "the tea was lovely today",
    "what's on your mind?",
    "I'm off to a meeting",
    "dinner was pasta",
    "how are you?",
    "good night",
)


def _lasting(said: datetime, due: datetime) -> str:
    hours, minutes = divmod(round((due - said).total_seconds() / 60), 60)
    if not hours:
        return f"in {minutes} minutes"
    return f"in {hours} hours and {minutes} minutes" if minutes else f"in {hours} hours"


HOURS = (
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)


def _worded(said: datetime, due: datetime) -> str:
    """The same duration as a person says it: the hours in words, a half as a half."""
    hours, minutes = divmod(round((due - said).total_seconds() / 60), 60)
    spoken = HOURS[hours - 1] if 0 < hours <= len(HOURS) else str(hours)
    if not hours:
        return f"in {minutes} minutes"
    if minutes == 30:
        return "in an hour and a half" if hours == 1 else f"in {spoken} and a half hours"
    hours_said = "an hour" if hours == 1 else f"{spoken} hours"
    return f"in {hours_said} and {minutes} minutes" if minutes else f"in {hours_said}"


# How the owner asks: the time after the errand, before it, ahead of "remind me", as a duration
# in two units (in digits or in words), before or after the errand, "set a reminder for" a time,
# a note ("Reminder: …"), or "before" a time.
def _dated(due: datetime) -> str:
    """The due day by its date, as in "on the 3rd"."""
    suffix = (
        "th" if 10 <= due.day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(due.day % 10, "th")
    )
    return f"on the {due.day}{suffix}"


def _twelve(said: datetime, due: datetime) -> str:
    """The due time on the twelve-hour clock, with "tomorrow" when it is, as in "tomorrow
    8:05am"."""
    clock = f"{due.hour % 12 or 12}:{due:%M}{'am' if due.hour < 12 else 'pm'}"
    return f"tomorrow {clock}" if due.date() > said.date() else clock


PHRASINGS: tuple[Callable[[str, datetime, datetime], str], ...] = (
    lambda errand, said, due: f"remind me to {errand} at {due:%H:%M}",
    lambda errand, said, due: f"Remind me at {due:%H:%M} to {errand}",
    lambda errand, said, due: f"At {due:%H:%M}, remind me to {errand}",
    lambda errand, said, due: f"remind me {_lasting(said, due)} to {errand}",
    lambda errand, said, due: f"Remind me to {errand} {_lasting(said, due)}, please",
    lambda errand, said, due: f"Set a reminder for {due:%H:%M} to {errand}",
    lambda errand, said, due: f"remind me {_worded(said, due)} to {errand}",
    lambda errand, said, due: f"Reminder: {errand} at {due:%H:%M}",
    lambda errand, said, due: f"Remind me {_dated(due)} at {due:%H:%M} to {errand}",
    lambda errand, said, due: f"set a reminder for {_twelve(said, due)}: {errand}",
    lambda errand, said, due: f"remind me to {errand} before {due:%H:%M}",
    lambda errand,
    said,
    due: f"remind me in {round((due - said).total_seconds() / 60)}m to {errand}",
)


@dataclass(frozen=True)
class Step:
    """One thing that happens in the days, at a local time."""

    at: datetime
    what: str  # say, leave, come, speak_up, restart
    text: str = ""


@dataclass(frozen=True)
class Asked:
    """A reminder asked for: its errand, when it was asked, when it is due, and when it must be
    given."""

    errand: str
    said: datetime
    due: datetime
    given: datetime


def days(rng: random.Random) -> tuple[list[Step], list[Asked]]:
    """The seeded days: their steps in order, and the reminders asked."""
    quiet = QuietHours(QUIET_START, QUIET_END)
    steps: list[Step] = []
    asked: list[Asked] = []
    errands = list(ERRANDS)
    rng.shuffle(errands)
    for day in range(DAYS):
        base = local(*START) + timedelta(days=day)

        def at(hour: float, base: datetime = base) -> datetime:
            return base + timedelta(minutes=round(hour * 60))

        leave, back = at(rng.uniform(8.0, 9.5)), at(rng.uniform(16.5, 19.0))
        steps += [Step(leave, "leave"), Step(back, "come")]
        for hour in sorted(rng.sample([7.2, 7.6, 19.5, 20.2, 21.0, 21.7], 3)):
            steps.append(Step(at(hour), "say", rng.choice(CHAT)))
        steps.append(Step(at(rng.choice([10.0, 13.5, 15.0])), "speak_up"))
        if day % 2 == 1:
            steps.append(Step(at(rng.uniform(11.0, 15.0)), "restart"))
        for _ in range(ERRANDS_A_DAY):
            errand = errands.pop()
            said_at = at(rng.choice([7.1, 7.4, 19.3, 20.5]))
            due = said_at + timedelta(minutes=rng.randrange(45, 18 * 60, 5))
            given = quiet.keep_at(due, due) if quiet.hold(due) else due
            said = PHRASINGS[len(asked) % len(PHRASINGS)](errand, said_at, due)
            steps.append(Step(said_at, "say", said))
            asked.append(Asked(errand, said_at, due, given))
    return sorted(steps, key=lambda step: step.at), asked


def model_for(asked: list[Asked]) -> ScriptedModel:
    """A model that answers as models do, and promises each reminder back, half an hour off."""

    def owner(body: dict[str, Any]) -> dict[str, Any]:
        content = body["messages"][0]["content"]
        said = next(
            (
                json.loads(row)["text"]
                for row in content.splitlines()
                if row.startswith("{") and '"kind":"message"' in row
            ),
            "",
        )
        for item in asked:
            if item.errand in said:
                hours = (item.due - dt_util.now()).total_seconds() / 3600 + 0.5
                return {
                    "intent": "confirm the reminder",
                    "say": f"I'll remind you to {item.errand} at {item.due:%H:%M}.",
                    "promise": [{"what": f"remind Alex to {item.errand}", "due_in_hours": hours}],
                }
        return {"intent": "answer Alex", "say": "That sounds nice."}

    return ScriptedModel(
        owner=owner,
        proactive={"intent": "say hello", "say": "Hello from the desk!"},
        reach_out={"intent": "keep my word", "say": "It's time!"},
        dream={"intent": "keep the durable", "remember": []},
    )


async def _live(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    entry: MockConfigEntry,
    steps: list[Step],
    until: datetime,
) -> None:
    pet = await async_setup_pet(hass, entry)
    for step in steps:
        await async_live_until(hass, freezer, pet, step.at)
        if step.what == "say":
            await async_tell(hass, step.text)
        elif step.what in ("leave", "come"):
            state = "not_home" if step.what == "leave" else "home"
            hass.states.async_set("person.alex", state, {"friendly_name": "Alex"})
        elif step.what == "speak_up":
            await hass.services.async_call(
                DOMAIN, "speak_up", {}, blocking=True, return_response=True
            )
        elif step.what == "restart":
            assert await hass.config_entries.async_reload(entry.entry_id)
            await hass.async_block_till_done()
            pet = entry.runtime_data.pet.anatomy
    await async_live_until(hass, freezer, pet, until)


@pytest.mark.parametrize("thinking", [False, True], ids=["offline", "model"])
async def test_varied_days_keep_every_reminder_exactly_once(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, thinking: bool
) -> None:
    steps, asked = days(random.Random(SEED))
    assert len(asked) >= 10 and any(a.given != a.due for a in asked), "some in the quiet hours"
    restarts = [step.at for step in steps if step.what == "restart"]
    assert any(a.said < at < a.given for a in asked for at in restarts), "some across a restart"
    hass.states.async_set("person.alex", "home", {"friendly_name": "Alex"})
    async_mock_service(hass, "notify", "mobile_app_phone")
    reach_outs = async_capture_events(hass, EVENT_REACH_OUT)
    entry = make_pet_entry(hass, thinking=thinking, texts_alex=True)
    until = local(*START) + timedelta(days=DAYS, hours=10)  # the night after, to 10:00
    freezer.move_to(local(*START, 7, 0))
    live: Callable[[], Any] = lambda: _live(hass, freezer, entry, steps, until)  # noqa: E731
    if thinking:
        with scripted(model_for(asked)):
            await live()
    else:
        await live()

    given: dict[str, list[datetime]] = {}
    for event in reach_outs:
        if event.data.get("promise"):
            at = dt_util.as_local(event.time_fired).replace(second=0, microsecond=0)
            given.setdefault(event.data["about"], []).append(at)
    for item in asked:
        assert given.get(item.errand) == [item.given], (item, given.get(item.errand))
    assert sum(len(times) for times in given.values()) == len(asked), "no promise of its own"
    quiet = QuietHours(QUIET_START, QUIET_END)
    assert not [e for e in reach_outs if quiet.hold(dt_util.as_local(e.time_fired))]
    own: dict[str, int] = {}
    for event in reach_outs:
        if not event.data.get("promise"):
            day = dt_util.as_local(event.time_fired).date().isoformat()
            own[day] = own.get(day, 0) + 1
    assert all(count <= 3 for count in own.values()), own
    assert entry.runtime_data.pet.anatomy.files.goals.open_goals() == []
