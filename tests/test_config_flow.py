"""Setting a pet up, and the dial board."""

from __future__ import annotations

from typing import Any

import pytest
from homeassistant.config_entries import SOURCE_USER
from homeassistant.core import HomeAssistant
from homeassistant.data_entry_flow import FlowResultType, InvalidData
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_mock_service

from custom_components.shelldon.const import DOMAIN
from tests.common import async_setup_pet


async def test_a_pet_is_named_and_created(hass: HomeAssistant) -> None:
    result = await hass.config_entries.flow.async_init(DOMAIN, context={"source": SOURCE_USER})
    assert result["type"] is FlowResultType.FORM
    assert result["step_id"] == "user"
    result = await hass.config_entries.flow.async_configure(result["flow_id"], {"name": " Pebble "})
    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert result["title"] == "Pebble"
    assert result["data"] == {"name": "Pebble"}
    await hass.async_block_till_done()
    assert hass.states.get("sensor.pebble_mood") is not None


async def test_the_same_name_twice_is_refused(
    hass: HomeAssistant, config_entry: MockConfigEntry
) -> None:
    result = await hass.config_entries.flow.async_init(DOMAIN, context={"source": SOURCE_USER})
    result = await hass.config_entries.flow.async_configure(result["flow_id"], {"name": "shelldon"})
    assert result["type"] is FlowResultType.ABORT
    assert result["reason"] == "already_configured"


async def test_a_name_without_letters_is_refused(hass: HomeAssistant) -> None:
    result = await hass.config_entries.flow.async_init(DOMAIN, context={"source": SOURCE_USER})
    result = await hass.config_entries.flow.async_configure(result["flow_id"], {"name": "!!!"})
    assert result["type"] is FlowResultType.FORM
    assert result["errors"] == {"name": "invalid_name"}


async def open_page(hass: HomeAssistant, entry: MockConfigEntry, page: str) -> dict[str, Any]:
    result = await hass.config_entries.options.async_init(entry.entry_id)
    assert result["type"] is FlowResultType.MENU
    assert result["menu_options"] == ["body", "panel", "spending", "reach", "initiative", "memory"]
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"next_step_id": page}
    )
    assert result["type"] is FlowResultType.FORM
    assert result["step_id"] == page
    return result


async def test_the_battery_page_sets_the_pisugar_entities_and_reloads_the_pet(
    hass: HomeAssistant, config_entry: MockConfigEntry
) -> None:
    hass.states.async_set("sensor.pisugar_battery", "15")
    hass.states.async_set("binary_sensor.pisugar_power_plugged", "off", {"device_class": "plug"})
    await async_setup_pet(hass, config_entry)
    result = await open_page(hass, config_entry, "body")
    result = await hass.config_entries.options.async_configure(
        result["flow_id"],
        {
            "battery_entity": "sensor.pisugar_battery",
            "charging_entity": "binary_sensor.pisugar_power_plugged",
            "low_battery_threshold": 25,
        },
    )
    assert result["type"] is FlowResultType.CREATE_ENTRY
    await hass.async_block_till_done()
    assert config_entry.options["battery_entity"] == "sensor.pisugar_battery"
    assert hass.states.get("sensor.shelldon_power_mode").state == "low", "reloaded with it"

    result = await open_page(hass, config_entry, "body")
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"low_battery_threshold": 25}
    )
    await hass.async_block_till_done()
    assert "battery_entity" not in config_entry.options, "clearing a field forgets the entity"
    assert hass.states.get("sensor.shelldon_power_mode").state == "lively"


@pytest.mark.parametrize(
    ("user_input", "errors"),
    [
        ({"battery_entity": "sensor.nope"}, {"battery_entity": "entity_not_found"}),
        ({"charging_entity": "binary_sensor.nope"}, {"charging_entity": "entity_not_found"}),
        (
            {"charging_entity": "binary_sensor.pisugar_battery_low"},
            {"charging_entity": "charging_is_low_battery"},
        ),
    ],
)
async def test_the_battery_page_refuses_bad_entities_and_changes_nothing(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    user_input: dict[str, Any],
    errors: dict[str, str],
) -> None:
    hass.states.async_set("light.kitchen", "on")
    hass.states.async_set("binary_sensor.pisugar_battery_low", "off", {"device_class": "battery"})
    await async_setup_pet(hass, config_entry)
    result = await open_page(hass, config_entry, "body")
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"low_battery_threshold": 20, **user_input}
    )
    assert result["type"] is FlowResultType.FORM
    assert result["errors"] == errors
    assert config_entry.options == {}


@pytest.mark.parametrize("field", ["battery_entity", "charging_entity"])
async def test_the_battery_page_refuses_entities_of_the_wrong_kind(
    hass: HomeAssistant, config_entry: MockConfigEntry, field: str
) -> None:
    hass.states.async_set("light.kitchen", "on")
    await async_setup_pet(hass, config_entry)
    result = await open_page(hass, config_entry, "body")
    with pytest.raises(InvalidData):
        await hass.config_entries.options.async_configure(
            result["flow_id"], {"low_battery_threshold": 20, field: "light.kitchen"}
        )
    assert config_entry.options == {}


async def test_the_threshold_must_be_a_percentage(
    hass: HomeAssistant, config_entry: MockConfigEntry
) -> None:
    await async_setup_pet(hass, config_entry)
    result = await open_page(hass, config_entry, "body")
    with pytest.raises(InvalidData):
        await hass.config_entries.options.async_configure(
            result["flow_id"], {"low_battery_threshold": 150}
        )
    assert config_entry.options == {}


async def test_the_panel_page_sets_size_palette_and_refresh_action(
    hass: HomeAssistant, config_entry: MockConfigEntry
) -> None:
    async_mock_service(hass, "esphome", "desk_panel_refresh_face")
    await async_setup_pet(hass, config_entry)
    result = await open_page(hass, config_entry, "panel")
    result = await hass.config_entries.options.async_configure(
        result["flow_id"],
        {
            "panel_width": 800,
            "panel_height": 480,
            "panel_palette": "bwr",
            "esphome_action": "esphome.desk_panel_refresh_face",
        },
    )
    assert result["type"] is FlowResultType.CREATE_ENTRY
    await hass.async_block_till_done()
    assert config_entry.options["panel_width"] == 800
    pet = config_entry.runtime_data
    from io import BytesIO

    from PIL import Image

    image = Image.open(BytesIO(pet.face_png))
    assert image.size == (800, 480)
    assert image.mode == "P"


@pytest.mark.parametrize(
    ("action", "error"),
    [("light.turn_on", "invalid_esphome_action"), ("esphome.not_there", "unknown_esphome_action")],
)
async def test_the_panel_page_refuses_a_bad_action(
    hass: HomeAssistant, config_entry: MockConfigEntry, action: str, error: str
) -> None:
    await async_setup_pet(hass, config_entry)
    result = await open_page(hass, config_entry, "panel")
    result = await hass.config_entries.options.async_configure(
        result["flow_id"],
        {"panel_width": 250, "panel_height": 122, "panel_palette": "bw", "esphome_action": action},
    )
    assert result["errors"] == {"esphome_action": error}
    assert config_entry.options == {}


async def test_the_panel_page_refuses_an_impossible_size(
    hass: HomeAssistant, config_entry: MockConfigEntry
) -> None:
    await async_setup_pet(hass, config_entry)
    result = await open_page(hass, config_entry, "panel")
    with pytest.raises(InvalidData):
        await hass.config_entries.options.async_configure(
            result["flow_id"], {"panel_width": 5, "panel_height": 122, "panel_palette": "bw"}
        )
    with pytest.raises(InvalidData):
        await hass.config_entries.options.async_configure(
            result["flow_id"], {"panel_width": 250, "panel_height": 122, "panel_palette": "rainbow"}
        )


async def test_the_spending_page_sets_budget_cooldown_and_quiet_hours(
    hass: HomeAssistant, config_entry: MockConfigEntry
) -> None:
    await async_setup_pet(hass, config_entry)
    result = await open_page(hass, config_entry, "spending")
    suggested = {
        str(key): key.description["suggested_value"] for key in result["data_schema"].schema
    }
    assert suggested == {
        "daily_turn_budget": 12,
        "cooldown_minutes": 30,
        "daily_token_cap": 200_000,
        "quiet_start": "22:00:00",
        "quiet_end": "09:00:00",
    }, "the seeds' defaults"
    result = await hass.config_entries.options.async_configure(
        result["flow_id"],
        {
            "daily_turn_budget": 4,
            "cooldown_minutes": 90,
            "daily_token_cap": 50_000,
            "quiet_start": "23:00:00",
            "quiet_end": "07:30:00",
        },
    )
    assert result["type"] is FlowResultType.CREATE_ENTRY
    await hass.async_block_till_done()
    assert hass.states.get("sensor.shelldon_turns_left_today").state == "4"
    assert config_entry.runtime_data.gate.cooldown_s == 90 * 60


async def test_quiet_hours_must_not_be_empty(
    hass: HomeAssistant, config_entry: MockConfigEntry
) -> None:
    await async_setup_pet(hass, config_entry)
    result = await open_page(hass, config_entry, "spending")
    result = await hass.config_entries.options.async_configure(
        result["flow_id"],
        {
            "daily_turn_budget": 4,
            "cooldown_minutes": 90,
            "daily_token_cap": 50_000,
            "quiet_start": "23:00:00",
            "quiet_end": "23:00:00",
        },
    )
    assert result["errors"] == {"quiet_end": "quiet_hours_empty"}
