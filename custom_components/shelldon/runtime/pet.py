"""The Pet: what Home Assistant's surfaces may ask of one pet, and its lifecycle.

A surface reads the coordinator's data (`Pet.coordinator`: one plain snapshot per change) and
calls these commands and nothing else: nudge, tell, speak up, dream, an edit's preview or ruling,
the initiative switch, the promises list; and what it tells other assistants (`answers`).
Everything they do goes through the pet's parts, built and wired by `runtime.wiring`; the
plumbing between the parts is `runtime.life`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Any, Final, Literal

from homeassistant.config_entries import ConfigEntry
from homeassistant.core import HomeAssistant
from homeassistant.exceptions import ServiceValidationError

from ..brain import Brain
from ..const import DOMAIN
from ..core import defaults as d
from ..core.goals import MAX_OPEN, MAX_TEXT, GoalKind, GoalState, Provenance, Strategy
from ..core.promises import errand_of
from ..core.reactions import NudgeKind, compute_nudge_patch
from ..ports import Asker
from ..turns.senses import TurnOutcome
from .checkpoint import PetStore
from .life import Clock, Life
from .lifecycle import async_sleep, async_wake
from .wiring import wire

type ShelldonConfigEntry = ConfigEntry[Pet]

MAX_OPEN_PROMISES: Final = MAX_OPEN  # a list longer than this is no list the pet can keep
DAY_DUE: Final = time(9, 30)  # a promise due on a day, with no time: that morning


@dataclass(frozen=True)
class PromiseChange:
    """A change the owner made on the pet's promises (its to-do list): a new one, an edit of
    one (its words, when it is due, done or not), or one removed."""

    action: Literal["add", "update", "remove"]
    uid: str | None = None
    text: str | None = None
    due: date | datetime | None = None
    done: bool | None = None


@dataclass(frozen=True)
class NudgeResult:
    """What a nudge did, and the mood after it."""

    applied: bool
    reason: str
    mood: str
    valence: float
    arousal: float


@dataclass(frozen=True)
class EditPreview:
    """A waiting edit as the owner is shown it (scrubbed): its file, why, and the change."""

    edit_id: str
    path: str
    reason: str
    diff: str


class Pet(Life):
    """One pet, as Home Assistant's surfaces command it."""

    def __init__(
        self,
        hass: HomeAssistant,
        entry: ShelldonConfigEntry,
        *,
        brain: Brain,
        store: PetStore | None = None,
        clock: Clock | None = None,
    ) -> None:
        super().__init__(hass, entry, store=store, clock=clock)
        self._nudged_at: dict[NudgeKind, datetime] = {}
        wire(self, brain)

    # ------------------------------------------------------------------ lifecycle

    async def async_start(self) -> None:
        """Restore, wire up the body and the jobs, show the face, arm the timer."""
        await async_wake(self)

    async def async_stop(self) -> None:
        """Cancel timers and listeners, and checkpoint what changed."""
        await async_sleep(self)

    # ------------------------------------------------------------------ the commands

    async def async_nudge(self, kind: NudgeKind) -> NudgeResult:
        """Move the mood by a nudge (its kind checked once, by the action's schema); floods
        are debounced."""
        now = self.clock.now()
        last = self._nudged_at.get(kind)
        if last is not None and (now - last).total_seconds() < d.NUDGE_COOLDOWN_S:
            return self._nudged(False, "cooldown")
        patch = compute_nudge_patch(self.state, kind)
        self._nudged_at[kind] = now
        if patch is None:
            return self._nudged(False, "at the bound")
        self.apply(patch)
        return self._nudged(True, "applied")

    def _nudged(self, applied: bool, why: str) -> NudgeResult:
        mood = self.state.mood
        return NudgeResult(
            applied, why, self.face.mood_face.name, round(mood.valence, 3), round(mood.arousal, 3)
        )

    def prune_commands(self, horizon: datetime) -> None:
        """Forget nudges older than the debounce."""
        self._nudged_at = {k: v for k, v in self._nudged_at.items() if v > horizon}

    async def async_tell(
        self, text: str, *, room: str, sender: str, asker: Asker | None = None, trusted: bool = True
    ) -> TurnOutcome:
        """The owner said something (Assist, an action, a notification's reply): an owner turn,
        waiting only for the slot; its answer scrubbed. `asker`: the conversation's context;
        `trusted`: said by an admin or an automation (a secret in it is the owner's)."""
        return await self.turns.async_owner_turn(
            text, room=room, sender=sender, asker=asker, trusted=trusted
        )

    async def async_speak_up(self) -> dict[str, Any]:
        """shelldon.speak_up: propose a reach-out now, through the same gates (scrubbed)."""
        answer: dict[str, Any] = self.scrubber.data(await self.mind.reacher.async_speak_up())
        return answer

    async def async_dream(self) -> dict[str, Any]:
        """shelldon.dream: fold the finished days waiting now."""
        answer: dict[str, Any] = self.scrubber.data(await self.mind.reacher.async_dream_now())
        return answer

    async def async_edit(self, edit_id: str, ruling: str | None = None) -> EditPreview:
        """A waiting edit: its preview (no ruling), or approve / reject it (then the preview of
        what was ruled on). ServiceValidationError, translated, for an id that is not waiting."""
        proposal, diff = await self.soul.async_preview(edit_id)
        if ruling == "approve":
            await self.soul.async_approve(edit_id)
        elif ruling == "reject":
            await self.soul.async_reject(edit_id)
        scrub = self.scrubber
        return EditPreview(proposal.id, scrub(proposal.path), scrub(proposal.reason), scrub(diff))

    async def async_change_promise(self, change: PromiseChange) -> None:
        """The owner changed the promises list: the goal book follows (it is the one writer;
        the list shows its snapshot). A new item is a reminder exactly as if the owner had
        asked for it; ServiceValidationError, translated, for what the book cannot take."""
        now = self.clock.now()
        if change.action == "add":
            self._add_promise(change, now)
        else:
            goal = self.goals.get(change.uid or "")
            if goal is None or goal.state is GoalState.DROPPED:
                raise _refused("promise_unknown", uid=change.uid or "")
            if change.action == "remove":
                self.goals.settle(goal.id, GoalState.DROPPED)
                self.journal.entry(now, "journal.list_dropped", id=goal.id, text=goal.text)
            else:
                self._edit_promise(goal.id, change, now)
        await self.goals.async_save()
        self.goals_changed()
        self.show()

    def _add_promise(self, change: PromiseChange, now: datetime) -> None:
        text = _cut(change.text)  # anyone may type here: cut before anything reads it
        if not text:
            raise _refused("promise_needs_text")
        if len(self.goals.open_goals()) >= MAX_OPEN_PROMISES:
            raise _refused("promises_full", limit=str(MAX_OPEN_PROMISES))
        said = errand_of(text, now)  # "put the bins out at 6pm": the errand, due 18:00
        what = said.what
        due = self._due(change.due, now) or said.due
        if due is not None and due <= now:
            raise _refused("promise_due_past")
        goal = self.goals.holds(what, due)
        if goal is None:
            goal = self.goals.add(
                what,
                kind=GoalKind.REACH_OUT,
                provenance=Provenance.REMIND_ME,
                strategy=Strategy.BLIND,
                due=due,
            )
            self.journal.entry(now, "journal.list_filed", id=goal.id, text=what)
        elif goal.due is None and due is not None:
            self.goals.refine(goal.id, due=due)

    def _edit_promise(self, goal_id: str, change: PromiseChange, now: datetime) -> None:
        goal = self.goals.get(goal_id)
        assert goal is not None
        text = _cut(change.text)
        if not text:
            raise _refused("promise_needs_text")
        if change.done is True and goal.open:
            self.goals.settle(goal.id, GoalState.DONE)
            self.journal.entry(now, "journal.list_ticked", id=goal.id, text=goal.text)
            return
        if change.done is False and not goal.open:
            self.goals.reopen(goal.id)
            self.journal.entry(now, "journal.list_unticked", id=goal.id, text=goal.text)
        due = self._due(change.due, now)
        if due is not None and due != goal.due and due <= now:
            raise _refused("promise_due_past")
        if text != goal.text or due != goal.due:
            self.goals.rewrite(goal.id, text=text, due=due)
            if due is None:
                self.journal.entry(now, "journal.list_changed", id=goal.id, text=text)
            else:
                when = f"{due.astimezone(now.tzinfo):%Y-%m-%d %H:%M}"
                self.journal.entry(now, "journal.list_changed_due", id=goal.id, due=when, text=text)

    def _due(self, due: date | datetime | None, now: datetime) -> datetime | None:
        if isinstance(due, datetime):
            return due if due.tzinfo is not None else due.replace(tzinfo=now.tzinfo)
        if isinstance(due, date):
            return datetime.combine(due, DAY_DUE, tzinfo=now.tzinfo)
        return None

    async def async_set_initiative(self, on: bool) -> None:
        """The initiative switch (off: the pet never starts a turn on its own)."""
        if self.initiative == on:
            return
        self.initiative = on
        self.saving.must = True
        self.show()
        await self.async_checkpoint()
        self.heart.arm()


def _cut(text: str | None) -> str:
    """What someone typed into the list, cut to what a goal keeps before anything reads it
    (Home Assistant sets no limit on an item's length)."""
    return " ".join((text or "")[: MAX_TEXT * 4].split())[:MAX_TEXT]


def _refused(key: str, **placeholders: str) -> ServiceValidationError:
    return ServiceValidationError(
        translation_domain=DOMAIN, translation_key=key, translation_placeholders=placeholders
    )
