"""Setting a pet up, and the dial board."""

from __future__ import annotations

from typing import Any

import pytest
from homeassistant.config_entries import SOURCE_USER
from homeassistant.core import HomeAssistant, ServiceCall
from homeassistant.data_entry_flow import FlowResultType, InvalidData
from homeassistant.helpers.translation import async_get_translations
from homeassistant.setup import async_setup_component
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_mock_service

from custom_components.shelldon.core.salience import Presence
from custom_components.shelldon.ports.const import DOMAIN
from tests.common import ALEX, PHONE, async_setup_pet, make_pet_entry


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
    assert result["menu_options"] == [
        "body",
        "panel",
        "spending",
        "reach",
        "initiative",
        "memory",
        "home",
    ]
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"next_step_id": page}
    )
    assert result["type"] is FlowResultType.FORM
    assert result["step_id"] == page
    return result


async def test_the_battery_page_sets_the_pisugar_entities_and_applies_them_live(
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
    assert hass.states.get("sensor.shelldon_power_mode").state == "low", "applied live"

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
    pet = config_entry.runtime_data.pet.anatomy
    from io import BytesIO

    from PIL import Image

    image = Image.open(BytesIO(pet.organs.face.png))
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
    assert config_entry.runtime_data.pet.anatomy.workings.personality.budget.cooldown_s == 90 * 60


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


async def assert_translated(hass: HomeAssistant, errors: dict[str, str]) -> None:
    """Every error key has its text in the options section of translations/en.json."""
    translations = await async_get_translations(hass, "en", "options", [DOMAIN])
    for error in errors.values():
        assert f"component.{DOMAIN}.options.error.{error}" in translations, error


def suggested(result: dict[str, Any]) -> dict[str, Any]:
    return {
        str(key): (key.description or {}).get("suggested_value")
        for key in result["data_schema"].schema
    }


async def test_the_reach_page_sets_targets_speaker_and_people_and_the_pet_uses_them(
    hass: HomeAssistant, config_entry: MockConfigEntry, phone: list[ServiceCall]
) -> None:
    assert await async_setup_component(hass, "notify", {})
    hass.states.async_set("notify.kitchen_display", "unknown")
    hass.states.async_set("media_player.kitchen", "idle")
    hass.states.async_set("tts.piper", "unknown")
    before = await async_setup_pet(hass, config_entry)
    assert before.organs.household.state is Presence.UNKNOWN
    result = await open_page(hass, config_entry, "reach")
    assert suggested(result) == {
        "notify_targets": [],
        "speaker": None,
        "tts_entity": None,
        "presence_entities": [],
        "language": "auto",
    }, "the seeds' defaults: nowhere to reach, nobody watched, Home Assistant's language"
    choices = result["data_schema"].schema["notify_targets"].config["options"]
    assert {PHONE, "notify.kitchen_display"} <= set(choices)
    assert hass.services.has_service("notify", "send_message")
    assert "notify.send_message" not in choices, "not a target of its own"
    result = await hass.config_entries.options.async_configure(
        result["flow_id"],
        {
            "notify_targets": [f" {PHONE} ", "notify.kitchen_display", " "],
            "speaker": "media_player.kitchen",
            "tts_entity": "tts.piper",
            "presence_entities": [ALEX],
        },
    )
    assert result["type"] is FlowResultType.CREATE_ENTRY
    await hass.async_block_till_done()
    assert config_entry.options == {
        "notify_targets": [PHONE, "notify.kitchen_display"],
        "speaker": "media_player.kitchen",
        "tts_entity": "tts.piper",
        "presence_entities": [ALEX],
        "language": "auto",
    }
    pet = config_entry.runtime_data.pet.anatomy
    assert pet is before, "applied live: the same pet, no reload"
    assert pet.organs.messenger.targets == [PHONE, "notify.kitchen_display"]
    assert pet.dials["speaker"] == "media_player.kitchen"
    assert pet.dials["tts_entity"] == "tts.piper"
    assert pet.organs.household.state is Presence.HOME, "Alex is home"
    hass.states.async_set(ALEX, "not_home")
    await hass.async_block_till_done()
    assert pet.organs.household.state is Presence.AWAY, "and the pet watches Alex come and go"


@pytest.mark.parametrize("cleared", [{}, {"presence_entities": []}], ids=["left out", "empty"])
async def test_clearing_the_people_speaker_and_engine_on_the_reach_page_forgets_them(
    hass: HomeAssistant, phone: list[ServiceCall], cleared: dict[str, Any]
) -> None:
    hass.states.async_set("media_player.kitchen", "idle")
    hass.states.async_set("tts.piper", "unknown")
    entry = make_pet_entry(
        hass, texts_alex=True, speaker="media_player.kitchen", tts_entity="tts.piper"
    )
    before = await async_setup_pet(hass, entry)
    assert before.organs.household.state is Presence.HOME
    result = await open_page(hass, entry, "reach")
    assert suggested(result)["presence_entities"] == [ALEX], "the form shows who is watched"
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"notify_targets": [PHONE], **cleared}
    )
    assert result["type"] is FlowResultType.CREATE_ENTRY
    await hass.async_block_till_done()
    assert entry.options == {"notify_targets": [PHONE], "language": "auto"}, (
        "presence, speaker and engine forgotten; the language left out is Home Assistant's"
    )
    pet = entry.runtime_data.pet.anatomy
    assert pet is before, "applied live: the same pet, no reload"
    assert pet.dials["presence_entities"] == []
    assert pet.dials.get("speaker") is None
    assert pet.organs.household.state is Presence.UNKNOWN, "nobody is watched any more"
    hass.states.async_set(ALEX, "not_home")
    await hass.async_block_till_done()
    assert pet.organs.household.state is Presence.UNKNOWN


@pytest.mark.parametrize(
    ("user_input", "errors"),
    [
        ({"notify_targets": ["notify.nobody"]}, {"notify_targets": "unknown_notify_target"}),
        ({"notify_targets": ["light.kitchen"]}, {"notify_targets": "unknown_notify_target"}),
        ({"notify_targets": ["notify."]}, {"notify_targets": "unknown_notify_target"}),
        ({"speaker": "media_player.gone"}, {"speaker": "entity_not_found"}),
        ({"tts_entity": "tts.gone"}, {"tts_entity": "entity_not_found"}),
        ({"presence_entities": [ALEX, "person.ghost"]}, {"presence_entities": "entity_not_found"}),
        (
            {"notify_targets": ["notify.nobody"], "presence_entities": ["person.ghost"]},
            {"notify_targets": "unknown_notify_target", "presence_entities": "entity_not_found"},
        ),
    ],
)
async def test_the_reach_page_refuses_unknown_targets_and_entities_and_changes_nothing(
    hass: HomeAssistant,
    phone: list[ServiceCall],
    user_input: dict[str, Any],
    errors: dict[str, str],
) -> None:
    hass.states.async_set("light.kitchen", "on")
    entry = make_pet_entry(hass, texts_alex=True)
    original = dict(entry.options)
    before = await async_setup_pet(hass, entry)
    result = await open_page(hass, entry, "reach")
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"notify_targets": [PHONE], "presence_entities": [ALEX], **user_input}
    )
    assert result["type"] is FlowResultType.FORM
    assert result["step_id"] == "reach"
    assert result["errors"] == errors
    await assert_translated(hass, errors)
    await hass.async_block_till_done()
    assert entry.options == original
    assert entry.runtime_data.pet.anatomy is before, "not reloaded"
    assert before.organs.messenger.targets == [PHONE]
    assert before.organs.household.state is Presence.HOME


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("speaker", "light.kitchen"),
        ("tts_entity", "media_player.kitchen"),
        ("presence_entities", ["light.kitchen"]),
    ],
)
async def test_the_reach_page_refuses_entities_of_the_wrong_kind(
    hass: HomeAssistant, config_entry: MockConfigEntry, field: str, value: Any
) -> None:
    hass.states.async_set("light.kitchen", "on")
    hass.states.async_set("media_player.kitchen", "idle")
    await async_setup_pet(hass, config_entry)
    result = await open_page(hass, config_entry, "reach")
    with pytest.raises(InvalidData):
        await hass.config_entries.options.async_configure(result["flow_id"], {field: value})
    assert config_entry.options == {}


INITIATIVE = {
    "proactive_idle_minutes": 45,
    "dream_idle_hours": 3,
    "act_threshold": 0.5,
    "interrupt_threshold": 0.9,
    "interruption_cap": 1,
    "needs_enabled": False,
}


async def test_the_initiative_page_sets_idles_thresholds_cap_and_needs_and_the_pet_uses_them(
    hass: HomeAssistant, config_entry: MockConfigEntry
) -> None:
    before = await async_setup_pet(hass, config_entry)
    result = await open_page(hass, config_entry, "initiative")
    assert suggested(result) == {
        "proactive_idle_minutes": 60,
        "dream_idle_hours": 6,
        "act_threshold": 0.4,
        "interrupt_threshold": 0.75,
        "interruption_cap": 3,
        "needs_enabled": True,
    }, "the seeds' defaults"
    result = await hass.config_entries.options.async_configure(
        result["flow_id"],
        {**INITIATIVE, "proactive_idle_minutes": 45.0, "interruption_cap": "1"},
    )
    assert result["type"] is FlowResultType.CREATE_ENTRY
    await hass.async_block_till_done()
    assert config_entry.options == INITIATIVE
    for key in ("proactive_idle_minutes", "dream_idle_hours", "interruption_cap"):
        assert type(config_entry.options[key]) is int, f"{key} is a whole number"
    pet = config_entry.runtime_data.pet.anatomy
    assert pet is before, "applied live: the same pet, no reload"
    assert {key: pet.dials[key] for key in INITIATIVE} == INITIATIVE


async def test_the_interrupt_threshold_cannot_be_below_the_act_threshold(
    hass: HomeAssistant, config_entry: MockConfigEntry
) -> None:
    before = await async_setup_pet(hass, config_entry)
    result = await open_page(hass, config_entry, "initiative")
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {**INITIATIVE, "act_threshold": 0.6, "interrupt_threshold": 0.55}
    )
    assert result["type"] is FlowResultType.FORM
    assert result["step_id"] == "initiative"
    assert result["errors"] == {"interrupt_threshold": "interrupt_below_act"}
    await assert_translated(hass, result["errors"])
    assert suggested(result)["interrupt_threshold"] == 0.55, "the form keeps what was typed"
    await hass.async_block_till_done()
    assert config_entry.options == {}
    assert config_entry.runtime_data.pet.anatomy is before, "not reloaded"

    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {**INITIATIVE, "act_threshold": 0.6, "interrupt_threshold": 0.6}
    )
    assert result["type"] is FlowResultType.CREATE_ENTRY, "equal thresholds are fine"
    await hass.async_block_till_done()
    assert config_entry.options["interrupt_threshold"] == 0.6
    assert config_entry.runtime_data.pet.anatomy.dials["act_threshold"] == 0.6


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("proactive_idle_minutes", 2),
        ("dream_idle_hours", 100),
        ("act_threshold", 0),
        ("interrupt_threshold", 1.5),
        ("interruption_cap", 21),
    ],
)
async def test_the_initiative_page_refuses_values_out_of_range(
    hass: HomeAssistant, config_entry: MockConfigEntry, field: str, value: float
) -> None:
    await async_setup_pet(hass, config_entry)
    result = await open_page(hass, config_entry, "initiative")
    with pytest.raises(InvalidData):
        await hass.config_entries.options.async_configure(
            result["flow_id"], {**INITIATIVE, field: value}
        )
    assert config_entry.options == {}
