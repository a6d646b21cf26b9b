"""The pet's life between messages, lived in simulated time inside Home Assistant."""

from __future__ import annotations

import io
import itertools
import logging
from datetime import timedelta
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant
from PIL import Image
from pytest_homeassistant_custom_component.common import (
    MockConfigEntry,
    MockUser,
    async_capture_events,
)
from pytest_homeassistant_custom_component.typing import ClientSessionGenerator

from custom_components.shelldon.ports.const import DOMAIN, EVENT_MOOD_CHANGED
from custom_components.shelldon.runtime.checkpoint import Checkpoint
from custom_components.shelldon.runtime.heart import DORMANT_REFLEX_S
from tests.common import async_live_for, async_live_until, async_setup_pet, commands, local


def only_drift(saves: list[dict[str, Any]]) -> bool:
    """Each write after the first holds a mood or an energy the reflexes moved, and nothing
    else of the personality changed (a write for bookkeeping alone would repeat the last)."""
    drifted = ("mood", "energy")
    for before, after in itertools.pairwise(saves):
        was, now = before["personality"], after["personality"]
        if all(was[k] == now[k] for k in drifted):
            return False
        if {k: v for k, v in was.items() if k not in drifted} != {
            k: v for k, v in now.items() if k not in drifted
        }:
            return False
    return True


def _files(root: Path) -> dict[str, float]:
    return {str(p): p.stat().st_mtime for p in root.rglob("*") if p.is_file()}


async def nudge(hass: HomeAssistant, kind: str) -> dict[str, Any]:
    return await hass.services.async_call(
        DOMAIN, "nudge", {"kind": kind}, blocking=True, return_response=True
    )


async def test_night_drifts_arousal_down_and_the_pet_gets_sleepy(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 21, 0))
    pet = await async_setup_pet(hass, config_entry)
    events = async_capture_events(hass, EVENT_MOOD_CHANGED)
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 21, 59))
    assert abs(float(hass.states.get("sensor.shelldon_arousal").state)) < 0.01, "shoulder hours"

    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 23, 30))
    arousal = float(hass.states.get("sensor.shelldon_arousal").state)
    assert -0.5 <= arousal < -0.45, "night pulls arousal toward -0.5"
    assert hass.states.get("sensor.shelldon_mood").state == "sleepy"
    assert [(e.data["previous"], e.data["mood"]) for e in events] == [("content", "sleepy")]
    assert events[0].data["entry_id"] == config_entry.entry_id
    assert hass.states.get("image.shelldon_face").attributes["face"] == "sleepy"


async def test_midday_perks_the_pet_up(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 9, 55))
    pet = await async_setup_pet(hass, config_entry)
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 11, 0))
    assert float(hass.states.get("sensor.shelldon_arousal").state) > 0.45
    assert hass.states.get("sensor.shelldon_mood").state == "curious"


async def test_idle_pet_settles_valence_and_energy(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 7, 0))
    pet = await async_setup_pet(hass, config_entry)
    await nudge(hass, "positive")
    assert pet.workings.personality.state.mood.valence == pytest.approx(0.3)
    await async_live_for(hass, freezer, pet, timedelta(hours=1))
    assert abs(pet.workings.personality.state.mood.valence) < 0.01
    assert pet.workings.personality.state.energy == pytest.approx(0.5, abs=0.01)


async def test_a_pet_left_alone_writes_only_its_drift_for_a_whole_day(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    save_counter: list,
    tmp_path: Path,
) -> None:
    freezer.move_to(local(2026, 11, 30, 12, 0))
    pet = await async_setup_pet(hass, config_entry)
    # Settled: nobody talks to it and it has nothing of its own to do (initiative off: its
    # needs and musings are quiet). Only the reflexes' drift reaches the checkpoint, while the
    # mood moves at the turns of the day, and none reaches the vault.
    await commands(hass).async_set_initiative(False)
    await async_live_until(hass, freezer, pet, local(2026, 12, 1, 12, 0))
    files_before = _files(tmp_path)
    saves_before = len(save_counter)

    wakes = await async_live_for(hass, freezer, pet, timedelta(hours=24))

    assert only_drift(save_counter[saves_before - 1 :])
    assert _files(tmp_path) == files_before, "no vault file was touched"
    reflexes = 24 * 60 * 60 // DORMANT_REFLEX_S  # dormant all day: every five minutes
    assert wakes <= reflexes + 96 + 1, "it only wakes when due: the reflexes, the mind"
    assert wakes >= reflexes, "…and no less: the reflex keeps it alive"
    assert pet.parts.mind.state.value == "dormant"


async def test_with_its_default_life_a_pet_left_alone_never_checkpoints_its_bookkeeping(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    save_counter: list,
) -> None:
    """Initiative and needs on (the defaults), nobody there: once its first day has settled,
    the mind's cursor, the needs' fade and their small journal acts ride along; the
    checkpoint (the SD card's wear) is written for a whole day only for the reflexes' drift."""
    freezer.move_to(local(2026, 11, 30, 12, 0))
    pet = await async_setup_pet(hass, config_entry)
    assert pet.workings.personality.initiative
    await async_live_until(hass, freezer, pet, local(2026, 12, 1, 12, 0))
    saves_before = len(save_counter)
    proposed_before = pet.parts.motivation.state.proposed

    await async_live_for(hass, freezer, pet, timedelta(hours=24))

    assert pet.parts.motivation.state.proposed > proposed_before, "its needs kept it busy"
    assert only_drift(save_counter[saves_before - 1 :])


async def test_a_quick_restart_of_a_quiet_pet_is_not_mistaken_for_the_machine_sleeping(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    tmp_path: Path,
) -> None:
    freezer.move_to(local(2026, 11, 30, 12, 0))
    pet = await async_setup_pet(hass, config_entry)
    await async_live_until(hass, freezer, pet, local(2026, 11, 30, 20, 0))
    assert await hass.config_entries.async_unload(config_entry.entry_id)
    await hass.async_block_till_done()
    freezer.move_to(local(2026, 11, 30, 20, 1))
    pet = await async_setup_pet(hass, config_entry)
    await async_live_for(hass, freezer, pet, timedelta(minutes=30))
    journal = "".join(p.read_text() for p in tmp_path.glob("shelldon/*/journal/*.md"))
    assert "slept" not in journal, journal[-500:]


async def test_a_nudge_reaches_disk_on_the_checkpoint_cadence_once(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    save_counter: list,
) -> None:
    freezer.move_to(local(2026, 11, 30, 9, 30))
    pet = await async_setup_pet(hass, config_entry)
    await commands(hass).async_set_initiative(False)  # only the reflexes and the nudge move it
    await async_live_for(hass, freezer, pet, timedelta(minutes=10))
    before = len(save_counter)
    await nudge(hass, "excited")
    await async_live_for(hass, freezer, pet, timedelta(minutes=5, seconds=1))
    assert len(save_counter) > before
    assert save_counter[before]["personality"]["mood"]["arousal"] > 0.2, "the nudge"
    await async_live_for(hass, freezer, pet, timedelta(minutes=30))
    assert len(save_counter) <= before + 2 + 6, "then its drift, once a checkpoint interval"
    assert only_drift(save_counter[before:])


async def test_mood_energy_interaction_and_budget_survive_a_restart(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    hass_storage: dict[str, Any],
) -> None:
    freezer.move_to(local(2026, 11, 30, 12, 0))
    pet = await async_setup_pet(hass, config_entry)
    await nudge(hass, "negative")
    pet.workings.personality.interacted()
    pet.workings.personality.apply(
        {"budget.date": "2026-11-30", "budget.turns_used": 5, "energy": 0.8}
    )
    spoke_at = pet.workings.personality.state.last_interaction
    assert await hass.config_entries.async_unload(config_entry.entry_id)
    await hass.async_block_till_done()
    assert f"shelldon.{config_entry.entry_id}" in hass_storage

    assert await hass.config_entries.async_setup(config_entry.entry_id)
    await hass.async_block_till_done()
    restored = config_entry.runtime_data.pet.anatomy
    assert restored is not pet
    assert restored.workings.personality.state.mood.valence == pytest.approx(-0.3)
    assert restored.workings.personality.state.energy == pytest.approx(0.8)
    assert restored.workings.personality.state.last_interaction == spoke_at
    assert hass.states.get("sensor.shelldon_turns_today").state == "5"
    assert hass.states.get("sensor.shelldon_turns_left_today").state == "7"
    assert hass.states.get("sensor.shelldon_last_interaction").state != "unknown"


async def test_home_assistant_stopping_flushes_the_drift(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    save_counter: list,
) -> None:
    freezer.move_to(local(2026, 11, 30, 23, 0))
    pet = await async_setup_pet(hass, config_entry)
    await commands(hass).async_set_initiative(False)  # only the reflexes move it
    await async_live_for(hass, freezer, pet, timedelta(minutes=10))
    before = len(save_counter)
    await async_live_for(hass, freezer, pet, timedelta(minutes=20))
    assert len(save_counter) <= before + 4, "the drift: once a checkpoint interval"
    before = len(save_counter)
    await hass.async_stop(force=True)
    assert len(save_counter) == before + 1
    assert save_counter[-1]["personality"] == pet.workings.personality.state.to_dict(), (
        "where the drift stood"
    )
    assert save_counter[-1]["personality"]["mood"]["arousal"] < -0.3


@pytest.mark.parametrize(
    ("stored", "why"),
    [
        ({"version": 1, "data": "not an object"}, "not an object"),
        ({"version": 1, "data": {"personality": {"schema": 99}}}, "schema 99"),
        ({"version": 1, "data": {"personality": [1, 2, 3]}}, "not an object"),
        (
            {"version": 1, "data": {"personality": {"schema": 1, "mood": {"valence": "high"}}}},
            "bad mood.valence",
        ),
        ({"version": 7, "data": {"personality": {}}}, "could not be read"),
    ],
)
async def test_a_damaged_checkpoint_boots_to_defaults_with_a_warning(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    hass_storage: dict[str, Any],
    caplog: pytest.LogCaptureFixture,
    stored: dict[str, Any],
    why: str,
) -> None:
    hass_storage[f"shelldon.{config_entry.entry_id}"] = stored
    with caplog.at_level(logging.WARNING):
        pet = await async_setup_pet(hass, config_entry)
    assert pet.workings.personality.state.mood.valence == 0.0
    assert pet.workings.personality.state.energy == 0.5
    assert hass.states.get("sensor.shelldon_mood").state == "content"
    assert any(
        "checkpoint" in r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING
    )


async def test_a_truncated_checkpoint_file_boots_to_defaults(
    hass: HomeAssistant, config_entry: MockConfigEntry, caplog: pytest.LogCaptureFixture
) -> None:
    storage = Path(hass.config.path(".storage"))
    storage.mkdir(parents=True, exist_ok=True)
    (storage / f"shelldon.{config_entry.entry_id}").write_text(
        '{"version": 1, "minor_version": 1, "key": "shelldon", "data": {"personality": {"mo'
    )

    async def read_the_real_file(self: Checkpoint) -> Any:
        return await self._async_load_data()  # Home Assistant's own file reading

    with patch.object(Checkpoint, "async_load", read_the_real_file):
        pet = await async_setup_pet(hass, config_entry)
    assert pet.workings.personality.state.mood.valence == 0.0
    assert hass.states.get("sensor.shelldon_mood").state == "content"
    assert "decoding storage" in caplog.text


async def test_the_face_changes_only_when_the_mood_face_does(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    hass_client: ClientSessionGenerator,
    hass_admin_user: MockUser,
) -> None:
    freezer.move_to(local(2026, 11, 30, 7, 0))
    await async_setup_pet(hass, config_entry)
    events = async_capture_events(hass, EVENT_MOOD_CHANGED)
    first = hass.states.get("image.shelldon_face").state

    freezer.tick(timedelta(seconds=1))
    await nudge(hass, "excited")  # (0.1, 0.3): curious
    await hass.async_block_till_done()
    curious = hass.states.get("image.shelldon_face").state
    assert curious != first
    assert hass.states.get("sensor.shelldon_mood").state == "curious"

    freezer.tick(timedelta(seconds=11))
    await nudge(hass, "excited")  # (0.2, 0.6): still curious
    await hass.async_block_till_done()
    assert hass.states.get("image.shelldon_face").state == curious

    freezer.tick(timedelta(seconds=11))
    await nudge(hass, "positive")  # (0.5, 0.6): excited
    await hass.async_block_till_done()
    assert hass.states.get("sensor.shelldon_mood").state == "excited"
    assert [e.data["mood"] for e in events] == ["curious", "excited"]
    assert events[-1].data["valence"] == pytest.approx(0.5)

    # A long-lived token, as the ESPHome panel sends it (minted at the simulated time).
    refresh = await hass.auth.async_create_refresh_token(
        hass_admin_user, client_name="panel", token_type="long_lived_access_token"
    )
    client = await hass_client(hass.auth.async_create_access_token(refresh))
    response = await client.get("/api/image_proxy/image.shelldon_face")
    assert response.status == 200
    assert response.content_type == "image/png"
    image = Image.open(io.BytesIO(await response.read()))
    assert image.size == (250, 122)
    assert image.mode == "1"


async def test_no_face_is_pushed_while_a_turn_owns_the_panel(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 7, 0))
    pet = await async_setup_pet(hass, config_entry)
    assert pet.organs.arbiter.try_take()
    await hass.async_block_till_done()
    assert hass.states.get("image.shelldon_face").attributes["face"] == "thinking"
    thinking = hass.states.get("image.shelldon_face").state

    await nudge(hass, "negative")
    freezer.tick(timedelta(seconds=11))
    await nudge(hass, "negative")  # grumpy now, but the turn owns the panel
    await hass.async_block_till_done()
    assert hass.states.get("sensor.shelldon_mood").state == "grumpy"
    assert hass.states.get("image.shelldon_face").attributes["face"] == "thinking"
    assert hass.states.get("image.shelldon_face").state == thinking

    pet.organs.arbiter.release()
    await hass.async_block_till_done()
    assert hass.states.get("image.shelldon_face").attributes["face"] == "grumpy"
