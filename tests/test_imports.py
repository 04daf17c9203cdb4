"""The project's modules import each other one way: no import cycle.

Read from the source (ast), nothing imported: every import a module makes when it is loaded
counts (at its top, its bottom, or in a class body), and so does an import inside a function,
which is a cycle put off until the function runs. Only what a type checker alone reads
(`if TYPE_CHECKING:`) is left out. `from package import name` points at the module `name` when
it is one (package/name.py), else at the package.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("accounts", "bench", "config", "dealer", "ledger", "ops")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def project_modules() -> dict[str, Path]:
    """Every module of the project's packages (migrations included), by dotted name."""
    return {
        module_name(path): path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
    }


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement in `tree` but those under `if TYPE_CHECKING:`."""
    found: list[ast.Import | ast.ImportFrom] = []
    pending: list[ast.AST] = [tree]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif isinstance(node, ast.If) and _type_checking(node):
            pending.extend(node.orelse)
        else:
            pending.extend(ast.iter_child_nodes(node))
    return found


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules `name` (at `path`) imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in _imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
            continue
        base = node.module or ""
        if node.level:  # relative: from . import x, from ..y import z
            anchor = package.split(".")
            anchor = anchor[: len(anchor) - (node.level - 1)]
            base = ".".join([*anchor, base] if base else anchor)
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            targets.add(submodule if submodule in modules else base)
    return {target for target in targets if target in modules and target != name}


def import_graph() -> dict[str, set[str]]:
    modules = project_modules()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each as one cycle
    through it (a → b → … → a) that names the modules the way a reader can follow."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []

    def visit(start: str) -> None:
        # Iterative, so a deep import chain cannot reach Python's recursion limit.
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(component)

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return [_a_cycle_through(component, graph) for component in components]


def _a_cycle_through(component: set[str], graph: dict[str, set[str]]) -> list[str]:
    """The shortest way from the component's first module back to itself (breadth first)."""
    first = min(component)
    came_from: dict[str, str] = {}
    frontier = [first]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(graph[node] & component):
                if child == first:
                    path = [node]
                    while path[-1] != first:
                        path.append(came_from[path[-1]])
                    return [first, *reversed(path[:-1]), first]
                if child not in came_from:
                    came_from[child] = node
                    following.append(child)
        frontier = following
    raise AssertionError(f"no cycle through {first}")  # a component always has one


def test_the_project_has_no_import_cycle() -> None:
    found = cycles(import_graph())
    assert not found, "Import cycles (each module imports the next):\n" + "\n".join(
        " → ".join(cycle) for cycle in found
    )


def test_a_cycle_is_found_and_named() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"}}
    assert cycles(graph) == [["a", "b", "c", "a"]]


def test_the_reader_sees_every_kind_of_import(tmp_path: Path) -> None:
    source = """
from __future__ import annotations
from typing import TYPE_CHECKING
import ledger.models
from ledger import settlement
from . import forms
from .models import Player
if TYPE_CHECKING:
    from ledger.views import session_detail
def later():
    from ledger.models.sessions import Session
"""
    path = tmp_path / "sample.py"
    path.write_text(source)
    modules = project_modules()
    assert imports_of("ledger.sample", path, modules) == {
        "ledger.models",
        "ledger.settlement",
        "ledger.forms",
        "ledger.models.sessions",
    }
