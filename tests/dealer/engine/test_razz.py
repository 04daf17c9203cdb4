"""Razz: seven-card stud in which the lowest hand wins (ace-to-five: the ace low, straights and
flushes do not count). The highest up card brings in; from fourth street the lowest board speaks
first.

Positions as in test_hand.py: 0 is the first player left of the button.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import EightOrBetterLowHand, RegularLowHand

from dealer.engine import (
    Award,
    BringIn,
    Call,
    Check,
    DealStreet,
    FixedLimit,
    HandConfig,
    HandState,
    HouseOptions,
    IllegalAction,
    Phase,
    Show,
    StudTie,
    Variant,
    apply,
    first_speaker_reason,
    legal_actions,
    parse_card,
    parse_cards,
    start,
)
from dealer.engine.actions import Action
from dealer.engine.cards import Card, standard_deck
from dealer.engine.evaluate import Category, best_low, visible_low_rank

LIMIT = FixedLimit(small_bet=2, big_bet=4)


def razz(players: int = 3, *, bring_in: int = 1, ante: int = 1, **options: object) -> HandConfig:
    return HandConfig(
        variant=Variant.RAZZ,
        structure=LIMIT,
        stacks=(50,) * players,
        antes=(ante,) * players,
        bring_in=bring_in,
        options=HouseOptions(**options),  # type: ignore[arg-type]
    )


def up(text: str) -> DealStreet:
    return DealStreet(up_cards=tuple(None if t == "-" else parse_card(t) for t in text.split()))


def play(config: HandConfig, *actions: Action) -> HandState:
    state = start(config)
    for action in actions:
        state = apply(state, action)
    return state


def passive(state: HandState) -> HandState:
    """Everyone checks, calls or brings in until the betting round is over."""
    while state.phase is Phase.BETTING:
        legal = legal_actions(state)
        p = legal.player or 0
        if legal.bring_in:
            action: Action = BringIn(p)
        elif legal.check:
            action = Check(p)
        else:
            action = Call(p)
        state = apply(state, action)
    return state


def to_showdown(config: HandConfig, streets: list[str]) -> HandState:
    """Deal the five streets' up cards (seventh street face down: no cards) checking through."""
    state = start(config)
    for street in streets:
        state = passive(apply(state, up(street) if street else DealStreet()))
    return state


# --- the value of a low -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        # The wheel is the best hand, flush or not: straights and flushes do not count.
        ("As 2s 3s 4s 5s", "As 2d 3c 4h 6s"),
        ("Ah 2d 3c 4h 5s Kd Kc", "6h 4d 3c 2h As"),
        # The highest card decides first, then the next: 7-5 beats 7-6, 8-2 loses to 7-6.
        ("7c 5d 4h 3s 2c", "7d 6c 4s 3h 2d"),
        ("7c 6d 4h 3s 2c", "8d 4c 3s 2h Ad"),
        # The ace is low: A-2-3-4-6 beats 2-3-4-5-7.
        ("Ac 2d 3h 4s 6c", "2c 3d 4h 5s 7c"),
        # Any five different ranks beat a pair: K-Q-J-T-9 beats a pair of aces.
        ("Kc Qd Jh Ts 9c", "Ac Ad 2h 3s 4c"),
        # Two pair is worse than one pair.
        ("Kc Kd Qh Js Tc", "2c 2d 3h 3s 4c"),
    ],
)
def test_lower_hand_is_the_better_low(better: str, worse: str) -> None:
    high, low = best_low(parse_cards(better)), best_low(parse_cards(worse))
    assert high is not None and low is not None
    assert high[0] > low[0]


def test_best_low_picks_five_different_ranks_from_seven() -> None:
    rank, five = best_low(parse_cards("Kd Kc 9h 8s 4c 2d Ah")) or (None, ())
    assert rank is not None and rank.category is Category.HIGH_CARD
    assert rank.label == "9-8-4-2-A"
    assert [str(c) for c in five] == ["9h", "8s", "4c", "2d", "Ah"]


def test_visible_low_pairs_are_bad() -> None:
    assert visible_low_rank(parse_cards("Kc 2d")) > visible_low_rank(parse_cards("3c 3d"))
    assert visible_low_rank(parse_cards("5c 4d")) > visible_low_rank(parse_cards("6c Ad"))


# --- who brings in ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "player"),
    [
        ("9h 2s Kc", 2),  # the highest up card brings in
        ("Kh As Qc", 0),  # the ace is low: the king is the highest card
        ("Ah 2c 3d", 2),
        # Equal ranks: the highest suit, spades (Robert's Rules, razz: "The highest card by suit").
        ("Kc Ks Kh", 1),
        ("Jd 2c Jh", 2),
    ],
)
def test_highest_up_card_brings_in(cards: str, player: int) -> None:
    state = play(razz(), up(cards))
    assert legal_actions(state).player == player
    reason = first_speaker_reason(state)
    assert reason is not None and (reason.player, reason.reason) == (player, "highest")


def test_bring_in_tie_by_position_as_a_house_option() -> None:
    state = play(razz(bring_in_tie=StudTie.BY_POSITION), up("Kc Ks Kh"))
    assert legal_actions(state).player == 0


# --- who speaks first later ---------------------------------------------------------------------


def test_lowest_board_speaks_first_from_fourth_street() -> None:
    state = passive(play(razz(), up("Kh 5d 3c")))
    state = apply(state, up("2c 4s 3d"))  # boards K-2, 5-4 and a pair of threes
    assert legal_actions(state).player == 1
    reason = first_speaker_reason(state)
    assert reason is not None
    assert (reason.player, reason.reason, reason.hand) == (1, "lowest board", "5-4")


def test_a_paired_board_speaks_after_any_unpaired_one() -> None:
    state = passive(play(razz(), up("Qh 3d 3c")))
    state = apply(state, up("Kc 3s Jd"))  # K-Q, a pair of threes, J-3
    assert legal_actions(state).player == 2


# --- the showdown -------------------------------------------------------------------------------

STREETS = ["Kh 5d 3c", "2c 4s 3d", "7h 6c 9s", "8d Ac Ts", ""]


def test_the_lowest_hand_wins_the_pot() -> None:
    state = to_showdown(razz(), STREETS)
    assert state.phase is Phase.SHOWDOWN
    hands = (
        "Ad Qc Kh 2c 7h 8d 9c",  # 9-8-7-2-A
        "2d 4c 5d 4s 6c Ac 3h",  # 6-5-4-2-A ... with 3h: the wheel 5-4-3-2-A
        "2h 6d 3c 3d 9s Ts 7c",  # T-9-7-6-3... 9-7-6-3-2
    )
    for p, text in enumerate(hands):
        state = apply(state, Show(p, parse_cards(text)))
    state = apply(state, Award(0))
    assert state.phase is Phase.COMPLETE
    assert state.payouts == (0, state.pots[0].amount, 0)


def test_odd_chip_of_a_split_razz_pot_goes_by_position() -> None:
    """Two equal lows split; the odd chip goes to the first winner left of the button."""
    state = to_showdown(razz(bring_in=0), STREETS)
    assert state.pots[0].amount == 3
    state = apply(state, Show(0, parse_cards("Ad Qc Kh 2c 7h 8d 6h")))  # 8-7-6-2-A
    state = apply(state, Show(1, parse_cards("2d 9c 5d 4s 6c Ac Kd")))  # 6-5-4-2-A
    state = apply(state, Show(2, parse_cards("2h 6d 3c 3d 9s Ts 7c")))  # 9-7-6-3-2
    state = apply(state, Award(0, (0, 2)))
    assert state.payouts == (2, 0, 1)


def test_razz_has_no_low_half() -> None:
    state = to_showdown(razz(), STREETS)
    with pytest.raises(IllegalAction, match="Only a high-low game has a low half"):
        apply(state, Award(0, (1,), low_winners=(2,)))


# --- the evaluator agrees with pokerkit (test-only oracle) ---------------------------------------


def _pokerkit_low(cards: tuple[Card, ...], *, eight: bool) -> object | None:
    text = "".join(str(c) for c in cards)
    try:
        return (EightOrBetterLowHand if eight else RegularLowHand).from_game(text)
    except ValueError:
        return None


def _sign(a: object, b: object) -> int:
    return (a > b) - (a < b)  # type: ignore[operator]


@settings(max_examples=400, deadline=None)
@given(st.permutations(standard_deck()), st.booleans())
def test_best_low_orders_hands_as_pokerkit_does(deck: list[Card], eight: bool) -> None:
    first, second = tuple(deck[:7]), tuple(deck[7:14])
    ours = [best_low(first, eight_or_better=eight), best_low(second, eight_or_better=eight)]
    theirs = [_pokerkit_low(first, eight=eight), _pokerkit_low(second, eight=eight)]
    assert [o is None for o in ours] == [t is None for t in theirs]
    if ours[0] is not None and ours[1] is not None:
        assert _sign(ours[0][0], ours[1][0]) == _sign(theirs[0], theirs[1])
