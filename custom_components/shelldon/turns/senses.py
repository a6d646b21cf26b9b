"""What a turn is handed to read and tell around it (the mind's present, the bus, the face), and
what it gives back to its caller."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..brain.turn import Reply
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
    situation: Callable[[datetime], list[str]]  # the mind's present tense, for the prompt
    unsaid: Callable[[], list[str]]  # closing lines the door held back, for the next talk
    witnessed: Callable[[str, str], None]  # something real satisfied a need
    interacted: Callable[[], None]  # the owner spoke: the idle clock restarts
    save_soon: Callable[[], None]  # what was said reaches the checkpoint in seconds
    spoke: Callable[[], None]  # the turn said something: the reply face follows it
    key_rejected: Callable[[], None]  # the owner must re-authenticate
    fire: Callable[[str, dict[str, Any]], None]  # a bus event
