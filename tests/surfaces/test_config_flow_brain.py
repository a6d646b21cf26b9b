"""Giving a pet a brain: the key and model in the config flow, reauth, reconfigure, secrets.

The real SDK checks every key with GET /v1/models against a stand-in of the API on loopback
(`messages_api`); the flows run through Home Assistant's flow manager, and what they leave
behind is read off the entry, the issue registry and the pet that the reload wakes up.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from homeassistant.config_entries import SOURCE_REAUTH, SOURCE_USER, ConfigEntryState
from homeassistant.core import HomeAssistant
from homeassistant.data_entry_flow import FlowResultType
from homeassistant.helpers import issue_registry as ir
from pytest_homeassistant_custom_component.common import MockConfigEntry
from pytest_homeassistant_custom_component.components.diagnostics import (
    get_diagnostics_for_config_entry,
)
from pytest_homeassistant_custom_component.typing import ClientSessionGenerator

from custom_components.shelldon.ports.const import DOMAIN
from tests.anthropic_mock import (
    DISCONNECT,
    KEY,
    MODELS,
    Answer,
    MessagesApi,
    Route,
    api_error,
    json_answer,
    mock_models,
    reply_message,
    sent_bodies,
)
from tests.common import async_setup_pet
from tests.common import async_tell as tell

OLD_KEY = "sk-ant-api03-old-key-0000000000000000"
BAD_KEY = "sk-ant-api03-bad-key-1111111111111111"
NEW_KEY = "sk-ant-api03-new-key-2222222222222222"


def models_for(api: MessagesApi, key: str, status: int = 200) -> Route:
    """GET /v1/models answered for one key only."""
    response = (
        json_answer(MODELS)
        if status == 200
        else api_error(status, "authentication_error", "invalid x-api-key")
    )
    return api.models_for(key).mock(return_value=response)


def reply(say: str) -> Answer:
    return json_answer(reply_message({"intent": "answer my owner", "say": say}))


def brain_entry(hass: HomeAssistant, key: str = OLD_KEY, **data: Any) -> MockConfigEntry:
    entry = MockConfigEntry(
        domain=DOMAIN,
        title="Shelldon",
        unique_id="shelldon",
        data={"name": "Shelldon", "api_key": key, "model": "claude-haiku-4-5", **data},
    )
    entry.add_to_hass(hass)
    return entry


async def start_user_flow(hass: HomeAssistant, user_input: dict[str, Any]) -> dict[str, Any]:
    result = await hass.config_entries.flow.async_init(DOMAIN, context={"source": SOURCE_USER})
    assert result["type"] is FlowResultType.FORM
    assert result["step_id"] == "user"
    return await hass.config_entries.flow.async_configure(result["flow_id"], user_input)


def schema_field(result: dict[str, Any], name: str) -> tuple[Any, Any]:
    """(the schema key, its selector) of a form field."""
    for key, value in result["data_schema"].schema.items():
        if key == name:
            return key, value
    raise AssertionError(f"{name} is not in the form")


def reauth_flows(hass: HomeAssistant) -> list[dict[str, Any]]:
    return [
        f
        for f in hass.config_entries.flow.async_progress()
        if f["handler"] == DOMAIN and f["context"]["source"] == SOURCE_REAUTH
    ]


# ---------------------------------------------------------------------------------- user step


async def test_a_valid_key_leads_to_the_models_it_can_use_and_the_entry_keeps_the_choice(
    hass: HomeAssistant, messages_api: MessagesApi
) -> None:
    models = mock_models(messages_api)
    messages_api.messages.mock(return_value=reply("Hi, I think with Sonnet now."))

    result = await start_user_flow(hass, {"name": "Shelldon", "api_key": f"  {KEY} "})

    assert result["type"] is FlowResultType.FORM
    assert result["step_id"] == "model"
    assert models.call_count == 1
    assert models.calls[-1].key == KEY, "the key, stripped"
    key, select = schema_field(result, "model")
    config = select.config
    assert [(o["value"], o["label"]) for o in config["options"]] == [
        ("claude-haiku-4-5", "Claude Haiku 4.5"),
        ("claude-sonnet-4-5", "Claude Sonnet 4.5"),
    ]
    assert config["custom_value"] is True, "a model id can be typed in"
    assert key.default() == "claude-haiku-4-5"

    result = await hass.config_entries.flow.async_configure(
        result["flow_id"], {"model": "claude-sonnet-4-5"}
    )

    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert result["title"] == "Shelldon"
    assert result["data"] == {"name": "Shelldon", "api_key": KEY, "model": "claude-sonnet-4-5"}
    await hass.async_block_till_done()
    entry = hass.config_entries.async_entries(DOMAIN)[0]
    assert entry.state is ConfigEntryState.LOADED
    answer = await tell(hass, "which brain?")
    assert answer["reply"] == "Hi, I think with Sonnet now."
    assert sent_bodies(messages_api.messages)[0]["model"] == "claude-sonnet-4-5"


async def test_a_model_id_that_is_not_listed_can_be_typed_in(
    hass: HomeAssistant, messages_api: MessagesApi
) -> None:
    mock_models(messages_api)
    result = await start_user_flow(hass, {"name": "Shelldon", "api_key": KEY})

    result = await hass.config_entries.flow.async_configure(
        result["flow_id"], {"model": "claude-opus-4-1-20250805"}
    )

    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert result["data"]["model"] == "claude-opus-4-1-20250805"
    await hass.async_block_till_done()


async def test_an_unexpected_error_while_checking_the_key_is_unknown_not_a_crash(
    hass: HomeAssistant, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(*_args: Any) -> Any:
        raise ValueError("something nobody expected")

    monkeypatch.setattr("custom_components.shelldon.config_flow.async_list_models", broken)
    result = await start_user_flow(hass, {"name": "Shelldon", "api_key": KEY})
    assert result["type"] is FlowResultType.FORM
    assert result["errors"] == {"base": "unknown"}
    assert hass.config_entries.async_entries(DOMAIN) == []


@pytest.mark.parametrize(
    ("answer", "error"),
    [
        (api_error(401, "authentication_error", "invalid x-api-key"), "invalid_auth"),
        (DISCONNECT, "cannot_connect"),
        (api_error(500, "api_error", "Internal server error"), "unknown"),
    ],
    ids=["401", "network-down", "500"],
)
async def test_a_key_that_cannot_be_checked_is_refused_with_the_reason_and_no_entry(
    hass: HomeAssistant,
    messages_api: MessagesApi,
    caplog: pytest.LogCaptureFixture,
    answer: Any,
    error: str,
) -> None:
    caplog.set_level(logging.DEBUG)
    route = messages_api.models.mock(return_value=answer)

    result = await start_user_flow(hass, {"name": "Shelldon", "api_key": KEY})

    assert result["type"] is FlowResultType.FORM
    assert result["step_id"] == "user"
    assert result["errors"] == {"base": error}
    assert route.call_count == 1, "no retries"
    assert hass.config_entries.async_entries(DOMAIN) == []
    key, _ = schema_field(result, "api_key")
    assert KEY not in json.dumps(key.description or {}), "the key is not echoed into the form"
    assert KEY not in caplog.text

    route.mock(side_effect=None, return_value=json_answer(MODELS))
    result = await hass.config_entries.flow.async_configure(
        result["flow_id"], {"name": "Shelldon", "api_key": KEY}
    )
    assert result["type"] is FlowResultType.FORM
    assert result["step_id"] == "model", "a second try with the API back works"


async def test_no_key_creates_the_pet_at_once_on_the_offline_brain(
    hass: HomeAssistant, messages_api: MessagesApi
) -> None:
    mock_models(messages_api)
    messages_api.messages.mock(return_value=reply("should not be asked"))

    result = await start_user_flow(hass, {"name": "Shelldon"})

    assert result["type"] is FlowResultType.CREATE_ENTRY
    assert result["data"] == {"name": "Shelldon"}
    await hass.async_block_till_done()
    answer = await tell(hass, "hello there")
    assert answer["ok"] is True
    assert answer["reply"].startswith("Hello!")
    assert len(messages_api.calls) == 0, "no HTTP call at all"
    assert hass.states.get("sensor.shelldon_tokens_today").attributes["brain"] == "offline"


# ---------------------------------------------------------------------------------- reauth


async def test_reauth_refuses_a_bad_key_then_takes_a_good_one_and_reloads_the_pet(
    hass: HomeAssistant, messages_api: MessagesApi
) -> None:
    models_for(messages_api, OLD_KEY)
    models_for(messages_api, BAD_KEY, status=401)
    models_for(messages_api, NEW_KEY)
    messages = messages_api.messages.mock(return_value=reply("Thinking again."))
    entry = brain_entry(hass)
    before = await async_setup_pet(hass, entry)

    entry.async_start_reauth(hass)
    await hass.async_block_till_done()

    (flow,) = reauth_flows(hass)
    assert flow["context"]["entry_id"] == entry.entry_id
    assert flow["step_id"] == "reauth_confirm"
    result = await hass.config_entries.flow.async_configure(flow["flow_id"], {"api_key": BAD_KEY})
    assert result["type"] is FlowResultType.FORM
    assert result["step_id"] == "reauth_confirm"
    assert result["errors"] == {"base": "invalid_auth"}
    assert result["description_placeholders"] == {"name": "Shelldon"}
    assert entry.data["api_key"] == OLD_KEY

    result = await hass.config_entries.flow.async_configure(flow["flow_id"], {"api_key": NEW_KEY})
    await hass.async_block_till_done()

    assert result["type"] is FlowResultType.ABORT
    assert result["reason"] == "reauth_successful"
    assert entry.data["api_key"] == NEW_KEY
    assert entry.data["model"] == "claude-haiku-4-5"
    assert entry.state is ConfigEntryState.LOADED
    assert entry.runtime_data.pet.anatomy is not before, "reloaded"
    assert reauth_flows(hass) == []
    assert (await tell(hass, "there?"))["reply"] == "Thinking again."
    assert messages.calls[-1].key == NEW_KEY


async def test_a_new_key_after_a_refusal_clears_the_repair_issue_and_the_model_is_back(
    hass: HomeAssistant, messages_api: MessagesApi
) -> None:
    models_for(messages_api, OLD_KEY, status=401)
    models_for(messages_api, NEW_KEY)
    messages = messages_api.messages.mock(return_value=reply("Back with Claude."))
    entry = brain_entry(hass)
    await async_setup_pet(hass, entry)
    issue_id = f"api_key_rejected_{entry.entry_id}"
    issues = ir.async_get(hass)
    assert issues.async_get_issue(DOMAIN, issue_id) is not None
    assert (await tell(hass, "hello"))["reply"].startswith("Hello!"), "offline meanwhile"
    assert messages.call_count == 0

    entry.async_start_reauth(hass)
    await hass.async_block_till_done()
    (flow,) = reauth_flows(hass)
    result = await hass.config_entries.flow.async_configure(flow["flow_id"], {"api_key": NEW_KEY})
    await hass.async_block_till_done()

    assert result["reason"] == "reauth_successful"
    assert issues.async_get_issue(DOMAIN, issue_id) is None
    assert hass.states.get("sensor.shelldon_tokens_today").attributes["brain"] == "anthropic"
    assert (await tell(hass, "hello"))["reply"] == "Back with Claude."


# ---------------------------------------------------------------------------------- reconfigure


async def test_reconfigure_to_the_offline_brain_reloads_the_pet_offline(
    hass: HomeAssistant, messages_api: MessagesApi
) -> None:
    models_for(messages_api, OLD_KEY)
    messages = messages_api.messages.mock(return_value=reply("should not be asked"))
    entry = brain_entry(hass)
    before = await async_setup_pet(hass, entry)
    checks = len(messages_api.calls)

    result = await entry.start_reconfigure_flow(hass)
    assert result["type"] is FlowResultType.FORM
    assert result["step_id"] == "reconfigure"
    assert result["description_placeholders"] == {"brain": "Anthropic"}
    result = await hass.config_entries.flow.async_configure(result["flow_id"], {"offline": True})
    await hass.async_block_till_done()

    assert result["type"] is FlowResultType.ABORT
    assert result["reason"] == "reconfigure_successful"
    assert entry.data["offline"] is True
    assert entry.runtime_data.pet.anatomy is not before, "reloaded"
    assert len(messages_api.calls) == checks, "an offline pet does not even check the key"
    answer = await tell(hass, "hello")
    assert answer["reply"].startswith("Hello!")
    assert messages.call_count == 0
    assert hass.states.get("sensor.shelldon_tokens_today").attributes["brain"] == "offline"

    again = await entry.start_reconfigure_flow(hass)
    assert again["description_placeholders"] == {"brain": "offline"}


async def test_reconfigure_with_a_new_key_asks_for_the_model_and_the_pet_uses_both(
    hass: HomeAssistant, messages_api: MessagesApi
) -> None:
    models_for(messages_api, OLD_KEY)
    models_for(messages_api, BAD_KEY, status=401)
    models_for(messages_api, NEW_KEY)
    messages = messages_api.messages.mock(return_value=reply("New brain, who dis."))
    entry = brain_entry(hass, offline=True)
    before = await async_setup_pet(hass, entry)

    result = await entry.start_reconfigure_flow(hass)
    result = await hass.config_entries.flow.async_configure(
        result["flow_id"], {"api_key": BAD_KEY, "offline": False}
    )
    assert result["type"] is FlowResultType.FORM
    assert result["errors"] == {"base": "invalid_auth"}
    result = await hass.config_entries.flow.async_configure(
        result["flow_id"],
        {"api_key": NEW_KEY},  # only a key: "offline" defaults to off
    )
    assert result["type"] is FlowResultType.FORM
    assert result["step_id"] == "model"
    key, select = schema_field(result, "model")
    assert key.default() == "claude-haiku-4-5", "the current model is preselected"
    assert select.config["custom_value"] is True
    result = await hass.config_entries.flow.async_configure(
        result["flow_id"], {"model": "claude-sonnet-4-5"}
    )
    await hass.async_block_till_done()

    assert result["type"] is FlowResultType.ABORT
    assert result["reason"] == "reconfigure_successful"
    assert entry.data == {
        "name": "Shelldon",
        "api_key": NEW_KEY,
        "model": "claude-sonnet-4-5",
        "offline": False,
    }
    assert entry.runtime_data.pet.anatomy is not before, "reloaded"
    assert (await tell(hass, "hi"))["reply"] == "New brain, who dis."
    assert messages.calls[-1].key == NEW_KEY
    assert sent_bodies(messages)[-1]["model"] == "claude-sonnet-4-5"


async def test_choosing_the_offline_brain_after_a_refused_key_clears_the_repair_issue(
    hass: HomeAssistant, messages_api: MessagesApi
) -> None:
    models_for(messages_api, OLD_KEY, status=401)
    entry = brain_entry(hass)
    await async_setup_pet(hass, entry)
    issue_id = f"api_key_rejected_{entry.entry_id}"
    assert ir.async_get(hass).async_get_issue(DOMAIN, issue_id) is not None

    result = await entry.start_reconfigure_flow(hass)
    result = await hass.config_entries.flow.async_configure(result["flow_id"], {"offline": True})
    await hass.async_block_till_done()

    assert result["reason"] == "reconfigure_successful"
    assert entry.data["offline"] is True
    assert ir.async_get(hass).async_get_issue(DOMAIN, issue_id) is None, "nothing to repair"


# ---------------------------------------------------------------------------------- secrets


async def test_the_key_never_shows_in_diagnostics_or_in_the_logs_of_failing_turns(
    hass: HomeAssistant,
    messages_api: MessagesApi,
    hass_client: ClientSessionGenerator,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    mock_models(messages_api)
    messages = messages_api.messages.mock(
        side_effect=[
            api_error(500, "api_error", "Internal server error"),
            api_error(401, "authentication_error", "invalid x-api-key"),
        ]
    )
    entry = brain_entry(hass, key=KEY)
    await async_setup_pet(hass, entry)

    first = await tell(hass, "hello?")
    second = await tell(hass, "hello??")
    await hass.async_block_till_done()

    assert messages.call_count == 2
    assert messages.calls[-1].key == KEY, "the key was really used"
    assert first["ok"] is second["ok"] is False
    assert "could not think" in caplog.text, "the failures were logged"
    assert KEY not in caplog.text
    diagnostics = await get_diagnostics_for_config_entry(hass, hass_client, entry)
    assert KEY not in json.dumps(diagnostics)
    assert KEY[-12:] not in json.dumps(diagnostics), "not even a tail of it"
    assert diagnostics["entry"]["data"]["api_key"] == "**REDACTED**"
