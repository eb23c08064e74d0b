"""The house (docs/design.md): imports run one way, tools -> pipeline -> back -> front -> dsl, and
there is no circle. Read from the source with `ast`, function-level imports included."""

from __future__ import annotations

import ast
from pathlib import Path

from .conftest import ROOT

# Lower layers first; a module may import its own layer or a lower one.
LAYERS = [
    ("dsl.runtime",),
    ("dsl",),
    ("compiler.diagnostics", "compiler.fsio", "compiler"),
    ("compiler.front",),
    ("compiler.back",),
    ("compiler.pipeline",),
    ("compiler.tools",),
    ("compiler.cli", "compiler.entry"),
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    found = {}
    for top in ("compiler", "dsl"):
        for path in (ROOT / top).rglob("*.py"):
            found[module_name(path)] = path
    return found


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The project modules `name` imports (a package's `from p import m` names module p.m)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                       for alias in node.names]
        else:
            continue
        out.update(t for t in targets if t in known and t != name)
    return out


def layer(name: str) -> int:
    best, rank = -1, -1
    for index, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (name == prefix or name.startswith(prefix + ".")) and len(prefix) > best:
                best, rank = len(prefix), index
    assert rank >= 0, f"{name} belongs to no layer of the house"
    return rank


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports_of(name, path, known) for name, path in sorted(known.items())}


def upward_imports(edges: dict[str, set[str]]) -> list[str]:
    return [f"{name} (layer {layer(name)}) imports {target} (layer {layer(target)})"
            for name, targets in edges.items() for target in sorted(targets) if layer(target) > layer(name)]


def find_circles(edges: dict[str, set[str]]) -> list[list[str]]:
    circles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for target in sorted(edges.get(name, ())):
            if state.get(target) == 1:
                circles.append(path[path.index(target):] + [target])
            elif target not in state:
                visit(target, path + [target])
        state[name] = 2

    for name in edges:
        if name not in state:
            visit(name, [name])
    return circles


def test_nothing_imports_upward():
    upward = upward_imports(graph())
    assert not upward, "\n".join(upward)


def test_there_is_no_circle_of_imports():
    circles = find_circles(graph())
    assert not circles, "\n".join(" -> ".join(circle) for circle in circles)


def test_the_checks_catch_a_circle_and_an_upward_import():
    made_up = {"compiler.tools.build": {"compiler.cli"}, "compiler.cli": {"compiler.tools.build"},
               "compiler.back.text.render": {"compiler.front.model"}, "compiler.front.model": set()}
    assert upward_imports(made_up) == ["compiler.tools.build (layer 6) imports compiler.cli (layer 7)"]
    assert find_circles(made_up) == [["compiler.tools.build", "compiler.cli", "compiler.tools.build"]]


MODULE_LIMIT = 500  # lines of a module of compiler/ or dsl/
CLASS_LIMIT = 300  # lines of a class


def test_no_giant_modules_or_classes():
    """A newcomer reads a module in one sitting: giants are split by what they handle."""
    giants = []
    for path in sorted(modules().values()):
        text = path.read_text("utf-8")
        lines = len(text.splitlines())
        if lines > MODULE_LIMIT:
            giants.append(f"{path.relative_to(ROOT)}: {lines} lines (at most {MODULE_LIMIT})")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > CLASS_LIMIT:
                giants.append(f"{path.relative_to(ROOT)}: class {node.name}, "
                              f"{node.end_lineno - node.lineno + 1} lines (at most {CLASS_LIMIT})")
    assert not giants, "\n".join(giants)
