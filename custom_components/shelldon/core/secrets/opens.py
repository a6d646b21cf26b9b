"""A number named by what it opens: "the safe opens with 12-34-56", "you open the shed with
4471", "the code that opens the gate is 5512", "type 4471 to open the garage". No secret word
stands before it, yet a lock and the verb that opens it make its digits a door code: they go,
the words around them stay (English; the keyed shapes cover a code named in every language).

Each pattern is tried only where a cheap look at the lower-cased text found its words, runs are
possessive and the digits bounded (`DIGITS_VALUE`), so a text is read in time linear in it.
"""

from __future__ import annotations

import re
from typing import Final

from .numbers import Found, sub
from .values import DIGITS_VALUE, keep_digits

# What a code opens: a door of the house, a gate, a safe, a lock and its kind.
_LOCK: Final = (
    r"(?:(?:front|back|side|garden|garage|cellar|basement|attic|shed)[\s-]++)?"
    r"(?:door|gate|garage|shed|safe|padlock|lock|lockbox|lock[\s-]box|locker|key[\s-]?box"
    r"|keypad|alarm|cellar|basement|attic|boathouse)(?![^\W_])"
)
_WHOSE: Final = r"(?:(?:the|my|our|your|his|her|their)\s++)?"
_OPEN: Final = r"(?:open|unlock|disarm)"
_OPENS: Final = r"(?:opens|unlocks|disarms)"
_CODE: Final = r"(?:code|pin|combination|combo|number|digits)"
# "… with the code 4471", "… with combination 12-34-56": the word that names it, if said.
_NAMED: Final = rf"(?:(?:the\s++|a\s++)?{_CODE}\s++)?"
_START: Final = r"(?<![^\W_])"

_PATTERNS: Final = (
    # "the safe opens with 12-34-56", "the padlock unlocks with 4471"
    rf"(?P<key>{_START}{_LOCK}\s++{_OPENS}\s++with\s++{_NAMED})",
    # "you open the garage with 4471", "unlock the shed with the code 4471"
    rf"(?P<key>{_START}{_OPEN}\s++{_WHOSE}{_LOCK}\s++with\s++{_NAMED})",
    # "the code that opens the gate is 5512", "the number for the safe is 4471", "the digits to
    # open the shed are 4471", "the number which unlocks my safe: 4471"
    rf"(?P<key>{_START}{_CODE}\s++(?:(?:that|which)\s++{_OPENS}|for|of|to\s++{_OPEN})"
    rf"\s++{_WHOSE}{_LOCK}(?:\s++(?:is|was|are|were)\s++|\s*+[:=]\s*+))",
    # "type 4471 to open the garage", "punch in 4471 at the front door"
    rf"(?P<key>{_START}(?:type|enter|punch\s++in|key\s++in|dial|press)\s++)(?={DIGITS_VALUE}"
    rf"\s++(?:to\s++{_OPEN}(?![^\W_])|(?:at|on|into)\s++{_WHOSE}{_LOCK}))",
)
_OPENING: Final = tuple(re.compile(rf"{key}(?P<value>{DIGITS_VALUE})", re.I) for key in _PATTERNS)
# A verb of these patterns, or the word a code is named by: nothing else is read.
_WORDS: Final = (
    *("open", "unlock", "disarm", "type", "enter", "punch", "key in", "dial", "press"),
    *("code", "pin", "combination", "combo", "number", "digits"),
)


def hide_opens(text: str, found: Found) -> str:
    """The text with the digits that open a lock (as a verb tells it) hidden."""
    low = text.lower()
    if not any(word in low for word in _WORDS):
        return text
    for pattern in _OPENING:
        text = sub(pattern, keep_digits, text, found)
    return text
