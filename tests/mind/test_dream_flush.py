"""Keeping what matters: notes become facts in the dream, a quiet conversation is flushed,
promises and questions become goals the pet sees on every turn until they are settled.

Driven through Home Assistant in simulated time; where what the model is asked (or answers)
matters, a stand-in of the Anthropic API on loopback answers each kind of turn as the test says.
"""

from __future__ import annotations

import threading
from datetime import timedelta
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant
from homeassistant.util import dt as dt_util
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_capture_events

from custom_components.shelldon.brain.prompt import MESSAGES_HEADER
from custom_components.shelldon.core.turn_kind import TurnKind
from custom_components.shelldon.ports.const import (
    CONF_API_KEY,
    CONF_NAME,
    CONF_PROACTIVE_IDLE_MIN,
    DOMAIN,
    EVENT_TURN_FINISHED,
)
from custom_components.shelldon.runtime.anatomy import Anatomy
from custom_components.shelldon.vault.vault import Vault
from tests.anthropic_mock import KEY, ScriptedModel, mock_models, reachable
from tests.common import async_live_for, async_live_until, async_setup_pet, local
from tests.common import async_tell as tell

ADA = "remember that my sister is called Ada"
FLUSH_TOO_SOON = (
    "BUG: the flush comes when the mind drifts from engaged to idle, 3 minutes after the last "
    "message (activity.ENGAGED_FOR), not after 10 minutes of silence (defaults.FLUSH_AFTER_S, "
    "now unused): a conversation with a 3-10 minute pause is flushed in the middle, twice"
)


def facts_file(hass: HomeAssistant) -> Path:
    return Path(hass.config.path("shelldon/shelldon/memory/facts.md"))


def goals_file(hass: HomeAssistant) -> Path:
    return Path(hass.config.path("shelldon/shelldon/goals.md"))


def fact_lines(hass: HomeAssistant) -> list[str]:
    path = facts_file(hass)
    return [line for line in path.read_text().splitlines() if line] if path.exists() else []


def waiting_notes(pet: Anatomy) -> list[str]:
    """What the pet noted to remember and has not folded into memory yet.

    Notes go into the journal ("noted: …"); the dream folds finished days after `folded_until`.
    """
    folder = pet.files.vault.root / "journal"
    notes = []
    for path in sorted(folder.glob("*.md")) if folder.is_dir() else []:
        if pet.parts.mind.folded_until is not None and path.stem <= pet.parts.mind.folded_until:
            continue
        notes += [
            line.split("] noted: ", 1)[1]
            for line in path.read_text().splitlines()
            if "] noted: " in line
        ]
    return notes


def ada_lines(hass: HomeAssistant) -> list[str]:
    return [line for line in fact_lines(hass) if "Ada" in line]


# ---------------------------------------------------------------------- the dream


async def test_the_night_after_the_dream_keeps_the_fact_once(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 20, 0))
    pet = await async_setup_pet(hass, config_entry)
    reply = await tell(hass, ADA)
    assert reply["reply"], "the pet acknowledges"
    await hass.async_block_till_done()
    await async_live_for(hass, freezer, pet, timedelta(minutes=1))
    assert waiting_notes(pet) == ["my sister is called Ada"]

    await async_live_until(hass, freezer, pet, local(2026, 12, 1, 1, 58))
    assert ada_lines(hass) == [], "never today's live journal, and not before the night window"
    spent = pet.workings.coordinator.data.turns_today
    await async_live_until(hass, freezer, pet, local(2026, 12, 1, 3, 0))
    assert pet.workings.coordinator.data.turns_today == spent + 3, (
        "a night's dream costs three turns"
    )
    assert ada_lines(hass) == ["- my sister is called Ada (2026-11-30)"]
    assert waiting_notes(pet) == [], "the finished day is folded"

    await tell(hass, ADA)
    await async_live_until(hass, freezer, pet, local(2026, 12, 2, 3, 0))
    assert waiting_notes(pet) == []
    assert ada_lines(hass) == ["- my sister is called Ada (2026-11-30)"], "never twice"


@pytest.mark.parametrize("pet_options", [{CONF_PROACTIVE_IDLE_MIN: 24 * 60}])
async def test_with_no_notes_the_dream_spends_nothing(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 0, 5))
    pet = await async_setup_pet(hass, config_entry)
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 23, 55))
    assert pet.workings.coordinator.data.turns_today == 0, (
        "a whole quiet day with nothing to dream on costs nothing"
    )
    assert hass.states.get("sensor.shelldon_turns_today").state == "0"
    assert not facts_file(hass).exists() or fact_lines(hass) == []

    await tell(hass, ADA)  # now there is something to dream on
    await async_live_until(hass, freezer, pet, local(2026, 12, 1, 6, 30))
    assert pet.workings.coordinator.data.turns_today == 3, (
        "the same pet dreams (and pays) once it has notes"
    )
    # Dated by its source: the day it was noted (30th) or the night it was dreamed (1st).
    assert ada_lines(hass) in (
        ["- my sister is called Ada (2026-11-30)"],
        ["- my sister is called Ada (2026-12-01)"],
    )


# ---------------------------------------------------------------------- the flush


def flushes(events: list[Any]) -> list[Any]:
    return [e for e in events if e.data.get("flush") is True]


async def test_a_conversation_that_went_quiet_is_flushed_once(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, config_entry)
    finished = async_capture_events(hass, EVENT_TURN_FINISHED)
    await tell(hass, "hello, my sister Ada is coming over")
    assert flushes(finished) == [], "not while the owner is talking"

    await async_live_for(hass, freezer, pet, timedelta(hours=3))
    [flush] = flushes(finished)
    assert flush.data["kind"] == "owner", "a flush is the end of the owner's conversation"
    assert flush.data["ok"] is True
    assert flush.data["intent"]

    await async_live_for(hass, freezer, pet, timedelta(hours=5))
    assert len(flushes(finished)) == 1, "not repeated without a new conversation"

    await tell(hass, "back again; the dentist is at 14:30")
    await async_live_for(hass, freezer, pet, timedelta(hours=2))
    assert len(flushes(finished)) == 2, "a new conversation gets its own flush"


async def test_the_flush_comes_ten_minutes_after_the_last_message(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    pet = await async_setup_pet(hass, config_entry)
    finished = async_capture_events(hass, EVENT_TURN_FINISHED)
    freezer.move_to(local(2026, 11, 30, 10, 2))
    await tell(hass, "hello, my sister Ada is coming over")
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 10, 8))
    await tell(hass, "still here")  # the conversation goes on: ten minutes from now
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 10, 17))
    assert flushes(finished) == []
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 10, 19))
    assert len(flushes(finished)) == 1


# ---------------------------------------------------------------------- with a model


@pytest.fixture
def model_entry(hass: HomeAssistant) -> MockConfigEntry:
    entry = MockConfigEntry(
        domain=DOMAIN,
        title="Shelldon",
        unique_id="shelldon",
        data={CONF_NAME: "Shelldon", CONF_API_KEY: KEY},
    )
    entry.add_to_hass(hass)
    return entry


PROMISE = {"what": "look up the weather for Saturday", "due_in_hours": 5}
ASK = "Is Saturday's picnic still on?"
QUIET = {"intent": "nothing needs saying now", "say": ""}


def machine_section(content: str) -> str:
    return content.split(MESSAGES_HEADER)[0]


async def test_a_promise_and_a_question_become_goals_the_next_turn_sees(
    hass: HomeAssistant, model_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    with reachable() as api:
        mock_models(api)
        model = ScriptedModel(
            owner=[
                {
                    "intent": "keep my word about the weather",
                    "say": "I'll look up Saturday's weather for you.",
                    "promise": [PROMISE],
                },
                {"intent": "find out about the picnic", "say": "Is it still on?", "ask": [ASK]},
                QUIET,
            ],
        ).attach(api)
        pet = await async_setup_pet(hass, model_entry)
        made = dt_util.utcnow()
        await tell(hass, "we might have a picnic on Saturday")
        await hass.async_block_till_done()

        lines = goals_file(hass).read_text().splitlines()
        meta = lines[lines.index("- [ ] look up the weather for Saturday") + 1]
        assert "id: g1" in meta
        assert "kind: reach_out" in meta
        assert "from: promise:own-words" in meta
        due = dt_util.as_local(made + timedelta(hours=5)).isoformat(timespec="minutes")
        assert f"due: {due}" in meta, "on the owner's clock, with its offset"

        await async_live_for(hass, freezer, pet, timedelta(minutes=5))
        await tell(hass, "Sam is coming too")
        await hass.async_block_till_done()
        lines = goals_file(hass).read_text().splitlines()
        meta = lines[lines.index(f"- [ ] {ASK}") + 1]
        assert "id: g2" in meta
        assert "from: ask:own-words" in meta
        assert "due: -" in meta
        assert [g.id for g in pet.files.goals.open_goals()] == ["g1", "g2"]

        await async_live_for(hass, freezer, pet, timedelta(minutes=5))
        await tell(hass, "any news?")

    first, _, third = model.prompts(TurnKind.OWNER)
    assert "Open promises and questions: none." in machine_section(first)
    section = machine_section(third)
    assert "[g1] promise, 10 min old, due in 4 h: look up the weather for Saturday" in section
    assert f"[g2] question, 5 min old, due whenever: {ASK}" in section


async def test_goals_md_keeps_every_goal_a_reply_makes(
    hass: HomeAssistant, model_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    original = Vault.write_text
    newer_written = threading.Event()

    def unlucky_write(self: Vault, rel: Any, text: str) -> Any:
        """The OS lets the newer goals.md save finish before the older one."""
        if str(rel) != "goals.md":
            return original(self, rel, text)
        if ASK not in text:  # the older save, rendered before the question was filed
            newer_written.wait(timeout=2)  # a guard: a product that serialises saves goes on
            return original(self, rel, text)
        result = original(self, rel, text)
        newer_written.set()
        return result

    with (
        reachable() as api,
        patch.object(Vault, "write_text", unlucky_write),
    ):
        mock_models(api)
        ScriptedModel(
            owner=[
                {
                    "intent": "keep my word, and ask",
                    "say": "I'll look up the weather. Is the picnic still on?",
                    "promise": [PROMISE],
                    "ask": [ASK],
                },
                QUIET,
            ],
        ).attach(api)
        pet = await async_setup_pet(hass, model_entry)
        await tell(hass, "we might have a picnic on Saturday")
        await hass.async_block_till_done()
        assert [g.id for g in pet.files.goals.open_goals()] == ["g1", "g2"]
        text = goals_file(hass).read_text()

        assert await hass.config_entries.async_unload(model_entry.entry_id)
        await hass.async_block_till_done()
        pet = await async_setup_pet(hass, model_entry)
        kept = [g.text for g in pet.files.goals.open_goals()]

    assert "- [ ] look up the weather for Saturday" in text
    assert f"- [ ] {ASK}" in text, "the goal made last is on disk"
    assert kept == ["look up the weather for Saturday", ASK], "and back after a restart"


async def test_a_flush_that_remembers_and_settles_a_promise_is_kept(
    hass: HomeAssistant, model_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 10, 0))
    with reachable() as api:
        mock_models(api)
        model = ScriptedModel(
            owner=[
                {
                    "intent": "promise to look up the weather",
                    "say": "I'll look up Saturday's weather for you.",
                    "promise": [PROMISE],
                }
            ],
            flush=[
                {
                    "intent": "keep the sister's name; the weather promise is done",
                    "remember": ["The owner's sister is called Ada."],
                    "settle": [{"id": "g1", "how": "done"}],
                }
            ],
        ).attach(api)
        pet = await async_setup_pet(hass, model_entry)
        finished = async_capture_events(hass, EVENT_TURN_FINISHED)
        await tell(hass, "my sister Ada says it will rain on Saturday")
        assert [g.id for g in pet.files.goals.open_goals()] == ["g1"]

        await async_live_for(hass, freezer, pet, timedelta(minutes=70))

    [flush] = flushes(finished)
    assert flush.data["ok"] is True
    [flush_prompt] = model.prompts(TurnKind.FLUSH)
    assert "[g1] promise" in machine_section(flush_prompt), "the flush sees what it may settle"
    await pet.parts.mind.async_flush_all()
    assert waiting_notes(pet) == ["The owner's sister is called Ada."], "the note is kept"
    assert pet.files.goals.open_goals() == []
    lines = goals_file(hass).read_text().splitlines()
    settled_at = lines.index("- [x] look up the weather for Saturday")
    assert "settled: " in lines[settled_at + 1]


async def test_the_dream_never_writes_a_fact_it_already_keeps(
    hass: HomeAssistant, model_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    facts_file(hass).parent.mkdir(parents=True, exist_ok=True)
    facts_file(hass).write_text("- my sister is called Ada (2026-11-29)\n")
    freezer.move_to(local(2026, 11, 30, 20, 0))
    with reachable() as api:
        mock_models(api)
        model = ScriptedModel(
            owner=[
                {
                    "intent": "keep what my owner told me",
                    "say": "Noted!",
                    "remember": ["My sister is called Ada.", "Ada's birthday is on 3 May."],
                }
            ],
            dream=[
                {
                    "intent": "fold two notes into what I keep",
                    "remember": [
                        "my sister is called Ada",
                        "Ada's birthday is on 3 May",
                        "Ada's birthday is on 3 May.",
                    ],
                }
            ],
        ).attach(api)
        pet = await async_setup_pet(hass, model_entry)
        await tell(hass, "my sister Ada's birthday is on 3 May")
        await async_live_for(hass, freezer, pet, timedelta(minutes=1))
        assert len(waiting_notes(pet)) == 2
        await async_live_until(hass, freezer, pet, local(2026, 12, 1, 3, 0))

    [dream] = model.prompts(TurnKind.DREAM)
    assert "noted: My sister is called Ada." in dream, "the dream is shown the day's notes"
    assert "- my sister is called Ada" in dream.split("noted: My sister is called Ada.")[-1], (
        "and what it already keeps"
    )
    assert fact_lines(hass) == [
        "- my sister is called Ada (2026-11-29)",
        "- Ada's birthday is on 3 May (2026-11-30)",
    ]
    assert waiting_notes(pet) == []
