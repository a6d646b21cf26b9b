"""The owner's home through Home Assistant's LLM APIs: what one owner turn may read and change.

The owner picks the APIs on the options flow ("Control Home Assistant"; none by default). For
an owner's message the pet opens them with that conversation's own context (its user, device and
language, the conversation assistant), so Home Assistant decides what is reachable: only what the
owner exposed to Assist, and only what that user may touch. The tools go to the model in the
Messages API's shape, sorted by name so the prefix the cache keeps is the same on every turn of a
conversation. Each call is judged first (`core.home.judge`): reads run, changes run only
when the owner's message asks for them and names them. Results come back as scrubbed JSON text.
"""

from __future__ import annotations

import dataclasses
import json
import logging
from collections.abc import Callable, Mapping
from typing import Any, Final

from homeassistant.core import HomeAssistant
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import llm

from ..core.home import ToolCall, Verdict, is_read_only, judge
from ..ports import Asker
from ..ports.const import CONF_LLM_HASS_API, DOMAIN

_LOGGER = logging.getLogger(__name__)

RESULT_MAX: Final = 4000  # characters of one tool's result shown to the model
ASSISTANT: Final = "conversation"  # Home Assistant's exposure is per assistant: Assist's
MERGES: Final = hasattr(llm, "MergedAPI")  # the release lets an agent use several APIs at once
REFUSED_WHY: Final[dict[Verdict, str]] = {
    Verdict.NOT_ASKED: (
        "Refused: this changes the home, and your owner's message does not ask for a change. "
        "Only your owner's own words can ask for one."
    ),
    Verdict.NOT_NAMED: (
        "Refused: your owner's message does not name what this call would change (its name or "
        "area, as your owner said it)."
    ),
    Verdict.UNKNOWN: "Refused: no such tool is offered.",
}


def chosen_apis(options: Mapping[str, Any]) -> list[str]:
    """The LLM APIs the owner chose (an older single choice reads as a list of one)."""
    value = options.get(CONF_LLM_HASS_API)
    if not value or value == "none":
        return []
    return [value] if isinstance(value, str) else [str(v) for v in value]


def llm_context(asker: Asker, said: str) -> llm.LLMContext:
    """The conversation's LLMContext, with the fields this release has."""
    fields = {f.name for f in dataclasses.fields(llm.LLMContext)}
    values: dict[str, Any] = {
        "platform": DOMAIN,
        "context": asker.context,
        "language": asker.language,
        "assistant": ASSISTANT,
        "device_id": asker.device_id,
    }
    if "user_prompt" in fields:  # before 2025.7 the context carried the owner's words
        values["user_prompt"] = said
    if "agent_id" in fields:
        values["agent_id"] = asker.agent_id
    return llm.LLMContext(**values)


def tool_spec(tool: llm.Tool, serializer: Callable[[Any], Any] | None) -> dict[str, Any]:
    """One tool in the Messages API's shape (its parameters as JSON schema)."""
    try:  # Home Assistant 2026.10 and later: probatio
        from probatio import to_openapi  # type: ignore[import-not-found,unused-ignore]

        schema = to_openapi(tool.parameters, custom_serializer=serializer)
    except ImportError:  # earlier: voluptuous
        from voluptuous_openapi import convert  # type: ignore[import-untyped,unused-ignore]

        schema = convert(tool.parameters, custom_serializer=serializer)
    schema = {k: v for k, v in schema.items() if k not in ("oneOf", "anyOf", "allOf")}
    schema.setdefault("type", "object")
    return {"name": tool.name, "description": tool.description or "", "input_schema": schema}


def declared_read_only(tool: llm.Tool) -> bool | None:
    """What the tool says of itself (tool annotations, 2026.11 and later), if anything."""
    annotations = getattr(tool, "annotations", None)
    read_only = getattr(annotations, "read_only", None)
    return read_only if isinstance(read_only, bool) else None


class HomeSession:
    """The home for one owner turn (the brain's `HomeTools`)."""

    def __init__(self, instance: llm.APIInstance, said: str, scrub: Callable[[str], str]) -> None:
        self.instance = instance
        self.said = said
        self.scrub = scrub
        self.tools = {tool.name: tool for tool in instance.tools}
        self._specs = [
            tool_spec(self.tools[name], instance.custom_serializer) for name in sorted(self.tools)
        ]

    @property
    def prompt(self) -> str:
        """The API's own prompt."""
        return self.instance.api_prompt

    @property
    def specs(self) -> list[dict[str, Any]]:
        """The tools, sorted by name."""
        return self._specs

    async def call(self, name: str, args: dict[str, Any]) -> tuple[ToolCall, str]:
        """Judge the call, run it if it may run; the record and the answer for the model."""
        tool = self.tools.get(name)
        if tool is None:
            return ToolCall(name, args, Verdict.UNKNOWN, True), REFUSED_WHY[Verdict.UNKNOWN]
        changes = not is_read_only(name, declared_read_only(tool))
        verdict = judge(name, args, changes=changes, owners_turn=True, owner_words=self.said)
        if verdict is not Verdict.RAN:
            return ToolCall(name, args, verdict, changes), REFUSED_WHY[verdict]
        try:
            result: Any = await self.instance.async_call_tool(
                llm.ToolInput(tool_name=name, tool_args=args)
            )
        except (HomeAssistantError, ValueError) as err:  # vol.Invalid is a ValueError
            return ToolCall(name, args, Verdict.FAILED, changes), self._text(
                {"error": type(err).__name__, "error_text": str(err)}
            )
        data = getattr(result, "data", result)  # a ToolResult (2026.11) or plain JSON
        failed = bool(getattr(result, "error", False))
        return ToolCall(name, args, Verdict.FAILED if failed else Verdict.RAN, changes), (
            self._text(data)
        )

    def _text(self, data: Any) -> str:
        text = json.dumps(data, ensure_ascii=False, default=self.instance.custom_serializer or str)
        return self.scrub(text)[:RESULT_MAX]


class HomeApi:
    """Opens the owner's chosen LLM APIs for an owner turn (nothing chosen: no home)."""

    def __init__(
        self,
        hass: HomeAssistant,
        options: Mapping[str, Any],
        scrub: Callable[[str], str],
    ) -> None:
        self.hass = hass
        self.options = options  # the live dials
        self.scrub = scrub

    async def async_open(self, asker: Asker | None, said: str) -> HomeSession | None:
        """The home for this message, or None (no API chosen, or it cannot be had now)."""
        apis = chosen_apis(self.options)
        if not apis:
            return None
        try:
            chosen: Any = apis if MERGES else apis[0]  # a list from 2025.7
            context = llm_context(asker or Asker(), said)
            instance = await llm.async_get_api(self.hass, chosen, context)
        except HomeAssistantError as err:  # an API gone, or the user may not use it
            _LOGGER.warning("The home's tools are not available now: %s", err)
            return None
        return HomeSession(instance, said, self.scrub)
