"""The ten needs of seed 004, their actions, and what acting on one does for the others.

Each need has an importance (how much it matters in a crisis), a decay (hours for its
satisfaction to fall by one) and two actions this pet can really do, the first a little more
favoured; an owner reweighs them in needs.yaml (`needs_file`). The dynamics are in `needs`.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Final

SAFETY: Final = frozenset({"security", "integrity", "coherence"})
IMPACT: Final[dict[str, float]] = {"low": 0.5, "mid": 1.0, "high": 1.6}


@dataclass(frozen=True)
class Action:
    """Something concrete this pet can do for a need."""

    name: str
    impact: str  # low, mid, high
    weight: float = 1.0
    about: str = ""


@dataclass(frozen=True)
class Need:
    """A need, how much it matters in a crisis, and how fast it fades."""

    name: str
    importance: int
    decay_hours: float  # hours for satisfaction to fall by one
    actions: tuple[Action, ...]

    def usable(self, impact: str | None = None, off: Collection[str] = ()) -> list[Action]:
        """The actions the owner has not switched off (weight 0) and that can be done now
        (not in `off`), optionally of one impact."""
        return [
            a
            for a in self.actions
            if a.weight > 0 and impact in (None, a.impact) and a.name not in off
        ]


SECOND: Final = 0.7  # each need's second action: a little less favoured than its first


def _need(name: str, importance: int, decay: float, *actions: Action) -> Need:
    return Need(name, importance, decay, actions)


DEFAULT_NEEDS: Final[tuple[Need, ...]] = (
    _need(
        "security",
        10,
        168,
        Action("health_check", "mid", 1.0, "check my own health"),
        Action("verify_checkpoint", "low", SECOND, "read back my checkpoint"),
    ),
    _need(
        "integrity",
        9,
        72,
        Action("persona_check", "mid", 1.0, "compare my persona with my constitution"),
        Action("reread_constitution", "low", SECOND, "reread my constitution"),
    ),
    _need(
        "coherence",
        8,
        24,
        Action("consolidate", "high", 1.0, "consolidate my memory"),
        Action("tidy_beliefs", "mid", SECOND, "tidy what I believe about my world"),
    ),
    _need(
        "closure",
        7,
        12,
        Action("follow_up", "high", 1.0, "follow up an open goal or promise"),
        Action("review_goals", "mid", SECOND, "look over my open goals"),
    ),
    _need(
        "autonomy",
        6,
        36,
        Action("plan_day", "mid", 1.0, "plan my own day from my goals"),
        Action("review_choices", "low", SECOND, "look back at what I chose to do"),
    ),
    _need(
        "connection",
        5,
        8,
        Action("reach_out", "high", 1.0, "say hello to my owner"),
        Action("think_of_owner", "low", SECOND, "think back on what my owner said"),
    ),
    _need(
        "competence",
        4,
        36,
        Action("self_test", "mid", 1.0, "test that I can still find what I keep"),
        Action("check_faces", "low", SECOND, "check that I can still draw every face"),
    ),
    _need(
        "understanding",
        4,
        8,
        Action("read_shelf", "mid", 1.0, "read something on my shelf"),
        Action("study_world", "low", SECOND, "go over what I know of my world"),
    ),
    _need(
        "recognition",
        2,
        48,
        Action("review_feedback", "low", 1.0, "look back at what my owner said of me"),
        Action("count_kept", "low", SECOND, "count the promises I kept"),
    ),
    _need(
        "expression",
        1,
        8,
        Action("muse", "mid", 1.0, "write a musing in my journal"),
        Action("describe_mood", "low", SECOND, "put my mood into words"),
    ),
)

CROSS_IMPACT: Final[dict[str, dict[str, float]]] = {
    "expression": {"recognition": 0.25},
    "connection": {"expression": 0.20},
    "competence": {"recognition": 0.30},
    "autonomy": {"integrity": 0.20},
    "closure": {"coherence": 0.20},
    "security": {"autonomy": 0.10},
}
