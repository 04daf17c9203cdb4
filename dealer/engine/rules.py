"""Games, betting structures and house options: the data that says which rules a hand follows.

Everything here is configuration: frozen, keyword-only, with the defaults DESIGN.md gives. The
behaviour lives in `dealer.engine.hand`; this module only names the choices.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from dealer.engine.cards import deck_size
from dealer.engine.text import gettext_noop


class Low(StrEnum):
    """How hands rank at the showdown: who wins the pot."""

    HIGH = "high"
    LOW = "low"  # razz: ace-to-five, the ace low, straights and flushes do not count
    HIGH_LOW = "high_low"  # half to the best high, half to the best low of 8 or better
    # Deuce-to-seven lowball: the lowest hand wins, the ace is high only, straights and flushes
    # count against the hand, so 7-5-4-3-2 (not all of one suit) is the best.
    DEUCE_TO_SEVEN = "deuce_to_seven"


class Kind(StrEnum):
    """How cards reach the players: a shared board, one draw, or up cards (stud)."""

    BOARD = "board"
    DRAW = "draw"
    STUD = "stud"


class Variant(StrEnum):
    """The games of the seeds."""

    HOLDEM = "holdem"
    OMAHA = "omaha"
    DRAW5 = "draw5"  # seed 000, "Mörkpoker": five-card draw, bet, draw once, bet
    DRAW5_SHORT = "draw5_short"  # seed 003: five-card draw with a 32/33-card deck
    STUD5 = "stud5"  # seed 004, "Femstöt"
    STUD7 = "stud7"
    RAZZ = "razz"  # seven-card stud, the lowest hand wins (ace-to-five)
    STUD7_HILO = "stud7_hilo"  # seven-card stud high-low split, eight or better for low
    TRIPLE_DRAW_27 = "triple_draw_27"  # deuce-to-seven triple draw: three draws, 2-7 lowball


class StudTie(StrEnum):
    """How ties are broken between equal stud cards or hands."""

    BY_POSITION = "by_position"  # the first seat left of the button
    BY_SUIT = "by_suit"  # clubs < diamonds < hearts < spades


@dataclass(frozen=True, slots=True, kw_only=True)
class VariantSpec:
    """What a variant deals and how many betting rounds it has."""

    kind: Kind
    # One name per betting round, in English (marked for translation); the UI translates.
    streets: tuple[str, ...]
    # Cards dealt before each betting round: board cards (board games), up cards (stud).
    board_cards: tuple[int, ...] = ()
    hole_cards: int = 0
    big_bet_from: int = 2  # fixed limit: the first betting round played with the big bet
    deck: str = "standard"
    # Seed 003: the first betting round starts right of the dealer and goes round the other way.
    counterclockwise: bool = False
    # Draw games: the stub is renewed (its last cards and every discard shuffled) when only this
    # many cards are left and someone still draws. Seed 000: "Om det bara finns ett kort kvar i
    # talongen och alla ännu inte har köpt färdigt, tar givaren det kvarvarande kortet, lägger
    # ihop det med alla kastkort, blandar" (1); seed 003: "Ef stokkurinn klárast" (0).
    reshuffle_at: int = 1
    # Seed 003's first betting round: a player who passes pays nothing and stays in ("getur
    # beðið frekari þróunnar"), and may come back in by paying the current amount, even at the
    # exchange; every bet stays in the pot ("öll veðmál verða að fara í pottinn og vera þar").
    pass_stays_in: bool = False
    # The most players the game is dealt to, and the fewest (seed 000: "upp till sju spelare";
    # seed 003: "þremur til fjórum leikmönnum").
    players: tuple[int, int] = (2, 23)
    low: Low = Low.HIGH  # how hands rank at the showdown
    # Draw games: the betting rounds after which the players draw (0 is the first round).
    draws_after: tuple[int, ...] = ()
    # Stud: the last street's card is dealt face down (seven-card stud's seventh street).
    last_street_down: bool = False
    # Board games: how many hole cards a hand must use, exactly (Omaha: two); 0: any number.
    hole_cards_used: int = 0
    # Stud: how equal bring-in cards are told apart unless the house says otherwise.
    bring_in_tie: StudTie = StudTie.BY_SUIT
    # The game's code in PHH hand histories, without the betting structure's letter (PHH's own
    # codes where PHH has one: "T" in FT and NT, "2L3D" in F2L3D; dealer.engine.phh).
    phh_code: str = ""

    def draw_index(self, street: int) -> int | None:
        """Which draw (0 the first) follows betting round `street`; None: no draw follows it."""
        try:
            return self.draws_after.index(street)
        except ValueError:
            return None

    @property
    def draws(self) -> int:
        """How many times the players draw (0: not a draw game)."""
        return len(self.draws_after)

    def dealt_down(self, street: int) -> bool:
        """Stud: whether the card of betting round `street` is dealt face down."""
        return self.last_street_down and street == len(self.streets) - 1


VARIANTS: dict[Variant, VariantSpec] = {
    Variant.HOLDEM: VariantSpec(
        kind=Kind.BOARD,
        streets=(
            gettext_noop("preflop"),
            gettext_noop("flop"),
            gettext_noop("turn"),
            gettext_noop("river"),
        ),
        board_cards=(0, 3, 1, 1),
        hole_cards=2,
        phh_code="T",
    ),
    Variant.OMAHA: VariantSpec(
        kind=Kind.BOARD,
        streets=(
            gettext_noop("preflop"),
            gettext_noop("flop"),
            gettext_noop("turn"),
            gettext_noop("river"),
        ),
        board_cards=(0, 3, 1, 1),
        hole_cards=4,
        hole_cards_used=2,
        phh_code="O",
    ),
    Variant.DRAW5: VariantSpec(
        kind=Kind.DRAW,
        streets=(gettext_noop("before the draw"), gettext_noop("after the draw")),
        hole_cards=5,
        big_bet_from=1,
        players=(2, 7),
        draws_after=(0,),
        phh_code="5D",
    ),
    Variant.DRAW5_SHORT: VariantSpec(
        kind=Kind.DRAW,
        streets=(gettext_noop("before the draw"), gettext_noop("after the draw")),
        hole_cards=5,
        big_bet_from=1,
        deck="short32",
        counterclockwise=True,
        reshuffle_at=0,
        pass_stays_in=True,
        players=(3, 4),
        draws_after=(0,),
        phh_code="5D32",
    ),
    # Seed 004: "X gäller alltid i de två första rundorna och Y i de två sista."
    Variant.STUD5: VariantSpec(
        kind=Kind.STUD,
        streets=(
            gettext_noop("second street"),
            gettext_noop("third street"),
            gettext_noop("fourth street"),
            gettext_noop("fifth street"),
        ),
        hole_cards=1,
        big_bet_from=2,
        # Seed 004: "Om flera personer får samma lägsta valör ska den som sitter närmast till
        # vänster om knappen betala bring-in".
        bring_in_tie=StudTie.BY_POSITION,
        phh_code="5S",
    ),
    Variant.STUD7: VariantSpec(
        kind=Kind.STUD,
        streets=(
            gettext_noop("third street"),
            gettext_noop("fourth street"),
            gettext_noop("fifth street"),
            gettext_noop("sixth street"),
            gettext_noop("seventh street"),
        ),
        hole_cards=2,
        big_bet_from=2,
        last_street_down=True,
        phh_code="7S",
    ),
    # Deuce-to-seven triple draw as card rooms deal it: blinds, five cards each, four betting
    # rounds with a draw after each of the first three, fixed limit with the small bet in the
    # first two rounds and the big bet in the last two, six players at most. The stub follows
    # seed 000 (`reshuffle_at` 1): its last card and every discard become a new stub when a draw
    # needs more cards.
    Variant.TRIPLE_DRAW_27: VariantSpec(
        kind=Kind.DRAW,
        streets=(
            gettext_noop("before the first draw"),
            gettext_noop("after the first draw"),
            gettext_noop("after the second draw"),
            gettext_noop("after the third draw"),
        ),
        hole_cards=5,
        big_bet_from=2,
        players=(2, 6),
        low=Low.DEUCE_TO_SEVEN,
        draws_after=(0, 1, 2),
        phh_code="2L3D",
    ),
}
# Razz and seven-card stud high-low are dealt and bet like seven-card stud.
VARIANTS[Variant.RAZZ] = replace(VARIANTS[Variant.STUD7], low=Low.LOW, phh_code="R")
VARIANTS[Variant.STUD7_HILO] = replace(VARIANTS[Variant.STUD7], low=Low.HIGH_LOW, phh_code="7S/8")


@dataclass(frozen=True, slots=True, kw_only=True)
class NoLimit:
    """Any bet from the minimum to all-in. `min_bet` 0 means the big blind (or the small bet).

    `min_bet_late`: the smallest opening from the variant's big-bet round on (seed 004: "I
    pottlimit och no-limit står X och Y istället för minsta tillåtna öppning i respektive
    satsningsrundor"); 0: `min_bet` throughout."""

    min_bet: int = 0
    min_bet_late: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class PotLimit:
    """Raise at most the size of the pot after calling (`min_bet_late`: as for NoLimit)."""

    min_bet: int = 0
    min_bet_late: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class FixedLimit:
    """Bets and raises in fixed steps: the small bet early, the big bet late."""

    small_bet: int
    big_bet: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SpreadLimit:
    """A minimum and maximum per bet or raise: spread limit, and the limits of seed 000.

    Seed 000 ("Mörkpoker"): "en undre och övre gräns för den inledande satsning eller höjning"
    (min_bet, max_bet); "Maxen kan sättas högre i den andra satsningsomgången" (max_bet_late, from
    the betting round `late_from`); "hur mycket en spelare sammanlagt får satsa under en
    satsningsomgång" (round_cap: most one player may put in during one betting round); "skall hen
    satsa dubbla beloppet i straddlen" (open_to: the first voluntary entry of the first round is
    exactly this much); and the tip that an opening bet or raise must be at least the largest so
    far in the deal (at_least_largest).
    """

    min_bet: int
    max_bet: int
    max_bet_late: int = 0
    late_from: int = 1
    round_cap: int = 0
    open_to: int = 0
    at_least_largest: bool = False
    # Seed 000's jackpots: "hur mycket en spelare som öppnar potten minst måste satsa" - the
    # first bet of the first round is at least this (and at most the maximum).
    open_min: int = 0


Structure = NoLimit | PotLimit | FixedLimit | SpreadLimit


class StraddleRaise(StrEnum):
    """Minimum raise over a straddle (DESIGN.md)."""

    STRADDLE = "straddle"  # default: a straddle is a new big blind; min raise to twice it
    BIG_BLIND = "big_blind"  # the raise increment stays one big blind (raise to 3 BB over 2 BB)


class ButtonStraddleOrder(StrEnum):
    """Who acts first preflop when the button straddles."""

    SMALL_BLIND = "small_blind"  # default: the small blind first, the straddler last
    UNDER_THE_GUN = "under_the_gun"


class HeadsUpCap(StrEnum):
    """Whether the fixed-limit raise cap applies when only two players are left."""

    UNCAPPED_WHEN_HEADS_UP = "uncapped_when_heads_up"  # default, Robert's Rules
    UNCAPPED_IF_BEGAN_HEADS_UP = "uncapped_if_began_heads_up"
    ALWAYS_CAPPED = "always_capped"


class OddChip(StrEnum):
    """Who gets the odd chip of a split pot."""

    LEFT_OF_BUTTON = "left_of_button"  # flop and draw games: first winner left of the button
    HIGH_CARD_BY_SUIT = "high_card_by_suit"  # stud: highest card by suit of the five played
    HIGH_CARD_ALL_CARDS = "high_card_all_cards"  # stud alternative: of all the player's cards


class OpenPair(StrEnum):
    """Stud, the second betting round (five-card stud's third card, seven-card stud's fourth
    street): who may open with the big bet when an open pair shows. Seed 004: "Enligt en regel
    får den som talar först i andra rundan välja att öppna på en stor bet om spelaren har ett
    öppet par framför sig. ... Enligt en annan variant kan vem som helst som öppnar i andra rundan
    välja att öppna på en stor bet om någon har ett öppet par framför sig. Har någon redan öppnat
    på den lägre nivån är det dock för sent"."""

    OFF = "off"  # default: the small bet, as in any second round
    FIRST_SPEAKER = "first_speaker"  # only the first to speak, and only with their own open pair
    ANYONE = "anyone"  # whoever opens, while anyone still in shows an open pair (WSOP live 220)
    # Robert's Rules and the WSOP live rules in a cash game: as ANYONE, and after a small opening
    # a raise may add the small or the big bet; once a raise adds the big bet, every raise does.
    CASH_GAME = "cash_game"


@dataclass(frozen=True, slots=True, kw_only=True)
class HouseOptions:
    """The table's house rules. Every option has the default DESIGN.md gives."""

    straddle_raise: StraddleRaise = StraddleRaise.STRADDLE
    button_straddle_order: ButtonStraddleOrder = ButtonStraddleOrder.SMALL_BLIND
    limit_raises: int = 3  # bet + 3 raises; 4 is the alternative
    heads_up_cap: HeadsUpCap = HeadsUpCap.UNCAPPED_WHEN_HEADS_UP
    blind_before_ante: bool = True  # TDA RP-11: a short big blind covers the blind first
    odd_chip: OddChip | None = None  # None: by game (stud: high card by suit, else by position)
    bring_in_tie: StudTie | None = None  # None: the game's (`VariantSpec.bring_in_tie`)
    first_actor_tie: StudTie = StudTie.BY_POSITION
    # Seed 004's variant: "I första rundan är det spelaren med högsta synliga kort, i stället för
    # lägsta, som betalar bring-in" (ties by `bring_in_tie`: by suit the highest suit brings in).
    bring_in_high: bool = False
    open_pair: OpenPair = OpenPair.OFF  # stud: who may open the second round with the big bet
    # Seed 000 with ante and straddle: after the draw the first player left of the straddle
    # speaks ("Den närmaste aktiva spelaren till vänster om den som satte straddlen talar först").
    late_rounds_left_of_big_blind: bool = False
    # Seed 000 with the joker: "I vissa kretsar som spelar med joker räknas royal flush som högre
    # än femtal."
    royal_over_five: bool = False
    # Seed 002: a card turned up after the hand has begun does not stop the game: a misdeal only
    # before the first action; the house may allow it until the flop.
    misdeal_until_flop: bool = False
    # Hold'em and Omaha: once betting is over (all-in) with board cards to come, the dealer may
    # deal the rest twice (`RunTwice`); each pot is split between the two boards.
    run_it_twice: bool = False
    # Pot-limit: the largest raise (a pot-sized one) rounded up to a multiple of this many
    # chips, as some rooms do (the table passes its smallest chip or its small blind); 0: the
    # exact pot (in whole chips of the smallest value).
    pot_round_up: int = 0


def upgrade_options(data: dict[str, Any]) -> dict[str, Any]:
    """House options as an older Pott stored them, in today's names and values.

    `open_pair_big_bet` (a truth value) became `open_pair`: true was the rule that whoever opens
    the second round may bet the big bet while anyone still in shows an open pair
    (`OpenPair.ANYONE`); false is `OpenPair.OFF`. A stored `open_pair` wins over the old name.
    """
    if "open_pair_big_bet" not in data:
        return data
    values = dict(data)
    old = values.pop("open_pair_big_bet")
    values.setdefault("open_pair", OpenPair.ANYONE if old is True else OpenPair.OFF)
    return values


@dataclass(frozen=True, slots=True, kw_only=True)
class HandConfig:
    """Everything a hand starts from. Per-player tuples are in position order.

    Position 0 is the first player left of the button and the last position is the button
    (heads-up: position 0 is the big blind and position 1 the button, who posts the small blind).
    Forced bets are nominal: a player who cannot cover one posts what they have (all-in), and a
    short big blind does not lower the amount the others must call.
    """

    variant: Variant
    structure: Structure
    stacks: tuple[int, ...]
    blinds: tuple[int, ...] = ()  # live blinds and straddles
    antes: tuple[int, ...] = ()  # antes, button ante or big-blind ante: one entry per player
    dead: tuple[int, ...] = ()  # dead money, e.g. a returning player's missed small blind
    big_blind: int = 0  # the nominal big blind; 0: the largest blind
    bring_in: int = 0
    smallest_chip: int = 1
    seats: tuple[int, ...] = ()  # seat numbers for messages; default 1, 2, 3 …
    options: HouseOptions = field(default_factory=HouseOptions)
    joker: bool = False  # the deck has a joker (seed 000: 53 cards; seed 003: 33 cards)
    # Seed 000's jackpots ("knektöppning"): opening the pot needs jacks or better, claimed by the
    # opener; if nobody opens, the deal ends and the pot is carried into the next one.
    jackpot: bool = False
    # Seed 000, "spel på fem eller färre": the opening is free, and before the pot is opened a
    # player may only fold or open ("Spelarna får inte passa i den första satsningsrundan").
    open_or_fold: bool = False
    # Chips carried in from earlier deals (a jackpot nobody opened): in the main pot, for
    # everyone dealt in.
    carried: int = 0

    @property
    def spec(self) -> VariantSpec:
        """The variant's dealing plan."""
        return VARIANTS[self.variant]

    @property
    def deck(self) -> str:
        """The deck the hand is dealt from: the variant's, with the joker when the table has it."""
        base = self.spec.deck
        if not self.joker:
            return base
        return "short33" if base == "short32" else "standard53"

    @property
    def deck_size(self) -> int:
        return deck_size(self.deck)  # type: ignore[arg-type]

    def seat(self, player: int) -> int:
        """The seat number a dealer sees for a position."""
        return self.seats[player] if self.seats else player + 1
