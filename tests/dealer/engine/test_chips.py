"""Paying an amount with the fewest chips: exact, and no slower for 10**9 than for 100."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer.engine.chips import (
    MAX_VALUES,
    ChipSetTooAwkward,
    chip_breakdown,
    format_breakdown,
)

Breakdown = list[tuple[int, int]] | None


def reference(amount: int, denominations: Sequence[int]) -> Breakdown:
    """The dynamic programme over every total up to the amount that chip_breakdown replaced.

    Linear in the amount, so only for small amounts. Among ways with equally few chips it keeps,
    at every total, the largest chip that starts one (values tried largest first, only a
    strictly better count replaces the best).
    """
    values = sorted({v for v in denominations if v > 0}, reverse=True)
    if amount == 0:
        return []
    if not values or amount < 0:
        return None
    best: list[int | None] = [0] + [None] * amount
    last = [0] * (amount + 1)
    for total in range(1, amount + 1):
        for value in values:
            before = best[total - value] if value <= total else None
            if before is not None and (best[total] is None or before + 1 < best[total]):
                best[total] = before + 1
                last[total] = value
    if best[amount] is None:
        return None
    counts: dict[int, int] = {}
    while amount:
        counts[last[amount]] = counts.get(last[amount], 0) + 1
        amount -= last[amount]
    return [(counts[v], v) for v in values if v in counts]


def reference_for_any_amount(amount: int, denominations: Sequence[int]) -> Breakdown:
    """`reference` for amounts too large for it, by taking off chips of the largest value L.

    In a fewest-chips way each smaller value v is used fewer than L / gcd(v, L) times (that many
    make as much as v / gcd(v, L) chips of L, which are fewer), so the smaller chips add up to
    at most the sum of (L / gcd(v, L) - 1) * v. Above that, the fewest chips for A are one L
    more than for A - L, with the same smaller chips. For small chip values only: `reference`
    still runs up to that sum.
    """
    values = sorted({v for v in denominations if v > 0})
    largest = values[-1]
    smaller = sum((largest // math.gcd(v, largest) - 1) * v for v in values[:-1])
    taken = max(0, (amount - smaller) // largest)
    rest = reference(amount - taken * largest, values)
    if rest is None or not taken:
        return rest
    counts = dict((v, c) for c, v in rest)
    counts[largest] = counts.get(largest, 0) + taken
    return [(counts[v], v) for v in values[::-1] if v in counts]


def paid(parts: Breakdown) -> int:
    assert parts is not None
    return sum(count * value for count, value in parts)


@pytest.mark.parametrize(
    ("amount", "values", "expected"),
    [
        (0, (5, 25), []),
        (0, (), []),
        (30, (), None),
        (-5, (5, 25), None),
        (7, (5, 25), None),
        (30, (0, -5, 5), [(6, 5)]),
        # The usual sets, where each value divides the next: largest first.
        (185, (5, 25, 100), [(1, 100), (3, 25), (2, 5)]),
        (10**9, (1, 5, 25, 100, 500, 1000, 5000, 25000, 100000), [(10000, 100000)]),
        # Not greedy: 30 is two 15s, not a 25 and five 1s.
        (30, (1, 15, 25), [(2, 15)]),
        (10**9, (1, 15, 25), [(40_000_000, 25)]),
        (10**9 + 5, (1, 15, 25), [(39_999_999, 25), (2, 15)]),
        (10**18 + 5, (1, 15, 25), [(39_999_999_999_999_999, 25), (2, 15)]),
        # 999 of the largest; the rest, 999,995, with 5 … 3000 (each divides the next).
        (
            999_999_995,
            (5, 25, 100, 1000, 3000, 1_000_000),
            [(999, 1_000_000), (333, 3000), (9, 100), (3, 25), (4, 5)],
        ),
        # Equally few chips (9 + 1, 5 + 5): the most of the largest value.
        (10, (1, 5, 6, 9), [(1, 9), (1, 1)]),
        (6, (1, 3, 4), [(2, 3)]),
        # A common factor: only its multiples can be paid.
        (32, (6, 9, 15), None),
        (33, (6, 9, 15), [(1, 15), (2, 9)]),
        # Values near a hundred million that share no factor, and an amount that needs them.
        (199_999_989, (1, 99_999_989, 100_000_000), [(1, 100_000_000), (1, 99_999_989)]),
        (10**9 + 7, (1, 99_999_989, 100_000_000), [(10, 100_000_000), (7, 1)]),
    ],
)
def test_fewest_chips(amount: int, values: tuple[int, ...], expected: Breakdown) -> None:
    assert chip_breakdown(amount, values) == expected


@pytest.mark.parametrize("amount", [10**9, 10**9 - 5, 999_999_995, 123_456_785])
def test_a_billion_with_an_awkward_set_is_the_reference_answer(amount: int) -> None:
    values = (5, 25, 100, 1000, 3000, 10_000)  # 3000 does not divide 10,000

    parts = chip_breakdown(amount, values)

    assert parts == reference_for_any_amount(amount, values)
    assert paid(parts) == amount


def test_format_breakdown() -> None:
    assert format_breakdown([(3, 25), (1, 5)]) == "3 × 25 + 1 × 5"
    assert format_breakdown([]) == ""


def test_a_chip_set_too_awkward_to_work_out_is_refused_not_worked_on() -> None:
    # Seven values in the tens of millions, no two sharing a useful factor, and an amount of
    # ten of them: a fewest-chips search would have to weigh a great many mixes.
    values = (12666989, 21733410, 24228199, 26445137, 43667394, 54826096, 72313382)

    with pytest.raises(ChipSetTooAwkward) as refused:
        chip_breakdown(999_999_999, values)

    assert isinstance(refused.value, ValueError)
    assert "too awkward to work out how to make 999999999" in str(refused.value)
    # The same set pays a small amount exactly.
    assert chip_breakdown(2 * 12666989, values) == [(2, 12666989)]


def test_too_many_values_that_do_not_divide_each_other_are_refused() -> None:
    values = [3 * v + 1 for v in range(1, MAX_VALUES + 2)]

    with pytest.raises(ChipSetTooAwkward):
        chip_breakdown(10**6, values)


def test_a_long_set_where_each_value_divides_the_next_is_greedy_and_fine() -> None:
    values = [2**k for k in range(60)]

    assert chip_breakdown(2**61 + 3, values) == [(4, 2**59), (1, 2), (1, 1)]


small_sets = st.lists(st.integers(1, 60), min_size=1, max_size=5)
# Small enough for `reference_for_any_amount`'s dynamic programme.
smaller_sets = st.lists(st.integers(1, 40), min_size=1, max_size=4)


@settings(max_examples=300, deadline=None)
@given(values=small_sets, amount=st.integers(0, 3000))
def test_same_as_the_dynamic_programme_for_small_amounts(values: list[int], amount: int) -> None:
    assert chip_breakdown(amount, values) == reference(amount, values)


@settings(max_examples=100, deadline=None)
@given(values=smaller_sets, amount=st.integers(0, 10**12))
def test_same_as_the_dynamic_programme_for_large_amounts(values: list[int], amount: int) -> None:
    result = chip_breakdown(amount, values)

    assert result == reference_for_any_amount(amount, values)
    if result is not None:
        assert paid(result) == amount
