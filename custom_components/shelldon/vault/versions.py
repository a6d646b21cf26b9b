"""The vault's history: every edit the pet makes can be undone, and nothing in the vault can
make the history run anything.

When `git` is available the vault is a repository and every tick that changed anything ends in
one commit, `tick <id>: <intention>` (append-only logs are ignored; they are records, not
edits). Without git, the previous content of a file is copied into `.versions/` before the pet
overwrites it. The history is the only code that touches the vault's machinery (`.git`,
`.versions`, `.gitignore`); the pet's writer refuses every path into it. Git runs with its
repository and work tree named explicitly, no system or global config, hooks and fsmonitor
off, and the rest of what could run a command pinned on the command line (which beats any
config file), so a config or hook planted in the vault runs nothing. A repository that is not
the history's own (a symlink, a `.git` file pointing elsewhere, a config shelldon never wrote,
or one with a filter driver or an include, which no command-line setting can switch off) is
refused, with a repair issue. A lock left by a killed git is cleaned when no git of ours runs; a
history that cannot record says so through `on_trouble`, once, until it records again. All
methods block; the shell calls them in the executor.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import stat
import subprocess
import threading
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Final

from .vault import Vault, VaultError

_LOGGER = logging.getLogger(__name__)

GIT_DIR: Final = ".git"
VERSIONS_DIR: Final = ".versions"
IGNORE_FILE: Final = ".gitignore"
GITIGNORE: Final = """\
# Append-only logs are records, not edits: they rotate on their own.
trace/
signals.jsonl*
world/beliefs.jsonl*
knowledge/index.json
knowledge/index/
.versions/
# Half-written files (atomic writes land through a temporary sibling).
.*.tmp
"""
GIT_TIMEOUT_S: Final = 20
STALE_LOCK_S: Final = 30  # a lock this old, with no git of ours running, was left by a crash
OWNER_NAME: Final = "shelldon"
_RECORDS: Final = (
    "trace/",
    "signals.jsonl",
    "world/beliefs.jsonl",
    "knowledge/index.json",
    "knowledge/index/",
)
# Pinned on every run: command-line config beats every config file in the vault.
_PINNED: Final = (
    "core.hooksPath=" + os.devnull,
    "core.fsmonitor=false",
    "core.untrackedCache=false",
    "core.attributesFile=" + os.devnull,
    "core.excludesFile=" + os.devnull,
    "core.symlinks=false",
    "core.autocrlf=false",
    "commit.gpgsign=false",
    "gc.auto=0",
    "maintenance.auto=false",
    "user.name=" + OWNER_NAME,
    "user.email=shelldon@localhost",
    "init.defaultBranch=main",
)

# A lock's age is the file system's business: the machine's own clock, never a simulated one.
_WALL: Final = {"time": time.time}
# The repository's config is the history's own: before every run it is written from the
# template below. Anything git could run a command from that no command-line setting switches
# off (a filter driver, an include or includeIf that could bring one) lives in a section, so a
# config with any section the template lacks, or a bracket anywhere else, is refused as a
# whole and never rewritten: it is not shelldon's, and the owner is told.
_SECTIONS: Final = frozenset({"core", "user", "commit"})
_SECTION: Final = re.compile(r"\s*\[([A-Za-z]+)\]\s*")
_SETTING: Final = re.compile(r"\s*([A-Za-z][A-Za-z0-9-]*)\s*=\s*(.*?)\s*")
_COMMENT: Final = re.compile(r"\s*(?:[#;].*)?")
CONFIG: Final = f"""\
[core]
\trepositoryformatversion = 0
\tfilemode = {{filemode}}
\tbare = false
\tlogallrefupdates = true
[user]
\tname = {OWNER_NAME}
\temail = shelldon@localhost
[commit]
\tgpgsign = false
"""
# git's own info files: patterns and attributes for this repository alone. Attributes could
# name a filter; neither is ever written by the history: comments only.
_INFO_FILES: Final = ("info/attributes", "info/exclude")
Trouble = Callable[[str | None], None]  # why the history cannot record, or None once it can


_LOCKS: dict[str, threading.Lock] = {}
_LOCKS_GUARD = threading.Lock()


def _vault_lock(root: Path) -> threading.Lock:
    """One lock per vault in this process: a reloaded pet's history and the one it replaces
    (whose last commit may still run) never run git side by side."""
    with _LOCKS_GUARD:
        return _LOCKS.setdefault(str(root.resolve()), threading.Lock())


def _unrecorded(rel: str) -> bool:
    """A path the history ignores (see GITIGNORE)."""
    name = rel.rsplit("/", 1)[-1]
    return (
        rel.startswith(_RECORDS)
        or rel.startswith(f"{VERSIONS_DIR}/")
        or (name.startswith(".") and name.endswith(".tmp"))
    )


class HistoryRefused(Exception):
    """The vault holds a repository the history will not work on."""


def _own_config(config: Path) -> None:
    """Check the repository's config and write it from the template (so every run starts from
    it); HistoryRefused for a config that is not shelldon's."""
    if config.is_symlink() or not config.is_file():
        raise HistoryRefused(f"{GIT_DIR}/config is missing or a link")
    text = config.read_text(encoding="utf-8", errors="replace")
    section = None
    filemode, owner = "true", None
    for line in text.splitlines():
        if (header := _SECTION.fullmatch(line)) is not None:
            section = header.group(1).lower()
            if section not in _SECTIONS:
                raise HistoryRefused(
                    f"{GIT_DIR}/config has a [{section}] section (shelldon never writes one)"
                )
        elif "[" in line or line.rstrip().endswith("\\"):
            raise HistoryRefused(f"{GIT_DIR}/config has a line shelldon never writes")
        elif (setting := _SETTING.fullmatch(line)) is not None:
            key, value = setting.group(1).lower(), setting.group(2)
            if (section, key) == ("core", "filemode") and value in ("true", "false"):
                filemode = value
            elif (section, key) == ("user", "name"):
                owner = value
    if owner != OWNER_NAME:
        raise HistoryRefused(f"the repository in {GIT_DIR} is not shelldon's own")
    wanted = CONFIG.format(filemode=filemode)
    if text != wanted:
        fresh = config.with_name("config.shelldon")
        fresh.write_text(wanted, encoding="utf-8")
        fresh.replace(config)


def _only_comments(path: Path) -> None:
    """One of git's own info files holds nothing but comments (or is not there)."""
    if path.is_symlink():
        raise HistoryRefused(f"{GIT_DIR}/{path.parent.name}/{path.name} is a link")
    if not path.exists():
        return
    text = path.read_text(encoding="utf-8", errors="replace") if path.is_file() else "?"
    if any(_COMMENT.fullmatch(line) is None for line in text.splitlines()):
        raise HistoryRefused(
            f"{GIT_DIR}/{path.parent.name}/{path.name} holds rules shelldon never writes"
        )


class Versions:
    """Commits (git) or copies (.versions) so any edit by the pet can be undone."""

    def __init__(
        self, vault: Vault, git: str | None = None, on_trouble: Trouble | None = None
    ) -> None:
        self.vault = vault
        self.git = git if git is not None else shutil.which("git")
        self.on_trouble = on_trouble
        self._ready = False
        self._failed = False
        self._lock = _vault_lock(vault.root)  # one git at a time in the vault, whoever asks
        self._look = True  # the first record looks (the owner may have edited while it slept)
        self.trouble: str | None = None

    def owner_edited(self) -> None:
        """Files changed that the pet did not write: the next record looks."""
        self._look = True

    @property
    def uses_git(self) -> bool:
        """Whether history is kept with git."""
        return bool(self.git) and not self._failed

    # ------------------------------------------------------------------ git, fenced in

    def _env(self) -> dict[str, str]:
        root = self.vault.root
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith("GIT_") and key not in {"EDITOR", "VISUAL", "PAGER"}
        }
        env.update(
            {
                "GIT_DIR": str(root / GIT_DIR),
                "GIT_WORK_TREE": str(root),
                "GIT_CEILING_DIRECTORIES": str(root.parent),
                "GIT_CONFIG_NOSYSTEM": "1",
                "GIT_CONFIG_GLOBAL": os.devnull,
                "GIT_TERMINAL_PROMPT": "0",
                "GIT_ATTR_NOSYSTEM": "1",
                "GIT_OPTIONAL_LOCKS": "0",
                "LC_ALL": "C",
            }
        )
        return env

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        """Run git; CalledProcessError when it fails."""
        return self._git(args, check=True)

    def _try(self, *args: str) -> subprocess.CompletedProcess[str]:
        """Run git and hand back how it went."""
        return self._git(args, check=False)

    def _git(self, args: tuple[str, ...], *, check: bool) -> subprocess.CompletedProcess[str]:
        assert self.git is not None
        pinned = [part for setting in _PINNED for part in ("-c", setting)]
        return subprocess.run(
            [self.git, *pinned, *args],
            cwd=self.vault.root,
            env=self._env(),
            capture_output=True,
            text=True,
            timeout=GIT_TIMEOUT_S,
            check=check,
        )

    def _check_own(self, *, thorough: bool = True) -> None:
        """Refuse a repository that is not the history's own (thorough: ask git whose it is)."""
        try:
            git_dir = self.vault.own(GIT_DIR)
            info = git_dir.lstat()
        except (VaultError, FileNotFoundError) as err:
            raise HistoryRefused(f"{GIT_DIR} is not a folder the history made ({err})") from err
        if not stat.S_ISDIR(info.st_mode):
            raise HistoryRefused(f"{GIT_DIR} is not a folder the history made")
        _own_config(git_dir / "config")
        for name in _INFO_FILES:
            _only_comments(git_dir / name)
        if not thorough:
            return
        owner = self._try("config", "--local", "--get", "user.name").stdout.strip()
        if owner != OWNER_NAME:
            raise HistoryRefused(f"the repository in {GIT_DIR} is not shelldon's own")

    def _clean_stale_locks(self, older_than: float = STALE_LOCK_S) -> list[str]:
        """Remove lock files a killed git left behind (our own lock is held: none of ours runs)."""
        git_dir = self.vault.root / GIT_DIR
        candidates = [git_dir / "index.lock", git_dir / "HEAD.lock"]
        heads = git_dir / "refs" / "heads"
        if heads.is_dir() and not heads.is_symlink():
            candidates.extend(heads.glob("*.lock"))
        removed = []
        now = _WALL["time"]()
        for lock in candidates:
            try:
                info = lock.lstat()
            except FileNotFoundError:
                continue
            stale = older_than <= 0 or now - info.st_mtime >= older_than
            if stat.S_ISREG(info.st_mode) and stale:
                lock.unlink(missing_ok=True)
                removed.append(lock.name)
        if removed:
            _LOGGER.info("Cleaned a stale git lock in %s: %s", self.vault.root, ", ".join(removed))
        return removed

    def _report(self, trouble: str | None) -> None:
        if trouble == self.trouble:
            return
        self.trouble = trouble
        if trouble is not None:
            _LOGGER.warning("The history of %s cannot record: %s", self.vault.root, trouble)
        else:
            _LOGGER.info("The history of %s records again", self.vault.root)
        if self.on_trouble is not None:
            self.on_trouble(trouble)

    # ------------------------------------------------------------------ the history

    def ensure(self) -> None:
        """Make the vault a repository (or make the versions folder) once."""
        if self._ready:
            return
        self.vault.root.mkdir(parents=True, exist_ok=True)
        if self.uses_git:
            try:
                with self._lock:
                    if not os.path.lexists(self.vault.root / GIT_DIR):
                        self._run("init", "-q")
                        self._run("config", "user.name", OWNER_NAME)
                        self._run("config", "user.email", "shelldon@localhost")
                        self._run("config", "commit.gpgsign", "false")
                    self._check_own()
                    self._clean_stale_locks(older_than=0)  # at start, nothing of ours runs
                    self._ensure_ignore()
            except HistoryRefused as err:
                self._failed = True
                self._report(f"{err}; keeping copies in {VERSIONS_DIR} instead")
            except (OSError, subprocess.SubprocessError, VaultError) as err:
                _LOGGER.warning(
                    "git is not usable in %s (%s); keeping versions instead", self.vault.root, err
                )
                self._failed = True
        self._ready = True

    def _ensure_ignore(self) -> None:
        ignore = self.vault.own(IGNORE_FILE)
        if not ignore.exists():
            ignore.write_text(GITIGNORE, encoding="utf-8")
            return
        current = ignore.read_text(encoding="utf-8", errors="replace")
        missing = [
            line
            for line in GITIGNORE.splitlines()
            if line and not line.startswith("#") and line not in current.splitlines()
        ]
        if missing:  # a vault from an older version: add what it lacks
            ignore.write_text(current.rstrip("\n") + "\n" + "\n".join(missing) + "\n", "utf-8")

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
                self._check_own(thorough=False)
                self._clean_stale_locks()
                self._run("add", "-A")
                done = self._try(
                    "commit", "-q", "--no-verify", "-m", self.vault.scrubber.cut(message, 2000)
                )
            except HistoryRefused as err:
                self._failed = True
                self._report(f"{err}; keeping copies in {VERSIONS_DIR} instead")
                return False
            except (OSError, subprocess.SubprocessError, VaultError) as err:
                self._look = True  # what was not recorded is still there for the next record
                detail = getattr(err, "stderr", "") or str(err)
                self._report(detail.strip().splitlines()[-1] if detail.strip() else str(err))
                return False
            if done.returncode != 0:
                said = done.stdout + done.stderr
                if "nothing" in said or "no changes added" in said:  # nothing to commit: fine
                    self._report(None)
                    return False
                self._look = True
                lines = (done.stderr or done.stdout).strip().splitlines()
                self._report(lines[-1] if lines else f"git commit exited with {done.returncode}")
                return False
        self._report(None)
        return True

    def keep_previous(self, rel: str, now: datetime) -> Path | None:
        """Without git: copy a file's current content into .versions before it is replaced."""
        self.ensure()
        if self.uses_git or not self.vault.exists(rel):
            return None
        stamp = now.strftime("%Y%m%dT%H%M%S")
        target = self.vault.own(VERSIONS_DIR) / f"{self.vault.relative(rel)}.{stamp}"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(self.vault.read_text(rel), encoding="utf-8")
        return target

    def log(self, limit: int = 20) -> list[str]:
        """The latest commit subjects (git), newest first."""
        self.ensure()
        if not self.uses_git:
            return []
        try:
            with self._lock:
                self._check_own(thorough=False)
                out = self._run("log", f"-{limit}", "--format=%s").stdout
        except (OSError, subprocess.SubprocessError, HistoryRefused, VaultError):
            return []
        return [line for line in out.splitlines() if line]
