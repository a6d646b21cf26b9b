"""The offline brain speaks the language it is spoken to: en, de, fr, es, nl (others: English)."""

from __future__ import annotations

import dataclasses
import string
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from custom_components.shelldon.brain.offline import OfflineBrain, musings
from custom_components.shelldon.brain.phrasebook import BOOKS, Phrasebook, phrasebook
from custom_components.shelldon.brain.turn import (
    Filed,
    Identity,
    Machine,
    OpenItem,
    PromptLine,
    Reply,
    TurnRequest,
)
from custom_components.shelldon.core.commitments import parse_remind_me, scan_commitments
from custom_components.shelldon.core.language.tags import LANGUAGES
from custom_components.shelldon.core.turn_kind import TurnKind

AT = datetime(2026, 11, 30, 14, 7, tzinfo=UTC)  # a Monday
IDENTITY = Identity("Pip", "Be kind.", "A small crab.", "the flat")
FORMAT = string.Formatter()


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


def request(
    language: str, text: str | None = None, kind: TurnKind = TurnKind.OWNER, **extra: Any
) -> TurnRequest:
    mine = extra.pop("machine", None) or machine()
    messages = (PromptLine("message", "assist", "Sam", "owner", text),) if text is not None else ()
    return TurnRequest(
        kind=kind, identity=IDENTITY, machine=mine, messages=messages, language=language, **extra
    )


async def think(req: TurnRequest) -> Reply:
    result = await OfflineBrain().think(req)
    assert result.usage.total == 0
    return result.reply


# --- what it says, asked in each language ---------------------------------------------------

ASKED: dict[str, dict[str, str]] = {
    "en": {
        "greeting": "hey Pip",
        "time": "what time is it?",
        "battery": "how is your battery?",
        "how": "how are you?",
        "thanks": "thank you, Pip",
        "cannot": "turn on the kitchen light",
        "waiting": "what are you waiting on?",
        "news": "I repotted the basil today",
    },
    "de": {
        "greeting": "Hallo Pip",
        "time": "Wie spät ist es?",
        "battery": "Wie ist dein Akku?",
        "how": "Wie geht's dir?",
        "thanks": "Danke, Pip",
        "cannot": "Mach das Licht in der Küche an",
        "waiting": "Worauf wartest du?",
        "news": "Ich habe heute das Basilikum umgetopft",
    },
    "fr": {
        "greeting": "Salut Pip",
        "time": "Quelle heure est-il ?",
        "battery": "Et ta batterie ?",
        "how": "Comment ça va ?",
        "thanks": "Merci, Pip",
        "cannot": "Allume la lumière de la cuisine",
        "waiting": "Qu'est-ce que tu attends ?",
        "news": "J'ai rempoté le basilic aujourd'hui",
    },
    "es": {
        "greeting": "Hola Pip",
        "time": "¿Qué hora es?",
        "battery": "¿Cómo va tu batería?",
        "how": "¿Cómo estás?",
        "thanks": "Gracias, Pip",
        "cannot": "Enciende la luz de la cocina",
        "waiting": "¿Qué esperas?",
        "news": "Hoy he trasplantado la albahaca",
    },
    "nl": {
        "greeting": "Hoi Pip",
        "time": "Hoe laat is het?",
        "battery": "Hoe is je batterij?",
        "how": "Hoe gaat het?",
        "thanks": "Dank je, Pip",
        "cannot": "Zet het licht in de keuken aan",
        "waiting": "Waar wacht je op?",
        "news": "Ik heb vandaag de basilicum verpot",
    },
}


@pytest.mark.parametrize("language", LANGUAGES)
async def test_it_answers_in_the_language_it_is_spoken_to(language: str) -> None:
    book, asked = phrasebook(language), ASKED[language]
    greeted = await think(request(language, asked["greeting"]))
    assert greeted.say.startswith(book.hello.split("{", 1)[0])
    assert greeted.say.removeprefix(book.hello.split("{", 1)[0]) in book.moods["content"]

    said = (await think(request(language, asked["time"]))).say
    assert said == book.time.format(time="14:07")

    on_battery = machine(on_battery=True, charge=42.4)
    said = (await think(request(language, asked["battery"], machine=on_battery))).say
    assert book.percent.format(pct=42) in said
    assert said.startswith(book.on_battery.split("{", 1)[0])

    assert (await think(request(language, asked["thanks"]))).say == book.thanks
    said = (await think(request(language, asked["cannot"]))).say
    assert said == book.cannot_say.format(cannot=book.cannot[0], no_model=book.no_model)
    assert (await think(request(language, asked["waiting"]))).say == book.nothing_open
    heard = (await think(request(language, asked["news"]))).say
    assert heard.startswith(book.heard.split("{", 1)[0])


@pytest.mark.parametrize("language", LANGUAGES)
async def test_how_it_feels_is_said_in_the_language(language: str) -> None:
    book = phrasebook(language)
    reply = await think(request(language, ASKED[language]["how"], machine=machine(energy=0.42)))
    feeling = book.feelings.get("content", "content")
    assert book.felt.format(word=feeling) + book.energy.format(pct=42) + "." in reply.say
    assert "content" in reply.intent, "its intent stays in the pet's own words"


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("de", "Hier auf dem Schreibtisch ist es 14:07."),
        ("fr", "Ici, sur le bureau, il est 14:07."),
        ("es", "Aquí en el escritorio son las 14:07."),
        ("nl", "Hier op het bureau is het 14:07."),
    ],
)
async def test_the_time_as_each_language_says_it(language: str, said: str) -> None:
    assert (await think(request(language, ASKED[language]["time"]))).say == said


async def test_spanish_one_oclock_is_singular() -> None:
    one = machine(local_time=AT.replace(hour=1, minute=5))
    assert (await think(request("es", "¿Qué hora es?", machine=one))).say == (
        "Aquí en el escritorio es la 01:05."
    )


@pytest.mark.parametrize("language", LANGUAGES)
async def test_what_the_pet_says_unasked_is_in_the_owners_language(language: str) -> None:
    book = phrasebook(language)
    reply = await think(
        request(language, kind=TurnKind.PROACTIVE, machine=machine(feeling="sleepy"))
    )
    assert reply.say in book.musings["sleepy"]
    assert musings("sleepy", language) == book.musings["sleepy"]
    assert musings("bashful", language) == book.musings["content"]
    reach = await think(request(language, kind=TurnKind.REACH_OUT, goal="[g1] Mama anrufen"))
    assert reach.say == book.about.format(goal="Mama anrufen"), "the goal's id is not for the owner"
    reminder = await think(
        request(language, kind=TurnKind.REACH_OUT, goal="[g2] Mama anrufen", reminder=True)
    )
    assert reminder.say == book.reminder.format(goal="Mama anrufen")


@pytest.mark.parametrize("language", ["ja", "pt-BR", "", "xx"])
async def test_a_language_it_does_not_speak_is_answered_in_english(language: str) -> None:
    assert (await think(request(language, "what time is it?"))).say == (
        "It's 14:07 here on the desk."
    )


@pytest.mark.parametrize("language", ["de-CH", "fr-CA", "es-419", "nl-BE"])
async def test_a_regional_tag_gets_its_language(language: str) -> None:
    book = phrasebook(language)
    assert book is BOOKS[language[:2]]
    assert (await think(request(language, ASKED[language[:2]]["time"]))).say == book.time.format(
        time="14:07"
    )


async def test_it_hears_every_language_whatever_it_answers_in() -> None:
    """ "Danke!" is too short to tell the language by; it is still thanks."""
    assert (await think(request("en", "Danke!"))).say == BOOKS["en"].thanks
    assert (await think(request("de", "thanks!"))).say == BOOKS["de"].thanks


# --- remember -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "text", "kept"),
    [
        ("de", "Merk dir, dass meine Schwester Ada heißt.", "meine Schwester Ada heißt"),
        ("de", "Vergiss nicht: ich trinke Tee mit Zitrone", "ich trinke Tee mit Zitrone"),
        ("fr", "Souviens-toi que ma sœur s'appelle Ada.", "ma sœur s'appelle Ada"),
        ("fr", "Retiens que je bois mon thé au citron", "je bois mon thé au citron"),
        ("es", "Recuerda que mi hermana se llama Ada.", "mi hermana se llama Ada"),
        ("nl", "Onthoud dat mijn zus Ada heet.", "mijn zus Ada heet"),
    ],
)
async def test_remember_that_in_every_language(language: str, text: str, kept: str) -> None:
    reply = await think(request(language, text))
    assert reply.remember == (kept,)
    assert reply.say == phrasebook(language).remembered


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("de", "Merk dir das"),
        ("fr", "Retiens ça"),
        ("es", "Recuerda eso"),
        ("nl", "Onthoud dat"),
        ("fr", "Souviens-toi quand on est allés à la mer ?"),
        ("es", "¿Recuerdas cuando fuimos a la playa?"),
        ("de", "Merkel war lange Kanzlerin"),
    ],
)
async def test_a_remember_with_nothing_to_keep_keeps_nothing(language: str, text: str) -> None:
    assert (await think(request(language, text))).remember == ()


# --- reminders, acknowledged in the goal book's own words ---------------------------------------

TODAY_19 = AT.replace(hour=19, minute=0)
TOMORROW = AT.replace(hour=9, minute=30) + timedelta(days=1)
THURSDAY = AT.replace(hour=9, minute=30) + timedelta(days=3)
NEXT_MONTH = datetime(2027, 1, 1, 8, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("language", "filed", "said"),
    [
        ("en", Filed("g1", "floss", TODAY_19, "to"), "I'll remind you to floss at 19:00."),
        # a note to itself ("Reminder: my pills at 7") has no link: said back as written
        ("en", Filed("g1", "my pills", TODAY_19, ""), "I'll remind you: your pills at 19:00."),
        (
            "de",
            Filed("g1", "Mama anrufen", TODAY_19, ""),
            "Ich erinnere dich um 19:00 daran: Mama anrufen.",
        ),
        (
            "fr",
            Filed("g1", "appeler maman", TODAY_19, ""),
            "Je te le rappellerai à 19:00 : appeler maman.",
        ),
        (
            "es",
            Filed("g1", "llamar a mamá", TODAY_19, ""),
            "Te recordaré llamar a mamá a las 19:00.",
        ),
        (
            "nl",
            Filed("g1", "mama bellen", TODAY_19, ""),
            "Ik herinner je er om 19:00 aan: mama bellen.",
        ),
        (
            "en",
            Filed("g1", "take my pills", TOMORROW, "to", new=False),
            "I already have that one: I'll remind you to take your pills tomorrow at 09:30.",
        ),
        (
            "de",
            Filed("g1", "Mama anzurufen", TODAY_19, "daran"),
            "Ich erinnere dich um 19:00 daran, Mama anzurufen.",
        ),
        (
            "de",
            Filed("g1", "den Zahnarzt", TOMORROW, "an"),
            "Ich erinnere dich morgen um 09:30 an den Zahnarzt.",
        ),
        (
            "de",
            Filed("g1", "meine Tabletten zu nehmen", THURSDAY, "daran", new=False),
            "Die habe ich schon: Ich erinnere dich am Donnerstag um 09:30 daran, deine "
            "Tabletten zu nehmen.",
        ),
        (
            "de",
            Filed("g1", "der Müll rausmuss", NEXT_MONTH, "dass"),
            "Ich erinnere dich am 1. Januar um 08:00 daran, dass der Müll rausmuss.",
        ),
        (
            "de",
            Filed("g1", "den Kuchen", None, "an"),
            "Ich erinnere dich an den Kuchen. Wann soll ich dich erinnern?",
        ),
        (
            "fr",
            Filed("g1", "appeler maman", TODAY_19, "de"),
            "Je te rappellerai d'appeler maman à 19:00.",
        ),
        (
            "fr",
            Filed("g1", "prendre mes médicaments", TOMORROW, "de"),
            "Je te rappellerai de prendre tes médicaments demain à 09:30.",
        ),
        (
            "fr",
            Filed("g1", "il faut payer le loyer", NEXT_MONTH, "que", new=False),
            "Je l'ai déjà : Je te rappellerai qu'il faut payer le loyer le 1er janvier à 08:00.",
        ),
        (
            "fr",
            Filed("g1", "sortir les poubelles", THURSDAY, "de"),
            "Je te rappellerai de sortir les poubelles jeudi à 09:30.",
        ),
        (
            "es",
            Filed("g1", "llamar a mamá", TODAY_19, ""),
            "Te recordaré llamar a mamá a las 19:00.",
        ),
        (
            "es",
            Filed("g1", "tomar mis pastillas", TOMORROW, "", new=False),
            "Ya lo tengo: Te recordaré tomar tus pastillas mañana a las 09:30.",
        ),
        (
            "es",
            Filed("g1", "dentista", THURSDAY, "lo del"),
            "Te recordaré lo del dentista el jueves a las 09:30.",
        ),
        (
            "es",
            Filed("g1", "regar las plantas", AT.replace(hour=1, minute=0) + timedelta(days=1), ""),
            "Te recordaré regar las plantas mañana a la 01:00.",
        ),
        (
            "nl",
            Filed("g1", "mama te bellen", TODAY_19, "eraan"),
            "Ik herinner je er om 19:00 aan mama te bellen.",
        ),
        (
            "nl",
            Filed("g1", "de tandarts", TOMORROW, "aan"),
            "Ik herinner je morgen om 09:30 aan de tandarts.",
        ),
        (
            "nl",
            Filed("g1", "mijn pillen te nemen", THURSDAY, "eraan", new=False),
            "Die heb ik al: Ik herinner je er op donderdag om 09:30 aan je pillen te nemen.",
        ),
    ],
)
async def test_a_reminder_is_acknowledged_in_the_owners_language(
    language: str, filed: Filed, said: str
) -> None:
    reply = await think(request(language, "…", filed=(filed,)))
    assert reply.say == said
    assert "g1" in reply.intent


@pytest.mark.parametrize(
    ("language", "text", "said"),
    [
        (
            "de",
            "Erinnere mich um 19 Uhr daran, Mama anzurufen",
            "Ich erinnere dich um 19:00 daran, Mama anzurufen.",
        ),
        (
            "fr",
            "Rappelle-moi à 19h d'appeler maman",
            "Je te rappellerai d'appeler maman à 19:00.",
        ),
        ("es", "Recuérdame a las 7 llamar a mamá", "Te recordaré llamar a mamá a las 19:00."),
        (
            "nl",
            "Herinner me om 7 uur eraan mama te bellen",
            "Ik herinner je er om 19:00 aan mama te bellen.",
        ),
    ],
)
async def test_from_the_owners_words_to_the_pets_answer(
    language: str, text: str, said: str
) -> None:
    now = AT.replace(hour=15, minute=0)
    reminder = parse_remind_me(text, now)
    assert reminder is not None
    filed = Filed("g1", reminder.what, reminder.due, reminder.link)
    reply = await think(request(language, text, filed=(filed,), machine=machine(local_time=now)))
    assert reply.say == said
    assert scan_commitments(reply.say, now) == [], "its acknowledgement is no second promise"


async def test_what_it_waits_on_in_german() -> None:
    items = (OpenItem("g1", "reminder", "Mama anrufen", "1 h", "19:00"),)
    waiting = machine(open_items=items, open_total=3)
    reply = await think(request("de", "Worauf wartest du?", machine=waiting))
    assert reply.say == "Ich habe 3 Sachen im Blick: „Mama anrufen“ (fällig 19:00). Und 2 weitere."


async def test_the_dream_reads_what_it_noted_in_any_language() -> None:
    day = (
        "19:02 [shelldon] notiert: Alex' Schwester heißt Ada",
        "19:03 [shelldon] noté : Alex boit son thé au citron",
        "19:04 [shelldon] anotado: a Alex le gusta el mar",
        "19:05 [shelldon] genoteerd: Alex heeft een kat",
        "19:06 [shelldon] noted: Alex likes tea",
        "19:07 [Alex] notiert: nicht von mir",
    )
    reply = await think(request("de", kind=TurnKind.DREAM, notes=day))
    assert reply.remember == (
        "Alex' Schwester heißt Ada",
        "Alex boit son thé au citron",
        "a Alex le gusta el mar",
        "Alex heeft een kat",
        "Alex likes tea",
        "nicht von mir",
    )


async def test_a_broken_turn_still_says_something_in_the_language() -> None:
    broken = machine(local_time=None)
    reply = await think(request("fr", "Quelle heure est-il ?", machine=broken))
    assert reply.say == BOOKS["fr"].here


# --- the books themselves -----------------------------------------------------------------


def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in FORMAT.parse(template) if name}


def _templates(book: Phrasebook) -> dict[str, str]:
    found: dict[str, str] = {}
    for item in dataclasses.fields(book):
        value = getattr(book, item.name)
        if isinstance(value, str):
            found[item.name] = value
        elif isinstance(value, tuple) and all(isinstance(v, str) for v in value):
            found.update({f"{item.name}[{i}]": v for i, v in enumerate(value)})
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_book_has_every_line_with_the_english_placeholders(language: str) -> None:
    book, english = BOOKS[language], BOOKS["en"]
    assert book.language == language
    assert set(book.moods) == set(english.moods)
    assert set(book.musings) == set(english.musings)
    assert all(book.moods[f] and book.musings[f] for f in english.moods)
    ours, theirs = _templates(book), _templates(english)
    assert set(ours) == set(theirs)
    skip = {"language", "remind_default"}
    different = {
        k for k in theirs if k not in skip and _placeholders(ours[k]) != _placeholders(theirs[k])
    }
    assert different == set()
    assert {"what", "when"} <= _placeholders(book.remind_default) <= {"link", "what", "when"}
    for template in book.remind.values():
        assert _placeholders(template) == {"what", "when"}
    if language != "en":
        assert set(book.feelings) == set(english.moods), "each starter face's word, translated"


def _lines(book: Phrasebook) -> list[str]:
    """Everything the book can say on its own, its templates filled with plain words."""
    values = {
        "mood": "x",
        "felt": "",
        "energy": "y",
        "time": "14:07",
        "count": "2",
        "shown": "z",
        "more": "",
        "n": "2",
        "text": "t",
        "due": "19:00",
        "pct": "42",
        "verdict": "v",
        "charge": "42 %",
        "where": "w",
        "word": "content",
        "passage": "p",
        "did": "09:00 read and shelved a.md (1 passage)",
        "goal": "g",
        "cannot": "c",
        "no_model": "m",
        "day": "d",
        "date": "1",
        "month": "m",
        "remind": "r",
        "link": "to",
        "what": "floss",
        "when": "at 19:00",
        "at": "09:00",
    }
    lines = [line for group in (*book.moods.values(), *book.musings.values()) for line in group]
    for name, template in _templates(book).items():
        if name != "language" and not (book.language == "en" and name == "remind_default"):
            lines.append(template.format(**values))
    if book.language != "en":  # an echo of a reminder is no promise (English's is matched away)
        lines += [t.format(**values) for t in (*book.remind.values(), book.remind_default)]
    return lines


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_stock_line_of_any_book_is_a_promise(language: str) -> None:
    """ "Low battery. I'll save my words", "Je m'en souviendrai", "Ich werde langsam müde" and
    the like promise nothing to follow up."""
    now = AT
    promised = {
        line: found for line in _lines(BOOKS[language]) if (found := scan_commitments(line, now))
    }
    assert promised == {}
