"""Benchmarks: `make bench` runs `python -m bench`, which prints one line per figure.

Each name in BENCHMARKS is a module in this package (``"engine"`` means ``bench/engine.py``).
Such a module exposes ``run() -> list[tuple[str, float, str]]``: (name, value, unit) triples,
printed as ``name: value unit``. A benchmark prints figures; it never asserts a time limit.
``python -m bench fuzz clock`` runs only the modules named.
"""

from __future__ import annotations

BENCHMARKS: list[str] = [
    "engine",
    "eval",
    "settle",
    "table",
    "poll",
    "clock",
    "cost",
    "calculator",
    "fuzz",
]
