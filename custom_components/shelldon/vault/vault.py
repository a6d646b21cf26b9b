"""The vault: the owner's folder of the pet's files, and the one jailed writer into it.

Every read and write the pet makes under `<config>/shelldon/<pet>/` goes through `Vault`: the
path must stay inside the vault, no symlink is followed on the way, no hard link is read or
appended to, nothing is written into the vault's own machinery (any path segment starting with
`.`: the history's repository, its versions folder, its ignore file), and the constitution is
never written. Every byte written passes the scrubber first, so no secret reaches a file or a
commit of the history. Writes are atomic (temp file in the same folder, fsync, rename). The
methods block, so the shell calls them in the executor.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path, PurePosixPath
from typing import Any, Final

import yaml

from ..core.language.words import phrase
from ..core.secrets.scrub import Pool, Scrubber, Taint
from ..core.text import clean, clean_data, path_problem, shorten

CONSTITUTION: Final = PurePosixPath("soul/CONSTITUTION.md")
MAX_READ_BYTES: Final = 4 * 1024 * 1024
MAX_NAME_BYTES: Final = 255  # what common file systems allow for one name
MAX_PATH_CHARS: Final = 400

# Why the file system refused, in words with no host path in them.
_REASONS: Final = {  # in English: logs are; what the owner reads is retold (core/words)
    errno.ENAMETOOLONG: phrase("reason.name_too_long"),
    errno.ENOTDIR: phrase("reason.not_a_folder"),
    errno.EISDIR: phrase("reason.is_a_folder"),
    errno.EACCES: phrase("reason.permission"),
    errno.EPERM: phrase("reason.permission"),
    errno.ENOSPC: phrase("reason.no_space"),
    errno.EDQUOT: phrase("reason.quota"),
    errno.EROFS: phrase("reason.read_only"),
    errno.EEXIST: phrase("reason.exists"),
    errno.ELOOP: phrase("reason.symlink"),
    errno.EIO: phrase("reason.disk_error"),
}


# The owner's YAML files are read and written with libyaml's safe loader where PyYAML has it
# (it does in Home Assistant's wheels): the same safe subset, several times faster.
_YAML_LOADER: Final = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_YAML_DUMPER: Final = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def yaml_data(text: str) -> Any:
    """The plain data of a YAML text (safe: no tags, no objects)."""
    return yaml.load(text, Loader=_YAML_LOADER)


def yaml_text(data: Any) -> str:
    """Plain data as YAML, in the order given."""
    return yaml.dump(data, Dumper=_YAML_DUMPER, sort_keys=False, allow_unicode=False)


class VaultError(Exception):
    """A path the vault refuses, with the reason."""


def reason(err: BaseException) -> str:
    """Why a vault operation failed, in plain words: never a path of the host."""
    if isinstance(err, VaultError):
        return str(err)
    if isinstance(err, OSError) and err.errno is not None:
        return _REASONS.get(err.errno) or os.strerror(err.errno).lower()
    return type(err).__name__


def write_atomically(path: Path, data: bytes, *, mode: int | None = None) -> None:
    """Blocking: `data` as the whole of `path`, or the file as it was: a hidden temp file beside
    it, fsync, then a rename over it (`mode`: its permissions, where a private temp file's are
    not wanted)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            if mode is not None:
                os.fchmod(handle.fileno(), mode)
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        Path(tmp).replace(path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def new_scrubber() -> Scrubber:
    """A scrubber with a fresh taint (its key random; a pet's comes back from its checkpoint)."""
    return Scrubber(Taint(os.urandom(16)))


class Vault:
    """A folder the pet may read and write, and nothing outside it."""

    def __init__(self, root: Path, scrubber: Scrubber | None = None) -> None:
        self.root = root
        self.scrubber = scrubber or new_scrubber()
        self._touched: set[str] = set()  # what the pet wrote since the history last looked

    def safe_text(self, text: str, pool: Pool = Pool.HEARD) -> str:
        """What the vault writes for `text`: cleaned of unwritable characters, then scrubbed
        (what it hid remembered in `pool`: `FILED` for what the owner put in a file)."""
        return self.scrubber(clean(text), pool)

    def safe_data(self, data: Any) -> Any:
        """Plain data as the vault writes it: every string cleaned, then scrubbed."""
        return self.scrubber.data(clean_data(data))

    def _json_line(self, record: Any) -> str:
        return json.dumps(self.safe_data(record), ensure_ascii=False) + "\n"

    def take_touched(self) -> set[str]:
        """The paths the pet wrote since the last call (for the vault's history)."""
        touched, self._touched = self._touched, set()
        return touched

    def relative(self, rel: str | PurePosixPath) -> PurePosixPath:
        """The normalised vault-relative path, or VaultError if the pet may not use it."""
        raw = str(rel)
        if (problem := path_problem(raw)) is not None:
            raise VaultError(f"{shorten(raw)}: {problem}")
        path = PurePosixPath(raw.replace("\\", "/"))
        if path.is_absolute() or not path.parts:
            raise VaultError(f"{shorten(raw)}: only paths inside the vault are allowed")
        if any(part in {"..", ""} for part in path.parts):
            raise VaultError(f"{shorten(raw)}: path escapes the vault")
        if any(part.startswith(".") for part in path.parts):
            raise VaultError(f"{shorten(raw)}: that is the vault's own machinery, not a pet's file")
        if len(raw) > MAX_PATH_CHARS or any(
            len(part.encode("utf-8", errors="replace")) > MAX_NAME_BYTES for part in path.parts
        ):
            raise VaultError(f"{shorten(raw)}: the name is too long")
        return path

    def path(self, rel: str | PurePosixPath) -> Path:
        """The real path for `rel`, refusing escapes and symlinks on the way."""
        relative = self.relative(rel)
        current = self._root()
        for part in relative.parts:
            current = current / part
            try:
                mode = current.lstat().st_mode
            except FileNotFoundError:
                continue
            except OSError as err:  # a file where a folder should be, a name too long, …
                raise VaultError(f"{shorten(str(rel))}: {reason(err)}") from err
            if stat.S_ISLNK(mode):
                raise VaultError(f"{shorten(str(rel))}: symlinks are not followed")
        return current

    def _root(self) -> Path:
        if self.root.is_symlink():
            raise VaultError("the vault folder itself is a symlink")
        return self.root

    def own(self, name: str) -> Path:
        """A path of the vault's own machinery (`.git`, `.versions`, `.gitignore`): for the
        history alone, never for anything a reply names."""
        if not name.startswith(".") or "/" in name or name in {".", ".."}:
            raise VaultError(f"{shorten(name)}: not a name of the vault's machinery")
        path = self._root() / name
        if path.is_symlink():
            raise VaultError(f"{name}: symlinks are not followed")
        return path

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
        """A file's text; VaultError if it is too large, a hard link, or refused."""
        path = self.path(rel)
        info = path.stat()
        _refuse_hard_link(rel, info)
        if info.st_size > max_bytes:
            raise VaultError(f"{rel}: {info.st_size} bytes is over the {max_bytes} byte limit")
        return path.read_text(encoding="utf-8", errors="replace")

    def _writable(self, rel: str | PurePosixPath) -> Path:
        if self.is_constitution(rel):
            raise VaultError(f"{rel}: the constitution is read-only to the pet")
        path = self.path(rel)
        path.parent.mkdir(parents=True, exist_ok=True)
        return self.path(rel)  # the folders just made must not have raced into symlinks

    def write_text(self, rel: str | PurePosixPath, text: str) -> Path:
        """Replace a file atomically with the scrubbed text (never the constitution)."""
        return self._replace(rel, self.safe_text(text))

    def write_json(self, rel: str | PurePosixPath, data: Any) -> Path:
        """Replace a JSON file atomically; every string in `data` is scrubbed first (scrubbing
        the serialised text instead could cut through its quotes)."""
        return self._replace(rel, json.dumps(self.safe_data(data), ensure_ascii=False))

    def _replace(self, rel: str | PurePosixPath, text: str) -> Path:
        path = self._writable(rel)
        write_atomically(path, text.encode("utf-8"))
        self._touched.add(str(self.relative(rel)))
        return path

    def append_text(self, rel: str | PurePosixPath, text: str) -> int:
        """Append the scrubbed text to a file, creating it (never the constitution); returns
        the bytes written."""
        return self._append(rel, self.safe_text(text))

    def append_json(self, rel: str | PurePosixPath, records: Iterable[Any]) -> int:
        """Append one JSON line per record, each string in it scrubbed first; returns the bytes
        written."""
        return self._append(rel, "".join(self._json_line(r) for r in records))

    def _append(self, rel: str | PurePosixPath, text: str) -> int:
        """All of `text` or none of it: a write that fails part way (no space left) is cut back
        to where it began, so a retry never doubles a line."""
        path = self._writable(rel)
        data = text.encode("utf-8")
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
        fd = os.open(path, flags, 0o644)
        with os.fdopen(fd, "ab", buffering=0) as handle:
            info = os.fstat(handle.fileno())
            _refuse_hard_link(rel, info)
            written = 0
            try:
                while written < len(data):
                    step = handle.write(data[written:])
                    if not step:
                        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                    written += step
            except BaseException:
                with contextlib.suppress(OSError):
                    os.ftruncate(handle.fileno(), info.st_size)
                raise
        self._touched.add(str(self.relative(rel)))
        return len(data)

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
            handle.write(self.safe_text(text))
        self._touched.add(str(self.relative(rel)))
        return True

    def remove(self, rel: str | PurePosixPath) -> bool:
        """Delete one of the pet's files (never the constitution); True when it was there."""
        if self.is_constitution(rel):
            raise VaultError(f"{rel}: the constitution is read-only to the pet")
        path = self.path(rel)
        try:
            path.unlink()
        except FileNotFoundError:
            return False
        self._touched.add(str(self.relative(rel)))
        return True

    def mtime_size(self, rel: str | PurePosixPath) -> tuple[float, int] | None:
        """(mtime, size) of a file, or None if it is missing or refused."""
        try:
            info = self.path(rel).stat()
        except (VaultError, OSError):
            return None
        return info.st_mtime, info.st_size


def _refuse_hard_link(rel: str | PurePosixPath, info: os.stat_result) -> None:
    if stat.S_ISREG(info.st_mode) and info.st_nlink > 1:
        raise VaultError(f"{shorten(str(rel))}: hard links are not followed")
