"""A value said before the secret word it is: "hunter2 is my password", "Sunflower42 is the wifi
password", "4711 is the door code", "12-34-56 is the combination", "Bluebird is our wifi
password.", "use tiger-lily-77 as the password"; in the five languages ("hunter2 ist mein
Passwort", "… est mon mot de passe", "… es mi contraseña", "… is mijn wachtwoord").

Found from the key back. The key ends its clause (" is my password.", never "… is my password
manager"); then the words before " is":
- for a code, its digits ("4 7 1 1 is the door code");
- for a password, the word before when it looks made up (a digit, a sign, a capital inside), or
  else the sentence's words from its start, at most five, when the first reads as no prose
  ("Bluebird is our wifi password", but "This is my password", "What is the wifi password?"
  and "Mine is the same password" stay);
- after "use", "try" or "enter" and before "as the password", the words between, when they read
  as no prose ("use your name as the password" stays).

Each key is read with a bounded window before it, so the text is read in linear time.
"""

from __future__ import annotations

import re
from typing import Final

from .numbers import SECRET, Found
from .values import DIGITS_VALUE, IS_PROSE, OPEN_CODES, made_up

_WINDOW: Final = 100  # characters before a key that its value may take
_MOST_WORDS: Final = 5
_DET: Final = (
    r"(?:my|the|our|your|his|her|their|mein|meine|dein|deine|unser|unsere|das|der|die|le|la"
    r"|mon|ma|notre|el|mi|nuestra|nuestro|tu|su|de|het|mijn|ons|onze|jouw)"
)
_PASSWORD: Final = (
    r"pass(?:word|wort|phrase|code)|pwd|pw|kennwort|mot[ \t]++de[ \t]++passe|contrase(?:ñ|n)a"
    r"|wachtwoord|wachtzin|clave"
)
_CODE: Final = r"pin(?:[ \t-]?code)?|code|combination|combo|c(?:ó|o)digo|zahlenkombination"
# Where the clause ends after the key: a sign, the text's end, or a word that starts another.
_ENDS: Final = (
    r"(?=[ \t]*+(?:[.,;:!?)\n]|$)|[ \t]++(?:and|but|so|for|now|too|again|here|there|today|und"
    r"|et|y|en)(?![^\W_]))"
)
# "the wifi ", "the front-door ", and the start of a compound ("Türcode", "WLAN-Passwort").
_NAMED: Final = (
    rf"(?:{_DET}[ \t]++)?(?P<naming>(?:[^\W\d_][\w'’-]{{0,20}}+[ \t]++){{0,2}}?)"
    r"(?P<prefix>[^\W\d_][\w-]{0,20}?)??"
)
_KEY: Final = rf"(?:(?P<password>{_PASSWORD})|(?P<code>{_CODE}))(?![\w-]){_ENDS}"
# What a text must hold, in lower case, for a value to be said before a key in it (most name none).
KEY_WORDS: Final = ("pass", "pw", "kennwort", "contrase", "wachtw", "clave", "pin", "cod", "comb")
_IS_KEY: Final = re.compile(
    rf"[ \t]++(?P<how>is|was|ist|war|est|es|era|as)[ \t]++{_NAMED}(?:new[ \t]++)?{_KEY}", re.I
)
_USE: Final = re.compile(
    r"(?:^|[\s(])(?:use|using|try|enter|type|pick|choose|chose)[ \t]++(?P<value>[^\n]{1,60})\Z",
    re.I,
)
_CODE_BEFORE: Final = re.compile(rf"(?<![\w.,:/-])(?:{DIGITS_VALUE})\Z")
# Words that start a sentence about a secret rather than the secret ("What is the password?").
_STARTS: Final = (
    "this that these those which what who whose it mine yours hers ours theirs here there "
    "nothing everything something anything one none same i you he she we they"
)
_NOT_A_START: Final = IS_PROSE | frozenset(_STARTS.split())


def hide_before(text: str, found: Found) -> str:
    """The text with each value said before its key replaced by its marker (the caller asks only
    where the text holds one of `KEY_WORDS`)."""
    out: list[str] = []
    done = 0
    for key in _IS_KEY.finditer(text):
        start = max(done, key.start() - _WINDOW)
        value = _value(text[start : key.start()], key, whole=start == 0)
        if len(value) < 3 or ("[" in value and "]" in value):  # none, or a marker already
            continue
        found.keyed.append(value)
        out += [text[done : key.start() - len(value)], SECRET]
        done = key.start()
    return "".join([*out, text[done:]]) if out else text


def _value(before: str, key: re.Match[str], *, whole: bool) -> str:
    """The value `before` ends with, for `key` ("" for none). `whole`: `before` starts where
    the text does (so a sentence may start with it)."""
    if key["how"].lower() == "as":
        use = _USE.search(before)
        return use["value"] if use is not None and _no_prose(use["value"]) else ""
    if key["code"] is not None:
        names = [*key["naming"].lower().split(), (key["prefix"] or "").lower().strip("-")]
        if not OPEN_CODES.isdisjoint(names):  # "404 is the error code", "the barcode"
            return ""
        code = _CODE_BEFORE.search(before)
        return code[0] if code is not None else ""
    last = before.rsplit(maxsplit=1)[-1] if before.strip() else ""
    if made_up(last):
        return last.lstrip("\"'“„(")
    cut = max(before.rfind(sign) for sign in ".!?:;\n")
    if cut < 0 and not whole:  # the sentence starts before the window
        return ""
    value = before[cut + 1 :].lstrip()
    return value if _no_prose(value) else ""


def _no_prose(value: str) -> bool:
    """Whether a value of words reads as one: at most five, the first no word of prose."""
    words = value.split()
    return 0 < len(words) <= _MOST_WORDS and words[0].lower().strip("\"'“„") not in _NOT_A_START
