"""Helpers that live a pet's life in simulated time."""

from __future__ import annotations

import asyncio
import json
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from freezegun.api import FrozenDateTimeFactory
from homeassistant import const as ha_const
from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import event as event_helpers
from homeassistant.util import dt as dt_util
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    get_scheduled_timer_handles,
)

from custom_components.shelldon.ports.const import (
    CONF_API_KEY,
    CONF_MODEL,
    CONF_NAME,
    CONF_NOTIFY_TARGETS,
    CONF_PRESENCE,
    DOMAIN,
)
from custom_components.shelldon.runtime.anatomy import Anatomy
from custom_components.shelldon.runtime.pet import Pet
from tests.anthropic_mock import KEY

PHONE = "notify.mobile_app_phone"
# Whether this run is on the stated minimum release (hacs.json), not the current one.
ON_MINIMUM = (
    ha_const.__version__
    == json.loads((Path(__file__).parents[1] / "hacs.json").read_text(encoding="utf-8"))[
        "homeassistant"
    ]
)
ALEX = "person.alex"


def make_pet_entry(
    hass: HomeAssistant,
    *,
    thinking: bool = False,
    entry_id: str | None = None,
    texts_alex: bool = False,
    **options: Any,
) -> MockConfigEntry:
    """A pet named Shelldon, added to hass: with an API key (a mocked model answers) when
    `thinking`, else on the offline brain; texting Alex's phone and noticing Alex when
    `texts_alex`; a fixed `entry_id` fixes the needs' dice, which are seeded with it."""
    data: dict[str, Any] = {CONF_NAME: "Shelldon"}
    if thinking:
        data |= {CONF_API_KEY: KEY, CONF_MODEL: "claude-haiku-4-5"}
    if texts_alex:
        options = {CONF_NOTIFY_TARGETS: [PHONE], CONF_PRESENCE: [ALEX], **options}
    extra = {"entry_id": entry_id} if entry_id else {}
    entry = MockConfigEntry(
        domain=DOMAIN, unique_id="shelldon", title="Shelldon", data=data, options=options, **extra
    )
    entry.add_to_hass(hass)
    return entry


async def async_setup_pet(hass: HomeAssistant, entry: MockConfigEntry) -> Anatomy:
    """Set the entry up and return its pet's parts (the tests look inside; the surfaces only
    call its commands, `commands`)."""
    assert await hass.config_entries.async_setup(entry.entry_id)
    await hass.async_block_till_done()
    anatomy: Anatomy = entry.runtime_data.pet.anatomy
    return anatomy


def commands(hass: HomeAssistant) -> Pet:
    """The commands of the one pet set up (what Home Assistant's surfaces call)."""
    pet: Pet = hass.config_entries.async_entries(DOMAIN)[0].runtime_data.pet
    return pet


def fire_due(hass: HomeAssistant, at: datetime) -> None:
    """Run the loop's timers that are due at `at` (the clock frozen there), as the harness's
    `async_fire_time_changed_exact` does. Home Assistant's time trackers read `at` as the time
    they fired; that is set once for the whole call, not patched with a mock around each timer
    (which cost more than the pet's own wakes)."""
    at = dt_util.as_utc(at)
    timestamp = at.timestamp()
    resolution = time.get_clock_info("monotonic").resolution
    kept = event_helpers.time_tracker_utcnow, event_helpers.time_tracker_timestamp
    event_helpers.time_tracker_utcnow = lambda: at  # type: ignore[assignment]
    event_helpers.time_tracker_timestamp = lambda: timestamp
    try:
        for handle in list(get_scheduled_timer_handles(hass.loop)):
            if not isinstance(handle, asyncio.TimerHandle) or handle.cancelled():
                continue
            if timestamp - time.time() >= handle.when() - (hass.loop.time() + resolution):
                handle._run()  # what the harness does to fire a timer
                handle.cancel()
    finally:
        event_helpers.time_tracker_utcnow, event_helpers.time_tracker_timestamp = kept


async def async_live_until(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, pet: Anatomy, until: datetime
) -> int:
    """Jump from one armed timer to the next until `until`; returns how many times it woke."""
    until = dt_util.as_utc(until)
    wakes = 0
    while pet.workings.heart.armed_at is not None and pet.workings.heart.armed_at <= until:
        at = pet.workings.heart.armed_at
        freezer.move_to(at)
        fire_due(hass, at)
        await hass.async_block_till_done()
        wakes += 1
        assert pet.workings.heart.armed_at is None or pet.workings.heart.armed_at > at, (
            "the timer did not move forward"
        )
    freezer.move_to(until)
    fire_due(hass, until)
    await hass.async_block_till_done()
    return wakes


async def async_live_for(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, pet: Anatomy, delta: timedelta
) -> int:
    """Live `delta` of simulated time."""
    return await async_live_until(hass, freezer, pet, dt_util.utcnow() + delta)


async def async_tell(
    hass: HomeAssistant, message: str, *, context: Context | None = None
) -> dict[str, Any]:
    """The owner says something through the shelldon.tell action; its response."""
    return await hass.services.async_call(
        DOMAIN, "tell", {"message": message}, blocking=True, return_response=True, context=context
    )


async def async_tell_and_tick(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    message: str,
    context: Context | None = None,
) -> dict[str, Any]:
    """Say something, then let the engaged mind tick once (it journals and reflects on it)."""
    response = await async_tell(hass, message, context=context)
    pet = hass.config_entries.async_entries(DOMAIN)[0].runtime_data.pet.anatomy
    await async_live_for(hass, freezer, pet, timedelta(seconds=11))
    return response


def local(*args: int) -> datetime:
    """An aware datetime in Home Assistant's time zone."""
    return datetime(*args, tzinfo=dt_util.get_default_time_zone())
