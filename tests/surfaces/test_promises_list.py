"""Promises the owner can see and keep: one promise per request, shown and edited as Home
Assistant's to-do list `todo.shelldon_promises`.

Through a real Home Assistant in simulated time; the model faked at the HTTP layer.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import voluptuous as vol
from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant
from homeassistant.exceptions import ServiceValidationError
from homeassistant.util import dt as dt_util
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    async_capture_events,
    async_mock_service,
)

from custom_components.shelldon.core.goals import GoalState
from custom_components.shelldon.ports.const import EVENT_REACH_OUT
from custom_components.shelldon.runtime.promise_changes import MAX_OPEN_PROMISES, PromiseChange
from tests.anthropic_mock import ScriptedModel, scripted
from tests.common import (
    async_live_for,
    async_live_until,
    async_setup_pet,
    commands,
    local,
    make_pet_entry,
)
from tests.common import async_tell_and_tick as tell

PROMISES_LIST = "todo.shelldon_promises"
VAULT = Path("shelldon/shelldon")


@pytest.fixture
def phone(hass: HomeAssistant) -> list[Any]:
    hass.states.async_set("person.alex", "home", {"friendly_name": "Alex"})
    return async_mock_service(hass, "notify", "mobile_app_phone")


def thinking(hass: HomeAssistant) -> MockConfigEntry:
    return make_pet_entry(hass, thinking=True, texts_alex=True)


async def items(hass: HomeAssistant, *status: str) -> list[dict[str, Any]]:
    data: dict[str, Any] = {"status": list(status)} if status else {}
    answer = await hass.services.async_call(
        "todo",
        "get_items",
        data,
        target={"entity_id": PROMISES_LIST},
        blocking=True,
        return_response=True,
    )
    return list(answer[PROMISES_LIST]["items"])


def journal(root: Path) -> str:
    return "".join(p.read_text() for p in sorted((root / VAULT / "journal").glob("*.md")))


# ------------------------------------------------------------------ one promise per request


async def test_a_reminder_and_the_models_promise_of_it_are_one_goal_and_one_reminder(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, phone: list[Any], tmp_path: Path
) -> None:
    model = ScriptedModel(
        owner={
            "intent": "agree to remind",
            "say": "I'll remind you at seven.",
            "promise": [{"what": "remind to call mum", "due_in_hours": 11}],
        },
        reach_out={"intent": "keep my word", "say": "It's seven: time to call your mum."},
    )
    reach_outs = async_capture_events(hass, EVENT_REACH_OUT)
    freezer.move_to(local(2026, 12, 2, 8, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, thinking(hass))
        await tell(hass, freezer, "Morning shelldon. Remind me to call my mum at 7 tonight.")
        [goal] = pet.files.goals.open_goals()
        await async_live_until(hass, freezer, pet, local(2026, 12, 2, 21, 0))

    assert goal.text == "call my mum", "the owner's words stay the goal's"
    assert dt_util.as_local(goal.due) == local(2026, 12, 2, 19, 0)
    assert len(reach_outs) == 1, [e.data["about"] for e in reach_outs]
    at = dt_util.as_local(reach_outs[0].time_fired)
    assert local(2026, 12, 2, 18, 50) <= at <= local(2026, 12, 2, 19, 10)
    assert len(phone) == 1 and "mum" in phone[0].data["message"]
    assert model.kinds().count("reach_out") == 1
    assert "kept it as one promise (g1)" in journal(tmp_path)


async def test_the_same_request_phrased_three_ways_is_one_goal(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 12, 2, 8, 0))
    pet = await async_setup_pet(hass, make_pet_entry(hass))
    first = await tell(hass, freezer, "remind me to call mum at 7 tonight")
    freezer.move_to(local(2026, 12, 2, 12, 0))
    again = await tell(hass, freezer, "remind me to ring my mum at 19:00")
    freezer.move_to(local(2026, 12, 2, 16, 0))
    once_more = await tell(hass, freezer, "remind me about mum at 7pm")

    assert [g.text for g in pet.files.goals.open_goals()] == ["call mum"]
    assert "19:00" in first["reply"]
    assert again["reply"].startswith("I already have that one")
    assert once_more["reply"].startswith("I already have that one")


async def test_two_different_requests_at_the_same_hour_are_two_goals(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 12, 2, 8, 0))
    pet = await async_setup_pet(hass, make_pet_entry(hass))
    await tell(hass, freezer, "remind me to call mum at 7 tonight")
    await tell(hass, freezer, "remind me to water the plants at 7 tonight")
    await tell(hass, freezer, "remind me to call dad at 7 tonight")

    assert [g.text for g in pet.files.goals.open_goals()] == [
        "call mum",
        "water the plants",
        "call dad",
    ]


# ------------------------------------------------------------------ the to-do list


async def test_the_list_shows_the_open_goals_with_their_due_times(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 12, 2, 8, 0))
    await async_setup_pet(hass, make_pet_entry(hass))
    await tell(hass, freezer, "remind me to call mum at 7 tonight")
    await tell(hass, freezer, "remind me to water the plants tomorrow morning")

    listed = await items(hass)
    assert [(i["summary"], i["status"]) for i in listed] == [
        ("call mum", "needs_action"),
        ("water the plants", "needs_action"),
    ]
    assert dt_util.parse_datetime(listed[0]["due"]) == local(2026, 12, 2, 19, 0)
    assert hass.states.get(PROMISES_LIST).state == "2"


async def test_an_item_added_is_a_goal_the_pet_keeps(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, phone: list[Any], tmp_path: Path
) -> None:
    model = ScriptedModel(reach_out={"intent": "keep my word", "say": "Time for the bins!"})
    freezer.move_to(local(2026, 12, 2, 8, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, thinking(hass))
        await hass.services.async_call(
            "todo",
            "add_item",
            {"item": "put the bins out at 6pm"},
            target={"entity_id": PROMISES_LIST},
            blocking=True,
        )
        [goal] = pet.files.goals.open_goals()
        await async_live_until(hass, freezer, pet, local(2026, 12, 2, 18, 30))

    assert goal.provenance.value == "user:remind-me", "as if the owner had asked the pet"
    assert dt_util.as_local(goal.due) == local(2026, 12, 2, 18, 0), "its time read as the pet reads"
    assert len(phone) == 1 and phone[0].data["message"] == "Time for the bins!"
    assert "put the bins out" in (tmp_path / VAULT / "goals.md").read_text()


async def test_an_item_added_with_a_due_time_keeps_that_time(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 12, 2, 8, 0))
    pet = await async_setup_pet(hass, make_pet_entry(hass))
    await hass.services.async_call(
        "todo",
        "add_item",
        {"item": "book the dentist", "due_datetime": "2026-12-03 10:15:00"},
        target={"entity_id": PROMISES_LIST},
        blocking=True,
    )
    await hass.services.async_call(
        "todo",
        "add_item",
        {"item": "buy a present", "due_date": "2026-12-05"},
        target={"entity_id": PROMISES_LIST},
        blocking=True,
    )
    dentist, present = pet.files.goals.open_goals()
    assert dt_util.as_local(dentist.due) == local(2026, 12, 3, 10, 15)
    assert dt_util.as_local(present.due) == local(2026, 12, 5, 9, 30), "a day: its morning"


async def test_an_item_ticked_off_is_settled_and_never_reminded(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, phone: list[Any], tmp_path: Path
) -> None:
    model = ScriptedModel(reach_out={"intent": "keep my word", "say": "Call your mum!"})
    freezer.move_to(local(2026, 12, 2, 8, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, thinking(hass))
        await tell(hass, freezer, "remind me to call mum at 7 tonight")
        await hass.services.async_call(
            "todo",
            "update_item",
            {"item": "g1", "status": "completed"},
            target={"entity_id": PROMISES_LIST},
            blocking=True,
        )
        await async_live_until(hass, freezer, pet, local(2026, 12, 2, 21, 0))

    assert pet.files.goals.get("g1").state is GoalState.DONE
    assert phone == [] and "reach_out" not in model.kinds(), "no reminder of a kept promise"
    assert [(i["summary"], i["status"]) for i in await items(hass)] == [("call mum", "completed")]
    assert "settled g1 (done), ticked off: call mum" in journal(tmp_path)
    assert "- [x] call mum" in (tmp_path / VAULT / "goals.md").read_text()


async def test_an_item_removed_is_dropped_and_the_journal_says_so(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    freezer.move_to(local(2026, 12, 2, 8, 0))
    pet = await async_setup_pet(hass, make_pet_entry(hass))
    await tell(hass, freezer, "remind me to call mum at 7 tonight")
    await hass.services.async_call(
        "todo", "remove_item", {"item": "g1"}, target={"entity_id": PROMISES_LIST}, blocking=True
    )
    await async_live_for(hass, freezer, pet, timedelta(minutes=1))  # the journal is written

    assert pet.files.goals.get("g1").state is GoalState.DROPPED
    assert await items(hass) == []
    assert "dropped g1 from my list: call mum" in journal(tmp_path)


async def test_an_item_renamed_or_moved_moves_the_goal(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    freezer.move_to(local(2026, 12, 2, 8, 0))
    pet = await async_setup_pet(hass, make_pet_entry(hass))
    await tell(hass, freezer, "remind me to call mum at 7 tonight")
    await hass.services.async_call(
        "todo",
        "update_item",
        {"item": "g1", "rename": "call mum and dad", "due_datetime": "2026-12-02 20:30:00"},
        target={"entity_id": PROMISES_LIST},
        blocking=True,
    )

    goal = pet.files.goals.get("g1")
    assert goal.text == "call mum and dad"
    assert dt_util.as_local(goal.due) == local(2026, 12, 2, 20, 30)
    assert pet.workings.heart.scheduler.jobs["goal_timer"].cadence.when == goal.due, (
        "the timer follows"
    )
    assert "call mum and dad" in (tmp_path / VAULT / "goals.md").read_text()


async def test_the_pets_own_settle_shows_the_item_completed(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    model = ScriptedModel(
        owner=[
            {"intent": "agree", "say": "Sure."},
            {"intent": "settle it", "say": "Well done!", "settle": [{"id": "g1", "how": "done"}]},
        ]
    )
    freezer.move_to(local(2026, 12, 2, 8, 0))
    with scripted(model):
        await async_setup_pet(hass, thinking(hass))
        await tell(hass, freezer, "remind me to call mum at 7 tonight")
        await tell(hass, freezer, "I called her already")

    assert [(i["summary"], i["status"]) for i in await items(hass)] == [("call mum", "completed")]
    assert hass.states.get(PROMISES_LIST).state == "0"


@pytest.mark.parametrize(
    ("data", "key"),
    [
        ({"item": " "}, "promise_needs_text"),
        ({"item": "water the plants", "due_datetime": "2026-12-01 10:00:00"}, "promise_due_past"),
    ],
)
async def test_bad_items_get_a_clear_error_and_change_nothing(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, data: dict[str, Any], key: str
) -> None:
    freezer.move_to(local(2026, 12, 2, 8, 0))
    pet = await async_setup_pet(hass, make_pet_entry(hass))
    with pytest.raises((ServiceValidationError, vol.Invalid)) as err:
        await hass.services.async_call(
            "todo", "add_item", data, target={"entity_id": PROMISES_LIST}, blocking=True
        )
    if isinstance(err.value, ServiceValidationError):  # (2026.x refuses a blank item itself)
        assert err.value.translation_key == key
    else:
        assert key == "promise_needs_text"
    assert pet.files.goals.items == []


async def test_a_list_has_a_bound(hass: HomeAssistant, freezer: FrozenDateTimeFactory) -> None:
    freezer.move_to(local(2026, 12, 2, 8, 0))
    pet = await async_setup_pet(hass, make_pet_entry(hass))
    for number in range(MAX_OPEN_PROMISES):  # each its own errand: a word of its own
        word = f"{chr(97 + number // 26)}{chr(97 + number % 26)}zz"
        await commands(hass).async_change_promise(PromiseChange("add", text=f"fetch the {word}"))
    with pytest.raises(ServiceValidationError) as err:
        await hass.services.async_call(
            "todo",
            "add_item",
            {"item": "one more"},
            target={"entity_id": PROMISES_LIST},
            blocking=True,
        )
    assert err.value.translation_key == "promises_full"
    assert len(pet.files.goals.open_goals()) == MAX_OPEN_PROMISES
    assert len(await items(hass)) == MAX_OPEN_PROMISES
