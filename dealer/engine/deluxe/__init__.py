"""Poker-Deluxe (seed 001): the points game's pure rules. No Django, no clock, no I/O.

A second family of game beside the poker hand engine (`dealer.engine`): no betting rounds and
no pot, but card buying into a bank and a settlement by difference of points after every deal.
Players are indices into `DeluxeConfig.names` (seating order, clockwise); chips are int units.

The data (`dealer.engine.deluxe.rules`)
    VARIANTS: {4: Variant, …, 8: Variant}; `get_variant(4)`. A Variant has `cards`, `title`
    ("Vier-Karten-Variante") and `rows`, highest first: Row(combo, points, odds) where `odds`
    is the seed's text ("1 : 20.825") and `odds_against` its number. `variant.combos` is the
    list a dealer taps; `variant.row(combo)`, `.points(combo)` and `.order(combo)` raise
    ValueError for a combination the variant does not have. Combo is a StrEnum whose values
    are the seed's German names ("Ein Drilling + Zwei Paare"); `parse_combo(text)` reads the
    German name or the English key.

The classifier
    `classify(variant, cards) -> Hand(combo, points, key, cards)`: `cards` are Card objects or
    text ("As 2s 3s 4s"); ValueError unless they are the variant's count of distinct cards of
    one 52-card deck. Compare `Hand.key` within a variant: higher wins; equal keys are an
    absolute tie. `check_cards(variant, cards)` is the validation alone.

The evening (`dealer.engine.deluxe.game`)
    `start(DeluxeConfig(cards=…, names=…, youngest_first=…, rounds=…, chip_set=SEED_CHIP_SET))`
    `legal_actions(state) -> Legal`, `apply(state, Buy(player, cards) | Show(player, combo=…,
    cards=…)) -> DeluxeState` or IllegalAction (a ValueError, shared with the hand engine, whose
    message a dealer acts on), `replay(config, actions)`.
    DeluxeState: `chips`, `bank`, `phase` (BUYING, SHOWDOWN, OVER), `to_buy`, `dealer`, `deal`,
    `round`, `bought`, `shown`, `results` (a DealResult per settled deal: winner, how it was
    decided, each Payment with payer — None for the bank —, payee, amount, why and what was
    owed, and who went broke), `is_over`, `winner`, `winners`, `standings()`, `broke`.
    `buy_cost(cards)` is the price of buying that many cards (0, 1, 3, 6, 10);
    `deal_winner(config, shown)` the rule for who takes a deal; `needs_cards(state)` the tied
    players whose cards must be entered before the deal can be settled.
"""

from __future__ import annotations

from dealer.engine.actions import IllegalAction
from dealer.engine.deluxe.game import (
    SEED_CHIP_SET,
    Action,
    Buy,
    ChipColour,
    DealResult,
    Decided,
    DeluxeConfig,
    DeluxeState,
    Legal,
    Payment,
    Phase,
    Show,
    Shown,
    Standing,
    Why,
    apply,
    buy_cost,
    deal_winner,
    legal_actions,
    max_players,
    needs_cards,
    replay,
    start,
)
from dealer.engine.deluxe.rules import (
    MAX_CARDS,
    MIN_CARDS,
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

__all__ = [
    "MAX_CARDS",
    "MIN_CARDS",
    "SEED_CHIP_SET",
    "VARIANTS",
    "Action",
    "Buy",
    "ChipColour",
    "Combo",
    "DealResult",
    "Decided",
    "DeluxeConfig",
    "DeluxeState",
    "Hand",
    "IllegalAction",
    "Legal",
    "Payment",
    "Phase",
    "Row",
    "Show",
    "Shown",
    "Standing",
    "Variant",
    "Why",
    "apply",
    "buy_cost",
    "check_cards",
    "classify",
    "deal_winner",
    "get_variant",
    "legal_actions",
    "max_players",
    "needs_cards",
    "parse_combo",
    "replay",
    "start",
    "straight_top",
]
