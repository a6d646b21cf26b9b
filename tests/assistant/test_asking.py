"""Who may read what, and answers that fit a voice reply (core.asking, pure)."""

from __future__ import annotations

import pytest

from custom_components.shelldon.core.asking import (
    ANSWER_BYTES,
    Reader,
    Topic,
    blurb_place,
    excerpt,
    fact_day,
    may,
    page,
    page_start,
    page_token,
    size,
)


def test_a_guest_gets_promises_mood_and_shelf_but_never_memory_or_the_journal() -> None:
    assert {t for t in Topic if may(Reader.GUEST, t)} == {
        Topic.PROMISES,
        Topic.ADD_PROMISE,
        Topic.MOOD,
        Topic.SHELF,
    }
    assert all(may(Reader.ADMIN, t) and may(Reader.HOUSE, t) for t in Topic)


def test_a_page_keeps_its_budget_and_says_where_the_next_starts() -> None:
    items = [{"text": f"passage {n} " + "word " * 60} for n in range(40)]
    seen: list[str] = []
    start: int | None = 0
    while start is not None:
        answer = page({"query": "word"}, items, key="passages", start=start)
        assert size(answer) <= ANSWER_BYTES
        assert answer["total"] == 40
        assert answer["passages"], "every page carries at least one item"
        seen += [item["text"] for item in answer["passages"]]
        token = answer.get("next_page")
        start = page_start(token) if token else None
    assert seen == [item["text"] for item in items]  # each once, in order


def test_one_item_of_wide_characters_is_cut_to_fit() -> None:
    wide = {"text": "🐢" * 600, "file": "knowledge/reference/turtles.md"}
    answer = page({}, [wide, wide], key="passages")
    assert size(answer) <= ANSWER_BYTES
    assert answer["passages"][0]["text"].endswith("…")
    assert answer["next_page"] == page_token(1)


@pytest.mark.parametrize("token", ["x3", "p-1", "p99999999", "p1.5", "p 3 4"])
def test_a_token_it_never_gave_is_refused(token: str) -> None:
    assert page_start(token) is None


def test_no_token_is_the_first_page() -> None:
    assert page_start(None) == page_start("") == 0
    assert page_start(page_token(7)) == 7


def test_citations_and_days_are_read_from_the_blurbs() -> None:
    assert blurb_place("From Dishwasher manual, Cleaning the filter.") == (
        "Dishwasher manual, Cleaning the filter"
    )
    assert fact_day("a fact kept from 2026-11-28") == "2026-11-28"
    assert fact_day("journal 2026-12-01") == "2026-12-01"
    assert fact_day("a fact kept from before") == ""


def test_an_excerpt_is_taken_around_the_rarest_word_asked_for() -> None:
    text = (
        "The kettle is blue. " * 30
        + "Descale the kettle with citric acid monthly. "
        + ("The kettle hums. " * 20)
    )
    shown = excerpt(text, "descale kettle", 200)
    assert len(shown) <= 200
    assert shown.startswith("…Descale the kettle with citric acid")
    assert excerpt("short and sweet", "sweet") == "short and sweet"
