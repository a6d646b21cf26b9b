"""Small, honest stand-ins for the ports a part is handed (custom_components/shelldon/ports/).

Each fake does what its port promises and records what it was asked, so a test can say what a
part did through its doors. Where the real thing is plain (the vault on a temporary folder, the
journal's records, the goal book, recall, the shelf, the dials), the tests use the real thing.
"""

from __future__ import annotations

import asyncio
import typing
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from custom_components.shelldon.brain.turn import BrainError, Reply, TurnRequest, TurnResult
from custom_components.shelldon.core.appraisal import Act, Candidate
from custom_components.shelldon.core.budget import Decision
from custom_components.shelldon.core.closing import Closing
from custom_components.shelldon.core.faces import STARTER_FACES, Face
from custom_components.shelldon.core.goals import Goal
from custom_components.shelldon.core.power import BackoffLevel, PowerState
from custom_components.shelldon.core.salience import (
    Factors,
    InterruptDecision,
    Outcome,
    Presence,
)
from custom_components.shelldon.core.signals import Signal, SignalKind
from custom_components.shelldon.core.state import PersonalityState
from custom_components.shelldon.core.tokens import Usage
from custom_components.shelldon.core.turn_kind import TurnKind
from custom_components.shelldon.ports import Admitted, Said, Want
from custom_components.shelldon.turns.senses import Senses, Tells

TZ = ZoneInfo("Europe/Amsterdam")  # the owner's zone (summer: UTC+2)
MONDAY_10 = datetime(2025, 6, 2, 10, 0, tzinfo=TZ)  # a working Monday, mid-morning


# ---------------------------------------------------------------------- time


class FakeClock:
    """The one clock, moved by the test: local time in TZ and UTC, both aware."""

    def __init__(self, start: datetime = MONDAY_10) -> None:
        self.at = start.astimezone(UTC)

    def now(self) -> datetime:
        """Local, aware."""
        return self.at.astimezone(TZ)

    def utcnow(self) -> datetime:
        """UTC, aware."""
        return self.at

    def move(self, **delta: float) -> datetime:
        """Time passes; returns the new local time."""
        self.at += timedelta(**delta)
        return self.now()


class FakeHeart:
    """The one timer: what the mind asked of it."""

    def __init__(self) -> None:
        self.woken: list[float] = []  # each wake: unless a tick is due within so many seconds
        self.cadences: list[float] = []

    def wake(self, within_s: float) -> None:
        self.woken.append(within_s)

    def set_cadence(self, period_s: float) -> None:
        self.cadences.append(period_s)


# ---------------------------------------------------------------------- the body


CONTENT: Face = next(f for f in STARTER_FACES if f.name == "content")


@dataclass
class FakeBody:
    """The body as a part may read it: a real personality state and a real face."""

    started_at: datetime
    name: str = "Shelldon"
    state: PersonalityState = field(default_factory=PersonalityState)
    level: BackoffLevel = BackoffLevel.LIVELY
    power: PowerState = field(default_factory=lambda: PowerState(on_battery=False))
    initiative: bool = True
    mood_face: Face = CONTENT
    stretch: float = 1.0
    last_interaction: datetime | None = None
    turns_left_today: int = 12
    daily_turns: int = 12
    turn_in_flight: bool = False
    patches: list[dict[str, Any]] = field(default_factory=list)

    def apply(self, patch: dict[str, Any]) -> None:
        """The one door to the personality: recorded, and applied for real."""
        self.patches.append(dict(patch))
        self.state.apply_patch(patch)


class FakeHousehold:
    """Who is home: as the mind reads it (state, people, name_of)."""

    def __init__(self, state: Presence = Presence.UNKNOWN, **names: str) -> None:
        self.state = state
        self.names = dict(names)

    @property
    def people(self) -> list[str]:
        return list(self.names)

    def name_of(self, entity_id: str) -> str:
        return self.names.get(entity_id, entity_id)


# ---------------------------------------------------------------------- the doors


ADMIT = Admitted(Decision.ADMIT, "within budget")


class FakeAdmission:
    """The one way in for a self-started turn. Admits by default; told to defer or skip, it
    says so at `check` (and so at `admit`), or only at `admit` (the slot was taken)."""

    def __init__(self) -> None:
        self.check_says: Admitted = ADMIT
        self.admit_says: Admitted | None = None  # None: as check says
        self.checks: list[tuple[int, datetime]] = []
        self.admits: list[tuple[int, datetime]] = []
        self.releases = 0
        self.refunds: list[tuple[int, datetime]] = []
        self.waits = 0
        self.holding = False

    def defer(self, reason: str = "cooling down", *, only_admit: bool = False) -> None:
        answer = Admitted(Decision.DEFER, reason)
        if only_admit:
            self.admit_says = answer
        else:
            self.check_says = answer

    def skip(self, reason: str = "initiative is off") -> None:
        self.check_says = Admitted(Decision.SKIP, reason)

    def check(self, cost: int, now: datetime) -> Admitted:
        self.checks.append((cost, now))
        return self.check_says

    def admit(self, cost: int, now: datetime, checked: Admitted | None = None) -> Admitted:
        self.admits.append((cost, now))
        answer = self.admit_says or self.check_says
        if answer.ok:
            assert not self.holding, "admitted while a turn held the slot"
            self.holding = True
        return answer

    def release(self) -> None:
        self.releases += 1
        self.holding = False

    def refund(self, cost: int, now: datetime) -> None:
        self.refunds.append((cost, now))

    async def async_wait_slot(self) -> None:
        self.waits += 1
        self.holding = True


FACTORS = Factors(relevance=0.6, time_sensitivity=0.6, license=1.0, availability=1.0, welcome=1.0)
REASONS = {
    Outcome.SPEAK: "someone is home to hear it",
    Outcome.SUGGEST: "no speaker; a message will wait",
    Outcome.SILENT: "not worth interrupting (0.50 < 0.75)",
}


def verdict(outcome: Outcome, reason: str | None = None) -> InterruptDecision:
    """A real gate-2 verdict with real factors."""
    return InterruptDecision(outcome, FACTORS.score(), reason or REASONS[outcome], FACTORS)


@dataclass(frozen=True)
class Sent:
    """One line that went out through the door."""

    text: str
    verdict: InterruptDecision
    about: str
    goal: Goal | None
    asks: bool = False


class FakeDoor:
    """The one door out: says the verdict it was given, records what it was asked."""

    def __init__(self, outcome: Outcome = Outcome.SUGGEST) -> None:
        self.verdict = verdict(outcome)
        self.delivered = True
        self.decided: list[tuple[Goal | None, datetime]] = []
        self.said: list[Sent] = []
        self.held_back: list[tuple[InterruptDecision, str]] = []

    def says(self, outcome: Outcome, reason: str | None = None) -> InterruptDecision:
        self.verdict = verdict(outcome, reason)
        return self.verdict

    def decide(self, goal: Goal | None, now: datetime) -> InterruptDecision:
        self.decided.append((goal, now))
        return self.verdict

    async def async_say(
        self,
        text: str,
        verdict: InterruptDecision,
        *,
        about: str,
        goal: Goal | None = None,
        asks: bool = False,
    ) -> Said:
        self.said.append(Sent(text, verdict, about, goal, asks))
        return Said(verdict.outcome, verdict.reason, self.delivered, verdict)

    def hold_back(self, verdict: InterruptDecision, *, about: str) -> None:
        self.held_back.append((verdict, about))

    def interruptions_today(self, now: datetime) -> int:
        return len(self.said)


# ------------------------------------------------------------ the turns, as the mind sees them


@dataclass(frozen=True)
class SelfOutcome:
    """What a turn gave its caller (the TurnOutcomeLike port, nothing more)."""

    say: str
    intent: str
    ok: bool = True
    tokens: int = 0
    error: str | None = None
    reply: Reply | None = None


def said(text: str) -> SelfOutcome:
    return SelfOutcome(text, f"say: {text}", tokens=120)


def failed(error: str = "timeout") -> SelfOutcome:
    return SelfOutcome("", f"(the turn failed: {error})", ok=False, error=error)


class FakeTurnRunner:
    """The turns part as the mind uses it: scripted outcomes, every turn recorded."""

    def __init__(self) -> None:
        self.unflushed = False
        self.script: list[SelfOutcome] = []
        self.self_turns: list[tuple[TurnKind, datetime, Goal | None]] = []
        self.dream_days: list[tuple[str, int | None]] = []
        self.spent = Usage()

    def will(self, *outcomes: SelfOutcome) -> None:
        self.script.extend(outcomes)

    async def async_self_turn(
        self, kind: TurnKind, now: datetime, *, goal: Goal | None = None
    ) -> SelfOutcome:
        self.self_turns.append((kind, now, goal))
        if kind is TurnKind.FLUSH:
            self.unflushed = False  # a closing turn closes the conversation, as the real one
        return self.script.pop(0) if self.script else SelfOutcome("", "stay quiet")

    async def async_dream_day(
        self, now: datetime, day: str, room: int | None = None
    ) -> tuple[SelfOutcome, int]:
        self.dream_days.append((day, room))
        return SelfOutcome("", f"fold {day}"), 0

    def spent_today(self, now: datetime) -> Usage:
        return self.spent

    def closing(self) -> Closing:
        return Closing(self.unflushed, "scripted")

    def closed(self) -> None:
        self.unflushed = False


# ------------------------------------------------------------ the needs, as the mind sees them


class FakeKeeper:
    """The promises' keeper (`ports.Keeper`): the ticks it was asked to keep, what it started."""

    def __init__(self) -> None:
        self.asked: list[datetime] = []

    def keep(self, now: datetime) -> list[str]:
        self.asked.append(now)
        return []


class FakeMotives:
    """The needs' motives: scripted impulses, each with the Want its act returns."""

    def __init__(self) -> None:
        self.offers: list[tuple[Candidate, Want]] = []
        self.calls: list[tuple[Any, ...]] = []

    def offer(self, need: str, want: Want, score: float = 0.6) -> Candidate:
        choice = Candidate(Act.NEED, score, f"{need}: {want.account}", f"need:{need}")
        self.offers.append((choice, want))
        return choice

    def named(self, name: str) -> list[tuple[Any, ...]]:
        return [c[1:] for c in self.calls if c[0] == name]

    def impulses(self, now: datetime, token_pressure: float | None = None) -> list[Candidate]:
        self.calls.append(("impulses", now))
        return [choice for choice, _ in self.offers]

    def act(self, choice: Candidate, now: datetime) -> Want:
        self.calls.append(("act", choice.ref))
        for index, (offered, want) in enumerate(self.offers):
            if offered.ref == choice.ref:
                del self.offers[index]
                return want
        return Want("nothing pending")

    def defer(self, need: str, reason: str) -> bool:
        self.calls.append(("defer", need, reason))
        return True

    def outcome(
        self, need: str | None, outcome: Outcome, reason: str, *, delivered: bool = True
    ) -> None:
        self.calls.append(("outcome", need, outcome, reason, delivered))

    def witnessed(self, need: str, evidence: str) -> None:
        self.calls.append(("witnessed", need, evidence))

    def resolve(self, need: str, evidence: str) -> None:
        self.calls.append(("resolve", need, evidence))


# ---------------------------------------------------------------------- plumbing


async def executor(fn: Callable[..., Any], *args: Any) -> Any:
    """Run the blocking call inline."""
    return fn(*args)


class ExecutorHost:
    """What the goal book uses its `hass` for: the executor, and nothing else."""

    async def async_add_executor_job(self, fn: Callable[..., Any], *args: Any) -> Any:
        return fn(*args)


class Spawned:
    """A spawn that collects the work, so the test awaits it (in order, and what it spawns)."""

    def __init__(self) -> None:
        self.pending: list[Awaitable[Any]] = []
        self.count = 0

    def __call__(self, work: Awaitable[Any]) -> None:
        self.pending.append(work)
        self.count += 1

    async def drain(self) -> None:
        while self.pending:
            await self.pending.pop(0)

    def close(self) -> None:
        """What was never awaited is closed (no coroutine left behind)."""
        for work in self.pending:
            if asyncio.iscoroutine(work):
                work.close()
        self.pending.clear()


class Changes:
    """The `changed` callback: every call, with its save flag."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def __call__(self, **kw: Any) -> None:
        self.calls.append(kw)


class Calls:
    """A callable that counts its calls and returns what it is told."""

    def __init__(self, returns: Any = None) -> None:
        self.returns = returns
        self.count = 0

    def __call__(self, *args: Any) -> Any:
        self.count += 1
        return self.returns


# ---------------------------------------------------------------------- for the turns


USAGE = Usage(input=400, output=60)


class FakeBrain:
    """A brain that answers with scripted replies (or raises a scripted BrainError)."""

    name = "fake"

    def __init__(self, *answers: Reply | BrainError) -> None:
        self.answers: list[Reply | BrainError] = list(answers)
        self.requests: list[TurnRequest] = []
        self.estimated = 500

    def will(self, *answers: Reply | BrainError) -> None:
        self.answers.extend(answers)

    async def think(self, request: TurnRequest) -> TurnResult:
        self.requests.append(request)
        answer = self.answers.pop(0) if self.answers else Reply(intent="listen", say="Mm-hm.")
        if isinstance(answer, BrainError):
            raise answer
        return TurnResult(answer, USAGE, brain=self.name)

    def estimate(self, request: TurnRequest) -> int:
        return self.estimated


class FakeSoul:
    """The soul keeper, as the turns use it: a proposal, recorded, and its account."""

    def __init__(self) -> None:
        self.proposed: list[tuple[str, str, str]] = []

    async def async_propose(self, path: str, content: str, reason: str) -> str:
        self.proposed.append((path, content, reason))
        return f"proposed an edit to {path} (e{len(self.proposed)}): {reason}"


class FakeSlot:
    """The one turn in flight: an asyncio.Lock, with the takes and releases counted."""

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.takes = 0
        self.releases = 0

    @property
    def waiting(self) -> int:
        return self.takes - self.releases - (1 if self.lock.locked() else 0)

    async def take(self) -> None:
        self.takes += 1
        await self.lock.acquire()

    def release(self) -> None:
        self.releases += 1
        self.lock.release()


class SenseLog:
    """What the turns read and tell around them (the Senses and the Tells), recorded."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.posts: list[Signal] = []
        self.fired: list[tuple[str, dict[str, Any]]] = []
        self.unsaid_lines: list[str] = []
        self.unsaid_calls = 0
        self.witnessed: list[tuple[str, str]] = []
        self.interactions = 0
        self.saves_soon = 0
        self.spoken = 0
        self.keys_rejected = 0
        self.present: list[str] = ["My owner last spoke to me just now."]

    @property
    def kinds(self) -> list[SignalKind]:
        return [s.kind for s in self.posts]

    def committed(self) -> list[dict[str, Any]]:
        return [s.data for s in self.posts if s.kind is SignalKind.TURN_COMMITTED]

    def post(self, kind: SignalKind, data: dict[str, Any] | None = None) -> Signal:
        signal = Signal(kind, self.clock.utcnow(), dict(data or {}), len(self.posts) + 1)
        self.posts.append(signal)
        return signal

    def unsaid(self) -> list[str]:
        self.unsaid_calls += 1
        lines, self.unsaid_lines = self.unsaid_lines, []
        return lines

    def _situation(self, now: datetime, promises: bool = True) -> list[str]:
        return list(self.present)

    def _witnessed(self, need: str, evidence: str) -> None:
        self.witnessed.append((need, evidence))

    def _interacted(self) -> None:
        self.interactions += 1

    def _save_soon(self) -> None:
        self.saves_soon += 1

    def _spoke(self) -> None:
        self.spoken += 1

    def _key_rejected(self) -> None:
        self.keys_rejected += 1

    def _fire(self, event: str, data: dict[str, Any]) -> None:
        self.fired.append((event, data))

    def senses(self) -> Senses:
        return Senses(situation=self._situation, unsaid=self.unsaid)

    def tells(self) -> Tells:
        return Tells(
            post=self.post,
            witnessed=self._witnessed,
            interacted=self._interacted,
            save_soon=self._save_soon,
            spoke=self._spoke,
            key_rejected=self._key_rejected,
            fire=self._fire,
        )


# ---------------------------------------------------------------------- for the needs


CONSTITUTION = "# Constitution\n\n- Be kind to my owner.\n- Never pretend to have done a thing.\n"


class FakeView:
    """What the needs may look at (the NeedsView port): told what to show, every call kept."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.why_not_muse: str | None = None
        self.chunks: list[Any] = []
        self.kept: list[tuple[str, str]] = []
        self.topic = ""
        self.last_words = ""
        self.problems: list[str] = []
        self.pressure = 0.0
        self.is_dreaming = False
        self.backlog: list[str] = []
        self.checkpoint_said = "read back my checkpoint: intact"
        self.faces_said = "drew 6 faces at 250x122"
        self.present = ["I can't tell who is home.", "My owner has not spoken to me yet."]

    def _log(self, name: str) -> None:
        self.calls.append(name)

    def shelf_chunks(self) -> list[Any]:
        self._log("shelf_chunks")
        return list(self.chunks)

    def shelf_search(self, query: str) -> list[Any]:
        self._log("shelf_search")
        return []

    def facts(self) -> list[tuple[str, str]]:
        self._log("facts")
        return list(self.kept)

    def recall(self, query: str) -> list[str]:
        self._log("recall")
        return []

    def last_topic(self) -> str:
        self._log("last_topic")
        return self.topic

    def owner_last_words(self) -> str:
        self._log("owner_last_words")
        return self.last_words

    def constitution(self) -> str:
        self._log("constitution")
        return CONSTITUTION

    def persona(self) -> str:
        self._log("persona")
        return "I am Shelldon, a small pet on the desk."

    def pending_edits(self) -> int:
        self._log("pending_edits")
        return 0

    def beliefs(self) -> list[Any]:
        self._log("beliefs")
        return []

    def situation(self) -> list[str]:
        self._log("situation")
        return list(self.present)

    def expectations(self) -> tuple[int, int]:
        self._log("expectations")
        return 0, 0

    def forget_stale(self) -> int:
        self._log("forget_stale")
        return 0

    def dreaming(self) -> bool:
        self._log("dreaming")
        return self.is_dreaming

    def dream_backlog(self) -> list[str]:
        self._log("dream_backlog")
        return list(self.backlog)

    def dream_work(self) -> bool:
        self._log("dream_work")
        return self.is_dreaming and bool(self.backlog)

    def may_muse(self) -> str | None:
        self._log("may_muse")
        return self.why_not_muse

    def token_pressure(self) -> float:
        self._log("token_pressure")
        return self.pressure

    def health_problems(self) -> list[str]:
        self._log("health_problems")
        return list(self.problems)

    async def async_verify_checkpoint(self) -> str:
        self._log("async_verify_checkpoint")
        return self.checkpoint_said

    async def async_draw_faces(self) -> str:
        self._log("async_draw_faces")
        return self.faces_said


# ---------------------------------------------------------------------- watching a port


def members(protocol: type) -> frozenset[str]:
    """The names a protocol lets a part use."""
    return frozenset(typing.get_protocol_members(protocol))


class Guard:
    """A port, watched: every name a part reads is recorded; a name outside the port is a
    violation (recorded, and an AttributeError for the part)."""

    def __init__(self, target: Any, allowed: Iterable[str], label: str) -> None:
        object.__setattr__(self, "_target", target)
        object.__setattr__(self, "_allowed", frozenset(allowed))
        object.__setattr__(self, "_label", label)
        object.__setattr__(self, "used", set())
        object.__setattr__(self, "violations", [])

    def __getattr__(self, name: str) -> Any:
        if name not in object.__getattribute__(self, "_allowed"):
            label = object.__getattribute__(self, "_label")
            object.__getattribute__(self, "violations").append(f"{label}.{name}")
            raise AttributeError(f"{name} is not part of the {label} port")
        object.__getattribute__(self, "used").add(name)
        return getattr(object.__getattribute__(self, "_target"), name)

    def __setattr__(self, name: str, value: Any) -> None:
        object.__getattribute__(self, "violations").append(
            f"{object.__getattribute__(self, '_label')}.{name} = ..."
        )
        raise AttributeError(f"{name} may not be set through a port")
