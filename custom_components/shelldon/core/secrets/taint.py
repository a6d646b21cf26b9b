"""The taint: every secret a pet hid, as keyed hashes, and where it turns up again bare.

What was learned is kept in pools by where it came from, each with its own budget and the
oldest forgotten first: what the owner said (`SAID`), what the vault's files held (`FILED`)
and everything else (`HEARD`: the list anyone may edit, the model's replies, a guest). So no
flood of what others write pushes out a secret of the owner's. A value of several words is
remembered whole, by each run of two or more of its words that neither starts nor ends with a
small word, and by each of its words that looks made up; a number also as its digits alone;
and every secret also by its letters and digits alone, found again whatever stands between them
(`core.secrets.letters`: "correct-horse-battery-staple", "7 3 9 1 5 4"), an IBAN also by its
account number. Finding runs in time linear in the text.
"""

from __future__ import annotations

import hashlib
import re
import threading
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from enum import StrEnum
from typing import Final

from .letters import INVISIBLE, MIN_DIGITS, Tokens, account, letters, said_digits, spelled
from .numbers import SECRET
from .values import MARKER_WORD, SMALL

MIN_TAINT: Final = 4  # characters: a shorter secret would hide ordinary words everywhere
MAX_TAINT: Final = 200
MAX_WORDS: Final = 8  # a remembered secret of more words is still hidden by its shape only
MAX_REMEMBERED: Final = 512  # hashes a pool of others' words keeps; the oldest go first
MAX_GROUPS: Final = 8
DIGITS: Final = 0  # the "words" of a secret remembered as its digits alone
# The "words" of a secret remembered as its letters and digits alone (hashed apart from the rest,
# and not counted in its pool's budget: a secret has one such form, an IBAN two).
LETTERS: Final = 99
_LETTERS_HASH: Final = b"letters"


class Pool(StrEnum):
    """Where a remembered secret came from."""

    SAID = "said"  # the owner's own words: an admin, an automation, a notification's reply
    FILED = "filed"  # the vault's files, as the owner wrote them
    HEARD = "heard"  # everyone and everything else


POOL_SIZES: Final[Mapping[Pool, int]] = {
    Pool.SAID: 2 * MAX_REMEMBERED,
    Pool.FILED: MAX_REMEMBERED,
    Pool.HEARD: MAX_REMEMBERED,
}

# What surrounds a secret but is not part of it: quotes, brackets, sentence punctuation, the
# marks of a tag or a mention; and what is never part of one (zero-width characters).
_EDGE: Final = "\"'`´“”„‚‘’«»()[]{}<>.,;:!?*_~#@$%^&+=|/\\-—–…"
_INVISIBLE: Final = dict.fromkeys(map(ord, INVISIBLE))
_RUN: Final = re.compile(r"\S++")
# Where a bare secret may be glued to other text: `key=it`, `a/it`, `[it](…)`, `it—yes`.
_SPLIT: Final = re.compile(r"[=:/,;|()\[\]{}<>\"'`‘’“”«»—–…]++")
_ALNUM: Final = re.compile(r"[^\W_]++")
_POSSESSIVE: Final = ("'s", "’s")
_MARKER_WORD: Final = re.compile(rf"\[?{MARKER_WORD}\]?")
# A secret of digits (a card, a phone number) is also remembered as its digits alone, and found
# again however they are grouped: runs of digits split by at most a few of these.
_NUMBERISH: Final = re.compile(r"[\d\s.\-/+()\u00a0\u2007\u2009\u200a\u202f\u3000]++")
_DIGIT_GROUP: Final = re.compile(r"\d++")
_GROUP_GAP: Final = re.compile(r"[\s.\-/+\u00a0\u2007\u2009\u200a\u202f\u3000]{0,3}+")
_ENTRY: Final = re.compile(r"([0-9a-f]{24}):(\d{1,3}):(\d{1,2})")

Entry = tuple[str, int, int]  # hash, length, words


def normal(text: str) -> str:
    """A secret as it is remembered and looked for: its compatibility form, in one case, with
    nothing invisible in it, no punctuation around it and single spaces."""
    return " ".join(_folded(text).strip(_EDGE).split())


def _folded(text: str) -> str:
    """Its compatibility form, in one case, with nothing invisible in it."""
    if text.isascii():  # its own compatibility form, and nothing invisible in it (fast)
        return text.lower()
    return unicodedata.normalize("NFKC", text).translate(_INVISIBLE).casefold()


def _made_up(word: str) -> bool:
    """A word no dictionary holds: a digit or a sign in it."""
    return len(word) >= MIN_TAINT and not word.isalpha()


def _parts(whole: str) -> list[str]:
    """What of a value of several words (in its normal form) is remembered besides the whole."""
    words = whole.split(" ")
    found = [word for word in words if _made_up(word)] if len(words) > 1 else []
    if len(words) > MAX_WORDS:
        return found
    for size in range(2, len(words)):
        for first in range(len(words) - size + 1):
            window = words[first : first + size]
            if window[0] not in SMALL and window[-1] not in SMALL:
                found.append(" ".join(window))
    return found


class Taint:
    """The secrets a pet has hidden, as keyed hashes in their pools, and where they turn up."""

    def __init__(self, key: bytes, remembered: Mapping[Pool, Iterable[str]] | None = None) -> None:
        self._key = key
        self._lock = threading.Lock()  # the vault scrubs in the executor, the shell on the loop
        self._pools: dict[Pool, dict[str, tuple[Entry, ...]]] = {pool: {} for pool in Pool}
        self._sizes: dict[Pool, int] = dict.fromkeys(Pool, 0)
        self._seen: dict[str, tuple[int, int]] = {}  # hash -> (length, words)
        self._holders: dict[str, int] = {}  # hash -> how many pools' secrets hold it
        self._shapes: dict[tuple[int, int], int] = {}  # (length, words) -> how many have it
        self.version = 0  # moves whenever what is hidden changes (a secret learned or forgotten)
        for pool, groups in (remembered or {}).items():
            for group in groups:
                entries = tuple(
                    (m[1], int(m[2]), int(m[3])) for m in map(_ENTRY.fullmatch, group.split()) if m
                )
                if entries:
                    self._remember(pool, entries)

    @property
    def key(self) -> bytes:
        """The hash key (kept with the hashes: they mean nothing without it)."""
        return self._key

    def __len__(self) -> int:
        return len(self._seen)

    def _digest(self, normal_text: str, person: bytes = b"") -> str:
        raw = normal_text.encode("utf-8", errors="replace")
        return hashlib.blake2b(raw, key=self._key, digest_size=12, person=person).hexdigest()

    def _entry(self, normal_text: str, words: int) -> Entry:
        return self._digest(normal_text), len(normal_text), words

    def _remember(self, pool: Pool, entries: tuple[Entry, ...]) -> None:
        """A secret (its entries, the first the whole) into its pool, the newest; the pool's
        oldest are forgotten past its budget."""
        with self._lock:
            held = self._pools[pool]
            if (before := held.pop(entries[0][0], None)) is not None:
                if before == entries:  # said again: the newest once more
                    held[entries[0][0]] = entries
                    return
                self._sizes[pool] -= _weight(before)  # remembered otherwise before (by an
                for digest, _length, _words in before:  # older pet): remembered anew
                    self._forget(digest)
            held[entries[0][0]] = entries
            self.version += 1
            self._sizes[pool] += _weight(entries)
            for digest, length, words in entries:
                self._holders[digest] = self._holders.get(digest, 0) + 1
                if self._holders[digest] == 1:
                    self._seen[digest] = (length, words)
                    self._shapes[length, words] = self._shapes.get((length, words), 0) + 1
            while self._sizes[pool] > POOL_SIZES[pool] and len(held) > 1:
                gone = held.pop(next(iter(held)))
                self._sizes[pool] -= _weight(gone)
                for digest, _length, _words in gone:
                    self._forget(digest)

    def _forget(self, digest: str) -> None:
        self._holders[digest] -= 1
        if self._holders[digest]:
            return
        del self._holders[digest]
        shape = self._seen.pop(digest)  # the shape it was found by (one secret's digits alone
        self._shapes[shape] -= 1  # may hash as the whole did, under a shape of its own)
        if not self._shapes[shape]:
            del self._shapes[shape]

    def learn(self, secret: str, pool: Pool = Pool.HEARD, *, parts: bool = True) -> None:
        """Remember a secret that was hidden, in its pool (too short, too long or too many words:
        not); of several words, with its parts; of digits, also as its digits alone; and by its
        letters and digits alone (an IBAN also by its account number's)."""
        whole = normal(secret)
        if _MARKER_WORD.fullmatch(whole):  # "my password is secret": the markers stay markers
            return
        words = whole.count(" ") + 1
        entries: list[Entry] = []
        if MIN_TAINT <= len(whole) <= MAX_TAINT and words <= MAX_WORDS:
            entries.append(self._entry(whole, words))
        number = said_digits(whole)  # a code said in words ("four eight one five")
        if _NUMBERISH.fullmatch(secret):
            number = digits = "".join(c for c in secret if c.isdigit())
            if MIN_DIGITS <= len(digits) <= MAX_TAINT:
                entries.append(self._entry(digits, DIGITS))
        elif parts and len(whole) <= MAX_TAINT:
            entries.extend(
                self._entry(part, part.count(" ") + 1)
                for part in _parts(whole)
                if len(part) >= MIN_TAINT
            )
        if entries:
            alone = letters(secret)  # and a number by its digits and as said in words
            for form in dict.fromkeys((alone, account(alone), number, *spelled(number or ""))):
                if form and MIN_TAINT <= len(form) <= MAX_TAINT:
                    entries.append((self._digest(form, _LETTERS_HASH), len(form), LETTERS))
            self._remember(pool, tuple(entries))

    def to_pools(self) -> dict[str, list[str]]:
        """Each pool's secrets, oldest first, each as its `hash:length:words` entries joined by
        spaces (for the checkpoint)."""
        with self._lock:
            return {
                pool.value: [
                    " ".join(f"{digest}:{length}:{words}" for digest, length, words in group)
                    for group in groups.values()
                ]
                for pool, groups in self._pools.items()
            }

    def hide(self, text: str) -> str:
        """The text with every remembered secret that stands in it bare replaced by [secret]."""
        if not self._seen or not text:
            return text
        with self._lock:
            shapes = set(self._shapes)
        lengths = {length for length, words in shapes if words not in (DIGITS, LETTERS)}
        spans: list[tuple[int, int]] = []
        runs = [(m.start(), m.end()) for m in _RUN.finditer(text)]
        if several := sorted({w for _, w in shapes if 1 < w <= MAX_WORDS}, reverse=True):
            sized = _Sized(text, runs)
            for words in several:  # several words: windows of that many
                for first in sized.windows(words, lengths):
                    self._check(text, runs[first][0], runs[first + words - 1][1], lengths, spans)
        for start, end in runs:
            if not self._check(text, start, end, lengths, spans):
                for part in _glued(text, start, end):
                    self._check(text, *part, lengths, spans)
        if digit_lengths := {length for length, words in shapes if words == DIGITS}:
            self._check_digits(text, digit_lengths, spans)
        if letter_lengths := {length for length, words in shapes if words == LETTERS}:
            self._check_letters(text, letter_lengths, spans)
        return _replaced(text, spans)

    def _check(
        self, text: str, start: int, end: int, lengths: set[int], spans: list[tuple[int, int]]
    ) -> bool:
        if end - start < MIN_TAINT:  # too short to be one (a quick no for most words)
            return False
        piece = text[start:end]
        for candidate in (piece, *(piece[: -len(p)] for p in _POSSESSIVE if piece.endswith(p))):
            found = normal(candidate)
            if len(found) in lengths and self._digest(found) in self._seen:
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

    def _check_letters(self, text: str, lengths: set[int], spans: list[tuple[int, int]]) -> None:
        """Windows of tokens whose letters and digits, joined, are a remembered secret's."""
        tokens = Tokens(text)
        known: dict[str, bool] = {}  # letters looked up already (a text repeats itself)
        for first, last, form in tokens.windows(lengths):
            if (hit := known.get(form)) is None:
                hit = known[form] = self._digest(form, _LETTERS_HASH) in self._seen
            if hit:
                spans.append((tokens.spans[first][0], tokens.spans[last][1]))


class _Sized:
    """How long a window of runs is in its normal form, told without building it, so a window
    that no remembered secret is as long as is passed over (most are). A window's normal form is
    its runs' folded words, one space between, its first run stripped on the left and its last on
    the right (whitespace folds to whitespace and nothing folds across it)."""

    def __init__(self, text: str, runs: list[tuple[int, int]]) -> None:
        self._chars, self._words = [0], [0]  # the runs' folded words before run k: letters, count
        self._lead: list[tuple[int, int]] = []  # run k first in a window (letters, words)
        self._trail: list[tuple[tuple[int, int], ...]] = []  # run k last (and its possessive)
        for start, end in runs:
            run = text[start:end]
            bare = (run, *(run[: -len(p)] for p in _POSSESSIVE if run.endswith(p)))
            if run.isascii():  # one word, as long folded as it is (fast)
                folded, measure = list(bare), _one_word
            else:
                folded, measure = [_folded(b) for b in bare], _measured
            chars, words = measure(folded[0])
            self._chars.append(self._chars[-1] + chars)
            self._words.append(self._words[-1] + words)
            self._lead.append(measure(folded[0].lstrip(_EDGE)))
            self._trail.append(tuple(measure(f.rstrip(_EDGE)) for f in folded))

    def windows(self, words: int, lengths: set[int]) -> Iterator[int]:
        """The first runs of the windows of `words` runs (two or more) that are as long as a
        remembered secret, in order."""
        chars, counts, leads, trails = self._chars, self._words, self._lead, self._trail
        for first in range(len(leads) - words + 1):
            last = first + words - 1
            inner, inner_words = chars[last] - chars[first + 1], counts[last] - counts[first + 1]
            lead, lead_words = leads[first]
            for trail, trail_words in trails[last]:
                count = inner_words + lead_words + trail_words
                if count and inner + lead + trail + count - 1 in lengths:
                    yield first
                    break


def _one_word(folded: str) -> tuple[int, int]:
    """The same, for a text of no whitespace."""
    return len(folded), 1 if folded else 0


def _measured(folded: str) -> tuple[int, int]:
    """The letters and the words of a folded text (its whitespace aside)."""
    words = folded.split()
    return sum(map(len, words)), len(words)


def _glued(text: str, start: int, end: int) -> list[tuple[int, int]]:
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


def _weight(entries: tuple[Entry, ...]) -> int:
    """What a secret's entries count against its pool's budget (its letters forms nothing)."""
    return sum(1 for entry in entries if entry[2] != LETTERS)


def _replaced(text: str, spans: list[tuple[int, int]]) -> str:
    if not spans:
        return text
    out: list[str] = []
    done = 0
    for start, end in sorted(spans):
        if start < done:  # overlapping one already hidden: hidden with it
            done = max(done, end)
            continue
        out += [text[done:start], SECRET]
        done = end
    return "".join([*out, text[done:]])
