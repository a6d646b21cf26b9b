"""Secrets known by their shape alone: card numbers, IBANs, phone numbers, social security
numbers and email addresses, each found in time linear in the text (see `core.secrets.shapes`), and
the markers that stand where any secret was.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

TOKEN: Final = "[token]"
CARD: Final = "[card]"
EMAIL: Final = "[email]"
SECRET: Final = "[secret]"
PHONE: Final = "[phone]"
IBAN: Final = "[iban]"


class Found:
    """What a pass removed, for the taint: values named by a secret word (keyed), and secrets
    recognised by their shape alone (shaped)."""

    def __init__(self) -> None:
        self.keyed: list[str] = []
        self.shaped: list[str] = []


# --- email, IBAN, phone, card ---------------------------------------------------------------
# (The parts are bounded, as RFC 5321 bounds them, so a long run of dots stays linear.)
_EMAIL: Final = re.compile(r"\b[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,255}\.[A-Za-z]{2,}\b")
_IBAN_RE: Final = re.compile(
    r"(?<![\w\]])[A-Za-z]{2}\d{2}"
    r"(?:[A-Za-z0-9]{11,30}|(?: [A-Za-z0-9]{4}){2,7}(?: [A-Za-z0-9]{1,3})?)(?![\w\[])"
)
_IBAN_WORD: Final = re.compile(
    r"(?<!\[)\biban\b(?:\W{1,3}(?:is|ist|lautet|was|war|est|es)\b)?\W{0,4}$", re.I
)
# ISO 13616: the length of an IBAN in each country that has them.
_IBAN_LENGTHS: Final = {
    country: int(length)
    for country, length in re.findall(
        r"([A-Z]{2})(\d\d)",
        "AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BI27 BR29 BY28 CH21 CR22 CY28 CZ24 DE22 "
        "DJ27 DK18 DO28 EE20 EG29 ES24 FI18 FK18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HR21 "
        "HU28 IE22 IL23 IQ23 IS26 IT27 JO30 KW30 KZ20 LB28 LC32 LI21 LT20 LU20 LV21 LY25 MC27 "
        "MD24 ME22 MK19 MN20 MR27 MT31 MU30 NI28 NL18 NO15 OM23 PK24 PL28 PS29 QA29 RO24 RS22 "
        "RU33 SA24 SC31 SD18 SE24 SI19 SK24 SM27 SO23 ST25 SV28 TL23 TN24 TR26 UA29 VA22 VG24 "
        "XK20 YE30",
    )
}
# Phone numbers. Never glued to a word, a number, a decimal, a time, a path or a marker (a
# marker stands where a word was, so it blocks like one: that keeps the scrubber idempotent).
_NOT_AFTER: Final = r"(?<![\w+.,/\-\]])(?<![\d\]]:)"
_PHONE_RE: Final = re.compile(
    r"(?:(?:(?<![\w+\]])\+|" + _NOT_AFTER + r"00)(?P<intl>[1-9]\d*+)"
    r"(?:(?:[ .\-/]|[ ]?\(\d{1,4}\)[ ]?)\d++){0,7}"
    r"|" + _NOT_AFTER + r"(?P<us>(?:1[ .-])?(?:\(\d{3}\)[ ]?\d{3}[ .-]\d{4}"
    r"|\d{3}(?P<usep>[.-])\d{3}(?P=usep)\d{4}))"
    r"|" + _NOT_AFTER + r"(?P<national>\(0[1-9]\d{0,3}\)[ ]?\d++|0[1-9]\d*+)"
    r"(?:(?:[ \-]|[ ]?/[ ]?)\d++){0,7}"
    r")(?![\w\[])(?![.,:/-][\d\[])"
)
# Every phone number lies in a run of digits, spaces and ( ) . + / - holding at least 8 of them.
_PHONE_RUN: Final = re.compile(r"[+(\d][\d ().+/-]{7,}+")
_DATE_LIKE: Final = re.compile(r"\d{1,4}([/.-])\d{1,2}\1\d{2,4}(?!\d)")
_DIGIT_RUN: Final = re.compile(r"\d+")
# Card numbers: groups of four (split by spaces, no-break or thin spaces, dashes or dots), the
# 4-6-5 grouping, or one run of 13-19 digits. Any 15 or 16 digits look like a card whatever
# their checksum; other lengths are Luhn-checked. (Each pattern starts by consuming a digit, so
# the engine skips straight to digits; the lookbehind then asks that the digit starts a number.)
_GAP: Final = "(?:[ .\\-/_+\u00a0\u2007\u2009\u200a\u202f\u3000]{1,3}+|%20)"
_CARD: Final = re.compile(
    rf"\d(?<!\w\d)(?:\d{{3}}{_GAP}(?:\d{{4}}{_GAP}){{2}}\d{{1,7}}|\d{{3}}{_GAP}\d{{6}}{_GAP}"
    r"\d{4,5}|\d{12,18})\b"
)
_CARD_SHAPE: Final = re.compile(
    rf"\d{{4}}({_GAP})\d{{4}}\1\d{{4}}\1\d{{3,4}}|\d{{4}}({_GAP})\d{{6}}\2\d{{5}}"
)
# A US social security number standing alone (three, two and four digits).
_SSN_BARE: Final = re.compile(r"(?<![\w\[.,:/-])\d{3}-\d{2}-\d{4}(?![\w\[])(?![.,:/-][\d\[])")


def _luhn(digits: str) -> bool:
    total = 0
    for index, char in enumerate(reversed(digits)):
        value = int(char)
        if index % 2:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def _mod97(iban: str) -> bool:
    moved = iban[4:] + iban[:4]
    return int("".join(str(int(char, 36)) for char in moved)) % 97 == 1


def _iban(match: re.Match[str]) -> tuple[str, int] | None:
    """An IBAN is as long as its country's IBANs are (a grouped one may be followed by a word of
    four). It is hidden if its checksum holds, its country is written in capitals (err on the
    side of hiding), or the word "IBAN" was just said (then whatever its length)."""
    found = match.group(0)
    said = _IBAN_WORD.search(match.string, max(0, match.start() - 24), match.start())
    length = _IBAN_LENGTHS.get(found[:2].upper(), 0)
    end = count = 0
    while count < length and end < len(found):
        count += found[end] != " "
        end += 1
    if count != length or found[end : end + 1] not in ("", " "):
        return (IBAN, match.end()) if said else None
    if said or found[:2].isupper() or _mod97(found[:end].replace(" ", "").upper()):
        return IBAN, match.start() + end
    return None


def _phone(match: re.Match[str]) -> tuple[str, int] | None:
    found = match.group(0)
    if match["us"] is not None:
        return PHONE, match.end()
    if _CARD_SHAPE.fullmatch(found) or (match["national"] and _DATE_LIKE.match(found)):
        return None
    low, high, count = (8, 15, -2 if found.startswith("00") else 0) if match["intl"] else (9, 13, 0)
    best = None
    for run in _DIGIT_RUN.finditer(found):  # too many digits: the number ends where they fit
        count += len(run[0])
        if count > high:
            break
        if count >= low:
            best = run.end()
    return None if best is None else (PHONE, match.start() + best)


def _each(
    pattern: re.Pattern[str],
    judge: Callable[[re.Match[str]], tuple[str, int] | None],
    text: str,
    found: Found,
    run: re.Pattern[str] | None = None,
) -> str:
    """Replace what `judge` accepts, from the match's start to the end it names. Scanning goes
    on from that end, or just after a rejected match's start (so a shorter one inside is still
    found): what follows a cut is scanned as a second pass would scan it. With `run`, only its
    matches are searched (a match of `pattern` never leaves one; two characters after it are
    kept in view for the pattern's lookahead)."""
    out: list[str] = []
    done = 0
    for region in run.finditer(text) if run else [None]:
        pos, stop = (0, len(text)) if region is None else (region.start(), region.end() + 2)
        pos = max(pos, done)
        while (match := pattern.search(text, pos, stop)) is not None:
            verdict = judge(match)
            if verdict is None:
                pos = match.start() + 1
                continue
            marker, end = verdict
            found.shaped.append(text[match.start() : end])
            out += [text[done : match.start()], marker]
            done = pos = end
    return "".join([*out, text[done:]]) if out else text


Replace = Callable[[re.Match[str], Found], str]


def sub(pattern: re.Pattern[str], replace: Replace, text: str, found: Found) -> str:
    """`pattern.sub`, the replacement told what was found."""
    return pattern.sub(lambda match: replace(match, found), text)


def whole(marker: str) -> Replace:
    """Replace the whole match with `marker` (and note it as found by its shape)."""

    def replace(match: re.Match[str], found: Found) -> str:
        found.shaped.append(match.group(0))
        return marker

    return replace


def _card(match: re.Match[str], found: Found) -> str:
    text = match.group(0)
    digits = "".join(c for c in text if c.isdigit())
    if len(digits) in (15, 16) or (13 <= len(digits) <= 19 and _luhn(digits)):
        found.shaped.append(text)
        return CARD
    return text


def hide_numbers(text: str, found: Found) -> str:
    """The text with every email address, IBAN, social security number, phone number and card
    number replaced by its marker."""
    if "@" in text:
        text = sub(_EMAIL, whole(EMAIL), text, found)
    text = _each(_IBAN_RE, _iban, text, found)
    text = sub(_SSN_BARE, whole(SECRET), text, found)
    text = _each(_PHONE_RE, _phone, text, found, _PHONE_RUN)
    return sub(_CARD, _card, text, found)
