"""The nudge action: the owner's and automations' lever on the mood."""

from __future__ import annotations

from datetime import timedelta

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import HomeAssistant
from homeassistant.exceptions import ServiceValidationError
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.shelldon.ports.const import DOMAIN
from tests.common import async_live_for, async_setup_pet, local


async def test_each_kind_moves_the_mood_by_the_seed_table(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 7, 0))
    pet = await async_setup_pet(hass, config_entry)
    # Its first beat (a second after it woke) is behind it: no reflex is due among the nudges.
    await async_live_for(hass, freezer, pet, timedelta(seconds=2))
    expected = {
        "positive": (0.3, 0.0),
        "excited": (0.4, 0.3),
        "calm": (0.4, 0.0),
        "negative": (0.1, 0.0),
    }
    for kind, (valence, arousal) in expected.items():
        freezer.tick(timedelta(seconds=11))
        response = await hass.services.async_call(
            DOMAIN, "nudge", {"kind": kind}, blocking=True, return_response=True
        )
        assert response["applied"] is True
        assert pet.workings.personality.state.mood.valence == pytest.approx(valence)
        assert pet.workings.personality.state.mood.arousal == pytest.approx(arousal)
    assert pet.workings.personality.state.last_interaction is None, (
        "a nudge never touches the idle clock"
    )
    assert float(hass.states.get("sensor.shelldon_valence").state) == pytest.approx(0.1)


async def test_a_flood_of_one_kind_is_debounced(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 7, 0))
    pet = await async_setup_pet(hass, config_entry)
    responses = [
        await hass.services.async_call(
            DOMAIN, "nudge", {"kind": "positive"}, blocking=True, return_response=True
        )
        for _ in range(20)
    ]
    assert [r["applied"] for r in responses].count(True) == 1
    assert responses[1]["reason"] == "cooldown"
    assert pet.workings.personality.state.mood.valence == pytest.approx(0.3)
    other = await hass.services.async_call(
        DOMAIN, "nudge", {"kind": "excited"}, blocking=True, return_response=True
    )
    assert other["applied"] is True, "the cooldown is per kind"


async def test_a_nudge_at_the_bound_changes_nothing(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    freezer.move_to(local(2026, 11, 30, 7, 0))
    pet = await async_setup_pet(hass, config_entry)
    pet.workings.personality.apply({"mood.valence": 1.0})
    response = await hass.services.async_call(
        DOMAIN, "nudge", {"kind": "positive"}, blocking=True, return_response=True
    )
    assert response == {**response, "applied": False, "reason": "at the bound"}


@pytest.mark.parametrize("kind", ["happy", "Positive", "", "positive; drop table"])
async def test_an_unknown_kind_is_a_translated_error_and_changes_nothing(
    hass: HomeAssistant, config_entry: MockConfigEntry, kind: str
) -> None:
    pet = await async_setup_pet(hass, config_entry)
    before = pet.workings.personality.state.to_dict()
    with pytest.raises(ServiceValidationError) as err:
        await hass.services.async_call(DOMAIN, "nudge", {"kind": kind}, blocking=True)
    assert err.value.translation_key == "unknown_nudge"
    assert "positive, negative, excited, calm" in str(err.value)
    assert pet.workings.personality.state.to_dict() == before
    assert not pet.workings.personality.state.dirty


async def test_an_unknown_pet_is_a_translated_error(
    hass: HomeAssistant, config_entry: MockConfigEntry
) -> None:
    await async_setup_pet(hass, config_entry)
    with pytest.raises(ServiceValidationError) as err:
        await hass.services.async_call(
            DOMAIN, "nudge", {"kind": "calm", "config_entry_id": "nope"}, blocking=True
        )
    assert err.value.translation_key == "pet_not_found"
    assert "nope" in str(err.value)


async def test_an_unloaded_pet_is_a_translated_error(
    hass: HomeAssistant, config_entry: MockConfigEntry
) -> None:
    await async_setup_pet(hass, config_entry)
    other = MockConfigEntry(
        domain=DOMAIN, title="Pebble", unique_id="pebble", data={"name": "Pebble"}
    )
    other.add_to_hass(hass)
    with pytest.raises(ServiceValidationError) as err:
        await hass.services.async_call(
            DOMAIN, "nudge", {"kind": "calm", "config_entry_id": other.entry_id}, blocking=True
        )
    assert err.value.translation_key == "pet_not_loaded"


async def test_with_two_pets_the_action_must_say_which(
    hass: HomeAssistant, config_entry: MockConfigEntry, freezer: FrozenDateTimeFactory
) -> None:
    other = MockConfigEntry(
        domain=DOMAIN, title="Pebble", unique_id="pebble", data={"name": "Pebble"}
    )
    other.add_to_hass(hass)
    await async_setup_pet(hass, config_entry)
    with pytest.raises(ServiceValidationError) as err:
        await hass.services.async_call(DOMAIN, "nudge", {"kind": "calm"}, blocking=True)
    assert err.value.translation_key == "pet_ambiguous"
    await hass.services.async_call(
        DOMAIN, "nudge", {"kind": "calm", "config_entry_id": other.entry_id}, blocking=True
    )
    assert other.runtime_data.pet.anatomy.workings.personality.state.mood.arousal == pytest.approx(
        -0.3
    )
    assert config_entry.runtime_data.pet.anatomy.workings.personality.state.mood.arousal == 0.0


async def test_no_pet_at_all_is_a_translated_error(hass: HomeAssistant) -> None:
    from homeassistant.setup import async_setup_component

    assert await async_setup_component(hass, DOMAIN, {})
    with pytest.raises(ServiceValidationError) as err:
        await hass.services.async_call(DOMAIN, "nudge", {"kind": "calm"}, blocking=True)
    assert err.value.translation_key == "no_pet"
