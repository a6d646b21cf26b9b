"""Reminders whose time is said before the errand, in the morning, or in two units.

"Remind me in 20 minutes to check the oven", "remind me at 5pm to call mum" and "In 20 minutes,
remind me to stretch" file the errand at its time, as "remind me to check the oven in 20
minutes" does; "tomorrow morning at 7" is 07:00 in every language (the bare-hour rule, "at 7"
is 19:00, holds only where no morning is said); "in 1 hour and 30 minutes" is 90 minutes.
A time of another clause is not the reminder's: the pet asks instead.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from custom_components.shelldon.core.commitments import due_from, parse_remind_me
from tests.core._support import AMS

MON = datetime(2024, 1, 8, 15, 0, tzinfo=AMS)  # a winter Monday afternoon in Amsterdam


def _day(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2024, 1, day, hour, minute, tzinfo=AMS)


SAID_FIRST = [
    ("Remind me in 20 minutes to check the oven", "check the oven", _day(8, 15, 20)),
    ("remind me in half an hour to stretch", "stretch", _day(8, 15, 30)),
    ("Remind me in 2 hours to call Ana", "call Ana", _day(8, 17)),
    ("Remind me at 5pm to call mum", "call mum", _day(8, 17)),
    ("remind me at 17:30 to water the ficus", "water the ficus", _day(8, 17, 30)),
    ("Remind me at 6 about the parcel", "the parcel", _day(8, 18)),
    ("Remind me tomorrow at 10 to call the dentist", "call the dentist", _day(9, 10)),
    ("please remind me on Friday evening to book the table", "book the table", _day(12, 18)),
    ("Remind me at ten to eight to take the pills", "take the pills", _day(8, 19, 50)),
    ("can you remind me tonight that the bins go out", "the bins go out", _day(8, 20)),
    ("set a reminder at 6pm to feed the cat", "feed the cat", _day(8, 18)),
    # the time ahead of "remind me", in the same sentence and nothing else with it
    ("In 20 minutes, remind me to stretch", "stretch", _day(8, 15, 20)),
    ("Tomorrow at 9, please remind me to call the bank", "call the bank", _day(9, 9)),
    ("ok so at 6pm remind me to feed the cat", "feed the cat", _day(8, 18)),
]


@pytest.mark.parametrize(("text", "errand", "due"), SAID_FIRST)
def test_a_time_said_before_the_errand_is_the_reminders(
    text: str, errand: str, due: datetime
) -> None:
    found = parse_remind_me(text, MON)
    assert found is not None, text
    assert (found.what, found.due) == (errand, due)


@pytest.mark.parametrize(
    "text",
    [
        "I was at the doctor at 3, remind me to call the pharmacy",
        "We met in 2019. Remind me to call Ana",
        "the shop closes at 6 so remind me to buy bread",
    ],
)
def test_a_time_of_another_clause_is_not_the_reminders(text: str) -> None:
    found = parse_remind_me(text, MON)
    assert found is not None and found.due is None, "asked back, never invented"


@pytest.mark.parametrize(
    "text",
    [
        "remind me what you said",
        "Remind me in 20 minutes",  # no errand: nothing to file
        "remind me at 7 to 8 people",
    ],
)
def test_no_errand_files_nothing(text: str) -> None:
    assert parse_remind_me(text, MON) is None


MORNINGS = [
    ("Remind me tomorrow morning at 7 to call the dentist", "call the dentist"),
    ("Erinnere mich morgen früh um 7 daran, den Zahnarzt anzurufen", "den Zahnarzt anzurufen"),
    ("Rappelle-moi demain matin à 7h d'appeler le dentiste", "appeler le dentiste"),
    ("Recuérdame mañana por la mañana a las 7 llamar al dentista", "llamar al dentista"),
    ("Herinner me morgenochtend om 7 uur eraan de tandarts te bellen", "de tandarts te bellen"),
]


@pytest.mark.parametrize(("text", "errand"), MORNINGS)
def test_an_hour_said_of_the_morning_is_in_the_morning(text: str, errand: str) -> None:
    found = parse_remind_me(text, MON)
    assert found is not None and (found.what, found.due) == (errand, _day(9, 7))


@pytest.mark.parametrize(
    ("text", "due"),
    [
        ("tomorrow at 7", _day(9, 19)),  # the bare-hour rule where no morning is said
        ("morgen um 7 Uhr", _day(9, 19)),
        ("tomorrow evening at 7", _day(9, 19)),
        ("on Friday morning at 8", _day(12, 8)),
        ("tomorrow", _day(9, 9, 30)),  # a day with no hour: its morning
        ("tomorrow afternoon", _day(9, 14)),
    ],
)
def test_the_bare_hour_rule_still_holds_where_no_morning_is_said(text: str, due: datetime) -> None:
    assert due_from(text, MON) == due


TWO_UNITS = [
    ("Remind me to stretch in 1 hour and 30 minutes", "stretch", _day(8, 16, 30)),
    ("remind me in 2 hours and 15 minutes to eat", "eat", _day(8, 17, 15)),
    ("Erinnere mich in 1 Stunde und 30 Minuten daran, zu gehen", "zu gehen", _day(8, 16, 30)),
    ("Rappelle-moi dans 1 heure et 30 minutes de partir", "partir", _day(8, 16, 30)),
    ("Recuérdame en 1 hora y 30 minutos llamar a Ana", "llamar a Ana", _day(8, 16, 30)),
    ("Herinner me over 1 uur en 30 minuten eraan te gaan", "te gaan", _day(8, 16, 30)),
]


@pytest.mark.parametrize(("text", "errand", "due"), TWO_UNITS)
def test_a_duration_in_two_units_is_their_sum_and_leaves_the_errand_whole(
    text: str, errand: str, due: datetime
) -> None:
    found = parse_remind_me(text, MON)
    assert found is not None and (found.what, found.due) == (errand, due)


@pytest.mark.parametrize(
    "text",
    [
        "remind me this morning at 7 to call the bank",
        "remind me to call the bank this morning at 7",
        "Erinnere mich heute früh um 7 daran, die Bank anzurufen",
    ],
)
def test_an_hour_of_this_morning_already_past_is_asked_back(text: str) -> None:
    """Said at three in the afternoon, "this morning at 7" has passed: asked, never given."""
    found = parse_remind_me(text, MON)
    assert found is not None and found.due is None


@pytest.mark.parametrize(
    ("text", "errand"),
    [
        ("remind me at 5 to say thank you to grandma", "say thank you to grandma"),
        ("remind me to send thanks at 5", "send thanks"),
        ("remind me to write a thank you at 5", "write a thank you"),
        ("remind me at 5 to tell Anna please call back", "tell Anna please call back"),
        ("please remind me at 5 to feed the cat please", "feed the cat"),
        ("Remind me to return the book at 5, please", "return the book"),
    ],
)
def test_a_please_around_the_errand_goes_and_one_inside_it_stays(text: str, errand: str) -> None:
    found = parse_remind_me(text, MON)
    assert found is not None and (found.what, found.due) == (errand, _day(8, 17))


@pytest.mark.parametrize(
    ("text", "errand", "due"),
    [
        ("don't let me forget to call mum at 5", "call mum", _day(8, 17)),
        ("Don’t let me forget about the dentist tomorrow", "the dentist", _day(9, 9, 30)),
        ("please don't let me forget that the bins go out at 6", "the bins go out", _day(8, 18)),
        ("ping me at 5 about the laundry", "the laundry", _day(8, 17)),
        ("nudge me in 20 minutes to check the oven", "check the oven", _day(8, 15, 20)),
        ("text me in an hour to call Ana", "call Ana", _day(8, 16)),
        ("buzz me at 7 to water the ficus", "water the ficus", _day(8, 19)),
    ],
)
def test_other_ways_of_asking_to_be_reminded(text: str, errand: str, due: datetime) -> None:
    found = parse_remind_me(text, MON)
    assert found is not None and (found.what, found.due) == (errand, due)


@pytest.mark.parametrize(
    "text",
    [
        "ping me about the laundry",  # a ping with no time is no reminder
        "text me that photo",
        "alert me if it rains",
        "tell me about your day tomorrow",
        "don't let me forget",
    ],
)
def test_words_that_only_sound_like_a_reminder_file_nothing(text: str) -> None:
    assert parse_remind_me(text, MON) is None
