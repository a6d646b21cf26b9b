"""The shelf's index as it is kept: one file per document in `knowledge/index/`, and a catalogue.

A document's file is named by a hash of its path (any name is a safe file name) and holds its
stamp and its chunks, column by column; the catalogue lists what was seen of every document on
the shelf. A volume is trusted only when its file agrees with the catalogue (the same stamp, the
same number of passages): anything else means that one document is read again, never the whole
shelf. Nothing is read past its size limit, no entry names a document off the shelf, and a file
no document owns is swept away. The single-file index of old (`knowledge/index.json`) is read
once, carried over, and removed once the new index is kept.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from collections.abc import Iterable
from typing import Any, Final

from ..core.knowledge import Vectorizer, Volume
from ..core.passages import Chunk
from .vault import Vault, VaultError

_LOGGER = logging.getLogger(__name__)

SHELF: Final = "knowledge/reference"  # the documents; their index is kept beside them
INDEX_DIR: Final = "knowledge/index"
CATALOGUE_FILE: Final = f"{INDEX_DIR}/catalogue.json"
OLD_INDEX_FILE: Final = "knowledge/index.json"  # one file of everything, before the catalogue
FORMAT: Final = 2
MiB: Final = 1024 * 1024
MAX_CATALOGUE_BYTES: Final = 4 * MiB
MAX_OLD_INDEX_BYTES: Final = 64 * MiB
STATUSES: Final = frozenset({"read", "failed", "refused"})

Stamp = tuple[float, int]
Entry = dict[str, Any]  # stamp, status, and chunks (read) or reason (failed, refused)


def volume_file(doc: str) -> str:
    """Where a document's volume is kept (a hash of its path: any name is a safe file name)."""
    return f"{INDEX_DIR}/{hashlib.sha256(doc.encode('utf-8')).hexdigest()[:32]}.json"


def read_catalogue(
    vault: Vault, vectorizer: Vectorizer | None, most_entries: int, most_volume_bytes: int
) -> tuple[dict[str, Entry], list[Volume]] | None:
    """What the catalogue says was seen, and the volumes of the documents read, in its order
    (a document whose file is missing or damaged is left out, to be read again); None (one
    warning) if the catalogue is unreadable."""
    try:
        data = _read_json(vault, CATALOGUE_FILE, MAX_CATALOGUE_BYTES)
        entries = data["seen"]
        if not isinstance(entries, dict):
            raise TypeError("seen is not a mapping")
    except (OSError, VaultError, ValueError, KeyError, TypeError) as err:
        _LOGGER.warning(
            "The shelf's catalogue is unreadable (%s); documents will be read again", err
        )
        return None
    seen: dict[str, Entry] = {}
    volumes: list[Volume] = []
    for doc, raw in list(entries.items())[:most_entries]:
        entry = _entry(vault, doc, raw)
        if entry is None:
            continue
        if entry["status"] == "read":
            volume = _read_volume(vault, doc, entry, vectorizer, most_volume_bytes)
            if volume is None:
                continue  # not seen: read again
            volumes.append(volume)
        seen[doc] = entry
    return seen, volumes


def read_old_index(
    vault: Vault, vectorizer: Vectorizer | None
) -> tuple[dict[str, Entry], list[tuple[Volume, Stamp]]] | None:
    """The single-file index of old: what was seen, and the volumes (with their stamps) to
    write anew, in its order; None (one warning) if it is unreadable."""
    try:
        data = _read_json(vault, OLD_INDEX_FILE, MAX_OLD_INDEX_BYTES)
        entries = data["seen"]
        by_doc: dict[str, list[Chunk]] = {}
        for raw in data["chunks"]:
            chunk = Chunk.from_dict(raw)
            by_doc.setdefault(chunk.doc, []).append(chunk)
        if not isinstance(entries, dict):
            raise TypeError("seen is not a mapping")
    except (OSError, VaultError, ValueError, KeyError, TypeError, AttributeError) as err:
        _LOGGER.warning(
            "The shelf's old index is unreadable (%s); documents will be read again", err
        )
        return None
    seen: dict[str, Entry] = {}
    volumes: list[tuple[Volume, Stamp]] = []
    for doc, chunks in by_doc.items():  # the index's order first
        entry = _entry(vault, doc, entries.get(doc))
        if entry is not None and entry["status"] == "read":
            volume = Volume.build(doc, chunks, vectorizer)
            entry["chunks"] = len(volume)
            seen[doc] = entry
            volumes.append((volume, _stamp(entry["stamp"])))
    for doc, raw in entries.items():
        entry = _entry(vault, doc, raw)
        if doc not in seen and entry is not None and entry["status"] != "read":
            seen[doc] = entry
    return seen, volumes


def write_volume(vault: Vault, doc: str, kept: tuple[Volume, Stamp] | None) -> None:
    """Keep a document's volume and stamp in its file, or remove the file (None)."""
    if kept is None:
        vault.remove(volume_file(doc))
    else:
        vault.write_json(volume_file(doc), _volume_data(*kept))


def write_catalogue(vault: Vault, seen: dict[str, Entry]) -> None:
    """Keep what was seen of every document."""
    vault.write_json(CATALOGUE_FILE, {"format": FORMAT, "seen": seen})


def sweep(vault: Vault, docs: Iterable[str]) -> None:
    """Remove the index files none of `docs` owns (left by a crash)."""
    try:
        folder = vault.path(INDEX_DIR)
        if not folder.is_dir():
            return
        with os.scandir(folder) as listing:
            names = [entry.name for entry in listing]
    except (OSError, VaultError):
        return
    owned = {volume_file(doc).rsplit("/", 1)[1] for doc in docs}
    owned.add(CATALOGUE_FILE.rsplit("/", 1)[1])
    for name in names:
        if name.endswith(".json") and not name.startswith(".") and name not in owned:
            remove(vault, f"{INDEX_DIR}/{name}")


def remove(vault: Vault, rel: str) -> None:
    """Remove a file of the index (one warning if it stays)."""
    try:
        vault.remove(rel)
    except (OSError, VaultError) as err:
        _LOGGER.warning("Could not remove %s: %s", rel, err)


def _read_json(vault: Vault, rel: str, limit: int) -> Any:
    return json.loads(vault.read_text(rel, limit))


def _stamp(value: Any) -> Stamp:
    mtime, size = value
    if isinstance(mtime, bool) or isinstance(size, bool):
        raise TypeError("a stamp is two numbers")
    return float(mtime), int(size)


def _entry(vault: Vault, doc: str, raw: Any) -> Entry | None:
    """A catalogue entry, checked (None if it is not one a shelf could have written)."""
    try:
        vault.relative(doc)
        if not doc.startswith(SHELF + "/") or not isinstance(raw, dict):
            return None
        entry: Entry = {"stamp": list(_stamp(raw["stamp"])), "status": str(raw["status"])}
        if entry["status"] not in STATUSES:
            return None
        if entry["status"] == "read":
            entry["chunks"] = int(raw["chunks"])
        else:
            entry["reason"] = str(raw.get("reason", ""))
    except (VaultError, KeyError, TypeError, ValueError):
        return None
    return entry


def _read_volume(
    vault: Vault, doc: str, entry: Entry, vectorizer: Vectorizer | None, limit: int
) -> Volume | None:
    """A document's volume from its file, or None (one warning) if it is not there as the
    catalogue says."""
    try:
        data = _read_json(vault, volume_file(doc), limit)
        if list(_stamp(data["stamp"])) != entry["stamp"]:
            raise ValueError("it is of another version of the document")
        chunks = _chunks(doc, data)
        if len(chunks) != entry["chunks"]:
            raise ValueError("it holds another number of passages")
    except (OSError, VaultError, ValueError, KeyError, TypeError) as err:
        _LOGGER.warning(
            "The shelf's index of %s is unreadable (%s); it will be read again", doc, err
        )
        return None
    return Volume.build(doc, chunks, vectorizer)


def _volume_data(volume: Volume, stamp: Stamp) -> dict[str, Any]:
    """A volume as it is kept: its stamp and its chunks, column by column (a few lists, not
    one per chunk: less for the collector, less on disk); the postings are built again."""
    chunks = volume.chunks
    return {
        "format": FORMAT,
        "stamp": list(stamp),
        "starts": [c.start for c in chunks],
        "ends": [c.end for c in chunks],
        "texts": [c.text for c in chunks],
        "blurbs": [c.blurb for c in chunks],
    }


def _chunks(doc: str, data: Any) -> list[Chunk]:
    """The chunks of a kept volume (ValueError or TypeError if they are not all there)."""
    starts, ends, texts, blurbs = (data[key] for key in ("starts", "ends", "texts", "blurbs"))
    if not all(isinstance(column, list) for column in (starts, ends, texts, blurbs)):
        raise TypeError("a column is not a list")
    if not len(starts) == len(ends) == len(texts) == len(blurbs):
        raise ValueError("its columns are of different lengths")
    chunks = []
    for start, end, text, blurb in zip(starts, ends, texts, blurbs, strict=True):
        if type(start) is not int or type(end) is not int or not 0 <= start <= end:
            raise ValueError("a passage's span is not one")
        if not (isinstance(text, str) and isinstance(blurb, str)):
            raise TypeError("a passage is not text")
        chunks.append(Chunk(doc, start, end, text, blurb))
    return chunks
