"""Poker-Deluxe's points tables and classifier against combinatorics and brute force."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from math import comb, factorial, perm, prod

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer.engine.cards import JOKER, Card, parse_cards, standard_deck
from dealer.engine.deluxe import (
    VARIANTS,
    Combo,
    Hand,
    Row,
    Variant,
    check_cards,
    classify,
    get_variant,
    parse_combo,
    straight_top,
)

DECK = standard_deck()
ROWS = [(v.cards, row) for v in VARIANTS.values() for row in v.rows]
DIFFERENT_RANKS = (Combo.NATURELL, Combo.FLUSH, Combo.STRAIGHT, Combo.STRAIGHT_FLUSH)


# --- the odds, recomputed -----------------------------------------------------------------------


def count_hands(cards: int, combo: Combo) -> int:
    """How many hands of `cards` cards from 52 are exactly that combination."""
    rank_sets = comb(13, cards)
    straights = 15 - cards  # runs of `cards` values in A(1), 2, …, K, A(14)
    match combo:
        case Combo.STRAIGHT_FLUSH:
            return straights * 4
        case Combo.STRAIGHT:
            return straights * (4**cards - 4)
        case Combo.FLUSH:
            return (rank_sets - straights) * 4
        case Combo.NATURELL:
            return (rank_sets - straights) * (4**cards - 4)
    sizes = combo.groups + (1,) * (cards - sum(combo.groups))
    # Different ranks for the groups; groups of the same size are interchangeable.
    ranks = perm(13, len(sizes)) // prod(factorial(m) for m in Counter(sizes).values())
    return ranks * prod(comb(4, size) for size in sizes)


def seed_figure(odds: Fraction) -> str:
    """Odds written the seed's way: whole numbers from 100 ("1 : 20.825"), else three
    significant digits ("1 : 97,7", "1 : 3,29"), rounded half up, German digits."""
    if odds >= 100:
        whole = int(odds + Fraction(1, 2))
        return f"1 : {whole:,}".replace(",", ".")
    decimals = 2 if odds < 10 else 1
    scaled = int(odds * 10**decimals + Fraction(1, 2))
    text = str(scaled)
    return f"1 : {text[:-decimals]},{text[-decimals:]}"


@pytest.mark.parametrize(("cards", "row"), ROWS, ids=[f"{c}-{r.name}" for c, r in ROWS])
def test_every_odds_figure_of_the_seed_is_exact(cards: int, row: Row) -> None:
    odds = Fraction(comb(52, cards), count_hands(cards, row.combo))
    assert seed_figure(odds) == row.odds
    assert abs(Fraction(row.odds_against) - odds) <= Fraction(1, 2)


@pytest.mark.parametrize("cards", sorted(VARIANTS))
def test_each_table_counts_every_hand_once(cards: int) -> None:
    assert sum(count_hands(cards, c) for c in VARIANTS[cards].combos) == comb(52, cards)


def shapes(cards: int) -> set[tuple[int, ...]]:
    """Every way `cards` cards fall into groups of equal ranks (at most 4 of a rank)."""
    found = set()
    for counts in itertools.product(range(5), repeat=cards):
        if sum(counts) == cards:
            found.add(tuple(sorted((c for c in counts if c > 1), reverse=True)))
    return found


@pytest.mark.parametrize("cards", sorted(VARIANTS))
def test_a_table_lists_every_shape_and_nothing_else(cards: int) -> None:
    combos = set(VARIANTS[cards].combos)
    assert combos >= set(DIFFERENT_RANKS)
    assert {c.groups for c in combos - set(DIFFERENT_RANKS)} == shapes(cards) - {()}
    assert len(combos) == len(VARIANTS[cards].rows)


@pytest.mark.parametrize("cards", sorted(VARIANTS))
def test_points_never_rise_down_a_table(cards: int) -> None:
    points = [row.points for row in VARIANTS[cards].rows]
    assert points == sorted(points, reverse=True)


def test_the_seed_tables_open_and_close_as_printed() -> None:
    assert VARIANTS[4].rows[0].odds == "1 : 20.825"
    assert (VARIANTS[4].rows[0].name, VARIANTS[4].rows[0].points) == ("Ein Vierling", 20)
    assert VARIANTS[8].row(Combo.STRAIGHT_FLUSH).odds == "1 : 26.876.363"
    assert VARIANTS[7].points("Ein Drilling + Zwei Paare") == 5
    assert VARIANTS[7].points("Ein Vierling + Ein Paar") == 7
    assert [v.title for v in VARIANTS.values()] == [
        "Vier-Karten-Variante",
        "Fünf-Karten-Variante",
        "Sechs-Karten-Variante",
        "Sieben-Karten-Variante",
        "Acht-Karten-Variante",
    ]


def test_all_four_card_hands_fall_into_the_counted_combinations() -> None:
    found = Counter(classify(4, hand).combo for hand in itertools.combinations(DECK, 4))
    assert found == {combo: count_hands(4, combo) for combo in VARIANTS[4].combos}


# --- the classifier -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "text", "combo", "ranks"),
    [
        # The seed's examples of chapter 2.
        (4, "5s 7h Td Ah", Combo.NATURELL, (14, 10, 7, 5)),
        (6, "3s 5s 8s 9s Js Ks", Combo.FLUSH, (13, 11, 9, 8, 5, 3)),
        (5, "8h 9d Tc Jd Qs", Combo.STRAIGHT, (12, 11, 10, 9, 8)),
        (7, "Ac 2c 3c 4c 5c 6c 7c", Combo.STRAIGHT_FLUSH, (7, 6, 5, 4, 3, 2, 1)),
        (4, "Jh Js 2c 9d", Combo.PAIR, (11, 9, 2)),
        (4, "Qh Qs Qc 9d", Combo.TRIPS, (12, 9)),
        (4, "Kh Ks Kc Kd", Combo.QUADS, (13,)),
        (5, "Ah 2d 3c 4s 5h", Combo.STRAIGHT, (5, 4, 3, 2, 1)),
        (5, "Th Jd Qc Ks Ah", Combo.STRAIGHT, (14, 13, 12, 11, 10)),
        (4, "Qh Kd Ac 2s", Combo.NATURELL, (14, 13, 12, 2)),  # no wrapping round the ace
        (7, "9h 9d 9c 5s 5h 2c 2d", Combo.TRIPS_TWO_PAIRS, (9, 5, 2)),
        (7, "Ah Ad Ac As 3s 3h 7c", Combo.QUADS_PAIR, (14, 3, 7)),
        (8, "2h 2d 2c 2s 3h 3d 3c 3s", Combo.TWO_QUADS, (3, 2)),
        (8, "2h 2d 5c 5s 9h 9d Kc Ks", Combo.FOUR_PAIRS, (13, 9, 5, 2)),
        (6, "2h 2d 2c 7h 7d 7c", Combo.TWO_TRIPS, (7, 2)),
        (8, "6h 6d 6c 7h 7d 7c As Ad", Combo.TWO_TRIPS_PAIR, (7, 6, 14)),
    ],
)
def test_classify(cards: int, text: str, combo: Combo, ranks: tuple[int, ...]) -> None:
    hand = classify(cards, text)
    assert hand.combo is combo
    assert hand.ranks == ranks
    assert hand.points == VARIANTS[cards].points(combo)


def test_the_ace_low_straight_is_the_lowest() -> None:
    wheel = classify(5, "Ah 2d 3c 4s 5h")
    six_high = classify(5, "2h 3d 4c 5s 6h")
    ace_high = classify(5, "Th Jd Qc Ks Ah")
    assert wheel.key < six_high.key < ace_high.key


def test_same_points_are_ordered_by_the_table() -> None:
    # Four cards: Ein Drilling, Straße, Zwei Paare and Farbflöte are all worth 4 points.
    trips = classify(4, "2h 2d 2c 3s")
    straight = classify(4, "Jh Qd Kc As")
    assert trips.points == straight.points == 4
    assert trips.key > straight.key


@pytest.mark.parametrize(
    ("cards", "given", "message"),
    [
        (5, "As Kd 7h 7c", "needs 5 cards, not 4"),
        (4, "As Kd 7h 7c 2c", "needs 4 cards, not 5"),
        (4, "As As 7h 7c", "As is there twice"),
        (4, "As Kd 7h Jk", "Jk is not a card of the 52-card deck"),
        (4, "As Kd 7h Zz", "'Zz' is not a card"),
    ],
)
def test_cards_that_are_not_the_variants_count_of_distinct_cards_are_refused(
    cards: int, given: str, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        classify(cards, given)


def test_cards_may_be_card_objects() -> None:
    assert check_cards(4, parse_cards("As Kd 7h 7c")) == parse_cards("As Kd 7h 7c")
    with pytest.raises(ValueError, match="Jk is not a card"):
        check_cards(4, (JOKER, Card(14, "s"), Card(13, "s"), Card(12, "s")))


@pytest.mark.parametrize("cards", [3, 9, 0, True, "4"])
def test_there_are_five_variants(cards: object) -> None:
    with pytest.raises(ValueError, match="4 to 8 cards"):
        get_variant(cards)  # type: ignore[arg-type]


def test_a_combination_the_variant_does_not_have_is_refused() -> None:
    with pytest.raises(ValueError, match=r"Drei Paare is not a combination of the Fünf-Karten"):
        VARIANTS[5].row(Combo.THREE_PAIRS)
    with pytest.raises(ValueError, match="not a Poker-Deluxe combination"):
        VARIANTS[5].row("Royal Flush")


def test_combinations_by_german_name_or_english_key() -> None:
    assert parse_combo(" ein drilling  +  zwei paare ") is Combo.TRIPS_TWO_PAIRS
    assert parse_combo("straight_flush") is Combo.STRAIGHT_FLUSH
    assert parse_combo("Farbflöte") is Combo.FLUSH


# --- brute force: the seed's definitions and tie rules, sentence by sentence ----------------------


def brute_straight(ranks: list[int]) -> list[int] | None:
    """The straight's values high to low, the ace as 1 when it is used low, or None."""
    n = len(ranks)
    for low in range(1, 15 - n + 1):
        values = list(range(low, low + n))
        if sorted(14 if v == 1 else v for v in values) == sorted(ranks):
            return values[::-1]
    return None


def brute_combo(variant: Variant, hand: tuple[Card, ...]) -> Combo:
    ranks = [c.rank for c in hand]
    same_suit = len({c.suit for c in hand}) == 1
    matches = []
    for combo in variant.combos:
        if combo in DIFFERENT_RANKS:
            straight = len(set(ranks)) == len(ranks) and brute_straight(ranks) is not None
            ok = len(set(ranks)) == len(ranks) and (
                (combo is Combo.NATURELL and not straight and not same_suit)
                or (combo is Combo.FLUSH and not straight and same_suit)
                or (combo is Combo.STRAIGHT and straight and not same_suit)
                or (combo is Combo.STRAIGHT_FLUSH and straight and same_suit)
            )
        else:
            groups = sorted((k for k in Counter(ranks).values() if k > 1), reverse=True)
            ok = tuple(groups) == combo.groups
        if ok:
            matches.append(combo)
    assert len(matches) == 1, matches
    return matches[0]


def seed_compare(variant: Variant, a: tuple[Card, ...], b: tuple[Card, ...]) -> int:
    """+1 if a wins, -1 if b wins, 0 for "absolute Übereinstimmung" (two hands of one deck)."""

    def sign(x: object, y: object) -> int:
        return (x > y) - (x < y)  # type: ignore[operator]

    ca, cb = brute_combo(variant, a), brute_combo(variant, b)
    if ca is not cb:
        return sign(variant.order(ca), variant.order(cb))
    ra, rb = [c.rank for c in a], [c.rank for c in b]
    if ca in DIFFERENT_RANKS:
        # "entscheidet die höchste Karte über den Gewinn (dann die zweithöchste Karte …)"
        va = brute_straight(ra) or sorted(ra, reverse=True)
        vb = brute_straight(rb) or sorted(rb, reverse=True)
        return sign(va, vb)

    def of_size(ranks: list[int], size: int) -> list[int]:
        return sorted((r for r, k in Counter(ranks).items() if k == size), reverse=True)

    if 4 in ca.groups:  # "gewinnt der höchste Vierling"
        return sign(max(of_size(ra, 4)), max(of_size(rb, 4)))
    if 3 in ca.groups:  # "gewinnt der höchste Drilling"
        return sign(max(of_size(ra, 3)), max(of_size(rb, 3)))
    # "gewinnt das höchste Paar (dann das zweithöchste Paar …)", then "die höchste Beikarte"
    return sign(of_size(ra, 2) + of_size(ra, 1), of_size(rb, 2) + of_size(rb, 1))


@st.composite
def two_hands(draw: st.DrawFn) -> tuple[Variant, tuple[Card, ...], tuple[Card, ...]]:
    """Two hands of one deck, often of the same rarer combination: dealt from a deck of a few
    ranks (quads, trips, pairs), or built as runs or one-suit hands (straights, flushes)."""
    variant = VARIANTS[draw(st.sampled_from(sorted(VARIANTS)))]
    n = variant.cards
    mode = draw(st.sampled_from(["deck", "few ranks", "different ranks"]))
    if mode == "different ranks":
        # Player A's suits are clubs and diamonds, B's hearts and spades: one deck.
        return variant, draw(different_ranks(n, "cd")), draw(different_ranks(n, "hs"))
    if mode == "deck":
        deck = list(DECK)
    else:
        few = (2 * n + 3) // 4
        ranks = draw(st.lists(st.integers(2, 14), min_size=few, max_size=few + 2, unique=True))
        deck = [c for c in DECK if c.rank in ranks]
    cards = draw(st.permutations(deck))
    return variant, tuple(cards[:n]), tuple(cards[n : 2 * n])


@st.composite
def different_ranks(draw: st.DrawFn, n: int, suits: str) -> tuple[Card, ...]:
    """n different ranks, often a run, often of one suit."""
    if draw(st.booleans()):
        low = draw(st.integers(1, 15 - n))
        ranks = [14 if v == 1 else v for v in range(low, low + n)]
    else:
        ranks = draw(st.lists(st.integers(2, 14), min_size=n, max_size=n, unique=True))
    if draw(st.booleans()):
        chosen = [draw(st.sampled_from(suits))] * n
    else:
        chosen = draw(st.lists(st.sampled_from(suits), min_size=n, max_size=n))
    return tuple(Card(rank, suit) for rank, suit in zip(ranks, chosen, strict=True))


@settings(max_examples=1500, deadline=None)
@given(two_hands())
def test_classify_agrees_with_brute_force(
    hands: tuple[Variant, tuple[Card, ...], tuple[Card, ...]],
) -> None:
    variant, a, b = hands
    hand_a, hand_b = classify(variant, a), classify(variant, b)
    assert hand_a.combo is brute_combo(variant, a)
    assert hand_b.combo is brute_combo(variant, b)
    expected = seed_compare(variant, a, b)
    assert (hand_a.key > hand_b.key) - (hand_a.key < hand_b.key) == expected


def test_an_absolute_tie_has_equal_keys() -> None:
    a = classify(4, "2c 5d 9h Ks")
    b = classify(4, "2d 5h 9s Kc")
    assert isinstance(a, Hand) and a.key == b.key


def test_straight_top() -> None:
    assert straight_top([14, 2, 3, 4]) == 4
    assert straight_top([11, 12, 13, 14]) == 14
    assert straight_top([12, 13, 14, 2]) is None
