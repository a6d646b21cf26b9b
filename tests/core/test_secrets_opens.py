"""Digits named by what they open, with no secret word before them: "the safe opens with
12-34-56", "you open the shed with 4471", "the code that opens the gate is 5512", "type 4471 to
open the garage". Each is hidden where it is said, remembered, and hidden wherever it comes
back; a number that opens nothing, or a lock opened by no number, stays ("the door opens with 2
keys", "the gate opens at 0800", "enter 2024 at the box office"). Linear in the text."""

from __future__ import annotations

import pytest

from custom_components.shelldon.core.secrets.scrub import Pool, Scrubber, Taint, scrub
from tests.core._support import assert_scrubbed_linearly

HIDDEN = [
    ("the safe opens with 12-34-56", "the safe opens with [secret]"),
    ("the padlock opens with 4471", "the padlock opens with [secret]"),
    ("the lockbox unlocks with 5719.", "the lockbox unlocks with [secret]."),
    ("the front door opens with four seven one one", "the front door opens with [secret]"),
    ("the garden gate opens with the code 8812", "the garden gate opens with the code [secret]"),
    ("the alarm disarms with 9921", "the alarm disarms with [secret]"),
    ("you open the garage with 4471", "you open the garage with [secret]"),
    ("unlock the shed with the code 4471", "unlock the shed with the code [secret]"),
    ("open the door with 1234 and walk in", "open the door with [secret] and walk in"),
    ("the code that opens the safe is 1234", "the code that opens the safe is [secret]"),
    ("the number which unlocks my safe: 4471", "the number which unlocks my safe: [secret]"),
    (
        "The combination that opens the locker was 3 14 15",
        "The combination that opens the locker was [secret]",
    ),
    ("the number for the safe is 4471", "the number for the safe is [secret]"),
    ("the digits to open the shed are 4 4 7 1", "the digits to open the shed are [secret]"),
    ("the combination of my padlock was 12-34-56", "the combination of my padlock was [secret]"),
    ("type 4471 to open the gate", "type [secret] to open the gate"),
    ("punch in 4471 at the front door", "punch in [secret] at the front door"),
    ("press 1234 on the keypad", "press [secret] on the keypad"),
    ("just dial 5 5 1 2 to unlock it", "just dial [secret] to unlock it"),
]

KEPT = [
    "the door opens with 2 keys",
    "the gate opens at 0800",
    "the shop opens with 100 staff",
    "enter 2024 at the box office",
    "type 1234 words into the essay",
    "the safe opens with a key",
    "open the door with care, 1234 people are waiting",
    "the door opens with 2026-12-07 in mind",
    "press 10 to 15 minutes",
    "the number for the gate is on the card",
    "the number of the door is 12",
    "the number of doors is 1200",
]


@pytest.mark.parametrize(("told", "shown"), HIDDEN)
def test_the_digits_go_and_the_words_around_them_stay(told: str, shown: str) -> None:
    assert scrub(told) == shown
    assert scrub(shown) == shown, "scrubbed once, a text stays as it is"


@pytest.mark.parametrize("text", KEPT)
def test_what_opens_nothing_stays(text: str) -> None:
    assert scrub(text) == text


@pytest.mark.parametrize(
    ("told", "value"),
    [("the garden safe opens with 3107", "3107"), ("type 8812 to open the gate", "8812")],
)
def test_what_was_hidden_once_is_hidden_wherever_it_comes_back(told: str, value: str) -> None:
    scrubber = Scrubber(Taint(bytes(range(16))))
    scrubber.learn_from(told, Pool.SAID)
    assert value not in scrubber(f"as you said, {value} it is")


# --- linear in the text ----------------------------------------------------------------------

SEEDS = [
    "the safe opens with ",
    "safe opens with 1 2 ",
    "door door door opens ",
    "open the open the ",
    "open the door with the code ",
    "the code that opens the ",
    "code that opens the safe is ",
    "number for the safe is ",
    "digits to open the to open the ",
    "type 1234 ",
    "type 1234 to ",
    "punch in 1 2 3 at the front ",
    "front front door ",
    "opens with four seven ",
    "press\t\t\t\t",
]


@pytest.mark.parametrize("seed", SEEDS)
def test_worst_input_is_scrubbed_in_linear_time(seed: str) -> None:
    """Linear in the text; and what is scrubbed once stays."""
    assert_scrubbed_linearly(scrub, seed)
