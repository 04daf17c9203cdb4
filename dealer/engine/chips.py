"""Paying amounts with the chips of the set: "3 × 25 + 1 × 5"."""

from __future__ import annotations

from collections.abc import Sequence


def chip_breakdown(amount: int, denominations: Sequence[int]) -> list[tuple[int, int]] | None:
    """The fewest chips that make `amount`, as (count, value) pairs, largest value first.

    Exact for any chip set (dynamic programming, not greedy: with 1, 15 and 25, 30 is two 15s).
    None when the amount cannot be made with these values.
    """
    values = sorted({v for v in denominations if v > 0}, reverse=True)
    if amount == 0:
        return []
    if not values or amount < 0:
        return None
    unit = min(values)
    if amount % _gcd_all(values):
        return None
    # Greedy is optimal for the usual sets where each value divides the next; check cheaply.
    if all(big % small == 0 for big, small in zip(values, values[1:], strict=False)):
        return _greedy(amount, values)
    best: list[int | None] = [0] + [None] * amount
    last: list[int] = [0] * (amount + 1)
    for total in range(unit, amount + 1):
        for value in values:
            if value <= total and best[total - value] is not None:
                count = best[total - value] + 1  # type: ignore[operator]
                if best[total] is None or count < best[total]:  # type: ignore[operator]
                    best[total] = count
                    last[total] = value
    if best[amount] is None:
        return None
    counts: dict[int, int] = {}
    total = amount
    while total:
        counts[last[total]] = counts.get(last[total], 0) + 1
        total -= last[total]
    return [(counts[v], v) for v in values if v in counts]


def _greedy(amount: int, values: list[int]) -> list[tuple[int, int]]:
    result = []
    for value in values:
        count, amount = divmod(amount, value)
        if count:
            result.append((count, value))
    return result


def _gcd_all(values: Sequence[int]) -> int:
    from math import gcd

    result = 0
    for v in values:
        result = gcd(result, v)
    return result


def format_breakdown(parts: Sequence[tuple[int, int]]) -> str:
    """[(3, 25), (1, 5)] → "3 × 25 + 1 × 5"."""
    return " + ".join(f"{count} × {value}" for count, value in parts)
