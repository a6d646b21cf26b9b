"""Reach-outs that can be answered: a question said through an Assist satellite starts a
conversation there, so the owner answers aloud and the answer reaches the pet as theirs.

A real Home Assistant in simulated time, the real Anthropic SDK against a scripted model. The
kitchen satellite is a state plus mocked `assist_satellite` actions; what its pipeline would do
with the owner's spoken answer (hand it to `conversation.shelldon`) is played by
`conversation.async_converse`, which is what the pipeline calls.
"""

from __future__ import annotations

import logging
from typing import Any

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.components import conversation
from homeassistant.core import Context, HomeAssistant, ServiceCall, callback
from homeassistant.exceptions import HomeAssistantError
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    async_capture_events,
    async_mock_service,
)

from custom_components.shelldon.body.voice import asks_something
from custom_components.shelldon.core.exchanges import Role
from custom_components.shelldon.core.goals import GoalKind
from custom_components.shelldon.ports.const import DOMAIN, EVENT_REACH_OUT
from custom_components.shelldon.runtime.anatomy import Anatomy
from tests.anthropic_mock import KEY, ScriptedModel, scripted
from tests.common import async_live_until, async_setup_pet, async_tell, local

KITCHEN = "assist_satellite.kitchen"
PHONE = "notify.mobile_app_phone"
ANNOUNCES, CONVERSES = 1, 2  # AssistSatelliteEntityFeature
QUESTION = "How did the interview go?"


@pytest.fixture
def home(hass: HomeAssistant) -> dict[str, list[ServiceCall]]:
    """Alex at home, a phone, and a kitchen satellite that can announce and converse."""
    hass.states.async_set("person.alex", "home", {"friendly_name": "Alex"})
    hass.states.async_set(KITCHEN, "idle", {"supported_features": ANNOUNCES | CONVERSES})
    return {
        "phone": async_mock_service(hass, "notify", "mobile_app_phone"),
        "start_conversation": async_mock_service(hass, "assist_satellite", "start_conversation"),
        "announce": async_mock_service(hass, "assist_satellite", "announce"),
    }


def pet_entry(hass: HomeAssistant, speaker: str = KITCHEN) -> MockConfigEntry:
    entry = MockConfigEntry(
        domain=DOMAIN,
        unique_id="shelldon",
        title="Shelldon",
        data={"name": "Shelldon", "api_key": KEY, "model": "claude-haiku-4-5"},
        options={
            "notify_targets": [PHONE],
            "speaker": speaker,
            "presence_entities": ["person.alex"],
        },
    )
    entry.add_to_hass(hass)
    return entry


async def speak_up(hass: HomeAssistant) -> dict[str, Any]:
    """shelldon.speak_up: the pet reaches out now, through the door; its decision."""
    return await hass.services.async_call(
        DOMAIN, "speak_up", {}, blocking=True, return_response=True
    )


async def answer_aloud(hass: HomeAssistant, text: str, asked: str) -> str:
    """The owner answers the satellite; its pipeline hands the words to the pet's agent."""
    result = await conversation.async_converse(
        hass,
        text,
        None,
        Context(),
        agent_id="conversation.shelldon",
        device_id="kitchen-satellite",
        extra_system_prompt=asked,  # what start_conversation gives the agent by default
    )
    await hass.async_block_till_done()
    return str(result.response.speech["plain"]["speech"])


def open_question(pet: Anatomy) -> str:
    [ask] = [g for g in pet.files.goals.open_goals() if g.kind is GoalKind.ASK]
    return ask.id


async def test_a_promised_follow_up_is_asked_as_a_conversation_and_the_spoken_answer_settles_it(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, home: dict[str, list[ServiceCall]]
) -> None:
    reach_outs = async_capture_events(hass, EVENT_REACH_OUT)
    pet: Anatomy | None = None

    def congratulate(_body: dict[str, Any]) -> dict[str, Any]:
        assert pet is not None
        return {
            "intent": "celebrate with Alex",
            "say": "Congratulations, Alex!",
            "settle": [{"id": open_question(pet), "how": "done"}],
            "remember": ["Alex got the job"],
        }

    model = ScriptedModel(
        owner=[
            {
                "intent": "wish Alex luck and promise to ask after",
                "say": "Good luck! I'll ask you how it went.",
                "promise": [{"what": "ask Alex how the interview went", "due_in_hours": 2}],
            },
            congratulate,
        ],
        reach_out={"intent": "keep my word", "say": QUESTION, "ask": [QUESTION]},
    )
    freezer.move_to(local(2026, 11, 30, 13, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass))
        await async_tell(hass, "My job interview is at two, wish me luck!")
        await async_live_until(hass, freezer, pet, local(2026, 11, 30, 15, 20))

        assert [e.data["outcome"] for e in reach_outs] == ["speak"]
        assert reach_outs[0].data["voice"] == "start_conversation"
        assert [dict(c.data) for c in home["start_conversation"]] == [
            {"entity_id": KITCHEN, "start_message": QUESTION}
        ]
        assert home["announce"] == [], "a question is not merely announced"
        assert home["phone"] == [], "said aloud, so no message waits"
        asked = open_question(pet)

        reply = await answer_aloud(hass, "It went great, they offered me the job!", QUESTION)

    assert reply == "Congratulations, Alex!"
    exchange = pet.parts.turns.exchanges.exchanges[-1]
    assert (exchange.heard.role, exchange.heard.room) == (Role.OWNER, "voice")
    assert exchange.heard.text == "It went great, they offered me the job!"
    assert pet.workings.personality.state.last_interaction_at is not None, (
        "a spoken answer is the owner talking"
    )
    assert asked not in {g.id for g in pet.files.goals.open_goals()}, "the question is settled"
    assert model.kinds().count("owner") == 2


@pytest.mark.parametrize(
    ("say", "features"),
    [
        ("The tea's gone cold, by the way.", ANNOUNCES | CONVERSES),
        ("Did you water the plants? 🌱", ANNOUNCES),  # this satellite cannot listen for it
    ],
    ids=["a plain line", "a question to a satellite that only announces"],
)
async def test_a_line_that_cannot_be_answered_aloud_is_announced(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    home: dict[str, list[ServiceCall]],
    say: str,
    features: int,
) -> None:
    hass.states.async_set(KITCHEN, "idle", {"supported_features": features})
    reach_outs = async_capture_events(hass, EVENT_REACH_OUT)
    model = ScriptedModel(proactive={"intent": "say something", "say": say})
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        await async_setup_pet(hass, pet_entry(hass))
        decision = await speak_up(hass)

    assert decision["outcome"] == "speak"
    assert [dict(c.data) for c in home["announce"]] == [{"entity_id": KITCHEN, "message": say}]
    assert home["start_conversation"] == []
    assert [e.data["voice"] for e in reach_outs] == ["announce"]


async def test_a_line_the_turn_recorded_as_a_question_is_asked_aloud_however_it_is_worded(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, home: dict[str, list[ServiceCall]]
) -> None:
    line = "Tell me how the interview went."
    assert not asks_something(line), "no question mark: only the recorded ask says it asks"
    hass.states.async_set(KITCHEN, "idle", {"supported_features": ANNOUNCES | CONVERSES})
    model = ScriptedModel(proactive={"intent": "ask after it", "say": line, "ask": [line]})
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        await async_setup_pet(hass, pet_entry(hass))
        decision = await speak_up(hass)

    assert decision["outcome"] == "speak"
    assert [c.data["start_message"] for c in home["start_conversation"]] == [line]
    assert home["announce"] == []


async def test_a_question_through_a_media_player_is_still_spoken_by_tts(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, home: dict[str, list[ServiceCall]]
) -> None:
    hass.states.async_set("media_player.living_room", "idle")
    hass.states.async_set("tts.piper", "unknown")
    speak = async_mock_service(hass, "tts", "speak")
    reach_outs = async_capture_events(hass, EVENT_REACH_OUT)
    model = ScriptedModel(proactive={"intent": "ask", "say": QUESTION, "ask": [QUESTION]})
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        await async_setup_pet(hass, pet_entry(hass, speaker="media_player.living_room"))
        await speak_up(hass)

    assert [c.data["message"] for c in speak] == [QUESTION]
    assert home["start_conversation"] == [] and home["announce"] == []
    assert [e.data["voice"] for e in reach_outs] == ["tts"]


async def test_a_satellite_that_cannot_start_a_conversation_costs_only_the_voice(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    home: dict[str, list[ServiceCall]],
    caplog: pytest.LogCaptureFixture,
) -> None:
    tried: list[str] = []

    @callback
    def refuse(call: ServiceCall) -> None:
        tried.append(call.data["start_message"])
        raise HomeAssistantError("Built-in conversation agent does not support conversations")

    hass.services.async_register("assist_satellite", "start_conversation", refuse)
    reach_outs = async_capture_events(hass, EVENT_REACH_OUT)
    lines = ["Is the interview still on for today?", "Shall I remind you to stretch?"]
    model = ScriptedModel(proactive=[{"intent": "ask", "say": line} for line in lines])
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        await async_setup_pet(hass, pet_entry(hass))
        first = await speak_up(hass)
        freezer.move_to(local(2026, 11, 30, 17, 0))  # long enough after the first to be worth it
        second = await speak_up(hass)
        await hass.async_block_till_done()

    assert tried == lines, "each question was tried as a conversation"
    assert [first["outcome"], second["outcome"]] == ["suggest", "suggest"]
    assert [c.data["message"] for c in home["phone"]] == lines, "the phone got every line"
    assert home["announce"] == []
    assert [e.data["voice"] for e in reach_outs] == [None, None]
    assert {e.data["reason"] for e in reach_outs} == {"the speaker failed; a message will wait"}
    complaints = [
        r for r in caplog.records if r.levelno >= logging.WARNING and KITCHEN in r.getMessage()
    ]
    assert len(complaints) == 1, "a failing satellite is logged once, not on every line"


@pytest.mark.parametrize(
    ("line", "asks"),
    [
        (QUESTION, True),
        ("Did it go well?!", True),
        ("Shall I keep the notes? :)", True),
        ("面接はどうでしたか？", True),
        ("Did you know? Octopuses have three hearts.", False),  # it ends by telling
        ("The tea's gone cold.", False),
        ("", False),
    ],
)
def test_a_line_asks_when_its_last_sentence_is_a_question(line: str, asks: bool) -> None:
    assert asks_something(line) is asks
