"""The shelf's walk and its reading: what the cheap scan finds, and a document read into its
volume. Both block (they run in the executor) and both are jailed: nothing outside
`knowledge/reference/` is read, no symlink or hard link is followed, hidden names and names that
are not valid UTF-8 are passed over, and a document over the size limit is refused.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Final

from ..core.knowledge import Vectorizer, Volume
from ..core.passages import chunk_document
from ..core.secrets.scrub import Pool
from ..core.text import clean, path_problem
from .catalogue import SHELF, MiB, Stamp
from .vault import Vault, VaultError, reason

SUFFIXES: Final = (".md", ".txt", ".markdown")
MAX_DOC_BYTES: Final = 2 * MiB

WarnOnce = Callable[..., None]  # (key, message, *args): a warning said once per key


def walk(
    vault: Vault, *, limit: int, held: Callable[[], list[str]], warn_once: WarnOnce
) -> dict[str, Stamp]:
    """Every readable document on the shelf and its (mtime, size), in sorted order. Past
    `limit` entries the walk stops, and what is `held` (on the shelf or queued) stays found."""
    found: dict[str, Stamp] = {}
    try:
        root = vault.path(SHELF)
    except VaultError:
        return found
    if not root.is_dir() or root.is_symlink():
        return found
    looked = 0
    stack = [_entries(root)]
    while stack:
        if not stack[-1]:
            stack.pop()
            continue
        entry = stack[-1].pop()
        looked += 1
        if looked > limit:
            warn_once(
                "looked",
                "The shelf holds more than %d files and folders; the rest are not looked at",
                limit,
            )
            break
        if entry.name.startswith("."):
            continue  # hidden: an editor's or the system's, never a document
        rel = os.path.relpath(entry.path, vault.root).replace(os.sep, "/")
        if path_problem(rel) is not None:
            warn_once(
                rel,
                "%s: a name that is not valid UTF-8 (or holds a control character) is passed over",
                clean(rel),
            )
            continue
        if entry.is_symlink():
            warn_once(rel, "%s is a symlink; the shelf never follows links", rel)
            continue
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if stat.S_ISDIR(info.st_mode):
            stack.append(_entries(Path(entry.path)))
        elif stat.S_ISREG(info.st_mode) and entry.name.lower().endswith(SUFFIXES):
            if info.st_nlink > 1:
                warn_once(rel, "%s is a hard link; the shelf never follows links", rel)
                continue
            found[rel] = (info.st_mtime, info.st_size)
    if looked > limit:  # what is on the shelf stays, wherever the walk stopped
        for doc in held():
            if doc not in found and (stamp := _regular_stamp(vault, doc)) is not None:
                found[doc] = stamp
    return found


def read_volume(
    vault: Vault, doc: str, vectorizer: Vectorizer | None
) -> tuple[Volume, Stamp | None, str | None]:
    """Read a document into its volume: (volume, stamp, None), or (empty, stamp, reason)."""
    empty = Volume.build(doc, ())
    stamp = vault.mtime_size(doc)
    if not doc.startswith(SHELF + "/"):
        return empty, stamp, "not on the shelf"
    if stamp is None:
        return empty, None, "it is gone, or is not a regular file"
    if stamp[1] > MAX_DOC_BYTES:
        return (
            empty,
            stamp,
            f"it is {-(-stamp[1] // 1024)} KB; the shelf takes up to {MAX_DOC_BYTES // 1024} KB",
        )
    try:
        text = vault.read_text(doc, MAX_DOC_BYTES)
    except (OSError, VaultError) as err:
        return empty, stamp, reason(err)
    if not text.strip():
        return empty, stamp, "it is empty"
    if "\x00" in text:
        return empty, stamp, "it is not a text file"

    # Held as it is kept: the vault scrubs every string it writes, so the chunks are scrubbed
    # here too (their spans still point into the file) and a restart finds the very same
    # passages. What the owner put on the shelf is theirs: its secrets are filed.
    chunks = [
        replace(
            c, text=vault.safe_text(c.text, Pool.FILED), blurb=vault.safe_text(c.blurb, Pool.FILED)
        )
        for c in chunk_document(doc, text)
    ]
    return Volume.build(doc, chunks, vectorizer), stamp, None


def _entries(folder: Path) -> list[os.DirEntry[str]]:
    """A folder's entries, last name first (popped in sorted order)."""
    try:
        with os.scandir(folder) as listing:
            return sorted(listing, key=lambda e: e.name, reverse=True)
    except OSError:
        return []


def _regular_stamp(vault: Vault, doc: str) -> Stamp | None:
    try:
        info = vault.path(doc).stat(follow_symlinks=False)
    except (OSError, VaultError):
        return None
    if not stat.S_ISREG(info.st_mode) or info.st_nlink > 1:
        return None
    return info.st_mtime, info.st_size
