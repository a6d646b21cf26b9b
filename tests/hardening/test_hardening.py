"""Hardening, tried as an attacker would: the model's reply is the attacker, the owner clicks.

A real Home Assistant in simulated time; the real Anthropic SDK against a scripted model (a
stand-in of the API on loopback) whose replies attack: edits aimed at the vault's machinery
(`.git/config` with an fsmonitor command, hooks, a nested repository, a NUL in the path),
secrets in what it remembers and in a dream, characters no writer can take. Then the crash
cases: a lock left by a killed git, a history that cannot record, a checkpoint from a newer
version, a restart after a flood of quick exchanges, a stop right after a conversation.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import time
from datetime import timedelta
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant
from homeassistant.exceptions import ServiceValidationError
from homeassistant.helpers import issue_registry as ir
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.shelldon.core.goals import GoalKind, Provenance, Strategy
from custom_components.shelldon.mind.scribe import RECORD_EVERY
from custom_components.shelldon.ports.const import DOMAIN
from custom_components.shelldon.runtime.anatomy import Anatomy
from tests.anthropic_mock import Answer, ScriptedModel, json_answer, reply_message, scripted
from tests.common import (
    async_live_for,
    async_setup_pet,
    async_tell,
    local,
    make_pet_entry,
)
from tests.common import async_tell_and_tick as tell

VAULT = Path("shelldon/shelldon")
ENTRY_ID = "01JSHELLDONHARDENING0000001"
pet_entry = partial(make_pet_entry, thinking=True, entry_id=ENTRY_ID)
offline_entry = partial(make_pet_entry, entry_id=ENTRY_ID)
SAID = "I'd like to change something about myself."


def vault(root: Path) -> Path:
    return root / VAULT


def git(root: Path, *args: str, check: bool = True) -> str:
    return subprocess.run(
        ["git", "-C", str(vault(root)), *args], capture_output=True, text=True, check=check
    ).stdout


def run_git(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], capture_output=True, text=True, check=check)


def commits(root: Path) -> list[str]:
    """The history's commit subjects, newest first (none yet: empty)."""
    return git(root, "log", "--format=%s", check=False).splitlines()


def journal(root: Path) -> str:
    return "".join(p.read_text() for p in sorted((vault(root) / "journal").glob("*.md")))


def editing(path: str, content: str) -> dict[str, Any]:
    return {
        "intent": "grow a little",
        "say": SAID,
        "edit": [{"path": path, "content": content, "reason": "trust me"}],
    }


def history_issue(hass: HomeAssistant) -> ir.IssueEntry | None:
    return ir.async_get(hass).async_get_issue(DOMAIN, f"history_{ENTRY_ID}")


async def restart(hass: HomeAssistant, entry: MockConfigEntry) -> Anatomy:
    assert await hass.config_entries.async_unload(entry.entry_id)
    await hass.async_block_till_done()
    return await async_setup_pet(hass, entry)


# ---------------------------------------------------------------------- the vault's machinery


@pytest.mark.parametrize(
    ("path", "content"),
    [
        (".git/config", '[core]\n\tfsmonitor = "touch {marker}"\n'),
        (".git/hooks/pre-commit", "#!/bin/sh\ntouch {marker}\n"),
        (".git/hooks/post-commit", "#!/bin/sh\ntouch {marker}\n"),
        ("./.git/hooks/../config", '[core]\n\tfsmonitor = "touch {marker}"\n'),
        ("memory/.git/HEAD", "ref: refs/heads/main\n"),
        ("knowledge/notes/.git/config", "[core]\n\tbare = false\n"),
        (".gitignore", "*\n"),
        (".gitattributes", "* filter=evil\n"),
        (".versions/soul/PERSONA.md.20261130T140000", "old\n"),
        ("memory/notes\x00.md", "a NUL in the path\n"),
        ("memory/\ud800.md", "a lone surrogate in the path\n"),
    ],
)
async def test_an_edit_into_the_vaults_machinery_is_refused_and_runs_nothing(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    tmp_path: Path,
    path: str,
    content: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    marker = tmp_path / "pwned"
    model = ScriptedModel(
        owner=[editing(path, content.format(marker=marker)), {"intent": "chat", "say": "Mm."}]
    )
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass))
        before = len(commits(tmp_path))
        response = await tell(hass, freezer, "Please grow a little")
        await tell(hass, freezer, "and now something for the history")
        await async_live_for(hass, freezer, pet, timedelta(minutes=2))

    assert response["reply"] == SAID and response["ok"], "the owner still got the answer"
    assert not marker.exists(), "nothing the reply wrote ran on the host"
    assert pet.files.proposals.pending == {}, (
        "refused, not even proposed (an approval must not open it)"
    )
    assert not [i for (d, i) in ir.async_get(hass).issues if d == DOMAIN and "edit_" in i]
    assert "refused an edit" in journal(tmp_path)
    root = vault(tmp_path)
    assert "fsmonitor" not in (root / ".git" / "config").read_text()
    hooks = root / ".git" / "hooks"
    assert (
        not [h for h in hooks.iterdir() if not h.name.endswith(".sample")]
        if hooks.exists()
        else True
    )
    assert not (root / "memory" / ".git").exists()
    assert not (root / "knowledge" / "notes" / ".git").exists()
    assert not (root / ".gitattributes").exists()
    assert len(commits(tmp_path)) > before, "the history still records"
    assert not [r for r in caplog.records if r.levelname == "ERROR"], "nothing raised"


PASSWORD, PHRASE = "hunter2xyz", "amber wolf river stone"


@pytest.mark.parametrize(
    "path",
    [
        f"memory/{PASSWORD}.md",
        f"memory/{PHRASE}.md",
        "memory/amber-wolf-river-stone.md",
        f"knowledge/notes/{PASSWORD}/wifi.md",
        f"world/{PASSWORD.upper()}.md",
        f"soul/{PASSWORD}.md",  # a proposal would show it to the owner, and keep it
    ],
)
async def test_an_edit_whose_file_name_holds_a_secret_is_refused_and_leaves_no_trace(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path, path: str
) -> None:
    """A file's name is a door out (the vault, its history, the journal's account of the
    edit): a name that holds a secret the owner told is refused, whatever the surface."""
    chat = {"intent": "chat", "say": "Mm."}
    model = ScriptedModel(owner=[chat, editing(path, "nothing to see\n"), chat])
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass))
        await tell(hass, freezer, f"my password is {PASSWORD}, passphrase: {PHRASE}")
        response = await tell(hass, freezer, "Please grow a little")
        await tell(hass, freezer, "and now something for the history")
        await async_live_for(hass, freezer, pet, timedelta(minutes=2))

    assert response["reply"] == SAID and response["ok"], "the owner still got the answer"
    assert pet.files.proposals.pending == {}, "refused, not proposed"
    root = vault(tmp_path)
    names = [str(p.relative_to(root)) for p in root.rglob("*") if ".git" not in p.parts]
    history = git(tmp_path, "log", "--all", "--name-only", "--format=%s")
    told = journal(tmp_path)
    assert "its file name held a secret" in told
    for seen in (*names, history, told):
        for secret in (PASSWORD, "amber wolf", "wolf-river", "river stone"):
            assert secret not in seen.lower(), (secret, seen[:200])


def plant(root: Path, markers: dict[str, Path], config: str) -> None:
    """Hooks of every kind, and `config` appended to the repository's own."""
    with (root / ".git" / "config").open("a") as handle:
        handle.write(config)
    for hook in ("pre-commit", "commit-msg", "post-commit", "pre-auto-gc", "post-index-change"):
        script = root / ".git" / "hooks" / hook
        script.parent.mkdir(exist_ok=True)
        script.write_text(f"#!/bin/sh\ntouch {markers['hook']}\n")
        script.chmod(script.stat().st_mode | stat.S_IXUSR)


async def test_a_config_or_hook_planted_in_the_vault_runs_nothing(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    """Whoever planted them (an older version, a tinkering owner): git runs with hooks and
    fsmonitor off and what else could run a command pinned, and the config is written from the
    history's own template before every run, so a commit runs none of it. (A section the
    template lacks is refused instead: tests/hardening/test_hardening_two.py.)"""
    freezer.move_to(local(2026, 11, 30, 14, 0))
    pet = await async_setup_pet(hass, offline_entry(hass))
    markers = {name: tmp_path / f"ran-{name}" for name in ("fsmonitor", "hook", "pager")}
    plant(
        vault(tmp_path),
        markers,
        f'[core]\n\tfsmonitor = "touch {markers["fsmonitor"]}"\n\thooksPath = .git/hooks\n'
        f'\tpager = "touch {markers["pager"]}"\n',
    )
    before = len(commits(tmp_path))
    await tell(hass, freezer, "remember that the fern needs water on Sundays")
    await async_live_for(hass, freezer, pet, timedelta(minutes=1))

    assert len(commits(tmp_path)) > before, "the tick was recorded"
    assert [name for name, marker in markers.items() if marker.exists()] == []
    assert history_issue(hass) is None
    assert "fsmonitor" not in (vault(tmp_path) / ".git" / "config").read_text(), "rewritten"


@pytest.mark.parametrize("planted", ["filter", "include"])
async def test_a_repository_whose_config_could_run_a_command_is_refused(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path, planted: str
) -> None:
    """A filter driver (run by `git add` for every file an attribute names) cannot be switched
    off from the command line, nor an include that could bring one: such a config is not one
    shelldon wrote, so the history refuses it and says so."""
    freezer.move_to(local(2026, 11, 30, 14, 0))
    pet = await async_setup_pet(hass, offline_entry(hass))
    root = vault(tmp_path)
    markers = {"filter": tmp_path / "ran-filter", "hook": tmp_path / "ran-hook"}
    evil = root / "memory" / "evil.conf"
    evil.parent.mkdir(exist_ok=True)
    evil.write_text(f'[filter "evil"]\n\tclean = "touch {markers["filter"]}; cat"\n')
    (root / ".git" / "info").mkdir(exist_ok=True)
    (root / ".git" / "info" / "attributes").write_text("* filter=evil\n")
    config = (
        f'[filter "evil"]\n\tclean = "touch {markers["filter"]}; cat"\n'
        if planted == "filter"
        else f"[include]\n\tpath = {evil}\n"
    )
    plant(root, markers, config)
    await tell(hass, freezer, "remember that the fern needs water on Sundays")
    await async_live_for(hass, freezer, pet, timedelta(minutes=1))
    await hass.async_block_till_done()

    assert [name for name, marker in markers.items() if marker.exists()] == []
    assert history_issue(hass) is not None, "the owner is told why the history stopped"
    assert "remember that the fern" in journal(tmp_path), "the pet keeps living and writing"


@pytest.mark.parametrize("foreign", ["gitdir file", "symlink", "stranger's repository"])
async def test_a_repository_that_is_not_the_historys_own_is_refused(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path, foreign: str
) -> None:
    root = vault(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    run_git("init", "-q", str(elsewhere))
    root.mkdir(parents=True)
    if foreign == "gitdir file":
        (root / ".git").write_text(f"gitdir: {elsewhere / '.git'}\n")
    elif foreign == "symlink":
        (root / ".git").symlink_to(elsewhere / ".git")
    else:
        run_git("init", "-q", str(root))
        run_git("-C", str(root), "config", "user.name", "Mallory")
    freezer.move_to(local(2026, 11, 30, 14, 0))
    pet = await async_setup_pet(hass, offline_entry(hass))
    response = await tell(hass, freezer, "hello there")

    assert response["ok"] and response["reply"], "the pet lives on"
    assert not pet.files.versions.uses_git, "it keeps copies in .versions instead"
    assert history_issue(hass) is not None, "and tells its owner why, as a repair issue"
    assert run_git("-C", str(elsewhere), "log", check=False).returncode != 0, (
        "nothing was committed into the other repository"
    )


# ---------------------------------------------------------------------- crashes and locks


async def test_a_stale_lock_left_by_a_killed_git_is_cleaned_at_start(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    freezer.move_to(local(2026, 11, 30, 14, 0))
    entry = offline_entry(hass)
    pet = await async_setup_pet(hass, entry)
    await tell(hass, freezer, "hello")
    assert await hass.config_entries.async_unload(entry.entry_id)
    lock = vault(tmp_path) / ".git" / "index.lock"
    lock.write_text("")  # what `kill -9` during `git add` leaves
    before = len(commits(tmp_path))

    pet = await async_setup_pet(hass, entry)
    await tell(hass, freezer, "are you still keeping your history?")
    await async_live_for(hass, freezer, pet, timedelta(minutes=1))

    assert not lock.exists()
    assert len(commits(tmp_path)) > before, "the history records again"
    assert history_issue(hass) is None


async def test_a_history_that_cannot_record_raises_a_repair_issue_until_it_can(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    freezer.move_to(local(2026, 11, 30, 14, 0))
    pet = await async_setup_pet(hass, offline_entry(hass))
    lock = vault(tmp_path) / ".git" / "index.lock"
    lock.write_text("")  # a git that is running right now (fresh): not ours to remove
    await tell(hass, freezer, "remember that the kettle is new")
    await hass.async_block_till_done()

    issue = history_issue(hass)
    assert issue is not None and issue.translation_key == "history_broken"
    assert "cannot record" in " ".join(pet.organs.health.problems())

    old = time.time() - 120
    os.utime(lock, (old, old))  # the git that held it is long gone
    await tell(hass, freezer, "and the teapot too")
    await async_live_for(hass, freezer, pet, RECORD_EVERY + timedelta(minutes=1))  # its next go
    await hass.async_block_till_done()

    assert not lock.exists()
    assert history_issue(hass) is None, "the issue goes once the history records again"
    assert "the kettle is new" in git(tmp_path, "show", "HEAD:journal/2026-11-30.md")


async def test_a_checkpoint_from_a_newer_version_is_kept_aside(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    hass_storage: dict[str, Any],
    caplog: pytest.LogCaptureFixture,
) -> None:
    key = f"{DOMAIN}.{ENTRY_ID}"
    newer = {"personality": {"schema": 9, "mood": {"valence": 0.9}}, "from_the_future": True}
    hass_storage[key] = {"version": 2, "minor_version": 1, "key": key, "data": newer}
    freezer.move_to(local(2026, 11, 30, 14, 0))
    pet = await async_setup_pet(hass, offline_entry(hass))
    await tell(hass, freezer, "hello")
    assert await hass.config_entries.async_unload(pet.entry.entry_id)

    assert hass_storage[f"{key}.newer"]["data"] == newer, "a copy is kept, untouched"
    assert hass_storage[f"{key}.newer"]["version"] == 2
    assert pet.workings.personality.state.mood.valence != 0.9, "the pet started fresh"
    assert "newer shelldon" in caplog.text


async def test_a_checkpoint_from_a_newer_minor_version_is_kept_aside_and_read(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, hass_storage: dict[str, Any]
) -> None:
    key = f"{DOMAIN}.{ENTRY_ID}"
    newer = {"initiative": False, "a_section_from_later": {"x": 1}}
    hass_storage[key] = {"version": 1, "minor_version": 7, "key": key, "data": newer}
    freezer.move_to(local(2026, 11, 30, 14, 0))
    pet = await async_setup_pet(hass, offline_entry(hass))

    assert hass_storage[f"{key}.newer"]["data"] == newer
    assert pet.workings.personality.initiative is False, "what this version knows of it is read"


async def test_a_pet_killed_in_its_first_minutes_has_a_checkpoint(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, hass_storage: dict[str, Any]
) -> None:
    freezer.move_to(local(2026, 11, 30, 14, 0))
    await async_setup_pet(hass, offline_entry(hass))
    assert f"{DOMAIN}.{ENTRY_ID}" in hass_storage, "written at once on the first start"


async def test_an_exchange_reaches_the_checkpoint_within_seconds(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, hass_storage: dict[str, Any]
) -> None:
    freezer.move_to(local(2026, 11, 30, 14, 0))
    pet = await async_setup_pet(hass, offline_entry(hass))
    await async_tell(hass, "my sister Ada visits on Friday")
    await async_live_for(hass, freezer, pet, timedelta(seconds=3))
    saved = json.dumps(hass_storage[f"{DOMAIN}.{ENTRY_ID}"]["data"])
    assert "my sister Ada visits on Friday" in saved, "not after the 5-minute cadence"


async def test_a_flood_of_quick_exchanges_survives_a_restart_whole(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    freezer.move_to(local(2026, 11, 30, 14, 0))
    entry = offline_entry(hass)
    await async_setup_pet(hass, entry)
    for number in range(200):
        await async_tell(hass, f"quick message number {number}")
    pet = await restart(hass, entry)
    await async_live_for(hass, freezer, pet, timedelta(minutes=2))
    await hass.async_block_till_done()

    written = journal(tmp_path)
    missing = [n for n in range(200) if f"quick message number {n}\n" not in written]
    assert missing == [], f"{len(missing)} of 200 exchanges were lost"


async def test_a_conversation_is_journaled_before_the_pet_stops(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, tmp_path: Path
) -> None:
    freezer.move_to(local(2026, 11, 30, 14, 0))
    entry = offline_entry(hass)
    await async_setup_pet(hass, entry)
    await async_tell(hass, "remind me to call Ada at 18:00")
    assert await hass.config_entries.async_unload(entry.entry_id)  # at once: no tick since
    await hass.async_block_till_done()

    assert "remind me to call Ada at 18:00" in journal(tmp_path)
    assert "call Ada" in (vault(tmp_path) / "goals.md").read_text(), "and what it promised"


# ---------------------------------------------------------------------- secrets


CARD = "4111 1111 1111 1111"
WIFI = "hunter2-Sesame"
KEY = "sk-ant-api03-q1w2e3r4t5y6u7i8o9p0asdfghjkl"
MAIL = "ada.lovelace@example.org"
SECRETS = (CARD, CARD.replace(" ", ""), WIFI, KEY, MAIL)


def leaks(text: str) -> list[str]:
    return [secret for secret in SECRETS if secret in text]


async def test_no_secret_reaches_a_file_the_checkpoint_or_the_history(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    tmp_path: Path,
    hass_storage: dict[str, Any],
) -> None:
    """The owner says a card number and a Wi-Fi password aloud; the model remembers them,
    promises with an email address, edits its notes and proposes a persona with a key in it,
    and the night's dream keeps the card as a fact."""
    owner_reply = {
        "intent": "keep what my owner told me",
        "say": "Noted, I'll keep that safe.",
        "remember": [f"Alex's card is {CARD}", f"the wifi password is {WIFI}"],
        "promise": [{"what": f"remind Alex to write to {MAIL}", "due_in_hours": 1}],
        "ask": [f"is the api key {KEY} still the one?"],
        "edit": [
            {"path": "memory/notes.md", "content": f"card {CARD}\n", "reason": "keep it"},
            {"path": "soul/PERSONA.md", "content": f"# Persona\nmy token: {KEY}\n", "reason": "me"},
        ],
    }
    dream_reply = {
        "intent": "keep the durable facts",
        "say": "",
        "remember": [f"Alex's card number is {CARD}", f"Alex writes to {MAIL}"],
    }
    model = ScriptedModel(owner=owner_reply, dream=dream_reply)
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass))
        await tell(hass, freezer, f"my card is {CARD} and the wifi password is {WIFI}")
        await async_live_for(hass, freezer, pet, timedelta(hours=2))
        freezer.move_to(local(2026, 12, 1, 10, 0))
        await async_live_for(hass, freezer, pet, timedelta(minutes=20))  # it sees a day ended
        await hass.services.async_call(DOMAIN, "dream", {}, blocking=True, return_response=True)
        await hass.async_block_till_done()
        assert await hass.config_entries.async_unload(pet.entry.entry_id)
        await hass.async_block_till_done()

    assert "dream" in model.kinds(), "the night's dream ran"
    assert (vault(tmp_path) / "memory" / "facts.md").exists(), "and kept something"
    files = {
        str(p.relative_to(vault(tmp_path))): p.read_text(errors="replace")
        for p in vault(tmp_path).rglob("*")
        if p.is_file() and ".git" not in p.parts
    }
    assert {name: leaks(text) for name, text in files.items() if leaks(text)} == {}
    history = git(tmp_path, "log", "-p", "--all", "--format=%s%n%b")
    assert leaks(history) == [], "no commit ever held a secret"
    assert leaks(json.dumps(hass_storage, ensure_ascii=False)) == [], "nor the checkpoint"
    assert all(not leaks(p.content) for p in pet.files.proposals.pending.values())


# ---------------------------------------------------------------------- strange characters


async def test_a_lone_surrogate_in_a_message_costs_nothing(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    model = ScriptedModel(owner={"intent": "chat", "say": "Hello!"})
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        await async_setup_pet(hass, pet_entry(hass))
        replies = [await tell(hass, freezer, f"hi \ud800 there {n}") for n in range(3)]

    assert [r["ok"] for r in replies] == [True, True, True]
    assert [r["reply"] for r in replies] == ["Hello!"] * 3
    assert "hi \ufffd there 2" in journal(tmp_path), "journaled, the character replaced"
    assert len(model.prompts("owner")) == 3, "one model call each, none failed"
    assert not [
        r
        for r in caplog.records
        if r.levelname in ("ERROR", "WARNING") and r.name.startswith("custom_components.shelldon")
    ]


# ---------------------------------------------------------------------- replies of the wrong shape


def raw_reply(content: list[dict[str, Any]], stop_reason: str = "tool_use") -> Answer:
    message = reply_message({"intent": "x"})
    message["content"], message["stop_reason"] = content, stop_reason
    return json_answer(message)


@pytest.mark.parametrize(
    "bad",
    [
        pytest.param(
            raw_reply(
                [{"type": "tool_use", "id": "t1", "name": "reply", "input": {"intent": "half"}}],
                stop_reason="max_tokens",
            ),
            id="cut off at max_tokens",
        ),
        pytest.param(
            raw_reply(
                [
                    {
                        "type": "tool_use",
                        "id": "t1",
                        "name": "run_shell",
                        "input": {"intent": "x", "say": "rm -rf"},
                    }
                ]
            ),
            id="another tool's name",
        ),
        pytest.param({"intent": "x", "say": "hi", "settle": 5}, id="settle not a list"),
        pytest.param({"intent": "x", "say": "hi", "promise": "soon"}, id="promise not a list"),
        pytest.param({"intent": "x", "say": "hi", "edit": {"path": "a"}}, id="edit not a list"),
        pytest.param({"intent": "x", "say": "hi", "remember": "all"}, id="remember not a list"),
    ],
)
async def test_a_reply_of_the_wrong_shape_is_sent_back_and_retried(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, bad: Any
) -> None:
    model = ScriptedModel(owner=[bad, {"intent": "answer properly", "say": "There you are."}])
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        await async_setup_pet(hass, pet_entry(hass))
        response = await async_tell(hass, "how are you?")

    assert response == {"reply": "There you are.", "intent": "answer properly", "ok": True}
    retry = model.calls[-1][1]["messages"][-1]["content"]
    assert "did not fit" in json.dumps(retry), "the model was told what was wrong"


async def test_a_reply_cut_off_every_time_is_an_apology_not_half_a_sentence(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    cut = raw_reply(
        [
            {
                "type": "tool_use",
                "id": "t1",
                "name": "reply",
                "input": {"intent": "x", "say": "I was about to tell you that the"},
            }
        ],
        stop_reason="max_tokens",
    )
    model = ScriptedModel(owner=[cut])
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        await async_setup_pet(hass, pet_entry(hass))
        response = await async_tell(hass, "tell me a long story")

    assert response["ok"] is False
    assert "I was about to tell you that the" not in response["reply"]


async def test_speak_up_says_when_the_model_failed(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    model = ScriptedModel(proactive=json_answer({"type": "error"}, 500))
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        await async_setup_pet(hass, pet_entry(hass, texts_alex=True))
        hass.states.async_set("person.alex", "home")
        response = await hass.services.async_call(
            DOMAIN, "speak_up", {}, blocking=True, return_response=True
        )

    assert response["outcome"] == "silent" and response["ok"] is False
    assert "could not think" in response["reason"], "never 'it chose silence'"


async def test_open_goals_never_grow_the_prompt_without_bound(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    model = ScriptedModel(owner={"intent": "chat", "say": "Mm."})
    freezer.move_to(local(2026, 11, 30, 14, 0))
    with scripted(model):
        pet = await async_setup_pet(hass, pet_entry(hass))
        for n in range(74):
            pet.files.goals.add(
                f"a small promise number {n} about the garden and the shed",
                kind=GoalKind.REACH_OUT,
                provenance=Provenance.PROMISE,
                strategy=Strategy.SINGLE_MINDED,
                due=None,
            )
        await async_tell(hass, "what do you have on?")

    prompt = model.prompts("owner")[-1]
    assert prompt.count("a small promise number") == 8
    assert "… and 66 more" in prompt


async def test_a_huge_id_is_never_echoed_whole(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 14, 0))
    await async_setup_pet(hass, offline_entry(hass))
    huge = "p" + "9" * 1_000_000
    with pytest.raises(ServiceValidationError) as raised:
        await hass.services.async_call(DOMAIN, "reject_edit", {"edit_id": huge}, blocking=True)
    assert len(str(raised.value.translation_placeholders)) < 300
