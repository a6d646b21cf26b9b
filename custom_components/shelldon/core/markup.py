"""Plain text for places that render markup: what the model wrote is shown, never fetched or run.

Home Assistant renders persistent notifications and repair issues as Markdown (with HTML), and
the mobile apps render some HTML. A reply is untrusted input: a Markdown image there would be
fetched when the notification is shown (sending whatever its address carries), a tag could run.
`plain` keeps the words readable and takes their power away: angle brackets become look-alike
quotation marks (no tag, comment or autolink can form), an image or a link becomes its text
followed by its address in parentheses, and what is left of link syntax is broken apart: no
"![" starts an image, no "](" or "][" makes a link and no "]:" defines one.
"""

from __future__ import annotations

import re
from typing import Final

# [text](address "title") and ![text](address): bounded, so a run of brackets stays linear.
_LINK: Final = re.compile(r"!?\[([^\[\]\n]{0,300}+)\]\(([^()\n]{0,2000}+)\)")
_BROKEN: Final = {"![": "! [", "](": "] (", "][": "] [", "]:": "] :"}
_JOINS: Final = re.compile("|".join(re.escape(join) for join in _BROKEN))
_FENCE: Final = re.compile(r"`{3,}+")


def _spelled(match: re.Match[str]) -> str:
    words, address = match.group(1).strip(), match.group(2).strip()
    if not address:
        return words
    return f"{words} ({address})" if words else f"({address})"


def plain(text: str) -> str:
    """The text with no Markdown image or link and no HTML tag left in it."""
    if not text:
        return text
    text = text.replace("<", "‹").replace(">", "›")  # (far quicker than str.translate)
    if "](" in text:
        text = _LINK.sub(_spelled, text)
    if "[" in text or "]" in text:
        text = _JOINS.sub(lambda match: _BROKEN[match.group(0)], text)
    return text


def fenced(text: str) -> str:
    """Text to show inside a fenced code block: no run of backticks in it can close the fence
    (so nothing after it is rendered as Markdown)."""
    return _FENCE.sub(lambda match: "\u200b".join(match.group(0)), text)
