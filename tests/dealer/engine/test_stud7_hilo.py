"""Seven-card stud high-low, eight or better: each pot is split between the best high hand and
the best low of five different ranks 8 or lower (ace low, straights and flushes ignored for the
low); with no such low the high hand scoops.

Positions as in test_hand.py: 0 is the first player left of the button.
"""

from __future__ import annotations

import pytest

from dealer.engine import (
    Award,
    BringIn,
    Call,
    Check,
    DealStreet,
    FixedLimit,
    HandConfig,
    HandState,
    IllegalAction,
    Phase,
    Show,
    Variant,
    apply,
    first_speaker_reason,
    legal_actions,
    parse_card,
    parse_cards,
    start,
)
from dealer.engine.actions import Action
from dealer.engine.codec import action_from_dict, action_to_dict
from dealer.engine.evaluate import best_low

LIMIT = FixedLimit(small_bet=2, big_bet=4)


def hilo(
    players: int = 3, *, bring_in: int = 0, ante: int = 1, smallest_chip: int = 1
) -> HandConfig:
    return HandConfig(
        variant=Variant.STUD7_HILO,
        structure=LIMIT,
        stacks=(50,) * players,
        antes=(ante,) * players,
        bring_in=bring_in,
        smallest_chip=smallest_chip,
    )


def up(text: str) -> DealStreet:
    return DealStreet(up_cards=tuple(None if t == "-" else parse_card(t) for t in text.split()))


def play(config: HandConfig, *actions: Action) -> HandState:
    state = start(config)
    for action in actions:
        state = apply(state, action)
    return state


def passive(state: HandState) -> HandState:
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


STREETS = ["Kh 5d 3c", "Kc 4s 3d", "7h 6c 9s", "8d Ac Ts", ""]


def showdown(
    *hands: str, config: HandConfig | None = None, streets: list[str] = STREETS
) -> HandState:
    state = start(config or hilo())
    for street in streets:
        state = passive(apply(state, up(street) if street else DealStreet()))
    for p, text in enumerate(hands):
        state = apply(state, Show(p, parse_cards(text)))
    return state


# --- the low qualifier --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "label"),
    [
        ("As 2s 3s 4s 5s Kd Kc", "5-4-3-2-A"),  # the wheel, a straight flush for high
        ("8c 7d 6h 5s 4c Kd Qh", "8-7-6-5-4"),  # the worst qualifying low
        ("9c 7d 6h 5s 4c Kd Qh", None),  # 9-high: no low
        ("8c 8d 6h 5s 4c Kd Qh", None),  # only four different ranks 8 or lower
        ("Ac Ad 2h 3s 4c 7d 7h", "7-4-3-2-A"),  # pairs are skipped, the ace plays low
    ],
)
def test_eight_or_better_qualifier(cards: str, label: str | None) -> None:
    low = best_low(parse_cards(cards), eight_or_better=True)
    assert (low[0].label if low else None) == label


# --- who brings in and who speaks first ---------------------------------------------------------


def test_lowest_up_card_brings_in_ace_high() -> None:
    state = play(hilo(bring_in=1), up("Ah 2c 3d"))
    assert legal_actions(state).player == 1
    reason = first_speaker_reason(state)
    assert reason is not None and reason.reason == "lowest"


def test_best_high_board_speaks_first() -> None:
    state = passive(play(hilo(), up("Kh 5d 3c")))
    state = apply(state, up("Kc 4s 2d"))  # a pair of kings beats 5-4 and 3-2
    assert legal_actions(state).player == 0
    reason = first_speaker_reason(state)
    assert reason is not None and (reason.reason, reason.hand) == ("best board", "Pair")


# --- the showdown: Pott ranks both halves -------------------------------------------------------

# Hole cards first, then the up cards of STREETS, then the seventh-street card.
KINGS = "Kd Qc Kh Kc 7h 8d Ad"  # three kings; A-7-8 are only three low cards: no low
SIX_LOW = "2d 8c 5d 4s 6c Ac 9c"  # ace high for high, 6-5-4-2-A for low
NINES = "2h 6d 3c 3d 9s Ts 9h"  # nines and threes; no low


def test_pot_is_split_high_and_low_odd_chip_to_the_high_half() -> None:
    state = showdown(KINGS, SIX_LOW, "2h 6d 3c 3d 9s Ts Qh")  # a pair of threes, no low
    assert state.pots[0].amount == 3
    state = apply(state, Award(0))
    assert state.phase is Phase.COMPLETE
    # Three kings take the high half with the odd chip; the six low takes the low half.
    assert state.payouts == (2, 1, 0)


def test_high_hand_scoops_without_a_qualifying_low() -> None:
    state = showdown(KINGS, "Jh Qd 5d 4s 6c Ac 9d", NINES)  # A-4-5-6 are only four low cards
    state = apply(state, Award(0))
    assert state.payouts == (3, 0, 0)


def test_one_player_can_win_both_halves() -> None:
    # Kings and 8-7-3-2-A against ace high and a pair of threes, neither with a low.
    state = showdown("Ad 2c Kh Kc 7h 8d 3h", "Jh Qd 5d 4s 6c Ac 9d", "2h Jd 3c 3d 9s Ts Qh")
    state = apply(state, Award(0))
    assert state.payouts == (3, 0, 0)


def test_named_low_winners_share_the_low_half() -> None:
    state = showdown(KINGS, SIX_LOW, NINES, config=hilo(ante=3))
    assert state.pots[0].amount == 9  # 5 to the high half, 4 to the low half
    state = apply(state, Award(0, (0,), low_winners=(1, 0)))
    assert state.payouts == (7, 2, 0)


def test_odd_chip_of_a_tied_low_goes_to_the_lowest_card_by_suit() -> None:
    """Robert's Rules: "the odd chip between tied low hands is awarded as in a low game of that
    poker form" - in stud, to the lowest card by suit."""
    streets = ["5h 5s Kc", "4c 4d Kd", "6d 6h 9s", "Ah As Ts", ""]
    state = showdown(
        "2c 3d 5h 4c 6d Ah Qc",  # the wheel; the ace of hearts
        "2d 3h 5s 4d 6h As Jc",  # the wheel; the ace of spades
        "Ks 9h Kc Kd 9s Ts Qh",  # kings full: the high hand
        streets=streets,
    )
    assert state.pots[0].amount == 3
    state = apply(state, Award(0))
    # High half 2 to the full house; the low half's one chip to the ace of hearts (hearts are
    # below spades).
    assert state.payouts == (1, 0, 2)


# --- the dealer names the winners (no cards entered) --------------------------------------------


def test_award_names_high_and_low_winners() -> None:
    state = showdown()
    state = apply(state, Award(0, (2,), low_winners=(1,)))
    assert state.payouts == (0, 1, 2)


def test_award_says_nobody_has_a_low() -> None:
    state = showdown()
    state = apply(state, Award(0, (2,), no_low=True))
    assert state.payouts == (0, 0, 3)


def test_award_without_cards_must_say_who_wins_the_low() -> None:
    state = showdown()
    with pytest.raises(IllegalAction, match="Name the low winners"):
        apply(state, Award(0, (2,)))


def test_award_cannot_name_a_low_and_no_low() -> None:
    state = showdown()
    with pytest.raises(IllegalAction, match="not both"):
        apply(state, Award(0, (2,), low_winners=(1,), no_low=True))


def test_low_winner_must_be_eligible() -> None:
    state = showdown()
    with pytest.raises(IllegalAction, match="is not eligible for pot 1"):
        apply(state, Award(0, (2,), low_winners=(8,)))


@pytest.mark.parametrize(
    "award",
    [Award(0, (2,), low_winners=(0, 1)), Award(1, (0,), no_low=True), Award(0)],
)
def test_award_round_trips_through_the_codec(award: Award) -> None:
    assert action_from_dict(action_to_dict(award)) == award
