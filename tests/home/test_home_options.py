"""Choosing the home's APIs on the options flow, and a model that is retired or gone."""

from __future__ import annotations

from typing import Any

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant
from homeassistant.data_entry_flow import FlowResultType
from homeassistant.helpers import issue_registry as ir
from homeassistant.helpers import llm
from homeassistant.setup import async_setup_component
from pytest_homeassistant_custom_component.common import MockConfigEntry
from pytest_homeassistant_custom_component.typing import ClientSessionGenerator

from custom_components.shelldon.brain.anthropic_client import retirement
from custom_components.shelldon.ports.const import CONF_LLM_HASS_API, DOMAIN
from tests.anthropic_mock import (
    KEY,
    MessagesApi,
    ScriptedModel,
    api_error,
    mock_models,
    scripted,
)
from tests.common import async_setup_pet, local
from tests.home.test_home_tools import converse

# Whichever the installed SDK lists as deprecated (0.x lists claude-2.1, 2.x claude-sonnet-4-5).
RETIRED = next(m for m in ("claude-2.1", "claude-sonnet-4-5") if retirement(m) is not None)


def entry_with(hass: HomeAssistant, model: str, **options: Any) -> MockConfigEntry:
    entry = MockConfigEntry(
        domain=DOMAIN,
        unique_id="shelldon",
        title="Shelldon",
        data={"name": "Shelldon", "api_key": KEY, "model": model},
        options=options,
    )
    entry.add_to_hass(hass)
    return entry


async def test_the_home_page_offers_home_assistants_apis_and_none_by_default(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 12, 2, 10, 0))
    entry = entry_with(hass, "claude-haiku-4-5")
    with scripted(ScriptedModel()):
        await async_setup_pet(hass, entry)
        result = await hass.config_entries.options.async_init(entry.entry_id)
        assert "home" in result["menu_options"]
        result = await hass.config_entries.options.async_configure(
            result["flow_id"], {"next_step_id": "home"}
        )
        assert result["step_id"] == "home"
        field = next(iter(result["data_schema"].schema))
        assert str(field) == CONF_LLM_HASS_API
        several = hasattr(llm, "MergedAPI")
        chosen: Any = [llm.LLM_API_ASSIST] if several else llm.LLM_API_ASSIST
        result = await hass.config_entries.options.async_configure(
            result["flow_id"], {CONF_LLM_HASS_API: chosen}
        )
        assert result["type"] is FlowResultType.CREATE_ENTRY
        assert entry.options[CONF_LLM_HASS_API] == [llm.LLM_API_ASSIST]

        result = await hass.config_entries.options.async_init(entry.entry_id)
        result = await hass.config_entries.options.async_configure(
            result["flow_id"], {"next_step_id": "home"}
        )
        result = await hass.config_entries.options.async_configure(
            result["flow_id"], {CONF_LLM_HASS_API: [] if several else "none"}
        )
        assert CONF_LLM_HASS_API not in entry.options, "none: the pet never touches the home"


async def test_a_deprecated_model_raises_a_repair_whose_fix_picks_a_current_one(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    hass_client: ClientSessionGenerator,
    hass_admin_user: Any,
) -> None:
    assert await async_setup_component(hass, "repairs", {})
    freezer.move_to(local(2026, 12, 2, 10, 0))
    entry = entry_with(hass, RETIRED)
    issue_id = f"model_retired_{entry.entry_id}"
    with scripted(ScriptedModel()):
        await async_setup_pet(hass, entry)
        issue = ir.async_get(hass).async_get_issue(DOMAIN, issue_id)
        assert issue is not None and issue.is_fixable
        assert issue.translation_key == "model_retired_deprecated"
        assert issue.translation_placeholders["model"] == RETIRED

        refresh = await hass.auth.async_create_refresh_token(
            hass_admin_user, client_name="browser", token_type="long_lived_access_token"
        )
        client = await hass_client(hass.auth.async_create_access_token(refresh))
        response = await client.post(
            "/api/repairs/issues/fix", json={"handler": DOMAIN, "issue_id": issue_id}
        )
        form = await response.json()
        assert form["step_id"] == "init", form
        response = await client.post(
            f"/api/repairs/issues/fix/{form['flow_id']}", json={"model": "claude-haiku-4-5"}
        )
        assert (await response.json())["type"] == "create_entry"
        await hass.async_block_till_done()

    assert entry.data["model"] == "claude-haiku-4-5"
    assert ir.async_get(hass).async_get_issue(DOMAIN, issue_id) is None


@pytest.mark.parametrize("model", ["claude-haiku-4-5"])
async def test_a_model_the_api_no_longer_knows_raises_a_repair(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, messages_api: MessagesApi, model: str
) -> None:
    freezer.move_to(local(2026, 12, 2, 10, 0))
    entry = entry_with(hass, model)
    mock_models(messages_api)
    messages_api.messages.mock(return_value=api_error(404, "not_found_error", "model: x"))
    await async_setup_pet(hass, entry)
    await converse(hass, "hello")
    issue = ir.async_get(hass).async_get_issue(DOMAIN, f"model_retired_{entry.entry_id}")
    assert issue is not None and issue.translation_key == "model_retired_not_found"


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("switch on the desk lamp", "I can't change anything in your home myself"),
        ("Schalte bitte die Schreibtischlampe ein", "Ich kann in deinem Zuhause selbst nichts"),
    ],
)
async def test_the_offline_brain_says_plainly_it_cannot_act_on_the_home(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, text: str, line: str
) -> None:
    freezer.move_to(local(2026, 12, 2, 10, 0))
    entry = MockConfigEntry(
        domain=DOMAIN,
        unique_id="shelldon",
        title="Shelldon",
        data={"name": "Shelldon"},
        options={CONF_LLM_HASS_API: [llm.LLM_API_ASSIST]},
    )
    entry.add_to_hass(hass)
    await async_setup_pet(hass, entry)
    assert line in await converse(hass, text)
    assert line not in await converse(hass, "is the kitchen window open?")
