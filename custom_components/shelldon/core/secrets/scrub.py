"""The scrubber: no secret leaves the pet, in its files or in anything it publishes.

`scrub` hides every secret of a known shape (`core.secrets.shapes`). A pet's `Scrubber` also
remembers each secret it hid, as a keyed hash and never the secret itself (its taint,
`core.secrets.taint`), and hides it wherever it turns up again bare: "password: hunter2hunter2" is
hidden by its shape, and so is "the owner mentioned hunter2hunter2" after it. Both run in time
linear in the text; a text is cut to its cap before it is scrubbed (`cut`), never after.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from .shapes import CARD, EMAIL, IBAN, PHONE, SECRET, TOKEN, Found, hide_shapes
from .taint import Pool, Taint

__all__ = [
    "CARD",
    "EMAIL",
    "IBAN",
    "PHONE",
    "SECRET",
    "TOKEN",
    "Pool",
    "Scrubber",
    "Taint",
    "cut",
    "scrub",
    "scrub_data",
]

CUT_SLACK: Final = 64  # characters past a cap kept while scrubbing, so no secret is cut in two
_KEY_BYTES: Final = 16
MEMO_TEXT: Final = 2048  # a longer text is scrubbed afresh each time (the memo stays small)
MEMO_SIZE: Final = 4096  # texts remembered at most, then forgotten together


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


class Scrubber:
    """One pet's scrubber: the shapes, and the taint of what it hid before."""

    def __init__(self, taint: Taint) -> None:
        self.taint = taint
        # What was scrubbed lately, while the taint stays as it was: the surfaces show the same
        # texts again and again, and a text is scrubbed the same way until a secret is learned.
        self._memo: dict[tuple[str, Pool], str] = {}
        self._memo_for: tuple[Taint, int] | None = None

    def to_dict(self) -> dict[str, Any]:
        """The taint, for the checkpoint: its key and its pools of hashes (never a secret)."""
        return {"key": self.taint.key.hex(), "pools": self.taint.to_pools()}

    def restore(self, data: Any) -> None:
        """The taint back from the checkpoint (with its key: the hashes need it); a checkpoint
        of one list (before the pools) is what the owner said. Anything unreadable keeps the
        taint as it is."""
        if not isinstance(data, dict) or not isinstance(data.get("key"), str):
            return
        try:
            key = bytes.fromhex(data["key"])
        except ValueError:
            return
        pools, seen = data.get("pools"), data.get("seen")
        if isinstance(pools, dict):
            saved = {pool: pools.get(pool.value) for pool in Pool}
        elif isinstance(seen, list):
            saved = {Pool.SAID: seen}
        else:
            return
        if len(key) != _KEY_BYTES:
            return
        learned = self.taint.to_pools() if key == self.taint.key else {}
        self.taint = Taint(
            key, {pool: [*_strings(saved.get(pool)), *learned.get(pool, ())] for pool in Pool}
        )

    def learn_from(self, text: str, pool: Pool = Pool.SAID) -> None:
        """Remember whatever secret `text` holds, its shapes too (what the owner said, or wrote
        in a file, before anything else can repeat it; a guest's words are `Pool.HEARD`)."""
        self._scrub(text, pool, learn_shapes=True)

    def __call__(self, text: str, pool: Pool = Pool.HEARD) -> str:
        """The text with secrets hidden: by their shape, then bare. A value named by a secret
        word ("password: …") is remembered wherever it was found, in `pool`; a shape (a card
        number, a token) is found again by its shape, and remembered only by `learn_from`."""
        if not text or len(text) > MEMO_TEXT:
            return self._scrub(text, pool, learn_shapes=False)
        taint = self.taint
        version = taint.version
        if self._memo_for != (taint, version):
            self._memo, self._memo_for = {}, (taint, version)
        memo = self._memo
        if (hidden := memo.get((text, pool))) is not None:
            return hidden
        hidden = self._scrub(text, pool, learn_shapes=False)
        if taint is self.taint and taint.version == version and memo is self._memo:
            if len(memo) >= MEMO_SIZE:
                memo.clear()
            memo[text, pool] = hidden
        return hidden

    def _scrub(self, text: str, pool: Pool, *, learn_shapes: bool) -> str:
        if not text:
            return text
        found = Found()
        hidden = hide_shapes(text, found)
        for secret in found.keyed:
            self.taint.learn(secret, pool)
        for secret in found.shaped if learn_shapes else ():
            self.taint.learn(secret, pool, parts=False)
        return self.taint.hide(hidden)

    def data(self, value: Any) -> Any:
        """Every string inside plain data, scrubbed."""
        return scrub_data(value, self)

    def cut(self, text: str, cap: int) -> str:
        """At most `cap` characters of the scrubbed text (see `cut`)."""
        return cut(text, cap, self)


def _strings(value: Any) -> list[str]:
    return [item for item in value if isinstance(item, str)] if isinstance(value, list) else []
