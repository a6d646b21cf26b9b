"""faces.yaml: the owner's face table in the vault."""

from __future__ import annotations

import logging
from datetime import timedelta
from pathlib import Path

import pytest
import yaml
from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_mock_service

from custom_components.shelldon.core.faces import STARTER_FACES, face_table_to_data
from custom_components.shelldon.ports.const import CONF_ESPHOME_ACTION, DOMAIN
from tests.common import async_live_for, async_setup_pet, local

FACES = Path("shelldon/shelldon/faces.yaml")


async def test_the_starter_table_is_written_for_the_owner_to_edit(
    hass: HomeAssistant, config_entry: MockConfigEntry, tmp_path: Path
) -> None:
    await async_setup_pet(hass, config_entry)
    text = (tmp_path / FACES).read_text()
    assert text.startswith("# shelldon's faces")
    assert yaml.safe_load(text) == face_table_to_data(STARTER_FACES)


async def test_an_owner_added_face_is_shown_and_becomes_a_mood(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    freezer: FrozenDateTimeFactory,
    tmp_path: Path,
) -> None:
    freezer.move_to(local(2026, 11, 30, 7, 0))
    pet = await async_setup_pet(hass, config_entry)
    table = face_table_to_data(STARTER_FACES)
    table["faces"].insert(
        0,
        {
            "name": "smitten",
            "feeling": "smitten",
            "when": {"valence": [0.25, 1.0]},
            "look": {"eyes": "happy", "brows": "raised", "mouth": "grin", "extra": "blush"},
        },
    )
    (tmp_path / FACES).write_text(yaml.safe_dump(table))
    # The mind looks at the vault as it ticks (every 15 minutes while dormant).
    await async_live_for(hass, freezer, pet, timedelta(minutes=16))
    await hass.services.async_call(DOMAIN, "nudge", {"kind": "positive"}, blocking=True)
    await hass.async_block_till_done()
    state = hass.states.get("sensor.shelldon_mood")
    assert state.state == "smitten"
    assert "smitten" in state.attributes["options"]
    assert hass.states.get("image.shelldon_face").attributes["face"] == "smitten"


async def test_a_broken_table_falls_back_to_the_starter_faces_with_a_warning(
    hass: HomeAssistant,
    config_entry: MockConfigEntry,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    (tmp_path / FACES).parent.mkdir(parents=True)
    (tmp_path / FACES).write_text("faces:\n  - name: blob\n    look: {eyes: laser}\n")
    with caplog.at_level(logging.WARNING):
        pet = await async_setup_pet(hass, config_entry)
    assert pet.organs.face.faces == STARTER_FACES
    assert "starter faces" in caplog.text
    assert "look.eyes" in caplog.text
    assert (tmp_path / FACES).read_text().startswith("faces:"), "the owner's file is left alone"


async def test_the_panel_action_is_called_after_each_new_face(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    calls = async_mock_service(hass, "esphome", "desk_panel_refresh_face")
    entry = MockConfigEntry(
        domain=DOMAIN,
        unique_id="shelldon",
        data={"name": "Shelldon"},
        options={CONF_ESPHOME_ACTION: "esphome.desk_panel_refresh_face"},
    )
    entry.add_to_hass(hass)
    freezer.move_to(local(2026, 11, 30, 7, 0))
    await async_setup_pet(hass, entry)
    assert len(calls) == 1, "the first face"
    await hass.services.async_call(DOMAIN, "nudge", {"kind": "positive"}, blocking=True)
    await hass.async_block_till_done()
    assert hass.states.get("sensor.shelldon_mood").state == "content"
    assert len(calls) == 1, "same face, no refresh"
    entry.runtime_data.pet.anatomy.workings.personality.apply({"mood.arousal": -0.2})
    await hass.services.async_call(DOMAIN, "nudge", {"kind": "calm"}, blocking=True)
    await hass.async_block_till_done()
    assert hass.states.get("sensor.shelldon_mood").state == "sleepy"
    assert len(calls) == 2


async def test_a_missing_panel_action_is_logged_and_the_pet_carries_on(
    hass: HomeAssistant, caplog: pytest.LogCaptureFixture
) -> None:
    entry = MockConfigEntry(
        domain=DOMAIN,
        unique_id="shelldon",
        data={"name": "Shelldon"},
        options={CONF_ESPHOME_ACTION: "esphome.gone_refresh"},
    )
    entry.add_to_hass(hass)
    await async_setup_pet(hass, entry)
    assert "esphome.gone_refresh failed" in caplog.text
    assert hass.states.get("image.shelldon_face").state != "unavailable"
