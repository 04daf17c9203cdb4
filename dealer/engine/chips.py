"""Paying amounts with the chips of the set: "3 × 25 + 1 × 5".

`chip_breakdown` finds the fewest chips exactly, in time and memory bounded by the chip values,
never by the amount: 10**9 with 1, 15 and 25 costs what 100 does. Why that is, and why it is
exact, is in `_Search`. The work is also capped outright (`MAX_STEPS`): a chip set so awkward
that even its bounded work would be too much (several values in the tens of millions that
share no factor, and an amount that needs them) raises `ChipSetTooAwkward` instead. No real
chip set comes near the cap: they need tens of steps.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

# Most counts of a chip value one call may try (a step: half a microsecond to one). Real chip
# sets need tens: 1, 15, 25 and any amount take at most a handful; 1, 2, 5, 10, 20, 25, 50, 100,
# 250, 500, 1000, 5000 under 40. Ten calls at the cap (the calculator's ten players) take under
# 50 ms.
MAX_STEPS = 3_000
# Most distinct values of a set that is not "each value divides the next" (such a set is paid
# greedily, whatever its size). Setting up the search is quadratic in the number of values.
MAX_VALUES = 32


class ChipSetTooAwkward(ValueError):
    """The fewest chips for this amount would take more than `MAX_STEPS` to work out."""

    def __init__(self, amount: int, values: Sequence[int]) -> None:
        self.amount = amount
        self.values = tuple(values)
        listed = ", ".join(str(v) for v in self.values)
        super().__init__(
            f"The chip values ({listed}) are too awkward to work out how to make {amount}."
        )


def chip_breakdown(amount: int, denominations: Sequence[int]) -> list[tuple[int, int]] | None:
    """The fewest chips that make `amount`, as (count, value) pairs, largest value first.

    Exact for any chip set (not greedy: with 1, 15 and 25, 30 is two 15s). Of several ways with
    equally few chips, the one with the most of the largest value, then of the next, and so on.
    None when the amount cannot be made with these values. Raises `ChipSetTooAwkward` (a
    ValueError) rather than take more than `MAX_STEPS` steps, whatever the amount.
    """
    values = sorted({v for v in denominations if v > 0})
    if amount == 0:
        return []
    if not values or amount < 0:
        return None
    scale = math.gcd(*values)
    if amount % scale:
        return None
    # Greedy is optimal, and instant, for the usual sets where each value divides the next.
    if all(big % small == 0 for small, big in zip(values, values[1:], strict=False)):
        return _greedy(amount, values[::-1])
    if len(values) > MAX_VALUES:
        raise ChipSetTooAwkward(amount, values)
    # In units of the values' common factor: the same answer with smaller numbers.
    try:
        counts = _Search([v // scale for v in values]).run(amount // scale)
    except _TooManySteps:
        raise ChipSetTooAwkward(amount, values) from None
    if counts is None:
        return None
    return [(count, value) for count, value in zip(counts, values, strict=True) if count][::-1]


class _TooManySteps(Exception):
    pass


class _Search:
    """The fewest chips with `values` (ascending, more than one, no common factor).

    Why only a bounded part of the amount needs searching. Take two values v < w and let
    g = gcd(v, w): w/g chips of v make lcm(v, w), and so do v/g chips of w, which are fewer. So a
    way to pay that uses v at least w/g times is never a fewest-chips way: swapping those chips
    of v for chips of w pays the same with fewer chips. Hence in EVERY fewest-chips way, each
    value v but the largest is used at most cap(v) = (min over larger w of w/gcd(v, w)) - 1
    times. Adding these caps to the problem changes neither the fewest number of chips nor the
    ways that reach it (so not the tie-break either). Under the caps, the chips below the i-th
    value add up to at most reach[i] = the sum of cap(v) * v over those values: a bound set by
    the values alone.

    The search goes from the largest value down. With x left to pay at value v, it tries the
    counts c of v with c <= cap(v), c * v <= x, x - c * v <= reach (what the smaller chips can
    pay under their caps) and x - c * v a multiple of the gcd of the smaller values (what they
    can pay at all; these c are one residue class, tried in its steps). For the largest value L
    that leaves at most reach / L + 1 counts however large the amount: the rest is L chips. So
    every x that reaches a smaller value is at most a reach, and the distinct x at each value,
    memoised, are bounded by the values alone; so is the number of counts tried.

    Counts are tried from the most down, and only a strictly better result replaces the best so
    far: of ways with equally few chips, the one with the most of each value, from the largest
    down, wins, which is what a dynamic programme over every total up to the amount returns
    when it prefers the largest chip at every step (the tests check the two agree). A count is
    also not tried once even paying the rest with the next smaller value alone could not beat
    the best: with fewer of this value that bound only grows.
    """

    def __init__(self, values: list[int]) -> None:
        self.values = values
        n = len(values)
        self.caps: list[int | None] = [
            min(w // math.gcd(values[i], w) for w in values[i + 1 :]) - 1 for i in range(n - 1)
        ]
        self.caps.append(None)  # the largest value: as many as the amount needs
        self.reach = [0] * n  # reach[i]: the most the values below i pay under their caps
        below = [0] * n  # below[i]: the gcd of the values below i (0: none)
        for i in range(1, n):
            self.reach[i] = self.reach[i - 1] + (self.caps[i - 1] or 0) * values[i - 1]
            below[i] = math.gcd(below[i - 1], values[i - 1])
        # What is left at value i is a multiple of g[i] (the gcd of the values up to i); the
        # counts c of value i that leave the smaller values a multiple of below[i] are those
        # with c ≡ (x / g) * inverse (mod step).
        self.g = [math.gcd(v, h) for v, h in zip(values, below, strict=True)]
        self.step = [h // g for h, g in zip(below, self.g, strict=True)]
        self.inverse = [
            pow(v // g, -1, step) if step > 1 else 0
            for v, g, step in zip(values, self.g, self.step, strict=True)
        ]
        self.memo: list[dict[int, tuple[int, int] | None]] = [{} for _ in values]
        self.steps = 0

    def run(self, amount: int) -> list[int] | None:
        """The count of each value (ascending) in the fewest-chips way to pay `amount`, or None."""
        top = len(self.values) - 1
        if self._best(top, amount) is None:
            return None
        counts = [0] * len(self.values)
        for i in range(top, -1, -1):
            found = self.memo[i][amount]
            assert found is not None
            counts[i] = found[1]
            amount -= found[1] * self.values[i]
        return counts

    def _best(self, i: int, x: int) -> int | None:
        """The fewest chips paying x with the values up to i under their caps, or None."""
        memo = self.memo[i]
        if x in memo:
            found = memo[x]
            return None if found is None else found[0]
        v, cap = self.values[i], self.caps[i]
        result: tuple[int, int] | None = None  # (chips, count of v)
        if i == 0:
            if x % v == 0 and (cap is None or x // v <= cap):
                result = (x // v, x // v)
        elif x % self.g[i] == 0:
            smaller, step = self.values[i - 1], self.step[i]
            first = (x // self.g[i]) * self.inverse[i] % step if step > 1 else 0
            most = x // v if cap is None else min(cap, x // v)
            least = max(0, -((self.reach[i] - x) // v))  # ceil((x - reach) / v)
            c = most - (most - first) % step
            while c >= least:
                left = x - c * v
                if result is not None and c - (-left // smaller) >= result[0]:
                    break
                self.steps += 1
                if self.steps > MAX_STEPS:
                    raise _TooManySteps
                rest = self._best(i - 1, left)
                if rest is not None and (result is None or c + rest < result[0]):
                    result = (c + rest, c)
                c -= step
        memo[x] = result
        return None if result is None else result[0]


def _greedy(amount: int, values: list[int]) -> list[tuple[int, int]] | None:
    """Largest value first (`values` descending): the fewest chips when each divides the next."""
    result = []
    for value in values:
        count, amount = divmod(amount, value)
        if count:
            result.append((count, value))
    return result if amount == 0 else None


def format_breakdown(parts: Sequence[tuple[int, int]]) -> str:
    """[(3, 25), (1, 5)] → "3 × 25 + 1 × 5"."""
    return " + ".join(f"{count} × {value}" for count, value in parts)
