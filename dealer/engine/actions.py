"""The actions of a hand: what players and the dealer do. Frozen values, stored in the action log.

Player actions name the acting player by position (0 is the first player left of the button).
Amounts are chips. `Raise.to` is the player's whole bet in the current betting round after the
action ("raise to 300"), which is also how a bet, a completion and an all-in raise are written.
"""

from __future__ import annotations

from dataclasses import dataclass

from dealer.engine.cards import Card


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message says why, in words a dealer acts on.

    The message is a str or a `Msg` (dealer.engine.text): `str(error)` puts a Msg into words
    each time it is shown, so in the language active then."""


@dataclass(frozen=True, slots=True)
class Fold:
    player: int


@dataclass(frozen=True, slots=True)
class Check:
    player: int


@dataclass(frozen=True, slots=True)
class Call:
    """Match the current bet, or put in everything when the stack is short (all-in call)."""

    player: int


@dataclass(frozen=True, slots=True)
class Raise:
    """Bet, raise, or complete a bring-in to `to` chips in this betting round."""

    player: int
    to: int
    # Seed 000's jackpots: the opener claims jacks or better (the dealer's tap says so).
    openers: bool = False


@dataclass(frozen=True, slots=True)
class AllIn:
    """Put in every chip: a call, a bet or a raise, whichever that amounts to."""

    player: int
    openers: bool = False  # jackpots: as for Raise, when the all-in opens the pot


@dataclass(frozen=True, slots=True)
class BringIn:
    """Stud: the lowest up card posts the bring-in instead of completing."""

    player: int


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw games: exchange `count` cards; 0 is standing pat."""

    player: int
    count: int = 0
    # Seed 000's jackpots: the opener puts a discarded opener aside, to show at the showdown.
    split_openers: bool = False


@dataclass(frozen=True, slots=True)
class Openers:
    """Seed 000's jackpots, at the showdown: did the opener show jacks or better?

    `shown=False` (a false opener): the opener cannot win; if everyone else had folded, the same
    pot is played again without them (see `HandState.replay_without`).
    """

    player: int
    shown: bool = True


@dataclass(frozen=True, slots=True)
class Show:
    """Show cards at the showdown, or once betting is over (an all-in run-out, see
    `hand.cards_up`): the hole cards (board games: 2 in hold'em, 4 in Omaha), the hand (draw
    games: 5), or every card dealt to the player, up cards included (stud). No cards: the player
    showed, but the cards were not entered."""

    player: int
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Board:
    """Board games: the whole board as it lies, entered when the streets were dealt without cards
    (or to complete the cards entered so far). At the showdown, or once betting is over (see
    `hand.cards_up`). It holds exactly the board cards dealt so far and starts with any already
    entered: entered cards are never changed."""

    cards: tuple[Card, ...]
    # Run it twice: 1 enters the second run's own cards (the streets dealt twice), not the
    # cards both boards share.
    run: int = 0


@dataclass(frozen=True, slots=True)
class RunTwice:
    """Run it twice (house option `run_it_twice`): betting is over with board cards still to
    come; the rest of the board is dealt twice and each pot is split between the two boards.
    Before the next street is dealt, once."""


@dataclass(frozen=True, slots=True)
class Muck:
    """Give up the hand at the showdown without showing: no claim to any pot."""

    player: int


@dataclass(frozen=True, slots=True)
class DealStreet:
    """The dealer deals the next street.

    `board`: the board cards just dealt (board games), optional. `up_cards`: stud, one up card per
    player in position order (None for players no longer in the hand), optional. `first_actor`:
    stud without cards entered, the dealer names who acts first (or who brings in).
    """

    board: tuple[Card, ...] = ()
    up_cards: tuple[Card | None, ...] = ()
    first_actor: int | None = None


@dataclass(frozen=True, slots=True)
class Award:
    """The dealer awards the next pot (the last side pot first) to `winners`.

    No winners: the best shown hand among the players eligible for the pot wins it.

    High-low games only: `low_winners` take the low half, `no_low=True` says nobody has a
    qualifying low (the high hand scoops). Neither: Pott ranks the shown lows itself.
    """

    pot: int
    winners: tuple[int, ...] = ()
    low_winners: tuple[int, ...] = ()
    no_low: bool = False
    # Stud, a split pot whose cards are not known: the dealer names who has the highest card by
    # suit (DESIGN.md: "dealer picks when cards unknown"). Ignored when the cards decide, in
    # games that give the odd chip by position, and when the pot is not split.
    odd_chip: int | None = None


@dataclass(frozen=True, slots=True)
class SplitCarried:
    """A pot carried from earlier deals is shared out instead of played for (a house decision,
    e.g. at the end of the night): equally between the players dealt in, odd chips from the
    first left of the button. Only in a deal with no forced bets, before anyone acts."""


@dataclass(frozen=True, slots=True)
class Misdeal:
    """Void the hand: every chip goes back to where it was before the hand."""


Action = (
    Fold
    | Check
    | Call
    | Raise
    | AllIn
    | BringIn
    | Draw
    | Show
    | Board
    | RunTwice
    | Muck
    | DealStreet
    | Award
    | Misdeal
    | Openers
    | SplitCarried
)
