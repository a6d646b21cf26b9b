"""No import circles: no two modules of the integration import each other, directly or through
others, counting the imports made only for the type checker (a type is a dependency too)."""

from __future__ import annotations

import ast
from pathlib import Path

import custom_components.shelldon as package

ROOT = Path(package.__file__).parent
PACKAGE = "custom_components.shelldon"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(path): path for path in ROOT.rglob("*.py")}


def _resolve(module: str, level: int, name: str | None, *, is_package: bool) -> str:
    if level == 0:
        return name or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join([*base, name] if name else base)


def _targets(module: str, node: ast.ImportFrom | ast.Import, is_package: bool) -> set[str]:
    """The modules of the package an import statement names (a name imported from a package
    may itself be a module)."""
    found: set[str] = set()
    if isinstance(node, ast.Import):
        found = {alias.name for alias in node.names}
    else:
        base = _resolve(module, node.level, node.module, is_package=is_package)
        found.add(base)
        found |= {f"{base}.{alias.name}" for alias in node.names}
    return {name for name in found if name in MODULES}


def graph() -> dict[str, set[str]]:
    """module -> the modules of the package it imports (at run time or for types alone)."""
    edges: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        is_package = path.name == "__init__.py"
        edges[module] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                edges[module] |= _targets(module, node, is_package) - {module}
    return edges


def _cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import circle, if there is any (a package is skipped as a way through: importing
    `a.b` runs `a/__init__`, but that is not `a.b` depending on `a`'s other modules)."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for target in sorted(edges[node]):
            if state.get(target) == 1:
                return [*stack[stack.index(target) :], target]
            if state.get(target) is None and (found := visit(target)) is not None:
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if state.get(node) is None and (found := visit(node)) is not None:
            return found
    return None


def test_the_graph_sees_the_package() -> None:
    edges = graph()
    assert f"{PACKAGE}.runtime.pet" in edges
    assert f"{PACKAGE}.core.secrets.shapes" in edges[f"{PACKAGE}.core.secrets.scrub"]
    assert f"{PACKAGE}.core.secrets.numbers" in edges[f"{PACKAGE}.core.secrets.shapes"]


def test_no_module_imports_itself_through_others() -> None:
    circle = _cycle(graph())
    assert circle is None, " -> ".join(name.removeprefix(PACKAGE + ".") for name in circle or [])


def test_a_circle_is_found_when_there_is_one() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}
    assert _cycle(edges) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
