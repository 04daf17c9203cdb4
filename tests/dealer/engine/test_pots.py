"""Pots: side pots from contributions, uncalled bets, dead money, splits and odd chips.

Amounts are the chips a dealer counts and pushes. Positions: 0 is the first player left of the
button, the last position is the button (heads-up: 0 is the big blind, 1 the button).
"""

from __future__ import annotations

import pytest

from dealer.engine import (
    AllIn,
    Award,
    BringIn,
    Call,
    Check,
    DealStreet,
    Draw,
    FixedLimit,
    Fold,
    HandConfig,
    HandState,
    HouseOptions,
    IllegalAction,
    NoLimit,
    OddChip,
    Phase,
    Pot,
    Raise,
    Show,
    SpreadLimit,
    Variant,
    apply,
    build_pots,
    legal_actions,
    parse_cards,
    split_pot,
    start,
)
from dealer.engine.actions import Action


def play(config: HandConfig, *actions: Action) -> HandState:
    state = start(config)
    for action in actions:
        state = apply(state, action)
    return state


def check_down(state: HandState) -> HandState:
    """Deal every street and check (or call) around until the showdown."""
    while state.phase not in (Phase.SHOWDOWN, Phase.COMPLETE):
        legal = legal_actions(state)
        if legal.deal:
            if legal.needs_first_actor:
                first = next(p for p in range(state.players) if not state.folded[p])
                state = apply(state, DealStreet(first_actor=first))
            else:
                state = apply(state, DealStreet())
        elif state.phase is Phase.DRAW:
            state = apply(state, Draw(state.to_act or 0, 0))
        else:
            p = state.to_act or 0
            state = apply(state, Check(p) if legal.check else Call(p))
    return state


def holdem(stacks: tuple[int, ...], **kwargs: object) -> HandConfig:
    return HandConfig(variant=Variant.HOLDEM, structure=NoLimit(), stacks=stacks, **kwargs)


# --- build_pots and split_pot


@pytest.mark.parametrize(
    ("contributions", "folded", "pots"),
    [
        # Everyone put in the same: one pot for all.
        ((10, 10, 10), (False, False, False), (Pot(30, (0, 1, 2)),)),
        # Three different all-ins: a main pot and two side pots, main first.
        (
            (50, 100, 200),
            (False, False, False),
            (Pot(150, (0, 1, 2)), Pot(100, (1, 2)), Pot(100, (2,))),
        ),
        # A folded player's chips stay in the pots they reached; they win none of them.
        (
            (60, 30, 100, 100),
            (True, False, False, False),
            (Pot(120, (1, 2, 3)), Pot(30 + 70 + 70, (2, 3))),
        ),
        # A folded player who put in more than anyone still in: the excess is dead money in the
        # last pot, never a pot of its own.
        ((80, 30, 30), (True, False, False), (Pot(140, (1, 2)),)),
        # Two levels with the same contenders merge into one pot.
        ((20, 40, 40), (True, False, False), (Pot(100, (1, 2)),)),
    ],
)
def test_build_pots_from_contributions(
    contributions: tuple[int, ...], folded: tuple[bool, ...], pots: tuple[Pot, ...]
) -> None:
    assert build_pots(contributions, folded) == pots
    assert sum(p.amount for p in pots) == sum(contributions)


@pytest.mark.parametrize(
    ("amount", "winners", "unit", "payout"),
    [
        (14, (1, 2, 3), 1, {1: 5, 2: 5, 3: 4}),  # two odd chips: one each to the first two
        (70, (1, 2, 3), 5, {1: 25, 2: 25, 3: 20}),  # smallest chip 5: odd "chips" are 5s
        (15, (0, 1), 5, {0: 10, 1: 5}),
        (100, (0, 1, 2, 3), 25, {0: 25, 1: 25, 2: 25, 3: 25}),
        (7, (2, 0), 5, {2: 7, 0: 0}),  # less than a unit: all to the first in odd-chip order
        (31, (0,), 5, {0: 31}),
    ],
)
def test_split_pot_odd_chips_one_per_winner_in_units(
    amount: int, winners: tuple[int, ...], unit: int, payout: dict[int, int]
) -> None:
    assert split_pot(amount, winners, unit=unit) == payout
    assert sum(payout.values()) == amount


def test_split_pot_needs_a_winner() -> None:
    with pytest.raises(ValueError, match="winner"):
        split_pot(10, (), unit=1)


# --- side pots in a hand


def test_three_way_all_in_returns_the_uncalled_bet() -> None:
    # Blinds 1/2; the button shoves 200, the small blind calls all-in for 50, the big blind for 100.
    config = holdem((50, 100, 200), blinds=(1, 2, 0))
    state = play(config, AllIn(2), AllIn(0), AllIn(1))
    # The button's last 100 was called by nobody: it goes back, it is never "won".
    assert state.returned == (0, 0, 100)
    assert state.stacks == (0, 0, 100)
    assert state.contributions == (50, 100, 100)
    state = check_down(state)
    assert state.phase is Phase.SHOWDOWN
    assert state.pots == (Pot(150, (0, 1, 2)), Pot(100, (1, 2)))
    # The small blind wins the main pot, the big blind the side pot.
    state = apply(state, Award(1, (1,)))
    state = apply(state, Award(0, (0,)))
    assert state.phase is Phase.COMPLETE
    assert state.payouts == (150, 100, 0)
    assert state.final_stacks() == (150, 100, 100)


def test_folded_contributor_chips_stay_in_the_pots_it_reached() -> None:
    # Seat 3 (under the gun) is all-in for 30; the small blind calls 60 and folds on the flop.
    config = holdem((1000, 1000, 30, 1000), blinds=(1, 2, 0, 0))
    state = play(
        config,
        AllIn(2),
        Raise(3, 60),
        Call(0),
        Call(1),
        DealStreet(),
        Check(0),
        Raise(1, 40),
        Call(3),
        Fold(0),
    )
    state = check_down(state)
    assert state.contributions == (60, 100, 30, 100)
    # Main pot: 30 from each of four; side pot: the other 30 of the folded small blind, 70 + 70.
    assert state.pots == (Pot(120, (1, 2, 3)), Pot(170, (1, 3)))
    assert 0 not in state.pots[0].eligible and 0 not in state.pots[1].eligible
    with pytest.raises(IllegalAction, match="Seat 1 is not eligible for pot 2"):
        apply(state, Award(1, (0,)))


def test_seed_000_side_pot_example() -> None:
    """Seed 000, "Bordssats": A bets 5, B raises to 15, C is all-in for 10, A raises (by 25 over
    B's 15: "A höjer sedan med 25 kronor") and B folds. Main pot: 5 from A and 10 each from B and
    C plus A's 5 more, on top of the first round; A wins the side pot (B's 5 and A's 30, of which
    25 nobody called: Pott returns those instead of calling them "won", which pays A the same)."""
    structure = SpreadLimit(min_bet=1, max_bet=25, open_to=4)
    config = HandConfig(
        variant=Variant.DRAW5, structure=structure, stacks=(100, 100, 14), blinds=(1, 2, 0)
    )
    state = play(config, Raise(2, 4), Call(0), Call(1), Draw(0, 1), Draw(1, 2), Draw(2, 3))
    assert state.contributions == (4, 4, 4)  # 12 from the first round
    assert state.to_act == 0  # A
    state = play(
        config,
        Raise(2, 4),
        Call(0),
        Call(1),
        Draw(0, 1),
        Draw(1, 2),
        Draw(2, 3),
        Raise(0, 5),  # A bets 5
        Raise(1, 15),  # B raises to 15
        AllIn(2),  # C: all-in for 10
        Raise(0, 40),  # A raises 25
        Fold(1),  # B folds
    )
    assert state.phase is Phase.SHOWDOWN
    assert state.returned == (25, 0, 0)
    assert state.pots == (Pot(12 + 5 + 10 + 10 + 5, (0, 2)), Pot(5 + 5, (0,)))
    # The side pot has one contender: A took it without a showdown. The seed's side pot of 35
    # is these 10 plus A's 25 returned.
    assert state.payouts == (10, 0, 0)
    assert legal_actions(state).award_pot == 0
    assert legal_actions(state).eligible == (0, 2)
    state = apply(state, Award(0, (2,)))  # C wins the main pot
    assert state.final_stacks() == (100 - 44 + 25 + 10, 100 - 19, 42)


def test_uncalled_bet_is_returned_when_everyone_folds() -> None:
    config = holdem((1000, 1000, 1000), blinds=(5, 10, 0))
    state = play(config, Raise(2, 300), Fold(0), Fold(1))
    assert state.phase is Phase.COMPLETE
    assert state.returned == (0, 0, 290)
    assert state.payouts == (0, 0, 25)
    assert state.final_stacks() == (995, 990, 1015)


def test_big_blind_wins_when_everyone_folds_to_it_and_gets_the_excess_back() -> None:
    config = holdem((1000, 1000, 1000), blinds=(5, 10, 0))
    state = play(config, Fold(2), Fold(0))
    assert state.returned == (0, 5, 0)
    assert state.final_stacks() == (995, 1005, 1000)


# --- dead money: antes, dead blinds


def test_dead_blind_is_not_returned_as_an_uncalled_bet() -> None:
    # Seat 3 comes back: a live big blind of 10 and the missed small blind of 5, dead.
    config = holdem((1000, 1000, 1000), blinds=(5, 10, 10), dead=(0, 0, 5))
    state = start(config)
    assert state.bets == (5, 10, 10)
    assert state.contributions == (5, 10, 15)
    state = play(config, Raise(2, 40), Fold(0), Fold(1))
    # Only the live bet above the big blind's 10 comes back; the dead 5 stays in the pot.
    assert state.returned == (0, 0, 30)
    assert state.final_stacks() == (995, 990, 1015)


def test_dead_blind_goes_to_the_winner_of_the_main_pot() -> None:
    """Robert's Rules (dead blinds) and DESIGN.md: dead money is not part of a player's bet; it
    goes to the middle, so whoever wins the pot wins it."""
    config = holdem((1000, 1000, 1000), blinds=(5, 10, 10), dead=(0, 0, 5))
    # The returning player on the button posted a live big blind: first to act, may check.
    state = play(config, Check(2), Call(0), Check(1))
    state = check_down(state)
    assert state.pots == (Pot(35, (0, 1, 2)),)
    state = apply(state, Award(len(state.pots) - 1, (0,)))
    if not state.is_over:
        state = apply(state, Award(0, (0,)))
    assert state.final_stacks() == (1025, 990, 985)


@pytest.mark.parametrize(
    ("antes", "poster"),
    [((0, 10, 0), 1), ((0, 0, 10), 2)],
    ids=["big-blind-ante", "button-ante"],
)
def test_ante_posted_for_the_table_is_won_by_the_pot_winner(
    antes: tuple[int, ...], poster: int
) -> None:
    """TDA RP-11 (big-blind ante) and the button ante: one player antes for the whole table; the
    ante is dead money in the main pot, won by whoever wins it, not a pot of the poster's own."""
    config = holdem((1000, 1000, 1000), blinds=(5, 10, 0), antes=antes)
    state = check_down(play(config, Call(2), Call(0), Check(1)))
    assert state.pots == (Pot(40, (0, 1, 2)),)
    winner = 0
    state = apply(state, Award(len(state.pots) - 1, (winner,)))
    if not state.is_over:
        state = apply(state, Award(0, (winner,)))
    expected = [990, 990, 990]
    expected[poster] -= 10
    expected[winner] += 40
    assert state.final_stacks() == tuple(expected)


def test_short_big_blind_ante_blind_first_the_ante_is_in_the_main_pot() -> None:
    """TDA RP-11: a big blind short of blind + ante posts the blind first; what is left is the
    ante, dead money in the main pot that the others need not match."""
    config = holdem((1000, 15, 1000), blinds=(5, 10, 0), antes=(0, 10, 0))
    state = play(config, Call(2), Call(0))
    state = check_down(state)
    assert state.contributions == (10, 15, 10)
    assert state.pots == (Pot(35, (0, 1, 2)),)


def test_short_big_blind_ante_ante_first_limits_the_main_pot() -> None:
    """House option ante first: the short big blind's 10 ante is dead money, its live blind is 5.
    It can win 5 from each caller plus the ante: main pot 25; the callers' other 5 each form a
    side pot between them."""
    config = holdem(
        (1000, 15, 1000),
        blinds=(5, 10, 0),
        antes=(0, 10, 0),
        options=HouseOptions(blind_before_ante=False),
    )
    state = check_down(play(config, Call(2), Call(0)))
    assert state.pots == (Pot(25, (0, 1, 2)), Pot(10, (0, 2)))


# --- splits and odd chips


@pytest.mark.parametrize(
    ("blinds", "smallest_chip", "payouts"),
    [
        ((2, 4, 0, 0), 1, (0, 5, 5, 4)),  # pot 14: two odd chips, to seats 2 and 3
        ((10, 20, 0, 0), 5, (0, 25, 25, 20)),  # pot 70 in 5s: 14 units, two odd 5s
    ],
)
def test_three_way_split_odd_chips_go_one_each_from_left_of_the_button(
    blinds: tuple[int, ...], smallest_chip: int, payouts: tuple[int, ...]
) -> None:
    config = holdem((1000,) * 4, blinds=blinds, smallest_chip=smallest_chip)
    state = check_down(play(config, Call(2), Call(3), Fold(0), Check(1)))
    assert state.pots == (Pot(sum(payouts), (1, 2, 3)),)
    # Winners named in any order: the odd chips still start left of the button.
    state = apply(state, Award(0, (3, 1, 2)))
    assert state.payouts == payouts
    assert state.phase is Phase.COMPLETE


def stud_split_to_showdown() -> HandState:
    # Five-card stud, ante 1 each, bring-in 1: seat 2 brings in, seat 3 folds, seat 1 calls.
    config = HandConfig(
        variant=Variant.STUD5,
        structure=FixedLimit(small_bet=2, big_bet=4),
        stacks=(100, 100, 100),
        antes=(1, 1, 1),
        bring_in=1,
    )
    state = play(config, DealStreet(first_actor=1), BringIn(1), Fold(2), Call(0))
    state = check_down(state)
    assert state.pots == (Pot(5, (0, 1)),)
    return state


@pytest.mark.parametrize(
    ("shown", "payouts"),
    [
        # Seat 2 holds the ace of spades: the odd chip is theirs although seat 1 sits first.
        (("Ah Kd 9c 7s 3d", "As Kc 9d 7h 3c"), (2, 3, 0)),
        (("As Kd 9c 7s 3d", "Ah Kc 9d 7h 3c"), (3, 2, 0)),
        # Same rank, the suit decides: the king of spades beats the king of hearts.
        (("Kh Qd 9c 7s 3d", "Ks Qc 9d 7h 3c"), (2, 3, 0)),
    ],
)
def test_stud_odd_chip_goes_to_the_highest_card_by_suit(
    shown: tuple[str, str], payouts: tuple[int, ...]
) -> None:
    state = stud_split_to_showdown()
    state = apply(state, Show(0, parse_cards(shown[0])))
    state = apply(state, Show(1, parse_cards(shown[1])))
    assert apply(state, Award(0, (0, 1))).payouts == payouts
    # Winners by the shown hands (a tie): the same split.
    assert apply(state, Award(0)).payouts == payouts


def test_stud_odd_chip_by_position_when_a_winner_showed_no_cards() -> None:
    """A show with no cards entered (the dealer saw them, Pott did not): the winner's high card
    is unknown, so position decides, as when the winner did not show at all."""
    state = stud_split_to_showdown()
    state = apply(state, Show(0))
    state = apply(state, Show(1, parse_cards("As Kc 9d 7h 3c")))
    assert apply(state, Award(0, (0, 1))).payouts == (3, 2, 0)


def test_stud_odd_chip_option_left_of_button() -> None:
    state = stud_split_to_showdown()
    config = HandConfig(
        variant=state.config.variant,
        structure=state.config.structure,
        stacks=state.config.stacks,
        antes=state.config.antes,
        bring_in=state.config.bring_in,
        options=HouseOptions(odd_chip=OddChip.LEFT_OF_BUTTON),
    )
    state = play(config, DealStreet(first_actor=1), BringIn(1), Fold(2), Call(0))
    state = check_down(state)
    state = apply(state, Show(0, parse_cards("Ah Kd 9c 7s 3d")))
    state = apply(state, Show(1, parse_cards("As Kc 9d 7h 3c")))
    assert apply(state, Award(0, (0, 1))).payouts == (3, 2, 0)


# --- awarding


def all_in_three_ways() -> HandState:
    config = holdem((50, 100, 200), blinds=(1, 2, 0))
    return check_down(play(config, AllIn(2), AllIn(0), AllIn(1)))


def test_awarding_the_main_pot_before_the_side_pot_is_refused() -> None:
    state = all_in_three_ways()
    with pytest.raises(IllegalAction) as error:
        apply(state, Award(0, (0,)))
    assert "Award pot 2 next" in str(error.value)
    assert "last side pot" in str(error.value)


def test_awarding_a_pot_to_a_player_not_in_it_is_refused() -> None:
    state = all_in_three_ways()
    with pytest.raises(IllegalAction, match="Seat 1 is not eligible for pot 2"):
        apply(state, Award(1, (0,)))


def test_award_without_winners_needs_shown_hands() -> None:
    state = all_in_three_ways()
    with pytest.raises(IllegalAction, match=r"seat\(s\) 2, 3 must show or muck"):
        apply(state, Award(1))


def test_award_by_shown_hands_on_the_board() -> None:
    config = holdem((50, 100, 200), blinds=(1, 2, 0))
    state = play(
        config,
        AllIn(2),
        AllIn(0),
        AllIn(1),
        DealStreet(board=parse_cards("As 3d 2c")),
        DealStreet(board=parse_cards("Th")),
        DealStreet(board=parse_cards("7s")),
    )
    # Seed 002, example 1: 4-5 makes the wheel and beats a set of aces.
    state = apply(state, Show(0, parse_cards("4h 5h")))
    state = apply(state, Show(1, parse_cards("Ac Ad")))
    state = apply(state, Show(2, parse_cards("Kc Qd")))
    state = apply(state, Award(1))  # side pot: seats 2 and 3, the aces win
    state = apply(state, Award(0))  # main pot: the wheel wins
    assert state.payouts == (150, 100, 0)
    assert state.final_stacks() == (150, 100, 100)


def test_last_player_in_wins_dead_money_without_having_put_in_a_chip() -> None:
    """No blinds, a button ante of 6. Seat 1 bets 10, both others fold: the 10 comes back and
    seat 1 wins the ante. The engine builds a pot of 6 that nobody is eligible for and the hand
    is stuck at the showdown (no Award is accepted)."""
    config = holdem((100, 100, 100), antes=(0, 0, 6))
    state = play(config, Raise(0, 10), Fold(1), Fold(2))
    assert state.returned == (10, 0, 0)
    assert state.phase is Phase.COMPLETE
    assert state.final_stacks() == (106, 100, 94)
