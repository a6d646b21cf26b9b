"""The scrubber: secrets never reach the journal, the trace, the signals or the audit log.

Whatever follows a secret word (password in several languages, token, API key, Wi-Fi key, PIN,
door or alarm code) is replaced with a marker, and so are tokens and AWS keys, card numbers,
IBANs, email addresses and phone numbers, wherever they stand. It errs on the side of hiding,
yet leaves what the pet writes itself (ISO dates and times, versions, ids, entity ids, paths).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

TOKEN: Final = "[token]"
CARD: Final = "[card]"
EMAIL: Final = "[email]"
SECRET: Final = "[secret]"
PHONE: Final = "[phone]"
IBAN: Final = "[iban]"

# --- values after a secret word ------------------------------------------------------------
# The key and its separator are one atomic group, so a value can never be found inside the
# separator and a marker is never taken for a value. The separator may be "is" in a few
# languages, ":" or "=", or a short clause ("the password for the router is ...").
_IS: Final = r"(?:is|was|ist|war|lautet|lautete|est|es|are|sind)"
_FOR: Final = r"(?:for|of|to|on|at|für|fürs|zum|zur|vom|von|der|des|pour|du|de|del|para)"
_SEP: Final = (
    rf"(?:\s+{_FOR}\s+(?:[^\s:=\[\]]+\s+){{0,3}}?(?:{_IS}\b\s*[:=]?|[^\s:=\[\]]+\s*[:=])\s*"
    rf"|\s*(?:{_IS}\b\s*)?[:=]?\s*)"
)
# A marker, which is never a key nor a value (that keeps the scrubber idempotent).
_MARKER_WORD: Final = r"(?:token|card|email|secret|phone|iban)"
_MARKER: Final = rf"\[{_MARKER_WORD}\]"
_QUOTED: Final = r"\"[^\"\n]{1,200}\"|'[^'\n]{1,200}'"
_VALUE: Final = (
    rf"(?P<value>(?![:=])(?!{_MARKER})(?!Bearer\b)"
    rf"(?:{_QUOTED}|[\"']?(?!{_MARKER})[^\s\"',;]{{3,}}))"
)
# A Wi-Fi key runs to the next whitespace (it may well hold a comma).
_WIFI_VALUE: Final = rf"(?P<value>(?![:=])(?!{_MARKER})(?:{_QUOTED}|\S{{3,}}))"
# A PIN or a door code is a number of 3-8 digits, not part of a date, a time or a longer number.
_DIGITS_VALUE: Final = r"(?P<value>\d{3,8})(?![\w\[])(?![.,:/-][\d\[])"
_KEY_START: Final = rf"(?<!\w)(?!{_MARKER_WORD}\])"


def _keyed(keys: str, value: str) -> re.Pattern[str]:
    return re.compile(rf"(?P<key>(?>{_KEY_START}(?:{keys})\b{_SEP})){value}", re.I)


def _starts(words: str) -> re.Pattern[str]:
    """Where a key may start: one of these words, in the text in lower case. Plain words grouped
    by their first letter (no flags, no lookbehind) are what the regex engine scans fastest."""
    groups: dict[str, list[str]] = {}
    for word in sorted(words.split(), key=len, reverse=True):
        groups.setdefault(word[0], []).append(re.escape(word[1:]))
    return re.compile("|".join(f"{first}(?:{'|'.join(rest)})" for first, rest in groups.items()))


_PASS_WORDS: Final = (
    r"pass(?:word|wort|wd|phrase|code)|pwd|pw|kennwort|mot\s+de\s+passe|contrase(?:ñ|n)a"
    r"|wachtwoord|senha|lösenord|hasło"
)
_WIFI: Final = _keyed(
    r"(?:wi-?fi|wlan|wireless|wpa[23]?|network|netzwerk|router|hotspot)[\s_-]?"
    r"(?:pass(?:word|wort|phrase|code)?|kennwort|key|schl(?:ü|ue)ssel|code|pwd|pw|psk)"
    r"|(?:wpa[23]?[\s_-]?)?psk"
    rf"|ssid\b[^\n\[\]]{{0,60}}?\b(?:{_PASS_WORDS}|key|schl(?:ü|ue)ssel|psk)",
    _WIFI_VALUE,
)
_WIFI_STARTS: Final = _starts(
    "wifi wi-fi wlan wireless wpa network netzwerk router hotspot psk ssid"
)
_PIN: Final = _keyed(
    r"(?:sim[\s-]?)?pin(?:[\s-]?(?:code|number|nummer|nr))?"
    r"|(?:door|front[\s-]door|back[\s-]door|gate|alarm|garage|safe|lock|unlock|keypad|entry|"
    r"access|security|house|building|intercom|locker|disarm|verification|confirmation|"
    r"t(?:ü|ue)r|haust(?:ü|ue)r|tor|garagen(?:tor)?|alarm(?:anlagen)?|tresor|"
    r"schloss|zahlen|sicherheits|zugangs|eingangs|entsperr|tasten)[\s-]?code"
    r"|(?:secret|geheim)[\s-]?(?:code|number|nummer|zahl)|geheimzahl|(?:zahlen)?kombination"
    r"|combination|combo"
    rf"|(?P<bare>code)(?=\s*[:=]|\s+{_IS}\b|\s+{_FOR}\s)",
    _DIGITS_VALUE,
)
_PIN_STARTS: Final = _starts(
    "sim pin door front back gate alarm garage safe lock unlock keypad entry access security "
    "house building intercom disarm verification confirmation tür tuer haust tor tresor "
    "schloss zahlen sicherheits zugangs eingangs entsperr tasten secret geheim kombination "
    "comb code"
)
# "error code: 404" is no secret: a bare "code" right after one of these words stays.
_NOT_A_PIN: Final = re.compile(
    r"\b(?:error|status|exit|return|response|result|http|zip|postal|post|area|country|dial|"
    r"region|language|lang|colou?r|hex|sort|tracking|product|item|article|order|invoice|"
    r"source|qr|bar|fehler|länder|antwort)[\s_-]*$",
    re.I,
)
_PASSWORD: Final = _keyed(
    r"(?:aws[\s_-]?)?secret[\s_-]?(?:access[\s_-]?)?key|aws[\s_-]?secret"
    rf"|{_PASS_WORDS}|pass(?=\s*[:=])|secret(?![\s_-]*(?:code|number)\b)",
    _VALUE,
)
_PASSWORD_STARTS: Final = _starts(
    "aws secret pass pw kennwort mot contrase wachtwoord senha lösenord hasło"
)
_TOKEN_KEY: Final = _keyed(
    r"token|api[\s_-]?key|access[\s_-]?key|private[\s_-]?key|auth(?:orization)?", _VALUE
)
_TOKEN_KEY_STARTS: Final = _starts("token api access private auth")
_BEARER: Final = re.compile(r"\bBearer\s+(?!\[)[A-Za-z0-9._~+/=-]{8,}", re.I)
_BEARER_STARTS: Final = _starts("bearer")

# --- tokens and keys -----------------------------------------------------------------------
_KNOWN_PREFIX: Final = re.compile(
    r"\b(?:(?:(?:sk|pk|rk)[-_]|gh[pousr]_|github_pat_|xox[abprs]-|AKIA)[-_A-Za-z0-9]{12,256}"
    r"|ASIA[A-Z0-9]{16})\b"
)
_KNOWN_PREFIX_STARTS: Final = _starts("sk pk rk gh xox akia asia")
# An AWS secret access key: 40 characters of base64, with both cases and a digit, and not
# a path (a random key rarely holds more than three slashes).
_AWS_SECRET: Final = re.compile(r"(?<![A-Za-z0-9/+=\]])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=\[])")
# A long word with letters and digits is a token; scanning starts only where a run starts.
_LONG_TOKEN: Final = re.compile(
    r"(?<![A-Za-z0-9_\-])(?P<lead>-*)(?=[A-Za-z0-9_\-]*\d)(?=[A-Za-z0-9_\-]*[A-Za-z])"
    r"(?P<word>[A-Za-z0-9_][A-Za-z0-9_\-]{23,})\b"
)
# Letters only, but mixed case and long: a base62 token, not a word.
_MIXED_TOKEN: Final = re.compile(
    r"(?<!\[)\b(?=(?:[a-z0-9_]*[A-Z]){2})(?=(?:[A-Z0-9_]*[a-z]){2})[A-Za-z0-9_]{32,}\b"
)
# Names the pet writes are not tokens: snake_case of words and numbers (an entity's object id,
# "living_room_temperature_2"), and an UPPER_SNAKE prefix with a short hex suffix (the action id
# "SHELLDON_REPLY_3f9a1c2b7d4e5f60": 64 random bits that name a notification, no secret).
_NAME: Final = re.compile(
    r"(?:[a-z]+|\d+)(?:_(?:[a-z]+|\d+))+|(?:[A-Z]+|\d+)(?:_(?:[A-Z]+|\d+))+"
    r"|[A-Z][A-Z0-9]*(?:_[A-Z][A-Z0-9]*)*_[0-9a-f]{1,16}"
)

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
    r"(?:(?:(?<![\w+\]])\+|" + _NOT_AFTER + r"00)(?P<intl>[1-9]\d*)"
    r"(?:(?:[ .\-/]|[ ]?\(\d{1,4}\)[ ]?)\d+){0,7}"
    r"|" + _NOT_AFTER + r"(?P<us>(?:1[ .-])?(?:\(\d{3}\)[ ]?\d{3}[ .-]\d{4}"
    r"|\d{3}(?P<usep>[.-])\d{3}(?P=usep)\d{4}))"
    r"|" + _NOT_AFTER + r"(?P<national>\(0[1-9]\d{0,3}\)[ ]?\d+|0[1-9]\d*)"
    r"(?:(?:[ \-]|[ ]?/[ ]?)\d+){0,7}"
    r")(?![\w\[])(?![.,:/-][\d\[])"
)
# Every phone number lies in a run of digits, spaces and ( ) . + / - holding at least 8 of them.
_PHONE_RUN: Final = re.compile(r"[+(\d][\d ().+/-]{7,}")
_DATE_LIKE: Final = re.compile(r"\d{1,4}([/.-])\d{1,2}\1\d{2,4}(?!\d)")
_DIGIT_RUN: Final = re.compile(r"\d+")
# Card numbers: groups of four, the 4-6-5 grouping, or one run of 13-19 digits. Any 15 or 16
# digits look like a card whatever their checksum; other lengths are Luhn-checked.
# (Each pattern starts by consuming a digit, so the engine skips straight to digits; the
# lookbehind then asks that the digit starts a number.)
_CARD: Final = re.compile(
    r"\d(?<!\w\d)(?:\d{3}[ -](?:\d{4}[ -]){2}\d{1,7}|\d{3}[ -]\d{6}[ -]\d{4,5}|\d{12,18})\b"
)
_CARD_SHAPE: Final = re.compile(r"\d{4}([ -])\d{4}\1\d{4}\1\d{3,4}|\d{4}([ -])\d{6}\2\d{5}")


def _luhn(digits: str) -> bool:
    total = 0
    for index, char in enumerate(reversed(digits)):
        value = int(char)
        if index % 2:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def _card(match: re.Match[str]) -> str:
    found = match.group(0)
    digits = re.sub(r"\D", "", found)
    if len(digits) in (15, 16) or (13 <= len(digits) <= 19 and _luhn(digits)):
        return CARD
    return found


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
            out += [text[done : match.start()], marker]
            done = pos = end
    return "".join([*out, text[done:]]) if out else text


def _sub_at(
    pattern: re.Pattern[str],
    starts: re.Pattern[str],
    replacement: str | Callable[[re.Match[str]], str],
    text: str,
    low: str,
) -> str:
    """`pattern.sub(replacement, text)`, but trying `pattern` only where `starts` finds, in `low`
    (the text in lower case, as long as the text), a word that one of its matches begins with."""
    out: list[str] = []
    done = 0
    for start in starts.finditer(low):
        if start.start() >= done and (match := pattern.match(text, start.start())):
            out += [text[done : match.start()]]
            out += [replacement(match) if callable(replacement) else replacement]
            done = match.end()
    return "".join([*out, text[done:]]) if out else text


def _keep_key(match: re.Match[str]) -> str:
    return match["key"] + SECRET


def _pin(match: re.Match[str]) -> str:
    if match["bare"] and _NOT_A_PIN.search(match.string, max(0, match.start() - 24), match.start()):
        return match.group(0)
    return match["key"] + SECRET


def _aws(match: re.Match[str]) -> str:
    found = match.group(0)
    mixed = any(c.isupper() for c in found) and any(c.islower() for c in found)
    keyish = mixed and any(c.isdigit() for c in found) and found.count("/") <= 3
    return TOKEN if keyish else found


def _mixed_token(match: re.Match[str]) -> str:
    return match.group(0) if _NAME.fullmatch(match.group(0)) else TOKEN


def _long_token(match: re.Match[str]) -> str:
    return match.group(0) if _NAME.fullmatch(match["word"]) else match["lead"] + TOKEN


# The rules found by a key word, in order, with the words each one's matches start with.
_KEYED: Final = (
    (_BEARER, _BEARER_STARTS, "Bearer " + TOKEN),
    (_WIFI, _WIFI_STARTS, _keep_key),
    (_PIN, _PIN_STARTS, _pin),
    (_PASSWORD, _PASSWORD_STARTS, _keep_key),
    (_TOKEN_KEY, _TOKEN_KEY_STARTS, _keep_key),
    (_KNOWN_PREFIX, _KNOWN_PREFIX_STARTS, TOKEN),
)


def scrub(text: str) -> str:
    """The text with secrets replaced by markers."""
    if not text:
        return text
    low = text.lower()
    for pattern, starts, replacement in _KEYED:
        if len(low) == len(text):
            scrubbed = _sub_at(pattern, starts, replacement, text, low)
        else:  # a letter whose lower case is longer: positions would shift
            scrubbed = pattern.sub(replacement, text)
        if scrubbed is not text:
            text, low = scrubbed, scrubbed.lower()
    text = _AWS_SECRET.sub(_aws, text)
    if "@" in text:
        text = _EMAIL.sub(EMAIL, text)
    text = _each(_IBAN_RE, _iban, text)
    text = _each(_PHONE_RE, _phone, text, _PHONE_RUN)
    text = _CARD.sub(_card, text)
    text = _MIXED_TOKEN.sub(_mixed_token, text)
    return _LONG_TOKEN.sub(_long_token, text)


def scrub_data(value: Any) -> Any:
    """Scrub every string inside plain data (dicts, lists)."""
    if isinstance(value, str):
        return scrub(value)
    if isinstance(value, dict):
        return {k: scrub_data(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [scrub_data(v) for v in value]
    return value
