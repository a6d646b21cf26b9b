"""The knowledge shelf's index: documents cut into situated chunks, found again by their words.

A document is cut at paragraph boundaries into chunks under a character budget; each chunk keeps
its document and character span (so an answer can cite it) and a short situating blurb (the
document's title and the nearest heading). Search is BM25: rare, exact terms weigh most, so a
name beats a vibe. When a vector backend is given, its cosine similarity is blended in. The index
is plain data, kept apart from the pet's memory of its owner: a document is cited, never
remembered as something about the owner.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

CHUNK_CHARS: Final = 900
K1: Final = 1.4
B: Final = 0.75
VECTOR_WEIGHT: Final = 0.35
_TOKEN: Final = re.compile(r"[\w'][\w'-]*", re.UNICODE)
_HEADING: Final = re.compile(r"^\s{0,3}#{1,6}\s+(?P<title>.+?)\s*#*\s*$")
_STOP_TEXT: Final = (
    "a an and are as at be but by for from has have he her his i in is it its of on or our she "
    "that the their them they this to was we were what when where which who why will with you "
    "your do does did so if then than there these those me my not no yes can could would should "
    "just about into over also been being how all any each"
)
STOPWORDS: Final = frozenset(_STOP_TEXT.split())

Vectorizer = Callable[[str], dict[str, float]]


def _term(word: str) -> str:
    word = word.lower().strip("'’-")
    return word[:-2] if word.endswith(("'s", "’s")) else word  # petrichor's -> petrichor


def terms(text: str) -> list[str]:
    """Lowercase search terms, possessives folded, stopwords out."""
    return [t for t in (_term(m) for m in _TOKEN.findall(text)) if t and t not in STOPWORDS]


@dataclass(frozen=True)
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


def _title(doc: str, text: str) -> str:
    for line in text.splitlines():
        if match := _HEADING.match(line):
            return match["title"]
        if line.strip():
            break
    return doc.rsplit("/", 1)[-1].rsplit(".", 1)[0].replace("_", " ").replace("-", " ")


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
        first_line = text[start:end].split("\n", 1)[0]
        if match := _HEADING.match(first_line):
            heading = match["title"]
        for s, e in _split_long(text, start, end, budget):
            if current is not None and e - current[0] <= budget:
                current = (current[0], e)
                continue
            close()
            current, chunk_heading = (s, e), heading
    close()
    return chunks


@dataclass(frozen=True)
class Hit:
    """A search result, with the score and the chunk to cite."""

    chunk: Chunk
    score: float


@dataclass
class Index:
    """BM25 over chunks (optionally blended with vector similarity)."""

    chunks: list[Chunk] = field(default_factory=list)
    weights: list[float] = field(default_factory=list)  # per-chunk multiplier (facts weigh 2)
    _tf: list[Counter[str]] = field(default_factory=list, repr=False)
    _df: Counter[str] = field(default_factory=Counter, repr=False)
    _length: list[int] = field(default_factory=list, repr=False)
    _vectors: list[dict[str, float]] = field(default_factory=list, repr=False)
    vectorizer: Vectorizer | None = None

    def add(self, chunk: Chunk, weight: float = 1.0) -> None:
        """Index one chunk."""
        words = terms(f"{chunk.blurb} {chunk.text}")
        counts = Counter(words)
        self.chunks.append(chunk)
        self.weights.append(weight)
        self._tf.append(counts)
        self._df.update(counts.keys())
        self._length.append(len(words))
        if self.vectorizer is not None:
            self._vectors.append(self.vectorizer(chunk.text))

    def extend(self, chunks: Iterable[Chunk], weight: float = 1.0) -> None:
        """Index many chunks."""
        for chunk in chunks:
            self.add(chunk, weight)

    def remove_doc(self, doc: str) -> int:
        """Forget a document's chunks (rebuilds the statistics); returns how many went."""
        keep = [(c, w) for c, w in zip(self.chunks, self.weights, strict=True) if c.doc != doc]
        removed = len(self.chunks) - len(keep)
        if removed:
            rebuilt = Index(vectorizer=self.vectorizer)
            for chunk, weight in keep:
                rebuilt.add(chunk, weight)
            self.__dict__.update(rebuilt.__dict__)
        return removed

    def __len__(self) -> int:
        return len(self.chunks)

    def search(
        self, query: str, limit: int = 4, min_score: float = 0.0, relative: float = 0.0
    ) -> list[Hit]:
        """The best chunks for a query, best first (`relative`: drop hits under that share of
        the best one's score, so a lone strong match does not drag weak ones along)."""
        wanted = set(terms(query))
        if not wanted or not self.chunks:
            return []
        n = len(self.chunks)
        average = sum(self._length) / n or 1.0
        idf = {
            t: math.log(1 + (n - self._df[t] + 0.5) / (self._df[t] + 0.5))
            for t in wanted
            if self._df[t]
        }
        query_vector = (
            self.vectorizer(query) if self.vectorizer is not None and self._vectors else None
        )
        if not idf and query_vector is None:
            return []
        scored: list[Hit] = []
        for index, counts in enumerate(self._tf):
            score = 0.0
            for term, weight in idf.items():
                tf = counts.get(term)
                if tf:
                    norm = K1 * (1 - B + B * self._length[index] / average)
                    score += weight * tf * (K1 + 1) / (tf + norm)
            if query_vector is not None:
                score = (1 - VECTOR_WEIGHT) * score + VECTOR_WEIGHT * 4 * cosine(
                    query_vector, self._vectors[index]
                )
            if score > min_score:
                scored.append(Hit(self.chunks[index], score * self.weights[index]))
        scored.sort(key=lambda hit: hit.score, reverse=True)
        if relative and scored:
            floor = scored[0].score * relative
            scored = [hit for hit in scored if hit.score >= floor]
        return scored[:limit]


def trigram_vector(text: str) -> dict[str, float]:
    """A unit vector of character trigrams: close spellings (plurals, typos) land near."""
    grams: Counter[str] = Counter()
    for word in terms(text):
        padded = f" {word} "
        grams.update(padded[i : i + 3] for i in range(len(padded) - 2))
    norm = math.sqrt(sum(v * v for v in grams.values())) or 1.0
    return {g: v / norm for g, v in grams.items()}


def cosine(a: dict[str, float], b: dict[str, float]) -> float:
    """Cosine similarity of two sparse unit vectors."""
    if len(a) > len(b):
        a, b = b, a
    return sum(v * b.get(k, 0.0) for k, v in a.items())


def excerpt(chunk: Chunk, limit: int = 420) -> str:
    """A chunk's text, cut for a prompt."""
    text = " ".join(chunk.text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def cited(hits: Sequence[Hit], limit: int = 420) -> list[str]:
    """Prompt lines: blurb, excerpt and citation for each hit."""
    return [f"{hit.chunk.blurb} “{excerpt(hit.chunk, limit)}” ({hit.chunk.cite})" for hit in hits]
