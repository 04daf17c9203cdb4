"""The table games, and the configuration of a table's next hand: pure, so that anything (the
Django table, a script, a test) can build a hand from a seating plan.

The catalogue (`GAMES`) has one `GameSpec` per table game: its variant, players, forced bets,
betting, the New table form's fields and its structure builder. The model's choices, the
table form's checks and field groups, and the screens all read it: none of them names a game.
The table says which game it plays and with which stakes (`TableRules`); the seating planner
says who is dealt in and who posts what (`dealer.engine.seating.HandPlan`); the last finished
deal says what stays on the table (`LastDeal`: a jackpot nobody opened, a false opener's pot).
`hand_config` puts the three together.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum

from dealer.engine.rules import (
    VARIANTS,
    FixedLimit,
    HandConfig,
    HouseOptions,
    Kind,
    Low,
    NoLimit,
    PotLimit,
    SpreadLimit,
    Structure,
    Variant,
)
from dealer.engine.seating import HandPlan, SeatState, forced_bets
from dealer.engine.text import gettext_noop


class Game(StrEnum):
    """The games a table can play: the ids of the catalogue (`GAMES`)."""

    NL_HOLDEM = "nl_holdem"
    PL_HOLDEM = "pl_holdem"
    FL_HOLDEM = "fl_holdem"
    PL_OMAHA = "pl_omaha"
    DRAW5 = "draw5"  # seed 000, Mörkpoker
    DRAW5_SHORT = "draw5_short"  # seed 003, the 32/33-card game
    TRIPLE_DRAW_27 = "triple_draw_27"  # dealer's choice: 2-7 lowball, three draws
    STUD5 = "stud5"  # seed 004, Femstöt
    STUD7 = "stud7"
    RAZZ = "razz"  # dealer's choice: seven-card stud, the lowest hand wins
    STUD7_HILO = "stud7_hilo"  # dealer's choice: seven-card stud high-low, eight or better


class DrawMode(StrEnum):
    """Seed 000's forced bets: ante and straddle, jackpots, or the game for five or fewer."""

    STRADDLE = "straddle"  # ante (the minimum) and straddle (twice it), never jackpots
    # "När man spelade med ante och straddle, var det vanligt att ha knektöppning efter speciella
    # givar": jackpots after a special deal, and while nobody opens.
    SPECIAL_JACKPOTS = "special_jackpots"
    JACKPOTS = "jackpots"  # every deal a jackpot: everyone antes the minimum
    OPEN_OR_FOLD = "open_or_fold"  # "spel på fem eller färre": antes, free opening, no pass


class ForcedBets(StrEnum):
    """What a game's players put in before the cards: the kind decides which stakes a table
    sets, how they are checked, who posts what and how the stakes read."""

    # A small and a big blind that rotate with the button; an ante by the table's ante mode;
    # straddles when the table allows them.
    BLINDS = "blinds"
    # Seed 000: the minimum ("minimibeloppet") and the straddle (twice it), or jackpots, or the
    # game for five or fewer (the table's draw mode).
    ANTE_AND_STRADDLE = "ante_and_straddle"
    # Seed 003: no forced bets; the agreed bet ("umsamið veðmál") opens.
    AGREED_BET = "agreed_bet"
    # Stud (seed 004): an ante from everyone, and the lowest up card brings in.
    ANTE_AND_BRING_IN = "ante_and_bring_in"


class Betting(StrEnum):
    """A game's betting structure, as the New table form shows it."""

    NO_LIMIT = "no"
    POT_LIMIT = "pot"
    FIXED_LIMIT = "limit"
    SPREAD_LIMIT = "spread"  # the draw games' minimum and maximum per bet
    BY_TABLE = "by_table"  # stud: the table chooses (limit, spread, pot or no; `stud_betting`)


# The New table form's fields a game uses besides those every table has (name, game, seats,
# buy-ins, chips, the dead button): its stakes and its house options.
BLIND_FIELDS = (
    "small_blind",
    "big_blind",
    "ante",
    "ante_mode",
    "straddles_allowed",
    "straddle_raise",
    "button_straddle_order",
    "blind_before_ante",
    "misdeal_until_flop",
    "run_it_twice",
    "post_dead_small_to_enter",
)
FIXED_LIMIT_FIELDS = ("small_bet", "big_bet", "limit_raises", "heads_up_cap")
POT_LIMIT_FIELDS = ("pot_rounding",)
STUD_FIELDS = (
    "ante",
    "small_bet",
    "big_bet",
    "stud_betting",
    "bring_in",
    "pot_rounding",
    "bring_in_high",
    "bring_in_tie",
    "first_actor_tie",
    "open_pair",
)
DRAW_FIELDS = ("small_blind", "max_bet", "round_cap", "joker", "royal_over_five")


@dataclass(frozen=True, slots=True, kw_only=True)
class GameSpec:
    """One table game of the catalogue: everything the table, its forms and its screens ask
    about a game, so that none of them names a game.

    `label` is an English msgid (translated where it is shown); `players` the fewest and the
    most players a hand is dealt to; `fields` the New table form's fields the game uses;
    `structure` builds a hand's betting structure from the table's stakes (`TableRules`, and
    whether the deal is a jackpot).
    """

    game: Game
    label: str
    variant: Variant
    players: tuple[int, int]
    forced_bets: ForcedBets
    betting: Betting
    fields: tuple[str, ...]
    structure: Callable[[TableRules, bool], Structure]
    tournament: bool = False  # a tournament table may play it (the clock sets the blinds)
    says_pass: bool = False  # the seeds' draw games call a check "pass" ("passa", "pass")

    @property
    def board(self) -> bool:
        """Hold'em and Omaha: shared cards on a board."""
        return VARIANTS[self.variant].kind is Kind.BOARD

    @property
    def draw(self) -> bool:
        """The players draw (exchange cards)."""
        return VARIANTS[self.variant].kind is Kind.DRAW

    @property
    def stud(self) -> bool:
        """Up cards, the bring-in, no board."""
        return VARIANTS[self.variant].kind is Kind.STUD

    @property
    def high_low(self) -> bool:
        """Each pot is split between the best high and the best low hand."""
        return VARIANTS[self.variant].low is Low.HIGH_LOW

    @property
    def lowball(self) -> bool:
        """The lowest hand wins (ace-to-five as in razz, or deuce-to-seven)."""
        return VARIANTS[self.variant].low in (Low.LOW, Low.DEUCE_TO_SEVEN)

    @property
    def fixed_limit(self) -> bool:
        """Fixed-limit betting with blinds (no button straddle, the raise cap options)."""
        return self.betting is Betting.FIXED_LIMIT

    @property
    def has_blinds(self) -> bool:
        """Whether the game may have live forced bets that rotate with the button (seed 000's
        ante and straddle, unless every deal is a jackpot or the game is for five or fewer)."""
        return self.forced_bets in (ForcedBets.BLINDS, ForcedBets.ANTE_AND_STRADDLE)

    @property
    def jackpots(self) -> bool:
        """Whether a deal may be a jackpot, and a pot may be carried to the next deal."""
        return self.forced_bets is ForcedBets.ANTE_AND_STRADDLE

    def uses(self, field_name: str) -> bool:
        """Whether the game uses this field of the New table form."""
        return field_name in self.fields


def no_limit(rules: TableRules, jackpot: bool) -> Structure:
    """No limit, the big blind the smallest bet."""
    return NoLimit(min_bet=rules.big_blind)


def pot_limit(rules: TableRules, jackpot: bool) -> Structure:
    """Pot limit, the big blind the smallest bet."""
    return PotLimit(min_bet=rules.big_blind)


def fixed_limit(rules: TableRules, jackpot: bool) -> Structure:
    """Fixed limit with blinds: the small bet is the big blind unless the table sets it."""
    small = rules.small_bet or rules.big_blind
    return FixedLimit(small_bet=small, big_bet=rules.big_bet or 2 * small)


def stud_structure(rules: TableRules, jackpot: bool) -> Structure:
    """Stud's betting as the table chose it (seed 004), X and Y the small and big bet."""
    small = rules.small_bet or rules.small_blind
    big = rules.big_bet or 2 * small
    if rules.stud_betting == "spread":
        return SpreadLimit(min_bet=small, max_bet=big)
    if rules.stud_betting == "pot":
        return PotLimit(min_bet=small, min_bet_late=big)
    if rules.stud_betting == "no":
        return NoLimit(min_bet=small, min_bet_late=big)
    # Seed 004: "X gäller alltid i de två första rundorna och Y i de två sista."
    return FixedLimit(small_bet=small, big_bet=big)


def ante_and_straddle_structure(rules: TableRules, jackpot: bool) -> Structure:
    """Seed 000's limits: a jackpot opens from `open_min`, not at twice the straddle."""
    straddled = not jackpot and rules.draw_mode is not DrawMode.OPEN_OR_FOLD
    return SpreadLimit(
        min_bet=rules.small_blind,
        max_bet=max(rules.max_bet, rules.small_blind),
        max_bet_late=rules.max_bet_late,
        late_from=1,
        round_cap=rules.round_cap,
        # "skall hen satsa dubbla beloppet i straddlen"
        open_to=2 * rules.big_blind if straddled else 0,
        at_least_largest=rules.at_least_largest,
        open_min=rules.open_min if jackpot else 0,
    )


def agreed_bet_structure(rules: TableRules, jackpot: bool) -> Structure:
    """Seed 003's limits: the agreed bet opens, `max_bet` is the largest raise."""
    return SpreadLimit(
        min_bet=rules.small_blind,
        max_bet=max(rules.max_bet, rules.small_blind),
        round_cap=rules.round_cap,
        open_to=rules.small_blind,  # "borgar umsamið veðmál"
    )


def _stud(game: Game, label: str, variant: Variant, most: int) -> GameSpec:
    return GameSpec(
        game=game,
        label=label,
        variant=variant,
        players=(2, most),
        forced_bets=ForcedBets.ANTE_AND_BRING_IN,
        betting=Betting.BY_TABLE,
        fields=STUD_FIELDS,
        structure=stud_structure,
    )


# The catalogue: one entry per table game, in the order the New table form offers them. The
# labels are msgids (dealer.engine.text); the screens translate them.
GAMES: Mapping[Game, GameSpec] = {
    spec.game: spec
    for spec in (
        GameSpec(
            game=Game.NL_HOLDEM,
            label=gettext_noop("No-limit hold'em"),
            variant=Variant.HOLDEM,
            players=(2, 23),
            forced_bets=ForcedBets.BLINDS,
            betting=Betting.NO_LIMIT,
            fields=BLIND_FIELDS,
            structure=no_limit,
            tournament=True,
        ),
        GameSpec(
            game=Game.PL_HOLDEM,
            label=gettext_noop("Pot-limit hold'em"),
            variant=Variant.HOLDEM,
            players=(2, 23),
            forced_bets=ForcedBets.BLINDS,
            betting=Betting.POT_LIMIT,
            fields=BLIND_FIELDS + POT_LIMIT_FIELDS,
            structure=pot_limit,
            tournament=True,
        ),
        GameSpec(
            game=Game.FL_HOLDEM,
            label=gettext_noop("Fixed-limit hold'em"),
            variant=Variant.HOLDEM,
            players=(2, 23),
            forced_bets=ForcedBets.BLINDS,
            betting=Betting.FIXED_LIMIT,
            fields=BLIND_FIELDS + FIXED_LIMIT_FIELDS,
            structure=fixed_limit,
            tournament=True,
        ),
        GameSpec(
            game=Game.PL_OMAHA,
            label=gettext_noop("Pot-limit Omaha"),
            variant=Variant.OMAHA,
            players=(2, 23),
            forced_bets=ForcedBets.BLINDS,
            betting=Betting.POT_LIMIT,
            fields=BLIND_FIELDS + POT_LIMIT_FIELDS,
            structure=pot_limit,
            tournament=True,
        ),
        # Seed 000: "upp till sju spelare".
        GameSpec(
            game=Game.DRAW5,
            label=gettext_noop("Five-card draw (Mörkpoker)"),
            variant=Variant.DRAW5,
            players=(2, 7),
            forced_bets=ForcedBets.ANTE_AND_STRADDLE,
            betting=Betting.SPREAD_LIMIT,
            fields=(*DRAW_FIELDS, "draw_mode", "max_bet_late", "open_min", "at_least_largest"),
            structure=ante_and_straddle_structure,
            says_pass=True,
        ),
        # Seed 003: "þremur til fjórum leikmönnum".
        GameSpec(
            game=Game.DRAW5_SHORT,
            label=gettext_noop("32/33-card poker (Iceland)"),
            variant=Variant.DRAW5_SHORT,
            players=(3, 4),
            forced_bets=ForcedBets.AGREED_BET,
            betting=Betting.SPREAD_LIMIT,
            fields=DRAW_FIELDS,
            structure=agreed_bet_structure,
            says_pass=True,
        ),
        # Blinds and fixed limit as in hold'em, without the options that speak of a flop or of
        # straddles; six players at most (5 cards and three draws from one deck).
        GameSpec(
            game=Game.TRIPLE_DRAW_27,
            label=gettext_noop("2-7 triple draw (lowball)"),
            variant=Variant.TRIPLE_DRAW_27,
            players=(2, 6),
            forced_bets=ForcedBets.BLINDS,
            betting=Betting.FIXED_LIMIT,
            fields=(
                "small_blind",
                "big_blind",
                "ante",
                "ante_mode",
                "blind_before_ante",
                "post_dead_small_to_enter",
                *FIXED_LIMIT_FIELDS,
            ),
            structure=fixed_limit,
        ),
        # Seed 004: "Femstöt är ett pokerspel för 2 till 10 deltagare"; seven-card stud deals up
        # to seven cards each, so eight players at most (56 cards would be needed only if all
        # eight reach seventh street, and then the last card is dealt face up to the middle -
        # rare enough to refuse a ninth).
        _stud(Game.STUD5, gettext_noop("Five-card stud (Femstöt)"), Variant.STUD5, 10),
        _stud(Game.STUD7, gettext_noop("Seven-card stud"), Variant.STUD7, 8),
        _stud(Game.RAZZ, gettext_noop("Razz (seven-card stud, low)"), Variant.RAZZ, 8),
        _stud(
            Game.STUD7_HILO,
            gettext_noop("Seven-card stud high-low, eight or better"),
            Variant.STUD7_HILO,
            8,
        ),
    )
}


def players(game: Game, draw_mode: DrawMode = DrawMode.STRADDLE) -> tuple[int, int]:
    """The fewest and the most players a game is dealt to ("spel på fem eller färre": the
    open-or-fold game is for five at most)."""
    spec = GAMES[game]
    fewest, most = spec.players
    if spec.forced_bets is ForcedBets.ANTE_AND_STRADDLE and draw_mode is DrawMode.OPEN_OR_FOLD:
        most = min(most, 5)
    return fewest, most


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
    def spec(self) -> GameSpec:
        """The table's game in the catalogue."""
        return GAMES[self.game]

    @property
    def variant(self) -> Variant:
        return self.spec.variant

    @property
    def players(self) -> tuple[int, int]:
        """The fewest and the most players the game is dealt to (`players`)."""
        return players(self.game, self.draw_mode)

    @property
    def has_blinds(self) -> bool:
        """Whether hands have live forced bets that rotate with the button."""
        if self.spec.forced_bets is ForcedBets.ANTE_AND_STRADDLE:
            return self.draw_mode in (DrawMode.STRADDLE, DrawMode.SPECIAL_JACKPOTS)
        return self.spec.has_blinds

    def jackpot_ante(self) -> int:
        """Seed 000: "Om knektöppning spelas efter speciella givar i ett parti med ante och
        straddle, sätts anten vid knektöppning till samma belopp som straddlen ... I annat fall
        sätts den till minimibeloppet." """
        if self.draw_mode is DrawMode.SPECIAL_JACKPOTS:
            return self.big_blind
        return self.small_blind

    def structure(self, *, jackpot: bool = False) -> Structure:
        """The betting structure of a hand (the game's builder, `GameSpec.structure`)."""
        return self.spec.structure(self, jackpot)


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
    if not rules.spec.jackpots:
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
    forced = rules.spec.forced_bets
    if forced is ForcedBets.ANTE_AND_STRADDLE:
        # "Den närmaste aktiva spelaren till vänster om den som satte straddlen talar först."
        options = replace(options, late_rounds_left_of_big_blind=True)
    if rules.has_blinds and not jackpot and not share_carried:
        dealt_in = plan.dealt_in
        live, dead = forced_bets(plan)
        blinds = list(live)
        if forced is ForcedBets.ANTE_AND_STRADDLE and plan.heads_up:
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
    # Seed 000's game for five or fewer: everyone antes the minimum, nobody straddles.
    open_or_fold = (
        forced is ForcedBets.ANTE_AND_STRADDLE and rules.draw_mode is DrawMode.OPEN_OR_FOLD
    )
    if share_carried:
        pass  # no forced bets: the deal only shares out the carried pot
    elif jackpot:
        if replay_without is None:  # "Spelarna sätter i detta fall inte någon ny ante."
            antes = [rules.jackpot_ante()] * n
    elif open_or_fold:
        antes = [rules.small_blind] * n
    elif forced is ForcedBets.ANTE_AND_BRING_IN:
        # Seed 004: "Ganska vanligt är att spela med både ante och bring-in"
        antes = [rules.ante] * n
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
        bring_in=rules.bring_in if forced is ForcedBets.ANTE_AND_BRING_IN else 0,
        smallest_chip=rules.smallest_chip,
        seats=dealt_in,
        options=options,
        joker=rules.joker,
        jackpot=jackpot,
        open_or_fold=open_or_fold,
        carried=carried,
    )
