"""Nudges: the owner's quick pushes on the pet's mood, debounced per kind. A nudge reaches the
entities in one snapshot: the new mood and the face it selects, drawn, together."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol

from ..body.battery import Battery
from ..body.face.keeper import FaceKeeper
from ..core import defaults as d
from ..core.state import NudgeKind
from ..ports import Clock
from .personality import Personality


@dataclass(frozen=True)
class NudgeResult:
    """What a nudge did, and the mood after it."""

    applied: bool
    reason: str
    mood: str
    valence: float
    arousal: float


class Shown(Protocol):
    """What the entities are shown (the coordinator)."""

    async def async_once[T](self, change: Callable[[], Awaitable[T]]) -> T:
        """Make a change that awaits, and show it once, when it is done (its result)."""
        ...


class Nudges:
    """The nudges of one pet."""

    def __init__(
        self,
        personality: Personality,
        clock: Clock,
        *,
        face: FaceKeeper,
        battery: Battery,
        shown: Shown,
    ) -> None:
        self._personality = personality
        self._clock = clock
        self._face = face  # follows the mood: drawn before it is shown, announced after
        self._battery = battery  # its level picks the face too
        self._shown = shown
        self._nudged_at: dict[NudgeKind, datetime] = {}

    async def async_nudge(self, kind: NudgeKind) -> NudgeResult:
        """Move the mood by a nudge (its kind checked once, by the action's schema); floods
        are debounced."""
        now = self._clock.now()
        last = self._nudged_at.get(kind)
        if last is not None and (now - last).total_seconds() < d.NUDGE_COOLDOWN_S:
            return self._result(False, "cooldown")
        self._nudged_at[kind] = now
        if not await self._shown.async_once(lambda: self._async_move(kind)):
            return self._result(False, "at the bound")
        self._face.announce()  # the mood event, after the picture it announces
        return self._result(True, "applied")

    async def _async_move(self, kind: NudgeKind) -> bool:
        """The mood moves and the face it selects is drawn (shown together, by the caller);
        False at the bound."""
        personality = self._personality
        if not personality.nudge(kind):
            return False
        await self._face.async_follow(personality.state, self._battery.level)
        return True

    def prune(self, utc_now: datetime) -> None:
        """Forget nudges older than the debounce."""
        horizon = utc_now - timedelta(seconds=d.NUDGE_COOLDOWN_S)
        self._nudged_at = {k: v for k, v in self._nudged_at.items() if v > horizon}

    def _result(self, applied: bool, why: str) -> NudgeResult:
        mood = self._personality.state.mood
        return NudgeResult(
            applied, why, self._face.mood_face.name, round(mood.valence, 3), round(mood.arousal, 3)
        )
