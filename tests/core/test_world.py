"""The world model: beliefs over time, point-in-time queries, expectations and surprise."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from custom_components.shelldon.core.world import (
    ANY,
    MAX_BELIEFS,
    Belief,
    Expectation,
    WorldModel,
    drift,
    whereabouts,
)
from tests.core._support import AMS, NEW_YORK

T0 = datetime(2024, 1, 10, 12, 0, tzinfo=AMS)
MIN = timedelta(minutes=1)
HOUR = timedelta(hours=1)


# --- beliefs --------------------------------------------------------------------------------


def test_observe_records_a_new_belief() -> None:
    world = WorldModel()
    belief, met = world.observe("presence:alice", "home", T0)
    assert belief == Belief("presence:alice", "home", T0, 1.0, "observed")
    assert met == []
    assert world.beliefs == [belief]
    assert world.current("presence:alice") == belief


def test_observe_appends_only_on_change() -> None:
    world = WorldModel()
    world.observe("door", "open", T0)
    belief, _ = world.observe("door", "open", T0 + MIN)
    assert belief is None
    assert len(world.beliefs) == 1
    assert world.current("door").at == T0  # the first time it was believed

    belief, _ = world.observe("door", "closed", T0 + 2 * MIN)
    assert belief is not None
    assert [b.value for b in world.beliefs] == ["open", "closed"]


def test_observe_a_change_of_confidence_is_a_new_belief() -> None:
    world = WorldModel()
    world.observe("weather", "rain", T0, confidence=0.5)
    belief, _ = world.observe("weather", "rain", T0 + MIN, confidence=0.9, source="forecast")
    assert belief == Belief("weather", "rain", T0 + MIN, 0.9, "forecast")
    assert len(world.beliefs) == 2


def test_subjects_are_independent() -> None:
    world = WorldModel()
    world.observe("a", "1", T0)
    belief, _ = world.observe("b", "1", T0)
    assert belief is not None
    assert world.current("a").value == "1"
    assert world.current("c") is None


def test_query_answers_what_was_believed_when() -> None:
    world = WorldModel()
    world.observe("presence", "home", T0)
    world.observe("presence", "away", T0 + HOUR)
    world.observe("presence", "home", T0 + 3 * HOUR)
    assert world.query("presence", T0 - MIN) is None  # before the first belief
    assert world.query("presence", T0).value == "home"  # inclusive
    assert world.query("presence", T0 + 30 * MIN).value == "home"
    assert world.query("presence", T0 + HOUR).value == "away"
    assert world.query("presence", T0 + 2 * HOUR).value == "away"
    assert world.query("presence", T0 + 5 * HOUR).value == "home"
    assert world.query("presence").value == "home"  # now, when omitted
    assert world.query("nothing", T0 + HOUR) is None


def test_query_across_time_zones_compares_instants() -> None:
    world = WorldModel()
    world.observe("presence", "home", T0)  # 11:00 UTC
    assert world.query("presence", datetime(2024, 1, 10, 10, 59, tzinfo=UTC)) is None
    assert world.query("presence", datetime(2024, 1, 10, 6, 0, tzinfo=NEW_YORK)).value == "home"


def test_in_memory_log_is_bounded() -> None:
    world = WorldModel()
    for i in range(MAX_BELIEFS + 10):
        world.observe("counter", str(i), T0 + i * MIN)
    assert len(world.beliefs) == MAX_BELIEFS
    assert world.beliefs[0].value == "10"  # the oldest went first
    assert world.current("counter").value == str(MAX_BELIEFS + 9)
    assert world.query("counter", T0) is None  # forgotten from memory


def test_constructor_sorts_and_bounds_beliefs() -> None:
    beliefs = [Belief("x", str(i), T0 + i * MIN) for i in range(MAX_BELIEFS + 5)]
    world = WorldModel(reversed(beliefs))
    assert len(world.beliefs) == MAX_BELIEFS
    assert world.beliefs == beliefs[5:]
    assert world.current("x").value == str(MAX_BELIEFS + 4)


# --- expectations ---------------------------------------------------------------------------


def test_expect_numbers_expectations() -> None:
    world = WorldModel()
    first = world.expect("presence", "home", T0 + HOUR, T0, "Alice home by one")
    second = world.expect("door", "closed", T0 + HOUR, T0, "the door shut")
    assert (first.id, second.id) == ("e1", "e2")
    assert first == Expectation("e1", "presence", "home", T0 + HOUR, T0, "Alice home by one")
    assert first.state == "open"
    assert world.open_expectations() == [first, second]


def test_ids_resume_after_loaded_expectations() -> None:
    loaded = Expectation("e7", "a", "b", T0, T0, "x")
    odd = Expectation("weird", "a", "b", T0, T0, "x")
    world = WorldModel(expectations=[loaded, odd])
    assert world.expect("a", "c", T0, T0, "y").id == "e8"


def test_a_matching_observation_before_due_meets_the_expectation_quietly() -> None:
    world = WorldModel()
    world.observe("presence", "away", T0)
    expectation = world.expect("presence", "home", T0 + HOUR, T0, "Alice home")
    belief, met = world.observe("presence", "home", T0 + 30 * MIN)
    assert belief is not None
    assert met == [Expectation(**{**expectation.__dict__, "state": "met"})]
    assert world.open_expectations() == []
    assert world.surprises(T0 + 2 * HOUR) == []  # met, never a surprise


def test_an_observation_exactly_at_due_still_meets() -> None:
    world = WorldModel()
    world.expect("presence", "home", T0 + HOUR, T0, "Alice home")
    _, met = world.observe("presence", "home", T0 + HOUR)
    assert [e.state for e in met] == ["met"]


def test_a_repeated_observation_still_meets() -> None:
    world = WorldModel()
    world.observe("presence", "home", T0)
    world.expect("presence", "home", T0 + HOUR, T0, "Alice still home")
    belief, met = world.observe("presence", "home", T0 + MIN)
    assert belief is None
    assert len(met) == 1


def test_a_late_or_different_observation_does_not_meet() -> None:
    world = WorldModel()
    world.expect("presence", "home", T0 + HOUR, T0, "Alice home")
    assert world.observe("presence", "away", T0 + MIN)[1] == []
    assert world.observe("door", "home", T0 + MIN)[1] == []
    assert world.observe("presence", "home", T0 + HOUR + MIN)[1] == []
    assert len(world.open_expectations()) == 1


def test_an_expectation_of_anything_is_met_by_the_next_fresh_observation_only() -> None:
    world = WorldModel()
    spoke = T0.isoformat()
    world.observe("owner:last_spoke", spoke, T0)  # "back in twenty minutes"
    world.expect("owner:last_spoke", ANY, T0 + HOUR, T0, "my owner back")
    assert world.observe("owner:last_spoke", spoke, T0)[1] == [], "not by the words that made it"
    _, met = world.observe("owner:last_spoke", (T0 + 10 * MIN).isoformat(), T0 + 10 * MIN)
    assert [e.about for e in met] == ["my owner back"]
    assert world.surprises(T0 + 2 * HOUR) == []


def test_one_observation_meets_every_matching_expectation() -> None:
    world = WorldModel()
    world.expect("presence", "home", T0 + HOUR, T0, "one")
    world.expect("presence", "home", T0 + 2 * HOUR, T0, "two")
    _, met = world.observe("presence", "home", T0 + MIN)
    assert [e.id for e in met] == ["e1", "e2"]


def test_surprises_are_overdue_open_expectations_once() -> None:
    world = WorldModel()
    world.expect("presence", "home", T0 + HOUR, T0, "Alice home")
    world.expect("door", "closed", T0 + 3 * HOUR, T0, "door shut")
    assert world.surprises(T0 + HOUR) == []  # at due: not yet
    [surprise] = world.surprises(T0 + HOUR + MIN)
    assert (surprise.id, surprise.state) == ("e1", "surprised")
    assert world.surprises(T0 + 2 * HOUR) == []  # once
    assert [e.id for e in world.open_expectations()] == ["e2"]
    assert [e.id for e in world.surprises(T0 + 4 * HOUR)] == ["e2"]


def test_a_surprise_is_not_met_afterwards() -> None:
    world = WorldModel()
    world.expect("presence", "home", T0 + HOUR, T0, "Alice home")
    world.surprises(T0 + 2 * HOUR)
    assert world.observe("presence", "home", T0 + 30 * MIN)[1] == []


def test_prune_forgets_settled_expectations_after_a_week() -> None:
    world = WorldModel()
    world.expect("a", "1", T0, T0, "met long ago")
    world.expect("b", "1", T0, T0, "surprised long ago")
    world.expect("c", "1", T0, T0, "still open")
    world.expect("d", "1", T0 + 6 * 24 * HOUR, T0, "met recently")
    world.observe("a", "1", T0)
    world.observe("d", "1", T0)
    world.expectations[1] = Expectation(**{**world.expectations[1].__dict__, "state": "surprised"})
    world.prune(T0 + 7 * 24 * HOUR)
    assert [e.id for e in world.expectations] == ["e3", "e4"]


def test_prune_keep_is_a_dial() -> None:
    world = WorldModel()
    world.expect("a", "1", T0, T0, "met")
    world.observe("a", "1", T0)
    world.prune(T0 + HOUR, keep=2 * HOUR)
    assert len(world.expectations) == 1
    world.prune(T0 + 2 * HOUR, keep=2 * HOUR)
    assert world.expectations == []


# --- plain data -----------------------------------------------------------------------------


def test_belief_round_trip() -> None:
    belief = Belief("presence:alice", "home", T0, 0.75, "presence")
    data = belief.to_dict()
    assert data == {
        "subject": "presence:alice",
        "value": "home",
        "at": "2024-01-10T12:00:00+01:00",
        "confidence": 0.75,
        "source": "presence",
    }
    assert Belief.from_dict(data) == belief


def test_belief_to_dict_rounds_confidence() -> None:
    assert Belief("a", "b", T0, 1 / 3).to_dict()["confidence"] == 0.333


def test_belief_from_dict_defaults() -> None:
    belief = Belief.from_dict({"subject": "a", "value": 1, "at": T0.isoformat()})
    assert belief == Belief("a", "1", T0, 1.0, "observed")


def test_expectation_round_trip() -> None:
    expectation = Expectation("e3", "door", "closed", T0 + HOUR, T0, "the door shut", "met")
    data = expectation.to_dict()
    assert data["due"] == "2024-01-10T13:00:00+01:00"
    assert Expectation.from_dict(data) == expectation


def test_expectation_from_dict_defaults() -> None:
    data = {
        "id": "e1",
        "subject": "a",
        "value": "b",
        "due": T0.isoformat(),
        "made_at": T0.isoformat(),
    }
    assert Expectation.from_dict(data) == Expectation("e1", "a", "b", T0, T0, "", "open")


GARBAGE = [
    None,
    "garbage",
    42,
    [],
    {},
    {"subject": "a", "value": "b"},
    {"subject": "a", "value": "b", "at": "yesterday"},
    {"subject": "a", "value": "b", "at": 12},
    {"subject": "a", "value": "b", "at": T0.isoformat(), "confidence": "very"},
]


@pytest.mark.parametrize("data", GARBAGE)
def test_belief_from_garbage_is_none(data) -> None:
    assert Belief.from_dict(data) is None


@pytest.mark.parametrize(
    "data",
    [
        None,
        "garbage",
        {"id": "e1"},
        {"id": "e1", "subject": "a", "value": "b", "due": "soon", "made_at": T0.isoformat()},
        {"id": "e1", "subject": "a", "value": "b", "due": T0.isoformat(), "made_at": None},
    ],
)
def test_expectation_from_garbage_is_none(data) -> None:
    assert Expectation.from_dict(data) is None


def test_a_world_restored_from_plain_data_answers_the_same() -> None:
    world = WorldModel()
    world.observe("presence", "home", T0)
    world.observe("presence", "away", T0 + HOUR)
    world.expect("presence", "home", T0 + 2 * HOUR, T0 + HOUR, "back by two")
    restored = WorldModel(
        [Belief.from_dict(b.to_dict()) for b in world.beliefs],
        [Expectation.from_dict(e.to_dict()) for e in world.expectations],
    )
    assert restored.beliefs == world.beliefs
    assert restored.expectations == world.expectations
    assert restored.query("presence", T0 + 30 * MIN).value == "home"
    assert restored.expect("x", "y", T0, T0, "z").id == "e2"


BEFORE = """# Shelldon's situation

- Alex: home (since 09:00).
- Sam: away (since Mon 18:00).
- Kim: unknown.
- My owner last spoke to me at 09:12.
- My mind is idle.
"""


def test_whereabouts_reads_who_was_where_from_a_situation_picture() -> None:
    assert whereabouts(BEFORE) == {"Alex": "home", "Sam": "away"}
    assert whereabouts("") == {}
    assert whereabouts("- My owner last spoke to me at 09:12.\n") == {}


def test_drift_names_what_changed_between_two_pictures_and_only_that() -> None:
    after = BEFORE.replace("Alex: home (since 09:00)", "Alex: away (since 13:00)").replace(
        "Kim: unknown.", "Kim: home (since 12:00)."
    )
    assert drift(BEFORE, after) == ["Alex was home, now away"]  # Kim was not known before
    assert drift(BEFORE, BEFORE.replace("My mind is idle", "My mind is dormant")) == []
    assert drift("", after) == []
    assert drift(BEFORE, after.replace("- Alex: away (since 13:00).", "- Alex: unknown.")) == []
