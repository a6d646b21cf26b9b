"""The pet's battery: PiSugar entities decide how hard it eases off."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant
from homeassistant.util import dt as dt_util
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.shelldon.ports.const import (
    CONF_BATTERY_ENTITY,
    CONF_CHARGING_ENTITY,
    CONF_LOW_BATTERY,
)
from tests.common import async_live_for, async_setup_pet, local

BATTERY = "sensor.pisugar_battery"
PLUGGED = "binary_sensor.pisugar_power_plugged"


@pytest.fixture
def pet_options() -> dict[str, Any]:
    return {CONF_BATTERY_ENTITY: BATTERY, CONF_CHARGING_ENTITY: PLUGGED, CONF_LOW_BATTERY: 20}


def set_power(hass: HomeAssistant, charge: str, plugged: str) -> None:
    hass.states.async_set(BATTERY, charge, {"unit_of_measurement": "%", "device_class": "battery"})
    hass.states.async_set(PLUGGED, plugged, {"device_class": "plug"})


def reflex_gap(pet: Any) -> float:
    """Seconds between the reflex's last run and its next."""
    job = pet.workings.heart.scheduler.jobs["reflex"]
    now = pet.clock.now()
    due = pet.workings.heart.scheduler.due_at(
        job, now, pet.workings.personality.state.last_interaction_at, pet.organs.battery.level
    )
    return (due - job.last_run).total_seconds()


@pytest.mark.parametrize(
    ("charge", "plugged", "mode", "stretch"),
    [
        ("80", "on", "lively", 1),
        ("5", "on", "lively", 1),  # a low battery that is charging is recovering
        ("80", "off", "eased", 3),
        ("20", "off", "eased", 3),
        ("19", "off", "low", 6),
        ("unavailable", "off", "eased", 3),  # unknown charge is never low
        ("unknown", "off", "eased", 3),
        ("50", "unavailable", "eased", 3),  # unknown plug: assume the battery
    ],
)
async def test_power_mode_and_cadence_stretch_follow_the_battery(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    charge: str,
    plugged: str,
    mode: str,
    stretch: int,
) -> None:
    freezer.move_to(local(2026, 11, 30, 12, 0))
    set_power(hass, charge, plugged)
    pet = await async_setup_pet(hass, config_entry)
    await async_live_for(hass, freezer, pet, timedelta(minutes=30))
    assert hass.states.get("sensor.shelldon_power_mode").state == mode
    assert reflex_gap(pet) == 60 * stretch


async def test_battery_low_shows_the_low_battery_face_and_charging_brings_it_back(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 12, 0))
    set_power(hass, "80", "off")
    pet = await async_setup_pet(hass, config_entry)
    set_power(hass, "12", "off")
    await hass.async_block_till_done()
    assert hass.states.get("sensor.shelldon_power_mode").state == "low"
    assert hass.states.get("sensor.shelldon_mood").state == "low_battery"
    state = hass.states.get("sensor.shelldon_power_mode")
    assert state.attributes == {**state.attributes, "on_battery": True, "charge": 12.0}

    set_power(hass, "12", "on")
    await hass.async_block_till_done()
    assert hass.states.get("sensor.shelldon_power_mode").state == "lively"
    assert hass.states.get("sensor.shelldon_mood").state != "low_battery"
    assert pet.organs.battery.level.value == "lively"


async def test_a_power_change_re_arms_the_timer_at_once(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 12, 0))
    set_power(hass, "10", "off")
    pet = await async_setup_pet(hass, config_entry)
    await async_live_for(hass, freezer, pet, timedelta(minutes=7))
    low_wake = pet.workings.heart.armed_at
    assert low_wake - dt_util.utcnow() > timedelta(minutes=1)

    set_power(hass, "10", "on")
    await hass.async_block_till_done()
    assert pet.workings.heart.armed_at < low_wake, "plugged in, the reflex is due sooner"


async def test_sensor_style_charging_states_are_understood(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    entry = MockConfigEntry(
        domain="shelldon",
        data={"name": "Shelldon"},
        unique_id="shelldon",
        options={CONF_BATTERY_ENTITY: BATTERY, CONF_CHARGING_ENTITY: "sensor.pisugar_status"},
    )
    entry.add_to_hass(hass)
    hass.states.async_set(BATTERY, "15")
    hass.states.async_set("sensor.pisugar_status", "charging")
    await async_setup_pet(hass, entry)
    assert hass.states.get("sensor.shelldon_power_mode").state == "lively"
    hass.states.async_set("sensor.pisugar_status", "discharging")
    await hass.async_block_till_done()
    assert hass.states.get("sensor.shelldon_power_mode").state == "low"


async def test_no_battery_configured_is_always_plugged_in(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    entry = MockConfigEntry(domain="shelldon", data={"name": "Shelldon"}, unique_id="shelldon")
    entry.add_to_hass(hass)
    await async_setup_pet(hass, entry)
    assert hass.states.get("sensor.shelldon_power_mode").state == "lively"
