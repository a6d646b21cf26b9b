"""Keeping promises, in pure policy: times read as owners say them in five languages (noon,
midnight, half past, quarter to, tonight, after work, an hour in words), a question about a
promise told from a request, one request as one errand, and when each promise is given
(at its time; when the quiet hours end; late, saying so; never early)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, time, timedelta

import pytest

from custom_components.shelldon.core.commitments import (
    answers_with_a_time,
    errand_of,
    mentions_a_time,
    parse_promise_question,
    parse_remind_me,
)
from custom_components.shelldon.core.errands import one_request, same_day
from custom_components.shelldon.core.goals import (
    Goal,
    GoalKind,
    GoalState,
    Provenance,
    Strategy,
)
from custom_components.shelldon.core.keeping import (
    LATE_AFTER,
    QuietHours,
    due_now,
    is_kept,
    late,
    next_goal_time,
    next_keeping,
    postponed,
)
from custom_components.shelldon.core.language.questions import asks_about_a_promise
from custom_components.shelldon.core.language.when import due_from
from tests.core._support import AMS

MON = datetime(2024, 1, 8, 9, 0, tzinfo=AMS)  # a Monday morning in Amsterdam
QUIET = QuietHours(time(22), time(9))


def _at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2024, 1, day, hour, minute, tzinfo=AMS)


# --- times as owners say them -------------------------------------------------------------

CLOCKS = [
    # English
    ("en", "at noon", _at(8, 12)),
    ("en", "tomorrow at noon", _at(9, 12)),
    ("en", "at midday", _at(8, 12)),
    ("en", "at midnight", _at(9, 0)),
    ("en", "half past seven", _at(8, 19, 30)),
    ("en", "at half past 7", _at(8, 19, 30)),
    ("en", "quarter to eight", _at(8, 19, 45)),
    ("en", "a quarter past three", _at(8, 15, 15)),
    ("en", "ten past seven", _at(8, 19, 10)),
    ("en", "25 minutes to 9", _at(9, 8, 35)),  # 08:35 is past at 09:00: tomorrow's
    ("en", "at seven", _at(8, 19)),
    ("en", "at seven thirty", _at(8, 19, 30)),
    ("en", "tonight", _at(8, 20)),
    ("en", "this evening", _at(8, 18)),
    ("en", "after work", _at(8, 18)),
    ("en", "at 03:55", _at(9, 3, 55)),  # a 24-hour clock means what it says
    ("en", "at 3:55", _at(8, 15, 55)),  # a bare hour is the afternoon's
    # German
    ("de", "um halb acht", _at(8, 19, 30)),
    ("de", "Viertel nach 7", _at(8, 19, 15)),
    ("de", "Viertel vor acht", _at(8, 19, 45)),
    ("de", "zehn nach sieben", _at(8, 19, 10)),
    ("de", "morgen Mittag", _at(9, 12)),
    ("de", "mittags", _at(8, 12)),
    ("de", "um 1 mittags", _at(8, 13)),
    ("de", "um Mitternacht", _at(9, 0)),
    ("de", "heute Abend", _at(8, 20)),
    ("de", "nach der Arbeit", _at(8, 18)),
    ("de", "um sieben Uhr", _at(8, 19)),
    # French
    ("fr", "à midi", _at(8, 12)),
    ("fr", "demain à midi", _at(9, 12)),
    ("fr", "à minuit", _at(9, 0)),
    ("fr", "à 7 heures et demie", _at(8, 19, 30)),
    ("fr", "à 7h et quart", _at(8, 19, 15)),
    ("fr", "à 8 heures moins le quart", _at(8, 19, 45)),
    ("fr", "à sept heures", _at(8, 19)),
    ("fr", "ce soir", _at(8, 20)),
    ("fr", "après le travail", _at(8, 18)),
    # Spanish
    ("es", "al mediodía", _at(8, 12)),
    ("es", "mañana al mediodía", _at(9, 12)),
    ("es", "a medianoche", _at(9, 0)),
    ("es", "a las siete y media", _at(8, 19, 30)),
    ("es", "a las 8 menos cuarto", _at(8, 19, 45)),
    ("es", "a la una", _at(8, 13)),
    ("es", "esta noche", _at(8, 20)),
    ("es", "después del trabajo", _at(8, 18)),
    # Dutch
    ("nl", "om half acht", _at(8, 19, 30)),
    ("nl", "kwart over 7", _at(8, 19, 15)),
    ("nl", "kwart voor acht", _at(8, 19, 45)),
    ("nl", "om middernacht", _at(9, 0)),
    ("nl", "om zeven uur", _at(8, 19)),
    ("nl", "vanavond", _at(8, 20)),
    ("nl", "na het werk", _at(8, 18)),
    ("nl", "morgen tussen de middag", _at(9, 12, 30)),
]


@pytest.mark.parametrize(("language", "phrase", "due"), CLOCKS)
def test_times_as_owners_say_them(language: str, phrase: str, due: datetime) -> None:
    assert due_from(phrase, MON, language) == due


@pytest.mark.parametrize(
    ("language", "phrase"),
    [
        ("en", "buy 2 to 3 apples"),  # digits around "to" are no clock without "minutes"
        ("en", "look at 3 options"),
        ("fr", "à une amie"),  # an hour in words needs "heure(s)"
        ("nl", "om een boodschap te doen"),
    ],
)
def test_what_is_no_time(language: str, phrase: str) -> None:
    assert due_from(phrase, MON, language) is None


@pytest.mark.parametrize(
    ("text", "what", "due"),
    [
        ("Remind me to buy stamps tomorrow at noon.", "buy stamps", _at(9, 12)),
        ("remind me to call mum at half past seven, please", "call mum", _at(8, 19, 30)),
        ("Erinnere mich um halb acht daran, Ana anzurufen", "Ana anzurufen", _at(8, 19, 30)),
        ("Rappelle-moi à midi d'acheter du pain", "acheter du pain", _at(8, 12)),
        ("Recuérdame a las 8 menos cuarto llamar a Ana", "llamar a Ana", _at(8, 19, 45)),
        ("Herinner me om half acht eraan Ana te bellen", "Ana te bellen", _at(8, 19, 30)),
    ],
)
def test_a_reminder_files_the_errand_without_its_time_words(
    text: str, what: str, due: datetime
) -> None:
    found = parse_remind_me(text, MON)
    assert found is not None
    assert (found.what, found.due) == (what, due)


# --- a question about a promise ----------------------------------------------------------

QUESTIONS = [
    "You'll remind me about calling mum at seven, right?",
    "you will remind me to call mum, won't you?",
    "Don't forget mum at 7?",
    "Du erinnerst mich doch um sieben an Mama, oder?",
    "Du denkst dran, Mama anzurufen, ja?",
    "Tu me rappelleras d'appeler maman, hein ?",
    "Me recordarás llamar a mamá, ¿verdad?",
    "Je herinnert me er toch aan om mama te bellen?",
]
REQUESTS = [
    "Remind me to call mum at 7, ok?",
    "Good morning! Remind me to call mum at 7, right?",
    "Can you remind me to call mum at 7?",
    "Will you remind me to call mum at 7?",
    "Kannst du mich um 7 an Mama erinnern, ja?",
    "Rappelle-moi d'appeler maman, d'accord ?",
    "Recuérdame llamar a mamá, ¿vale?",
    "Herinner me om 7 uur aan mama, oké?",
]


@pytest.mark.parametrize("text", QUESTIONS)
def test_a_question_about_a_promise_asks_for_nothing_new(text: str) -> None:
    assert asks_about_a_promise(text)
    assert parse_remind_me(text, MON) is None
    asked = parse_promise_question(text, MON)
    assert asked is not None and asked.what


@pytest.mark.parametrize("text", REQUESTS)
def test_a_request_asked_as_a_question_is_still_a_request(text: str) -> None:
    assert not asks_about_a_promise(text)
    assert parse_remind_me(text, MON) is not None
    assert parse_promise_question(text, MON) is None


# --- one request, one errand; what the list and "when?" are told ---------------------------


@pytest.mark.parametrize(
    ("owner", "model", "one"),
    [
        ("call my mum", "remind Alex to call mum", True),
        ("call my mum", "remind you", True),  # it names nothing but the reminding
        ("call my mum", "remind you to call", True),
        ("buy stamps", "remind you to buy stamps at the post office", True),
        ("call my mum", "check the weather for your trip", False),
        ("Mama anzurufen", "Mama anrufen", True),
    ],
)
def test_the_owners_words_and_the_models_promise_are_one_request(
    owner: str, model: str, one: bool
) -> None:
    assert one_request(model, owner, _at(8, 19), _at(8, 19, 40), AMS) is one
    assert not one_request(model, owner, _at(9, 19), _at(8, 19), AMS), "another day"


def test_same_day_is_the_owners_day() -> None:
    assert same_day(_at(8, 23, 30), _at(8, 0, 10), AMS)
    assert not same_day(_at(8, 23, 30), _at(9, 0, 10), AMS)
    assert same_day(None, _at(8, 1), AMS)


@pytest.mark.parametrize(
    ("typed", "what", "due"),
    [
        ("put the bins out at 6pm", "put the bins out", _at(8, 18)),
        ("Water plants", "Water plants", None),
        ("buy stamps tomorrow at noon", "buy stamps", _at(9, 12)),
        ("Müll rausbringen um 18 Uhr", "Müll rausbringen", _at(8, 18)),
        # read by the language that reads the most of it: Dutch, though German says "morgen"
        ("bank bellen morgen om 9 uur", "bank bellen", _at(9, 9)),
        ("Mama anrufen morgen früh", "Mama anrufen", _at(9, 9, 30)),
        ("pay the rent on the 15th", "pay the rent", _at(15, 9, 30)),
        ("remind me to call Ana at 7", "call Ana", _at(8, 19)),
    ],
)
def test_a_typed_list_item_keeps_its_errand_and_reads_its_time(
    typed: str, what: str, due: datetime | None
) -> None:
    found = errand_of(typed, MON)
    assert (found.what, found.due) == (what, due)


@pytest.mark.parametrize(
    ("text", "due"),
    [
        ("at 5pm, please", _at(8, 17)),
        ("tomorrow morning", _at(9, 9, 30)),
        ("ok, at half past seven then", _at(8, 19, 30)),
        ("I'll be home at 7 with the kids", None),  # a sentence, not an answer to "when?"
        ("sounds good", None),
        # a bare time, as if "at", "on" or "in" stood before it, with words around it
        ("17:00", _at(8, 17)),
        ("5", _at(8, 17)),
        ("six", _at(8, 18)),
        ("5 o'clock", _at(8, 17)),
        ("How about 6?", _at(8, 18)),
        ("oh, at 5 I guess", _at(8, 17)),
        ("6pm works", _at(8, 18)),
        ("the 15th", _at(15, 9, 30)),
        ("20 minutes", _at(8, 9, 20)),
        ("um 17 Uhr", _at(8, 17)),
        ("17 Uhr", _at(8, 17)),
        ("morgen om 9 uur", _at(9, 9)),  # Dutch, though German says "morgen" too
        ("demain à 9h", _at(9, 9)),
        ("5 apples", None),
        ("I have 2 kids", None),
        ("no idea", None),
    ],
)
def test_an_answer_to_when_is_little_more_than_a_time(text: str, due: datetime | None) -> None:
    assert answers_with_a_time(text, MON) == due


def test_something_like_a_time_is_noticed_even_when_unread() -> None:
    assert mentions_a_time("call mum at seven-ish")
    assert mentions_a_time("um 7")
    assert not mentions_a_time("call mum")


# --- when a promise is given --------------------------------------------------------------


def _promise(due: datetime | None, provenance: Provenance = Provenance.REMIND_ME) -> Goal:
    return Goal(
        "g1",
        "call mum",
        GoalKind.REACH_OUT,
        provenance,
        Strategy.BLIND,
        MON - timedelta(hours=1),
        due,
    )


def test_the_quiet_hours_cross_midnight() -> None:
    assert QUIET.hold(_at(8, 23)) and QUIET.hold(_at(9, 8, 59))
    assert not QUIET.hold(_at(9, 9)) and not QUIET.hold(_at(8, 21, 59))
    assert QUIET.end_after(_at(8, 23, 0)) == _at(9, 9)
    assert QUIET.end_after(_at(9, 9, 0)) == _at(10, 9)
    assert QUIET.end_after(_at(9, 8, 30)) == _at(9, 9)


@pytest.mark.parametrize(
    ("due", "given"),
    [
        (_at(8, 19), _at(8, 19)),
        (_at(8, 22, 30), _at(9, 9)),
        (_at(9, 0), _at(9, 9)),
        (_at(9, 6, 45), _at(9, 9)),
        (_at(9, 9), _at(9, 9)),
    ],
)
def test_a_promise_is_given_at_its_time_or_when_the_quiet_hours_end(
    due: datetime, given: datetime
) -> None:
    goal = _promise(due)
    assert QUIET.keep_at(due, MON) == given
    assert due_now([goal], given - timedelta(minutes=1), QUIET) == []
    assert due_now([goal], given, QUIET) == [goal]
    assert postponed(goal, given, QUIET) is (given != due)


def test_nothing_is_given_inside_the_quiet_hours_even_long_overdue() -> None:
    goal = _promise(_at(8, 19))
    assert due_now([goal], _at(8, 23), QUIET) == []
    assert next_keeping([goal], _at(8, 23), QUIET) == _at(9, 9)
    assert late(goal, _at(9, 9), QUIET)


def test_late_is_more_than_a_little_after_its_time() -> None:
    goal = _promise(_at(8, 19))
    assert not late(goal, _at(8, 19) + LATE_AFTER, QUIET)
    assert late(goal, _at(8, 19) + LATE_AFTER + timedelta(minutes=1), QUIET)
    quiet_one = _promise(_at(8, 23))
    assert not late(quiet_one, _at(9, 9), QUIET), "given when the quiet hours end is on time"


def test_only_open_promises_with_a_time_are_kept() -> None:
    assert is_kept(_promise(_at(8, 19)))
    assert is_kept(_promise(_at(8, 19), Provenance.PROMISE))
    assert not is_kept(_promise(None)), "no time said: it waits on the list"
    assert not is_kept(_promise(_at(8, 19), Provenance.MAINTENANCE))
    assert not is_kept(replace(_promise(_at(8, 19)), kind=GoalKind.ASK))
    assert not is_kept(replace(_promise(_at(8, 19)), state=GoalState.DONE))


def test_the_goal_timer_waits_for_the_next_promise_or_goal() -> None:
    soon, later = _promise(_at(8, 19)), replace(_promise(_at(8, 23)), id="g2")
    other = Goal(
        "g3", "tidy", GoalKind.CHORE, Provenance.MAINTENANCE, Strategy.BLIND, MON, _at(8, 12)
    )
    assert next_goal_time([soon, later], MON, QUIET, set()) == _at(8, 19)
    assert next_goal_time([later], MON, QUIET, set()) == _at(9, 9)
    assert next_goal_time([soon, other], MON, QUIET, set()) == _at(8, 12)
    assert next_goal_time([soon, other], MON, QUIET, {"g3"}) == _at(8, 19), "heard already"
    assert next_goal_time([], MON, QUIET, set()) is None
