"""The SOUL split as a pure classifier: which edits apply, wait for the owner, or never happen."""

from __future__ import annotations

from typing import Any

import pytest

from custom_components.shelldon.core.selfedit import (
    Proposal,
    Surface,
    classify,
    digest,
    normalise,
)

# ---------------------------------------------------------------------- classify


@pytest.mark.parametrize(
    "path",
    [
        "soul/CONSTITUTION.md",
        "soul/constitution.md",
        "SOUL/Constitution.MD",
        "./soul/CONSTITUTION.md",
        "soul//CONSTITUTION.md",
        ".//soul/.//CONSTITUTION.md",
        "soul\\CONSTITUTION.md",
        "  soul/CONSTITUTION.md  ",
        "soul/CONSTITUTION.md/",
    ],
)
def test_the_constitution_in_any_spelling_is_the_constitution(path: str) -> None:
    assert classify(path) is Surface.CONSTITUTION


@pytest.mark.parametrize(
    "path",
    [
        "soul/PERSONA.md",
        "./soul/PERSONA.md",
        "soul//PERSONA.md",
        "faces.yaml",
        "./faces.yaml",
        "needs.yaml",
        "soul/VOICE.md",
        "soul/anything/else.txt",
        "soul/CONSTITUTION.md.bak",  # not the constitution, but still the soul
    ],
)
def test_identity_surfaces_wait_for_the_owner(path: str) -> None:
    assert classify(path) is Surface.IDENTITY


@pytest.mark.parametrize(
    "path",
    [
        "memory/facts.md",
        "memory/notes-about-plants.md",
        "./memory//deep/file.md",
        "world/situation-notes.md",
        "knowledge/notes/petrichor.md",
        "goals.md",
        "./goals.md",
    ],
)
def test_working_products_apply_at_once(path: str) -> None:
    assert classify(path) is Surface.WORKING


@pytest.mark.parametrize(
    "path",
    [
        "journal/2026-11-30.md",
        "trace/ticks.jsonl",
        "signals.jsonl",
        "knowledge/reference/petrichor.md",  # the owner's shelf is not the pet's to rewrite
        "knowledge/index.json",
        "random.txt",
        "notes.txt",
        "situation.md",
        "memoryfoo/x.md",  # only the memory/ folder, not a name that starts like it
        "goals.md.bak",
        "persona.md",
        "soul",
    ],
)
def test_anything_unrecognised_fails_safe(path: str) -> None:
    assert classify(path) is Surface.UNKNOWN


@pytest.mark.parametrize(
    "path",
    [
        ".git/config",
        ".git/hooks/pre-commit",
        "./.git/HEAD",
        "memory/.git/HEAD",  # a nested repository would stop the vault's history
        "knowledge/notes/.git/config",
        ".gitignore",
        ".gitattributes",
        ".versions/soul/PERSONA.md.20261130T140000",
        "memory/../.git/config",
        "soul/.PERSONA.md.tmp",
        "memory/a\x00b.md",
        "memory/\ud800.md",
        "memory/line\nbreak.md",
    ],
)
def test_the_vaults_machinery_is_refused_always(path: str) -> None:
    assert classify(path) is Surface.MACHINERY


@pytest.mark.parametrize(
    "path",
    ["memory/../soul/CONSTITUTION.md", "memory/../soul/PERSONA.md", "world/../faces.yaml"],
)
def test_a_path_that_climbs_out_of_a_working_folder_is_not_working(path: str) -> None:
    assert classify(path) is not Surface.WORKING


def test_normalise_spells_a_path_one_way() -> None:
    assert normalise("./soul//PERSONA.md") == "soul/PERSONA.md"
    assert normalise(" memory\\facts.md ") == "memory/facts.md"
    assert normalise("goals.md") == "goals.md"


def test_surface_values_are_the_documented_words() -> None:
    assert {s.value for s in Surface} == {
        "working",
        "identity",
        "constitution",
        "machinery",
        "unknown",
    }


# ---------------------------------------------------------------------- digest


def test_digest_is_stable_short_and_tells_contents_apart() -> None:
    text = "# Persona\n\nShort sentences.\n"
    assert digest(text) == digest(str(text))
    assert digest(text) == digest("# Persona\n\nShort sentences.\n")
    assert len(digest(text)) == 16
    assert all(c in "0123456789abcdef" for c in digest(text))
    assert digest(text) != digest(text + " ")
    assert digest("") == "e3b0c44298fc1c14"  # sha256 of nothing: the same on every machine


# ---------------------------------------------------------------------- Proposal


def _proposal(**overrides: Any) -> Proposal:
    values: dict[str, Any] = {
        "id": "p1",
        "path": "soul/PERSONA.md",
        "content": "# Persona\n\n- Loves moss.\n",
        "reason": "I keep noticing moss",
        "made_at": "2026-11-30T13:00:00+00:00",
        "base": digest("old"),
    }
    return Proposal(**(values | overrides))


def test_a_proposal_round_trips_through_plain_data() -> None:
    proposal = _proposal()
    data = proposal.to_dict()
    assert data == {
        "id": "p1",
        "path": "soul/PERSONA.md",
        "content": "# Persona\n\n- Loves moss.\n",
        "reason": "I keep noticing moss",
        "made_at": "2026-11-30T13:00:00+00:00",
        "base": digest("old"),
        "state": "pending",
    }
    assert Proposal.from_dict(data) == proposal
    settled = _proposal(state="approved", base="")
    assert Proposal.from_dict(settled.to_dict()) == settled


@pytest.mark.parametrize(
    "data",
    [
        None,
        42,
        "p1",
        [],
        {},
        {"id": "p1"},
        {"id": "p1", "path": "soul/PERSONA.md", "content": "x"},
    ],
)
def test_garbage_is_not_a_proposal(data: Any) -> None:
    assert Proposal.from_dict(data) is None
