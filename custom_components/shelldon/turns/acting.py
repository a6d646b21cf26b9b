"""What a turn did in the owner's home, kept where the owner can read it.

Every tool call the model asked for is journaled: what ran (the owner asked for it), what the
home refused, and every call the pet refused with its reason, whatever kind of turn it was. The
trace gets one record per turn that asked for any. A brain that cannot act on the home (the
offline brain, an AI Task brain) says so plainly, in the message's language, when the owner asks
for something to change.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Final

from ..brain.turn import TurnRequest
from ..core.home import ToolCall, Verdict, asks_to_act
from ..core.language.words import phrase
from ..core.text import shorten
from ..core.turn_kind import TurnKind
from ..vault.journal import Journal

ARGS_SHOWN: Final = 160  # characters of a call's arguments in its journal line


def _args(call: ToolCall) -> str:
    return shorten(json.dumps(dict(call.args), ensure_ascii=False, sort_keys=True), ARGS_SHOWN)


def account_tools(journal: Journal, now: datetime, kind: str, calls: Sequence[ToolCall]) -> None:
    """Journal each call and trace the turn's calls (nothing when there were none)."""
    if not calls:
        return
    for call in calls:
        if call.verdict is Verdict.RAN:
            journal.entry(now, "journal.tool_ran", tool=call.name, args=_args(call))
        elif call.verdict is Verdict.FAILED:
            journal.entry(now, "journal.tool_failed", tool=call.name, args=_args(call))
        else:
            why = journal.words(f"why.{call.verdict.value}")
            journal.entry(now, "journal.tool_refused", tool=call.name, args=_args(call), why=why)
    journal.trace(
        {
            "at": now.isoformat(),
            "turn": kind,
            "tools": [
                {"tool": c.name, "args": dict(c.args), "verdict": c.verdict.value} for c in calls
            ],
        },
        resting=False,
    )


def cannot_act(
    brain: Any, request: TurnRequest, said: str, calls: Sequence[ToolCall]
) -> str | None:
    """The plain line of a brain without hands, when the owner's message asked for a change
    (in the message's language); else None. Never when a call of the turn reached the home (a
    key rejected after the lamp went on leaves the pet without hands, but it did act)."""
    if request.kind is not TurnKind.OWNER or getattr(brain, "acts_on_home", False):
        return None
    if any(call.ran for call in calls):
        return None
    return phrase("home.cannot_act", request.language) if asks_to_act(said) else None
