"""The inner life, read in Home Assistant: the journal's days as a calendar, "what did you do
today?" answered from the journal on the offline brain, the latest real choice, journal lines
that are true, and a to-do item's title without the time that became its due time.

Through a real Home Assistant in simulated time, on the offline brain.
"""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path
from typing import Any

from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant
from homeassistant.util import dt as dt_util

from custom_components.shelldon.ports.const import CONF_LANGUAGE
from tests.common import (
    async_live_for,
    async_live_until,
    async_setup_pet,
    async_tell,
    local,
    make_pet_entry,
)
from tests.common import async_tell_and_tick as tell

JOURNAL = "calendar.shelldon_journal"
VAULT = Path("shelldon/shelldon")


def journal_text(root: Path) -> str:
    return "".join(p.read_text() for p in sorted((root / VAULT / "journal").glob("*.md")))


async def test_what_did_you_do_today_is_answered_from_the_journal(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 12, 2, 8, 0))
    pet = await async_setup_pet(hass, make_pet_entry(hass))
    await async_live_until(hass, freezer, pet, local(2026, 12, 2, 13, 0))
    did = pet.files.recall.told_today(pet.clock.now().date())
    assert did, "half a day of life leaves acts of its own in the journal"

    reply = (await async_tell(hass, "What did you do today?"))["reply"]
    assert reply.startswith("From my journal today: ")
    assert all(line in reply for line in did)

    german = (await async_tell(hass, "Was hast du heute gemacht?"))["reply"]
    assert german.startswith("Aus meinem Tagebuch von heute: ")
    assert all(line in german for line in did)


async def test_a_fresh_day_says_its_journal_is_empty(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 12, 2, 8, 0))
    pet = await async_setup_pet(hass, make_pet_entry(hass, **{CONF_LANGUAGE: "de"}))
    pet.files.recall.diary._days.clear()  # as if nothing of its own were written yet
    reply = (await async_tell(hass, "Wie war dein Tag?"))["reply"]
    assert reply.startswith("In meinem Tagebuch steht heute noch nichts Eigenes")


async def test_the_journal_days_are_a_calendar(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    freezer.move_to(local(2026, 12, 1, 9, 0))
    pet = await async_setup_pet(hass, make_pet_entry(hass))
    await tell(hass, freezer, "Good morning! Remind me to water the fern at 6pm")
    await async_live_until(hass, freezer, pet, local(2026, 12, 2, 11, 0))

    state = hass.states.get(JOURNAL)
    assert state is not None and state.state == "on", "today's journal is the current event"
    assert state.attributes["all_day"] is True
    assert re.fullmatch(r"Done: \d+ · conversation lines: \d+", state.attributes["message"])
    today = state.attributes["description"].splitlines()
    assert today and all(line[:2].isdigit() and line[2] == ":" for line in today)
    written = journal_text(tmp_path)
    for line in today:
        assert f"### {line[:5]} [shelldon] {line[6:]}" in written, "each line is the journal's"

    answer = await hass.services.async_call(
        "calendar",
        "get_events",
        {"start_date_time": local(2026, 11, 30), "end_date_time": local(2026, 12, 3)},
        target={"entity_id": JOURNAL},
        blocking=True,
        return_response=True,
    )
    events: list[dict[str, Any]] = answer[JOURNAL]["events"]
    assert [e["start"] for e in events] == ["2026-12-01", "2026-12-02"]
    first = events[0]
    assert "filed a reminder" in first["description"], "what it did on the first day"
    assert first["summary"].startswith(f"Done: {first['description'].count(chr(10)) + 1} ·")

    shelf = hass.states.get("sensor.shelldon_shelf")
    assert shelf is not None and shelf.attributes["documents"] == []
    top = hass.states.get("sensor.shelldon_top_need")
    assert top is not None and "connection_tension" in top.attributes
    assert "connection" not in top.attributes, "only the documented <need>_tension"


async def test_last_choice_keeps_the_latest_real_choice_through_an_hour_of_rest(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 12, 2, 9, 0))
    pet = await async_setup_pet(hass, make_pet_entry(hass))
    await tell(hass, freezer, "hello")
    activity = hass.states.get("sensor.shelldon_activity")
    assert activity is not None
    chosen = activity.attributes["last_choice"]
    assert chosen != "none", "the owner's word was a choice to attend to"
    decisions = activity.attributes["decisions"]
    assert decisions[-1]["about"] == chosen and "score" in decisions[-1]

    await async_live_for(hass, freezer, pet, timedelta(hours=1))
    latest = list(pet.files.journal.decisions)
    activity = hass.states.get("sensor.shelldon_activity")
    assert activity is not None
    assert activity.attributes["last_choice"] == latest[-1]["about"] != "none"
    assert len(activity.attributes["decisions"]) <= 3


async def test_back_in_an_hour_is_not_met_a_minute_later(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    freezer.move_to(local(2026, 12, 2, 9, 0))
    pet = await async_setup_pet(hass, make_pet_entry(hass))
    await tell(hass, freezer, "I'm off to the shop, back in an hour")
    await async_live_for(hass, freezer, pet, timedelta(minutes=1))
    await tell(hass, freezer, "oh, and I took the umbrella")
    await async_live_for(hass, freezer, pet, timedelta(minutes=5))
    assert "as I expected: my owner back" not in journal_text(tmp_path)

    await async_live_for(hass, freezer, pet, timedelta(minutes=50))
    await tell(hass, freezer, "I'm back!")
    await async_live_for(hass, freezer, pet, timedelta(minutes=1))
    assert journal_text(tmp_path).count("as I expected: my owner back") == 1


async def test_a_restart_notes_the_open_conversation_once(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    freezer.move_to(local(2026, 12, 2, 9, 0))
    entry = make_pet_entry(hass)
    pet = await async_setup_pet(hass, entry)
    await tell(hass, freezer, "hello there")  # the situation is written as the mind ticks
    assert pet.parts.turns.unflushed
    for _ in range(3):  # three restarts in a row, the conversation never closed
        assert await hass.config_entries.async_reload(entry.entry_id)
        await hass.async_block_till_done()
        freezer.tick(timedelta(seconds=20))
    assert journal_text(tmp_path).count("my last conversation was still open") == 1


async def test_a_list_item_keeps_its_words_without_the_time(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 12, 2, 8, 0))
    await async_setup_pet(hass, make_pet_entry(hass))
    await hass.services.async_call(
        "todo",
        "add_item",
        {"item": "put the bins out at 6pm"},
        target={"entity_id": "todo.shelldon_promises"},
        blocking=True,
    )
    answer = await hass.services.async_call(
        "todo",
        "get_items",
        {},
        target={"entity_id": "todo.shelldon_promises"},
        blocking=True,
        return_response=True,
    )
    [item] = answer["todo.shelldon_promises"]["items"]
    assert item["summary"] == "put the bins out"
    assert dt_util.parse_datetime(item["due"]) == local(2026, 12, 2, 18, 0)
