"""Setting a pet up, unloading it and reloading it."""

from __future__ import annotations

from homeassistant.config_entries import ConfigEntryState
from homeassistant.core import HomeAssistant
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.shelldon.const import DOMAIN
from tests.common import async_setup_pet


async def test_setup_creates_the_pet_and_its_entities(
    hass: HomeAssistant, config_entry: MockConfigEntry
) -> None:
    pet = await async_setup_pet(hass, config_entry)
    assert config_entry.state is ConfigEntryState.LOADED
    assert pet.armed_at is not None, "the pet's one timer is armed"
    for entity_id in (
        "sensor.shelldon_mood",
        "sensor.shelldon_valence",
        "sensor.shelldon_arousal",
        "sensor.shelldon_energy",
        "sensor.shelldon_turns_today",
        "sensor.shelldon_turns_left_today",
        "sensor.shelldon_power_mode",
        "sensor.shelldon_last_interaction",
        "image.shelldon_face",
        "switch.shelldon_initiative",
    ):
        assert hass.states.get(entity_id) is not None, entity_id
    assert hass.services.has_service(DOMAIN, "nudge")


async def test_unload_stops_the_timer_and_checkpoints_what_changed(
    hass: HomeAssistant, config_entry: MockConfigEntry, save_counter: list
) -> None:
    pet = await async_setup_pet(hass, config_entry)
    await hass.services.async_call(DOMAIN, "nudge", {"kind": "positive"}, blocking=True)
    assert await hass.config_entries.async_unload(config_entry.entry_id)
    await hass.async_block_till_done()
    assert config_entry.state is ConfigEntryState.NOT_LOADED
    assert pet.armed_at is None
    assert save_counter, "the nudge reached the checkpoint on unload"
    assert save_counter[-1]["personality"]["mood"]["valence"] == 0.3
    assert hass.states.get("sensor.shelldon_mood").state == "unavailable"


async def test_reload_keeps_the_mood(hass: HomeAssistant, config_entry: MockConfigEntry) -> None:
    await async_setup_pet(hass, config_entry)
    await hass.services.async_call(DOMAIN, "nudge", {"kind": "negative"}, blocking=True)
    assert await hass.config_entries.async_reload(config_entry.entry_id)
    await hass.async_block_till_done()
    assert config_entry.runtime_data.state.mood.valence == -0.3
    assert float(hass.states.get("sensor.shelldon_valence").state) == -0.3


async def test_two_pets_live_side_by_side(
    hass: HomeAssistant, config_entry: MockConfigEntry
) -> None:
    other = MockConfigEntry(
        domain=DOMAIN, title="Pebble", unique_id="pebble", data={"name": "Pebble"}
    )
    other.add_to_hass(hass)
    await async_setup_pet(hass, config_entry)  # sets up every shelldon entry
    assert other.state is ConfigEntryState.LOADED
    assert hass.states.get("sensor.pebble_mood") is not None
    assert hass.states.get("sensor.shelldon_mood") is not None
    assert config_entry.runtime_data.vault.root != other.runtime_data.vault.root
