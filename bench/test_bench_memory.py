"""Memory figures: reading a 1 MB document, searching 10,000 chunks, folding a 500-line day."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from bench.timing import Stopwatch, per_call_us
from custom_components.shelldon.brain.anthropic_brain import request_body
from custom_components.shelldon.brain.turn import Identity, Machine, TurnRequest
from custom_components.shelldon.core.dream import distill
from custom_components.shelldon.core.knowledge import Index
from custom_components.shelldon.core.passages import Chunk
from custom_components.shelldon.core.turn_kind import TurnKind
from custom_components.shelldon.vault.shelf import Shelf
from custom_components.shelldon.vault.vault import Vault

CHARS_PER_TOKEN = 3.5  # an estimate; see the note in the report
WORDS = [
    "rain",
    "garden",
    "window",
    "kettle",
    "tulip",
    "bicycle",
    "harbour",
    "lantern",
    "meadow",
    "pepper",
    "violin",
    "orchard",
    "thunder",
    "compass",
    "saffron",
    "pebble",
    "ribbon",
    "canyon",
    "marble",
    "meteor",
    "biscuit",
    "walnut",
    "lagoon",
    "velvet",
    "the",
    "a",
    "and",
    "of",
    "to",
    "in",
    "is",
    "was",
    "with",
    "for",
    "on",
    "that",
    "it",
    "as",
    "by",
    "at",
    "from",
    "this",
    "be",
    "have",
    "are",
]


def _prose(rng: random.Random, paragraphs: int) -> str:
    out = ["# A field guide to small weather", ""]
    for p in range(paragraphs):
        if p % 12 == 0:
            out += [f"## Chapter {p // 12 + 1}", ""]
        sentences = [
            " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 18))).capitalize() + "."
            for _ in range(rng.randint(3, 7))
        ]
        out += [" ".join(sentences), ""]
    return "\n".join(out)


def test_ingest_a_one_megabyte_document(tmp_path: Path, record: Any) -> None:
    rng = random.Random(7)
    text = _prose(rng, 3000)
    while len(text.encode()) < 1_000_000:
        text += "\n\n" + _prose(rng, 200)
    vault = Vault(tmp_path)
    (tmp_path / "knowledge/reference").mkdir(parents=True)
    (tmp_path / "knowledge/reference/guide.md").write_text(text)
    shelf = Shelf(vault)
    with Stopwatch() as watch:
        stamps = shelf.scan()
        chunks, stamp, reason = shelf.read("knowledge/reference/guide.md")
        shelf.shelve("knowledge/reference/guide.md", chunks, stamp, reason)
        shelf.save()
    assert reason is None and stamps
    record("ingest a 1 MB document (scan, chunk, index, save)", watch.seconds, "s", "< 2")
    record("  chunks from it", len(chunks), "chunks")
    shelf_vectors = Shelf(vault, vectors=True)
    with Stopwatch() as watch:
        shelf_vectors.shelve("knowledge/reference/guide.md", chunks, stamp, None)
    record("  indexing the same with trigram vectors on", watch.seconds, "s")


def test_search_ten_thousand_chunks(record: Any) -> None:
    rng = random.Random(11)
    index = Index()
    for i in range(10_000):
        words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(40, 120)))
        index.add(
            Chunk(
                f"knowledge/reference/doc{i % 50}.md",
                i * 100,
                i * 100 + 600,
                words,
                f"From doc{i % 50}.",
            )
        )
    index.add(
        Chunk(
            "knowledge/reference/petrichor.md",
            0,
            80,
            "Petrichor is the smell of rain on dry earth.",
            "From Petrichor.",
        )
    )
    cost = per_call_us(
        lambda: index.search("what is petrichor, the smell of rain?"), repeat=3, number=20
    )
    assert index.search("petrichor")[0].chunk.doc.endswith("petrichor.md")
    record("search over 10,000 chunks (keyword, BM25)", cost / 1000, "ms", "< 20")


def test_fold_a_five_hundred_line_day(record: Any) -> None:
    rng = random.Random(3)
    lines = ["# Shelldon's journal, 2026-11-30", ""]
    for n in range(500):
        hh, mm = divmod(8 * 60 + n * 2, 60)
        who = ("Alex", "shelldon")[n % 2]
        words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 22)))
        if who == "shelldon" and n % 25 == 1:
            words = f"noted: Alex {words}"
        elif who == "shelldon" and n % 7 == 3:
            words = f"noticed: {words}"
        lines.append(f"### {hh:02d}:{mm:02d} [{who}] {words}")
    day = "\n".join(lines)
    parts = distill(day, "Shelldon")
    request = TurnRequest(
        kind=TurnKind.DREAM,
        identity=Identity("Shelldon", "", ""),
        machine=Machine(
            local_time=__import__("datetime").datetime(2026, 12, 1, 2, 0),
            feeling="sleepy",
            valence=0,
            arousal=-0.5,
            energy=0.5,
            power_mode="lively",
            on_battery=False,
            charge=None,
            turns_left=12,
            daily_turns=12,
            tokens_today=0,
        ),
        notes=tuple(parts[0].splitlines()),
        facts=tuple(f"Alex likes {w} things" for w in WORDS[:40]),
        goal="2026-11-30",
    )
    body = request_body(request, "claude-haiku-4-5")
    sent = (
        len(json.dumps(body["system"]))
        + len(json.dumps(body["tools"]))
        + len(json.dumps(body["messages"]))
    )
    record("fold a 500-line journal day: requests", len(parts[:1]), "request", "1")
    record(
        "  input tokens sent for the day (estimated)", sent / CHARS_PER_TOKEN, "tokens", "< 4,000"
    )
    record("  journal lines kept after distilling", len(parts[0].splitlines()), "lines")
