"""More values of the secret just hidden, later in its sentence: "the alarm code is [secret] and
the garage one is 8765", "my PIN is [secret], my wife's is 2222", "the old password was [secret]
and the new one is banana", "the pin is [secret] or 4321 if that fails", "the code for the front
door is [secret] and the back door is 1357", "the codes are [secret] for the front and 5678 for
the back".

After a marker, a few words at most, then a comma or a joining word, and then either
- a few words naming the other one, and "is" (or a colon, or "="): the value that follows is
  hidden as after "is" (`core.secrets.values`) when those words point back at the secret ("the
  new one", "my wife's", "mine"); when they name something else, only a code or a word that
  looks made up is ("the back door is 1357", never "my username is bob" nor "the weather is
  nice");
- or the value at once ("… or 4321", "… and 5678 for the back"), when it is a code or looks
  made up (or its second word does, as in a list: "passwords: [secret], nas storage77").

A time or a date is never such a value ("… and the meeting is 10:30"). Each marker is read
through a window of bounded size, and what one value hides is the marker the next one follows
("the codes are 1111, 2222 and 3333"), so the whole text is read in linear time.
"""

from __future__ import annotations

import re
from typing import Final

from .numbers import SECRET, Found
from .values import DIGITS_VALUE, IS, VALUE, keep_value, made_up

_WINDOW: Final = 320  # characters after a marker that one more value may take
_JOINS: Final = r"(?:and|or|und|oder|et|ou|y|o|en|of|to)"  # "changed from [secret] to 2222"
# "for the front" before the joining word; a comma, a semicolon or a joining word.
_TAIL: Final = r"(?:[ \t]++[^\W\d_][^\s,;.!?]{0,20}+){0,4}?"
_JOIN: Final = rf"(?:[ \t]*+[,;][ \t]*+(?:{_JOINS}[ \t]++)?|[ \t]++{_JOINS}[ \t]++)"
# "the garage one ", "my wife's ", "the one for the garage ": at most five words, then "is" (or
# they end in "it's": "and for the gate it's 6677").
_NAMING: Final = r"(?:[^\W\d_][\w'’-]{0,20}+[ \t]++){1,5}?"
_IS: Final = rf"(?:(?:{IS})(?:[ \t]*+[:=])?[ \t]++|[ \t]*+[:=][ \t]*+|(?<=\bit['’]s[ \t]))"
_MORE: Final = re.compile(
    rf"(?P<plain>(?!))?(?P<key>\[secret\]{_TAIL}{_JOIN}(?:(?P<naming>{_NAMING}){_IS})?)"
    rf"(?P<value>{VALUE})",
    re.I,
)
_CODE: Final = re.compile(DIGITS_VALUE)
_WORD: Final = re.compile(r"[^\s,;.!?]++")
_CLOCK_OR_DATE: Final = re.compile(
    r"\d{1,2}[:.h]\d{2}(?:[ap]m)?|\d{1,4}[./-]\d{1,2}[./-]\d{1,4}|\d{1,2}(?:[ap]m|h|uhr)", re.I
)
# The words with which a second value points back at the secret named before it: the last of
# its naming words ("the guest one", "the other", "my wife's"), or "one" anywhere ("the one for
# the guest network").
_POINTING: Final = "one ones mine yours hers ours theirs other andere autre otro otra"
_BACK: Final = frozenset(_POINTING.split())
_ONE: Final = frozenset(("one", "ones"))


def hide_more(text: str, found: Found) -> str:
    """The text with each further value of a secret just hidden replaced by its marker."""
    at = text.find(SECRET)
    if at < 0:
        return text
    out: list[str] = []
    done, end = 0, at + len(SECRET)
    while at >= 0:
        window = SECRET + text[end : end + _WINDOW]
        match = _MORE.match(window)
        if match is not None and (replaced := _another(match, found)) != match.group(0):
            start = end + replaced.index(SECRET, len(SECRET)) - len(SECRET)
            stop = start + len(match.group(0)) - len(replaced) + len(SECRET)
            out += [text[done:start], SECRET]
            at, done, end = start, stop, stop  # the value hidden: the marker the next may follow
            continue
        at = text.find(SECRET, end)
        end = at + len(SECRET)
    return "".join([*out, text[done:]]) if out else text


def _another(match: re.Match[str], found: Found) -> str:
    """The match with its value hidden, or as it was."""
    naming = (match["naming"] or "").lower().split()
    last = naming[-1] if naming else ""
    if last in _BACK or last.endswith(("'s", "’s")) or not _ONE.isdisjoint(naming):
        return keep_value(match, found)
    value = match["value"]
    if (code := _CODE.match(value)) is not None:
        shown = code[0]
    else:  # a word that looks made up: the first, or (a list's "nas storage77") the second
        words = [word.end() for word in _WORD.finditer(value, 0, 60)][: 1 if naming else 2]
        ends = [end for end in words if made_up(value[:end].rsplit(maxsplit=1)[-1])]
        shown = value[: ends[0]] if ends else ""
    if len(shown) < 3 or _CLOCK_OR_DATE.fullmatch(shown):
        return match.group(0)
    whole, key = match.group(0), match["key"]
    found.keyed.append(shown)
    return key + SECRET + whole[len(key) + len(shown) :]
