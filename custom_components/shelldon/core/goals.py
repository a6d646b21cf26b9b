"""Goals: what the pet means to do, where each came from, and how stubbornly it holds on.

A goal carries provenance (the owner asked, the pet promised in its own words, the pet asked
something, maintenance), a commitment strategy (blind goals are defended past due; single-
minded ones are dropped only when moot; open-minded ones are let go once they stop being
timely), a due time and a state. The store renders to a markdown checklist the owner can read
and tick, and parses back from it; unknown or damaged lines are kept out, never guessed at. The
book is bounded by what is open: at most `MAX_OPEN` open goals and the `MAX_SETTLED` most
recently settled, for at most `KEEP_SETTLED`. What the owner typed beyond the open cap is not
taken and not lost: it waits, in its own words at the end of the file, and is taken as room is
made.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, tzinfo
from enum import StrEnum
from typing import Final

MAX_TEXT: Final = 300
KEEP_SETTLED: Final = timedelta(days=30)
MAX_OPEN: Final = 100  # a list longer than this is no list the pet can keep
MAX_SETTLED: Final = 50  # settled goals kept (the newest), whatever their age


class Provenance(StrEnum):
    """Where a goal came from."""

    REMIND_ME = "user:remind-me"
    PROMISE = "promise:own-words"
    ASK = "ask:own-words"
    MAINTENANCE = "maintenance"


class Strategy(StrEnum):
    """How the pet holds on to a goal once it is stale."""

    BLIND = "blind"  # defended past due: a birthday is a birthday
    SINGLE_MINDED = "single-minded"  # dropped only when moot
    OPEN_MINDED = "open-minded"  # let go once it stops being timely


class GoalState(StrEnum):
    """Where a goal stands."""

    OPEN = "open"
    DONE = "done"
    DROPPED = "dropped"


class GoalKind(StrEnum):
    """What acting on the goal means."""

    REACH_OUT = "reach_out"  # tell the owner something
    ASK = "ask"  # waiting on the owner's answer
    CHORE = "chore"  # something the pet does itself


PROMISES: Final = frozenset({Provenance.REMIND_ME, Provenance.PROMISE})
_BOX = {GoalState.OPEN: " ", GoalState.DONE: "x", GoalState.DROPPED: "-"}
_STATE = {v: k for k, v in _BOX.items()}
_ITEM = re.compile(r"^- \[(?P<box>[ xX-])\] (?P<text>.+)$")
_META = re.compile(r"^\s+- (?P<meta>.+)$")


@dataclass(frozen=True)
class Goal:
    """One goal."""

    id: str
    text: str
    kind: GoalKind
    provenance: Provenance
    strategy: Strategy
    made_at: datetime
    due: datetime | None = None
    state: GoalState = GoalState.OPEN
    settled_at: datetime | None = None

    @property
    def open(self) -> bool:
        """Still to do."""
        return self.state is GoalState.OPEN

    @property
    def reminder(self) -> bool:
        """A reminder the owner asked for (not a promise of the pet's own)."""
        return self.provenance is Provenance.REMIND_ME

    @property
    def promise(self) -> bool:
        """A promise to keep at its time: a reminder the owner asked for, or one the pet made
        (never a question it waits on). The pet's own limits never hold one back."""
        return self.provenance in PROMISES and self.kind is not GoalKind.ASK

    def overdue(self, now: datetime) -> bool:
        """Open and past its due time."""
        return self.open and self.due is not None and now >= self.due

    def age(self, now: datetime) -> timedelta:
        """How long since it was made."""
        return now - self.made_at


def _stamp(value: datetime | None, zone: tzinfo | None = None) -> str:
    """A time as the owner reads it in goals.md: their own clock, with its offset."""
    if value is None:
        return "-"
    return (value.astimezone(zone) if zone else value).isoformat(timespec="minutes")


def _parse_stamp(value: str) -> datetime | None:
    if value in {"", "-"}:
        return None
    parsed = datetime.fromisoformat(value)
    if parsed.tzinfo is None:
        raise ValueError("naive time")
    return parsed


SHOWN_GOALS: Final = 8  # open goals a prompt shows; the rest are counted, so it never grows


def shown_goals(goals: list[Goal], now: datetime, limit: int = SHOWN_GOALS) -> list[Goal]:
    """The open goals a prompt shows: what is due soonest (overdue first), then the newest;
    in the order they were made, so the prompt reads like the list."""
    if len(goals) <= limit:
        return list(goals)
    due = sorted((g for g in goals if g.due is not None), key=lambda g: g.due or now)
    rest = sorted((g for g in goals if g.due is None), key=lambda g: g.made_at, reverse=True)
    keep = {g.id for g in [*due, *rest][:limit]}
    return [g for g in goals if g.id in keep]


@dataclass
class Goals:
    """The pet's goals, newest last."""

    items: list[Goal] = field(default_factory=list)
    serial: int = 0  # the highest id ever given: an id is never reused, even after a prune
    waiting: list[str] = field(default_factory=list)  # typed beyond the open cap, not taken yet

    def _next_id(self) -> str:
        numbers = [int(g.id[1:]) for g in self.items if g.id[1:].isdigit()]
        self.serial = max(max(numbers, default=0), self.serial) + 1
        return f"g{self.serial}"

    def add(
        self,
        text: str,
        *,
        kind: GoalKind,
        provenance: Provenance,
        strategy: Strategy,
        now: datetime,
        due: datetime | None = None,
    ) -> Goal:
        """File a new goal (the text is trimmed to one line)."""
        clean = " ".join(text.split())[:MAX_TEXT]
        if not clean:
            raise ValueError("a goal needs words")
        goal = Goal(self._next_id(), clean, kind, provenance, strategy, now, due)
        self.items.append(goal)
        return goal

    def get(self, goal_id: str) -> Goal | None:
        """The goal with this id."""
        return next((g for g in self.items if g.id == goal_id), None)

    def settle(self, goal_id: str, state: GoalState, now: datetime) -> Goal | None:
        """Close an open goal as done or dropped; None if there is no such open goal. Only the
        newest `MAX_SETTLED` settled goals are kept."""
        for index, goal in enumerate(self.items):
            if goal.id == goal_id and goal.open:
                settled = replace(goal, state=state, settled_at=now)
                self.items[index] = settled
                self._bound_settled()
                if self.waiting:  # room was made: what waits is taken, oldest first
                    self._take(self.waiting.pop(0), GoalState.OPEN, now)
                return settled
        return None

    def _take(self, text: str, state: GoalState, now: datetime) -> None:
        """A goal the owner typed by hand: theirs, defended past due."""
        goal = self.add(
            text,
            kind=GoalKind.CHORE,
            provenance=Provenance.REMIND_ME,
            strategy=Strategy.BLIND,
            now=now,
        )
        if state is not GoalState.OPEN:  # ticked by hand: settled as it is read
            self.items[-1] = replace(goal, state=state, settled_at=now)
            self._bound_settled()

    def _bound_settled(self) -> None:
        settled = [g for g in self.items if not g.open]
        if len(settled) <= MAX_SETTLED:
            return
        oldest = sorted(settled, key=lambda g: (g.settled_at or g.made_at, _number(g.id)))
        gone = {g.id for g in oldest[: len(settled) - MAX_SETTLED]}
        self.items = [g for g in self.items if g.id not in gone]

    def refine(
        self, goal_id: str, *, text: str | None = None, due: datetime | None = None
    ) -> Goal | None:
        """A better text or a due time for an open goal (what it is stays); None if there is
        no such open goal."""
        for index, goal in enumerate(self.items):
            if goal.id == goal_id and goal.open:
                clean = " ".join((text or goal.text).split())[:MAX_TEXT] or goal.text
                self.items[index] = replace(goal, text=clean, due=due or goal.due)
                return self.items[index]
        return None

    def rewrite(self, goal_id: str, *, text: str, due: datetime | None) -> Goal | None:
        """The owner's own words and time for an open goal (None clears the time)."""
        for index, goal in enumerate(self.items):
            if goal.id == goal_id and goal.open:
                clean = " ".join(text.split())[:MAX_TEXT] or goal.text
                self.items[index] = replace(goal, text=clean, due=due)
                return self.items[index]
        return None

    def reopen(self, goal_id: str) -> Goal | None:
        """A settled goal is open again (the owner unticked it); None if there is none."""
        for index, goal in enumerate(self.items):
            if goal.id == goal_id and not goal.open:
                self.items[index] = replace(goal, state=GoalState.OPEN, settled_at=None)
                return self.items[index]
        return None

    def open_goals(self, kinds: Iterable[GoalKind] | None = None) -> list[Goal]:
        """Open goals, optionally of some kinds."""
        wanted = set(kinds) if kinds is not None else None
        return [g for g in self.items if g.open and (wanted is None or g.kind in wanted)]

    def prune(self, now: datetime) -> bool:
        """Forget goals settled long ago (or beyond the newest `MAX_SETTLED`); True if any went."""
        before = len(self.items)
        self.items = [
            g
            for g in self.items
            if g.open or g.settled_at is None or now - g.settled_at < KEEP_SETTLED
        ]
        self._bound_settled()
        return len(self.items) != before

    def to_markdown(self, pet_name: str, zone: tzinfo | None = None) -> str:
        """The checklist file, its times on the owner's clock (`zone`: their time zone)."""
        lines = [
            "# Goals",
            "",
            f"What {pet_name} means to do, and where each goal came from.",
            "Tick a box ([x]) to mark a goal done, or write [-] to drop it; the pet notices.",
            "",
        ]
        for goal in self.items:
            lines.append(f"- [{_BOX[goal.state]}] {goal.text}")
            meta = [
                f"id: {goal.id}",
                f"kind: {goal.kind.value}",
                f"from: {goal.provenance.value}",
                f"strategy: {goal.strategy.value}",
                f"due: {_stamp(goal.due, zone)}",
                f"made: {_stamp(goal.made_at, zone)}",
            ]
            if goal.settled_at is not None:
                meta.append(f"settled: {_stamp(goal.settled_at, zone)}")
            lines.append("  - " + " · ".join(meta))
        if self.waiting:
            lines += ["", WAITING_HEADING.format(limit=MAX_OPEN), ""]
            lines += [f"- [ ] {text}" for text in self.waiting]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_markdown(cls, text: str, now: datetime | None = None) -> tuple[Goals, list[str]]:
        """Goals from the checklist file, and a note for every line that could not be read.

        With `now`, an item the owner typed by hand (no metadata line under it) is adopted as a
        goal of theirs (without it, it is reported as a problem), and a box ticked by hand is
        settled at `now`. Open goals beyond `MAX_OPEN` (the first ones kept) are not taken: a
        note says how many were left out.
        """
        goals = cls()
        problems: list[str] = []
        pending: tuple[int, str, str] | None = None
        adopted: list[tuple[str, str]] = []

        def unclaimed() -> None:
            if pending is None:
                return
            number, box, goal_text = pending
            if now is None:
                problems.append(f"line {number}: a goal without its metadata line")
            else:
                adopted.append((box, goal_text))

        for number, line in enumerate(text.splitlines(), start=1):
            if item := _ITEM.match(line):
                unclaimed()
                pending = (number, item["box"].lower(), item["text"].strip())
                continue
            meta = _META.match(line)
            if meta is None or pending is None:
                continue
            _, box, goal_text = pending
            pending = None
            try:
                fields = dict(part.split(": ", 1) for part in meta["meta"].split(" · "))
                state = _STATE[box]
                settled = _parse_stamp(fields.get("settled", "-"))
                if state is not GoalState.OPEN and settled is None:
                    settled = now  # ticked by hand: settled when the pet reads it
                goals.items.append(
                    Goal(
                        id=fields["id"],
                        text=goal_text[:MAX_TEXT],
                        kind=GoalKind(fields["kind"]),
                        provenance=Provenance(fields["from"]),
                        strategy=Strategy(fields["strategy"]),
                        made_at=_parse_stamp(fields["made"]) or _must(),
                        due=_parse_stamp(fields.get("due", "-")),
                        state=state,
                        settled_at=settled,
                    )
                )
            except (KeyError, ValueError) as err:
                problems.append(f"line {number}: {err}")
        unclaimed()
        seen: set[str] = set()
        unique = []
        for goal in goals.items:
            if goal.id in seen:
                problems.append(f"duplicate id {goal.id}")
                continue
            seen.add(goal.id)
            unique.append(goal)
        goals.items = unique
        opened = 0
        kept_items = []
        for goal in goals.items:
            if goal.open:
                opened += 1
                if opened > MAX_OPEN:
                    goals.waiting.append(goal.text)
                    continue
            kept_items.append(goal)
        goals.items = kept_items
        goals._bound_settled()
        if now is not None:
            for box, goal_text in adopted:
                if _STATE[box] is GoalState.OPEN and opened >= MAX_OPEN:
                    goals.waiting.append(goal_text)
                    continue
                if _STATE[box] is GoalState.OPEN:
                    opened += 1
                goals._take(goal_text, _STATE[box], now)
        if goals.waiting:
            problems.append(f"{len(goals.waiting)} {LEFT_OUT}")
        return goals, problems


LEFT_OUT: Final = f"open goals beyond the first {MAX_OPEN} wait at the end of the file"
WAITING_HEADING: Final = (
    "## Waiting: the list keeps {limit} open goals; tick or drop some above and these are taken"
)


def left_out(problems: list[str]) -> int:
    """How many open goals `from_markdown` left out (0 when none)."""
    for problem in problems:
        count, _, said = problem.partition(" ")
        if said == LEFT_OUT and count.isdigit():
            return int(count)
    return 0


def _number(goal_id: str) -> int:
    """A goal id's number ("g12" -> 12): ids are given in order."""
    return int(goal_id[1:]) if goal_id[1:].isdigit() else 0


def _must() -> datetime:
    raise ValueError("missing time")
