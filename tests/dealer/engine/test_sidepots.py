"""The side-pot calculator's arithmetic (dealer.engine.sidepots): uncalled chips, pots, winners,
doubts, payouts and chip breakdowns, without the page (tests/dealer/poker/test_calculator.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer.engine import Pot
from dealer.engine.sidepots import (
    AWKWARD,
    Doubt,
    Player,
    Sheet,
    Total,
    WinnerProblem,
    breakdown,
    doubts,
    payouts,
    pots,
    return_uncalled,
    winners,
)

AWKWARD_SET = (12666989, 21733410, 24228199, 26445137, 43667394, 54826096, 72313382)


def sheet(*rows: tuple, unit: int = 1, chip_values: tuple[int, ...] = ()) -> Sheet:
    """Rows of (name, chips[, folded]) in seat order from the button."""
    players = tuple(
        Player(row=i, label=name, chips=chips, folded=bool(folded and folded[0]))
        for i, (name, chips, *folded) in enumerate(rows)
    )
    return Sheet(players, unit, chip_values)


@pytest.mark.parametrize(
    ("chips", "folded", "expected"),
    [
        ((40, 15, 10), (False, True, False), (0, 25)),
        ((100, 60, 30), (False, False, False), (0, 40)),
        ((40, 40), (False, False), (None, 0)),
        ((10, 60, 30), (False, False, False), (1, 30)),
        # A folded player's chips stay in the pot, even above everyone else's.
        ((40, 15), (True, False), (None, 0)),
        ((40,), (False,), (None, 0)),
    ],
)
def test_return_uncalled(chips: tuple, folded: tuple, expected: tuple) -> None:
    assert return_uncalled(chips, folded) == expected


def test_seed_000_folded_chips_stay_in_and_the_uncalled_bet_comes_back() -> None:
    entered = sheet(("Anna", 40), ("Bo", 15, True), ("Cia", 10))

    returned, found = pots(entered)

    assert returned == (entered.players[0], 25)
    assert found == (Pot(30, (0, 2)), Pot(10, (0,)))


def test_no_uncalled_chips_when_the_top_amount_was_matched() -> None:
    returned, found = pots(sheet(("Anna", 25), ("Bo", 25), ("Cia", 25), ("Dan", 10, True)))

    assert returned is None
    assert found == (Pot(85, (0, 1, 2)),)


def test_winners_are_the_rows_tapped_in_seat_order_and_a_lone_player_wins_unasked() -> None:
    entered = sheet(("Anna", 100), ("Bo", 60), ("Cia", 30), ("Dan", 60))
    _returned, found = pots(entered)
    assert [pot.eligible for pot in found] == [(0, 1, 2, 3), (0, 1, 3)]

    chosen, problems = winners({0: ["3", "1"], 1: ["0"]}, found, entered.players)

    assert chosen == {0: (1, 3), 1: (0,)}
    assert problems == []

    lone = sheet(("Anna", 40), ("Bo", 15, True), ("Cia", 10))
    _returned, found = pots(lone)
    chosen, problems = winners({0: ["2"]}, found, lone.players)
    assert chosen == {0: (2,), 1: (0,)}
    assert problems == []


@pytest.mark.parametrize(
    ("tapped", "problems"),
    [
        ({}, [(0, WinnerProblem.NONE_TAPPED), (1, WinnerProblem.NONE_TAPPED)]),
        ({0: ["2"], 1: ["2"]}, [(1, WinnerProblem.NOT_ELIGIBLE)]),
        ({0: ["2", "7"], 1: ["1"]}, [(0, WinnerProblem.NOT_ELIGIBLE)]),
        ({0: ["02"], 1: ["1"]}, [(0, WinnerProblem.NOT_ELIGIBLE)]),
    ],
)
def test_winners_that_cannot_be_paid_say_why_per_pot(tapped: dict, problems: list) -> None:
    entered = sheet(("Anna", 100), ("Bo", 60), ("Cia", 30))
    _returned, found = pots(entered)

    assert winners(tapped, found, entered.players)[1] == problems


def test_a_main_pot_winner_who_loses_a_side_pot_they_reached_is_a_doubt() -> None:
    found = (Pot(90, (0, 1, 2)), Pot(60, (0, 1)))

    assert doubts({0: (0,), 1: (1,)}, found) == [Doubt(player=0, pot=0, later=1)]
    assert doubts({0: (0,), 1: (0,)}, found) == []
    # Cia could not be in the side pot: no doubt that Bo won it.
    assert doubts({0: (2,), 1: (1,)}, found) == []


def test_payouts_split_with_the_odd_chip_to_the_first_winner_left_of_the_button() -> None:
    entered = sheet(("Anna", 25), ("Bo", 25), ("Cia", 25), ("Dan", 10, True), unit=5)
    returned, found = pots(entered)

    shares, totals = payouts(entered, returned, found, {0: (1, 2)})

    bo, cia = entered.players[1], entered.players[2]
    assert [(s.player, s.amount, s.odd) for s in shares[0]] == [(bo, 45, True), (cia, 40, False)]
    assert [(t.player.label, t.takes, t.net) for t in totals] == [
        ("Anna", 0, -25),
        ("Bo", 45, 20),
        ("Cia", 40, 15),
        ("Dan", 0, -10),
    ]


def test_payouts_give_the_uncalled_chips_back() -> None:
    entered = sheet(("Anna", 40), ("Bo", 15, True), ("Cia", 10))
    returned, found = pots(entered)

    _shares, totals = payouts(entered, returned, found, {0: (2,), 1: (0,)})

    assert totals[0] == Total(player=entered.players[0], put_in=40, back=25, won=10, takes=35)
    assert [t.net for t in totals] == [-5, -15, 20]


@given(
    rows=st.lists(
        st.tuples(st.integers(min_value=0, max_value=10_000), st.booleans()),
        min_size=2,
        max_size=10,
    ),
    unit=st.sampled_from([1, 5, 25]),
    data=st.data(),
)
def test_payouts_pay_out_exactly_what_was_put_in_to_players_who_reached_each_pot(
    rows: list[tuple[int, bool]], unit: int, data: st.DataObject
) -> None:
    entered = Sheet(
        tuple(
            Player(row=i, label=f"P{i}", chips=chips * unit, folded=folded)
            for i, (chips, folded) in enumerate(rows)
        ),
        unit,
        (),
    )
    if all(p.folded for p in entered.players) or not sum(p.chips for p in entered.players):
        return
    returned, found = pots(entered)
    chosen = {
        index: tuple(sorted(data.draw(st.sets(st.sampled_from(pot.eligible), min_size=1))))
        for index, pot in enumerate(found)
    }

    shares, totals = payouts(entered, returned, found, chosen)

    assert sum(t.takes for t in totals) == sum(p.chips for p in entered.players)
    for index, pot in enumerate(found):
        assert sum(s.amount for s in shares[index]) == pot.amount
        assert {entered.players.index(s.player) for s in shares[index]} <= set(pot.eligible)
        assert sum(s.odd for s in shares[index]) < len(shares[index])


@pytest.mark.parametrize(
    ("amount", "values", "expected"),
    [
        (45, (5, 25), [(1, 25), (4, 5)]),
        (30, (1, 15, 25), [(2, 15)]),
        (7, (5, 25), None),
        (999_999_999, AWKWARD_SET, AWKWARD),
    ],
)
def test_breakdown_is_the_fewest_chips_or_none_or_awkward(
    amount: int, values: tuple[int, ...], expected: object
) -> None:
    assert breakdown(amount, values) == expected
