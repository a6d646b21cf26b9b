"""A value said without "is" or a colon, and a value named inside a clause of prose: a bare
"code" right before its digits ("here's the code 8841", "code 8841 for the gate"), a code's
digits set off by commas, a bracket or dashes ("the garage code, 4471, opens it", "my PIN
(1234)"), and "the password is my dog's name rover123". Each is hidden where it is said,
remembered, and hidden wherever it comes back; what is no secret stays ("error code 4040", "my
password is at least 12 characters", "I bought pins, 100 of them"). Linear in the text."""

from __future__ import annotations

import pytest

from custom_components.shelldon.core.secrets.scrub import Pool, Scrubber, Taint, scrub
from tests.core._support import assert_scrubbed_linearly

HIDDEN = [
    ("here's the code 8841", "here's the code [secret]"),
    ("code 8841 for the gate", "code [secret] for the gate"),
    ("use code 4455 at the front door", "use code [secret] at the front door"),
    ("enter code 123456 to pair it", "enter code [secret] to pair it"),
    ("the codes 1111 and 2222", "the codes [secret] and [secret]"),
    ("the code 4 7 1 1 opens it", "the code [secret] opens it"),
    ("the password is my dog's name rover123", "the password is my dog's name [secret]"),
    (
        "the wifi password is my old street and house number Elm42 I think",
        "the wifi password is my old street and house number [secret] I think",
    ),
    (
        "the password is my dog's name rover123 and the pin is 4321",
        "the password is my dog's name [secret] and the pin is [secret]",
    ),
    ("my password is in 1Password", "my password is in [secret]"),  # hidden rather than risked
    # a clause of prose after "is", then the word it names after a comma, closing it
    ("the password is my dog's name, rover123", "the password is my dog's name, [secret]"),
    (
        "the password is my first cat's name, Tiger7",
        "the password is my first cat's name, [secret]",
    ),
    (
        "the wifi password is our boat's name, Seagull42.",
        "the wifi password is our boat's name, [secret].",
    ),
    (
        "the password is my dog's name, rover123, I think",
        "the password is my dog's name, [secret], I think",
    ),
    ("the password is what I told you, Kx9q2", "the password is what I told you, [secret]"),
    (
        "the password is the name of my first cat, Tiger7",
        "the password is the name of my first cat, [secret]",
    ),
    (
        "the wifi password is the name of our boat, Seagull42.",
        "the wifi password is the name of our boat, [secret].",
    ),
    # Dutch "of" ("or") still ends the clause before a Dutch one
    (
        "het wachtwoord is geheim123 of mijn pincode is 1234",
        "het wachtwoord is [secret] of mijn pincode is [secret]",
    ),
    # set off by commas, a bracket or dashes, and closed after, in the five languages
    ("the code, 8841, opens the shed", "the code, [secret], opens the shed"),
    ("the garage code, 4471, is new", "the garage code, [secret], is new"),
    ("my PIN, 1234, works at every ATM", "my PIN, [secret], works at every ATM"),
    ("the alarm code, 9921.", "the alarm code, [secret]."),
    ("here's the door code, 5512", "here's the door code, [secret]"),
    ("the gate code (4471) is new", "the gate code ([secret]) is new"),
    ("the code — 8841 — opens the shed", "the code — [secret] — opens the shed"),
    ("the code, 12-34-56, opens the safe", "the code, [secret], opens the safe"),
    ("the door code, four seven one one, opens it", "the door code, [secret], opens it"),
    ("the code,8841,opens", "the code,[secret],opens"),
    ("der Türcode, 4471, ist neu", "der Türcode, [secret], ist neu"),
    ("le code, 8841, ouvre la porte", "le code, [secret], ouvre la porte"),
    ("el código, 8841, abre la puerta", "el código, [secret], abre la puerta"),
    ("de deurcode, 8841, werkt", "de deurcode, [secret], werkt"),
    ("Der Code (4471) öffnet das Tor", "Der Code ([secret]) öffnet das Tor"),
]

KEPT = [
    "error code 4040 again",
    "the status code 200 came back",
    "my zip code 10115 is in Berlin",
    "the area code 030 is Berlin",
    "code 3 emergency",
    "I wrote code 5 hours straight",
    "the code 2026-12-07 release",
    "code 12:30 meeting",
    "the code 1.2.3 release",
    "my password is in the drawer",
    "my password is at least 12 characters",
    "my password is the same as before",
    "the password is written on the fridge",
    "error code, 4040, again",
    "my zip code, 10115, is Berlin",
    "I bought pins, 100 of them",
    "in the alarm, 2024 was loud",
    "the code, 2026-12-07, is the release",
    "the code, 3, is the answer",
    "the password is in the drawer, next to the keys",
    "the wifi password is on the router, on a sticker",
    "the password is in the drawer, the blue one",
    "the password is the name of my first cat",
    "the password is the name of my dog's vet",
    "my password is at least 12 characters, 2 of them digits",
]


@pytest.mark.parametrize(("told", "shown"), HIDDEN)
def test_the_value_goes_and_the_words_around_it_stay(told: str, shown: str) -> None:
    assert scrub(told) == shown
    assert scrub(shown) == shown, "scrubbed once, a text stays as it is"


@pytest.mark.parametrize("text", KEPT)
def test_what_is_no_secret_stays(text: str) -> None:
    assert scrub(text) == text


@pytest.mark.parametrize(
    ("told", "value"),
    [
        ("here's the code 3917 for the side gate", "3917"),
        ("the boathouse code, 2674, opens the side door", "2674"),
        ("the password is my first cat's name, Tiger77", "Tiger77"),
        ("the password is my cat Tiger77", "Tiger77"),
    ],
)
def test_what_was_hidden_once_is_hidden_wherever_it_comes_back(told: str, value: str) -> None:
    scrubber = Scrubber(Taint(bytes(range(16))))
    scrubber.learn_from(told, Pool.SAID)
    assert value not in scrubber(f"as you said, {value} it is")


# --- linear in the text ----------------------------------------------------------------------

SEEDS = [
    "the code 12 ",
    "code 1 2 3 ",
    "code code 1234",
    "the password is my name x1y2 ",
    "password is in a b c d e f g h i j k l ",
    "password is in 1a2b",
    "code, 1234 ",
    "the code (12 ",
    "pin, 1 2 3 ",
    "door code, four seven ",
    "code ,( ,",
    "code, 1234\t\t\t\t\t\t",
    "pin (1 2 3 4 5 6 7 8 9 ",
    "code — 1 2 ",
    "password is my name, a1b2 ",
    "the password is a b c, ",
    "password is x, a1",
    "password is x, " + "a" * 50 + "1 ",
    "password is x,\t\t\t",
    "password is the name of ",
    "password is x of mijn ",
]


@pytest.mark.parametrize("seed", SEEDS)
def test_worst_input_is_scrubbed_in_linear_time(seed: str) -> None:
    """Linear in the text; and what is scrubbed once stays."""
    assert_scrubbed_linearly(scrub, seed)
