"""Every reminder one message asks for, each read on its own, so none is lost to the one before
it: "Remind me to call mum at 5. Also remind me to buy stamps at 6.", "you'll remind me to call
mum, right? And remind me to buy stamps at 5", "remind me to call mum at 5 and to buy stamps at
6" (two errands, each with its own time). At most `MAX_ASKED` a message; linear in the text.
"""

from __future__ import annotations

import re
from datetime import datetime
from itertools import pairwise
from typing import Final

from .commitments import Commitment, parse_remind_me
from .language.when import ENGLISH, names_a_time

MAX_ASKED: Final = 5  # reminders one message may ask for
MAX_READ: Final = 2000  # characters of a message read for them
# Where one language's "remind me" begins (the next one ends the words of the one before).
_ASK_START: Final = re.compile(
    r"\bremind\s+me\b|\b(?:set|add|make|create|need|want)\s+(?:me\s+)?(?:an?\s+)?reminder\b"
    r"|\berinnere?\s+mich\b|\brappel(?:le|lez)[\s-]|\bme\s+rappeler\b|\brecu[eé]rd(?:ame|eme)"
    r"|\bherinner\s+(?:me|mij)\b",
    re.I,
)
# "remind me to A at 5 and to B at 6": a second errand, when each names its own time.
_REMIND_TO: Final = re.compile(r"\bremind\s+me\s+(?=(?:to|about)\s)", re.I)
_JOINERS: Final = frozenset(
    ["and", "also", "then", "und", "dann", "et", "puis", "y", "luego", "en"]
)
_AND_TO: Final = re.compile(r"\s+and\s+(?:also\s+)?(?=(?:to|about)\s)", re.I)


def parse_reminders(text: str, now: datetime) -> list[Commitment]:
    """The reminders a message asks for, in the order it asks (a question about a promise is
    none: `parse_promise_question`)."""
    text = text[:MAX_READ]
    starts = [match.start() for match in _ASK_START.finditer(text)][:MAX_ASKED]
    bounds = [0]
    for before, start in pairwise(starts):
        # from the start of its sentence ("you'll remind me …, right?" stays a question)
        cut = max(text.rfind(mark, before, start) for mark in ".!?\n") + 1
        bounds.append(cut if cut > before else start)
    bounds.append(len(text))
    found = [
        reminder
        for begin, end in pairwise(bounds)
        for part in _errands(_unjoined(text[begin:end]))
        if (reminder := parse_remind_me(part, now)) is not None
    ]
    return found[:MAX_ASKED]


def _unjoined(words: str) -> str:
    """The words without the "and" that joins them to the next "remind me"."""
    while True:
        head, _, last = words.rstrip(" ,;\t\n").rpartition(" ")
        if not head or last.lower() not in _JOINERS:
            return words
        words = head


def _errands(words: str) -> list[str]:
    """One "remind me" with its words, or, for "remind me to A at 5 and to B at 6", each."""
    if (asked := _REMIND_TO.search(words)) is None:
        return [words]
    pieces = _AND_TO.split(words[asked.start() :], maxsplit=MAX_ASKED - 1)
    if len(pieces) < 2 or not all(names_a_time(ENGLISH, piece) for piece in pieces):
        return [words]
    return [words[: asked.start()] + pieces[0], *(f"remind me {piece}" for piece in pieces[1:])]
