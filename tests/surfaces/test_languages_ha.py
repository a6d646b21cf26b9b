"""The pet in its owner's language, inside a real Home Assistant.

A German (French, Spanish, Dutch) owner on the offline brain asks for a reminder in their own
words: the goal is filed at the time they named, the answer is in their language and names it,
and at that time the reminder reaches their phone in their language. A message in another
language is answered in that language. The set-up and the dial board are walked in German and
every label, error and choice they show is German. With the model faked, the instruction names
the language: the owner's message's for an answer, the owner's own for a reach-out.
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.config_entries import SOURCE_USER
from homeassistant.core import HomeAssistant, ServiceCall
from homeassistant.data_entry_flow import FlowResultType
from homeassistant.helpers import entity_registry as er
from homeassistant.helpers import issue_registry as ir
from homeassistant.helpers.translation import async_get_translations
from homeassistant.util import dt as dt_util
from pytest_homeassistant_custom_component.common import async_capture_events

from custom_components.shelldon.brain.prompt import LANGUAGE_LINE as LINE
from custom_components.shelldon.ports.const import CONF_LANGUAGE, DOMAIN, EVENT_REACH_OUT
from tests.anthropic_mock import (
    KEY,
    MODELS,
    MessagesApi,
    ScriptedModel,
    api_error,
    json_answer,
    scripted,
)
from tests.common import (
    ALEX,
    async_live_until,
    async_setup_pet,
    async_tell,
    async_tell_and_tick,
    local,
    make_pet_entry,
)

VAULT = Path("shelldon/shelldon")
SAME = {"Name"}  # written alike in both languages
TRANSLATIONS = Path(__file__).parents[2] / "custom_components" / DOMAIN / "translations"


def journal(root: Path) -> str:
    return "".join(p.read_text() for p in sorted((root / VAULT / "journal").glob("*.md")))


async def away_pet(hass: HomeAssistant, **options: Any) -> Any:
    """An offline pet that texts Alex's phone; Alex is out, so lines wait on the phone."""
    hass.states.async_set(ALEX, "not_home", {"friendly_name": "Alex"})
    return await async_setup_pet(hass, make_pet_entry(hass, texts_alex=True, **options))


# ---------------------------------------------------------------------- a reminder, asked for


@pytest.mark.parametrize(
    ("language", "asked", "answer", "goal", "reminder", "filed"),
    [
        (
            "de",
            "Erinnere mich um 19 Uhr daran, Mama anzurufen",
            "Ich erinnere dich um 19:00 daran, Mama anzurufen.",
            "Mama anzurufen",
            "Deine Erinnerung: Mama anzurufen",
            "Erinnerung notiert (g1, fällig 19:00): Mama anzurufen",
        ),
        (
            "fr",
            "Rappelle-moi d'appeler maman à 19h",
            "Je te rappellerai d'appeler maman à 19:00.",
            "appeler maman",
            "Ton rappel : appeler maman",
            "rappel noté (g1, pour 19:00) : appeler maman",
        ),
        (
            "es",
            "Recuérdame llamar a mamá a las 7 de la tarde",
            "Te recordaré llamar a mamá a las 19:00.",
            "llamar a mamá",
            "Tu recordatorio: llamar a mamá",
            "recordatorio anotado (g1, para 19:00): llamar a mamá",
        ),
        (
            "nl",
            "Herinner me eraan om 7 uur 's avonds mama te bellen",
            "Ik herinner je er om 19:00 aan mama te bellen.",
            "mama te bellen",
            "Je herinnering: mama te bellen",
            "herinnering genoteerd (g1, voor 19:00): mama te bellen",
        ),
    ],
)
async def test_a_reminder_asked_in_the_owners_language_is_filed_answered_and_kept_in_it(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    phone: list[ServiceCall],
    tmp_path: Path,
    language: str,
    asked: str,
    answer: str,
    goal: str,
    reminder: str,
    filed: str,
) -> None:
    hass.config.language = language
    freezer.move_to(local(2026, 11, 30, 14, 0))
    pet = await away_pet(hass)
    reach_outs = async_capture_events(hass, EVENT_REACH_OUT)

    response = await async_tell(hass, asked)

    assert response["reply"] == answer, "in the owner's words and the goal book's time"
    [filed_goal] = pet.files.goals.open_goals()
    assert (filed_goal.text, dt_util.as_local(filed_goal.due)) == (goal, local(2026, 11, 30, 19))
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 18, 59))
    assert phone == [], "nothing before the time the owner named"

    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 19, 20))

    [sent] = phone
    assert sent.data["message"] == reminder
    [reached] = reach_outs
    assert (
        local(2026, 11, 30, 19) <= dt_util.as_local(reached.time_fired) < local(2026, 11, 30, 19, 2)
    )
    assert reached.data["message"] == reminder
    english = ("Reply", "Send", "Say something to Shelldon")
    action = sent.data["data"]["actions"][0]
    shown = (action["title"], action["textInputButtonTitle"], action["textInputPlaceholder"])
    assert all(mine != theirs for mine, theirs in zip(shown, english, strict=True)), shown
    assert "Shelldon" in shown[2], "the placeholder names the pet"
    written = journal(tmp_path)
    assert filed in written, "the journal's own words follow the owner's language"
    assert "filed a reminder" not in written and "reached out" not in written


async def test_an_english_message_to_a_german_pet_is_answered_in_english(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    hass.config.language = "de"
    freezer.move_to(local(2026, 11, 30, 14, 0))
    pet = await away_pet(hass)

    english = await async_tell_and_tick(hass, freezer, "Remind me to water the plants at 5pm")
    german = await async_tell_and_tick(
        hass, freezer, "Erinnere mich morgen um 9 Uhr an den Zahnarzt"
    )

    assert english["reply"] == "I'll remind you to water the plants at 17:00."
    assert german["reply"].startswith("Ich erinnere dich morgen um 09:00"), german["reply"]
    due = {g.text: dt_util.as_local(g.due) for g in pet.files.goals.open_goals() if g.due}
    assert due["water the plants"] == local(2026, 11, 30, 17)
    assert local(2026, 12, 1, 9) in due.values()
    assert "Erinnerung notiert (g1, fällig 17:00): water the plants" in journal(tmp_path), (
        "the journal keeps the owner's language, whatever a message was written in"
    )


async def test_the_options_page_chooses_the_pets_language_over_home_assistants(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    hass.config.language = "en"
    freezer.move_to(local(2026, 11, 30, 14, 0))
    pet = await away_pet(hass, **{CONF_LANGUAGE: "fr"})
    assert pet.files.journal.language() == "fr"

    await async_tell_and_tick(hass, freezer, "remind me to floss at 20:00")
    assert "rappel noté (g1, pour 20:00) : floss" in journal(tmp_path)

    hass.config_entries.async_update_entry(pet.entry, options={CONF_LANGUAGE: "auto"})
    await hass.async_block_till_done()
    assert pet.files.journal.language() == "en", "auto follows Home Assistant's language"
    hass.config.language = "nl"
    assert pet.files.journal.language() == "nl"


# ---------------------------------------------------------------------- with the model faked


async def test_the_instruction_names_the_language_of_the_message_and_a_reach_out_the_owners(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    hass.config.language = "de"
    model = ScriptedModel(
        owner={"intent": "answer", "say": "Klar."},
        reach_out={"intent": "remind", "say": "Zeit für die Pflanzen!"},
    )
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, make_pet_entry(hass, thinking=True, texts_alex=True))
        hass.states.async_set(ALEX, "not_home", {"friendly_name": "Alex"})
        await async_tell(hass, "Erinnere mich um 17 Uhr daran, die Pflanzen zu gießen")
        await async_tell(hass, "Thanks, and how are you doing today?")
        await async_live_until(hass, freezer, pet, local(2026, 11, 30, 17, 20))

    german, english = model.prompts("owner")
    assert german.rstrip().endswith(LINE.format(language="German")), german[-200:]
    assert english.rstrip().endswith(LINE.format(language="English")), english[-200:]
    assert model.kinds().count("reach_out") == 1
    [reach_out] = model.prompts("reach_out")
    assert reach_out.rstrip().endswith(LINE.format(language="German"))
    [(_, body)] = [(k, b) for k, b in model.calls if k == "reach_out"]
    system = json.dumps(body.get("system"), ensure_ascii=False)
    assert "German" not in system, "the cached prefix is the same in every language"


# ---------------------------------------------------------------------- the flows, in German


def _keys_shown(result: dict[str, Any], flow: str) -> set[str]:
    """The translation keys the frontend looks up to show one result of a flow."""
    step = result.get("step_id")
    shown: set[str] = set()
    if result["type"] is FlowResultType.MENU:
        shown.add(f"{flow}.step.{step}.title")
        shown |= {f"{flow}.step.{step}.menu_options.{o}" for o in result["menu_options"]}
    elif result["type"] is FlowResultType.FORM:
        shown.add(f"{flow}.step.{step}.title")
        for marker, field in result["data_schema"].schema.items():
            shown.add(f"{flow}.step.{step}.data.{marker}")
            config = getattr(field, "config", {}) or {}
            if key := config.get("translation_key"):
                options = config.get("options") or []
                shown |= {f"selector.{key}.options.{o}" for o in options}
        shown |= {f"{flow}.error.{error}" for error in (result.get("errors") or {}).values()}
    elif result["type"] is FlowResultType.ABORT:
        shown.add(f"{flow}.abort.{result['reason']}")
    return shown


def _english_and(language: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return tuple(  # type: ignore[return-value]
        json.loads((TRANSLATIONS / f"{tag}.json").read_text(encoding="utf-8"))
        for tag in ("en", language)
    )


def _lookup(table: dict[str, Any], dotted: str) -> Any:
    value: Any = table
    for part in dotted.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return value


async def _assert_german(hass: HomeAssistant, shown: set[str]) -> None:
    english, german = _english_and("de")
    loaded: dict[str, str] = {}
    for category in ("config", "options", "selector"):
        loaded |= await async_get_translations(hass, "de", category, [DOMAIN])
    missing = sorted(key for key in shown if _lookup(german, key) is None)
    assert missing == [], "shown without a German string"
    for key in shown:
        assert loaded[f"component.{DOMAIN}.{key}"] == _lookup(german, key), key
    same = sorted(
        key
        for key in shown
        if _lookup(german, key) == _lookup(english, key) and _lookup(german, key) not in SAME
    )
    assert same == [], "shown in English in the German flow"


async def test_the_set_up_is_german_for_a_german_owner(
    hass: HomeAssistant, messages_api: MessagesApi
) -> None:
    hass.config.language = "de"
    route = messages_api.models.mock(
        return_value=api_error(401, "authentication_error", "invalid x-api-key")
    )
    shown: set[str] = set()
    result = await hass.config_entries.flow.async_init(DOMAIN, context={"source": SOURCE_USER})
    shown |= _keys_shown(result, "config")
    result = await hass.config_entries.flow.async_configure(result["flow_id"], {"name": "!!!"})
    assert result["errors"] == {"name": "invalid_name"}
    shown |= _keys_shown(result, "config")
    result = await hass.config_entries.flow.async_configure(
        result["flow_id"], {"name": "Schildi", "api_key": KEY}
    )
    assert result["errors"] == {"base": "invalid_auth"}
    shown |= _keys_shown(result, "config")
    route.mock(return_value=json_answer(MODELS))
    result = await hass.config_entries.flow.async_configure(
        result["flow_id"], {"name": "Schildi", "api_key": KEY}
    )
    assert result["step_id"] == "model"
    shown |= _keys_shown(result, "config")

    await _assert_german(hass, shown)


async def test_the_dial_board_is_german_for_a_german_owner(hass: HomeAssistant) -> None:
    hass.config.language = "de"
    entry = make_pet_entry(hass)
    await async_setup_pet(hass, entry)
    hass.states.async_set("light.kitchen", "on")
    bad: dict[str, dict[str, Any]] = {
        "body": {"low_battery_threshold": 20, "battery_entity": "sensor.nope"},
        "panel": {
            "panel_width": 250,
            "panel_height": 122,
            "panel_palette": "bw",
            "esphome_action": "light.turn_on",
        },
        "spending": {
            "daily_turn_budget": 10,
            "cooldown_minutes": 10,
            "daily_token_cap": 50000,
            "quiet_start": "22:00:00",
            "quiet_end": "22:00:00",
        },
        "reach": {"notify_targets": ["notify.nope"], "language": "not a language"},
        "initiative": {
            "proactive_idle_minutes": 60,
            "dream_idle_hours": 8,
            "act_threshold": 0.5,
            "interrupt_threshold": 0.3,
            "interruption_cap": 3,
            "needs_enabled": True,
        },
    }
    shown: set[str] = set()
    for page in ("body", "panel", "spending", "reach", "initiative", "memory"):
        result = await hass.config_entries.options.async_init(entry.entry_id)
        shown |= _keys_shown(result, "options")
        result = await hass.config_entries.options.async_configure(
            result["flow_id"], {"next_step_id": page}
        )
        shown |= _keys_shown(result, "options")
        if page in bad:
            result = await hass.config_entries.options.async_configure(result["flow_id"], bad[page])
            assert result["type"] is FlowResultType.FORM and result["errors"], page
            shown |= _keys_shown(result, "options")
    assert "options.error.unknown_language" in shown
    assert "selector.language.options.auto" in shown

    await _assert_german(hass, shown)
    assert entry.options == {}, "nothing the owner got wrong was saved"


async def test_a_pet_told_nothing_about_language_follows_home_assistant_live(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, phone: list[ServiceCall]
) -> None:
    hass.config.language = "es"
    freezer.move_to(local(2026, 11, 30, 14, 0))
    pet = await away_pet(hass)
    await async_tell(hass, "remind me to floss in 10 minutes")
    await async_live_until(hass, freezer, pet, dt_util.now() + timedelta(minutes=30))
    [sent] = phone
    assert sent.data["message"] == "Tu recordatorio: floss", "said unasked: the owner's language"


async def test_a_german_pet_shows_german_names_under_the_same_entity_ids(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    """The entity ids are the surface automations name: the same in every language (Home
    Assistant would make them from the German names); the names shown are German."""
    hass.config.language = "de"
    freezer.move_to(local(2026, 11, 30, 14, 0))
    pet = await away_pet(hass)

    ids = {
        e.entity_id
        for e in er.async_entries_for_config_entry(er.async_get(hass), pet.entry.entry_id)
    }
    assert {
        "sensor.shelldon_mood",
        "sensor.shelldon_turns_left_today",
        "sensor.shelldon_last_said",
        "image.shelldon_face",
        "binary_sensor.shelldon_thinking",
        "switch.shelldon_initiative",
        "todo.shelldon_promises",
    } <= ids
    assert not [i for i in ids if "stimmung" in i or "versprechen" in i], ids
    mood = hass.states.get("sensor.shelldon_mood")
    assert mood is not None and mood.attributes["friendly_name"] == "Shelldon Stimmung"
    promises = hass.states.get("todo.shelldon_promises")
    assert promises is not None and promises.attributes["friendly_name"] == "Shelldon Versprechen"

    await async_tell_and_tick(hass, freezer, "Erinnere mich um 19 Uhr daran, Mama anzurufen")
    assert journal(tmp_path).startswith("# Tagebuch von Shelldon, 2026-11-30\n"), (
        "the journal's page is headed in the owner's language"
    )


async def test_what_a_german_pet_finds_wrong_with_itself_is_said_in_german(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    """The repair issue's words are German, and so are the pet's own findings inside it."""
    hass.config.language = "de"
    freezer.move_to(local(2026, 11, 30, 14, 0))
    pet = await away_pet(hass)

    pet.organs.health.storage(
        "journal", "no space left on the disk"
    )  # as the journal's flush says it
    issue = ir.async_get(hass).async_get_issue(DOMAIN, f"health_{pet.entry.entry_id}")
    assert issue is not None and issue.translation_placeholders is not None
    assert issue.translation_placeholders["problems"] == (
        "ich kann mein Tagebuch nicht schreiben (kein Platz mehr auf dem Datenträger)"
    )
    pet.organs.health.storage("journal", None)
    assert ir.async_get(hass).async_get_issue(DOMAIN, f"health_{pet.entry.entry_id}") is None
