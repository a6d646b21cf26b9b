"""The taint passes over a window of several words without building it only when no remembered
secret is as long as that window's normal form: the length it tells is the length `normal`
gives, on any text (whitespace of every kind, letters that fold to several, marks that combine,
invisible characters, possessives), so what it hides is what looking at every window hides."""

from __future__ import annotations

import re
import string
import sys
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from custom_components.shelldon.core.secrets import taint as taint_module
from custom_components.shelldon.core.secrets.scrub import Pool, Scrubber, Taint
from custom_components.shelldon.core.secrets.taint import _POSSESSIVE, _RUN, _Sized, normal
from tests.core._support import PROPERTY

KEY = bytes(range(16))
# What folds or strips in a way of its own: edges, possessives, letters that fold to several or
# to a space and a mark, marks that combine with what stands before them, invisible characters,
# and whitespace of every width.
ODD = (
    "'s",
    "’s",
    "’",
    "-",
    "—",
    "…",
    "(",
    "]",
    '"',
    "«",
    "\u0301",
    "\u0308",
    "¨",
    "´",
    "ﬁ",
    "ß",
    "İ",
    "Σ",
    "Ａ",
    "①",
    "Å",
    "\u200b",
    "\u00ad",
    "\ufeff",
)
SPACES = (" ", "  ", "\t", "\n", "\u00a0", "\u2003", "\u3000", "\x1c", "\u2028")
WORD = st.text(alphabet=string.ascii_letters + string.digits, min_size=1, max_size=6)
PIECE = st.one_of(WORD, st.sampled_from(ODD), st.characters(exclude_categories=["Cs"]))
TOKEN = st.lists(PIECE, min_size=1, max_size=4).map("".join)
TEXT = st.lists(st.tuples(TOKEN, st.sampled_from(SPACES)), min_size=2, max_size=9).map(
    lambda pairs: "".join(token + space for token, space in pairs)
)


def test_whitespace_folds_to_whitespace_and_nothing_folds_across_it() -> None:
    """What the told lengths rest on: the runs are split where `str.split` splits; whitespace
    stays whitespace (never nothing) in the normal form; it never reorders with a mark nor is part
    of a composed letter, so a window folds as its runs do, one by one."""
    every = [chr(c) for c in range(sys.maxunicode + 1) if not 0xD800 <= c <= 0xDFFF]
    spaces = [c for c in every if c.isspace()]
    assert [c for c in every if bool(_RUN.fullmatch(c)) == c.isspace()] == []
    for space in spaces:
        assert unicodedata.combining(space) == 0
        assert normal(f"a{space}b") == "a b"
        assert unicodedata.normalize("NFKC", space).isspace()
    composed_of = [
        unicodedata.decomposition(c).split() for c in every if unicodedata.decomposition(c)
    ]
    canonical = [codes for codes in composed_of if len(codes) > 1 and not codes[0].startswith("<")]
    assert {chr(int(code, 16)) for codes in canonical for code in codes}.isdisjoint(spaces)


def _lengths_of(piece: str) -> set[int]:
    """The normal lengths `Taint._check` looks up for a window: itself, and without a
    possessive."""
    candidates = [piece, *(piece[: -len(p)] for p in _POSSESSIVE if piece.endswith(p))]
    return {len(normal(c)) for c in candidates} - {0}  # nothing shorter than MIN_TAINT is kept


@PROPERTY
@given(text=TEXT)
def test_a_windows_length_is_told_as_normal_gives_it(text: str) -> None:
    runs = [(m.start(), m.end()) for m in _RUN.finditer(text)]
    sized = _Sized(text, runs)
    for first in range(len(runs)):
        for last in range(first + 1, len(runs)):
            lengths = _lengths_of(text[runs[first][0] : runs[last][1]])
            for length in lengths:
                assert first in sized.windows(last - first + 1, {length}), (text, first, last)
            others = set(range(1, 400)) - lengths
            assert first not in sized.windows(last - first + 1, others), (text, first, last)


def _all(sized: _Sized, words: int, _lengths: set[int]) -> range:
    return range(len(sized._lead) - words + 1)


def _every_window_built(scrubber: Scrubber, text: str) -> str:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(taint_module._Sized, "windows", _all)
        return scrubber.taint.hide(text)


@PROPERTY
@given(secrets=st.lists(TEXT, min_size=1, max_size=4), before=TEXT, after=TEXT)
def test_what_is_hidden_is_what_looking_at_every_window_hides(
    secrets: list[str], before: str, after: str
) -> None:
    scrubber = Scrubber(Taint(KEY))
    for secret in secrets:
        scrubber.taint.learn(secret, Pool.SAID)
    text = " ".join([before, *secrets, after])
    assert scrubber.taint.hide(text) == _every_window_built(scrubber, text)


def test_a_secret_of_several_words_around_odd_characters_is_still_found() -> None:
    scrubber = Scrubber(Taint(KEY))
    scrubber.taint.learn("«Straße ﬁx\u00a0café»", Pool.SAID)
    for bare in ("strasse\u3000fix CAFÉ’s", "«STRASSE fix\tcafe\u0301»", "Stra\u200bße ﬁx café!"):
        assert "[secret]" in scrubber(f"it was {bare} all along"), bare


def test_the_windows_left_unbuilt_are_most_of_a_long_text() -> None:
    scrubber = Scrubber(Taint(KEY))
    scrubber("my wifi password is correct horse battery staple")
    text = " ".join(f"line {n} · said {n * 7} things, then rested." for n in range(300))
    runs = [(m.start(), m.end()) for m in re.finditer(r"\S++", text)]
    sized = _Sized(text, runs)
    lengths = {len("correct horse battery staple"), len("horse battery staple")}
    windows = sum(len(runs) - words + 1 for words in (2, 3, 4))
    built = sum(len(list(sized.windows(words, lengths))) for words in (2, 3, 4))
    assert built < windows / 4, (built, windows)
    assert "[secret]" in scrubber(text + " correct horse battery staple")
