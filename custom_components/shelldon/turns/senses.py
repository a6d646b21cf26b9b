"""What a turn is handed to read and tell around it (the mind's present, the bus, the face) and
the files it works in, and what it gives back to its caller."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from ..brain.tool_rounds import described
from ..brain.turn import HomeTools, Reply, TurnRequest
from ..core.closing import Heard, hear
from ..core.exchanges import Line
from ..core.home import ToolCall
from ..core.turn_kind import TurnKind
from ..ports import Post
from ..vault.goals import GoalBook
from ..vault.journal import Journal
from ..vault.proposals import Proposals
from ..vault.recall import Recall
from ..vault.shelf import Shelf
from ..vault.vault import Vault


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


@dataclass(frozen=True)
class Senses:
    """What a turn reads around it, handed in by the runtime: the mind's present, the lines the
    door held back, the day so far, the owner's home (its tools, and its name)."""

    situation: Callable[..., list[str]]  # the mind's present tense: (now, promises=True)
    unsaid: Callable[[], list[str]]  # closing lines the door held back, for the next talk
    today: Callable[[], list[str]] = field(default=list)  # what it did today, from its journal
    # the owner's home for one owner message: (who asked, what they said) -> its tools, or None
    open_home: Callable[[Any, str], Awaitable[HomeTools | None]] | None = None
    home: str = "home"  # where the pet lives, by the name the owner gave the home


@dataclass(frozen=True)
class Tells:
    """What a turn tells around it, handed in by the runtime: the mind, the needs, the idle
    clock, the checkpoint, the face, the owner (a key or a model to renew) and the bus."""

    post: Post  # a fact for the mind
    witnessed: Callable[[str, str], None]  # something real satisfied a need
    interacted: Callable[[], None]  # the owner spoke: the idle clock restarts
    save_soon: Callable[[], None]  # what was said reaches the checkpoint in seconds
    spoke: Callable[[], None]  # the turn said something: the reply face follows it
    key_rejected: Callable[[], None]  # the owner must re-authenticate
    fire: Callable[[str, dict[str, Any]], None]  # a bus event
    model_refused: Callable[[str], None] | None = None  # the model is retired or unknown: a repair


@dataclass(frozen=True)
class TurnFiles:
    """The files a turn reads and writes: the journal, the goal book, the vault, recall, the
    shelf as it is now (it is rebuilt when a dial changes), and the soul's proposals."""

    journal: Journal
    goals: GoalBook
    vault: Vault
    recall: Recall
    shelf: Callable[[], Shelf]
    proposals: Proposals


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


def finished(
    entry_id: str,
    kind: TurnKind,
    reply: Reply,
    tokens: int,
    ok: bool,
    tools: tuple[ToolCall, ...] = (),
) -> dict[str, Any]:
    """`shelldon_turn_finished`: a conversation's closing turn counts as the owner's. A turn
    whose model asked for any tool also has `tools` (the home's tools it ran) and `refused`
    (every call refused: tool, verdict, arguments)."""
    return {
        "entry_id": entry_id,
        "kind": "owner" if kind is TurnKind.FLUSH else kind.value,
        "intent": reply.intent,
        "tokens": tokens,
        "ok": ok,
        **(
            {
                "tools": [call.name for call in tools if call.ran],
                "refused": described([c for c in tools if not c.ran]),
            }
            if tools
            else {}
        ),
        **({"flush": True} if kind is TurnKind.FLUSH else {}),
    }


def heard_in_talk(
    text: str, reply: Reply, ok: bool, request: TurnRequest, tools: tuple[ToolCall, ...]
) -> Heard:
    """What one message of a conversation left to keep (for its closing turn): a tool that ran
    in the home is something done."""
    acted = reply.settle or reply.promises or reply.asks or reply.edits or request.filed
    return hear(
        text,
        answered=ok,
        remembered=bool(reply.remember),
        acted=bool(acted or any(call.ran for call in tools)),
        say=reply.say,
        asks=len(reply.asks),
    )
