"""How each of the five languages counts a stretch of time: "in two hours", "in zwanzig
Minuten", "dans deux heures", "en quince minutos", "over tien minuten", with digits ("in 20
minutes", "2.5 hours", "2,5 Stunden") or words, and with a half however the language says one
("two and a half hours", "an hour and a half", "anderthalb Stunden", "zweieinhalb Stunden",
"une heure et demie", "una hora y media", "anderhalf uur", "twee en een half uur"), and a
quarter ("a quarter of an hour", "eine Viertelstunde", "un quart d'heure", "un cuarto de hora",
"een kwartier", three of them too), and abbreviated ("in 1h", "in 30m", "in 2 hrs", "in 1 Std").

`within` is a grammar's whole pattern for it: the `n` group (with `nhalf`, a half said before
the unit), the `unit` (minutes to weeks: `UNITS` says how long each is), then more minutes
("and 30 minutes", "and fifteen minutes") or a half (`half`). Every pattern is alternations of
fixed words: linear time.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final


def numbered(words: str, first: int = 1) -> dict[str, int]:
    """Number words in order from `first` ("one two …" -> {"one": 1, …}); a slot may hold
    several spellings ("eins/ein"), and "_" stands for a space."""
    found: dict[str, int] = {}
    for number, spellings in enumerate(words.split(), start=first):
        for spelling in spellings.split("/"):
            found[spelling.replace("_", " ")] = number
    return found


def alternation(words: Iterable[str]) -> str:
    """Words as alternatives of a pattern, longest first ("eins" before "ein"), a space in one
    standing for any blanks."""
    spelled = sorted(words, key=len, reverse=True)
    return "|".join(re.escape(word).replace(r"\ ", r"\s+") for word in spelled)


def _tens(pairs: str) -> dict[str, float]:
    """Larger counts, "word=number" ("twenty=20 forty_five=45"; _ is a space)."""
    return {
        word.replace("_", " "): float(number)
        for word, number in (pair.split("=") for pair in pairs.split())
    }


# One to twelve, as each language spells them for an hour of the clock ("at seven", "um
# sieben"); a count may be spelled in more ways (below).
ONE_TO_TWELVE: Final = {
    "en": "one two three four five six seven eight nine ten eleven twelve",
    "de": "eins/ein zwei drei vier fünf sechs sieben acht neun zehn elf zwölf",
    "fr": "une deux trois quatre cinq six sept huit neuf dix onze douze",
    "es": "una dos tres cuatro cinco seis siete ocho nueve diez once doce",
    "nl": "één/een twee drie vier vijf zes zeven acht negen tien elf twaalf",
}


def _counted(language: str, more: str) -> dict[str, float]:
    """A language's counts: one to twelve, and `more` spellings ("word=number")."""
    return {w: float(n) for w, n in numbered(ONE_TO_TWELVE[language]).items()} | _tens(more)


AMOUNTS: Final[dict[str, dict[str, float]]] = {
    "en": _counted(
        "en",
        "fifteen=15 twenty=20 twenty-five=25 twenty_five=25 thirty=30 forty=40 forty-five=45 "
        "forty_five=45 fifty=50 ninety=90 a=1 an=1 a_couple_of=2 couple_of=2 half_an=0.5 "
        "a_quarter_of_an=0.25 quarter_of_an=0.25 three_quarters_of_an=0.75",
    ),
    "de": _counted(
        "de",
        "eine=1 einer=1 einem=1 einen=1 "
        "fünfzehn=15 zwanzig=20 fünfundzwanzig=25 dreißig=30 dreissig=30 vierzig=40 "
        "fünfundvierzig=45 fünfzig=50 neunzig=90 einer_halben=0.5 einer_halbe=0.5 "
        "anderthalb=1.5 eineinhalb=1.5 zweieinhalb=2.5 dreieinhalb=3.5",
    ),
    "fr": _counted(
        "fr",
        "un=1 quinze=15 vingt=20 vingt-cinq=25 vingt_cinq=25 trente=30 quarante=40 "
        "quarante-cinq=45 quarante_cinq=45 cinquante=50 quatre-vingt-dix=90 une_demi=0.5 "
        "un_quart_d'=0.25 un_quart_d’=0.25 trois_quarts_d'=0.75 trois_quarts_d’=0.75",
    ),
    "es": _counted(
        "es",
        "un=1 uno=1 quince=15 veinte=20 veinticinco=25 treinta=30 cuarenta=40 "
        "cuarenta_y_cinco=45 cincuenta=50 noventa=90 media=0.5 un_cuarto_de=0.25 "
        "tres_cuartos_de=0.75",
    ),
    "nl": _counted(
        "nl",
        "vijftien=15 twintig=20 vijfentwintig=25 dertig=30 veertig=40 vijfenveertig=45 "
        "vijftig=50 negentig=90 een_half=0.5 half=0.5 anderhalf=1.5 tweeënhalf=2.5 "
        "tweeenhalf=2.5 drieënhalf=3.5 drieenhalf=3.5",
    ),
}

# A half said before the unit ("two and a half hours", "twee en een half uur"), and after it
# ("an hour and a half", "une heure et demie", "una hora y media", "eine Stunde und eine halbe").
_BEFORE: Final = {"en": r"and\s+a\s+half", "nl": r"en\s+een\s+half"}
_AFTER: Final = {
    "en": r"and\s+a\s+half",
    "de": r"und\s+(?:eine[rm]?\s+)?halbe[n]?",
    "fr": r"et\s+demie",
    "es": r"y\s+media",
    "nl": r"en\s+een\s+half",
}
_JOINER: Final = {"en": "and", "de": "und", "fr": "et", "es": "y", "nl": "en"}


# Each language's units (the `unit` group), how its minutes are written after a larger unit,
# what may stand between a count and its unit, and the seconds a unit lasts (by how its word
# starts; any other unit is an hour).
_UNIT_WORDS: Final = {
    "en": (r"min(?:ute)?s?|hours?|hrs?|h|m|days?|weeks?|wks?", r"min(?:ute)?s?", r"\s*"),
    "de": (
        r"min(?:uten?)?|std|h|stunden?|(?:drei)?viertelstunden?|tag(?:en?)?|wochen?",
        r"min(?:uten?)?",
        r"\s*",
    ),
    "fr": (r"min(?:ute)?s?|h(?:eures?)?|jours?|semaines?", r"min(?:ute)?s?", r"(?:\s?|-)"),
    "es": (r"min(?:uto)?s?|horas?|h|d[ií]as?|semanas?", r"min(?:uto)?s?", r"\s*"),
    "nl": (
        r"min(?:uut|uten)?|kwartier|uur|uren|u|dag(?:en)?|weken|week",
        r"min(?:uut|uten)?",
        r"\s?",
    ),
}
_DAY, _WEEK = 86400, 7 * 86400
UNITS: Final[dict[str, tuple[tuple[str, int], ...]]] = {
    "en": (("min", 60), ("m", 60), ("day", _DAY), ("w", _WEEK)),
    "de": (("min", 60), ("viertel", 900), ("dreiviertel", 2700), ("tag", _DAY), ("woche", _WEEK)),
    "fr": (("min", 60), ("jour", _DAY), ("semaine", _WEEK)),
    "es": (("min", 60), ("d", _DAY), ("semana", _WEEK)),
    "nl": (("min", 60), ("kwart", 900), ("dag", _DAY), ("we", _WEEK)),
}


def within(language: str, lead: str) -> str:
    """A stretch of time from now, after the language's `lead` ("in", "dans", "over")."""
    units, minutes, gap = _UNIT_WORDS[language]
    return rf"{lead}{amount(language)}{gap}(?P<unit>{units})\b" + after(language, minutes)


def amount(language: str) -> str:
    """The `n` group (digits, one decimal allowed, or a word) and `nhalf` (a half before the
    unit, where the language says one so)."""
    before = _BEFORE.get(language, "(?!)")
    return rf"(?P<n>\d{{1,3}}(?:[.,]\d)?|{alternation(AMOUNTS[language])})(?P<nhalf>\s+{before})?"


def after(language: str, minutes: str) -> str:
    """What may follow the unit: more minutes (`more`, digits or a word) or a half (`half`)."""
    return (
        rf"(?:\s{{0,3}},?\s{{0,3}}(?:(?P<half>{_AFTER[language]})\b|{_JOINER[language]}\s+"
        rf"(?P<more>\d{{1,2}}|{alternation(AMOUNTS[language])})\s?(?:{minutes})\b))?"
    )
