"""The core is pure: standard library and sibling modules only, no clock reads, and the import
contracts (pyproject.toml) catch what breaks them.

The contracts themselves are checked once, by `lint-imports` in scripts/test (its
"core is pure" contract: no Home Assistant, no model, no I/O library in core); the tests here
check the checker, and the stricter rule that core imports only the standard library.
"""

from __future__ import annotations

import ast
import io
import shutil
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

import custom_components.shelldon.core as core_package

CORE = Path(core_package.__file__).parent
ROOT = CORE.parents[2]
CORE_FILES = sorted(CORE.rglob("*.py"))
CORE_MODULES = {path.stem for path in CORE_FILES} | {
    path.parent.name for path in CORE_FILES if path.parent != CORE
}  # modules and core's packages
CLOCK_READS = ("datetime.now(", "utcnow(", "time.time(", "dt_util.")

LINT = (
    "import sys\n"
    "from importlinter.cli import lint_imports\n"
    "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True))\n"
)


def _ids(paths: list[Path]) -> list[str]:
    return [path.relative_to(CORE).as_posix() for path in paths]


def _imports(path: Path) -> list[tuple[int, str, int]]:
    """(level, module, line) for every import in the file; module '' for `from . import x`."""
    found: list[tuple[int, str, int]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.extend((0, alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level and node.module is None:
                found.extend((node.level, alias.name, node.lineno) for alias in node.names)
            else:
                found.append((node.level, node.module or "", node.lineno))
    return found


def _code_without_strings_or_comments(path: Path) -> str:
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    return "".join(
        tok.string
        for tok in tokens
        if tok.type not in {tokenize.STRING, tokenize.COMMENT, tokenize.FSTRING_MIDDLE}
    )


def test_core_has_the_expected_modules() -> None:
    assert {
        "__init__",
        "state",
        "reflexes",
        "faces",
        "scheduler",
        "budget",
        "power",
        "defaults",
    } <= CORE_MODULES


@pytest.mark.parametrize("path", CORE_FILES, ids=_ids(CORE_FILES))
def test_core_imports_only_the_standard_library_or_sibling_modules(path: Path) -> None:
    for level, module, line in _imports(path):
        where = f"{path.name}:{line}"
        if level == 0:
            top = module.split(".")[0]
            assert top in sys.stdlib_module_names, f"{where} imports {module}"
        else:
            # Only its siblings: a package of core (secrets, needs, language) stands on its
            # own, and a module beside the packages may use them (`from .secrets.scrub import`).
            assert level == 1, f"{where} leaves its own folder with a level-{level} import"
            assert module.split(".")[0] in CORE_MODULES, f"{where} imports .{module}"


@pytest.mark.parametrize("path", CORE_FILES, ids=_ids(CORE_FILES))
def test_core_never_reads_the_clock(path: Path) -> None:
    code = _code_without_strings_or_comments(path)
    for needle in CLOCK_READS:
        assert needle not in code, f"{path.name} calls {needle}"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            attr, owner = node.func.attr, node.func.value
            owner_name = owner.id if isinstance(owner, ast.Name) else None
            assert not (owner_name in {"datetime", "date"} and attr in {"now", "today"}), (
                f"{path.name}:{node.lineno} reads the clock"
            )
            assert not (
                owner_name == "time"
                and attr in {"time", "time_ns", "monotonic", "perf_counter", "localtime"}
            ), f"{path.name}:{node.lineno} reads the clock"
            assert attr != "utcnow", f"{path.name}:{node.lineno} reads the clock"
        if isinstance(node, ast.ImportFrom) and node.module == "time":
            pytest.fail(f"{path.name}:{node.lineno} imports from time")


def test_the_scanners_catch_a_violation(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "from .. import pet\nimport homeassistant.core\nfrom datetime import datetime\n"
        "x = datetime.now()\n",
        encoding="utf-8",
    )
    assert (2, "pet", 1) in _imports(bad)
    assert (0, "homeassistant.core", 2) in _imports(bad)
    assert "datetime.now(" in _code_without_strings_or_comments(bad)
    quoted = tmp_path / "quoted.py"
    quoted.write_text('"""Never call datetime.now() here."""  # nor utcnow()\n', encoding="utf-8")
    assert "datetime.now(" not in _code_without_strings_or_comments(quoted)


def _lint(cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", LINT],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_import_linter_contract_catches_a_forbidden_import(tmp_path: Path) -> None:
    # The same contract over a copy of the tree with one forbidden import slipped into core.
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    shutil.copytree(
        ROOT / "custom_components",
        tmp_path / "custom_components",
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
    )
    power = tmp_path / "custom_components" / "shelldon" / "core" / "power.py"
    power.write_text(power.read_text(encoding="utf-8") + "\nimport homeassistant.core\n")
    result = _lint(tmp_path)
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert "BROKEN" in output
    assert "homeassistant" in output


@pytest.mark.parametrize(
    ("module", "slipped", "culprit"),
    [
        ("mind/mind.py", "from ..turns import turns as _turns", "mind is not allowed"),
        ("needs/motivation.py", "from ..mind import loop as _loop", "needs is not allowed"),
        ("vault/goals.py", "from ..runtime import pet as _pet", "vault is not allowed"),
        ("body/door.py", "from ..vault import journal as _journal", "body is not allowed"),
        ("ports/doors.py", "from ..body import door as _door", "ports is not allowed"),
    ],
)
def test_the_layers_contract_catches_an_import_that_runs_the_wrong_way(
    tmp_path: Path, module: str, slipped: str, culprit: str
) -> None:
    """A part importing another part, a file reaching up into the runtime, the body into the
    files: each breaks the shell's layers."""
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    shutil.copytree(
        ROOT / "custom_components",
        tmp_path / "custom_components",
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
    )
    target = tmp_path / "custom_components" / "shelldon" / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n{slipped}\n")
    result = _lint(tmp_path)
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert culprit in output
