"""The AI Task brain: the pet thinks with whatever model its owner already set up.

Home Assistant's AI Task (2025.8 and later) runs a structured generation on an entity the owner
configured (the core Anthropic, OpenAI, Google or Ollama integration, among others), so the pet
needs no key of its own. A turn has the same shape as with the Anthropic brain: the prompt's
stable part and then its changing part as the task's instructions, and the reply's fields
(intent first) as the task's structure. What comes back is untrusted, like any reply: it goes
through `parse_reply`, and a reply that does not fit is asked for once more with the reason.
Failures become `BrainUnavailable`, so the owner hears an apology, never an error. AI Task
reports no token usage, so every turn here costs zero counted tokens: the turn budget and the
gates still apply; the token figures do not.

Home Assistant releases without AI Task still load this module: the component is looked up
through the loader only when it is used.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import math
import sys
from collections.abc import Awaitable, Callable
from typing import Any, Final

import voluptuous as vol
from homeassistant.const import STATE_UNAVAILABLE
from homeassistant.core import HomeAssistant
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import selector
from homeassistant.loader import IntegrationNotFound, async_get_integration

from ..core.tokens import Usage
from .model_rules import CHARS_PER_TOKEN, REPLY_CAP
from .prompt import build_prompt
from .turn import (
    INTENT_MAX,
    PROMISE_MAX_HOURS,
    BrainUnavailable,
    ReplyError,
    TurnRequest,
    TurnResult,
    parse_reply,
)

AI_TASK_DOMAIN: Final = "ai_task"
# A local model on a small box can be slow; still bounded, so a turn always ends.
TURN_TIMEOUT_S: Final = 90.0
MAX_ROUNDS: Final = 2  # one retry for a reply that does not fit
OUTPUT_ALLOWANCE: Final = REPLY_CAP  # tokens, as the Anthropic brain caps a reply

# The prompt's guide speaks of "the reply tool"; here the same fields are the task's structure.
STRUCTURE_NOTE: Final = (
    "Answer with the structured reply: its fields are those of the reply tool above, intent first."
)

_LOGGER = logging.getLogger(__name__)

type GenerateData = Callable[..., Awaitable[Any]]  # ai_task.async_generate_data, as we call it


async def async_generate_data_fn(hass: HomeAssistant) -> GenerateData | None:
    """AI Task's `async_generate_data`, when this Home Assistant has one that takes a structure."""
    try:
        integration = await async_get_integration(hass, AI_TASK_DOMAIN)
        component = await integration.async_get_component()
    except (IntegrationNotFound, ImportError):
        return None
    generate: GenerateData | None = getattr(component, "async_generate_data", None)
    if generate is None or "structure" not in inspect.signature(generate).parameters:
        return None
    return generate


def _schema_library() -> Any:
    """The schema library this Home Assistant builds its schemas with (probatio on newer
    releases, voluptuous before): the AI Task entities turn the structure into JSON Schema
    with it, so the structure must be its kind of schema."""
    return sys.modules.get("probatio") or vol


def _text(multiple: bool = False) -> selector.Selector[Any]:
    return selector.selector({"text": {"multiple": True} if multiple else {}})


def _objects(fields: dict[str, tuple[dict[str, Any], bool]]) -> selector.Selector[Any]:
    """A list of objects, each field given as (its selector, whether it is required)."""
    return selector.selector(
        {
            "object": {
                "multiple": True,
                "fields": {
                    name: {"selector": config, "required": required}
                    for name, (config, required) in fields.items()
                },
            }
        }
    )


def reply_structure() -> Any:
    """The reply's fields as an AI Task structure, in the order the model should write them."""
    lib = _schema_library()
    text: dict[str, Any] = {"text": {}}
    return lib.Schema(
        {
            lib.Required(
                "intent",
                description=(
                    "Write this first: what most needs you now and what this reply does about "
                    f"it (at most {INTENT_MAX} characters)."
                ),
            ): _text(),
            lib.Required("say", description="What your owner hears; empty means silence."): (
                _text()
            ),
            lib.Optional("remember", description="Short facts to know later."): _text(True),
            lib.Optional("settle", description="Open items this reply closes."): _objects(
                {
                    "id": (text, True),
                    "how": ({"select": {"options": ["done", "dropped"]}}, True),
                }
            ),
            lib.Optional("promise", description="What say commits you to."): _objects(
                {
                    "what": (text, True),
                    "due_in_hours": (
                        {"number": {"min": 0, "max": PROMISE_MAX_HOURS, "mode": "box"}},
                        False,
                    ),
                }
            ),
            lib.Optional("ask", description="Questions you now wait on."): _text(True),
            lib.Optional("edit", description="A file of yours, its full new content and why."): (
                _objects({"path": (text, True), "content": (text, True), "reason": (text, True)})
            ),
        }
    )


def instructions_for(request: TurnRequest) -> str:
    """The task's instructions: the prompt's stable part, then its changing part."""
    prompt = build_prompt(request)
    return f"{prompt.stable}\n\n{STRUCTURE_NOTE}\n\n{prompt.changing}"


def _data_of(result: Any) -> Any:
    """The generated data; a model that answered with JSON text is read as that JSON."""
    data = getattr(result, "data", None)
    if isinstance(data, str):
        try:
            return json.loads(data)
        except ValueError as err:
            raise ReplyError("the reply must be a JSON object with the reply's fields") from err
    return data


class AiTaskBrain:
    """Thinks with the AI Task entity the owner chose."""

    name = "ai_task"

    def __init__(
        self,
        hass: HomeAssistant,
        entity_id: str,
        *,
        timeout_s: float = TURN_TIMEOUT_S,
        max_rounds: int = MAX_ROUNDS,
    ) -> None:
        self.hass = hass
        self.entity_id = entity_id
        self.timeout_s = timeout_s
        self.max_rounds = max_rounds

    def estimate(self, request: TurnRequest) -> int:
        """At most what a request would cost, from its length (nothing is counted here)."""
        return math.ceil(len(instructions_for(request)) / CHARS_PER_TOKEN) + OUTPUT_ALLOWANCE

    async def think(self, request: TurnRequest) -> TurnResult:
        """One turn, within the timeout and one retry; never more than an apology on failure."""
        try:
            async with asyncio.timeout(self.timeout_s):
                return await self._think(request)
        except BrainUnavailable:
            raise
        except TimeoutError as err:
            raise BrainUnavailable("timeout", Usage()) from err
        except HomeAssistantError as err:
            _LOGGER.debug("The AI Task entity %s failed: %s", self.entity_id, err)
            raise BrainUnavailable("ai_task_failed", Usage()) from err
        except Exception as err:  # never a crashed turn: the owner still gets an apology
            _LOGGER.exception("Unexpected error while thinking with %s", self.entity_id)
            raise BrainUnavailable("unknown", Usage()) from err

    async def _think(self, request: TurnRequest) -> TurnResult:
        state = self.hass.states.get(self.entity_id)
        generate = await async_generate_data_fn(self.hass)
        if (
            generate is None
            or AI_TASK_DOMAIN not in self.hass.config.components
            or state is None
            or state.state == STATE_UNAVAILABLE
        ):
            raise BrainUnavailable("ai_task_unavailable", Usage())
        asked = instructions = instructions_for(request)
        structure = reply_structure()
        for rounds in range(1, self.max_rounds + 1):
            result = await generate(
                self.hass,
                task_name=f"shelldon {request.kind.value}",
                entity_id=self.entity_id,
                instructions=instructions,
                structure=structure,
            )
            try:
                reply = parse_reply(_data_of(result))
            except ReplyError as err:
                instructions = (
                    f"{asked}\n\nYour last reply did not fit: {err}. "
                    "Answer again with the structured reply, intent first."
                )
                continue
            return TurnResult(reply=reply, usage=Usage(), brain=self.name, rounds=rounds)
        raise BrainUnavailable("bad_reply", Usage())
