"""The pure prizes module: payout tables, payouts that sum exactly, places, ties, ICM, chip chop,
the seat draw."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.prizes import (
    DEFAULT_TABLE,
    ICM_LIMIT,
    PayoutTableError,
    chip_chop,
    draw_seats,
    icm_deal,
    icm_equity,
    parse_table,
    payouts,
    percents_for,
    places_for_hand,
    prize_pool,
    prizes_by_place,
    round_to_unit,
    table_from_data,
    table_text,
    table_to_data,
)

KR = 100  # minor units in a krona


# --- tables -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entries", "percents"),
    [
        (1, [100]),
        (2, [65, 35]),
        (6, [65, 35]),
        (7, [50, 30, 20]),
        (10, [50, 30, 20]),
        (11, [45, 25, 18, 12]),
        (20, [45, 25, 18, 12]),
        (21, [40, 25, 16, 11, 8]),
        (300, [40, 25, 16, 11, 8]),
        (0, []),
    ],
)
def test_default_table_by_entries(entries: int, percents: list[int]) -> None:
    assert list(percents_for(DEFAULT_TABLE, entries)) == percents


def test_the_default_table_is_valid_and_reads_back_from_its_text() -> None:
    assert parse_table(table_text(DEFAULT_TABLE)) == DEFAULT_TABLE
    assert table_from_data(table_to_data(DEFAULT_TABLE)) == DEFAULT_TABLE
    assert table_from_data([]) == DEFAULT_TABLE


def test_a_typed_table_with_decimals_and_commas() -> None:
    table = parse_table("1: 100\n2-5: 70, 30\n6+: 50; 30 / 12,5 7.5")
    assert percents_for(table, 9) == (50, 30, Fraction(25, 2), Fraction(15, 2))


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("1: 100\n2-6 65 35", "syntax"),
        ("1: 100\n2+: 60 30", "sum"),
        ("1: 100\n2+: 30 70", "order"),
        ("1: 100\n2-3: 50 30 20\n4+: 100", "places"),
        ("1: 100\n3+: 60 40", "gap"),
        ("1: 100\n2-6: 60 40", "gap"),
        ("1: 100\n2-6: 60 40\n5+: 60 40", "overlap"),
        ("1: 100\n2+: 60 forty", "syntax"),
    ],
)
def test_bad_tables_say_why(text: str, code: str) -> None:
    with pytest.raises(PayoutTableError) as error:
        parse_table(text)
    assert error.value.code == code


# --- pool and payouts -------------------------------------------------------------------------


def test_the_fee_comes_out_of_the_pool_per_entry() -> None:
    # 20 entries of 200 kr, 20 kr each to the host, plus 5 rebuys of 100 kr.
    assert prize_pool(20 * 200 * KR + 5 * 100 * KR, 20, 20 * KR) == 4100 * KR
    with pytest.raises(ValueError):
        prize_pool(100, 2, 60)


def test_payouts_round_down_to_the_unit_with_the_remainder_to_first() -> None:
    # 4,100 kr, 45/25/18/12, rounded to 10 kr: 1,025 → 1,020; 738 → 730; 492 → 490.
    amounts = payouts(4100 * KR, percents_for(DEFAULT_TABLE, 20), 10 * KR)
    assert amounts == [1860 * KR, 1020 * KR, 730 * KR, 490 * KR]
    assert sum(amounts) == 4100 * KR


def test_payouts_to_the_ore_without_a_unit() -> None:
    assert payouts(1001, [Fraction(50), Fraction(30), Fraction(20)]) == [501, 300, 200]


@settings(max_examples=300)
@given(
    pool=st.integers(0, 10**9),
    entries=st.integers(1, 500),
    unit=st.sampled_from([1, 100, 500, 1000, 5000, 10000]),
)
def test_payouts_sum_exactly_and_first_gets_the_most(pool: int, entries: int, unit: int) -> None:
    amounts = payouts(pool, percents_for(DEFAULT_TABLE, entries), unit)
    assert sum(amounts) == pool
    assert all(a % unit == 0 for a in amounts[1:])
    assert amounts == sorted(amounts, reverse=True)
    assert all(a >= 0 for a in amounts)


# --- places and ties --------------------------------------------------------------------------


def test_two_out_on_one_hand_the_larger_starting_stack_finishes_higher() -> None:
    placed = places_for_hand(9, {"Anna": 1200, "Bo": 3400})
    assert [(p.key, p.place) for p in placed] == [("Bo", 8), ("Anna", 9)]
    assert all(len(p.tied) == 1 for p in placed)


def test_equal_starting_stacks_tie_and_share_places() -> None:
    placed = places_for_hand(5, {"Anna": 1000, "Bo": 1000, "Cecilia": 500})
    assert [(p.key, p.place, p.tied) for p in placed] == [
        ("Anna", 3, (3, 4)),
        ("Bo", 4, (3, 4)),
        ("Cecilia", 5, (5,)),
    ]


def test_somebody_must_be_left() -> None:
    with pytest.raises(ValueError):
        places_for_hand(2, {"Anna": 1, "Bo": 2})


def test_tied_places_split_their_prizes_to_the_unit() -> None:
    # 3rd and 4th tie: (730 + 490) / 2 = 610 each.
    amounts = [1860 * KR, 1020 * KR, 730 * KR, 490 * KR]
    prizes = prizes_by_place(amounts, [[3, 4]], 10 * KR)
    assert prizes == {1: 1860 * KR, 2: 1020 * KR, 3: 610 * KR, 4: 610 * KR}


def test_a_tie_on_the_bubble_shares_the_last_prize_and_odd_units_go_higher() -> None:
    # 4th (490 kr) and 5th (nothing) tie: 245 kr each, rounded to 10 kr: 250 + 240.
    amounts = [1860 * KR, 1020 * KR, 730 * KR, 490 * KR]
    prizes = prizes_by_place(amounts, [[4, 5]], 10 * KR)
    assert (prizes[4], prizes[5]) == (250 * KR, 240 * KR)
    assert sum(prizes.values()) == sum(amounts)


# --- rounding ---------------------------------------------------------------------------------


@given(
    weights=st.lists(st.integers(1, 10**6), min_size=1, max_size=9),
    total=st.integers(0, 10**8),
    unit=st.sampled_from([1, 100, 1000]),
)
def test_round_to_unit_sums_exactly(weights: list[int], total: int, unit: int) -> None:
    shares = {i: Fraction(total * w, sum(weights)) for i, w in enumerate(weights)}
    rounded = round_to_unit(shares, total, unit)
    assert sum(rounded.values()) == total
    first = min(shares, key=lambda k: (-shares[k], k))
    assert all(v % unit == 0 for k, v in rounded.items() if k != first)
    if total >= unit * len(weights):
        assert all(v >= 0 for v in rounded.values())
    # Nobody moves by more than a unit (plus the odd amount, for the largest share).
    assert all(abs(rounded[k] - shares[k]) < 2 * unit for k in shares)


# --- ICM and chip chop ------------------------------------------------------------------------


def test_icm_heads_up_is_the_chip_share_of_the_difference() -> None:
    equity = icm_equity({"A": 3000, "B": 1000}, [700, 300])
    assert equity == {"A": Fraction(600), "B": Fraction(400)}


def test_icm_three_players_by_hand() -> None:
    # Stacks 50/30/20, prizes 50/30/20: A's equity by Malmuth–Harville, worked out by hand:
    # 1st 0.5·50; 2nd (0.3·50/70 + 0.2·50/80)·30; 3rd (0.3·20/70 + 0.2·30/80)·20.
    equity = icm_equity({"A": 50, "B": 30, "C": 20}, [50, 30, 20])
    second = Fraction(3, 10) * Fraction(50, 70) + Fraction(2, 10) * Fraction(50, 80)
    third = Fraction(3, 10) * Fraction(20, 70) + Fraction(2, 10) * Fraction(30, 80)
    assert equity["A"] == 25 + second * 30 + third * 20
    assert sum(equity.values()) == 100


def test_icm_ignores_prizes_beyond_the_players_and_pads_missing_ones() -> None:
    assert sum(icm_equity({"A": 1, "B": 1}, [60, 30, 10]).values()) == 90
    assert icm_equity({"A": 1, "B": 1, "C": 2}, [100])["C"] == 50


def test_icm_is_exact_up_to_the_limit_and_refuses_more() -> None:
    stacks = {i: 1000 + i for i in range(ICM_LIMIT)}
    prizes = [400, 250, 160, 110, 80]
    assert sum(icm_equity(stacks, prizes).values()) == sum(prizes)
    with pytest.raises(ValueError):
        icm_equity({i: 1 for i in range(ICM_LIMIT + 1)}, prizes)
    with pytest.raises(ValueError):
        icm_equity({"A": 0, "B": 5}, prizes)


stacks_strategy = st.lists(st.integers(1, 200_000), min_size=1, max_size=7)
prizes_strategy = st.lists(st.integers(0, 100_000), min_size=1, max_size=7).map(
    lambda p: sorted(p, reverse=True)
)


@settings(max_examples=150, deadline=None)
@given(stacks=stacks_strategy, prizes=prizes_strategy, unit=st.sampled_from([1, 100, 1000]))
def test_icm_deal_sums_exactly_to_the_prizes_in_play(
    stacks: list[int], prizes: list[int], unit: int
) -> None:
    deal = icm_deal(dict(enumerate(stacks)), prizes, unit)
    assert sum(deal.values()) == sum(prizes[: len(stacks)])


@settings(max_examples=150, deadline=None)
@given(stacks=stacks_strategy, prizes=prizes_strategy)
def test_icm_more_chips_never_means_less_equity(stacks: list[int], prizes: list[int]) -> None:
    equity = icm_equity(dict(enumerate(stacks)), prizes)
    deal = icm_deal(dict(enumerate(stacks)), prizes, 100)
    for i, a in enumerate(stacks):
        for j, b in enumerate(stacks):
            if a > b:
                assert equity[i] >= equity[j]
                assert deal[i] >= deal[j]


@settings(max_examples=100, deadline=None)
@given(stack=st.integers(1, 10**6), n=st.integers(2, 6), prizes=prizes_strategy)
def test_icm_equal_stacks_get_equal_shares(stack: int, n: int, prizes: list[int]) -> None:
    equity = icm_equity(dict.fromkeys(range(n), stack), prizes)
    assert len(set(equity.values())) == 1
    deal = icm_deal(dict.fromkeys(range(n), stack), prizes, 100)
    # Rounded to whole units, equal shares differ by at most the odd unit.
    assert max(deal.values()) - min(deal.values()) <= 100 + sum(prizes[:n]) % 100


@settings(max_examples=200)
@given(stacks=stacks_strategy, money=st.integers(0, 10**8), unit=st.sampled_from([1, 100, 1000]))
def test_chip_chop_sums_exactly_and_follows_the_stacks(
    stacks: list[int], money: int, unit: int
) -> None:
    deal = chip_chop(dict(enumerate(stacks)), money, unit)
    assert sum(deal.values()) == money
    for i, a in enumerate(stacks):
        for j, b in enumerate(stacks):
            if a > b:
                assert deal[i] >= deal[j]


def test_chip_chop_by_hand() -> None:
    # 3,000 kr left, stacks 60/30/10 %, rounded to 10 kr.
    deal = chip_chop({"A": 60_000, "B": 30_000, "C": 10_000}, 3000 * KR, 10 * KR)
    assert deal == {"A": 1800 * KR, "B": 900 * KR, "C": 300 * KR}
    deal = chip_chop({"A": 1, "B": 1, "C": 1}, 1000 * KR, 10 * KR)
    assert sorted(deal.values()) == [330 * KR, 330 * KR, 340 * KR]


# --- seat draw --------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "tables"), [(20, 2), (19, 2), (17, 3), (5, 1), (3, 4), (0, 2)])
def test_the_seat_draw_balances_the_tables(players: int, tables: int) -> None:
    draw = draw_seats([f"P{i}" for i in range(players)], tables, Random(players))
    sizes = Counter(table for table, _seat in draw.values())
    counts = [sizes.get(t, 0) for t in range(1, tables + 1)]
    assert sum(counts) == players
    assert max(counts) - min(counts) <= 1
    assert len(set(draw.values())) == players  # nobody shares a seat


def test_the_seat_draw_is_random_but_repeatable_with_a_seed() -> None:
    names = [f"P{i}" for i in range(20)]
    assert draw_seats(names, 2, Random(7)) == draw_seats(names, 2, Random(7))
    assert draw_seats(names, 2, Random(7)) != draw_seats(names, 2, Random(8))


def test_the_seat_draw_uses_the_tables_seats() -> None:
    draw = draw_seats(list(range(12)), 2, Random(1), seats=9)
    assert all(1 <= seat <= 9 for _table, seat in draw.values())
    with pytest.raises(ValueError):
        draw_seats(list(range(19)), 2, Random(1), seats=9)
