"""Poker-Deluxe (seed 001): the points game's pure rules. No Django, no clock, no I/O.

A second family of game beside the poker hand engine (`dealer.engine`): no betting rounds and
no pot, but card buying into a bank and a settlement by difference of points after every deal.
Players are indices into `DeluxeConfig.names` (seating order, clockwise); chips are int units.

The data (`dealer.deluxe.rules`)
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
"""

from __future__ import annotations

from dealer.deluxe.rules import (
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
    "VARIANTS",
    "Combo",
    "Hand",
    "Row",
    "Variant",
    "check_cards",
    "classify",
    "get_variant",
    "parse_combo",
    "straight_top",
]
