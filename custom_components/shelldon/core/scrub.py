"""The scrubber: secrets never reach the journal, the trace, the signals or the audit log.

Long tokens (API keys and the like), card numbers, email addresses and anything that follows
"password", "secret", "token" or "api key" are replaced with a marker before a line is
written. It errs on the side of hiding: a long random-looking word is treated as a token.
"""

from __future__ import annotations

import re
from typing import Any, Final

# After a secret-like word, whatever value follows (a quoted value whole) is a secret. The key
# and its separator are one atomic group, so a value can never be found inside the separator.
_VALUE: Final = r"(?P<value>(?![\[:=])(?!Bearer\b)(?:\"[^\"]+\"|'[^']+'|[^\s\"',;]{3,}))"
_PASSWORD: Final = re.compile(
    r"(?P<key>(?>(?<!\[)\b(?:pass(?:word|wd|phrase)?|pwd|secret)\b\s*(?:is|was|[:=])?\s*))"
    + _VALUE,
    re.I,
)
_TOKEN_KEY: Final = re.compile(
    r"(?P<key>(?>(?<!\[)\b(?:token|api[\s_-]?key|access[\s_-]?key|private[\s_-]?key|"
    r"auth(?:orization)?)\b\s*(?:is|[:=])?\s*))" + _VALUE,
    re.I,
)
_BEARER: Final = re.compile(r"\bBearer\s+(?!\[)[A-Za-z0-9._~+/=-]{8,}", re.I)
_EMAIL: Final = re.compile(r"\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b")
# Card numbers: groups of four, the 4-6-5 grouping, or one run of 13-19 digits; Luhn-checked,
# except four groups of four, which look like a card whatever their checksum.
_CARD: Final = re.compile(
    r"\b(?:\d{4}[ -]){3}\d{1,7}\b|\b\d{4}[ -]\d{6}[ -]\d{4,5}\b|\b\d{13,19}\b"
)
_CARD_SHAPE: Final = re.compile(r"\d{4}([ -])\d{4}\1\d{4}\1\d{4}")
_LONG_TOKEN: Final = re.compile(
    r"(?<!\[)\b(?=[A-Za-z0-9_\-]*\d)(?=[A-Za-z0-9_\-]*[A-Za-z])[A-Za-z0-9_\-]{24,}\b"
)
# Letters only, but mixed case and long: a base62 token, not a word.
_MIXED_TOKEN: Final = re.compile(
    r"(?<!\[)\b(?=(?:[a-z0-9_]*[A-Z]){2})(?=(?:[A-Z0-9_]*[a-z]){2})[A-Za-z0-9_]{32,}\b"
)
_KNOWN_PREFIX: Final = re.compile(r"\b(?:sk|pk|rk|ghp|gho|xox[abp]|AKIA)[-_A-Za-z0-9]{12,}\b")

TOKEN: Final = "[token]"
CARD: Final = "[card]"
EMAIL: Final = "[email]"
SECRET: Final = "[secret]"


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
    if _CARD_SHAPE.fullmatch(found):
        return CARD
    digits = re.sub(r"\D", "", found)
    return CARD if 13 <= len(digits) <= 19 and _luhn(digits) else found


def scrub(text: str) -> str:
    """The text with secrets replaced by markers."""
    if not text:
        return text
    text = _BEARER.sub("Bearer " + TOKEN, text)
    text = _PASSWORD.sub(lambda m: m["key"] + SECRET, text)
    text = _TOKEN_KEY.sub(lambda m: m["key"] + SECRET, text)
    text = _KNOWN_PREFIX.sub(TOKEN, text)
    text = _EMAIL.sub(EMAIL, text)
    text = _CARD.sub(_card, text)
    text = _MIXED_TOKEN.sub(TOKEN, text)
    return _LONG_TOKEN.sub(TOKEN, text)


def scrub_data(value: Any) -> Any:
    """Scrub every string inside plain data (dicts, lists)."""
    if isinstance(value, str):
        return scrub(value)
    if isinstance(value, dict):
        return {k: scrub_data(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [scrub_data(v) for v in value]
    return value
