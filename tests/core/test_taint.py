"""The taint: a secret the pet hid once is hidden wherever it turns up again bare, and the pet's
checkpoint of it holds no secret."""

from __future__ import annotations

import json
import string
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from custom_components.shelldon.core.secrets.scrub import Pool, Scrubber, Taint, scrub
from tests.core._support import PROPERTY

KEY = bytes(range(16))
OTHER_KEY = bytes(range(16, 32))
SECRET = "hunter2hunter2"


def _scrubber(key: bytes = KEY) -> Scrubber:
    return Scrubber(Taint(key))


def _told(said: str = f"password: {SECRET}", key: bytes = KEY) -> Scrubber:
    scrubber = _scrubber(key)
    scrubber(said)
    return scrubber


# --- a keyed secret recurring bare ----------------------------------------------------------


def test_the_keyed_secret_itself_is_hidden() -> None:
    assert _scrubber()(f"password: {SECRET}") == "password: [secret]"


@pytest.mark.parametrize(
    ("later", "expected"),
    [
        (f"The owner mentioned {SECRET}.", "The owner mentioned [secret]."),
        (SECRET, "[secret]"),
        (f"({SECRET}).", "([secret])."),
        (f"'{SECRET}'", "'[secret]'"),
        (f'"{SECRET}",', '"[secret]",'),
        (f"{SECRET}!", "[secret]!"),
        (f"«{SECRET}»", "«[secret]»"),
        (f"**{SECRET}**", "**[secret]**"),
        (f"`{SECRET}`", "`[secret]`"),
        (f"<{SECRET}>", "<[secret]>"),
        ("Hunter2Hunter2", "[secret]"),
        ("HUNTER2HUNTER2 ok", "[secret] ok"),
        (f"x thing={SECRET} y", "x thing=[secret] y"),
        (f"a/{SECRET}/b", "a/[secret]/b"),
        (f"{SECRET}/b", "[secret]/b"),
        (f"id=bob,val={SECRET};x", "id=bob,val=[secret];x"),
        (f"a|{SECRET}|b", "a|[secret]|b"),
        (f"k=v&p={SECRET}", "k=v&p=[secret]"),
        (f"line one\n{SECRET}\nline three", "line one\n[secret]\nline three"),
    ],
)
def test_a_keyed_secret_is_hidden_where_it_recurs_bare(later: str, expected: str) -> None:
    assert scrub(later) == later  # no shape hides it: the taint does
    assert _scrubber()(later) == later  # nor does a pet that was never told it
    assert _told()(later) == expected


@pytest.mark.parametrize(
    "later",
    [
        "xhunter2hunter2",  # a longer word is another word
        "hunter2hunter2x",
        "hunter2hunter",
        "hunter2 hunter2x",  # its letters, and more: another word
        "the cat sat on the mat",
    ],
)
def test_other_words_stay(later: str) -> None:
    assert _told()(later) == later


@pytest.mark.parametrize(
    ("said", "later", "expected"),
    [
        ("wifi password hunter2hunter2", f"say {SECRET}", "say [secret]"),
        ("user admin pass hunter2hunter2", f"say {SECRET}", "say [secret]"),
        ("token: hunter2hunter2", f"say {SECRET}", "say [secret]"),
        ("Authorization: Basic dXNlcjpwYXNz", "it was dXNlcjpwYXNz", "it was [secret]"),
        ("Bearer abcdefghijklmnop", "it was abcdefghijklmnop", "it was [secret]"),
        ("https://x.example/?sig=abcDEF123xyz&x=1", "sig abcDEF123xyz", "sig [secret]"),
        ("https://x.example/?token=abcdef123&y=1", "got abcdef123 back", "got [secret] back"),
        # URL credentials are remembered as the whole user part
        ("see https://alex:hunter2hunter2@host.example/", "alex:hunter2hunter2", "[secret]"),
        (
            "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkq\n-----END PRIVATE KEY-----",
            "body MIIEvQIBADANBgkq",
            "body [secret]",
        ),
        ("the door code is 4711", "call 4711 now", "call [secret] now"),
    ],
)
def test_every_keyed_shape_is_remembered(said: str, later: str, expected: str) -> None:
    assert scrub(later) == later
    assert _told(said)(later) == expected


def test_a_quoted_secret_of_several_words_is_hidden_where_its_words_recur() -> None:
    scrubber = _told('my passphrase is "correct horse battery staple"')
    assert scrubber("I love correct horse battery staple.") == "I love [secret]."
    assert scrubber("(correct horse battery staple)") == "([secret])"
    assert scrubber("Correct  Horse\nBattery Staple!") == "[secret]!"
    assert scrubber("a correct horse battery staple b") == "a [secret] b"
    # several of its words in a row are hidden too, and its words joined otherwise (its letters
    # alone); one plain word, or its words in another order, are not the secret
    assert scrubber("correct horse battery") == "[secret]"
    assert scrubber("the horse is correct") == "the horse is correct"
    assert scrubber("correct-horse-battery-staple") == "[secret]"
    assert scrubber("staple battery horse correct") == "staple battery horse correct"


# --- what is learned from the owner, and what is not from the pet ---------------------------

CARD = "4111 1111 1111 1111"


def test_a_card_in_the_pets_own_text_is_not_remembered() -> None:
    scrubber = _scrubber()
    assert scrubber(f"card {CARD}") == "card [card]"
    assert len(scrubber.taint) == 0


def test_a_card_the_owner_said_is_hidden_however_it_is_grouped() -> None:
    scrubber = _scrubber()
    scrubber.learn_from(f"my card is {CARD}")
    assert len(scrubber.taint) == 3, "as written, as its digits alone, and by its letters"
    # Where its shape catches it, the shape hides it whatever its grouping ...
    for later in ("4111111111111111", "4111-1111-1111-1111", "4111.1111.1111.1111", CARD):
        assert scrubber(f"it is {later}.") == "it is [card]."
    # ... and where no shape would, the taint finds its digits.
    for later in ("41111111 11111111", "4111 11111111 1111", "4111 1111  1111 1111"):
        assert scrub(later) == later or later == "4111 1111  1111 1111"
        assert scrubber(f"it is {later}.") in ("it is [secret].", "it is [card].")
    # Other numbers stay, and so do its digits inside a longer number.
    for later in ("4111 1111 1111 1112 is another", "call 41111111111111119"):
        assert "[secret]" not in scrubber(later)


def test_a_shape_the_owner_said_is_hidden_where_the_shape_misses_it() -> None:
    # A lower-case IBAN whose checksum fails is hidden only where "IBAN" is said ...
    said = "my IBAN is de89370400440532013001"
    later = "pay de89370400440532013001 now"
    assert scrub(later) == later
    # ... so a pet that only hid it once in its own words shows it bare later,
    pet = _scrubber()
    assert pet(said) == "my IBAN is [iban]"
    assert pet(later) == later
    # while the owner's saying it once hides it everywhere.
    owner = _scrubber()
    owner.learn_from(said)
    assert owner(later) == "pay [secret] now"


ENTRY_ID = "01JSHELLDONHARDENING0000001"


def test_a_long_token_in_the_pets_own_text_is_not_remembered() -> None:
    scrubber = _scrubber()
    assert scrubber(f"x {ENTRY_ID}") == "x [token]"
    assert len(scrubber.taint) == 0
    assert scrubber.to_dict()["pools"] == {"said": [], "filed": [], "heard": []}
    # Later texts are scrubbed by the shapes alone (which hide every ULID as a token).
    for later in (f"entry {ENTRY_ID} is loaded", ENTRY_ID, f"id={ENTRY_ID}", "the cat sat"):
        assert scrubber(later) == scrub(later)
    # Said by the owner, it is remembered.
    owner = _scrubber()
    owner.learn_from(f"x {ENTRY_ID}")
    assert len(owner.taint) == 2, "as written, and by its letters"


# --- what is too short, too long or too many ------------------------------------------------


@pytest.mark.parametrize("said", ["password: abc", "pin 123", "token: a1b"])
def test_a_secret_of_three_characters_is_not_remembered(said: str) -> None:
    scrubber = _scrubber()
    assert scrubber(said).endswith("[secret]")
    assert len(scrubber.taint) == 0
    assert scrubber("abc 123 a1b") == "abc 123 a1b"


def test_a_secret_of_four_characters_is_remembered() -> None:
    scrubber = _told("password: abcd")
    assert len(scrubber.taint) == 2, "as written, and by its letters"
    assert scrubber("abcd ok") == "[secret] ok"


def test_a_secret_of_more_than_200_characters_is_not_remembered() -> None:
    assert len(_told("password: " + "x" * 201).taint) == 0
    scrubber = _told("password: " + "x" * 200)
    assert scrubber("y " + "x" * 200 + " z") == "y [secret] z"


def test_a_secret_of_more_than_eight_words_is_not_remembered() -> None:
    scrubber = _told('password "a b c d e f g h i"')
    assert len(scrubber.taint) == 0
    assert scrubber("a b c d e f g h i") == "a b c d e f g h i"
    scrubber = _told('password "a b c d e f g h"')
    assert scrubber("x a b c d e f g h y") == "x [secret] y"


def test_at_most_512_secrets_are_remembered_the_oldest_forgotten() -> None:
    scrubber = _scrubber()
    for number in range(513):
        scrubber(f"password: secret{number:04d}x")
    assert len(scrubber.taint.to_pools()["heard"]) == 512
    assert len(scrubber.taint) == 2 * 512, "each also by its letters (not counted in the budget)"
    assert scrubber("secret0000x") == "secret0000x"  # the oldest is forgotten
    assert scrubber("secret0001x") == "[secret]"
    assert scrubber("secret0512x") == "[secret]"


def test_a_secret_learned_twice_is_remembered_once() -> None:
    scrubber = _told()
    scrubber(f"password: {SECRET}")
    scrubber(f"pwd={SECRET.upper()}")
    assert len(scrubber.taint.to_pools()["heard"]) == 1


# --- the checkpoint -------------------------------------------------------------------------


def test_the_checkpoint_holds_no_secret() -> None:
    scrubber = _told()
    scrubber('my passphrase is "correct horse battery staple"')
    scrubber.learn_from(f"card {CARD}")
    dumped = json.dumps(scrubber.to_dict())
    for secret in (SECRET, "correct horse", "horse", "staple", "4111", CARD.replace(" ", "")):
        assert secret not in dumped.casefold()


def test_a_restored_checkpoint_hides_the_secret_again() -> None:
    saved = json.loads(json.dumps(_told().to_dict()))
    fresh = _scrubber(OTHER_KEY)
    assert fresh(f"say {SECRET}") == f"say {SECRET}"
    fresh.restore(saved)
    assert fresh(f"say {SECRET}") == "say [secret]"
    assert fresh.to_dict() == saved


def test_restoring_keeps_what_was_learned_under_the_same_key() -> None:
    saved = _told().to_dict()
    scrubber = _told("password: other-secret-42")
    scrubber.restore(saved)
    assert scrubber(f"{SECRET} other-secret-42") == "[secret] [secret]"


DAMAGED: list[Any] = [
    None,
    [],
    "x",
    5,
    {},
    {"key": 5},
    {"seen": []},
    {"key": None, "seen": []},
    {"key": "zz" * 16, "seen": []},  # bad hex
    {"key": "0g" + "00" * 15, "seen": []},
    {"key": "00" * 8, "seen": []},  # too short a key
    {"key": "00" * 17, "seen": []},  # too long a key
    {"key": "00" * 32, "seen": []},
    {"key": KEY.hex()},
    {"key": KEY.hex(), "seen": None},
    {"key": KEY.hex(), "seen": "x"},
    {"key": KEY.hex(), "seen": {"a": 1}},
    {"key": KEY.hex(), "seen": [1, None, ["x"], {"a": 1}]},
    {"key": KEY.hex(), "seen": ["nothex:1:1", "abc", "0" * 24 + ":x:1", "0" * 24]},
]


@pytest.mark.parametrize("damaged", DAMAGED, ids=[repr(item)[:40] for item in DAMAGED])
def test_a_damaged_checkpoint_changes_nothing(damaged: Any) -> None:
    scrubber = _told()
    before = scrubber.to_dict()
    scrubber.restore(damaged)
    assert scrubber.to_dict() == before
    assert scrubber(f"say {SECRET}") == "say [secret]"


def test_a_taint_with_another_key_does_not_match() -> None:
    remembered = _told().taint.to_pools()["heard"]
    other = Scrubber(Taint(OTHER_KEY, {Pool.HEARD: remembered}))
    assert len(other.taint.to_pools()["heard"]) == 1
    assert other(f"say {SECRET}") == f"say {SECRET}"
    # nor does a checkpoint whose hashes are put under another key
    moved = _scrubber()
    moved.restore({"key": OTHER_KEY.hex(), "seen": remembered})
    assert moved(f"say {SECRET}") == f"say {SECRET}"


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
            "owner",
            "said",
            "Alex",
            "and",
            "then",
        ]
    ),
    max_size=6,
).map(" ".join)
SECRET_TEXT = st.text(
    alphabet=string.ascii_letters + string.digits + "!@#$%^&*_-+.", min_size=8, max_size=30
).filter(lambda s: sum(c.isalnum() for c in s) >= 3)
KEYED = st.sampled_from(
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
        "the wifi password is {}",
        "user admin pass {}",
        "NAME_PASSWORD={}",
    ]
)
BARE = st.sampled_from(["{}", "({})", "'{}'", "{}!", "{}.", '"{}",', "*{}*", "x={}", "a/{}"])


@PROPERTY
@given(said=KEYED, secret=SECRET_TEXT, before=PROSE, bare=BARE, after=PROSE)
def test_a_secret_said_once_never_survives_bare(
    said: str, secret: str, before: str, bare: str, after: str
) -> None:
    scrubber = _scrubber()
    assert secret not in scrubber(said.format(secret))
    assert secret not in scrubber(f"{before} {bare.format(secret)} {after}")


@PROPERTY
@given(
    said=st.lists(st.tuples(KEYED, SECRET_TEXT), min_size=1, max_size=3),
    later=st.lists(
        st.one_of(PROSE, SECRET_TEXT, st.builds(str.format, BARE, SECRET_TEXT)), max_size=6
    ).map(" ".join),
)
def test_scrubbing_with_the_taint_is_idempotent(said: list[tuple[str, str]], later: str) -> None:
    scrubber = _scrubber()
    for phrasing, secret in said:
        scrubber(phrasing.format(secret))
    # what was said turns up again, bare, among the rest
    text = " ".join([later, *(secret for _, secret in said)])
    once = scrubber(text)
    assert scrubber(once) == once


@pytest.mark.parametrize(
    ("later", "expected"),
    [
        (f"{SECRET}'s", "[secret]'s"),
        (f"{SECRET}—yes", "[secret]—yes"),
        (f"[{SECRET}](http://x)", "[[secret]](http://x)"),
        (f"#{SECRET}", "#[secret]"),
        (f"@{SECRET}", "@[secret]"),
        (f"${SECRET}", "$[secret]"),
        (f"-{SECRET}-", "-[secret]-"),
        (f"{SECRET}\u200b", "[secret]"),  # the invisible character goes with it
        ("ｈunter2hunter2", "[secret]"),  # a fullwidth letter: the same secret
        (f"{SECRET}.txt", "[secret].txt"),
    ],
)
def test_a_remembered_secret_is_found_glued_to_punctuation(later: str, expected: str) -> None:
    assert _told()(later) == expected


def test_both_halves_of_url_credentials_are_remembered() -> None:
    scrubber = _scrubber()
    assert (
        scrubber(f"see https://alex:{SECRET}@host.example/") == "see https://[secret]@host.example/"
    )
    assert scrubber(f"say {SECRET}") == "say [secret]"
