"""What the turns keep in the checkpoint: the conversation's exchanges, the day's tokens, the open
conversation.

Anything unreadable is skipped; an older checkpoint's inbox becomes journal lines.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..core.closing import Conversation, Heard
from ..core.exchanges import Exchanges
from ..core.notes import notes_from_list
from ..core.readback import flag, mapping, text
from ..core.tokens import TokenLedger
from ..ports import Clock, JournalLines
from ..vault.goals import GoalBook


class KeptTurns(Protocol):
    """What the turns keep across a restart (the turns part, as the checkpoint sees it)."""

    exchanges: Exchanges
    tokens: TokenLedger
    last_intent: str | None
    last_outcome: str | None
    last_said: dict[str, Any] | None
    last_mark: dict[str, Any]
    unflushed: bool
    conversation: Conversation

    @property
    def goals(self) -> GoalBook:
        """The goal book (its serial is kept)."""
        ...

    @property
    def journal(self) -> JournalLines:
        """Where an older checkpoint's notes go."""
        ...

    @property
    def clock(self) -> Clock:
        """The one clock."""
        ...


def ledger(turns: KeptTurns) -> dict[str, Any]:
    """Plain data for the checkpoint."""
    return {
        "history": turns.exchanges.to_list(),
        "tokens": turns.tokens.to_dict(),
        "last_intent": turns.last_intent,
        "last_outcome": turns.last_outcome,
        "last_said": turns.last_said,
        "last_mark": turns.last_mark,
        "unflushed": turns.unflushed,
        "conversation": turns.conversation.to_list(),
        "goal_serial": turns.goals.serial,
    }


def restore_ledger(turns: KeptTurns, data: Any) -> None:
    """Back from the checkpoint (anything unreadable is skipped)."""
    if not isinstance(data, dict):
        return
    turns.exchanges = Exchanges.from_list(data.get("history"))
    for note in notes_from_list(data.get("notes")):  # an older inbox
        turns.journal.entry(turns.clock.now(), "journal.noted", text=note.text)
    turns.tokens = TokenLedger.from_dict(data.get("tokens"))
    turns.last_intent = text(data.get("last_intent"))
    turns.last_outcome = text(data.get("last_outcome"))
    said = mapping(data.get("last_said"))
    turns.last_said = (
        {k: v for k, v in said.items() if isinstance(k, str) and isinstance(v, str)}
        if isinstance(said.get("text"), str)
        else None
    )
    mark = data.get("last_mark")
    turns.last_mark = mark if isinstance(mark, dict) else {}
    turns.unflushed = flag(data.get("unflushed"), False)
    turns.conversation = Conversation.from_list(data.get("conversation"))
    if turns.unflushed and not turns.conversation.heard:  # an older checkpoint: keep it all
        turns.conversation.add(Heard("a conversation from before a restart", False, False))
    serial = data.get("goal_serial")
    if isinstance(serial, int) and not isinstance(serial, bool):
        turns.goals.serial = serial
