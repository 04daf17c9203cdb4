from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from dealer.engine.cards import Card, parse_cards, standard_deck
from dealer.engine.equity import RANDOM_RUNOUTS, Equity, equity, low_key
from dealer.engine.evaluate import _best, _rules, best_low

STANDARD = _rules("standard")
DECK = standard_deck()


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def value(hand: Sequence[Card]) -> object:
    """The general (counting) evaluation, not the bitmask keys equity uses."""
    return _best(hand, STANDARD)[0]


def omaha_value(hole: Sequence[Card], board: Sequence[Card]) -> object:
    return max(
        value((*two, *three)) for two in combinations(hole, 2) for three in combinations(board, 3)
    )


def by_hand(
    hands: dict[int, tuple[Card, ...]],
    board: tuple[Card, ...],
    valued: Callable[[tuple[Card, ...], tuple[Card, ...]], object],
) -> dict[int, float]:
    """Every board runout counted by brute force: the reference for the exact cases."""
    used = {card for hand in hands.values() for card in hand} | set(board)
    unseen = [card for card in DECK if card not in used]
    shares = dict.fromkeys(hands, 0.0)
    runouts = list(combinations(unseen, 5 - len(board)))
    for runout in runouts:
        values = {p: valued(hand, (*board, *runout)) for p, hand in hands.items()}
        best = max(values.values())  # type: ignore[type-var]
        winners = [p for p, v in values.items() if v == best]
        for p in winners:
            shares[p] += 1 / len(winners) / len(runouts)
    return shares


def holdem_value(hole: tuple[Card, ...], board: tuple[Card, ...]) -> object:
    return value((*hole, *board))


def close(ours: Equity, expected: dict[int, float], tolerance: float = 1e-9) -> bool:
    return all(abs(ours.win[p] - share) <= tolerance for p, share in expected.items())


# --- Hold'em --------------------------------------------------------------------------------------


def test_aces_against_kings_preflop_win_about_82_percent() -> None:
    result = equity({1: cards("As Ah"), 2: cards("Ks Kh")})
    assert not result.exact and result.runouts == RANDOM_RUNOUTS
    # Aces win about 82% against kings; 20,000 random boards stay within about 0.7 points.
    assert result.win[1] == pytest.approx(0.824, abs=0.012)
    assert sum(result.win.values()) == pytest.approx(1)


def test_on_the_turn_every_river_is_counted_and_aces_need_one_of_two() -> None:
    # Kings have a set; only the two aces left (of 44 unseen cards) save the aces.
    result = equity({1: cards("As Ah"), 2: cards("Ks Kh")}, board=cards("2c 7d 9h Kd"))
    assert result.exact and result.runouts == 44
    assert result.win == {1: 2 / 44, 2: 42 / 44}
    assert result.tie == {1: 0, 2: 0}


def test_dead_cards_are_not_dealt() -> None:
    result = equity(
        {1: cards("As Ah"), 2: cards("Ks Kh")}, board=cards("2c 7d 9h Kd"), dead=cards("Ad Ac")
    )
    assert result.runouts == 42
    assert result.win == {1: 0, 2: 1}


def test_a_full_board_is_just_the_result() -> None:
    result = equity({1: cards("As Ah"), 2: cards("Ks Kh")}, board=cards("2c 7d 9h Kd Ac"))
    assert result == Equity(win={1: 1, 2: 0}, tie={1: 0, 2: 0}, exact=True, runouts=1)


@pytest.mark.parametrize(
    ("hands", "board"),
    [
        ({1: "As Ah", 2: "Ks Kh"}, "2c 7d 9h"),
        ({1: "Ah Kh", 2: "Qs Qd"}, "Jh Th 2c"),  # flush and straight draws against a pair
        ({1: "5c 4c", 2: "Ad Kd", 3: "8s 8h"}, "3c 2c Kh"),  # three ways, wheel draws
        ({1: "Ts 9s", 2: "Tc 9c"}, "8d 7h 2s"),  # same ranks: mostly a split
    ],
)
def test_exact_flop_equity_matches_counting_every_runout_by_hand(
    hands: dict[int, str], board: str
) -> None:
    dealt = {p: cards(text) for p, text in hands.items()}
    result = equity(dealt, board=cards(board))
    assert result.exact
    assert close(result, by_hand(dealt, cards(board), holdem_value))


def test_same_hands_in_other_suits_on_a_board_that_cannot_flush_split_every_runout() -> None:
    # Neither player can hold five of a suit: two more cards join at most two of one.
    result = equity({1: cards("As Kd"), 2: cards("Ah Kc")}, board=cards("2c 7d 9h"))
    assert result.exact and result.runouts == 990
    assert result.win == {1: 0.5, 2: 0.5}
    assert result.tie == {1: 1, 2: 1}


def test_three_way_split_of_a_royal_flush_on_the_board() -> None:
    result = equity(
        {1: cards("2c 3d"), 2: cards("4c 5d"), 3: cards("7c 8d")}, board=cards("As Ks Qs Js Ts")
    )
    assert result.win == {1: 1 / 3, 2: 1 / 3, 3: 1 / 3}
    assert sum(result.win.values()) == pytest.approx(1)


def test_three_ways_preflop_the_shares_add_up() -> None:
    result = equity({4: cards("As Ah"), 7: cards("Ks Kh"), 9: cards("Qc Jc")})
    assert list(result.win) == [4, 7, 9]
    assert sum(result.win.values()) == pytest.approx(1)
    assert result.win[4] == pytest.approx(0.67, abs=0.02)  # AA against KK and QJs: about 67%


def test_the_same_seed_gives_the_same_figures() -> None:
    hands = {1: cards("As Ks"), 2: cards("Qh Qd")}
    assert equity(hands, seed=7) == equity(hands, seed=7)
    assert equity(hands) == equity(hands)
    other = equity(hands, seed=8)
    assert other.win[1] == pytest.approx(equity(hands, seed=7).win[1], abs=0.02)


# --- Omaha ----------------------------------------------------------------------------------------


def test_omaha_four_of_a_suit_on_the_board_is_no_flush_with_one_suited_hole_card() -> None:
    # With hold'em's rules the ace of hearts would make the nut flush; in Omaha it takes two
    # hearts from the hand, so the jacks win.
    result = equity(
        {1: cards("Ah 2c 7d Qs"), 2: cards("Jc Jd 4s 5s")},
        game="omaha",
        board=cards("3h 6h 9h Th Kc"),
    )
    assert result.win == {1: 0, 2: 1}


def test_omaha_two_suited_hole_cards_make_the_flush() -> None:
    result = equity(
        {1: cards("Ah 2h 7d Qs"), 2: cards("Jc Jd 4s 5s")},
        game="omaha",
        board=cards("3h 6h 9h Tc Kc"),
    )
    assert result.win == {1: 1, 2: 0}


@pytest.mark.parametrize(
    ("hands", "board"),
    [
        ({1: "As Ah Ks Kh", 2: "Qc Jc Td 9d"}, "2c 7d 9h Kd"),
        ({1: "Ah 2h 3c 4c", 2: "Kh Qh Jd Td"}, "5h 9h Tc"),
        ({1: "8s 8h 7s 7h", 2: "As Kd Qs Jd", 3: "6c 5c 4d 3d"}, "9s Ts 2d"),
    ],
)
def test_exact_omaha_equity_matches_counting_every_runout_by_hand(
    hands: dict[int, str], board: str
) -> None:
    dealt = {p: cards(text) for p, text in hands.items()}
    result = equity(dealt, game="omaha", board=cards(board))
    assert result.exact
    assert close(result, by_hand(dealt, cards(board), omaha_value))


# --- Stud and razz --------------------------------------------------------------------------------


def stud_by_hand(
    hands: dict[int, tuple[Card, ...]], size: int, valued: Callable[[list[Card]], object]
) -> dict[int, float]:
    used = {card for hand in hands.values() for card in hand}
    unseen = [card for card in DECK if card not in used]
    positions = list(hands)
    shares = dict.fromkeys(positions, 0.0)
    deals = []

    def deal(index: int, left: list[Card], dealt: dict[int, tuple[Card, ...]]) -> None:
        if index == len(positions):
            deals.append(dict(dealt))
            return
        p = positions[index]
        for chosen in combinations(left, size - len(hands[p])):
            dealt[p] = chosen
            deal(index + 1, [card for card in left if card not in chosen], dealt)

    deal(0, unseen, {})
    for dealt in deals:
        values = {p: valued([*hands[p], *dealt[p]]) for p in positions}
        best = max(values.values())  # type: ignore[type-var]
        winners = [p for p, v in values.items() if v == best]
        for p in winners:
            shares[p] += 1 / len(winners) / len(deals)
    return shares


def test_seven_card_stud_on_sixth_street_matches_counting_every_river() -> None:
    hands = {1: cards("As Ah Kd 7c 7s 2d"), 2: cards("Qc Jc Tc 9c 3h 4h")}
    result = equity(hands, game="stud7")
    assert result.exact and result.runouts == 40 * 39
    assert close(result, stud_by_hand(hands, 7, value))


def test_five_card_stud_folded_up_cards_are_dead() -> None:
    # The aces' last hope is the case ace: folded, it is gone.
    hands = {1: cards("As 2d 7h 9c"), 2: cards("Kc Kd 3s 4s")}
    alive = equity(hands, game="stud5")
    assert alive.exact and alive.win[1] > 0
    dead = equity(hands, game="stud5", dead=cards("Ah Ad Ac"))
    assert dead.win == {1: 0, 2: 1}


def test_razz_on_sixth_street_matches_counting_every_river() -> None:
    hands = {1: cards("As 2h 3d 8c 8s Kd"), 2: cards("4c 5c 6d 9h Qs Jd")}
    result = equity(hands, game="razz")
    assert result.exact
    assert close(result, stud_by_hand(hands, 7, lambda hand: best_low(hand)[0]))  # type: ignore[index]


def test_razz_wheel_draw_against_a_made_nine() -> None:
    result = equity({1: cards("As 2h 3d 4c Kd Ks"), 2: cards("4d 5h 6s 7c 9d 9s Qh")}, game="razz")
    # The made low is 9-7-6-5-4. A 5 to 9 gives the draw a better one (9-4-3-2-A beats
    # 9-7-6-5-4 at the second card); an ace to 4 pairs it and a ten or higher is too high.
    unseen = [c for c in DECK if c not in {*cards("As 2h 3d 4c Kd Ks 4d 5h 6s 7c 9d 9s Qh")}]
    wins = [c for c in unseen if c.rank in (5, 6, 7, 8, 9)]
    assert result.exact and result.runouts == len(unseen)
    assert result.win == {1: len(wins) / len(unseen), 2: 1 - len(wins) / len(unseen)}


low_hands = st.lists(st.sampled_from(DECK), min_size=5, max_size=7, unique=True)
few_low_ranks = st.lists(
    st.sampled_from([c for c in DECK if c.rank in (14, 2, 3, 13)]),
    min_size=5,
    max_size=7,
    unique=True,
)


@settings(max_examples=300)
@given(st.one_of(low_hands, few_low_ranks), st.one_of(low_hands, few_low_ranks))
@example(list(cards("As Ad Ah 2c 2d 2h 3s")), list(cards("Ks Kd Kh Kc Qs Qd Qh")))
def test_low_key_orders_like_best_low(first: list[Card], second: list[Card]) -> None:
    def key(hand: list[Card]) -> int:
        return low_key([1 if card.rank == 14 else card.rank for card in hand])

    ours = (key(first) > key(second)) - (key(first) < key(second))
    low_first, low_second = best_low(first)[0], best_low(second)[0]  # type: ignore[index]
    assert ours == (low_first > low_second) - (low_first < low_second)


# --- Refusals -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": {1: cards("As Ah")}}, "at least two players"),
        ({"hands": {1: cards("As Ah"), 2: cards("As Kh")}}, "As appears twice"),
        ({"hands": {1: cards("As Ah"), 2: cards("Ks Kh")}, "board": cards("Ah 2c 3c")}, "twice"),
        ({"hands": {1: cards("As Ah"), 2: cards("Ks")}}, "position 2 has 1"),
        ({"hands": {1: cards("As Ah"), 2: cards("Ks Kh")}, "board": cards("2c 3c")}, "not 2"),
        ({"hands": {1: cards("As Ah"), 2: cards("Ks Kh")}, "game": "omaha"}, "4 hole cards"),
        ({"hands": {1: cards("As Ah 2c"), 2: cards("Ks Kh 2d")}, "game": "draw5"}, "not draw5"),
        ({"hands": {1: cards("As Ah"), 2: cards("Ks Kh")}, "game": "bridge"}, "not a game"),
        (
            {
                "hands": {1: cards("As Ah 2c"), 2: cards("Ks Kh 2d")},
                "game": "stud7",
                "board": cards("3c"),
            },
            "has no board",
        ),
        ({"hands": {1: cards("As Ah Jk"), 2: cards("Ks Kh 2d")}, "game": "stud7"}, "no joker"),
        ({"hands": {1: cards("As"), 2: cards("Ks Kh 2d")}, "game": "stud7"}, "3 to 7 known cards"),
    ],
)
def test_equity_refuses_impossible_deals(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        equity(**kwargs)  # type: ignore[arg-type]


def test_eight_seven_card_stud_hands_from_third_street_run_the_deck_out() -> None:
    hands = {p: tuple(DECK[3 * p : 3 * p + 3]) for p in range(8)}
    with pytest.raises(ValueError, match="the deck runs out"):
        equity(hands, game="stud7")
