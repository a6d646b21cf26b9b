"""Small modules: none of the integration's, the scripts' or the Pi body's grows past 400 lines
(a part that does is doing two things, and the second one wants a module of its own)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAX_LINES = 400
PLACES = ("custom_components/shelldon", "scripts", "pi/shelldon_pi")


def test_no_module_is_over_400_lines() -> None:
    sizes = {
        str(path.relative_to(ROOT)): len(path.read_text(encoding="utf-8").splitlines())
        for place in PLACES
        for path in sorted((ROOT / place).rglob("*.py"))
    }
    assert len(sizes) > 100, "the modules were found"
    too_long = {name: lines for name, lines in sizes.items() if lines > MAX_LINES}
    assert too_long == {}
