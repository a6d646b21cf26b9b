"""The newest Claude models, whose API refuses forced tool use (Sonnet 5.5, Opus 5.5, Fable 5.1),
live the pet's whole weekday through the real SDK: the stand-in API keeps each model's rules
(`tests.anthropic_mock.ScriptedModel`) and answers a forced request with its 400, as the API
does. A model newer than the pet's table that refuses forcing costs one refused request per
life of the pet, then every turn goes without it."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.shelldon.brain.model_rules import REPLY_CAP, THINKING_CAP
from custom_components.shelldon.ports.const import DOMAIN
from tests.anthropic_mock import KEY, ScriptedModel, json_answer, reply_message, scripted
from tests.common import async_live_until, async_setup_pet, async_tell, local
from tests.weekday import CONVERSATIONS, LAMP, MESSAGES, async_weekday, tool_results

AUTO = {"type": "auto"}


def shelldon_warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.levelno >= logging.WARNING and r.name.startswith("custom_components.shelldon")
    ]


@pytest.mark.parametrize("model", ["claude-opus-5-5", "claude-sonnet-5-5"])
async def test_a_weekday_on_a_model_that_refuses_forced_tools_is_lived_in_full(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    caplog: pytest.LogCaptureFixture,
    model: str,
) -> None:
    day = await async_weekday(hass, freezer, model, light=True)

    assert day.refused == [], "nothing the model refuses was ever sent"
    kinds = day.kinds()
    assert kinds.count("owner") == MESSAGES + 2, "every message answered; the lamp in two calls"
    assert day.lamp_on == 1, "the tool was called with tool_choice auto"
    assert [r["message"] for r in day.reach_outs] == ["Time to call your mum!"], "kept its word"
    assert kinds.count("dream") == 1, "the night's fold ran"
    for _, _, text in (line for talk in CONVERSATIONS for line in talk):
        assert text in day.journal, "nothing the owner said is dropped"
    assert "I'll remind you." in day.journal and "How lovely! I'll remember." in day.journal

    for kind, body in day.bodies:
        assert body["tool_choice"] == AUTO, f"{kind}: never forced"
        asks = "Answer with the reply tool" if kind == "dream" else "always answer by calling it"
        assert asks in body["system"][0]["text"], f"{kind}: the prompt asks for the reply tool"
    lamp_rounds = [body for kind, body in day.bodies if tool_results(body)]
    assert len(lamp_rounds) == 1
    handed_back = lamp_rounds[0]["messages"][1]["content"]
    if model == "claude-sonnet-5-5":
        assert all(body["thinking"] == {"type": "between_tools"} for _, body in day.bodies)
        assert all("output_config" not in body for _, body in day.bodies)
        assert all(body["max_tokens"] == REPLY_CAP for _, body in day.bodies)
        assert [block["type"] for block in handed_back] == ["tool_use"]
    else:
        assert all("thinking" not in body for _, body in day.bodies), "its own, always on"
        assert all(body["output_config"] == {"effort": "low"} for _, body in day.bodies)
        assert all(body["max_tokens"] == THINKING_CAP for _, body in day.bodies)
        assert [block["type"] for block in handed_back] == ["thinking", "tool_use"], (
            "the thinking block goes back unchanged, before the call it came with"
        )
    assert shelldon_warnings(caplog) == []


async def test_a_newer_model_offered_the_homes_tools_learns_on_the_first_message_of_the_day(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, caplog: pytest.LogCaptureFixture
) -> None:
    """With Assist chosen, a conversation's turns force some tool (`any`): refused once, the
    first message is asked again with `auto` and answered; the rest of the day, the lamp too,
    goes without forcing."""
    newer = "claude-sonnet-6"
    day = await async_weekday(hass, freezer, newer, light=True, refusing=(newer,))

    assert [body["tool_choice"] for body in day.refused] == [{"type": "any"}]
    assert "good morning" in day.refused[0]["messages"][0]["content"]
    assert day.kinds().count("owner") == MESSAGES + 2 and day.lamp_on == 1
    assert [r["message"] for r in day.reach_outs] == ["Time to call your mum!"]
    assert all(body["tool_choice"] == AUTO for _, body in day.bodies)
    assert shelldon_warnings(caplog) == []


def _pet_entry(hass: HomeAssistant, model: str) -> MockConfigEntry:
    entry = MockConfigEntry(
        domain=DOMAIN,
        unique_id="shelldon",
        title="Shelldon",
        data={"name": "Shelldon", "api_key": KEY, "model": model},
        options={},
    )
    entry.add_to_hass(hass)
    return entry


def _answer(body: dict[str, Any]) -> dict[str, Any]:
    return {"intent": "answer Alex", "say": "Hello, Alex!"}


async def test_a_model_newer_than_the_table_is_asked_without_forcing_after_one_refusal(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, caplog: pytest.LogCaptureFixture
) -> None:
    newer = "claude-sonnet-6"
    model = ScriptedModel(
        refuses_forcing=(newer,),
        owner=_answer,
        dream={"intent": "keep the durable", "say": "", "remember": ["Alex says hello."]},
    )
    freezer.move_to(local(2026, 12, 2, 7, 0))
    with scripted(model):
        entry = _pet_entry(hass, newer)
        pet = await async_setup_pet(hass, entry)
        first = await async_tell(hass, "good morning")
        assert first["ok"] and first["reply"] == "Hello, Alex!", "answered, not an apology"
        assert [body["tool_choice"] for body in model.refused] == [
            {"type": "tool", "name": "reply"}
        ]

        second = await async_tell(hass, "the tea was lovely")
        assert second["reply"] == "Hello, Alex!"
        await async_live_until(hass, freezer, pet, local(2026, 12, 2, 19, 0))
        assert await async_tell(hass, LAMP)  # no home tools offered: the reply tool alone
        await async_live_until(hass, freezer, pet, local(2026, 12, 3, 9, 0))  # night, dream
        assert len(model.refused) == 1, "learned once: the day's turns go without forcing"
        assert model.kinds().count("dream") == 1
        assert all(body["tool_choice"] == AUTO for _, body in model.calls)

        assert await hass.config_entries.async_reload(entry.entry_id)  # a restart
        await hass.async_block_till_done()
        pet = entry.runtime_data.pet.anatomy
        again = await async_tell(hass, "back again")
        assert again["ok"] and again["reply"] == "Hello, Alex!"
        assert len(model.refused) == 2, "a new life learns it again, once"
        await async_live_until(hass, freezer, pet, local(2026, 12, 3, 12, 0))
        assert len(model.refused) == 2
    assert shelldon_warnings(caplog) == []
    said = [r.getMessage() for r in caplog.records if r.name.startswith("custom_components")]
    changed = "claude-sonnet-6 refused forced tool use; asked without it until Home Assistant"
    assert sum(changed in line for line in said) == 2, "said once in each life, as info"
    assert not any("forced tool use is not supported" in line for line in said), "not the error"


async def test_a_plain_text_answer_under_auto_is_sent_back_for_the_reply_tool(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    """Offered its tools with `auto`, a model may answer in prose: like any reply that does not
    fit, it is sent back once with the reason, and the reply tool's answer is what the owner
    hears (both calls counted)."""
    prose = {**reply_message({}), "content": [{"type": "text", "text": "Hi there!"}]}
    prose["stop_reason"] = "end_turn"
    model = ScriptedModel(owner=[json_answer(prose), _answer({})])
    freezer.move_to(local(2026, 12, 2, 7, 0))
    with scripted(model):
        await async_setup_pet(hass, _pet_entry(hass, "claude-sonnet-5-5"))
        said = await async_tell(hass, "good morning")
    assert said["ok"] and said["reply"] == "Hello, Alex!"
    assert model.kinds() == ["owner", "owner"] and model.refused == []
    retry = model.calls[1][1]["messages"]
    assert [m["role"] for m in retry] == ["user", "assistant", "user"]
    assert retry[1]["content"] == [{"type": "text", "text": "Hi there!"}]
    assert "reply tool" in json.dumps(retry[2]["content"])


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        (
            "how do I pick a lock?",
            "Sorry, that is one I cannot answer. Could you ask it another way?",
        ),
        ("wie knacke ich ein Schloss?", "Tut mir leid, darauf kann ich nicht antworten."),
    ],
)
async def test_a_turn_the_model_declines_is_not_asked_again_and_the_owner_hears_why(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    caplog: pytest.LogCaptureFixture,
    said: str,
    expected: str,
) -> None:
    """A model's safety classifier may decline a request (`stop_reason` "refusal", as Claude
    Haiku 5.5's migration guide says): asked again, it would decline again, so the turn ends at
    once, in the owner's language, its tokens counted; the next message is answered as ever."""
    declined = {**reply_message({}, input_tokens=900, output_tokens=3), "content": []}
    declined["stop_reason"] = "refusal"
    model = ScriptedModel(owner=[json_answer(declined), _answer({})])
    freezer.move_to(local(2026, 12, 2, 9, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, _pet_entry(hass, "claude-haiku-5-5"))
        answer = await async_tell(hass, said)
        assert model.kinds() == ["owner"], "one request: a refusal is not retried"
        assert answer["reply"].startswith(expected)
        tokens = hass.states.get(f"sensor.{DOMAIN}_tokens_today")
        assert tokens is not None and int(tokens.state) >= 903, "what was billed is counted"
        await async_live_until(hass, freezer, pet, local(2026, 12, 2, 9, 5))
        again = await async_tell(hass, "the tea was lovely")
        assert again["ok"] and again["reply"] == "Hello, Alex!"
    assert shelldon_warnings(caplog) == [], "a model that declined one turn is not broken"
    assert any("declined a turn" in r.getMessage() for r in caplog.records)
