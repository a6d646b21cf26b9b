"""The pet speaks first: once per quiet stretch, only when the gates allow, and honestly recorded.

Driven through Home Assistant in simulated time: the owner talks with `shelldon.tell`, the pet's
lines arrive on a mocked `notify.mobile_app_phone`, and the pet's own timer does the rest. The
assertions read what the owner could see (notifications, sensors, events), the kept history and
what the model was asked, never how the musing is scheduled inside. The musings happen in the
daytime (10:00-18:00), away from quiet hours and the interruption gate's late-evening penalty.
"""

from __future__ import annotations

import json
import re
from datetime import timedelta
from typing import Any

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant, ServiceCall
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    async_capture_events,
)

from custom_components.shelldon.brain.prompt import MESSAGES_HEADER
from custom_components.shelldon.core.exchanges import Role
from custom_components.shelldon.ports.const import (
    CONF_API_KEY,
    CONF_BATTERY_ENTITY,
    CONF_CHARGING_ENTITY,
    CONF_COOLDOWN_MIN,
    CONF_DAILY_TURNS,
    CONF_NAME,
    CONF_NOTIFY_TARGETS,
    DOMAIN,
    EVENT_TURN_FINISHED,
)
from custom_components.shelldon.runtime.anatomy import Anatomy
from tests.anthropic_mock import (
    KEY,
    json_answer,
    mock_models,
    reachable,
    reply_message,
    sent_bodies,
)
from tests.common import async_live_for, async_live_until, async_setup_pet, local
from tests.common import async_tell as tell

PHONE = "notify.mobile_app_phone"
MARKER = "(shelldon spoke up on its own)"


@pytest.fixture
def pet_options() -> dict[str, Any]:
    return {CONF_NOTIFY_TARGETS: [PHONE]}


def musings(pet: Anatomy) -> list[Any]:
    return [e for e in pet.parts.turns.exchanges.exchanges if e.kind == "proactive"]


def battery_entry(hass: HomeAssistant, charge: str) -> MockConfigEntry:
    hass.states.async_set("sensor.pisugar_level", charge)
    hass.states.async_set("binary_sensor.pisugar_charging", "off")
    entry = MockConfigEntry(
        domain=DOMAIN,
        title="Shelldon",
        unique_id="shelldon",
        data={CONF_NAME: "Shelldon"},
        options={
            CONF_NOTIFY_TARGETS: [PHONE],
            CONF_BATTERY_ENTITY: "sensor.pisugar_level",
            CONF_CHARGING_ENTITY: "binary_sensor.pisugar_charging",
        },
    )
    entry.add_to_hass(hass)
    return entry


async def plug_in(hass: HomeAssistant) -> None:
    hass.states.async_set("binary_sensor.pisugar_charging", "on")
    await hass.async_block_till_done()


# ---------------------------------------------------------------------- when it speaks up


async def test_it_speaks_up_once_per_quiet_stretch(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    phone: list[ServiceCall],
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, config_entry)

    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 10, 59))
    assert phone == [], "not before an hour of silence (counted from setup)"
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 11, 5))
    assert len(phone) == 1, "an hour of silence: it muses once"
    assert pet.workings.coordinator.data.turns_today == 1, "a musing costs one turn"

    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 18, 0))
    assert len(phone) == 1, "once per quiet stretch, never a nag"
    assert len(musings(pet)) == 1
    assert pet.workings.coordinator.data.turns_today == 1


async def test_a_hello_hushed_by_quiet_hours_is_said_once_after_them(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    phone: list[ServiceCall],
) -> None:
    freezer.move_to(local(2026, 11, 30, 21, 30))
    pet = await async_setup_pet(hass, config_entry)
    await tell(hass, "good night")  # an hour later it is quiet hours (22:00-09:00)
    await async_live_until(hass, freezer, pet, local(2026, 12, 1, 3, 0))
    waits = pet.parts.mind.reacher.hello_waits_until
    assert waits == local(2026, 12, 1, 9, 0), "hushed: it waits for the end of quiet hours"
    assert await hass.config_entries.async_reload(config_entry.entry_id)  # a restart mid-night
    await hass.async_block_till_done()
    pet = config_entry.runtime_data.pet.anatomy
    assert pet.parts.mind.reacher.hello_waits_until == waits, "the wait survives a restart"
    await async_live_until(hass, freezer, pet, local(2026, 12, 1, 8, 59))
    assert phone == [], "nothing in quiet hours"
    silent = [
        line
        for day in (pet.files.vault.root / "journal").glob("*.md")
        for line in day.read_text().splitlines()
        if "thought about saying hello; chose not to interrupt (quiet hours)" in line
    ]
    assert len(silent) == 1, "hushed once, not every tick of the night"

    await async_live_until(hass, freezer, pet, local(2026, 12, 1, 9, 5))
    assert len(phone) == 1, "good morning: the hushed hello, once quiet hours end"
    assert pet.parts.mind.reacher.hello_waits_until is None
    await async_live_until(hass, freezer, pet, local(2026, 12, 1, 18, 0))
    assert len(phone) == 1, "and still one hello for the stretch"


async def test_a_fresh_message_rearms_it(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    phone: list[ServiceCall],
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, config_entry)
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 16, 0))
    assert len(phone) == 1

    await tell(hass, "hello there")  # after hours of quiet: the pet had dozed off
    await async_live_for(hass, freezer, pet, timedelta(minutes=59))
    assert len(phone) == 1, "the idle clock starts again from the fresh message"
    await async_live_for(hass, freezer, pet, timedelta(minutes=6))
    assert len(phone) == 2, "an hour after the fresh message it muses again"
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 21, 0))
    assert len(phone) == 2
    assert pet.workings.coordinator.data.turns_today == 2


@pytest.mark.parametrize("pet_options", [{CONF_NOTIFY_TARGETS: [PHONE], CONF_DAILY_TURNS: 1}])
async def test_a_spent_budget_keeps_it_quiet(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    phone: list[ServiceCall],
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, config_entry)
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 11, 30))
    assert len(phone) == 1, "the one turn of the day is spent on a musing"
    assert hass.states.get("sensor.shelldon_turns_left_today").state == "0"

    await tell(hass, "back again")
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 18, 0))
    assert len(phone) == 1, "no budget left: skipped, not sent"
    assert len(musings(pet)) == 1
    assert pet.workings.coordinator.data.turns_today == 1
    assert hass.states.get("sensor.shelldon_turns_today").state == "1"


@pytest.mark.parametrize("pet_options", [{CONF_NOTIFY_TARGETS: [PHONE], CONF_COOLDOWN_MIN: 120}])
async def test_inside_the_cooldown_it_waits_then_speaks_when_the_cooldown_ends(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    phone: list[ServiceCall],
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, config_entry)
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 11, 1))
    assert len(phone) == 1  # the first musing, at 11:00: the cooldown runs until 13:00

    await tell(hass, "just checking in")  # 11:01: the next musing would be due at 12:01
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 12, 59))
    assert len(phone) == 1, "still cooling down"

    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 13, 5))
    assert len(phone) == 2, "the deferred musing happens once the cooldown ends"
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 17, 0))
    assert len(phone) == 2, "and only once"
    assert pet.workings.coordinator.data.turns_today == 2


async def test_on_a_low_battery_it_never_speaks_up(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, phone: list[ServiceCall]
) -> None:
    freezer.move_to(local(2026, 11, 30, 6, 0))
    pet = await async_setup_pet(hass, battery_entry(hass, "10"))
    assert hass.states.get("sensor.shelldon_power_mode").state == "low"
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 13, 0))
    assert phone == [], "6 × an hour passed: the musing came due and the battery said no"
    assert musings(pet) == []
    assert pet.workings.coordinator.data.turns_today == 0, "a battery skip never reaches the budget"


async def test_on_battery_it_waits_three_times_longer_before_speaking_up(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, phone: list[ServiceCall]
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, battery_entry(hass, "80"))
    assert hass.states.get("sensor.shelldon_power_mode").state == "eased"
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 12, 58))
    assert phone == []

    # Plugged in just before three hours: had the hour not been stretched, the musing would
    # already have come due on battery (and been skipped for this quiet stretch).
    await plug_in(hass)
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 13, 20))
    assert len(phone) == 1, "the stretched hour had not run out: it muses once plugged in"


async def test_with_initiative_off_it_never_speaks_up(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    phone: list[ServiceCall],
) -> None:
    freezer.move_to(local(2026, 11, 30, 9, 30))
    pet = await async_setup_pet(hass, config_entry)
    finished = async_capture_events(hass, EVENT_TURN_FINISHED)
    await hass.services.async_call(
        "switch", "turn_off", {"entity_id": "switch.shelldon_initiative"}, blocking=True
    )
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 12, 0))
    await tell(hass, "hello")
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 14, 0))

    assert phone == []
    assert musings(pet) == []
    assert [e.data["kind"] for e in finished if e.data["kind"] != "owner"] == []
    assert pet.workings.coordinator.data.turns_today == 0
    assert hass.states.get("sensor.shelldon_turns_today").state == "0"


async def test_a_restart_mid_day_keeps_the_spent_turns_and_the_quiet_stretch(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    phone: list[ServiceCall],
) -> None:
    freezer.move_to(local(2026, 11, 30, 9, 55))
    pet = await async_setup_pet(hass, config_entry)
    freezer.move_to(local(2026, 11, 30, 10, 0))
    await tell(hass, "good morning")  # the quiet stretch starts here
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 11, 5))
    assert len(phone) == 1
    assert pet.workings.coordinator.data.turns_today == 1

    assert await hass.config_entries.async_unload(config_entry.entry_id)
    await hass.async_block_till_done()
    pet = await async_setup_pet(hass, config_entry)
    assert pet.workings.coordinator.data.turns_today == 1, "a restart does not refill the budget"
    assert hass.states.get("sensor.shelldon_turns_today").state == "1"
    assert hass.states.get("sensor.shelldon_turns_left_today").state == "11"

    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 15, 0))
    assert len(phone) == 1, "the musing of this quiet stretch already happened"


# ---------------------------------------------------------------------- what a musing leaves


async def test_history_keeps_a_marker_never_a_fake_owner_message(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    phone: list[ServiceCall],
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, config_entry)
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 11, 5))

    [exchange] = musings(pet)
    assert exchange.heard.role is Role.MARKER
    assert exchange.heard.text == MARKER
    assert exchange.said is not None and exchange.said.role is Role.PET
    assert exchange.said.text == phone[0].data["message"]
    owner_lines = [line for line in pet.parts.turns.exchanges.lines() if line.role is Role.OWNER]
    assert owner_lines == [], "the owner never typed anything"
    assert pet.workings.personality.state.last_interaction_at is None, (
        "a musing is not an interaction"
    )


async def test_last_said_is_a_musing_and_the_turn_is_announced_as_proactive(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    phone: list[ServiceCall],
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, config_entry)
    finished = async_capture_events(hass, EVENT_TURN_FINISHED)
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 11, 5))

    [notification] = phone
    said = hass.states.get("sensor.shelldon_last_said")
    assert said.state == notification.data["message"]
    assert said.attributes["kind"] == "musing"
    assert said.attributes["text"] == notification.data["message"]
    [event] = finished
    assert event.data["kind"] == "proactive"
    assert event.data["entry_id"] == config_entry.entry_id
    assert event.data["ok"] is True
    assert event.data["intent"]
    assert event.data["tokens"] == 0, "the offline brain is free"

    await tell(hass, "thanks for the hello")
    assert hass.states.get("sensor.shelldon_last_said").attributes["kind"] == "reply"


# ---------------------------------------------------------------------- what the model is asked


@pytest.fixture
def model_entry(hass: HomeAssistant) -> MockConfigEntry:
    entry = MockConfigEntry(
        domain=DOMAIN,
        title="Shelldon",
        unique_id="shelldon",
        data={CONF_NAME: "Shelldon", CONF_API_KEY: KEY},
        options={CONF_NOTIFY_TARGETS: [PHONE]},
    )
    entry.add_to_hass(hass)
    return entry


def json_lines(body: dict[str, Any]) -> list[dict[str, Any]]:
    """The JSON message lines of a request's changing part."""
    content = body["messages"][0]["content"]
    return [json.loads(line) for line in content.splitlines() if line.startswith('{"kind"')]


async def test_the_musing_prompt_is_tinted_by_the_face_and_the_next_turn_sees_a_marker(
    hass: HomeAssistant,
    model_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    phone: list[ServiceCall],
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    hello = "Hello from the desk. The light is lovely today."
    with reachable() as api:
        mock_models(api)
        route = api.messages.mock(
            return_value=json_answer(
                reply_message({"intent": "say hello in the sun", "say": hello})
            )
        )
        pet = await async_setup_pet(hass, model_entry)
        await async_live_until(hass, freezer, pet, local(2026, 11, 30, 11, 5))
        # Late morning pulls arousal up: the face (and so the feeling word) is "curious".
        assert hass.states.get("sensor.shelldon_mood").state == "curious"
        [musing] = sent_bodies(route)
        assert [n.data["message"] for n in phone] == [hello]

        await tell(hass, "still up?")
        bodies = sent_bodies(route)

    changing = musing["messages"][0]["content"]
    question = changing.split("\n\n")[-1]
    assert "You're feeling curious." in question, "the question is tinted by the current face"
    assert "Silence costs nothing" in question
    assert changing.startswith("Your machine (Shelldon)"), "the machine comes first"
    assert not re.search(r"\bNone\b", changing + musing["system"][0]["text"])
    assert MESSAGES_HEADER not in changing, "nothing was said yet: no message section"

    lines = json_lines(bodies[1])
    assert lines[0] == {
        "kind": "earlier",
        "room": "notification",
        "sender": "",
        "role": "marker",
        "text": MARKER,
    }
    assert lines[1]["role"] == "pet" and lines[1]["text"] == hello
    assert lines[-1]["kind"] == "message" and lines[-1]["role"] == "owner"
    assert lines[-1]["text"] == "still up?"
    assert [line for line in lines if line["role"] == "owner"] == [lines[-1]]
