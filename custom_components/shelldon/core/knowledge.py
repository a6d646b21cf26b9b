"""The knowledge shelf's index: documents cut into situated chunks, found again by their words.

Documents are cut into passages (`passages`: situated chunks, each citable by its span). Search
is BM25: rare, exact terms weigh most, so a
name beats a vibe. When a vector backend is given, its cosine similarity is blended in. The index
is plain data, kept apart from the pet's memory of its owner: a document is cited, never
remembered as something about the owner.

The shelf's index is a `Catalogue` of `Volume`s, one per document. A volume (its chunks, their
lengths, its postings, its vectors) is built whole before it is shelved, so the shell builds it
off the event loop; putting a volume on the catalogue or taking one off only updates a few
running totals, and a term's document frequency is summed over the volumes when a query asks for
it. Whatever volumes come and go, a catalogue's search ranks and scores exactly as one `Index`
built from all of its chunks, in the same order, would. What a catalogue holds is replaced
whole, never changed in place, so a search reads one consistent shelf from any thread.
"""

from __future__ import annotations

import math
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Final

from .passages import Chunk, terms

K1: Final = 1.4
B: Final = 0.75
VECTOR_WEIGHT: Final = 0.35

Vectorizer = Callable[[str], dict[str, float]]


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


@dataclass(frozen=True, eq=False)
class Volume:
    """One document as the shelf holds it: its chunks, and everything searching them needs
    (each chunk's length in terms, the document's postings, and its vectors when asked for),
    built whole from the chunks, never changed after."""

    doc: str
    chunks: tuple[Chunk, ...]
    lengths: Sequence[int]  # terms in each chunk (its blurb included)
    # term -> array of (chunk position, count in that chunk) pairs, positions ascending
    postings: Mapping[str, array[int]] = field(repr=False)
    vectors: tuple[dict[str, float], ...] | None = field(default=None, repr=False)
    _length: int = field(default=0, init=False, repr=False)  # terms in all of its chunks

    @classmethod
    def build(
        cls, doc: str, chunks: Iterable[Chunk], vectorizer: Vectorizer | None = None
    ) -> Volume:
        """Index a document's chunks (ValueError if one belongs to another document)."""
        kept = tuple(chunks)
        lengths = array("I")
        # Arrays hold no references, so the garbage collector never walks them: a volume
        # leaves it a few objects per chunk to visit, not one per posting.
        postings: dict[str, array[int]] = {}
        for position, chunk in enumerate(kept):
            if chunk.doc != doc:
                raise ValueError(f"a chunk of {chunk.doc} is not part of {doc}")
            words = terms(f"{chunk.blurb} {chunk.text}")
            lengths.append(len(words))
            for term, count in Counter(words).items():
                if (found := postings.get(term)) is None:
                    postings[term] = array("I", (position, count))
                else:
                    found.append(position)
                    found.append(count)
        vectors = tuple(vectorizer(c.text) for c in kept) if vectorizer is not None else None
        return cls(doc, kept, lengths, postings, vectors)

    def with_vectors(self, vectorizer: Vectorizer | None) -> Volume:
        """The same volume with vectors from `vectorizer` (or none)."""
        if vectorizer is None:
            return self if self.vectors is None else replace(self, vectors=None)
        return replace(self, vectors=tuple(vectorizer(c.text) for c in self.chunks))

    @property
    def length(self) -> int:
        """Terms in all of its chunks."""
        return self._length

    def __post_init__(self) -> None:
        object.__setattr__(self, "_length", sum(self.lengths))

    def frequency(self, term: str) -> int:
        """In how many of its chunks a term appears."""
        found = self.postings.get(term)
        return len(found) // 2 if found is not None else 0

    def __len__(self) -> int:
        return len(self.chunks)

    def __iter__(self) -> Iterator[Chunk]:
        return iter(self.chunks)


@dataclass(frozen=True)
class _Shelved:
    """What is on the catalogue at one moment: replaced whole, never changed, so a search
    (on the loop or off it) reads one consistent shelf while volumes come and go."""

    volumes: Mapping[str, Volume]  # doc -> volume, in the order they were shelved
    count: int = 0  # chunks on all of them
    length: int = 0  # terms in all of them


class Catalogue:
    """The shelf's index: one volume per document, in the order they were shelved, and the
    running totals BM25 needs (chunks, terms); search reads every volume's postings."""

    def __init__(self, vectorizer: Vectorizer | None = None) -> None:
        self._vectorizer = vectorizer
        self._shelved = _Shelved(MappingProxyType({}))
        self._chunks: list[Chunk] | None = []  # every chunk, in order; None until asked again
        self._kept_norms: dict[str, tuple[float, Volume, array[float]]] = {}

    @property
    def vectorizer(self) -> Vectorizer | None:
        """The vector backend every volume on it was built with (fixed for its life)."""
        return self._vectorizer

    @property
    def volumes(self) -> Mapping[str, Volume]:
        """doc -> its volume, in the order they were shelved."""
        return self._shelved.volumes

    @property
    def chunks(self) -> list[Chunk]:
        """Every chunk on the shelf, volume after volume (kept until the shelf changes)."""
        if (chunks := self._chunks) is None:
            volumes = self._shelved.volumes.values()
            chunks = self._chunks = [chunk for volume in volumes for chunk in volume.chunks]
        return chunks

    @property
    def length(self) -> int:
        """Terms in every chunk on the shelf."""
        return self._shelved.length

    def frequency(self, term: str) -> int:
        """In how many chunks on the shelf a term appears."""
        return sum(volume.frequency(term) for volume in self._shelved.volumes.values())

    def put(self, volume: Volume) -> None:
        """Shelve a volume, last, in place of the document's old one (if any)."""
        if self.vectorizer is not None and volume.vectors is None:
            volume = volume.with_vectors(self.vectorizer)  # built here only if not before
        self.remove_doc(volume.doc)
        was = self._shelved
        volumes = {**was.volumes, volume.doc: volume}
        self._publish(volumes, was.count + len(volume), was.length + volume.length)

    def remove_doc(self, doc: str) -> int:
        """Take a document's volume off; returns how many chunks went."""
        was = self._shelved
        if (volume := was.volumes.get(doc)) is None:
            return 0
        volumes = {d: v for d, v in was.volumes.items() if d != doc}
        self._publish(volumes, was.count - len(volume), was.length - volume.length)
        return len(volume)

    def _publish(self, volumes: dict[str, Volume], count: int, length: int) -> None:
        self._shelved = _Shelved(MappingProxyType(volumes), count, length)
        self._chunks = None
        self._kept_norms = {d: kept for d, kept in self._kept_norms.items() if d in volumes}

    def __len__(self) -> int:
        return self._shelved.count

    def search(
        self, query: str, limit: int = 4, min_score: float = 0.0, relative: float = 0.0
    ) -> list[Hit]:
        """The best chunks for a query, best first; as `Index.search` over all the chunks."""
        wanted = set(terms(query))
        shelved = self._shelved  # one moment's shelf, whatever is put or taken off meanwhile
        n = shelved.count
        if not wanted or not n:
            return []
        average = shelved.length / n or 1.0
        volumes = [v for v in shelved.volumes.values() if v.chunks]
        idf: dict[str, float] = {}
        found: dict[str, list[tuple[int, array[int]]]] = {}
        for term in wanted:
            lists = [
                (which, postings)
                for which, volume in enumerate(volumes)
                if (postings := volume.postings.get(term)) is not None
            ]
            df = sum(len(postings) for _, postings in lists) // 2
            if df:
                idf[term] = math.log(1 + (n - df + 0.5) / (df + 0.5))
                found[term] = lists
        query_vector = self.vectorizer(query) if self.vectorizer is not None else None
        if not idf and query_vector is None:
            return []
        # Each chunk's score is summed term by term in the order Index sums it, with the same
        # expressions, so the two agree to the last bit.
        k1_plus_1 = K1 + 1
        sums: dict[int, list[float]] = {}  # volume -> a score per chunk
        for term, weight in idf.items():
            for which, postings in found[term]:
                volume = volumes[which]
                if (acc := sums.get(which)) is None:
                    acc = sums[which] = [0.0] * len(volume)
                norms = self._norms(volume, average)
                for position, tf in zip(postings[::2], postings[1::2], strict=True):
                    acc[position] += weight * tf * k1_plus_1 / (tf + norms[position])
        scored: list[Hit] = []
        for which, volume in enumerate(volumes):
            acc = sums.get(which)
            if query_vector is not None:
                vectors = volume.vectors or ()
                for position, chunk in enumerate(volume.chunks):
                    score = (1 - VECTOR_WEIGHT) * (acc[position] if acc is not None else 0.0)
                    score += VECTOR_WEIGHT * 4 * cosine(query_vector, vectors[position])
                    if score > min_score:
                        scored.append(Hit(chunk, score))
            elif acc is not None or min_score < 0:
                chunks = volume.chunks
                for position, score in enumerate(acc or [0.0] * len(volume)):
                    if score > min_score:
                        scored.append(Hit(chunks[position], score))
        scored.sort(key=lambda hit: hit.score, reverse=True)
        if relative and scored:
            floor = scored[0].score * relative
            scored = [hit for hit in scored if hit.score >= floor]
        return scored[:limit]

    def _norms(self, volume: Volume, average: float) -> array[float]:
        """BM25's length norm of each of a volume's chunks (kept while the shelf's average
        chunk length stays what it was)."""
        kept = self._kept_norms.get(volume.doc)
        if kept is not None and kept[0] == average and kept[1] is volume:
            return kept[2]
        norms = array("d", (K1 * (1 - B + B * length / average) for length in volume.lengths))
        self._kept_norms[volume.doc] = (average, volume, norms)
        return norms


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
