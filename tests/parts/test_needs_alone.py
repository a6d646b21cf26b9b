"""Motivation alone: the needs, handed a fake view, a fake body and the real journal records.

Needs become impulses the mind would appraise; the chosen need's act returns a `Want` (a journal
line, a reach-out, or nothing more, put off with its reason), and it is resolved only with
evidence: every change of satisfaction is one audit line. The needs reach nothing they were not
handed: each port is watched, and a name outside it fails the test.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from custom_components.shelldon.core.appraisal import Act
from custom_components.shelldon.core.needs.needs_file import parse_needs
from custom_components.shelldon.core.needs.needs_state import FLOOR
from custom_components.shelldon.core.needs.ten_needs import IMPACT
from custom_components.shelldon.core.salience import Outcome
from custom_components.shelldon.needs.motivation import Motivation
from custom_components.shelldon.ports import Basics, Body, Clock, Dials, NeedsView, Want
from custom_components.shelldon.vault.goals import GoalBook
from custom_components.shelldon.vault.journal import AUDIT_FILE, Journal
from custom_components.shelldon.vault.vault import Vault
from tests.parts.conftest import NAME
from tests.parts.fakes import (
    Changes,
    FakeBody,
    FakeClock,
    FakeView,
    Guard,
    Spawned,
    members,
)

SEED = "01JSHELLDONPARTSNEEDS00001"
SUGGESTED = "no speaker; a message will wait"


def build(
    *,
    clock: Any,
    dials: Dials,
    body: Any,
    view: Any,
    goals: Any,
    records: Any,
    vault: Any,
    spawned: Spawned,
    changes: Changes,
) -> Motivation:
    return Motivation(
        basics=Basics(
            name=NAME,
            entry_id=SEED,
            clock=clock,
            dials=dials,
            spawn=spawned,
            changed=changes,
        ),
        body=body,
        view=view,
        goals=goals,
        journal=records,
        vault=vault,
        seed=SEED,
    )


@pytest.fixture
def view() -> FakeView:
    return FakeView()


@pytest.fixture
def needs(
    clock: FakeClock,
    dials: Dials,
    body: FakeBody,
    view: FakeView,
    goals: GoalBook,
    records: Journal,
    vault: Vault,
    spawned: Spawned,
    changes: Changes,
) -> Motivation:
    return build(
        clock=clock,
        dials=dials,
        body=body,
        view=view,
        goals=goals,
        records=records,
        vault=vault,
        spawned=spawned,
        changes=changes,
    )


def starve(needs: Motivation, *names: str) -> None:
    """Put needs at the floor: they act at the next cycle (the probability there is 1)."""
    for name in names:
        needs.state.satisfaction[name] = FLOOR


def only(needs: Motivation, need: str, action: str) -> None:
    """The owner's needs.yaml switches the need's other actions off (weight 0)."""
    others = [a.name for a in needs.pyramid.by_name(need).actions if a.name != action]
    needs.pyramid = parse_needs({"needs": {need: {"weights": dict.fromkeys(others, 0)}}})


def carry_out(needs: Motivation, want: Want) -> None:
    """What the mind does with a Want, through the needs' Motives port."""
    if want.need is None:
        return
    if want.line is not None:
        needs.resolve(want.need, "journal line written")
    elif want.reach_out:
        needs.outcome(want.need, Outcome.SUGGEST, SUGGESTED)


async def live(
    needs: Motivation, clock: FakeClock, spawned: Spawned, hours: int
) -> list[tuple[str, str, Want]]:
    """Hour by hour: the impulses, each act, the Want carried out; (need, action, want)."""
    done = []
    for _ in range(hours):
        now = clock.now()
        impulses = needs.impulses(now)
        assert len(impulses) <= 1  # at most one new proposal a cycle (the rest were carried out)
        for choice in impulses:
            assert choice.act is Act.NEED
            assert choice.ref is not None
            need = choice.ref.removeprefix("need:")
            action = needs.state.pending[need].action
            want = needs.act(choice, now)
            done.append((need, action, want))
            carry_out(needs, want)
        await spawned.drain()
        clock.move(hours=1)
    return done


# ---------------------------------------------------------------------- a day


async def test_over_a_day_at_homeostasis_the_needs_offer_impulses_and_acts_return_wants(
    needs: Motivation, clock: FakeClock, spawned: Spawned, changes: Changes
) -> None:
    done = await live(needs, clock, spawned, hours=24)

    assert len(done) >= 6  # the needs rotate through the day
    assert len({need for need, _, _ in done}) >= 5
    for need, _, want in done:
        assert type(want) is Want
        assert want.need == need
    lines = [want for _, _, want in done if want.line is not None]
    assert lines  # most acts are a journal line, the line being its own account
    assert all(want.account == want.line for want in lines)
    hellos = [(need, want) for need, action, want in done if want.reach_out]
    assert hellos  # may_muse said None: connection asks to say hello
    assert all(need == "connection" and want.goal is None for need, want in hellos)
    assert needs.state.pending == {}  # every act was carried out or resolved
    assert needs.state.resolved == len(done)  # …each with evidence
    assert needs.state.proposed == len(done)
    assert {"save": False} in changes.calls  # bookkeeping, never a write of its own


async def test_a_starved_connection_need_wants_to_reach_out_when_a_hello_fits(
    needs: Motivation, view: FakeView
) -> None:
    only(needs, "connection", "reach_out")  # thinking of the owner is always possible too
    starve(needs, "connection")
    now = needs.clock.now()

    [choice] = needs.impulses(now)
    assert choice.ref == "need:connection"
    want = needs.act(choice, now)

    assert want == Want("connection: saying hello", reach_out=True, need="connection")
    assert "may_muse" in view.calls
    assert "connection" in needs.state.pending  # waits for the door's outcome
    needs.outcome("connection", Outcome.SUGGEST, SUGGESTED)
    assert "connection" not in needs.state.pending
    assert needs.state.satisfaction["connection"] == FLOOR + IMPACT["high"]


async def test_a_need_that_cannot_act_now_is_deferred_with_its_reason(
    needs: Motivation, view: FakeView, clock: FakeClock
) -> None:
    only(needs, "connection", "reach_out")
    starve(needs, "connection")
    view.why_not_muse = "my owner was here recently"
    now = clock.now()

    [choice] = needs.impulses(now)
    want = needs.act(choice, now)

    assert want == Want("connection: my owner was here recently", need="connection")
    assert needs.deferred_because == {"connection": "my owner was here recently"}
    assert "connection" not in needs.state.pending
    assert needs.state.satisfaction["connection"] == FLOOR  # nothing marked without evidence
    later = clock.move(hours=1)
    assert "need:connection" not in [c.ref for c in needs.impulses(later)]  # it rests


# ---------------------------------------------------------------------- the evidence


async def test_resolve_marks_satisfaction_and_writes_one_audit_line_per_change(
    needs: Motivation, records: Journal, vault: Vault, changes: Changes
) -> None:
    starve(needs, "expression")
    now = needs.clock.now()
    [choice] = needs.impulses(now)
    action = needs.state.pending["expression"].action
    impact = next(a.impact for a in needs.pyramid.by_name("expression").actions if a.name == action)
    want = needs.act(choice, now)
    assert want.line is not None
    records.take()  # the cycle's own lines aside
    changes.calls.clear()

    needs.resolve("expression", "journal line written")

    assert needs.state.satisfaction["expression"] == FLOOR + IMPACT[impact]
    queued = [p for path, p in records.take() if path == AUDIT_FILE]
    assert [(a["need"], a["before"], a["after"], a["reason"]) for a in queued] == [
        ("expression", FLOOR, FLOOR + IMPACT[impact], f"{action}: journal line written"),
        ("recognition", 2.5, 2.75, "cross-impact of expression"),
    ]
    assert queued[0]["at"] == needs.clock.utcnow().isoformat()
    records.write([(AUDIT_FILE, a) for a in queued])
    written = [json.loads(line) for line in vault.read_text(AUDIT_FILE).splitlines()]
    assert written == queued
    assert changes.calls == [{"save": False}]


@pytest.mark.parametrize(
    ("need", "action", "looks", "line"),
    [
        ("competence", "check_faces", "async_draw_faces", "drew 6 faces at 250x122"),
        (
            "security",
            "verify_checkpoint",
            "async_verify_checkpoint",
            "read back my checkpoint: intact",
        ),
    ],
)
async def test_an_act_done_off_the_tick_resolves_through_later_once_awaited(
    needs: Motivation,
    view: FakeView,
    records: Journal,
    spawned: Spawned,
    need: str,
    action: str,
    looks: str,
    line: str,
) -> None:
    only(needs, need, action)
    starve(needs, need)
    now = needs.clock.now()
    [choice] = needs.impulses(now)
    assert needs.state.pending[need].action == action

    want = needs.act(choice, now)

    assert (want.line, want.reach_out, want.need) == (None, False, need)
    assert need in needs.state.pending  # not before the work is done
    assert looks not in view.calls
    assert len(spawned.pending) == 1
    records.take()

    await spawned.drain()

    assert looks in view.calls
    assert need not in needs.state.pending
    assert any(line in text for text in journal_lines_and_keep(records))
    assert needs.state.satisfaction[need] > FLOOR


def journal_lines_and_keep(records: Journal) -> list[str]:
    batch = records.take()
    assert any(path == AUDIT_FILE for path, _ in batch)  # the resolution was audited
    return [str(p) for path, p in batch if path.startswith("journal/")]


# ---------------------------------------------------------------------- the ports


async def test_the_needs_use_nothing_but_their_ports_and_act_returns_only_wants(
    clock: FakeClock,
    dials: Dials,
    body: FakeBody,
    view: FakeView,
    goals: GoalBook,
    records: Journal,
    vault: Vault,
    spawned: Spawned,
    changes: Changes,
) -> None:
    ports = {
        "clock": Guard(clock, members(Clock), "Clock"),
        "body": Guard(body, members(Body), "Body"),
        "view": Guard(view, members(NeedsView), "NeedsView"),
        "goals": Guard(goals, {"open_goals", "items", "get"}, "goals (read-only)"),
        "records": Guard(records, {"journal", "audit", "words", "language"}, "Journal"),
        "vault": Guard(vault, set(), "vault (only needs.yaml, at load)"),
    }
    needs = build(dials=dials, spawned=spawned, changes=changes, **ports)
    starve(needs, *needs.state.satisfaction)  # every need pressing: each act gets its turn

    done = await live(needs, clock, spawned, hours=30)

    assert [v for port in ports.values() for v in port.violations] == []
    assert len({action for _, action, _ in done}) >= 8
    assert all(type(want) is Want for _, _, want in done)
    assert set(view.calls) <= members(NeedsView)
    assert ports["goals"].used <= {"open_goals", "items"}  # the needs never file or settle
    assert ports["records"].used == {"journal", "audit", "words", "language"}, (
        "lines in the owner's words, written through the journal"
    )
    assert ports["body"].used <= members(Body)
