"""Goals: provenance, strategy, due time and state, kept as a checklist the owner can tick."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from custom_components.shelldon.core.goals import (
    KEEP_SETTLED,
    MAX_TEXT,
    Goal,
    GoalKind,
    Goals,
    GoalState,
    Provenance,
    Strategy,
)
from tests.core._support import AMS, KOLKATA

NOW = datetime(2024, 1, 10, 12, 0, tzinfo=AMS)
HOUR = timedelta(hours=1)
DAY = timedelta(days=1)


def _add(goals: Goals, text: str = "ask how the interview went", **kwargs) -> Goal:
    options = {
        "kind": GoalKind.REACH_OUT,
        "provenance": Provenance.PROMISE,
        "strategy": Strategy.SINGLE_MINDED,
        "now": NOW,
        "due": NOW + 6 * HOUR,
    }
    options.update(kwargs)
    return goals.add(text, **options)


def _sample() -> Goals:
    goals = Goals()
    _add(goals, "ask how the interview went")
    _add(
        goals,
        "water the plants",
        provenance=Provenance.REMIND_ME,
        strategy=Strategy.BLIND,
        due=datetime(2024, 1, 11, 18, 0, tzinfo=KOLKATA),
    )
    _add(
        goals,
        "did the parcel arrive?",
        kind=GoalKind.ASK,
        provenance=Provenance.ASK,
        strategy=Strategy.OPEN_MINDED,
        due=None,
    )
    _add(goals, "tidy the vault", kind=GoalKind.CHORE, provenance=Provenance.MAINTENANCE)
    goals.settle("g1", GoalState.DONE, NOW + HOUR)
    goals.settle("g4", GoalState.DROPPED, NOW + 2 * HOUR)
    return goals


# --- the store ------------------------------------------------------------------------------


def test_add_numbers_goals() -> None:
    goals = Goals()
    first = _add(goals)
    second = _add(goals, "water the plants")
    assert (first.id, second.id) == ("g1", "g2")
    assert first == Goal(
        "g1",
        "ask how the interview went",
        GoalKind.REACH_OUT,
        Provenance.PROMISE,
        Strategy.SINGLE_MINDED,
        NOW,
        NOW + 6 * HOUR,
    )
    assert first.state is GoalState.OPEN
    assert first.open
    assert first.settled_at is None


def test_ids_continue_after_the_highest() -> None:
    goals = Goals()
    for _ in range(3):
        _add(goals)
    goals.items.pop(1)  # g2 gone
    assert _add(goals).id == "g4"
    goals.items.append(
        Goal("odd", "x", GoalKind.CHORE, Provenance.MAINTENANCE, Strategy.BLIND, NOW)
    )
    assert _add(goals).id == "g5"


def test_text_is_trimmed_to_one_line() -> None:
    goal = _add(Goals(), "  water\nthe   plants\t\tplease \n")
    assert goal.text == "water the plants please"


def test_text_is_bounded() -> None:
    assert len(_add(Goals(), "word " * 200).text) == MAX_TEXT


@pytest.mark.parametrize("text", ["", "   ", "\n\t"])
def test_a_goal_needs_words(text: str) -> None:
    goals = Goals()
    with pytest.raises(ValueError, match="needs words"):
        _add(goals, text)
    assert goals.items == []


def test_get() -> None:
    goals = _sample()
    assert goals.get("g2").text == "water the plants"
    assert goals.get("g99") is None


def test_settle_closes_an_open_goal() -> None:
    goals = Goals()
    _add(goals)
    settled = goals.settle("g1", GoalState.DONE, NOW + HOUR)
    assert settled is not None
    assert (settled.state, settled.settled_at, settled.open) == (GoalState.DONE, NOW + HOUR, False)
    assert goals.get("g1") == settled


def test_settle_twice_or_unknown_is_none() -> None:
    goals = Goals()
    _add(goals)
    goals.settle("g1", GoalState.DROPPED, NOW)
    assert goals.settle("g1", GoalState.DONE, NOW + HOUR) is None
    assert goals.get("g1").state is GoalState.DROPPED
    assert goals.settle("g7", GoalState.DONE, NOW) is None


def test_open_goals() -> None:
    goals = _sample()
    assert [g.id for g in goals.open_goals()] == ["g2", "g3"]
    assert [g.id for g in goals.open_goals([GoalKind.ASK])] == ["g3"]
    assert [g.id for g in goals.open_goals([GoalKind.CHORE])] == []
    assert goals.open_goals([]) == []


def test_overdue_and_age() -> None:
    goal = _add(Goals())
    assert not goal.overdue(NOW)
    assert goal.overdue(NOW + 6 * HOUR)
    assert goal.age(NOW + 6 * HOUR) == 6 * HOUR
    assert not _add(Goals(), due=None).overdue(NOW + 100 * DAY)


def test_prune_forgets_goals_settled_long_ago() -> None:
    goals = _sample()  # g1 settled NOW+1h, g4 settled NOW+2h
    assert timedelta(days=30) == KEEP_SETTLED
    assert not goals.prune(NOW + HOUR + KEEP_SETTLED - timedelta(seconds=1))
    assert goals.prune(NOW + HOUR + KEEP_SETTLED)
    assert [g.id for g in goals.items] == ["g2", "g3", "g4"]
    assert goals.prune(NOW + 100 * DAY)
    assert [g.id for g in goals.items] == ["g2", "g3"]  # open goals stay, however old
    assert not goals.prune(NOW + 1000 * DAY)


def test_an_id_is_never_reused_after_a_prune() -> None:
    goals = _sample()  # g4, the newest, was settled and will be forgotten
    assert goals.prune(NOW + 100 * DAY)
    assert _add(goals, "a new thought").id == "g5"  # not g4 again: old records name g4


def test_the_serial_survives_a_reload_of_the_file() -> None:
    goals = _sample()
    goals.prune(NOW + 100 * DAY)
    reread, _ = Goals.from_markdown(goals.to_markdown("Shelly"))
    assert _add(Goals(items=list(reread.items)), "x").id == "g4"  # the file alone knows g3
    reread.serial = max(reread.serial, goals.serial)  # so the runtime carries the serial over
    assert _add(reread, "another").id == "g5"


# --- markdown -------------------------------------------------------------------------------


def test_to_markdown() -> None:
    text = _sample().to_markdown("Shelldon")
    lines = text.splitlines()
    assert lines[0] == "# Goals"
    assert "What Shelldon means to do, and where each goal came from." in lines
    assert "- [x] ask how the interview went" in lines
    assert "- [ ] water the plants" in lines
    assert "- [-] tidy the vault" in lines
    assert (
        "  - id: g1 · kind: reach_out · from: promise:own-words · strategy: single-minded"
        " · due: 2024-01-10T18:00+01:00 · made: 2024-01-10T12:00+01:00"
        " · settled: 2024-01-10T13:00+01:00"
    ) in lines
    assert (
        "  - id: g3 · kind: ask · from: ask:own-words · strategy: open-minded"
        " · due: - · made: 2024-01-10T12:00+01:00"
    ) in lines
    assert text.endswith("\n")


def test_markdown_round_trip() -> None:
    goals = _sample()
    back, problems = Goals.from_markdown(goals.to_markdown("Shelldon"))
    assert problems == []
    assert back.items == goals.items
    assert back.get("g2").due.utcoffset() == timedelta(hours=5, minutes=30)


def test_empty_markdown() -> None:
    back, problems = Goals.from_markdown(Goals().to_markdown("Shelldon"))
    assert (back.items, problems) == ([], [])
    assert Goals.from_markdown("") == (Goals(), [])


def test_round_trip_drops_seconds() -> None:
    goals = Goals()
    _add(goals, now=NOW + timedelta(seconds=42), due=None)
    back, _ = Goals.from_markdown(goals.to_markdown("Shelldon"))
    assert back.items[0].made_at == NOW


def test_ids_continue_after_a_round_trip() -> None:
    back, _ = Goals.from_markdown(_sample().to_markdown("Shelldon"))
    assert _add(back).id == "g5"


@pytest.mark.parametrize(("box", "state"), [("x", GoalState.DONE), ("X", GoalState.DONE)])
def test_a_ticked_box_reads_back_as_done(box: str, state: GoalState) -> None:
    goals = Goals()
    _add(goals)
    text = goals.to_markdown("Shelldon").replace("- [ ] ", f"- [{box}] ")
    back, problems = Goals.from_markdown(text)
    assert problems == []
    assert back.items[0].state is state
    assert back.items[0].settled_at is None  # the owner ticked it; the pet notices


def test_a_dash_reads_back_as_dropped() -> None:
    goals = Goals()
    _add(goals)
    back, _ = Goals.from_markdown(goals.to_markdown("Shelldon").replace("- [ ] ", "- [-] "))
    assert back.items[0].state is GoalState.DROPPED


def test_an_edited_text_is_read_back() -> None:
    goals = Goals()
    _add(goals, "water the plants")
    text = goals.to_markdown("Shelldon").replace("water the plants", "water the ferns  ")
    back, _ = Goals.from_markdown(text)
    assert back.items[0].text == "water the ferns"


META = (
    "  - id: {id} · kind: reach_out · from: promise:own-words · strategy: blind"
    " · due: 2024-01-10T18:00+01:00 · made: 2024-01-10T12:00+01:00"
)


@pytest.mark.parametrize(
    "damaged",
    [
        META.format(id="g2").replace("kind: reach_out", "kind: sing"),
        META.format(id="g2").replace("from: promise:own-words", "from: a dream"),
        META.format(id="g2").replace("strategy: blind", "strategy: stubborn"),
        META.format(id="g2").replace("made: 2024-01-10T12:00+01:00", "made: -"),
        META.format(id="g2").replace(" · made: 2024-01-10T12:00+01:00", ""),
        META.format(id="g2").replace("made: 2024-01-10T12:00+01:00", "made: 2024-01-10T12:00"),
        META.format(id="g2").replace("due: 2024-01-10T18:00+01:00", "due: teatime"),
        META.format(id="g2").replace(" · kind: reach_out", " · kind reach_out"),
        "  - id: g2",
    ],
)
def test_damaged_lines_are_reported_and_skipped(damaged: str) -> None:
    text = "\n".join(
        [
            "# Goals",
            "- [ ] first",
            META.format(id="g1"),
            "- [ ] broken",
            damaged,
            "- [ ] third",
            META.format(id="g3"),
        ]
    )
    back, problems = Goals.from_markdown(text)
    assert [g.id for g in back.items] == ["g1", "g3"]
    assert len(problems) == 1
    assert problems[0].startswith("line 5: ")


def test_duplicate_ids_keep_the_first_with_a_problem() -> None:
    text = "\n".join(["- [ ] first", META.format(id="g1"), "- [x] again", META.format(id="g1")])
    back, problems = Goals.from_markdown(text)
    assert [(g.id, g.text) for g in back.items] == [("g1", "first")]
    assert problems == ["duplicate id g1"]


def test_prose_and_stray_meta_lines_are_ignored() -> None:
    text = "\n".join(
        [
            "# Goals",
            "Some words the owner wrote.",
            META.format(id="g7"),  # a meta line with no item above it
            "* [ ] not our bullet style",
            "- [ ] kept",
            "",
            META.format(id="g1"),  # a blank line between item and meta is fine
        ]
    )
    back, problems = Goals.from_markdown(text)
    assert [(g.id, g.text) for g in back.items] == [("g1", "kept")]
    assert problems == []


def test_long_text_is_bounded_on_the_way_back() -> None:
    text = "\n".join(["- [ ] " + "x" * 500, META.format(id="g1")])
    back, _ = Goals.from_markdown(text)
    assert len(back.items[0].text) == MAX_TEXT


def test_an_item_without_metadata_is_reported() -> None:
    text = "\n".join(["- [ ] buy milk", "- [ ] kept", META.format(id="g1")])
    back, problems = Goals.from_markdown(text)
    assert [g.id for g in back.items] == ["g1"]
    assert problems


def test_utc_stamps_round_trip() -> None:
    goals = Goals()
    _add(goals, now=datetime(2024, 1, 10, 11, 0, tzinfo=UTC), due=None)
    back, _ = Goals.from_markdown(goals.to_markdown("Shelldon"))
    assert back.items[0].made_at == NOW
    assert "made: 2024-01-10T11:00+00:00" in goals.to_markdown("Shelldon")


def test_enum_values() -> None:
    assert [p.value for p in Provenance] == [
        "user:remind-me",
        "promise:own-words",
        "ask:own-words",
        "maintenance",
    ]
    assert [s.value for s in Strategy] == ["blind", "single-minded", "open-minded"]
    assert [s.value for s in GoalState] == ["open", "done", "dropped"]
    assert [k.value for k in GoalKind] == ["reach_out", "ask", "chore"]
