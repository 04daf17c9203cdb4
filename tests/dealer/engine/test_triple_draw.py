"""Deuce-to-seven triple draw in the hand engine, from published rules (no oracle).

The ranking is deuce-to-seven ("Kansas City") lowball as Robert's Rules of Poker (Bob Ciaffone)
gives it in its lowball section: the lowest hand wins, aces are high only, straights and flushes
count against the hand, so 7-5-4-3-2 of two or more suits is the best hand and A-2-3-4-5 is no
straight but an ace-high hand. The game is the one card rooms deal (published descriptions such
as https://enterra-poker.com/deuce-to-seven-triple-draw/ and
http://www.carminpoker.com/blog/deuce-to-seven-triple-draw-poker-rules/): at most six players,
five cards each, a small and a big blind, four betting rounds with a draw after each of the first
three, fixed limit with the small bet in the first two rounds and the big bet in the last two;
the player left of the button draws first and speaks first after each draw; identical lows split
the pot. The stub follows seed 000 (Mörkpoker), as Pott's five-card draw does: when one card is
left and someone still draws, that card and every discard become the new stub.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dealer.engine import (
    Award,
    Call,
    Check,
    Draw,
    Fold,
    HandConfig,
    HandState,
    IllegalAction,
    Phase,
    Raise,
    Show,
    Variant,
    apply,
    legal_actions,
    parse_cards,
    replay,
    start,
)
from dealer.engine.actions import Action
from dealer.engine.cards import standard_deck
from dealer.engine.evaluate import Category, LowRank, best_deuce_to_seven
from dealer.engine.hand import hand_value, shown_winners
from dealer.engine.phh import parse_phh, variant_code, write_phh
from dealer.engine.rules import VARIANTS, FixedLimit, Kind, Low

LIMIT = FixedLimit(small_bet=2, big_bet=4)


def triple(players: int = 4, stacks: tuple[int, ...] = ()) -> HandConfig:
    """Blinds 1 and 2 (heads-up the button posts the small blind), limits 2 and 4."""
    n = len(stacks) or players
    blinds = (2, 1) if n == 2 else (1, 2) + (0,) * (n - 2)
    return HandConfig(
        variant=Variant.TRIPLE_DRAW_27,
        structure=LIMIT,
        stacks=stacks or (100,) * n,
        blinds=blinds,
    )


def low(text: str) -> LowRank:
    return best_deuce_to_seven(parse_cards(text))[0]


def everyone_draws(state: HandState, count: int = 1) -> HandState:
    while state.phase is Phase.DRAW:
        state = apply(state, Draw(state.to_act or 0, count))
    return state


def checked_round(state: HandState) -> HandState:
    while state.phase is Phase.BETTING:
        state = apply(state, Check(state.to_act or 0))
    return state


def to_the_showdown(players: int = 3) -> HandState:
    """Three players limp in (a pot of 6), draw one card three times and check to the end."""
    state = replay(triple(players), [Call(2), Call(0), Check(1)])
    for _ in range(3):
        state = everyone_draws(state)
        state = checked_round(state)
    return state


# --- the ranking -------------------------------------------------------------------------------

# Best first: every hand beats every hand after it.
BEST_TO_WORST = [
    "7h5d4c3s2h",  # the best hand ("number one"): seven-five
    "7h6d4c3s2h",
    "7h6d5c3s2h",
    "8h5d4c3s2h",  # any eight is worse than any seven
    "9h8d7c6s4h",
    "KhQdJc9s8h",  # king high, no straight
    "Ah5d4c3s2h",  # A-2-3-4-5: the ace is high, so it is ace-five high and no straight
    "AhKdQcJs9h",
    "2h2d5c4s3h",  # any pair is worse than any five different ranks; deuces the best pair
    "3h3d5c4s2h",
    "AhAdKcQsJh",
    "3h3d2c2s4h",  # two pair
    "2h2d2c3s4h",  # three of a kind
    "AhAdAcKsQh",
    "6h5d4c3s2h",  # a straight is worse than three of a kind: six-high is the best straight
    "7h6d5c4s3h",
    "AhKdQcJsTh",  # the ace-high straight, the worst
    "7h5h4h3h2h",  # a flush is worse than any straight
    "AhKhQhJh9h",
    "2h2d2c3s3h",  # full house
    "2h2d2c2s3h",  # four of a kind
    "6h5h4h3h2h",  # straight flush, the worst hand of all
]


def test_each_hand_beats_every_hand_after_it() -> None:
    values = [low(text) for text in BEST_TO_WORST]
    for better, worse, text in zip(values, values[1:], BEST_TO_WORST[1:], strict=False):
        assert better > worse, text


@pytest.mark.parametrize(("cards", "category", "label"), [
    ("7h5d4c3s2h", Category.HIGH_CARD, "7-5-4-3-2"),
    ("Ah5d4c3s2h", Category.HIGH_CARD, "A-5-4-3-2"),
    ("6h5d4c3s2h", Category.STRAIGHT, "Straight"),
    ("7h5h4h3h2h", Category.FLUSH, "Flush"),
    ("2h2d5c4s3h", Category.PAIR, "Pair"),
    ("AhKdQcJsTh", Category.STRAIGHT, "Straight"),
])  # fmt: skip
def test_what_a_deuce_to_seven_hand_is(cards: str, category: Category, label: str) -> None:
    value = low(cards)
    assert (value.category, value.label) == (category, label)


def test_the_ace_plays_high_only() -> None:
    wheel = low("Ah5d4c3s2h")
    assert wheel.ranks == (14, 5, 4, 3, 2)
    assert low("KhQdJc9s8h") > wheel


def test_the_same_ranks_in_other_suits_tie() -> None:
    assert low("7h5d4c3s2h") == low("7c5s4h3d2c")
    assert low("9h8d6c4s2h") == low("9s8h6d4c2d")


def test_the_highest_card_decides_first_then_the_next() -> None:
    assert low("8h6d4c3s2h") > low("8h6d5c3s2h") > low("8h7d4c3s2h") > low("9h5d4c3s2h")


def test_a_hand_is_five_to_seven_cards() -> None:
    with pytest.raises(ValueError, match="5 to 7 cards"):
        best_deuce_to_seven(parse_cards("7h5d4c3s"))


# --- the game ----------------------------------------------------------------------------------


def test_the_game_is_three_draws_four_rounds_and_the_deuce_to_seven_low() -> None:
    spec = VARIANTS[Variant.TRIPLE_DRAW_27]
    assert spec.kind is Kind.DRAW and spec.low is Low.DEUCE_TO_SEVEN
    assert (spec.hole_cards, len(spec.streets), spec.draws) == (5, 4, 3)
    assert [spec.draw_index(street) for street in range(4)] == [0, 1, 2, None]
    assert spec.big_bet_from == 2


def test_up_to_six_players() -> None:
    assert start(triple(6)).stub == 52 - 30
    with pytest.raises(IllegalAction, match="for 2 to 6 players, not 7"):
        start(triple(7))


def test_the_blinds_and_the_first_to_speak() -> None:
    state = start(triple(4))
    assert state.bets == (1, 2, 0, 0)
    assert state.to_act == 2  # left of the big blind
    heads_up = start(triple(2))
    assert heads_up.bets == (2, 1) and heads_up.to_act == 1  # the button's small blind first


def test_small_bets_in_the_first_two_rounds_big_bets_in_the_last_two() -> None:
    state = start(triple(3))
    legal = legal_actions(state)
    assert (legal.raise_min, legal.raise_max) == (4, 4)  # a raise of one small bet over 2
    state = replay(triple(3), [Call(2), Call(0), Check(1)])
    opening = []
    for _ in range(3):
        state = everyone_draws(state)
        legal = legal_actions(state)
        opening.append((legal.raise_min, legal.is_bet))
        state = checked_round(state)
    assert opening == [(2, True), (4, True), (4, True)]
    assert state.phase is Phase.SHOWDOWN


def test_a_bet_and_three_raises_cap_a_round() -> None:
    state = replay(triple(3), [Raise(2, 4), Raise(0, 6), Raise(1, 8)])
    legal = legal_actions(state)
    assert legal.call == 4 and not legal.raise_min  # 2 (the blind) + 3 raises: capped


def test_the_players_draw_three_times_left_of_the_button_first() -> None:
    state = replay(triple(4), [Call(2), Call(3), Call(0), Check(1)])
    draws = 0
    while state.phase is not Phase.SHOWDOWN:
        assert state.phase is Phase.DRAW
        assert state.drawn == (-1, -1, -1, -1)  # a new draw: nobody has drawn in it yet
        assert state.to_act == 0
        for p, count in zip((0, 1, 2, 3), (3, 2, 1, 0), strict=True):
            assert state.to_act == p
            state = apply(state, Draw(p, count))
        draws += 1
        assert state.drawn == (3, 2, 1, 0)
        assert state.phase is Phase.BETTING and state.street == draws
        assert state.to_act == 0  # the first player left of the button speaks first
        state = checked_round(state)
    assert draws == 3


def test_no_draw_after_the_last_round() -> None:
    state = to_the_showdown()
    assert state.phase is Phase.SHOWDOWN and state.street == 3


def test_a_draw_is_zero_to_five_cards() -> None:
    state = replay(triple(3), [Call(2), Call(0), Check(1)])
    with pytest.raises(IllegalAction, match="can draw 0 to 5 cards"):
        apply(state, Draw(0, 6))


def test_folding_to_one_player_ends_the_hand_between_draws() -> None:
    state = replay(triple(3), [Call(2), Call(0), Check(1)])
    state = everyone_draws(state)
    state = apply(state, Raise(0, 2))
    state = apply(state, Fold(1))
    state = apply(state, Fold(2))
    assert state.phase is Phase.COMPLETE
    assert (state.payouts, state.returned) == ((6, 0, 0), (2, 0, 0))


# --- the stub ----------------------------------------------------------------------------------


def test_the_last_card_and_the_discards_become_a_new_stub() -> None:
    """Six players leave a stub of 22; five draw five: at the fifth player's draw one card is
    left, and it and the 25 discards (the fifth player's too) become a stub of 26."""
    config = triple(6)
    state = replay(config, [Call(2), Call(3), Call(4), Call(5), Call(0), Check(1)])
    for p in range(4):
        state = apply(state, Draw(p, 5))
    assert (state.stub, state.discards) == (2, 20)
    state = apply(state, Draw(4, 5))
    assert state.reshuffles == ((4, 26),)
    assert (state.stub, state.discards) == (22, 0)
    state = apply(state, Draw(5, 5))
    assert (state.stub, state.discards) == (17, 5)


def test_a_later_draw_shuffles_the_discards_of_the_earlier_ones() -> None:
    config = triple(6)
    state = replay(config, [Call(2), Call(3), Call(4), Call(5), Call(0), Check(1)])
    state = everyone_draws(state, 3)  # 18 cards: 4 left, 18 discards
    assert (state.stub, state.discards) == (4, 18)
    state = checked_round(state)
    state = apply(state, Draw(0, 3))  # down to the last card
    assert (state.stub, state.discards, state.reshuffles) == (1, 21, ())
    state = apply(state, Draw(1, 2))
    assert state.reshuffles == ((1, 24),)  # the last card and both draws' 23 discards
    assert (state.stub, state.discards) == (22, 0)


# --- the showdown ------------------------------------------------------------------------------


def test_the_lowest_hand_wins() -> None:
    state = to_the_showdown()
    state = apply(state, Show(0, parse_cards("Ah5d4c3s2h")))  # ace high
    state = apply(state, Show(1, parse_cards("6c5h4d3h2c")))  # a straight
    state = apply(state, Show(2, parse_cards("8s7c6h4h3d")))  # eight-seven
    assert hand_value(state, 2) > hand_value(state, 0) > hand_value(state, 1)
    winners = shown_winners(state, 0)
    assert winners is not None and winners.winners == (2,)
    state = apply(state, Award(0))
    assert state.phase is Phase.COMPLETE
    assert state.payouts == (0, 0, 6)


def test_identical_lows_split_the_pot_odd_chip_left_of_the_button() -> None:
    # Three players limp in for 2 each and the big blind checks; seat 3's ante makes the pot 7.
    # Everyone stands pat and checks to the showdown; seats 1 and 3 hold the same seven-five.
    config = HandConfig(
        variant=Variant.TRIPLE_DRAW_27,
        structure=LIMIT,
        stacks=(100, 100, 100),
        blinds=(1, 2, 0),
        antes=(0, 0, 1),
    )
    state = replay(config, [Call(2), Call(0), Check(1)])
    for _ in range(3):
        state = everyone_draws(state, 0)
        state = checked_round(state)
    state = apply(state, Show(0, parse_cards("7h5d4c3s2h")))
    state = apply(state, Show(1, parse_cards("9h9d6h3h2d")))
    state = apply(state, Show(2, parse_cards("7c5s4h3d2c")))
    state = apply(state, Award(0))
    assert state.pot_total == 0
    assert state.payouts == (4, 0, 3)  # the odd chip to the first winner left of the button


# --- PHH ---------------------------------------------------------------------------------------


def _hand() -> tuple[HandConfig, list[Action]]:
    config = triple(3)
    actions: list[Action] = [Raise(2, 4), Call(0), Call(1)]
    actions += [Draw(0, 2), Draw(1, 1), Draw(2, 3)]
    actions += [Raise(0, 2), Call(1), Call(2)]
    actions += [Draw(0, 1), Draw(1, 0), Draw(2, 1)]
    actions += [Check(0), Raise(1, 4), Call(2), Fold(0)]
    actions += [Draw(1, 0), Draw(2, 1)]
    actions += [Raise(1, 4), Call(2)]
    actions += [Show(1, parse_cards("8h6d4c3s2h")), Show(2, parse_cards("7c5s4h3d2c")), Award(0)]
    return config, actions


def test_phh_writes_the_triple_draw_as_f2l3d_and_reads_it_back() -> None:
    config, actions = _hand()
    state = replay(config, actions)
    assert state.payouts == (0, 0, 4 * 3 + 2 * 3 + 4 * 2 + 4 * 2)
    assert variant_code(config) == "F2L3D"
    text = write_phh(config, actions, state)
    assert 'variant = "F2L3D"' in text
    assert text.count(" sd ") + text.count(' sd",') == 8  # eight draws in three rounds
    (hand,) = parse_phh(text)
    assert (hand.config.variant, hand.config.structure) == (config.variant, config.structure)
    assert hand.state.final_stacks() == state.final_stacks()
    assert hand.state.payouts == state.payouts


PHH_HAND = (Path(__file__).parent / "data" / "f2l3d_triple_draw.phh").read_text(encoding="utf-8")


def test_phh_reads_a_triple_draw_hand_and_the_better_seven_wins() -> None:
    """data/f2l3d_triple_draw.phh, heads-up: p1 is the big blind, p2 the button (small blind)
    who speaks first before the first draw and draws second. 7-6-4-3-2 beats 7-6-5-4-2."""
    (hand,) = parse_phh(PHH_HAND)
    assert hand.config.variant is Variant.TRIPLE_DRAW_27
    assert hand.state.phase is Phase.COMPLETE
    assert hand.state.payouts == (2 + 2 + 2 * 2 + 4 * 2 + 4 * 2, 0)
    assert hand.state.final_stacks() == (62, 38)


# --- an extra check: pokerkit's deuce-to-seven low (not needed by the tests above) ---------------


def test_the_ranking_agrees_with_pokerkit() -> None:
    pokerkit = pytest.importorskip("pokerkit")

    def theirs(cards: str) -> object:
        return pokerkit.StandardLowHand.from_game(cards)

    ordered = [theirs(text) for text in BEST_TO_WORST]
    assert all(a > b for a, b in zip(ordered, ordered[1:], strict=False))
    rng = random.Random(27)
    deck = standard_deck()
    for _ in range(500):
        cards = rng.sample(deck, 10)
        a, b = cards[:5], cards[5:]
        ours = best_deuce_to_seven(a)[0], best_deuce_to_seven(b)[0]
        pk = theirs("".join(map(str, a))), theirs("".join(map(str, b)))
        assert (ours[0] > ours[1], ours[0] == ours[1]) == (pk[0] > pk[1], pk[0] == pk[1])
