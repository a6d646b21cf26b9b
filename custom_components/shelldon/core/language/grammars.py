"""How each of the pet's five languages names a time: one small grammar of the same shape per
language (in 20 minutes, tomorrow evening, on Tuesday, this afternoon, at 7 or at seven, half
past seven, quarter to eight, noon, midnight, after work, later), read by `when`. Every pattern
runs in linear time: bounded repeats, no nested unbounded quantifiers.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import time, timedelta
from typing import Final

from .counts import AMOUNTS, ONE_TO_TWELVE, UNITS, alternation, numbered, within

WEEKDAYS: Final = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
PARTS: Final[dict[str, time]] = {
    "morning": time(9, 30),
    "noon": time(12, 0),
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
    """How one language names a due time. Groups: `within` n and unit (nhalf, half or more
    minutes: `counts`); `tomorrow`, `on_day` (day) and `this` (or tonight) a part; `at` h (digits
    or a word), m or mm, plus or minus (minutes after the hour, or to it), ampm; `around` a clock
    said around an hour (q and dir: "quarter to", "ten past"; half: "halb acht" is 7:30) with h
    and ampm; `named` a time with a name of its own (noon, midnight, after work)."""

    language: str
    within: re.Pattern[str]
    tomorrow: re.Pattern[str]
    on_day: re.Pattern[str]
    this: re.Pattern[str]
    at: re.Pattern[str]
    later: re.Pattern[str]
    today: re.Pattern[str] | None  # "today", "next week": dropped from an errand's words
    days: Mapping[str, int]
    parts: Mapping[str, str]
    amounts: Mapping[str, float]
    units: tuple[tuple[str, int], ...]  # unit prefix -> seconds (else an hour)
    meridiem: Mapping[str, str]  # words after an hour -> "am" or "pm"
    plus: Mapping[str, int] = field(default_factory=dict)  # words after an hour -> minutes
    hours: Mapping[str, int] = field(default_factory=dict)  # "seven" -> 7
    around: re.Pattern[str] | None = None
    quarters: Mapping[str, int] = field(default_factory=dict)  # "quarter" -> 15, "half" -> 30
    directions: Mapping[str, int] = field(default_factory=dict)  # "past" -> 1, "to" -> -1
    named: re.Pattern[str] | None = None
    names: Mapping[str, time] = field(default_factory=dict)  # "noon" -> 12:00

    def phrases(self) -> tuple[re.Pattern[str], ...]:
        """Every pattern that names a time, for taking them out of an errand's words (the
        longer clocks first, so "half past 7" goes whole)."""
        days = (self.within, self.tomorrow, self.on_day, self.this)
        clocks = tuple(p for p in (self.named, self.around) if p is not None)
        found: tuple[re.Pattern[str], ...] = (*days, *clocks, self.at, self.later)
        return found + ((self.today,) if self.today is not None else ())

    def hour(self, word: str) -> int:
        """An hour as digits or as this language's word for it ("seven", "acht")."""
        word = words(word)
        return self.hours[word] if word in self.hours else int(word)


def words(text: str) -> str:
    """Lower case, one space between words, one kind of apostrophe."""
    return " ".join(text.lower().replace("’", "'").split())


def _compile(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, _I)


def _hour_group(hours: Mapping[str, int]) -> str:
    """The `h` group: digits, or one of the words (longest first, so "eins" before "ein")."""
    return rf"(?P<h>\d{{1,2}}|{alternation(hours)})"


_EN_PART: Final = r"(?:morning|afternoon|evening|night)"
# A weekday's short name ("weds", "thurs", "sat") only where it can be no other word: after
# "on", "next" or "this", or before an hour ("weds at 3", "fri 5pm"; not "we sat at the table").
_EN_SHORT: Final = {
    short: day
    for day, shorts in enumerate(
        ("mon", "tue tues", "wed weds", "thu thur thurs", "fri", "sat", "sun")
    )
    for short in shorts.split()
}
_EN_SHORTS: Final = "|".join(sorted(_EN_SHORT, key=len, reverse=True))
_EN_DAYS: Final = (
    "|".join(WEEKDAYS)
    + rf"|(?:{_EN_SHORTS})\.?(?=\s+(?:at\s+\d|@|\d))"
    + rf"|(?:(?<=on\s)|(?<=next\s)|(?<=this\s))(?:{_EN_SHORTS})\b\.?"
)
_EN_HOURS: Final = numbered(ONE_TO_TWELVE["en"])
_EN_H: Final = _hour_group(_EN_HOURS)
_EN_AN_HOUR: Final = _EN_H.replace("(?P<h>", "(?:")  # "at ten to eight" is 7:50, not "at ten"
ENGLISH: Final = Grammar(
    language="en",
    within=_compile(within("en", r"\bin\s+")),
    tomorrow=_compile(rf"\b(?P<after>the\s+day\s+after\s+)?tomorrow(?:\s+(?P<part>{_EN_PART}))?\b"),
    on_day=_compile(
        rf"\b(?:on\s+|next\s+|this\s+|coming\s+)?(?P<day>{_EN_DAYS})(?:\s+(?P<part>{_EN_PART}))?\b"
    ),
    this=_compile(
        r"\b(?:this\s+(?P<part>morning|afternoon|evening)|in\s+the\s+(?P<later>afternoon|evening)|"
        r"(?P<tonight>tonight))\b"
    ),
    # "at 5", "at 17:30", "at 0700", "at 7.30", "at 5pm", "at 5 o'clock", "at 8 in the morning",
    # "at seven thirty", "around 6", "about 6", "by 6", "before 6" (then, as "by"), "at about 6",
    # "@ 5pm", and an hour with am or pm
    # alone ("tomorrow 8am") — not "look at 3 options".
    at=_compile(
        r"(?:\b(?:at(?:\s+(?:about|around))?|around|about|by|before)\s+|@\s{0,3}|"
        r"(?<![\w.:,/-])(?=\d{1,2}(?:[:.]\d\d)?\s?[ap]\.?m\b))"
        rf"{_EN_H}(?:[:.](?P<m>\d{{2}})|(?<=\d\d)(?P<mm>\d{{2}}))?(?:\s+(?P<plus>fifteen|thirty|forty[\s-]five))?"
        r"\s*(?:(?:o'clock\s+)?(?P<ampm>[ap]\.?m\.?|in\s+the\s+(?:morning|afternoon|evening)|"
        r"at\s+night)|o'clock|"
        r"(?=$|[,.;!?)]|\s+(?:and|then|on|today|tonight|tomorrow|this|please|right|ok|okay|"
        rf"yes|about|that|not)\b|\s+to\s+(?!{_EN_AN_HOUR}\b))|(?<=\d\d:\d\d))"
    ),
    later=_compile(r"\blater(?:\s+today)?\b|\bsoon\b"),
    today=None,
    days={day: i for i, day in enumerate(WEEKDAYS)}
    | _EN_SHORT
    | {f"{short}.": day for short, day in _EN_SHORT.items()},
    parts={part: part for part in PARTS},
    amounts=AMOUNTS["en"],
    units=UNITS["en"],
    meridiem={"am": "am", "a.m.": "am", "a.m": "am", "am.": "am", "pm": "pm", "p.m.": "pm"}
    | {"p.m": "pm", "pm.": "pm", "in the morning": "am", "in the afternoon": "pm"}
    | {"in the evening": "pm", "at night": "pm"},
    plus={"fifteen": 15, "thirty": 30, "forty-five": 45, "forty five": 45},
    hours=_EN_HOURS,
    # "half past 7", "quarter to eight", "ten past seven", "20 minutes to 8"
    around=_compile(
        r"\b(?:at\s+|by\s+|around\s+)?(?P<q>half|(?:a\s+)?quarter|twenty[\s-]five|five|ten|"
        r"twenty|\d{1,2}(?=\s+minutes))(?:\s+minutes)?\s+(?P<dir>past|after|to|before)\s+"
        rf"{_EN_H}\b(?:\s*(?P<ampm>[ap]\.?m\.?))?"
    ),
    quarters={"half": 30, "quarter": 15, "a quarter": 15, "five": 5, "ten": 10, "twenty": 20}
    | {"twenty-five": 25, "twenty five": 25},
    directions={"past": 1, "after": 1, "to": -1, "before": -1},
    named=_compile(
        r"\b(?:at\s+|by\s+|around\s+)?(?P<name>noon|midday|midnight|lunch\s?time|"
        r"after\s+work)\b"
    ),
    names={"noon": time(12), "midday": time(12), "midnight": time(0), "lunchtime": time(12, 30)}
    | {"lunch time": time(12, 30), "after work": time(18)},
)

_DE_PART: Final = r"(?:morgen|früh|vormittag|mittag|nachmittag|abend|nacht)"
_DE_DAYS: Final = r"(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag)"
_DE_HOURS: Final = numbered(ONE_TO_TWELVE["de"])
_DE_H: Final = _hour_group(_DE_HOURS)
GERMAN: Final = Grammar(
    language="de",
    within=_compile(within("de", r"\b(?:in|binnen)\s+")),
    tomorrow=_compile(
        r"(?<!heute\s)(?<!guten\s)(?<!tag\s)(?<!woch\s)\b(?P<after>über)?morgen"
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
        rf"\b(?:um|gegen|bis|vor(?=\s+\S{{1,9}}?\s?uhr\b))\s+{_DE_H}(?:[:.](?P<m>\d{{2}}))?(?:\s?uhr\b|(?<=[:.]\d\d)|"
        r"(?=\s{0,3}(?:$|[,;!?)]|\.(?!\d)|(?:und|dann|am|heute|morgen|bitte|daran|dran|an|"
        r"ans|dass|abends|morgens|früh|mittags|nachmittags|vormittags|erinnern|oder|ja|gell|ne)\b)))"
        r"(?:\s+(?P<ampm>morgens|früh|vormittags|mittags|nachmittags|abends))?"
    ),
    later=_compile(r"\b(?:später|nachher|bald|demnächst)\b"),
    today=_compile(r"\bheute\b|\b(?:nächste|kommende)\s+woche\b"),
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
        "mittag": "noon",
        "nachmittag": "afternoon",
        "abend": "evening",
        "nacht": "night",
    },
    amounts=AMOUNTS["de"],
    units=UNITS["de"],
    meridiem={"morgens": "am", "früh": "am", "vormittags": "am"}
    | {"mittags": "pm", "nachmittags": "pm", "abends": "pm"},
    hours=_DE_HOURS,
    # "halb acht" is 7:30; "Viertel nach 7", "Viertel vor acht", "zehn nach sieben"
    around=_compile(
        r"\b(?:um\s+|gegen\s+)?(?:(?P<half>halb)|(?P<q>viertel|dreiviertel|\d{1,2}|fünf|zehn|"
        rf"zwanzig)\s+(?P<dir>nach|vor))\s+{_DE_H}\b(?:\s+uhr\b)?"
        r"(?:\s+(?P<ampm>morgens|früh|vormittags|mittags|nachmittags|abends))?"
    ),
    quarters={"viertel": 15, "dreiviertel": 45, "fünf": 5, "zehn": 10, "zwanzig": 20},
    directions={"nach": 1, "vor": -1},
    named=_compile(
        r"\b(?:um\s+|gegen\s+|zu\s+|am\s+)?(?P<name>mitternacht|mittags?|nach\s+der\s+arbeit|"
        r"nach\s+feierabend|feierabend)\b"
    ),
    names={"mitternacht": time(0), "mittag": time(12), "mittags": time(12)}
    | {"nach der arbeit": time(18)}
    | {"nach feierabend": time(18), "feierabend": time(18)},
)

_FR_PART: Final = r"(?:matin|apr[eè]s-midi|soir)"
_FR_DAYS: Final = r"(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)"
_FR_HOURS: Final = numbered(ONE_TO_TWELVE["fr"])
_FR_WORD_H: Final = alternation(_FR_HOURS)
_FR_AFTER: Final = (
    r"(?:\s+et\s+(?P<plus>demie|quart)|\s+moins\s+(?:le\s+)?(?P<minus>quart|\d{1,2}|cinq|dix|"
    r"vingt))?"
)
FRENCH: Final = Grammar(
    language="fr",
    within=_compile(within("fr", r"\b(?:dans|d'ici|d’ici)\s+")),
    tomorrow=_compile(rf"\b(?P<after>apr[eè]s-)?demain(?:\s+(?P<part>{_FR_PART}))?\b"),
    on_day=_compile(
        rf"\b(?:ce\s+|le\s+)?(?P<day>{_FR_DAYS})(?:\s+(?P<part>{_FR_PART}))?(?:\s+prochain)?\b"
    ),
    this=_compile(
        r"\b(?:(?P<tonight>ce\s+soir|cette\s+nuit)|(?:ce|cet)\s+(?P<part>matin|apr[eè]s-midi))\b"
    ),
    # a word for the hour only with "heure(s)" after it: "à une amie" is no time
    at=_compile(
        rf"(?<!\w)(?:à|vers|avant)\s+(?:(?P<h>\d{{1,2}}|(?:{_FR_WORD_H})(?=\s+heures?\b))"
        r"(?:\s?(?:h|heures?)(?:\s?(?P<m>\d{2}))?\b|"
        r":(?P<mm>\d{2})\b|(?=\s{0,3}(?:$|[,;!?)]|\.(?!\d)|(?:et|puis|demain|ce|aujourd|stp|"
        rf"svp|pour|que|de|du|hein|non)\b|[dq]u?['’]))){_FR_AFTER})"
        r"(?:\s+(?P<ampm>du\s+matin|de\s+l['’]apr[eè]s-midi|du\s+soir))?"
    ),
    later=_compile(r"\b(?:plus\s+tard|bientôt|tout\s+à\s+l['’]heure)(?!\w)"),
    today=_compile(r"\baujourd['’]hui\b|\bla\s+semaine\s+prochaine\b"),
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
    amounts=AMOUNTS["fr"],
    units=UNITS["fr"],
    meridiem={"du matin": "am", "de l'après-midi": "pm", "de l'apres-midi": "pm"}
    | {"du soir": "pm"},
    plus={"demie": 30, "quart": 15},
    hours=_FR_HOURS,
    quarters={"quart": 15, "cinq": 5, "dix": 10, "vingt": 20},
    named=_compile(
        r"(?<![\w-])(?:à\s+|vers\s+)?(?P<name>midi|minuit|apr[eè]s\s+le\s+(?:travail|boulot))"
        r"(?![\w-])"
    ),
    names={"midi": time(12), "minuit": time(0), "après le travail": time(18)}
    | {"apres le travail": time(18), "après le boulot": time(18), "apres le boulot": time(18)},
)

_ES_PART: Final = r"(?:ma[nñ]ana|tarde|noche)"
_ES_DAYS: Final = r"(?:lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo)"
_ES_HOURS: Final = numbered(ONE_TO_TWELVE["es"])
_ES_H: Final = _hour_group(_ES_HOURS)
SPANISH: Final = Grammar(
    language="es",
    within=_compile(within("es", r"\b(?:en|dentro\s+de)\s+")),
    tomorrow=_compile(
        r"(?:\b(?P<after>pasado\s+)|(?<!\bla\s)(?<!\besta\s)(?<!\bcada\s)(?<!\bde\s)"
        r"(?<!\bpasado\s)\b)ma[nñ]ana"
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
        rf"\b(?:a|sobre|hacia|para|antes\s+de)\s+las?\s+{_ES_H}\b(?:[:.](?P<m>\d{{2}}))?"
        r"(?:\s+y\s+(?P<plus>media|cuarto)|\s+menos\s+(?P<minus>cuarto|\d{1,2}|cinco|diez|"
        r"veinte))?(?:\s?(?:h|hrs?|horas)\b)?"
        r"(?:\s+(?P<ampm>de\s+la\s+(?:ma[nñ]ana|madrugada|tarde|noche)))?"
    ),
    later=_compile(r"\b(?:m[aá]s\s+tarde|luego|pronto|en\s+un\s+rato)\b"),
    today=_compile(r"\bhoy\b|\bla\s+(?:pr[oó]xima\s+semana|semana\s+que\s+viene)\b"),
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
    amounts=AMOUNTS["es"],
    units=UNITS["es"],
    meridiem={"de la mañana": "am", "de la manana": "am", "de la madrugada": "am"}
    | {"de la tarde": "pm", "de la noche": "pm"},
    plus={"media": 30, "cuarto": 15},
    hours=_ES_HOURS,
    quarters={"cuarto": 15, "cinco": 5, "diez": 10, "veinte": 20},
    named=_compile(
        r"\b(?:a\s+|al\s+|a\s+la\s+|hacia\s+el\s+|sobre\s+el\s+|para\s+el\s+)?"
        r"(?P<name>mediod[ií]a|medio\s+d[ií]a|medianoche|despu[eé]s\s+del\s+trabajo|"
        r"al\s+salir\s+del\s+trabajo)\b"
    ),
    names={"mediodía": time(12), "mediodia": time(12), "medio día": time(12)}
    | {"medio dia": time(12), "medianoche": time(0), "después del trabajo": time(18)}
    | {"despues del trabajo": time(18), "al salir del trabajo": time(18)},
)

_NL_PART: Final = r"(?:ochtend|morgen|middag|avond|nacht)"
_NL_DAYS: Final = r"(?:maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag)"
_NL_HOURS: Final = numbered(ONE_TO_TWELVE["nl"])
_NL_H: Final = _hour_group(_NL_HOURS)
DUTCH: Final = Grammar(
    language="nl",
    within=_compile(within("nl", r"\b(?:over|binnen)\s+")),
    tomorrow=_compile(
        r"(?<!guten\s)(?<!goede\s)(?<!heute\s)\b(?P<after>over)?morgen\s?"
        r"(?P<part>ochtend|vroeg|middag|avond|nacht)?\b"
    ),
    on_day=_compile(
        rf"\b(?:op\s+|aanstaande\s+|volgende\s+)?(?P<day>{_NL_DAYS})\s?(?P<part>{_NL_PART})?\b"
    ),
    this=_compile(r"\bvan(?:(?P<tonight>avond|nacht)|(?P<part>ochtend|morgen|middag))\b"),
    at=_compile(
        rf"\b(?:om|rond|tegen|voor(?=\s+\S{{1,9}}?\s?uur\b))\s+{_NL_H}(?:[:.](?P<m>\d{{2}}))?(?:\s?uur\b|(?<=[:.]\d\d)|"
        r"(?=\s{0,3}(?:$|[,;!?)]|\.(?!\d)|(?:en|dan|op|vandaag|vanavond|morgen|alsjeblieft|"
        r"graag|eraan|aan|dat|om|toch|hè)\b|['’]s\b)))"
        r"(?:\s+(?P<ampm>['’]s\s+(?:ochtends|morgens|middags|avonds)|"
        r"in\s+de\s+(?:ochtend|middag|avond)))?"
    ),
    later=_compile(r"\b(?:later|straks|binnenkort|zo\s+meteen|zometeen)\b"),
    today=_compile(r"\bvandaag\b|\bvolgende\s+week\b"),
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
    amounts=AMOUNTS["nl"],
    units=UNITS["nl"],
    meridiem={"'s ochtends": "am", "'s morgens": "am", "in de ochtend": "am"}
    | {"'s middags": "pm", "'s avonds": "pm", "in de middag": "pm", "in de avond": "pm"},
    hours=_NL_HOURS,
    # "half acht" is 7:30; "kwart over 7", "kwart voor acht", "tien over zeven"
    around=_compile(
        r"\b(?:om\s+|rond\s+|tegen\s+)?(?:(?P<half>half)|(?P<q>kwart|\d{1,2}|vijf|tien)\s+"
        rf"(?P<dir>over|voor))\s+{_NL_H}\b(?:\s+uur\b)?"
        r"(?:\s+(?P<ampm>['’]s\s+(?:ochtends|morgens|middags|avonds)|"
        r"in\s+de\s+(?:ochtend|middag|avond)))?"
    ),
    quarters={"kwart": 15, "vijf": 5, "tien": 10},
    directions={"over": 1, "voor": -1},
    named=_compile(
        r"\b(?:om\s+|rond\s+)?(?P<name>middernacht|tussen\s+de\s+middag|lunchtijd|"
        r"na\s+het\s+werk|na\s+werktijd)\b"
    ),
    names={"middernacht": time(0), "tussen de middag": time(12, 30), "lunchtijd": time(12, 30)}
    | {"na het werk": time(18), "na werktijd": time(18)},
)

GRAMMARS: Final[dict[str, Grammar]] = {
    g.language: g for g in (ENGLISH, GERMAN, FRENCH, SPANISH, DUTCH)
}
