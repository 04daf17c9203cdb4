"""Seed 003's dice games and strip poker: the pure rules. No Django, no clock, no I/O.

Three games kept at the table (issue 15). The dice are real; Pott keeps the chips, the pot,
the claims and whose turn it is. Each game is a module with the same four functions, like
`dealer.engine.deluxe`: `start(config)`, `legal_actions(state)`, `apply(state, action)` (a
new frozen state, or `IllegalAction` — a ValueError shared with the hand engine — whose message
a dealer acts on, and nothing changed), `replay(config, actions)`. Players are indices into
`config.names` (seating order: the left of `names[i]` is `names[i + 1]`); chips are int units.

The dice (`dealer.engine.dice.hands`)
    `Face` (IntEnum NINE=9 … ACE=14; `.symbol` "9" "10" "J" "Q" "K" "A"), `FACES`,
    `parse_face(x)`, `parse_dice(x)` (exactly five; "K K 9 9 A" or faces): ValueError for six
    dice or a face poker dice do not have. `Kind` (IntEnum in the seed's order: NOTHING < PAIR
    < TWO_PAIRS < THREE_OF_A_KIND < LOW_STRAIGHT (9–K) < FULL_HOUSE < HIGH_STRAIGHT (10–A) <
    FOUR_OF_A_KIND < FIVE_OF_A_KIND; `.seed_name` "EITT SETT" …). `Hand(kind, faces)`: frozen,
    ordered (compare with < and ==; equal is a tie), named by the faces that make it, never the
    odd dice; `Hand.of("TWO_PAIRS", "9", "K")`, `str(hand)` "two pairs, kings and nines".
    `classify(dice) -> Hand`; `read_hand(hand_or_dice) -> Hand`; `all_hands()` lowest first;
    `FIVE_ACES`.

Roll for me (`dealer.engine.dice.roll`)
    `roll(rng, count=5)`, `reroll(rng, dice, again=positions)`, `roll_die(rng)`: `rng` is any
    `random.Random`-like source (`randrange`); the table passes `random.SystemRandom()`.

Poker dice (`dealer.engine.dice.poker_dice`)
    `start(PokerDiceConfig(names=…, chips=…, stake=…, first=0, rounds=None))`; the one action
    `Show(player, hand, rolls=None)`: five dice or a Hand; `rolls` required of a pass's first
    player (1–3, everyone's limit), optional for the rest. `PokerDiceState`: `chips`, `pot`,
    `phase` (SHOWING, OVER), `round`, `players` (this round's, in playing order), `playing`
    (this pass: everyone, or the tied in a replay), `shown`, `rolls`, `to_show`, `out`,
    `results` (RoundResult: players, passes of Shown, pot, winner, loser), `winner`,
    `standings()`. `legal_actions -> PokerDiceLegal(player, sets_rolls, max_rolls, replay,
    hands)`. `round_loser(players, passes)` is who starts the next round.

Liar's dice, "blekking" (`dealer.engine.dice.liars`)
    `start(LiarsConfig(names=…, chips=…, stake=…, first=0))`; actions `Claim(player, hand)`,
    `Accept(player)`, `Call(player, dice)` (the bluff called: the dice under the cup),
    `RollAces(player, dice)` (five aces accepted: what the roll made). `LiarsState`: `chips`,
    `pot`, `phase` (CLAIM, ANSWER, ACES, OVER), `round`, `to_act`, `claims` (Claimed: player,
    hand), `last_claim`, `out`, `in_game`, `results` (LiarsResult: claims, ending, by, shown,
    held, payer, paid, owed, out), `winner`, `won`, `standings()`. `legal_actions ->
    LiarsLegal(phase, player, last, claims)` with the claims allowed, lowest first.

Strip poker (`dealer.engine.dice.strip`)
    `start(StripConfig(names=…, items=None, first_out_wins=False))`; the one action
    `Lost(player)`. `StripState`: `losers` (each round's), `rounds`, `lost` (the tally),
    `left`, `finished`, `is_over`, `winner`, `standings()` (fewest lost first).
"""

from __future__ import annotations

from dealer.engine.actions import IllegalAction
from dealer.engine.dice import liars, poker_dice, strip
from dealer.engine.dice.hands import (
    DICE,
    FACES,
    FIVE_ACES,
    Face,
    Hand,
    Kind,
    all_hands,
    classify,
    parse_dice,
    parse_face,
    read_hand,
)
from dealer.engine.dice.liars import (
    Accept,
    Call,
    Claim,
    Claimed,
    Ending,
    LiarsConfig,
    LiarsLegal,
    LiarsResult,
    LiarsState,
    RollAces,
)
from dealer.engine.dice.poker_dice import (
    PokerDiceConfig,
    PokerDiceLegal,
    PokerDiceState,
    RoundResult,
    Show,
    Shown,
)
from dealer.engine.dice.roll import reroll, roll, roll_die
from dealer.engine.dice.strip import Lost, StripConfig, StripLegal, StripState
from dealer.engine.dice.table import Standing

__all__ = [
    "DICE",
    "FACES",
    "FIVE_ACES",
    "Accept",
    "Call",
    "Claim",
    "Claimed",
    "Ending",
    "Face",
    "Hand",
    "IllegalAction",
    "Kind",
    "LiarsConfig",
    "LiarsLegal",
    "LiarsResult",
    "LiarsState",
    "Lost",
    "PokerDiceConfig",
    "PokerDiceLegal",
    "PokerDiceState",
    "RollAces",
    "RoundResult",
    "Show",
    "Shown",
    "Standing",
    "StripConfig",
    "StripLegal",
    "StripState",
    "all_hands",
    "classify",
    "liars",
    "parse_dice",
    "parse_face",
    "poker_dice",
    "read_hand",
    "reroll",
    "roll",
    "roll_die",
    "strip",
]
