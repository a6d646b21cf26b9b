"""One door out: every line the pet sends unasked passes the same gates and is announced.

A real Home Assistant in simulated time, the real Anthropic SDK against a scripted model (HTTP
mocked) that would say something at every chance it gets: on its own initiative, about its
promises, and at the close of every conversation it is asked to close. A typical weekday with
the defaults: the owner home in the morning and the evening, three short conversations, one
reminder. Whatever the model writes, the phone and the speaker hear only what passed the door,
each matched by a `shelldon_reach_out` event; never more than the daily cap, never in quiet
hours; the reminder lands on time; a "good night" at 21:58 sends nothing before 09:00 (its
closing line waits for the next conversation).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.const import EVENT_STATE_CHANGED
from homeassistant.core import Event, HomeAssistant, callback
from homeassistant.util import dt as dt_util
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    async_capture_events,
    async_mock_service,
)

from custom_components.shelldon.core.defaults import INTERRUPTION_CAP, QUIET_END, QUIET_START
from custom_components.shelldon.ports.const import (
    DOMAIN,
    EVENT_DECISION,
    EVENT_MOOD_CHANGED,
    EVENT_REACH_OUT,
)
from tests.anthropic_mock import KEY, ScriptedModel, scripted
from tests.common import async_live_until, async_setup_pet, async_tell, local

CLOSING = "Before you go: I'll keep your tea notes safe until tomorrow."


def chatty() -> ScriptedModel:
    """A model that always has something to say, at every kind of turn."""
    return ScriptedModel(
        owner={"intent": "answer", "say": "Noted!"},
        flush={"intent": "close the conversation", "say": CLOSING},
        proactive={"intent": "say hello", "say": "Hello from the desk!"},
        reach_out=lambda body: {"intent": "keep my word", "say": "About what you asked me..."},
    )


@pytest.fixture
def weekday(hass: HomeAssistant) -> dict[str, Any]:
    """Alex's phone and a speaker; Alex home in the morning and the evening."""
    hass.states.async_set("person.alex", "home", {"friendly_name": "Alex"})
    hass.states.async_set("media_player.living_room", "idle")
    hass.states.async_set("tts.piper", "unknown")
    return {
        "notify": async_mock_service(hass, "notify", "mobile_app_phone"),
        "speak": async_mock_service(hass, "tts", "speak"),
    }


def pet_entry(hass: HomeAssistant) -> MockConfigEntry:
    entry = MockConfigEntry(
        domain=DOMAIN,
        unique_id="shelldon",
        title="Shelldon",
        entry_id="01JSHELLDONONEDOORTEST00001",
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


def in_quiet_hours(at: Any) -> bool:
    local_time = dt_util.as_local(at).time()
    return local_time >= QUIET_START or local_time < QUIET_END


async def test_a_weekday_sends_only_what_passed_the_door(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, weekday: dict[str, Any]
) -> None:
    reach_outs = async_capture_events(hass, EVENT_REACH_OUT)
    decisions = async_capture_events(hass, EVENT_DECISION)
    model = chatty()
    freezer.move_to(local(2026, 12, 2, 7, 0))  # a Wednesday
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass))
        await async_live_until(hass, freezer, pet, local(2026, 12, 2, 7, 30))
        await async_tell(hass, "good morning! remind me to call mum at 18:00")
        await async_tell(hass, "the tea was lovely today")
        await async_live_until(hass, freezer, pet, local(2026, 12, 2, 8, 30))
        hass.states.async_set("person.alex", "not_home", {"friendly_name": "Alex"})
        await async_live_until(hass, freezer, pet, local(2026, 12, 2, 17, 30))
        hass.states.async_set("person.alex", "home", {"friendly_name": "Alex"})
        await async_live_until(hass, freezer, pet, local(2026, 12, 2, 19, 0))
        await async_tell(hass, "home at last; my sister Ada visits on Saturday")
        await async_live_until(hass, freezer, pet, local(2026, 12, 2, 21, 58))
        await async_tell(hass, "good night")
        await async_live_until(hass, freezer, pet, local(2026, 12, 3, 9, 0))
        await hass.async_block_till_done()

    sent = [c.data["message"] for c in weekday["notify"]] + [
        c.data["message"] for c in weekday["speak"]
    ]
    told = sorted(e.data["message"] for e in reach_outs)
    assert sorted(sent) == told, "every line out is one reach-out event, and no other"
    assert len(reach_outs) <= INTERRUPTION_CAP, f"{len(reach_outs)} lines: over the daily cap"
    assert [e for e in reach_outs if in_quiet_hours(e.time_fired)] == [], "none in quiet hours"
    assert all("factors" in e.data for e in [*reach_outs, *decisions]), "each with its factors"
    reminder = [e for e in reach_outs if "call mum" in e.data.get("about", "")]
    assert len(reminder) == 1, "the reminder lands"
    landed = dt_util.as_local(reminder[0].time_fired)
    assert local(2026, 12, 2, 18, 0) <= landed <= local(2026, 12, 2, 18, 20), landed
    assert model.kinds().count("flush") == 1, (
        "a closing call only for the conversation that left something unkept (Ada), and it "
        "wrote a line"
    )


async def test_a_good_night_sends_nothing_before_nine_and_the_line_waits(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, weekday: dict[str, Any]
) -> None:
    reach_outs = async_capture_events(hass, EVENT_REACH_OUT)
    decisions = async_capture_events(hass, EVENT_DECISION)
    model = chatty()
    freezer.move_to(local(2026, 12, 2, 21, 50))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass))
        freezer.move_to(local(2026, 12, 2, 21, 58))
        await async_tell(hass, "good night! my sister Ada arrives tomorrow")
        await async_live_until(hass, freezer, pet, local(2026, 12, 3, 8, 59))
        assert weekday["notify"] == [] and weekday["speak"] == [], "nothing before 09:00"
        assert reach_outs == []
        assert "flush" in model.kinds(), "the conversation was closed"
        held = [e for e in decisions if e.data["reason"] == "quiet hours"]
        assert held, "the closing line met the door, and the door said: quiet hours"
        assert pet.parts.mind.reacher.held == [CLOSING], "kept for the next conversation"

        await async_tell(hass, "good morning")
    prompt = model.prompts("owner")[-1]
    assert CLOSING in prompt, "the next conversation is told what was left unsaid"
    assert pet.parts.mind.reacher.held == []


async def test_a_nudge_writes_the_face_once_with_its_new_picture_then_the_event(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, config_entry: MockConfigEntry
) -> None:
    freezer.move_to(local(2026, 11, 30, 14, 0))
    pet = await async_setup_pet(hass, config_entry)
    order: list[tuple[str, Any]] = []

    @callback
    def seen(event: Event) -> None:
        if event.event_type == EVENT_STATE_CHANGED:
            if event.data["entity_id"] == "image.shelldon_face":
                new = event.data["new_state"]
                order.append(("image", (new.attributes["face"], pet.organs.face.png)))
        else:
            order.append(("mood", event.data["mood"]))

    hass.bus.async_listen(EVENT_STATE_CHANGED, seen)
    hass.bus.async_listen(EVENT_MOOD_CHANGED, seen)
    before = pet.organs.face.display
    for kind in ("negative", "negative", "negative"):
        await hass.services.async_call(DOMAIN, "nudge", {"kind": kind}, blocking=True)
        await hass.async_block_till_done()
        freezer.tick(timedelta(seconds=11))
    after = pet.organs.face.mood_face.name
    assert after != before, "the nudges changed the face"

    images = [item for kind, item in order if kind == "image"]
    moods = [item for kind, item in order if kind == "mood"]
    assert len(images) == len(moods), "one image write per face change"
    for name, png in images:
        assert png == pet.organs.face._cache[name], "each write carries the new face's own picture"
    for index, (kind, item) in enumerate(order):
        if kind == "mood":
            assert ("image", next(i for i in images if i[0] == item)) in order[:index], (
                "the mood event follows the image it announces"
            )
