"""The brain alone (no Home Assistant): the suite's Home Assistant fixtures are no-ops here."""

from __future__ import annotations

import pytest

from tests.lingering import nothing_left_behind  # noqa: F401 (an autouse fixture)


@pytest.fixture(autouse=True)
def auto_enable_custom_integrations() -> None:
    """No Home Assistant for the brain's own tests (overrides the suite-wide fixture)."""


@pytest.fixture(autouse=True)
def core_components() -> None:
    """No Home Assistant for the brain's own tests (overrides the suite-wide fixture)."""


@pytest.fixture(autouse=True)
def isolated_config_dir() -> None:
    """No Home Assistant config dir for the brain's own tests (overrides the suite-wide one)."""
