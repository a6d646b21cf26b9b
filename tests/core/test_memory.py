"""Notes waiting to be consolidated, and the facts they become (deduplicated by meaning-ish)."""

from __future__ import annotations

import pytest

from custom_components.shelldon.core.notes import (
    MAX_NOTE,
    MAX_NOTES,
    Note,
    clean_note,
    fact_line,
    from_passage,
    new_facts,
    notes_from_list,
    parse_facts,
    same_fact,
    words,
)

AT = "2024-01-10T11:00:00+00:00"


# --- same_fact ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Alice likes green tea", "alice likes green tea"),
        ("Alice likes green tea.", "Alice likes green tea"),
        ("Alice likes green tea", "green tea, Alice likes!"),
        ("The cat is called Milo", "the CAT is called milo..."),
        ("Alice's sister lives in Utrecht", "alice's sister lives in utrecht"),
        ("", ""),
        ("...", "!!!"),
    ],
)
def test_same_fact(a: str, b: str) -> None:
    assert same_fact(a, b)
    assert same_fact(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Alice likes green tea", "Alice likes black coffee"),
        ("Alice likes green tea", "Bob likes green tea"),  # 3 of 5 words shared
        ("Alice likes tea", ""),
        ("the cat is called Milo", "the dog is called Rex"),
    ],
)
def test_different_facts(a: str, b: str) -> None:
    assert not same_fact(a, b)


def test_same_fact_at_the_similarity_threshold() -> None:
    # 4 shared of 5 distinct words: 0.8, the threshold itself.
    assert same_fact("alice likes green tea", "alice likes green tea daily")
    # 4 shared of 6 distinct words: 0.67.
    assert not same_fact("alice likes green tea", "alice likes green tea every day")


def test_words() -> None:
    assert words("Alice's cat, Milo!  milo") == frozenset({"alice's", "cat", "milo"})
    assert words("") == frozenset()


# --- new_facts ------------------------------------------------------------------------------


def test_new_facts_dedupes_against_known() -> None:
    known = ["Alice likes green tea", "The cat is called Milo"]
    candidates = ["alice likes green tea.", "Alice works at the library", "the cat is called milo"]
    assert new_facts(candidates, known) == ["Alice works at the library"]


def test_new_facts_dedupes_among_candidates() -> None:
    candidates = ["Alice has a sister", "alice has a sister!", "A sister, Alice has", "Bob sings"]
    assert new_facts(candidates, []) == ["Alice has a sister", "Bob sings"]


def test_new_facts_cleans_and_skips_blanks() -> None:
    assert new_facts(["  Alice\nlikes   tea  ", "", "   "], ["   "]) == ["Alice likes tea"]


def test_new_facts_with_blank_known_lines_still_keeps_facts() -> None:
    assert new_facts(["Alice likes tea"], ["", "  "]) == ["Alice likes tea"]


def test_new_facts_keeps_the_order() -> None:
    assert new_facts(["c fact", "a fact", "b fact"], []) == ["c fact", "a fact", "b fact"]


# --- facts.md -------------------------------------------------------------------------------


def test_fact_line() -> None:
    assert fact_line("Alice likes tea", "2024-01-09") == "- Alice likes tea (2024-01-09)\n"
    assert fact_line("  Alice\nlikes tea ", "2024-01-09") == "- Alice likes tea (2024-01-09)\n"


@pytest.mark.parametrize(
    ("fact", "source"),
    [
        ("Alice likes tea", "2024-01-09"),
        ("The cat (Milo) is grey", "2024-01-09"),
        ("Alice likes tea", ""),
        ("Alice's birthday is 3 March", "dream 2024-03-01"),
    ],
)
def test_fact_line_round_trip(fact: str, source: str) -> None:
    assert parse_facts(fact_line(fact, source)) == [(fact, source)]


def test_parse_facts() -> None:
    text = "\n".join(
        [
            "# Facts",
            "",
            "- Alice likes tea (2024-01-09)",
            "  - Bob sings (2024-01-10)  ",
            "- no source here",
            "* not a bullet we write",
            "-not a bullet either",
            "some prose",
        ]
    )
    assert parse_facts(text) == [
        ("Alice likes tea", "2024-01-09"),
        ("Bob sings", "2024-01-10"),
        ("no source here", ""),
    ]


def test_parse_facts_of_nothing() -> None:
    assert parse_facts("") == []


# --- notes ----------------------------------------------------------------------------------


def test_clean_note() -> None:
    assert clean_note("  one\n two\tthree ") == "one two three"
    assert clean_note(42) == "42"
    assert len(clean_note("x" * (MAX_NOTE + 10))) == MAX_NOTE


def test_note_round_trip() -> None:
    note = Note("Alice likes tea", AT, "owner")
    assert note.to_dict() == {"text": "Alice likes tea", "at": AT, "source": "owner"}
    assert notes_from_list([note.to_dict()]) == [note]


def test_notes_from_list_skips_damaged_items() -> None:
    data = [
        {"text": "kept", "at": AT, "source": "owner"},
        {"text": ""},
        {"text": "   "},
        {"text": 42},
        {"at": AT},
        "junk",
        None,
        {"text": "  also\nkept "},
    ]
    assert notes_from_list(data) == [Note("kept", AT, "owner"), Note("also kept", "", "")]


@pytest.mark.parametrize("data", [None, "junk", {"text": "x"}, 3])
def test_notes_from_garbage_is_empty(data) -> None:
    assert notes_from_list(data) == []


def test_notes_are_bounded_keeping_the_newest() -> None:
    data = [{"text": f"note {n}", "at": AT, "source": "owner"} for n in range(MAX_NOTES + 5)]
    notes = notes_from_list(data)
    assert len(notes) == MAX_NOTES
    assert notes[0].text == "note 5"
    assert notes[-1].text == f"note {MAX_NOTES + 4}"


PASSAGE = (
    "Petrichor is the earthy smell of rain falling on dry ground. The word was coined by "
    "Isabel Bear and Richard Thomas in 1964, in a paper for the journal Nature."
)


@pytest.mark.parametrize(
    ("note", "repeats"),
    [
        ("The word petrichor was coined by Isabel Bear and Richard Thomas in 1964", True),
        ("petrichor: the earthy smell of rain on dry ground", True),
        ("Alex loves the smell of rain after a dry week", False),
        ("Alex's sister Ada lives in Lisbon", False),
        ("rain smell", False),  # too short to tell
    ],
)
def test_a_note_that_repeats_a_shown_passage_is_recognised(note: str, repeats: bool) -> None:
    assert from_passage(note, [PASSAGE]) is repeats
    assert from_passage(note, []) is False
