"""A fresh pet wakes as its owner finds it: idle when someone is home (not dormant a second
after setup), and its first states leave no noise in the logbook."""

from __future__ import annotations

from datetime import timedelta

from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant

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
