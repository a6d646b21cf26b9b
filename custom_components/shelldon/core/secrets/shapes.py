"""What secrets look like: the shapes the scrubber hides, each found in time linear in the text.

Whatever follows a secret word (password in several languages, token, API key, Wi-Fi key, PIN,
door or alarm code, "user … pass …") is replaced with a marker, to the end of its clause
where a colon or "is" names it (`core.secrets.values`), and so are credentials inside URLs and their
queries, a webhook's path (`core.secrets.addresses`), private key blocks, tokens and AWS keys, and
(`core.secrets.numbers`) card numbers, IBANs, email addresses and phone numbers, wherever they
stand; the further values a sentence tells after one (`core.secrets.more`: "… and the garage
one is 8765"), values said before their key (`core.secrets.before`: "hunter2 is my password")
and digits named by what they open (`core.secrets.opens`: "the safe opens with 12-34-56"). It
errs on the side of hiding, yet leaves what the pet writes itself (ISO dates and times,
versions, ids, entity ids, paths), and the words that follow a secret word in prose.

Every pattern is built so that no input makes it backtrack more than a bounded amount per
position: runs are possessive (`*+`, `++`), repeats are bounded, and a key word is only tried
where a cheap scan of the lower-cased text found one. `bench/test_bench_scrub.py` times every
pattern on 64 KB of its worst input.
"""

from __future__ import annotations

import re
from typing import Final

from .addresses import hide_addresses
from .before import KEY_WORDS, hide_before
from .more import hide_more
from .numbers import (
    CARD,
    EMAIL,
    IBAN,
    PHONE,
    SECRET,
    TOKEN,
    Found,
    Replace,
    hide_numbers,
    sub,
    whole,
)
from .opens import hide_opens
from .values import (
    DIGITS_VALUE,
    FOR,
    IS,
    MARKER,
    MARKER_WORD,
    OPEN_CODES,
    PLAIN,
    SET_OFF,
    SET_OFF_END,
    VALUE,
    VALUE_START,
    WIFI_START,
    WIFI_VALUE,
    keep_any,
    keep_digits,
    keep_value,
)

__all__ = ["CARD", "EMAIL", "IBAN", "PHONE", "SECRET", "TOKEN", "Found", "hide_shapes"]

# --- values after a secret word ------------------------------------------------------------
# The key is one atomic group, and so is each way of separating it from its value; the ways are
# tried in order (a clause, "is", a colon or nothing), so a value that looks like "is" is still
# a value, and a marker is never taken for one. A key word may follow an underscore
# (NAME_PASSWORD=) but not a letter or digit, and may not run on into a longer word.
_IS_WORD: Final = rf"{IS}(?:\s*+[:=]\s*+|\s++)(?:(?:now|jetzt|nun|maintenant|ahora|nu)\s++)?"
_SEP_CLAUSE: Final = (
    rf"\s++{FOR}\s++(?:[^\s:=\[\]]++\s++){{0,3}}?(?:{_IS_WORD}|[^\s:=\[\]]++\s*+[:=]\s*+)"
)
# "password wifi: x", "Kennwort Router = x": one word naming what the secret is for.
_SEP_NOUN: Final = r"\s++[^\W\d_][^\W_]{0,19}+(?:-[^\W_]{1,20}+)?+\s*+[:=]\s*+"
_SEP_IS: Final = rf"\s++{_IS_WORD}"
# "the wifi password, it's …", "the door code – that is …", "my password... it's …", "the
# password? it's …": a clause of its own, as after "is".
_SEP_ITS: Final = r"\s*+(?:[,—–?]|\.\.\.|…)\s*+(?:it|that)(?:['’]s|\s++is)\s++"
# "the door code changed to …" (or "from … to …"), "das Passwort geändert auf …", "wachtwoord
# veranderd in …".
_SEP_CHANGED: Final = (
    r"\s++(?:(?:was|is|has\s+been|got|has)\s++)?(?:changed|set|reset|updated|switched)\s++(?:to|from)\s++"
    r"|\s++(?:geändert|umgestellt)\s++(?:zu|in|auf)\s++|\s++(?:veranderd|gewijzigd)\s++(?:in|naar)\s++"
    r"|\s++(?:changé|modifié)\s++en\s++|\s++(?:cambiado|cambió)\s++a\s++"
)
# "I changed my password to …", "set the PIN to …" (and "auf", "en", "a", "in", "naar"): loose
# (a value that looks made up only, never "I sent my password to Bob") unless a verb that sets
# it comes with it, so it is tried last, as its own group `to`.
_SEP_TO: Final = r"\s++(?:to|auf|en|a|in|naar)\s++"
# A social security number: 123-45-6789 (or its nine digits).
_SSN_VALUE: Final = r"\d{3}[- ]?\d{2}[- ]?\d{4}(?![\w\[])(?![.,:/-][\d\[])"
# A key word starts a word, or ends a German or Dutch compound ("Kellerpasswort",
# "bankwachtwoord").
_COMPOUND_END: Final = r"(?<=[^\W\d_])(?=(?:passwort|kennwort|wachtwoord)(?![\w-]))"
_KEY_START: Final = rf"(?:(?<![^\W_])|{_COMPOUND_END})(?!{MARKER_WORD}\])"


def _keyed(keys: str, value: str, start: str | None = None) -> re.Pattern[str]:
    # Each way is taken only when a value follows it; the plain way is refused where another
    # way leads to a marker (scrubbed once, a text stays as it is) or a clause begins.
    tried = (_SEP_CLAUSE, _SEP_NOUN, _SEP_CHANGED, _SEP_IS, _SEP_ITS)
    ways = "|".join(f"(?>{sep})(?={start or value})" for sep in tried)
    ways += f"|(?P<to>(?>{_SEP_TO}))(?={start or value})"
    ways += f"|(?>{SET_OFF})(?={value}{SET_OFF_END})" if value == DIGITS_VALUE else ""
    blocked = "|".join(f"{sep}{MARKER}" for sep in (*tried, _SEP_TO)) + rf"|\s++{FOR}\s"
    ways += f"|(?!{blocked}){PLAIN}"
    return re.compile(
        rf"(?P<key>(?>{_KEY_START}(?:{keys})(?![\w-]))(?:{ways}))(?P<value>{value})", re.I
    )


def _starts(words: str) -> re.Pattern[str]:
    """Where a key may start: one of these words, in the text in lower case. Plain words grouped
    by their first letter (no flags, no lookbehind) are what the regex engine scans fastest."""
    groups: dict[str, list[str]] = {}
    for word in sorted(words.split(), key=len, reverse=True):
        groups.setdefault(word[0], []).append(re.escape(word[1:]))
    return re.compile("|".join(f"{first}(?:{'|'.join(rest)})" for first, rest in groups.items()))


_PASS_WORDS: Final = (
    r"pass(?:word|wort|wd|phrase|code)|pwd|pw|kennwort|mot\s+de\s+passe|contrase(?:ñ|n)a"
    r"|wachtwoord|senha|lösenord|hasło|clave|wachtzin"
)
_WIFI: Final = _keyed(
    r"(?:wi-?fi|wlan|wireless|wpa[23]?|network|netzwerk|router|hotspot|r(?:é|e)seau)[\s_-]?"
    r"(?:pass(?:word|wort|phrase|code)?|kennwort|key|schl(?:ü|ue)ssel|code|pwd|pw|psk|clave"
    r"|wachtwoord|sleutel)"
    r"|(?:wpa[23]?[\s_-]?)?psk"
    r"|(?:cl(?:é|e)|code|mot\s+de\s+passe|contrase(?:ñ|n)a|clave)[\s_-]++(?:du\s++|de\s++|del\s++)?"
    r"(?:la\s++)?(?:wi-?fi|wlan|r(?:é|e)seau|red)"
    rf"|ssid\b[^\n\[\]]{{0,60}}?\b(?:{_PASS_WORDS}|key|schl(?:ü|ue)ssel|psk)",
    WIFI_VALUE,
    WIFI_START,
)
_WIFI_STARTS: Final = _starts(
    "wifi wi-fi wlan wireless wpa network netzwerk router hotspot réseau reseau psk ssid clé cle "
    "mot contrase clave code"
)
# A bare "code" names a PIN only when "is", a colon, "for …", "changed" or the digits themselves
# come next, set off or not ("the code 8841", "the code, 8841,"); after "error", "zip", none.
_PIN: Final = _keyed(
    r"(?:sim[\s-]?)?pins?(?:[\s-]?(?:codes?|numbers?|nummer|nr))?"
    r"|(?:door|front[\s-]door|back[\s-]door|gate|alarm|garage|safe|lock|unlock|keypad|entry|"
    r"access|security|house|building|intercom|locker|disarm|verification|confirmation|"
    r"t(?:ü|ue)r|haust(?:ü|ue)r|tor|garagen(?:tor)?|alarm(?:anlagen)?|tresor|"
    r"schloss|zahlen|sicherheits|zugangs|eingangs|entsperr|tasten|toegangs|deur|alarm|"
    r"lock[\s-]?box|key[\s-]?(?:safe|box)|schlüssel(?:safe|kasten|tresor))[\s-]?codes?"
    r"|(?:secret|geheim)[\s-]?(?:code|number|nummer|zahl)|geheimzahl|(?:zahlen)?kombination"
    r"|combination|combo|digicode|cvv2?|cvc2?|csc|otp|2fa|mfa|totp"
    r"|one[\s-]time[\s-](?:code|password|pin)|alarm(?:anlage)?|disarm"
    rf"|(?P<bare>codes?|c(?:ó|o)digos?)(?=\s*[:=]|\s+{IS}\b|\s+{FOR}\s|\s+(?:changed|set)\s|\s++\d"
    r"|\s*+[,(]\s*+\d|\s++(?:[—–]|--?)\s++\d)",
    DIGITS_VALUE,
)
_PIN_STARTS: Final = _starts(
    "sim pin door front back gate alarm garage safe lock unlock keypad entry access security "
    "house building intercom disarm verification confirmation tür tuer haust tor tresor "
    "schloss zahlen sicherheits zugangs eingangs entsperr tasten secret geheim kombination "
    "comb code código codigo toegangs deur digicode cvv cvc csc otp 2fa mfa totp one"
)
# "error code: 404" is no secret: a bare "code" right after one of these words stays.
_NOT_A_PIN: Final = re.compile(rf"\b(?:{'|'.join(sorted(OPEN_CODES))})[\s_-]*+$", re.I)
_SSN: Final = _keyed(
    r"ssn|social[\s-]security(?:[\s-]number)?|sozialversicherungsnummer", _SSN_VALUE
)
_SSN_STARTS: Final = _starts("ssn social sozialversicherungsnummer")
# A bank account's number: five digits or more, however grouped ("12345678", "0532 0130 00").
_ACCOUNT: Final = _keyed(
    r"(?:bank[\s-]?)?account[\s-]?(?:number|no\.?|nr\.?|\#)|konto(?:nummer|nr\.?)"
    r"|num(?:é|e)ro\s++de\s++compte|n(?:ú|u)mero\s++de\s++cuenta|rekening(?:nummer)?",
    r"(?=(?:[ -]?\d){5})\d{1,20}+(?:[ -]\d{1,20}+){0,7}+(?![\w\[])",
)
_ACCOUNT_STARTS: Final = _starts("bank account konto numéro numero número rekening")
_PASSWORD: Final = _keyed(
    r"(?:aws[\s_-]?)?secret[\s_-]?(?:access[\s_-]?)?key|aws[\s_-]?secret|client[\s_-]?secret"
    r"|(?:encryption|license|licence|signing|master|recovery|backup)[\s_-]?key"
    r"|(?:recovery|backup|seed)[\s_-]?(?:codes?|phrase|words)|mnemonic"
    r"|(?:security|secret|memorable)[\s_-]?answer|memorable[\s_-]?word"
    r"|answer\s++to\s++(?:my|the|your)\s++security\s++question"
    r"|maiden[\s_-]?name"
    rf"|{_PASS_WORDS}|(?:secret|safe|code)[\s_-]?(?:word|phrase)|secret(?![\s_-]*(?:code|number)\b)"
    # with a colon or "=" after it: "pass", "key", "dbpass", "PGPASSWORD", "password1"
    r"|(?:pg|db|my|sql|mysql|redis|smtp|mail|ftp|admin|root|user|app|wifi|api)?"
    r"pass(?:words?|wd)?\d{0,2}(?=\s*[:=])|key(?=\s*[:=])",
    VALUE,
    VALUE_START,
)
_PASSWORD_STARTS: Final = _starts(
    "seed mnemonic security memorable maiden answer "
    "aws secret safe code client encryption license licence signing master recovery backup pass pw "
    "kennwort mot contrase wachtwoord wachtzin senha lösenord hasło clave key pg db my sql "
    "mysql redis smtp mail ftp admin root user app wifi api"
)
# A cookie's value: "Cookie: session=…", "Set-Cookie: sid=…; Path=/".
_COOKIE: Final = re.compile(
    r"(?P<key>(?<![\w-])(?:set-)?cookie\s*+:\s*+[^=;\s]{1,64}+=)(?P<value>(?!\[)[^;\s]{3,}+)",
    re.I,
)
_COOKIE_STARTS: Final = _starts("cookie set-cookie")
# A user named with a password after it: "user admin pass hunter22", "login bob / pw xyz".
_USER_PASS: Final = re.compile(
    r"(?P<key>(?>(?<![^\W_])(?:user(?:name)?|login|benutzer(?:name)?|nutzer(?:name)?"
    r"|utilisateur|usuario|gebruiker(?:snaam)?)(?![\w-]))"
    r"\s*+[:=]?\s*+\S{1,64}?[\s,;/]++(?:and\s++|und\s++|et\s++|y\s++|en\s++)?(?:the\s++)?"
    r"(?>pass(?:word|wort|wd)?|pwd|pw|kennwort|mdp|contrase(?:ñ|n)a|wachtwoord)(?![\w-])"
    rf"{PLAIN})(?P<value>{VALUE})",
    re.I,
)
_USER_PASS_STARTS: Final = _starts("user login benutzer nutzer utilisateur usuario gebruiker")
_TOKEN_KEY: Final = _keyed(
    r"(?:access|refresh|id|auth|session|bearer|csrf|xsrf|api|bot|webhook)?[\s_-]?token"
    r"|api[\s_-]?key|access[\s_-]?key|private[\s_-]?key|auth(?:orization)?",
    VALUE,
    VALUE_START,
)
_TOKEN_KEY_STARTS: Final = _starts(
    "token access refresh id auth session bearer csrf xsrf api bot webhook private"
)
# A secret in a URL's query: ?sig=…, &key=…, &code=… (an OAuth code), &password=….
_QUERY: Final = re.compile(
    r"(?<=[?&;#])(?P<key>(?:[\w-]{0,40}?(?:signature|credential|token|secret|password|passwd"
    r"|apikey|api_key|auth_key|session|sessionid|jwt)|sig|sid|key|code|auth|pwd|pass)=)"
    r"(?P<value>(?!\[)[^\s&#\"'<>]{3,}+)",
    re.I,
)
# A credential after the HTTP scheme word: "Bearer x", "Basic dXNlcjpwYXNz".
_SCHEME: Final = re.compile(
    r"\b(?P<scheme>Bearer|Basic)\s++(?!\[)(?P<value>[A-Za-z0-9._~+/=-]{8,}+)", re.I
)
_SCHEME_STARTS: Final = _starts("bearer basic")

# --- tokens and keys -----------------------------------------------------------------------
_KNOWN_PREFIX: Final = re.compile(
    r"\b(?:(?:(?:sk|pk|rk)[-_]|gh[pousr]_|github_pat_|xox[abprs]-|AKIA|glpat-|hf_|npm_)"
    r"[-_A-Za-z0-9]{12,256}|ASIA[A-Z0-9]{16}|AIza[-_A-Za-z0-9]{30,40})\b"
)
_KNOWN_PREFIX_STARTS: Final = _starts("sk pk rk gh xox akia asia glpat hf_ npm_ aiza")
# A JSON Web Token: three base64url parts, the first an encoded "{" (eyJ).
_JWT: Final = re.compile(
    r"\beyJ[A-Za-z0-9_-]{8,}+\.(?:eyJ[A-Za-z0-9_-]*+\.[A-Za-z0-9_-]*+"
    r"|[A-Za-z0-9_-]{4,}+\.[A-Za-z0-9_-]{4,}+)"
)
_JWT_STARTS: Final = _starts("eyj")
# A private key block, from its BEGIN line to its END line (or to the end of the text).
_PRIVATE_BEGIN: Final = re.compile(r"-----BEGIN[A-Z ]{0,40}PRIVATE KEY( BLOCK)?-----")
_PRIVATE_END: Final = re.compile(r"-----END[A-Z ]{0,40}PRIVATE KEY( BLOCK)?-----")
# Credentials inside a URL: scheme://user:password@host (the whole user part is hidden).
_URL_USER: Final = re.compile(
    r"(?<![\w+.-])[A-Za-z][A-Za-z0-9+.-]{0,19}://(?P<user>[^\s/?#@\[\]]{1,256}+)@"
)
# An AWS secret access key: 40 characters of base64, with both cases and a digit, and not
# a path (a random key rarely holds more than three slashes).
_AWS_SECRET: Final = re.compile(r"(?<![A-Za-z0-9/+=\]])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=\[])")
# A long word with letters and digits is a token; scanning starts only where a run starts. (The
# dashes that lead it and the look for a digit and a letter never give back what they took.)
_LONG_TOKEN: Final = re.compile(
    r"(?<![A-Za-z0-9_\-])(?P<lead>-*+)(?=[A-Za-z_\-]*+\d)(?=[0-9_\-]*+[A-Za-z])"
    r"(?P<word>[A-Za-z0-9_][A-Za-z0-9_\-]{23,})\b"
)
# Letters only, but mixed case and long: a base62 token, not a word.
_MIXED_TOKEN: Final = re.compile(
    r"(?<!\[)\b(?=(?:[a-z0-9_]*+[A-Z]){2})(?=(?:[A-Z0-9_]*+[a-z]){2})[A-Za-z0-9_]{32,}+\b"
)
# Names the pet writes are not tokens: snake_case of words and numbers (an entity's object id,
# "living_room_temperature_2"), and an UPPER_SNAKE prefix with a short hex suffix (the action id
# "SHELLDON_REPLY_3f9a1c2b7d4e5f60": 64 random bits that name a notification, no secret).
_NAME: Final = re.compile(
    r"(?:[a-z]++|\d++)(?:_(?:[a-z]++|\d++))++|(?:[A-Z]++|\d++)(?:_(?:[A-Z]++|\d++))++"
    r"|[A-Z][A-Z0-9]*+(?:_[A-Z][A-Z0-9]*+)*+_[0-9a-f]{1,16}"
)


def _sub_at(
    pattern: re.Pattern[str],
    starts: re.Pattern[str],
    replace: Replace,
    text: str,
    low: str,
    found: Found,
) -> str:
    """`pattern.sub`, but trying `pattern` only where `starts` finds, in `low` (the text in
    lower case, as long as the text), a word that one of its matches begins with."""
    out: list[str] = []
    done = 0
    for start in starts.finditer(low):
        if start.start() >= done and (match := pattern.match(text, start.start())):
            whole, replaced = match.group(0), replace(match, found)
            # What the replacement left as it was at its end (a value's words past its cap) is
            # read again, for a key of its own.
            kept = 0
            while kept < min(len(whole), len(replaced)) and whole[-1 - kept] == replaced[-1 - kept]:
                kept += 1
            out += [text[done : match.start()], replaced[: len(replaced) - kept]]
            done = match.end() - kept
    return "".join([*out, text[done:]]) if out else text


def _pin(match: re.Match[str], found: Found) -> str:
    if match["bare"] and _NOT_A_PIN.search(match.string, max(0, match.start() - 24), match.start()):
        return match.group(0)
    return keep_digits(match, found)


def _scheme(match: re.Match[str], found: Found) -> str:
    value = match["value"]
    basic = match["scheme"].lower() == "basic"
    # "Basic training" is prose: a Basic credential is base64, with a digit, a sign or both cases.
    if basic and not (
        any(c.isdigit() or c in "+/=" for c in value) or (value.lower() != value != value.upper())
    ):
        return match.group(0)
    found.keyed.append(value)
    return ("Basic " if basic else "Bearer ") + TOKEN


def _url_user(match: re.Match[str], found: Found) -> str:
    user, _, password = match["user"].partition(":")
    found.keyed.extend(part for part in (user, password, match["user"]) if part)
    return match.group(0)[: match.start("user") - match.start()] + SECRET + "@"


def _aws(match: re.Match[str], found: Found) -> str:
    text = match.group(0)
    mixed = any(c.isupper() for c in text) and any(c.islower() for c in text)
    if mixed and any(c.isdigit() for c in text) and text.count("/") <= 3:
        found.shaped.append(text)
        return TOKEN
    return text


def _mixed_token(match: re.Match[str], found: Found) -> str:
    if _NAME.fullmatch(match.group(0)):
        return match.group(0)
    found.shaped.append(match.group(0))
    return TOKEN


def _long_token(match: re.Match[str], found: Found) -> str:
    if _NAME.fullmatch(match["word"]):
        return match.group(0)
    found.shaped.append(match["word"])
    return match["lead"] + TOKEN


def _private_keys(text: str, found: Found) -> str:
    """A private key block is hidden whole (a BEGIN without an END hides the rest)."""
    out: list[str] = []
    done = 0
    while (begin := _PRIVATE_BEGIN.search(text, done)) is not None:
        end = _PRIVATE_END.search(text, begin.end())
        stop = end.end() if end is not None else len(text)
        found.keyed.append(text[begin.end() : end.start() if end is not None else stop])
        out += [text[done : begin.start()], SECRET]
        done = stop
    return "".join([*out, text[done:]]) if out else text


# The rules found by a key word, in order, with the words each one's matches start with.
_KEYED: Final[tuple[tuple[re.Pattern[str], re.Pattern[str], Replace], ...]] = (
    (_SCHEME, _SCHEME_STARTS, _scheme),
    (_USER_PASS, _USER_PASS_STARTS, keep_value),
    (_WIFI, _WIFI_STARTS, keep_value),
    (_PIN, _PIN_STARTS, _pin),
    (_SSN, _SSN_STARTS, keep_digits),
    (_ACCOUNT, _ACCOUNT_STARTS, keep_digits),
    (_COOKIE, _COOKIE_STARTS, keep_any),
    (_PASSWORD, _PASSWORD_STARTS, keep_value),
    (_TOKEN_KEY, _TOKEN_KEY_STARTS, keep_value),
    (_KNOWN_PREFIX, _KNOWN_PREFIX_STARTS, whole(TOKEN)),
    (_JWT, _JWT_STARTS, whole(TOKEN)),
)


def hide_shapes(text: str, found: Found) -> str:
    """The text with every secret of a known shape replaced by its marker; what was removed is
    added to `found`."""
    if not text:
        return text
    if "PRIVATE KEY" in text:
        text = _private_keys(text, found)
    if "://" in text:
        text = sub(_URL_USER, _url_user, text, found)
    if "/" in text and ("hook" in (low := text.lower()) or "/services/" in low):
        text = hide_addresses(text, found)
    if "=" in text:
        text = sub(_QUERY, keep_any, text, found)
    low = text.lower()
    for pattern, starts, replace in _KEYED:
        if len(low) == len(text):
            scrubbed = _sub_at(pattern, starts, replace, text, low, found)
        else:  # a letter whose lower case is longer: positions would shift
            scrubbed = sub(pattern, replace, text, found)
        if scrubbed is not text:
            text, low = scrubbed, scrubbed.lower()
    text = hide_numbers(hide_opens(sub(_AWS_SECRET, _aws, text, found), found), found)
    text = sub(_MIXED_TOKEN, _mixed_token, text, found)
    text = sub(_LONG_TOKEN, _long_token, text, found)
    if any(word in low for word in KEY_WORDS):  # "hunter2 is my password"
        text = hide_before(text, found)
    return hide_more(text, found) if SECRET in text else text  # "… and the garage one is 8765"
