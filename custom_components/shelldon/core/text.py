"""Text at the boundary: whatever enters the pet (a message, a reply, a file name) is text it can
keep, send and write.

A lone surrogate (possible from a template) cannot be encoded, and a NUL cannot be a path or a
file's content; both, and the other control characters a writer chokes on, are replaced here,
where text enters, so nothing downstream raises on them.
"""

from __future__ import annotations

import re
from typing import Any, Final

REPLACEMENT: Final = "\ufffd"
# Lone surrogates, NUL and the C0/C1 controls other than tab, newline and carriage return.
_UNSAFE: Final = re.compile(r"[\ud800-\udfff\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_PATH_UNSAFE: Final = re.compile(r"[\ud800-\udfff\x00-\x1f\x7f-\x9f]")


def clean(text: str) -> str:
    """The text with lone surrogates and control characters replaced (tabs and newlines kept)."""
    return _UNSAFE.sub(REPLACEMENT, text) if _UNSAFE.search(text) else text


def clean_data(value: Any) -> Any:
    """`clean` every string inside plain data (dict keys too)."""
    if isinstance(value, str):
        return clean(value)
    if isinstance(value, dict):
        return {clean_data(k): clean_data(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [clean_data(v) for v in value]
    return value


def path_problem(path: str) -> str | None:
    """Why a path can never name a file (a control character or an unencodable one), or None."""
    if _PATH_UNSAFE.search(path):
        return "it holds a character no file name may have"
    return None


def shorten(text: str, limit: int = 60) -> str:
    """A value fit to echo in a message: cleaned and cut (an error never repeats 1 MB back)."""
    text = clean(str(text))
    return text if len(text) <= limit else text[: limit - 1] + "…"
