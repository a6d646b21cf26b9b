"""Reminders for a day named by its date, with the time abbreviated, or asked for tersely, in the
five languages.

"On the 15th", "on December 24", "on the 2nd of January", "on 14 February", "by the 20th", "am
15.", "am 24. Dezember", "am 24.12.", "le 15", "le 1er janvier", "le 24/12", "el 15", "el 24 de
diciembre", "op de 15e", "op 24 december" each name the next such day (its morning, or the hour
said), and the words of the date never stay in the errand. A stretch of time is read
abbreviated ("in 1h", "in 30m", "in 45min", "in 1 Std", "en 1h", "over 1u"), and an hour with
am or pm needs no "at" ("tomorrow 8am", "@ 5pm"). "Set reminder 5pm call mum", "remind me 5pm
call mum", "a reminder for 5pm: call mum" and "I need a reminder at 5pm to …" are reminders:
with a time said and no link, the errand is what is left, said back as written. A weekday's
short name ("weds at 3"), "around 6", "about 6", "by 6", "before 5" (as "by 5"), "at about
6", "at 0700" and "in 2 days at 9" are read too. A count ("food for 15 people", "chapter 15"), a
price and a time of day are no date.
"Remind me again in 10 minutes", "remind me about it later", "snooze" (and "erinnere mich
nochmal daran", "rappelle-le-moi", "recuérdamelo", "herinner me er nog eens aan") name no errand
but the one just given: they file no goal of their own, and say when to give that one again.
"""

from __future__ import annotations

from datetime import date, datetime

import pytest

from custom_components.shelldon.core.commitments import parse_again, parse_remind_me
from custom_components.shelldon.core.language.dates import date_in
from custom_components.shelldon.core.language.when import due_from
from tests.core._support import AMS

MON = datetime(2024, 1, 8, 15, 0, tzinfo=AMS)  # a winter Monday afternoon in Amsterdam


def _at(day: int, hour: int, minute: int = 0, month: int = 1, year: int = 2024) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=AMS)


DATED = [
    # English: the day of the month (its morning, or the hour said), with or without its month
    ("remind me on the 15th to pay the rent", "pay the rent", _at(15, 9, 30)),
    ("Remind me on the 8th at 5 to call Ana", "call Ana", _at(8, 17)),  # today counts
    ("remind me on the 3rd to call Ana", "call Ana", _at(3, 9, 30, month=2)),  # past: next month
    ("remind me on the 31st to pay the rent", "pay the rent", _at(31, 9, 30)),
    ("remind me on December 24 to wrap the gifts", "wrap the gifts", _at(24, 9, 30, 12)),
    ("remind me on Dec 24th at 6pm to wrap the gifts", "wrap the gifts", _at(24, 18, 0, 12)),
    (
        "remind me on the 2nd of January to renew the lease",
        "renew the lease",
        _at(2, 9, 30, 1, 2025),
    ),
    ("remind me on 14 February to buy flowers", "buy flowers", _at(14, 9, 30, 2)),
    ("remind me by the 20th to file the taxes", "file the taxes", _at(20, 9, 30)),
    ("remind me to pay the rent on the 1st at 9", "pay the rent", _at(1, 9, 0, 2)),
    ("remind me on the 15th in the evening to call Ana", "call Ana", _at(15, 18)),
    # German: a date's dot is no sentence's end
    ("Erinnere mich am 15. daran, die Miete zu zahlen", "die Miete zu zahlen", _at(15, 9, 30)),
    (
        "Erinnere mich am 24. Dezember um 18 Uhr daran, Geschenke einzupacken",
        "Geschenke einzupacken",
        _at(24, 18, 0, 12),
    ),
    (
        "Erinnere mich am 24.12. daran, Geschenke einzupacken",
        "Geschenke einzupacken",
        _at(24, 9, 30, 12),
    ),
    # French, Spanish, Dutch
    ("Rappelle-moi le 15 de payer le loyer", "payer le loyer", _at(15, 9, 30)),
    ("Rappelle-moi le 1er février d'appeler maman", "appeler maman", _at(1, 9, 30, 2)),
    ("Rappelle-moi le premier mai d'appeler maman", "appeler maman", _at(1, 9, 30, 5)),
    (
        "Rappelle-moi le 24/12 à 18h d'emballer les cadeaux",
        "emballer les cadeaux",
        _at(24, 18, 0, 12),
    ),
    ("Recuérdame el 15 pagar el alquiler", "pagar el alquiler", _at(15, 9, 30)),
    (
        "Recuérdame el 24 de diciembre a las 6 envolver los regalos",
        "envolver los regalos",
        _at(24, 18, 0, 12),
    ),
    ("Herinner me op de 15e eraan de huur te betalen", "de huur te betalen", _at(15, 9, 30)),
    (
        "Herinner me op 24 december om 6 uur eraan de cadeaus in te pakken",
        "de cadeaus in te pakken",
        _at(24, 18, 0, 12),
    ),
]


@pytest.mark.parametrize(("said", "errand", "due"), DATED)
def test_a_reminder_for_a_date_is_due_that_day(said: str, errand: str, due: datetime) -> None:
    reminder = parse_remind_me(said, MON)
    assert reminder is not None
    assert (reminder.what, reminder.due) == (errand, due)


TERSE = [
    # a stretch of time abbreviated
    ("remind me in 1h to stretch", "stretch", _at(8, 16)),
    ("remind me in 30m to stretch", "stretch", _at(8, 15, 30)),
    ("remind me in 45min to stretch", "stretch", _at(8, 15, 45)),
    ("remind me to stretch in 2 hrs", "stretch", _at(8, 17)),
    ("Erinnere mich in 1h daran, mich zu strecken", "mich zu strecken", _at(8, 16)),
    ("Recuérdame en 1h estirarme", "estirarme", _at(8, 16)),
    ("Herinner me over 1u eraan te stretchen", "te stretchen", _at(8, 16)),
    # an hour with am or pm, and no "at"
    ("remind me tomorrow 8am to take my pills", "take my pills", _at(9, 8)),
    ("remind me tomorrow 8 am to take my pills", "take my pills", _at(9, 8)),
    ("remind me @ 5pm to call mum", "call mum", _at(8, 17)),
    # asked tersely: with a time said and no link, the errand is what is left
    ("Set a reminder for 5pm: call mum", "call mum", _at(8, 17)),
    ("set reminder 5pm call mum", "call mum", _at(8, 17)),
    ("remind me 5pm call mum", "call mum", _at(8, 17)),
    ("I need a reminder at 5pm to call mum", "call mum", _at(8, 17)),
    ("give me a reminder at 6 to stretch", "stretch", _at(8, 18)),
    ("remind me the 5 things to buy at 6", "the 5 things to buy", _at(8, 18)),
    # a weekday's short name, "around", "by", "at about", four digits, days and their hour
    ("remind me weds at 3 to call Ana", "call Ana", _at(10, 15)),
    ("remind me on thurs to call Ana", "call Ana", _at(11, 9, 30)),
    ("remind me fri 5pm to call Ana", "call Ana", _at(12, 17)),
    ("remind me around 6 to start dinner", "start dinner", _at(8, 18)),
    ("remind me to start dinner by 6", "start dinner", _at(8, 18)),
    ("remind me at about 6 to start dinner", "start dinner", _at(8, 18)),
    ("remind me about 6 to start dinner", "start dinner", _at(8, 18)),
    ("remind me before 5 to buy flowers", "buy flowers", _at(8, 17)),
    ("remind me to buy flowers before 5", "buy flowers", _at(8, 17)),
    ("remind me about the dentist before 4", "the dentist", _at(8, 16)),
    ("remind me at 0700 to take the pills", "take the pills", _at(9, 7)),
    ("remind me at 1930 to take the pills", "take the pills", _at(8, 19, 30)),
    ("remind me in 2 days at 9 to call Ana", "call Ana", _at(10, 9)),
    ("remind me in 5 min. to check the kettle", "check the kettle", _at(8, 15, 5)),
    # Spanish asked as a question, when a time is said
    ("¿Me recuerdas mañana a las 8 tomar las pastillas?", "tomar las pastillas", _at(9, 8)),
    # a condition where the time would be: the errand is filed, and the pet asks when
    ("remind me when I get home to feed the cat", "feed the cat", None),
]


@pytest.mark.parametrize(("said", "errand", "due"), TERSE)
def test_a_terse_reminder_is_heard(said: str, errand: str, due: datetime | None) -> None:
    reminder = parse_remind_me(said, MON)
    assert reminder is not None
    assert (reminder.what, reminder.due) == (errand, due)


@pytest.mark.parametrize(
    "said",
    [
        "remind me to buy food for 15 people",
        "remind me to read chapter 15",
        "Rappelle-moi de prendre le 15 h",  # a time of day, not a date
        "Recuérdame que el 15 % es mucho",
        "remind me to call the 3rd floor",
        "remind me that we sat at the table",  # "sat" is no Saturday
        "remind me to fix the lamp on the 1st floor",  # an ordinal before a noun is no date
        "Rappelle-moi de lire le premier chapitre",
        "Herinner me eraan de lamp op de 1e verdieping te vervangen",
        "Recuérdame comprar el 2 por 1",
    ],
)
def test_a_count_a_price_or_an_hour_is_no_date(said: str) -> None:
    reminder = parse_remind_me(said, MON)
    assert reminder is not None and reminder.due is None, "no time: the pet asks when"


@pytest.mark.parametrize(
    "said",
    [
        "remind me 5pm what to buy",  # a question
        "remind me of my mother",  # no time and no link: a memory, no errand
        "the shop opens at 5pm, remind me",
        "remind me when to water the ficus",  # a question
        "remind me again tomorrow",  # no errand: only fillers after the time
        "ok remind me at 6 then",
        "remind me at 5pm instead",
        "me recuerdas a tu padre",  # "you remind me of your father"
    ],
)
def test_what_asks_no_errand_files_nothing(said: str) -> None:
    assert parse_remind_me(said, MON) is None


def test_the_next_such_day() -> None:
    today = date(2026, 4, 7)
    assert date_in("en", "on the 31st", today) == date(2026, 5, 31), "April has no 31st"
    assert date_in("en", "on the 31st of April", today) is None
    assert date_in("en", "on February 29", today) == date(2028, 2, 29), "the next leap year"
    assert date_in("en", "on April 7", today) == today
    assert date_in("en", "on April 6", today) == date(2027, 4, 6)
    assert date_in("en", "on 15", today) is None, "a number alone is no date"
    assert date_in("de", "am 3. Mai", today) == date(2026, 5, 3)
    assert date_in("de", "am 3.5.", today) == date(2026, 5, 3)
    assert date_in("fr", "le 3 mai", today) == date(2026, 5, 3)
    assert date_in("es", "el 3 de mayo", today) == date(2026, 5, 3)
    assert date_in("nl", "op 3 mei", today) == date(2026, 5, 3)


def test_a_date_said_elsewhere_is_read_as_a_due_time() -> None:
    assert due_from("le 15 à 9h", MON, "fr") == _at(15, 9)
    assert due_from("on the 15th", MON) == _at(15, 9, 30)
    assert due_from("op de 15e om 9 uur", MON, "nl") == _at(15, 9)


# --- again, once more -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "due"),
    [
        ("remind me again in 10 minutes", _at(8, 15, 10)),
        ("remind me later", _at(8, 18)),
        ("remind me about it later", _at(8, 18)),
        ("remind me about it again tomorrow", _at(9, 9, 30)),
        ("remind me of it in an hour", _at(8, 16)),
        ("snooze", _at(8, 15, 10)),
        ("Snooze for an hour.", _at(8, 16)),
        ("snooze until 5pm", _at(8, 17)),
        ("Erinnere mich in 10 Minuten nochmal daran", _at(8, 15, 10)),
        ("Erinnere mich morgen wieder daran", _at(9, 9, 30)),
        ("Rappelle-le-moi dans 10 minutes", _at(8, 15, 10)),
        ("Rappelle-moi plus tard", _at(8, 18)),
        ("Recuérdamelo en 10 minutos", _at(8, 15, 10)),
        ("Recuérdame más tarde", _at(8, 18)),
        ("Herinner me er over 10 minuten nog eens aan", _at(8, 15, 10)),
        ("Herinner me later nog eens", _at(8, 18)),
    ],
)
def test_again_names_no_errand_but_the_one_just_given(said: str, due: datetime) -> None:
    assert parse_again(said, MON) == due
    assert parse_remind_me(said, MON) is None, "no goal named 'again', 'it' or 'nochmal'"


@pytest.mark.parametrize(
    "said",
    [
        "remind me to call mum at 5",  # an errand of its own
        "remind me again",  # no time
        "you'll remind me again later, right?",  # a question about a promise
        "snooze the alarm on my phone",
        "I snoozed until 9",
    ],
)
def test_what_is_no_again(said: str) -> None:
    assert parse_again(said, MON) is None
