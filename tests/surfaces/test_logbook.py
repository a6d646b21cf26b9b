"""The logbook reads the pet's reach-outs and its decisions not to interrupt; a mood change is
the mood sensor's own state change, one line (the event stays on the bus, undescribed).

The events come from a real pet living in simulated time (offline brain); each is handed to
the describe callback shelldon registers, as the logbook would.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.components.logbook import (
    LOGBOOK_ENTRY_ENTITY_ID,
    LOGBOOK_ENTRY_MESSAGE,
    LOGBOOK_ENTRY_NAME,
)
from homeassistant.core import Event, HomeAssistant
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    async_capture_events,
    async_mock_service,
)

from custom_components.shelldon.logbook import MAX_SHOWN, async_describe_events
from custom_components.shelldon.ports.const import (
    CONF_NAME,
    CONF_NOTIFY_TARGETS,
    CONF_PRESENCE,
    CONF_PROACTIVE_IDLE_MIN,
    CONF_SPEAKER,
    CONF_TTS_ENTITY,
    DOMAIN,
    EVENT_DECISION,
    EVENT_MOOD_CHANGED,
    EVENT_REACH_OUT,
)
from tests.common import async_live_until, async_setup_pet, local

Describe = Callable[[Event], dict[str, str]]


@pytest.fixture
def entry(hass: HomeAssistant) -> MockConfigEntry:
    """A pet named Pebble (so its title is not the domain), with a phone and a speaker."""
    hass.states.async_set("person.alex", "home", {"friendly_name": "Alex"})
    hass.states.async_set("media_player.desk", "idle")
    hass.states.async_set("tts.piper", "unknown")
    async_mock_service(hass, "notify", "mobile_app_phone")
    entry = MockConfigEntry(
        domain=DOMAIN,
        unique_id="pebble",
        title="Pebble",
        data={CONF_NAME: "Pebble"},
        options={
            CONF_NOTIFY_TARGETS: ["notify.mobile_app_phone"],
            CONF_PRESENCE: ["person.alex"],
            CONF_SPEAKER: "media_player.desk",
            CONF_TTS_ENTITY: "tts.piper",
            CONF_PROACTIVE_IDLE_MIN: 24 * 60,
        },
    )
    entry.add_to_hass(hass)
    return entry


def describers(hass: HomeAssistant) -> dict[tuple[str, str], Describe]:
    """What shelldon registers with the logbook, by (domain, event type)."""
    found: dict[tuple[str, str], Describe] = {}

    def async_describe_event(domain: str, event_type: str, describe: Describe) -> None:
        found[(domain, event_type)] = describe

    async_describe_events(hass, async_describe_event)
    return found


async def speak_up(hass: HomeAssistant) -> dict[str, Any]:
    response = await hass.services.async_call(
        DOMAIN, "speak_up", {}, blocking=True, return_response=True
    )
    await hass.async_block_till_done()
    return response


async def test_every_event_of_a_living_pet_reads_well_in_the_logbook(
    hass: HomeAssistant, entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    reach_outs = async_capture_events(hass, EVENT_REACH_OUT)
    decisions = async_capture_events(hass, EVENT_DECISION)
    moods = async_capture_events(hass, EVENT_MOOD_CHANGED)
    freezer.move_to(local(2026, 11, 30, 14, 0))
    pet = await async_setup_pet(hass, entry)

    # No tts service yet: the speaker fails and the line goes out as a message instead.
    await speak_up(hass)
    spoken = async_mock_service(hass, "tts", "speak")
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 15, 1))
    assert (await speak_up(hass))["outcome"] == "speak"
    assert len(spoken) == 1
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 23, 30))  # the night drifts
    assert (await speak_up(hass))["reason"] == "quiet hours"

    assert [e.data["outcome"] for e in reach_outs] == ["suggest", "speak"]
    assert len(decisions) == 1
    sleepy = [e for e in moods if e.data["mood"] == "sleepy"]
    assert [e.data["previous"] for e in sleepy] == ["content"]

    describe = describers(hass)
    assert set(describe) == {
        (DOMAIN, EVENT_REACH_OUT),
        (DOMAIN, EVENT_DECISION),
    }
    lines = [describe[(DOMAIN, event.event_type)](event) for event in (*reach_outs, *decisions)]
    for line in lines:
        assert line[LOGBOOK_ENTRY_NAME] == "Pebble"
        assert line[LOGBOOK_ENTRY_ENTITY_ID] == "sensor.pebble_mood"
    assert [line[LOGBOOK_ENTRY_MESSAGE] for line in lines] == [
        f"sent a message: {reach_outs[0].data['message']}",
        f"said aloud: {reach_outs[1].data['message']}",
        "thought about saying hello; chose not to interrupt (quiet hours)",
    ]
    assert spoken[0].data["message"] == reach_outs[1].data["message"]


async def test_a_long_message_is_cut_and_an_unknown_pet_still_reads(
    hass: HomeAssistant, entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 14, 0))
    await async_setup_pet(hass, entry)
    describe = describers(hass)[(DOMAIN, EVENT_REACH_OUT)]
    long = "word " * 100
    line = describe(
        Event(
            EVENT_REACH_OUT,
            {"entry_id": entry.entry_id, "message": long, "outcome": "suggest"},
        )
    )
    message = line[LOGBOOK_ENTRY_MESSAGE]
    assert message.startswith("sent a message: word word")
    assert message.endswith("…")
    assert len(message) == len("sent a message: ") + MAX_SHOWN

    orphan = describe(Event(EVENT_REACH_OUT, {"entry_id": "gone", "message": "hi"}))
    assert orphan[LOGBOOK_ENTRY_NAME] == "shelldon"
    assert orphan[LOGBOOK_ENTRY_MESSAGE] == "sent a message: hi"
    assert LOGBOOK_ENTRY_ENTITY_ID not in orphan
