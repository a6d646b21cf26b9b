"""A day named by its date, in the pet's five languages: "on the 15th", "on December 24", "on
the 3rd of May", "am 15.", "am 24. Dezember", "am 24.12.", "le 15", "le 1er mai", "le 24/12",
"el 15", "el 24 de diciembre", "op de 15e", "op 24 december".

A date with no month is the next such day: this month's if it is still to come (today counts),
else the next month that has it. A date with a month is this year's, or next year's once it has
passed (the 29th of February, the next leap year's). A day a month never has ("the 31st of
April") names none. Every pattern is bounded
alternations of fixed words: linear time.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Final

_I: Final = re.I

# The months of each language, January first; a slot may hold several spellings ("sept/sep").
_MONTH_NAMES: Final = {
    "en": "january/jan february/feb march/mar april/apr may june/jun july/jul august/aug "
    "september/sept/sep october/oct november/nov december/dec",
    "de": "januar/jänner/jan februar/feb märz/maerz/mär april/apr mai juni/jun juli/jul "
    "august/aug september/sept/sep oktober/okt november/nov dezember/dez",
    "fr": "janvier/janv février/fevrier/févr/fevr mars avril/avr mai juin juillet/juil "
    "août/aout septembre/sept octobre/oct novembre/nov décembre/decembre/déc/dec",
    "es": "enero/ene febrero/feb marzo/mar abril/abr mayo/may junio/jun julio/jul agosto/ago "
    "septiembre/setiembre/sept/sep octubre/oct noviembre/nov diciembre/dic",
    "nl": "januari/jan februari/feb maart/mrt april/apr mei juni/jun juli/jul augustus/aug "
    "september/sept/sep oktober/okt november/nov december/dec",
}
MONTHS: Final[dict[str, dict[str, int]]] = {
    language: {
        spelling: number
        for number, slot in enumerate(names.split(), start=1)
        for spelling in slot.split("/")
    }
    for language, names in _MONTH_NAMES.items()
}


def _month(language: str) -> str:
    """The `month` group: a month's name (longest first), with a dot after an abbreviation."""
    names = sorted(MONTHS[language], key=len, reverse=True)
    return rf"(?P<month>{'|'.join(names)})\.?(?![^\W\d_])"


_DAY: Final = r"(?P<day>[12]\d|3[01]|0?[1-9])"
_NUMBERED: Final = r"(?P<number>1[0-2]|0?[1-9])"  # a month as a number ("24.12.", "24/12")
_EN_TH: Final = r"(?:st|nd|rd|th)"
# What may follow a date said without its month, in each language: the sentence's end, a time,
# or the errand's link ("on the 15th to pay the rent", "le 15 de payer", "el 15 pagar", "op de
# 15e eraan"); never a noun ("on the 1st floor", "le premier chapitre", "op de 1e verdieping").
_EN_THEN: Final = (
    r"(?=\s*+(?:$|[,.;:!?)]|@|\d|(?:at|to|about|that|in|please|and|then|so|by|around|before|"
    r"after|morning|afternoon|evening|night)\b))"
)
_FR_THEN: Final = (
    r"(?=\s*+(?:$|[,.;:!?)]|d['’]|qu['’]|(?:à|a|vers|de|que|pour|au|dans|matin|soir|après|"
    r"avant|en)(?![^\W\d_])))"
)
_ES_THEN: Final = (
    r"(?=\s*+(?:$|[,.;:!?)]|(?:a|al|de|que|para|en|por\s+la)(?![^\W\d_])"
    r"|[^\W\d_]{1,20}+(?<=ar|er|ir|se|me)(?![^\W\d_])))"
)
_NL_THEN: Final = r"(?=\s*+(?:$|[,.;:!?)]|(?:om|eraan|aan|dat|te|in)(?![^\W\d_])))"
DATES: Final[dict[str, tuple[re.Pattern[str], ...]]] = {
    # "on the 15th", "by the 3rd of May", "on December 24(th)", "on 24 December"
    "en": (
        re.compile(rf"\b(?:on|by)\s+(?:the\s+)?{_DAY}{_EN_TH}\s+(?:of\s+)?{_month('en')}", _I),
        re.compile(rf"\b(?:on|by)\s+{_month('en')}\s+(?:the\s+)?{_DAY}(?:{_EN_TH})?\b", _I),
        re.compile(rf"\b(?:on|by)\s+{_DAY}\s+{_month('en')}", _I),
        re.compile(rf"\b(?:on|by)\s+(?:the\s+)?{_DAY}{_EN_TH}\b{_EN_THEN}", _I),
    ),
    # "am 15.", "am 24. Dezember", "bis zum 3. Mai", "am 24.12."
    "de": (
        re.compile(
            rf"\b(?:am|bis\s+zum|zum)\s+{_DAY}\.(?:\s?{_month('de')}|{_NUMBERED}\.?(?!\d))?", _I
        ),
    ),
    # "le 15", "le 1er mai", "le premier mai", "le 24 décembre", "le 24/12"
    "fr": (
        re.compile(rf"\ble\s+(?:{_DAY}|(?P<first>1er|premier))\s+{_month('fr')}", _I),
        re.compile(rf"\ble\s+{_DAY}/{_NUMBERED}\b", _I),
        re.compile(rf"\ble\s+(?:{_DAY}\b|(?P<first>1er)\b){_FR_THEN}", _I),
    ),
    # "el 15", "el día 15", "el 24 de diciembre", "el 24/12"
    "es": (
        re.compile(rf"\bel\s+(?:d[ií]a\s+)?{_DAY}\s+de\s+{_month('es')}", _I),
        re.compile(rf"\bel\s+(?:d[ií]a\s+)?{_DAY}/{_NUMBERED}\b", _I),
        re.compile(rf"\bel\s+(?:d[ií]a\s+)?{_DAY}\b{_ES_THEN}", _I),
    ),
    # "op de 15e", "op 24 december", "op de 3de mei"
    "nl": (
        re.compile(rf"\bop\s+(?:de\s+)?{_DAY}(?:e|ste|de)?\s+{_month('nl')}", _I),
        re.compile(rf"\bop\s+de\s+{_DAY}(?:e|ste|de)\b{_NL_THEN}", _I),
    ),
}


def date_in(language: str, text: str, today: date) -> date | None:
    """The day a date in the text names (the next such day), or None."""
    for pattern in DATES.get(language, ()):
        if (match := pattern.search(text)) is None:
            continue
        groups = match.groupdict()
        day = 1 if groups.get("first") else int(groups["day"])
        if groups.get("month"):
            month: int | None = MONTHS[language][groups["month"].lower()]
        else:
            month = int(groups["number"]) if groups.get("number") else None
        return _next(today, day, month)
    return None


def _next(today: date, day: int, month: int | None) -> date | None:
    """The next `day` of `month` (of any month when None) from today on; None if no month
    that is asked for has it."""
    year, at = today.year, today.month
    for _ in range(13 if month is None else 5):  # (the 29th of February: four years)
        candidate_month = month or at
        try:
            found = date(year, candidate_month, day)
        except ValueError:  # "the 31st" of a month of 30 days
            found = None
        if found is not None and found >= today:
            return found
        if month is not None:
            year += 1
        else:
            at, year = (1, year + 1) if at == 12 else (at + 1, year)
    return None


def without_dates(language: str, text: str) -> str:
    """The words with every date the language names taken out."""
    for pattern in DATES.get(language, ()):
        text = pattern.sub(" ", text)
    return text


def names_a_date(language: str, text: str) -> bool:
    """Whether the words name a date."""
    return any(pattern.search(text) for pattern in DATES.get(language, ()))


def moved_to(day: date, like: datetime) -> datetime:
    """`like` on `day` (its clock and zone as they are)."""
    return like.replace(year=day.year, month=day.month, day=day.day)
