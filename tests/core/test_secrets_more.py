"""A sentence that tells one secret may tell the next one after it, by pointing back ("the garage
one", "my wife's", "the other"), by naming what it opens ("the back door is 1357"), as an
alternative ("or 4321") or in a list ("1111, 2222 and 3333"): each is hidden where it is said,
remembered, and hidden wherever it comes back. What follows in prose stays readable ("and my
username is bob", "and the meeting is 10:30"). Linear in the text."""

from __future__ import annotations

import pytest

from custom_components.shelldon.core.secrets.scrub import Pool, Scrubber, Taint, scrub
from tests.core._support import assert_scrubbed_linearly

KEY = bytes(range(16))

TOLD = [
    (
        "the code for the front door is 2468 and the back door is 1357",
        "the code for the front door is [secret] and the back door is [secret]",
    ),
    (
        "the alarm code is 4321 and the garage one is 8765",
        "the alarm code is [secret] and the garage one is [secret]",
    ),
    (
        "the alarm code is 4321, the garage one is 8765 and the shed one is 1122",
        "the alarm code is [secret], the garage one is [secret] and the shed one is [secret]",
    ),
    ("my pin is 1111, my wife's is 2222", "my pin is [secret], my wife's is [secret]"),
    (
        "my pin is 1234 and my husband's pin is 5678",
        "my pin is [secret] and my husband's pin is [secret]",
    ),
    (
        "the wifi password is bluebird and the guest one is redrobin",
        "the wifi password is [secret] and the guest one is [secret]",
    ),
    (
        "the old password was apple and the new one is banana",
        "the old password was [secret] and the new one is [secret]",
    ),
    (
        "wifi password is bluebird, guest wifi is redRobin7",
        "wifi password is [secret], guest wifi is [secret]",
    ),
    ("the pin is 1234 or 4321 if that fails", "the pin is [secret] or [secret] if that fails"),
    ("the code is 1234, or 5678 on weekends", "the code is [secret], or [secret] on weekends"),
    (
        "the codes are 1234 for the front and 5678 for the back",
        "the codes are [secret] for the front and [secret] for the back",
    ),
    ("the codes are 1111, 2222 and 3333", "the codes are [secret], [secret] and [secret]"),
    ("passwords: router admin99, nas storage77", "passwords: [secret], [secret]"),
    (
        "the code for the shed is 4455 and for the gate it's 6677",
        "the code for the shed is [secret] and for the gate it's [secret]",
    ),
    # the other languages point back with their own words
    (
        "die Türcode ist 4711 und der andere ist 5522",
        "die Türcode ist [secret] und der andere ist [secret]",
    ),
    ("le code est 1234 et l'autre est 5678", "le code est [secret] et l'autre est [secret]"),
    ("el código es 1234 y el otro es 5678", "el código es [secret] y el otro es [secret]"),
    ("de code is 1234 en de andere is 5678", "de code is [secret] en de andere is [secret]"),
]


@pytest.mark.parametrize(("said", "shown"), TOLD)
def test_each_value_a_sentence_tells_is_hidden_and_remembered(said: str, shown: str) -> None:
    assert scrub(said) == shown
    assert scrub(shown) == shown, "scrubbed once, a text stays as it is"
    scrubber = Scrubber(Taint(KEY))
    scrubber.learn_from(said, Pool.SAID)
    for value in _values(said, shown):
        assert scrubber(f"later: {value} again") == "later: [secret] again", value


def _values(said: str, shown: str) -> list[str]:
    """The values `shown` hides: runs of the words of `said` it no longer has, a comma ending
    one ("router admin99, nas storage77" is two)."""
    kept, runs, run = shown.split(), [], []
    for word in said.split():
        if word in kept:
            runs, run = [*runs, run] if run else runs, []
            continue
        run.append(word.rstrip(","))
        if word.endswith(","):
            runs, run = [*runs, run], []
    return [" ".join(run) for run in (*runs, run) if run]


@pytest.mark.parametrize(
    "said",
    [
        "my password is hunter2 and my username is bob",
        "the door code is 1234 and the meeting is 10:30",
        "the door code is 1234 and the party is at 8",
        "the alarm code is 4321 and the weather is nice today",
        "my pin is 1234, see you at 5pm",
        "the wifi password is bluebird and it's on the fridge",
        "the code is 1234 and 2 people know it",
        "the gate code is 1234 and the date is 2026-12-07",
        "my password is hunter2, and the other thing is fine",
        "the code is 1234 and the one thing I know is that it works",
        "the garage code is 5521 or ask Anna",
        "the code is 5521, and Bob is coming at 7pm",
        "the password is tiger7; the router is in the hall",
        "the door code is 4711, call +49 176 12345678",
    ],
)
def test_what_follows_in_prose_stays_readable(said: str) -> None:
    shown = scrub(said)
    assert shown.count("[secret]") == 1, shown
    assert "[secret]" not in shown.split("[secret]", 1)[1], shown


# --- linear in the text ----------------------------------------------------------------------

SEEDS = [
    "[secret] and the one is ",
    "[secret] and the one is x ",
    "[secret], ",
    "[secret] or ",
    "[secret] a b c d and ",
    "code is 1234 and 5678 ",
    "code is 1111, ",
    "code is 1234 and the garage one is ",
    "password is x and my wife's is ",
    "password: a, b1 ",
    "[secret] and for the gate it's ",
    "[secret] and a b c d e f is ",
    "[secret] to 1234 ",
]


@pytest.mark.parametrize("seed", SEEDS)
def test_worst_input_is_scrubbed_in_linear_time(seed: str) -> None:
    """Linear in the text; and what is scrubbed once stays."""
    assert_scrubbed_linearly(scrub, seed)
