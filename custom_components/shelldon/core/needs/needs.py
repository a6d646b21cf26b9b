"""Motivation: ten needs that decay into tension, and an execution gate that wants evidence.

Each need's satisfaction (0.5 floor … 3.0 ceiling) decays at its own rate (slower at night).
Tension is dep² + importance × max(0, dep − threshold)² with dep = 3 − satisfaction, so needs
rotate evenly at homeostasis and the hierarchy shows only in crisis. A cycle picks at most one
action: the most tense need whose roll against its satisfaction's action probability passes
(a need starved at the floor for 48 h is forced), and one of its actions, weighted, with a
penalty for the recently chosen (weight 0 switches an action off; a need with none left
never acts). Spontaneity (surplus, boredom noise, context) adds capped
chances, never for security, integrity or coherence. A proposed action stays pending — and
blocks its need — until it is resolved with evidence (only then is satisfaction marked, with the
cross-need impact) or deferred with a reason. Deterministic given the random source and `now`.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from itertools import pairwise
from typing import Final

from .needs_state import CEILING, FLOOR, NeedsState, Pending, clamp
from .night import hours_between, night_hours, when_faded
from .ten_needs import CROSS_IMPACT, DEFAULT_NEEDS, IMPACT, SAFETY, Action, Need

CRISIS_THRESHOLD: Final = 1.0
NIGHT_DECAY: Final = 0.5  # decay runs at half speed 22:00-06:00 local
STALENESS_PENALTY: Final = 0.8  # a recently chosen action keeps 20 % of its weight
STALE_FOR: Final = timedelta(hours=24)
STARVATION: Final = timedelta(hours=48)
DEFER_REST: Final = timedelta(hours=6)  # a deferred need is not proposed again before this
NOISE_MAX: Final = 0.09  # boredom
ECHO: Final = 0.08  # after a spontaneous fire, decaying over a day
CONTEXT_BOOST: Final = 0.10
NOISE_CAP: Final = 0.12  # all spontaneity together
SURPLUS_THRESHOLD: Final = 12.0
SURPLUS_BASE: Final = 2.35  # comfort above this is surplus (tuned to the seed's ~28-35 h rhythm)
PROBABILITY: Final = ((0.5, 1.0), (1.0, 0.9), (1.5, 0.75), (2.0, 0.5), (2.5, 0.25), (3.0, 0.0))


def tension(satisfaction: float, importance: int, threshold: float = CRISIS_THRESHOLD) -> float:
    """dep² + importance × max(0, dep − threshold)²."""
    dep = CEILING - satisfaction
    return dep * dep + importance * max(0.0, dep - threshold) ** 2


def action_probability(satisfaction: float) -> float:
    """The seed's table, interpolated: always act at the floor, never at the ceiling."""
    points = PROBABILITY
    if satisfaction <= points[0][0]:
        return points[0][1]
    for (x0, y0), (x1, y1) in pairwise(points):
        if satisfaction <= x1:
            return y0 + (y1 - y0) * (satisfaction - x0) / (x1 - x0)
    return 0.0


@dataclass(frozen=True)
class Proposal:
    """What a cycle chose: a need, an action, and why (for the trace)."""

    need: str
    action: Action
    tension: float
    probability: float
    forced: bool
    spontaneous: bool


@dataclass(frozen=True)
class Change:
    """One satisfaction change, for the audit trail."""

    need: str
    before: float
    after: float
    reason: str


@dataclass
class Pyramid:
    """The needs, their settings, and the rules that move them."""

    needs: tuple[Need, ...] = DEFAULT_NEEDS
    crisis_threshold: float = CRISIS_THRESHOLD
    night_decay: float = NIGHT_DECAY
    starvation: timedelta = STARVATION

    def by_name(self, name: str) -> Need:
        """A need by name (KeyError if unknown)."""
        for need in self.needs:
            if need.name == name:
                return need
        raise KeyError(name)

    # ------------------------------------------------------------------ time

    def decay(self, state: NeedsState, now: datetime) -> None:
        """Let satisfaction fade from `state.updated` to `now` (slower in the night of `now`'s
        zone: pass local time). Surplus grows with the mean comfort of the needs that may be
        spontaneous, which fires Layer A about every day and a half at homeostasis."""
        if now <= state.updated:
            return
        hours = hours_between(state.updated, now)
        night = night_hours(state.updated, now)
        local = now
        start, now = state.updated.astimezone(UTC), now.astimezone(UTC)  # stamps are kept in UTC
        effective = hours - night * (1 - self.night_decay)
        comfort = 0.0
        for need in self.needs:
            before = state.satisfaction[need.name]
            fall = effective / need.decay_hours
            after = clamp(before - fall)
            state.satisfaction[need.name] = after
            if after <= FLOOR and need.name not in state.floor_since:
                # when it reached the floor, not when somebody looked (after a long downtime)
                state.floor_since[need.name] = when_faded(
                    start, local, max(0.0, before - FLOOR) * need.decay_hours, self.night_decay
                )
            elif after > FLOOR:
                state.floor_since.pop(need.name, None)
            if need.name not in SAFETY:
                above = before - SURPLUS_BASE
                comfort += _comfort_hours(above, above - fall, hours)
        free = len([n for n in self.needs if n.name not in SAFETY]) or 1
        state.surplus += comfort / free
        state.boredom = min(NOISE_MAX, state.boredom + 0.01 * hours)
        state.updated = now

    def satisfaction_at(self, state: NeedsState, now: datetime) -> dict[str, float]:
        """Each need's satisfaction at `now`, leaving the state as it is (for reading)."""
        if now <= state.updated:
            return dict(state.satisfaction)
        effective = hours_between(state.updated, now) - night_hours(state.updated, now) * (
            1 - self.night_decay
        )
        return {
            n.name: clamp(state.satisfaction[n.name] - effective / n.decay_hours)
            for n in self.needs
        }

    def tensions(
        self, state: NeedsState, satisfaction: Mapping[str, float] | None = None
    ) -> dict[str, float]:
        """Every need's tension (at the state's last update, or for the given satisfaction)."""
        levels = state.satisfaction if satisfaction is None else satisfaction
        return {
            n.name: tension(levels[n.name], n.importance, self.crisis_threshold) for n in self.needs
        }

    def top(
        self,
        state: NeedsState,
        now: datetime | None = None,
        tensions: Mapping[str, float] | None = None,
    ) -> str:
        """The need with the most tension (ties: the one longest without action); with `now`,
        as it is then, without changing the state (or from tensions worked out already)."""
        if tensions is None:
            tensions = self.tensions(state, self.satisfaction_at(state, now) if now else None)
        return max(
            self.needs,
            key=lambda n: (round(tensions[n.name], 9), -_stamp(state.last_acted.get(n.name))),
        ).name

    # ------------------------------------------------------------------ choosing

    def spontaneity(self, state: NeedsState, need: str, now: datetime) -> float:
        """Extra chance from boredom, the echo of a recent spontaneous act, and context."""
        if need in SAFETY:
            return 0.0
        echo = 0.0
        if state.echo_at is not None:
            echo = ECHO * max(0.0, 1 - (now - state.echo_at) / timedelta(hours=24))
        return min(NOISE_CAP, state.boredom + echo + state.context.get(need, 0.0))

    def choose(
        self, state: NeedsState, now: datetime, rng: random.Random, off: Collection[str] = ()
    ) -> Proposal | None:
        """At most one action for this cycle (needs with a pending action are blocked).
        `now` is local time (the night is the owner's); `off` names actions that cannot be
        done now (nothing to do them on): a need with none left sits this cycle out."""
        self.decay(state, now)
        now = now.astimezone(UTC)
        tensions = self.tensions(state)
        for need in self.needs:  # the starvation guard comes first, and cannot be deferred
            since = state.floor_since.get(need.name)
            if (
                need.name not in state.pending
                and need.usable(off=off)
                and since is not None
                and now - since >= self.starvation
                and now - state.last_acted.get(need.name, since) >= self.starvation
            ):
                return self._propose(state, need, now, rng, tensions, 1.0, off, forced=True)
        spontaneous = False
        if state.surplus >= SURPLUS_THRESHOLD:  # Layer A: a high-impact roll
            state.surplus = 0.0
            candidates = [
                n
                for n in self.needs
                if n.name not in SAFETY
                and n.name not in state.pending
                and state.resting.get(n.name, now) <= now
                and n.usable("high", off)
            ]
            if candidates:
                need = rng.choice(candidates)
                state.echo_at = now
                state.boredom = 0.0
                return self._propose(
                    state, need, now, rng, tensions, 1.0, off, spontaneous=True, impact="high"
                )
        order = sorted(
            (
                n
                for n in self.needs
                if n.name not in state.pending
                and n.usable(off=off)
                and state.resting.get(n.name, now) <= now
            ),
            key=lambda n: (-round(tensions[n.name], 9), _stamp(state.last_acted.get(n.name))),
        )
        for need in order:
            chance = action_probability(state.satisfaction[need.name])
            extra = self.spontaneity(state, need.name, now)
            roll = rng.random()
            if roll < chance:
                return self._propose(state, need, now, rng, tensions, chance, off)
            if roll < chance + extra:
                spontaneous = True
                state.echo_at = now
                return self._propose(
                    state, need, now, rng, tensions, chance + extra, off, spontaneous=spontaneous
                )
        return None

    def _propose(
        self,
        state: NeedsState,
        need: Need,
        now: datetime,
        rng: random.Random,
        tensions: Mapping[str, float],
        probability: float,
        off: Collection[str] = (),
        *,
        forced: bool = False,
        spontaneous: bool = False,
        impact: str | None = None,
    ) -> Proposal:
        actions = need.usable(impact, off)
        weights = []
        for action in actions:
            chosen = state.action_chosen.get(f"{need.name}.{action.name}")
            stale = chosen is not None and now - chosen < STALE_FOR
            weights.append(action.weight * ((1 - STALENESS_PENALTY) if stale else 1.0))
        action = rng.choices(actions, weights=weights)[0]
        state.action_chosen[f"{need.name}.{action.name}"] = now
        state.pending[need.name] = Pending(need.name, action.name, now, forced)
        state.context.pop(need.name, None)
        state.proposed += 1
        if action.impact == "high":
            state.boredom = 0.0
        return Proposal(need.name, action, tensions[need.name], probability, forced, spontaneous)

    # ------------------------------------------------------------------ the execution gate

    def resolve(
        self, state: NeedsState, need: str, evidence: str, now: datetime, *, trusted: bool = True
    ) -> list[Change]:
        """Close a pending action. Only trusted evidence marks satisfaction (and its cross-impact);
        a bare self-report is counted apart and marks nothing."""
        now = now.astimezone(UTC)
        pending = state.pending.get(need)
        if pending is None:
            return []
        del state.pending[need]
        state.last_acted[need] = now
        if not trusted:
            state.self_reports += 1
            return []
        state.resolved += 1
        spec = self.by_name(need)
        action = next((a for a in spec.actions if a.name == pending.action), spec.actions[0])
        changes = [self._mark(state, need, IMPACT[action.impact], f"{action.name}: {evidence}")]
        for other, boost in CROSS_IMPACT.get(need, {}).items():
            changes.append(self._mark(state, other, boost, f"cross-impact of {need}"))
        return [c for c in changes if c.before != c.after]

    def instead(self, state: NeedsState, need: str, off: Collection[str] = ()) -> Action | None:
        """The pending action's stand-in when it cannot be done now: another usable action of
        the same need (the quieter one), taken once per proposal; its own impact is what its
        evidence will mark. None when there is none (then the need is put off)."""
        pending = state.pending.get(need)
        if pending is None or pending.instead_of is not None:
            return None
        spec = self.by_name(need)
        others = [a for a in spec.usable(off=off) if a.name != pending.action]
        if not others:
            return None
        action = max(others, key=lambda a: a.weight)
        state.pending[need] = replace(pending, action=action.name, instead_of=pending.action)
        return action

    def defer(self, state: NeedsState, need: str, reason: str, now: datetime) -> bool:
        """Put a pending action off with a reason; False when it may not be (a forced one)."""
        now = now.astimezone(UTC)
        pending = state.pending.get(need)
        if pending is None or pending.forced:
            return False
        del state.pending[need]
        state.deferred += 1
        state.resting[need] = now + DEFER_REST
        return True

    def _mark(self, state: NeedsState, need: str, amount: float, reason: str) -> Change:
        before = state.satisfaction[need]
        after = clamp(before + amount)
        state.satisfaction[need] = after
        if after > FLOOR:
            state.floor_since.pop(need, None)
        return Change(need, before, after, reason)

    def nudge_context(self, state: NeedsState, need: str) -> None:
        """Something in the world makes a need more likely to act (capped; not for safety needs)."""
        if need not in SAFETY:
            state.context[need] = min(CONTEXT_BOOST, state.context.get(need, 0.0) + CONTEXT_BOOST)


def _comfort_hours(start: float, end: float, hours: float) -> float:
    """The area above zero of a line falling from `start` to `end` over `hours`: how much
    surplus a need gave, whatever the moments it was looked at."""
    if start <= 0 or hours <= 0:
        return 0.0
    if end >= 0:
        return (start + end) / 2 * hours
    return start / 2 * hours * start / (start - end)


def _stamp(value: datetime | None) -> float:
    return value.timestamp() if value is not None else 0.0
