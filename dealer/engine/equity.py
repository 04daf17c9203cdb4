"""All-in equity: each player's chance to win when every remaining player's cards are known.

Pure Python: no Django, no clock, no I/O. The randomness is a seeded `random.Random`, so the same
situation always shows the same figures (a TV that polls does not flicker).

The cards still to come are dealt from the unseen cards: the deck less every hand, the board and
the dead cards (folded players' up cards in stud, or any card seen elsewhere). Every way to deal
them is equally likely. When there are few, all of them are counted (`exact=True`); otherwise a
fixed number of random deals is (RANDOM_RUNOUTS, or OMAHA_RANDOM_RUNOUTS).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate, combinations
from math import comb, lcm
from types import MappingProxyType
from typing import Any, Final

from dealer.engine.cards import ACE, Card, standard_deck
from dealer.engine.evaluate import (
    RANK_COUNTS,
    hand_masks,
    rank_key_of_masks,
    rank_key_without_flush,
)
from dealer.engine.rules import VARIANTS, Kind, Low, Variant, VariantSpec

# Exact counting when runouts x players x HAND_COST is at most this: at most about 0.15 s on a
# small machine (about 2.5 µs a hold'em hand, dealing included). Heads-up hold'em on the flop
# (990 runouts) and on the turn (44) are exact, and so is Omaha after the flop.
EXACT_WORK: Final = 60_000
# Relative cost of valuing one hand, per game, as measured (Omaha has sixty five-card hands).
HAND_COST: Final = MappingProxyType(
    {Variant.HOLDEM: 1, Variant.STUD5: 1, Variant.STUD7: 1, Variant.RAZZ: 2, Variant.OMAHA: 6}
)
# Otherwise this many random runouts: a share is then within about ±0.7 percentage points
# (two standard errors) of the exact figure; heads-up hold'em preflop takes about 0.2 s.
RANDOM_RUNOUTS: Final = 20_000
# Omaha's hands are dearer to value: fewer runouts (about ±1 point), about 0.3 s heads-up.
OMAHA_RANDOM_RUNOUTS: Final = 10_000

_BOARD_SIZES: Final = (0, 3, 4, 5)


def _board_game(game: Variant) -> bool:
    return VARIANTS[game].kind is Kind.BOARD


def _hand_size(game: Variant) -> int:
    """Cards a player holds in the end: the hole cards, and in stud one card per street more."""
    spec = VARIANTS[game]
    return spec.hole_cards + (len(spec.streets) if spec.kind is Kind.STUD else 0)


def _first_deal(spec: VariantSpec) -> int:
    """Stud: the fewest cards known after the first deal (the down cards and the first up)."""
    return spec.hole_cards + 1


@dataclass(frozen=True, slots=True, kw_only=True)
class Equity:
    """Each player's share of the pot over the runouts, by the positions given to `equity`.

    `win` splits a tied runout evenly (1/k each for a k-way tie), so the shares add up to 1.
    `tie` is the fraction of runouts a player tied for the best hand. `runouts` is how many
    runouts were counted: all of them when `exact`, else RANDOM_RUNOUTS (OMAHA_RANDOM_RUNOUTS).
    """

    win: Mapping[int, float]
    tie: Mapping[int, float]
    exact: bool
    runouts: int


def equity(
    hands: Mapping[int, Sequence[Card]],
    *,
    game: Variant | str = Variant.HOLDEM,
    board: Sequence[Card] = (),
    dead: Sequence[Card] = (),
    seed: int = 0,
) -> Equity:
    """The all-in equity of the hands (position -> cards) in hold'em, Omaha (high), five- and
    seven-card stud (high) or razz.

    Board games: two (hold'em) or four (Omaha: exactly two of them and three of the board) hole
    cards each and 0, 3, 4 or 5 board cards. Stud: each player's known cards, down and up (at
    least the first deal's), no board; the rest of each hand comes from the unseen cards. `dead`:
    cards seen elsewhere, e.g. folded players' up cards. `seed` drives the random runouts.
    """
    game = _game(game)
    if len(hands) < 2:
        raise ValueError(f"equity needs at least two players, not {len(hands)}")
    _check_deal(hands, game, board, dead)
    positions = list(hands)
    known = {card for cards in hands.values() for card in cards} | set(board) | set(dead)
    unseen = [card for card in standard_deck() if card not in known]
    if _board_game(game):
        missing = [5 - len(board)]
    else:
        missing = [_hand_size(game) - len(hands[position]) for position in positions]
    if sum(missing) > len(unseen):
        raise ValueError(
            f"{sum(missing)} more cards are needed and only {len(unseen)} are unseen: "
            "the deck runs out"
        )
    every = _count_runouts(len(unseen), missing)
    exact = every * len(positions) * HAND_COST[game] <= EXACT_WORK
    token, score = _scorer(game, [hands[position] for position in positions], board, missing)
    tokens = [token(card) for card in unseen]
    deals: Iterator[Sequence[Any]]
    if exact:
        runouts = every
        deals = _every_deal(tokens, missing)
    else:
        runouts = OMAHA_RANDOM_RUNOUTS if VARIANTS[game].hole_cards_used else RANDOM_RUNOUTS
        deals = _random_deals(tokens, missing, runouts, random.Random(seed))

    # Shares are counted in units of 1/lcm(1..n), so every split is a whole number of units.
    unit = lcm(*range(1, len(positions) + 1))
    shares = [0] * len(positions)
    ties = [0] * len(positions)
    for deal in deals:
        keys = score(deal)
        best = max(keys)
        winners = [index for index, key in enumerate(keys) if key == best]
        if len(winners) == 1:
            shares[winners[0]] += unit
            continue
        for index in winners:
            shares[index] += unit // len(winners)
            ties[index] += 1
    return Equity(
        win={p: shares[i] / (unit * runouts) for i, p in enumerate(positions)},
        tie={p: ties[i] / runouts for i, p in enumerate(positions)},
        exact=exact,
        runouts=runouts,
    )


def _game(game: Variant | str) -> Variant:
    try:
        game = Variant(game)
    except ValueError:
        raise ValueError(f"{game!r} is not a game") from None
    if game not in HAND_COST:
        raise ValueError(f"equity is for hold'em, Omaha, stud and razz, not {game}")
    return game


def _check_deal(
    hands: Mapping[int, Sequence[Card]], game: Variant, board: Sequence[Card], dead: Sequence[Card]
) -> None:
    size = _hand_size(game)
    for position, cards in hands.items():
        if _board_game(game):
            if len(cards) != size:
                raise ValueError(
                    f"a {game} hand has {size} hole cards: position {position} has {len(cards)}"
                )
        elif not _first_deal(VARIANTS[game]) <= len(cards) <= size:
            raise ValueError(
                f"a {game} hand shows {_first_deal(VARIANTS[game])} to {size} known cards: "
                f"position {position} has {len(cards)}"
            )
    if _board_game(game):
        if len(board) not in _BOARD_SIZES:
            raise ValueError(f"a board has 0, 3, 4 or 5 cards, not {len(board)}")
    elif board:
        raise ValueError(f"{game} has no board")
    seen: set[Card] = set()
    for card in [*(card for cards in hands.values() for card in cards), *board, *dead]:
        if card.is_joker:
            raise ValueError("equity is for the 52-card deck: no joker")
        if card in seen:
            raise ValueError(f"{card} appears twice among the hands, the board and the dead cards")
        seen.add(card)


def _count_runouts(unseen: int, missing: Sequence[int]) -> int:
    count = 1
    for need in missing:
        count *= comb(unseen, need)
        unseen -= need
    return count


def _every_deal[T](tokens: Sequence[T], missing: Sequence[int]) -> Iterator[tuple[T, ...]]:
    """Every deal of the missing cards (the board's, or each stud player's in turn), as the
    concatenated tokens of the cards dealt."""

    def deal(indices: Sequence[int], missing: Sequence[int]) -> Iterator[tuple[T, ...]]:
        if not missing:
            yield ()
            return
        need, rest = missing[0], missing[1:]
        for chosen in combinations(indices, need):
            head = tuple(tokens[index] for index in chosen)
            left = [index for index in indices if index not in chosen] if rest else []
            for later in deal(left, rest):
                yield head + later

    return deal(range(len(tokens)), missing)


def _random_deals[T](
    tokens: Sequence[T], missing: Sequence[int], runouts: int, rng: random.Random
) -> Iterator[Sequence[T]]:
    total = sum(missing)
    for _ in range(runouts):
        yield rng.sample(tokens, total)


# A game's scorer: the token of a card (what its evaluation needs), and a function valuing a deal
# for every player at once (bigger keys win, equal keys split).
_Score = Callable[[Sequence[Any]], list[int]]


def _scorer(
    game: Variant, hands: Sequence[Sequence[Card]], board: Sequence[Card], missing: Sequence[int]
) -> tuple[Callable[[Card], Any], _Score]:
    spec = VARIANTS[game]
    if spec.kind is Kind.BOARD and spec.hole_cards_used:
        return _omaha_token, _omaha_score(hands, board)
    if spec.kind is Kind.BOARD:
        return _masks, _holdem_score(hands, board)
    ends = list(accumulate(missing))
    slices = list(zip([0, *ends], ends, strict=False))
    if spec.low is Low.LOW:
        return _low_value, _razz_score(hands, slices)
    return _masks, _stud_score(hands, slices)


def _masks(card: Card) -> tuple[int, int]:
    return hand_masks((card,))


def _holdem_score(hands: Sequence[Sequence[Card]], board: Sequence[Card]) -> _Score:
    holes = [hand_masks(hand) for hand in hands]
    board_total, board_ids = hand_masks(board)

    def score(deal: Sequence[tuple[int, int]]) -> list[int]:
        total, ids = board_total, board_ids
        for card_total, card_id in deal:
            total += card_total
            ids |= card_id
        return [rank_key_of_masks(total + hole, ids | hole_ids) for hole, hole_ids in holes]

    return score


def _stud_score(hands: Sequence[Sequence[Card]], slices: Sequence[tuple[int, int]]) -> _Score:
    known = [hand_masks(hand) for hand in hands]

    def score(deal: Sequence[tuple[int, int]]) -> list[int]:
        keys = []
        for (total, ids), (start, end) in zip(known, slices, strict=True):
            for card_total, card_id in deal[start:end]:
                total += card_total
                ids |= card_id
            keys.append(rank_key_of_masks(total, ids))
        return keys

    return score


_OmahaToken = tuple[int, int, str]


def _omaha_token(card: Card) -> _OmahaToken:
    return (*hand_masks((card,)), card.suit)


def _omaha_score(hands: Sequence[Sequence[Card]], board: Sequence[Card]) -> _Score:
    """Exactly two hole cards and three of the board: of the sixty five-card hands, the ranks
    alone value most (cached by their rank counts); a flush needs two hole cards of a suit the
    board holds three of, and only such pairs are valued in full."""
    players = []
    for hand in hands:
        pairs = []
        for first, second in combinations(hand, 2):
            total, ids = hand_masks((first, second))
            suit = first.suit if first.suit == second.suit else ""
            pairs.append((total, ids, total & RANK_COUNTS, suit))
        players.append(pairs)
    known = [_omaha_token(card) for card in board]
    by_ranks = _RankKeys()

    def score(deal: Sequence[_OmahaToken]) -> list[int]:
        full = [*known, *deal]
        suits = [suit for _, _, suit in full]
        flush_suit = next((suit for suit in set(suits) if suits.count(suit) >= 3), None)
        threes = [
            (a[0] + b[0] + c[0], a[1] | b[1] | c[1], a[2] == b[2] == c[2] == flush_suit)
            for a, b, c in combinations(full, 3)
        ]
        rank_totals = [total & RANK_COUNTS for total, _, _ in threes]
        keys = []
        for pairs in players:
            best = 0
            for total, ids, ranks, suit in pairs:
                best = max(best, *[by_ranks[ranks + three] for three in rank_totals])
                if suit and suit == flush_suit:
                    for three_total, three_ids, suited in threes:
                        if suited:
                            best = max(
                                best, rank_key_of_masks(total + three_total, ids | three_ids)
                            )
            keys.append(best)
        return keys

    return score


class _RankKeys(dict[int, int]):
    """Keys of five cards' rank counts without a flush, valued when first asked for."""

    def __missing__(self, ranks: int) -> int:
        key = self[ranks] = rank_key_without_flush(ranks)
        return key


def _low_value(card: Card) -> int:
    return 1 if card.rank == ACE else card.rank


def _razz_score(hands: Sequence[Sequence[Card]], slices: Sequence[tuple[int, int]]) -> _Score:
    known = [[_low_value(card) for card in hand] for hand in hands]

    def score(deal: Sequence[int]) -> list[int]:
        return [
            low_key([*values, *deal[start:end]])
            for values, (start, end) in zip(known, slices, strict=True)
        ]

    return score


# Ace-to-five low categories, best first, as `best_low` ranks them.
_LOW_PAIR, _LOW_TWO_PAIR, _LOW_THREE, _LOW_FULL, _LOW_FOUR = 1, 2, 3, 4, 5


def low_key(values: Sequence[int]) -> int:
    """An integer for the best ace-to-five low of 5 to 7 cards given by rank (ace = 1): bigger is
    the better (lower) hand, equal keys split, as `best_low` orders them. No straights or
    flushes; the fewest pairs win, then the highest rank used (pairs first) is the lowest."""
    counts: dict[int, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    ranks = sorted(counts)
    if len(ranks) >= 5:
        return _low_order(0, sorted(ranks[:5], reverse=True))
    pairs = [rank for rank in ranks if counts[rank] >= 2]
    if len(ranks) == 4:  # every rank and the lowest pair
        pair = pairs[0]
        return _low_order(_LOW_PAIR, [pair, *sorted(set(ranks) - {pair}, reverse=True)])
    if len(ranks) == 3:  # every rank and two of them paired, else three of one
        if len(pairs) >= 2:
            low, high = pairs[:2]
            return _low_order(_LOW_TWO_PAIR, [high, low, *(set(ranks) - {low, high})])
        three = pairs[0]
        return _low_order(_LOW_THREE, [three, *sorted(set(ranks) - {three}, reverse=True)])
    low, high = ranks  # five cards of two ranks: a full house, else four of a kind
    if counts[low] >= 3 and counts[high] >= 2:
        return _low_order(_LOW_FULL, [low, high])
    if counts[high] >= 3 and counts[low] >= 2:
        return _low_order(_LOW_FULL, [high, low])
    four = low if counts[low] == 4 else high
    return _low_order(_LOW_FOUR, [four, high if four == low else low])


def _low_order(category: int, ranks: Sequence[int]) -> int:
    # LowRank.order is (-category, -rank, ...): as an integer, category then ranks, inverted
    # so that bigger is better; every hand of a category lists as many ranks.
    key = 15 - category
    for rank in ranks:
        key = key << 4 | 15 - rank
    return key << 4 * (5 - len(ranks))
