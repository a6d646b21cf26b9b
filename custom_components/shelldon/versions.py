"""The vault's history: every edit the pet makes can be undone.

When `git` is available the vault is a repository and every tick that changed anything ends in
one commit, `tick <id>: <intention>` (append-only logs are ignored; they are records, not
edits). Without git, the previous content of a file is copied into `.versions/` before the pet
overwrites it. All methods block; the shell calls them in the executor.
"""

from __future__ import annotations

import logging
import shutil
import subprocess
import threading
from datetime import datetime
from pathlib import Path
from typing import Final

from .vault import Vault, VaultError

_LOGGER = logging.getLogger(__name__)

VERSIONS_DIR: Final = ".versions"
GITIGNORE: Final = """\
# Append-only logs are records, not edits: they rotate on their own.
trace/
signals.jsonl*
world/beliefs.jsonl*
knowledge/index.json
.versions/
# Half-written files (atomic writes land through a temporary sibling).
.*.tmp
"""
GIT_TIMEOUT_S: Final = 20
_RECORDS: Final = ("trace/", "signals.jsonl", "world/beliefs.jsonl", "knowledge/index.json")


def _unrecorded(rel: str) -> bool:
    """A path the history ignores (see GITIGNORE)."""
    name = rel.rsplit("/", 1)[-1]
    return (
        rel.startswith(_RECORDS)
        or rel.startswith(f"{VERSIONS_DIR}/")
        or (name.startswith(".") and name.endswith(".tmp"))
    )


class VaultHistory:
    """Commits (git) or copies (.versions) so any edit by the pet can be undone."""

    def __init__(self, vault: Vault, git: str | None = None) -> None:
        self.vault = vault
        self.git = git if git is not None else shutil.which("git")
        self._ready = False
        self._failed = False
        self._lock = threading.Lock()  # one git at a time in the vault
        self._look = True  # the first record looks (the owner may have edited while it slept)

    def owner_edited(self) -> None:
        """Files changed that the pet did not write: the next record looks."""
        self._look = True

    @property
    def uses_git(self) -> bool:
        """Whether history is kept with git."""
        return bool(self.git) and not self._failed

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        assert self.git is not None
        return subprocess.run(
            [self.git, *args],
            cwd=self.vault.root,
            capture_output=True,
            text=True,
            timeout=GIT_TIMEOUT_S,
            check=True,
        )

    def ensure(self) -> None:
        """Make the vault a repository (or make the versions folder) once."""
        if self._ready:
            return
        self.vault.root.mkdir(parents=True, exist_ok=True)
        if self.uses_git:
            try:
                if not (self.vault.root / ".git").is_dir():
                    self._run("init", "-q")
                    self._run("config", "user.name", "shelldon")
                    self._run("config", "user.email", "shelldon@localhost")
                    self._run("config", "commit.gpgsign", "false")
                if not self.vault.seed(".gitignore", GITIGNORE):
                    current = self.vault.read_text(".gitignore")
                    missing = [
                        line
                        for line in GITIGNORE.splitlines()
                        if line and not line.startswith("#") and line not in current.splitlines()
                    ]
                    if missing:  # a vault from an older version: add what it lacks
                        self.vault.write_text(
                            ".gitignore", current.rstrip("\n") + "\n" + "\n".join(missing) + "\n"
                        )
            except (OSError, subprocess.SubprocessError, VaultError) as err:
                _LOGGER.warning(
                    "git is not usable in %s (%s); keeping versions instead", self.vault.root, err
                )
                self._failed = True
        self._ready = True

    def record(self, message: str) -> bool:
        """Commit whatever changed (git); True when a commit was made."""
        self.ensure()
        if not self.uses_git:
            return False
        touched = self.vault.take_touched()
        if not self._look and all(_unrecorded(rel) for rel in touched):
            return False  # only records were written: nothing to commit, and no git to run
        self._look = False
        with self._lock:
            try:
                self._run("add", "-A")
                done = subprocess.run(
                    [self.git, "commit", "-q", "--no-verify", "-m", message],  # type: ignore[list-item]
                    cwd=self.vault.root,
                    capture_output=True,
                    text=True,
                    timeout=GIT_TIMEOUT_S,
                    check=False,
                )
            except (OSError, subprocess.SubprocessError) as err:
                _LOGGER.warning("Could not record the vault's history: %s", err)
                return False
            if done.returncode != 0:
                if "nothing" not in (done.stdout + done.stderr):  # nothing to commit is fine
                    _LOGGER.warning("Could not record the vault's history: %s", done.stderr.strip())
                return False
        return True

    def keep_previous(self, rel: str, now: datetime) -> Path | None:
        """Without git: copy a file's current content into .versions before it is replaced."""
        self.ensure()
        if self.uses_git or not self.vault.exists(rel):
            return None
        stamp = now.strftime("%Y%m%dT%H%M%S")
        target = f"{VERSIONS_DIR}/{rel}.{stamp}"
        return self.vault.write_text(target, self.vault.read_text(rel))

    def log(self, limit: int = 20) -> list[str]:
        """The latest commit subjects (git), newest first."""
        self.ensure()
        if not self.uses_git:
            return []
        try:
            out = self._run("log", f"-{limit}", "--format=%s").stdout
        except (OSError, subprocess.SubprocessError):
            return []
        return [line for line in out.splitlines() if line]
