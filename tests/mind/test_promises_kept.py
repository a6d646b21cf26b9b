"""A promise is a promise: what the owner asked for at a time is kept once, at that time,
whatever else the pet did that day.

Whole days through a real Home Assistant in simulated time, with the pet's ordinary life running
(musings on, the default gates, the needs, quiet hours 22:00–09:00): the reminder is kept after
the pet's own reach-outs spent the day's cap, a reminder due in the quiet hours is given when
they end, a question about a promise files nothing, one request is one promise, a restart keeps
it due, a missed one is given late (saying so), nobody home means the phone, and eight reminders
in a day (three in the quiet hours) are each kept exactly once. The model is faked at the HTTP
layer where it speaks; elsewhere the offline brain answers.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import Event, HomeAssistant
from homeassistant.util import dt as dt_util
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    async_capture_events,
    async_mock_service,
)

from custom_components.shelldon.ports.const import (
    CONF_INTERRUPT_THRESHOLD,
    CONF_INTERRUPTION_CAP,
    DOMAIN,
    EVENT_DECISION,
    EVENT_REACH_OUT,
)
from tests.anthropic_mock import ScriptedModel, scripted
from tests.common import async_live_until, async_setup_pet, local, make_pet_entry
from tests.common import async_tell_and_tick as tell

PROMISES_LIST = "todo.shelldon_promises"
VAULT = Path("shelldon/shelldon")
DAY = (2026, 12, 2)  # a Wednesday
NEXT = (2026, 12, 3)


@pytest.fixture
def home(hass: HomeAssistant) -> dict[str, Any]:
    """Alex (home), a phone, a speaker with a voice; what each received."""
    hass.states.async_set("person.alex", "home", {"friendly_name": "Alex"})
    hass.states.async_set("media_player.living_room", "idle")
    hass.states.async_set("tts.piper", "unknown")
    return {
        "phone": async_mock_service(hass, "notify", "mobile_app_phone"),
        "speak": async_mock_service(hass, "tts", "speak"),
        "reach_outs": async_capture_events(hass, EVENT_REACH_OUT),
        "decisions": async_capture_events(hass, EVENT_DECISION),
    }


def pet_entry(hass: HomeAssistant, *, thinking: bool = False, **options: Any) -> MockConfigEntry:
    return make_pet_entry(hass, thinking=thinking, texts_alex=True, **options)


def about(events: list[Event], *words: str) -> list[Event]:
    """The reach-outs about an errand (its words in what it is about)."""
    return [e for e in events if all(w in e.data["about"] for w in words)]


def fired(event: Event) -> datetime:
    """When a reach-out went out, to the minute (the tick that gives it runs a moment after)."""
    return dt_util.as_local(event.time_fired).replace(second=0, microsecond=0)


def given(home: dict[str, Any], *words: str) -> list[datetime]:
    """When each reach-out about an errand went out, to the minute."""
    return [fired(e) for e in about(home["reach_outs"], *words)]


async def restarted(hass: HomeAssistant, entry: MockConfigEntry) -> Any:
    """Home Assistant reloads the pet (a restart): the pet as it woke again."""
    assert await hass.config_entries.async_reload(entry.entry_id)
    await hass.async_block_till_done()
    return entry.runtime_data.pet.anatomy


def own(events: list[Event]) -> list[Event]:
    """The reach-outs the pet chose itself (not a promise kept)."""
    return [e for e in events if not e.data.get("promise")]


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


def journal(root: Path) -> str:
    return "".join(p.read_text() for p in sorted((root / VAULT / "journal").glob("*.md")))


async def speak_up(hass: HomeAssistant) -> dict[str, Any]:
    return await hass.services.async_call(
        DOMAIN, "speak_up", {}, blocking=True, return_response=True
    )


# ------------------------------------------------------------------ the pet's own chatter


@pytest.mark.parametrize(
    ("cap", "threshold", "speak_ups"),
    [
        (2, None, (10, 11)),  # the cap at 2, two speak-ups in the morning
        (3, 0.5, (10, 11, 12)),  # the default cap, spent by the pet's own reach-outs
    ],
)
async def test_the_reminder_is_kept_at_seven_after_the_pets_own_reach_outs_spent_the_cap(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    home: dict[str, Any],
    cap: int,
    threshold: float | None,
    speak_ups: tuple[int, ...],
) -> None:
    model = ScriptedModel(
        owner={"intent": "agree to remind", "say": "I'll remind you at seven."},
        proactive={"intent": "say hello", "say": "Hello from the desk!"},
        reach_out={"intent": "keep my word", "say": "It's seven: time to call your mum."},
    )
    options: dict[str, Any] = {CONF_INTERRUPTION_CAP: cap}
    if threshold is not None:
        options[CONF_INTERRUPT_THRESHOLD] = threshold
    freezer.move_to(local(*DAY, 8, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass, thinking=True, **options))
        await tell(hass, freezer, "Remind me to call my mum at 7 tonight.")
        for hour in speak_ups:
            await async_live_until(hass, freezer, pet, local(*DAY, hour, 0))
            await speak_up(hass)
        await async_live_until(hass, freezer, pet, local(*DAY, 18, 59))
        assert pet.organs.door.interruptions_today(dt_util.now()) == cap, (
            "its own chatter spent the cap"
        )
        assert about(home["reach_outs"], "mum") == [], "nothing before its time"
        await async_live_until(hass, freezer, pet, local(*NEXT, 9, 30))

    [kept] = about(home["reach_outs"], "mum")
    assert fired(kept) == local(*DAY, 19, 0)
    assert kept.data["promise"] == "g1" and kept.data["outcome"] == "suggest"
    assert set(kept.data["factors"]) >= {"relevance", "time_sensitivity", "welcome"}
    assert pet.organs.door.interruptions_today(local(*DAY, 20, 0)) == cap, (
        "a promise is not counted"
    )
    assert [d for d in home["decisions"] if "mum" in d.data["about"]] == [], "never held back"
    assert "It's seven: time to call your mum." in [c.data["message"] for c in home["phone"]]
    assert len(own(home["reach_outs"])) <= cap, "its own musings keep every limit"
    assert pet.files.goals.open_goals() == []
    assert model.kinds().count("reach_out") == 1


async def test_a_musing_is_never_shown_an_open_promise_to_pick_up_early(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, home: dict[str, Any]
) -> None:
    model = ScriptedModel(
        owner={"intent": "agree", "say": "I'll remind you."},
        proactive={"intent": "say hello", "say": "Hello from the desk!"},
    )
    freezer.move_to(local(*DAY, 8, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass, thinking=True))
        await tell(hass, freezer, "Remind me to water the ficus at 7pm")
        await async_live_until(hass, freezer, pet, local(*DAY, 18, 0))

    musings = model.prompts("proactive")
    assert musings, "the pet mused during the day"
    for prompt in musings:
        machine = prompt.split("Messages (JSON lines")[0]
        assert "- Open promises and questions: none." in machine
        named = [line for line in machine.splitlines() if "ficus" in line]
        assert all(line.startswith("  - (journal") for line in named), named  # recall only
        assert "never before" in prompt


# ------------------------------------------------------------------ quiet hours postpone


async def test_a_reminder_due_in_the_quiet_hours_is_given_once_when_they_end(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, home: dict[str, Any], tmp_path: Path
) -> None:
    freezer.move_to(local(*DAY, 20, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    reply = await tell(hass, freezer, "Remind me to take my pills at 23:00")
    assert "quiet hours" in reply["reply"] and "09:00" in reply["reply"], reply
    await async_live_until(hass, freezer, pet, local(*NEXT, 12, 0))

    [kept] = about(home["reach_outs"], "pills")
    assert fired(kept) == local(*NEXT, 9, 0), "when the quiet hours end, not at 23:00"
    message = home["phone"][-1].data["message"]
    assert message.startswith("Your reminder: take your pills") and "23:00" in message
    text = journal(tmp_path)
    assert "in my quiet hours, so given Thu 09:00" in text
    assert pet.files.goals.open_goals() == []


@pytest.mark.parametrize(
    ("said", "errand", "language"),
    [
        ("Remind me tomorrow morning at 7 to call the dentist", "dentist", "en"),
        ("Erinnere mich morgen früh um 7 daran, den Zahnarzt anzurufen", "Zahnarzt", "de"),
        ("Rappelle-moi demain matin à 7h d'appeler le dentiste", "dentiste", "fr"),
        ("Recuérdame mañana por la mañana a las 7 llamar al dentista", "dentista", "es"),
        ("Herinner me morgenochtend om 7 uur eraan de tandarts te bellen", "tandarts", "nl"),
    ],
)
async def test_an_hour_of_tomorrow_morning_in_the_quiet_hours_is_given_when_they_end(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    home: dict[str, Any],
    said: str,
    errand: str,
    language: str,
) -> None:
    """ "Tomorrow morning at 7" is 07:00, never 19:00, in every language; in the quiet hours, it
    is given once when they end."""
    hass.config.language = language
    freezer.move_to(local(*DAY, 20, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    await tell(hass, freezer, said)
    [item] = await items(hass)
    assert errand in item["summary"]
    assert dt_util.parse_datetime(item["due"]) == local(*NEXT, 7, 0)
    await async_live_until(hass, freezer, pet, local(*NEXT, 21, 0))

    [kept] = about(home["reach_outs"], errand)
    assert fired(kept) == local(*NEXT, 9, 0), "when the quiet hours end, not at 19:00"


async def test_several_reminders_in_the_quiet_hours_each_go_once_at_their_end(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, home: dict[str, Any]
) -> None:
    freezer.move_to(local(*DAY, 21, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    for said in (
        "remind me to take my pills at 23:00",
        "remind me to feed the cat at midnight",
        "remind me to call the bakery at 7am",
    ):
        await tell(hass, freezer, said)
    await async_live_until(hass, freezer, pet, local(*NEXT, 10, 0))

    for words in ("pills", "cat", "bakery"):
        [kept] = about(home["reach_outs"], words)
        assert fired(kept) == local(*NEXT, 9, 0), words
    assert all(9 <= fired(e).hour < 22 for e in home["reach_outs"]), "nothing in quiet hours"


# ------------------------------------------------------------------ a question files nothing


@pytest.mark.parametrize(
    ("ask", "question", "answered"),
    [
        (
            "Remind me to call my mum at 7 tonight.",
            "You'll remind me about calling mum at seven, right?",
            "Yes, I have that one: call your mum, at 19:00.",
        ),
        (
            "Remind me to call my mum at 7 tonight.",
            "Don't forget mum at 7?",
            "Yes, I have that one: call your mum, at 19:00.",
        ),
        (
            "Erinnere mich um 19 Uhr daran, Mama anzurufen",
            "Du erinnerst mich doch um sieben an Mama, oder?",
            "Ja, die habe ich: Mama anzurufen, um 19:00.",
        ),
        (
            "Rappelle-moi à 19h d'appeler maman",
            "Tu me rappelleras d'appeler maman à sept heures, hein ?",
            "Oui, je l'ai : appeler maman, à 19:00.",
        ),
        (
            "Recuérdame a las 7 llamar a mamá",
            "Me recordarás llamar a mamá a las siete, ¿verdad?",
            "Sí, ya lo tengo: llamar a mamá, a las 19:00.",
        ),
        (
            "Herinner me om 7 uur eraan mama te bellen",
            "Je herinnert me er toch aan om mama te bellen om zeven uur?",
            "Ja, die heb ik: mama te bellen, om 19:00.",
        ),
    ],
)
async def test_a_question_about_a_promise_files_nothing(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    home: dict[str, Any],
    ask: str,
    question: str,
    answered: str,
) -> None:
    freezer.move_to(local(*DAY, 8, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    await tell(hass, freezer, ask)
    freezer.move_to(local(*DAY, 12, 0))
    reply = await tell(hass, freezer, question)
    assert reply["reply"] == answered
    assert len(await items(hass)) == 1, "no second promise"
    await async_live_until(hass, freezer, pet, local(*DAY, 21, 0))

    assert [fired(e) for e in home["reach_outs"] if e.data.get("promise")] == [
        local(*DAY, 19, 0)
    ], "once, at seven; nothing at 13:00"


async def test_a_question_and_the_models_yes_are_still_one_promise(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, home: dict[str, Any]
) -> None:
    model = ScriptedModel(
        owner=[
            {"intent": "agree", "say": "I'll remind you at seven."},
            {
                "intent": "reassure",
                "say": "Yes! I'll remind you about calling mum at seven.",
                "promise": [{"what": "remind about calling mum", "due_in_hours": 7}],
            },
        ],
        reach_out={"intent": "keep my word", "say": "Time to call your mum!"},
    )
    freezer.move_to(local(*DAY, 8, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass, thinking=True))
        await tell(hass, freezer, "Remind me to call my mum at 7 tonight.")
        freezer.move_to(local(*DAY, 12, 0))
        await tell(hass, freezer, "You'll remind me about calling mum at seven, right?")
        assert [i["summary"] for i in await items(hass)] == ["call my mum"]
        await async_live_until(hass, freezer, pet, local(*NEXT, 10, 0))

    assert given(home, "mum") == [local(*DAY, 19, 0)]


# ------------------------------------------------------------------ one request, one promise


async def test_tomorrow_at_noon_is_one_item_and_once_removed_is_never_reminded(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, home: dict[str, Any]
) -> None:
    model = ScriptedModel(
        owner={
            "intent": "agree",
            "say": "Sure, I'll remind you tomorrow at noon.",
            "promise": [{"what": "buy stamps", "due_in_hours": 26}],
        },
        reach_out={"intent": "keep my word", "say": "Stamps!"},
    )
    freezer.move_to(local(*DAY, 10, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass, thinking=True))
        await tell(hass, freezer, "Remind me to buy stamps tomorrow at noon.")
        [item] = await items(hass)
        assert item["summary"] == "buy stamps"
        assert dt_util.parse_datetime(item["due"]) == local(*NEXT, 12, 0), "noon was read"
        await hass.services.async_call(
            "todo",
            "remove_item",
            {"item": item["uid"]},
            target={"entity_id": PROMISES_LIST},
            blocking=True,
        )
        await async_live_until(hass, freezer, pet, local(2026, 12, 4, 12, 0))

    assert about(home["reach_outs"], "stamps") == []
    assert "reach_out" not in model.kinds()
    assert pet.files.goals.open_goals() == []


async def test_the_pets_words_while_keeping_a_promise_never_file_it_again(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, home: dict[str, Any]
) -> None:
    model = ScriptedModel(
        owner={"intent": "agree", "say": "Will do."},
        reach_out={
            "intent": "keep my word",
            "say": "I'll remind you to take the bins out at 15:45: it's time!",
            "promise": [{"what": "remind to take the bins out", "due_in_hours": 24}],
        },
    )
    freezer.move_to(local(*DAY, 9, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass, thinking=True))
        await tell(hass, freezer, "remind me to take the bins out at 15:45")
        await async_live_until(hass, freezer, pet, local(2026, 12, 5, 9, 0))

    assert given(home, "bins") == [local(*DAY, 15, 45)]
    assert pet.files.goals.open_goals() == [], (
        "no promise:own-words filed by the reminder's own words"
    )


@pytest.mark.parametrize("answer", ["at 5pm, please", "17:00", "How about 5?"])
async def test_a_reminder_without_a_time_is_asked_back_never_given_one(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, home: dict[str, Any], answer: str
) -> None:
    freezer.move_to(local(*DAY, 10, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    reply = await tell(hass, freezer, "remind me to call the plumber")
    assert reply["reply"].endswith("When should I remind you?"), reply
    [item] = await items(hass)
    assert item["summary"] == "call the plumber" and "due" not in item
    await async_live_until(hass, freezer, pet, local(*DAY, 10, 5))

    said = await tell(hass, freezer, answer)  # the owner's answer, however short
    assert "17:00" in said["reply"]
    [item] = await items(hass)
    assert dt_util.parse_datetime(item["due"]) == local(*DAY, 17, 0)
    await async_live_until(hass, freezer, pet, local(*DAY, 20, 0))
    assert given(home, "plumber") == [local(*DAY, 17, 0)]


@pytest.mark.parametrize("correction", ["actually, make it 6pm", "no, at 6", "6pm instead"])
async def test_a_time_corrected_at_once_moves_the_reminder_just_filed(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, home: dict[str, Any], correction: str
) -> None:
    freezer.move_to(local(*DAY, 10, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    first = await tell(hass, freezer, "remind me to call the plumber at 5pm")
    assert "17:00" in first["reply"]
    moved = await tell(hass, freezer, correction)
    assert "18:00" in moved["reply"], moved
    [item] = await items(hass)
    assert dt_util.parse_datetime(item["due"]) == local(*DAY, 18, 0)
    await async_live_until(hass, freezer, pet, local(*DAY, 20, 0))
    assert given(home, "plumber") == [local(*DAY, 18, 0)]


async def test_a_reminder_nobody_gave_a_time_is_never_reminded_at_an_invented_one(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, home: dict[str, Any]
) -> None:
    freezer.move_to(local(*DAY, 10, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    await tell(hass, freezer, "remind me to call the plumber")
    await tell(hass, freezer, "I'll be home at 7 with the kids")  # no answer to "when?"
    await async_live_until(hass, freezer, pet, local(*NEXT, 12, 0))

    assert about(home["reach_outs"], "plumber") == []
    [goal] = pet.files.goals.open_goals()
    assert goal.due is None, "it waits on the list for the owner to give it a time"


# ------------------------------------------------------------------ five languages


@pytest.mark.parametrize(
    ("said", "errand", "due", "kept"),
    [
        ("Remind me to buy stamps at noon", "stamps", (12, 0), "Your reminder"),
        ("Remind me to call Ana at half past seven", "Ana", (19, 30), "Your reminder"),
        ("Erinnere mich um halb acht daran, Ana anzurufen", "Ana", (19, 30), "Deine Erinnerung"),
        ("Erinnere mich mittags an die Post", "Post", (12, 0), "Deine Erinnerung"),
        ("Rappelle-moi à midi d'acheter du pain", "pain", (12, 0), "Ton rappel"),
        (
            "Rappelle-moi à 8 heures moins le quart d'appeler Ana",
            "Ana",
            (19, 45),
            "Ton rappel",
        ),
        ("Recuérdame al mediodía comprar pan", "pan", (12, 0), "Tu recordatorio"),
        ("Recuérdame a las 8 menos cuarto llamar a Ana", "Ana", (19, 45), "Tu recordatorio"),
        ("Herinner me om half acht eraan Ana te bellen", "Ana", (19, 30), "Je herinnering"),
        ("Herinner me na het werk aan de post", "post", (18, 0), "Je herinnering"),
        # the time before the errand, ahead of "remind me", or in two units
        ("Remind me at 5pm to buy stamps", "stamps", (17, 0), "Your reminder"),
        ("Remind me in 20 minutes to check the oven", "oven", (9, 50), "Your reminder"),
        ("In 2 hours, remind me to call Ana", "Ana", (11, 30), "Your reminder"),
        (
            "Remind me to water the ficus in 1 hour and 30 minutes",
            "ficus",
            (11, 0),
            "Your reminder",
        ),
        (
            "Erinnere mich in 1 Stunde und 30 Minuten an die Post",
            "Post",
            (11, 0),
            "Deine Erinnerung",
        ),
        ("Recuérdame en 2 horas y 15 minutos llamar a Ana", "Ana", (11, 45), "Tu recordatorio"),
        ("Don't let me forget to buy stamps at 5pm", "stamps", (17, 0), "Your reminder"),
        ("Ping me in 20 minutes to check the oven", "oven", (9, 50), "Your reminder"),
    ],
)
async def test_a_reminder_in_any_language_is_kept_once_at_the_time_it_says(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    home: dict[str, Any],
    said: str,
    errand: str,
    due: tuple[int, int],
    kept: str,
) -> None:
    hass.config.language = {"Your": "en", "Deine": "de", "Ton": "fr", "Tu": "es", "Je": "nl"}[
        kept.split()[0]
    ]  # the owner speaks it: what the pet says unasked is in it
    freezer.move_to(local(*DAY, 9, 30))
    pet = await async_setup_pet(hass, pet_entry(hass))
    await tell(hass, freezer, said)
    [item] = await items(hass)
    assert errand in item["summary"]
    assert dt_util.parse_datetime(item["due"]) == local(*DAY, *due)
    await async_live_until(hass, freezer, pet, local(*NEXT, 10, 0))

    [event] = about(home["reach_outs"], errand)
    assert fired(event) == local(*DAY, *due)
    assert home["phone"][-1].data["message"].startswith(kept)


# ------------------------------------------------------------------ again, once more


@pytest.mark.parametrize(
    ("again", "later"),
    [
        ("remind me again in 10 minutes", (10, 12)),
        ("snooze", (10, 12)),
        ("remind me about it later", (13, 2)),
        ("Erinnere mich in 10 Minuten nochmal daran", (10, 12)),
        ("Rappelle-le-moi dans 10 minutes", (10, 12)),
    ],
)
async def test_a_promise_just_given_is_given_again_when_asked_and_never_files_again_or_it(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    home: dict[str, Any],
    again: str,
    later: tuple[int, int],
) -> None:
    freezer.move_to(local(*DAY, 8, 0))
    entry = pet_entry(hass)
    pet = await async_setup_pet(hass, entry)
    await tell(hass, freezer, "remind me to call the plumber at 10:00")
    await async_live_until(hass, freezer, pet, local(*DAY, 10, 2))
    assert given(home, "plumber") == [local(*DAY, 10, 0)]

    reply = await tell(hass, freezer, again)  # as the phone's reply, a minute or two after
    assert f"{later[0]:02d}:{later[1]:02d}" in reply["reply"], reply
    pet = await restarted(hass, entry)
    await async_live_until(hass, freezer, pet, local(*DAY, 20, 0))

    assert given(home, "plumber") == [
        local(*DAY, 10, 0),
        local(*DAY, *later),
    ]
    assert [item["summary"] for item in await items(hass)] == ["call the plumber"], (
        "one promise, given twice: nothing named 'again' or 'it' was filed"
    )


async def test_again_with_no_promise_given_lately_files_nothing(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, home: dict[str, Any]
) -> None:
    freezer.move_to(local(*DAY, 8, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    await tell(hass, freezer, "remind me to call the plumber at 9:00")
    await async_live_until(hass, freezer, pet, local(*DAY, 13, 0))
    await tell(hass, freezer, "remind me again in 10 minutes")  # four hours after: too late
    await async_live_until(hass, freezer, pet, local(*DAY, 20, 0))

    assert given(home, "plumber") == [local(*DAY, 9, 0)]
    assert pet.files.goals.open_goals() == []


@pytest.mark.parametrize(
    ("asked", "let_go", "said"),
    [
        (
            "remind me to call the plumber at 17:00",
            "don't remind me to call the plumber any more",
            "All right, I won't remind you of that: call the plumber.",
        ),
        (
            "remind me to call the plumber at 17:00",
            "cancel the reminder to call the plumber",
            "All right, I won't remind you of that: call the plumber.",
        ),
        (
            "Erinnere mich um 17 Uhr daran, den Klempner anzurufen",
            "Erinnere mich nicht mehr daran, den Klempner anzurufen",
            "In Ordnung, daran erinnere ich dich nicht: den Klempner anzurufen.",
        ),
    ],
)
async def test_a_promise_the_owner_lets_go_is_not_given(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    home: dict[str, Any],
    asked: str,
    let_go: str,
    said: str,
) -> None:
    freezer.move_to(local(*DAY, 8, 0))
    entry = pet_entry(hass)
    pet = await async_setup_pet(hass, entry)
    await tell(hass, freezer, asked)
    await tell(hass, freezer, "remind me to water the ficus at 18:00")
    await async_live_until(hass, freezer, pet, local(*DAY, 10, 0))
    reply = await tell(hass, freezer, let_go)
    assert reply["reply"] == said
    open_items = [i["summary"] for i in await items(hass) if i["status"] == "needs_action"]
    assert open_items == ["water the ficus"]
    pet = await restarted(hass, entry)
    await async_live_until(hass, freezer, pet, local(*DAY, 20, 0))

    assert about(home["reach_outs"], "plumber") == [], "let go: never given"
    assert about(home["reach_outs"], "Klempner") == []
    assert given(home, "ficus") == [local(*DAY, 18, 0)]


async def test_a_promise_let_go_and_a_new_one_asked_in_one_message_are_both_heard(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, home: dict[str, Any]
) -> None:
    freezer.move_to(local(*DAY, 8, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    await tell(hass, freezer, "remind me to call the plumber at 17:00")
    reply = await tell(
        hass, freezer, "never mind the reminder about the plumber, remind me to call Ana at 6pm"
    )
    assert "I won't remind you of that: call the plumber." in reply["reply"], reply
    assert "call Ana at 18:00" in reply["reply"], reply
    await async_live_until(hass, freezer, pet, local(*DAY, 20, 0))

    assert about(home["reach_outs"], "plumber") == []
    assert given(home, "Ana") == [local(*DAY, 18, 0)]


@pytest.mark.parametrize(
    "said",
    [
        "Remind me to call the plumber at 5pm. Also remind me to water the ficus at 6pm.",
        "remind me to call the plumber at 5pm and to water the ficus at 6pm",
    ],
)
async def test_two_reminders_in_one_message_are_both_kept(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, home: dict[str, Any], said: str
) -> None:
    freezer.move_to(local(*DAY, 8, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    reply = await tell(hass, freezer, said)
    assert "17:00" in reply["reply"] and "18:00" in reply["reply"], reply
    await async_live_until(hass, freezer, pet, local(*DAY, 20, 0))

    assert given(home, "plumber") == [local(*DAY, 17, 0)]
    assert given(home, "ficus") == [local(*DAY, 18, 0)]


# ------------------------------------------------------------------ restarts and downtime


async def test_a_restart_between_the_request_and_its_time_keeps_it_due(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, home: dict[str, Any]
) -> None:
    freezer.move_to(local(*DAY, 8, 0))
    entry = pet_entry(hass)
    pet = await async_setup_pet(hass, entry)
    await tell(hass, freezer, "remind me to call my mum at 7 tonight")
    await async_live_until(hass, freezer, pet, local(*DAY, 12, 0))
    pet = await restarted(hass, entry)
    await async_live_until(hass, freezer, pet, local(*NEXT, 10, 0))

    assert given(home, "mum") == [local(*DAY, 19, 0)]


async def test_a_reminder_missed_while_home_assistant_was_down_is_given_late_once(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, home: dict[str, Any]
) -> None:
    freezer.move_to(local(*DAY, 8, 0))
    entry = pet_entry(hass)
    pet = await async_setup_pet(hass, entry)
    await tell(hass, freezer, "remind me to call my mum at 7 tonight")
    await async_live_until(hass, freezer, pet, local(*DAY, 18, 0))
    assert await hass.config_entries.async_unload(entry.entry_id)
    freezer.move_to(local(*DAY, 20, 40))  # Home Assistant was down at seven
    pet = await async_setup_pet(hass, entry)
    await async_live_until(hass, freezer, pet, local(*NEXT, 10, 0))

    [late] = about(home["reach_outs"], "mum")
    assert local(*DAY, 20, 40) <= fired(late) <= local(*DAY, 20, 45)
    message = home["phone"][-1].data["message"]
    assert "19:00" in message and "late" in message, message


async def test_a_reminder_missed_into_the_quiet_hours_waits_for_their_end(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, home: dict[str, Any]
) -> None:
    freezer.move_to(local(*DAY, 8, 0))
    entry = pet_entry(hass)
    pet = await async_setup_pet(hass, entry)
    await tell(hass, freezer, "remind me to call my mum at 9pm")
    await async_live_until(hass, freezer, pet, local(*DAY, 20, 0))
    assert await hass.config_entries.async_unload(entry.entry_id)
    freezer.move_to(local(*DAY, 23, 30))
    pet = await async_setup_pet(hass, entry)
    await async_live_until(hass, freezer, pet, local(*NEXT, 10, 0))

    assert given(home, "mum") == [local(*NEXT, 9, 0)]


# ------------------------------------------------------------------ away means the phone


@pytest.mark.parametrize(("alex", "outcome"), [("not_home", "suggest"), ("home", "speak")])
async def test_nobody_home_means_the_phone_someone_home_hears_it(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    home: dict[str, Any],
    alex: str,
    outcome: str,
) -> None:
    freezer.move_to(local(*DAY, 8, 0))
    speaker = {"speaker": "media_player.living_room", "tts_entity": "tts.piper"}
    pet = await async_setup_pet(hass, pet_entry(hass, **speaker))
    await tell(hass, freezer, "remind me to email Carla at 10:50")
    hass.states.async_set("person.alex", alex, {"friendly_name": "Alex"})
    await async_live_until(hass, freezer, pet, local(*DAY, 12, 0))

    [kept] = about(home["reach_outs"], "Carla")
    assert fired(kept) == local(*DAY, 10, 50)
    assert kept.data["outcome"] == outcome
    phoned = [c for c in home["phone"] if "Carla" in c.data["message"]]
    spoken = [c for c in home["speak"] if "Carla" in c.data["message"]]
    assert (len(phoned), len(spoken)) == ((1, 0) if alex == "not_home" else (0, 1))


# ------------------------------------------------------------------ a whole day of them


async def test_eight_reminders_in_a_day_are_each_kept_exactly_once(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, home: dict[str, Any], tmp_path: Path
) -> None:
    asked = {  # errand -> when it is given
        "stretch": local(*DAY, 9, 30),
        "buy stamps": local(*DAY, 12, 0),
        "call Ana": local(*DAY, 15, 15),
        "water the ficus": local(*DAY, 17, 45),
        "take the bins out": local(*DAY, 21, 25),
        "take my pills": local(*NEXT, 9, 0),  # 22:30
        "feed the cat": local(*NEXT, 9, 0),  # midnight
        "open the windows": local(*NEXT, 9, 0),  # 06:00
    }
    said = [
        "remind me to stretch at 9:30",
        "remind me to buy stamps at noon",
        "remind me to call Ana at quarter past three",
        "remind me to water the ficus at quarter to six",
        "remind me to take the bins out at 21:25",
        "remind me to take my pills at 22:30",
        "remind me to feed the cat at midnight",
        "remind me to open the windows at 6am",
    ]
    freezer.move_to(local(*DAY, 7, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    for text in said:
        await tell(hass, freezer, text)
    hass.states.async_set("person.alex", "not_home", {"friendly_name": "Alex"})
    await async_live_until(hass, freezer, pet, local(*DAY, 13, 0))
    await speak_up(hass)
    hass.states.async_set("person.alex", "home", {"friendly_name": "Alex"})
    await async_live_until(hass, freezer, pet, local(*NEXT, 12, 0))

    for errand, when in asked.items():
        kept = [
            e for e in home["reach_outs"] if e.data.get("promise") and e.data["about"] == errand
        ]
        assert [fired(e) for e in kept] == [when], errand
    for event in home["reach_outs"]:
        assert 9 <= fired(event).hour < 22, f"{event.data['about']} in the quiet hours"
    by_day: dict[str, int] = {}
    for event in own(home["reach_outs"]):
        day = fired(event).date().isoformat()
        by_day[day] = by_day.get(day, 0) + 1
    assert all(count <= 3 for count in by_day.values()), by_day
    assert pet.files.goals.open_goals() == []
    assert "T21:25-08:00" in (tmp_path / VAULT / "goals.md").read_text(), "goals.md: local time"
