"""A value said before the secret word it is ("hunter2 is my password", "4711 is the door code",
"use tiger-lily-77 as the password", in the five languages) is hidden and remembered, while a
sentence about a secret ("This is my password", "What is the wifi password?") stays readable.
Linear in the text."""

from __future__ import annotations

import pytest

from custom_components.shelldon.core.secrets.scrub import Pool, Scrubber, Taint, scrub
from tests.core._support import assert_scrubbed_linearly

KEY = bytes(range(16))

TOLD = [
    ("hunter2 is my password", "[secret] is my password", "hunter2"),
    ("Sunflower42 is the wifi password", "[secret] is the wifi password", "Sunflower42"),
    ("Bluebird is our wifi password.", "[secret] is our wifi password.", "Bluebird"),
    ("Remember: bluebird is the password", "Remember: [secret] is the password", "bluebird"),
    (
        "Correct horse battery staple is my password.",
        "[secret] is my password.",
        "Correct horse battery staple",
    ),
    ("4711 is the door code", "[secret] is the door code", "4711"),
    ("4 7 1 1 is the door code", "[secret] is the door code", "4 7 1 1"),
    ("12-34-56 is the combination", "[secret] is the combination", "12-34-56"),
    ("9:30 is the time, 4711 is the code", "9:30 is the time, [secret] is the code", "4711"),
    ("use tiger-lily-77 as the password", "use [secret] as the password", "tiger-lily-77"),
    ("try Bluebird7 as the password", "try [secret] as the password", "Bluebird7"),
    ("use 1234 as the new pin", "use [secret] as the new pin", "1234"),
    ("hunter2 ist mein Passwort", "[secret] ist mein Passwort", "hunter2"),
    ("hunter2 est mon mot de passe", "[secret] est mon mot de passe", "hunter2"),
    ("hunter2 es mi contraseña", "[secret] es mi contraseña", "hunter2"),
    ("hunter2 is mijn wachtwoord", "[secret] is mijn wachtwoord", "hunter2"),
    # the key at the end of a compound, or named by more words
    ("4711 ist der Türcode", "[secret] ist der Türcode", "4711"),
    ("hunter2 ist das WLAN-Passwort", "[secret] ist das WLAN-Passwort", "hunter2"),
    ("4711 is the front-door code", "[secret] is the front-door code", "4711"),
    # and a value after the key but behind "..." or "?" and "it's"
    ("my password... it's bluebird77", "my password... it's [secret]", "bluebird77"),
    ("the password? it's bluebird77", "the password? it's [secret]", "bluebird77"),
]


@pytest.mark.parametrize(("said", "shown", "secret"), TOLD)
def test_a_value_said_before_its_key_is_hidden_and_remembered(
    said: str, shown: str, secret: str
) -> None:
    assert scrub(said) == shown
    assert scrub(shown) == shown, "scrubbed once, a text stays as it is"
    scrubber = Scrubber(Taint(KEY))
    scrubber.learn_from(said, Pool.SAID)
    assert scrubber(f"later: {secret} again") == "later: [secret] again"


@pytest.mark.parametrize(
    "said",
    [
        "This is my password",
        "What is the wifi password?",
        "Mine is the same password",
        "That was the password.",
        "Here is the code.",
        "Nothing is the password",
        "I think it is the password",
        "Alex is my password manager",
        "Everything is password protected",
        "It was the code for the gate",
        "The error is the code",
        "version 2.0 is the code",
        "The reason is the password.",
        "use your name as the password",
        "use the same as the password",
        "Today at 09:30 is the code review",
        "2026-12-07 is the code freeze",
        "### 09:30 [shelldon] Alex asked what the wifi password is",
        "the answer is the password",
        "My cat is the password",
        # codes that are no secret
        "404 is the error code",
        "200 is the status code",
        "12345 is my zip code",
        "0049 is the country code",
        "1234 is the barcode",
    ],
)
def test_a_sentence_about_a_secret_stays_readable(said: str) -> None:
    assert scrub(said) == said


SEEDS = [
    "a is my password ",
    "a is the wifi a password ",
    "is the password. ",
    "1 is the code ",
    "1 2 3 is the code ",
    "use a as the password ",
    "use ",
    " as the password",
    "password... ",
    "password? it's ",
    "x2 is my password and ",
    "1 is the xcode ",
    "1 is the a-b-c-d-e-f-g-h-i-j-k-l-m-n-o-p-q-r-s-t-u-v-w-x-y-z",
]


@pytest.mark.parametrize("seed", SEEDS)
def test_worst_input_is_scrubbed_in_linear_time(seed: str) -> None:
    """Linear in the text; and what is scrubbed once stays."""
    assert_scrubbed_linearly(scrub, seed)
