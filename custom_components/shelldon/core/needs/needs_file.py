"""needs.yaml: the owner's dials on the ten needs (a closed schema), read and written.

Anything not in the schema is refused with what is wrong; a need or action not named keeps its
default (`ten_needs`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import timedelta
from typing import Any

from .needs import CRISIS_THRESHOLD, NIGHT_DECAY, STARVATION, Pyramid
from .ten_needs import DEFAULT_NEEDS, Need


def parse_needs(data: Any) -> Pyramid:
    """A pyramid from needs.yaml data (a closed schema); ValueError says what is wrong."""
    if not isinstance(data, Mapping) or not set(data) <= {"needs", "settings"}:
        raise ValueError("the file holds two keys: needs and settings")
    settings = data.get("settings") or {}
    if not isinstance(settings, Mapping) or not set(settings) <= {
        "crisis_threshold",
        "night_decay",
        "starvation_hours",
    }:
        raise ValueError("settings may hold crisis_threshold, night_decay, starvation_hours")
    overrides = data.get("needs") or {}
    if not isinstance(overrides, Mapping):
        raise ValueError("needs must map a need's name to its dials")
    unknown = set(overrides) - {n.name for n in DEFAULT_NEEDS}
    if unknown:
        raise ValueError(f"unknown need(s): {', '.join(sorted(map(str, unknown)))}")
    needs = []
    for need in DEFAULT_NEEDS:
        dials = overrides.get(need.name) or {}
        if not isinstance(dials, Mapping) or not set(dials) <= {
            "importance",
            "decay_hours",
            "weights",
        }:
            raise ValueError(f"{need.name}: dials are importance, decay_hours, weights")
        importance = dials.get("importance", need.importance)
        decay = dials.get("decay_hours", need.decay_hours)
        if (
            not isinstance(importance, int)
            or isinstance(importance, bool)
            or not 1 <= importance <= 10
        ):
            raise ValueError(f"{need.name}: importance must be a whole number 1-10")
        if (
            not isinstance(decay, int | float)
            or isinstance(decay, bool)
            or not 1 <= decay <= 24 * 365
        ):
            raise ValueError(f"{need.name}: decay_hours must be between 1 and 8760")
        weights = dials.get("weights") or {}
        if not isinstance(weights, Mapping) or not set(weights) <= {a.name for a in need.actions}:
            raise ValueError(f"{need.name}: weights name this need's actions")
        actions = []
        for action in need.actions:
            weight = weights.get(action.name, action.weight)
            if (
                not isinstance(weight, int | float)
                or isinstance(weight, bool)
                or not 0 <= weight <= 10
            ):
                raise ValueError(f"{need.name}.{action.name}: weight must be 0-10")
            actions.append(replace(action, weight=float(weight)))
        needs.append(Need(need.name, importance, float(decay), tuple(actions)))
    threshold = settings.get("crisis_threshold", CRISIS_THRESHOLD)
    night = settings.get("night_decay", NIGHT_DECAY)
    starving = settings.get("starvation_hours", STARVATION.total_seconds() / 3600)
    for name, value, lo, hi in (
        ("crisis_threshold", threshold, 0.0, 2.5),
        ("night_decay", night, 0.0, 1.0),
        ("starvation_hours", starving, 1.0, 24 * 30),
    ):
        if not isinstance(value, int | float) or isinstance(value, bool) or not lo <= value <= hi:
            raise ValueError(f"settings.{name} must be between {lo} and {hi}")
    return Pyramid(tuple(needs), float(threshold), float(night), timedelta(hours=float(starving)))


def needs_to_data(pyramid: Pyramid) -> dict[str, Any]:
    """Plain data for needs.yaml (the inverse of parse_needs)."""
    return {
        "needs": {
            n.name: {
                "importance": n.importance,
                "decay_hours": n.decay_hours,
                "weights": {a.name: a.weight for a in n.actions},
            }
            for n in pyramid.needs
        },
        "settings": {
            "crisis_threshold": pyramid.crisis_threshold,
            "night_decay": pyramid.night_decay,
            "starvation_hours": pyramid.starvation.total_seconds() / 3600,
        },
    }
