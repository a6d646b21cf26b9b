"""On a Home Assistant without AI Task (before 2025.8) the third brain is simply not there: the
config flow does not offer it, and an entry that names an AI Task entity (restored from a newer
install, say) wakes on the offline brain. Skipped where AI Task exists."""

from __future__ import annotations

import importlib.util
import logging

import pytest
from homeassistant.config_entries import SOURCE_USER
from homeassistant.core import HomeAssistant
from homeassistant.data_entry_flow import FlowResultType
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.shelldon.ports.const import DOMAIN
from tests.common import async_setup_pet
from tests.common import async_tell as tell

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("homeassistant.components.ai_task") is not None,
    reason="this Home Assistant has AI Task",
)


async def test_the_user_step_offers_no_ai_task_entity(hass: HomeAssistant) -> None:
    result = await hass.config_entries.flow.async_init(DOMAIN, context={"source": SOURCE_USER})
    assert result["type"] is FlowResultType.FORM
    assert [str(key) for key in result["data_schema"].schema] == ["name", "api_key"]


async def test_reconfigure_offers_no_ai_task_entity(hass: HomeAssistant) -> None:
    entry = MockConfigEntry(
        domain=DOMAIN, title="Shelldon", unique_id="shelldon", data={"name": "Shelldon"}
    )
    entry.add_to_hass(hass)
    await async_setup_pet(hass, entry)
    result = await entry.start_reconfigure_flow(hass)
    assert [str(key) for key in result["data_schema"].schema] == ["api_key", "offline"]


async def test_an_entry_naming_an_ai_task_entity_wakes_on_the_offline_brain(
    hass: HomeAssistant, caplog: pytest.LogCaptureFixture
) -> None:
    entry = MockConfigEntry(
        domain=DOMAIN,
        title="Shelldon",
        unique_id="shelldon",
        data={"name": "Shelldon", "ai_task_entity": "ai_task.claude"},
    )
    entry.add_to_hass(hass)
    with caplog.at_level(logging.INFO, logger="custom_components.shelldon"):
        pet = await async_setup_pet(hass, entry)

    assert pet.parts.turns.brain.name == "offline"
    said = [r for r in caplog.records if "ai_task.claude" in r.getMessage()]
    assert [r.levelno for r in said] == [logging.INFO]
    assert (await tell(hass, "hello"))["reply"].startswith("Hello!")
