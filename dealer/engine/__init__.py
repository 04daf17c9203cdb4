"""Pott's poker engine: pure Python, no Django, no clock, no I/O.

One hand: `start(HandConfig)` posts the forced bets, `legal_actions(state)` says what may happen
now, `apply(state, action)` returns the next state or raises `IllegalAction`, `replay(config,
actions)` rebuilds a state from its log. Between hands: `dealer.engine.seating`.
"""

from __future__ import annotations

from dealer.engine.actions import (
    Action,
    AllIn,
    Award,
    BringIn,
    Call,
    Check,
    DealStreet,
    Draw,
    Fold,
    IllegalAction,
    Misdeal,
    Muck,
    Raise,
    Show,
)
from dealer.engine.cards import Card, parse_card, parse_cards
from dealer.engine.hand import (
    HandState,
    Legal,
    Phase,
    apply,
    legal_actions,
    pots_so_far,
    replay,
    start,
)
from dealer.engine.pots import Pot, build_pots, split_pot
from dealer.engine.rules import (
    ButtonStraddleOrder,
    FixedLimit,
    HandConfig,
    HeadsUpCap,
    HouseOptions,
    Kind,
    NoLimit,
    OddChip,
    PotLimit,
    SpreadLimit,
    StraddleRaise,
    Structure,
    StudTie,
    Variant,
)

__all__ = [
    "Action",
    "AllIn",
    "Award",
    "BringIn",
    "ButtonStraddleOrder",
    "Call",
    "Card",
    "Check",
    "DealStreet",
    "Draw",
    "FixedLimit",
    "Fold",
    "HandConfig",
    "HandState",
    "HeadsUpCap",
    "HouseOptions",
    "IllegalAction",
    "Kind",
    "Legal",
    "Misdeal",
    "Muck",
    "NoLimit",
    "OddChip",
    "Phase",
    "Pot",
    "PotLimit",
    "Raise",
    "Show",
    "SpreadLimit",
    "StraddleRaise",
    "Structure",
    "StudTie",
    "Variant",
    "apply",
    "build_pots",
    "legal_actions",
    "parse_card",
    "parse_cards",
    "pots_so_far",
    "replay",
    "split_pot",
    "start",
]
