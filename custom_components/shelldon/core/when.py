"""When a phrase says something is due, in the pet's five languages, against the local `now`.

Each language has one small grammar of the same shape: in 20 minutes, tomorrow evening, on
Tuesday, this afternoon, at 7, later. A bare hour follows one rule in every language: 1 to 7
o'clock, or any morning hour said of an afternoon or evening, is after noon ("at 7",
"um 7 Uhr", "a las 7" and "om 7 uur" are 19:00; "tonight at 8" is 20:00). Every pattern runs
in linear time: bounded repeats, no nested unbounded quantifiers.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, time, timedelta
from typing import Final

WEEKDAYS: Final = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
PARTS: Final[dict[str, time]] = {
    "morning": time(9, 30),
    "afternoon": time(14, 0),
    "evening": time(18, 0),
    "tonight": time(20, 0),
    "night": time(20, 0),
}
EVENING_PARTS: Final = frozenset({"afternoon", "evening", "tonight", "night"})
LATER: Final = timedelta(hours=3)
_I: Final = re.I


@dataclass(frozen=True)
class Grammar:
    """How one language names a due time. Groups: `within` n and unit; `tomorrow`, `on_day`
    (day) and `this` (or tonight) a part; `at` h, m or mm, plus (minutes), ampm."""

    language: str
    within: re.Pattern[str]
    tomorrow: re.Pattern[str]
    on_day: re.Pattern[str]
    this: re.Pattern[str]
    at: re.Pattern[str]
    later: re.Pattern[str]
    today: re.Pattern[str] | None  # a bare "today", dropped from an errand's words
    days: Mapping[str, int]
    parts: Mapping[str, str]
    amounts: Mapping[str, float]
    units: tuple[tuple[str, int], ...]  # unit prefix -> seconds (else an hour)
    meridiem: Mapping[str, str]  # words after an hour -> "am" or "pm"
    plus: Mapping[str, int] = field(default_factory=dict)  # words after an hour -> minutes

    def phrases(self) -> tuple[re.Pattern[str], ...]:
        """Every pattern that names a time, for taking them out of an errand's words."""
        found = (self.within, self.tomorrow, self.on_day, self.this, self.at, self.later)
        return found + ((self.today,) if self.today is not None else ())


def _words(text: str) -> str:
    return " ".join(text.lower().replace("’", "'").split())


def _compile(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, _I)


_EN_PART: Final = r"(?:morning|afternoon|evening|night)"
_EN_DAYS: Final = "|".join(WEEKDAYS)
ENGLISH: Final = Grammar(
    language="en",
    within=_compile(
        r"\bin\s+(?P<n>\d{1,3}|an?|half\s+an)\s*(?P<unit>min(?:ute)?s?|hours?|hrs?|days?)\b"
    ),
    tomorrow=_compile(rf"\btomorrow(?:\s+(?P<part>{_EN_PART}))?\b"),
    on_day=_compile(rf"\b(?:on\s+)?(?P<day>{_EN_DAYS})(?:\s+(?P<part>{_EN_PART}))?\b"),
    this=_compile(r"\b(?:this\s+(?P<part>morning|afternoon|evening)|(?P<tonight>tonight))\b"),
    # "at 5", "at 17:30", "at 5pm", "at 5 o'clock" — but not "look at 3 options".
    at=_compile(
        r"\bat\s+(?P<h>\d{1,2})(?::(?P<m>\d{2}))?\s*(?:(?P<ampm>[ap]\.?m\.?)|o'clock|"
        r"(?=$|[,.;!?)]|\s+(?:and|then|on|today|tonight|tomorrow|this|please)\b)|(?<=\d\d:\d\d))"
    ),
    later=_compile(r"\blater(?:\s+today)?\b|\bsoon\b"),
    today=None,
    days={day: i for i, day in enumerate(WEEKDAYS)},
    parts={part: part for part in PARTS},
    amounts={"a": 1.0, "an": 1.0, "half an": 0.5},
    units=(("min", 60), ("day", 86400)),
    meridiem={"am": "am", "a.m.": "am", "a.m": "am", "am.": "am", "pm": "pm", "p.m.": "pm"}
    | {"p.m": "pm", "pm.": "pm"},
)

_DE_PART: Final = r"(?:morgen|früh|vormittag|mittag|nachmittag|abend|nacht)"
_DE_DAYS: Final = r"(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag)"
GERMAN: Final = Grammar(
    language="de",
    within=_compile(
        r"\b(?:in|binnen)\s+(?P<n>\d{1,3}|einer\s+halben|einem|einer|einen|eine|ein)\s*"
        r"(?P<unit>min(?:uten?)?|std|stunden?|tag(?:en?)?)\b"
    ),
    tomorrow=_compile(
        r"(?<!heute\s)(?<!guten\s)(?<!tag\s)(?<!woch\s)\bmorgen"
        r"(?:\s+(?P<part>früh|vormittag|mittag|nachmittag|abend|nacht))?\b"
    ),
    on_day=_compile(
        rf"\b(?:am\s+|diesen\s+|nächsten\s+|kommenden\s+)?(?P<day>{_DE_DAYS})"
        rf"(?:\s?(?P<part>{_DE_PART}))?\b"
    ),
    this=_compile(
        r"\bheute\s+(?:(?P<tonight>abend|nacht)|(?P<part>morgen|früh|vormittag|mittag|"
        r"nachmittag))\b"
    ),
    at=_compile(
        r"\b(?:um|gegen)\s+(?P<h>\d{1,2})(?:[:.](?P<m>\d{2}))?(?:\s?uhr\b|(?<=[:.]\d\d)|"
        r"(?=\s{0,3}(?:$|[,;!?)]|\.(?!\d)|(?:und|dann|am|heute|morgen|bitte|daran|dran|an|"
        r"ans|dass|abends|morgens|früh|nachmittags|vormittags|erinnern)\b)))"
        r"(?:\s+(?P<ampm>morgens|früh|vormittags|mittags|nachmittags|abends))?"
    ),
    later=_compile(r"\b(?:später|nachher|bald|demnächst)\b"),
    today=_compile(r"\bheute\b"),
    days={
        "montag": 0,
        "dienstag": 1,
        "mittwoch": 2,
        "donnerstag": 3,
        "freitag": 4,
        "samstag": 5,
        "sonnabend": 5,
        "sonntag": 6,
    },
    parts={
        "morgen": "morning",
        "früh": "morning",
        "vormittag": "morning",
        "mittag": "afternoon",
        "nachmittag": "afternoon",
        "abend": "evening",
        "nacht": "night",
    },
    amounts={"ein": 1.0, "eine": 1.0, "einer": 1.0, "einem": 1.0, "einen": 1.0}
    | {"einer halben": 0.5},
    units=(("min", 60), ("tag", 86400)),
    meridiem={"morgens": "am", "früh": "am", "vormittags": "am"}
    | {"mittags": "pm", "nachmittags": "pm", "abends": "pm"},
)

_FR_PART: Final = r"(?:matin|apr[eè]s-midi|soir)"
_FR_DAYS: Final = r"(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)"
FRENCH: Final = Grammar(
    language="fr",
    within=_compile(
        r"\b(?:dans|d'ici|d’ici)\s+(?P<n>\d{1,3}|une\s+demi|un|une)(?:\s?|-)"
        r"(?P<unit>min(?:ute)?s?|h(?:eures?)?|jours?)\b"
    ),
    tomorrow=_compile(rf"(?<!après-)(?<!apres-)\bdemain(?:\s+(?P<part>{_FR_PART}))?\b"),
    on_day=_compile(
        rf"\b(?:ce\s+|le\s+)?(?P<day>{_FR_DAYS})(?:\s+(?P<part>{_FR_PART}))?(?:\s+prochain)?\b"
    ),
    this=_compile(
        r"\b(?:(?P<tonight>ce\s+soir|cette\s+nuit)|(?:ce|cet)\s+(?P<part>matin|apr[eè]s-midi))\b"
    ),
    at=_compile(
        r"(?<!\w)(?:à|vers)\s+(?P<h>\d{1,2})(?:\s?(?:h|heures?)(?:\s?(?P<m>\d{2}))?\b|"
        r":(?P<mm>\d{2})\b|(?=\s{0,3}(?:$|[,;!?)]|\.(?!\d)|(?:et|puis|demain|ce|aujourd|stp|"
        r"svp|pour|que|de|du)\b|[dq]u?['’])))"
        r"(?:\s+(?P<ampm>du\s+matin|de\s+l['’]apr[eè]s-midi|du\s+soir))?"
    ),
    later=_compile(r"\b(?:plus\s+tard|bientôt|tout\s+à\s+l['’]heure)(?!\w)"),
    today=_compile(r"\baujourd['’]hui\b"),
    days={
        "lundi": 0,
        "mardi": 1,
        "mercredi": 2,
        "jeudi": 3,
        "vendredi": 4,
        "samedi": 5,
        "dimanche": 6,
    },
    parts={"matin": "morning", "après-midi": "afternoon", "apres-midi": "afternoon"}
    | {"soir": "evening", "nuit": "night"},
    amounts={"un": 1.0, "une": 1.0, "une demi": 0.5},
    units=(("min", 60), ("jour", 86400)),
    meridiem={"du matin": "am", "de l'après-midi": "pm", "de l'apres-midi": "pm"}
    | {"du soir": "pm"},
)

_ES_PART: Final = r"(?:ma[nñ]ana|tarde|noche)"
_ES_DAYS: Final = r"(?:lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo)"
SPANISH: Final = Grammar(
    language="es",
    within=_compile(
        r"\b(?:en|dentro\s+de)\s+(?P<n>\d{1,3}|media|una|un)\s*"
        r"(?P<unit>min(?:uto)?s?|horas?|d[ií]as?)\b"
    ),
    tomorrow=_compile(
        r"(?<!\bla\s)(?<!\besta\s)(?<!\bcada\s)(?<!\bde\s)(?<!\bpasado\s)\bma[nñ]ana"
        rf"(?:\s+(?:por|en|a)\s+la\s+(?P<part>{_ES_PART}))?\b"
    ),
    on_day=_compile(
        r"\b(?:el\s+(?:pr[oó]ximo\s+)?|este\s+|pr[oó]ximo\s+)?"
        rf"(?P<day>{_ES_DAYS})(?:\s+(?:por|en|a)\s+la\s+(?P<part>{_ES_PART}))?\b"
    ),
    this=_compile(
        r"\b(?:esta|hoy\s+(?:por|en|a)\s+la)\s+(?:(?P<tonight>noche)|(?P<part>ma[nñ]ana|tarde))\b"
    ),
    at=_compile(
        r"\b(?:a|sobre|hacia|para)\s+las?\s+(?P<h>\d{1,2})(?:[:.](?P<m>\d{2}))?"
        r"(?:\s+y\s+(?P<plus>media|cuarto))?(?:\s?(?:h|hrs?|horas)\b)?"
        r"(?:\s+(?P<ampm>de\s+la\s+(?:ma[nñ]ana|madrugada|tarde|noche)))?"
    ),
    later=_compile(r"\b(?:m[aá]s\s+tarde|luego|pronto|en\s+un\s+rato)\b"),
    today=_compile(r"\bhoy\b"),
    days={
        "lunes": 0,
        "martes": 1,
        "miércoles": 2,
        "miercoles": 2,
        "jueves": 3,
        "viernes": 4,
        "sábado": 5,
        "sabado": 5,
        "domingo": 6,
    },
    parts={"mañana": "morning", "manana": "morning", "tarde": "afternoon", "noche": "night"},
    amounts={"un": 1.0, "una": 1.0, "media": 0.5},
    units=(("min", 60), ("d", 86400)),
    meridiem={"de la mañana": "am", "de la manana": "am", "de la madrugada": "am"}
    | {"de la tarde": "pm", "de la noche": "pm"},
    plus={"media": 30, "cuarto": 15},
)

_NL_PART: Final = r"(?:ochtend|morgen|middag|avond|nacht)"
_NL_DAYS: Final = r"(?:maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag)"
DUTCH: Final = Grammar(
    language="nl",
    within=_compile(
        r"\b(?:over|binnen)\s+(?P<n>\d{1,3}|een\s+half|een|één|anderhalf|half)\s?"
        r"(?P<unit>min(?:uut|uten)?|uur|uren|dag(?:en)?)\b"
    ),
    tomorrow=_compile(
        r"(?<!guten\s)(?<!goede\s)(?<!heute\s)\bmorgen\s?(?P<part>ochtend|vroeg|middag|avond|nacht)?\b"
    ),
    on_day=_compile(
        rf"\b(?:op\s+|aanstaande\s+|volgende\s+)?(?P<day>{_NL_DAYS})\s?(?P<part>{_NL_PART})?\b"
    ),
    this=_compile(r"\bvan(?:(?P<tonight>avond|nacht)|(?P<part>ochtend|morgen|middag))\b"),
    at=_compile(
        r"\b(?:om|rond|tegen)\s+(?P<h>\d{1,2})(?:[:.](?P<m>\d{2}))?(?:\s?uur\b|(?<=[:.]\d\d)|"
        r"(?=\s{0,3}(?:$|[,;!?)]|\.(?!\d)|(?:en|dan|op|vandaag|vanavond|morgen|alsjeblieft|"
        r"graag|eraan|aan|dat|om)\b|['’]s\b)))"
        r"(?:\s+(?P<ampm>['’]s\s+(?:ochtends|morgens|middags|avonds)|"
        r"in\s+de\s+(?:ochtend|middag|avond)))?"
    ),
    later=_compile(r"\b(?:later|straks|binnenkort|zo\s+meteen|zometeen)\b"),
    today=_compile(r"\bvandaag\b"),
    days={
        "maandag": 0,
        "dinsdag": 1,
        "woensdag": 2,
        "donderdag": 3,
        "vrijdag": 4,
        "zaterdag": 5,
        "zondag": 6,
    },
    parts={"ochtend": "morning", "morgen": "morning", "vroeg": "morning"}
    | {"middag": "afternoon", "avond": "evening", "nacht": "night"},
    amounts={"een": 1.0, "één": 1.0, "een half": 0.5, "half": 0.5, "anderhalf": 1.5},
    units=(("min", 60), ("dag", 86400)),
    meridiem={"'s ochtends": "am", "'s morgens": "am", "in de ochtend": "am"}
    | {"'s middags": "pm", "'s avonds": "pm", "in de middag": "pm", "in de avond": "pm"},
)

GRAMMARS: Final[dict[str, Grammar]] = {
    g.language: g for g in (ENGLISH, GERMAN, FRENCH, SPANISH, DUTCH)
}


def _at(day: datetime, at: time) -> datetime:
    return day.replace(hour=at.hour, minute=at.minute, second=0, microsecond=0)


def later(now: datetime, seconds: float) -> datetime:
    """`now` plus real elapsed time (right across a clock change), in `now`'s zone."""
    return (now.astimezone(UTC) + timedelta(seconds=seconds)).astimezone(now.tzinfo)


def amount(grammar: Grammar, text: str) -> float:
    """How many units an amount says ("20", "an", "einer halben", "media")."""
    words = _words(text)
    return grammar.amounts[words] if words in grammar.amounts else float(words)


def unit_seconds(grammar: Grammar, unit: str) -> int:
    """Seconds in one unit as the language writes it."""
    unit = unit.lower()
    return next((s for prefix, s in grammar.units if unit.startswith(prefix)), 3600)


def _part(grammar: Grammar, word: str | None) -> str | None:
    return grammar.parts.get(_words(word)) if word else None


def _hour(grammar: Grammar, match: re.Match[str], part: str | None) -> time | None:
    groups = match.groupdict()
    hour = int(groups["h"]) % 24
    minute = int(groups.get("m") or groups.get("mm") or 0)
    minute += grammar.plus.get(_words(groups.get("plus") or ""), 0)
    ampm = grammar.meridiem.get(_words(groups.get("ampm") or ""), "")
    evening = part is not None and part in EVENING_PARTS
    if ampm == "pm" and hour < 12:
        hour += 12
    elif ampm == "am" and hour == 12:
        hour = 0
    elif not ampm and (1 <= hour < 8 or (evening and 1 <= hour < 12)):
        hour += 12  # "at 5" most likely means the afternoon; "tonight at 8" the evening
    return time(hour, minute) if minute < 60 else None


def due_in(grammar: Grammar, text: str, now: datetime) -> datetime | None:
    """A due time read from a phrase by one language's grammar; None if it names none."""
    if match := grammar.within.search(text):
        return later(now, amount(grammar, match["n"]) * unit_seconds(grammar, match["unit"]))
    base: datetime | None = None
    part: str | None = None
    if match := grammar.tomorrow.search(text):
        base, part = now + timedelta(days=1), _part(grammar, match["part"]) or "morning"
    elif match := grammar.on_day.search(text):
        ahead = (grammar.days[_words(match["day"])] - now.weekday()) % 7 or 7
        base, part = now + timedelta(days=ahead), _part(grammar, match["part"]) or "morning"
    elif match := grammar.this.search(text):
        base, part = now, "tonight" if match["tonight"] else _part(grammar, match["part"])
    if (match := grammar.at.search(text)) and (at := _hour(grammar, match, part)) is not None:
        due = _at(base or now, at)
        return due if base is not None or due > now else due + timedelta(days=1)
    if base is not None and part is not None:
        due = _at(base, PARTS[part])
        return due if due > now else later(now, 3600)
    if grammar.later.search(text):
        return later(now, LATER.total_seconds())
    return None


def due_from(text: str, now: datetime, language: str | None = None) -> datetime | None:
    """A due time read from a phrase, against the local `now`; None if it names none. With no
    language, English is read first, then the others in turn."""
    if language is not None:
        grammar = GRAMMARS.get(language)
        return due_in(grammar, text, now) if grammar is not None else None
    for grammar in GRAMMARS.values():
        if (due := due_in(grammar, text, now)) is not None:
            return due
    return None


def names_a_time(grammar: Grammar, text: str) -> bool:
    """Whether the words name a time at all (a bare "today" does not)."""
    found = (grammar.within, grammar.tomorrow, grammar.on_day, grammar.this, grammar.at)
    return any(pattern.search(text) for pattern in (*found, grammar.later))


def without_times(grammar: Grammar, text: str) -> str:
    """The words with every time phrase this language names taken out."""
    for pattern in grammar.phrases():
        text = pattern.sub(" ", text)
    return " ".join(text.split())
