"""The SOUL split: which of the pet's own edits apply at once, wait for the owner, or never happen.

Working products (memory, the world model, knowledge, goals) apply at once. Identity surfaces
(the persona, the face table, the needs) wait for the owner's approval, with their full content
and the reason. The constitution is never edited by the pet: not as a write, not even as a
proposal. The vault's own machinery (any path segment starting with `.`: the history's
repository, its hooks and config, the versions folder, the ignore file) is refused the same way,
and so is a path no file can have (a control character). Anything else the classifier does not
recognise fails safe: it waits for the owner.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass
from enum import StrEnum
from pathlib import PurePosixPath
from typing import Any, Final

from .text import path_problem

MAX_CONTENT: Final = 64 * 1024
CONSTITUTION: Final = "soul/CONSTITUTION.md"
IDENTITY: Final = frozenset({"soul/PERSONA.md", "faces.yaml", "needs.yaml"})
WORKING_DIRS: Final = ("memory/", "world/", "knowledge/notes/")
WORKING_FILES: Final = frozenset({"goals.md"})


class Surface(StrEnum):
    """What kind of file an edit touches."""

    WORKING = "working"  # applies at once
    IDENTITY = "identity"  # waits for the owner
    CONSTITUTION = "constitution"  # refused, always
    MACHINERY = "machinery"  # the vault's own workings (.git, .versions, ...): refused, always
    UNKNOWN = "unknown"  # waits for the owner (fail safe)


def normalise(path: str) -> str:
    """A vault-relative path in one spelling (no ./, no doubled slashes, `..` folded in).

    A path that climbs above the vault keeps its leading `..`, and an absolute path its `/`
    (both classify as unknown; the vault refuses them)."""
    parts: list[str] = []
    for part in PurePosixPath(path.strip().replace("\\", "/")).parts:
        if part in {".", ""} or (part == "/" and parts):
            continue
        if part == ".." and parts and parts[-1] not in {"..", "/"}:
            parts.pop()
        else:
            parts.append(part)
    return str(PurePosixPath(*parts)) if parts else "."


def classify(path: str) -> Surface:
    """Which surface a vault path is."""
    clean = normalise(path)
    if clean.lower() == CONSTITUTION.lower():
        return Surface.CONSTITUTION
    if path_problem(path) is not None or any(
        part.startswith(".") and part not in {".", ".."} for part in clean.split("/")
    ):
        return Surface.MACHINERY
    if clean.startswith(("..", "/")) or clean == ".":
        return Surface.UNKNOWN
    if clean in IDENTITY or clean.startswith("soul/"):
        return Surface.IDENTITY
    if clean in WORKING_FILES or clean.startswith(WORKING_DIRS):
        return Surface.WORKING
    return Surface.UNKNOWN


def digest(text: str) -> str:
    """A short content hash (to notice the owner editing a file under a pending proposal)."""
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Proposal:
    """An edit the pet wants to make to one of its identity surfaces."""

    id: str
    path: str
    content: str
    reason: str
    made_at: str  # ISO-8601 UTC
    base: str  # digest of the file when proposed ("" when it did not exist)
    state: str = "pending"  # pending, approved, rejected

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Proposal | None:
        """Back from plain data, or None."""
        if not isinstance(data, dict):
            return None
        fields = ("id", "path", "content", "reason", "made_at", "base", "state")
        values: dict[str, str] = {}
        for key in fields:
            value = data.get(key)
            if not isinstance(value, str):
                return None
            values[key] = value
        if not values["id"]:
            return None
        return cls(**values)
