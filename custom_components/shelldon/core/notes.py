"""What the pet keeps about its owner and its life: notes it took, and the facts they become.

A reply's `remember` items are notes, waiting in an inbox; consolidation (the dream) turns them
into durable facts in `memory/facts.md`. Facts are deduplicated by meaning-ish: the same words
in another order, case or punctuation are the same fact.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

MAX_NOTE: Final = 500
MAX_NOTES: Final = 200
_WORD: Final = re.compile(r"[\w']+")
_FACT_LINE: Final = re.compile(r"^- (?P<text>.+?)(?: \((?P<source>[^()]*)\))?$")
SIMILAR: Final = 0.8
FROM_PASSAGE: Final = 0.7  # share of a note's words found in one passage: read, not heard


@dataclass(frozen=True)
class Note:
    """Something the pet decided to remember, waiting to be consolidated."""

    text: str
    at: str  # ISO-8601 UTC
    source: str  # the turn kind it came from

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return {"text": self.text, "at": self.at, "source": self.source}


def clean_note(text: str) -> str:
    """One line, trimmed."""
    return " ".join(str(text).split())[:MAX_NOTE]


def notes_from_list(data: Any) -> list[Note]:
    """Restore the inbox, skipping anything unreadable."""
    out = []
    for item in data if isinstance(data, list) else []:
        if isinstance(item, dict) and isinstance(item.get("text"), str) and item["text"].strip():
            out.append(
                Note(clean_note(item["text"]), str(item.get("at", "")), str(item.get("source", "")))
            )
    return out[-MAX_NOTES:]


def words(text: str) -> frozenset[str]:
    """The set of lowercase words in a text."""
    return frozenset(_WORD.findall(text.lower()))


def from_passage(note: str, passages: Iterable[str]) -> bool:
    """Whether a note repeats a shelf passage the pet was shown (most of its words are in one):
    what a document says is knowledge, never something the pet remembers about its owner."""
    mine = words(note)
    if len(mine) < 3:
        return False
    return any(len(mine & words(p)) / len(mine) >= FROM_PASSAGE for p in passages)


def same_fact(a: str, b: str) -> bool:
    """Whether two facts say the same thing (word overlap at or above SIMILAR)."""
    wa, wb = words(a), words(b)
    if not wa or not wb:
        return wa == wb
    return len(wa & wb) / len(wa | wb) >= SIMILAR


def new_facts(candidates: Iterable[str], known: Iterable[str]) -> list[str]:
    """Candidates that are not already known (nor repeated among themselves)."""
    kept: list[str] = []
    seen = [k for k in known if k.strip()]
    for candidate in candidates:
        fact = clean_note(candidate)
        if fact and not any(same_fact(fact, other) for other in seen):
            kept.append(fact)
            seen.append(fact)
    return kept


def parse_facts(text: str) -> list[tuple[str, str]]:
    """(fact, source) pairs from facts.md's bullet lines."""
    facts = []
    for line in text.splitlines():
        if match := _FACT_LINE.match(line.strip()):
            facts.append((match["text"].strip(), (match["source"] or "").strip()))
    return facts


def fact_line(fact: str, source: str) -> str:
    """One bullet line of facts.md."""
    return f"- {clean_note(fact)} ({source})\n"
