"""The pet's own words: what it writes in its journal and says unasked, in its five languages.

Every phrase is a template with named placeholders ({about}, {reason}); every language holds
every key of the English table with the same placeholders (a test keeps it so). A language the
pet does not speak falls back to English; an unknown key is an error, never a silent blank.
What fills a placeholder is placed as it is, never read as a template.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from . import words_de, words_en, words_es, words_fr, words_nl
from .tags import base

ENGLISH: Final = words_en.WORDS
CATALOGUE: Final[dict[str, Mapping[str, str]]] = {
    "en": words_en.WORDS,
    "de": words_de.WORDS,
    "fr": words_fr.WORDS,
    "es": words_es.WORDS,
    "nl": words_nl.WORDS,
}
_FORMAT: Final = string.Formatter()


def table(language: str) -> Mapping[str, str]:
    """The phrases of a language (its base tag), or English's for a language it lacks."""
    return CATALOGUE.get(base(language), ENGLISH)


def phrase(key: str, language: str = "en", /, **values: object) -> str:
    """One phrase in a language, its placeholders filled: phrase("journal.noted", "de",
    text="Ada mag Tee") -> "notiert: Ada mag Tee". KeyError for a key no table has."""
    template = table(language).get(key) or ENGLISH[key]
    return template.format_map(values)


def english(key: str, /, **values: object) -> str:
    """One phrase in English: the words of a part handed no language."""
    return phrase(key, "en", **values)


def placeholders(template: str) -> frozenset[str]:
    """The names a template fills ("{about}; {reason}" -> {"about", "reason"})."""
    return frozenset(field for _, field, _, _ in _FORMAT.parse(template) if field)


def openings(key: str) -> tuple[str, ...]:
    """A phrase's fixed start in every language (its text before the first placeholder), for
    reading the pet's own lines back: openings("journal.noted") -> ("noted: ", "notiert: ", …)."""
    found: list[str] = []
    for words in CATALOGUE.values():
        start = next(iter(_FORMAT.parse(words[key])), ("",))[0]
        if start and start not in found:
            found.append(start)
    return tuple(found)


_RETOLD: Final = {ENGLISH[key]: key for key in ENGLISH if key.startswith("reason.")}


def retold(text: str, words: Callable[..., str]) -> str:
    """A reason of the catalogue, written in English where it arose (a log's words), told in
    the owner's words: retold("no space left on the disk", de_words) -> "kein Platz mehr auf
    dem Datenträger". Any other text stays as it is."""
    key = _RETOLD.get(text)
    return words(key) if key is not None else text


Shape = tuple[str, ...]  # a template's fixed pieces, "" where it starts or ends with a value


def shape(template: str) -> Shape:
    """A template's fixed pieces in order: "noted: {text}" -> ("noted: ", "")."""
    pieces: list[str] = []
    open_end = False
    for literal, field, _, _ in _FORMAT.parse(template):
        pieces.append(literal)
        open_end = field is not None
    return (*pieces, "") if open_end else tuple(pieces)


@dataclass(frozen=True)
class Kinds:
    """Some phrases' shapes in every language, filed by how they start (a line is tried only
    against the shapes its first characters allow, and those that start with a value)."""

    width: int  # how many first characters file a shape
    starting: Mapping[str, tuple[Shape, ...]]  # by their first `width` characters
    open: tuple[Shape, ...]  # shapes whose first piece is shorter: tried on every line

    def candidates(self, text: str) -> tuple[Shape, ...]:
        """The shapes a line may have."""
        return self.starting.get(text[: self.width], ()) + self.open


def shapes(keys: Iterable[str], width: int = 4) -> Kinds:
    """The shapes of some phrases in every language (each once)."""
    found = dict.fromkeys(shape(words[key]) for key in keys for words in CATALOGUE.values())
    starting: dict[str, list[Shape]] = {}
    for pieces in found:
        if len(pieces[0]) >= width:
            starting.setdefault(pieces[0][:width], []).append(pieces)
    return Kinds(
        width,
        {start: tuple(filed) for start, filed in starting.items()},
        tuple(pieces for pieces in found if len(pieces[0]) < width),
    )


def fits(text: str, pieces: Shape) -> bool:
    """Whether a line could be a phrase of this shape filled in: its first piece at the start,
    its last at the end, the others in order between (linear in the line; no pattern)."""
    first, last = pieces[0], pieces[-1]
    if len(pieces) == 1:
        return text == first
    if not (text.startswith(first) and text.endswith(last)):
        return False
    at = len(first)
    for piece in pieces[1:-1]:
        found = text.find(piece, at)
        if found < 0:
            return False
        at = found + len(piece)
    return len(text) - len(last) >= at


def written(text: str, kinds: Kinds) -> bool:
    """Whether a line is one of the pet's own phrases of these kinds, in any of its languages."""
    return any(fits(text, pieces) for pieces in kinds.candidates(text))


def weekday(day: int, language: str = "en", *, short: bool = False) -> str:
    """A weekday's name (Monday is 0), as the language writes it."""
    return phrase(f"{'day_short' if short else 'day'}.{day % 7}", language)


def month(number: int, language: str = "en") -> str:
    """A month's name (January is 1), as the language writes it."""
    return phrase(f"month.{(number - 1) % 12 + 1}", language)


def clock(at: datetime | None, now: datetime, language: str = "en") -> str:
    """A time as the pet writes it in its journal: 14:05 today, Mon 14:05 (Di 14:05) on
    another day, "whenever" with no time."""
    if at is None:
        return phrase("clock.whenever", language)
    local = at.astimezone(now.tzinfo)
    time = f"{local:%H:%M}"
    if local.date() == now.date():
        return phrase("clock.today", language, time=time)
    day = weekday(local.weekday(), language, short=True)
    return phrase("clock.other_day", language, day=day, time=time)
