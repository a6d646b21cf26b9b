"""Reading commitments out of words: the pet's own promises and the owner's "remind me"."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from custom_components.shelldon.core.commitments import (
    DEFAULT_DUE,
    LATER,
    Commitment,
    due_from,
    parse_back_in,
    parse_remind_me,
    scan_commitments,
)
from tests.core._support import AMS

# A winter Monday afternoon in Amsterdam.
MON = datetime(2024, 1, 8, 15, 0, tzinfo=AMS)
TUE = datetime(2024, 1, 9, tzinfo=AMS)


def _day(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2024, 1, day, hour, minute, tzinfo=AMS)


def _one(text: str, now: datetime = MON) -> Commitment:
    found = scan_commitments(text, now)
    assert len(found) == 1, found
    return found[0]


def test_today_is_a_monday() -> None:
    assert MON.strftime("%A") == "Monday"


# --- scan_commitments: what counts -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "what", "due"),
    [
        ("I'll look into that tonight.", "look into that", _day(8, 20)),
        ("I will check the weather tomorrow morning.", "check the weather", _day(9, 9, 30)),
        (
            "I'm going to ask you how it went on Tuesday evening.",
            "ask you how it went",
            _day(9, 18),
        ),
        ("I'll ping you in 20 minutes!", "ping you", _day(8, 15, 20)),
        ("I'll get back to you later.", "get back to you", MON + timedelta(hours=3)),
        ("I'll read the article.", "read the article", MON + timedelta(hours=24)),
        ("I’ll look into that tonight", "look into that", _day(8, 20)),  # curly apostrophe
        ("I shall look into it this evening", "look into it", _day(8, 18)),
        ("I am going to look into that tomorrow", "look into that", _day(9, 9, 30)),
        ("I WILL check the news tomorrow night", "check the news", _day(9, 20)),
        ("I'll check the oven in an hour", "check the oven", _day(8, 16)),
        ("I'll find out in 2 days", "find out", _day(10, 15)),
        (
            "I'll ask about your interview tomorrow evening; sleep well",
            "ask about your interview",
            _day(9, 18),
        ),
    ],
)
def test_commitments_are_found_with_their_due_times(text: str, what: str, due: datetime) -> None:
    assert _one(text) == Commitment(what, due)


def test_defaults() -> None:
    assert timedelta(hours=24) == DEFAULT_DUE
    assert timedelta(hours=3) == LATER


def test_several_sentences_several_commitments() -> None:
    text = "I'll look into that tonight. Sleep well! I will check the weather tomorrow morning."
    assert scan_commitments(text, MON) == [
        Commitment("look into that", _day(8, 20)),
        Commitment("check the weather", _day(9, 9, 30)),
    ]


def test_no_commitment_in_plain_talk() -> None:
    assert scan_commitments("That sounds lovely. How was your day?", MON) == []
    assert scan_commitments("", MON) == []


@pytest.mark.parametrize(
    "text",
    [
        "I won't forget.",
        "I will not do that again.",
        "I'll never tell anyone.",
        "I'm not going to lie, that was fun.",
        "I am not going to check that tonight.",
        "I'll no longer nag you about it.",
    ],
)
def test_negations_are_not_commitments(text: str) -> None:
    assert scan_commitments(text, MON) == []


@pytest.mark.parametrize(
    "text",
    [
        "I'll remember that.",
        "I'll be here.",
        "I'll be right here if you need me.",
        "I'll keep it in mind.",
        "I'll keep that in mind tonight.",
        "I'll stay quiet for a while.",
        "I'll wait.",
        "I'll miss you!",
        "I'll think about it.",
        "I'll do my best.",
        "I'll try my best tomorrow.",
    ],
)
def test_weak_verbs_promise_nothing_to_follow_up(text: str) -> None:
    assert scan_commitments(text, MON) == []


@pytest.mark.parametrize(
    "text",
    [
        "Maybe I'll look into that tonight.",
        "maybe I will check tomorrow",
        "Perhaps I'll ask you on Tuesday.",
        "If I'll have time, sure.",
        "Unless I'll call first, go ahead.",
    ],
)
def test_hedges_are_not_commitments(text: str) -> None:
    assert scan_commitments(text, MON) == []


def test_a_short_tail_is_not_a_commitment() -> None:
    assert scan_commitments("Sure, I'll go.", MON) == []  # fewer than 3 characters


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("I'll look into that tonight", "look into that"),
        ("I'll check tomorrow morning", "check"),
        ("I'll call on Friday", "call"),
        ("I'll call Friday afternoon", "call"),
        ("I'll ring you at 8:30pm", "ring you"),
        ("I'll ring you in 10 minutes", "ring you"),
        ("I'll tidy up later today", "tidy up"),
        ("I'll tidy up soon", "tidy up"),
        ("I'll water the plants this afternoon", "water the plants"),
        ("I'll water   the\tplants", "water the plants"),
    ],
)
def test_what_drops_the_time_tail(text: str, what: str) -> None:
    assert _one(text).what == what


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("I'll check in half an hour", "check"),
        ("I'll call you on Friday at 3pm", "call you"),
    ],
)
def test_what_drops_compound_time_tails(text: str, what: str) -> None:
    assert _one(text).what == what


def test_two_commitments_in_one_sentence() -> None:
    found = scan_commitments("I'll check in 20 minutes and then I'll ask you tomorrow.", MON)
    assert [c.what for c in found] == ["check", "ask you"]


# --- due_from -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("phrase", "due"),
    [
        ("in 20 minutes", MON + timedelta(minutes=20)),
        ("in 5 mins", MON + timedelta(minutes=5)),
        ("in 1 min", MON + timedelta(minutes=1)),
        ("in an hour", MON + timedelta(hours=1)),
        ("in a day", MON + timedelta(days=1)),
        ("in half an hour", MON + timedelta(minutes=30)),
        ("in 2 hrs", MON + timedelta(hours=2)),
        ("in 3 days", MON + timedelta(days=3)),
        ("tonight", _day(8, 20)),
        ("this morning", MON + timedelta(hours=1)),  # already past: soon instead
        ("this afternoon", MON + timedelta(hours=1)),  # 14:00 already past
        ("this evening", _day(8, 18)),
        ("tomorrow", _day(9, 9, 30)),
        ("tomorrow morning", _day(9, 9, 30)),
        ("tomorrow afternoon", _day(9, 14)),
        ("tomorrow evening", _day(9, 18)),
        ("tomorrow night", _day(9, 20)),
        ("tomorrow at 5pm", _day(9, 17)),
        ("on Tuesday", _day(9, 9, 30)),
        ("on Tuesday evening", _day(9, 18)),
        ("Friday afternoon", _day(12, 14)),
        ("on sunday", _day(14, 9, 30)),
        ("at 5pm", _day(8, 17)),
        ("at 5", _day(8, 17)),  # "at 5" most likely means the afternoon
        ("at 7", _day(8, 19)),
        ("at 8:30pm", _day(8, 20, 30)),
        ("at 20:15", _day(8, 20, 15)),
        ("at 9", _day(9, 9)),  # 09:00 is past: tomorrow
        ("at 9am", _day(9, 9)),
        ("at 12am", _day(9, 0)),
        ("at 12pm", _day(9, 12)),
        ("at 3 p.m.", _day(9, 15)),  # 15:00 is not after now (15:00): the next one
        ("later", MON + timedelta(hours=3)),
        ("later today", MON + timedelta(hours=3)),
        ("soon", MON + timedelta(hours=3)),
    ],
)
def test_due_from(phrase: str, due: datetime) -> None:
    assert due_from(phrase, MON) == due


@pytest.mark.parametrize("phrase", ["", "whenever", "some time", "at the shop", "in the morning"])
def test_due_from_names_no_time(phrase: str) -> None:
    assert due_from(phrase, MON) is None


def test_due_from_tonight_after_eight_is_an_hour_from_now() -> None:
    late = _day(8, 22)
    assert due_from("tonight", late) == late + timedelta(hours=1)


@pytest.mark.parametrize(
    ("weekday_name", "days_ahead"),
    [
        ("monday", 7),  # today is Monday: next week
        ("tuesday", 1),
        ("wednesday", 2),
        ("thursday", 3),
        ("friday", 4),
        ("saturday", 5),
        ("sunday", 6),
    ],
)
def test_weekday_arithmetic(weekday_name: str, days_ahead: int) -> None:
    due = due_from(f"on {weekday_name} evening", MON)
    assert due == _day(8 + days_ahead, 18)
    assert due.strftime("%A").lower() == weekday_name


def test_weekday_arithmetic_when_today_is_the_named_day_even_before_the_time() -> None:
    early = _day(8, 7)  # Monday 07:00: "on Monday morning" still means next Monday
    assert due_from("on Monday morning", early) == _day(15, 9, 30)


def test_tomorrow_across_a_month_and_year_end() -> None:
    eve = datetime(2024, 12, 31, 21, 0, tzinfo=AMS)
    assert due_from("tomorrow evening", eve) == datetime(2025, 1, 1, 18, 0, tzinfo=AMS)


def test_wall_clock_parts_survive_a_dst_change() -> None:
    # Saturday 30 March 2024: clocks go forward overnight; 18:00 is still 18:00 local.
    sat = datetime(2024, 3, 30, 12, 0, tzinfo=AMS)
    due = due_from("tomorrow evening", sat)
    assert due == datetime(2024, 3, 31, 18, 0, tzinfo=AMS)
    assert due.utcoffset() == timedelta(hours=2)


def test_in_twenty_minutes_is_twenty_real_minutes_across_fall_back() -> None:
    now = datetime(2024, 10, 27, 2, 50, tzinfo=AMS)  # the first 02:50 (CEST)
    due = due_from("in 20 minutes", now)
    assert due is not None
    assert due.astimezone(UTC) - now.astimezone(UTC) == timedelta(minutes=20)


@pytest.mark.parametrize("phrase", ["tonight at 8", "this evening at 8"])
def test_tonight_at_eight_is_eight_in_the_evening(phrase: str) -> None:
    assert due_from(phrase, MON) == _day(8, 20)


# --- parse_remind_me ------------------------------------------------------------------------


def test_remind_me_tomorrow_evening() -> None:
    reminder = parse_remind_me("remind me to water the plants tomorrow evening", MON)
    assert reminder == Commitment("water the plants", TUE.replace(hour=18))


def test_remind_me_without_a_time_has_none() -> None:
    """No time the pet can read is no invented time: the pet asks when."""
    reminder = parse_remind_me("Could you remind me to call mum?", MON)
    assert reminder == Commitment("call mum", None)


@pytest.mark.parametrize(
    "text", ["I'll remind you at 5pm.", "I'll remind you at seven.", "I will remind you tonight."]
)
def test_saying_it_will_remind_is_no_promise_of_its_own(text: str) -> None:
    """Reminding is the goal book's work: the pet's "I'll remind you at seven" echoes a
    reminder and files nothing (else one request would be two promises)."""
    assert scan_commitments(text, MON) == []


@pytest.mark.parametrize(
    ("text", "what", "due"),
    [
        ("Remind me about the dentist on Friday", "the dentist", _day(12, 9, 30)),
        ("please remind me that the bins go out tonight", "the bins go out", _day(8, 20)),
        ("REMIND ME TO stretch in 30 minutes", "stretch", _day(8, 15, 30)),
        ("remind me to feed the cat at 6pm. Thanks!", "feed the cat", _day(8, 18)),
    ],
)
def test_remind_me_phrasings(text: str, what: str, due: datetime) -> None:
    assert parse_remind_me(text, MON) == Commitment(what, due)


@pytest.mark.parametrize(
    "text", ["hello there", "remind me", "don't remind me", "reminder: tomorrow", "remind me to"]
)
def test_remind_me_no_match(text: str) -> None:
    assert parse_remind_me(text, MON) is None


# --- parse_back_in --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "delta"),
    [
        ("back in 20 minutes", timedelta(minutes=20)),
        ("I'll be back in 5 mins", timedelta(minutes=5)),
        ("home in an hour", timedelta(hours=1)),
        ("back in half an hour!", timedelta(minutes=30)),
        ("Back in 2 hrs", timedelta(hours=2)),
        ("back in 1 min", timedelta(minutes=1)),
        ("back in 3 hours", timedelta(hours=3)),
    ],
)
def test_parse_back_in(text: str, delta: timedelta) -> None:
    assert parse_back_in(text, MON) == MON + delta


@pytest.mark.parametrize(
    "text", ["brb", "back soon", "in 20 minutes", "back in a day", "back in town", "I'm home"]
)
def test_parse_back_in_no_match(text: str) -> None:
    assert parse_back_in(text, MON) is None


def _offline_lines() -> list[str]:
    """Every line the offline brain can say on its own (its stock of moods and musings, and
    its English phrasebook's lines with "I'll" in them; every language's: tests/brain/alone)."""
    import ast
    import inspect

    from custom_components.shelldon.brain import offline
    from custom_components.shelldon.brain.phrasebook import en

    lines = [line for group in offline.MOOD_LINES.values() for line in group]
    lines += [line for group in offline.MUSINGS.values() for line in group]
    tree = ast.parse(inspect.getsource(offline) + inspect.getsource(en))
    lines += [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and "I'll" in node.value
        and "{" not in node.value  # "I'll remind you {link} …" is the reminder's own echo
    ]
    return lines


def test_the_offline_brains_own_lines_promise_nothing() -> None:
    """Its stock phrases ("I'll cheer up", "I'll save my words") are not commitments."""
    for line in _offline_lines():
        assert scan_commitments(line, MON) == [], line


@pytest.mark.parametrize(
    "text",
    [
        "I don't think I'll make it to the party",
        "I doubt I'll finish the crossword today",
        "I'm not sure I'll manage that",
        "I wonder if I'll see snow tomorrow",
    ],
)
def test_a_doubt_before_i_will_is_not_a_promise(text: str) -> None:
    assert scan_commitments(text, MON) == []
