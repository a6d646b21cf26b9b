"""The knowledge shelf's index: situated chunks with citable spans, found again by their words;
one volume per document, and a catalogue of them that ranks exactly as one index of everything.

Pure: no Home Assistant, no files. The shelf's life through Home Assistant is in
tests/vault/test_shelf.py.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from custom_components.shelldon.core.knowledge import (
    Catalogue,
    Hit,
    Index,
    Volume,
    cited,
    excerpt,
    trigram_vector,
)
from custom_components.shelldon.core.passages import (
    CHUNK_CHARS,
    STOPWORDS,
    Chunk,
    chunk_document,
    terms,
)

from ._support import PROPERTY

DOC = "knowledge/reference/petrichor.md"

PETRICHOR = """\
# Petrichor

Petrichor is the earthy smell of rain falling on dry ground. The word was coined by Isabel Bear \
and Richard Thomas in 1964, from the Greek petra, stone, and ichor, the fluid in the veins of the \
gods.

## Where the smell comes from

During a dry spell, plants give off oils that collect on rocks and in the soil. When the first \
drops land, tiny bubbles carry those oils up into the air, and the wind spreads them ahead of \
the storm.

Much of the scent is geosmin, a compound made by soil bacteria. People can detect geosmin at \
around five parts per trillion.

## Ozone

Before a thunderstorm the air can smell sharp and clean instead: that is ozone, made when \
lightning splits oxygen molecules."""


def note(doc: str, text: str) -> Chunk:
    return Chunk(doc, 0, 80, text, "x")


TEA = note("tea.md", "Green tea wants water below boiling and a short steep.")
WEATHER = [
    note("weather.md", "Rain on dry earth smells lovely; the rain, the earth, the smell."),
    note("walks.md", "A walk in the rain, the smell of wet earth after a summer storm."),
    note("garden.md", "The garden after rain: wet earth, a fresh smell, worms about."),
    note("porch.md", "On the porch we sat and breathed the smell of the rain."),
    note("names.md", "Bear and Thomas coined the word petrichor in 1964."),
    TEA,
]


def paragraphs(text: str) -> list[tuple[int, int]]:
    """(start, end) of each non-blank paragraph, whitespace trimmed."""
    out = []
    for match in re.finditer(r"(?:[^\n]|\n(?![ \t]*\n))+", text):
        raw = match.group()
        if raw.strip():
            start = match.start() + len(raw) - len(raw.lstrip())
            end = match.end() - (len(raw) - len(raw.rstrip()))
            out.append((start, end))
    return out


def index(chunks: list[Chunk], *, vectors: bool = False) -> Index:
    built = Index(vectorizer=trigram_vector if vectors else None)
    built.extend(chunks)
    return built


# ---------------------------------------------------------------------- chunking


def test_paragraphs_under_the_budget_are_kept_whole() -> None:
    chunks = chunk_document(DOC, PETRICHOR, budget=300)
    assert len(chunks) > 1
    for start, end in paragraphs(PETRICHOR):
        holding = [c for c in chunks if c.start <= start and end <= c.end]
        assert len(holding) == 1, f"paragraph at {start} is cut: {PETRICHOR[start:end]!r}"
    assert all(len(c.text) <= 300 for c in chunks)


def test_short_paragraphs_are_packed_together_up_to_the_budget() -> None:
    whole = chunk_document(DOC, PETRICHOR)
    assert len(whole) == 1, "the page fits the default budget in one chunk"
    assert whole[0].text == PETRICHOR
    assert len(chunk_document(DOC, PETRICHOR, budget=200)) > len(
        chunk_document(DOC, PETRICHOR, budget=400)
    )


def test_an_over_long_paragraph_is_cut_at_sentence_ends() -> None:
    sentences = [f"Sentence {i} tells of rain falling on the dry ground again." for i in range(14)]
    text = " ".join(sentences)
    chunks = chunk_document("notes.txt", text, budget=200)
    assert len(chunks) >= 4
    for chunk in chunks:
        assert len(chunk.text) <= 200
        assert chunk.text.endswith("."), f"cut mid-sentence: {chunk.text!r}"
        assert chunk.text[0].isupper()
        assert text[chunk.start : chunk.end] == chunk.text
    assert " ".join(c.text.strip() for c in chunks) == text, "nothing lost, nothing repeated"


def test_a_paragraph_without_sentence_ends_is_cut_at_words_then_anywhere() -> None:
    words = " ".join(["drizzle"] * 60)
    for chunk in chunk_document("w.txt", words, budget=100):
        assert len(chunk.text) <= 100
        assert set(chunk.text.split()) == {"drizzle"}, "a word is not cut when spaces allow"
    blob = "x" * 450
    pieces = chunk_document("blob.txt", blob, budget=100)
    assert [len(p.text) for p in pieces] == [100, 100, 100, 100, 50]
    assert "".join(p.text for p in pieces) == blob


def test_spans_reproduce_the_text_exactly() -> None:
    text = "\n\n  " + PETRICHOR.replace("\n\n", "\n \t\n\n") + "\n\nLast words."
    for budget in (60, 150, 400, CHUNK_CHARS):
        chunks = chunk_document(DOC, text, budget)
        assert chunks
        for chunk in chunks:
            assert text[chunk.start : chunk.end] == chunk.text
            assert chunk.doc == DOC
            assert chunk.cite == f"{DOC} [{chunk.start}–{chunk.end}]"


def test_blurbs_carry_the_title_and_the_nearest_heading() -> None:
    chunks = chunk_document(DOC, PETRICHOR, budget=250)
    by_text = {c.text.split("\n")[0][:20]: c.blurb for c in chunks}
    assert chunks[0].blurb == "From Petrichor."
    geosmin = next(c for c in chunks if "geosmin" in c.text)
    assert geosmin.blurb == "From Petrichor, Where the smell comes from."
    ozone = next(c for c in chunks if "lightning" in c.text)
    assert ozone.blurb == "From Petrichor, Ozone.", by_text


def test_without_a_heading_the_title_is_the_file_name() -> None:
    text = "Geosmin is made by soil bacteria.\n\n# Not the title\n\nIt smells of rain."
    chunks = chunk_document("knowledge/reference/rain_notes-2024.md", text, budget=40)
    assert chunks[0].blurb == "From rain notes 2024."
    assert chunks[-1].blurb == "From rain notes 2024, Not the title."


def test_an_empty_or_blank_document_has_no_chunks() -> None:
    assert chunk_document(DOC, "") == []
    assert chunk_document(DOC, " \n\n\t\n") == []


def test_the_last_paragraph_of_a_file_ending_in_a_newline_is_kept() -> None:
    text = PETRICHOR + "\n"
    chunks = chunk_document(DOC, text)
    assert any("lightning splits oxygen" in c.text for c in chunks)


# ---------------------------------------------------------------------- properties

_PIECES = st.sampled_from(
    [
        "rain",
        "Petrichor",
        "soil.",
        "earth!",
        "why?",
        "x" * 45,
        "# Heading",
        "## Sub",
        "\n",
        "\n\n",
        " ",
        " \n \n",
        "\t",
        "é",
        "—",
    ]
)
_TEXTS = st.lists(_PIECES, max_size=150).map(" ".join)


@PROPERTY
@given(text=_TEXTS, budget=st.integers(min_value=20, max_value=400))
def test_chunks_are_ordered_disjoint_within_budget_and_cover_every_paragraph(
    text: str, budget: int
) -> None:
    chunks = chunk_document(DOC, text, budget)
    end = 0
    for chunk in chunks:
        assert end <= chunk.start < chunk.end, "in order, not overlapping"
        assert text[chunk.start : chunk.end] == chunk.text
        assert chunk.end - chunk.start <= budget
        assert chunk.text.strip(), "never a blank chunk"
        end = chunk.end
    covered = [False] * len(text)
    for chunk in chunks:
        covered[chunk.start : chunk.end] = [True] * (chunk.end - chunk.start)
    for start, stop in paragraphs(text):
        lost = [i for i in range(start, stop) if not text[i].isspace() and not covered[i]]
        assert not lost, f"paragraph {text[start:stop]!r} is not covered"


@PROPERTY
@given(text=_TEXTS)
def test_every_word_of_a_document_is_found_in_its_chunks(text: str) -> None:
    text = text.rstrip()
    assume(terms(text))
    chunks = chunk_document(DOC, text, budget=120)
    found = set()
    for chunk in chunks:
        found.update(terms(chunk.text))
    assert set(terms(text)) <= found


# ---------------------------------------------------------------------- search


def test_terms_are_lowercase_and_leave_stopwords_out() -> None:
    assert terms("The Smell OF rain, and Bear's word!") == ["smell", "rain", "bear", "word"]
    assert terms("what is it that you were") == []
    assert {"the", "and", "what", "is"} <= STOPWORDS


def test_a_name_beats_a_vibe() -> None:
    built = index(WEATHER)
    hits = built.search("the smell of rain called petrichor", limit=10)
    assert hits[0].chunk.doc == "names.md", [h.chunk.doc for h in hits]
    assert hits[0].score > hits[1].score
    assert len(hits) == 5, "the vibe still finds the rainy chunks, below the name"
    vibe = built.search("rain smell earth")
    assert "names.md" not in {h.chunk.doc for h in vibe}


def test_a_possessive_finds_the_plain_name() -> None:
    built = index([*WEATHER, Chunk("paper.md", 0, 9, "Bear's paper named the smell.", "x")])
    assert built.search("petrichor's origin")[0].chunk.doc == "names.md"
    assert built.search("Bear")[0].chunk.doc in {"paper.md", "names.md"}
    assert len(built.search("Bear")) == 2


def test_a_rare_term_weighs_more_than_a_common_one() -> None:
    built = index(WEATHER)
    rare = built.search("coined")[0].score
    common = max(h.score for h in built.search("earth"))
    assert rare > common


def test_stopwords_are_ignored_in_the_query() -> None:
    built = index(WEATHER)
    plain = [(h.chunk.doc, round(h.score, 9)) for h in built.search("petrichor")]
    chatty = [
        (h.chunk.doc, round(h.score, 9))
        for h in built.search("What is the thing that they call petrichor, and why?")
    ]
    assert plain == chatty
    assert built.search("what is it, and why was it there?") == []


def test_weights_multiply_the_score() -> None:
    twin = Chunk("b.md", 0, 10, "Geosmin is made by soil bacteria.", "From b.")
    built = Index()
    built.add(Chunk("a.md", 0, 10, "Geosmin is made by soil bacteria.", "From b."), 1.0)
    built.add(twin, 2.0)
    built.extend(WEATHER)
    hits = built.search("geosmin bacteria")
    assert [h.chunk.doc for h in hits[:2]] == ["b.md", "a.md"]
    assert hits[0].score == pytest.approx(2 * hits[1].score)


def test_search_returns_at_most_the_limit_best_first() -> None:
    built = index(WEATHER)
    hits = built.search("rain smell earth", limit=2)
    assert len(hits) == 2
    assert hits[0].score >= hits[1].score
    assert built.search("rain", min_score=100.0) == []


def test_an_empty_index_or_a_query_of_unknown_words_finds_nothing() -> None:
    assert Index().search("petrichor") == []
    assert Index(vectorizer=trigram_vector).search("petrichor") == []
    built = index(WEATHER)
    assert built.search("zeppelin quasar") == []
    assert built.search("") == []
    assert built.search("   ...  ") == []


def test_remove_doc_forgets_its_chunks_and_their_statistics() -> None:
    built = index(WEATHER + chunk_document(DOC, PETRICHOR, budget=250))
    before = len(built)
    assert built.search("geosmin")
    assert built.remove_doc(DOC) == before - len(WEATHER)
    assert len(built) == len(WEATHER)
    assert all(c.doc != DOC for c in built.chunks)
    assert built.search("geosmin") == [], "its words are gone from the statistics too"
    assert built.remove_doc(DOC) == 0
    assert built.search("coined")[0].chunk.doc == "names.md"
    fresh = index(WEATHER).search("coined")[0].score
    assert built.search("coined")[0].score == pytest.approx(fresh), "statistics rebuilt"


def test_remove_doc_keeps_the_weights_of_what_stays() -> None:
    built = Index()
    built.add(Chunk("gone.md", 0, 1, "geosmin", "x"), 1.0)
    built.add(Chunk("kept.md", 0, 1, "geosmin bacteria", "x"), 2.0)
    built.add(Chunk("other.md", 0, 1, "tea leaves", "x"), 1.0)
    built.remove_doc("gone.md")
    assert built.weights == [2.0, 1.0]


# ---------------------------------------------------------------------- trigram vectors


def test_trigram_vectors_are_unit_and_close_for_close_spellings() -> None:
    vector = trigram_vector("petrichor")
    assert sum(v * v for v in vector.values()) == pytest.approx(1.0)
    assert trigram_vector("the and of") == {}
    from custom_components.shelldon.core.knowledge import cosine

    near = cosine(trigram_vector("petrichors"), vector)
    far = cosine(trigram_vector("geosmin"), vector)
    assert near > 0.7 > far


def test_with_vectors_a_plural_or_typo_still_finds_the_passage() -> None:
    shelf = [*chunk_document(DOC, PETRICHOR, budget=300), TEA]
    definition = next(c for c in shelf if "coined" in c.text)
    for query in ("which smell is petrichors?", "what smell is petricor?"):
        plain = index(shelf).search(query, min_score=0.5)
        blended = index(shelf, vectors=True).search(query, min_score=0.5)
        assert blended and blended[0].chunk == definition, query
        plain_rank = [h.chunk for h in plain]
        assert definition not in plain_rank[:1], f"without vectors {query!r} ranks it lower"


def test_with_vectors_a_query_of_only_a_typo_finds_the_passage() -> None:
    shelf = [*chunk_document(DOC, PETRICHOR, budget=300), TEA]
    hits = index(shelf, vectors=True).search("petrichors")
    assert hits and "coined" in hits[0].chunk.text


def test_vectors_are_kept_in_step_when_a_document_is_removed() -> None:
    built = index(WEATHER + chunk_document(DOC, PETRICHOR, budget=300), vectors=True)
    built.remove_doc("names.md")
    assert built.vectorizer is trigram_vector
    hits = built.search("what smell is petricor?", min_score=0.5)
    assert hits[0].chunk.doc == DOC and "coined" in hits[0].chunk.text


# ---------------------------------------------------------------------- citations


def test_cited_lines_carry_the_blurb_the_excerpt_and_the_citation() -> None:
    chunks = chunk_document(DOC, PETRICHOR, budget=300)
    hits = index(chunks + WEATHER).search("geosmin")
    lines = cited(hits)
    assert len(lines) == len(hits) >= 1
    chunk = hits[0].chunk
    assert lines[0].startswith("From Petrichor, Where the smell comes from. “")
    assert lines[0].endswith(f"” ({DOC} [{chunk.start}–{chunk.end}])")
    assert "geosmin at around five parts per trillion" in lines[0]
    assert PETRICHOR[chunk.start : chunk.end] == chunk.text


def test_a_long_passage_is_cut_in_the_prompt_but_cited_whole() -> None:
    text = " ".join(["Petrichor lingers."] * 40)
    (chunk,) = chunk_document(DOC, text)
    assert len(excerpt(chunk)) == 420 and excerpt(chunk).endswith("…")
    line = cited([*index([chunk, *WEATHER]).search("petrichor")], limit=100)[0]
    assert f"({DOC} [0–{len(text)}])" in line
    assert "\n" not in excerpt(Chunk(DOC, 0, 9, "a\n\nb   c", "x"))


def test_a_chunk_round_trips_through_plain_data() -> None:
    chunk = chunk_document(DOC, PETRICHOR, budget=300)[1]
    assert Chunk.from_dict(chunk.to_dict()) == chunk
    with pytest.raises(KeyError):
        Chunk.from_dict({"doc": DOC})


# ---------------------------------------------------------------------- volumes and the catalogue

SHELF_DOCS = {
    DOC: PETRICHOR,
    "tea.md": "# Tea\n\nGreen tea wants water below boiling and a short steep.\n\nBlack tea is "
    "sturdier: boiling water, four minutes. Rain on the window while it steeps.",
    "rain.md": "# Rain\n\nThe smell of rain on dry earth is petrichor.\n\nGeosmin, made by soil "
    "bacteria, is much of it. The rain, the earth, the smell.",
    "walks.md": "A walk in the rain, the smell of wet earth after a summer storm.\n\nOzone before "
    "the storm, petrichor after it.",
    "names.md": "Bear and Thomas coined the word petrichor in 1964.",
}
QUERIES = (
    "petrichor",
    "the smell of rain on dry earth",
    "geosmin bacteria",
    "green tea steep",
    "which smell is petrichors?",
    "what smell is petricor?",
    "storm ozone lightning",
    "zeppelin",
    "what is it?",
)


def volume(doc: str, *, vectors: bool = False, budget: int = 120) -> Volume:
    chunks = chunk_document(doc, SHELF_DOCS[doc], budget=budget)
    return Volume.build(doc, chunks, trigram_vector if vectors else None)


def ranked(hits: list[Hit]) -> list[tuple[Chunk, float]]:
    return [(h.chunk, h.score) for h in hits]


def test_a_volume_holds_a_documents_chunks_lengths_and_postings() -> None:
    chunks = chunk_document(DOC, PETRICHOR, budget=120)
    built = Volume.build(DOC, chunks)
    assert built.chunks == tuple(chunks) and list(built) == chunks and len(built) == len(chunks)
    assert list(built.lengths) == [len(terms(f"{c.blurb} {c.text}")) for c in chunks]
    assert built.length == sum(built.lengths)
    for term in ("geosmin", "petrichor", "smell", "ozone"):
        holding = [i for i, c in enumerate(chunks) if term in terms(f"{c.blurb} {c.text}")]
        postings = list(built.postings[term])
        assert postings[::2] == holding, "positions, ascending"
        assert postings[1::2] == [
            terms(f"{chunks[i].blurb} {chunks[i].text}").count(term) for i in holding
        ]
        assert built.frequency(term) == len(holding)
    assert built.frequency("zeppelin") == 0
    assert built.vectors is None
    assert Volume.build(DOC, chunks, trigram_vector).vectors == tuple(
        trigram_vector(c.text) for c in chunks
    )


def test_a_volume_is_one_documents_own() -> None:
    with pytest.raises(ValueError, match="tea.md"):
        Volume.build(DOC, [*chunk_document(DOC, PETRICHOR), TEA])
    assert len(Volume.build(DOC, [])) == 0


def test_the_catalogue_keeps_its_totals_as_volumes_come_and_go() -> None:
    shelf = Catalogue()
    assert len(shelf) == 0 and shelf.length == 0 and shelf.chunks == []
    for doc in SHELF_DOCS:
        shelf.put(volume(doc))
    every = [c for doc in SHELF_DOCS for c in chunk_document(doc, SHELF_DOCS[doc], budget=120)]
    assert shelf.chunks == every
    assert len(shelf) == len(every)
    assert shelf.length == sum(len(terms(f"{c.blurb} {c.text}")) for c in every)
    assert shelf.frequency("petrichor") == sum(
        "petrichor" in terms(f"{c.blurb} {c.text}") for c in every
    )

    shelf.put(volume("tea.md", budget=60))  # read again: in place of the old one, and last
    assert list(shelf.volumes) == [DOC, "rain.md", "walks.md", "names.md", "tea.md"]
    assert shelf.chunks[-len(shelf.volumes["tea.md"]) :] == list(shelf.volumes["tea.md"])
    assert shelf.remove_doc("rain.md") == len(volume("rain.md"))
    assert shelf.remove_doc("rain.md") == 0
    fresh = Catalogue()
    for doc in shelf.volumes:
        fresh.put(shelf.volumes[doc])
    assert (len(shelf), shelf.length, shelf.chunks) == (len(fresh), fresh.length, fresh.chunks)
    for doc in list(shelf.volumes):
        shelf.remove_doc(doc)
    assert (len(shelf), shelf.length, shelf.chunks) == (0, 0, [])
    assert shelf.search("petrichor") == []


@pytest.mark.parametrize("vectors", [False, True], ids=["keywords", "vectors"])
def test_a_catalogue_searches_exactly_as_one_index_of_everything(vectors: bool) -> None:
    shelf = Catalogue(trigram_vector if vectors else None)
    for doc in SHELF_DOCS:
        shelf.put(volume(doc, vectors=vectors))
    whole = index(shelf.chunks, vectors=vectors)
    for query in QUERIES:
        for limit, min_score, relative in ((4, 0.0, 0.0), (50, 0.0, 0.0), (3, 0.5, 0.3)):
            assert ranked(shelf.search(query, limit, min_score, relative)) == ranked(
                whole.search(query, limit, min_score, relative)
            ), query


def test_a_catalogue_with_vectors_builds_what_a_volume_lacks() -> None:
    shelf = Catalogue(trigram_vector)
    shelf.put(volume(DOC))  # built without vectors
    assert shelf.volumes[DOC].vectors is not None
    hits = shelf.search("petrichors", min_score=0.5)
    assert hits and "Petrichor is" in hits[0].chunk.text, "the plural found by its trigrams"
    keywords = Catalogue()
    keywords.put(volume(DOC))
    assert keywords.search("petrichors") == [], "keywords alone miss it"
    assert Catalogue(trigram_vector).search("petrichors") == []


_DOCS = st.sampled_from(sorted(SHELF_DOCS))
_MOVES = st.lists(
    st.tuples(st.sampled_from(["put", "remove"]), _DOCS, st.sampled_from([60, 120, 400])),
    min_size=1,
    max_size=12,
)


@PROPERTY
@given(moves=_MOVES, vectors=st.booleans())
def test_whatever_comes_and_goes_the_catalogue_ranks_as_one_index_would(
    moves: list[tuple[str, str, int]], vectors: bool
) -> None:
    shelf = Catalogue(trigram_vector if vectors else None)
    for move, doc, budget in moves:
        if move == "put":
            shelf.put(volume(doc, vectors=vectors, budget=budget))
        else:
            shelf.remove_doc(doc)
    whole = index(shelf.chunks, vectors=vectors)
    assert len(shelf) == len(whole)
    for query in QUERIES[:6]:
        assert ranked(shelf.search(query, limit=10)) == ranked(whole.search(query, limit=10))
