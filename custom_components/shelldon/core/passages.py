"""A document on the shelf cut into passages: situated chunks, each citable by its span.

A document is cut at paragraph boundaries into chunks under a character budget (a paragraph
longer than that at sentence or word boundaries); each chunk keeps its document and character
span, so an answer can cite it, and a short situating blurb (the document's title and the nearest
heading, each cut to HEADING_MAX: a blurb is copied into every chunk, so a long heading must not
multiply the document). `terms` is how both the passages and a question are read into words for
the index.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

CHUNK_CHARS: Final = 900
HEADING_MAX: Final = 80  # characters of a title or heading in a blurb
_HEADING_SCAN: Final = 4 * HEADING_MAX  # characters of a line read to find its heading
_TOKEN: Final = re.compile(r"[\w'][\w'-]*+", re.UNICODE)
_HEADING: Final = re.compile(r"\s{0,3}#{1,6}\s++(?P<title>[^\n]*)")
_CLOSING: Final = re.compile(r"\s*+#*+\s*+$")
_STOP_TEXT: Final = (
    "a an and are as at be but by for from has have he her his i in is it its of on or our she "
    "that the their them they this to was we were what when where which who why will with you "
    "your do does did so if then than there these those me my not no yes can could would should "
    "just about into over also been being how all any each"
)
STOPWORDS: Final = frozenset(_STOP_TEXT.split())


def _term(word: str) -> str:
    word = word.lower().strip("'’-")
    return word[:-2] if word.endswith(("'s", "’s")) else word  # petrichor's -> petrichor


def terms(text: str) -> list[str]:
    """Lowercase search terms, possessives folded, stopwords out."""
    return [t for t in (_term(m) for m in _TOKEN.findall(text)) if t and t not in STOPWORDS]


@dataclass(frozen=True, slots=True)
class Chunk:
    """A situated piece of a document."""

    doc: str  # the document's path on the shelf
    start: int  # character span in the document
    end: int
    text: str
    blurb: str

    @property
    def cite(self) -> str:
        """How an answer cites it."""
        return f"{self.doc} [{self.start}–{self.end}]"

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "doc": self.doc,
            "start": self.start,
            "end": self.end,
            "text": self.text,
            "blurb": self.blurb,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Chunk:
        """Back from plain data (KeyError/TypeError on damage)."""
        return cls(
            str(data["doc"]),
            int(data["start"]),
            int(data["end"]),
            str(data["text"]),
            str(data["blurb"]),
        )


def _heading(line: str) -> str | None:
    """The heading a Markdown line makes (# Title #), cut to HEADING_MAX, or None."""
    match = _HEADING.match(line[:_HEADING_SCAN])
    if match is None:
        return None
    title = match["title"]
    closing = _CLOSING.search(title) if len(line) <= _HEADING_SCAN else None  # "# Title ##"
    title = title[: closing.start()] if closing is not None else title
    title = " ".join(title.split())
    return (title if len(title) <= HEADING_MAX else title[: HEADING_MAX - 1] + "…") or None


def _title(doc: str, text: str) -> str:
    for line in _lines(text):
        if (heading := _heading(line)) is not None:
            return heading
        if line.strip():
            break
    name = doc.rsplit("/", 1)[-1].rsplit(".", 1)[0].replace("_", " ").replace("-", " ")
    return name[:HEADING_MAX]


def _lines(text: str) -> Iterable[str]:
    """The lines of a text, each at most _HEADING_SCAN long (a heading is read from there)."""
    start = 0
    while start < len(text):
        end = text.find("\n", start, start + _HEADING_SCAN)
        stop = end if end != -1 else min(len(text), start + _HEADING_SCAN)
        yield text[start:stop]
        if end == -1:
            return
        start = end + 1


def _paragraphs(text: str) -> Iterable[tuple[int, int]]:
    """(start, end) of each paragraph (blank-line separated), whitespace trimmed."""
    start = 0
    for separator in [*re.finditer(r"\n[ \t]*\n\s*", text), None]:
        end = separator.start() if separator is not None else len(text)
        block = text[start:end]
        if block.strip():
            lead = len(block) - len(block.lstrip())
            yield start + lead, start + len(block.rstrip())
        if separator is not None:
            start = separator.end()


def _split_long(text: str, start: int, end: int, budget: int) -> Iterable[tuple[int, int]]:
    """Cut an over-long paragraph at sentence (or word) ends inside the budget."""
    while end - start > budget:
        window = text[start : start + budget]
        cut = max(window.rfind(". "), window.rfind("! "), window.rfind("? "), window.rfind("\n"))
        if cut < budget // 3:
            cut = window.rfind(" ")
        if cut <= 0:
            cut = budget - 1
        yield start, start + cut + 1
        start += cut + 1
        while start < end and text[start].isspace():
            start += 1
    if start < end:
        yield start, end


def chunk_document(doc: str, text: str, budget: int = CHUNK_CHARS) -> list[Chunk]:
    """Cut a document into chunks of whole paragraphs (or pieces of one), each situated."""
    title = _title(doc, text)
    chunks: list[Chunk] = []
    heading = ""
    current: tuple[int, int] | None = None
    chunk_heading = ""

    def close() -> None:
        if current is not None:
            s, e = current
            where = f", {chunk_heading}" if chunk_heading and chunk_heading != title else ""
            chunks.append(Chunk(doc, s, e, text[s:e], f"From {title}{where}."))

    for start, end in _paragraphs(text):
        end_of_line = text.find("\n", start, min(end, start + _HEADING_SCAN))
        first_line = text[
            start : end_of_line if end_of_line != -1 else min(end, start + _HEADING_SCAN)
        ]
        if (found := _heading(first_line)) is not None:
            heading = found
        for s, e in _split_long(text, start, end, budget):
            if current is not None and e - current[0] <= budget:
                current = (current[0], e)
                continue
            close()
            current, chunk_heading = (s, e), heading
    close()
    return chunks
