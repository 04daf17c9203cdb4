"""Run the modules listed in bench.BENCHMARKS (or only those named: `python -m bench fuzz`) and
print their figures."""

from __future__ import annotations

import importlib
import sys

from bench import BENCHMARKS


def format_value(value: float) -> str:
    if isinstance(value, int) or float(value).is_integer():
        return str(int(value))
    return f"{value:.6g}"


def main(names: list[str] | None = None) -> int:
    if not BENCHMARKS:
        print("No benchmarks registered yet: add module names to BENCHMARKS in bench/__init__.py.")
        return 0
    unknown = [name for name in names or [] if name not in BENCHMARKS]
    if unknown:
        print(
            f"Unknown benchmark {', '.join(unknown)}: choose from {', '.join(BENCHMARKS)}.",
            file=sys.stderr,
        )
        return 2
    for module_name in names or BENCHMARKS:
        module = importlib.import_module(f"bench.{module_name}")
        for name, value, unit in module.run():
            print(f"{name}: {format_value(value)} {unit}".rstrip())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
