"""Secrets in a web address's path: whoever knows a webhook's address may post to it.

After `/services/`, `/hooks/`, `/webhook/`, `/webhooks/`, `/webhookb2/` or `/IncomingWebhook/`
in a URL (Slack, Discord, Teams and Office, Zapier), and after Home Assistant's
`/api/webhook/` anywhere, the rest of the path is hidden and remembered, and so is each long
segment of it. A path of the pet's own (`custom_components/webhook/…`, `.git/hooks/…`) stays, as
does `/services/` or `/hooks/` followed by plain words ("/services/pricing"). Linear: one scan
for the path words, and a bounded look back for the URL each one is in.
"""

from __future__ import annotations

import re
from typing import Final

from .numbers import SECRET, Found

_SEGMENT: Final = r"[^\s/?#\"'<>()\[\]{}|\\^`]"
_HOOK: Final = re.compile(
    r"(?P<api>/api)?+/(?P<kind>services|hooks|webhooks?+|webhookb2|incomingwebhook)/"
    rf"(?P<value>(?!\[){_SEGMENT}++(?:/{_SEGMENT}++){{0,11}}+)",
    re.I,
)
# Words that only name a service: "/services/" or "/hooks/" before them alone is no secret.
_PLAIN_KINDS: Final = frozenset({"services", "hooks"})
_LONG_SEGMENT: Final = 16  # characters: a segment this long is random, not a word
_REMEMBERED_SEGMENT: Final = 8
_URL_LOOKBACK: Final = 512  # characters: how far back the "://" of the URL may be
_TRAILING: Final = ".,;:!?)]}'\""


def _in_url(text: str, at: int) -> bool:
    """Whether position `at` is inside a URL: a "://" before it, with no space between."""
    start = max(0, at - _URL_LOOKBACK)
    scheme = text.rfind("://", start, at)
    return scheme >= 0 and not any(c.isspace() for c in text[scheme:at])


def hide_addresses(text: str, found: Found) -> str:
    """The text with every webhook's secret path replaced by [secret]; what was removed is
    added to `found`."""
    out: list[str] = []
    done = 0
    for match in _HOOK.finditer(text):
        value = match["value"].rstrip(_TRAILING)
        kind = match["kind"].lower()
        if len(value) < 4 or not (match["api"] or _in_url(text, match.start())):
            continue
        segments = value.split("/")
        random = any(c.isdigit() for c in value) or any(len(s) >= _LONG_SEGMENT for s in segments)
        if kind in _PLAIN_KINDS and not random:
            continue
        found.keyed.append(value)
        found.keyed.extend(s for s in segments if len(s) >= _REMEMBERED_SEGMENT and s != value)
        out += [text[done : match.start("value")], SECRET]
        done = match.start("value") + len(value)
    return "".join([*out, text[done:]]) if out else text
