"""Every reminder one message asks for is read, each on its own: two sentences that each ask,
two errands joined by "and to" each with its own time, a question about a promise beside a new
request (the question asks for nothing, the request is filed), in any of the five languages. An
"and to" inside one errand ("go to the shop and to the bank at 5") stays one errand."""

from __future__ import annotations

from datetime import datetime

import pytest

from custom_components.shelldon.core.reminders import MAX_ASKED, parse_reminders
from tests.core._support import AMS, assert_linear

MON = datetime(2024, 1, 8, 15, 0, tzinfo=AMS)


def _at(hour: int) -> datetime:
    return datetime(2024, 1, 8, hour, 0, tzinfo=AMS)


@pytest.mark.parametrize(
    ("said", "asked"),
    [
        (
            "Remind me to call mum at 5. Also remind me to buy stamps at 6.",
            [("call mum", _at(17)), ("buy stamps", _at(18))],
        ),
        (
            "remind me to call mum at 5, and then remind me to buy stamps at 6",
            [("call mum", _at(17)), ("buy stamps", _at(18))],
        ),
        (
            "remind me to call mum at 5 and to buy stamps at 6",
            [("call mum", _at(17)), ("buy stamps", _at(18))],
        ),
        (
            "you'll remind me to call mum, right? And remind me to buy stamps at 5",
            [("buy stamps", _at(17))],
        ),
        (
            "remind me to buy stamps at 5. You'll remind me to call mum too, right?",
            [("buy stamps", _at(17))],
        ),
        (
            "Erinnere mich um 5 daran, Mama anzurufen. Und erinnere mich um 6 an die Post.",
            [("Mama anzurufen", _at(17)), ("die Post", _at(18))],
        ),
        (
            "remind me to go to the shop and to the bank at 5",
            [("go to the shop and to the bank", _at(17))],
        ),
        ("remind me to call mum at 5", [("call mum", _at(17))]),
        ("nothing to remember today", []),
    ],
)
def test_each_reminder_a_message_asks_for_is_read(
    said: str, asked: list[tuple[str, datetime]]
) -> None:
    assert [(r.what, r.due) for r in parse_reminders(said, MON)] == asked


def test_a_message_asks_for_at_most_a_few() -> None:
    said = " ".join(f"Remind me to call friend {n} at 5." for n in range(MAX_ASKED + 3))
    assert len(parse_reminders(said, MON)) == MAX_ASKED


SEEDS = ["remind me to a at 5. ", "remind me to a at 5 and to ", "and "]


@pytest.mark.parametrize("seed", SEEDS)
def test_worst_input_is_read_in_linear_time(seed: str) -> None:
    assert_linear(lambda text: parse_reminders(text, MON), seed)
