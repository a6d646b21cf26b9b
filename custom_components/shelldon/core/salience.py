"""The two gates: salience to act, and salience to interrupt.

Gate 1 is crossed cheaply every tick: below the act threshold the tick rests. Gate 2 is scored
only for a reach-out that already passed gate 1, from named factors kept verbatim for the
trace: relevance, time sensitivity, license (hours since the last reach-out), availability (by
hour and presence) and welcome (which decays with each interruption today). Two rules are hard
gates, not weights: inside quiet hours the outcome is SILENT whatever the score, and once the
daily interruption cap is reached the score is zero. A promise the owner asked for is not an
interruption the pet chose: its factors are scored for the record, but only the quiet hours
hold it (and only until they end); it is spoken to someone home, else sent to the phone.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime, time, timedelta
from enum import StrEnum
from typing import Any, Final

from .activity import in_window
from .defaults import INTERRUPT_THRESHOLD, INTERRUPTION_CAP

WEIGHTS: Final[dict[str, float]] = {
    "relevance": 0.25,
    "time_sensitivity": 0.30,
    "license": 0.10,
    "availability": 0.20,
    "welcome": 0.15,
}
LICENSE_FULL_AFTER_H: Final = 1.0  # a reach-out an hour after the last one is fully licensed
QUIET_HOURS: Final = "quiet hours"  # the reason of a decision taken inside them
WELCOME_DECAY: Final = 0.15  # per interruption today
AWAY_AVAILABILITY: Final = 0.6  # a text can wait for a glance; nothing is spoken into an empty home


class Outcome(StrEnum):
    """How much a reach-out imposes, ascending."""

    SILENT = "silent"  # do it quietly, journal it
    SUGGEST = "suggest"  # a notification, waiting like a text message
    SPEAK = "speak"  # aloud, through the speaker, only when someone is home


class Presence(StrEnum):
    """Who the pet believes is home."""

    HOME = "home"
    AWAY = "away"
    UNKNOWN = "unknown"  # no presence entities, or none readable


def hour_availability(now: datetime) -> float:
    """How reachable an owner usually is at this local hour."""
    hour = now.hour
    if 9 <= hour < 18:
        return 1.0
    if 18 <= hour < 21:
        return 0.9
    if hour == 21:
        return 0.7
    return 0.5


def availability(now: datetime, presence: Presence) -> float:
    """Hour and presence together."""
    return hour_availability(now) * (AWAY_AVAILABILITY if presence is Presence.AWAY else 1.0)


def license_for(hours_since_last: float | None) -> float:
    """Longer quiet since the last reach-out earns more license (full after an hour)."""
    if hours_since_last is None:
        return 1.0
    return max(0.0, min(1.0, hours_since_last / LICENSE_FULL_AFTER_H))


def welcome_for(interruptions_today: int) -> float:
    """Each interruption today makes the next one less welcome."""
    return max(0.0, 1.0 - WELCOME_DECAY * interruptions_today)


@dataclass(frozen=True)
class Factors:
    """Gate 2's named factors, each 0..1, recorded verbatim in the trace."""

    relevance: float
    time_sensitivity: float
    license: float
    availability: float
    welcome: float
    hours_since_last: float | None = None

    def score(self) -> float:
        """The weighted interrupt score."""
        return sum(float(getattr(self, name)) * weight for name, weight in WEIGHTS.items())

    def to_dict(self) -> dict[str, Any]:
        """Plain data, rounded for reading."""
        return {k: (round(v, 3) if isinstance(v, float) else v) for k, v in asdict(self).items()}


def factors_for(
    *,
    relevance: float,
    time_sensitivity: float,
    now: datetime,
    last_reach_out: datetime | None,
    presence: Presence,
    interruptions_today: int,
) -> Factors:
    """Gate 2's factors for a reach-out at `now` (a local, aware instant)."""
    hours = None if last_reach_out is None else (now - last_reach_out).total_seconds() / 3600
    return Factors(
        relevance=max(0.0, min(1.0, relevance)),
        time_sensitivity=max(0.0, min(1.0, time_sensitivity)),
        license=license_for(hours),
        availability=availability(now, presence),
        welcome=welcome_for(interruptions_today),
        hours_since_last=None if hours is None else round(hours, 2),
    )


@dataclass(frozen=True)
class InterruptDecision:
    """Gate 2's verdict on one reach-out."""

    outcome: Outcome
    score: float
    reason: str
    factors: Factors

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the trace and events."""
        return {
            "outcome": self.outcome.value,
            "score": round(self.score, 3),
            "reason": self.reason,
            "factors": self.factors.to_dict(),
        }


@dataclass(frozen=True)
class QuietHours:
    """The owner's quiet hours, as local wall times (they may cross midnight): the one hard
    gate nothing said unasked passes, not even a promise (it waits for their end)."""

    start: time
    end: time

    def hold(self, at: datetime) -> bool:
        """Whether `at` (in the zone it is given in) falls inside them."""
        return in_window(at, self.start, self.end)

    def end_after(self, at: datetime) -> datetime:
        """The first end of the quiet hours after `at`, in `at`'s zone."""
        end = at.replace(hour=self.end.hour, minute=self.end.minute, second=0, microsecond=0)
        if end <= at:
            end = (end + timedelta(days=1)).replace(hour=self.end.hour, minute=self.end.minute)
        return end

    def keep_at(self, due: datetime, now: datetime) -> datetime:
        """When something due at `due` may be given (local to `now`): at its time, or when
        the quiet hours it falls in end."""
        local = due.astimezone(now.tzinfo)
        return self.end_after(local) if self.hold(local) else local


def decide_interrupt(
    factors: Factors,
    *,
    now: datetime,
    quiet: QuietHours,
    interruptions_today: int,
    cap: int = INTERRUPTION_CAP,
    threshold: float = INTERRUPT_THRESHOLD,
    presence: Presence = Presence.UNKNOWN,
    can_speak: bool = False,
) -> InterruptDecision:
    """SILENT, SUGGEST or SPEAK for a reach-out that passed gate 1."""
    if interruptions_today >= cap:
        return InterruptDecision(
            Outcome.SILENT, 0.0, f"daily interruption cap ({cap}) reached", factors
        )
    score = factors.score()
    if quiet.hold(now):
        return InterruptDecision(Outcome.SILENT, score, QUIET_HOURS, factors)
    if score < threshold:
        return InterruptDecision(
            Outcome.SILENT,
            score,
            f"not worth interrupting ({score:.2f} < {threshold:.2f})",
            factors,
        )
    if can_speak and presence is Presence.HOME:
        return InterruptDecision(Outcome.SPEAK, score, "someone is home to hear it", factors)
    reason = "nobody is home to hear it" if can_speak else "no speaker; a message will wait"
    return InterruptDecision(Outcome.SUGGEST, score, reason, factors)


PROMISE_KEPT: Final = "a promise, kept at its time"


def decide_keeping(
    factors: Factors,
    *,
    now: datetime,
    quiet: QuietHours,
    presence: Presence = Presence.UNKNOWN,
    can_speak: bool = False,
) -> InterruptDecision:
    """How a promise that came due goes out: never held by the cap or the threshold; inside
    quiet hours it waits (SILENT, until they end); aloud to someone home, else to the phone."""
    score = factors.score()
    if quiet.hold(now):
        return InterruptDecision(Outcome.SILENT, score, QUIET_HOURS, factors)
    if can_speak and presence is Presence.HOME:
        return InterruptDecision(Outcome.SPEAK, score, f"{PROMISE_KEPT}; someone is home", factors)
    where = "nobody is home, so to the phone" if presence is Presence.AWAY else "a message"
    return InterruptDecision(Outcome.SUGGEST, score, f"{PROMISE_KEPT}; {where}", factors)
