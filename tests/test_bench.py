"""The benchmarks stand on their own: bench/ imports nothing from tests/ (what it needs from
the tests' oracle and walker it runs as programs: `python -m tests.dealer.engine.oracle`,
`python -m tests.hostile`)."""

from __future__ import annotations

import ast
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "bench"


def imported(path: Path) -> set[str]:
    """Every module `path` imports, at any depth (a function's local imports too)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def test_bench_imports_nothing_from_tests() -> None:
    found = {
        f"{path.name}: {name}"
        for path in sorted(BENCH.glob("*.py"))
        for name in imported(path)
        if name == "tests" or name.startswith("tests.")
    }
    assert not found, found
    assert imported(BENCH / "engine.py")  # the check reads the files it means to
