"""The benchmark harness: each benchmark records figures; a table is printed at the end.

Benchmarks run under pytest so the ones that need a real Home Assistant can use the same
fixtures as the tests. They assert nothing about speed: they measure and report.
"""

from __future__ import annotations

import json
import os
import platform
import shutil
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import pytest

from custom_components.shelldon.vault import versions
from tests.conftest import (  # noqa: F401 - the suite's fixtures, shared
    anthropic_stand_in_on_demand,
    auto_enable_custom_integrations,
    config_entry,
    core_components,
    home_assistant_where_used,
    isolated_config_dir,
    messages_api,
    pet_options,
    save_counter,
    warm_anthropic_models,
)

pytest_plugins = ["pytest_homeassistant_custom_component"]

RESULTS = Path(__file__).parent / "results"


@dataclass
class Figure:
    """One measured figure and the target it is read against."""

    name: str
    value: float
    unit: str
    target: str = ""


_FIGURES: list[Figure] = []


@pytest.fixture(autouse=True)
def production_loop(request: pytest.FixtureRequest) -> None:
    """Measure with the event loop as it runs in production (the tests run it in debug mode)."""
    if "hass" in request.fixturenames:
        request.getfixturevalue("hass").loop.set_debug(False)


@pytest.fixture(autouse=True)
def history_without_git(monkeypatch: pytest.MonkeyPatch) -> None:
    """SHELLDON_BENCH_NO_GIT=1: the vault keeps its history in .versions/ (as on a machine
    without git), to tell the pet's own work from the cost of its commits."""
    if os.environ.get("SHELLDON_BENCH_NO_GIT"):
        monkeypatch.setattr(versions, "shutil", _NoGit())


class _NoGit:
    """shutil, as seen by the vault's history, on a machine without git."""

    @staticmethod
    def which(name: str) -> str | None:
        return None if name == "git" else shutil.which(name)


@pytest.fixture
def record() -> Any:
    """record(name, value, unit, target='') adds a figure to the report."""

    def _record(name: str, value: float, unit: str, target: str = "") -> None:
        _FIGURES.append(Figure(name, value, unit, target))

    return _record


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Print every figure, and keep them in bench/results/latest.json."""
    if not _FIGURES:
        return
    write = terminalreporter.write_line
    write("")
    write(f"{'benchmark':<58} {'value':>12} {'unit':<8} target")
    write("-" * 100)
    for fig in _FIGURES:
        shown = f"{fig.value:,.3f}" if fig.value < 1000 else f"{fig.value:,.0f}"
        write(f"{fig.name:<58} {shown:>12} {fig.unit:<8} {fig.target}")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "latest.json").write_text(
        json.dumps(
            {
                "python": platform.python_version(),
                "machine": platform.machine(),
                "figures": [asdict(f) for f in _FIGURES],
            },
            indent=2,
        )
    )
