"""Betting rules of one hand: who acts, what they may do, and the exact amounts.

Positions: 0 is the first player left of the button, the last position is the button (heads-up: 0
is the big blind, 1 the button who posts the small blind). Seat numbers in messages are position+1.
"""

from __future__ import annotations

import pytest

from dealer.engine import (
    AllIn,
    BringIn,
    ButtonStraddleOrder,
    Call,
    Check,
    DealStreet,
    Draw,
    FixedLimit,
    Fold,
    HandConfig,
    HandState,
    HeadsUpCap,
    HouseOptions,
    IllegalAction,
    Misdeal,
    NoLimit,
    Phase,
    PotLimit,
    Raise,
    SpreadLimit,
    StraddleRaise,
    StudTie,
    Variant,
    apply,
    legal_actions,
    parse_card,
    parse_cards,
    start,
)
from dealer.engine.actions import Action


def play(config: HandConfig, *actions: Action) -> HandState:
    state = start(config)
    for action in actions:
        state = apply(state, action)
    return state


def refused(state: HandState, action: Action) -> str:
    """The IllegalAction message for `action`; fails the test if the action was accepted."""
    with pytest.raises(IllegalAction) as error:
        apply(state, action)
    return str(error.value)


def betting_order(state: HandState) -> list[int]:
    """Everyone calls or checks: the order in which players act until the round ends."""
    order = []
    street = state.street
    while state.phase is Phase.BETTING and state.street == street:
        p = state.to_act
        assert p is not None
        order.append(p)
        state = apply(state, Check(p) if legal_actions(state).check else Call(p))
    return order


def holdem(stacks: tuple[int, ...], structure: object = None, **kwargs: object) -> HandConfig:
    return HandConfig(
        variant=Variant.HOLDEM, structure=structure or NoLimit(), stacks=stacks, **kwargs
    )


FL_2_4 = FixedLimit(small_bet=2, big_bet=4)
FL_10_20 = FixedLimit(small_bet=10, big_bet=20)


# --- order of play


def test_preflop_starts_left_of_the_big_blind_and_later_streets_left_of_the_button() -> None:
    config = holdem((1000,) * 5, blinds=(5, 10, 0, 0, 0))
    state = start(config)
    assert betting_order(state) == [2, 3, 4, 0, 1]
    state = play(config, Call(2), Call(3), Call(4), Call(0), Check(1), DealStreet())
    assert betting_order(state) == [0, 1, 2, 3, 4]


def test_heads_up_button_posts_small_blind_acts_first_preflop_and_last_after() -> None:
    config = holdem((100, 100), blinds=(10, 5))
    state = start(config)
    assert state.bets == (10, 5)
    assert state.to_act == 1  # the button
    assert legal_actions(state).call == 5
    assert betting_order(state) == [1, 0]
    state = play(config, Call(1), Check(0), DealStreet())
    assert betting_order(state) == [0, 1]
    state = play(config, Call(1), Check(0), DealStreet(), Check(0), Check(1), DealStreet())
    assert state.to_act == 0


def test_big_blind_has_the_option_when_everyone_limps() -> None:
    config = holdem((1000,) * 3, blinds=(5, 10, 0))
    state = play(config, Call(2), Call(0))
    legal = legal_actions(state)
    assert (legal.player, legal.check, legal.call, legal.raise_min) == (1, True, 0, 20)
    assert "Seat 2 has nothing to call: check instead" in refused(state, Call(1))


def test_fold_is_allowed_when_checking_is_possible() -> None:
    config = holdem((1000,) * 3, blinds=(5, 10, 0))
    state = play(config, Call(2), Call(0), Fold(1))
    assert state.folded == (False, True, False)
    assert state.phase is Phase.DEAL


# --- no-limit and pot-limit amounts


def test_minimum_raise_is_the_last_full_raise() -> None:
    config = holdem((1000,) * 4, blinds=(5, 10, 0, 0))
    state = start(config)
    assert (legal_actions(state).raise_min, legal_actions(state).raise_max) == (20, 1000)
    state = apply(state, Raise(2, 35))  # a raise of 25
    assert legal_actions(state).raise_min == 60
    assert legal_actions(state).call == 35


def test_postflop_minimum_bet_is_the_big_blind() -> None:
    config = holdem((1000,) * 3, blinds=(5, 10, 0))
    state = play(config, Call(2), Call(0), Check(1), DealStreet())
    legal = legal_actions(state)
    assert (legal.is_bet, legal.raise_min, legal.raise_max, legal.check) == (True, 10, 990, True)
    message = refused(state, Raise(0, 5))
    assert "Seat 1 cannot bet 5" in message
    assert "from 10 to 990" in message


def test_short_all_in_does_not_reopen_the_betting() -> None:
    # Blinds 5/10. Seat 3 raises to 100 (a raise of 90); seat 4 is all-in for 130, only 30 more.
    config = holdem((1000, 1000, 1000, 130), blinds=(5, 10, 0, 0))
    state = play(config, Raise(2, 100), AllIn(3), Call(0), Fold(1))
    legal = legal_actions(state)
    assert legal.player == 2
    assert (legal.call, legal.raise_min, legal.raise_max, legal.fold) == (30, 0, 0, True)
    message = refused(state, Raise(2, 300))
    assert "Seat 3 must call 30 or fold" in message
    assert "not a full raise" in message
    message = refused(state, AllIn(2))
    assert "Seat 3" in message and "call 30 or fold" in message
    state = apply(state, Call(2))
    assert state.phase is Phase.DEAL
    assert state.contributions == (130, 10, 130, 130)


def test_short_all_in_still_lets_players_who_have_not_acted_raise() -> None:
    config = holdem((1000, 1000, 1000, 130), blinds=(5, 10, 0, 0))
    state = play(config, Raise(2, 100), AllIn(3))
    legal = legal_actions(state)
    # The small blind had not acted: a full raise over 130 is at least 90 more.
    assert (legal.player, legal.call, legal.raise_min) == (0, 125, 220)


def test_cumulative_short_all_ins_adding_up_to_a_full_raise_reopen_the_betting() -> None:
    """Robert's Rules (and TDA 43: "an all-in wager (or cumulative multiple short all-ins) totaling
    less than a full raise does not reopen"): 100 -> 150 -> 200 is a full 100 over seat 3's 100."""
    config = holdem((200, 1000, 1000, 150), blinds=(5, 10, 0, 0))
    state = play(config, Raise(2, 100), AllIn(3), AllIn(0), Call(1))
    legal = legal_actions(state)
    assert legal.player == 2
    assert legal.call == 100
    # The last full raise was 90: the minimum re-raise is to 200 + 90.
    assert (legal.raise_min, legal.raise_max) == (290, 1000)


def test_short_big_blind_does_not_lower_the_call() -> None:
    # The big blind has only 6 and posts them all; the others must still call 10.
    config = holdem((1000, 6, 1000), blinds=(5, 10, 0))
    state = start(config)
    assert state.bets == (5, 6, 0)
    legal = legal_actions(state)
    assert (legal.call, legal.raise_min) == (10, 20)
    state = play(config, Call(2), Call(0))
    assert state.contributions == (10, 6, 10)
    assert state.returned == (0, 0, 0)
    assert state.phase is Phase.DEAL


@pytest.mark.parametrize(
    ("antes", "actions", "player", "call", "raise_max"),
    [
        # Blinds 1/2: pot 3, call 2 makes 5, raise 5: to 7.
        ((), (), 2, 2, 7),
        # After a raise to 7: pot 10, the button calls 7 (17) and raises 17: to 24.
        ((), (Raise(2, 7),), 3, 7, 24),
        # The small blind calls 6 (pot 16) and raises 16: to 23.
        ((), (Raise(2, 7), Fold(3)), 0, 6, 23),
        # Antes of 1 from four players: pot 7, call 2 makes 9: to 11.
        ((1, 1, 1, 1), (), 2, 2, 11),
        ((1, 1, 1, 1), (Raise(2, 11),), 3, 11, 11 + 4 + 3 + 11 + 11),
    ],
)
def test_pot_limit_maximum_counts_blinds_antes_and_the_call(
    antes: tuple[int, ...],
    actions: tuple[Action, ...],
    player: int,
    call: int,
    raise_max: int,
) -> None:
    config = holdem((1000,) * 4, PotLimit(), blinds=(1, 2, 0, 0), antes=antes)
    state = play(config, *actions)
    legal = legal_actions(state)
    assert (legal.player, legal.call, legal.raise_max) == (player, call, raise_max)
    message = refused(state, Raise(player, raise_max + 1))
    assert f"Seat {player + 1} cannot raise to {raise_max + 1}" in message
    assert f"to {raise_max}" in message
    apply(state, Raise(player, raise_max))


def test_pot_limit_bet_after_the_flop_is_at_most_the_pot() -> None:
    config = holdem((1000,) * 3, PotLimit(), blinds=(5, 10, 0))
    state = play(config, Call(2), Call(0), Check(1), DealStreet())
    legal = legal_actions(state)
    assert (legal.raise_min, legal.raise_max) == (10, 30)


# --- fixed limit


def test_fixed_limit_cap_is_a_bet_and_three_raises() -> None:
    config = holdem((1000,) * 3, FL_2_4, blinds=(1, 2, 0))
    state = play(config, Raise(2, 4), Raise(0, 6), Raise(1, 8))
    legal = legal_actions(state)
    assert (legal.player, legal.call, legal.raise_min, legal.raise_max) == (2, 4, 0, 0)
    message = refused(state, Raise(2, 10))
    assert "Seat 3 must call 4 or fold" in message
    assert "capped" in message


def test_fixed_limit_cap_option_bet_and_four_raises() -> None:
    config = holdem((1000,) * 3, FL_2_4, blinds=(1, 2, 0), options=HouseOptions(limit_raises=4))
    state = play(config, Raise(2, 4), Raise(0, 6), Raise(1, 8))
    assert legal_actions(state).raise_min == 10
    state = apply(state, Raise(2, 10))
    assert legal_actions(state).raise_min == 0


def test_fixed_limit_raises_are_one_bet_and_big_bet_from_the_turn() -> None:
    config = holdem((1000,) * 3, FL_2_4, blinds=(1, 2, 0))
    state = start(config)
    assert (legal_actions(state).raise_min, legal_actions(state).raise_max) == (4, 4)
    assert "exactly 4" in refused(state, Raise(2, 5))
    state = play(config, Call(2), Call(0), Check(1), DealStreet())
    assert (legal_actions(state).raise_min, legal_actions(state).raise_max) == (2, 2)
    state = play(
        config, Call(2), Call(0), Check(1), DealStreet(), Check(0), Check(1), Check(2), DealStreet()
    )
    assert (legal_actions(state).raise_min, legal_actions(state).raise_max) == (4, 4)


@pytest.mark.parametrize(
    ("policy", "three_handed_may_raise", "heads_up_may_raise"),
    [
        (HeadsUpCap.UNCAPPED_WHEN_HEADS_UP, True, True),
        (HeadsUpCap.UNCAPPED_IF_BEGAN_HEADS_UP, False, True),
        (HeadsUpCap.ALWAYS_CAPPED, False, False),
    ],
)
def test_fixed_limit_cap_when_heads_up(
    policy: HeadsUpCap, three_handed_may_raise: bool, heads_up_may_raise: bool
) -> None:
    options = HouseOptions(heads_up_cap=policy)
    # Three dealt in, the button folds: the blinds raise each other heads-up to the cap (8).
    config = holdem((1000,) * 3, FL_2_4, blinds=(1, 2, 0), options=options)
    state = play(config, Fold(2), Raise(0, 4), Raise(1, 6), Raise(0, 8))
    legal = legal_actions(state)
    assert legal.call == 2
    assert legal.raise_min == (10 if three_handed_may_raise else 0)
    # Dealt heads-up.
    config = holdem((1000,) * 2, FL_2_4, blinds=(2, 1), options=options)
    state = play(config, Raise(1, 4), Raise(0, 6), Raise(1, 8))
    legal = legal_actions(state)
    assert legal.call == 2
    assert legal.raise_min == (10 if heads_up_may_raise else 0)


def test_fixed_limit_cap_reached_three_handed_stays_after_a_fold() -> None:
    config = holdem((1000,) * 3, FL_2_4, blinds=(1, 2, 0))
    state = play(config, Raise(2, 4), Raise(0, 6), Raise(1, 8), Fold(2))
    legal = legal_actions(state)
    assert (legal.player, legal.call, legal.raise_min) == (0, 2, 0)


@pytest.mark.parametrize(
    ("stack", "all_in_to", "call", "raise_to"),
    [
        (14, 14, 14, 20),  # 4 more is less than half a bet: the next player calls 14 or completes
        (15, 15, 15, 25),  # half a bet counts as a raise: the next raise is a bet on top
        (16, 16, 16, 26),
        (20, 20, 20, 30),
    ],
)
def test_limit_all_in_of_half_a_bet_counts_as_a_raise(
    stack: int, all_in_to: int, call: int, raise_to: int
) -> None:
    config = holdem((1000, 1000, stack, 1000), FL_10_20, blinds=(5, 10, 0, 0))
    state = play(config, AllIn(2))
    assert state.bets == (5, 10, all_in_to, 0)
    legal = legal_actions(state)
    assert (legal.player, legal.call, legal.raise_min, legal.raise_max) == (
        3,
        call,
        raise_to,
        raise_to,
    )


@pytest.mark.parametrize(
    ("stack", "reopened", "raise_to"),
    [(24, False, 0), (25, True, 25)],
)
def test_limit_all_in_under_half_a_bet_does_not_reopen_for_the_bettor(
    stack: int, reopened: bool, raise_to: int
) -> None:
    # Flop, small bet 10: seat 1 bets 10, two call, seat 4 is all-in for 14 (or 15).
    config = holdem((1000, 1000, 1000, stack), FL_10_20, blinds=(5, 10, 0, 0))
    state = play(
        config, Call(2), Call(3), Call(0), Check(1), DealStreet(), Raise(0, 10), Call(1), Call(2)
    )
    state = apply(state, AllIn(3))
    legal = legal_actions(state)
    assert legal.player == 0
    assert legal.call == stack - 20
    assert legal.raise_min == raise_to
    if not reopened:
        message = refused(state, Raise(0, 24))
        assert f"Seat 1 must call {stack - 20} or fold" in message


# --- straddles


def test_straddle_is_a_new_big_blind_minimum_raise_to_twice_it() -> None:
    config = holdem((1000,) * 5, blinds=(1, 2, 4, 0, 0))
    state = start(config)
    legal = legal_actions(state)
    assert (legal.player, legal.call, legal.raise_min) == (3, 4, 8)
    assert "from 8 to 1000" in refused(state, Raise(3, 6))
    # Everyone calls: the straddler has the option, last.
    state = play(config, Call(3), Call(4), Call(0), Call(1))
    legal = legal_actions(state)
    assert (legal.player, legal.check, legal.raise_min) == (2, True, 8)


def test_straddle_option_big_blind_raise_increment() -> None:
    config = holdem(
        (1000,) * 5,
        blinds=(1, 2, 4, 0, 0),
        big_blind=2,
        options=HouseOptions(straddle_raise=StraddleRaise.BIG_BLIND),
    )
    legal = legal_actions(start(config))
    assert (legal.player, legal.call, legal.raise_min) == (3, 4, 6)


def test_postflop_minimum_bet_after_a_straddle_is_the_big_blind() -> None:
    config = holdem((1000,) * 4, blinds=(1, 2, 4, 0), big_blind=2)
    state = play(config, Call(3), Call(0), Call(1), Check(2), DealStreet())
    assert legal_actions(state).raise_min == 2


def button_straddle(n: int, order: ButtonStraddleOrder, structure: object = None) -> HandConfig:
    """Blinds 1/2 at positions 0 and 1, and the button (the last position) straddles 4."""
    blinds = (1, 2, *(0,) * (n - 3), 4)
    return holdem(
        (1000,) * n, structure, blinds=blinds, options=HouseOptions(button_straddle_order=order)
    )


SB_FIRST, UTG_FIRST = ButtonStraddleOrder.SMALL_BLIND, ButtonStraddleOrder.UNDER_THE_GUN


@pytest.mark.parametrize(
    ("n", "order", "preflop"),
    [
        # The small blind first, the straddler last: clockwise from the small blind.
        (3, SB_FIRST, [0, 1, 2]),
        (6, SB_FIRST, [0, 1, 2, 3, 4, 5]),
        (9, SB_FIRST, [0, 1, 2, 3, 4, 5, 6, 7, 8]),
        # Under the gun first: round to the cutoff, then past the button to the blinds, the
        # straddler last. Three-handed the button is under the gun: the same as the default.
        (3, UTG_FIRST, [0, 1, 2]),
        (6, UTG_FIRST, [2, 3, 4, 0, 1, 5]),
        (9, UTG_FIRST, [2, 3, 4, 5, 6, 7, 0, 1, 8]),
    ],
)
def test_button_straddle_with_no_raise_the_straddler_acts_last(
    n: int, order: ButtonStraddleOrder, preflop: list[int]
) -> None:
    state = start(button_straddle(n, order))
    legal = legal_actions(state)
    assert legal.player == preflop[0]
    assert legal.call == 4 - state.bets[preflop[0]]
    assert legal.raise_min == 8
    assert betting_order(state) == preflop


@pytest.mark.parametrize("order", [SB_FIRST, UTG_FIRST])
@pytest.mark.parametrize("n", [3, 6, 9])
def test_button_straddler_has_the_option_when_everyone_calls(
    n: int, order: ButtonStraddleOrder
) -> None:
    state = start(button_straddle(n, order))
    for _ in range(n - 1):
        state = apply(state, Call(state.to_act))
    legal = legal_actions(state)
    assert (legal.player, legal.check, legal.call, legal.raise_min) == (n - 1, True, 0, 8)
    state = apply(state, Check(n - 1))
    assert state.phase is Phase.DEAL
    # After the flop the order is the usual one, from the first player left of the button.
    assert betting_order(apply(state, DealStreet())) == list(range(n))


@pytest.mark.parametrize(
    ("n", "after_raise"),
    [(6, [3, 4, 0, 1, 5]), (9, [3, 4, 5, 6, 7, 0, 1, 8])],
)
def test_under_the_gun_first_keeps_its_order_after_a_raise(n: int, after_raise: list[int]) -> None:
    state = apply(start(button_straddle(n, UTG_FIRST)), Raise(2, 12))
    assert betting_order(state) == after_raise


def test_button_straddle_is_refused_in_fixed_limit() -> None:
    config = button_straddle(6, SB_FIRST, FL_2_4)
    with pytest.raises(IllegalAction, match="A button straddle is not allowed in a fixed-limit"):
        start(config)
    # Heads-up the button posts the small blind: no straddle, nothing refused.
    assert start(holdem((100, 100), FL_2_4, blinds=(2, 1))).to_act == 1


# --- a new player between the button and the small blind


def test_new_player_between_button_and_small_blind_posts_both_and_acts_in_turn() -> None:
    # Position 0 sits between the button and the small blind and posts the big blind (10,
    # live) and a dead small blind (5); the small blind is 1, the big blind 2, the button 5.
    config = holdem((1000,) * 6, blinds=(10, 5, 10, 0, 0, 0), dead=(5, 0, 0, 0, 0, 0))
    state = start(config)
    assert state.pot_total == 30
    assert state.to_act == 3  # left of the big blind, not of the new player
    assert betting_order(state) == [3, 4, 5, 0, 1, 2]
    state = play(config, Call(3), Call(4), Call(5))
    legal = legal_actions(state)
    # The new player's big blind is live: the option to check or raise, in turn.
    assert (legal.player, legal.check, legal.call, legal.raise_min) == (0, True, 0, 20)
    state = play(config, Call(3), Call(4), Call(5), Check(0), Call(1), Check(2), DealStreet())
    assert betting_order(state) == [0, 1, 2, 3, 4, 5]
    assert state.pot_total == 65  # five calls of 10, the new player's 10 and the dead 5


# --- pot-limit: rounding the pot-sized raise


@pytest.mark.parametrize(
    ("round_up", "chip", "raise_max"),
    [
        (0, 1, 35),  # the exact pot: call 10 (pot 25) and raise 25 more
        (0, 5, 35),
        (25, 5, 50),  # up to the next 25
        (10, 5, 40),
        (5, 5, 35),  # already a multiple
        (20, 5, 40),
        (4, 5, 40),  # a unit not made of chips: up to 36, then to the next chip
    ],
)
def test_pot_limit_raise_rounded_up_to_the_house_unit(
    round_up: int, chip: int, raise_max: int
) -> None:
    config = holdem(
        (1000,) * 3,
        PotLimit(),
        blinds=(5, 10, 0),
        smallest_chip=chip,
        options=HouseOptions(pot_round_up=round_up),
    )
    state = start(config)
    legal = legal_actions(state)
    assert (legal.player, legal.raise_min, legal.raise_max) == (2, 20, raise_max)
    assert apply(state, Raise(2, raise_max)).bet_level == raise_max
    assert f"from 20 to {raise_max}" in refused(state, Raise(2, raise_max + chip))


def test_pot_limit_rounding_never_goes_past_all_in() -> None:
    config = holdem(
        (1000, 1000, 37), PotLimit(), blinds=(5, 10, 0), options=HouseOptions(pot_round_up=25)
    )
    legal = legal_actions(start(config))
    assert (legal.raise_min, legal.raise_max) == (20, 37)


def test_pot_limit_rounding_after_the_flop() -> None:
    # Pot 30 after the flop; the first bet is at most the pot, rounded up to 25: 50.
    config = holdem(
        (1000,) * 3, PotLimit(), blinds=(5, 10, 0), options=HouseOptions(pot_round_up=25)
    )
    state = play(config, Call(2), Call(0), Check(1), DealStreet())
    assert (legal_actions(state).raise_min, legal_actions(state).raise_max) == (10, 50)


# --- forced bets


@pytest.mark.parametrize(
    ("blind_first", "bets", "stacks"),
    [(True, (5, 10, 0), (995, 0, 1000)), (False, (5, 5, 0), (995, 0, 1000))],
)
def test_big_blind_ante_with_a_short_big_blind(
    blind_first: bool, bets: tuple[int, ...], stacks: tuple[int, ...]
) -> None:
    # Big blind 10 plus a big-blind ante of 10; the big blind has only 15.
    config = holdem(
        (1000, 15, 1000),
        blinds=(5, 10, 0),
        antes=(0, 10, 0),
        options=HouseOptions(blind_before_ante=blind_first),
    )
    state = start(config)
    assert state.bets == bets
    assert state.contributions == (5, 15, 0)
    assert state.stacks == stacks
    # Either way the others must call the full big blind.
    assert legal_actions(state).call == 10
    assert legal_actions(state).raise_min == 20


def test_antes_are_not_part_of_the_bet() -> None:
    config = holdem((1000,) * 3, blinds=(5, 10, 0), antes=(2, 2, 2))
    state = start(config)
    assert state.bets == (5, 10, 0)
    assert state.contributions == (7, 12, 2)
    assert legal_actions(state).call == 10


def test_misdeal_restores_every_stack() -> None:
    config = holdem((100, 50, 70), blinds=(1, 2, 0), antes=(1, 1, 1))
    state = play(config, Misdeal())
    assert state.phase is Phase.VOID
    assert state.stacks == (100, 50, 70)
    assert state.final_stacks() == (100, 50, 70)
    assert state.contributions == (0, 0, 0)
    assert state.pot_total == 0
    assert refused(state, Check(1)) == "The hand is over."


def test_misdeal_after_the_first_action_is_refused() -> None:
    # Seed 002: a card turned up after the hand has begun does not stop the game.
    state = play(holdem((100, 50, 70), blinds=(1, 2, 0)), Raise(2, 10))
    assert refused(state, Misdeal()).startswith("A misdeal is only possible before the first")


@pytest.mark.parametrize(("flop_dealt", "allowed"), [(False, True), (True, False)])
def test_house_option_allows_a_misdeal_until_the_flop(flop_dealt: bool, allowed: bool) -> None:
    options = HouseOptions(misdeal_until_flop=True)
    config = holdem((100, 50, 70), blinds=(1, 2, 0), options=options)
    actions = [Raise(2, 10), Call(0), Call(1)] + ([DealStreet()] if flop_dealt else [])
    state = play(config, *actions)
    if allowed:
        assert apply(state, Misdeal()).final_stacks() == (100, 50, 70)
    else:
        assert "before the first action" in refused(state, Misdeal())


# --- illegal actions


def test_acting_out_of_turn_is_refused() -> None:
    state = start(holdem((1000,) * 3, blinds=(5, 10, 0)))
    message = refused(state, Call(0))
    assert "seat 3's turn" in message and "not seat 1's" in message


@pytest.mark.parametrize(
    ("to", "word"),
    [(15, "raise to 15"), (19, "raise to 19"), (1001, "raise to 1001")],
)
def test_raise_outside_the_limits_is_refused_with_the_range(to: int, word: str) -> None:
    state = start(holdem((1000,) * 3, blinds=(5, 10, 0)))
    message = refused(state, Raise(2, to))
    assert f"Seat 3 cannot {word}" in message
    assert "from 20 to 1000" in message


def test_checking_when_facing_a_bet_is_refused() -> None:
    state = start(holdem((1000,) * 3, blinds=(5, 10, 0)))
    message = refused(state, Check(2))
    assert "Seat 3 cannot check" in message and "call 10" in message


def test_betting_during_the_deal_is_refused() -> None:
    state = play(holdem((1000,) * 3, blinds=(5, 10, 0)), Call(2), Call(0), Check(1))
    assert "the dealer must deal the next street first" in refused(state, Check(0))


def test_dealing_the_wrong_number_of_board_cards_is_refused() -> None:

    state = play(holdem((1000,) * 3, blinds=(5, 10, 0)), Call(2), Call(0), Check(1))
    assert "The flop is 3 card(s), not 2" in refused(state, DealStreet(board=parse_cards("As Kd")))
    state = play(
        holdem((1000,) * 3, blinds=(5, 10, 0)),
        Call(2),
        Call(0),
        Check(1),
        DealStreet(board=parse_cards("As Kd 2c")),
        Check(0),
        Check(1),
        Check(2),
    )
    assert "As has already been dealt" in refused(state, DealStreet(board=parse_cards("As")))


# --- stud


def stud(variant: Variant, tie: StudTie | None = None, players: int = 3) -> HandConfig:
    return HandConfig(
        variant=variant,
        structure=FL_2_4,
        stacks=(100,) * players,
        bring_in=1,
        options=HouseOptions(bring_in_tie=tie),
    )


def cards(*texts: str | None) -> tuple:
    return tuple(None if t is None else parse_card(t) for t in texts)


@pytest.mark.parametrize(
    ("variant", "tie", "bring_in"),
    [
        # Seed 004: "Om flera personer får samma lägsta valör ska den som sitter närmast till
        # vänster om knappen betala bring-in."
        (Variant.STUD5, None, 1),
        # Seven-card stud (WSOP): by suit, clubs lowest.
        (Variant.STUD7, None, 2),
        # Seed 004's variant: "färgen på korten avgöra".
        (Variant.STUD5, StudTie.BY_SUIT, 2),
        (Variant.STUD7, StudTie.BY_POSITION, 1),
    ],
)
def test_stud_bring_in_tie(variant: Variant, tie: StudTie | None, bring_in: int) -> None:
    state = play(stud(variant, tie), DealStreet(up_cards=cards("9h", "2s", "2c")))
    legal = legal_actions(state)
    assert (legal.player, legal.bring_in) == (bring_in, 1)


def test_stud_bring_in_ace_counts_high() -> None:
    state = play(stud(Variant.STUD5), DealStreet(up_cards=cards("Ah", "3s", "Kc")))
    assert legal_actions(state).player == 1


def test_stud_bring_in_player_must_bring_in_or_complete() -> None:
    state = play(stud(Variant.STUD5), DealStreet(up_cards=cards("9h", "2s", "Kc")))
    legal = legal_actions(state)
    assert (legal.player, legal.fold, legal.check, legal.bring_in) == (1, False, False, 1)
    assert (legal.raise_min, legal.raise_max) == (2, 2)
    assert "Seat 2 cannot fold: they may bring in 1 or complete to 2" in refused(state, Fold(1))
    message = refused(state, Check(1))
    assert "Seat 2 cannot check: they may bring in 1 or complete to 2" in message


def test_stud_bring_in_then_completion_then_raise() -> None:
    state = play(stud(Variant.STUD5), DealStreet(up_cards=cards("9h", "2s", "Kc")), BringIn(1))
    assert state.bets == (0, 1, 0)
    legal = legal_actions(state)
    # Call the bring-in of 1, or complete to the small bet of 2.
    assert (legal.player, legal.call, legal.raise_min, legal.raise_max) == (2, 1, 2, 2)
    state = apply(state, Raise(2, 2))
    legal = legal_actions(state)
    # The completion is the bet: raises go up by the small bet.
    assert (legal.player, legal.call, legal.raise_min) == (0, 2, 4)
    state = apply(state, Call(0))
    assert legal_actions(state).call == 1  # the bring-in adds 1 to call the completion
    state = apply(state, Call(1))
    assert state.contributions == (2, 2, 2)
    assert (state.phase, state.street) == (Phase.DEAL, 1)


def test_stud_completion_counts_as_the_bet_for_the_cap() -> None:
    state = play(
        stud(Variant.STUD5),
        DealStreet(up_cards=cards("9h", "2s", "Kc")),
        BringIn(1),
        Raise(2, 2),
        Raise(0, 4),
        Raise(1, 6),
        Raise(2, 8),
    )
    legal = legal_actions(state)
    assert (legal.player, legal.call, legal.raise_min) == (0, 4, 0)


@pytest.mark.parametrize(
    ("up", "first"),
    [
        (("Kd", "3s", "Ks"), 2),  # a pair of kings shows best
        (("Th", "2d", "As"), 1),  # a pair of deuces beats ace-king high
        (("Kd", "Qs", "3d"), 0),  # king-nine beats king-three and queen-deuce
    ],
)
def test_stud_later_street_best_visible_hand_acts_first(up: tuple[str, ...], first: int) -> None:
    state = play(
        stud(Variant.STUD5),
        DealStreet(up_cards=cards("9h", "2s", "Kc")),
        BringIn(1),
        Call(2),
        Call(0),
        DealStreet(up_cards=cards(*up)),
    )
    legal = legal_actions(state)
    assert (legal.player, legal.check, legal.raise_min) == (first, True, 2)


@pytest.mark.parametrize(
    ("tie", "first"),
    [(StudTie.BY_POSITION, 0), (StudTie.BY_SUIT, 2)],
)
def test_stud_first_actor_tie(tie: StudTie, first: int) -> None:
    config = HandConfig(
        variant=Variant.STUD5,
        structure=FL_2_4,
        stacks=(100,) * 3,
        bring_in=1,
        options=HouseOptions(first_actor_tie=tie),
    )
    state = play(
        config,
        DealStreet(up_cards=cards("Ah", "2s", "As")),
        BringIn(1),
        Call(2),
        Call(0),
        DealStreet(up_cards=cards("Kh", "3s", "Ks")),
    )
    assert legal_actions(state).player == first


def test_stud_later_streets_skip_folded_players_and_use_the_big_bet() -> None:
    state = play(
        stud(Variant.STUD5),
        DealStreet(up_cards=cards("9h", "2s", "Kc")),
        BringIn(1),
        Call(2),
        Fold(0),
        DealStreet(up_cards=cards(None, "3s", "Qc")),
        Check(2),
        Check(1),
        DealStreet(up_cards=cards(None, "3d", "Jc")),
    )
    legal = legal_actions(state)
    assert (legal.player, legal.raise_min, legal.raise_max) == (1, 4, 4)  # a pair of threes
    assert "Seat 1 has folded" in refused(
        play(
            stud(Variant.STUD5),
            DealStreet(up_cards=cards("9h", "2s", "Kc")),
            BringIn(1),
            Call(2),
            Fold(0),
        ),
        DealStreet(up_cards=cards("5d", "3s", "Qc")),
    )


def test_stud_without_up_cards_needs_the_first_actor() -> None:
    state = start(stud(Variant.STUD5))
    assert legal_actions(state).needs_first_actor
    assert "name the player who acts first" in refused(state, DealStreet())
    state = apply(state, DealStreet(first_actor=2))
    assert legal_actions(state).player == 2


# --- seed 000: five-card draw with ante and straddle

SEED_000 = SpreadLimit(min_bet=1, max_bet=4, max_bet_late=8, round_cap=16, open_to=4)
SEED_000_OPTIONS = HouseOptions(late_rounds_left_of_big_blind=True)


def draw5(structure: SpreadLimit = SEED_000, players: int = 4, **kwargs: object) -> HandConfig:
    return HandConfig(
        variant=Variant.DRAW5,
        structure=structure,
        stacks=(100,) * players,
        blinds=(1, 2) + (0,) * (players - 2),
        options=SEED_000_OPTIONS,
        **kwargs,
    )


def test_seed_000_opening_must_be_exactly_twice_the_straddle() -> None:
    """ "Om en spelare öppnar potten ... skall hen satsa dubbla beloppet i straddlen." """
    state = start(draw5())
    legal = legal_actions(state)
    assert (legal.player, legal.call, legal.check, legal.raise_min, legal.raise_max) == (
        2,
        0,
        False,
        4,
        4,
    )
    assert "Seat 3 must open to 4 or fold" in refused(state, Call(2))
    assert "exactly 4" in refused(state, Raise(2, 5))
    assert "exactly 4" in refused(state, Raise(2, 3))


def test_seed_000_check_before_the_open_says_open_or_fold() -> None:
    message = refused(start(draw5()), Check(2))
    assert "Seat 3" in message and "open to 4 or fold" in message


def test_seed_000_raises_from_the_minimum_to_the_max() -> None:
    """ "… plus ytterligare ett belopp som minst motsvarar minimibeloppet och högst maxen." """
    state = play(draw5(), Raise(2, 4))
    legal = legal_actions(state)
    assert (legal.player, legal.call, legal.raise_min, legal.raise_max) == (3, 4, 5, 8)
    # The ante (seat 1) counts its forced 1: it adds 7 to call 8.
    state = apply(state, Raise(3, 8))
    legal = legal_actions(state)
    assert (legal.player, legal.call, legal.raise_min, legal.raise_max) == (0, 7, 9, 12)
    assert "from 9 to 12" in refused(state, Raise(0, 13))


def test_seed_000_round_cap_per_player() -> None:
    state = play(draw5(), Raise(2, 4), Raise(3, 8), Raise(0, 12), Raise(1, 16))
    legal = legal_actions(state)
    assert (legal.player, legal.call, legal.raise_min) == (2, 12, 0)
    assert "capped at 16" in refused(state, Raise(2, 17))


def test_seed_000_everyone_folds_to_the_straddle() -> None:
    state = play(draw5(), Fold(2), Fold(3), Fold(0))
    assert state.phase is Phase.COMPLETE
    assert state.final_stacks() == (99, 101, 100, 100)


def test_seed_000_draw_from_left_of_the_dealer_then_left_of_the_straddle_speaks() -> None:
    state = play(draw5(), Raise(2, 4), Call(3), Fold(0), Call(1))
    assert state.phase is Phase.DRAW
    assert state.contributions == (1, 4, 4, 4)
    order = []
    while state.phase is Phase.DRAW:
        order.append(state.to_act)
        state = apply(state, Draw(state.to_act or 0, 3))
    # "Den närmaste aktiva spelaren till vänster om givaren agerar först."
    assert order == [1, 2, 3]
    # "Den närmaste aktiva spelaren till vänster om den som satte straddlen talar först."
    assert betting_order(state) == [2, 3, 1]


def test_seed_000_draw_refuses_out_of_turn_and_too_many_cards() -> None:
    state = play(draw5(), Raise(2, 4), Call(3), Call(0), Call(1))
    assert "seat 1's turn to draw, not seat 4's" in refused(state, Draw(3, 1))
    assert "Seat 1 can draw 0 to 5 cards" in refused(state, Draw(0, 6))
    assert "seat 1's turn to draw" in refused(state, Check(0))


def test_seed_000_the_max_is_higher_after_the_draw() -> None:
    state = play(draw5(), Raise(2, 4), Call(3), Call(0), Call(1), *(Draw(p, 1) for p in range(4)))
    legal = legal_actions(state)
    assert (legal.player, legal.is_bet, legal.check, legal.raise_min, legal.raise_max) == (
        2,
        True,
        True,
        1,
        8,
    )


def test_seed_000_option_bet_at_least_the_largest_so_far() -> None:
    """The seed's tip: an opening bet or raise at least as large as the largest so far in the
    deal, in both rounds."""
    structure = SpreadLimit(
        min_bet=1, max_bet=10, max_bet_late=20, open_to=4, at_least_largest=True
    )
    state = play(draw5(structure), Raise(2, 4), Raise(3, 10))  # a raise of 6
    assert (legal_actions(state).raise_min, legal_actions(state).raise_max) == (16, 20)
    state = play(
        draw5(structure),
        Raise(2, 4),
        Raise(3, 10),
        Call(0),
        Call(1),
        Call(2),
        *(Draw(p, 0) for p in range(4)),
    )
    legal = legal_actions(state)
    assert (legal.player, legal.raise_min, legal.raise_max) == (2, 6, 20)


def test_seed_000_without_the_option_the_first_left_of_the_dealer_speaks_after_the_draw() -> None:
    config = HandConfig(
        variant=Variant.DRAW5, structure=SEED_000, stacks=(100,) * 4, blinds=(1, 2, 0, 0)
    )
    state = play(config, Raise(2, 4), Call(3), Call(0), Call(1), *(Draw(p, 0) for p in range(4)))
    assert state.to_act == 0


# --- seed 003: counterclockwise draw poker with a short deck


def test_seed_003_first_actor_is_right_of_the_dealer_and_play_goes_counterclockwise() -> None:
    """ "Leikmaður til hægri við þann sem gefur byrjar." The dealer (button) is position 3."""
    config = HandConfig(
        variant=Variant.DRAW5_SHORT, structure=FixedLimit(small_bet=1, big_bet=2), stacks=(50,) * 4
    )
    state = start(config)
    assert state.to_act == 2
    state = play(config, Check(2), Raise(1, 1))
    assert betting_order(state) == [0, 3, 2]


def test_seed_003_highest_bettor_starts_the_second_round() -> None:
    """ "Leikmaður sem átti hæsta boð í fyrstu umferð byrjar." """
    config = HandConfig(
        variant=Variant.DRAW5_SHORT, structure=FixedLimit(small_bet=1, big_bet=2), stacks=(50,) * 4
    )
    state = play(config, Check(2), Raise(1, 1), Call(0), Call(3), Call(2))
    while state.phase is Phase.DRAW:
        state = apply(state, Draw(state.to_act or 0, 1))
    assert state.to_act == 1


# --- hands that must always be able to go on


def test_stud_low_card_all_in_on_the_ante_passes_the_bring_in() -> None:
    """The low card is all-in from the ante and cannot bring in: the hand must go on (the player
    on their left, here also the next lowest card, brings in or completes). The engine leaves
    seat 1 to act with no legal action at all."""
    config = HandConfig(
        variant=Variant.STUD5,
        structure=FL_2_4,
        stacks=(1, 100, 100),
        antes=(1, 1, 1),
        bring_in=1,
    )
    state = play(config, DealStreet(up_cards=cards("2c", "5d", "9h")))
    legal = legal_actions(state)
    assert legal.player == 1
    assert (legal.bring_in, legal.raise_min) == (1, 2)


def test_seed_000_player_facing_all_in_blinds_may_call_without_opening() -> None:
    """Seed 000, "Bordssats": a player can never be forced out of a pot for lack of chips. The
    ante and the straddle are all-in; the last player cannot open to 4 (nobody is left to bet
    against) and is offered only a fold. They must be able to call the straddle."""
    config = HandConfig(
        variant=Variant.DRAW5,
        structure=SEED_000,
        stacks=(1, 2, 3),
        blinds=(1, 2, 0),
        options=SEED_000_OPTIONS,
    )
    state = start(config)
    legal = legal_actions(state)
    assert legal.player == 2
    assert legal.call == 2
    state = apply(state, Call(2))
    assert state.phase is Phase.DRAW


# --- all-in: whatever it amounts to, or why not


@pytest.mark.parametrize(
    "config",
    [
        # Hypothesis's example: the button straddles 4 all-in for 1, the blinds are in; the big
        # blind (2 in, 1 behind) faces 4 but nobody else can put in more than 1.
        holdem(
            (1, 3, 1, 1),
            NoLimit(min_bet=0),
            blinds=(1, 2, 0, 4),
            options=HouseOptions(blind_before_ante=False),
        ),
        # A table as the app deals it: the under-the-gun straddle of 4 is all-in for 1 and a new
        # player (seat 4) posts a big blind of 2 with 1 behind; seat 4 acts first.
        holdem((1, 2, 1, 3, 1), NoLimit(min_bet=2), blinds=(1, 2, 4, 2, 0), big_blind=2),
        # The same with a deep stack behind the posted blind: still nobody to bet against.
        holdem((1, 13, 1, 1), blinds=(1, 2, 0, 4)),
    ],
    ids=["short-of-the-straddle", "new-player-post", "deep"],
)
def test_all_in_with_nothing_the_others_could_match_is_a_check(config: HandConfig) -> None:
    state = start(config)
    legal = legal_actions(state)
    p = legal.player
    assert p is not None
    assert (legal.check, legal.call, legal.raise_min) == (True, 0, 0)
    assert apply(state, AllIn(p)) == apply(state, Check(p))


def test_all_in_that_nobody_could_call_in_full_is_a_call() -> None:
    # The button is all-in for 50, the big blind for 30: the small blind's 1000 can only call.
    state = play(holdem((1000, 30, 50), blinds=(5, 10, 0)), AllIn(2))
    legal = legal_actions(state)
    assert (legal.player, legal.call, legal.raise_min) == (0, 45, 0)
    assert apply(state, AllIn(0)) == apply(state, Call(0))


@pytest.mark.parametrize(
    ("config", "actions", "message"),
    [
        (
            holdem((1000,) * 4, PotLimit(), blinds=(1, 2, 0, 0)),
            (),
            "Seat 3 cannot go all-in: the most they may raise to is 7;"
            " they may call 2, raise to 4 to 7 or fold.",
        ),
        (
            holdem((1000,) * 3, FL_10_20, blinds=(5, 10, 0)),
            (Call(2), Call(0), Check(1), DealStreet()),
            "Seat 1 cannot go all-in: the most they may bet is 10; they may check, bet 10 or fold.",
        ),
        (
            holdem((1000, 1000, 1000, 130), blinds=(5, 10, 0, 0)),
            (Raise(2, 100), AllIn(3), Call(0), Fold(1)),
            "Seat 3 cannot go all-in: the betting was not reopened: the all-in was not a full"
            " raise; they may call 30 or fold.",
        ),
    ],
    ids=["pot-limit", "fixed-limit", "not-reopened"],
)
def test_all_in_beyond_what_the_rules_allow_says_what_the_player_may_do(
    config: HandConfig, actions: tuple[Action, ...], message: str
) -> None:
    state = play(config, *actions)
    assert refused(state, AllIn(legal_actions(state).player or 0)) == message
