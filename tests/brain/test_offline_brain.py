"""The offline brain: with no key and no network the pet still answers, in its mood, for free."""

from __future__ import annotations

import math
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant
from homeassistant.util import dt as dt_util
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.shelldon.brain.offline import OfflineBrain
from custom_components.shelldon.brain.turn import Identity, Machine, PromptLine, Reply, TurnRequest
from custom_components.shelldon.core.turn_kind import TurnKind
from custom_components.shelldon.ports.const import (
    CONF_BATTERY_ENTITY,
    CONF_CHARGING_ENTITY,
    CONF_NAME,
)
from tests.common import async_live_for, async_setup_pet, async_tell, local

AT = datetime(2026, 11, 30, 14, 7, tzinfo=UTC)
IDENTITY = Identity("Pip", "Be kind.", "A small crab.", "the flat")


def machine(**changes: Any) -> Machine:
    base = Machine(
        local_time=AT,
        feeling="content",
        valence=0.0,
        arousal=0.0,
        energy=0.5,
        power_mode="lively",
        on_battery=False,
        charge=None,
        turns_left=12,
        daily_turns=12,
        tokens_today=0,
    )
    return replace(base, **changes)


def request(kind: TurnKind = TurnKind.OWNER, text: str | None = None, **extra: Any) -> TurnRequest:
    mine = extra.pop("machine", None) or machine()
    messages: tuple[PromptLine, ...] = ()
    if text is not None:
        messages = (
            PromptLine("earlier", "assist", "Sam", "owner", "what time is it?"),
            PromptLine("earlier", "assist", "Pip", "pet", "It's 09:00 here on the desk."),
            PromptLine("message", "assist", "Sam", "owner", text),
        )
    return TurnRequest(kind=kind, identity=IDENTITY, machine=mine, messages=messages, **extra)


async def think(req: TurnRequest) -> Reply:
    result = await OfflineBrain().think(req)
    assert result.usage.total == 0, "the offline brain costs nothing"
    assert result.brain == "offline"
    return result.reply


@pytest.mark.parametrize("kind", list(TurnKind))
@pytest.mark.parametrize("feeling", ["content", "sleepy", "excited", "drained", "bashful", ""])
async def test_every_kind_of_turn_gets_a_free_reply_with_an_intent(
    kind: TurnKind, feeling: str
) -> None:
    req = request(
        kind,
        "hello" if kind is TurnKind.OWNER else None,
        machine=machine(feeling=feeling),
        goal="tell Sam about the rain" if kind is TurnKind.REACH_OUT else None,
        notes=("Sam likes tea",) if kind is TurnKind.DREAM else (),
    )
    reply = await think(req)
    assert reply.intent.strip()
    if kind in (TurnKind.OWNER, TurnKind.PROACTIVE, TurnKind.REACH_OUT):
        assert reply.say.strip(), "it says something when it is spoken to or speaks up"
    else:
        assert reply.say == "", "dreams and flushes are silent"


async def test_a_greeting_is_greeted_back() -> None:
    reply = await think(request(text="hey Pip"))
    assert reply.say.startswith("Hello!")
    assert "greet" in reply.intent


async def test_how_it_feels_comes_from_its_feeling() -> None:
    sleepy = machine(feeling="sleepy")
    excited = machine(feeling="excited")
    asked = ["how are you?", "How do you feel", "how's it going", "you ok?"]
    sleepy_says = {(await think(request(text=q, machine=sleepy))).say for q in asked}
    excited_says = {(await think(request(text=q, machine=excited))).say for q in asked}
    assert sleepy_says.isdisjoint(excited_says), "a sleepy pet and an excited one sound different"
    reply = await think(request(text="how are you?", machine=sleepy))
    assert "sleepy" in reply.intent


async def test_musings_differ_by_feeling_too() -> None:
    sleepy = await think(request(TurnKind.PROACTIVE, machine=machine(feeling="sleepy")))
    excited = await think(request(TurnKind.PROACTIVE, machine=machine(feeling="excited")))
    assert sleepy.say and excited.say
    assert sleepy.say != excited.say
    assert "sleepy" in sleepy.intent


@pytest.mark.parametrize(
    ("at", "expected"),
    [
        (datetime(2026, 11, 30, 14, 7, tzinfo=UTC), "14:07"),
        (datetime(2026, 11, 30, 6, 5, tzinfo=dt_util.get_time_zone("Asia/Tokyo")), "06:05"),
        (datetime(2026, 12, 31, 23, 59, tzinfo=dt_util.get_time_zone("US/Pacific")), "23:59"),
    ],
)
async def test_the_time_is_read_off_its_own_clock(at: datetime, expected: str) -> None:
    for question in ("what time is it?", "Do you know the time", "WHAT TIME IS IT"):
        reply = await think(request(text=question, machine=machine(local_time=at)))
        assert expected in reply.say


async def test_on_battery_it_tells_the_charge() -> None:
    on_battery = machine(on_battery=True, charge=42.4, power_mode="eased")
    reply = await think(request(text="how is your battery?", machine=on_battery))
    assert "42 %" in reply.say
    assert "plugged" not in reply.say

    unknown = machine(on_battery=True, charge=None, power_mode="eased")
    reply = await think(request(text="battery?", machine=unknown))
    assert "unknown" in reply.say
    assert "None" not in reply.say


async def test_plugged_in_it_says_so() -> None:
    reply = await think(request(text="are you plugged in?", machine=machine(charge=80.0)))
    assert "plugged in" in reply.say
    assert "%" not in reply.say


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("remember that my sister is called Ada", "my sister is called Ada"),
        ("Remember that my sister is called Ada.", "my sister is called Ada"),
        ("please remember I take my tea with lemon!", "I take my tea with lemon"),
        ("  remember the bins go out on Tuesday", "the bins go out on Tuesday"),
    ],
)
async def test_remember_that_becomes_a_note(text: str, kept: str) -> None:
    reply = await think(request(text=text))
    assert reply.remember == (kept,)
    assert reply.say


async def test_only_a_remember_request_is_remembered() -> None:
    for text in ("hello", "what time is it?", "thanks!", "I went to the shops"):
        assert (await think(request(text=text))).remember == ()


async def test_thanks_are_accepted() -> None:
    reply = await think(request(text="thank you, Pip"))
    assert "thanks" in reply.intent
    assert reply.say


async def test_anything_else_is_acknowledged_honestly() -> None:
    reply = await think(request(text="I repotted the basil today"))
    assert reply.say
    assert "offline" in reply.say, "it is honest that its offline brain is small"
    assert reply.remember == ()


async def test_the_dream_keeps_only_new_facts_once_and_says_nothing() -> None:
    day = (  # a distilled journal day: only what it noted becomes a fact
        "19:02 [Alex] my sister is called Ada",
        "19:02 [shelldon] noted: my sister is called Ada",
        "19:03 [shelldon] noted: My sister is called Ada!",
        "19:04 [shelldon] noted: I take my tea with lemon",
        "19:05 [shelldon] noted: the bins go out on Tuesday",
        "19:06 [shelldon] Lovely, I'll keep that.",
    )
    reply = await think(request(TurnKind.DREAM, notes=day, facts=("The bins go out on Tuesday.",)))
    assert reply.remember == ("my sister is called Ada", "I take my tea with lemon")
    assert reply.say == ""

    nothing = await think(request(TurnKind.DREAM, notes=(), facts=("I like tea",)))
    assert nothing.remember == ()
    assert nothing.intent


async def test_the_flush_keeps_nothing_and_settles_nothing() -> None:
    reply = await think(request(TurnKind.FLUSH, flush_cause="quiet"))
    assert (reply.say, reply.remember, reply.settle, reply.promises) == ("", (), (), ())


@pytest.mark.parametrize(
    "weird",
    [
        {"feeling": "None"},
        {"feeling": "x" * 5000},
        {"charge": math.nan, "on_battery": True},
        {"charge": -40.0, "on_battery": True},
        {"charge": 1e12, "on_battery": True},
        {"energy": math.inf, "valence": -math.inf, "arousal": math.nan},
        {"local_time": datetime(1, 1, 1, tzinfo=UTC)},
        {"local_time": None},
        {"feeling": None},
        {"open_items": None, "changes": None},
    ],
)
async def test_a_broken_machine_still_gets_a_reply(weird: dict[str, Any]) -> None:
    broken = replace(machine(), **weird)
    for kind in TurnKind:
        text = "what time is it? battery? how are you?" if kind is TurnKind.OWNER else None
        reply = await think(request(kind, text, machine=broken))
        assert reply.intent.strip()
        if kind is TurnKind.OWNER:
            assert reply.say.strip()


async def test_an_odd_message_still_gets_a_reply() -> None:
    for text in ("", " ", "\x00", "remember that", "remember that    ", "🦀" * 3000):
        reply = await think(request(text=text))
        assert reply.intent.strip()
        assert reply.say.strip()


async def test_no_message_at_all_is_still_answered() -> None:
    bare = TurnRequest(kind=TurnKind.OWNER, identity=IDENTITY, machine=machine())
    reply = await think(bare)
    assert reply.say.strip()


# ---------------------------------------------------------------------- inside Home Assistant


@pytest.fixture
def pet_options() -> dict[str, Any]:
    return {
        CONF_BATTERY_ENTITY: "sensor.pisugar_level",
        CONF_CHARGING_ENTITY: "binary_sensor.pisugar_charging",
    }


async def tell(hass: HomeAssistant, message: str) -> str:
    response = await async_tell(hass, message)
    assert response["ok"] is True
    return response["reply"]


async def test_a_pet_with_no_key_answers_from_its_own_clock_and_battery(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    assert CONF_NAME in config_entry.data and "api_key" not in config_entry.data
    freezer.move_to(local(2026, 11, 30, 14, 7))
    hass.states.async_set("sensor.pisugar_level", "63")
    hass.states.async_set("binary_sensor.pisugar_charging", "off")
    pet = await async_setup_pet(hass, config_entry)
    assert pet.parts.turns.brain.name == "offline"

    said = await tell(hass, "what time is it?")
    assert "14:07" in said, "the owner's local time, not UTC"
    assert dt_util.utcnow().strftime("%H:%M") not in said

    assert "63 %" in await tell(hass, "how's your battery?")
    hass.states.async_set("binary_sensor.pisugar_charging", "on")
    await hass.async_block_till_done()
    assert "plugged in" in await tell(hass, "how's your battery?")
    freezer.tick(timedelta(minutes=1))
    assert hass.states.get("sensor.shelldon_tokens_today").state == "0"


@pytest.mark.parametrize("text", ["remember that", "Remember when we went to the beach?"])
async def test_a_remember_with_nothing_to_keep_keeps_nothing(text: str) -> None:
    reply = await think(request(text=text))
    assert reply.remember == ()


# ---------------------------------------------------------------------- small truths


def open_reminders(pet: Any) -> list[Any]:
    return [g for g in pet.files.goals.open_goals() if g.provenance.value == "user:remind-me"]


async def test_a_reminder_is_acknowledged_exactly_as_the_goal_book_holds_it(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 14, 0))
    pet = await async_setup_pet(hass, config_entry)

    said = await tell(hass, "remind me to floss at 20:00")
    [floss] = open_reminders(pet)
    assert (floss.text, dt_util.as_local(floss.due).strftime("%H:%M")) == ("floss", "20:00")
    assert said == "I'll remind you to floss at 20:00."

    said = await tell(hass, "oh, and remind me to call mum tonight")
    mum = pet.files.goals.get("g2")
    assert mum is not None and mum.text == "call mum"
    assert said == f"I'll remind you to call mum at {dt_util.as_local(mum.due):%H:%M}."

    said = await tell(hass, "please remind me to take my pills tomorrow morning")
    pills = pet.files.goals.get("g3")
    assert pills is not None and pills.text == "take my pills", "the book keeps the owner's words"
    assert said == "I'll remind you to take your pills tomorrow at 09:30."

    said = await tell(hass, "remind me that the bins go out on Thursday")
    bins = pet.files.goals.get("g4")
    assert bins is not None and dt_util.as_local(bins.due).strftime("%A") == "Thursday"
    assert said == "I'll remind you that the bins go out on Thursday at 09:30."

    # Asked again within the hour, it says the time it really holds, and files nothing new
    # (one errand is the same things named, due within the same hour: core/errands.py).
    said = await tell(hass, "remind me to floss at 20:30")
    assert said == "I already have that one: I'll remind you to floss at 20:00."
    await async_live_for(hass, freezer, pet, timedelta(minutes=2))  # reflected, file reread
    assert [g.text for g in pet.files.goals.open_goals()] == [
        "floss",
        "call mum",
        "take my pills",
        "the bins go out",
    ], "its own 'I'll remind you …' is no second promise"
    journal = (pet.files.vault.root / "journal" / "2026-11-30.md").read_text()
    assert journal.count("filed a reminder") == 4
    assert "filed a reminder (g1, due 20:00): floss" in journal
    assert "filed a reminder (g3, due Tue 09:30): take my pills" in journal
    assert journal.index("remind me to floss at 20:00") < journal.index("(g1, due 20:00)")


async def test_questions_about_itself_are_answered_from_its_machine(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 14, 7))
    hass.states.async_set("sensor.pisugar_level", "71")
    hass.states.async_set("binary_sensor.pisugar_charging", "off")
    pet = await async_setup_pet(hass, config_entry)
    await hass.services.async_call("shelldon", "nudge", {"kind": "excited"}, blocking=True)
    await hass.async_block_till_done()

    mood = hass.states.get("sensor.shelldon_mood")
    energy = round(float(hass.states.get("sensor.shelldon_energy").state))
    said = await tell(hass, "how are you?")
    assert f"I'm feeling {mood.attributes['feeling']}, and my energy is at {energy} %." in said

    said = await tell(hass, "are you tired?")
    assert f"my energy is at {energy} %" in said
    assert "71 %" in await tell(hass, "how's your battery?")
    assert "14:07" in await tell(hass, "what time is it?")

    assert "Nothing's open" in await tell(hass, "what are you waiting on?")
    await tell(hass, "remind me to floss at 20:00")
    [floss] = pet.files.goals.open_goals()
    said = await tell(hass, "what do you remember?")
    assert said.startswith("I'm holding one thing: «floss» (due in ")
    assert floss.text in said


@pytest.mark.parametrize(
    ("asked", "cannot"),
    [
        ("turn on the kitchen light", "switch anything"),
        ("could you switch the heater off?", "switch anything"),
        ("search the web for cheap flights", "browse the web"),
        ("what's the weather like?", "look anything up"),
        ("buy more cat food", "buy or order"),
    ],
)
async def test_what_it_cannot_do_it_says_plainly(
    hass: HomeAssistant, config_entry: MockConfigEntry, asked: str, cannot: str
) -> None:
    pet = await async_setup_pet(hass, config_entry)
    said = await tell(hass, asked)
    assert said.startswith("Sorry, I can't ") and cannot in said
    assert "running without my language model" in said
    assert "I heard you" not in said
    assert pet.files.goals.open_goals() == []


@pytest.mark.parametrize(
    "text", ["I put on a jumper", "I'm so tired today", "the weather was lovely", "I bought tea"]
)
async def test_plain_news_is_not_taken_for_a_request_or_a_question(text: str) -> None:
    reply = await think(request(text=text))
    assert "can't" not in reply.say
    assert "energy" not in reply.say
