"""The knowledge shelf: documents the owner drops in `knowledge/reference/`, read and cited.

A cheap size-and-mtime scan notices a new or changed `.md`/`.txt`; reading it is an ordinary
act of the mind. The shelf is jailed (`walk`): nothing outside the folder is read, no symlink
or hard link is followed, a name that is hidden (`.`) or not valid UTF-8 is passed over, and a
document over the size limit is refused with a clear message. The shelf is bounded as a whole:
at most `MAX_DOCS` documents and `MAX_SHELF_BYTES` of them (`MAX_VECTOR_SHELF_BYTES` with
vectors on), taken in sorted path order, what is already on it keeping its place; a document
that does not fit is marked refused ("the shelf is full: ...") with one warning, and looked at
again only when the shelf has room or the document changes. A document that fails to read is
marked seen with one warning and tried again only when the file changes.

Everything heavy (reading, chunking, scrubbing, indexing a document into its volume, writing
the index) happens in `read`, `load`, `scan` and `save`, which block and run in the executor;
what runs on the event loop (`changes`, `shelve`, `forget`, `search`) only moves whole volumes
and a few counters. The index is the shelf's own (`knowledge/index/`, kept as `catalogue`
says: one file per document and a catalogue of what was seen), written as it changes: shelving
a document writes its file and the catalogue, nothing else. The index is separate from what the
pet remembers about its owner: a document is cited, never remembered.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from ..core.knowledge import Catalogue, Hit, Volume, trigram_vector
from ..core.passages import Chunk
from .catalogue import (
    CATALOGUE_FILE,
    OLD_INDEX_FILE,
    MiB,
    Stamp,
    read_catalogue,
    read_old_index,
    remove,
    sweep,
    write_catalogue,
    write_volume,
)
from .vault import Vault, VaultError
from .walk import MAX_DOC_BYTES, read_volume, walk

_LOGGER = logging.getLogger(__name__)

MAX_DOCS: Final = 500
# 32 MiB is sixteen documents at the size limit, or some five million words: far more than a
# desk pet's reference shelf holds. Held in memory a document costs about 2.8 times its size
# (its text, its chunks, its postings), so a full shelf is ~90 MB; on disk its index costs about
# its size again, and reading it back at start takes some 5-8 s in the executor (measured in
# bench/test_bench_shelf.py).
MAX_SHELF_BYTES: Final = 32 * MiB
# Trigram vectors cost some 65 times a document's size in memory (a dict of trigrams per
# chunk): with them on, the shelf takes one document at the size limit, ~130 MB of vectors.
MAX_VECTOR_SHELF_BYTES: Final = 2 * MiB
MAX_LOOKED_AT: Final = 4 * MAX_DOCS  # entries the scan looks at, files and folders alike
MAX_VOLUME_FILE_BYTES: Final = 4 * MAX_DOC_BYTES  # JSON escapes and scrub markers grow text
REFUSALS_NAMED: Final = 5  # refusals warned of one by one in a scan; the rest in one line


@dataclass(frozen=True)
class ShelfChange:
    """A document that appeared, changed or went away."""

    doc: str
    change: str  # new, changed, removed


def _order(doc: str) -> tuple[str, ...]:
    """The shelf's order: sorted paths, folder by folder (the order the scan walks in)."""
    return tuple(doc.split("/"))


class Shelf:
    """The documents on the shelf, what was read of them, and their index."""

    def __init__(self, vault: Vault, vectors: bool = False) -> None:
        self.vault = vault
        self.vectors = vectors
        self.index = Catalogue(vectorizer=trigram_vector if vectors else None)
        self.seen: dict[str, dict[str, Any]] = {}  # doc -> stamp, status, chunks, reason
        self.queued: dict[str, Stamp] = {}  # noticed, waiting for the mind to read it
        self._warned: set[str] = set()  # links and names already warned about
        # What the next save writes: doc -> (volume, stamp) to keep, or None to remove, and
        # whether the catalogue changed. Set on the loop, taken by the executor, under _lock
        # (held only to swap them: never during a write).
        self._pending: dict[str, tuple[Volume, Stamp] | None] = {}
        self._catalogue_dirty = False
        self._lock = threading.Lock()
        self._saving = threading.Lock()  # one save at a time, so the catalogue lands in order

    # ------------------------------------------------------------------ blocking

    def scan(self) -> dict[str, Stamp]:
        """Every readable document on the shelf and its (mtime, size), in sorted order; never
        follows a link. (It also writes what the last `changes` left unsaved.)"""
        self.save()
        return walk(self.vault, limit=MAX_LOOKED_AT, held=self._held, warn_once=self._warn_once)

    def read(self, doc: str) -> tuple[Volume, Stamp | None, str | None]:
        """Read a document into its volume: (volume, stamp, None), or (empty, stamp, reason)."""
        return read_volume(self.vault, doc, self.index.vectorizer)

    def load(self) -> None:
        """The saved index: the catalogue, then each document's volume (a document whose file
        is missing or damaged is read again); an old single-file index is carried over."""
        if self.vault.exists(CATALOGUE_FILE):
            self._load_catalogue()
            if self.vault.exists(OLD_INDEX_FILE):
                remove(self.vault, OLD_INDEX_FILE)
        elif self.vault.exists(OLD_INDEX_FILE):
            self._migrate()
        sweep(self.vault, self.index.volumes)

    def save(self) -> None:
        """Write what changed since the last save: the volumes shelved (or removed) and the
        catalogue. Nothing changed, nothing written."""
        with self._saving:
            with self._lock:
                pending, self._pending = self._pending, {}
                dirty, self._catalogue_dirty = self._catalogue_dirty or bool(pending), False
                seen = dict(self.seen)  # entries are replaced, never changed in place
            if not dirty:
                return
            failed: dict[str, tuple[Volume, Stamp] | None] = {}
            for doc, kept in pending.items():
                try:
                    write_volume(self.vault, doc, kept)
                except (OSError, VaultError) as err:
                    _LOGGER.warning("Could not keep the shelf's index of %s: %s", doc, err)
                    failed[doc] = kept
            kept_catalogue = True
            try:
                write_catalogue(
                    self.vault, {doc: entry for doc, entry in seen.items() if doc not in failed}
                )
            except (OSError, VaultError) as err:
                _LOGGER.warning("Could not keep the shelf's catalogue: %s", err)
                kept_catalogue = False
            if failed or not kept_catalogue:  # tried again at the next save
                with self._lock:
                    for doc, kept in failed.items():
                        self._pending.setdefault(doc, kept)  # unless shelved anew since
                    self._catalogue_dirty = True

    # ------------------------------------------------------------------ on the loop

    def changes(self, stamps: dict[str, Stamp]) -> list[ShelfChange]:
        """What differs from what was already seen (a failed document only when it changed),
        within the shelf's bounds; a document that does not fit is marked refused."""
        out: list[ShelfChange] = []
        keep: list[str] = []
        changed: list[str] = []
        other: list[str] = []
        for doc in sorted(stamps, key=_order):
            stamp = stamps[doc]
            seen = self.seen.get(doc)
            status = seen["status"] if seen is not None else None
            same = seen is not None and tuple(seen["stamp"]) == stamp
            queued = self.queued.get(doc)
            if queued == stamp or (status == "read" and same and queued is None):
                keep.append(doc)  # on the shelf, or let on and waiting to be read
            elif status == "failed" and same and queued is None:
                continue  # waits for a change
            elif status == "read" or queued is not None:
                changed.append(doc)
            else:
                other.append(doc)
        count, size = 0, 0
        held = set(keep)
        refused: list[tuple[str, str]] = []
        for doc in [*keep, *changed, *other]:
            stamp = stamps[doc]
            if stamp[1] > MAX_DOC_BYTES:  # refused when read, with its size; holds no room
                fits = True
                reason = ""
            else:
                reason = self._full(count, size, stamp[1])
                fits = not reason
            if fits and stamp[1] <= MAX_DOC_BYTES:
                count, size = count + 1, size + stamp[1]
            seen = self.seen.get(doc)
            if not fits:
                if (
                    seen is not None
                    and seen["status"] == "refused"
                    and (tuple(seen["stamp"]) == stamp)
                ):
                    continue  # already refused as it is: no word again
                self.queued.pop(doc, None)
                self._drop(doc)
                self._record(doc, {"stamp": list(stamp), "status": "refused", "reason": reason})
                refused.append((doc, reason))
            elif doc not in held:
                known = seen is not None and seen["status"] != "refused"
                out.append(ShelfChange(doc, "changed" if known else "new"))
                self.queued[doc] = stamp
        self._warn_refused(refused)
        for doc in sorted(set(self.seen) - set(stamps), key=_order):
            if self.seen[doc]["status"] == "refused":
                self._record(doc, None)  # never on the shelf: nothing to take off
            else:
                out.append(ShelfChange(doc, "removed"))
        return out

    def shelve(
        self,
        doc: str,
        volume: Volume | Iterable[Chunk],
        stamp: Stamp | None,
        reason: str | None,
    ) -> None:
        """Record what reading a document gave: put its volume on the shelf (cheap: it was
        built in `read`), or mark it seen as failed."""
        queued = self.queued.pop(doc, None)
        if queued is None and (self.seen.get(doc) or {}).get("status") == "refused":
            return  # left off the shelf while it was being read: it stays off
        if reason is not None:
            self._drop(doc)
            self._record(
                doc, {"stamp": list(stamp or (0.0, 0)), "status": "failed", "reason": reason}
            )
            _LOGGER.warning("Could not read %s from the shelf: %s", doc, reason)
            return
        volume = self._volume(doc, volume)
        self.index.put(volume)
        stamp = stamp or (0.0, 0)
        with self._lock:
            self._pending[doc] = (volume, stamp)
        self._record(doc, {"stamp": list(stamp), "status": "read", "chunks": len(volume)})

    def forget(self, doc: str) -> None:
        """A document left the shelf."""
        self._drop(doc)
        self._record(doc, None)
        self.queued.pop(doc, None)

    def search(self, query: str, limit: int = 3) -> list[Hit]:
        """Chunks worth citing for a query."""
        return self.index.search(query, limit=limit, relative=0.3)

    # ------------------------------------------------------------------ inside

    def _full(self, count: int, size: int, more: int) -> str:
        """Why one more document of `more` bytes does not fit, or ''."""
        if count >= MAX_DOCS:
            return f"the shelf is full: it takes {MAX_DOCS} documents at most"
        most = MAX_VECTOR_SHELF_BYTES if self.vectors else MAX_SHELF_BYTES
        if size + more > most:
            vectors = " with vectors on" if self.vectors else ""
            return (
                f"the shelf is full: it takes {_size(most)} of documents in all{vectors}; "
                f"{_size(size)} are on it and this one is {_size(more)}"
            )
        return ""

    def _warn_refused(self, refused: list[tuple[str, str]]) -> None:
        for doc, reason in refused[:REFUSALS_NAMED]:
            _LOGGER.warning("%s is left off the shelf: %s", doc, reason)
        if len(refused) > REFUSALS_NAMED:
            _LOGGER.warning(
                "%d more documents are left off the shelf, for the same reason",
                len(refused) - REFUSALS_NAMED,
            )

    def _record(self, doc: str, entry: dict[str, Any] | None) -> None:
        """Replace (or drop) what was seen of a document; the entry moves last, so the
        catalogue lists documents in the order the index holds them."""
        with self._lock:
            self.seen.pop(doc, None)
            if entry is not None:
                self.seen[doc] = entry
            self._catalogue_dirty = True

    def _drop(self, doc: str) -> None:
        """Take a document's volume off the shelf, and its file at the next save."""
        if self.index.remove_doc(doc) or (self.seen.get(doc) or {}).get("status") == "read":
            with self._lock:
                self._pending[doc] = None

    def _volume(self, doc: str, given: Volume | Iterable[Chunk]) -> Volume:
        """The volume to shelve: the one `read` built, or (for a caller that cut the chunks
        itself) one built here, on the spot."""
        if isinstance(given, Volume) and given.doc == doc:
            if (given.vectors is not None) != self.vectors:
                return given.with_vectors(self.index.vectorizer)
            return given
        return Volume.build(doc, given, self.index.vectorizer)

    def _held(self) -> list[str]:
        """Documents on the shelf or waiting to be read (a snapshot, safe off the loop)."""
        with self._lock:
            return [d for d, e in self.seen.items() if e.get("status") == "read"] + list(
                self.queued
            )

    def _warn_once(self, key: str, message: str, *args: Any) -> None:
        if key not in self._warned:
            self._warned.add(key)
            _LOGGER.warning(message, *args)

    def _load_catalogue(self) -> None:
        loaded = read_catalogue(
            self.vault, self.index.vectorizer, MAX_LOOKED_AT, MAX_VOLUME_FILE_BYTES
        )
        if loaded is None:
            return
        seen, volumes = loaded
        for volume in volumes:
            self.index.put(volume)
        self.seen = seen

    def _migrate(self) -> None:
        """The single-file index of old: its volumes and what was seen, written anew (and the
        old file removed once they are kept)."""
        old = read_old_index(self.vault, self.index.vectorizer)
        if old is None:
            remove(self.vault, OLD_INDEX_FILE)
            return
        seen, volumes = old
        for volume, stamp in volumes:
            self.index.put(volume)
            self._pending[volume.doc] = (volume, stamp)
        self.seen = seen
        self._catalogue_dirty = True
        self.save()
        with self._lock:
            kept = not self._pending and not self._catalogue_dirty
        if kept:
            remove(self.vault, OLD_INDEX_FILE)


def _size(size: int) -> str:
    return f"{size / MiB:.3g} MB" if size >= MiB else f"{-(-size // 1024)} KB"
