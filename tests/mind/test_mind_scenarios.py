"""The scenario battery: days of the mind's life in simulated time, each in seconds.

The real Anthropic SDK runs against a scripted model (a stand-in of the API on loopback), inside
a real Home Assistant; the assertions read what an owner could read: events, the trace, the
journal.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant
from homeassistant.util import dt as dt_util
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    async_capture_events,
    async_mock_service,
)

from custom_components.shelldon.ports.const import DOMAIN, EVENT_DECISION, EVENT_REACH_OUT
from tests.anthropic_mock import KEY, ScriptedModel, scripted
from tests.common import async_live_for, async_live_until, async_setup_pet, local
from tests.common import async_tell_and_tick as tell

VAULT = Path("shelldon/shelldon")


@pytest.fixture
def home(hass: HomeAssistant) -> dict[str, Any]:
    """Alex, a phone, a speaker with a voice."""
    hass.states.async_set("person.alex", "home", {"friendly_name": "Alex"})
    hass.states.async_set("media_player.living_room", "idle")
    hass.states.async_set("tts.piper", "unknown")
    return {
        "notify": async_mock_service(hass, "notify", "mobile_app_phone"),
        "speak": async_mock_service(hass, "tts", "speak"),
    }


@pytest.fixture
def thinking_pet(hass: HomeAssistant) -> MockConfigEntry:
    """A pet with an API key, a phone, a speaker and Alex's presence."""
    entry = MockConfigEntry(
        domain=DOMAIN,
        unique_id="shelldon",
        title="Shelldon",
        data={"name": "Shelldon", "api_key": KEY, "model": "claude-haiku-4-5"},
        options={
            "notify_targets": ["notify.mobile_app_phone"],
            "speaker": "media_player.living_room",
            "tts_entity": "tts.piper",
            "presence_entities": ["person.alex"],
        },
    )
    entry.add_to_hass(hass)
    return entry


def trace(root: Path) -> list[dict[str, Any]]:
    path = root / VAULT / "trace/ticks.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def journal(root: Path) -> str:
    return "".join(p.read_text() for p in sorted((root / VAULT / "journal").glob("*.md")))


def fired_at(event: Any) -> datetime:
    return dt_util.as_local(event.time_fired)


async def test_the_interview_was_tuesday(
    hass: HomeAssistant,
    thinking_pet: MockConfigEntry,
    home: dict[str, Any],
    freezer: FrozenDateTimeFactory,
    tmp_path: Path,
) -> None:
    """Told on Monday, owner away: nothing early, then the promise kept on Tuesday evening,
    at its time, by message (nobody is home)."""
    model = ScriptedModel(
        owner={
            "intent": "wish Alex luck and promise to follow up after the interview",
            "say": "Good luck! I'll ask you how it went on Tuesday evening.",
            "promise": [{"what": "ask Alex how the interview went", "due_in_hours": 33}],
            "remember": ["Alex has a job interview on Tuesday at 10"],
        },
        reach_out={
            "intent": "keep my word about the interview",
            "say": "How did the interview go?",
        },
        proactive={"intent": "say hello", "say": "Hello from the desk!"},
        dream={"intent": "keep the interview", "remember": ["Alex had a job interview on Tuesday"]},
    )
    reach_outs = async_capture_events(hass, EVENT_REACH_OUT)
    decisions = async_capture_events(hass, EVENT_DECISION)
    freezer.move_to(local(2026, 11, 30, 9, 0))  # Monday
    with scripted(model):
        pet = await async_setup_pet(hass, thinking_pet)
        reply = await tell(hass, freezer, "I have a job interview on Tuesday at 10!")
        assert "Tuesday evening" in reply["reply"]
        await async_live_until(hass, freezer, pet, local(2026, 11, 30, 9, 30))
        hass.states.async_set("person.alex", "not_home", {"friendly_name": "Alex"})
        await async_live_until(hass, freezer, pet, local(2026, 12, 1, 17, 59))
        assert reach_outs == [], "nothing before the promised evening"
        await async_live_until(hass, freezer, pet, local(2026, 12, 2, 9, 0))

    assert len(reach_outs) == 1
    event = reach_outs[0]
    assert event.data["message"] == "How did the interview go?"
    assert event.data["outcome"] == "suggest", "nobody is home: a message, not a voice"
    assert fired_at(event) == local(2026, 12, 1, 18, 0), "the promised evening, on time"
    assert event.data["promise"] == "g1"
    assert set(event.data["factors"]) >= {
        "relevance",
        "time_sensitivity",
        "license",
        "availability",
        "welcome",
    }
    assert home["speak"] == [], "nothing spoken into an empty home"
    assert [c.data["message"] for c in home["notify"]] == ["How did the interview go?"]

    early = [d for d in decisions if "interview" in d.data["about"]]
    assert early == [], "a promise is never weighed early, so never held back either"
    records = trace(tmp_path)
    assert [r["kept"] for r in records if r.get("kept")] == [["g1"]]
    assert [r["at"][:16] for r in records if r.get("kept")] == ["2026-12-02T02:00"]  # 18:00
    text = journal(tmp_path)
    assert "thought about ask Alex how the interview went" not in text
    assert "reached out (suggest) about ask Alex how the interview went" in text
    assert pet.files.goals.open_goals() == [], "the reach-out closed its goal"


async def test_the_dark_weekend(
    hass: HomeAssistant,
    thinking_pet: MockConfigEntry,
    home: dict[str, Any],
    freezer: FrozenDateTimeFactory,
    tmp_path: Path,
) -> None:
    """Sixty hours of absence: not one message, dormant in the trace, the night's work journaled."""
    model = ScriptedModel(
        owner={
            "intent": "hear about the weekend plans",
            "say": "Have a lovely weekend away!",
            "remember": ["Alex is away hiking this weekend"],
        },
        dream={"intent": "keep the weekend plans", "remember": ["Alex goes hiking some weekends"]},
        proactive={"intent": "say hello", "say": "Hello!"},
    )
    reach_outs = async_capture_events(hass, EVENT_REACH_OUT)
    freezer.move_to(local(2026, 12, 4, 18, 0))  # Friday evening
    with scripted(model):
        pet = await async_setup_pet(hass, thinking_pet)
        await tell(hass, freezer, "I'm off hiking for the weekend, back Monday morning.")
        await async_live_for(hass, freezer, pet, timedelta(minutes=15))
        hass.states.async_set("person.alex", "not_home", {"friendly_name": "Alex"})
        await async_live_until(hass, freezer, pet, local(2026, 12, 7, 6, 30))  # 60 h later

    assert reach_outs == [] and home["notify"] == [] and home["speak"] == []
    records = trace(tmp_path)
    assert any(r["state"] == "dormant" for r in records), "dormant is visible in the trace"
    assert any(r.get("drift", "").startswith("dormant -> dream") for r in records)
    assert "dream" in model.kinds()
    facts = (tmp_path / VAULT / "memory/facts.md").read_text()
    assert "Alex goes hiking some weekends" in facts
    assert "slept on it" in journal(tmp_path)


async def test_the_machine_sleeps(
    hass: HomeAssistant,
    thinking_pet: MockConfigEntry,
    home: dict[str, Any],
    freezer: FrozenDateTimeFactory,
    tmp_path: Path,
) -> None:
    """Home Assistant off for ten hours: one catch-up journal line, not thirty greetings."""
    model = ScriptedModel(
        owner={"intent": "chat", "say": "Nice to see you."},
        proactive={"intent": "say hello", "say": "Hello!"},
    )
    reach_outs = async_capture_events(hass, EVENT_REACH_OUT)
    freezer.move_to(local(2026, 11, 30, 9, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, thinking_pet)
        await tell(hass, freezer, "Morning!")
        await async_live_for(hass, freezer, pet, timedelta(minutes=20))
        greetings_before = len(reach_outs)
        assert await hass.config_entries.async_unload(thinking_pet.entry_id)
        await hass.async_block_till_done()

        freezer.tick(timedelta(hours=10))  # the machine is off
        assert await hass.config_entries.async_setup(thinking_pet.entry_id)
        await hass.async_block_till_done()
        pet = thinking_pet.runtime_data.pet.anatomy
        await async_live_for(hass, freezer, pet, timedelta(hours=2))

    text = journal(tmp_path)
    assert text.count("I caught up on what expired and what still matters") == 1
    assert "the machine slept ~10h" in text
    assert len(reach_outs) == greetings_before, "waking up is no reason to speak up"
    gaps = [r for r in trace(tmp_path) if "suspend_gap" in r.get("sensed", [])]
    assert len(gaps) == 1


async def test_its_own_promise_becomes_a_goal_and_a_negated_one_does_not(
    hass: HomeAssistant,
    thinking_pet: MockConfigEntry,
    home: dict[str, Any],
    freezer: FrozenDateTimeFactory,
    tmp_path: Path,
) -> None:
    replies = iter(
        [
            {"intent": "help with the leaky tap", "say": "Ooh. I'll look into that tonight."},
            {"intent": "be honest", "say": "I won't forget, and I'll never nag you about it."},
        ]
    )
    model = ScriptedModel(owner=lambda _body: next(replies))
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, thinking_pet)
        await tell(hass, freezer, "The kitchen tap is leaking again.")
        await tell(hass, freezer, "Don't forget, ok?")
        await async_live_for(hass, freezer, pet, timedelta(minutes=1))

    goals = pet.files.goals.open_goals()
    assert [g.text for g in goals] == ["look into that"]
    goal = goals[0]
    assert goal.provenance.value == "promise:own-words"
    assert dt_util.as_local(goal.due) == local(2026, 11, 30, 20, 0)
    text = (tmp_path / VAULT / "goals.md").read_text()
    assert "- [ ] look into that" in text and "from: promise:own-words" in text
    assert "promised (g1" in journal(tmp_path), "journaled when made"


async def test_remind_me_files_a_blind_goal_and_reminds_on_time(
    hass: HomeAssistant,
    thinking_pet: MockConfigEntry,
    home: dict[str, Any],
    freezer: FrozenDateTimeFactory,
) -> None:
    model = ScriptedModel(
        owner={"intent": "agree to remind", "say": "Sure."},
        reach_out={"intent": "remind Alex", "say": "Time to water the plants!"},
    )
    reach_outs = async_capture_events(hass, EVENT_REACH_OUT)
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, thinking_pet)
        await tell(hass, freezer, "Remind me to water the plants at 5pm")
        goal = pet.files.goals.open_goals()[0]
        assert goal.provenance.value == "user:remind-me"
        assert goal.strategy.value == "blind"
        await async_live_until(hass, freezer, pet, local(2026, 11, 30, 17, 20))

    assert len(reach_outs) == 1
    assert local(2026, 11, 30, 17, 0) <= fired_at(reach_outs[0]) < local(2026, 11, 30, 17, 2)
    assert reach_outs[0].data["outcome"] == "speak", "Alex is home and there is a speaker"
    assert home["speak"][0].data["message"] == "Time to water the plants!"


async def test_quiet_hours_and_the_cap_hold_against_the_highest_score(
    hass: HomeAssistant,
    thinking_pet: MockConfigEntry,
    home: dict[str, Any],
    freezer: FrozenDateTimeFactory,
) -> None:
    model = ScriptedModel(proactive={"intent": "say hello", "say": "Hi!"})
    freezer.move_to(local(2026, 11, 30, 23, 30))
    with scripted(model):
        pet = await async_setup_pet(hass, thinking_pet)
        decision = await hass.services.async_call(
            DOMAIN, "speak_up", {}, blocking=True, return_response=True
        )
        assert decision["outcome"] == "silent"
        assert decision["reason"] == "quiet hours"
        assert model.calls == [], "no model call when the pet will stay silent"

        freezer.move_to(local(2026, 12, 1, 14, 0))
        pet.organs.door.interruptions = ("2026-12-01", 3)
        decision = await hass.services.async_call(
            DOMAIN, "speak_up", {}, blocking=True, return_response=True
        )
    assert decision["outcome"] == "silent"
    assert decision["score"] == 0.0
    assert "cap" in decision["reason"]
    assert home["notify"] == [] and home["speak"] == []


async def test_most_ticks_rest(
    hass: HomeAssistant,
    thinking_pet: MockConfigEntry,
    home: dict[str, Any],
    freezer: FrozenDateTimeFactory,
    tmp_path: Path,
) -> None:
    model = ScriptedModel(owner={"intent": "chat", "say": "Hi!"})
    freezer.move_to(local(2026, 11, 30, 8, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, thinking_pet)
        for hour in (9, 13, 19):
            await async_live_until(hass, freezer, pet, local(2026, 11, 30, hour, 0))
            await tell(hass, freezer, "Hello there")
        await async_live_until(hass, freezer, pet, local(2026, 12, 1, 8, 0))
        await pet.parts.mind.async_flush_all()

    records = trace(tmp_path)
    rested = sum(r["ticks"] for r in records if r.get("rest"))
    acted = sum(1 for r in records if not r.get("rest") and r.get("choice"))
    assert rested + acted > 100
    assert rested > 0.8 * (rested + acted), f"{rested} resting ticks vs {acted} acting"


async def test_an_owner_message_preempts_dormant_to_engaged_mid_sleep(
    hass: HomeAssistant,
    thinking_pet: MockConfigEntry,
    home: dict[str, Any],
    freezer: FrozenDateTimeFactory,
) -> None:
    model = ScriptedModel(owner={"intent": "answer", "say": "I'm awake!"})
    freezer.move_to(local(2026, 11, 30, 12, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, thinking_pet)
        await async_live_for(hass, freezer, pet, timedelta(hours=2))
        assert hass.states.get("sensor.shelldon_activity").state == "dormant"
        mind_job = pet.workings.heart.scheduler.jobs["mind"]
        next_tick = mind_job.last_run + timedelta(minutes=15)
        freezer.move_to(next_tick - timedelta(minutes=7))  # mid-sleep, between two ticks
        before = pet.clock.utcnow()
        await hass.services.async_call(DOMAIN, "tell", {"message": "Wake up!"}, blocking=True)
        assert pet.clock.utcnow() == before, "no simulated time passed"
        assert hass.states.get("sensor.shelldon_activity").state == "engaged"
        assert pet.parts.mind.cadence_s == 10
