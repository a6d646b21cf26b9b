"""The scrubber: secrets never reach the journal, the trace, the signals or the audit log."""

from __future__ import annotations

import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from custom_components.shelldon.core.scrub import (
    CARD,
    EMAIL,
    SECRET,
    TOKEN,
    scrub,
    scrub_data,
)
from tests.core._support import PROPERTY


def test_markers() -> None:
    assert (TOKEN, CARD, EMAIL, SECRET) == ("[token]", "[card]", "[email]", "[secret]")


# --- emails ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("mail me at jane.doe@example.com please", "mail me at [email] please"),
        ("jane.doe+pets@example.co.uk", "[email]"),
        ("two: a@b.io, c_d@e-f.org.", "two: [email], [email]."),
        ("<bob%x@mail.example.nl>", "<[email]>"),
    ],
)
def test_emails(text: str, expected: str) -> None:
    assert scrub(text) == expected


def test_an_at_sign_alone_is_not_an_email() -> None:
    assert scrub("meet @ 5, see @home") == "meet @ 5, see @home"


# --- card numbers ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "number",
    [
        "4111111111111111",  # Visa test number
        "4111 1111 1111 1111",
        "4111-1111-1111-1111",
        "5500 0000 0000 0004",  # Mastercard
        "3782 822463 10005",  # Amex, 15 digits
        "6011000990139424",  # Discover
        "4222222222222",  # 13 digits
    ],
)
def test_luhn_valid_card_numbers(number: str) -> None:
    assert scrub(f"my card is {number} thanks") == "my card is [card] thanks"


@pytest.mark.parametrize("number", ["1234 5678 9012 3456", "1234-5678-9012-3456"])
def test_four_groups_of_four_are_a_card_whatever_their_checksum(number: str) -> None:
    assert scrub(f"card {number} ok") == "card [card] ok"


@pytest.mark.parametrize(
    "text",
    [
        "order 4111111111111112",  # fails Luhn
        "ref 12345678901234",  # fails Luhn
        "call +31 6 1234 5678",
        "phone 555-123-4567",
        "on 2024-01-10 at 12:30",
        "2024-01-10T12:00:00+01:00",
        "the code is 123456",
        "ISBN 978-3-16-148410-0",
        "pin 0000",
    ],
)
def test_digit_runs_that_are_not_cards_stay(text: str) -> None:
    assert scrub(text) == text


def test_a_card_inside_a_sentence_keeps_its_punctuation() -> None:
    assert scrub("Use 4111 1111 1111 1111.") == "Use [card]."


# --- passwords, secrets, tokens, api keys ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("password: hunter22", "password: [secret]"),
        ("Password:hunter22", "Password:[secret]"),
        ("my password is hunter22", "my password is [secret]"),
        ("The PASSWORD is hunter22!", "The PASSWORD is [secret]"),
        ("passwd=hunter22", "passwd=[secret]"),
        ("pwd: 'hunter22'", "pwd: [secret]"),
        ('password = "hunter22", ok', "password = [secret], ok"),
        ("my passphrase: correct-horse", "my passphrase: [secret]"),
        ("secret=s3cr3t", "secret=[secret]"),
        ("api_key=abc123xyz", "api_key=[secret]"),
        ("API key: abc123xyz", "API key: [secret]"),
        ("apikey abc123xyz", "apikey [secret]"),
        ("api-key=abc123xyz; next", "api-key=[secret]; next"),
        ("access_key: AKIAIOSFODNN7EXAMPLE", "access_key: [secret]"),
        ("private key = abc.def", "private key = [secret]"),
        ("token abcdef", "token [secret]"),
        ("token: abc", "token: [secret]"),
        ("the token is 9f8e7d", "the token is [secret]"),
        ("auth=opensesame", "auth=[secret]"),
    ],
)
def test_values_after_secret_words(text: str, expected: str) -> None:
    assert scrub(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "passwords are hard",
        "I lost my token",
        "She told me a secret: ok",  # the value is too short to be a secret
        "tokens",
        "my secret",
    ],
)
def test_secret_words_without_a_value_stay(text: str) -> None:
    assert scrub(text) == text


def test_bearer_tokens() -> None:
    assert scrub("curl -H 'Bearer abc.def-ghi_jkl'") == "curl -H 'Bearer [token]'"
    assert scrub("bearer eyJhbGciOiJIUzI1NiJ9.e30.x") == "Bearer [token]"
    assert scrub("Authorization: Bearer abcdefghijklmnop") == "Authorization: Bearer [token]"


def test_a_short_bearer_word_stays() -> None:
    assert scrub("Bearer bonds") == "Bearer bonds"


@pytest.mark.parametrize(
    "key",
    [
        "sk-ant-api03-abcdefghijklmnopqrstuvwxyz",
        "sk-ant-api03-AbC_dEf-123",
        "sk-proj-abcdefghijklmnop",
        "ghp_abcdefghijklmnopqrstuvwxyz0123",
        "xoxb-123456789012-abc",
        "AKIAIOSFODNN7EXAMPLE",
    ],
)
def test_known_key_prefixes(key: str) -> None:
    assert scrub(f"use {key} now") == "use [token] now"


@pytest.mark.parametrize(
    "token",
    [
        "abcdefghijklmnopqrstuvwx1234",
        "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b",
        "A1B2C3D4E5F6G7H8I9J0K1L2",  # exactly 24
        "supercalifragilisticexpialidocious1",
        "AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGh",  # letters only, but mixed case and 34 long
    ],
)
def test_long_random_tokens(token: str) -> None:
    assert scrub(f"here {token} there") == "here [token] there"


@pytest.mark.parametrize(
    "word",
    [
        "A1B2C3D4E5F6G7H8I9J0K1L",  # 23 characters: too short
        "internationalization-localization",  # no digit
        "abcdefghijklmnopqrstuvwxyzabcdef",  # letters only
        "123456789012345678901234567",  # digits only
    ],
)
def test_long_words_that_are_not_tokens_stay(word: str) -> None:
    assert scrub(f"here {word} there") == f"here {word} there"


# --- ordinary prose -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I'll look into that tonight at 8",
        "It is 12:30 on 2024-01-10; see you at 5pm.",
        "The quick brown fox jumps over the lazy dog.",
        "Shelldon dozed off at 02:00 and woke at 06:45.",
        "We walked 12 km in 3 hours, 20 minutes.",
        "remind me to water the plants tomorrow evening",
        "Battery at 19%, plugged in.",
        "",
    ],
)
def test_ordinary_prose_is_unchanged(text: str) -> None:
    assert scrub(text) == text


def test_several_secrets_in_one_line() -> None:
    text = "mail a@b.io, card 4111 1111 1111 1111, password: hunter22, key sk-ant-abcdefghijklmn"
    assert scrub(text) == "mail [email], card [card], password: [secret], key [token]"


def test_a_quoted_passphrase_is_hidden_whole() -> None:
    out = scrub('my passphrase is "correct horse battery staple"')
    assert "horse" not in out
    assert "staple" not in out


@pytest.mark.parametrize(
    "text",
    [
        "see abcdefghijklmnopqrstuvwx1234.txt now",
        "key sk-abcdefghijklmnopq.com",
        "(ghp_abcdefghijklmnopqrstuv)x",
    ],
)
def test_scrub_is_idempotent_next_to_punctuation(text: str) -> None:
    once = scrub(text)
    assert scrub(once) == once


# --- scrub_data -----------------------------------------------------------------------------


def test_scrub_data_recurses() -> None:
    data = {
        "about": "password: hunter22",
        "n": 3,
        "ok": True,
        "none": None,
        "nested": {"to": ["a@b.io", ("4111 1111 1111 1111",)], "x": 1.5},
    }
    assert scrub_data(data) == {
        "about": "password: [secret]",
        "n": 3,
        "ok": True,
        "none": None,
        "nested": {"to": ["[email]", ["[card]"]], "x": 1.5},
    }


def test_scrub_data_leaves_keys_alone() -> None:
    assert scrub_data({"password": "x"}) == {"password": "x"}  # a one-char value is no secret
    assert scrub_data({"a@b.io": "hi"}) == {"a@b.io": "hi"}


def test_scrub_data_plain_values() -> None:
    assert scrub_data("token abcdef") == "token [secret]"
    assert scrub_data(42) == 42
    assert scrub_data(None) is None
    assert scrub_data([]) == []


def test_scrub_data_does_not_mutate_its_input() -> None:
    data = {"a": ["password: hunter22"]}
    scrub_data(data)
    assert data == {"a": ["password: hunter22"]}


# --- properties -----------------------------------------------------------------------------

PROSE = st.lists(
    st.sampled_from(
        [
            "the",
            "cat",
            "sat",
            "on",
            "mat",
            "tonight",
            "at",
            "8",
            "I'll",
            "look",
            "into",
            "that",
            "ok",
            "2024-01-10",
            "12:30",
            "is",
            "my",
        ]
    ),
    max_size=6,
).map(" ".join)
SECRET_TEXT = st.text(
    alphabet=string.ascii_letters + string.digits + "!@#$%^&*_-+.", min_size=8, max_size=30
).filter(lambda s: sum(c.isalnum() for c in s) >= 3)
TOKEN68 = st.text(
    alphabet=string.ascii_letters + string.digits + "-._~+/", min_size=8, max_size=40
).filter(lambda s: any(c.isalnum() for c in s))
PHRASINGS = st.sampled_from(
    [
        "password: {}",
        "my password is {}",
        "Password={}",
        "api_key={}",
        "API key: {}",
        "token {}",
        "secret={}",
        "pwd={}",
        "passphrase is {}",
        "access_key: {}",
        "Authorization: {}",
    ]
)
LONG_TOKEN = st.text(
    alphabet=string.ascii_letters + string.digits, min_size=24, max_size=48
).filter(lambda s: any(c.isdigit() for c in s) and any(c.isalpha() for c in s))
FRAGMENT = st.one_of(
    PROSE,
    st.builds(str.format, PHRASINGS, SECRET_TEXT),
    TOKEN68.map("Bearer {}".format),
    LONG_TOKEN,
    st.sampled_from(
        ["a@b.io", "jane.doe@example.com", "4111 1111 1111 1111", "sk-ant-abc123def456ghi"]
    ),
)


@PROPERTY
@given(before=PROSE, phrasing=PHRASINGS, secret=SECRET_TEXT, after=PROSE)
def test_planted_secrets_never_survive(before: str, phrasing: str, secret: str, after: str) -> None:
    out = scrub(f"{before} {phrasing.format(secret)} {after}")
    assert secret not in out


@PROPERTY
@given(before=PROSE, token=TOKEN68, after=PROSE)
def test_planted_bearer_tokens_never_survive(before: str, token: str, after: str) -> None:
    assert token not in scrub(f"{before} Bearer {token} {after}")


@PROPERTY
@given(before=PROSE, token=LONG_TOKEN, after=PROSE)
def test_planted_long_tokens_never_survive(before: str, token: str, after: str) -> None:
    assert token not in scrub(f"{before} {token} {after}")


@PROPERTY
@given(st.lists(FRAGMENT, max_size=6).map(" ".join))
def test_scrub_is_idempotent(text: str) -> None:
    once = scrub(text)
    assert scrub(once) == once


# Numbers always separated by words: two dates side by side can pass Luhn as one 16-digit run.
PLAIN = st.sampled_from(["the cat", "at 8", "on 2024-01-10 we", "12:30 is", "ok", "I'll look"])


@PROPERTY
@given(st.lists(PLAIN).map(" ".join))
def test_prose_is_a_fixed_point(text: str) -> None:
    assert scrub(text) == text
