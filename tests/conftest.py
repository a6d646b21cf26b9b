"""Fixtures shared by the suite: a real Home Assistant with shelldon loaded."""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest
from homeassistant.core import HomeAssistant, ServiceCall
from homeassistant.setup import async_setup_component
from pytest_homeassistant_custom_component.common import MockConfigEntry, async_mock_service

# Bind the `custom_components` package to this repository before the harness mounts its own.
from custom_components.shelldon.const import CONF_NAME, DOMAIN

pytest_plugins = ["pytest_homeassistant_custom_component"]


@pytest.fixture(autouse=True, scope="session")
def warm_anthropic_models() -> None:
    """Let the SDK build its lazily built pydantic response models with the real datetime.

    Built for the first time while freezegun has swapped `datetime.datetime` out, they fail with
    PydanticSchemaGenerationError; warming them once, before any test freezes time, avoids it.
    """
    import anthropic
    import respx

    from tests.anthropic_mock import API, KEY, mock_models, reply_message

    with respx.mock(assert_all_called=False) as router:
        mock_models(router)
        router.post(f"{API}/v1/messages").respond(
            json=reply_message({"intent": "warm up", "say": ""})
        )
        client = anthropic.Anthropic(api_key=KEY, max_retries=0)
        client.models.list(limit=100)
        client.messages.create(
            model="claude-haiku-4-5", max_tokens=10, messages=[{"role": "user", "content": "hi"}]
        )
        client.close()


@pytest.fixture(autouse=True)
def auto_enable_custom_integrations(enable_custom_integrations: None) -> None:
    """Let Home Assistant load shelldon from this repository."""


@pytest.fixture(autouse=True)
async def core_components(hass: HomeAssistant) -> None:
    """The core integration Assist depends on (as in a real Home Assistant)."""
    assert await async_setup_component(hass, "homeassistant", {})


@pytest.fixture(autouse=True)
def isolated_config_dir(hass: HomeAssistant, tmp_path: Path) -> Path:
    """Each test's pet writes its vault under its own folder."""
    hass.config.config_dir = str(tmp_path)
    return tmp_path


@pytest.fixture
def pet_options() -> dict[str, Any]:
    """Options for the pet under test (tests override this fixture)."""
    return {}


@pytest.fixture
def config_entry(hass: HomeAssistant, pet_options: dict[str, Any]) -> MockConfigEntry:
    """A pet named Shelldon."""
    entry = MockConfigEntry(
        domain=DOMAIN,
        title="Shelldon",
        unique_id="shelldon",
        data={CONF_NAME: "Shelldon"},
        options=pet_options,
    )
    entry.add_to_hass(hass)
    return entry


@pytest.fixture
def save_counter() -> Generator[list[Any]]:
    """Every checkpoint write, recorded."""
    from custom_components.shelldon.runtime.checkpoint import PetStore

    saved: list[Any] = []
    original = PetStore.async_save

    async def counting_save(self: PetStore, data: Any) -> None:
        saved.append(data)
        await original(self, data)

    with patch.object(PetStore, "async_save", counting_save):
        yield saved


@pytest.fixture
def production_loop(hass: HomeAssistant) -> None:
    """Days of life run with the loop as in production (debug mode makes them crawl)."""
    hass.loop.set_debug(False)


@pytest.fixture
def phone(hass: HomeAssistant) -> list[ServiceCall]:
    """Alex (person.alex) is home; every notification notify.mobile_app_phone received."""
    hass.states.async_set("person.alex", "home", {"friendly_name": "Alex"})
    return async_mock_service(hass, "notify", "mobile_app_phone")
