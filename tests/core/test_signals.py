"""Signals: typed, timestamped facts in one inbox; nothing outranks the owner speaking."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from custom_components.shelldon.core.signals import BASE_SCORE, Signal, SignalKind
from tests.core._support import AMS

AT = datetime(2024, 1, 10, 11, 0, tzinfo=UTC)


def test_base_score_covers_every_kind() -> None:
    assert set(BASE_SCORE) == set(SignalKind)
    assert all(0.0 <= score <= 1.0 for score in BASE_SCORE.values())


def test_owner_message_is_highest() -> None:
    assert BASE_SCORE[SignalKind.OWNER_MESSAGE] == 1.0
    others = [s for k, s in BASE_SCORE.items() if k is not SignalKind.OWNER_MESSAGE]
    assert max(others) < BASE_SCORE[SignalKind.OWNER_MESSAGE]


def test_kind_values() -> None:
    assert {k.value for k in SignalKind} == {
        "owner_message",
        "turn_committed",
        "presence",
        "goal_due",
        "shelf_drop",
        "power",
        "ruling",
        "surprise",
        "suspend_gap",
    }


def test_to_dict() -> None:
    signal = Signal(SignalKind.PRESENCE, AT, {"who": "alice", "state": "home"}, 12)
    assert signal.to_dict() == {
        "seq": 12,
        "kind": "presence",
        "at": "2024-01-10T11:00:00+00:00",
        "data": {"who": "alice", "state": "home"},
    }


@pytest.mark.parametrize("kind", list(SignalKind))
def test_round_trip(kind: SignalKind) -> None:
    signal = Signal(kind, datetime(2024, 1, 10, 12, 0, tzinfo=AMS), {"n": 1, "l": [1, 2]}, 7)
    assert Signal.from_dict(signal.to_dict()) == signal


def test_defaults() -> None:
    signal = Signal(SignalKind.POWER, AT)
    assert (signal.data, signal.seq) == ({}, 0)
    assert Signal.from_dict({"kind": "power", "at": AT.isoformat()}) == signal
    assert Signal.from_dict({"kind": "power", "at": AT.isoformat(), "data": None}) == signal


def test_from_dict_copies_the_data() -> None:
    data = {"x": 1}
    signal = Signal.from_dict({"kind": "power", "at": AT.isoformat(), "data": data})
    assert signal is not None
    data["x"] = 2
    assert signal.data == {"x": 1}


@pytest.mark.parametrize(
    "data",
    [
        None,
        "junk",
        42,
        {},
        {"kind": "power"},
        {"at": AT.isoformat()},
        {"kind": "earthquake", "at": AT.isoformat()},
        {"kind": "power", "at": "teatime"},
        {"kind": "power", "at": 12},
        {"kind": "power", "at": AT.isoformat(), "seq": "first"},
        {"kind": "power", "at": AT.isoformat(), "data": "ab"},
        {"kind": "power", "at": AT.isoformat(), "data": [1, 2]},
    ],
)
def test_from_dict_of_garbage_is_none(data) -> None:
    assert Signal.from_dict(data) is None
