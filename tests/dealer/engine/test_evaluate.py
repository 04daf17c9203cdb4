from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import pokerkit
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from dealer.engine.cards import JOKER, Card, DeckKind, parse_card, parse_cards, short_deck
from dealer.engine.cards import standard_deck as make_standard_deck
from dealer.engine.evaluate import (
    CATEGORY_LABELS,
    Category,
    HandRank,
    _best,
    _best_by_combinations,
    _rules,
    best_hand,
    best_omaha_hand,
    best_visible_by_suit,
    bring_in_index,
    first_to_act_index,
    high_card_by_suit,
    lowest_card_ties,
    rank_key7,
    visible_rank,
)

STANDARD_DECK = make_standard_deck()
SHORT_DECK = short_deck()


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def rank_of(text: str, deck: DeckKind = "standard") -> HandRank:
    return best_hand(cards(text), deck=deck)[0]


def sign(a: Any, b: Any) -> int:
    """-1, 0 or 1 as a is below, equal to or above b (works for our ranks and pokerkit's hands)."""
    return int(a > b) - int(a < b)


# --- Standard ranking ---------------------------------------------------------------------------


STANDARD_LADDER = [
    ("Ks Qd 9h 7c 3s", Category.HIGH_CARD),
    ("2s 2d 4h 5c 7s", Category.PAIR),
    ("3s 3d 2h 2c 4s", Category.TWO_PAIR),
    ("4s 4d 4h 2c 3s", Category.THREE_OF_A_KIND),
    ("Ah 2c 3d 4s 5h", Category.STRAIGHT),
    ("2h 4h 6h 8h Th", Category.FLUSH),
    ("2s 2d 2h 3c 3s", Category.FULL_HOUSE),
    ("2s 2d 2h 2c 3s", Category.FOUR_OF_A_KIND),
    ("Ac 2c 3c 4c 5c", Category.STRAIGHT_FLUSH),
]


@pytest.mark.parametrize(("text", "category"), STANDARD_LADDER)
def test_each_category_is_recognised(text: str, category: Category) -> None:
    assert rank_of(text).category is category


@pytest.mark.parametrize(
    ("lower", "higher"), list(zip(STANDARD_LADDER, STANDARD_LADDER[1:], strict=False))
)
def test_the_weakest_hand_of_a_category_beats_the_one_below(
    lower: tuple[str, Category], higher: tuple[str, Category]
) -> None:
    assert rank_of(lower[0]) < rank_of(higher[0])


@pytest.mark.parametrize(
    ("loser", "winner"),
    [
        # High card and kickers, all the way to the fifth card.
        ("As Kd Qh Jc 9s", "Ad Kh Qc Js Ts"),
        ("As Kd Qh Jc 7s", "Ad Kh Qc Jd 8s"),
        ("Ks Qd Jh Tc 8s", "As 2d 3h 4c 6s"),
        # Pairs: the pair first, then three kickers.
        ("Ks Kd Ah Qc Jc", "As Ad 2h 3c 4s"),
        ("As Ad Kh Qc Tc", "Ah Ac Ks Qd Jc"),
        ("As Ad Kh Qc Tc 3d 2c", "Ah Ac Ks Qd Jd 4c 2s"),
        # Two pair: top pair, then bottom pair, then kicker.
        ("Js Jd Th Tc As", "Ks Kd 2h 2c 3s"),
        ("Ks Kd Jh Jc As", "Kh Kc Qs Qd 2c"),
        ("Ks Kd Qh Qc 2s", "Kh Kc Qs Qd 3c"),
        # Trips then kickers.
        ("Qs Qd Qh Ac Ks", "Ks Kd Kh 2c 3s"),
        ("Ks Kd Kh Qc Js", "Ks Kd Kh Ac 2s"),
        # Straights by top card; the wheel is the lowest.
        ("Ah 2c 3d 4s 5h", "2h 3c 4d 5s 6h"),
        ("9h Tc Jd Qs Kh", "Th Jc Qd Ks Ah"),
        # Flushes card by card.
        ("Ah Kh Qh Jh 8h", "As Ks Qs Js 9s"),
        ("Kh Qh Jh 9h 8h", "Ah 2h 3h 4h 6h"),
        ("Ah Kh 9h 4h 2h", "As Ks 9s 4s 3s"),
        # Full house: trips first, then the pair.
        ("3s 3d 3h Ac As", "4s 4d 4h 2c 2s"),
        ("Ks Kd Kh 2c 2s 7d 8h", "Ks Kd Kh 3c 3s 7d 8h"),
        # Quads: the four, then the kicker.
        ("Ks Kd Kh Kc As", "As Ad Ah Ac 2s"),
        ("7s 7d 7h 7c 2s", "7s 7d 7h 7c 3s"),
        # Straight flushes by top card; the steel wheel is the lowest.
        ("Ac 2c 3c 4c 5c", "2d 3d 4d 5d 6d"),
        ("9h Th Jh Qh Kh", "Ts Js Qs Ks As"),
    ],
)
def test_higher_hand_wins(loser: str, winner: str) -> None:
    assert rank_of(loser) < rank_of(winner)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("As Kd Qh Jc 9s", "Ad Kh Qc Js 9d"),
        ("2h 3c 4d 5s 6h", "2d 3s 4c 5h 6c"),
        ("Ah 2c 3d 4s 5h Kd", "Ad 2s 3c 4h 5d Qs"),  # a wheel's extra cards do not play
        ("Ks Kd Kh Kc Qs Qd 2c", "Ks Kd Kh Kc Qh 3c 2s"),  # quads play only one kicker
    ],
)
def test_same_value_in_other_suits_splits(first: str, second: str) -> None:
    assert rank_of(first) == rank_of(second)


def test_wheel_is_the_lowest_straight_and_its_high_card_is_the_five() -> None:
    rank, five = best_hand(cards("Ah 2c 3d 4s 5h 9c 9d"))
    assert rank.category is Category.STRAIGHT
    assert rank.tiebreak == (5,)
    assert five == cards("5h 4s 3d 2c Ah")
    assert rank < rank_of("2h 3c 4d 5s 6h Kd Kc")


def test_steel_wheel_is_a_straight_flush_below_the_six_high_one() -> None:
    steel = rank_of("Ad 2d 3d 4d 5d Ac As")
    assert steel.category is Category.STRAIGHT_FLUSH
    assert steel.tiebreak == (5,)
    assert rank_of("As Ad Ah Ac Ks") < steel < rank_of("2d 3d 4d 5d 6d")


@pytest.mark.parametrize("text", ["Qh Kc Ad 2s 3h", "Kh Ac 2d 3s 4h", "Jh Qc Kd As 2h"])
def test_straights_do_not_wrap_around_the_ace(text: str) -> None:
    assert rank_of(text).category is Category.HIGH_CARD


def test_flush_beats_straight_in_the_standard_deck() -> None:
    assert rank_of("9h Tc Jd Qs Kh") < rank_of("2h 4h 6h 8h Th")


def test_full_house_beats_flush_in_the_standard_deck() -> None:
    assert rank_of("Ah Kh Qh Jh 9h") < rank_of("2s 2d 2h 3c 3s")


@pytest.mark.parametrize(
    ("text", "category", "tiebreak", "five"),
    [
        # Three pairs: the best two play and the third pair's card competes as the kicker.
        ("Ks Kd 9h 9c 4s 4d 2c", Category.TWO_PAIR, (13, 9, 4), "Ks Kd 9h 9c 4s"),
        ("Ks Kd 9h 9c 4s 4d Ac", Category.TWO_PAIR, (13, 9, 14), "Ks Kd 9h 9c Ac"),
        # Two sets of trips make a full house over the higher set.
        ("Ks Kd Kh 9c 9s 9d 2c", Category.FULL_HOUSE, (13, 9), "Ks Kd Kh 9c 9s"),
        # Trips and two pairs: the higher pair fills the house.
        ("5s 5d 5h Qc Qs 8d 8c", Category.FULL_HOUSE, (5, 12), "5s 5d 5h Qc Qs"),
        # Quads with trips beside them: the best single card is the kicker.
        ("4s 4d 4h 4c Ks Kd Kh", Category.FOUR_OF_A_KIND, (4, 13), "4s 4d 4h 4c Ks"),
        # A flush among seven beats the straight that is also there.
        ("6h 7c 8h 9d Th 2h Kh", Category.FLUSH, (13, 10, 8, 6, 2), "Kh Th 8h 6h 2h"),
        # Six of a suit: the best five of them.
        ("2s 4s 6s 8s Ts Qs Ad", Category.FLUSH, (12, 10, 8, 6, 4), "Qs Ts 8s 6s 4s"),
        # Straight flush hiding in a bigger flush and a higher plain straight.
        ("5h 6h 7h 8h 9h Th Jc", Category.STRAIGHT_FLUSH, (10,), "Th 9h 8h 7h 6h"),
        ("5h 6h 7h 8h 9h Tc Jc", Category.STRAIGHT_FLUSH, (9,), "9h 8h 7h 6h 5h"),
        # Six in a row: the top five.
        ("4c 5d 6h 7s 8c 9d Kc", Category.STRAIGHT, (9,), "9d 8c 7s 6h 5d"),
        # The ace plays low for the wheel even when it is also the highest card.
        ("Ac 2d 3h 4s 5c Td Kc", Category.STRAIGHT, (5,), "5c 4s 3h 2d Ac"),
        ("Ac 2d 3h 4s 5c 6d Kc", Category.STRAIGHT, (6,), "6d 5c 4s 3h 2d"),
    ],
)
def test_best_five_of_seven(
    text: str, category: Category, tiebreak: tuple[int, ...], five: str
) -> None:
    rank, chosen = best_hand(cards(text))
    assert rank.category is category
    assert rank.tiebreak == tiebreak
    assert chosen == cards(five)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("As Kd Qh Jc", "5 to 7 cards, not 4"),
        ("As Kd Qh Jc Ts 9s 8s 7s", "5 to 7 cards, not 8"),
        ("As Kd Qh Jc As", "the same card appears twice"),
        ("As Kd Qh Jc Jk", "only in the standard53 and short33 decks"),
    ],
)
def test_best_hand_refuses_impossible_hands(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        best_hand(cards(text))


def test_best_hand_refuses_unknown_decks() -> None:
    with pytest.raises(ValueError, match="is not a deck"):
        best_hand(cards("As Kd Qh Jc Ts"), deck="pinochle")  # type: ignore[arg-type]


@pytest.mark.parametrize(("category", "label"), [(c, CATEGORY_LABELS[c]) for c in Category])
def test_every_category_has_an_english_label(category: Category, label: str) -> None:
    assert label and label[0].isupper()


def test_hand_rank_label_names_its_category() -> None:
    assert rank_of("2s 2d 2h 3c 3s").label == "Full house"


# --- Omaha --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hole", "board", "category", "tiebreak"),
    [
        # Four spades on board and one in hand: no flush, both hole cards must play.
        ("As Kd 7c 2h", "Qs Js 9s 3s 4d", Category.HIGH_CARD, (14, 13, 12, 11, 9)),
        # Two spades in hand and three on board do make one.
        ("As Ks 7c 2h", "Qs Js 9s 3s 4d", Category.FLUSH, (14, 13, 12, 11, 9)),
        # Four to a straight on board with one card in hand is not a straight.
        ("9c 2d 2h 3s", "Th Jc Qd Ks 4h", Category.PAIR, (2, 13, 12, 11)),
        # Board quads: only three of them play, with a pair from the hand.
        ("As Ah 3c 4d", "Ks Kd Kh Kc 2s", Category.FULL_HOUSE, (13, 14)),
        # Trips in hand play only two of them.
        ("Ac Ad Ah 5c", "Ks Qd 7h", Category.PAIR, (14, 13, 12, 7)),
        # A board pair plus a hand pair is two pair with the board's best kicker.
        ("Jc Jd 4h 5c", "9s 9d As Kc 3d", Category.TWO_PAIR, (11, 9, 14)),
        # The wheel from two hole cards and three board cards.
        ("Ac 2d Kh Ks", "3s 4d 5h Qc Jc", Category.STRAIGHT, (5,)),
        # Five- and six-card Omaha hands work the same way.
        ("As Ks 7c 2h 3d", "Qs Js 9s", Category.FLUSH, (14, 13, 12, 11, 9)),
        ("Ts 9s 7c 2h 3d 8d", "Qs Js Ks", Category.STRAIGHT_FLUSH, (13,)),
    ],
)
def test_omaha_uses_exactly_two_hole_and_three_board_cards(
    hole: str, board: str, category: Category, tiebreak: tuple[int, ...]
) -> None:
    rank, five = best_omaha_hand(cards(hole), cards(board))
    assert (rank.category, rank.tiebreak) == (category, tiebreak)
    assert sum(card in cards(hole) for card in five) == 2
    assert sum(card in cards(board) for card in five) == 3


@pytest.mark.parametrize(
    ("hole", "board", "message"),
    [
        ("As Ks 7c", "Qs Js 9s", "at least 4 hole cards"),
        ("As Ks 7c 2h", "Qs Js", "3 to 5 cards"),
        ("As Ks 7c 2h", "Qs Js 9s 8s 7s 6s", "3 to 5 cards"),
        ("As Ks 7c 2h", "As Js 9s", "the same card appears twice"),
    ],
)
def test_omaha_refuses_impossible_deals(hole: str, board: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        best_omaha_hand(cards(hole), cards(board))


# --- Stud ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("up_cards", "expected"),
    [
        ("7h 5c 9d", 1),
        ("2d 2c 2s", 1),  # same rank: clubs is the lowest suit
        ("2s 2h 2d", 2),
        ("Kc 3s 3c", 2),
        ("Ac Ks 5d", 2),  # the ace is high for the bring-in
        ("2s 3c", 0),  # rank before suit
    ],
)
def test_bring_in_goes_to_the_lowest_up_card_clubs_lowest(up_cards: str, expected: int) -> None:
    assert bring_in_index(cards(up_cards)) == expected


@pytest.mark.parametrize(
    ("up_cards", "tied"),
    [("2d 5c 2s 2c", [0, 2, 3]), ("7h 5c 9d", [1]), ("Ac As", [0, 1]), ("Ac 2s", [1])],
)
def test_lowest_card_ties_lists_every_seat_on_the_lowest_rank(
    up_cards: str, tied: list[int]
) -> None:
    assert lowest_card_ties(cards(up_cards)) == tied


VISIBLE_LADDER = [
    "2h 4h 6h 8h",  # four to a flush: just eight high
    "9c Jd Qh Ks",  # four to a straight: just king high
    "Ah Kd Qh Js",
    "2c 2d 3h 4s",
    "2c 2d Ah Ks",
    "3c 3d 2h 4s",
    "Ac Ad Kh Qs",
    "3c 3d 2h 2s",
    "4c 4d 2h 2s",
    "4c 4d 3h 3s",
    "Ac Ad Kh Ks",
    "2c 2d 2h 3s",
    "2c 2d 2h As",
    "Ac Ad Ah Ks",
    "2c 2d 2h 2s",
    "Ac Ad Ah As",
]


@pytest.mark.parametrize(
    ("lower", "higher"), list(zip(VISIBLE_LADDER, VISIBLE_LADDER[1:], strict=False))
)
def test_visible_hands_order_by_pairs_trips_quads_then_cards(lower: str, higher: str) -> None:
    assert visible_rank(cards(lower)) < visible_rank(cards(higher))


@pytest.mark.parametrize(
    ("lower", "higher"),
    [
        ("Kh 7c", "Ah 2c"),
        ("Ah Kc", "2c 2d"),
        ("2c 2d", "3c 3d"),
        ("Ks Qd 9h", "2c 2d 3h"),
        ("2h 2s 3h", "2c 2d Ah"),
        ("Ac Ad Kh", "2c 2d 2h"),
    ],
)
def test_visible_hands_of_fewer_cards_order_the_same_way(lower: str, higher: str) -> None:
    assert visible_rank(cards(lower)) < visible_rank(cards(higher))


@pytest.mark.parametrize(
    ("up_cards", "category"),
    [
        ("Ks", Category.HIGH_CARD),
        ("9s Ts Js Qs", Category.HIGH_CARD),
        ("9s 9d", Category.PAIR),
        ("9s 9d 4c 4h", Category.TWO_PAIR),
        ("9s 9d 9c 4h", Category.THREE_OF_A_KIND),
        ("9s 9d 9c 9h", Category.FOUR_OF_A_KIND),
    ],
)
def test_visible_rank_counts_only_pairs_and_better(up_cards: str, category: Category) -> None:
    assert visible_rank(cards(up_cards)).category is category


@pytest.mark.parametrize("up_cards", ["", "As Ks Qs Js Ts", "As Jk"])
def test_visible_rank_refuses_other_than_one_to_four_real_cards(up_cards: str) -> None:
    with pytest.raises(ValueError):
        visible_rank(cards(up_cards))


@pytest.mark.parametrize(
    ("visible", "best", "by_suit"),
    [
        (["Kh 7c", "Ad 2c", "5s 5h"], [2], 2),
        (["Ah Kd", "As Kc", "Qs Qh"], [2], 2),
        (["Ah Kd", "As Kc", "Qs Jh"], [0, 1], 1),  # tie: the ace of spades outranks the heart
        (["Kh Kd 3c", "Ks Kc 3d"], [0, 1], 1),  # tie on a pair: the king of spades
        (["9c 9d 4h", "9h 9s 4s", "Ac Kd Qh"], [0, 1], 1),
        (["5c 5d Ah", "5h 5s Ad"], [0, 1], 0),  # the highest card decides, not the pair
    ],
)
def test_first_to_act_is_the_best_visible_hand(
    visible: list[str], best: list[int], by_suit: int
) -> None:
    hands = [cards(up) for up in visible]
    assert first_to_act_index(hands) == best
    assert best_visible_by_suit(hands) == by_suit


@pytest.mark.parametrize(
    ("text", "expected"),
    [("2c 9d 9s 9h", "9s"), ("Kc Ah Ad", "Ah"), ("Ac", "Ac"), ("Ts Jc", "Jc")],
)
def test_high_card_by_suit_takes_rank_then_spades_highest(text: str, expected: str) -> None:
    assert high_card_by_suit(cards(text)) == parse_card(expected)


# --- Seed 003: the 32/33-card deck --------------------------------------------------------------


SHORT_LADDER = [
    ("Ks Qd 9h 8c 7s", Category.HIGH_CARD),
    ("7s 7d 8h 9c Js", Category.PAIR),
    ("8s 8d 7h 7c 9s", Category.TWO_PAIR),
    ("7s 7d 7h 8c 9s", Category.THREE_OF_A_KIND),
    ("7h 8c 9d Ts Jh", Category.STRAIGHT),
    ("7s 7d 7h 8c 8s", Category.FULL_HOUSE),
    ("7h 8h 9h Th Qh", Category.FLUSH),
    ("7s 7d 7h 7c 8s", Category.FOUR_OF_A_KIND),
    ("7c 8c 9c Tc Jc", Category.STRAIGHT_FLUSH),
]


@pytest.mark.parametrize("deck", ["short32", "short33"])
@pytest.mark.parametrize(
    ("lower", "higher"), list(zip(SHORT_LADDER, SHORT_LADDER[1:], strict=False))
)
def test_short_deck_ranks_the_flush_above_the_full_house(
    deck: DeckKind, lower: tuple[str, Category], higher: tuple[str, Category]
) -> None:
    low, high = rank_of(lower[0], deck), rank_of(higher[0], deck)
    assert (low.category, high.category) == (lower[1], higher[1])
    assert low < high


def test_short_deck_flush_beats_the_best_full_house() -> None:
    assert rank_of("As Ad Ah Kc Ks", "short32") < rank_of("7h 8h 9h Th Qh", "short32")


def test_short_deck_ace_does_not_play_low_in_a_straight() -> None:
    rank = rank_of("Ah 7c 8d 9s Th", "short32")
    assert rank.category is Category.HIGH_CARD
    assert rank < rank_of("7h 8c 9d Ts Jh", "short32")


def test_short_deck_lowest_straight_flush_loses_to_higher_ones() -> None:
    # Seed 003: "7, 8, 9, 10, jack lose to queen and king".
    assert rank_of("7c 8c 9c Tc Jc", "short32") < rank_of("8d 9d Td Jd Qd", "short32")
    assert rank_of("8d 9d Td Jd Qd", "short32") < rank_of("9s Ts Js Qs Ks", "short32")


@pytest.mark.parametrize(
    ("text", "deck"), [("6s 7s 8s 9s Ts", "short32"), ("2c 7s 8s 9s Ts", "short33")]
)
def test_short_deck_refuses_cards_below_seven(text: str, deck: DeckKind) -> None:
    with pytest.raises(ValueError, match="not in the short deck"):
        best_hand(cards(text), deck=deck)


def test_short32_has_no_joker() -> None:
    with pytest.raises(ValueError, match="only in the standard53 and short33 decks"):
        best_hand(cards("As Ks Qs Js Jk"), deck="short32")


@pytest.mark.parametrize(
    ("text", "category", "tiebreak", "joker_as"),
    [
        # The joker is the card the player is missing: here the ten of spades for a royal flush.
        ("As Ks Qs Js Jk", Category.STRAIGHT_FLUSH, (14,), "Ts"),
        ("8h 9c Tc Jd Jk", Category.STRAIGHT, (12,), "Qs"),
        ("Ac Ad Kh Ks Jk", Category.FULL_HOUSE, (14, 13), "As"),
        # "It is impossible to have 5 of the same": four aces and the joker stay four of a kind.
        ("As Ad Ah Ac Jk", Category.FOUR_OF_A_KIND, (14, 13), "Ks"),
        ("Ts Td Th Kc Jk", Category.FOUR_OF_A_KIND, (10, 13), "Tc"),
        # A flush with the joker: it becomes the best card of the suit the player lacks...
        ("Kh Th 9h 8h Jk", Category.FLUSH, (14, 13, 10, 9, 8), "Ah"),
        # ...but never one the player holds: no second ace of hearts.
        ("Ah Th 9h 8h Jk", Category.FLUSH, (14, 13, 10, 9, 8), "Kh"),
        ("Ac Kd Qh 8s Jk", Category.PAIR, (14, 13, 12, 8), "As"),
        # In seven cards the joker finds the best use among all five-card choices.
        ("7c 8c 9c Tc As Ad Jk", Category.STRAIGHT_FLUSH, (11,), "Jc"),
    ],
)
def test_joker_stands_for_the_best_card_the_player_is_missing(
    text: str, category: Category, tiebreak: tuple[int, ...], joker_as: str
) -> None:
    rank, five = best_hand(cards(text), deck="short33")
    assert (rank.category, rank.tiebreak) == (category, tiebreak)
    assert rank.joker_as == parse_card(joker_as)
    assert rank.natural is False
    assert JOKER in five


@pytest.mark.parametrize(
    ("with_joker", "natural"),
    [
        ("As Ks Qs Js Jk", "Ah Kh Qh Jh Th"),
        ("Ac Ad Kh Ks Jk", "As Ah Ad Kc Kd"),
        ("8h 9c Tc Jd Jk", "8c 9d Th Js Qc"),
        ("Ac Kd Qh 8s Jk", "As Ad Kc Qd 8h"),
    ],
)
def test_natural_hand_beats_the_same_value_made_with_the_joker(
    with_joker: str, natural: str
) -> None:
    joker_rank, natural_rank = rank_of(with_joker, "short33"), rank_of(natural, "short33")
    assert joker_rank.tiebreak == natural_rank.tiebreak
    assert joker_rank < natural_rank


@pytest.mark.parametrize(
    ("natural", "with_joker"),
    [
        ("Ks Kd Qh 9c 8h", "Ac Kd Qh 8s Jk"),  # pair of kings < pair of aces with the joker
        ("As Ad Kh Kc 9h", "Ac Ad Kh Ks Jk"),  # two pair < full house with the joker
        ("Kc Kd Kh 9c 8c", "8h 9c Tc Jd Jk"),  # trips < straight with the joker
        ("As Ad Ah Kc Ks", "Kh Th 9h 8h Jk"),  # full house < flush with the joker
    ],
)
def test_joker_hand_beats_a_lower_natural_value(natural: str, with_joker: str) -> None:
    assert rank_of(natural, "short33") < rank_of(with_joker, "short33")


def test_seven_cards_prefer_the_natural_five_when_the_joker_adds_nothing() -> None:
    rank, five = best_hand(cards("As Ks Qs Js Ts 7d Jk"), deck="short33")
    assert rank.natural is True
    assert rank.joker_as is None
    assert JOKER not in five


def test_short_deck_equal_values_split() -> None:
    # Seed 003: "When two players have the same value the pot is split between them."
    assert rank_of("Ah Kd Qh Jc 9s", "short32") == rank_of("As Kc Qd Jh 9d", "short32")


# --- Seed 000: the 52-card deck and the joker ("standard53") -----------------------------------


@pytest.mark.parametrize(
    ("text", "category", "tiebreak", "joker_as"),
    [
        # Seed 000's five of a kind: "♥D–♦D–♠D–♣D–J", four queens and the joker. The fifth queen is
        # no card of the deck, so the joker names none.
        ("Qh Qd Qs Qc Jk", Category.FIVE_OF_A_KIND, (12,), None),
        ("2c 2d 2h 2s Jk", Category.FIVE_OF_A_KIND, (2,), None),
        ("9s 9d 9h 9c Ks Qs Jk", Category.FIVE_OF_A_KIND, (9,), None),
        # The joker completes a royal flush, a straight flush in the middle, the steel wheel.
        ("As Ks Qs Js Jk", Category.STRAIGHT_FLUSH, (14,), "Ts"),
        ("5d 6d 7d 9d Jk", Category.STRAIGHT_FLUSH, (9,), "8d"),
        ("Ad 2d 3d 4d Jk", Category.STRAIGHT_FLUSH, (5,), "5d"),
        # A straight at either end, and the wheel: the ace plays low as in the standard deck...
        ("8h 9c Tc Jd Jk", Category.STRAIGHT, (12,), "Qs"),
        ("Ah 2c 3d 4s Jk", Category.STRAIGHT, (5,), "5s"),
        # ...but four low cards make the higher straight, not the wheel.
        ("2c 3d 4s 5h Jk", Category.STRAIGHT, (6,), "6s"),
        # A flush: the best card of the suit the player lacks, never a second ace of hearts.
        ("Kh Th 9h 8h Jk", Category.FLUSH, (14, 13, 10, 9, 8), "Ah"),
        ("Ah Th 9h 8h Jk", Category.FLUSH, (14, 13, 10, 9, 8), "Kh"),
        # The joker adds one to the biggest group.
        ("Ts Td Th Kc Jk", Category.FOUR_OF_A_KIND, (10, 13), "Tc"),
        ("Ac Ad Kh Ks Jk", Category.FULL_HOUSE, (14, 13), "As"),
        ("Qs Qd 7c 4h Jk", Category.THREE_OF_A_KIND, (12, 7, 4), "Qh"),
        ("Kc 9d 7h 4s Jk", Category.PAIR, (13, 9, 7, 4), "Ks"),
        # In seven cards the joker finds the best use among all five-card choices.
        ("7c 8c 9c Tc As Ad Jk", Category.STRAIGHT_FLUSH, (11,), "Jc"),
        ("2c 3c 4c 5c Ah Ad Jk", Category.STRAIGHT_FLUSH, (6,), "6c"),
    ],
)
def test_joker_makes_the_best_hand_of_the_53_card_deck(
    text: str, category: Category, tiebreak: tuple[int, ...], joker_as: str | None
) -> None:
    rank, five = best_hand(cards(text), deck="standard53")
    assert (rank.category, rank.tiebreak) == (category, tiebreak)
    assert rank.joker_as == (parse_card(joker_as) if joker_as else None)
    assert rank.natural is False
    assert JOKER in five and len(set(five)) == 5


def test_five_of_a_kind_is_labelled_like_the_other_categories() -> None:
    assert rank_of("Qh Qd Qs Qc Jk", "standard53").label == "Five of a kind"


FIVE_OF_A_KIND_LADDER = [
    "Kh Qh Jh Th 9h",  # the best straight flush below the royal one
    "2c 2d 2h 2s Jk",  # the lowest five of a kind
    "Ac Ad Ah As Jk",
]


@pytest.mark.parametrize("royal", ["As Ks Qs Js Ts", "As Ks Qs Js Jk"])
def test_five_of_a_kind_beats_a_royal_flush(royal: str) -> None:
    # Seed 000 lists five of a kind after the royal flush, "the highest hand when playing
    # without the joker" ("den högsta handen när man spelar utan joker").
    ladder = [rank_of(text, "standard53") for text in FIVE_OF_A_KIND_LADDER]
    assert ladder[0] < rank_of(royal, "standard53") < ladder[1] < ladder[2]


@pytest.mark.parametrize("royal", ["As Ks Qs Js Ts", "As Ks Qs Js Jk"])
def test_royal_over_five_puts_the_royal_flush_above_five_of_a_kind(royal: str) -> None:
    # Seed 000: "Variant: in some circles that play with the joker, the royal flush counts as
    # higher than five of a kind".
    def value(text: str) -> HandRank:
        return best_hand(cards(text), deck="standard53", royal_over_five=True)[0]

    ladder = [value(text) for text in FIVE_OF_A_KIND_LADDER]
    assert ladder[0] < ladder[1] < ladder[2] < value(royal)
    assert value(royal).category is Category.STRAIGHT_FLUSH


@pytest.mark.parametrize("deck", ["standard", "short32", "short33"])
def test_royal_over_five_is_refused_where_there_is_no_five_of_a_kind(deck: DeckKind) -> None:
    with pytest.raises(ValueError, match="royal_over_five is a rule of the standard53 deck"):
        best_hand(cards("As Ks Qs Js Ts"), deck=deck, royal_over_five=True)


@pytest.mark.parametrize(
    ("with_joker", "natural"),
    [
        ("As Ks Qs Js Jk", "Ah Kh Qh Jh Th"),
        ("Ac Ad Kh Ks Jk", "As Ah Ad Kc Kd"),
        ("8h 9c Tc Jd Jk", "8c 9d Th Js Qc"),
        ("Ac Kd Qh 8s Jk", "As Ad Kc Qd 8h"),
        ("Ah Th 9h 8h Jk", "As Ks Ts 9s 8s"),
    ],
)
@pytest.mark.parametrize(("deck", "natural_wins"), [("standard53", False), ("short33", True)])
def test_joker_hand_splits_with_the_same_natural_value_except_in_the_short_deck(
    with_joker: str, natural: str, deck: DeckKind, natural_wins: bool
) -> None:
    # Seed 000 says nothing of a natural hand beating the joker, so equal values split; seed 003's
    # "a hand without the joker always beats" one with it stays in the 33-card deck.
    joker_rank, natural_rank = rank_of(with_joker, deck), rank_of(natural, deck)
    assert joker_rank.category is natural_rank.category
    assert joker_rank.tiebreak == natural_rank.tiebreak
    assert (joker_rank < natural_rank) is natural_wins
    assert (joker_rank == natural_rank) is not natural_wins


@pytest.mark.parametrize(
    ("lower", "higher"), list(zip(STANDARD_LADDER, STANDARD_LADDER[1:], strict=False))
)
def test_53_card_deck_ranks_natural_hands_like_the_standard_deck(
    lower: tuple[str, Category], higher: tuple[str, Category]
) -> None:
    low, high = rank_of(lower[0], "standard53"), rank_of(higher[0], "standard53")
    assert (low.category, high.category) == (lower[1], higher[1])
    assert low < high


def test_53_card_deck_keeps_the_natural_five_when_the_joker_adds_nothing() -> None:
    rank, five = best_hand(cards("As Ks Qs Js Ts 7d Jk"), deck="standard53")
    assert rank.natural is True
    assert rank.joker_as is None
    assert JOKER not in five


# --- Oracles: pokerkit --------------------------------------------------------------------------
#
# Intentional differences from pokerkit 0.7.7 (so they are not compared here):
# - Seed 003's 32-card deck (7..A) has no ace-low straight. pokerkit's ShortDeckHoldemHand is the
#   36-card game (6..A) whose lowest straight is A-6-7-8-9; with no sixes dealt, that straight
#   cannot occur, and A-7-8-9-T is a straight in neither, so the orders agree on 32-card hands.
# - The joker (33-card deck) has no pokerkit counterpart; tests above cover it.
# - pokerkit has no stud visible-hand or bring-in helper to compare with.


def pokerkit_hand(hand: tuple[Card, ...], kind: type[pokerkit.Hand]) -> pokerkit.Hand:
    return kind.from_game("".join(map(str, hand)))


def random_hands(
    deck: tuple[Card, ...], size: int, count: int, seed: int
) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(deck, size)) for _ in range(count)]


@pytest.mark.parametrize("size", [5, 6, 7])
def test_best_hand_orders_like_pokerkit_on_random_standard_hands(size: int) -> None:
    hands = random_hands(STANDARD_DECK, size, 3000, seed=size)
    ours = [best_hand(hand)[0] for hand in hands]
    theirs = [pokerkit_hand(hand, pokerkit.StandardHighHand) for hand in hands]
    for i in range(len(hands) - 1):
        assert sign(ours[i], ours[i + 1]) == sign(theirs[i], theirs[i + 1]), (
            hands[i],
            hands[i + 1],
        )
    # Sorting all of them compares far more pairs than neighbours alone.
    order = sorted(range(len(hands)), key=ours.__getitem__)
    for low, high in zip(order, order[1:], strict=False):
        assert sign(ours[low], ours[high]) == sign(theirs[low], theirs[high]), (
            hands[low],
            hands[high],
        )


def test_best_hand_orders_like_pokerkit_on_random_short_deck_hands() -> None:
    hands = random_hands(SHORT_DECK, 7, 3000, seed=32)
    ours = [best_hand(hand, deck="short32")[0] for hand in hands]
    theirs = [pokerkit_hand(hand, pokerkit.ShortDeckHoldemHand) for hand in hands]
    order = sorted(range(len(hands)), key=ours.__getitem__)
    for low, high in zip(order, order[1:], strict=False):
        assert sign(ours[low], ours[high]) == sign(theirs[low], theirs[high]), (
            hands[low],
            hands[high],
        )


def test_omaha_orders_like_pokerkit() -> None:
    rng = random.Random(4)
    deals = []
    for _ in range(300):
        dealt = rng.sample(STANDARD_DECK, 9)
        deals.append((tuple(dealt[:4]), tuple(dealt[4:])))
    ours = [best_omaha_hand(hole, board)[0] for hole, board in deals]
    theirs = [
        pokerkit.OmahaHoldemHand.from_game("".join(map(str, hole)), "".join(map(str, board)))
        for hole, board in deals
    ]
    order = sorted(range(len(deals)), key=ours.__getitem__)
    for low, high in zip(order, order[1:], strict=False):
        assert sign(ours[low], ours[high]) == sign(theirs[low], theirs[high]), (
            deals[low],
            deals[high],
        )


seven_cards = st.lists(st.sampled_from(STANDARD_DECK), min_size=7, max_size=7, unique=True)


@settings(max_examples=300)
@given(seven_cards, seven_cards)
def test_best_hand_agrees_with_pokerkit_on_any_two_hands(
    first: list[Card], second: list[Card]
) -> None:
    ours = sign(best_hand(first)[0], best_hand(second)[0])
    theirs = sign(
        pokerkit_hand(tuple(first), pokerkit.StandardHighHand),
        pokerkit_hand(tuple(second), pokerkit.StandardHighHand),
    )
    assert ours == theirs


# --- Properties ---------------------------------------------------------------------------------


@settings(max_examples=200)
@given(seven_cards)
def test_best_of_seven_is_the_best_of_its_five_card_choices(hand: list[Card]) -> None:
    rank, five = best_hand(hand)
    assert rank == max(best_hand(choice)[0] for choice in combinations(hand, 5))
    assert best_hand(five)[0] == rank
    assert set(five) <= set(hand) and len(set(five)) == 5


@given(seven_cards, st.randoms())
def test_card_order_does_not_change_the_value(hand: list[Card], rng: random.Random) -> None:
    shuffled = list(hand)
    rng.shuffle(shuffled)
    assert best_hand(shuffled)[0] == best_hand(hand)[0]


short_hands_with_joker = st.lists(
    st.sampled_from(SHORT_DECK), min_size=4, max_size=6, unique=True
).map(lambda hand: [*hand, JOKER])


@settings(max_examples=100)
@given(short_hands_with_joker)
def test_joker_is_worth_at_least_any_real_card_the_player_lacks(hand: list[Card]) -> None:
    rank, _ = best_hand(hand, deck="short33")
    others = [card for card in hand if not card.is_joker]
    value = (rank.strength, rank.tiebreak)
    for stand_in in SHORT_DECK:
        if stand_in not in others:
            real, _ = best_hand([*others, stand_in], deck="short32")
            assert value >= (real.strength, real.tiebreak)
    if rank.joker_as is not None:
        real, _ = best_hand([*others, rank.joker_as], deck="short32")
        assert value == (real.strength, real.tiebreak)


hands_of_the_53_card_deck_with_joker = st.lists(
    st.sampled_from(STANDARD_DECK), min_size=4, max_size=6, unique=True
).map(lambda hand: [*hand, JOKER])


@settings(max_examples=100)
@given(hands_of_the_53_card_deck_with_joker)
def test_53_card_joker_is_worth_at_least_any_real_card_the_player_lacks(hand: list[Card]) -> None:
    rank, _ = best_hand(hand, deck="standard53")
    others = [card for card in hand if not card.is_joker]
    value = (rank.strength, rank.tiebreak)
    for stand_in in STANDARD_DECK:
        if stand_in not in others:
            real, _ = best_hand([*others, stand_in])
            assert value >= (real.strength, real.tiebreak)
    if rank.joker_as is not None:
        # The joker hand splits with the natural hand it copies.
        assert rank == best_hand([*others, rank.joker_as], deck="standard53")[0]
    four_of_a_rank = any(sum(card.rank == o.rank for card in others) == 4 for o in others)
    assert (rank.category is Category.FIVE_OF_A_KIND) is four_of_a_rank
    # No seven cards make both a royal flush and five of a kind: the option only reorders them.
    with_option, _ = best_hand(hand, deck="standard53", royal_over_five=True)
    assert (with_option.category, with_option.tiebreak) == (rank.category, rank.tiebreak)


@settings(max_examples=100)
@given(seven_cards)
def test_53_card_deck_values_hands_without_the_joker_like_the_standard_deck(
    hand: list[Card],
) -> None:
    assert best_hand(hand, deck="standard53") == best_hand(hand)


def test_omaha_fast_ranking_picks_the_same_hand_as_trying_every_five() -> None:
    """best_omaha_hand ranks its 60 five-card hands by a cheap key: it must agree with the full
    evaluation of every combination (seeded, 2,000 deals)."""
    from itertools import combinations
    from random import Random

    from dealer.engine.cards import standard_deck
    from dealer.engine.evaluate import best_hand, best_omaha_hand

    rnd = Random(20261122)
    deck = standard_deck()
    for _ in range(2000):
        cards = rnd.sample(deck, 9)
        hole, board = cards[:4], cards[4:]
        slow = max(
            best_hand((*two, *three))[0]
            for two in combinations(hole, 2)
            for three in combinations(board, 3)
        )
        assert best_omaha_hand(hole, board)[0] == slow


# --- The bitmask evaluation against the best of every five-card choice ---------------------------

# Few ranks in few suits make the rare shapes common: the wheel and the steel wheel, a flush and
# a straight in different suits, two threes of a kind, three pairs, four of a kind.
LOW_RUNS = tuple(Card(rank, suit) for rank in (14, 2, 3, 4, 5, 6, 7) for suit in "hs")
FEW_RANKS = tuple(Card(rank, suit) for rank in (13, 12, 9) for suit in "cdhs")
FLUSH_AND_STRAIGHT = (*cards("5h 6h 7h 8h 9h Th Jh Qh"), *cards("6c 7d 8s 9c Td Jd"))


def hands_from(deck: tuple[Card, ...]) -> st.SearchStrategy[list[Card]]:
    return st.lists(st.sampled_from(deck), min_size=5, max_size=7, unique=True)


any_hand = st.one_of(
    hands_from(STANDARD_DECK),
    hands_from(LOW_RUNS),
    hands_from(FEW_RANKS),
    hands_from(FLUSH_AND_STRAIGHT),
)


def by_combinations(hand: list[Card], deck: DeckKind = "standard") -> tuple[HandRank, Any]:
    return _best_by_combinations(hand, _rules(deck))


@settings(max_examples=600)
@given(any_hand)
@example(list(cards("Ah 2c 3d 4s 5h Kd Kc")))  # the wheel beside a pair
@example(list(cards("Ah 2h 3h 4h 5h 6c 9d")))  # the steel wheel beats the six-high straight
@example(list(cards("5h 6c 7h 8d 9h Kh 2h")))  # a flush and a straight in other suits
@example(list(cards("As Ad Ac Ks Kd Kc 2h")))  # two threes of a kind
@example(list(cards("As Ad Ks Kd Qs Qd 2c")))  # three pairs
@example(list(cards("2s 2d 3s 3d Qs Qd Ac")))  # three pairs, the single card is the kicker
def test_bitmask_evaluation_equals_the_best_five_card_choice(hand: list[Card]) -> None:
    rank, five = best_hand(hand)
    assert rank == by_combinations(hand)[0]
    # The five cards too: the same as the general (counting) path picks.
    assert (rank, five) == _best(hand, _rules("standard"))
    assert best_hand(five)[0] == rank
    assert rank_key7(hand) == rank_key7(five)


short_hand = st.lists(st.sampled_from(SHORT_DECK), min_size=5, max_size=7, unique=True)


@settings(max_examples=300)
@given(short_hand)
@example(list(cards("Ah 7c 8d 9s Th")))  # no wheel in the short deck: ace high
@example(list(cards("7h 8h 9h Th Jh Qc Ad")))  # the lowest straight flush
@example(list(cards("Ah Kh Qh 9h 7h Ac Ad")))  # the flush above the full house
def test_bitmask_evaluation_equals_the_best_five_card_choice_in_the_short_deck(
    hand: list[Card],
) -> None:
    assert best_hand(hand, deck="short32")[0] == by_combinations(hand, "short32")[0]
    assert best_hand(hand, deck="short32") == _best(hand, _rules("short32"))


@settings(max_examples=400)
@given(any_hand, any_hand)
def test_rank_key7_orders_like_the_hand_rank(first: list[Card], second: list[Card]) -> None:
    assert sign(rank_key7(first), rank_key7(second)) == sign(
        best_hand(first)[0], best_hand(second)[0]
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("As Kd Qh Jc", "5 to 7 cards, not 4"),
        ("As Kd Qh Jc As", "the same card appears twice"),
        ("As Kd Qh Jc Jk", "only in the standard53 and short33 decks"),
    ],
)
def test_rank_key7_refuses_what_best_hand_refuses(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        rank_key7(cards(text))
