"""A fresh pet wakes as its owner finds it: idle when someone is home (not dormant a second
after setup), and its first states leave no noise in the logbook."""

from __future__ import annotations

from datetime import timedelta

from freezegun.api import FrozenDateTimeFactory
from homeassistant.const import EVENT_STATE_CHANGED
from homeassistant.core import Event, HomeAssistant
from pytest_homeassistant_custom_component.common import async_capture_events

from tests.common import ALEX, async_live_for, async_setup_pet, local, make_pet_entry


async def test_a_fresh_pet_with_someone_home_is_idle_and_stays_idle_for_its_first_hour(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    hass.states.async_set(ALEX, "home", {"friendly_name": "Alex"})
    pet = await async_setup_pet(hass, make_pet_entry(hass, texts_alex=True))
    assert hass.states.get("sensor.shelldon_activity").state == "idle"

    await async_live_for(hass, freezer, pet, timedelta(minutes=1))
    assert hass.states.get("sensor.shelldon_activity").state == "idle"
    await async_live_for(hass, freezer, pet, timedelta(minutes=50))
    assert hass.states.get("sensor.shelldon_activity").state == "idle"
    assert hass.states.get("sensor.shelldon_activity").attributes["tick_seconds"] == 60

    await async_live_for(hass, freezer, pet, timedelta(minutes=15))  # an hour without a word
    assert hass.states.get("sensor.shelldon_activity").state == "dormant"


async def test_a_fresh_pet_in_an_empty_home_settles_to_dormant(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    hass.states.async_set(ALEX, "not_home", {"friendly_name": "Alex"})
    pet = await async_setup_pet(hass, make_pet_entry(hass, texts_alex=True))
    await async_live_for(hass, freezer, pet, timedelta(minutes=1))
    assert hass.states.get("sensor.shelldon_activity").state == "dormant"


def logbook_lines(events: list[Event]) -> list[str]:
    """The state changes the logbook would show (as its live filter reads them)."""
    lines = []
    for event in events:
        old, new = event.data["old_state"], event.data["new_state"]
        if old is None or new is None or old.state == new.state:
            continue
        if {"unit_of_measurement", "state_class"} & set(new.attributes):
            continue
        if new.entity_id.split(".")[1].startswith("shelldon"):
            lines.append(f"{new.entity_id} became {new.state}")
    return lines


async def test_a_restarted_pet_leaves_no_became_unknown_lines_for_what_it_never_knew(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    entry = make_pet_entry(hass)
    await async_setup_pet(hass, entry)
    assert await hass.config_entries.async_unload(entry.entry_id)
    await hass.async_block_till_done()
    held = hass.states.get("sensor.shelldon_last_said")
    assert held.state == "unavailable" and held.attributes.get("restored")

    events = async_capture_events(hass, EVENT_STATE_CHANGED)
    await async_setup_pet(hass, entry)
    assert hass.states.get("sensor.shelldon_last_said").state == "unknown"
    unknown = [line for line in logbook_lines(events) if line.endswith("became unknown")]
    assert unknown == [], unknown
    assert hass.states.get("sensor.shelldon_activity").state == "idle"
