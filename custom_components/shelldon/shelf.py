"""The knowledge shelf: documents the owner drops in `knowledge/reference/`, read and cited.

A cheap size-and-mtime scan notices a new or changed `.md`/`.txt`; reading it is an ordinary
act of the mind. The shelf is jailed: nothing outside the folder is read, no symlink is followed,
and a document over the size limit is refused with a clear message. A document that fails to
read is marked seen with one warning and tried again only when the file changes. The index is
the shelf's own (kept in `knowledge/index.json`), separate from what the pet remembers about its
owner: a document is cited, never remembered.
"""

from __future__ import annotations

import json
import logging
import os
import stat
from dataclasses import dataclass
from typing import Any, Final

from .core.knowledge import Chunk, Hit, Index, chunk_document, trigram_vector
from .vault import Vault, VaultError

_LOGGER = logging.getLogger(__name__)

SHELF: Final = "knowledge/reference"
INDEX_FILE: Final = "knowledge/index.json"
SUFFIXES: Final = (".md", ".txt", ".markdown")
MAX_DOC_BYTES: Final = 2 * 1024 * 1024
MAX_DOCS: Final = 500

Stamp = tuple[float, int]


@dataclass(frozen=True)
class ShelfChange:
    """A document that appeared, changed or went away."""

    doc: str
    change: str  # new, changed, removed


class Shelf:
    """The documents on the shelf, what was read of them, and their index."""

    def __init__(self, vault: Vault, vectors: bool = False) -> None:
        self.vault = vault
        self.vectors = vectors
        self.index = Index(vectorizer=trigram_vector if vectors else None)
        self.seen: dict[str, dict[str, Any]] = {}  # doc -> stamp, status, chunks, reason
        self.queued: dict[str, Stamp] = {}  # noticed, waiting for the mind to read it
        self._refused_links: set[str] = set()

    # ------------------------------------------------------------------ blocking

    def scan(self) -> dict[str, Stamp]:
        """Every readable document on the shelf and its (mtime, size); never follows a link."""
        found: dict[str, Stamp] = {}
        try:
            root = self.vault.path(SHELF)
        except VaultError:
            return found
        if not root.is_dir() or root.is_symlink():
            return found
        stack = [root]
        while stack and len(found) < MAX_DOCS:
            folder = stack.pop()
            try:
                entries = list(os.scandir(folder))
            except OSError:
                continue
            for entry in entries:
                rel = os.path.relpath(entry.path, self.vault.root).replace(os.sep, "/")
                if entry.is_symlink():
                    if rel not in self._refused_links:
                        self._refused_links.add(rel)
                        _LOGGER.warning("%s is a symlink; the shelf never follows links", rel)
                    continue
                info = entry.stat(follow_symlinks=False)
                if stat.S_ISDIR(info.st_mode):
                    stack.append(folder / entry.name)
                elif stat.S_ISREG(info.st_mode) and entry.name.lower().endswith(SUFFIXES):
                    found[rel] = (info.st_mtime, info.st_size)
        return found

    def changes(self, stamps: dict[str, Stamp]) -> list[ShelfChange]:
        """What differs from what was already seen (a failed document only when it changed)."""
        out = []
        for doc, stamp in sorted(stamps.items()):
            if self.queued.get(doc) == stamp:
                continue  # already noticed; the mind will read it
            seen = self.seen.get(doc)
            if seen is None:
                out.append(ShelfChange(doc, "new"))
            elif tuple(seen["stamp"]) != stamp:
                out.append(ShelfChange(doc, "changed"))
            else:
                continue
            self.queued[doc] = stamp
        out.extend(ShelfChange(doc, "removed") for doc in sorted(set(self.seen) - set(stamps)))
        return out

    def read(self, doc: str) -> tuple[list[Chunk], Stamp | None, str | None]:
        """Cut a document into chunks: (chunks, stamp, None) or ([], stamp, reason)."""
        stamp = self.vault.mtime_size(doc)
        if not doc.startswith(SHELF + "/"):
            return [], stamp, "not on the shelf"
        if stamp is None:
            return [], None, "it is gone, or is not a regular file"
        if stamp[1] > MAX_DOC_BYTES:
            return (
                [],
                stamp,
                f"it is {-(-stamp[1] // 1024)} KB; "
                f"the shelf takes up to {MAX_DOC_BYTES // 1024} KB",
            )
        try:
            text = self.vault.read_text(doc, MAX_DOC_BYTES)
        except (OSError, VaultError) as err:
            return [], stamp, str(err)
        if not text.strip():
            return [], stamp, "it is empty"
        if "\x00" in text:
            return [], stamp, "it is not a text file"
        return chunk_document(doc, text), stamp, None

    def load(self) -> None:
        """The saved index, if any (a damaged one is rebuilt as documents are read again)."""
        if not self.vault.exists(INDEX_FILE):
            return
        try:
            data = json.loads(self.vault.read_text(INDEX_FILE, 64 * 1024 * 1024))
            seen = {str(k): dict(v) for k, v in data["seen"].items()}
            chunks = [Chunk.from_dict(c) for c in data["chunks"]]
        except (OSError, VaultError, ValueError, KeyError, TypeError, AttributeError) as err:
            _LOGGER.warning(
                "The shelf's index is unreadable (%s); documents will be read again", err
            )
            return
        self.seen = seen
        self.index.extend(chunks)

    def save(self) -> None:
        """Keep the index next to the shelf."""
        data = {"seen": self.seen, "chunks": [c.to_dict() for c in self.index.chunks]}
        self.vault.write_text(INDEX_FILE, json.dumps(data, ensure_ascii=False))

    # ------------------------------------------------------------------ on the loop

    def shelve(
        self, doc: str, chunks: list[Chunk], stamp: Stamp | None, reason: str | None
    ) -> None:
        """Record what reading a document gave (index it, or mark it seen as failed)."""
        self.index.remove_doc(doc)
        self.queued.pop(doc, None)
        if reason is not None:
            self.seen[doc] = {
                "stamp": list(stamp or (0.0, 0)),
                "status": "failed",
                "reason": reason,
            }
            _LOGGER.warning("Could not read %s from the shelf: %s", doc, reason)
            return
        self.index.extend(chunks)
        self.seen[doc] = {"stamp": list(stamp or (0.0, 0)), "status": "read", "chunks": len(chunks)}

    def forget(self, doc: str) -> None:
        """A document left the shelf."""
        self.index.remove_doc(doc)
        self.seen.pop(doc, None)
        self.queued.pop(doc, None)

    def search(self, query: str, limit: int = 3) -> list[Hit]:
        """Chunks worth citing for a query."""
        return self.index.search(query, limit=limit, relative=0.3)
