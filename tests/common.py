"""Helpers that live a pet's life in simulated time."""

from __future__ import annotations

from datetime import datetime, timedelta

from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant
from homeassistant.util import dt as dt_util
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    async_fire_time_changed_exact,
)

from custom_components.shelldon.pet import Pet


async def async_setup_pet(hass: HomeAssistant, entry: MockConfigEntry) -> Pet:
    """Set the entry up and return its pet."""
    assert await hass.config_entries.async_setup(entry.entry_id)
    await hass.async_block_till_done()
    return entry.runtime_data


async def async_live_until(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, pet: Pet, until: datetime
) -> int:
    """Jump from one armed timer to the next until `until`; returns how many times it woke."""
    until = dt_util.as_utc(until)
    wakes = 0
    while pet.armed_at is not None and pet.armed_at <= until:
        at = pet.armed_at
        freezer.move_to(at)
        async_fire_time_changed_exact(hass, at)
        await hass.async_block_till_done()
        wakes += 1
        assert pet.armed_at is None or pet.armed_at > at, "the timer did not move forward"
    freezer.move_to(until)
    async_fire_time_changed_exact(hass, until)
    await hass.async_block_till_done()
    return wakes


async def async_live_for(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, pet: Pet, delta: timedelta
) -> int:
    """Live `delta` of simulated time."""
    return await async_live_until(hass, freezer, pet, dt_util.utcnow() + delta)


def local(*args: int) -> datetime:
    """An aware datetime in Home Assistant's time zone."""
    return datetime(*args, tzinfo=dt_util.get_default_time_zone())
