"""A code the owner told in digits is found again said in words, and one told in words is found
again in digits: "my PIN is 2580" stays hidden when a reply says "two five eight zero", "zwei
fünf acht null" or "Two-Five-Eight-Oh", and "the door code is four seven one one" when it says
"4711" or "47 11". A safe's combination told with dashes is found again with dots between its
groups ("12.34.56"). Counting aloud, other numbers and a code's digits in another order stay as
they are."""

from __future__ import annotations

import pytest

from custom_components.shelldon.core.secrets.letters import said_digits, spelled
from custom_components.shelldon.core.secrets.scrub import Scrubber, Taint

KEY = bytes(range(16))


def _owner(*said: str) -> Scrubber:
    scrubber = Scrubber(Taint(KEY))
    for text in said:
        scrubber.learn_from(text)
    return scrubber


@pytest.mark.parametrize(
    "echo",
    [
        "two five eight zero",
        "Two-Five-Eight-Zero",
        "two, five, eight, oh",
        "TWO FIVE EIGHT OH",
        "zwei fünf acht null",
        "deux cinq huit zéro",
        "dos cinco ocho cero",
        "twee vijf acht nul",
    ],
)
def test_a_pin_told_in_digits_is_found_said_in_words(echo: str) -> None:
    scrubber = _owner("my PIN is 2580")
    assert scrubber(f"Sure, your PIN: {echo}. Anything else?") == (
        "Sure, your PIN: [secret]. Anything else?"
    )


@pytest.mark.parametrize(
    ("told", "echo"),
    [
        ("the door code is four seven one one", "4711"),
        ("the door code is four seven one one", "47 11"),
        ("the door code is four seven one one", "4-7-1-1"),
        ("the door code is four seven one one", "vier sieben eins eins"),
        ("der Türcode ist vier sieben eins eins", "4711"),
        ("le digicode est quatre sept un un", "4 7 1 1"),
        ("el código es cuatro siete uno uno", "four seven one one"),
        ("de deurcode is vier zeven een een", "4711"),
    ],
)
def test_a_code_told_in_words_is_found_in_digits(told: str, echo: str) -> None:
    scrubber = _owner(told)
    assert scrubber(f"The code? {echo}, as you said.") == "The code? [secret], as you said."


def test_a_combination_told_with_dashes_is_found_with_dots() -> None:
    scrubber = _owner("the combination to the safe is 12-34-56")
    assert scrubber("It was 12.34.56, I think.") == "It was [secret], I think."


@pytest.mark.parametrize(
    "later",
    [
        "one two three four, here I come",  # counting aloud
        "two five eight",  # a part of it
        "zero eight five two",  # its digits in another order
        "2085 steps",
        "version 25.8.0",  # a version, its last group one digit
        "It costs 25.80 euros",  # a price
        "Five eight zero two",
    ],
)
def test_other_numbers_and_counting_stay(later: str) -> None:
    scrubber = _owner("my PIN is 2580", "the door code is four seven one one")
    assert scrubber(later) == later


def test_a_number_is_spelled_in_each_language_and_read_back() -> None:
    assert spelled("2580") == [
        "deuxcinqhuitzéro",
        "doscincoochocero",
        "tweevijfachtnul",
        "twofiveeightoh",
        "twofiveeightzero",
        "zweifünfachtnull",
    ]
    assert spelled("1" * 13) == [], "a longer number (a card, an account) is not said in words"
    assert said_digits("four seven one one") == "4711"
    assert said_digits("vier-sieben-eins-eins") == "4711"
    assert said_digits("four seven") is None, "two words are too few for a code"
    assert said_digits("four seven eleven") is None
