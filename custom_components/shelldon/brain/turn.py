"""What a turn is made of: the request the shell hands the brain, and the reply it gets back."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Final, Protocol

from ..core.home import ToolCall
from ..core.text import clean
from ..core.tokens import Usage
from ..core.turn_kind import TurnKind

INTENT_MAX: Final = 600
SAY_MAX: Final = 2000
ITEM_MAX: Final = 500
LIST_MAX: Final = 8
ID_MAX: Final = 40
PATH_MAX: Final = 300
OVER_ALLOWANCE: Final = "over_allowance"  # the error of a dream fold that would not fit
PROMISE_MAX_HOURS: Final = 24 * 30


@dataclass(frozen=True)
class Identity:
    """Who the pet is: the stable part of every prompt."""

    name: str
    constitution: str
    persona: str
    home: str = "home"


@dataclass(frozen=True)
class PromptLine:
    """One message shown to the pet, as data."""

    kind: str  # message (new) or earlier (context)
    room: str
    sender: str
    role: str  # owner, pet (its own earlier line) or marker
    text: str


@dataclass(frozen=True)
class OpenItem:
    """An open promise, ask or reminder, as the pet sees it."""

    id: str
    kind: str
    text: str
    age: str
    due: str


@dataclass(frozen=True)
class Filed:
    """A reminder the owner's message filed before the turn (or asked about), as the goal
    book holds it."""

    id: str
    text: str
    due: datetime | None  # in the owner's local time; None: no time was said, so ask when
    link: str = "to"  # how it was asked: remind me to / about / that
    new: bool = True  # False: the same reminder was already open
    kept_at: datetime | None = None  # due inside the quiet hours: given when they end (local)
    asked: bool = False  # the owner asked about it ("you'll remind me …, right?")
    let_go: bool = False  # the owner asked not to be reminded ("don't remind me …"): dropped


@dataclass(frozen=True)
class Machine:
    """The pet's own machine: its state as it holds it now (the changing part)."""

    local_time: datetime
    feeling: str
    valence: float
    arousal: float
    energy: float
    power_mode: str
    on_battery: bool
    charge: float | None
    turns_left: int
    daily_turns: int
    tokens_today: int
    changes: tuple[str, ...] = ()
    open_items: tuple[OpenItem, ...] = ()
    open_total: int = 0  # open goals in all (the prompt shows a few)
    last_intent: str | None = None
    last_outcome: str | None = None
    situation: tuple[str, ...] = ()
    recalled: tuple[str, ...] = ()
    shelf: tuple[str, ...] = ()  # cited passages from the knowledge shelf
    today: tuple[str, ...] = ()  # what it did today, from its journal ("HH:MM what")


class HomeTools(Protocol):
    """The owner's home, as one owner turn may use it: the tools of the LLM API the owner chose
    (in the Messages API's tool shape, stable within a conversation), that API's prompt, and a
    call that judges each request before anything runs (`core.home`)."""

    @property
    def prompt(self) -> str:
        """How to use the tools (the API's own prompt)."""
        ...

    @property
    def specs(self) -> list[dict[str, Any]]:
        """The tools, sorted by name."""
        ...

    async def call(self, name: str, args: dict[str, Any]) -> tuple[ToolCall, str]:
        """Judge one call and run it if it may run: the record, and the result as text for the
        model (scrubbed; a refusal says why)."""
        ...


@dataclass(frozen=True)
class TurnRequest:
    """Everything one turn is given."""

    kind: TurnKind
    identity: Identity
    machine: Machine
    messages: tuple[PromptLine, ...] = ()
    notes: tuple[str, ...] = ()  # dream: what was noted to remember
    facts: tuple[str, ...] = ()  # dream: what is already kept
    goal: str | None = None  # reach-out: what it is about ("[g3] call mum")
    reminder: bool = False  # reach-out: the goal is a reminder the owner asked for
    # reach-out keeping a promise away from its time: when it was due (local), and whether it
    # is late (the pet was off) rather than held for the end of the quiet hours
    was_due: datetime | None = None
    late: bool = False
    filed: tuple[Filed, ...] = ()  # owner: the reminders this message filed (or already had)
    flush_cause: str = "the conversation went quiet"
    # The language to answer in (a tag: "de", "pt-BR"): for an owner turn the message's, for the
    # pet's own turns its owner's.
    language: str = "en"
    home: HomeTools | None = None  # owner: the home's tools, when the owner chose an LLM API


@dataclass(frozen=True)
class Settle:
    """An open item the reply closes."""

    id: str
    how: str  # done or dropped


@dataclass(frozen=True)
class NewPromise:
    """A promise the reply makes."""

    what: str
    due_in_hours: float | None = None


@dataclass(frozen=True)
class EditRequest:
    """An edit the reply asks for, to one of the pet's own files."""

    path: str
    content: str
    reason: str


@dataclass(frozen=True)
class Reply:
    """A structured reply; intent comes first."""

    intent: str
    say: str = ""
    remember: tuple[str, ...] = ()
    settle: tuple[Settle, ...] = ()
    promises: tuple[NewPromise, ...] = ()
    asks: tuple[str, ...] = ()
    edits: tuple[EditRequest, ...] = ()


@dataclass(frozen=True)
class TurnResult:
    """A reply and what it cost."""

    reply: Reply
    usage: Usage = field(default_factory=Usage)
    brain: str = ""
    rounds: int = 1
    tools: tuple[ToolCall, ...] = ()  # every tool call the model asked for, with its verdict


class BrainError(Exception):
    """A turn could not be had: why, the tokens it was billed for, and every tool call the
    model asked for before it failed (the home's tools may have run)."""

    def __init__(self, cause: str, usage: Usage | None = None) -> None:
        super().__init__(cause)
        self.cause = cause
        self.usage = usage or Usage()
        self.tools: tuple[ToolCall, ...] = ()  # the brain's `think` fills them in as it fails


class BrainAuthError(BrainError):
    """The model provider refused the key: the owner must act."""


class BrainUnavailable(BrainError):
    """A passing failure: rate limit, overload, timeout, network, a garbled reply; or the
    model declined the turn (`REFUSED`: it works, and the next turn may be answered)."""


REFUSED: Final = "refused"  # the cause of a turn the model declined (stop_reason "refusal")


class ReplyError(ValueError):
    """A reply that does not fit the schema."""


def _text(value: Any, limit: int, name: str) -> str:
    if not isinstance(value, str):
        raise ReplyError(f"{name} must be a string")
    return clean(value).strip()[:limit]


def _list(data: Mapping[str, Any], name: str) -> list[Any]:
    """A list field of the reply (absent or null: empty); anything else is the wrong shape."""
    value = data.get(name)
    if value is None:
        return []
    if not isinstance(value, list):
        raise ReplyError(f"{name} must be a list")
    return value


def _strings(data: Mapping[str, Any], name: str) -> tuple[str, ...]:
    return tuple(s for s in (_text(v, ITEM_MAX, name) for v in _list(data, name)[:LIST_MAX]) if s)


def parse_reply(data: Any) -> Reply:
    """A Reply from the model's structured output; ReplyError says what is wrong.

    The reply is untrusted input, like a message: every string in it is cleaned of characters
    no writer can take (lone surrogates, NUL, controls) before anything else sees it."""
    if not isinstance(data, Mapping):
        raise ReplyError("the reply must be an object")
    intent = data.get("intent")
    if not isinstance(intent, str) or not clean(intent).strip():
        raise ReplyError("intent is required and must not be blank")
    intent = clean(intent).strip()
    if len(intent) > INTENT_MAX:
        raise ReplyError(f"intent must be at most {INTENT_MAX} characters")
    settle = []
    for item in _list(data, "settle"):
        if not isinstance(item, Mapping) or not isinstance(item.get("id"), str):
            raise ReplyError("each settle item needs an id")
        how = item.get("how", "done")
        if how not in {"done", "dropped"}:
            raise ReplyError("settle.how must be done or dropped")
        settle.append(Settle(clean(item["id"]).strip()[:ID_MAX], how))
    promises = []
    for item in _list(data, "promise"):
        if not isinstance(item, Mapping) or not isinstance(item.get("what"), str):
            raise ReplyError("each promise needs what")
        hours = item.get("due_in_hours")
        if hours is not None and (
            not isinstance(hours, int | float)
            or isinstance(hours, bool)
            or not 0 <= hours <= PROMISE_MAX_HOURS
        ):
            raise ReplyError(f"due_in_hours must be between 0 and {PROMISE_MAX_HOURS}")
        what = clean(item["what"]).strip()[:ITEM_MAX]
        if what:
            promises.append(NewPromise(what, float(hours) if hours is not None else None))
    edits = []
    for item in _list(data, "edit"):
        if (
            not isinstance(item, Mapping)
            or not isinstance(item.get("path"), str)
            or not isinstance(item.get("content"), str)
        ):
            raise ReplyError("each edit needs a path and the file's full new content")
        reason = item.get("reason")
        edits.append(
            EditRequest(
                item["path"][:PATH_MAX],  # as given: a path no file can have is refused whole
                clean(item["content"]),
                clean(reason if isinstance(reason, str) else ""),
            )
        )
    say = data.get("say", "")
    return Reply(
        intent=intent,
        say=_text(say if say is not None else "", SAY_MAX, "say"),
        remember=_strings(data, "remember"),
        settle=tuple(settle[:LIST_MAX]),
        promises=tuple(promises[:LIST_MAX]),
        asks=_strings(data, "ask"),
        edits=tuple(edits[:2]),
    )
