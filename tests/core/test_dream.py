"""DREAM's pure part: which finished days wait, and what of a day is worth sending.

No Home Assistant: the night itself (the window, the budget, facts.md) is lived in
tests/mind/test_mind.py and tests/vault/test_shelf.py.
"""

from __future__ import annotations

import random
import re
from datetime import date

import pytest

from custom_components.shelldon.core.dream import (
    LINE_CHARS,
    PART_CHARS,
    ROUTINE_KEYS,
    DayLine,
    backlog,
    distill,
    parse_day,
)
from custom_components.shelldon.core.language.tags import LANGUAGES
from custom_components.shelldon.core.language.words import CATALOGUE, ENGLISH, placeholders

TODAY = date(2026, 11, 30)
PET = "Shelldon"
CITES = re.compile(r"\[\d+[–-]\d+\]")


def day(*lines: str) -> str:
    """A journal day file: the header, then `### HH:MM [who] text` lines."""
    body = "\n".join(f"### {line}" for line in lines)
    return f"# Shelldon's journal, 2026-11-29\n\n{body}\n"


def sent(parts: list[str]) -> list[str]:
    return [line for part in parts for line in part.splitlines()]


# ---------------------------------------------------------------------- backlog


def test_backlog_is_the_finished_days_after_the_folded_one_oldest_first() -> None:
    days = ["2026-11-28", "2026-11-30", "2026-12-01", "2026-11-25", "2026-11-27", "2026-11-28"]
    assert backlog(days, "2026-11-25", TODAY) == ["2026-11-27", "2026-11-28"]
    assert backlog(days, None, TODAY) == ["2026-11-25", "2026-11-27", "2026-11-28"]
    assert backlog(days, "2026-11-29", TODAY) == []


def test_today_and_the_future_never_wait() -> None:
    assert backlog(["2026-11-30", "2026-12-24"], None, TODAY) == []
    assert backlog(["2026-11-29"], None, TODAY) == ["2026-11-29"]


def test_a_year_boundary_keeps_the_order() -> None:
    assert backlog(["2027-01-01", "2026-12-31"], "2026-12-30", date(2027, 1, 2)) == [
        "2026-12-31",
        "2027-01-01",
    ]


def test_garbage_names_are_skipped() -> None:
    names = ["notes", "", "2026-13-01", "2026-11-3", "2026-11-27.bak", "2026-02-30", "2026-11-27"]
    assert backlog(names, None, TODAY) == ["2026-11-27"]
    assert backlog([], None, TODAY) == []


def test_names_that_are_not_the_journal_s_own_date_form_are_skipped() -> None:
    assert backlog(["2026-11-28", "20261126", "2026-W48-4"], None, TODAY) == ["2026-11-28"]


# ---------------------------------------------------------------------- parsing


def test_parse_day_reads_only_the_journal_lines() -> None:
    text = day("09:00 [Alex] good   morning\t there", "09:01 [shelldon] Morning!")
    text += "\nsome stray text\n### not a line\n  ### 10:00 [Alex] indented still counts\n"
    assert parse_day(text) == [
        DayLine("09:00", "Alex", "good morning there"),
        DayLine("09:01", "shelldon", "Morning!"),
        DayLine("10:00", "Alex", "indented still counts"),
    ]
    assert parse_day(text)[0].render() == "09:00 [Alex] good morning there"
    assert parse_day("") == []


# ---------------------------------------------------------------------- distill

ROUTINE = [
    "noticed: Alex came home",
    "thought about watering the plants; chose not to interrupt (quiet hours)",
    "chose silence (nothing worth saying)",
    "let it go quietly; the moment passed: call the plumber",
    "reached out (suggest) about a musing",
    "slept on it: folded 2026-11-28 into what I keep (2 facts)",
    "drifted off to dream: the night window opened",
    "woke from dreaming: nothing left to dream on",
    "the machine slept ~10h; I caught up on what expired and what still matters",
    "as I expected: my owner back",
    "read and shelved petrichor.md (3 passages)",
    "could not read broken.md: it is empty",
    "filed a reminder (g2, due 18:00): water the plants",
    "ruling: my owner approved e1 (soul/PERSONA.md)",
]


def test_routine_acts_are_left_out_and_what_matters_is_kept() -> None:
    text = day(
        "08:00 [Alex] I start the new job on Monday",
        *(f"08:{i + 1:02d} [shelldon] {line}" for i, line in enumerate(ROUTINE)),
        "09:00 [shelldon] noted: Alex starts a new job on Monday",
        "09:01 [shelldon] promised (g1, due Tue 18:00): ask how the first day went",
        "09:02 [shelldon] Good luck with it! I'll be rooting for you.",
    )
    lines = sent(distill(text, PET))
    assert lines == [
        "08:00 [Alex] I start the new job on Monday",
        "09:00 [shelldon] noted: Alex starts a new job on Monday",
        "09:01 [shelldon] promised (g1, due Tue 18:00): ask how the first day went",
        "09:02 [shelldon] Good luck with it! I'll be rooting for you.",
    ]


@pytest.mark.parametrize("routine", ROUTINE)
def test_each_routine_act_alone_leaves_nothing_to_dream_on(routine: str) -> None:
    assert distill(day(f"03:00 [shelldon] {routine}"), PET) == []


def test_routine_words_from_the_owner_are_still_the_owner_s_words() -> None:
    text = day("10:00 [Alex] noticed: the boiler makes a clicking noise")
    assert sent(distill(text, PET)) == ["10:00 [Alex] noticed: the boiler makes a clicking noise"]


def test_the_pet_is_recognised_whatever_the_case_of_its_name() -> None:
    text = day("10:00 [SHELLDON] noticed: Alex left", "10:01 [shelldon] chose silence (x)")
    assert distill(text, "shelldon") == []
    assert distill(text, "SheLLdon") == []


@pytest.mark.parametrize(
    "line",
    [
        "[shelldon] Petrichor is the smell of rain (knowledge/reference/petrichor.md [13–180])",
        "[shelldon] From my shelf: From Petrichor. “Bear and Thomas…” (notes.md [12–80])",
        "[shelldon] Per the manual (boiler.txt [0-412]) the pressure should be 1.5 bar",
        "[shelldon] As the guide says: reset it first (guide.md [ 7 ])",
        "[Alex] you told me (notes.md [12–80]) that geosmin is made by bacteria",
    ],
)
def test_lines_citing_a_document_never_become_memory(line: str) -> None:
    text = day("10:00 [Alex] what is petrichor?", f"10:01 {line}")
    lines = sent(distill(text, PET))
    assert lines == ["10:00 [Alex] what is petrichor?"]


def test_near_duplicates_are_sent_once_keeping_the_note() -> None:
    text = day(
        "09:00 [Alex] my sister is called Ada",
        "09:00 [shelldon] noted: my sister is called Ada",
        "09:05 [shelldon] It's lovely that you and Ada are close.",
        "09:06 [shelldon] It's lovely that you and Ada are so close!",
        "09:07 [Alex] Ada lives in Ghent",
        "09:30 [Alex] ada LIVES in ghent.",
    )
    assert sent(distill(text, PET)) == [
        "09:00 [shelldon] noted: my sister is called Ada",
        "09:06 [shelldon] It's lovely that you and Ada are so close!",  # the fuller of the two
        "09:07 [Alex] Ada lives in Ghent",
    ]


def test_the_owner_outranks_the_pet_when_they_say_the_same() -> None:
    text = day(
        "09:00 [shelldon] the tulips go in before the first frost",
        "09:01 [Alex] the tulips go in before the first frost!",
    )
    assert sent(distill(text, PET)) == ["09:01 [Alex] the tulips go in before the first frost!"]


def test_a_long_line_is_cut() -> None:
    text = day("09:00 [Alex] " + "word " * 200)
    (line,) = sent(distill(text, PET))
    assert len(line) == LINE_CHARS


def test_a_day_over_the_budget_is_one_part_of_its_best_lines_in_time_order() -> None:
    lines = [
        f"{9 + i // 60:02d}:{i % 60:02d} [Alex] thing number {i} is {i * 7919 % 1000}"
        for i in range(90)
    ]
    parts = distill(day(*lines), PET, budget=500)
    assert len(parts) == 1, "a day is always one small request"
    assert len(parts[0]) < 500
    kept = sent(parts)
    assert 3 < len(kept) < len(lines), "the rest of a very long day is let go"
    assert kept == sorted(kept, key=lines.index), "in time order"


def test_a_day_of_routine_only_is_nothing_to_dream_on() -> None:
    assert distill(day(*(f"03:{i:02d} [shelldon] {r}" for i, r in enumerate(ROUTINE))), PET) == []
    assert distill("", PET) == []
    assert distill("# Shelldon's journal, 2026-11-29\n\nno lines here\n", PET) == []


# ---------------------------------------------------------------------- a long day

_SUBJECTS = ["the boiler", "Ada", "the tulips", "Monday's interview", "the cat", "Ghent", "tea"]
_VERBS = ["needs", "wants", "reminds me of", "was about", "is due for", "smells like", "beat"]
_OBJECTS = ["a service", "the rain", "new bulbs", "a haircut", "lemon cake", "the post", "sleep"]


def long_day(seed: int = 7) -> tuple[str, list[str], list[str]]:
    """500 varied lines, mixed authors, routine mixed in; the noted lines; the cited lines."""
    rng = random.Random(seed)
    lines, noted, cited_lines = [], [], []
    for i in range(500):
        stamp = f"{7 + i * 15 // 500:02d}:{(i * 15 * 60 // 500) % 60:02d}"
        roll = rng.random()
        what = (
            f"{rng.choice(_SUBJECTS)} {rng.choice(_VERBS)} {rng.choice(_OBJECTS)} "
            f"(#{i}, {rng.randint(1000, 9999)})"
        )
        if roll < 0.3:
            line = f"{stamp} [Alex] {what}"
        elif roll < 0.55:
            line = f"{stamp} [shelldon] {rng.choice(ROUTINE)}"
        elif roll < 0.6:
            line = f"{stamp} [shelldon] {what} (notes.md [{i}–{i + 90}])"
            cited_lines.append(line)
        elif i % 50 == 0 or roll > 0.98:
            line = f"{stamp} [shelldon] noted: {what}"
            noted.append(line)
        else:
            line = f"{stamp} [shelldon] {what}"
        lines.append(line)
    return day(*lines), noted, cited_lines


def test_a_long_day_sends_no_routine_no_citation_in_time_order_under_the_budget() -> None:
    text, noted, cited_lines = long_day()
    assert len(parse_day(text)) == 500 and noted and cited_lines
    parts = distill(text, PET)
    assert parts
    assert all(len(part) < PART_CHARS for part in parts)
    lines = sent(parts)
    assert not [line for line in lines if CITES.search(line)]
    assert not [line for line in lines if any(r in line for r in ROUTINE)]
    stamps = [line[:5] for line in lines]
    assert stamps == sorted(stamps)
    assert len(lines) == len(set(lines))


def test_a_long_day_distills_to_one_part_that_keeps_every_note() -> None:
    text, noted, _ = long_day()
    parts = distill(text, PET)
    assert len(parts) == 1
    assert len(parts[0]) < PART_CHARS
    assert set(noted) <= set(parts[0].splitlines())


GERMAN_ROUTINE = [
    "bemerkt: Alex ist gegangen",
    "habe geschwiegen (nichts zu sagen)",
    "Erinnerung notiert (g2, fällig 18:00): die Pflanzen gießen",
    "Entscheidung: mein Mensch hat p1 genehmigt (soul/PERSONA.md)",
]


def test_the_pets_own_routine_lines_are_left_out_in_every_language() -> None:
    """A German pet's journal: its routine lines are left out, what it noted comes first."""
    text = day(
        "08:00 [Alex] Ich fange am Montag die neue Stelle an",
        *(f"08:{i + 1:02d} [shelldon] {line}" for i, line in enumerate(GERMAN_ROUTINE)),
        "09:02 [shelldon] Viel Glück! Ich drücke dir die Daumen.",
        "09:03 [shelldon] notiert: Alex fängt am Montag eine neue Stelle an",
        "09:04 [shelldon] versprochen (g1, fällig Di 18:00): fragen, wie der erste Tag war",
    )
    lines = sent(distill(text, PET, budget=160))
    assert lines == [
        "09:03 [shelldon] notiert: Alex fängt am Montag eine neue Stelle an",
        "09:04 [shelldon] versprochen (g1, fällig Di 18:00): fragen, wie der erste Tag war",
    ], "what the pet noted and promised is kept first, in German too"
    everything = sent(distill(text, PET))
    assert not [line for line in everything if any(r in line for r in GERMAN_ROUTINE)]
    assert "09:02 [shelldon] Viel Glück! Ich drücke dir die Daumen." in everything


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_routine_line_of_every_language_is_left_out(language: str) -> None:
    for key in ROUTINE_KEYS:
        template = CATALOGUE[language][key]
        line = template.format_map(dict.fromkeys(placeholders(template), "Alex (home): 3"))
        assert distill(day(f"03:00 [shelldon] {line}"), PET) == [], (key, line)


def test_the_routine_covers_every_line_the_pet_writes_of_its_own_acts() -> None:
    own = {k for k in ENGLISH if k.startswith(("journal.", "deed.", "edit."))}
    kept = {"journal.noted", "journal.promised", "journal.promised_due", "journal.kept_as_one"}
    kept |= {"journal.heading"}
    parts = {"journal.caught_up_detail", "journal.conversation_open", "deed.faces_failed"}
    parts |= {"edit.no_reason", "edit.unrecognised"}  # pieces of other lines
    assert own - kept - parts == set(ROUTINE_KEYS)


def test_a_promise_kept_as_one_is_kept_first_like_any_promise() -> None:
    text = day(
        "09:00 [shelldon] I'll remember that.",
        "09:01 [shelldon] kept it as one promise (g1): call mum at 19:00",
    )
    assert sent(distill(text, PET, budget=70)) == [
        "09:01 [shelldon] kept it as one promise (g1): call mum at 19:00"
    ]
