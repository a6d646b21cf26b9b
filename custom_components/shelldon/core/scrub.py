"""The scrubber: no secret leaves the pet, in its files or in anything it publishes.

`scrub` hides every secret of a known shape (`core.shapes`). A pet's `Scrubber` also remembers
each secret it hid, as a keyed hash and never the secret itself (its taint), and hides it
wherever it turns up again bare: "password: hunter2hunter2" is hidden by its shape, and so is
"the owner mentioned hunter2hunter2" after it. Both run in time linear in the text; a text is
cut to its cap before it is scrubbed (`cut`), never after.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections.abc import Callable
from typing import Any, Final

from .shapes import CARD, EMAIL, IBAN, PHONE, SECRET, TOKEN, Found, hide_shapes

__all__ = [
    "CARD",
    "EMAIL",
    "IBAN",
    "PHONE",
    "SECRET",
    "TOKEN",
    "Scrubber",
    "Taint",
    "cut",
    "scrub",
    "scrub_data",
]

MIN_TAINT: Final = 4  # characters: a shorter secret would hide ordinary words everywhere
MAX_TAINT: Final = 200
MAX_WORDS: Final = 8  # a remembered secret of more words is still hidden by its shape only
MAX_REMEMBERED: Final = 512  # the oldest is forgotten first
CUT_SLACK: Final = 64  # characters past a cap kept while scrubbing, so no secret is cut in two

# What surrounds a secret but is not part of it: quotes, brackets, sentence punctuation.
_EDGE: Final = "\"'`´“”„‚‘’«»()[]{}<>.,;:!?*_~"
_RUN: Final = re.compile(r"\S++")
_INNER: Final = re.compile(r"[=:/,;|]")
_KEY_BYTES: Final = 16


def scrub(text: str) -> str:
    """The text with every secret of a known shape replaced by its marker."""
    return hide_shapes(text, Found())


def scrub_data(value: Any, scrub_text: Callable[[str], str] = scrub) -> Any:
    """Scrub every string inside plain data (dicts, lists); keys stay as they are."""
    if isinstance(value, str):
        return scrub_text(value)
    if isinstance(value, dict):
        return {k: scrub_data(v, scrub_text) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [scrub_data(v, scrub_text) for v in value]
    return value


def cut(text: str, cap: int, scrub_text: Callable[[str], str] = scrub) -> str:
    """At most `cap` characters of the scrubbed text, scrubbing only what could be kept (plus a
    little, so a secret that crosses the cap is still recognised whole)."""
    return scrub_text(text[: cap + CUT_SLACK])[:cap]


def _normal(text: str) -> str:
    return " ".join(text.strip(_EDGE).casefold().split())


class Taint:
    """The secrets a pet has hidden, as keyed hashes, and where they turn up again."""

    def __init__(self, key: bytes, remembered: list[str] | None = None) -> None:
        self._key = key
        self._lock = threading.Lock()  # the vault scrubs in the executor, the shell on the loop
        self._seen: dict[str, tuple[int, int]] = {}  # hash -> (length, words), oldest first
        self._shapes: dict[tuple[int, int], int] = {}  # (length, words) -> how many have it
        for item in remembered or []:
            digest, _, shape = item.partition(":")
            length, _, words = shape.partition(":")
            if len(digest) == 24 and length.isdigit() and words.isdigit():
                self._remember(digest, (int(length), int(words)))

    @property
    def key(self) -> bytes:
        """The hash key (kept with the hashes: they mean nothing without it)."""
        return self._key

    def __len__(self) -> int:
        return len(self._seen)

    def _digest(self, normal: str) -> str:
        raw = normal.encode("utf-8", errors="replace")
        return hashlib.blake2b(raw, key=self._key, digest_size=12).hexdigest()

    def _remember(self, digest: str, shape: tuple[int, int]) -> None:
        with self._lock:
            if digest in self._seen:
                return
            self._seen[digest] = shape
            self._shapes[shape] = self._shapes.get(shape, 0) + 1
            while len(self._seen) > MAX_REMEMBERED:
                oldest = next(iter(self._seen))
                gone = self._seen.pop(oldest)
                self._shapes[gone] -= 1
                if not self._shapes[gone]:
                    del self._shapes[gone]

    def learn(self, secret: str) -> None:
        """Remember a secret that was hidden (too short, too long or too many words: not)."""
        normal = _normal(secret)
        words = normal.count(" ") + 1
        if MIN_TAINT <= len(normal) <= MAX_TAINT and words <= MAX_WORDS:
            self._remember(self._digest(normal), (len(normal), words))

    def to_list(self) -> list[str]:
        """`hash:length:words` for each remembered secret, oldest first (for the checkpoint)."""
        with self._lock:
            return [f"{digest}:{length}:{words}" for digest, (length, words) in self._seen.items()]

    def hide(self, text: str) -> str:
        """The text with every remembered secret that stands in it bare replaced by [secret]."""
        if not self._seen or not text:
            return text
        with self._lock:
            shapes = set(self._shapes)
        lengths = {length for length, _ in shapes}
        wordings = sorted({words for _, words in shapes if words > 1}, reverse=True)
        runs = [(m.start(), m.end()) for m in _RUN.finditer(text)]
        spans: list[tuple[int, int]] = []
        for words in wordings:  # several words: windows of that many runs
            for first in range(len(runs) - words + 1):
                start, end = runs[first][0], runs[first + words - 1][1]
                self._check(text, start, end, lengths, spans)
        for start, end in runs:
            if not self._check(text, start, end, lengths, spans):
                for part in _parts(text, start, end):
                    self._check(text, *part, lengths, spans)
        return _replaced(text, spans)

    def _check(
        self, text: str, start: int, end: int, lengths: set[int], spans: list[tuple[int, int]]
    ) -> bool:
        piece = text[start:end]
        normal = _normal(piece)
        if len(normal) not in lengths or self._digest(normal) not in self._seen:
            return False
        lead = len(piece) - len(piece.lstrip(_EDGE))
        trail = len(piece) - len(piece.rstrip(_EDGE))
        spans.append((start + lead, end - trail))
        return True


def _parts(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The pieces of one run between `=`, `:`, `/`, `,`, `;` and `|`."""
    parts = []
    at = start
    for sep in _INNER.finditer(text, start, end):
        if sep.start() > at:
            parts.append((at, sep.start()))
        at = sep.end()
    if parts and end > at:
        parts.append((at, end))
    return parts


def _replaced(text: str, spans: list[tuple[int, int]]) -> str:
    if not spans:
        return text
    out: list[str] = []
    done = 0
    for start, end in sorted(spans):
        if start < done:  # inside one already hidden
            continue
        out += [text[done:start], SECRET]
        done = end
    return "".join([*out, text[done:]])


class Scrubber:
    """One pet's scrubber: the shapes, and the taint of what it hid before."""

    def __init__(self, taint: Taint) -> None:
        self.taint = taint

    def to_dict(self) -> dict[str, Any]:
        """The taint, for the checkpoint: its key and its hashes (never a secret)."""
        return {"key": self.taint.key.hex(), "seen": self.taint.to_list()}

    def restore(self, data: Any) -> None:
        """The taint back from the checkpoint (with its key: the hashes need it); anything
        unreadable keeps the taint as it is."""
        if not isinstance(data, dict) or not isinstance(data.get("key"), str):
            return
        try:
            key = bytes.fromhex(data["key"])
        except ValueError:
            return
        seen = data.get("seen")
        if len(key) == _KEY_BYTES and isinstance(seen, list):
            learned = self.taint.to_list() if key == self.taint.key else []
            kept = [item for item in seen if isinstance(item, str)][-MAX_REMEMBERED:]
            self.taint = Taint(key, [*kept, *learned])

    def learn_from(self, text: str) -> None:
        """Remember whatever secret `text` holds (what the owner said, before anything else
        can repeat it)."""
        self._scrub(text, learn_shapes=True)

    def __call__(self, text: str) -> str:
        """The text with secrets hidden: by their shape, then bare. A value named by a secret
        word ("password: …") is remembered wherever it was found; a shape (a card number, a
        token) is found again by its shape, and remembered only from what the owner said."""
        return self._scrub(text, learn_shapes=False)

    def _scrub(self, text: str, *, learn_shapes: bool) -> str:
        if not text:
            return text
        found = Found()
        hidden = hide_shapes(text, found)
        for secret in [*found.keyed, *(found.shaped if learn_shapes else ())]:
            self.taint.learn(secret)
        return self.taint.hide(hidden)

    def data(self, value: Any) -> Any:
        """Every string inside plain data, scrubbed."""
        return scrub_data(value, self)

    def cut(self, text: str, cap: int) -> str:
        """At most `cap` characters of the scrubbed text (see `cut`)."""
        return cut(text, cap, self)
