"""Poker dice hands: seed 003's ranking and tie rules as tables; the classifier vs brute force."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer.engine.dice import FACES, FIVE_ACES, Face, Hand, Kind, all_hands, classify, parse_dice

ALL_ROLLS = list(itertools.product(FACES, repeat=5))


def test_the_seeds_ranking_from_low_to_high() -> None:
    # "Póker samstæður frá lágu í hátt eru": EITT SETT, TVÖ SETT, ÞRÍR Í RÖÐ, BEINN, FULL HÚS,
    # BEINN HÁR, FJÓRIR AF SAMA, PÓKER.
    assert [k.seed_name for k in sorted(Kind) if k is not Kind.NOTHING] == [
        "EITT SETT",
        "TVÖ SETT",
        "ÞRÍR Í RÖÐ",
        "BEINN",
        "FULL HÚS",
        "BEINN HÁR",
        "FJÓRIR AF SAMA",
        "PÓKER",
    ]


# One example of each, lowest first; every one beats all before it.
LADDER = [
    ("9 10 J Q A", Kind.NOTHING),
    ("A A K Q J", Kind.PAIR),
    ("K K 9 9 A", Kind.TWO_PAIRS),
    ("9 9 9 10 J", Kind.THREE_OF_A_KIND),
    ("9 10 J Q K", Kind.LOW_STRAIGHT),
    ("9 9 9 10 10", Kind.FULL_HOUSE),
    ("10 J Q K A", Kind.HIGH_STRAIGHT),
    ("9 9 9 9 10", Kind.FOUR_OF_A_KIND),
    ("9 9 9 9 9", Kind.FIVE_OF_A_KIND),
]


@pytest.mark.parametrize(("dice", "kind"), LADDER)
def test_each_combination_is_classified(dice: str, kind: Kind) -> None:
    assert classify(dice).kind is kind


def test_each_combination_beats_every_lower_one() -> None:
    hands = [classify(dice) for dice, _ in LADDER]
    assert hands == sorted(hands)
    assert all(a < b for a, b in itertools.pairwise(hands))


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        # "tveir kóngar vinna tvær tíur"
        ("K K 9 J A", "10 10 9 J A"),
        # "tveir kóngar og tvær níur hærri en tveir gosar og tvær tíur"
        ("K K 9 9 A", "J J 10 10 A"),
        # same higher pair: the other pair decides (the seed's card game says so)
        ("K K 10 10 9", "K K 9 9 A"),
        ("Q Q Q 9 10", "J J J A K"),
        # a full house: the three first ("Gildi þeirra spila sem eru þrjú af sama ræður")
        ("J J J 9 9", "10 10 10 A A"),
        ("J J J 10 10", "J J J 9 9"),
        ("A A A A 9", "K K K K A"),
        ("A A A A A", "K K K K K"),
    ],
)
def test_tie_rules(higher: str, lower: str) -> None:
    assert classify(higher) > classify(lower)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # The odd dice never count: these are ties, and the round is played again.
        ("K K 9 J A", "K K 10 Q J"),
        ("K K 9 9 A", "9 K 9 10 K"),
        ("Q Q Q 9 10", "Q Q Q A K"),
        ("9 10 J Q K", "K Q J 10 9"),
        ("9 10 J Q A", "9 J Q K A"),
    ],
)
def test_equal_hands_tie(a: str, b: str) -> None:
    assert classify(a) == classify(b)


def brute_force(dice: tuple[Face, ...]) -> Hand:
    """The hand by definition: the highest of all hands the dice satisfy."""

    def has(face: Face, n: int) -> bool:
        return dice.count(face) >= n

    candidates = [Hand(Kind.NOTHING)]
    for a in FACES:
        for n, kind in [
            (2, Kind.PAIR),
            (3, Kind.THREE_OF_A_KIND),
            (4, Kind.FOUR_OF_A_KIND),
            (5, Kind.FIVE_OF_A_KIND),
        ]:
            if has(a, n):
                candidates.append(Hand(kind, (a,)))
        for b in FACES:
            if a > b and has(a, 2) and has(b, 2):
                candidates.append(Hand(Kind.TWO_PAIRS, (a, b)))
            if a != b and has(a, 3) and has(b, 2):
                candidates.append(Hand(Kind.FULL_HOUSE, (a, b)))
    if sorted(dice) == list(FACES[:5]):
        candidates.append(Hand(Kind.LOW_STRAIGHT))
    if sorted(dice) == list(FACES[1:]):
        candidates.append(Hand(Kind.HIGH_STRAIGHT))
    return max(candidates)


def test_classifier_agrees_with_brute_force_on_every_roll() -> None:
    for dice in ALL_ROLLS:
        assert classify(dice) == brute_force(dice), dice


@given(st.lists(st.sampled_from(FACES), min_size=5, max_size=5), st.randoms())
def test_classifier_agrees_with_brute_force_in_any_order(dice: list[Face], rnd) -> None:
    shuffled = list(dice)
    rnd.shuffle(shuffled)
    assert classify(dice) == classify(shuffled) == brute_force(tuple(dice))


def test_how_many_of_the_7776_rolls_make_each_combination() -> None:
    assert len(ALL_ROLLS) == 6**5
    assert Counter(classify(d).kind for d in ALL_ROLLS) == {
        Kind.NOTHING: 480,
        Kind.PAIR: 3600,
        Kind.TWO_PAIRS: 1800,
        Kind.THREE_OF_A_KIND: 1200,
        Kind.LOW_STRAIGHT: 120,
        Kind.FULL_HOUSE: 300,
        Kind.HIGH_STRAIGHT: 120,
        Kind.FOUR_OF_A_KIND: 150,
        Kind.FIVE_OF_A_KIND: 6,
    }


def test_all_hands_is_every_hand_the_dice_make() -> None:
    assert set(all_hands()) == {classify(d) for d in ALL_ROLLS}
    assert all_hands()[-1] == FIVE_ACES


def test_a_combination_can_be_tapped_instead_of_dice() -> None:
    assert Hand.of("TWO_PAIRS", "9", "K") == classify("K 9 K 9 A")
    assert Hand.of(Kind.FULL_HOUSE, "J", 10) == classify("J J J 10 10")
    assert str(Hand.of("FULL_HOUSE", "J", "10")) == "a full house, three jacks and two tens"


@pytest.mark.parametrize(
    "dice",
    [
        "9 10 J Q K A",  # six dice
        "9 10 J Q",  # four
        "2 10 J Q K",  # a face poker dice do not have
        "9 10 J Q 1",
        "9 10 J Q X",
        (9, 10, 11, 12, 15),
        (9, 10, 11, 12, True),
        "",
    ],
)
def test_bad_dice_are_refused(dice: object) -> None:
    with pytest.raises(ValueError):
        parse_dice(dice)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        classify(dice)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kind", "faces"),
    [
        ("PAIR", ()),
        ("PAIR", ("K", "Q")),
        ("TWO_PAIRS", ("K", "K")),
        ("FULL_HOUSE", ("K",)),
        ("LOW_STRAIGHT", ("K",)),
        ("SIX_OF_A_KIND", ("K",)),
        ("PAIR", ("7",)),
    ],
)
def test_bad_combinations_are_refused(kind: str, faces: tuple[str, ...]) -> None:
    with pytest.raises(ValueError):
        Hand.of(kind, *faces)
