"""The shape of a phrasebook: one field per thing the offline brain says."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Phrasebook:
    """What the offline brain says, in one language."""

    language: str
    moods: Mapping[str, tuple[str, ...]]  # by feeling word: how it is, a line or three
    musings: Mapping[str, tuple[str, ...]]  # by feeling word: what it says unasked
    feelings: Mapping[str, str]  # the starter faces' feeling words, in this language
    here: str
    remember_what: str
    remembered: str
    cannot: tuple[str, str, str]  # switch things, look things up, buy things
    no_model: str
    cannot_say: str  # {cannot} {no_model}
    time: str  # {time}
    nothing_open: str
    holding: str  # {count} {shown} {more}
    one_thing: str
    things: str  # {n}
    more: str  # {n}
    item: str  # {text} {due}
    no_rush: str
    due: str  # {due}
    percent: str  # {pct}
    energy: str  # {pct}
    energy_unknown: str
    verdicts: tuple[str, str, str, str]  # hard to say, yes, a little, not at all
    tired: str  # {verdict} {energy}
    on_battery: str  # {charge}
    on_battery_unknown: str
    plugged: str
    body: str  # {where}
    felt: str  # {word}
    how: str  # {mood} {felt} {energy}
    hello: str  # {mood}
    shelf: str  # {passage}
    today: str  # {did}: what it did today, from its journal
    today_none: str  # its journal has no act of its own today yet
    thanks: str
    heard: str  # {mood}
    about: str  # {goal}: a promise of its own comes due
    reminder: str  # {goal}: a reminder the owner asked for comes due
    remind: Mapping[str, str]  # by link ("to", "daran", "de", "que", "eraan"): {what} {when}
    remind_default: str  # any other link: {link} {what} {when}
    remind_new: str  # {remind}
    remind_known: str  # {remind}
    ask_when: str  # a reminder filed without a time: when?
    held: str  # {what} {when}: asked about a promise it holds, it says which
    let_go: str  # {what}: asked not to remind the owner of it, it let the promise go
    quiet: str  # {at}: its time is in the quiet hours, so it is given when they end
    late: str  # {when}: a promise kept late (the pet was off at its time)
    waited: str  # {when}: a promise kept when the quiet hours ended
    when_none: str
    when_today: str  # {time}
    when_tomorrow: str  # {time}
    when_weekday: str  # {day} {time}
    when_date: str  # {date} {month} {time}
    swaps: Mapping[str, str]  # the owner's words said back: my -> your
    ordinals: Mapping[int, str] = field(default_factory=dict)  # "1er"
    at_one: tuple[tuple[str, str], ...] = ()  # Spanish: "a las" -> "a la" at one o'clock
    elide: bool = False  # French: "de appeler" -> "d'appeler"
