"""Every options page applies live: the same pet goes on, no entity is removed or goes
unavailable, and the new value is in effect at once, in what the pet does with it."""

from __future__ import annotations

import io
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.const import EVENT_STATE_CHANGED
from homeassistant.core import Event, HomeAssistant, callback
from homeassistant.data_entry_flow import FlowResultType
from homeassistant.helpers import entity_registry as er
from PIL import Image
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.shelldon.core.salience import Presence
from custom_components.shelldon.ports.const import DOMAIN
from custom_components.shelldon.runtime.anatomy import Anatomy
from tests.common import async_setup_pet, local

Check = Callable[[HomeAssistant, Anatomy], bool]


def face_size(pet: Anatomy) -> tuple[int, int]:
    assert pet.organs.face.png is not None
    with Image.open(io.BytesIO(pet.organs.face.png)) as image:
        return image.size


PAGES: list[tuple[str, dict[str, Any], Check]] = [
    (
        "body",
        {"battery_entity": "sensor.pisugar_battery", "low_battery_threshold": 25},
        lambda hass, pet: hass.states.get(f"sensor.{DOMAIN}_power_mode").state == "low",
    ),
    (
        "panel",
        {"panel_width": 296, "panel_height": 128, "panel_palette": "bw"},
        lambda hass, pet: face_size(pet) == (296, 128),
    ),
    (
        "spending",
        {
            "daily_turn_budget": 4,
            "cooldown_minutes": 45,
            "daily_token_cap": 50_000,
            "quiet_start": "21:00:00",
            "quiet_end": "08:00:00",
        },
        lambda hass, pet: hass.states.get(f"sensor.{DOMAIN}_turns_left_today").state == "4",
    ),
    (
        "reach",
        {"notify_targets": ["notify.mobile_app_phone"], "presence_entities": ["person.alex"]},
        lambda hass, pet: (
            pet.organs.household.state is Presence.AWAY
            and pet.organs.messenger.targets == ["notify.mobile_app_phone"]
        ),
    ),
    (
        "initiative",
        {
            "proactive_idle_minutes": 90,
            "dream_idle_hours": 4,
            "act_threshold": 0.4,
            "interrupt_threshold": 0.8,
            "interruption_cap": 1,
            "needs_enabled": True,
        },
        lambda hass, pet: pet.parts.mind.reacher.idle_needed() == timedelta(minutes=90),
    ),
    (
        "memory",
        {"dream_tokens_per_night": 20_000, "shelf_vectors": True},
        lambda hass, pet: pet.files.shelf.index.vectorizer is not None,
    ),
]


@pytest.mark.parametrize(("page", "values", "in_effect"), PAGES, ids=[p[0] for p in PAGES])
async def test_each_options_page_applies_at_once_with_no_entity_removed(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    page: str,
    values: dict[str, Any],
    in_effect: Check,
) -> None:
    hass.states.async_set("sensor.pisugar_battery", "15", {"unit_of_measurement": "%"})
    hass.states.async_set("person.alex", "not_home", {"friendly_name": "Alex"})
    hass.services.async_register("notify", "mobile_app_phone", lambda call: None)
    freezer.move_to(local(2026, 11, 30, 14, 0))
    pet = await async_setup_pet(hass, config_entry)
    registry = er.async_get(hass)
    ours = {
        e.entity_id: e for e in er.async_entries_for_config_entry(registry, config_entry.entry_id)
    }
    assert ours and not in_effect(hass, pet), "the value is not in effect before the page"
    gone: list[str] = []

    @callback
    def watch(event: Event[Any]) -> None:
        new = event.data["new_state"]
        if event.data["entity_id"] in ours and (new is None or new.state == "unavailable"):
            gone.append(event.data["entity_id"])

    hass.bus.async_listen(EVENT_STATE_CHANGED, watch)
    flow = await hass.config_entries.options.async_init(config_entry.entry_id)
    flow = await hass.config_entries.options.async_configure(
        flow["flow_id"], {"next_step_id": page}
    )
    result = await hass.config_entries.options.async_configure(flow["flow_id"], values)
    await hass.async_block_till_done()

    assert result["type"] is FlowResultType.CREATE_ENTRY, result.get("errors")
    assert config_entry.runtime_data.pet.anatomy is pet, "the same pet: nothing was reloaded"
    assert gone == [], f"{gone} went away while the page was saved"
    now = {
        e.entity_id: e for e in er.async_entries_for_config_entry(registry, config_entry.entry_id)
    }
    assert now == ours, "no entity removed or re-added"
    assert in_effect(hass, pet), f"the {page} page's values are in effect at once"
