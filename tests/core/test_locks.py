"""Each environment is installed from its lock (requirements/NAME.lock, written by scripts/lock),
so a lock has to say what its requirement file asks for: a pin changed in the file and not locked
again would leave every environment on the old one without a word."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REQUIREMENTS = Path(__file__).parents[2] / "requirements"
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;]+)", re.MULTILINE)
LOCKED = ("minimum", "current", "release")


def pins(text: str) -> dict[str, str]:
    """`name==version` lines, by the package index's own spelling of a name."""
    return {re.sub(r"[-_.]+", "-", name).lower(): version for name, version in PIN.findall(text)}


@pytest.mark.parametrize("name", LOCKED)
def test_a_lock_holds_every_pin_of_its_requirement_file(name: str) -> None:
    wanted = pins((REQUIREMENTS / f"{name}.txt").read_text(encoding="utf-8"))
    lock = (REQUIREMENTS / f"{name}.lock").read_text(encoding="utf-8")
    locked = pins(lock)
    assert wanted, "the requirement file pins nothing"
    assert {package: locked.get(package) for package in wanted} == wanted
    assert "scripts/lock" in lock.splitlines()[1]  # written by the script, not by hand


@pytest.mark.parametrize("name", LOCKED)
def test_a_lock_names_each_package_once_at_one_exact_version(name: str) -> None:
    lock = (REQUIREMENTS / f"{name}.lock").read_text(encoding="utf-8")
    lines = [line for line in lock.splitlines() if line[:1].isalnum()]
    assert len(lines) == len(pins(lock)) > 100  # everything, not only what the file names
    assert all("==" in line for line in lines)


def test_every_environment_has_a_lock() -> None:
    files = {path.stem for path in REQUIREMENTS.glob("*.txt")} - {"tools"}  # uv alone: one pin
    assert files == set(LOCKED)
    assert {path.stem for path in REQUIREMENTS.glob("*.lock")} == set(LOCKED)


def test_pins_reads_names_as_the_index_spells_them() -> None:
    text = "# a note\nPillow==13.0.0\nboolean.py==5.0\ndbus_fast==5.2 ; sys_platform == 'linux'\n"
    assert pins(text) == {"pillow": "13.0.0", "boolean-py": "5.0", "dbus-fast": "5.2"}
