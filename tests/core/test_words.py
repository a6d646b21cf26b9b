"""The pet's own words: every phrase in every language, with the same placeholders."""

from __future__ import annotations

import re
from datetime import datetime

import pytest

from custom_components.shelldon.core.language import words
from custom_components.shelldon.core.language.tags import LANGUAGES
from custom_components.shelldon.core.language.words import (
    CATALOGUE,
    ENGLISH,
    clock,
    month,
    openings,
    phrase,
    placeholders,
    weekday,
)
from tests.core._support import AMS

MON = datetime(2024, 1, 8, 15, 0, tzinfo=AMS)


def test_the_catalogue_speaks_the_five_languages() -> None:
    assert tuple(CATALOGUE) == LANGUAGES


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_key_is_in_every_language(language: str) -> None:
    assert set(CATALOGUE[language]) == set(ENGLISH)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_phrase_fills_the_same_placeholders_as_the_english(language: str) -> None:
    table = CATALOGUE[language]
    different = {
        key: (placeholders(ENGLISH[key]), placeholders(table[key]))
        for key in ENGLISH
        if placeholders(ENGLISH[key]) != placeholders(table[key])
    }
    assert different == {}


@pytest.mark.parametrize("language", LANGUAGES[1:])
def test_every_phrase_is_written_in_its_language(language: str) -> None:
    """A phrase left in English reads the same as the English one; only month names may (the
    German April, August, September, November) and what is all placeholders ("{time}")."""
    untranslated = {
        key
        for key, text in CATALOGUE[language].items()
        if text == ENGLISH[key]
        and not key.startswith("month.")
        and re.search(r"[^\W\d_]", re.sub(r"\{\w+\}", "", text))
    }
    assert untranslated == set()


def test_a_phrase_is_filled_and_never_read_as_a_template() -> None:
    assert phrase("journal.noted", "de", text="Ada mag Tee") == "notiert: Ada mag Tee"
    assert phrase("journal.noted", "en", text="{about} {0}") == "noted: {about} {0}"
    said = phrase("journal.held_back", "fr", about="dire bonjour", reason="heures calmes")
    assert said == "j'ai pensé à dire bonjour ; j'ai préféré ne pas déranger (heures calmes)"


@pytest.mark.parametrize(("language", "expected"), [("de-CH", "notiert: x"), ("pt-BR", "noted: x")])
def test_a_tag_picks_its_base_and_an_unknown_language_falls_back_to_english(
    language: str, expected: str
) -> None:
    assert phrase("journal.noted", language, text="x") == expected


def test_an_unknown_key_is_an_error() -> None:
    with pytest.raises(KeyError):
        phrase("journal.no_such_line", "de")


def test_a_missing_value_is_an_error_not_a_blank() -> None:
    with pytest.raises(KeyError):
        phrase("journal.noted", "de")


def test_openings_let_the_pet_read_its_own_lines_back() -> None:
    assert openings("journal.noted") == (
        "noted: ",
        "notiert: ",
        "noté : ",
        "anotado: ",
        "genoteerd: ",
    )
    assert openings("journal.did_not_happen") == (), "a line that starts with a value has none"
    for key in ENGLISH:
        assert all(start.strip() for start in openings(key)), key


def test_weekdays_and_months() -> None:
    assert [weekday(d, "de") for d in (0, 6)] == ["Montag", "Sonntag"]
    assert weekday(3, "fr", short=True) == "jeu."
    assert weekday(1, "es") == "martes"
    assert month(5, "nl") == "mei"
    assert month(12, "en") == "December"


@pytest.mark.parametrize(
    ("language", "today", "other"),
    [
        ("en", "16:30", "Tue 09:30"),
        ("de", "16:30", "Di 09:30"),
        ("fr", "16:30", "mar. 09:30"),
        ("es", "16:30", "mar 09:30"),
        ("nl", "16:30", "di 09:30"),
    ],
)
def test_the_journals_clock(language: str, today: str, other: str) -> None:
    assert clock(MON.replace(hour=16, minute=30), MON, language) == today
    assert clock(datetime(2024, 1, 9, 9, 30, tzinfo=AMS), MON, language) == other
    assert clock(None, MON, language) == phrase("clock.whenever", language)


def test_the_english_table_is_the_shells_words_as_they_are() -> None:
    """The shell switches to the catalogue without a visible change in English."""
    assert phrase("journal.reached_out", outcome="suggest", about="a musing") == (
        "reached out (suggest) about a musing"
    )
    assert phrase("journal.woke_changed", changes="a; b") == "woke to a changed world: a; b"
    assert phrase("apology.default") == (
        "Sorry, something went wrong in my head. Could you try again?"
    )
    assert words.table("xx") is ENGLISH


# ---------------------------------------------------------------------- reading lines back


def test_a_shape_is_a_phrases_fixed_pieces() -> None:
    assert words.shape("noted: {text}") == ("noted: ", "")
    assert words.shape("{about}; it didn't happen") == ("", "; it didn't happen")
    assert words.shape("ruling: my owner approved {edit} ({path})") == (
        "ruling: my owner approved ",
        " (",
        ")",
    )
    assert words.shape("whenever") == ("whenever",)


@pytest.mark.parametrize(
    ("text", "fits"),
    [
        ("ruling: my owner approved p1 (soul/PERSONA.md)", True),
        ("ruling: my owner approved p1", False),  # its closing piece is missing
        ("ruling: my owner approved )(", False),  # the pieces out of order
        ("ruling: my owner approved  ()", True),  # empty values are values
        ("I said: ruling: my owner approved p1 (x)", False),  # not at the start
    ],
)
def test_a_line_fits_a_shape_only_with_every_piece_in_its_place(text: str, fits: bool) -> None:
    assert words.fits(text, words.shape(ENGLISH["journal.ruling_approved"])) is fits


def test_a_phrase_without_values_fits_only_itself() -> None:
    pieces = words.shape("whenever")
    assert words.fits("whenever", pieces)
    assert not words.fits("wheneverwhenever", pieces)
    assert not words.fits("whenever!", pieces)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_phrase_filled_in_fits_its_own_shape(language: str) -> None:
    for key, template in CATALOGUE[language].items():
        filled = template.format_map(dict.fromkeys(placeholders(template), "x (y): z"))
        assert words.fits(filled, words.shape(template)), key
        assert words.written(filled, words.shapes([key])), key


def test_reading_a_line_back_is_linear_in_the_line() -> None:
    """A long line that almost fits (every piece but the last) is read once, not retried."""
    pieces = words.shape("{a} x {b} x {c} x {d}!")
    line = " x " * 50_000
    assert not words.fits(line, pieces)
    assert words.fits(line + "!", pieces)
