"""Delivery: the pet's lines reach every notify target, and a reply typed into a phone comes back.

The targets are a notify entity (`notify.send_message`) and legacy mobile app services, mocked.
One test lets the pet muse on its own; the others hand a line to the pet's messenger (what every
turn that speaks up does) and stay within the pet's first quiet hour, so it never muses on its
own in the middle of them (test_proactive.py covers when it does).
"""

from __future__ import annotations

import logging
from typing import Any

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant, ServiceCall, callback
from homeassistant.exceptions import HomeAssistantError
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    async_capture_events,
    async_mock_service,
)

from custom_components.shelldon.core.exchanges import Role
from custom_components.shelldon.ports.const import CONF_NOTIFY_TARGETS, EVENT_TURN_FINISHED
from custom_components.shelldon.runtime.anatomy import Anatomy
from tests.common import async_live_until, async_setup_pet, local

DISPLAY = "notify.kitchen_display"
PHONE = "notify.mobile_app_phone"
BROKEN = "notify.mobile_app_old_tablet"
ACTION_EVENT = "mobile_app_notification_action"


@pytest.fixture
def pet_options() -> dict[str, Any]:
    return {CONF_NOTIFY_TARGETS: [DISPLAY, PHONE]}


@pytest.fixture
def display(hass: HomeAssistant) -> list[ServiceCall]:
    """A notify entity (the new-style target) and the action that sends to it."""
    hass.states.async_set(DISPLAY, "unknown")
    return async_mock_service(hass, "notify", "send_message")


async def speak_up(hass: HomeAssistant, pet: Anatomy, line: str = "Hello from the desk.") -> str:
    """The pet says a line to its owner, as a turn that speaks up does."""
    await pet.organs.messenger.async_deliver(line, pet.clock.utcnow())
    await hass.async_block_till_done()
    return line


def reply_action(call: ServiceCall) -> dict[str, Any]:
    [action] = call.data["data"]["actions"]
    return action


async def reply_from_phone(hass: HomeAssistant, action: Any, text: Any = None) -> None:
    data = {"action": action} if text is None else {"action": action, "reply_text": text}
    hass.bus.async_fire(ACTION_EVENT, data)
    await hass.async_block_till_done()


async def test_a_musing_reaches_every_target(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    display: list[ServiceCall],
    phone: list[ServiceCall],
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, config_entry)
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 11, 5))

    said = hass.states.get("sensor.shelldon_last_said").attributes["text"]
    assert said
    assert [dict(call.data) for call in display] == [
        {"entity_id": DISPLAY, "message": said, "title": "Shelldon"}
    ]
    [to_phone] = phone
    assert to_phone.data["message"] == said
    assert reply_action(to_phone)["action"].startswith("SHELLDON_REPLY_")


async def test_every_line_reaches_every_target_and_each_phone_message_can_be_replied_to(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    display: list[ServiceCall],
    phone: list[ServiceCall],
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, config_entry)
    said = await speak_up(hass, pet, "The tea's gone cold, by the way.")

    [to_display] = display
    assert dict(to_display.data) == {"entity_id": DISPLAY, "message": said, "title": "Shelldon"}
    [to_phone] = phone
    assert to_phone.data["message"] == said
    assert to_phone.data["title"] == "Shelldon"
    action = reply_action(to_phone)
    assert action["action"].startswith("SHELLDON_REPLY_")
    assert len(action["action"]) > len("SHELLDON_REPLY_")
    assert action["behavior"] == "textInput"

    await speak_up(hass, pet, "Second thought.")
    await speak_up(hass, pet, "Third thought.")
    assert [c.data["message"] for c in display] == [said, "Second thought.", "Third thought."]
    assert len(phone) == 3
    ids = [reply_action(call)["action"] for call in phone]
    assert len(set(ids)) == 3, "every notification has its own reply action"


@pytest.mark.parametrize("pet_options", [{CONF_NOTIFY_TARGETS: [BROKEN, PHONE]}])
async def test_a_failing_target_is_logged_once_and_never_stops_the_others(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    phone: list[ServiceCall],
    caplog: pytest.LogCaptureFixture,
) -> None:
    tablet = {"on": False, "received": 0}

    @callback
    def old_tablet(_call: ServiceCall) -> None:
        if not tablet["on"]:
            raise HomeAssistantError("the tablet is switched off")
        tablet["received"] += 1

    hass.services.async_register("notify", "mobile_app_old_tablet", old_tablet)
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, config_entry)
    caplog.set_level(logging.INFO, logger="custom_components.shelldon")

    def complaints() -> list[logging.LogRecord]:
        return [
            r for r in caplog.records if r.levelno >= logging.WARNING and BROKEN in r.getMessage()
        ]

    for minute in (1, 11, 21):
        freezer.move_to(local(2026, 11, 30, 10, minute))
        await speak_up(hass, pet, f"Thought number {minute}.")
    assert len(phone) == 3, "the phone got every line"
    assert len(complaints()) == 1, "a failing target is logged once, not on every line"

    tablet["on"] = True
    freezer.move_to(local(2026, 11, 30, 10, 31))
    await speak_up(hass, pet)
    assert tablet["received"] == 1
    assert any(BROKEN in r.getMessage() and "again" in r.getMessage() for r in caplog.records)

    tablet["on"] = False
    freezer.move_to(local(2026, 11, 30, 10, 41))
    await speak_up(hass, pet)
    assert len(complaints()) == 2, "once it worked again, a new failure is worth a new line"
    assert len(phone) == 5


@pytest.mark.parametrize("pet_options", [{CONF_NOTIFY_TARGETS: ["notify.mobile_app_gone", PHONE]}])
async def test_a_target_that_does_not_exist_never_stops_the_others(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    phone: list[ServiceCall],
    caplog: pytest.LogCaptureFixture,
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, config_entry)
    for minute in (1, 11):
        freezer.move_to(local(2026, 11, 30, 10, minute))
        await speak_up(hass, pet)
    assert len(phone) == 2
    gone = [
        r
        for r in caplog.records
        if r.levelno >= logging.WARNING and "notify.mobile_app_gone" in r.getMessage()
    ]
    assert len(gone) == 1


async def test_a_reply_typed_into_the_notification_is_answered_on_the_phone(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    display: list[ServiceCall],
    phone: list[ServiceCall],
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, config_entry)
    finished = async_capture_events(hass, EVENT_TURN_FINISHED)
    await speak_up(hass, pet)
    action = reply_action(phone[0])["action"]

    freezer.move_to(local(2026, 11, 30, 10, 5))
    await reply_from_phone(hass, action, "how was your day?")

    exchange = pet.parts.turns.exchanges.exchanges[-1]
    assert exchange.kind == "owner"
    assert exchange.heard.role is Role.OWNER
    assert exchange.heard.room == "notification"
    assert exchange.heard.text == "how was your day?"
    assert exchange.said is not None
    assert [e.data["kind"] for e in finished] == ["owner"]
    assert pet.workings.personality.state.last_interaction_at is not None, (
        "a typed reply is the owner talking"
    )

    assert len(phone) == 2, "the answer goes back to the phone it came from"
    assert phone[1].data["message"] == exchange.said.text
    assert hass.states.get("sensor.shelldon_last_said").attributes["kind"] == "reply"
    assert reply_action(phone[1])["action"] != action, "the answer can be replied to in turn"
    assert len(display) == 1, "the answer goes only where the question came from"


@pytest.mark.parametrize("pet_options", [{CONF_NOTIFY_TARGETS: [PHONE]}])
@pytest.mark.parametrize(
    ("action", "text"),
    [
        ("SHELLDON_REPLY_0123456789abcdef", "hello?"),  # not one the pet sent
        ("SNOOZE", "hello?"),  # another integration's action
        (None, "hello?"),
        ("<sent>", ""),
        ("<sent>", "   "),
        ("<sent>", None),  # no reply_text at all
        ("<sent>", 42),
    ],
)
async def test_a_reply_that_is_not_for_the_pet_or_says_nothing_does_nothing(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    phone: list[ServiceCall],
    action: Any,
    text: Any,
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, config_entry)
    await speak_up(hass, pet)
    sent = reply_action(phone[0])["action"]
    before = pet.parts.turns.exchanges.to_list()

    await reply_from_phone(hass, sent if action == "<sent>" else action, text)
    assert len(phone) == 1
    assert pet.parts.turns.exchanges.to_list() == before
    assert pet.workings.personality.state.last_interaction_at is None


@pytest.mark.parametrize("pet_options", [{CONF_NOTIFY_TARGETS: [PHONE]}])
async def test_an_empty_reply_leaves_the_notification_answerable(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    phone: list[ServiceCall],
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, config_entry)
    await speak_up(hass, pet)
    sent = reply_action(phone[0])["action"]
    await reply_from_phone(hass, sent, "")
    await reply_from_phone(hass, sent, "sorry, butter fingers. hi!")
    assert len(phone) == 2
    assert pet.parts.turns.exchanges.exchanges[-1].heard.text == "sorry, butter fingers. hi!"


@pytest.mark.parametrize("pet_options", [{CONF_NOTIFY_TARGETS: [PHONE]}])
async def test_a_pending_reply_survives_a_restart(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    phone: list[ServiceCall],
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, config_entry)
    await speak_up(hass, pet)
    await reply_from_phone(hass, reply_action(phone[0])["action"], "hi! busy day")
    assert len(phone) == 2
    answer = reply_action(phone[1])["action"]  # the pet's answer can be replied to as well

    assert await hass.config_entries.async_unload(config_entry.entry_id)
    await hass.async_block_till_done()
    await reply_from_phone(hass, answer, "are you there?")
    assert len(phone) == 2, "an unloaded pet hears nothing"

    freezer.move_to(local(2026, 11, 30, 10, 30))
    pet = await async_setup_pet(hass, config_entry)
    await reply_from_phone(hass, answer, "how was your day?")
    heard = pet.parts.turns.exchanges.exchanges[-1].heard
    assert (heard.role, heard.room, heard.text) == (Role.OWNER, "notification", "how was your day?")
    assert len(phone) == 3, "answered on the phone after the restart"


@pytest.mark.parametrize("pet_options", [{CONF_NOTIFY_TARGETS: [PHONE]}])
async def test_a_reply_action_is_kept_even_when_nothing_else_changed(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    phone: list[ServiceCall],
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, config_entry)
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 10, 20))
    await (
        pet.workings.saving.async_write()
    )  # as the checkpoint job does: everything so far is on disk
    await speak_up(hass, pet)
    action = reply_action(phone[0])["action"]

    assert await hass.config_entries.async_unload(config_entry.entry_id)
    await hass.async_block_till_done()
    pet = await async_setup_pet(hass, config_entry)
    await reply_from_phone(hass, action, "how was your day?")
    assert len(phone) == 2, "answered on the phone after the restart"
