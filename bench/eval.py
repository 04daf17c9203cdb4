"""Hand evaluation figures: Pott's best_hand against treys on the same seven-card hands, and the
all-in equity the TV shows.

HANDS random seven-card hands of the standard deck (seeded), built and converted to treys' card
integers once before timing. Pott: `best_hand(cards)` as the showdown calls it (the value and the
five cards). treys: `Evaluator().evaluate(board, hand)` with the first five cards as the board
and the last two as the hand. Each figure is the best of REPEATS timed passes. Before timing,
both must agree on which of two hands wins for SAMPLE pairs (a warning on stderr otherwise).
equity_headsup_preflop_ms: `equity()` for AsKs against QhQd before the flop (20,000 random
runouts), the best of REPEATS calls.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from treys import Card as TreysCard
from treys import Evaluator

from dealer.engine.cards import Card, parse_cards, standard_deck
from dealer.engine.equity import equity
from dealer.engine.evaluate import best_hand

HANDS = 20_000
REPEATS = 3
SAMPLE = 5_000


def _best_seconds(work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(REPEATS):
        began = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - began)
    return best


def _pott(hands: list[tuple[Card, ...]]) -> None:
    for hand in hands:
        best_hand(hand)


def _treys(evaluator: Evaluator, hands: list[tuple[list[int], list[int]]]) -> None:
    evaluate = evaluator.evaluate
    for board, hole in hands:
        evaluate(board, hole)


def _disagreements(
    hands: list[tuple[Card, ...]],
    converted: list[tuple[list[int], list[int]]],
    evaluator: Evaluator,
) -> int:
    ours = [best_hand(hand)[0] for hand in hands[: SAMPLE + 1]]
    # treys: a smaller number is a better hand.
    theirs = [-evaluator.evaluate(board, hole) for board, hole in converted[: SAMPLE + 1]]
    return sum(
        (ours[i] > ours[i + 1]) - (ours[i] < ours[i + 1])
        != (theirs[i] > theirs[i + 1]) - (theirs[i] < theirs[i + 1])
        for i in range(SAMPLE)
    )


def run() -> list[tuple[str, float, str]]:
    """Seven-card hands per second for Pott and treys, and the TV's heads-up equity time."""
    rng = random.Random(2026)
    deck = standard_deck()
    hands = [tuple(rng.sample(deck, 7)) for _ in range(HANDS)]
    converted = [
        (
            [TreysCard.new(str(card)) for card in hand[:5]],
            [TreysCard.new(str(card)) for card in hand[5:]],
        )
        for hand in hands
    ]
    evaluator = Evaluator()
    wrong = _disagreements(hands, converted, evaluator)
    if wrong:
        print(f"eval: Pott and treys disagree on {wrong} of {SAMPLE} pairs", file=sys.stderr)
    pott = _best_seconds(lambda: _pott(hands))
    treys = _best_seconds(lambda: _treys(evaluator, converted))
    heads_up = {1: parse_cards("As Ks"), 2: parse_cards("Qh Qd")}
    equity_seconds = _best_seconds(lambda: equity(heads_up))
    return [
        ("eval.seven_card_hands_per_s", round(HANDS / pott), "hands/s"),
        ("eval.treys_seven_card_hands_per_s", round(HANDS / treys), "hands/s"),
        ("eval.equity_headsup_preflop_ms", round(equity_seconds * 1000, 1), "ms"),
    ]
