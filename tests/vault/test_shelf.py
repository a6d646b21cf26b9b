"""The knowledge shelf, lived through Home Assistant: drop a document, get a cited answer.

A real Home Assistant in simulated time. Documents are written into the vault's
`knowledge/reference/` folder as an owner would; the mind notices them in its SENSE scan (at most
once a minute, on its own cadence), reads them as an ordinary act and answers from them with a
citation. The real Anthropic SDK runs against a scripted model (HTTP mocked) where what the model
is shown matters; the offline brain answers the rest. The shelf is cited, never remembered: the
memory boundary is pinned here too.
"""

from __future__ import annotations

import json
import logging
import os
import re
import threading
from datetime import timedelta
from itertools import pairwise
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant
from homeassistant.data_entry_flow import FlowResultType

from custom_components.shelldon.core.activity import CADENCE_S, Activity
from custom_components.shelldon.core.knowledge import Volume
from custom_components.shelldon.core.passages import chunk_document
from custom_components.shelldon.ports.const import DOMAIN
from custom_components.shelldon.runtime.anatomy import Anatomy
from custom_components.shelldon.runtime.watcher import Watcher
from custom_components.shelldon.vault.catalogue import (
    CATALOGUE_FILE,
    OLD_INDEX_FILE,
    volume_file,
)
from custom_components.shelldon.vault.shelf import Shelf
from custom_components.shelldon.vault.vault import Vault
from tests.anthropic_mock import ScriptedModel, scripted
from tests.common import async_live_for, async_live_until, async_setup_pet, local, make_pet_entry

VAULT = "shelldon/shelldon"
SHELF = "knowledge/reference"
PETRICHOR_DOC = f"{SHELF}/petrichor.md"
TEA_DOC = f"{SHELF}/tea.md"
# A dormant mind ticks every 15 minutes; a drop is noticed at the next tick, read at once.
ONE_TICK = timedelta(seconds=CADENCE_S[Activity.DORMANT] + 1)
CITES = re.compile(r"\[\d+[–-]\d+\]")
SHELF_HEADER = "- From your shelf (documents your owner gave you; cite what you use):"
LINK_WARNING = "is a symlink; the shelf never follows links"
CATALOGUE = CATALOGUE_FILE
OLD_INDEX = OLD_INDEX_FILE

PETRICHOR = """\
# Petrichor

Petrichor is the earthy smell of rain falling on dry ground. The word was coined by Isabel Bear \
and Richard Thomas in 1964, in a paper for the journal Nature; they built it from the Greek \
petra, stone, and ichor, the ethereal fluid that flows in the veins of the gods.

People in many places know the smell long before they know its name. In parts of India, potters \
once captured it by distilling baked clay into a perfume called mitti attar, sold as the scent \
of the first monsoon rain, and it is still made in Kannauj today.

## Where the smell comes from

During a dry spell, plants give off oils that collect on rocks and in the soil. When the first \
drops land, tiny bubbles carry those oils and the soil's own compounds up into the air as an \
aerosol, and the wind spreads them far ahead of the storm.

Much of the scent is geosmin, a compound made by soil bacteria called actinomycetes. The human \
nose is remarkably sensitive to it: people can detect geosmin at around five parts per trillion, \
which is why the smell of rain is so easy to notice, even from a distance.

## Sources

Bear and Thomas, Nature of argillaceous odour, Nature 201, 1964.
"""

TEA = """\
# Brewing tea

Green tea wants water well below boiling, around eighty degrees, and no more than two or three \
minutes in the pot; hotter water or a longer steep draws out bitter tannins and the leaves \
taste flat.

Black tea is sturdier. Pour freshly boiled water over the leaves and steep for four or five \
minutes, then take the leaves out so the cup does not stew.

## Storing leaves

Keep tea in an airtight tin away from light and heat.
"""

DEFINITION = "coined by Isabel Bear and Richard Thomas in 1964"


# ---------------------------------------------------------------------- helpers


pet_entry = make_pet_entry


def vault(hass: HomeAssistant) -> Path:
    return Path(hass.config.path(VAULT))


def drop(hass: HomeAssistant, rel: str, content: str | bytes) -> Path:
    """Put a file into the vault, as the owner would."""
    path = vault(hass) / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def shelf_drops(hass: HomeAssistant) -> list[tuple[str, str]]:
    """(doc, change) of every shelf_drop signal, in order."""
    return [
        (s["data"]["doc"], s["data"]["change"])
        for s in jsonl(vault(hass) / "signals.jsonl")
        if s["kind"] == "shelf_drop"
    ]


def journal(hass: HomeAssistant) -> str:
    return "".join(p.read_text() for p in sorted((vault(hass) / "journal").glob("*.md")))


def saved_index(hass: HomeAssistant) -> dict[str, Any]:
    """What the shelf keeps: the catalogue's `seen`, and every chunk of the documents read (as
    plain chunk data, in the catalogue's order), from their own files."""
    seen = json.loads((vault(hass) / CATALOGUE).read_text())["seen"]
    chunks = []
    for doc, entry in seen.items():
        if entry["status"] == "read":
            kept = json.loads((vault(hass) / volume_file(doc)).read_text())
            columns = (kept["starts"], kept["ends"], kept["texts"], kept["blurbs"])
            chunks += [
                {"doc": doc, "start": s, "end": e, "text": t, "blurb": b}
                for s, e, t, b in zip(*columns, strict=True)
            ]
    return {"seen": seen, "chunks": chunks}


def index_files(hass: HomeAssistant) -> dict[str, tuple[int, int, bytes]]:
    """name -> (inode, mtime in ns, bytes) of every file of the shelf's index."""
    folder = vault(hass) / "knowledge/index"
    return {
        p.name: (p.stat().st_ino, p.stat().st_mtime_ns, p.read_bytes())
        for p in sorted(folder.iterdir())
    }


def shelf_warnings(caplog: pytest.LogCaptureFixture, needle: str) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.levelno == logging.WARNING and needle in r.getMessage()
    ]


def doc_chunks(pet: Anatomy, doc: str) -> list[Any]:
    return [c for c in pet.files.shelf.index.chunks if c.doc == doc]


async def ask(hass: HomeAssistant, freezer: FrozenDateTimeFactory, message: str) -> str:
    """Ask the pet something, then let the engaged mind tick once; its reply."""
    response = await hass.services.async_call(
        DOMAIN, "tell", {"message": message}, blocking=True, return_response=True
    )
    pet = hass.config_entries.async_entries(DOMAIN)[0].runtime_data.pet.anatomy
    await async_live_for(hass, freezer, pet, timedelta(seconds=11))
    return str(response["reply"])


async def shelve(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, pet: Anatomy, *docs: tuple[str, str]
) -> None:
    """Drop documents one after another, each given one mind tick to be noticed and read."""
    for rel, text in docs:
        drop(hass, rel, text)
        await async_live_for(hass, freezer, pet, ONE_TICK)


def shelf_lines(content: str) -> list[str]:
    """The shelf section of a request's machine text."""
    lines = content.splitlines()
    if SHELF_HEADER not in lines:
        return []
    start = lines.index(SHELF_HEADER) + 1
    out = []
    for line in lines[start:]:
        if not line.startswith("  - "):
            break
        out.append(line[4:])
    return out


def span(line: str, doc: str) -> tuple[int, int]:
    match = re.search(re.escape(doc) + r" \[(\d+)–(\d+)\]", line)
    assert match, f"no citation of {doc} in {line!r}"
    return int(match[1]), int(match[2])


def distilled(content: str) -> list[str]:
    """The journal lines a dream request carries."""
    match = re.search(r"distilled:\n(.*?)\n\nWhat is already kept", content, re.S)
    assert match, content
    return match[1].splitlines()


def keep_everything(body: dict[str, Any]) -> dict[str, Any]:
    """A dreaming model that keeps every line it is shown."""
    lines = distilled(body["messages"][0]["content"])
    return {"intent": "keep it all", "remember": [line.split("] ", 1)[1] for line in lines]}


# ---------------------------------------------------------------------- drop, read, cite


async def test_a_dropped_document_is_read_within_a_tick_and_cited_in_the_answer(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    model = ScriptedModel(owner={"intent": "answer from the shelf", "say": "It's a smell."})
    freezer.move_to(local(2026, 11, 30, 10, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass, thinking=True))
        await async_live_for(hass, freezer, pet, timedelta(hours=1, minutes=5))  # settled
        await shelve(hass, freezer, pet, (TEA_DOC, TEA))  # the shelf is not empty
        assert pet.parts.mind.state is Activity.DORMANT, (
            "nobody spoke for an hour: the slowest cadence"
        )
        drop(hass, PETRICHOR_DOC, PETRICHOR)
        await async_live_for(hass, freezer, pet, ONE_TICK)

        assert shelf_drops(hass) == [(TEA_DOC, "new"), (PETRICHOR_DOC, "new")]
        shelved = re.findall(r"read and shelved petrichor\.md \((\d+) passages\)", journal(hass))
        assert len(shelved) == 1
        chunks = doc_chunks(pet, PETRICHOR_DOC)
        assert int(shelved[0]) == len(chunks) >= 2
        saved = saved_index(hass)
        assert saved["seen"][PETRICHOR_DOC]["status"] == "read"
        assert saved["seen"][PETRICHOR_DOC]["chunks"] == len(chunks)
        assert sorted({c["doc"] for c in saved["chunks"]}) == [PETRICHOR_DOC, TEA_DOC]

        await ask(hass, freezer, "what is petrichor?")

    (owner,) = [body for kind, body in model.calls if kind == "owner"]
    lines = shelf_lines(owner["messages"][0]["content"])
    assert lines, "the machine section shows the shelf"
    first = lines[0]
    assert f"({PETRICHOR_DOC} [" in first
    assert DEFINITION in first
    start, end = span(first, PETRICHOR_DOC)
    assert DEFINITION in PETRICHOR[start:end], "the citation points at the passage in the file"
    assert not any(TEA_DOC in line for line in lines), "tea has nothing to say about petrichor"


async def test_the_offline_brain_answers_from_the_shelf_with_the_citation(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    assert "From my shelf" not in await ask(hass, freezer, "what is petrichor?")
    await shelve(hass, freezer, pet, (TEA_DOC, TEA), (PETRICHOR_DOC, PETRICHOR))

    reply = await ask(hass, freezer, "what is petrichor?")
    assert reply.startswith("From my shelf: ")
    assert DEFINITION in reply
    start, end = span(reply, PETRICHOR_DOC)
    assert DEFINITION in PETRICHOR[start:end]

    tea = await ask(hass, freezer, "how long should green tea steep?")
    assert f"({TEA_DOC} [" in tea and "eighty degrees" in tea


async def test_the_vault_scan_runs_at_most_once_a_minute_whatever_the_tick(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    scans: list[Any] = []
    original = Watcher.scan

    def counting(self: Watcher, *args: Any) -> dict[str, Any]:
        scans.append(self._clock.utcnow())
        return original(self, *args)

    freezer.move_to(local(2026, 11, 30, 10, 0))
    with patch.object(Watcher, "scan", counting):
        pet = await async_setup_pet(hass, pet_entry(hass))
        await ask(hass, freezer, "Hello")
        assert pet.parts.mind.state is Activity.ENGAGED
        scans.clear()
        drop(hass, PETRICHOR_DOC, PETRICHOR)
        await async_live_for(hass, freezer, pet, timedelta(seconds=61))
        assert shelf_drops(hass) == [(PETRICHOR_DOC, "new")], "engaged: noticed within a minute"
        assert "read and shelved petrichor.md" in journal(hass)
        await async_live_for(hass, freezer, pet, timedelta(seconds=90))
        assert pet.workings.heart.scheduler.jobs["mind"].cadence.period_s == 10, (
            "still ticking every 10 s"
        )
    assert 2 <= len(scans) <= 3, f"{len(scans)} scans in 151 engaged seconds (15 ticks)"
    gaps = [(b - a).total_seconds() for a, b in pairwise(scans)]
    assert all(gap >= 60 for gap in gaps), gaps


# ---------------------------------------------------------------------- the memory boundary


async def test_the_shelf_never_becomes_memory_not_even_through_the_dream(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    def answer(body: dict[str, Any]) -> dict[str, Any]:
        # A model that quotes the shelf with its citation, as it is asked to.
        line = shelf_lines(body["messages"][0]["content"])[0]
        return {"intent": "answer from my shelf", "say": f"My shelf says: {line}"}

    model = ScriptedModel(owner=answer, dream=keep_everything)
    facts = vault(hass) / "memory/facts.md"
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass, thinking=True))
        await shelve(hass, freezer, pet, (TEA_DOC, TEA), (PETRICHOR_DOC, PETRICHOR))
        assert doc_chunks(pet, PETRICHOR_DOC)
        assert not facts.exists(), "reading is not remembering"
        assert pet.files.recall.recall("petrichor") == []
        assert pet.files.recall.recall("geosmin bacteria Isabel Bear") == []
        assert not [c for c in pet.files.recall.index.chunks if c.doc.startswith("knowledge/")]

        reply = await ask(hass, freezer, "what is petrichor?")
        assert DEFINITION in reply and f"{PETRICHOR_DOC} [" in reply
        assert DEFINITION in journal(hass), "the cited answer is in the day's journal"
        assert not facts.exists()
        await async_live_until(hass, freezer, pet, local(2026, 12, 1, 4, 0))

    assert model.kinds().count("dream") == 1, "the day was dreamt on"
    (body,) = [body for kind, body in model.calls if kind == "dream"]
    lines = distilled(body["messages"][0]["content"])
    assert any(line.endswith("] what is petrichor?") for line in lines), "the owner's words go"
    assert not [line for line in lines if CITES.search(line)], "no line citing the shelf"
    assert not [line for line in lines if "read and shelved" in line], "reading is routine"
    sent = json.dumps(body, ensure_ascii=False)
    for passage in (DEFINITION, "Isabel Bear", "geosmin", "eighty degrees", "mitti attar"):
        assert passage not in sent, f"{passage!r} reached the dream"

    kept = facts.read_text()
    assert "what is petrichor? (2026-11-30)" in kept, "the model's own choice is kept"
    for passage in ("Isabel Bear", "geosmin", "eighty degrees", "mitti attar"):
        assert passage not in kept
    assert not CITES.search(kept)
    assert pet.parts.mind.folded_until == "2026-11-30"
    assert not [c for c in pet.files.recall.index.chunks if c.doc.startswith("knowledge/")]
    assert len(doc_chunks(pet, PETRICHOR_DOC)) == saved_index(hass)["seen"][PETRICHOR_DOC]["chunks"]


async def test_a_note_that_repeats_the_shelf_uncited_is_not_kept_but_the_owners_news_is(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    shelf_note = "The word petrichor was coined by Isabel Bear and Richard Thomas in 1964"
    owner_note = "Alex loves the smell of rain after a dry week"

    def answer(body: dict[str, Any]) -> dict[str, Any]:
        # A model that, shown the passage, tries to remember it as if it were news of the owner.
        assert shelf_lines(body["messages"][0]["content"]), "it was shown the shelf"
        return {
            "intent": "answer, and remember",
            "say": "It's the smell of rain.",
            "remember": [shelf_note, owner_note],
        }

    model = ScriptedModel(owner=answer, dream=keep_everything)
    facts = vault(hass) / "memory/facts.md"
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass, thinking=True))
        await shelve(hass, freezer, pet, (PETRICHOR_DOC, PETRICHOR))
        await ask(hass, freezer, "I love that smell after a dry week. What is petrichor?")
        text = journal(hass)
        assert f"noted: {owner_note}" in text, "what the owner told it is noted"
        assert "noted: The word petrichor" not in text, "what the shelf says is not"
        await async_live_until(hass, freezer, pet, local(2026, 12, 1, 4, 0))

    kept = facts.read_text()
    assert owner_note in kept
    assert "Isabel Bear" not in kept and "1964" not in kept


# ---------------------------------------------------------------------- a broken document


async def test_a_document_that_cannot_be_read_is_marked_seen_and_waits_for_a_change(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, caplog: pytest.LogCaptureFixture
) -> None:
    empty, binary = f"{SHELF}/empty.md", f"{SHELF}/binary.txt"
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    await shelve(hass, freezer, pet, (empty, ""))
    drop(hass, binary, b"rain \x00\x01\x02 soil \x00 petrichor")
    await async_live_for(hass, freezer, pet, ONE_TICK)

    assert shelf_warnings(caplog, f"Could not read {empty}") == [
        f"Could not read {empty} from the shelf: it is empty"
    ]
    assert shelf_warnings(caplog, f"Could not read {binary}") == [
        f"Could not read {binary} from the shelf: it is not a text file"
    ]
    assert "could not read empty.md: it is empty" in journal(hass)
    assert "could not read binary.txt: it is not a text file" in journal(hass)
    seen = saved_index(hass)["seen"]
    assert seen[empty]["status"] == seen[binary]["status"] == "failed"
    assert seen[empty]["reason"] == "it is empty"
    assert len(pet.files.shelf.index) == 0

    await async_live_for(hass, freezer, pet, timedelta(hours=1))
    assert len(shelf_warnings(caplog, "from the shelf")) == 2, "no retry loop in the tick"
    assert journal(hass).count("could not read") == 2
    assert shelf_drops(hass) == [(empty, "new"), (binary, "new")]

    path = drop(hass, empty, "# Now with words\n\nGeosmin smells of rain.")
    os.utime(path, (path.stat().st_atime, path.stat().st_mtime + 5))
    await async_live_for(hass, freezer, pet, ONE_TICK)
    assert shelf_drops(hass)[-1] == (empty, "changed")
    assert "read and shelved empty.md (1 passage)" in journal(hass)
    assert saved_index(hass)["seen"][empty]["status"] == "read"
    assert pet.files.shelf.search("geosmin rain smells")
    assert len(shelf_warnings(caplog, f"Could not read {binary}")) == 1, "untouched: not retried"


# ---------------------------------------------------------------------- the jail


async def test_nothing_outside_the_shelf_folder_is_ever_read(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    caplog: pytest.LogCaptureFixture,
    tmp_path: Path,
) -> None:
    secret = "zebra kumquat"
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "diary.md").write_text(f"# Diary\n\nThe launch code is {secret}.")
    (outside / "more").mkdir()
    (outside / "more/notes.md").write_text(f"# Notes\n\nAlso {secret}.")
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))

    shelf = vault(hass) / SHELF
    shelf.mkdir(parents=True)
    links = {"diary.md": outside / "diary.md", "more": outside / "more"}
    if Path("/etc/hostname").is_file():
        links["hostname.txt"] = Path("/etc/hostname")
    for name, target in links.items():
        (shelf / name).symlink_to(target)
    drop(hass, "secret.md", f"# Secret\n\nThe vault's own {secret}.")
    drop(hass, "knowledge/private.md", f"# Private\n\nNot on the shelf: {secret}.")
    for name in ("scan.pdf", "page.html", "data.json", "README", "notes.md.bak", "notes.mdx"):
        drop(hass, f"{SHELF}/{name}", f"# {name}\n\n{secret} in {name}.")
    drop(hass, f"{SHELF}/sub/ok.md", TEA)  # a subfolder of the shelf is the shelf
    await async_live_for(hass, freezer, pet, timedelta(hours=1))

    for name in links:
        assert len(shelf_warnings(caplog, f"{SHELF}/{name} {LINK_WARNING}")) == 1, name
    assert shelf_drops(hass) == [(f"{SHELF}/sub/ok.md", "new")]
    assert set(saved_index(hass)["seen"]) == {f"{SHELF}/sub/ok.md"}
    assert {c.doc for c in pet.files.shelf.index.chunks} == {f"{SHELF}/sub/ok.md"}
    assert pet.files.shelf.search(secret) == []
    assert pet.files.shelf.search("launch code diary") == []
    assert not (vault(hass) / "knowledge/index.json").exists()
    assert all(b"zebra" not in kept for _, _, kept in index_files(hass).values())

    await shelve(hass, freezer, pet, (f"{SHELF}/huge.md", "rain falls. " * 262_144))
    assert "could not read huge.md: it is 3072 KB; the shelf takes up to 2048 KB" in journal(hass)
    assert saved_index(hass)["seen"][f"{SHELF}/huge.md"]["status"] == "failed"
    assert {c.doc for c in pet.files.shelf.index.chunks} == {f"{SHELF}/sub/ok.md"}


async def test_a_shelf_folder_that_is_a_link_is_not_followed(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "diary.md").write_text("# Diary\n\nThe launch code is zebra kumquat.")
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    (vault(hass) / "knowledge").mkdir(parents=True, exist_ok=True)
    (vault(hass) / SHELF).symlink_to(outside, target_is_directory=True)
    await async_live_for(hass, freezer, pet, timedelta(minutes=31))
    assert shelf_drops(hass) == []
    assert len(pet.files.shelf.index) == 0
    assert pet.files.shelf.search("zebra kumquat") == []


# ---------------------------------------------------------------------- change and removal


async def test_a_changed_document_is_read_again_and_a_removed_one_forgotten(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    revised = PETRICHOR.replace(
        "Much of the scent is geosmin, a compound made by soil bacteria called actinomycetes.",
        "Much of the scent comes from a compound that the CSIRO labs studied in soil microbes.",
    ).replace("geosmin", "it")
    assert "geosmin" not in revised and "CSIRO" in revised
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    await shelve(hass, freezer, pet, (TEA_DOC, TEA), (PETRICHOR_DOC, PETRICHOR))
    assert any(h.chunk.doc == PETRICHOR_DOC for h in pet.files.shelf.search("geosmin"))

    path = drop(hass, PETRICHOR_DOC, revised)
    os.utime(path, (path.stat().st_atime, path.stat().st_mtime + 5))
    await async_live_for(hass, freezer, pet, ONE_TICK)
    assert shelf_drops(hass)[-1] == (PETRICHOR_DOC, "changed")
    assert journal(hass).count("read and shelved petrichor.md") == 2
    assert doc_chunks(pet, PETRICHOR_DOC) == chunk_document(PETRICHOR_DOC, revised), (
        "the new passages replace the old ones"
    )
    assert not [h for h in pet.files.shelf.search("geosmin") if h.chunk.doc == PETRICHOR_DOC]
    assert pet.files.shelf.search("CSIRO")[0].chunk.doc == PETRICHOR_DOC
    saved = saved_index(hass)
    assert [c["text"] for c in saved["chunks"] if c["doc"] == PETRICHOR_DOC] == [
        c.text for c in chunk_document(PETRICHOR_DOC, revised)
    ]

    path.unlink()
    await async_live_for(hass, freezer, pet, ONE_TICK)
    assert shelf_drops(hass)[-1] == (PETRICHOR_DOC, "removed")
    assert f"took {PETRICHOR_DOC} off my shelf" in journal(hass)
    assert doc_chunks(pet, PETRICHOR_DOC) == []
    assert pet.files.shelf.search("petrichor CSIRO smell") == []
    saved = saved_index(hass)
    assert PETRICHOR_DOC not in saved["seen"]
    assert {c["doc"] for c in saved["chunks"]} == {TEA_DOC}
    assert f"{PETRICHOR_DOC} [" not in await ask(hass, freezer, "what is petrichor?")
    await async_live_for(hass, freezer, pet, timedelta(hours=1))
    assert journal(hass).count("off my shelf") == 1


# ---------------------------------------------------------------------- restart


async def test_the_shelf_survives_a_restart_without_reading_again(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    entry = pet_entry(hass)
    pet = await async_setup_pet(hass, entry)
    await shelve(hass, freezer, pet, (TEA_DOC, TEA), (PETRICHOR_DOC, PETRICHOR))
    chunks = list(pet.files.shelf.index.chunks)
    assert await hass.config_entries.async_unload(entry.entry_id)
    await hass.async_block_till_done()
    saved_before = saved_index(hass)
    drops_before = shelf_drops(hass)

    freezer.tick(timedelta(minutes=5))
    pet = await async_setup_pet(hass, entry)
    assert pet.files.shelf.index.chunks == chunks, "the index is loaded, not rebuilt"
    await async_live_for(hass, freezer, pet, timedelta(hours=1))
    assert shelf_drops(hass) == drops_before, "nothing new on the shelf"
    assert journal(hass).count("read and shelved") == 2
    assert saved_index(hass)["seen"] == saved_before["seen"]

    reply = await ask(hass, freezer, "what is petrichor?")
    assert DEFINITION in reply and f"({PETRICHOR_DOC} [" in reply


# ---------------------------------------------------------------------- vectors


async def test_the_memory_page_switches_vectors_on_and_a_typo_finds_the_passage(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    typo = "which smell is petrichors?"
    freezer.move_to(local(2026, 11, 30, 10, 0))
    entry = pet_entry(hass)
    pet = await async_setup_pet(hass, entry)
    assert pet.files.shelf.vectors is False
    await shelve(hass, freezer, pet, (TEA_DOC, TEA), (PETRICHOR_DOC, PETRICHOR))
    assert DEFINITION not in await ask(hass, freezer, typo), "keywords alone miss the plural"

    result = await hass.config_entries.options.async_init(entry.entry_id)
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"next_step_id": "memory"}
    )
    assert result["type"] is FlowResultType.FORM and result["step_id"] == "memory"
    result = await hass.config_entries.options.async_configure(
        result["flow_id"], {"dream_tokens_per_night": 40000, "shelf_vectors": True}
    )
    assert result["type"] is FlowResultType.CREATE_ENTRY
    await hass.async_block_till_done()
    assert entry.options["shelf_vectors"] is True

    pet = entry.runtime_data.pet.anatomy
    assert pet.files.shelf.vectors is True, "reloaded with vectors"
    reply = await ask(hass, freezer, typo)
    assert DEFINITION in reply
    start, end = span(reply, PETRICHOR_DOC)
    assert DEFINITION in PETRICHOR[start:end]
    assert journal(hass).count("read and shelved") == 2, "switching vectors on reads nothing again"


# ---------------------------------------------------------------------- known bugs


async def test_documents_dropped_together_are_each_read_once(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, caplog: pytest.LogCaptureFixture
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    drop(hass, TEA_DOC, TEA)
    drop(hass, PETRICHOR_DOC, PETRICHOR)
    drop(hass, f"{SHELF}/empty.md", "")
    await async_live_for(hass, freezer, pet, timedelta(hours=2))
    assert journal(hass).count("read and shelved tea.md") == 1
    assert journal(hass).count("read and shelved petrichor.md") == 1
    assert journal(hass).count("could not read empty.md") == 1
    assert len(shelf_warnings(caplog, f"Could not read {SHELF}/empty.md")) == 1
    assert len(shelf_drops(hass)) == 3


async def test_a_lone_document_on_the_shelf_answers_a_question_about_its_subject(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    await shelve(hass, freezer, pet, (PETRICHOR_DOC, PETRICHOR))
    assert len(doc_chunks(pet, PETRICHOR_DOC)) >= 2
    reply = await ask(hass, freezer, "what is petrichor?")
    assert DEFINITION in reply and f"({PETRICHOR_DOC} [" in reply


async def test_a_one_paragraph_note_is_shelved_with_its_passage(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    note = "Petrichor: the smell of rain on dry earth, named by Bear and Thomas in 1964.\n"
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    await shelve(hass, freezer, pet, (TEA_DOC, TEA), (f"{SHELF}/note.md", note))
    assert "read and shelved note.md (1 passage)" in journal(hass)
    assert any("Bear and Thomas" in c.text for c in pet.files.shelf.index.chunks)


# ---------------------------------------------------------------------- the shelf's bounds

NOTE_WORDS = ("kettle", "lantern", "meadow", "violin", "orchard", "compass", "saffron", "walnut")


def note_word(n: int) -> str:
    return f"{NOTE_WORDS[n % len(NOTE_WORDS)]}{n}"


def note_text(n: int) -> str:
    return f"# Note {n}\n\nThe word of note {n} is {note_word(n)}.\n"


async def test_the_shelf_takes_so_many_documents_in_all_whatever_the_folders(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, caplog: pytest.LogCaptureFixture
) -> None:
    docs = [f"{SHELF}/{folder}/note{i}.md" for folder in ("a", "b", "c") for i in range(3)]
    full = "the shelf is full: it takes 4 documents at most"
    freezer.move_to(local(2026, 11, 30, 10, 0))
    with patch("custom_components.shelldon.vault.shelf.MAX_DOCS", 4):
        pet = await async_setup_pet(hass, pet_entry(hass))
        for n, doc in reversed(list(enumerate(docs))):  # written last to first: order is paths
            drop(hass, doc, note_text(n))
        await async_live_for(hass, freezer, pet, timedelta(hours=1))

        kept, left = docs[:4], docs[4:]
        assert shelf_drops(hass) == [(doc, "new") for doc in kept], "sorted paths, across folders"
        assert journal(hass).count("read and shelved") == 4
        assert {c.doc for c in pet.files.shelf.index.chunks} == set(kept)
        for doc in left:
            assert pet.files.shelf.seen[doc] == {
                "stamp": list(pet.files.shelf.seen[doc]["stamp"]),
                "status": "refused",
                "reason": full,
            }
            assert shelf_warnings(caplog, f"{doc} is left off") == [
                f"{doc} is left off the shelf: {full}"
            ]
        assert saved_index(hass)["seen"][left[0]]["reason"] == full, "the refusal is kept"
        assert pet.files.shelf.search(note_word(4)) == []

        (vault(hass) / docs[0]).unlink()  # the shelf shrinks: the first one left off fits
        await async_live_for(hass, freezer, pet, ONE_TICK)
        assert shelf_drops(hass)[-2:] == [(docs[4], "new"), (docs[0], "removed")]
        assert pet.files.shelf.seen[docs[4]]["status"] == "read"
        assert pet.files.shelf.search(note_word(4))[0].chunk.doc == docs[4]
        assert docs[0] not in pet.files.shelf.seen
        assert [pet.files.shelf.seen[doc]["status"] for doc in docs[5:]] == ["refused"] * 4

        await async_live_for(hass, freezer, pet, timedelta(hours=2))
    assert len(shelf_warnings(caplog, "is left off the shelf")) == 5, "each warned of once"
    assert journal(hass).count("read and shelved") == 5


async def test_the_shelf_takes_so_many_bytes_in_all_and_a_smaller_document_still_fits(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, caplog: pytest.LogCaptureFixture
) -> None:
    tea, big, rain = f"{SHELF}/a_tea.md", f"{SHELF}/b_big.md", f"{SHELF}/c_petrichor.md"
    big_text = "# Kettles\n\n" + "Kettles whistle in the morning. " * 100
    cap = len(TEA.encode()) + len(PETRICHOR.encode()) + 64
    assert len(TEA.encode()) + len(big_text.encode()) > cap
    freezer.move_to(local(2026, 11, 30, 10, 0))
    with patch("custom_components.shelldon.vault.shelf.MAX_SHELF_BYTES", cap):
        pet = await async_setup_pet(hass, pet_entry(hass))
        drop(hass, tea, TEA)
        drop(hass, big, big_text)
        drop(hass, rain, PETRICHOR)
        await async_live_for(hass, freezer, pet, timedelta(hours=1))

        assert shelf_drops(hass) == [(tea, "new"), (rain, "new")]
        seen = pet.files.shelf.seen[big]
        assert seen["status"] == "refused"
        kb = -(-len(big_text.encode()) // 1024)
        assert seen["reason"] == (
            f"the shelf is full: it takes {-(-cap // 1024)} KB of documents in all; "
            f"1 KB are on it and this one is {kb} KB"
        )
        assert shelf_warnings(caplog, f"{big} is left off") == [
            f"{big} is left off the shelf: {seen['reason']}"
        ]
        assert pet.files.shelf.search("kettles whistle") == []
        assert pet.files.shelf.search("geosmin")[0].chunk.doc == rain

        path = drop(hass, big, "# Kettles\n\nKettles whistle.\n")  # it changed, and now fits
        os.utime(path, (path.stat().st_atime, path.stat().st_mtime + 5))
        await async_live_for(hass, freezer, pet, ONE_TICK)
        assert shelf_drops(hass)[-1] == (big, "new")
        assert pet.files.shelf.seen[big]["status"] == "read"
        assert pet.files.shelf.search("kettles whistle")[0].chunk.doc == big
    assert len(shelf_warnings(caplog, "is left off the shelf")) == 1


async def test_with_vectors_on_the_shelf_takes_fewer_bytes(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, caplog: pytest.LogCaptureFixture
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    with patch(
        "custom_components.shelldon.vault.shelf.MAX_VECTOR_SHELF_BYTES", len(TEA.encode()) + 64
    ):
        pet = await async_setup_pet(hass, pet_entry(hass, shelf_vectors=True))
        assert pet.files.shelf.vectors is True
        await shelve(hass, freezer, pet, (TEA_DOC, TEA), (PETRICHOR_DOC, PETRICHOR))
    assert pet.files.shelf.seen[TEA_DOC]["status"] == "read"
    assert pet.files.shelf.seen[PETRICHOR_DOC]["status"] == "refused"
    assert pet.files.shelf.seen[PETRICHOR_DOC]["reason"].startswith(
        "the shelf is full: it takes 1 KB of documents in all with vectors on; "
    )
    assert len(shelf_warnings(caplog, "is left off the shelf")) == 1


async def test_a_hard_link_on_the_shelf_is_never_read(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    caplog: pytest.LogCaptureFixture,
    tmp_path: Path,
) -> None:
    outside = tmp_path / "outside.md"
    outside.write_text("# Diary\n\nThe launch code is zebra kumquat.")
    linked = f"{SHELF}/diary.md"
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    (vault(hass) / SHELF).mkdir(parents=True)
    os.link(outside, vault(hass) / linked)
    drop(hass, TEA_DOC, TEA)
    await async_live_for(hass, freezer, pet, timedelta(hours=1))

    assert shelf_drops(hass) == [(TEA_DOC, "new")]
    assert shelf_warnings(caplog, "hard link") == [
        f"{linked} is a hard link; the shelf never follows links"
    ]
    assert linked not in pet.files.shelf.seen
    assert pet.files.shelf.search("zebra kumquat launch code") == []
    assert set(saved_index(hass)["seen"]) == {TEA_DOC}
    assert all(b"zebra" not in kept for _, _, kept in index_files(hass).values())
    volume, _, reason = await hass.async_add_executor_job(pet.files.shelf.read, linked)
    assert len(volume) == 0 and reason is not None and "hard links are not followed" in reason


async def test_a_name_that_is_not_utf8_or_hidden_is_passed_over_and_the_index_still_saves(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, caplog: pytest.LogCaptureFixture
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    shelf = vault(hass) / SHELF
    shelf.mkdir(parents=True)
    fd = os.open(os.fsencode(shelf) + b"/caf\xe9.md", os.O_CREAT | os.O_WRONLY, 0o644)
    os.write(fd, b"# Cafe\n\nEspresso zebra kumquat.\n")
    os.close(fd)
    drop(hass, f"{SHELF}/.hidden.md", "# Hidden\n\nEspresso zebra kumquat.\n")
    drop(hass, f"{SHELF}/.drafts/draft.md", "# Draft\n\nEspresso zebra kumquat.\n")
    drop(hass, TEA_DOC, TEA)
    await async_live_for(hass, freezer, pet, timedelta(hours=1))

    assert shelf_drops(hass) == [(TEA_DOC, "new")]
    assert len(shelf_warnings(caplog, "not valid UTF-8")) == 1
    assert not shelf_warnings(caplog, "hidden") and not shelf_warnings(caplog, "draft")
    assert set(pet.files.shelf.seen) == {TEA_DOC}
    assert set(saved_index(hass)["seen"]) == {TEA_DOC}, "the index is saved"
    assert pet.files.shelf.search("espresso zebra kumquat") == []


# ---------------------------------------------------------------------- the index, kept


async def test_shelving_a_document_writes_its_own_file_and_the_catalogue_only(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    note = f"{SHELF}/note.md"
    freezer.move_to(local(2026, 11, 30, 10, 0))
    entry = pet_entry(hass)
    pet = await async_setup_pet(hass, entry)
    await shelve(hass, freezer, pet, (TEA_DOC, TEA), (PETRICHOR_DOC, PETRICHOR))
    before = index_files(hass)
    names = {doc: volume_file(doc).rsplit("/", 1)[1] for doc in (TEA_DOC, PETRICHOR_DOC, note)}
    assert set(before) == {"catalogue.json", names[TEA_DOC], names[PETRICHOR_DOC]}

    written: list[str] = []
    write_json = Vault.write_json

    def counting(self: Vault, rel: Any, data: Any) -> Path:
        written.append(str(rel))
        return write_json(self, rel, data)

    with patch.object(Vault, "write_json", counting):
        await shelve(hass, freezer, pet, (note, note_text(3)))
    assert "read and shelved note.md (1 passage)" in journal(hass)
    assert [rel for rel in written if rel.startswith("knowledge/")] == [
        volume_file(note),
        CATALOGUE,
    ]
    after = index_files(hass)
    assert set(after) == {*before, names[note]}
    for doc in (TEA_DOC, PETRICHOR_DOC):
        assert after[names[doc]] == before[names[doc]], f"{doc}'s file is untouched"
    assert json.loads(after["catalogue.json"][2])["seen"][note]["status"] == "read"
    chunks = list(pet.files.shelf.index.chunks)
    hits = [(h.chunk, h.score) for h in pet.files.shelf.search("petrichor smell of rain")]

    assert await hass.config_entries.async_unload(entry.entry_id)
    await hass.async_block_till_done()
    reads: list[str] = []
    read = Shelf.read

    def counting_read(self: Shelf, doc: str) -> Any:
        reads.append(doc)
        return read(self, doc)

    freezer.tick(timedelta(minutes=5))
    with patch.object(Shelf, "read", counting_read):
        pet = await async_setup_pet(hass, entry)
        await async_live_for(hass, freezer, pet, timedelta(hours=1))
    assert reads == [], "all three are found again, none read"
    assert pet.files.shelf.index.chunks == chunks
    assert [(h.chunk, h.score) for h in pet.files.shelf.search("petrichor smell of rain")] == hits
    assert journal(hass).count("read and shelved") == 3
    assert index_files(hass) == after, "a restart writes nothing"


async def test_a_damaged_or_missing_document_file_means_that_document_alone_is_read_again(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, caplog: pytest.LogCaptureFixture
) -> None:
    note = f"{SHELF}/note.md"
    freezer.move_to(local(2026, 11, 30, 10, 0))
    entry = pet_entry(hass)
    pet = await async_setup_pet(hass, entry)
    await shelve(hass, freezer, pet, (TEA_DOC, TEA), (PETRICHOR_DOC, PETRICHOR), (note, TEA))
    note_file = index_files(hass)[volume_file(note).rsplit("/", 1)[1]]
    assert await hass.config_entries.async_unload(entry.entry_id)
    await hass.async_block_till_done()
    (vault(hass) / volume_file(TEA_DOC)).write_text('{"format": 2, "stamp": [1, 2], "star')
    (vault(hass) / volume_file(PETRICHOR_DOC)).unlink()

    freezer.tick(timedelta(minutes=5))
    pet = await async_setup_pet(hass, entry)
    await async_live_for(hass, freezer, pet, timedelta(hours=1))
    assert journal(hass).count("read and shelved tea.md") == 2
    assert journal(hass).count("read and shelved petrichor.md") == 2
    assert journal(hass).count("read and shelved note.md") == 1, "the intact one is not read"
    assert len(shelf_warnings(caplog, f"index of {TEA_DOC} is unreadable")) == 1
    assert len(shelf_warnings(caplog, f"index of {PETRICHOR_DOC} is unreadable")) == 1
    assert index_files(hass)[volume_file(note).rsplit("/", 1)[1]] == note_file
    assert pet.files.shelf.search("green tea steep")[0].chunk.doc in {TEA_DOC, note}
    assert pet.files.shelf.search("geosmin")[0].chunk.doc == PETRICHOR_DOC
    assert {c["doc"] for c in saved_index(hass)["chunks"]} == {TEA_DOC, PETRICHOR_DOC, note}


def old_index(hass: HomeAssistant, *docs: tuple[str, str]) -> dict[str, Any]:
    """The single-file index the shelf kept before its catalogue, for documents on the shelf."""
    seen, chunks = {}, []
    for rel, text in docs:
        info = drop(hass, rel, text).stat()
        cut = chunk_document(rel, text)
        seen[rel] = {"stamp": [info.st_mtime, info.st_size], "status": "read", "chunks": len(cut)}
        chunks += [c.to_dict() for c in cut]
    return {"seen": seen, "chunks": chunks}


async def test_an_old_single_file_index_is_carried_over_without_reading_again(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    empty = f"{SHELF}/empty.md"
    old = old_index(hass, (TEA_DOC, TEA), (PETRICHOR_DOC, PETRICHOR))
    info = drop(hass, empty, "").stat()
    old["seen"][empty] = {
        "stamp": [info.st_mtime, info.st_size],
        "status": "failed",
        "reason": "it is empty",
    }
    (vault(hass) / OLD_INDEX).write_text(json.dumps(old))
    reads: list[str] = []
    read = Shelf.read

    def counting_read(self: Shelf, doc: str) -> Any:
        reads.append(doc)
        return read(self, doc)

    freezer.move_to(local(2026, 11, 30, 10, 0))
    with patch.object(Shelf, "read", counting_read):
        pet = await async_setup_pet(hass, pet_entry(hass))
        await async_live_for(hass, freezer, pet, timedelta(hours=1))
    assert reads == []
    assert not (vault(hass) / OLD_INDEX).exists(), "the old file is gone"
    assert saved_index(hass) == old, "the same seen, the same chunks, in the new files"
    assert [c.to_dict() for c in pet.files.shelf.index.chunks] == old["chunks"]
    assert pet.files.shelf.search("geosmin")[0].chunk.doc == PETRICHOR_DOC
    assert shelf_drops(hass) == []


async def test_an_unreadable_old_index_is_dropped_and_the_documents_read_again(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, caplog: pytest.LogCaptureFixture
) -> None:
    old_index(hass, (TEA_DOC, TEA), (PETRICHOR_DOC, PETRICHOR))
    (vault(hass) / OLD_INDEX).write_text('{"seen": {}, "chunks": [{"doc": 1}]}')
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, pet_entry(hass))
    await async_live_for(hass, freezer, pet, timedelta(hours=1))
    assert len(shelf_warnings(caplog, "old index is unreadable")) == 1
    assert not (vault(hass) / OLD_INDEX).exists()
    assert journal(hass).count("read and shelved") == 2
    assert set(saved_index(hass)["seen"]) == {TEA_DOC, PETRICHOR_DOC}


async def test_every_volume_is_built_off_the_event_loop(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    loop_thread = threading.get_ident()
    on_loop: list[bool] = []
    build = Volume.build.__func__  # type: ignore[attr-defined]

    def recording(cls: type[Volume], *args: Any, **kwargs: Any) -> Volume:
        on_loop.append(threading.get_ident() == loop_thread)
        return build(cls, *args, **kwargs)

    freezer.move_to(local(2026, 11, 30, 10, 0))
    entry = pet_entry(hass)
    with patch.object(Volume, "build", classmethod(recording)):
        pet = await async_setup_pet(hass, entry)
        await shelve(hass, freezer, pet, (TEA_DOC, TEA), (PETRICHOR_DOC, PETRICHOR))
        assert await hass.config_entries.async_unload(entry.entry_id)
        await hass.async_block_till_done()
        pet = await async_setup_pet(hass, entry)  # loaded again: built again, off the loop
        await async_live_for(hass, freezer, pet, ONE_TICK)
    assert on_loop and not any(on_loop), on_loop
    assert len(on_loop) >= 4
    assert pet.files.shelf.search("geosmin")[0].chunk.doc == PETRICHOR_DOC
