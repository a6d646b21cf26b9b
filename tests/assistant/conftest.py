"""Asking the pet as another assistant would: an LLM context for a user, and a call that hands
back the tool's data on either release (a ToolResult on 2026.x, plain data on 2025.4)."""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import llm

from custom_components.shelldon.ports.const import DOMAIN

type Ask = Callable[..., Awaitable[dict[str, Any]]]


def llm_context(user_id: str | None, *, device_id: str | None = None) -> llm.LLMContext:
    """What a conversation agent hands the API (the fields differ between releases)."""
    fields = {f.name for f in dataclasses.fields(llm.LLMContext)}
    values: dict[str, Any] = {
        "platform": "test_agent",
        "context": Context(user_id=user_id),
        "language": "en",
        "assistant": "conversation",
        "device_id": device_id,
    }
    if "user_prompt" in fields:  # 2025.4
        values["user_prompt"] = None
    return llm.LLMContext(**values)


def data_of(result: Any) -> tuple[dict[str, Any], bool]:
    """(the tool's data, whether it is an error) on either release."""
    if isinstance(result, dict):
        return result, "error" in result
    return result.data, bool(result.error)


@pytest.fixture
def ask(hass: HomeAssistant) -> Ask:
    """Call one of the pet's tools through Home Assistant's LLM helper, for a user (None:
    nobody, as a voice satellite or an automation asks)."""

    async def call(
        tool: str, user_id: str | None = None, *, api_id: str = DOMAIN, **args: Any
    ) -> dict[str, Any]:
        api = await llm.async_get_api(hass, api_id, llm_context(user_id))
        result = await api.async_call_tool(llm.ToolInput(tool_name=tool, tool_args=args))
        data, error = data_of(result)
        if error:
            data = {**data, "failed": True}
        return data

    return call
