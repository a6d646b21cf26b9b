"""When a phrase says something is due, in the pet's five languages, against the local `now`.

Each language has one small grammar of the same shape: in 20 minutes, tomorrow evening, on
Tuesday, this afternoon, at 7 (or at seven), half past seven, quarter to eight, noon, midnight,
after work, later; and a date ("on the 15th", "am 24. Dezember": `dates`). A bare hour follows
one rule in every language: 1 to 7 o'clock, or any morning hour said of an afternoon or evening,
is after noon ("at 7", "um 7 Uhr", "a las 7", "om 7 uur" and "half past seven" are in the
evening; "tonight at 8" is 20:00); noon and midnight are what they say. Every pattern runs in
linear time: bounded repeats, no nested unbounded quantifiers.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, time, timedelta
from typing import Final

from .dates import date_in, moved_to, names_a_date, without_dates
from .grammars import (
    DUTCH,
    ENGLISH,
    EVENING_PARTS,
    FRENCH,
    GERMAN,
    GRAMMARS,
    LATER,
    PARTS,
    SPANISH,
    WEEKDAYS,
    Grammar,
    words,
)

__all__ = [
    "DUTCH",
    "ENGLISH",
    "EVENING_PARTS",
    "FRENCH",
    "GERMAN",
    "GRAMMARS",
    "LATER",
    "PARTS",
    "SPANISH",
    "WEEKDAYS",
    "Grammar",
    "amount",
    "best_reading",
    "clock_time",
    "due_from",
    "due_in",
    "later",
    "names_a_time",
    "unit_seconds",
    "without_times",
]


DAY: Final = 86400  # seconds: a stretch of days or weeks may name its hour too


def _at(day: datetime, at: time) -> datetime:
    return day.replace(hour=at.hour, minute=at.minute, second=0, microsecond=0)


def later(now: datetime, seconds: float) -> datetime:
    """`now` plus real elapsed time (right across a clock change), in `now`'s zone."""
    return (now.astimezone(UTC) + timedelta(seconds=seconds)).astimezone(now.tzinfo)


def amount(grammar: Grammar, text: str) -> float:
    """How many units an amount says ("20", "2.5", "an", "zwanzig", "einer halben", "media")."""
    said = words(text)
    return grammar.amounts[said] if said in grammar.amounts else float(said.replace(",", "."))


def unit_seconds(grammar: Grammar, unit: str) -> int:
    """Seconds in one unit as the language writes it."""
    unit = unit.lower()
    return next((s for prefix, s in grammar.units if unit.startswith(prefix)), 3600)


def _part(grammar: Grammar, word: str | None) -> str | None:
    return grammar.parts.get(words(word)) if word else None


def _afternoon(
    grammar: Grammar,
    hour: int,
    minute: int,
    ampm_word: str | None,
    part: str | None,
    *,
    clock24: bool = False,
) -> time | None:
    """The bare-hour rule: said without am or pm, 1 to 7 o'clock (or any morning hour said of
    an afternoon or evening) is after noon; an hour written as a 24-hour clock ("03:55") is
    what it says."""
    ampm = grammar.meridiem.get(words(ampm_word or ""), "")
    evening = part is not None and part in EVENING_PARTS
    if ampm == "pm" and hour < 12:
        hour += 12
    elif ampm == "am" and hour == 12:
        hour = 0
    elif part == "morning":
        pass  # "tomorrow morning at 7", "morgen früh um 7": the morning, as said
    elif not ampm and not clock24 and (1 <= hour < 8 or (evening and 1 <= hour < 12)):
        hour += 12  # "at 5" most likely means the afternoon; "tonight at 8" the evening
    return time(hour % 24, minute) if 0 <= minute < 60 else None


def _minutes(grammar: Grammar, word: str | None) -> int:
    """Minutes said as a word of the clock ("quarter", "demie") or in digits."""
    word = words(word or "")
    if not word:
        return 0
    found = grammar.quarters.get(word, grammar.plus.get(word))
    return found if found is not None else int(word) if word.isdigit() else 0


def _hour(grammar: Grammar, match: re.Match[str], part: str | None) -> time | None:
    groups = match.groupdict()
    hour = grammar.hour(groups["h"]) % 24
    minute = int(groups.get("m") or groups.get("mm") or 0)
    minute += grammar.plus.get(words(groups.get("plus") or ""), 0)
    if before := _minutes(grammar, groups.get("minus")):  # "8 heures moins le quart": 7:45
        hour, minute = (hour - 1) % 24, 60 - before
    clock24 = len(groups["h"]) == 2 and groups["h"].startswith("0")  # "at 03:55"
    return _afternoon(grammar, hour, minute, groups.get("ampm"), part, clock24=clock24)


def _around(grammar: Grammar, match: re.Match[str], part: str | None) -> time | None:
    """A clock said around an hour: "half past 7", "quarter to eight", "halb acht" (7:30)."""
    groups = match.groupdict()
    hour = grammar.hour(groups["h"])
    if groups.get("half"):
        total = hour * 60 - 30
    else:
        direction = grammar.directions.get(words(groups.get("dir") or ""), 1)
        total = hour * 60 + direction * _minutes(grammar, groups.get("q"))
    hour, minute = divmod(total % (24 * 60), 60)
    if hour == 0 and not groups.get("ampm"):
        hour = 12  # "quarter to one" is a quarter to 13:00, never 00:45
    return _afternoon(grammar, hour, minute, groups.get("ampm"), part)


def clock_time(grammar: Grammar, text: str, part: str | None = None) -> time | None:
    """The clock time a phrase names, if any: an hour (at 7, um 1 mittags), one said around
    an hour (half past seven), or a time with a name (noon, mittags)."""
    if match := grammar.at.search(text):
        return _hour(grammar, match, part)
    if grammar.around is not None and (match := grammar.around.search(text)):
        return _around(grammar, match, part)
    if grammar.named is not None and (match := grammar.named.search(text)):
        return grammar.names.get(words(match["name"]))
    return None


def due_in(grammar: Grammar, text: str, now: datetime) -> datetime | None:
    """A due time read from a phrase by one language's grammar; None if it names none."""
    if match := grammar.within.search(text):
        unit = unit_seconds(grammar, match["unit"])
        half = 0.5 if match["nhalf"] or match["half"] else 0.0  # "an hour and a half"
        more = amount(grammar, match["more"]) * 60 if match["more"] else 0.0  # "and 30 minutes"
        due = later(now, (amount(grammar, match["n"]) + half) * unit + more)
        rest = f"{text[: match.start()]} {text[match.end() :]}"
        if unit >= DAY and (at := clock_time(grammar, rest)) is not None:
            return _at(due, at)  # "in 2 days at 9": that day, at 9
        return due
    base: datetime | None = None
    part: str | None = None  # the part of the day the words name, if they name one
    if match := grammar.tomorrow.search(text):  # or the day after ("übermorgen")
        ahead = 2 if match["after"] else 1
        base, part = now + timedelta(days=ahead), _part(grammar, match["part"])
    elif match := grammar.on_day.search(text):
        ahead = (grammar.days[words(match["day"])] - now.weekday()) % 7 or 7
        base, part = now + timedelta(days=ahead), _part(grammar, match["part"])
    elif (day := date_in(grammar.language, text, now.date())) is not None:  # "on the 15th"
        base, part = moved_to(day, now), _this_part(grammar, text)
    elif (part := _this_part(grammar, text)) is not None:
        base = now
    if (at := clock_time(grammar, text, part)) is not None:
        due = _at(base or now, at)
        if due > now:
            return due
        # past: a bare hour is tomorrow's; "this morning at 7" said at three is asked back
        return due + timedelta(days=1) if base is None else None
    if base is not None:  # a day with no hour: its morning, unless a part is named
        due = _at(base, PARTS[part or "morning"])
        return due if due > now else later(now, 3600)
    if grammar.later.search(text):
        return later(now, LATER.total_seconds())
    return None


def _this_part(grammar: Grammar, text: str) -> str | None:
    """The part of the day "this afternoon", "in the evening" or "tonight" names, if any."""
    if (match := grammar.this.search(text)) is None:
        return None
    said = match.groupdict().get("later") or match["part"]  # "in the evening" is this one
    return "tonight" if match["tonight"] else _part(grammar, said)


def due_from(text: str, now: datetime, language: str | None = None) -> datetime | None:
    """A due time read from a phrase, against the local `now`; None if it names none. With no
    language, as the language that reads the most of it reads it (`best_reading`)."""
    if language is not None:
        grammar = GRAMMARS.get(language)
        return due_in(grammar, text, now) if grammar is not None else None
    reading = best_reading(text, now)
    return reading[1] if reading is not None else None


def best_reading(text: str, now: datetime) -> tuple[Grammar, datetime] | None:
    """The language whose time words take the most of the text out, and the due time it reads
    ("morgen om 9 uur" is Dutch: German reads "morgen" alone); English first on a tie."""
    best: tuple[int, Grammar, datetime] | None = None
    for grammar in GRAMMARS.values():
        if (due := due_in(grammar, text, now)) is not None:
            left = len(without_times(grammar, text))
            if best is None or left < best[0]:
                best = (left, grammar, due)
    return (best[1], best[2]) if best is not None else None


def names_a_time(grammar: Grammar, text: str) -> bool:
    """Whether the words name a time at all (a bare "today" does not)."""
    today = grammar.today
    if names_a_date(grammar.language, text):
        return True
    return any(pattern.search(text) for pattern in grammar.phrases() if pattern is not today)


def without_times(grammar: Grammar, text: str) -> str:
    """The words with every time phrase this language names taken out."""
    text = without_dates(grammar.language, text)
    for pattern in grammar.phrases():
        text = pattern.sub(" ", text)
    return " ".join(text.split())
