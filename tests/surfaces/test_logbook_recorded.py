"""The logbook as an owner reads it, through Home Assistant's own recorder and logbook: a mood
change is one line, a message adds none (the thinking sensor is left out the way the README
says, and keeps its history), and the pet's reach-outs keep their lines."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from homeassistant.util import dt as dt_util
from pytest_homeassistant_custom_component.common import async_capture_events
from pytest_homeassistant_custom_component.components.recorder.common import (
    async_wait_recording_done,
)

from custom_components.shelldon.ports.const import DOMAIN, EVENT_MOOD_CHANGED
from tests.common import async_setup_pet, make_pet_entry

THINKING = "binary_sensor.shelldon_thinking"
MOOD = "sensor.shelldon_mood"


pytest.importorskip("hass_frontend", reason="the logbook needs the frontend's package")


@pytest.fixture(autouse=True)
def auto_enable_custom_integrations(recorder_mock: Any, enable_custom_integrations: None) -> None:
    """The recorder's database is made before Home Assistant starts (the harness asks it)."""


async def _logbook(hass: HomeAssistant, client: Any, since: Any) -> list[dict[str, Any]]:
    await async_wait_recording_done(hass)
    end = dt_util.utcnow() + timedelta(minutes=1)
    response = await client.get(
        f"/api/logbook/{since.isoformat()}", params={"end_time": end.isoformat()}
    )
    assert response.status == 200
    entries: list[dict[str, Any]] = await response.json()
    return entries


async def test_one_line_per_mood_change_and_none_per_message(
    hass: HomeAssistant, hass_client: Any
) -> None:
    assert await async_setup_component(
        hass, "logbook", {"logbook": {"exclude": {"entities": [THINKING]}}}
    )
    moods = async_capture_events(hass, EVENT_MOOD_CHANGED)
    since = dt_util.utcnow() - timedelta(seconds=1)
    await async_setup_pet(hass, make_pet_entry(hass))
    client = await hass_client()
    before = await _logbook(hass, client, since)

    thinking_flips = []
    hass.bus.async_listen(
        "state_changed",
        lambda event: thinking_flips.append(event) if event.data["entity_id"] == THINKING else None,
    )
    for number in range(6):
        await hass.services.async_call(
            DOMAIN, "tell", {"message": f"hello there, number {number}"}, blocking=True
        )
    for kind in ("excited", "negative", "calm", "positive"):
        await hass.services.async_call(DOMAIN, "nudge", {"kind": kind}, blocking=True)
    await hass.async_block_till_done()
    after = await _logbook(hass, client, since)

    new = [entry for entry in after if entry not in before]
    assert len(thinking_flips) >= 12, "each message turned the thinking sensor on and off"
    assert not [entry for entry in new if entry.get("entity_id") == THINKING]
    assert len(moods) >= 2, "the nudges changed the mood"
    mood_lines = [entry for entry in new if entry.get("entity_id") == MOOD]
    assert len(mood_lines) == len(moods), (mood_lines, [m.data for m in moods])
    assert not [entry for entry in new if entry.get("domain") == DOMAIN], (
        "a mood change is not described a second time"
    )
    assert hass.states.get(THINKING) is not None  # left out of the logbook, not of history
