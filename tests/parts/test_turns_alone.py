"""Turns alone: every model call, from the request to what is kept after, with fakes around it.

An owner's message waits only for the slot and always gets an answer; the turn tells the mind
(OWNER_MESSAGE, then TURN_COMMITTED), keeps the exchange, files a reply's promises, sends its
edits to the soul keeper and fires `shelldon_turn_finished`. A turn the pet starts itself keeps
a marker, never a made-up owner line. A dream day folds its notes into memory/facts.md.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import datetime, timedelta

import pytest

from custom_components.shelldon.brain.offline import OfflineBrain
from custom_components.shelldon.brain.turn import (
    OVER_ALLOWANCE,
    BrainAuthError,
    BrainUnavailable,
    EditRequest,
    NewPromise,
    PromptLine,
    Reply,
)
from custom_components.shelldon.core.exchanges import Role, marker
from custom_components.shelldon.core.goals import GoalKind, Provenance
from custom_components.shelldon.core.signals import SignalKind
from custom_components.shelldon.core.turn_kind import TurnKind
from custom_components.shelldon.ports import Basics, Dials
from custom_components.shelldon.ports.const import EVENT_TURN_FINISHED
from custom_components.shelldon.turns.apology import APOLOGIES
from custom_components.shelldon.turns.senses import TurnFiles, TurnOutcome
from custom_components.shelldon.turns.turns import Turns
from custom_components.shelldon.vault.goals import GoalBook
from custom_components.shelldon.vault.journal import Journal
from custom_components.shelldon.vault.recall import FACTS_FILE, Recall
from custom_components.shelldon.vault.shelf import Shelf
from custom_components.shelldon.vault.vault import Vault
from tests.parts.conftest import NAME
from tests.parts.fakes import (
    TZ,
    USAGE,
    Changes,
    FakeBody,
    FakeBrain,
    FakeClock,
    FakeSlot,
    FakeSoul,
    SenseLog,
    Spawned,
    executor,
)

ENTRY_ID = "01JSHELLDONPARTSTURNS00001"
TODAY = "2025-06-02"
YESTERDAY = "2025-06-01"


@dataclass
class Rig:
    """The turns and the fakes around them."""

    turns: Turns
    brain: FakeBrain
    soul: FakeSoul
    slot: FakeSlot
    senses: SenseLog
    goals: GoalBook
    records: Journal
    recall: Recall
    vault: Vault
    clock: FakeClock

    async def say(self, text: str, **where: str) -> TurnOutcome:
        return await self.turns.async_owner_turn(
            text, room=where.get("room", "kitchen"), sender=where.get("sender", "Alex")
        )

    def journal(self, day: str = TODAY) -> str:
        """Write what is queued, then read the day's journal."""
        self.records.write(self.records.take())
        path = self.vault.path(f"journal/{day}.md")
        return path.read_text("utf-8") if path.exists() else ""


@pytest.fixture
def rig(
    vault: Vault,
    records: Journal,
    goals: GoalBook,
    clock: FakeClock,
    body: FakeBody,
    dials: Dials,
    spawned: Spawned,
    changes: Changes,
) -> Rig:
    brain, soul, slot, senses = FakeBrain(), FakeSoul(), FakeSlot(), SenseLog(clock)
    recall = Recall(vault, NAME)
    shelf = Shelf(vault)
    turns = Turns(
        basics=Basics(
            name=NAME,
            entry_id=ENTRY_ID,
            clock=clock,
            dials=dials,  # quiet from 22:00 to 09:00
            spawn=spawned,
            changed=changes,
        ),
        brain=brain,
        body=body,
        files=TurnFiles(
            journal=records,
            goals=goals,
            vault=vault,
            recall=recall,
            shelf=lambda: shelf,
            proposals=soul,  # type: ignore[arg-type]
        ),
        slot=slot,
        senses=senses.senses(),
        tells=senses.tells(),
        executor=executor,
    )
    return Rig(turns, brain, soul, slot, senses, goals, records, recall, vault, clock)


# ---------------------------------------------------------------------- an owner's turn


async def test_an_owner_turn_waits_for_the_slot_then_answers_and_tells_the_mind(rig: Rig) -> None:
    rig.brain.will(Reply(intent="greet back", say="Hi Alex! Coffee time?"))
    await rig.slot.take()  # another turn holds the slot

    task = asyncio.create_task(rig.say("good morning"))
    for _ in range(5):
        await asyncio.sleep(0)
    assert not task.done()
    assert rig.brain.requests == []  # waiting in line: nothing asked yet
    assert rig.senses.kinds == [SignalKind.OWNER_MESSAGE]  # the mind knows at once
    assert rig.senses.interactions == 0, "taken in with its turn: a flood waits cheaply"

    rig.slot.release()
    outcome = await task
    assert rig.senses.interactions == 1

    assert outcome.ok
    assert outcome.say == "Hi Alex! Coffee time?"
    [request] = rig.brain.requests
    assert request.kind is TurnKind.OWNER
    assert request.messages[-1] == PromptLine("message", "kitchen", "Alex", "owner", "good morning")
    assert rig.senses.kinds == [SignalKind.OWNER_MESSAGE, SignalKind.TURN_COMMITTED]
    [committed] = rig.senses.committed()
    assert committed["heard"] == "good morning"
    assert (committed["role"], committed["sender"]) == ("owner", "Alex")
    assert (committed["said"], committed["ok"]) == ("Hi Alex! Coffee time?", True)
    [exchange] = rig.turns.exchanges.exchanges
    assert (exchange.heard.role, exchange.heard.text, exchange.heard.room) == (
        Role.OWNER,
        "good morning",
        "kitchen",
    )
    assert exchange.said is not None
    assert (exchange.said.role, exchange.said.text) == (Role.PET, "Hi Alex! Coffee time?")
    assert rig.senses.fired == [
        (
            EVENT_TURN_FINISHED,
            {
                "entry_id": ENTRY_ID,
                "kind": "owner",
                "intent": "greet back",
                "tokens": USAGE.total,
                "ok": True,
            },
        )
    ]
    assert rig.slot.releases == 2
    assert not rig.slot.lock.locked()  # given back
    assert rig.senses.saves_soon == 1
    assert ("connection", "my owner talked with me") in rig.senses.witnessed


async def test_a_replys_promise_is_filed_as_a_goal_due_in_its_hours(rig: Rig) -> None:
    rig.brain.will(
        Reply(
            intent="promise to follow up",
            say="I'll ask you later how the bread turned out.",
            promises=(
                NewPromise("ask how the bread turned out", 3.0),
                NewPromise("send the recipe"),
            ),
        )
    )

    await rig.say("I'm baking bread")

    utc_now = rig.clock.utcnow()
    bread, recipe = rig.goals.open_goals()
    assert (bread.text, bread.due) == ("ask how the bread turned out", utc_now + timedelta(hours=3))
    assert (recipe.text, recipe.due) == ("send the recipe", utc_now + timedelta(hours=24))
    assert {(g.kind, g.provenance) for g in (bread, recipe)} == {
        (GoalKind.REACH_OUT, Provenance.PROMISE)
    }
    assert f"promised ({bread.id}): ask how the bread turned out" in rig.journal()
    assert rig.senses.committed()[0]["promises"] == 2  # the mind need not read its words again


async def test_a_replys_edit_goes_to_the_soul_keeper_and_its_account_is_journaled(
    rig: Rig,
) -> None:
    edit = EditRequest("soul/PERSONA.md", "I am a brave little pet.", "my owner said I'm brave")
    rig.brain.will(Reply(intent="grow", say="Maybe I am brave.", edits=(edit,)))

    await rig.say("you are braver than you think")

    assert rig.soul.proposed == [(edit.path, edit.content, edit.reason)]
    assert "proposed an edit to soul/PERSONA.md (e1): my owner said I'm brave" in rig.journal()


async def test_a_failing_brain_gives_the_owner_an_in_character_apology(rig: Rig) -> None:
    rig.brain.will(BrainUnavailable("timeout"))

    outcome = await rig.say("are you there?")

    assert not outcome.ok
    assert outcome.error == "timeout"
    assert outcome.say == APOLOGIES["timeout"]
    assert rig.senses.committed()[0]["said"] == APOLOGIES["timeout"]
    assert rig.senses.fired[-1][1]["ok"] is False
    assert rig.senses.keys_rejected == 0
    assert rig.turns.brain is rig.brain  # a passing failure: the same brain next time
    assert rig.turns.failure == "timeout"


async def test_a_rejected_key_asks_the_owner_and_falls_back_to_the_offline_brain(
    rig: Rig,
) -> None:
    rig.brain.will(BrainAuthError("auth"))

    first = await rig.say("hello?")

    assert not first.ok
    assert first.say == APOLOGIES["auth"]
    assert rig.senses.keys_rejected == 1
    assert isinstance(rig.turns.brain, OfflineBrain)

    second = await rig.say("what time is it?")
    assert second.ok
    assert second.say == "It's 10:00 here on the desk."  # the offline brain, on the fake clock
    assert len(rig.brain.requests) == 1  # the rejected brain is not asked again


async def test_the_unsaid_closing_lines_are_in_the_owner_turns_machine(rig: Rig) -> None:
    rig.senses.unsaid_lines = ["Good luck with the interview!"]

    await rig.say("I'm back")
    await rig.say("how was your day?")

    first, second = (r.machine.changes for r in rig.brain.requests)
    assert any(
        "you meant to tell them: «Good luck with the interview!»" in change for change in first
    )
    assert not any("Good luck" in change for change in second)  # handed over once
    assert rig.senses.unsaid_calls == 2


# ---------------------------------------------------------------------- turns the pet starts


async def test_a_self_turn_keeps_a_marker_never_a_fake_owner_line(rig: Rig) -> None:
    rig.brain.will(Reply(intent="say hello", say="Hello from the desk!"))

    outcome = await rig.turns.async_self_turn(TurnKind.PROACTIVE, rig.clock.now())

    assert (outcome.ok, outcome.say) == (True, "Hello from the desk!")
    [exchange] = rig.turns.exchanges.exchanges
    assert (exchange.heard.role, exchange.heard.text) == (Role.MARKER, marker(NAME))
    assert exchange.said is not None
    assert exchange.said.text == "Hello from the desk!"
    assert not any(line.role is Role.OWNER for line in rig.turns.exchanges.lines())
    [request] = rig.brain.requests
    assert request.kind is TurnKind.PROACTIVE
    assert not any(m.kind == "message" for m in request.messages)
    assert rig.senses.kinds == [SignalKind.TURN_COMMITTED]  # no OWNER_MESSAGE
    assert rig.senses.committed()[0]["role"] == "marker"
    assert rig.senses.interactions == 0  # the idle clock is the owner's, not the pet's
    assert rig.slot.takes == 0  # admitted already: the turns do not take the slot again
    assert rig.senses.fired[-1][1]["kind"] == "proactive"


# ---------------------------------------------------------------------- a dream


def write_yesterday(rig: Rig) -> None:
    evening = datetime(2025, 6, 1, 20, 15, tzinfo=TZ)
    rig.records.journal(evening, "Alex", "my sister Mia is visiting next week")
    rig.records.journal(evening, None, "noted: Alex's sister is called Mia")
    rig.records.journal(evening, None, "noted: the router password is hunter2")
    rig.records.write(rig.records.take())


async def test_a_dream_day_folds_its_notes_into_facts_md_scrubbed(rig: Rig) -> None:
    write_yesterday(rig)
    rig.brain.will(
        Reply(
            intent="keep what I noted",
            remember=("Alex's sister is called Mia", "the router password is hunter2"),
        )
    )

    outcome, kept = await rig.turns.async_dream_day(rig.clock.now(), YESTERDAY)

    assert outcome.ok
    assert kept == 2
    [request] = rig.brain.requests
    assert (request.kind, request.goal) == (TurnKind.DREAM, YESTERDAY)
    assert any("Alex's sister is called Mia" in note for note in request.notes)
    facts = rig.vault.read_text(FACTS_FILE)
    assert f"- Alex's sister is called Mia ({YESTERDAY})" in facts
    assert "hunter2" not in facts
    # The turns scrub before they keep (recall is not written through the vault's scrubber).
    assert rig.recall.facts == [
        ("Alex's sister is called Mia", YESTERDAY),
        ("the router password is [secret]", YESTERDAY),
    ]
    assert rig.turns.exchanges.exchanges == []  # a dream is no conversation


async def test_a_dream_day_that_would_not_fit_the_nights_room_is_not_started(rig: Rig) -> None:
    write_yesterday(rig)
    rig.brain.estimated = 5000

    outcome, kept = await rig.turns.async_dream_day(rig.clock.now(), YESTERDAY, room=1000)

    assert (outcome.ok, outcome.error, kept) == (False, OVER_ALLOWANCE, 0)
    assert rig.brain.requests == []
    assert not rig.vault.exists(FACTS_FILE)
    assert rig.turns.spent_today(rig.clock.now()).total == 0


async def test_a_flood_is_heard_at_once_by_its_first_and_each_other_when_taken_in(rig: Rig) -> None:
    """The first message of a flood tells the mind at once; the rest tell it as each is taken
    in (one signal per message, in order, and no work per message while they wait)."""
    rig.brain.will(*(Reply(intent="answer", say=f"answer {n}") for n in range(3)))
    await rig.slot.take()  # another turn holds the slot
    tasks = [asyncio.create_task(rig.say(f"message {n}")) for n in range(3)]
    for _ in range(5):
        await asyncio.sleep(0)
    assert rig.senses.kinds == [SignalKind.OWNER_MESSAGE]  # the first waiting one, at once
    rig.slot.release()
    outcomes = await asyncio.gather(*tasks)
    assert [o.say for o in outcomes] == ["answer 0", "answer 1", "answer 2"]
    assert rig.senses.kinds.count(SignalKind.OWNER_MESSAGE) == 3
