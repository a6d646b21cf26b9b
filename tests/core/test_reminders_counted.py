"""Reminders whose time is counted in words or with a half, set "for" a time, or written as a
note, in the five languages.

"In twenty minutes" is read as "in 20 minutes" is, in every language ("in zwanzig Minuten",
"dans vingt minutes", "en veinte minutos", "over twintig minuten"); a half, however the
language says it, is half the unit ("an hour and a half", "two and a half hours", "2.5 hours",
"anderthalb Stunden", "une heure et demie", "una hora y media", "anderhalf uur"), and so is a
quarter of an hour ("eine Viertelstunde", "un quart d'heure", "un cuarto de hora", "een
kwartier"); the words
of the time never stay in the errand. "Set a reminder for 9 to …" is at 9; "Reminder: call the
bank at 3pm" is a reminder written as a note (and "Erinnerung:", "Rappel :", "Recordatorio:",
"Herinnering:"); "don't let me forget the laundry at 6" is one about the laundry. Weeks, the
day after tomorrow ("übermorgen", "après-demain", "pasado mañana", "overmorgen"), "next
Monday", "at 8 in the morning" and "at 7.30" are read too; a few words the pet cannot read as a
time ahead of the errand ("after lunch", "this weekend") file the errand without a time, so the
pet asks when.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from custom_components.shelldon.core.commitments import errand_of, parse_remind_me
from tests.core._support import AMS

MON = datetime(2024, 1, 8, 15, 0, tzinfo=AMS)  # a winter Monday afternoon in Amsterdam


def _at(hour: int, minute: int = 0, day: int = 8) -> datetime:
    return datetime(2024, 1, day, hour, minute, tzinfo=AMS)


COUNTED = [
    # words for the count, time first and time last
    ("Remind me in two hours to call Ana", "call Ana", _at(17)),
    ("remind me in five minutes to check the oven", "check the oven", _at(15, 5)),
    ("remind me to check the oven in ten minutes", "check the oven", _at(15, 10)),
    ("Remind me in twenty-five minutes to stretch", "stretch", _at(15, 25)),
    ("remind me in forty five minutes to leave", "leave", _at(15, 45)),
    ("remind me in a couple of hours to water the ficus", "water the ficus", _at(17)),
    ("Erinnere mich in zwei Stunden daran, Mama anzurufen", "Mama anzurufen", _at(17)),
    (
        "erinnere mich in zwanzig Minuten daran, den Ofen auszumachen",
        "den Ofen auszumachen",
        _at(15, 20),
    ),
    ("Rappelle-moi dans deux heures d'appeler maman", "appeler maman", _at(17)),
    ("rappelle-moi dans quinze minutes de sortir le gâteau", "sortir le gâteau", _at(15, 15)),
    ("Recuérdame en dos horas llamar a mamá", "llamar a mamá", _at(17)),
    ("recuérdame en veinte minutos sacar la tarta", "sacar la tarta", _at(15, 20)),
    ("Herinner me over twee uur eraan mama te bellen", "mama te bellen", _at(17)),
    (
        "herinner me over tien minuten eraan de oven uit te zetten",
        "de oven uit te zetten",
        _at(15, 10),
    ),
    # a half, however it is said
    ("remind me in an hour and a half to leave", "leave", _at(16, 30)),
    ("remind me to leave in an hour and a half", "leave", _at(16, 30)),
    ("remind me in two and a half hours to leave", "leave", _at(17, 30)),
    ("remind me to leave in 2 and a half hours", "leave", _at(17, 30)),
    ("remind me in 1.5 hours to leave", "leave", _at(16, 30)),
    ("remind me in 2.5 hours to leave", "leave", _at(17, 30)),
    ("remind me in 1 hour and fifteen minutes to leave", "leave", _at(16, 15)),
    ("Erinnere mich in anderthalb Stunden daran zu gehen", "zu gehen", _at(16, 30)),
    ("erinnere mich in eineinhalb Stunden daran zu gehen", "zu gehen", _at(16, 30)),
    ("erinnere mich in zweieinhalb Stunden daran zu gehen", "zu gehen", _at(17, 30)),
    ("erinnere mich in 2,5 Stunden daran zu gehen", "zu gehen", _at(17, 30)),
    ("erinnere mich in einer Stunde und einer halben daran zu gehen", "zu gehen", _at(16, 30)),
    ("Rappelle-moi dans une heure et demie de partir", "partir", _at(16, 30)),
    ("rappelle-moi dans deux heures et demie de partir", "partir", _at(17, 30)),
    ("Recuérdame en una hora y media salir", "salir", _at(16, 30)),
    ("recuérdame en dos horas y media salir", "salir", _at(17, 30)),
    ("Herinner me over anderhalf uur eraan te vertrekken", "te vertrekken", _at(16, 30)),
    ("herinner me over twee en een half uur eraan te vertrekken", "te vertrekken", _at(17, 30)),
    ("herinner me over tweeënhalf uur eraan te vertrekken", "te vertrekken", _at(17, 30)),
    # a quarter of an hour, and three of them
    ("Remind me in a quarter of an hour to check the oven", "check the oven", _at(15, 15)),
    ("remind me in three quarters of an hour to leave", "leave", _at(15, 45)),
    ("Erinnere mich in einer Viertelstunde an den Ofen", "den Ofen", _at(15, 15)),
    ("erinnere mich in einer Dreiviertelstunde daran zu gehen", "zu gehen", _at(15, 45)),
    ("Rappelle-moi dans un quart d'heure de sortir le gâteau", "sortir le gâteau", _at(15, 15)),
    ("rappelle-moi dans trois quarts d’heure de partir", "partir", _at(15, 45)),
    ("Recuérdame dentro de un cuarto de hora sacar la tarta", "sacar la tarta", _at(15, 15)),
    ("recuérdame en tres cuartos de hora salir", "salir", _at(15, 45)),
    ("Herinner me over een kwartier aan de oven", "de oven", _at(15, 15)),
    ("herinner me over drie kwartier eraan te vertrekken", "te vertrekken", _at(15, 45)),
    # "set a reminder for" a time
    ("Set a reminder for 9 to call mum", "call mum", _at(9, day=9)),  # 9 has gone by
    ("set a reminder for 9pm to call mum", "call mum", _at(21)),
    ("set a reminder for 9:30 tomorrow to call mum", "call mum", _at(9, 30, day=9)),
    ("set me a reminder for noon tomorrow to eat", "eat", _at(12, day=9)),
    ("please set a reminder for half past 6 about the bins", "the bins", _at(18, 30)),
    ("set a reminder for tomorrow at 9 to call the bank", "call the bank", _at(9, day=9)),
    # a note to itself, and "don't let me forget" a thing
    ("Reminder: call the bank at 4pm", "call the bank", _at(16)),
    ("reminder - pills at 9", "pills", _at(9, day=9)),
    ("Reminder: pills at 7", "pills", _at(19)),  # a bare 7 is the evening's
    ("Reminder: the dentist tomorrow", "the dentist", _at(9, 30, day=9)),
    ("Erinnerung: Mama anrufen um 17 Uhr", "Mama anrufen", _at(17)),
    ("Rappel : appeler maman à 17h", "appeler maman", _at(17)),
    ("Recordatorio: llamar a mamá a las 5", "llamar a mamá", _at(17)),
    ("Herinnering: mama bellen om 5 uur", "mama bellen", _at(17)),
    # weeks; the day after tomorrow; next Monday; an hour of the morning or the evening said so
    ("remind me in a week to call Ana", "call Ana", _at(15, day=15)),
    ("remind me in two weeks to call Ana", "call Ana", _at(15, day=22)),
    ("erinnere mich in einer Woche daran, Ana anzurufen", "Ana anzurufen", _at(15, day=15)),
    ("rappelle-moi dans une semaine d'appeler Ana", "appeler Ana", _at(15, day=15)),
    ("recuérdame en una semana llamar a Ana", "llamar a Ana", _at(15, day=15)),
    ("herinner me over een week eraan Ana te bellen", "Ana te bellen", _at(15, day=15)),
    ("remind me the day after tomorrow to call Ana", "call Ana", _at(9, 30, day=10)),
    ("remind me to call Ana the day after tomorrow at 8", "call Ana", _at(8, day=10)),
    ("erinnere mich übermorgen daran, Ana anzurufen", "Ana anzurufen", _at(9, 30, day=10)),
    ("rappelle-moi après-demain d'appeler Ana", "appeler Ana", _at(9, 30, day=10)),
    ("recuérdame pasado mañana llamar a Ana", "llamar a Ana", _at(9, 30, day=10)),
    ("herinner me overmorgen eraan Ana te bellen", "Ana te bellen", _at(9, 30, day=10)),
    ("remind me next Monday to pay the rent", "pay the rent", _at(9, 30, day=15)),
    ("remind me at 8 in the morning to call Ana", "call Ana", _at(8, day=9)),
    ("remind me at 7 o'clock in the morning to call Ana", "call Ana", _at(7, day=9)),
    ("remind me at 4 in the afternoon to call Ana", "call Ana", _at(16)),
    ("remind me at 9 at night to lock up", "lock up", _at(21)),
    ("remind me at 7.30 to call Ana", "call Ana", _at(19, 30)),
    ("remind me in the evening to call Ana", "call Ana", _at(18)),
    ("Don't let me forget the laundry at 6", "the laundry", _at(18)),
    ("don't let me forget to call mum at 6", "call mum", _at(18)),
]


@pytest.mark.parametrize(("said", "what", "due"), COUNTED)
def test_a_reminder_counted_in_words_or_halves_is_due_when_it_says(
    said: str, what: str, due: datetime
) -> None:
    reminder = parse_remind_me(said, MON)
    assert reminder is not None, said
    assert (reminder.what, reminder.due) == (what, due)


@pytest.mark.parametrize(
    "said",
    [
        "set a reminder to buy food for 9 people",  # "for 9" after the errand is no time
        "remind me to put the two boxes in two rooms",  # a count with no unit is no time
        "remind me to read chapter five",
        "don't let me forget what you said",  # a question word: nothing to remember by
    ],
)
def test_a_count_that_is_no_time_leaves_the_reminder_without_one(said: str) -> None:
    reminder = parse_remind_me(said, MON)
    assert reminder is None or reminder.due is None, said


def test_a_promises_list_item_counted_in_words_takes_its_time_out_of_the_errand() -> None:
    item = errand_of("water the plants in twenty minutes", MON)
    assert (item.what, item.due) == ("water the plants", _at(15, 20))


def test_a_note_has_no_link_word() -> None:
    """ "Reminder: pills at 9" is said back whole ("I'll remind you: pills …", the offline
    brain's test), never as "to pills"."""
    reminder = parse_remind_me("Reminder: pills at 9", MON)
    assert reminder is not None and reminder.link == ""


@pytest.mark.parametrize(
    ("said", "what"),
    [
        ("remind me after lunch to call Ana", "call Ana"),
        ("remind me this weekend to clean the windows", "clean the windows"),
        ("remind me before bed to take my pills", "take my pills"),
        ("set a reminder after dinner about the bins", "the bins"),
        # "next week": no day yet, in any language (the words do not stay in the errand)
        ("remind me next week to call Ana", "call Ana"),
        ("Erinnere mich nächste Woche daran, Ana anzurufen", "Ana anzurufen"),
        ("Rappelle-moi la semaine prochaine d'appeler Ana", "appeler Ana"),
        ("Recuérdame la próxima semana llamar a Ana", "llamar a Ana"),
        ("Herinner me volgende week eraan Ana te bellen", "Ana te bellen"),
    ],
)
def test_words_the_pet_cannot_read_as_a_time_still_file_the_errand_and_it_asks_when(
    said: str, what: str
) -> None:
    reminder = parse_remind_me(said, MON)
    assert reminder is not None and (reminder.what, reminder.due) == (what, None)


@pytest.mark.parametrize(
    "said", ["remind me how to cook rice", "remind me what I need to buy", "remind me why"]
)
def test_a_question_after_remind_me_is_no_reminder(said: str) -> None:
    assert parse_remind_me(said, MON) is None
