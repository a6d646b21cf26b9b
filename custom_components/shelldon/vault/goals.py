"""The goal book: the pet's goals, kept in `goals.md`, shared by every part that files or
settles one.

One book per pet, handed to the mind (reminders, promises, reach-outs), the turns (a reply's
promises, asks and settlements), the needs (reviews) and the surfaces (sensors). Every change is
written back, rendered just before each write, one writer at a time (latest wins); the owner may
tick, drop or add goals in the file, and the book reads them back (never its own last write, and
never a read that a change overtook: what was filed meanwhile is not lost).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import Final

from homeassistant.core import HomeAssistant

from ..core.commitments import Commitment
from ..core.errands import one_request, same_errand
from ..core.goals import Goal, GoalKind, Goals, GoalState, Provenance, Strategy, left_out
from ..core.secrets.scrub import Pool
from ..ports import Clock, Spawn
from .vault import Vault, VaultError, reason

_LOGGER = logging.getLogger(__name__)

GOALS_FILE: Final = "goals.md"
MAX_FILE: Final = 4 * 1024 * 1024  # characters of goals.md read at most
SAID_PROBLEMS: Final = 3  # unreadable lines named in the log; the rest are counted


class GoalBook:
    """The goals of one pet, and their file."""

    def __init__(
        self,
        hass: HomeAssistant,
        vault: Vault,
        name: str,
        clock: Clock,
        spawn: Spawn,
        on_change: Callable[[], None] = lambda: None,
        on_trouble: Callable[[str | None], None] = lambda _why: None,
        on_overflow: Callable[[int], None] = lambda _left_out: None,
    ) -> None:
        self.hass = hass
        self.on_trouble = on_trouble  # why goals.md cannot be written, or None once it can
        self.on_overflow = on_overflow  # open goals in goals.md beyond the cap (0: none)
        self.vault = vault
        self.name = name
        self.clock = clock
        self.spawn = spawn
        self.on_change = on_change  # the goal timer follows the next due goal
        self.goals = Goals()
        self._unsaved = False
        self._saving = False
        self._version = 0  # every change counts up: a read that began before one is stale
        self._written: str | None = None  # what the book last wrote itself
        self._writer = asyncio.Lock()
        self._failed = False  # the last write did not reach the file

    # ------------------------------------------------------------------ reading

    @property
    def items(self) -> list[Goal]:
        """Every goal kept (open and recently settled)."""
        return self.goals.items

    @property
    def serial(self) -> int:
        """The last goal number used (never reused)."""
        return self.goals.serial

    @serial.setter
    def serial(self, value: int) -> None:
        self.goals.serial = max(self.goals.serial, value)

    def open_goals(self, kinds: Iterable[GoalKind] | None = None) -> list[Goal]:
        """Open goals, optionally of some kinds."""
        return self.goals.open_goals(kinds)

    def get(self, goal_id: str) -> Goal | None:
        """A goal by id."""
        return self.goals.get(goal_id)

    def holds(self, text: str, due: datetime | None = None) -> Goal | None:
        """The open goal that already is this errand (whoever phrased it: the same people and
        things, due within the same hour or without a time), if any."""
        return next((g for g in self.open_goals() if same_errand(text, g.text, due, g.due)), None)

    def last_given(self, since: datetime) -> Goal | None:
        """The promise given (or ticked off) last, if that was after `since`."""
        given = [
            g
            for g in self.goals.items
            if g.promise and g.state is GoalState.DONE and g.settled_at and g.settled_at >= since
        ]
        return max(given, key=lambda g: g.settled_at or since) if given else None

    def asked_about(self, text: str, due: datetime | None) -> Goal | None:
        """The open promise a question is about ("you'll remind me to call mum at seven,
        right?"): the same errand on the same day, the nearest in time first."""
        zone = self.clock.now().tzinfo
        found = [
            g
            for g in self.open_goals()
            if g.promise and one_request(text, g.text, due, g.due, zone)
        ]
        if due is not None:
            found.sort(key=lambda g: abs((g.due or due) - due))
        return found[0] if found else None

    # ------------------------------------------------------------------ changing

    def add(
        self,
        text: str,
        *,
        kind: GoalKind,
        provenance: Provenance,
        strategy: Strategy,
        due: datetime | None,
    ) -> Goal:
        """File a goal (its text scrubbed) and write the book."""
        goal = self.goals.add(
            self.vault.scrubber(text),
            kind=kind,
            provenance=provenance,
            strategy=strategy,
            now=self.clock.utcnow(),
            due=due.astimezone(UTC) if due else None,
        )
        self._changed()
        return goal

    def remind(self, reminder: Commitment) -> tuple[Goal, bool]:
        """The owner's "remind me to …", filed once: the open goal that already holds it, or a
        new one (a reminder of theirs, defended past due); and whether it is new."""
        if (known := self.holds(reminder.what, reminder.due)) is not None:
            if known.due is None and reminder.due is not None:  # now it has a time
                known = self.refine(known.id, due=reminder.due) or known
            return known, False
        goal = self.add(
            reminder.what,
            kind=GoalKind.REACH_OUT,
            provenance=Provenance.REMIND_ME,
            strategy=Strategy.BLIND,
            due=reminder.due,
        )
        return goal, True

    def refine(
        self, goal_id: str, *, text: str | None = None, due: datetime | None = None
    ) -> Goal | None:
        """A better text or a due time for an open goal; None if there is none."""
        goal = self.goals.refine(
            goal_id,
            text=self.vault.scrubber(text) if text else None,
            due=due.astimezone(UTC) if due else None,
        )
        if goal is not None:
            self._changed()
        return goal

    def rewrite(self, goal_id: str, *, text: str, due: datetime | None) -> Goal | None:
        """The owner's own words and time for an open goal (None clears the time)."""
        goal = self.goals.rewrite(
            goal_id, text=self.vault.scrubber(text), due=due.astimezone(UTC) if due else None
        )
        if goal is not None:
            self._changed()
        return goal

    def reopen(self, goal_id: str) -> Goal | None:
        """A settled goal is open again."""
        goal = self.goals.reopen(goal_id)
        if goal is not None:
            self._changed()
        return goal

    def settle(self, goal_id: str, state: GoalState) -> Goal | None:
        """Close a goal as done or dropped."""
        goal = self.goals.settle(goal_id, state, self.clock.utcnow())
        if goal is not None:
            self._changed()
        return goal

    def prune(self, utc_now: datetime) -> bool:
        """Forget goals settled long ago (and write the book if any went, or if its last
        write failed: what it holds waits in memory until the file can take it)."""
        if not self.goals.prune(utc_now):
            if self._failed and not self._saving:
                self._saving = True
                self.spawn(self.async_save())
            return False
        self._changed()
        return True

    def _changed(self) -> None:
        self._version += 1
        self.on_change()
        self._unsaved = True
        if not self._saving:
            self._saving = True
            self.spawn(self.async_save())

    # ------------------------------------------------------------------ the file

    async def async_load(self) -> list[Goal]:
        """Read goals.md (the owner may tick, drop or add goals); returns goals they settled."""
        if self._saving:
            return []  # the book's own write is on its way: the file is behind it
        version = self._version
        text = await self.hass.async_add_executor_job(self._read)
        if not text or text == self._written:
            return []  # nothing there, or only what the book wrote itself
        if version != self._version or self._saving:
            return []  # filed or settled while it was read: the next write wins, as always
        now = self.clock.utcnow()
        # Off the loop: a pasted list of thousands of lines is read where it stalls nothing.
        goals, problems = await self.hass.async_add_executor_job(Goals.from_markdown, text, now)
        if version != self._version or self._saving:
            return []  # filed or settled while it was read: the next write wins, as always
        for problem in problems[:SAID_PROBLEMS]:
            _LOGGER.warning("%s/%s: %s", self.vault.root, GOALS_FILE, problem)
        if len(problems) > SAID_PROBLEMS:
            _LOGGER.warning(
                "%s/%s: %d more lines could not be read",
                self.vault.root,
                GOALS_FILE,
                len(problems) - SAID_PROBLEMS,
            )
        self.on_overflow(left_out(problems))
        before = {g.id: g for g in self.goals.items}
        settled = [g for g in goals.items if not g.open and g.id in before and before[g.id].open]
        adopted = [g for g in goals.items if g.made_at == now]  # typed in by the owner
        goals.serial = max(goals.serial, self.goals.serial)
        self.goals = goals
        if adopted:
            self._changed()  # write the metadata lines under what the owner typed
        else:
            self.on_change()
        return settled

    def _read(self) -> str:
        text = self.vault.read_text(GOALS_FILE) if self.vault.exists(GOALS_FILE) else ""
        if text != self._written:  # the owner's hand: a secret in it is the owner's
            self.vault.scrubber.learn_from(text[:MAX_FILE], Pool.FILED)
        return text[:MAX_FILE]

    async def async_save(self) -> None:
        """Write goals.md: one writer at a time, rendered just before each write, latest wins.
        Awaited, it returns once the file holds every change made before the call."""
        self._saving = True  # while it waits its turn too: a change then needs no other writer
        async with self._writer:
            self._saving = True
            try:
                self._unsaved = True
                while self._unsaved:
                    self._unsaved = False
                    text = self.goals.to_markdown(self.name, self.clock.now().tzinfo)
                    self._written = text
                    try:
                        await self.hass.async_add_executor_job(
                            self.vault.write_text, GOALS_FILE, text
                        )
                    except (OSError, VaultError) as err:  # kept in memory, written next time
                        self._failed = True
                        self.on_trouble(reason(err))
                    else:
                        self._failed = False
                        self.on_trouble(None)
            finally:
                self._saving = False
