"""Shelf figures: 500 documents of 2 MB dropped at once, ingested as the pet ingests them.

The Shelf is driven directly, with a real Vault on disk and Home Assistant's own loop and
executor, making the calls the pet makes in the order it makes them (`scan` in the executor,
`changes` on the loop; per document `read` in the executor, `shelve` on the loop, `save` in the
executor), rather than through a whole pet: a pet reads one document per mind tick, and under a
frozen clock the loop-lag probe (a task that sleeps 5 ms and records how late it wakes) could
not run. The documents are varied prose, generated deterministically.
"""

from __future__ import annotations

import asyncio
import gc
import random
import shutil
import tracemalloc
from collections.abc import Callable
from pathlib import Path, PurePosixPath
from typing import Any

from homeassistant.core import HomeAssistant

from bench.timing import Stopwatch, real_perf_counter
from custom_components.shelldon.core.knowledge import Index
from custom_components.shelldon.vault import shelf as shelf_module
from custom_components.shelldon.vault.catalogue import INDEX_DIR, SHELF, MiB
from custom_components.shelldon.vault.shelf import Shelf
from custom_components.shelldon.vault.vault import Vault

DOCS = 500
DOC_BYTES = 2_000_000  # under the 2 MiB a document may be
FOLDERS = 10
PROBE_S = 0.005


class CountingVault(Vault):
    """A vault that counts the bytes it writes."""

    written = 0

    def _replace(self, rel: str | PurePosixPath, text: str) -> Path:
        self.written += len(text.encode("utf-8"))
        return super()._replace(rel, text)

    def _append(self, rel: str | PurePosixPath, text: str) -> Path:
        self.written += len(text.encode("utf-8"))
        return super()._append(rel, text)


def _vocabulary(rng: random.Random, size: int) -> list[str]:
    syllables = [a + b for a in "bcdfghklmnprstvwz" for b in ("a", "e", "i", "o", "u", "ai", "ou")]
    words = {"".join(rng.choices(syllables, k=rng.randint(1, 4))) for _ in range(size * 2)}
    return sorted(words)[:size]


def _paragraphs(rng: random.Random, words: list[str], count: int) -> list[str]:
    weights = [1 / (rank + 1) for rank in range(len(words))]  # Zipf: a few words are common
    out = []
    for _ in range(count):
        sentences = [
            " ".join(rng.choices(words, weights, k=rng.randint(6, 20))).capitalize() + "."
            for _ in range(rng.randint(2, 6))
        ]
        out.append(" ".join(sentences))
    return out


def _document(number: int, pool: list[str]) -> str:
    """About DOC_BYTES of prose: paragraphs drawn from the pool, headed, with its own words."""
    rng = random.Random(number)
    parts = [f"# Field notes {number}", ""]
    size = 0
    while size < DOC_BYTES - 4096:
        if len(parts) % 60 == 2:
            parts += [f"## Chapter {len(parts) // 60 + 1} of notes {number}", ""]
        paragraph = rng.choice(pool)
        if rng.random() < 0.05:
            paragraph += f" Only notes {number} speak of marker{number}x{len(parts)}."
        parts += [paragraph, ""]
        size += len(paragraph) + 2
    text = "\n".join(parts)
    return text[:DOC_BYTES]


def _best_ms(search: Callable[[], object], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = real_perf_counter()
        search()
        best = min(best, real_perf_counter() - start)
    return best * 1e3


def _worst_ms(sleeps: list[tuple[float, float]]) -> float:
    return max((end - start - PROBE_S for start, end in sleeps), default=0.0) * 1e3


def _over(sleeps: list[tuple[float, float]], seconds: float) -> int:
    return sum(end - start - PROBE_S >= seconds for start, end in sleeps)


def _on_disk(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


async def test_ingest_five_hundred_two_megabyte_documents(
    hass: HomeAssistant, tmp_path: Path, record: Any
) -> None:
    rng = random.Random(2026)
    pool = _paragraphs(rng, _vocabulary(rng, 6000), 5000)
    root = tmp_path / "vault"
    with Stopwatch() as writing:
        for number in range(DOCS):
            path = root / SHELF / f"folder{number % FOLDERS:02d}" / f"notes{number:03d}.md"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(_document(number, pool), encoding="utf-8")
    dropped = _on_disk(root / SHELF)
    record("shelf: 500 documents of 2 MB written to the shelf", writing.seconds, "s")
    record("  bytes dropped on the shelf", dropped / 1e6, "MB")

    vault = CountingVault(root)
    shelf = Shelf(vault)
    worst = {"shelve": 0.0, "changes": 0.0}
    probing = {"on": True, "measuring": True}
    pauses: list[tuple[int, float, float]] = []  # (generation, start, end) of each collection
    late: list[tuple[float, float]] = []  # (start, end) of each sleep that woke 1 ms late or more
    began: list[float] = []

    def collector(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            began[:] = [real_perf_counter()]
        elif began and probing["measuring"]:
            pauses.append((info["generation"], began[0], real_perf_counter()))

    async def probe() -> None:
        while probing["on"]:
            start = real_perf_counter()
            await asyncio.sleep(PROBE_S)
            end = real_perf_counter()
            if probing["measuring"] and end - start - PROBE_S >= 0.001:
                late.append((start, end))

    async def ingest() -> int:
        stamps = await hass.async_add_executor_job(shelf.scan)
        start = real_perf_counter()
        changes = shelf.changes(stamps)
        worst["changes"] = max(worst["changes"], real_perf_counter() - start)
        for change in changes:
            volume, stamp, reason = await hass.async_add_executor_job(shelf.read, change.doc)
            start = real_perf_counter()
            shelf.shelve(change.doc, volume, stamp, reason)
            worst["shelve"] = max(worst["shelve"], real_perf_counter() - start)
            await hass.async_add_executor_job(shelf.save)
        await hass.async_add_executor_job(shelf.save)
        return len(changes)

    with Stopwatch() as before:
        gc.collect()
    gc.callbacks.append(collector)
    prober = asyncio.create_task(probe())
    with Stopwatch() as ingesting:
        read = await ingest()
    probing["measuring"] = False
    written = vault.written
    with Stopwatch() as quiet:  # a scan a minute later: nothing new, nothing written
        again = await ingest()
    probing["on"] = False
    await prober
    gc.callbacks.remove(collector)

    statuses = [entry["status"] for entry in shelf.seen.values()]
    accepted, refused = statuses.count("read"), statuses.count("refused")
    assert read == accepted and again == 0 and accepted + refused == DOCS
    record(
        "  documents accepted (read and shelved)",
        accepted,
        "docs",
        f"<= {shelf_module.MAX_DOCS}, <= {shelf_module.MAX_SHELF_BYTES // MiB} MiB in all",
    )
    record("  documents refused: the shelf is full", refused, "docs")
    record("  wall time to ingest them", ingesting.seconds, "s")
    full = [(start, end) for generation, start, end in pauses if generation == 2]
    ours = [
        (start, end)
        for start, end in late
        if not any(start < gc_end and gc_start < end for gc_start, gc_end in full)
    ]
    record("  worst event-loop stall while ingesting (5 ms probe)", _worst_ms(late), "ms")
    record("    the same, outside the full garbage collections", _worst_ms(ours), "ms")
    record("    stalls of 20 ms or more", _over(late, 0.02), "")
    record("    the same, outside the full garbage collections", _over(ours, 0.02), "")
    record("  worst shelve() on the loop", worst["shelve"] * 1e3, "ms", "< 20")
    record("  full garbage collections while ingesting", len(full), "")
    record(
        "  worst garbage-collector pause while ingesting",
        max(end - start for _, start, end in pauses) * 1e3,
        "ms",
    )
    with Stopwatch() as after:
        gc.collect()
    record("    a full collection of this process, before ingesting", before.seconds * 1e3, "ms")
    record("    a full collection of this process, after ingesting", after.seconds * 1e3, "ms")
    record("  worst changes() on the loop (500 documents)", worst["changes"] * 1e3, "ms")
    record("  bytes written to the vault while ingesting", written / 1e6, "MB")
    record("  index on disk", _on_disk(root / INDEX_DIR) / 1e6, "MB")
    record("  bytes written by the next scan (nothing changed)", vault.written - written, "B")
    record("  the next scan and changes(), all 500 documents", quiet.seconds * 1e3, "ms")

    start = real_perf_counter()
    everything = shelf.index.chunks  # motivation reads them on the loop; kept until a change
    record(
        "  every chunk as one list, after a change, on the loop",
        (real_perf_counter() - start) * 1e3,
        "ms",
    )
    whole = Index()
    await hass.async_add_executor_job(whole.extend, everything)
    for label, query in (
        ("a rare word", "what is marker7x37?"),
        ("words in every chunk", "what do the field notes say of chapter 3?"),
    ):
        cost = _best_ms(lambda q=query: shelf.search(q))
        flat = _best_ms(lambda q=query: whole.search(q, limit=3, relative=0.3))
        assert [h.chunk for h in shelf.search(query)] == [
            h.chunk for h in whole.search(query, limit=3, relative=0.3)
        ]
        record(f"  a search on the loop, {label}", cost, "ms")
        record("    the same over one flat Index of every chunk", flat, "ms")

    with Stopwatch() as loading:
        restarted = Shelf(Vault(root))
        await hass.async_add_executor_job(restarted.load)
    assert restarted.index.chunks == shelf.index.chunks
    record("  loading the index at start (executor)", loading.seconds, "s")
    tracemalloc.start()
    measured = Shelf(Vault(root))
    await hass.async_add_executor_job(measured.load)
    held = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    record("  the loaded index in memory", held / 1e6, "MB")
    on_shelf = sum(e["stamp"][1] for e in shelf.seen.values() if e["status"] == "read")
    record("  the same, per byte of document on the shelf", held / on_shelf, "x")
    del measured, restarted
    shutil.rmtree(root)
