"""The Mind alone: its tick, handed fakes of every port (no Home Assistant).

What the mind reflects on (an owner's reminder becomes a goal), and every turn it starts itself:
through the one admission (check, then admit: the slot and the budget), gate 2 at the one door
(a line it would hold back costs no turn), the turn, then the door out again for the line. A
closing line gate 2 holds back is kept for the next conversation. What a need wants comes back
as a Want and goes through the same doors.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from custom_components.shelldon.core.activity import CADENCE_S, Activity
from custom_components.shelldon.core.goals import GoalKind, Provenance
from custom_components.shelldon.core.salience import Outcome
from custom_components.shelldon.core.signals import SignalKind
from custom_components.shelldon.core.turn_kind import TurnKind
from custom_components.shelldon.mind.means import Means, MindFiles
from custom_components.shelldon.mind.mind import Mind
from custom_components.shelldon.mind.reacher import CLOSING
from custom_components.shelldon.ports import Basics, Dials, Want
from custom_components.shelldon.vault.goals import GoalBook
from custom_components.shelldon.vault.journal import Journal
from custom_components.shelldon.vault.shelf import Shelf
from custom_components.shelldon.vault.vault import Vault
from custom_components.shelldon.vault.versions import Versions
from tests.parts.conftest import NAME
from tests.parts.fakes import (
    TZ,
    Calls,
    Changes,
    ExecutorHost,
    FakeAdmission,
    FakeBody,
    FakeClock,
    FakeDoor,
    FakeHeart,
    FakeHousehold,
    FakeKeeper,
    FakeMotives,
    FakeTurnRunner,
    Sent,
    Spawned,
    executor,
    failed,
    said,
)

TODAY = "2025-06-02"
REMIND = "remind me to call mum at 18:00"


@dataclass
class Rig:
    """One mind and the fakes around it."""

    mind: Mind
    clock: FakeClock
    body: FakeBody
    heart: FakeHeart
    admission: FakeAdmission
    door: FakeDoor
    runner: FakeTurnRunner
    needs: FakeMotives
    goals: GoalBook
    vault: Vault
    spawned: Spawned
    changes: Changes
    days: set[str] = field(default_factory=set)

    def journal(self, day: str = TODAY) -> str:
        path = self.vault.path(f"journal/{day}.md")
        return path.read_text("utf-8") if path.exists() else ""

    def tick(self) -> datetime:
        self.mind.tick(self.clock.utcnow())
        return self.clock.now()


def build(root: Path, clock: FakeClock, body: FakeBody, dials: Dials, spawned: Spawned) -> Rig:
    """A mind handed fakes of its ports, and the real plain things (vault, records, goals)."""
    root.mkdir(exist_ok=True)
    vault = Vault(root)
    records = Journal(vault, NAME)
    goals = GoalBook(ExecutorHost(), vault, NAME, clock, spawned)  # type: ignore[arg-type]
    shelf = Shelf(vault)
    heart, admission, door = FakeHeart(), FakeAdmission(), FakeDoor()
    runner, needs, changes = FakeTurnRunner(), FakeMotives(), Changes()
    days: set[str] = set()
    mind = Mind(
        basics=Basics(
            name=NAME,
            entry_id="01JSHELLDONPARTSMIND000001",
            clock=clock,
            dials=dials,
            spawn=spawned,
            changed=changes,
        ),
        body=body,
        heart=heart,
        household=FakeHousehold(),  # type: ignore[arg-type]
        files=MindFiles(
            journal=records,
            goals=goals,
            shelf=lambda: shelf,
            versions=Versions(vault, git=""),
            journal_days=lambda: days,
            watch_vault=Calls(),
            refresh_situation=Calls(),
        ),
        means=Means(turns=runner, admission=admission, door=door, needs=needs),
        keeper=FakeKeeper(),
        executor=executor,
    )
    return Rig(
        mind,
        clock,
        body,
        heart,
        admission,
        door,
        runner,
        needs,
        goals,
        vault,
        spawned,
        changes,
        days,
    )


@pytest.fixture
def rig(tmp_path: Path, clock: FakeClock, body: FakeBody, dials: Dials, spawned: Spawned) -> Rig:
    return build(tmp_path / "mind", clock, body, dials, spawned)


def owner_quiet_for(rig: Rig, **delta: float) -> None:
    """The owner last spoke this long ago."""
    rig.body.last_interaction = rig.clock.utcnow() - timedelta(**delta)


def commit_reminder(mind: Mind) -> None:
    """The turns posted an owner's finished exchange: a reminder asked for."""
    mind.post(
        SignalKind.TURN_COMMITTED,
        {
            "kind": "owner",
            "heard": REMIND,
            "role": "owner",
            "sender": "Alex",
            "said": "Got it.",
            "intent": "agree to remind",
            "ok": True,
            "asks": [],
            "promises": 0,
        },
    )


# ---------------------------------------------------------------------- REFLECT


async def test_an_owners_remind_me_files_a_goal_due_at_18_local_and_journals_it(rig: Rig) -> None:
    commit_reminder(rig.mind)
    assert rig.heart.woken == [CADENCE_S[Activity.ENGAGED]]  # a fact arrived: it wakes early

    now = rig.tick()
    await rig.spawned.drain()

    [goal] = rig.goals.open_goals()
    assert goal.text == "call mum"
    assert goal.due == datetime(2025, 6, 2, 18, 0, tzinfo=TZ)
    assert goal.due.astimezone(TZ).hour == 18
    assert (goal.kind, goal.provenance) == (GoalKind.REACH_OUT, Provenance.REMIND_ME)
    journal = rig.journal()
    assert f"### {now:%H:%M} [Alex] {REMIND}" in journal
    assert f"filed a reminder ({goal.id}, due 18:00): call mum" in journal
    assert "call mum" in rig.vault.read_text("goals.md")
    assert rig.admission.checks == rig.admission.admits == []  # reflecting costs no turn


# ---------------------------------------------------------------------- a musing


async def test_a_musing_admits_one_turn_and_its_line_leaves_through_the_door_once(
    rig: Rig,
) -> None:
    owner_quiet_for(rig, hours=2)
    rig.runner.will(said("The sun found my desk."))

    now = rig.tick()
    assert rig.admission.checks == [(1, now)]
    assert rig.admission.admits == [(1, now)]
    assert rig.runner.self_turns == []  # spawned, not run inside the tick
    await rig.spawned.drain()

    assert [kind for kind, _, _ in rig.runner.self_turns] == [TurnKind.PROACTIVE]
    assert rig.door.said == [Sent("The sun found my desk.", rig.door.verdict, "a musing", None)]
    assert rig.admission.releases == 1
    assert rig.admission.refunds == []
    assert ("connection", "reached out (suggest)") in rig.needs.named("witnessed")

    rig.clock.move(minutes=1)
    rig.tick()
    await rig.spawned.drain()
    assert len(rig.door.said) == 1  # one hello per quiet stretch
    assert len(rig.admission.admits) == 1


@pytest.mark.parametrize("only_admit", [False, True], ids=["budget defers", "slot busy"])
async def test_a_musing_the_admission_defers_never_asks_the_door_to_say(
    rig: Rig, only_admit: bool
) -> None:
    owner_quiet_for(rig, hours=2)
    reason = "a turn is in flight" if only_admit else "cooling down"
    rig.admission.defer(reason, only_admit=only_admit)
    rig.runner.will(said("never said"))

    rig.tick()
    await rig.spawned.drain()

    assert rig.door.said == []
    assert rig.runner.self_turns == []
    assert rig.admission.releases == 0
    # Deferred before gate 2 (nothing asked), or after it (asked, but nothing said).
    assert len(rig.door.decided) == (1 if only_admit else 0)


async def test_gate_2_silent_for_a_hello_costs_no_turn(rig: Rig) -> None:
    owner_quiet_for(rig, hours=2)
    silent = rig.door.says(Outcome.SILENT)

    now = rig.tick()
    await rig.spawned.drain()

    assert rig.admission.checks == [(1, now)]
    assert rig.admission.admits == []
    assert rig.door.held_back == [(silent, "saying hello")]
    assert rig.door.said == []
    assert rig.runner.self_turns == []
    assert rig.needs.named("outcome") == [(None, Outcome.SILENT, silent.reason, True)]


async def test_a_failed_self_turn_refunds_its_cost_through_the_admission(rig: Rig) -> None:
    owner_quiet_for(rig, hours=2)
    rig.runner.will(failed("overloaded"))

    now = rig.tick()
    await rig.spawned.drain()

    assert rig.admission.admits == [(1, now)]
    assert rig.admission.refunds == [(1, now)]
    assert rig.admission.releases == 1
    assert rig.door.said == []


# ---------------------------------------------------------------------- the closing line


async def hold_a_closing_line(rig: Rig, line: str) -> datetime:
    rig.runner.unflushed = True
    owner_quiet_for(rig, minutes=15)  # the conversation ended; too soon for a hello
    rig.door.says(Outcome.SILENT, "quiet hours")
    rig.runner.will(said(line))
    now = rig.tick()
    await rig.spawned.drain()
    return now


async def test_a_closing_line_the_door_holds_back_is_kept_and_handed_over_once(rig: Rig) -> None:
    line = "Good luck with the interview!"
    now = await hold_a_closing_line(rig, line)

    assert rig.admission.admits == [(0, now)]  # a closing turn is free, but still admitted
    assert [kind for kind, _, _ in rig.runner.self_turns] == [TurnKind.FLUSH]
    assert rig.door.said == []
    assert rig.door.held_back == [(rig.door.verdict, CLOSING)]
    assert rig.mind.reacher.held == [line]
    assert f"kept for when my owner is back: {line}" in rig.journal()

    assert rig.mind.reacher.take_held() == [line]
    assert rig.mind.reacher.take_held() == []
    assert rig.mind.reacher.held == []


# ---------------------------------------------------------------------- the needs' wants


async def test_a_needs_journal_line_is_journaled_by_the_mind_and_resolved(rig: Rig) -> None:
    line = "a musing: the radiator ticks like a clock"
    rig.needs.offer("expression", Want(line, line=line, need="expression"))

    rig.tick()
    await rig.spawned.drain()

    assert rig.needs.named("act") == [("need:expression",)]
    assert rig.needs.named("resolve") == [("expression", "journal line written")]
    assert line in rig.journal()
    assert rig.admission.checks == rig.admission.admits == []
    assert rig.door.decided == []


async def test_a_needs_reach_out_goes_through_the_same_admission_and_door(rig: Rig) -> None:
    hello = Want("connection: saying hello", reach_out=True, need="connection")
    rig.needs.offer("connection", hello)
    rig.runner.will(said("Hello! I was thinking of you."))

    now = rig.tick()
    await rig.spawned.drain()

    assert rig.admission.checks == [(1, now)]
    assert rig.admission.admits == [(1, now)]
    assert rig.door.decided == [(None, now)]
    assert [s.text for s in rig.door.said] == ["Hello! I was thinking of you."]
    assert [kind for kind, _, _ in rig.runner.self_turns] == [TurnKind.PROACTIVE]
    reason = rig.door.verdict.reason
    assert rig.needs.named("outcome") == [("connection", Outcome.SUGGEST, reason, True)]
    assert rig.admission.releases == 1


async def test_a_needs_reach_out_the_admission_defers_is_deferred_with_its_reason(
    rig: Rig,
) -> None:
    hello = Want("connection: saying hello", reach_out=True, need="connection")
    rig.needs.offer("connection", hello)
    rig.admission.defer("cooling down")

    rig.tick()
    await rig.spawned.drain()

    assert rig.needs.named("defer") == [("connection", "cooling down")]
    assert rig.door.decided == rig.door.said == []
    assert rig.admission.admits == []


# ---------------------------------------------------------------------- the checkpoint


async def test_to_dict_and_restore_keep_the_committed_exchanges_and_the_held_lines(
    tmp_path: Path, rig: Rig, dials: Dials, spawned: Spawned
) -> None:
    line = "See you tomorrow!"
    await hold_a_closing_line(rig, line)
    commit_reminder(rig.mind)  # committed, not yet reflected on
    data = json.loads(json.dumps(rig.mind.to_dict()))  # plain data, as the checkpoint keeps it

    body = FakeBody(started_at=rig.clock.utcnow())
    again = build(tmp_path / "restarted", rig.clock, body, dials, spawned)
    again.mind.restore(data, [])

    assert [s.data["heard"] for s in again.mind.committed] == [REMIND]
    assert again.mind.reacher.held == [line]
    again.tick()
    await spawned.drain()
    assert [g.text for g in again.goals.open_goals()] == ["call mum"]
    assert again.mind.reacher.take_held() == [line]
