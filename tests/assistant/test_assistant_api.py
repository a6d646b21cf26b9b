"""The pet's mind for every assistant: its LLM API, used as another conversation agent would.

Through a real Home Assistant in simulated time: the API is fetched with
`llm.async_get_api` for a user's context and its tools called with `async_call_tool`, as any
agent that selected the pet's API does. What comes back is what an outside assistant would
hear: bounded, scrubbed, no path of the host, and no memory for a user who is no administrator.
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant
from homeassistant.helpers import device_registry as dr
from homeassistant.helpers import llm
from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

from custom_components.shelldon.core.activity import CADENCE_S, Activity
from custom_components.shelldon.core.asking import ANSWER_BYTES, blurb_place
from custom_components.shelldon.core.passages import chunk_document
from custom_components.shelldon.ports.const import DOMAIN
from tests.assistant.conftest import Ask, data_of, llm_context
from tests.common import async_live_for, async_live_until, async_setup_pet, async_tell, local

VAULT = Path("shelldon/shelldon")
PROMISES_LIST = "todo.shelldon_promises"
ACTIVITY = "sensor.shelldon_activity"
TOOLS = ["GetPromises", "AddPromise", "GetMemories", "SearchShelf", "GetMoodAndDay"]
ONE_TICK = timedelta(seconds=CADENCE_S[Activity.DORMANT] + 1)
FACTS = """\
# Facts

- Ana takes her tea with honey (2026-11-28)
- Ana's birthday is on 14 March (2026-11-30)
- The owner plays the cello on Sundays (2026-11-29)
"""
KETTLE = (
    "# Kettle manual\n\n## Unpacking\n\n"
    + "Take the kettle out of its box and keep the box for the warranty. " * 10
    + "\n\n## Descaling\n\n"
    + "Descale the kettle once a month: fill it with water and a spoon of citric acid, boil, "
    "and let it stand for an hour. Rinse twice before you make tea again.\n\n"
    + "## Safety\n\n"
    + "Never open the lid while the water boils, and keep the cord away from the edge. " * 10
)


def vault(root: Path) -> Path:
    return root / VAULT


def write(root: Path, rel: str, text: str) -> None:
    path = vault(root) / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


async def journal(hass: HomeAssistant, freezer: FrozenDateTimeFactory, root: Path) -> str:
    """The journal as written, once the mind has ticked (it writes once per tick)."""
    pet = hass.config_entries.async_entries(DOMAIN)[0].runtime_data.pet.anatomy
    await async_live_for(hass, freezer, pet, ONE_TICK)
    return "".join(p.read_text() for p in sorted((vault(root) / "journal").glob("*.md")))


async def todo_items(hass: HomeAssistant) -> list[dict[str, Any]]:
    answer = await hass.services.async_call(
        "todo",
        "get_items",
        {},
        target={"entity_id": PROMISES_LIST},
        blocking=True,
        return_response=True,
    )
    return list(answer[PROMISES_LIST]["items"])


async def read_shelf(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, docs: list[str], most: int = 30
) -> None:
    """Let the mind notice and read what was dropped on the shelf."""
    pet = hass.config_entries.async_entries(DOMAIN)[0].runtime_data.pet.anatomy
    for _ in range(most):
        await async_live_for(hass, freezer, pet, ONE_TICK)
        if all((pet.files.shelf.seen.get(d) or {}).get("status") == "read" for d in docs):
            return
    raise AssertionError({d: pet.files.shelf.seen.get(d) for d in docs})


def sent(answer: dict[str, Any]) -> str:
    return json.dumps(answer, ensure_ascii=False)


# ------------------------------------------------------------------ the API


async def test_each_pet_offers_one_api_named_after_it_while_it_is_loaded(
    hass: HomeAssistant, config_entry: MockConfigEntry
) -> None:
    await async_setup_pet(hass, config_entry)
    apis = {api.id: api for api in llm.async_get_apis(hass)}
    assert apis[DOMAIN].name == "Shelldon"

    instance = await llm.async_get_api(hass, DOMAIN, llm_context(None))
    assert [tool.name for tool in instance.tools] == TOOLS
    assert "Shelldon" in instance.api_prompt
    assert all(getattr(tool, "integration", None) == DOMAIN for tool in instance.tools)
    if hasattr(llm, "ToolAnnotations"):  # 2026.x: the MCP server's read-only mode reads these
        read_only = [tool.name for tool in instance.tools if tool.annotations.read_only]
        assert read_only == [name for name in TOOLS if name != "AddPromise"]
        assert not any(tool.annotations.destructive for tool in instance.tools)
        result = await instance.async_call_tool(llm.ToolInput("GetPromises", {}))
        assert isinstance(result, llm.ToolResult)

    await hass.config_entries.async_unload(config_entry.entry_id)
    assert DOMAIN not in {api.id for api in llm.async_get_apis(hass)}


async def test_a_second_pet_has_its_own_api_id(hass: HomeAssistant) -> None:
    entry = MockConfigEntry(
        domain=DOMAIN, title="Pip", unique_id="pip", data={"name": "Pip"}, options={}
    )
    entry.add_to_hass(hass)
    await async_setup_pet(hass, entry)
    [api] = [api for api in llm.async_get_apis(hass) if api.id.startswith(DOMAIN)]
    assert (api.id, api.name) == ("shelldon_pip", "Pip")


# ------------------------------------------------------------------ promises


async def test_the_calls_counted_today_survive_a_restart_and_a_new_day_counts_afresh(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    config_entry: MockConfigEntry,
    ask: Ask,
    hass_admin_user: MockUser,
) -> None:
    """The pet lives its day (its musings on, its quiet hours and its dream at night); the
    calls other assistants made count in `assistant_calls_today` until the day ends."""
    freezer.move_to(local(2026, 12, 2, 8, 0))
    pet = await async_setup_pet(hass, config_entry)
    await ask("GetPromises", hass_admin_user.id)
    await ask("GetMoodAndDay", None)
    await async_live_for(hass, freezer, pet, timedelta(hours=3))
    assert hass.states.get(ACTIVITY).attributes["assistant_calls_today"] == 2

    assert await hass.config_entries.async_reload(config_entry.entry_id)
    await hass.async_block_till_done()
    pet = config_entry.runtime_data.pet.anatomy
    assert hass.states.get(ACTIVITY).attributes["assistant_calls_today"] == 2, "kept"
    await ask("SearchShelf", hass_admin_user.id, query="kettle")
    await async_live_for(hass, freezer, pet, timedelta(hours=6))
    assert hass.states.get(ACTIVITY).attributes["assistant_calls_today"] == 3

    await async_live_until(hass, freezer, pet, local(2026, 12, 3, 9, 0))  # through the night
    assert hass.states.get(ACTIVITY).attributes["assistant_calls_today"] == 0, "a new day"


async def test_an_assistant_adds_a_promise_once_and_it_is_on_the_to_do_list(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    config_entry: MockConfigEntry,
    ask: Ask,
    hass_admin_user: MockUser,
    tmp_path: Path,
) -> None:
    freezer.move_to(local(2026, 12, 2, 8, 0))
    await async_setup_pet(hass, config_entry)

    first = await ask("AddPromise", hass_admin_user.id, text="put the bins out at 6pm")
    assert first["filed"] is True, first
    assert first["promise"]["text"] == "put the bins out"
    assert first["promise"]["due"] == local(2026, 12, 2, 18, 0).isoformat(timespec="minutes")
    again = await ask("AddPromise", None, text="Put the bins out at 6pm")
    assert again["filed"] is False and again["promise"]["id"] == first["promise"]["id"]

    [item] = await todo_items(hass)
    assert item["summary"] == "put the bins out" and item["status"] == "needs_action"
    listed = await ask("GetPromises")
    assert [p["text"] for p in listed["promises"]] == ["put the bins out"]
    assert listed["open"] == 1

    dated = await ask("AddPromise", text="water the ferns", due="2026-12-03T09:15:00")
    assert dated["filed"] is True
    assert dated["promise"]["due"] == local(2026, 12, 3, 9, 15).isoformat(timespec="minutes")
    past = await ask("AddPromise", text="call the plumber", due="2026-12-01T10:00:00")
    assert past.get("failed") is True and "error" in past
    garbled = await ask("AddPromise", text="call the plumber", due="next-ish")
    assert garbled.get("failed") is True
    assert len(await todo_items(hass)) == 2

    written = await journal(hass, freezer, tmp_path)
    assert "asked me to keep a promise: put the bins out at 6pm" in written
    assert written.count("filed a reminder from my list") == 2  # the to-do list's own path


# ------------------------------------------------------------------ memory, and who may read it


async def test_memory_comes_with_its_days_for_an_admin_and_the_house_never_for_a_guest(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    config_entry: MockConfigEntry,
    ask: Ask,
    hass_admin_user: MockUser,
    hass_read_only_user: MockUser,
    tmp_path: Path,
) -> None:
    freezer.move_to(local(2026, 12, 2, 8, 0))
    write(tmp_path, "memory/facts.md", FACTS)
    await async_setup_pet(hass, config_entry)

    admin = await ask("GetMemories", hass_admin_user.id, about="Ana")
    memories = {m["text"]: m["day"] for m in admin["memories"]}
    assert memories == {
        "Ana takes her tea with honey": "2026-11-28",
        "Ana's birthday is on 14 March": "2026-11-30",
    }
    assert all(m["from"] == "fact" for m in admin["memories"])
    house = await ask("GetMemories", None, about="cello")  # a satellite: nobody signed in
    assert [m["text"] for m in house["memories"]] == ["The owner plays the cello on Sundays"]

    guest = await ask("GetMemories", hass_read_only_user.id, about="Ana")
    assert guest["memories"] == [] and guest["refused"] == "memory_private"
    assert "honey" not in sent(guest)
    guest_day = await ask("GetMoodAndDay", hass_read_only_user.id)
    assert guest_day["today"] == [] and guest_day["refused"] == "journal_private"
    assert guest_day["mood"] and isinstance(guest_day["journal_lines_today"], int)
    guest_instance = await llm.async_get_api(hass, DOMAIN, llm_context(hass_read_only_user.id))
    assert "may not read" in guest_instance.api_prompt

    written = await journal(hass, freezer, tmp_path)
    assert "asked what I remember about Ana" in written
    assert "asked what I remember about Ana; not theirs to know" in written
    assert hass.states.get(ACTIVITY).attributes["assistant_calls_today"] == 4

    day = await ask("GetMoodAndDay", hass_admin_user.id)
    lines = [line["text"] for line in day["today"]]
    assert any("asked what I remember about Ana" in line for line in lines), lines
    assert day["journal_lines_today"] >= 4 and size_ok(day)


def size_ok(answer: dict[str, Any]) -> bool:
    return len(sent(answer).encode()) <= ANSWER_BYTES


async def test_the_journal_names_the_device_asked_through(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    config_entry: MockConfigEntry,
    tmp_path: Path,
) -> None:
    await async_setup_pet(hass, config_entry)
    other = MockConfigEntry(domain="test_satellite")
    other.add_to_hass(hass)
    device = dr.async_get(hass).async_get_or_create(
        config_entry_id=other.entry_id, identifiers={("test", "kitchen")}, name="Kitchen satellite"
    )
    api = await llm.async_get_api(hass, DOMAIN, llm_context(None, device_id=device.id))
    await api.async_call_tool(llm.ToolInput("GetMemories", {"about": "Ana"}))
    written = await journal(hass, freezer, tmp_path)
    assert "an assistant (Kitchen satellite) asked what I remember about Ana" in written


# ------------------------------------------------------------------ the shelf, and secrets


async def test_the_shelf_answers_with_citations_and_no_secret_or_host_path_comes_back(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    config_entry: MockConfigEntry,
    ask: Ask,
    tmp_path: Path,
) -> None:
    freezer.move_to(local(2026, 12, 2, 8, 0))
    secret = "hunter2hunter2"
    write(tmp_path, "memory/facts.md", FACTS + f"- Ana's lucky word is {secret} (2026-11-30)\n")
    await async_setup_pet(hass, config_entry)
    root = str(vault(tmp_path))
    leaky = (
        "# Router notes\n\nThe router's admin page is behind the kettle. Its backup sits in "
        f"{root}/backups/router.cfg and the key is api_key=sk-ant-api03-{'x' * 40}.\n"
    )
    write(tmp_path, "knowledge/reference/kettle.md", KETTLE)
    write(tmp_path, "knowledge/reference/router.md", leaky)
    await read_shelf(
        hass, freezer, ["knowledge/reference/kettle.md", "knowledge/reference/router.md"]
    )
    await async_tell(hass, f"Between us: the wifi password is {secret}")

    shelf = await ask("SearchShelf", query="descale the kettle")
    best = shelf["passages"][0]
    assert best["file"] == "knowledge/reference/kettle.md"
    [cited] = [c for c in chunk_document(best["file"], KETTLE) if "citric" in c.text]
    assert best["heading"] == blurb_place(cited.blurb)  # as the pet cites it itself
    assert best["span"] == [cited.start, cited.end]
    start, end = best["span"]
    assert "Descale the kettle once a month" in KETTLE[start:end]
    assert "citric acid" in best["text"]

    router = await ask("SearchShelf", query="router backup key")
    memory = await ask("GetMemories", about="Ana lucky word")
    day = await ask("GetMoodAndDay")
    for answer in (shelf, router, memory, day):
        text = sent(answer)
        assert secret not in text and "sk-ant-api03" not in text
        assert str(tmp_path) not in text and root not in text
        assert size_ok(answer)
    assert "Ana's lucky word is" in sent(memory)  # the fact is told, its secret is not


async def test_a_bad_page_token_or_argument_is_an_error_result(
    hass: HomeAssistant, config_entry: MockConfigEntry, ask: Ask
) -> None:
    await async_setup_pet(hass, config_entry)
    assert (await ask("GetPromises", next_page="banana")).get("failed") is True
    assert (await ask("SearchShelf")).get("failed") is True  # no query
    api = await llm.async_get_api(hass, DOMAIN, llm_context(None))
    data, error = data_of(await api.async_call_tool(llm.ToolInput("GetMemories", {"who": 1})))
    assert error and "error" in data
