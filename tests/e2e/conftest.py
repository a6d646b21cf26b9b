"""The e2e tests run Home Assistant as a separate process: no `hass` fixture here.

The suite's Home Assistant fixtures (tests/conftest.py) run only for a test that uses `hass`;
these no-op fixtures of the same names also take their place for this folder.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

DEMO_PATH = Path(__file__).resolve().parents[2] / "scripts" / "demo.py"


@pytest.fixture(autouse=True)
def auto_enable_custom_integrations() -> None:
    """Nothing to enable: the Home Assistant under test loads shelldon from its config dir."""


@pytest.fixture(autouse=True)
def core_components() -> None:
    """The real Home Assistant sets up its own core."""


@pytest.fixture(autouse=True)
def isolated_config_dir(tmp_path: Path) -> Path:
    """Each test gets its own folder (the config dir lives inside it)."""
    return tmp_path


@pytest.fixture(scope="session")
def demo() -> ModuleType:
    """scripts/demo.py, imported as a module (it is not in a package; the package it
    re-exports, scripts/shelldon_demo/, is imported by its own name)."""
    name = "demo"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, DEMO_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
