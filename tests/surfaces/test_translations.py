"""The pet speaks its owner's language: German, French, Spanish and Dutch hold every string of
translations/en.json, no more and no fewer, each with the same placeholders, the same ids, paths
and markdown, nothing left in English, and nothing hassfest would refuse.

The file checks need no Home Assistant; the last test loads the translations the way Home
Assistant does, to see that a flow shown in German really reads German.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from homeassistant.core import HomeAssistant
from homeassistant.helpers.translation import async_get_translations

from custom_components.shelldon.ports.const import DOMAIN

TRANSLATIONS = Path(__file__).parents[2] / "custom_components" / DOMAIN / "translations"
LANGUAGES = ("de", "fr", "es", "nl")

PLACEHOLDER = re.compile(r"\{([^{}]+)\}")
HTML = re.compile(r"<[a-z].*?>")  # hassfest: no string may look like an HTML tag
QUOTED_PLACEHOLDER = re.compile(r"'\{[^}]+\}'")  # hassfest: no placeholder in single quotes
CODE = re.compile(r"`+[^`]*`+")  # inline code and fenced blocks, kept as they are
TOKEN = re.compile(r"[\w./-]+")
# Prose that looks like an id to the check below (the English "e.g." and "and/or").
PROSE = frozenset({"e.g", "and/or"})
# English strings of more than three words that may stay English in every language: names and
# ids. Everything else that equals the English is a string nobody translated.
SAME_AS_ENGLISH: frozenset[str] = frozenset({"Shelldon"})


@cache
def _load(language: str) -> dict[str, Any]:
    text = json.loads((TRANSLATIONS / f"{language}.json").read_text(encoding="utf-8"))
    assert isinstance(text, dict)
    return text


def _strings(value: Any, path: str = "") -> dict[str, str]:
    """Every string of a translation file, by its dotted path."""
    if isinstance(value, dict):
        return {p: s for k, v in value.items() for p, s in _strings(v, f"{path}.{k}").items()}
    assert isinstance(value, str), f"{path}: {value!r} is not a string"
    return {path.removeprefix("."): value}


def _literals(text: str) -> set[str]:
    """Entity ids, actions, field names, hosts and paths: the same in every language."""
    # A token loses the full stop or dash of the sentence around it.
    tokens = {token.strip(".-") for token in TOKEN.findall(CODE.sub(" ", text))}
    return {
        token for token in tokens - PROSE if "_" in token or re.search(r"[a-z][./][a-z]", token)
    }


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_translation_is_valid_json_with_exactly_the_keys_of_english(language: str) -> None:
    english = _strings(_load("en"))
    text = _strings(_load(language))
    missing = sorted(set(english) - set(text))
    extra = sorted(set(text) - set(english))
    assert missing == [] and extra == [], {"missing": missing, "extra": extra}
    empty = [path for path, value in text.items() if not value.strip()]
    assert empty == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_string_keeps_its_placeholders_ids_and_markdown(language: str) -> None:
    english = _strings(_load("en"))
    text = _strings(_load(language))
    for path in english.keys() & text.keys():
        ours, theirs = english[path], text[path]
        assert set(PLACEHOLDER.findall(theirs)) == set(PLACEHOLDER.findall(ours)), path
        assert sorted(CODE.findall(theirs)) == sorted(CODE.findall(ours)), path
        assert theirs.count("\n") == ours.count("\n"), path
        lost = {literal for literal in _literals(ours) if literal not in theirs}
        assert lost == set(), f"{path}: {sorted(lost)}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_nothing_is_left_in_english(language: str) -> None:
    english = _strings(_load("en"))
    text = _strings(_load(language))
    untranslated = sorted(
        path
        for path, value in english.items()
        if text.get(path) == value and len(value.split()) > 3 and value not in SAME_AS_ENGLISH
    )
    assert untranslated == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_translation_passes_hassfests_rules(language: str) -> None:
    text = _strings(_load(language))
    html = sorted(path for path, value in text.items() if HTML.search(value))
    quoted = sorted(path for path, value in text.items() if QUOTED_PLACEHOLDER.search(value))
    assert html == [] and quoted == []


@pytest.mark.parametrize("language", LANGUAGES)
async def test_home_assistant_shows_the_config_flow_in_the_owners_language(
    hass: HomeAssistant, language: str
) -> None:
    loaded = await async_get_translations(hass, language, "config", [DOMAIN])
    key = f"component.{DOMAIN}.config.step.user.title"
    ours = _load(language)["config"]["step"]["user"]["title"]
    assert loaded[key] == ours
    assert ours != _load("en")["config"]["step"]["user"]["title"]
    label = f"component.{DOMAIN}.config.step.user.data.api_key"
    assert loaded[label] == _load(language)["config"]["step"]["user"]["data"]["api_key"]
