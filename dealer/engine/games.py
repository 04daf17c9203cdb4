"""A table's game, and the configuration of its next hand: pure, so that anything (the Django
table, a script, a test) can build a hand from a seating plan.

The table says which game it plays and with which stakes (`TableRules`); the seating planner
says who is dealt in and who posts what (`dealer.engine.seating.HandPlan`); the last finished
deal says what stays on the table (`LastDeal`: a jackpot nobody opened, a false opener's pot).
`hand_config` puts the three together.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum

from dealer.engine.rules import (
    VARIANTS,
    FixedLimit,
    HandConfig,
    HouseOptions,
    NoLimit,
    PotLimit,
    SpreadLimit,
    Structure,
    Variant,
)
from dealer.engine.seating import HandPlan, SeatState, forced_bets


class Game(StrEnum):
    """The games a table can play."""

    NL_HOLDEM = "nl_holdem"
    PL_HOLDEM = "pl_holdem"
    FL_HOLDEM = "fl_holdem"
    PL_OMAHA = "pl_omaha"
    DRAW5 = "draw5"  # seed 000, Mörkpoker
    DRAW5_SHORT = "draw5_short"  # seed 003, the 32/33-card game
    STUD5 = "stud5"  # seed 004, Femstöt
    STUD7 = "stud7"
    RAZZ = "razz"  # dealer's choice: seven-card stud, the lowest hand wins
    STUD7_HILO = "stud7_hilo"  # dealer's choice: seven-card stud high-low, eight or better


VARIANT_OF: Mapping[Game, Variant] = {
    Game.NL_HOLDEM: Variant.HOLDEM,
    Game.PL_HOLDEM: Variant.HOLDEM,
    Game.FL_HOLDEM: Variant.HOLDEM,
    Game.PL_OMAHA: Variant.OMAHA,
    Game.DRAW5: Variant.DRAW5,
    Game.DRAW5_SHORT: Variant.DRAW5_SHORT,
    Game.STUD5: Variant.STUD5,
    Game.STUD7: Variant.STUD7,
    Game.RAZZ: Variant.RAZZ,
    Game.STUD7_HILO: Variant.STUD7_HILO,
}

DRAW_GAMES = frozenset({Game.DRAW5, Game.DRAW5_SHORT})
STUD_GAMES = frozenset({Game.STUD5, Game.STUD7, Game.RAZZ, Game.STUD7_HILO})
# Seed 004: "Femstöt är ett pokerspel för 2 till 10 deltagare"; seven-card stud deals up to seven
# cards each, so eight players at most (56 cards would be needed only if all eight reach seventh
# street, and then the last card is dealt face up to the middle - rare enough to refuse a ninth).
STUD_PLAYERS = {
    Game.STUD5: (2, 10),
    Game.STUD7: (2, 8),
    Game.RAZZ: (2, 8),
    Game.STUD7_HILO: (2, 8),
}


class DrawMode(StrEnum):
    """Seed 000's forced bets: ante and straddle, jackpots, or the game for five or fewer."""

    STRADDLE = "straddle"  # ante (the minimum) and straddle (twice it), never jackpots
    # "När man spelade med ante och straddle, var det vanligt att ha knektöppning efter speciella
    # givar": jackpots after a special deal, and while nobody opens.
    SPECIAL_JACKPOTS = "special_jackpots"
    JACKPOTS = "jackpots"  # every deal a jackpot: everyone antes the minimum
    OPEN_OR_FOLD = "open_or_fold"  # "spel på fem eller färre": antes, free opening, no pass


@dataclass(frozen=True, slots=True, kw_only=True)
class TableRules:
    """What a table plays. Chips are whole chips; 0 means "none" for optional amounts.

    Hold'em and Omaha: blinds, ante and the fixed-limit bets. Seed 000 (DRAW5): `small_blind`
    is the minimum ("minimibeloppet": the ante, and the smallest bet or raise), `big_blind` the
    straddle (twice it), `max_bet` the max, `max_bet_late` a higher max after the draw,
    `round_cap` the most one player puts in per round, `open_min` the smallest opening of a
    jackpot. Seed 003 (DRAW5_SHORT): `small_blind` is the agreed bet ("umsamið veðmál"),
    `max_bet` the largest raise. Stud (seed 004): straight limit with `small_bet` X and `big_bet`
    Y, `ante` from every player, and the `bring_in`.
    """

    game: Game
    small_blind: int
    big_blind: int
    ante: int = 0
    ante_mode: str = "none"  # none, each, button, big_blind
    straddles_allowed: bool = False
    small_bet: int = 0
    big_bet: int = 0
    max_bet: int = 0
    max_bet_late: int = 0
    round_cap: int = 0
    at_least_largest: bool = False
    draw_mode: DrawMode = DrawMode.STRADDLE
    open_min: int = 0
    joker: bool = False
    bring_in: int = 0
    # Stud's betting (seed 004): "limit" (straight limit, X then Y), "spread" (any bet from X to
    # Y), "pot" and "no" (X and Y the smallest opening in their rounds).
    stud_betting: str = "limit"
    smallest_chip: int = 1
    options: HouseOptions = field(default_factory=HouseOptions)

    @property
    def variant(self) -> Variant:
        return VARIANT_OF[self.game]

    @property
    def players(self) -> tuple[int, int]:
        """The fewest and the most players the game is dealt to ("spel på fem eller färre":
        the open-or-fold game is for five at most)."""
        fewest, most = STUD_PLAYERS.get(self.game) or VARIANTS[self.variant].players
        if self.game is Game.DRAW5 and self.draw_mode is DrawMode.OPEN_OR_FOLD:
            most = min(most, 5)
        return fewest, most

    @property
    def has_blinds(self) -> bool:
        """Whether hands have live forced bets that rotate with the button."""
        if self.game is Game.DRAW5_SHORT or self.game in STUD_GAMES:
            return False
        if self.game is Game.DRAW5:
            return self.draw_mode in (DrawMode.STRADDLE, DrawMode.SPECIAL_JACKPOTS)
        return True

    def jackpot_ante(self) -> int:
        """Seed 000: "Om knektöppning spelas efter speciella givar i ett parti med ante och
        straddle, sätts anten vid knektöppning till samma belopp som straddlen ... I annat fall
        sätts den till minimibeloppet." """
        if self.draw_mode is DrawMode.SPECIAL_JACKPOTS:
            return self.big_blind
        return self.small_blind

    def structure(self, *, jackpot: bool = False) -> Structure:
        """The betting structure of a hand (a jackpot opens from `open_min`, not at twice the
        straddle)."""
        if self.game is Game.NL_HOLDEM:
            return NoLimit(min_bet=self.big_blind)
        if self.game in STUD_GAMES:
            small = self.small_bet or self.small_blind
            big = self.big_bet or 2 * small
            if self.stud_betting == "spread":
                return SpreadLimit(min_bet=small, max_bet=big)
            if self.stud_betting == "pot":
                return PotLimit(min_bet=small, min_bet_late=big)
            if self.stud_betting == "no":
                return NoLimit(min_bet=small, min_bet_late=big)
            # Seed 004: "X gäller alltid i de två första rundorna och Y i de två sista."
            return FixedLimit(small_bet=small, big_bet=big)
        if self.game is Game.FL_HOLDEM:
            small = self.small_bet or self.big_blind
            return FixedLimit(small_bet=small, big_bet=self.big_bet or 2 * small)
        if self.game is Game.DRAW5:
            straddled = not jackpot and self.draw_mode is not DrawMode.OPEN_OR_FOLD
            return SpreadLimit(
                min_bet=self.small_blind,
                max_bet=max(self.max_bet, self.small_blind),
                max_bet_late=self.max_bet_late,
                late_from=1,
                round_cap=self.round_cap,
                # "skall hen satsa dubbla beloppet i straddlen"
                open_to=2 * self.big_blind if straddled else 0,
                at_least_largest=self.at_least_largest,
                open_min=self.open_min if jackpot else 0,
            )
        if self.game is Game.DRAW5_SHORT:
            return SpreadLimit(
                min_bet=self.small_blind,
                max_bet=max(self.max_bet, self.small_blind),
                round_cap=self.round_cap,
                open_to=self.small_blind,  # "borgar umsamið veðmál"
            )
        return PotLimit(min_bet=self.big_blind)


@dataclass(frozen=True, slots=True, kw_only=True)
class LastDeal:
    """What the last finished deal left behind for the next one."""

    carried: int = 0  # chips left on the table (a jackpot nobody opened, a false opener's pot)
    special: bool = False  # seed 000's special deal (see hand.special_deal)
    jackpot: bool = False  # it was a jackpot
    replay_without: int | None = None  # seat of a false opener: the same pot again without them
    button: dict[str, int] | None = None  # the button the deal was dealt with (for a replay)


def is_jackpot(rules: TableRules, last: LastDeal | None) -> bool:
    """Whether the next deal is a jackpot: always, or after a special deal and for as long as
    nobody opens ("Om det är ett parti med knektöppning efter speciella givar, spelas även nästa
    giv med knektöppning"), and the replay of a false opener's pot."""
    if rules.game is not Game.DRAW5:
        return False
    if rules.draw_mode is DrawMode.JACKPOTS:
        return True
    if last is not None and last.replay_without is not None:
        return True
    if rules.draw_mode is DrawMode.SPECIAL_JACKPOTS and last is not None:
        return last.special or (last.jackpot and last.carried > 0)
    return False


def blindless_order(plan: HandPlan, seats: Iterable[SeatState]) -> tuple[int, ...]:
    """Everyone who can play, in position order from the first seat left of the button (the
    button last): games without blinds have nobody waiting for one."""
    able = sorted(s.seat for s in seats if s.stack > 0 and not s.sitting_out)
    after = [s for s in able if s > plan.button] + [s for s in able if s <= plan.button]
    return tuple(after)


def hand_config(
    rules: TableRules,
    plan: HandPlan,
    seats: Iterable[SeatState],
    *,
    straddle: bool = False,
    button_straddle: bool = False,
    last: LastDeal | None = None,
    share_carried: bool = False,
) -> HandConfig:
    """The engine configuration of the next hand: stacks, posts and antes by position.

    `seats` are the table's seats as they are between hands; `straddle`: the player under the
    gun straddles, `button_straddle`: the button does (hold'em and Omaha, when the table allows
    straddles, three or more players; the engine refuses the button's in fixed limit); `last`:
    what the last finished deal left on the table; `share_carried`: a deal without forced bets
    in which the carried pot is shared out (actions.SplitCarried).
    """
    seats = tuple(seats)
    stacks_by_seat: dict[int, int] = {s.seat: s.stack for s in seats}
    jackpot = is_jackpot(rules, last) and not share_carried
    replay_without = last.replay_without if last is not None else None
    carried = last.carried if last is not None else 0
    options = rules.options
    if rules.game is Game.DRAW5:
        # "Den närmaste aktiva spelaren till vänster om den som satte straddlen talar först."
        options = replace(options, late_rounds_left_of_big_blind=True)
    if rules.has_blinds and not jackpot and not share_carried:
        dealt_in = plan.dealt_in
        live, dead = forced_bets(plan)
        blinds = list(live)
        if rules.game is Game.DRAW5 and plan.heads_up:
            # Seed 000 heads-up: "Förhand" (left of the dealer, the other player) antes and the
            # dealer straddles; hold'em's heads-up rule has the button post the small one.
            blinds.reverse()
    else:
        dealt_in = blindless_order(plan, seats)
        blinds, dead = [], ()
    if replay_without is not None:
        # "spelas på nytt om samma pott med samma givare, dock utan att den felande får delta"
        dealt_in = tuple(s for s in dealt_in if s != replay_without)
    n = len(dealt_in)
    if straddle and rules.straddles_allowed and n > 2 and blinds:
        # Under the gun: the first player left of the big blind straddles twice the big blind.
        big = dealt_in.index(plan.big_blind)
        blinds[(big + 1) % n] = max(blinds[(big + 1) % n], 2 * rules.big_blind)
    if button_straddle and rules.straddles_allowed and n > 2 and blinds and plan.button in dealt_in:
        # The button (the last position) straddles twice the big blind.
        blinds[n - 1] = max(blinds[n - 1], 2 * rules.big_blind)
    antes = [0] * n
    if share_carried:
        pass  # no forced bets: the deal only shares out the carried pot
    elif jackpot:
        if replay_without is None:  # "Spelarna sätter i detta fall inte någon ny ante."
            antes = [rules.jackpot_ante()] * n
    elif rules.game is Game.DRAW5 and rules.draw_mode is DrawMode.OPEN_OR_FOLD:
        antes = [rules.small_blind] * n
    elif rules.game in STUD_GAMES:
        antes = [
            rules.ante
        ] * n  # seed 004: "Ganska vanligt är att spela med både ante och bring-in"
    elif rules.ante and rules.ante_mode == "each":
        antes = [rules.ante] * n
    elif rules.ante and rules.ante_mode == "button" and n:
        # One ante for the table, from the button (or the last player before a dead one).
        antes[n - 1] = rules.ante
    elif rules.ante and rules.ante_mode == "big_blind" and plan.big_blind in dealt_in:
        antes[dealt_in.index(plan.big_blind)] = rules.ante
    return HandConfig(
        variant=rules.variant,
        structure=rules.structure(jackpot=jackpot),
        stacks=tuple(stacks_by_seat[s] for s in dealt_in),
        blinds=tuple(blinds),
        antes=tuple(antes),
        dead=tuple(dead),
        big_blind=rules.big_blind if blinds else 0,
        bring_in=rules.bring_in if rules.game in STUD_GAMES else 0,
        smallest_chip=rules.smallest_chip,
        seats=dealt_in,
        options=options,
        joker=rules.joker,
        jackpot=jackpot,
        open_or_fold=rules.game is Game.DRAW5 and rules.draw_mode is DrawMode.OPEN_OR_FOLD,
        carried=carried,
    )
