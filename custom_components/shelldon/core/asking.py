"""Other assistants asking the pet: who may read what, and answers cut to fit a voice reply.

Home Assistant lets any conversation agent (and, over MCP, an outside assistant) use the pet's
tools. What they may read depends on who they ask for: the owner's administrators may read all
of it; a named user Home Assistant does not make an administrator (who may not download the
pet's diagnostics) gets the promises, the mood and the shelf, never the pet's memory or its
journal's lines; a call for nobody (a voice satellite, an automation: the house itself, as Home
Assistant treats a context without a user everywhere) reads as an administrator does.

An answer is plain data of at most `ANSWER_BYTES` once written as JSON: its items are taken in
order while they fit, each cut to its own cap first (so one always fits), and a page token says
where the next page starts.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any, Final

from .passages import terms

ANSWER_BYTES: Final = 2048  # one tool result: what a voice answer can carry
ITEM_CHARS: Final = 480  # characters of one passage, fact or line in an answer
ABOUT_CHARS: Final = 120  # characters of what is asked about (a query, a subject)
PAGE_PREFIX: Final = "p"
MAX_PAGE: Final = 10_000


class Reader(StrEnum):
    """Whom a call is made for."""

    ADMIN = "admin"  # an administrator of Home Assistant
    HOUSE = "house"  # no user at all: a satellite, an automation
    GUEST = "guest"  # a named user who is no administrator


class Topic(StrEnum):
    """What a call reads or does."""

    PROMISES = "promises"
    ADD_PROMISE = "add_promise"
    MOOD = "mood"
    JOURNAL = "journal"  # the lines of today's journal
    MEMORY = "memory"
    SHELF = "shelf"


PRIVATE: Final = frozenset({Topic.MEMORY, Topic.JOURNAL})  # what a guest is never told


def may(reader: Reader, topic: Topic) -> bool:
    """Whether a call for this reader may read (or do) this."""
    return reader is not Reader.GUEST or topic not in PRIVATE


def page_token(start: int) -> str:
    """The token of the page that starts at item `start`."""
    return f"{PAGE_PREFIX}{start}"


def page_start(token: str | None) -> int | None:
    """Where a page token starts (0 for none); None for a token this never gave."""
    if not token:
        return 0
    digits = token.strip().removeprefix(PAGE_PREFIX)
    if not digits.isdigit() or len(digits) > 5 or int(digits) > MAX_PAGE:
        return None
    return int(digits)


def size(value: Any) -> int:
    """Bytes of a value written as JSON (UTF-8, as a tool result travels)."""
    return len(json.dumps(value, ensure_ascii=False).encode())


def page(
    head: Mapping[str, Any],
    items: Sequence[Mapping[str, Any]],
    *,
    key: str,
    start: int = 0,
    budget: int = ANSWER_BYTES,
) -> dict[str, Any]:
    """`head` with the items from `start` under `key`, as many as fit in `budget` bytes (at
    least one when any is left: the caller cut each to fit); `next_page` when more are left,
    and `total`, the count of them all."""
    answer: dict[str, Any] = {**head, "total": len(items), key: []}
    shown: list[Mapping[str, Any]] = answer[key]
    # Room kept for the token that may follow.
    room = budget - size(answer) - size({"next_page": page_token(len(items))})
    used = 0
    at = start
    while at < len(items):
        item = items[at] if shown else fit(items[at], room)
        cost = size(item) + (2 if shown else 0)  # ", " between items
        if shown and used + cost > room:
            break
        shown.append(item)
        used += cost
        at += 1
    if at < len(items):
        answer["next_page"] = page_token(at)
    return answer


def fit(item: Mapping[str, Any], room: int) -> Mapping[str, Any]:
    """The item, its longest text cut until it takes at most `room` bytes as JSON (an item of
    wide characters may outgrow its character cap)."""
    fitted = dict(item)
    while size(fitted) > room:
        texts = [k for k, v in fitted.items() if isinstance(v, str) and len(v) > 1]
        if not texts:
            break
        longest = max(texts, key=lambda k: len(fitted[k]))
        text = fitted[longest]
        fitted[longest] = cut_text(text, max(1, len(text) * 3 // 4))
    return fitted


def cut_text(text: str, cap: int = ITEM_CHARS) -> str:
    """One line of at most `cap` characters, marked when cut."""
    line = " ".join(text.split())
    return line if len(line) <= cap else line[: cap - 1].rstrip() + "…"


def excerpt(text: str, query: str, cap: int = ITEM_CHARS) -> str:
    """At most `cap` characters of a passage, around the rarest word of the query it holds
    (a voice answer wants the sentence that matched, not the passage's opening)."""
    line = " ".join(text.split())
    if len(line) <= cap:
        return line
    lowered = line.lower()
    found = [(lowered.count(t), at) for t in terms(query) if (at := lowered.find(t)) >= 0]
    first = min(found, default=(0, 0))[1]
    if first < cap // 3:
        return cut_text(line, cap)
    start = max(line.rfind(". ", 0, first) + 2, first - cap // 3)
    start = line.find(" ", start - 1) + 1 if start > 0 and line[start - 1] != " " else start
    return "…" + cut_text(line[start:], cap - 1)


def blurb_place(blurb: str) -> str:
    """Where in its document a passage is, from its situating blurb ("From Manual, Filters."
    -> "Manual, Filters")."""
    place = blurb.strip().removeprefix("From ").removesuffix(".")
    return cut_text(place, ABOUT_CHARS)


def fact_day(blurb: str) -> str:
    """The day a remembered thing comes from, from its blurb ("a fact kept from 2026-11-30",
    "journal 2026-12-01"); '' when it does not say."""
    for opening in ("a fact kept from ", "journal "):
        if blurb.startswith(opening):
            day = blurb.removeprefix(opening).strip()
            return "" if day == "before" else day
    return ""
