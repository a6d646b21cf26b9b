"""A part is handed at most eight things: every class's hand-written `__init__` and every
dataclass that is not a value record takes at most eight parameters (a part that needs more is
two parts, or a coherent few of its ports are a named bundle of their own).

Read from the source with `ast`: nothing is imported, no Home Assistant boots.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Final

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "custom_components" / "shelldon"
MOST: Final = 8

# Value records: frozen plain data, not parts (they are read, never handed ports).
VALUES: Final = {
    "runtime/shown.py:PetData": "what the entities show, one snapshot",
    "brain/phrasebook/book.py:Phrasebook": "one language's phrases",
    "brain/turn.py:Machine": "the brain's settings for one turn",
    "brain/turn.py:TurnRequest": "what one turn asks the brain",
    "brain/hearing.py:Ear": "one language's compiled patterns",
    "core/language/grammars.py:Grammar": "one language's grammar words",
    "core/needs/needs_state.py:NeedsState": "the needs' levels, a value",
    "core/goals.py:Goal": "one goal, a value",
    "core/scheduler.py:Job": "one timer job's settings",
    "mind/trace.py:TickRecord": "one tick's trace line",
}


def _is_dataclass(node: ast.ClassDef) -> bool:
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
        if name == "dataclass":
            return True
    return False


def _init_field(statement: ast.AnnAssign) -> bool:
    """A dataclass field its `__init__` takes (not a ClassVar, not `field(init=False)`)."""
    if "ClassVar" in ast.unparse(statement.annotation):
        return False
    value = statement.value
    if isinstance(value, ast.Call) and getattr(value.func, "id", "") == "field":
        for keyword in value.keywords:
            if keyword.arg == "init" and isinstance(keyword.value, ast.Constant):
                return bool(keyword.value.value)
    return True


def parameters(node: ast.ClassDef) -> int | None:
    """How many parameters the class's constructor takes (without self), or None when it has
    no hand-written `__init__` and is no dataclass."""
    for statement in node.body:
        if isinstance(statement, ast.FunctionDef) and statement.name == "__init__":
            args = statement.args
            return (
                len(args.posonlyargs)
                + len(args.args)
                - 1
                + len(args.kwonlyargs)
                + (1 if args.vararg else 0)
            )
    if _is_dataclass(node):
        fields = [s for s in node.body if isinstance(s, ast.AnnAssign)]
        return sum(1 for s in fields if _init_field(s))
    return None


def constructors() -> dict[str, int]:
    """Every class of the integration with its constructor's parameter count."""
    found: dict[str, int] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and (count := parameters(node)) is not None:
                found[f"{where}:{node.name}"] = count
    return found


def test_the_counting_sees_the_parts() -> None:
    found = constructors()
    assert len(found) > 50, "the classes were found"
    assert "mind/mind.py:Mind" in found
    assert "turns/senses.py:Senses" in found


def test_every_exempt_value_record_exists() -> None:
    found = constructors()
    assert sorted(set(VALUES) - set(found)) == []


def test_no_part_takes_more_than_eight() -> None:
    offenders = {
        name: count for name, count in constructors().items() if count > MOST and name not in VALUES
    }
    listed = "\n".join(f"  {count:2d} {name}" for name, count in sorted(offenders.items()))
    assert not offenders, f"constructors with more than {MOST} parameters:\n{listed}"
