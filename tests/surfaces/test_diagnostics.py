"""Diagnostics: the pet's inside, never its secrets."""

from __future__ import annotations

import json

from homeassistant.core import HomeAssistant
from pytest_homeassistant_custom_component.common import MockConfigEntry
from pytest_homeassistant_custom_component.components.diagnostics import (
    get_diagnostics_for_config_entry,
)
from pytest_homeassistant_custom_component.typing import ClientSessionGenerator

from custom_components.shelldon.ports.const import DOMAIN
from tests.common import async_setup_pet

SECRET = "sk-ant-api03-very-secret-key-000000000000"


async def test_diagnostics_explain_the_pet_and_redact_the_key(
    hass: HomeAssistant, hass_client: ClientSessionGenerator
) -> None:
    entry = MockConfigEntry(
        domain=DOMAIN,
        unique_id="shelldon",
        data={"name": "Shelldon", "api_key": SECRET},
    )
    entry.add_to_hass(hass)
    await async_setup_pet(hass, entry)
    await hass.services.async_call(DOMAIN, "nudge", {"kind": "positive"}, blocking=True)

    diagnostics = await get_diagnostics_for_config_entry(hass, hass_client, entry)

    assert SECRET not in json.dumps(diagnostics)
    assert diagnostics["entry"]["data"]["api_key"] == "**REDACTED**"
    pet = diagnostics["pet"]
    assert pet["state"]["mood"]["valence"] == 0.3
    assert pet["face"] == "content"
    assert pet["power"]["level"] == "lively"
    assert set(pet["jobs"]) >= {"reflex", "checkpoint", "prune", "mind", "goal_timer"}
    assert pet["next_wake"] is not None
    assert pet["vault"].endswith("shelldon/shelldon")
