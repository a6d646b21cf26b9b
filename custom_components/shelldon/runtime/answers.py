"""What the pet tells other assistants: its promises, its memory, its shelf, its mood and day.

Home Assistant's LLM API (the `assistant_api` surface) asks through these; each answer is plain
data, read from the part that keeps it, scrubbed by the one scrubber, with no path of the host
in it, and cut to one voice-sized page (`core.asking`). Every call is journaled in the
owner's language and counted for the day; whom it may be told is decided in `core.asking`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from datetime import date, datetime
from typing import Any, Final

from ..core.asking import (
    ABOUT_CHARS,
    Reader,
    Topic,
    blurb_place,
    cut_text,
    excerpt,
    fact_day,
    may,
    page,
)
from ..core.dream import DayLine, parse_day
from ..core.knowledge import Hit
from ..core.markup import plain
from ..core.readback import day as read_day
from ..core.readback import mapping, whole
from ..core.secrets.scrub import Scrubber
from ..ports import Basics
from ..vault.journal import JOURNAL_DIR, Journal
from ..vault.vault import Vault, VaultError
from .shown import PetData, Promise

MAX_HITS: Final = 24  # passages or memories one question pages through
HIDDEN_PATH: Final = "…"

type Search = Callable[[str, int], list[Hit]]


class Answers:
    """The pet's answers to other assistants (read-only: a promise is added through the same
    command as the to-do list's)."""

    def __init__(
        self,
        *,
        basics: Basics,
        scrubber: Scrubber,
        journal: Journal,
        shown: Callable[[], PetData],
        recall: Search,
        shelf: Search,
        read_day: Callable[[date], Awaitable[str]],
        roots: Sequence[str],
    ) -> None:
        self._clock = basics.clock
        self._scrubber = scrubber
        self._journal = journal
        self._shown = shown
        self._recall = recall
        self._shelf = shelf
        self._read_day = read_day
        self._changed = basics.changed  # a call was counted: the sensors show it (no save)
        self._roots = sorted({r.rstrip("/") for r in roots if len(r.strip("/")) > 1}, key=len)[::-1]
        self._day: date | None = None
        self._calls: Counter[str] = Counter()

    # ------------------------------------------------------------------ the count

    def calls_today(self, now: datetime) -> int:
        """Calls made today (local day), a restart included."""
        return sum(self._calls.values()) if self._day == now.date() else 0

    def to_dict(self) -> dict[str, Any]:
        """For the checkpoint: the day counted, and its calls by topic."""
        return {"day": self._day.isoformat() if self._day else None, "calls": dict(self._calls)}

    def restore(self, data: Any) -> None:
        """Back from the checkpoint (what does not read as a day and its counts is dropped)."""
        kept = mapping(data)
        topics = {topic.value for topic in Topic}
        self._day = read_day(kept.get("day"))
        self._calls = Counter(
            {
                topic: count
                for topic, value in mapping(kept.get("calls")).items()
                if topic in topics and (count := whole(value)) > 0
            }
        )

    def asked(self, who: str, topic: Topic, key: str, /, **values: str) -> None:
        """Journal one call in the owner's language ("an assistant (Kitchen) asked what I
        remember about Ana") and count it."""
        now = self._clock.now()
        if self._day != now.date():
            self._day, self._calls = now.date(), Counter()
        self._calls[topic.value] += 1
        about = {k: cut_text(v, ABOUT_CHARS) for k, v in values.items()}
        self._journal.entry(now, key, who=cut_text(who, ABOUT_CHARS), **about)
        self._changed(save=False)

    # ------------------------------------------------------------------ the answers

    def promises(self, start: int = 0) -> dict[str, Any]:
        """The open promises, soonest due first, then those kept lately."""
        data = self._shown()
        items = [self._promise(p) for p in (*data.promises, *data.kept)]
        return self._page({"open": len(data.promises)}, items, "promises", start)

    def filed(self, before: set[str], matches: Callable[[Promise], bool]) -> dict[str, Any]:
        """What adding a promise did: the one filed now, or the open one it already was."""
        data = self._shown()
        new = [p for p in data.promises if p.id not in before]
        if new:
            return self._clean({"filed": True, "promise": self._promise(new[0])})
        held = next((p for p in data.promises if matches(p)), None)
        answer: dict[str, Any] = {"filed": False, "already_promised": True}
        if held is not None:
            answer["promise"] = self._promise(held)
        return self._clean(answer)

    def open_ids(self) -> set[str]:
        """The ids of the open promises now."""
        return {p.id for p in self._shown().promises}

    def remembers(self, about: str, reader: Reader, start: int = 0) -> dict[str, Any]:
        """What the pet remembers about a subject: facts and recent journal lines, each with
        the day it comes from (nothing for a reader who may not read its memory)."""
        head: dict[str, Any] = {"about": cut_text(about, ABOUT_CHARS)}
        if not may(reader, Topic.MEMORY):
            return self._clean({**head, "refused": "memory_private", "memories": []})
        items = []
        for hit in self._recall(about, MAX_HITS):
            chunk = hit.chunk
            kind = "fact" if chunk.doc.startswith("memory/") else "journal"
            items.append(
                {"text": excerpt(chunk.text, about), "day": fact_day(chunk.blurb), "from": kind}
            )
        return self._page(head, items, "memories", start)

    def shelf(self, query: str, start: int = 0) -> dict[str, Any]:
        """What the shelf says: passages, best first, each cited by its document, where in it
        and its character span."""
        head = {"query": cut_text(query, ABOUT_CHARS)}
        items = [
            {
                "text": excerpt(hit.chunk.text, query),
                "file": hit.chunk.doc,
                "heading": blurb_place(hit.chunk.blurb),
                "span": [hit.chunk.start, hit.chunk.end],
            }
            for hit in self._shelf(query, MAX_HITS)
        ]
        return self._page(head, items, "passages", start)

    async def async_day(self, reader: Reader, start: int = 0) -> dict[str, Any]:
        """The pet's mood now and what it did today: the journal's lines, newest first (only
        their count for a reader who may not read the journal)."""
        data, now = self._shown(), self._clock.now()
        lines = parse_day(await self._read_day(now.date()))
        author = self._journal.author
        head: dict[str, Any] = {
            "mood": data.mood,
            "feeling": data.mood_attributes.get("feeling"),
            "valence": data.valence,
            "arousal": data.arousal,
            "energy_percent": data.energy,
            "activity": data.activity,
            "open_promises": len(data.promises),
            "journal_lines_today": len(lines),
            "owner_lines_today": sum(line.who.lower() != author for line in lines),
        }
        if not may(reader, Topic.JOURNAL):
            return self._clean({**head, "refused": "journal_private", "today": []})
        items = [_line(line) for line in reversed(lines)]
        return self._page(head, items, "today", start)

    # ------------------------------------------------------------------ inside

    def _promise(self, promise: Promise) -> dict[str, Any]:
        due = promise.due.astimezone(self._clock.now().tzinfo) if promise.due else None
        return {
            "id": promise.id,
            "text": cut_text(promise.text),
            "due": due.isoformat(timespec="minutes") if due else None,
            "done": promise.done,
        }

    def _page(
        self, head: dict[str, Any], items: list[dict[str, Any]], key: str, start: int
    ) -> dict[str, Any]:
        """One page of clean items (cleaned first: a scrub marker may be longer than what it
        hides, and the page must keep its budget as it is sent)."""
        return page(self._clean(head), [self._clean(i) for i in items], key=key, start=start)

    def _clean(self, answer: dict[str, Any]) -> dict[str, Any]:
        """Scrubbed, plain, and no path of the host in any text."""
        cleaned: dict[str, Any] = _texts(
            answer, lambda text: plain(self._hide_roots(self._scrubber(text)))
        )
        return cleaned

    def _hide_roots(self, text: str) -> str:
        for root in self._roots:
            if root in text:
                text = text.replace(root, HIDDEN_PATH)
        return text


def day_text(vault: Vault, day: date) -> str:
    """Blocking: a local day's journal as written so far ('' when there is none, or it
    cannot be read)."""
    path = f"{JOURNAL_DIR}/{day.isoformat()}.md"
    try:
        return vault.read_text(path) if vault.exists(path) else ""
    except (OSError, VaultError):
        return ""


def _line(line: DayLine) -> dict[str, str]:
    return {"time": line.time, "who": line.who, "text": cut_text(line.text)}


def _texts(value: Any, change: Callable[[str], str]) -> Any:
    if isinstance(value, str):
        return change(value)
    if isinstance(value, dict):
        return {k: _texts(v, change) for k, v in value.items()}
    if isinstance(value, list):
        return [_texts(v, change) for v in value]
    return value
