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
import unicodedata
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

# What surrounds a secret but is not part of it: quotes, brackets, sentence punctuation, the
# marks of a tag or a mention; and what is never part of one (zero-width characters).
_EDGE: Final = "\"'`´“”„‚‘’«»()[]{}<>.,;:!?*_~#@$%^&+=|/\\-—–…"
_INVISIBLE: Final = dict.fromkeys(map(ord, "\u00ad\u200b\u200c\u200d\u2060\ufeff"))
_RUN: Final = re.compile(r"\S++")
# Where a bare secret may be glued to other text: `key=it`, `a/it`, `[it](…)`, `it—yes`.
_SPLIT: Final = re.compile(r"[=:/,;|()\[\]{}<>\"'`‘’“”«»—–…]++")
_ALNUM: Final = re.compile(r"[^\W_]++")
_POSSESSIVE: Final = ("'s", "’s")
# A secret of digits (a card, a phone number) is also remembered as its digits alone, and found
# again however they are grouped: runs of digits split by at most a few of these.
_NUMBERISH: Final = re.compile(r"[\d\s.\-/+()\u00a0\u2007\u2009\u200a\u202f\u3000]++")
_DIGIT_GROUP: Final = re.compile(r"\d++")
_GROUP_GAP: Final = re.compile(r"[\s.\-/+\u00a0\u2007\u2009\u200a\u202f\u3000]{0,3}+")
MIN_DIGITS: Final = 8
MAX_GROUPS: Final = 8
DIGITS: Final = 0  # the "words" of a secret remembered as its digits alone
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
    """A secret as it is remembered and looked for: its compatibility form, in one case, with
    nothing invisible in it, no punctuation around it and single spaces."""
    folded = unicodedata.normalize("NFKC", text).translate(_INVISIBLE).casefold()
    return " ".join(folded.strip(_EDGE).split())


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
        """Remember a secret that was hidden (too short, too long or too many words: not); one
        of digits, also as its digits alone."""
        normal = _normal(secret)
        words = normal.count(" ") + 1
        if MIN_TAINT <= len(normal) <= MAX_TAINT and words <= MAX_WORDS:
            self._remember(self._digest(normal), (len(normal), words))
        if _NUMBERISH.fullmatch(secret):
            digits = "".join(c for c in secret if c.isdigit())
            if MIN_DIGITS <= len(digits) <= MAX_TAINT:
                self._remember(self._digest(digits), (len(digits), DIGITS))

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
        lengths = {length for length, words in shapes if words != DIGITS}
        spans: list[tuple[int, int]] = []
        runs = [(m.start(), m.end()) for m in _RUN.finditer(text)]
        for words in sorted({w for _, w in shapes if w > 1}, reverse=True):
            for first in range(len(runs) - words + 1):  # several words: windows of that many
                self._check(text, runs[first][0], runs[first + words - 1][1], lengths, spans)
        for start, end in runs:
            if not self._check(text, start, end, lengths, spans):
                for part in _parts(text, start, end):
                    self._check(text, *part, lengths, spans)
        if digit_lengths := {length for length, words in shapes if words == DIGITS}:
            self._check_digits(text, digit_lengths, spans)
        return _replaced(text, spans)

    def _check(
        self, text: str, start: int, end: int, lengths: set[int], spans: list[tuple[int, int]]
    ) -> bool:
        if end - start < MIN_TAINT:  # too short to be one (a quick no for most words)
            return False
        piece = text[start:end]
        for candidate in (piece, *(piece[: -len(p)] for p in _POSSESSIVE if piece.endswith(p))):
            normal = _normal(candidate)
            if len(normal) in lengths and self._digest(normal) in self._seen:
                lead = len(candidate) - len(candidate.lstrip(_EDGE))
                trail = len(candidate) - len(candidate.rstrip(_EDGE))
                spans.append((start + lead, start + len(candidate) - trail))
                return True
        return False

    def _check_digits(self, text: str, lengths: set[int], spans: list[tuple[int, int]]) -> None:
        """Runs of a few digit groups whose digits, together, are a remembered number. Each
        group is tried as a start once per remembered length (a table of the running count of
        digits says where such a run would end), so a text of digits stays linear."""
        groups = [(m.start(), m.end()) for m in _DIGIT_GROUP.finditer(text)]
        ends: dict[int, int] = {}  # digits counted up to a group's end -> that group
        counted, breaks, broken = 0, [0], 0  # breaks[k]: gaps before group k that do not join
        for index, (start, end) in enumerate(groups):
            if index and not _GROUP_GAP.fullmatch(text, groups[index - 1][1], start):
                broken += 1
            breaks.append(broken)
            counted += end - start
            ends[counted] = index
        counted = 0
        for first, (start, end) in enumerate(groups):
            before, counted = counted, counted + end - start
            if start and text[start - 1].isalnum():
                continue  # inside a word
            for length in lengths:
                last = ends.get(before + length)
                if last is None or last - first >= MAX_GROUPS:
                    continue
                stop = groups[last][1]
                if breaks[last + 1] != breaks[first + 1] or (
                    stop < len(text) and text[stop].isalnum()
                ):
                    continue  # not one number, or it runs on into a word
                number = "".join(c for c in text[start:stop] if c.isdigit())
                if self._digest(number) in self._seen:
                    spans.append((start, stop))


def _parts(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The pieces of one run a bare secret may be glued into: between `=`, `/`, brackets,
    quotes or dashes, and each run of letters and digits."""
    parts = []
    at = start
    for sep in _SPLIT.finditer(text, start, end):
        if sep.start() > at:
            parts.append((at, sep.start()))
        at = sep.end()
    if parts and end > at:
        parts.append((at, end))
    alnum = [(m.start(), m.end()) for m in _ALNUM.finditer(text, start, end)]
    if len(alnum) > 1 or (alnum and alnum[0] != (start, end)):
        parts.extend(alnum)
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
