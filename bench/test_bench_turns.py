"""Turn figures: how big a proactive turn's request is, and what the turn path costs us."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime, timedelta
from typing import Any

from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant
from pytest_homeassistant_custom_component.common import MockConfigEntry

from bench.timing import per_call_us
from custom_components.shelldon.brain.anthropic_brain import request_body
from custom_components.shelldon.brain.prompt import build_prompt
from custom_components.shelldon.core.exchanges import Exchange, Line, Role
from custom_components.shelldon.core.goals import GoalKind, Provenance, Strategy
from custom_components.shelldon.core.turn_kind import TurnKind
from custom_components.shelldon.runtime.arbiter import Arbiter
from tests.common import async_setup_pet, local

CHARS_PER_TOKEN = 3.5  # an estimate for English prose and JSON; see the note in the report


def _estimate(text: str) -> int:
    return round(len(text) / CHARS_PER_TOKEN)


async def _a_lived_in_pet(hass: HomeAssistant, entry: MockConfigEntry) -> Any:
    pet = await async_setup_pet(hass, entry)
    turns = pet.parts.turns
    start = datetime(2026, 11, 30, 8, 0, tzinfo=UTC)
    for i in range(12):  # a day of conversation fills the window
        at = (start + timedelta(minutes=20 * i)).isoformat()
        turns.exchanges.add(
            Exchange(
                Line(
                    at,
                    "assist",
                    "Alex",
                    Role.OWNER,
                    f"Message {i}: how's the desk, and did you see the rain earlier?",
                ),
                Line(
                    at,
                    "assist",
                    pet.name,
                    Role.PET,
                    "The desk is cosy. I watched the rain streak the window; it was lovely.",
                ),
                "owner",
            )
        )
    for text in ("ask how the interview went", "look up the weather for Saturday"):
        turns.goals.add(
            text,
            kind=GoalKind.REACH_OUT,
            provenance=Provenance.PROMISE,
            strategy=Strategy.SINGLE_MINDED,
            due=start + timedelta(hours=20),
        )
    turns.last_intent = "keep Alex company while they work; ask about the interview later"
    turns.last_outcome = "you said one line"
    turns.last_mark = {"at": start.isoformat(), "face": "curious", "power": "lively"}
    return pet


async def test_proactive_request_size(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory, record: Any
) -> None:
    freezer.move_to(local(2026, 11, 30, 15, 0))
    pet = await _a_lived_in_pet(hass, config_entry)
    request = pet.parts.turns.request(TurnKind.PROACTIVE, pet.clock.now())
    prompt = build_prompt(request)
    body = request_body(request, "claude-haiku-4-5")
    prefix = json.dumps(body["tools"]) + prompt.stable
    changing = prompt.changing
    total = len(prefix) + len(changing)
    record("proactive request: cached prefix (tools + system)", len(prefix.encode()), "bytes")
    record("proactive request: changing part", len(changing.encode()), "bytes")
    if os.environ.get("ANTHROPIC_API_KEY"):  # pragma: no cover - needs the network
        import anthropic

        client = anthropic.Anthropic()
        full = client.messages.count_tokens(
            model=body["model"],
            system=body["system"],
            tools=body["tools"],
            messages=body["messages"],
        ).input_tokens
        bare = client.messages.count_tokens(
            model=body["model"],
            system=body["system"],
            tools=body["tools"],
            messages=[{"role": "user", "content": "."}],
        ).input_tokens
        record("proactive request: input tokens (counted)", full, "tokens")
        record("proactive request: cached prefix tokens (counted)", bare, "tokens")
        record("proactive request: changing tokens (counted)", full - bare, "tokens", "< 1,500")
        record("proactive request: cached share (counted)", 100 * bare / full, "%", ">= 80")
    else:
        record("proactive request: cached prefix tokens (estimated)", _estimate(prefix), "tokens")
        record(
            "proactive request: changing tokens (estimated)",
            _estimate(changing),
            "tokens",
            "< 1,500",
        )
        record(
            "proactive request: cached share (estimated)", 100 * len(prefix) / total, "%", ">= 80"
        )


async def test_assembly_and_arbiter_overhead(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory, record: Any
) -> None:
    freezer.move_to(local(2026, 11, 30, 15, 0))
    pet = await _a_lived_in_pet(hass, config_entry)

    def assemble() -> None:
        request_body(pet.parts.turns.request(TurnKind.OWNER, pet.clock.now()), "claude-haiku-4-5")

    record(
        "prompt assembly (machine + window + request body)",
        per_call_us(assemble, number=300) / 1000,
        "ms",
        "< 5",
    )
    arbiter = Arbiter()

    def take_release() -> None:
        arbiter.try_take()
        arbiter.release()

    record("arbiter take + release", per_call_us(take_release), "µs")
