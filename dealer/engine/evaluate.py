"""Hand values: the best five cards at showdown, and stud helpers (who brings in, who acts first).

Pure Python: no Django, no clock, no I/O. Labels are English; the Django layer translates them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Container, Sequence
from dataclasses import dataclass, field, replace
from enum import IntEnum
from itertools import combinations
from types import MappingProxyType
from typing import Final

from dealer.engine.cards import (
    ACE,
    JOKER_SUIT,
    SUIT_ORDER,
    SUITS,
    Card,
    DeckKind,
    card_order_key,
    standard_deck,
)


class Category(IntEnum):
    """Hand categories in the standard (52-card) order, low to high; five of a kind only exists
    with the joker of the 53-card deck (seed 000)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9


CATEGORY_LABELS: Final = MappingProxyType(
    {
        Category.HIGH_CARD: "High card",
        Category.PAIR: "Pair",
        Category.TWO_PAIR: "Two pair",
        Category.THREE_OF_A_KIND: "Three of a kind",
        Category.STRAIGHT: "Straight",
        Category.FLUSH: "Flush",
        Category.FULL_HOUSE: "Full house",
        Category.FOUR_OF_A_KIND: "Four of a kind",
        Category.STRAIGHT_FLUSH: "Straight flush",
        Category.FIVE_OF_A_KIND: "Five of a kind",
    }
)


@dataclass(frozen=True, slots=True, order=True, kw_only=True)
class HandRank:
    """The value of a hand; a higher HandRank wins, equal ones split.

    Compare only ranks made for the same deck and options: `strength` is the hand's place in that
    deck's ranking (seed 003's short deck moves the flush above the full house; seed 000's
    royal_over_five puts the royal flush above five of a kind), then `tiebreak` (ranks, most
    significant first), then `natural_edge` (seed 003 only: without the joker beats with it).

    `natural` (no joker plays) and `joker_as` (the card the joker stands for; None also for five
    of a kind, whose fifth card is no card of the deck) describe the hand without ranking it.
    """

    strength: int
    tiebreak: tuple[int, ...]
    # False only for a "short33" hand in which the joker plays; every other hand has the edge, so
    # in the other decks equal values split whether the joker plays or not.
    natural_edge: bool = True
    category: Category = field(compare=False)
    natural: bool = field(default=True, compare=False)
    joker_as: Card | None = field(default=None, compare=False)

    @property
    def label(self) -> str:
        """English name of the category, e.g. "Full house"."""
        return CATEGORY_LABELS[self.category]


@dataclass(frozen=True, slots=True, kw_only=True)
class _Rules:
    ranking: tuple[Category, ...]  # low to high
    lowest_rank: int
    ace_low_straight: bool
    joker: bool
    natural_beats_joker: bool = False  # at the same value; else a joker hand splits with it
    royal_over_five: bool = False

    @property
    def five_of_a_kind(self) -> bool:
        return Category.FIVE_OF_A_KIND in self.ranking

    def strength(self, category: Category, tiebreak: tuple[int, ...]) -> int:
        if self.royal_over_five and category is Category.STRAIGHT_FLUSH and tiebreak == (ACE,):
            # Seed 000: "Variant: in some circles that play with the joker, the royal flush counts
            # as higher than five of a kind" ("Variant: I vissa kretsar som spelar med joker
            # räknas royal flush som högre än femtal"). A place of its own above the top category.
            return len(self.ranking)
        return self.ranking.index(category)

    def rank(
        self,
        category: Category,
        tiebreak: tuple[int, ...],
        *,
        natural: bool = True,
        joker_as: Card | None = None,
    ) -> HandRank:
        return HandRank(
            strength=self.strength(category, tiebreak),
            tiebreak=tiebreak,
            natural_edge=natural or not self.natural_beats_joker,
            category=category,
            natural=natural,
            joker_as=joker_as,
        )


# Seed 003, section 7, lists the combinations "from low to high" ("frá lágu upp í hátt"): one pair,
# two pair, three of a kind, straight, full house, flush ("EINLIT HÖND", "one-suit hand"), four of
# a kind ("PÓKER"), straight flush, royal flush. So the flush beats the full house; the royal flush
# is the ace-high straight flush, not a category of its own.
_SHORT_RANKING: Final = (
    Category.HIGH_CARD,
    Category.PAIR,
    Category.TWO_PAIR,
    Category.THREE_OF_A_KIND,
    Category.STRAIGHT,
    Category.FULL_HOUSE,
    Category.FLUSH,
    Category.FOUR_OF_A_KIND,
    Category.STRAIGHT_FLUSH,
)

_STANDARD_RANKING: Final = tuple(
    category for category in Category if category is not Category.FIVE_OF_A_KIND
)

_RULES: Final = MappingProxyType(
    {
        "standard": _Rules(
            ranking=_STANDARD_RANKING, lowest_rank=2, ace_low_straight=True, joker=False
        ),
        # Seed 000 (Mörkpoker) lists five of a kind last, above the royal flush: "Five of a kind.
        # Four cards of the same rank and the joker ... There is no five of a kind when playing
        # without the joker" ("Femtal. Fyra kort av samma valör och jokern ... Femtal finns inte
        # när man spelar utan joker"). The seed adds no rule on a hand made with the joker against
        # the same natural value, so they split. Its straights and the wheel are the standard ones.
        "standard53": _Rules(
            ranking=(*_STANDARD_RANKING, Category.FIVE_OF_A_KIND),
            lowest_rank=2,
            ace_low_straight=True,
            joker=True,
        ),
        # Seed 003: "Five cards in sequence but not in the same suit. The highest sequence wins,
        # e.g. ten, jack, queen, king, ace" ("Fimm spil í röð en ekki í sama lit. Hæsta röð vinnur
        # t.d. tía, gosi, ..."). It never lets the ace play low (no A-7-8-9-10), so it doesn't here.
        "short32": _Rules(
            ranking=_SHORT_RANKING, lowest_rank=7, ace_low_straight=False, joker=False
        ),
        # Seed 003, 9a: the joker "counts as any card the player is missing" ("gildir hann þá sem
        # hvaða spil sem er sem leikmanninn vantar"), and "A hand without the joker always beats a
        # hand that has the joker instead, at the same value" ("Sögn án jokers vinnur ávalt á móti
        # hönd sem hefur joker í staðinn miðað við sama gildi").
        "short33": _Rules(
            ranking=_SHORT_RANKING,
            lowest_rank=7,
            ace_low_straight=False,
            joker=True,
            natural_beats_joker=True,
        ),
    }
)

# Tried from the ace of spades down, so a joker that could be several equal cards names the highest.
_JOKER_STAND_INS: Final = tuple(sorted(standard_deck(), key=card_order_key, reverse=True))

_Evaluation = tuple[Category, tuple[int, ...], tuple[Card, ...]]


def best_hand(
    cards: Sequence[Card], *, deck: DeckKind = "standard", royal_over_five: bool = False
) -> tuple[HandRank, tuple[Card, ...]]:
    """The value of the best five of 5 to 7 cards, and those five cards (most significant first).

    deck="short32"/"short33" applies seed 003's rules: the flush beats the full house, the ace is
    high only, and in "short33" the joker stands for any card the player does not hold (and a
    natural hand beats the same value made with it).

    deck="standard53" applies seed 000's: the joker stands for any card the player does not hold
    or for a fifth card of a rank they hold four of; five of a kind is the top hand, or just below
    the royal flush with royal_over_five=True (only this deck takes that option). A hand made with
    the joker splits with the same natural value.
    """
    rules = _rules(deck, royal_over_five=royal_over_five)
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"a hand is made from 5 to 7 cards, not {len(cards)}")
    total, ids = hand_masks(cards)
    if ids.bit_count() == len(cards) and not ids & _below_deck(rules):
        # Distinct real cards of the deck: the bitmask evaluation. A joker, a repeated card or a
        # card the deck lacks takes the general path, which values the joker or says what's wrong.
        return _fast_best(cards, total, ids, rules, (deck, royal_over_five))
    _check_cards(cards, rules)
    return _best(cards, rules)


def best_omaha_hand(
    hole: Sequence[Card], board: Sequence[Card], *, deck: DeckKind = "standard"
) -> tuple[HandRank, tuple[Card, ...]]:
    """The best Omaha hand: exactly two of the 4+ hole cards and three of the 3 to 5 board cards."""
    rules = _rules(deck)
    if len(hole) < 4:
        raise ValueError(f"an Omaha hand has at least 4 hole cards, not {len(hole)}")
    if not 3 <= len(board) <= 5:
        raise ValueError(f"an Omaha board has 3 to 5 cards, not {len(board)}")
    _check_cards([*hole, *board], rules)
    if not rules.joker:
        # Up to 60 five-card hands: rank them by their integer key, build the full value once.
        twos = [(two, *hand_masks(two)) for two in combinations(hole, 2)]
        threes = [(three, *hand_masks(three)) for three in combinations(board, 3)]
        ace_low = rules.ace_low_straight
        best_key, five = -1, ()
        for two, total2, ids2 in twos:
            for three, total3, ids3 in threes:
                key = _key(total2 + total3, ids2 | ids3, ace_low)
                if key > best_key:  # the first of equal hands, as the general path picks
                    best_key, five = key, (*two, *three)
        total, ids = hand_masks(five)
        return _fast_best(five, total, ids, rules, (deck, False))
    fives = [(*two, *three) for two in combinations(hole, 2) for three in combinations(board, 3)]
    best: tuple[HandRank, tuple[Card, ...]] | None = None
    for five in fives:
        candidate = _best(five, rules)
        if best is None or candidate[0] > best[0]:
            best = candidate
    assert best is not None  # at least one combination exists given the checks above
    return best


def _rules(deck: DeckKind, *, royal_over_five: bool = False) -> _Rules:
    try:
        rules = _RULES[deck]
    except KeyError:
        raise ValueError(
            f"{deck!r} is not a deck: use standard, standard53, short32 or short33"
        ) from None
    if royal_over_five:
        if not rules.five_of_a_kind:
            raise ValueError(
                f"royal_over_five is a rule of the standard53 deck: {deck} has no five of a kind"
            )
        rules = replace(rules, royal_over_five=True)
    return rules


def _check_cards(cards: Sequence[Card], rules: _Rules) -> None:
    if len(set(cards)) != len(cards):
        raise ValueError(f"the same card appears twice in {' '.join(map(str, cards))}")
    for card in cards:
        if card.is_joker:
            if not rules.joker:
                raise ValueError("the joker is only in the standard53 and short33 decks")
        elif card.rank < rules.lowest_rank:
            raise ValueError(f"{card} is not in the short deck: it runs from 7 to ace")


def _best(cards: Sequence[Card], rules: _Rules) -> tuple[HandRank, tuple[Card, ...]]:
    jokers = [card for card in cards if card.is_joker]
    if not jokers:
        category, tiebreak, five = _evaluate(cards, rules)
        return rules.rank(category, tiebreak), five
    return _best_with_joker(cards, jokers[0], rules)


def _best_with_joker(
    cards: Sequence[Card], joker: Card, rules: _Rules
) -> tuple[HandRank, tuple[Card, ...]]:
    # Seed 003, 9a: the joker "counts as any card the player is missing" ("gildir hann þá sem
    # hvaða spil sem er sem leikmanninn vantar"); seed 000 lets it "represent any other card in the
    # deck" ("representera valfritt annat kort i leken"). Either way a real card of the deck that
    # the player does not hold - so no second ace of hearts for a flush. In the short deck that
    # rules out five of a kind, as seed 003 says next: "It is impossible to have 5 cards of the
    # same [rank]" ("Það er útilokað að hafa 5 spil í því sama"); seed 000's five of a kind, four
    # of a rank "and the joker", is the one use as a card the deck does not have. Trying up to 52
    # stand-ins is slow next to the plain evaluation but the joker games are rare.
    others = [card for card in cards if not card.is_joker]
    held = set(others)
    best: tuple[HandRank, tuple[Card, ...]] | None = None
    if len(others) >= 5:
        category, tiebreak, five = _evaluate(others, rules)
        best = rules.rank(category, tiebreak), five
    if rules.five_of_a_kind:
        # Six real cards beside the joker hold at most one four of a kind.
        counts = Counter(card.rank for card in others)
        quads = [rank for rank, count in counts.items() if count == 4]
        if quads:
            rank = rules.rank(Category.FIVE_OF_A_KIND, (quads[0],), natural=False)
            if best is None or rank > best[0]:
                best = rank, (*(card for card in others if card.rank == quads[0]), joker)
    for stand_in in _JOKER_STAND_INS:
        if stand_in in held or stand_in.rank < rules.lowest_rank:
            continue
        category, tiebreak, five = _evaluate([*others, stand_in], rules)
        if stand_in not in five:
            continue  # the joker is not used: the natural evaluation above covers these five
        rank = rules.rank(category, tiebreak, natural=False, joker_as=stand_in)
        if best is None or rank > best[0]:
            best = rank, tuple(joker if card == stand_in else card for card in five)
    assert best is not None  # a stand-in always exists: at most 6 of the deck's cards are held
    return best


def _evaluate(cards: Sequence[Card], rules: _Rules) -> _Evaluation:
    """Best five of 5..7 distinct real cards by counting ranks and suits (no 21 combinations)."""
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[str, list[Card]] = {}
    for card in cards:
        by_rank.setdefault(card.rank, []).append(card)
        by_suit.setdefault(card.suit, []).append(card)

    for suited in by_suit.values():
        if len(suited) >= 5:
            # Five of one suit out of at most seven cards leave no room for four of a kind or a
            # full house, so in either ranking the flush or straight flush is the answer.
            suited_by_rank = {card.rank: card for card in suited}
            top = _straight_top(suited_by_rank, rules)
            if top:
                five = _straight_cards(suited_by_rank, top, rules)
                return Category.STRAIGHT_FLUSH, (top,), five
            five = tuple(sorted(suited, key=_rank, reverse=True)[:5])
            return Category.FLUSH, tuple(card.rank for card in five), five

    groups = sorted(by_rank.items(), key=_group_key, reverse=True)
    first_rank, first = groups[0]
    second_rank, second = groups[1]  # 5+ distinct cards span at least two ranks
    if len(first) == 4:
        kicker_rank = max(rank for rank in by_rank if rank != first_rank)
        return (
            Category.FOUR_OF_A_KIND,
            (first_rank, kicker_rank),
            (*first, by_rank[kicker_rank][0]),
        )
    if len(first) == 3 and len(second) >= 2:
        return Category.FULL_HOUSE, (first_rank, second_rank), (*first, *second[:2])
    top = _straight_top(by_rank, rules)
    if top:
        one_per_rank = {rank: group[0] for rank, group in by_rank.items()}
        return Category.STRAIGHT, (top,), _straight_cards(one_per_rank, top, rules)
    if len(first) == 3:
        kickers = groups[1:3]
        return (
            Category.THREE_OF_A_KIND,
            (first_rank, *(rank for rank, _ in kickers)),
            (*first, *(group[0] for _, group in kickers)),
        )
    if len(first) == 2 and len(second) == 2:
        # With three pairs the lowest one is only a candidate kicker: best two pairs + best card.
        kicker_rank = max(rank for rank, _ in groups[2:])
        return (
            Category.TWO_PAIR,
            (first_rank, second_rank, kicker_rank),
            (*first, *second, by_rank[kicker_rank][0]),
        )
    if len(first) == 2:
        kickers = groups[1:4]
        return (
            Category.PAIR,
            (first_rank, *(rank for rank, _ in kickers)),
            (*first, *(group[0] for _, group in kickers)),
        )
    high = groups[:5]
    return Category.HIGH_CARD, tuple(rank for rank, _ in high), tuple(group[0] for _, group in high)


def _rank(card: Card) -> int:
    return card.rank


def _group_key(item: tuple[int, list[Card]]) -> tuple[int, int]:
    rank, group = item
    return len(group), rank


def _straight_top(ranks: Container[int], rules: _Rules) -> int:
    """The top rank of the highest straight among `ranks`, or 0 if there is none."""
    run = 0
    for rank in range(ACE, rules.lowest_rank - 1, -1):
        if rank in ranks:
            run += 1
            if run == 5:
                return rank + 4
        else:
            run = 0
    # The loop ends with `run` counting the ranks from the deck's lowest up, so 4 means 2-3-4-5
    # (standard): with an ace that is the wheel, whose high card is the 5.
    if rules.ace_low_straight and run == 4 and ACE in ranks:
        return rules.lowest_rank + 3
    return 0


def _straight_cards(by_rank: dict[int, Card], top: int, rules: _Rules) -> tuple[Card, ...]:
    # Below the deck's lowest rank comes the ace playing low: the wheel reads 5-4-3-2-A.
    ranks = range(top, top - 5, -1)
    return tuple(by_rank[rank if rank >= rules.lowest_rank else ACE] for rank in ranks)


# --- The bitmask evaluation: real cards of any deck, no joker --------------------------------
#
# Two integers describe up to seven distinct real cards:
# - `total`, a sum of one unit per card: 3 bits per rank count (rank r at bit 3*(r-2); at most 4
#   of a rank, so no carry), then from bit 39 3 bits per suit count (at most 7 of a suit);
# - `ids`, one bit per card: 16 bits per suit, rank r at bit r-2 of its suit's block.
# From these, a few shifts and masks find the category and its deciding ranks without looking
# at the 21 five-card choices. The result is an integer key, category first, then two masks of
# deciding ranks: comparing masks of equally many ranks compares those ranks highest first, so
# the keys order exactly like (category, tiebreak).

_COUNT_UNIT: Final = (0, 0, *(1 << 3 * (rank - 2) for rank in range(2, ACE + 1)))
_SUIT_UNIT: Final = MappingProxyType(
    {suit: 1 << 39 + 3 * index for index, suit in enumerate(SUITS)} | {JOKER_SUIT: 0}
)
_CARD_BIT: Final = (0, 0, *(1 << rank - 2 for rank in range(2, ACE + 1)))
_SUIT_SHIFT: Final = MappingProxyType(
    {suit: 16 * index for index, suit in enumerate(SUITS)} | {JOKER_SUIT: 0}
)
RANK_COUNTS: Final = (1 << 39) - 1  # the rank counts of `total`
_LOW_BITS: Final = sum(1 << 3 * index for index in range(13))  # bit 0 of each rank count
_SUIT_LOW_BITS: Final = 0o1111  # bit 0 of each suit count
_ONE_SUIT: Final = 0x1FFF
_EVERY_SUIT: Final = 0x0001_0001_0001_0001
_MINOR_BITS: Final = 40
_MINOR: Final = (1 << _MINOR_BITS) - 1
_CATEGORY_SHIFT: Final = 2 * _MINOR_BITS
_STRAIGHT_FLUSH: Final = int(Category.STRAIGHT_FLUSH) << _CATEGORY_SHIFT
_FLUSH: Final = int(Category.FLUSH) << _CATEGORY_SHIFT
_FOUR: Final = int(Category.FOUR_OF_A_KIND) << _CATEGORY_SHIFT
_FULL: Final = int(Category.FULL_HOUSE) << _CATEGORY_SHIFT
_STRAIGHT: Final = int(Category.STRAIGHT) << _CATEGORY_SHIFT
_THREE: Final = int(Category.THREE_OF_A_KIND) << _CATEGORY_SHIFT
_TWO_PAIR: Final = int(Category.TWO_PAIR) << _CATEGORY_SHIFT
_PAIR: Final = int(Category.PAIR) << _CATEGORY_SHIFT


def hand_masks(cards: Sequence[Card]) -> tuple[int, int]:
    """(total, ids) of some cards, for `rank_key_of_masks`: masks of cards add up, so a loop over
    many boards adds a player's masks to each board's. A repeated card or the joker shows as
    `ids.bit_count()` below the number of cards."""
    total = ids = 0
    for card in cards:
        rank, suit = card.rank, card.suit
        total += _COUNT_UNIT[rank] + _SUIT_UNIT[suit]
        ids |= _CARD_BIT[rank] << _SUIT_SHIFT[suit]
    return total, ids


def rank_key7(cards: Sequence[Card]) -> int:
    """An integer for 5 to 7 distinct real cards of the standard deck: a bigger key wins, equal
    keys split, exactly as `best_hand(cards)[0]` orders them. Cheap: no HandRank, no five cards."""
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"a hand is made from 5 to 7 cards, not {len(cards)}")
    total, ids = hand_masks(cards)
    if ids.bit_count() != len(cards):
        _check_cards(cards, _RULES["standard"])  # says which card is repeated or not allowed
        raise ValueError("rank_key7 values real cards of the standard deck only")
    return _key(total, ids, True)


def rank_key_of_masks(total: int, ids: int) -> int:
    """`rank_key7` of the 5 to 7 distinct real cards whose masks (`hand_masks`) add up to these;
    the caller guarantees the cards are distinct (e.g. dealt from one deck)."""
    return _key(total, ids, True)


def rank_key_without_flush(total: int) -> int:
    """`rank_key_of_masks` of cards valued by their ranks alone, as if they could make no flush
    (Omaha's equity: a flush is checked apart). It depends on the ranks only, so it can be cached
    by `total & RANK_COUNTS`."""
    return _key(total & RANK_COUNTS, 0, True)


def _key(total: int, ids: int, ace_low: bool) -> int:
    suits = total >> 39
    flush = (suits >> 2) & ((suits >> 1) | suits) & _SUIT_LOW_BITS  # a suit counted 5, 6 or 7
    if flush:
        # Five of one suit out of at most seven cards leave no room for four of a kind or a
        # full house, so in either ranking the flush or straight flush is the answer. Its masks
        # hold one bit per rank (bit r-2), unlike the others' three.
        suited = ids >> 16 * ((flush.bit_length() - 1) // 3) & _ONE_SUIT
        # With the ace also below the two (bit 0), a straight's lowest card r-2 is bit r-1.
        run = (suited << 1 | suited >> 12) if ace_low else suited << 1
        run &= run >> 1 & run >> 2 & run >> 3 & run >> 4
        if run:
            return _STRAIGHT_FLUSH | 1 << run.bit_length() + 2 << _MINOR_BITS
        while suited.bit_count() > 5:
            suited &= suited - 1
        return _FLUSH | suited << _MINOR_BITS
    counts = total & RANK_COUNTS
    ones = counts & _LOW_BITS  # a count of 1 or 3
    twos = counts >> 1 & _LOW_BITS  # 2 or 3
    fours = counts >> 2 & _LOW_BITS
    if fours:
        kicker = ones | twos
        return _FOUR | fours << _MINOR_BITS | 1 << kicker.bit_length() - 1
    threes = ones & twos
    pairs = twos ^ threes
    singles = ones ^ threes
    if threes:
        if threes & (threes - 1):  # two threes of a kind: the lower one plays as the pair
            high = 1 << threes.bit_length() - 1
            return _FULL | high << _MINOR_BITS | threes ^ high
        if pairs:
            return _FULL | threes << _MINOR_BITS | 1 << pairs.bit_length() - 1
    present = ones | twos
    run = (present << 3 | present >> 36) if ace_low else present << 3
    run &= run >> 3 & run >> 6 & run >> 9 & run >> 12
    if run:
        return _STRAIGHT | 1 << run.bit_length() + 8 << _MINOR_BITS
    if threes:
        while singles.bit_count() > 2:
            singles &= singles - 1
        return _THREE | threes << _MINOR_BITS | singles
    if pairs:
        if pairs & (pairs - 1):
            while pairs.bit_count() > 2:  # three pairs: the lowest may give the kicker
                singles |= pairs & -pairs
                pairs &= pairs - 1
            return _TWO_PAIR | pairs << _MINOR_BITS | 1 << singles.bit_length() - 1
        while singles.bit_count() > 3:
            singles &= singles - 1
        return _PAIR | pairs << _MINOR_BITS | singles
    while singles.bit_count() > 5:
        singles &= singles - 1
    return singles << _MINOR_BITS


def _below_deck(rules: _Rules) -> int:
    """The ids bits of the ranks below the deck's lowest (2 to 6 in the short deck)."""
    return ((1 << rules.lowest_rank - 2) - 1) * _EVERY_SUIT


# The deciding ranks of a key, by category: how many cards of each rank in the first mask, of
# each rank in the second. Straights are read from their top card.
_TAKES: Final = MappingProxyType(
    {
        Category.HIGH_CARD: (1, 0),
        Category.PAIR: (2, 1),
        Category.TWO_PAIR: (2, 1),
        Category.THREE_OF_A_KIND: (3, 1),
        Category.FULL_HOUSE: (3, 2),
        Category.FLUSH: (1, 0),
        Category.FOUR_OF_A_KIND: (4, 1),
    }
)

# Per deck and option, the value and the five cards' (rank, count) of each key seen: at most
# 7,462 values in the standard deck, so no eviction.
_Value = tuple[HandRank, tuple[tuple[int, int], ...]]
_VALUES: Final[dict[tuple[str, bool], dict[int, _Value]]] = {}


def _fast_best(
    cards: Sequence[Card], total: int, ids: int, rules: _Rules, deck: tuple[str, bool]
) -> tuple[HandRank, tuple[Card, ...]]:
    key = _key(total, ids, rules.ace_low_straight)
    values = _VALUES.setdefault(deck, {})
    value = values.get(key)
    if value is None:
        value = values[key] = _value_of_key(key, rules)
    rank, takes = value
    suit = None
    if rank.category is Category.FLUSH or rank.category is Category.STRAIGHT_FLUSH:
        flush = (total >> 39 >> 2) & ((total >> 39 >> 1) | total >> 39) & _SUIT_LOW_BITS
        suit = SUITS[(flush.bit_length() - 1) // 3]
    five: list[Card] = []
    # Of a rank held more often than it plays, the cards that come first in `cards` play.
    for wanted, count in takes:
        for card in cards:
            if card.rank == wanted and (suit is None or card.suit == suit):
                five.append(card)
                count -= 1
                if not count:
                    break
    return rank, tuple(five)


def _value_of_key(key: int, rules: _Rules) -> _Value:
    category = Category(key >> _CATEGORY_SHIFT)
    major, minor = key >> _MINOR_BITS & _MINOR, key & _MINOR
    if category is Category.FLUSH or category is Category.STRAIGHT_FLUSH:
        major_ranks = _ranks_of(major, 1)
    else:
        major_ranks = _ranks_of(major, 3)
    if category is Category.STRAIGHT or category is Category.STRAIGHT_FLUSH:
        top = major_ranks[0]
        takes = tuple((rank if rank >= 2 else ACE, 1) for rank in range(top, top - 5, -1))
        return rules.rank(category, (top,)), takes
    minor_ranks = _ranks_of(minor, 3)
    major_count, minor_count = _TAKES[category]
    takes = (
        *((rank, major_count) for rank in major_ranks),
        *((rank, minor_count) for rank in minor_ranks),
    )
    return rules.rank(category, (*major_ranks, *minor_ranks)), takes


def _ranks_of(mask: int, width: int) -> tuple[int, ...]:
    """The ranks of a mask with `width` bits per rank, highest first."""
    ranks = []
    while mask:
        bit = mask.bit_length() - 1
        ranks.append(bit // width + 2)
        mask ^= 1 << bit
    return tuple(ranks)


def _best_by_combinations(
    cards: Sequence[Card], rules: _Rules
) -> tuple[HandRank, tuple[Card, ...]]:
    """The best of every five-card choice, each valued by the general path: the reference the
    bitmask evaluation is tested against (slow: 21 evaluations for seven cards)."""
    best: tuple[HandRank, tuple[Card, ...]] | None = None
    for five in combinations(cards, 5):
        candidate = _best(five, rules)
        if best is None or candidate[0] > best[0]:
            best = candidate
    assert best is not None
    return best


# --- Stud ---------------------------------------------------------------------------------------


def visible_rank(up_cards: Sequence[Card]) -> HandRank:
    """The value of 1 to 4 up cards, to decide who acts first on later stud streets.

    Only pairs, two pair, trips, quads and high cards count: fewer than five cards make no
    straight or flush. Compare ranks of the same number of up cards.
    """
    if not 1 <= len(up_cards) <= 4:
        raise ValueError(f"a visible stud hand has 1 to 4 up cards, not {len(up_cards)}")
    if any(card.is_joker for card in up_cards):
        raise ValueError("the joker has no visible value in stud")
    by_rank: dict[int, int] = {}
    for card in up_cards:
        by_rank[card.rank] = by_rank.get(card.rank, 0) + 1
    groups = sorted(by_rank.items(), key=lambda item: (item[1], item[0]), reverse=True)
    counts = [count for _, count in groups]
    tiebreak = tuple(rank for rank, _ in groups)
    if counts[0] == 4:
        category = Category.FOUR_OF_A_KIND
    elif counts[0] == 3:
        category = Category.THREE_OF_A_KIND
    elif counts[:2] == [2, 2]:
        category = Category.TWO_PAIR
    elif counts[0] == 2:
        category = Category.PAIR
    else:
        category = Category.HIGH_CARD
    return HandRank(strength=int(category), tiebreak=tiebreak, category=category)


def first_to_act_index(visible_by_player: Sequence[Sequence[Card]]) -> list[int]:
    """Indices of the players whose up cards are best; the caller breaks a tie (seat or suit)."""
    if not visible_by_player:
        raise ValueError("no players")
    ranks = [visible_rank(cards) for cards in visible_by_player]
    best = max(ranks)
    return [index for index, rank in enumerate(ranks) if rank == best]


def best_visible_by_suit(visible_by_player: Sequence[Sequence[Card]]) -> int:
    """The index of the best up cards; a tie goes to the highest card's suit (spades highest).

    Tied hands hold the same ranks, so the highest card has the same rank in each and its suit
    decides; one deck never holds two equal cards, so there is one answer.
    """
    tied = first_to_act_index(visible_by_player)
    return max(tied, key=lambda index: card_order_key(high_card_by_suit(visible_by_player[index])))


def bring_in_index(up_cards_by_player: Sequence[Card]) -> int:
    """The index of the player who posts the bring-in: the lowest up card, ace high, clubs lowest.

    So 2c brings in before 2d, and 2s before 3c.
    """
    if not up_cards_by_player:
        raise ValueError("no players")
    if any(card.is_joker for card in up_cards_by_player):
        raise ValueError("the joker has no bring-in value")
    return min(range(len(up_cards_by_player)), key=lambda i: card_order_key(up_cards_by_player[i]))


def lowest_card_ties(up_cards_by_player: Sequence[Card]) -> list[int]:
    """Indices of the players whose up card has the lowest rank, for a house rule that breaks the
    tie by seat (e.g. first left of the button) instead of by suit."""
    if not up_cards_by_player:
        raise ValueError("no players")
    lowest = min(card.rank for card in up_cards_by_player)
    return [index for index, card in enumerate(up_cards_by_player) if card.rank == lowest]


def high_card_by_suit(cards: Sequence[Card]) -> Card:
    """The highest card by rank, then suit (spades highest): who gets the stud odd chip."""
    if not cards:
        raise ValueError("no cards")
    return max(cards, key=card_order_key)


# --- Low hands (razz, the low half of high-low, deuce-to-seven) ------------------------------

_LOW_CATEGORIES: Final = (
    Category.HIGH_CARD,
    Category.PAIR,
    Category.TWO_PAIR,
    Category.THREE_OF_A_KIND,
    Category.FULL_HOUSE,
    Category.FOUR_OF_A_KIND,
)


@dataclass(frozen=True, slots=True, order=True, kw_only=True)
class LowRank:
    """A low value. Ace-to-five (`best_low`): the ace is low, straights and flushes do not
    count, so 5-4-3-2-A is the best hand and any pair is worse than any five different ranks.
    Deuce-to-seven (`best_deuce_to_seven`): the ace is high, straights and flushes count against
    the hand, so 7-5-4-3-2 not all of one suit is the best.

    Ordered like `HandRank`: a HIGHER LowRank is the better (lower) hand, so the same `max`
    finds the winner. `ranks` are the deciding ranks as a player reads them (ace-to-five: the
    ace as 1; deuce-to-seven: as 14), pairs first, then the highest card down: (7, 5, 4, 3, 1)
    is "seven-five"; a deuce-to-seven straight's ranks are its top card, as for a high hand.
    """

    order: tuple[int, ...]
    category: Category = field(compare=False)
    ranks: tuple[int, ...] = field(compare=False)

    @property
    def label(self) -> str:
        """English name: "7-5-4-3-A" for no pair, else the category's, e.g. "Pair"."""
        if self.category is not Category.HIGH_CARD:
            return CATEGORY_LABELS[self.category]
        return "-".join("A" if r in (1, ACE) else "23456789TJQK"[r - 2] for r in self.ranks)


def _low_value(card: Card) -> int:
    return 1 if card.rank == ACE else card.rank


def _low_rank(cards: Sequence[Card]) -> LowRank:
    counts = Counter(_low_value(card) for card in cards)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    if shape[0] == 4:
        category = Category.FOUR_OF_A_KIND
    elif shape[:2] == (3, 2):
        category = Category.FULL_HOUSE
    elif shape[0] == 3:
        category = Category.THREE_OF_A_KIND
    elif shape[:2] == (2, 2):
        category = Category.TWO_PAIR
    elif shape[0] == 2:
        category = Category.PAIR
    else:
        category = Category.HIGH_CARD
    ranks = tuple(rank for rank, _ in groups)
    order = (-_LOW_CATEGORIES.index(category), *(-rank for rank in ranks))
    return LowRank(order=order, category=category, ranks=ranks)


def best_low(
    cards: Sequence[Card], *, eight_or_better: bool = False
) -> tuple[LowRank, tuple[Card, ...]] | None:
    """The best ace-to-five low of 5 to 7 cards and its five cards (highest first).

    eight_or_better: the low half of a high-low game: five different ranks, 8 or lower (ace
    low); None when the cards make no such low."""
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"a hand is made from 5 to 7 cards, not {len(cards)}")
    _check_cards(cards, _RULES["standard"])
    best: tuple[LowRank, tuple[Card, ...]] | None = None
    for five in combinations(cards, 5):
        rank = _low_rank(five)
        if best is None or rank > best[0]:
            best = rank, tuple(sorted(five, key=_low_value, reverse=True))
    assert best is not None
    if eight_or_better and (best[0].category is not Category.HIGH_CARD or best[0].ranks[0] > 8):
        return None
    return best


# Deuce-to-seven: the standard ranking, but the ace is high only, so A-2-3-4-5 is no straight.
_DEUCE_TO_SEVEN_RULES: Final = replace(_RULES["standard"], ace_low_straight=False)


def best_deuce_to_seven(cards: Sequence[Card]) -> tuple[LowRank, tuple[Card, ...]]:
    """The best deuce-to-seven low of 5 to 7 cards and its five cards (as `best_hand` orders
    them): the worst high hand with the ace high only. 7-5-4-3-2 of two or more suits is the
    best; A-2-3-4-5 is no straight but ace high; a straight or a flush is worse than any three
    of a kind, and of two straights the lower wins."""
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"a hand is made from 5 to 7 cards, not {len(cards)}")
    rules = _DEUCE_TO_SEVEN_RULES
    _check_cards(cards, rules)
    best: tuple[LowRank, tuple[Card, ...]] | None = None
    for five in combinations(cards, 5):
        category, tiebreak, ordered = _evaluate(five, rules)
        strength = rules.strength(category, tiebreak)
        rank = LowRank(
            order=(-strength, *(-r for r in tiebreak)), category=category, ranks=tiebreak
        )
        if best is None or rank > best[0]:
            best = rank, ordered
    assert best is not None
    return best


def visible_low_rank(up_cards: Sequence[Card]) -> LowRank:
    """Razz, fourth street on: the value of 1 to 4 up cards as a low (the lowest board speaks
    first; pairs are bad). Compare ranks of the same number of up cards."""
    if not 1 <= len(up_cards) <= 4:
        raise ValueError(f"a visible stud hand has 1 to 4 up cards, not {len(up_cards)}")
    if any(card.is_joker for card in up_cards):
        raise ValueError("the joker has no visible value in stud")
    return _low_rank(up_cards)


def low_card_by_suit(cards: Sequence[Card]) -> Card:
    """The lowest card by rank (ace low), then suit (clubs lowest): who gets the odd chip of
    a split low half (Robert's Rules: "to the lowest card by suit in all low games")."""
    if not cards:
        raise ValueError("no cards")
    return min(cards, key=lambda card: (_low_value(card), SUIT_ORDER[card.suit]))
