"""What a turn is handed to read and tell around it (the mind's present, the bus, the face), and
what it gives back to its caller."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..brain.turn import Reply, TurnRequest
from ..core.exchanges import Line
from ..core.turn_kind import TurnKind
from ..ports import Post


@dataclass(frozen=True)
class TurnOutcome:
    """What a turn gave the caller."""

    say: str
    intent: str
    ok: bool
    kind: TurnKind
    tokens: int
    error: str | None = None
    reply: Reply | None = None


@dataclass
class Senses:
    """What the turns read and tell around them, handed in by the runtime."""

    post: Post  # a fact for the mind
    situation: Callable[..., list[str]]  # the mind's present tense: (now, promises=True)
    unsaid: Callable[[], list[str]]  # closing lines the door held back, for the next talk
    witnessed: Callable[[str, str], None]  # something real satisfied a need
    interacted: Callable[[], None]  # the owner spoke: the idle clock restarts
    save_soon: Callable[[], None]  # what was said reaches the checkpoint in seconds
    spoke: Callable[[], None]  # the turn said something: the reply face follows it
    key_rejected: Callable[[], None]  # the owner must re-authenticate
    fire: Callable[[str, dict[str, Any]], None]  # a bus event
    today: Callable[[], list[str]] = field(default=list)  # what it did today, from its journal


def committed(
    kind: TurnKind, heard: Line | None, reply: Reply, ok: bool, request: TurnRequest
) -> dict[str, Any]:
    """What the mind is told of a finished turn (REFLECT reads it): who said what, what the
    reply said and asked, and the goals the owner's message filed (new) or asked about."""
    return {
        "kind": kind.value,
        "heard": heard.text if heard is not None else None,
        "role": heard.role.value if heard is not None else None,
        "sender": heard.sender if heard is not None else None,
        "said": reply.say,
        "intent": reply.intent,
        "ok": ok,
        "asks": list(reply.asks),
        "promises": len(reply.promises),
        "filed": [item.id for item in request.filed if item.new],
        "requested": [item.id for item in request.filed],
    }


def finished(entry_id: str, kind: TurnKind, reply: Reply, tokens: int, ok: bool) -> dict[str, Any]:
    """`shelldon_turn_finished`: a conversation's closing turn counts as the owner's."""
    return {
        "entry_id": entry_id,
        "kind": "owner" if kind is TurnKind.FLUSH else kind.value,
        "intent": reply.intent,
        "tokens": tokens,
        "ok": ok,
        **({"flush": True} if kind is TurnKind.FLUSH else {}),
    }
