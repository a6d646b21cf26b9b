"""The core tests are pure: the suite's Home Assistant fixtures are no-ops here."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def auto_enable_custom_integrations() -> None:
    """No Home Assistant for the pure core (overrides the suite-wide fixture)."""


@pytest.fixture(autouse=True)
def core_components() -> None:
    """No Home Assistant for the pure core (overrides the suite-wide fixture)."""


@pytest.fixture(autouse=True)
def isolated_config_dir() -> None:
    """No Home Assistant config dir for the pure core (overrides the suite-wide fixture)."""
