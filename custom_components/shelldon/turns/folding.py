"""The dream's fold of one finished journal day into memory/facts.md.

The day is distilled locally first; only new facts are kept (scrubbed, one line each, dated),
and a fold estimated to cost more than tonight's allowance left is not started.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol

from ..brain import Brain
from ..brain.turn import OVER_ALLOWANCE, TurnRequest
from ..core.dream import distill
from ..core.exchanges import Line
from ..core.notes import fact_line, new_facts
from ..core.turn_kind import TurnKind
from ..ports import Executor
from ..vault.recall import FACTS_FILE, Recall
from ..vault.vault import Vault
from .senses import TurnOutcome


class Folder(Protocol):
    """The turns part, as a dream's fold uses it."""

    name: str
    brain: Brain

    @property
    def vault(self) -> Vault:
        """The pet's files."""
        ...

    @property
    def recall(self) -> Recall:
        """The facts it keeps."""
        ...

    @property
    def executor(self) -> Executor:
        """Off the loop."""
        ...

    def request(self, kind: TurnKind, now: datetime, **extra: Any) -> TurnRequest:
        """The request for a turn of this kind."""
        ...

    async def run(self, request: TurnRequest, heard: Line | None, kind: TurnKind) -> TurnOutcome:
        """One model call and what is kept after it."""
        ...


async def fold_day(
    turns: Folder, now: datetime, day: str, room: int | None = None
) -> tuple[TurnOutcome, int]:
    """Fold one finished journal day into memory/facts.md (admitted, holding the slot).

    Returns the outcome and how many facts were kept. With `room` (the tokens left of
    tonight's allowance), a fold estimated to cost more is not started: the outcome's
    error is OVER_ALLOWANCE and nothing is spent.
    """
    day_text = await turns.executor(_read, turns.vault, f"journal/{day}.md")
    parts = distill(day_text, turns.name)
    known = [fact for fact, _ in turns.recall.facts]
    words = " ".join(parts).lower()
    relevant = [f for f in known if any(w in words for w in f.lower().split()[:3])]
    request = turns.request(
        TurnKind.DREAM,
        now,
        notes=tuple(parts[0].splitlines()) if parts else (),
        facts=tuple((relevant or known)[-40:]),
        goal=day,
    )
    if not parts:
        return TurnOutcome("", f"nothing to keep from {day}", True, TurnKind.DREAM, 0), 0
    if room is not None and (cost := turns.brain.estimate(request)) > room:
        return TurnOutcome(
            "", f"about {cost} tokens", False, TurnKind.DREAM, 0, error=OVER_ALLOWANCE
        ), 0
    outcome = await turns.run(request, None, TurnKind.DREAM)
    kept: list[str] = []
    if outcome.ok and outcome.reply is not None:
        kept = new_facts([turns.vault.scrubber(f) for f in outcome.reply.remember], known)
        if kept:
            lines = "".join(fact_line(f, day) for f in kept)
            await turns.executor(turns.vault.append_text, FACTS_FILE, lines)
            for fact in kept:
                turns.recall.add_fact(fact, day)
    return outcome, len(kept)


def _read(vault: Vault, rel: str) -> str:
    return vault.read_text(rel) if vault.exists(rel) else ""
