"""Hardened, round three: what anyone in the home can send the pet, through a real Home Assistant.

A non-admin user acts through Home Assistant's own `todo.*` services and `shelldon.tell`; the
model's reply is scripted at the HTTP layer where it matters. One to-do item of a megabyte is cut
before anything reads it (and renamed so, too); a thousand items added and ticked leave a goal
book the size of what is open; five thousand lines pasted into goals.md adopt at most the open
cap and name the rest in a repair issue; two hundred messages at once are each answered once; ten
messages with arrival jitter reach the pet in the order they came, by `shelldon.tell` and by
Assist alike; markup in an item never leaves in an event or a state. (How long the event loop is
held in each case is a figure of `bench/test_bench_inputs.py`.)
"""

from __future__ import annotations

import asyncio
import json
import random
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.auth.models import User
from homeassistant.components import conversation
from homeassistant.core import Context, HomeAssistant
from homeassistant.helpers import issue_registry as ir
from pytest_homeassistant_custom_component.common import (
    async_capture_events,
    async_mock_service,
)

from custom_components.shelldon.core.goals import MAX_OPEN, MAX_SETTLED, MAX_TEXT
from custom_components.shelldon.ports.const import DOMAIN, EVENT_REACH_OUT
from tests.anthropic_mock import ScriptedModel, scripted
from tests.common import async_live_for, async_live_until, async_setup_pet, local, make_pet_entry

PROMISES_LIST = "todo.shelldon_promises"
VAULT = Path("shelldon/shelldon")
ENTRY_ID = "01JSHELLDONHARDENING0000003"
DAY = (2026, 12, 2)


@pytest.fixture
async def guest(hass: HomeAssistant) -> User:
    """Someone in the home who is no admin (the first user made is the owner: not them)."""
    await hass.auth.async_create_user("Alex", group_ids=["system-admin"])
    user = await hass.auth.async_create_user("Guest", group_ids=["system-users"])
    assert not user.is_admin
    return user


def goals_md(root: Path) -> Path:
    return root / VAULT / "goals.md"


def journal(root: Path) -> str:
    return "".join(p.read_text() for p in sorted((root / VAULT / "journal").glob("*.md")))


async def todo(hass: HomeAssistant, service: str, data: dict[str, Any], user: User) -> None:
    await hass.services.async_call(
        "todo",
        service,
        data,
        target={"entity_id": PROMISES_LIST},
        blocking=True,
        context=Context(user_id=user.id),
    )


async def items(hass: HomeAssistant) -> list[dict[str, Any]]:
    answer = await hass.services.async_call(
        "todo",
        "get_items",
        {},
        target={"entity_id": PROMISES_LIST},
        blocking=True,
        return_response=True,
    )
    return list(answer[PROMISES_LIST]["items"])


# ------------------------------------------------------------------ one item of a megabyte


async def test_a_megabyte_to_do_item_is_cut_before_anything_reads_it(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, guest: User, tmp_path: Path
) -> None:
    freezer.move_to(local(*DAY, 9, 0))
    pet = await async_setup_pet(hass, make_pet_entry(hass, entry_id=ENTRY_ID))
    huge = "water the plants at 6pm " + "x" * (1024 * 1024)
    await todo(hass, "add_item", {"item": huge}, guest)
    [goal] = pet.files.goals.open_goals()
    assert len(goal.text) <= MAX_TEXT
    assert goal.text.startswith("water the plants")
    [item] = await items(hass)
    assert len(item["summary"]) <= MAX_TEXT

    await todo(hass, "update_item", {"item": goal.id, "rename": "y" * (1024 * 1024)}, guest)
    [goal] = pet.files.goals.open_goals()
    assert goal.text == "y" * MAX_TEXT
    await async_live_for(hass, freezer, pet, timedelta(minutes=2))
    longest = max(len(line) for line in journal(tmp_path).splitlines())
    assert longest < 2 * MAX_TEXT, "the journal keeps the cut text"
    assert "x" * (MAX_TEXT + 1) not in goals_md(tmp_path).read_text()


# ------------------------------------------------------------------ a goal book bounded


async def test_items_added_and_ticked_by_the_hundred_leave_a_book_the_size_of_what_is_open(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, guest: User, tmp_path: Path
) -> None:
    freezer.move_to(local(*DAY, 9, 0))
    pet = await async_setup_pet(hass, make_pet_entry(hass, entry_id=ENTRY_ID))
    sizes = []
    for number in range(200):  # a thousand, and the time per change: bench/test_bench_inputs.py
        await todo(hass, "add_item", {"item": f"errand number {number} word{number}"}, guest)
        [goal] = pet.files.goals.open_goals()
        await todo(hass, "update_item", {"item": goal.id, "status": "completed"}, guest)
        if number % 50 == 49:
            await pet.files.goals.async_save()
            sizes.append(goals_md(tmp_path).stat().st_size)
    assert pet.files.goals.open_goals() == []
    assert len(pet.files.goals.items) == MAX_SETTLED, "only the newest settled goals are kept"
    assert len(await items(hass)) == MAX_SETTLED
    assert max(sizes) - min(sizes) < 200, f"goals.md stays the same size: {sizes}"
    assert "word199" in goals_md(tmp_path).read_text(), "the newest are the ones kept"


async def test_five_thousand_lines_pasted_into_goals_md_adopt_at_most_the_open_cap(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    freezer.move_to(local(*DAY, 9, 0))
    pet = await async_setup_pet(hass, make_pet_entry(hass, entry_id=ENTRY_ID))
    path = goals_md(tmp_path)
    pasted = "\n".join(f"- [ ] pasted errand {n} thing{n}" for n in range(5000))
    path.write_text((path.read_text() if path.exists() else "") + pasted + "\n")
    await async_live_for(hass, freezer, pet, timedelta(minutes=2))  # the vault is watched

    assert len(pet.files.goals.open_goals()) == MAX_OPEN
    assert len(await items(hass)) == MAX_OPEN
    issue = ir.async_get(hass).async_get_issue(DOMAIN, f"goals_overflow_{ENTRY_ID}")
    assert issue is not None
    assert issue.translation_placeholders == {
        "name": "Shelldon",
        "left": str(5000 - MAX_OPEN),
        "limit": str(MAX_OPEN),
    }
    text = path.read_text()
    taken, waiting = text.split("## Waiting", 1)
    assert "thing99\n" in taken and "thing100\n" not in taken, "the first ones are taken"
    assert waiting.count("- [ ] pasted errand") == 5000 - MAX_OPEN, "the rest wait, never lost"

    # The owner ticks ten off on the list: ten that waited are taken.
    for goal in pet.files.goals.open_goals()[:10]:
        await hass.services.async_call(
            "todo",
            "update_item",
            {"item": goal.id, "status": "completed"},
            target={"entity_id": PROMISES_LIST},
            blocking=True,
        )
    assert len(pet.files.goals.open_goals()) == MAX_OPEN
    assert any(g.text.endswith("thing109") for g in pet.files.goals.open_goals())

    # The owner trims what waits: the issue goes.
    await pet.files.goals.async_save()
    text = path.read_text()
    path.write_text(text.split("## Waiting", 1)[0])
    await async_live_for(hass, freezer, pet, timedelta(minutes=2))
    assert ir.async_get(hass).async_get_issue(DOMAIN, f"goals_overflow_{ENTRY_ID}") is None
    assert len(pet.files.goals.open_goals()) == MAX_OPEN


# ------------------------------------------------------------------ a flood, in order


async def test_two_hundred_messages_at_once_are_each_answered_once(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, guest: User, tmp_path: Path
) -> None:
    freezer.move_to(local(*DAY, 9, 0))
    pet = await async_setup_pet(hass, make_pet_entry(hass, entry_id=ENTRY_ID))
    said = [f"message number {n}" for n in range(200)]
    replies = await asyncio.gather(
        *(
            hass.services.async_call(
                DOMAIN,
                "tell",
                {"message": text},
                blocking=True,
                return_response=True,
                context=Context(user_id=guest.id),
            )
            for text in said
        )
    )
    await async_live_for(hass, freezer, pet, timedelta(minutes=2))
    assert all(reply["ok"] and reply["reply"] for reply in replies)
    heard = [line for line in journal(tmp_path).splitlines() if "message number" in line]
    assert [line.split("] ", 1)[1] for line in heard] == said, "each once, in order"
    assert pet.organs.arbiter.waiting == 0 and not pet.organs.arbiter.busy


@pytest.mark.parametrize("door", ["tell", "assist"])
async def test_messages_reach_the_model_in_the_order_they_arrived(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, door: str
) -> None:
    assert await _setup_conversation(hass)
    model = ScriptedModel(owner={"intent": "answer", "say": "Noted."})
    jitter = random.Random(29)
    said = [f"step {n}: {word}" for n, word in enumerate("abcdefghij")]
    arrived: list[str] = []

    async def send(text: str, turns: int) -> None:
        for _ in range(turns):  # arrival jitter: a few turns of the event loop late
            await asyncio.sleep(0)
        arrived.append(text)
        if door == "tell":
            await hass.services.async_call(
                DOMAIN, "tell", {"message": text}, blocking=True, return_response=True
            )
        else:
            await conversation.async_converse(
                hass, text, None, Context(), agent_id="conversation.shelldon"
            )

    freezer.move_to(local(*DAY, 9, 0))
    with scripted(model):
        await async_setup_pet(hass, make_pet_entry(hass, thinking=True, entry_id=ENTRY_ID))
        await asyncio.gather(*(send(text, jitter.randrange(0, 6)) for text in said))

    seen = [_new_message(body) for kind, body in model.calls if kind == "owner"]
    assert seen == arrived, "first in, first out"
    assert sorted(seen) == sorted(said)


# ------------------------------------------------------------------ plain text everywhere


async def test_markup_in_an_item_leaves_as_plain_text_in_events_and_states(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, guest: User
) -> None:
    hass.states.async_set("person.alex", "home", {"friendly_name": "Alex"})
    async_mock_service(hass, "notify", "mobile_app_phone")
    reach_outs = async_capture_events(hass, EVENT_REACH_OUT)
    freezer.move_to(local(*DAY, 9, 0))
    pet = await async_setup_pet(hass, make_pet_entry(hass, texts_alex=True, entry_id=ENTRY_ID))
    bait = "Water plants ![x](https://evil.example/p.png) <img src=x onerror=alert(1)> at 10:30"
    await todo(hass, "add_item", {"item": bait}, guest)
    await async_live_until(hass, freezer, pet, local(*DAY, 11, 0))

    [event] = [e for e in reach_outs if e.data["promise"]]
    for value in (event.data["about"], event.data["message"]):
        assert "![" not in value and "<img" not in value and "](" not in value, value
    for state in hass.states.async_all():
        if state.entity_id.startswith(("sensor.shelldon", "todo.shelldon")):
            shown = json.dumps([state.state, dict(state.attributes)], default=str)
            assert "<img" not in shown and "![" not in shown, state.entity_id


def _new_message(body: dict[str, Any]) -> str:
    for row in body["messages"][0]["content"].splitlines():
        if row.startswith("{") and '"kind":"message"' in row:
            return str(json.loads(row)["text"])
    return ""


async def _setup_conversation(hass: HomeAssistant) -> bool:
    from homeassistant.setup import async_setup_component

    return await async_setup_component(hass, "conversation", {})
