"""A secret the owner told is hidden wherever its letters and digits come back in order, whatever
stands between them: other separators between a passphrase's words ("correct-horse-battery-
staple", a JSON list, zero-width spaces, camel case), a hyphenated one said with spaces, a PIN read
out digit by digit, a password with a space in it, an IBAN's account number alone. What is not
the secret stays: its words in another order, one common word of it, its letters inside a longer
word, and ordinary prose. It is one scrubber (the taint's one `hide`), linear in the text, and its
checkpoint holds hashes only."""

from __future__ import annotations

import json
import re
import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from custom_components.shelldon.core.secrets import letters as letters_module
from custom_components.shelldon.core.secrets.letters import MAX_TOKENS, Tokens, letters
from custom_components.shelldon.core.secrets.scrub import Pool, Scrubber, Taint, scrub
from custom_components.shelldon.core.secrets.taint import LETTERS, POOL_SIZES
from tests.core._support import ORDINARY_PROSE, PROPERTY, assert_linear

KEY = bytes(range(16))
OTHER_KEY = bytes(range(16, 32))


def _owner(*said: str, key: bytes = KEY) -> Scrubber:
    scrubber = Scrubber(Taint(key))
    for text in said:
        scrubber.learn_from(text)
    return scrubber


# --- 1. a remembered secret of several words, its words joined otherwise ---------------------

PHRASE = "correct horse battery staple"
# (what the owner said, the secret's words)
TOLD = {
    "passphrase": ("my wifi password is correct horse battery staple", PHRASE),
    "de": ("das Passwort lautet grüner Baum Stein", "grüner Baum Stein"),
    "es": ("la contraseña es gato azul feliz", "gato azul feliz"),
    "colon": ("passphrase: amber wolf river stone", "amber wolf river stone"),
    "quoted": ('my secret is "purple monkey dishwasher"', "purple monkey dishwasher"),
}
# How a model may join the words again.
JOINED = {
    "hyphens": "-",
    "dots": ".",
    "commas": ", ",
    "underscores": "_",
    "slashes": "/",
    "pluses": "+",
    "middle dots": " · ",
    "zero-width spaces": "\u200b",
    "soft hyphens": "\u00ad",
    "url-encoded spaces": "%20",
    "em dashes": "—",
    "nothing (camel case)": "",
}


def _joined(words: str, between: str) -> str:
    if not between:
        return "".join(word[:1].upper() + word[1:] for word in words.split())
    return between.join(words.split())


@pytest.mark.parametrize("told", TOLD)
@pytest.mark.parametrize("between", JOINED)
def test_a_secret_of_several_words_is_hidden_whatever_joins_its_words(
    told: str, between: str
) -> None:
    said, words = TOLD[told]
    scrubber = _owner(said)
    echoed = _joined(words, JOINED[between])
    assert scrub(f"Sure: {echoed}.") == f"Sure: {echoed}.", "no shape hides it: the taint does"
    assert scrubber(f"Sure, here it is: {echoed}. Anything else?") == (
        "Sure, here it is: [secret]. Anything else?"
    )
    assert scrubber(echoed.upper()) == "[secret]", "in another case too"


@pytest.mark.parametrize("told", TOLD)
def test_a_secret_of_several_words_is_hidden_in_a_json_list_and_a_query(told: str) -> None:
    said, words = TOLD[told]
    scrubber = _owner(said)
    listed = json.dumps(words.split(), ensure_ascii=False)
    assert scrubber(f"the words: {listed}") == 'the words: ["[secret]"]'
    query = f"https://wifi.example/join?hint={'+'.join(words.split())}&x=1"
    assert scrubber(query) == "https://wifi.example/join?hint=[secret]&x=1"


def test_fullwidth_and_decomposed_letters_are_the_same_letters() -> None:
    scrubber = _owner("my password is Straße-Café-42")
    fullwidth = "ＳＴＲＡＳＳＥ／ＣＡＦÉ／４２"
    for echoed in ("strasse cafe\u0301 42", fullwidth, "Stra\u00dfe_Caf\u00e9_42"):
        assert scrubber(f"it is {echoed}!") == "it is [secret]!", echoed


# --- 2. a hyphenated secret, said with spaces --------------------------------------------------


@pytest.mark.parametrize(
    ("said", "echoed"),
    [
        ("la contraseña del wifi es girasol-azul-nueve", "girasol azul nueve"),
        ("das WLAN-Passwort lautet Sonnen-Blume-42", "Sonnen Blume 42"),
        ("het wachtwoord is zonnebloem-blauw-maan", "zonnebloem blauw maan"),
        ("my router password is Zebra-Quokka-77", "Zebra Quokka 77"),
        ("le mot de passe est lune_rouge_9", "lune rouge 9"),
        ("my password is red.kite.wing", "Red Kite Wing"),
    ],
)
def test_a_hyphenated_secret_is_hidden_said_with_spaces(said: str, echoed: str) -> None:
    scrubber = _owner(said)
    assert scrubber(f"Yes: {echoed}, as you said.") == "Yes: [secret], as you said."


# --- 3. other told values, regrouped ----------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "echoed"),
    [
        ("my PIN is 739154", "7 3 9 1 5 4"),
        ("my PIN is 739154", "739 154"),
        ("my PIN is 739154", "73-91-54"),
        ("the door code is 4821", "4-8-2-1"),
        ("the door code is 4821", "4 8 2 1"),
        ("my password is Tr0ub4dor&3", "Tr0ub4dor & 3"),
        ("my password is Tr0ub4dor&3", "Tr0ub4dor 3"),
        ("mein Passwort ist Sonnenblume42", "Sonnenblume 42"),
        ("my api key is zq8Hf3kLm2Nb7Vx", "zq8Hf-3kLm2-Nb7Vx"),
        ("my api key is zq8Hf3kLm2Nb7Vx", "zq8 Hf3 kLm 2Nb 7Vx"),
        ("my IBAN is DE89 3704 0044 0532 0130 00", "370400440532013000"),
        ("my IBAN is DE89 3704 0044 0532 0130 00", "370400 440532 013000"),
        ("my IBAN is GB82 WEST 1234 5698 7654 32", "WEST12345698765432"),
        ("my IBAN is GB82 WEST 1234 5698 7654 32", "west 1234 5698 7654 32"),
        ("the combination to the safe is 12-34-56", "12 34 56"),
        ("the combination to the safe is 12-34-56", "123456"),
    ],
)
def test_a_told_value_is_hidden_regrouped(said: str, echoed: str) -> None:
    scrubber = _owner(said)
    assert scrubber(f"it was {echoed}, right?") == "it was [secret], right?"


def test_a_told_value_is_hidden_regrouped_after_a_restart() -> None:
    """The letters are kept as hashes in the checkpoint, and found again after it."""
    said = (
        "my wifi password is correct horse battery staple",
        "my PIN is 739154",
        "my IBAN is DE89 3704 0044 0532 0130 00",
    )
    saved = json.loads(json.dumps(_owner(*said).to_dict()))
    restored = Scrubber(Taint(OTHER_KEY))
    restored.restore(saved)
    assert restored.to_dict() == saved, "every kind of hash round-trips"
    text = "correct-horse-battery-staple, 7 3 9 1 5 4 and 370400440532013000"
    assert restored(text) == "[secret], [secret] and [secret]"


# --- what is not the secret stays ------------------------------------------------------------

PASSPHRASE = "my wifi password is correct horse battery staple"


@pytest.mark.parametrize(
    "later",
    [
        "staple battery horse correct",  # its words in another order
        "the horse is correct",  # one common word of it, and another
        "a battery",
        "correct",
        "seahorses and batteries",  # its letters inside longer words
        "incorrect-horse-battery-staple",  # a longer first word
        "correct-horse-battery-staples",  # a longer last word
        "correct_horse_battery_staples",
        "xcorrecthorsebatterystaple",
        "correcthorsebatterystaplex",
        "correct, then horse; battery and staple",  # other tokens between them
    ],
)
def test_what_is_not_the_secret_stays(later: str) -> None:
    assert _owner(PASSPHRASE)(later) == later


@pytest.mark.parametrize("later", ["7391540", "17 3 9 1 5 4", "739 1540", "ab739154", "48210"])
def test_more_digits_around_a_pin_are_another_number(later: str) -> None:
    scrubber = _owner("my PIN is 739154", "the door code is 4821")
    assert scrubber(later) == later


@pytest.mark.parametrize(
    "later",
    [
        "see you at 19:45",  # a time
        "the train leaves at 07:15.",
        "It costs $48.21",  # a price
        "1,945 steps",  # a count
        "739.154 people",
        "on 4/8/21",  # a date
        "version 4.8.2.1",
        "I parked the car. Pet the dog.",  # a sentence's end between them
        "the sun. Flower pots",
    ],
)
def test_a_short_number_or_a_word_is_never_joined_across_a_time_a_price_or_a_sentence(
    later: str,
) -> None:
    """A PIN's digits are joined across spaces and dashes only (as a PIN is read out), never
    across the marks of a time, a price, a date or a count; no window crosses a sentence's end.
    (Numbers of eight digits or more, a card or an account, are found however grouped.)"""
    scrubber = _owner(
        "the door code is 1945",
        "my PIN is 4821",
        "the alarm code is 0715",
        "the alarm code is 739154",
        "my password is carpet",
        "my password is sunflower",
    )
    assert scrubber(later) == later


PROSE = [
    *ORDINARY_PROSE,
    "Battery at 19%, plugged in. The horse is correct: a battery, the staple diet.",
    "correct: the horse ate a battery-powered stapler",
]


@pytest.mark.parametrize("text", PROSE)
def test_ordinary_prose_stays_under_a_full_taint(text: str) -> None:
    scrubber = _owner(
        PASSPHRASE,
        "my PIN is 739154",
        "the door code is 4821",
        "my password is Tr0ub4dor&3",
        "my IBAN is DE89 3704 0044 0532 0130 00",
        "das Passwort lautet Sonnen-Blume-42",
    )
    for number in range(200):
        scrubber(f"password: guest-{number:05d}-x")
    assert scrubber(text) == text


def test_a_marker_stands_between_tokens_like_a_wall() -> None:
    """What was hidden already is never joined to what stands around it."""
    scrubber = _owner("my password is abcdef42")
    assert scrubber("abc [secret] def42") == "abc [secret] def42"
    assert scrubber("abcdef [card] 42") == "abcdef [card] 42"


# --- the taint: hashes only, one scrubber, budgets -------------------------------------------


def test_the_checkpoint_holds_the_letters_as_hashes_only() -> None:
    scrubber = _owner(PASSPHRASE, "my PIN is 739154", "my IBAN is DE89 3704 0044 0532 0130 00")
    dumped = json.dumps(scrubber.to_dict()).casefold()
    for secret in (
        "correcthorsebatterystaple",
        "correct",
        "739154",
        "370400440532013000",
        "de89",
        "seventhreenineonefivefour",
    ):
        assert secret not in dumped
    passphrase, pin, iban = scrubber.to_dict()["pools"]["said"]
    kinds = [[e.rsplit(":", 1)[1] for e in group.split()] for group in (passphrase, pin, iban)]
    assert kinds[0] == ["4", "2", "2", "2", "3", "3", str(LETTERS)], "whole, parts, letters"
    assert kinds[1] == ["1"] + [str(LETTERS)] * 6, "a PIN: also as said in the five languages"
    assert kinds[2] == ["6", str(LETTERS), str(LETTERS)], "an IBAN: also its account number"


def test_a_letters_form_costs_nothing_of_its_pools_budget() -> None:
    scrubber = Scrubber(Taint(KEY))
    for number in range(POOL_SIZES[Pool.SAID]):
        scrubber.learn_from(f"password: owner-{number:05d}-x")
    assert len(scrubber.to_dict()["pools"]["said"]) == POOL_SIZES[Pool.SAID]
    assert scrubber("owner 00000 x") == "[secret]", "the oldest is kept, by its letters too"


def test_a_checkpoint_from_before_the_letters_still_hides_what_it_held() -> None:
    scrubber = _owner("my router password is Zebra-Quokka-77")
    saved = scrubber.to_dict()
    saved["pools"] = {
        pool: [" ".join(e for e in g.split() if not e.endswith(f":{LETTERS}")) for g in groups]
        for pool, groups in saved["pools"].items()
    }
    restored = Scrubber(Taint(OTHER_KEY))
    restored.restore(saved)
    assert restored("it is Zebra-Quokka-77") == "it is [secret]"
    assert restored("Zebra Quokka 77") == "Zebra Quokka 77", "its letters were never kept"
    restored.learn_from("my router password is Zebra-Quokka-77")  # said again: learned anew
    assert restored("Zebra Quokka 77") == "[secret]"
    assert len(restored.to_dict()["pools"]["said"]) == 1


def test_a_secret_too_short_by_its_letters_is_not_remembered_by_them() -> None:
    scrubber = _owner("password: a-b-c")
    assert scrubber("a-b-c") == "[secret]"
    assert scrubber("a b c and abc") == "a b c and abc"


# --- the letters and the windows, as a property ----------------------------------------------

WORD = st.text(alphabet=string.ascii_letters + string.digits, min_size=1, max_size=6)
ODD = st.sampled_from(["ß", "ﬁ", "Ａ", "é", "e\u0301", "İ", "Σ", "①", "\u200b", "%20", "[secret]"])
TOKEN = st.one_of(WORD, ODD, st.characters(exclude_categories=["Cs"]))
SEPARATOR = st.sampled_from([" ", "-", ".", ", ", "_", "/", "", "\u00b7", "\n", '","', "&"])
TEXT = st.lists(st.tuples(TOKEN, SEPARATOR), min_size=1, max_size=12).map(
    lambda pairs: "".join(token + between for token, between in pairs)
)


SENTENCE_END = re.compile(r"[.!?。！？]\s")
SOFT = " -\u00a0\u2009\u202f\u2007\u200a\u2010\u2011\u2012\u2013"  # what may join a PIN


def _every_window(text: str, tokens: Tokens, lengths: set[int]) -> list[tuple[int, int, str]]:
    """Every window, built (what `Tokens.windows` finds without building most): none across a
    marker or a sentence's end, and a number of fewer than eight digits only across spaces and
    dashes."""
    found = []
    spans = tokens.spans
    for first in range(len(spans)):
        for last in range(first, min(len(spans), first + MAX_TOKENS)):
            start, end = spans[first][0], spans[last][1]
            form = letters(text[start:end])
            gaps = [text[spans[k][1] : spans[k + 1][0]] for k in range(first, last)]
            walled = "[secret]" in text[start:end] or any(map(SENTENCE_END.search, gaps))
            short_number = form.isdigit() and len(form) < 8
            if short_number and any(gap.strip(SOFT) for gap in gaps):
                continue
            if len(form) in lengths and not walled:
                found.append((first, last, form))
    return found


@PROPERTY
@given(text=TEXT, lengths=st.sets(st.integers(1, 30), min_size=1, max_size=20))
def test_the_windows_found_are_those_every_window_built_would_find(
    text: str, lengths: set[int]
) -> None:
    tokens = Tokens(text)
    assert sorted(tokens.windows(lengths)) == sorted(_every_window(text, tokens, lengths))


@PROPERTY
@given(secret=TEXT, between=SEPARATOR, before=TEXT, after=TEXT)
def test_a_told_secret_joined_otherwise_never_survives_and_hiding_is_idempotent(
    secret: str, between: str, before: str, after: str
) -> None:
    scrubber = Scrubber(Taint(KEY))
    scrubber.taint.learn(secret, Pool.SAID)
    form = letters(secret)
    if not 4 <= len(form) <= 200 or not scrubber.taint.to_pools()["said"]:
        return
    pieces = [m.group() for m in letters_module._TOKEN.finditer(secret) if not m.lastgroup]
    text = f"{before} {between.join(pieces)} {after}"
    once = scrubber.taint.hide(text)
    assert scrubber.taint.hide(once) == once
    assert len(pieces) > MAX_TOKENS or between.join(pieces) not in once


# --- linear in the text ----------------------------------------------------------------------


def full_taint(lengths: range) -> Scrubber:
    """Secrets of every letters length in `lengths`, of several kinds."""
    scrubber = Scrubber(Taint(KEY))
    for length in lengths:
        scrubber.learn_from(f"password: q{'x' * (length - 2)}9")
        scrubber.learn_from(f"my PIN is {'7' * min(length, 8)}")
    scrubber.learn_from(PASSPHRASE)
    return scrubber


ADVERSARIAL = [
    "a ",
    "a-",
    "ab cd ",
    "1 ",
    "12-",
    "x" * 50 + " ",
    "[secret] a ",
    "e\u0301 ",
    "\u200b",
    "a\u200b",
    "%20a",
    "ß.",
    "correct horse ",
    "correct-horse-battery-",
    string.ascii_lowercase.replace("", " "),
    string.digits.replace("", " "),
]


@pytest.mark.parametrize("lengths", [range(4, 12), range(4, 60)], ids=["few", "many"])
@pytest.mark.parametrize("seed", ADVERSARIAL)
def test_worst_input_is_searched_in_linear_time(seed: str, lengths: range) -> None:
    """Linear in the text, under a taint of secrets of few and of many lengths."""
    assert_linear(full_taint(lengths).taint.hide, seed)


# --- forgetting, and markers' words -------------------------------------------------------


def test_a_number_said_again_over_an_older_checkpoint_and_then_forgotten_raises_nothing() -> None:
    """A number of eight digits hashes the same whole and as its digits alone: said again over
    a checkpoint from before the letters (remembered anew), or pushed out of its pool by a
    flood, it is forgotten cleanly."""
    scrubber = _owner("the alarm code is 12345678")
    saved = scrubber.to_dict()
    saved["pools"] = {
        pool: [" ".join(e for e in g.split() if not e.endswith(f":{LETTERS}")) for g in groups]
        for pool, groups in saved["pools"].items()
    }
    restored = Scrubber(Taint(OTHER_KEY))
    restored.restore(saved)
    restored.learn_from("the alarm code is 12345678")  # remembered anew: the old one forgotten
    assert restored("it was 1234 5678") == "it was [secret]"

    guest = Scrubber(Taint(KEY))
    guest("my pin is 12345678")  # heard, not said: the flood pushes it out
    for number in range(POOL_SIZES[Pool.HEARD] + 10):
        guest(f"password: filler-{number:05d}-x")
    assert guest("12345678") == "12345678", "forgotten, oldest first"


@pytest.mark.parametrize("word", ["secret", "token", "phone", "[card]"])
def test_a_secret_that_is_a_markers_word_leaves_the_markers_alone(word: str) -> None:
    """ "my password is secret": hiding the word would hide every marker's word too, and each
    scrub would wrap the markers once more."""
    scrubber = _owner(f"my password is {word}")
    text = "ok [secret], [token] and [phone]"
    assert scrubber(text) == text
    assert scrubber(scrubber(text)) == text
