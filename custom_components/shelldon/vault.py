"""The vault: the owner's folder of the pet's files, and the one jailed door into it.

Every read and write the pet makes under `<config>/shelldon/<pet>/` goes through `Vault`: the
path must stay inside the vault, no symlink is followed on the way, and the constitution is
never written. Writes are atomic (temp file in the same folder, fsync, rename). The methods
block, so the shell calls them in the executor.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path, PurePosixPath
from typing import Final

CONSTITUTION: Final = PurePosixPath("soul/CONSTITUTION.md")
MAX_READ_BYTES: Final = 4 * 1024 * 1024


class VaultError(Exception):
    """A path the vault refuses, with the reason."""


class Vault:
    """A folder the pet may read and write, and nothing outside it."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._touched: set[str] = set()  # what the pet wrote since the history last looked

    def take_touched(self) -> set[str]:
        """The paths the pet wrote since the last call (for the vault's history)."""
        touched, self._touched = self._touched, set()
        return touched

    def relative(self, rel: str | PurePosixPath) -> PurePosixPath:
        """The normalised vault-relative path, or VaultError if it leaves the vault."""
        path = PurePosixPath(str(rel).replace("\\", "/"))
        if path.is_absolute() or not path.parts:
            raise VaultError(f"{rel}: only paths inside the vault are allowed")
        if any(part in {"..", ""} for part in path.parts):
            raise VaultError(f"{rel}: path escapes the vault")
        return path

    def path(self, rel: str | PurePosixPath) -> Path:
        """The real path for `rel`, refusing escapes and symlinks on the way."""
        relative = self.relative(rel)
        current = self.root
        if current.is_symlink():
            raise VaultError(f"{rel}: the vault folder itself is a symlink")
        for part in relative.parts:
            current = current / part
            try:
                mode = current.lstat().st_mode
            except FileNotFoundError:
                continue
            if stat.S_ISLNK(mode):
                raise VaultError(f"{rel}: symlinks are not followed")
        return current

    def is_constitution(self, rel: str | PurePosixPath) -> bool:
        """Whether `rel` names the constitution (read-only to the pet, always)."""
        return str(self.relative(rel)).casefold() == str(CONSTITUTION).casefold()

    def exists(self, rel: str | PurePosixPath) -> bool:
        """Whether the file exists (inside the vault, not via a symlink)."""
        try:
            return self.path(rel).is_file()
        except VaultError:
            return False

    def read_text(self, rel: str | PurePosixPath, max_bytes: int = MAX_READ_BYTES) -> str:
        """A file's text; VaultError if it is too large or refused."""
        path = self.path(rel)
        size = path.stat().st_size
        if size > max_bytes:
            raise VaultError(f"{rel}: {size} bytes is over the {max_bytes} byte limit")
        return path.read_text(encoding="utf-8", errors="replace")

    def write_text(self, rel: str | PurePosixPath, text: str) -> Path:
        """Replace a file atomically (never the constitution)."""
        if self.is_constitution(rel):
            raise VaultError(f"{rel}: the constitution is read-only to the pet")
        path = self.path(rel)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path(rel)  # the folders just made must not have raced into symlinks
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            Path(tmp).replace(path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        self._touched.add(str(self.relative(rel)))
        return path

    def append_text(self, rel: str | PurePosixPath, text: str) -> Path:
        """Append to a file, creating it (never the constitution)."""
        if self.is_constitution(rel):
            raise VaultError(f"{rel}: the constitution is read-only to the pet")
        path = self.path(rel)
        path.parent.mkdir(parents=True, exist_ok=True)
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
        fd = os.open(path, flags, 0o644)
        with os.fdopen(fd, "a", encoding="utf-8") as handle:
            handle.write(text)
        self._touched.add(str(self.relative(rel)))
        return path

    def seed(self, rel: str | PurePosixPath, text: str) -> bool:
        """Write a starter file only if it is missing (the constitution included: the owner's
        first copy); True when written."""
        path = self.path(rel)
        if path.exists():
            return False
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(
            path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644
        )
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        self._touched.add(str(self.relative(rel)))
        return True

    def mtime_size(self, rel: str | PurePosixPath) -> tuple[float, int] | None:
        """(mtime, size) of a file, or None if it is missing or refused."""
        try:
            info = self.path(rel).stat()
        except (VaultError, OSError):
            return None
        return info.st_mtime, info.st_size
