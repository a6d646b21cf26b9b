"""The words the Pi body draws itself (the "no connection" face), in the pet's five languages.

The language is a tag ("de", "de-CH", "pt-BR"); its primary subtag picks the words, and a
language the pet does not speak is drawn in English.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple


class OfflineWords(NamedTuple):
    """The three lines of the "no connection" face."""

    title: str
    to_whom: str
    since: str  # {time}: when Home Assistant went away, HH:MM


WORDS: Final[dict[str, OfflineWords]] = {
    "en": OfflineWords("no connection", "to Home Assistant", "since {time}"),
    "de": OfflineWords("keine Verbindung", "zu Home Assistant", "seit {time}"),
    "fr": OfflineWords("pas de connexion", "à Home Assistant", "depuis {time}"),
    "es": OfflineWords("sin conexión", "con Home Assistant", "desde las {time}"),
    "nl": OfflineWords("geen verbinding", "met Home Assistant", "sinds {time}"),
}
TAG: Final = re.compile(r"[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8}){0,5}")


def base(language: str) -> str:
    """A tag's primary subtag, lower-cased ("de-CH" -> "de")."""
    return language.strip().replace("_", "-").split("-", 1)[0].lower()


def offline_words(language: str, since: str) -> tuple[str, str, str]:
    """The "no connection" face's lines in a language, with the time filled in."""
    words = WORDS.get(base(language), WORDS["en"])
    line = words.since.format(time=since)
    if base(language) == "es" and since.startswith("01:"):
        line = line.replace("desde las", "desde la")  # "desde la 01:05": one o'clock is singular
    return words.title, words.to_whom, line
