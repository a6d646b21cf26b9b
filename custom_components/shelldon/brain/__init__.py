"""The brain: the only code that talks to a language model.

One small protocol (`Brain.think`, and `Brain.estimate` for what a request would cost at most)
with three implementations: the Anthropic brain (the official SDK on Home Assistant's shared HTTP
client), the AI Task brain (any AI Task entity the owner already set up) and the offline brain
(mood-aware templates that never fail and cost nothing); `factory` chooses one for an entry. The
turn prompt is assembled here, from data the shell hands in.
"""

from __future__ import annotations

from typing import Protocol

from .turn import TurnRequest, TurnResult


class Brain(Protocol):
    """Something that turns a request into a reply."""

    name: str

    async def think(self, request: TurnRequest) -> TurnResult:
        """One turn: a structured reply (intent first) and what it cost."""
        ...

    def estimate(self, request: TurnRequest) -> int:
        """At most how many tokens this request would cost (input and the output cap)."""
        ...
