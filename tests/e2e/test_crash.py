"""A real Home Assistant killed with `kill -9` ten seconds after a conversation.

Nothing the owner said is lost: after the restart the conversation is in the pet's journal and
in its checkpoint, and the vault's history records again (a lock the killed git may have left
is cleaned). The process is driven only over HTTP, as an owner's Home Assistant would be.
"""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path
from types import ModuleType

import pytest

from tests.e2e.test_real_hass import RealHass

SAID = "My sister Ada visits on Friday, and she brings her old grey cat"


def vault(config_dir: Path) -> Path:
    return config_dir / "shelldon" / "shelldon"


def journal(config_dir: Path) -> str:
    days = sorted((vault(config_dir) / "journal").glob("*.md"))
    return "".join(day.read_text(encoding="utf-8") for day in days)


def commits(config_dir: Path) -> list[str]:
    out = subprocess.run(
        ["git", "-C", str(vault(config_dir)), "log", "--format=%s"],
        capture_output=True,
        text=True,
        check=False,
    )
    return out.stdout.splitlines()


def wait_until(check: object, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():  # type: ignore[operator]
            return
        time.sleep(0.5)
    raise AssertionError(f"{what}: not within {timeout:.0f} s")


@pytest.mark.e2e
@pytest.mark.enable_socket
@pytest.mark.allow_hosts(["127.0.0.1"])
@pytest.mark.usefixtures("socket_enabled")
def test_a_pet_killed_after_a_conversation_loses_nothing(demo: ModuleType, tmp_path: Path) -> None:
    real = RealHass(demo, tmp_path / "config")
    api = real.api
    try:
        with real.phase("boot, onboard, add the pet"):
            demo.write_config(real.config_dir, real.port, "127.0.0.1", time_zone="UTC")
            demo.link_integration(real.config_dir)
            real.process.start()
            demo.wait_for_api(api, real.process, timeout=60, config_dir=real.config_dir)
            demo.onboard(api, real.port)
            entry_id = demo.add_pet(api, "Shelldon")["entry_id"]
            demo.wait_for_state(api, demo.MOOD_ENTITY, 30, ready=demo.mood_ready)

        with real.phase("a conversation, then kill -9 ten seconds later"):
            answer = demo.converse(api, SAID)
            assert answer.strip(), "the pet answered"
            time.sleep(10)
            real.process.kill()
            assert real.process.poll() is not None

        with real.phase("the restart"):
            real.process = demo.HassProcess(real.config_dir)
            real.process.start()
            demo.wait_for_api(api, real.process, timeout=60, config_dir=real.config_dir)
            demo.wait_for_entry_loaded(api, entry_id)

        checkpoint = real.config_dir / ".storage" / f"shelldon.{entry_id}"
        with real.phase("the conversation is in the checkpoint and the journal"):
            assert SAID in json.dumps(json.loads(checkpoint.read_text(encoding="utf-8")))
            wait_until(lambda: SAID in journal(real.config_dir), 30, "the journal has it")

        with real.phase("the history records again"):
            before = len(commits(real.config_dir))
            demo.converse(api, "Did you keep that?")
            wait_until(
                lambda: len(commits(real.config_dir)) > before, 45, "a new commit was recorded"
            )
            assert not (vault(real.config_dir) / ".git" / "index.lock").exists()
    finally:
        with real.phase("stopping Home Assistant"):
            real.process.stop(timeout=30)
