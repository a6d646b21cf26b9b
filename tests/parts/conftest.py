"""The parts alone: Mind, Turns and Motivation built from small fakes of their ports.

No Home Assistant boots here. The suite's Home Assistant fixtures (tests/conftest.py) need `hass`;
these no-op fixtures of the same names take their place (as in tests/pi and tests/e2e). A test
that leaves a task or a timer behind fails, as under Home Assistant's pytest plugin (which
scripts/test leaves out here, `-p no:homeassistant`; tests/lingering.py checks then):
whatever a part spawns is collected by `spawned` and awaited by the test.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from custom_components.shelldon.ports import Dials
from custom_components.shelldon.ports.const import DEFAULT_OPTIONS
from custom_components.shelldon.vault.goals import GoalBook
from custom_components.shelldon.vault.journal import Journal
from custom_components.shelldon.vault.vault import Vault
from tests.lingering import nothing_left_behind  # noqa: F401 (an autouse fixture)
from tests.parts.fakes import Changes, ExecutorHost, FakeBody, FakeClock, Spawned

NAME = "Shelldon"


@pytest.fixture(autouse=True)
def auto_enable_custom_integrations() -> None:
    """No Home Assistant here."""


@pytest.fixture(autouse=True)
def core_components() -> None:
    """No Home Assistant here."""


@pytest.fixture(autouse=True)
def isolated_config_dir(tmp_path: Path) -> Path:
    """Each test gets its own folder."""
    return tmp_path


@pytest.fixture
def clock() -> FakeClock:
    """Monday 2 June 2025, 10:00 in Amsterdam (08:00 UTC); the test moves it."""
    return FakeClock()


@pytest.fixture
def dials() -> Dials:
    """The owner's dials, at their defaults."""
    return Dials({**DEFAULT_OPTIONS})


@pytest.fixture
def vault(tmp_path: Path) -> Vault:
    """The real vault, on the test's folder."""
    root = tmp_path / "vault"
    root.mkdir()
    return Vault(root)


@pytest.fixture
def records(vault: Vault) -> Journal:
    """The real journal, trace, signal and audit records."""
    return Journal(vault, NAME)


@pytest.fixture
def spawned() -> Iterator[Spawned]:
    """Every task a part spawns, for the test to await (what is left is closed after)."""
    work = Spawned()
    yield work
    work.close()


@pytest.fixture
def goals(vault: Vault, clock: FakeClock, spawned: Spawned) -> GoalBook:
    """The real goal book; its `hass` is only an executor."""
    return GoalBook(ExecutorHost(), vault, NAME, clock, spawned)  # type: ignore[arg-type]


@pytest.fixture
def changes() -> Changes:
    """The `changed` callback, recorded."""
    return Changes()


@pytest.fixture
def body(clock: FakeClock) -> FakeBody:
    """The body, awake since the start of the test; the owner has not spoken yet."""
    return FakeBody(started_at=clock.utcnow())
