"""The parts as each other sees them: the turn runner, the needs' motives and what they want
done, the body, and the needs' read-only view."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from ..core.appraisal import Candidate
from ..core.closing import Closing
from ..core.faces import Face
from ..core.goals import Goal
from ..core.power import BackoffLevel, PowerState
from ..core.salience import Outcome
from ..core.state import PersonalityState
from ..core.tokens import Usage
from ..core.turn_kind import TurnKind


class ReplyLike(Protocol):
    """What the parts read of a model's reply: the questions it asked the owner."""

    @property
    def asks(self) -> tuple[str, ...]: ...


class TurnOutcomeLike(Protocol):
    """What a turn gave its caller (read-only: a turn's outcome is never changed after)."""

    @property
    def say(self) -> str: ...
    @property
    def intent(self) -> str: ...
    @property
    def ok(self) -> bool: ...
    @property
    def tokens(self) -> int: ...
    @property
    def error(self) -> str | None: ...
    @property
    def reply(self) -> ReplyLike | None: ...


class TurnRunner(Protocol):
    """The turns part, as the mind uses it."""

    unflushed: bool

    async def async_self_turn(
        self, kind: TurnKind, now: datetime, *, goal: Goal | None = None
    ) -> TurnOutcomeLike:
        """Run an admitted turn the pet starts itself."""
        ...

    async def async_keep(
        self, goal: Goal, now: datetime, *, think: bool, late: bool, waited: bool
    ) -> TurnOutcomeLike:
        """The line that keeps a promise come due (holding the slot): the model's words when
        it may `think`, the pet's own plain words otherwise; never silent."""
        ...

    async def async_dream_day(
        self, now: datetime, day: str, room: int | None = None
    ) -> tuple[TurnOutcomeLike, int]:
        """Fold one finished journal day into memory."""
        ...

    def spent_today(self, now: datetime) -> Usage:
        """Tokens spent today."""
        ...

    def closing(self) -> Closing:
        """Whether a conversation that just ended left anything for a model to keep, and why."""
        ...

    def closed(self) -> None:
        """The conversation is closed without a closing turn."""
        ...


class Motives(Protocol):
    """The needs, as the mind uses them."""

    def impulses(self, now: datetime, token_pressure: float | None = None) -> list[Candidate]:
        """What the needs want now, for the mind to appraise (the mind's token pressure,
        worked out once per tick, handed in)."""
        ...

    def act(self, choice: Candidate, now: datetime) -> Want:
        """What the chosen need wants done."""
        ...

    def defer(self, need: str, reason: str) -> bool:
        """Put a need's act off, with a reason."""
        ...

    def outcome(
        self, need: str | None, outcome: Outcome, reason: str, *, delivered: bool = True
    ) -> None:
        """A reach-out made for a need ended."""
        ...

    def witnessed(self, need: str, evidence: str) -> None:
        """Something real satisfied a need."""
        ...

    def resolve(self, need: str, evidence: str) -> None:
        """The act a need wanted was done, with this evidence."""
        ...


@dataclass(frozen=True)
class Want:
    """What an act wants the mind to carry out through its doors: a journal line (`line`,
    already the evidence), a reach-out (`reach_out`: a hello, or about `goal`), a dream fold, or
    nothing more (`done`, said in `account`)."""

    account: str
    line: str | None = None
    reach_out: bool = False
    goal: Goal | None = None
    dream: bool = False
    need: str | None = None


class Body(Protocol):
    """The pet's body as the parts may read it (and the one door to its personality)."""

    @property
    def name(self) -> str:
        """The pet's name."""
        ...

    @property
    def state(self) -> PersonalityState:
        """The personality as it is now."""
        ...

    @property
    def initiative(self) -> bool:
        """The pet may start turns on its own."""
        ...

    @property
    def level(self) -> BackoffLevel:
        """The battery's backoff level now."""
        ...

    @property
    def power(self) -> PowerState:
        """The battery reading now."""
        ...

    @property
    def mood_face(self) -> Face:
        """The face the mood selects now."""
        ...

    @property
    def stretch(self) -> float:
        """The battery's cadence stretch."""
        ...

    @property
    def last_interaction(self) -> datetime | None:
        """When the owner last spoke."""
        ...

    @property
    def started_at(self) -> datetime:
        """When the pet woke."""
        ...

    @property
    def turns_left_today(self) -> int:
        """Self-started turns still affordable today."""
        ...

    @property
    def daily_turns(self) -> int:
        """The daily budget of self-started turns."""
        ...

    @property
    def turn_in_flight(self) -> bool:
        """A turn holds the slot."""
        ...

    def apply(self, patch: dict[str, Any]) -> None:
        """The one door to the personality."""
        ...


class NeedsView(Protocol):
    """What the needs may look at to choose and do their acts (read-only, but for the two
    checks that act: the health check raises its repair issue, a damaged checkpoint is
    rewritten)."""

    def shelf_chunks(self) -> list[Any]:
        """The passages on the shelf."""
        ...

    def shelf_search(self, query: str) -> list[Any]:
        """Passages worth citing for a query."""
        ...

    def facts(self) -> list[tuple[str, str]]:
        """Every fact kept, with its day."""
        ...

    def recall(self, query: str) -> list[str]:
        """What the pet remembers about a query."""
        ...

    def last_topic(self) -> str:
        """What the owner last talked about."""
        ...

    def owner_last_words(self) -> str:
        """What the owner said last."""
        ...

    def constitution(self) -> str:
        """The constitution's text."""
        ...

    def persona(self) -> str:
        """The persona's text."""
        ...

    def pending_edits(self) -> int:
        """Persona edits waiting for the owner."""
        ...

    def beliefs(self) -> list[Any]:
        """What the pet believes now, latest per subject."""
        ...

    def situation(self) -> list[str]:
        """The present, as the pet tells it (its desk, its power, who it can see)."""
        ...

    def expectations(self) -> tuple[int, int]:
        """(all expectations kept, those still open)."""
        ...

    def forget_stale(self) -> int:
        """Forget settled goals' bookkeeping and old expectations; how many expectations went."""
        ...

    def dreaming(self) -> bool:
        """The mind is in its dream state."""
        ...

    def dream_backlog(self) -> list[str]:
        """Finished days waiting to be folded."""
        ...

    def dream_work(self) -> bool:
        """A dream tick would have work."""
        ...

    def may_muse(self) -> str | None:
        """Why a hello would be out of place now, or None."""
        ...

    def token_pressure(self) -> float:
        """Tokens spent today over the cap."""
        ...

    def health_problems(self) -> list[str]:
        """What the pet finds wrong with its own body (a repair issue follows)."""
        ...

    async def async_verify_checkpoint(self) -> str:
        """Read the checkpoint back (saving again if damaged): what was found."""
        ...

    async def async_draw_faces(self) -> str:
        """Draw every face at the panel's size: what was drawn."""
        ...


class Promises(Protocol):
    """The promises, as the mind's tick sees them: whatever came due is given."""

    def keep(self, now: datetime) -> list[str]:
        """Start giving every promise that came due (`now` local); the ids started."""
        ...
