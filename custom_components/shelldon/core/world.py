"""The world model: what the pet believes, since when, and what it half-expects.

Beliefs are time-stamped and confidence-tagged, kept in an append-only log, so `query(subject,
at=…)` answers what was believed when. An expectation is a checkable belief about what comes
next: an observation that matches resolves it quietly; one found past due is a surprise, which
the mind scores. `situation_lines` renders the present tense the prompt and situation.md show.
"""

from __future__ import annotations

import re
from bisect import insort
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any, Final

from .language.words import phrase

MAX_BELIEFS: Final = 2000  # kept in memory for point-in-time queries; the log keeps everything


@dataclass(frozen=True)
class Belief:
    """That `subject` was `value`, believed at `at` with `confidence`, from `source`."""

    subject: str
    value: str
    at: datetime
    confidence: float = 1.0
    source: str = "observed"

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the log."""
        return {
            "subject": self.subject,
            "value": self.value,
            "at": self.at.isoformat(),
            "confidence": round(self.confidence, 3),
            "source": self.source,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Belief | None:
        """Back from the log, or None."""
        try:
            at = datetime.fromisoformat(data["at"])
            if at.tzinfo is None:
                return None
            return cls(
                str(data["subject"]),
                str(data["value"]),
                at,
                float(data.get("confidence", 1.0)),
                str(data.get("source", "observed")),
            )
        except (KeyError, TypeError, ValueError):
            return None


ANY: Final = "*"  # an expectation met by any fresh observation of its subject


@dataclass(frozen=True)
class Expectation:
    """A belief about what comes next: `subject` should become `value` (or, for ANY, be seen
    again) after it was made (and not before `after`, when given) and by `due`."""

    id: str
    subject: str
    value: str
    due: datetime
    made_at: datetime
    about: str  # in words, for the journal
    state: str = "open"  # open, met, surprised
    after: datetime | None = None  # a sighting before this is too early to count

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        out = {
            "id": self.id,
            "subject": self.subject,
            "value": self.value,
            "due": self.due.isoformat(),
            "made_at": self.made_at.isoformat(),
            "about": self.about,
            "state": self.state,
        }
        if self.after is not None:
            out["after"] = self.after.isoformat()
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Expectation | None:
        """Back from plain data, or None."""
        try:
            due = datetime.fromisoformat(data["due"])
            made = datetime.fromisoformat(data["made_at"])
            after = datetime.fromisoformat(data["after"]) if data.get("after") else None
            if due.tzinfo is None or made.tzinfo is None or (after and after.tzinfo is None):
                return None
            return cls(
                str(data["id"]),
                str(data["subject"]),
                str(data["value"]),
                due,
                made,
                str(data.get("about", "")),
                str(data.get("state", "open")),
                after,
            )
        except (KeyError, TypeError, ValueError):
            return None


class WorldModel:
    """Beliefs over time and open expectations."""

    def __init__(
        self, beliefs: Iterable[Belief] = (), expectations: Iterable[Expectation] = ()
    ) -> None:
        self.beliefs: list[Belief] = sorted(set(beliefs), key=lambda b: b.at)
        self._trim()
        self.expectations: list[Expectation] = list(expectations)
        self._next = 1 + max(
            (int(e.id[1:]) for e in self.expectations if e.id[1:].isdigit()), default=0
        )

    def observe(
        self,
        subject: str,
        value: str,
        at: datetime,
        *,
        confidence: float = 1.0,
        source: str = "observed",
    ) -> tuple[Belief | None, list[Expectation]]:
        """Record a belief (unless it repeats the current one); returns it and what it met."""
        current = self.current(subject)
        belief = None
        if current is None or current.value != value or current.confidence != confidence:
            belief = Belief(subject, value, at, confidence, source)
            insort(self.beliefs, belief, key=lambda b: b.at)  # a late report lands where it belongs
            self._trim()
        met = []
        for index, expectation in enumerate(self.expectations):
            if (
                expectation.state == "open"
                and expectation.subject == subject
                and (
                    expectation.value == value
                    or (expectation.value == ANY and at > expectation.made_at)  # a fresh sighting
                )
                and at <= expectation.due
                and (expectation.after is None or at >= expectation.after)
            ):
                self.expectations[index] = replace(expectation, state="met")
                met.append(self.expectations[index])
        return belief, met

    def _trim(self) -> None:
        """Keep the log bounded, but never forget the latest belief about any subject."""
        excess = len(self.beliefs) - MAX_BELIEFS
        if excess <= 0:
            return
        latest = {b.subject: b for b in self.beliefs}
        kept = []
        for belief in self.beliefs:
            if excess > 0 and latest[belief.subject] is not belief:
                excess -= 1
                continue
            kept.append(belief)
        self.beliefs = kept

    def latest(self) -> list[Belief]:
        """The current belief about every subject (kept in the checkpoint)."""
        return list({b.subject: b for b in self.beliefs}.values())

    def current(self, subject: str) -> Belief | None:
        """The latest belief about a subject."""
        return next((b for b in reversed(self.beliefs) if b.subject == subject), None)

    def query(self, subject: str, at: datetime | None = None) -> Belief | None:
        """What was believed about `subject` at `at` (now, when omitted)."""
        if at is None:
            return self.current(subject)
        return next(
            (b for b in reversed(self.beliefs) if b.subject == subject and b.at <= at), None
        )

    def expect(
        self,
        subject: str,
        value: str,
        due: datetime,
        now: datetime,
        about: str,
        *,
        after: datetime | None = None,
    ) -> Expectation:
        """Half-expect `subject` to become `value` by `due` (and not before `after`)."""
        expectation = Expectation(f"e{self._next}", subject, value, due, now, about, after=after)
        self._next += 1
        self.expectations.append(expectation)
        return expectation

    def surprises(self, now: datetime) -> list[Expectation]:
        """Open expectations now past due: each becomes a surprise, once."""
        found = []
        for index, expectation in enumerate(self.expectations):
            if expectation.state == "open" and now > expectation.due:
                self.expectations[index] = replace(expectation, state="surprised")
                found.append(self.expectations[index])
        return found

    def open_expectations(self) -> list[Expectation]:
        """What the pet still half-expects."""
        return [e for e in self.expectations if e.state == "open"]

    def prune(self, now: datetime, keep: timedelta = timedelta(days=7)) -> None:
        """Forget settled expectations after a week."""
        self.expectations = [
            e for e in self.expectations if e.state == "open" or now - e.due < keep
        ]


_WHERE = re.compile(r"^- (?P<who>[^:\n]+): (?P<where>[^(\n]+?) \(since [^)]*\)\.$")


def whereabouts(situation: str) -> dict[str, str]:
    """Who was where in a situation.md picture (`- Alex: home (since 14:02).`)."""
    found = {}
    for line in situation.splitlines():
        if (match := _WHERE.match(line.strip())) is not None:
            found[match["who"].strip()] = match["where"].strip()
    return found


def drift(before: str, after: str, language: str = "en") -> list[str]:
    """What changed between the picture frozen at shutdown and the one seen on waking, in
    the owner's language.

    Only what was known both times counts: someone unknown now is not news."""
    then, now = whereabouts(before), whereabouts(after)
    changes = []
    for who, where in now.items():
        was = then.get(who)
        if was is not None and was != where:
            changes.append(phrase("about.moved", language, who=who, was=was, now=where))
    return changes
