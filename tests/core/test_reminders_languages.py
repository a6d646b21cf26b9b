"""Reminders, due times and promises in German, French, Spanish and Dutch.

The owner's "Erinnere mich um 19 Uhr daran, Mama anzurufen" files "Mama anzurufen" due at 19:00;
a bare hour follows the English rule ("um 7", "a las 7", "om 7 uur" are 19:00, as "at 7" is);
the pet's own "Ich sehe heute Abend nach" is a promise, its "Ich werde es mir merken" is not.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from custom_components.shelldon.core.commitments import (
    DEFAULT_DUE,
    Commitment,
    answers_with_a_time,
    due_from,
    errand_of,
    mentions_a_time,
    parse_again,
    parse_back_in,
    parse_move,
    parse_promise_question,
    parse_remind_me,
    scan_commitments,
)
from custom_components.shelldon.core.language.questions import lets_go
from custom_components.shelldon.core.reminders import parse_reminders
from tests.core._support import AMS, assert_linear

MON = datetime(2024, 1, 8, 15, 0, tzinfo=AMS)  # a winter Monday afternoon in Amsterdam


def _day(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2024, 1, day, hour, minute, tzinfo=AMS)


def _reminder(text: str) -> Commitment:
    found = parse_remind_me(text, MON)
    assert found is not None, text
    return found


# --- the owner's "remind me" -------------------------------------------------------------------

REMINDERS = [
    # German
    ("Erinnere mich um 19 Uhr daran, Mama anzurufen", "Mama anzurufen", _day(8, 19), "daran"),
    ("erinnere mich morgen früh an den Zahnarzt", "den Zahnarzt", _day(9, 9, 30), "an"),
    (
        "Erinnere mich heute Abend daran, die Pflanzen zu gießen",
        "die Pflanzen zu gießen",
        _day(8, 20),
        "daran",
    ),
    ("Erinnere mich am Dienstag an den Müll", "den Müll", _day(9, 9, 30), "an"),
    ("Erinnere mich in 20 Minuten an den Kuchen", "den Kuchen", _day(8, 15, 20), "an"),
    ("Kannst du mich morgen an den Zahnarzt erinnern?", "den Zahnarzt", _day(9, 9, 30), "an"),
    (
        "Kannst du mich bitte morgen Abend daran erinnern, dass der Müll rausmuss?",
        "der Müll rausmuss",
        _day(9, 18),
        "dass",
    ),
    ("Erinnere mich ans Training am Freitag", "das Training", _day(12, 9, 30), "an"),
    ("Erinnere mich daran, heute Abend Mama anzurufen", "Mama anzurufen", _day(8, 20), "daran"),
    ("erinnere mich bitte um 19.30 Uhr an die Tabletten", "die Tabletten", _day(8, 19, 30), "an"),
    # French
    ("Rappelle-moi à 19h d'appeler maman", "appeler maman", _day(8, 19), "de"),
    ("Rappelle-moi demain soir de sortir les poubelles", "sortir les poubelles", _day(9, 18), "de"),
    (
        "rappelle-moi mardi qu'il faut payer le loyer",
        "il faut payer le loyer",
        _day(9, 9, 30),
        "que",
    ),
    ("Rappelle-moi dans 20 minutes de sortir le gâteau", "sortir le gâteau", _day(8, 15, 20), "de"),
    (
        "Tu peux me rappeler demain matin d'appeler le dentiste ?",
        "appeler le dentiste",
        _day(9, 9, 30),
        "de",
    ),
    (
        "Rappelle-moi à 3h de l'après-midi de prendre mes médicaments",
        "prendre mes médicaments",
        _day(9, 15),
        "de",
    ),
    (
        "Rappelle-moi, s'il te plaît, d'arroser les plantes ce soir",
        "arroser les plantes",
        _day(8, 20),
        "de",
    ),
    # Spanish
    ("Recuérdame a las 7 llamar a mamá", "llamar a mamá", _day(8, 19), ""),
    (
        "Recuérdame mañana por la tarde que llame al dentista",
        "llame al dentista",
        _day(9, 14),
        "que",
    ),
    ("recuérdame el martes lo del dentista", "dentista", _day(9, 9, 30), "lo del"),
    ("Recuérdame en 20 minutos sacar el pastel", "sacar el pastel", _day(8, 15, 20), ""),
    ("¿Puedes recordarme mañana regar las plantas?", "regar las plantas", _day(9, 9, 30), ""),
    (
        "Recuérdame a las 7 y media de la mañana tomar mis pastillas",
        "tomar mis pastillas",
        _day(9, 7, 30),
        "",
    ),
    ("Por favor, recuérdame esta noche llamar a Ana", "llamar a Ana", _day(8, 20), ""),
    # Dutch
    ("Herinner me om 7 uur eraan mama te bellen", "mama te bellen", _day(8, 19), "eraan"),
    ("herinner me morgenavond aan de tandarts", "de tandarts", _day(9, 18), "aan"),
    (
        "Herinner me er op dinsdag aan om de vuilnis buiten te zetten",
        "de vuilnis buiten te zetten",
        _day(9, 9, 30),
        "eraan",
    ),
    ("Herinner me over 20 minuten aan de taart", "de taart", _day(8, 15, 20), "aan"),
    ("Kun je me morgen herinneren aan de tandarts?", "de tandarts", _day(9, 9, 30), "aan"),
    (
        "Herinner me eraan dat de vuilnisbak morgen buiten moet",
        "de vuilnisbak buiten moet",
        _day(9, 9, 30),
        "dat",
    ),
    # "before" and "by" a time name it, as "around" does
    ("Erinnere mich vor 17 Uhr an die Blumen", "die Blumen", _day(8, 17), "an"),
    ("Erinnere mich bis 17 Uhr an die Blumen", "die Blumen", _day(8, 17), "an"),
    ("Rappelle-moi avant 17h d'acheter des fleurs", "acheter des fleurs", _day(8, 17), "de"),
    ("Recuérdame antes de las 5 comprar flores", "comprar flores", _day(8, 17), ""),
    ("Herinner me voor 5 uur aan de bloemen", "de bloemen", _day(8, 17), "aan"),
]


@pytest.mark.parametrize(("text", "what", "due", "link"), REMINDERS)
def test_a_reminder_files_the_errand_in_the_owners_words(
    text: str, what: str, due: datetime, link: str
) -> None:
    reminder = _reminder(text)
    assert (reminder.what, reminder.due, reminder.link) == (what, due, link)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Erinnere mich morgen an den Zahnarzt", "de"),
        ("Rappelle-moi demain d'appeler maman", "fr"),
        ("Recuérdame mañana llamar a mamá", "es"),
        ("Herinner me morgen aan de tandarts", "nl"),
        ("remind me to call mum tomorrow", "en"),
    ],
)
def test_a_reminder_knows_the_language_it_was_asked_in(text: str, language: str) -> None:
    assert _reminder(text).language == language


@pytest.mark.parametrize(
    "text",
    [
        "Erinnere mich an den Zahnarzt",
        "Rappelle-moi d'appeler maman",
        "Recuérdame llamar a mamá",
        "Herinner me aan de tandarts",
    ],
)
def test_a_reminder_without_a_time_has_none_so_the_pet_asks(text: str) -> None:
    assert _reminder(text).due is None


@pytest.mark.parametrize(
    "text",
    [
        "Ich erinnere mich an den Urlaub",  # I remember
        "Das erinnert mich an meine Kindheit",  # that reminds me of
        "erinnere mich nicht daran",
        "Erinnere mich morgen",  # no errand
        "Erinnere mich bitte",
        "Kannst du mich hören?",  # a question form asks to be reminded only with erinnern
        "Kannst du mich morgen abholen?",
        "Erinnere mich, wie das Rezept ging",  # a question, not an errand
        "Rappelle-moi demain",  # call me back tomorrow
        "Rappelle-moi quand tu peux",
        "Ne me rappelle pas ça",
        "Me recuerdas a mi madre",  # you remind me of my mother
        "No me recuerdes eso",
        "Recuérdame",
        "Recuérdame cómo se llama tu amigo",
        "Ik herinner me dat nog",  # I remember
        "herinner me er niet aan",
        "Herinner me morgen",
        "Kun je me helpen met de tandarts?",
        "Wil je me morgen bellen?",
        "Herinner me wat je gisteren zei",
    ],
)
def test_what_is_no_reminder_files_nothing(text: str) -> None:
    assert parse_remind_me(text, MON) is None


# --- due times --------------------------------------------------------------------------------

DUE = [
    # German
    ("in 20 Minuten", MON + timedelta(minutes=20)),
    ("in einer Stunde", MON + timedelta(hours=1)),
    ("in einer halben Stunde", MON + timedelta(minutes=30)),
    ("in 2 Tagen", MON + timedelta(days=2)),
    ("heute Abend", _day(8, 20)),
    ("heute Nachmittag", MON + timedelta(hours=1)),  # 14:00 already past
    ("morgen", _day(9, 9, 30)),
    ("morgen früh", _day(9, 9, 30)),
    ("morgen Abend", _day(9, 18)),
    ("am Dienstag", _day(9, 9, 30)),
    ("Dienstagabend", _day(9, 18)),
    ("am Freitag Nachmittag", _day(12, 14)),
    ("um 19 Uhr", _day(8, 19)),
    ("um 19:30", _day(8, 19, 30)),
    ("um 7 Uhr morgens", _day(9, 7)),
    ("heute Abend um 8", _day(8, 20)),
    ("später", MON + timedelta(hours=3)),
    # French
    ("dans 20 minutes", MON + timedelta(minutes=20)),
    ("dans une heure", MON + timedelta(hours=1)),
    ("dans une demi-heure", MON + timedelta(minutes=30)),
    ("ce soir", _day(8, 20)),
    ("demain", _day(9, 9, 30)),
    ("demain soir", _day(9, 18)),
    ("demain après-midi", _day(9, 14)),
    ("mardi", _day(9, 9, 30)),
    ("vendredi soir", _day(12, 18)),
    ("à 19h", _day(8, 19)),
    ("à 19h30", _day(8, 19, 30)),
    ("à 7 heures du matin", _day(9, 7)),
    ("ce soir à 8h", _day(8, 20)),
    ("plus tard", MON + timedelta(hours=3)),
    # Spanish
    ("en 20 minutos", MON + timedelta(minutes=20)),
    ("en una hora", MON + timedelta(hours=1)),
    ("en media hora", MON + timedelta(minutes=30)),
    ("esta noche", _day(8, 20)),
    ("mañana", _day(9, 9, 30)),
    ("mañana por la tarde", _day(9, 14)),
    ("mañana por la noche", _day(9, 20)),
    ("el martes", _day(9, 9, 30)),
    ("el viernes por la tarde", _day(12, 14)),
    ("a las 19:30", _day(8, 19, 30)),
    ("a las 7 de la mañana", _day(9, 7)),
    ("esta noche a las 8", _day(8, 20)),
    ("más tarde", MON + timedelta(hours=3)),
    # Dutch
    ("over 20 minuten", MON + timedelta(minutes=20)),
    ("over een uur", MON + timedelta(hours=1)),
    ("over een half uur", MON + timedelta(minutes=30)),
    ("vanavond", _day(8, 20)),
    ("morgen", _day(9, 9, 30)),
    ("morgenavond", _day(9, 18)),
    ("morgenochtend", _day(9, 9, 30)),
    ("dinsdag", _day(9, 9, 30)),
    ("op vrijdagmiddag", _day(12, 14)),
    ("om 19.30", _day(8, 19, 30)),
    ("om 7 uur 's ochtends", _day(9, 7)),
    ("vanavond om 8", _day(8, 20)),
    ("straks", MON + timedelta(hours=3)),
]


@pytest.mark.parametrize(("phrase", "due"), DUE)
def test_due_times_in_every_language(phrase: str, due: datetime) -> None:
    assert due_from(phrase, MON) == due


@pytest.mark.parametrize(
    "bare", ["at 7", "um 7", "um 7 Uhr", "à 7h", "a las 7", "om 7", "om 7 uur"]
)
def test_a_bare_hour_follows_the_english_rule_everywhere(bare: str) -> None:
    assert due_from(bare, MON) == due_from("at 7", MON) == _day(8, 19)


@pytest.mark.parametrize(
    ("phrase", "due"),
    [
        ("at 9", _day(9, 9)),
        ("um 9 Uhr", _day(9, 9)),
        ("à 9h", _day(9, 9)),
        ("a las 9", _day(9, 9)),
        ("om 9 uur", _day(9, 9)),
        ("tonight at 8", _day(8, 20)),
        ("heute Abend um 8", _day(8, 20)),
        ("ce soir à 8h", _day(8, 20)),
        ("esta tarde a las 5", _day(8, 17)),
        ("vanavond om 8", _day(8, 20)),
    ],
)
def test_past_hours_are_tomorrow_and_evenings_are_evenings(phrase: str, due: datetime) -> None:
    assert due_from(phrase, MON) == due


def test_spanish_says_one_oclock_in_the_singular() -> None:
    assert due_from("a la 1", MON) == _day(9, 13)  # 13:00 is past today: tomorrow


@pytest.mark.parametrize(
    "phrase",
    ["guten Morgen", "goedemorgen", "om 5 euro", "the day after", "d'après lui"],
)
def test_what_only_looks_like_a_time_is_none(phrase: str) -> None:
    assert due_from(phrase, MON) is None


def test_due_from_reads_english_first() -> None:
    assert due_from("tomorrow um 7", MON) == _day(9, 9, 30), "English decides when it names one"
    assert due_from("morgen", MON, "en") is None
    assert due_from("morgen", MON, "de") == _day(9, 9, 30)
    assert due_from("morgen", MON, "xx") is None


def test_an_impossible_minute_is_no_time() -> None:
    assert due_from("at 5:75", MON) is None
    assert due_from("um 19:99 Uhr", MON) is None


# --- the owner will be back -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "delta"),
    [
        ("Ich bin in 20 Minuten zurück", timedelta(minutes=20)),
        ("bin in einer Stunde wieder da", timedelta(hours=1)),
        ("je reviens dans une heure", timedelta(hours=1)),
        ("de retour dans 10 min", timedelta(minutes=10)),
        ("vuelvo en media hora", timedelta(minutes=30)),
        ("ik ben over 20 minuten terug", timedelta(minutes=20)),
        ("over een uur weer thuis", timedelta(hours=1)),
    ],
)
def test_back_in_every_language(text: str, delta: timedelta) -> None:
    assert parse_back_in(text, MON) == MON + delta


# --- the pet's own promises -------------------------------------------------------------------

PROMISES = [
    ("Ich sehe heute Abend nach.", "nachsehen", _day(8, 20)),
    ("Ich werde morgen nachsehen.", "nachsehen", _day(9, 9, 30)),
    ("Ich werde dir morgen Bescheid sagen.", "dir Bescheid sagen", _day(9, 9, 30)),
    (
        "Morgen werde ich nachsehen, ob es geklappt hat.",
        "nachsehen, ob es geklappt hat",
        _day(9, 9, 30),
    ),
    ("Ich melde mich morgen bei dir.", "mich bei dir melden", _day(9, 9, 30)),
    ("Ich frage dich morgen, wie es war.", "dich fragen, wie es war", _day(9, 9, 30)),
    ("Heute Abend schaue ich nach.", "nachschauen", _day(8, 20)),
    ("Je vais regarder ça ce soir.", "regarder ça", _day(8, 20)),
    ("Je te dirai demain comment c'était.", "te dirai comment c'était", _day(9, 9, 30)),
    ("Voy a revisarlo esta noche.", "revisarlo", _day(8, 20)),
    ("Te avisaré en 20 minutos.", "Te avisaré", _day(8, 15, 20)),
    ("Ik ga het vanavond bekijken.", "het bekijken", _day(8, 20)),
    ("Ik zal het morgen nakijken.", "het nakijken", _day(9, 9, 30)),
    ("Vanavond ga ik het bekijken.", "het bekijken", _day(8, 20)),
]


@pytest.mark.parametrize(("text", "what", "due"), PROMISES)
def test_the_pets_own_promises_in_every_language(text: str, what: str, due: datetime) -> None:
    assert scan_commitments(text, MON) == [Commitment(what, due)]


def test_a_promise_without_a_time_is_due_in_a_day() -> None:
    [found] = scan_commitments("Je vais lire l'article.", MON)
    assert found == Commitment("lire l'article", MON + DEFAULT_DUE)
    assert found.language == "fr"


def test_promises_come_in_the_order_they_were_said() -> None:
    text = "Ik ga het vanavond bekijken. I'll ask you tomorrow. Ich werde morgen nachsehen."
    assert [c.what for c in scan_commitments(text, MON)] == ["het bekijken", "ask you", "nachsehen"]


@pytest.mark.parametrize(
    "text",
    [
        # German: no follow-up, a negation, a hedge, a mood, the present without a time
        "Ich werde langsam müde.",
        "Ich werde es mir merken.",
        "Ich werde das nicht vergessen.",
        "Vielleicht werde ich morgen nachsehen.",
        "Ich werde da sein.",
        "Ich werde dich vermissen.",
        "Ich freue mich auf morgen.",
        "Ich sehe nach.",
        "Ich sehe heute Abend fern.",
        "Ich frage mich, ob es morgen regnet.",
        "Wenn ich morgen nachsehe",
        "Werde ich das morgen schaffen?",
        "Ich erinnere dich um 19:00 daran, Mama anzurufen.",
        # French
        "Je vais bien, merci !",
        "Je ne vais pas oublier.",
        "Je vais pas le faire.",
        "Je serai là.",
        "Je vais y réfléchir.",
        "Je vais au marché.",
        "Je vais regarder ça ce soir ?",
        "Je vais m'en souvenir.",
        "Je ferai de mon mieux.",
        "Peut-être que je vais regarder demain.",
        "Je te rappellerai d'appeler maman à 19:00.",
        # Spanish
        "No voy a olvidarlo.",
        "Voy a la tienda.",
        "Estaré aquí.",
        "Voy a intentarlo.",
        "Quizás te escribiré mañana.",
        "Ayer preparé la cena.",
        "Haré lo posible.",
        "¿Voy a poder verlo mañana?",
        "Te recordaré llamar a mamá a las 19:00.",
        # Dutch
        "Ik ga naar huis.",
        "Ik ga ervan uit dat ze komen.",
        "Ik zal er zijn.",
        "Ik ga je missen.",
        "Ik ga het niet vergeten.",
        "Misschien ga ik morgen kijken.",
        "Ik ga slapen.",
        "Ga ik dat morgen halen?",
        "Ik herinner je er om 19:00 aan mama te bellen.",
    ],
)
def test_what_promises_nothing_to_follow_up_is_no_promise(text: str) -> None:
    assert scan_commitments(text, MON) == []


# --- linear time --------------------------------------------------------------------------

ADVERSARIAL = [
    " ",
    "a",
    "ich sehe ",
    "ich werde ",
    "je vais ",
    "je te ",
    "voy a ",
    "te lo ",
    "xxaré ",
    "ik ga ",
    "um 7 ",
    "à 7 ",
    "a las 7 ",
    "om 7 ",
    "erinnere mich ",
    "rappelle-moi de ",
    "recuérdame ",
    "herinner me ",
    "in 20 ",
    "morgen ",
    "1:11 ",
    "d'",
    # clocks said around an hour, named times, questions about a promise
    "half past ",
    "quarter to ",
    "twenty five past ",
    "halb ",
    "viertel nach ",
    "et demie ",
    "moins le quart ",
    "menos cuarto ",
    "kwart voor ",
    "om half ",
    "at seven ",
    "at noon after work ",
    "mittags ",
    "à une ",
    "you'll remind me ",
    ", right?",
    "don't forget ",
    "tu me rappelleras ",
    "¿verdad? ",
    "1 ",
    "a ",
    # the time before the errand, compound durations, a time said ahead of "remind me"
    "remind me at 5 to ",
    "remind me in 1 hour and ",
    "in 1 hour , and 3 ",
    "set a reminder ",
    "in 20 minutes, remind me ",
    "morgen früh um 7 ",
    "don't let me forget ",
    "ping me at 5 ",
    # counted in words, with halves; "a reminder for 9"; a note to itself
    "in two and a half ",
    "in an hour and a ",
    "in zweieinhalb ",
    "dans une heure et ",
    "en una hora y ",
    "over twee en een half ",
    "in 2.5 ",
    "set a reminder for 9 ",
    "reminder: ",
    # weeks, the day after tomorrow, next Monday, an hour of the morning, unread words ahead
    "in 2 weeks ",
    "the day after tomorrow ",
    "pasado mañana ",
    "next monday ",
    "at 8 in the morning ",
    "at 7.30 ",
    "remind me after lunch ",
    "erinnerung: ",
    "in a quarter of an ",
    "dans un quart d'",
    "in einer viertel",
    # dates, abbreviated stretches, an hour with am or pm, a terse ask, a German date's dot
    "on the 1",
    "on the 1st of ",
    "on december 1",
    "on 1 ",
    "am 1.",
    "am 1.1",
    "am 1. ",
    "le 1",
    "le 1er ",
    "le 1/",
    "el 1 de ",
    "el día 1",
    "op de 1e ",
    "op 1 ",
    "in 1h",
    "in 1m ",
    "1pm ",
    "1:00p",
    "@ ",
    "remind me 1pm ",
    "set reminder ",
    "need a reminder ",
    "erinnere mich am 1. a",
    "1. a",
    "weds at 1",
    "on weds ",
    "sat at ",
    "around 1",
    "by 1 ",
    "at about 1",
    "before 1 ",
    "about 1 ",
    "remind me about 1 ",
    "vor 7 ",
    "avant 7 ",
    "antes de las 7 ",
    "voor 7 ",
    "at 0700",
    "in 2 days at ",
    "in 5 min. t",
    "a... ",
    "remind me when i ",
    "remind me 1pm: ",
    "me recuerdas ",
    "on the 1st ",
    "le 1 a",
    "el 1 a",
    "el 1 ab",
    "op de 1e ",
    "le premier ",
    "snooze ",
    "snooze for 1",
    "remind me again ",
    "remind me about it ",
    "nochmal daran ",
    "rappelle-le-moi ",
    "recuérdamelo ",
    "don't remind me ",
    "do not need to ",
    "remind me not to ",
    "cancel the reminder ",
    "don't remind me to ",
    "erinnere mich nicht ",
    "anymore ",
    "make it ",
    "no, ",
    "a instead ",
]


def read_every_way(text: str) -> None:
    """Every way a message is read (errand_of reads it as a reminder first)."""
    scan_commitments(text, MON)
    parse_reminders(text, MON)
    parse_promise_question(text, MON)
    due_from(text, MON)
    parse_back_in(text, MON)
    errand_of(text, MON)
    parse_again(text, MON)
    lets_go(text)
    parse_move(text, MON)
    answers_with_a_time(text, MON)
    mentions_a_time(text)


@pytest.mark.parametrize("seed", ADVERSARIAL)
def test_worst_input_is_read_in_linear_time(seed: str) -> None:
    assert_linear(read_every_way, seed)
