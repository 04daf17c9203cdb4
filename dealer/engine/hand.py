"""One hand of poker, from the forced bets to the last chip pushed.

`start(config)` posts the forced bets; `apply(state, action)` returns the next state or raises
IllegalAction; `legal_actions(state)` says what may happen now, with exact amounts. States are
frozen: the database keeps the action log and rebuilds the state with `replay`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from operator import itemgetter
from typing import NamedTuple

from dealer.engine.actions import (
    Action,
    AllIn,
    Award,
    Board,
    BringIn,
    Call,
    Check,
    DealStreet,
    Draw,
    Fold,
    IllegalAction,
    Misdeal,
    Muck,
    Openers,
    Raise,
    RunTwice,
    Show,
    SplitCarried,
)
from dealer.engine.cards import ACE, SUIT_ORDER, Card, card_order_key, new_deck
from dealer.engine.evaluate import (
    HandRank,
    LowRank,
    best_deuce_to_seven,
    best_hand,
    best_low,
    best_omaha_hand,
    high_card_by_suit,
    low_card_by_suit,
    visible_low_rank,
    visible_rank,
)
from dealer.engine.pots import Pot, build_pots, halves, split_pot
from dealer.engine.rules import (
    ButtonStraddleOrder,
    FixedLimit,
    HandConfig,
    HeadsUpCap,
    Kind,
    Low,
    OddChip,
    OpenPair,
    PotLimit,
    SpreadLimit,
    StraddleRaise,
    StudTie,
)
from dealer.engine.text import Msg, Text, gettext_noop, joined, pgettext_lazy

NOT_ACTED = -1


class Phase(StrEnum):
    """What the hand waits for."""

    BETTING = "betting"  # a player to act
    DEAL = "deal"  # the dealer to deal the next street
    DRAW = "draw"  # a player to draw (draw games)
    SHOWDOWN = "showdown"  # players show or muck; the dealer awards the pots
    COMPLETE = "complete"
    VOID = "void"  # misdeal


class HandState(NamedTuple):
    """Where a hand stands. Per-player tuples are in position order (see HandConfig).

    Immutable like the frozen dataclasses elsewhere, but a named tuple: the state is copied on
    every action of every replay, and a tuple copies an order of magnitude faster.
    """

    config: HandConfig
    stacks: tuple[int, ...]  # chips behind
    bets: tuple[int, ...]  # live bets in the current betting round
    contributions: tuple[int, ...]  # everything put in this hand, less returned uncalled bets
    dead: tuple[int, ...]  # the part of each contribution that is dead money (no one's bet)
    folded: tuple[bool, ...]
    phase: Phase
    street: int  # the current betting round (in DEAL: the one about to be dealt)
    to_act: int | None
    bet_level: int  # what everyone must match this round (a short blind does not lower it)
    min_raise: int  # no-limit, pot-limit: the last full bet or raise
    raise_base: int  # fixed limit: the level the next raise adds one bet to
    raises: int  # bets and raises this round; the big blind and a completion count as the bet
    cap_multiway: bool  # the limit cap was reached while three or more were in
    round_began_heads_up: bool
    acted: tuple[int, ...]  # the bet level when each player last acted this round, or NOT_ACTED
    largest_raise: int  # the largest opening bet or raise increment so far (seed 000 option)
    big_bet_opened: bool  # stud: fourth street opened with the big bet (open pair)
    bring_in_player: int | None
    last_aggressor: int | None
    board: tuple[Card, ...] = ()
    up_cards: tuple[tuple[Card, ...], ...] = ()
    # Draw games: cards each player exchanged in the current (or last) draw, -1 not yet.
    drawn: tuple[int, ...] = ()
    shown: tuple[tuple[Card, ...] | None, ...] = ()
    mucked: tuple[bool, ...] = ()
    pots: tuple[Pot, ...] = ()
    awarded: int = 0  # pots awarded so far, counted from the last
    payouts: tuple[int, ...] = ()
    returned: tuple[int, ...] = ()  # uncalled bets given back
    # Each pot as it was awarded: (pot index, ((player, chips), …)), the last side pot first.
    paid: tuple[tuple[int, tuple[tuple[int, int], ...]], ...] = ()
    # Draw games: cards left in the stub, discards not yet shuffled into it, and each renewal of
    # the stub as (the player whose draw needed it, the new stub's size).
    stub: int = 0
    discards: int = 0
    reshuffles: tuple[tuple[int, int], ...] = ()
    draw_order: tuple[int, ...] = ()
    began: bool = False  # a player has acted: a misdeal is no longer possible (seed 002)
    voluntary: int = 0  # calls, bets and raises in the first betting round (special deals)
    round_first: int | None = None  # who spoke first in the current (or last) betting round
    aggressor_street: int = -1  # the betting round of `last_aggressor`'s bet or raise
    # Seed 000's jackpots: who opened, whether they put an opener aside, whether they showed
    # openers (None: not yet asked).
    opener: int | None = None
    split_openers: bool = False
    openers_shown: bool | None = None
    # Chips that stay on the table for the next deal (a jackpot nobody opened, a false opener's
    # pot), and the player left out when the same pot is played again.
    carried_out: int = 0
    replay_without: int | None = None
    # Seed 003: what each player who passed must still pay to come back in at the exchange.
    owed: tuple[int, ...] = ()
    # Stud: the dealer named who brings in or speaks first on this street (no cards decided it).
    first_named: bool = False
    # Board games, the all-in run-out: the first street dealt after betting was over (-1: none).
    runout_from: int = -1
    # Run it twice: `runs` is 2 once the dealer chose it; `run` the run being dealt (0, then 1);
    # `board2` the second run's own cards (it shares `board[:shared]`, see `run_board`).
    runs: int = 1
    run: int = 0
    board2: tuple[Card, ...] = ()

    @property
    def players(self) -> int:
        return len(self.stacks)

    @property
    def pot_total(self) -> int:
        """Every chip in the middle or in front of the players (a carried pot too), not yet
        paid out or carried on."""
        return sum(self.contributions) + self.config.carried - sum(self.payouts) - self.carried_out

    @property
    def is_over(self) -> bool:
        return self.phase in (Phase.COMPLETE, Phase.VOID)

    def final_stacks(self) -> tuple[int, ...]:
        """Stacks after the payouts (or, after a misdeal, as they were before the hand)."""
        if self.phase is Phase.VOID:
            return self.config.stacks
        return tuple(s + p for s, p in zip(self.stacks, self.payouts, strict=True))

    def in_hand(self, player: int) -> bool:
        return not self.folded[player]

    def seat(self, player: int) -> int:
        return self.config.seat(player)


@dataclass(frozen=True, slots=True)
class Legal:
    """What may happen now. Amounts are chips; `raise_min`/`raise_max` are raise-to totals."""

    phase: Phase
    player: int | None = None
    fold: bool = False
    check: bool = False
    call: int = 0  # chips a call adds (0: no call possible)
    call_all_in: bool = False
    raise_min: int = 0  # 0: no bet or raise possible
    raise_max: int = 0
    is_bet: bool = False  # nothing to call yet: the raise is a bet (or a completion in stud)
    # Stud: the bring-in this player may post instead of completing; when the bring-in is the
    # full small bet it is the opening bet, and the only one (raise_min 0).
    bring_in: int = 0
    draw_max: int = 0
    join: int = 0  # seed 003, at the exchange: what a player who passed pays to come back in
    needs_openers: bool = False  # jackpots: opening needs a claim of jacks or better
    stub: int = 0  # draw games: the cards left in the stub before this draw
    deal: bool = False
    needs_first_actor: bool = False  # stud: name the first player if no up cards are entered
    award_pot: int | None = None  # the pot the dealer awards next
    eligible: tuple[int, ...] = ()
    check_openers: int | None = None  # jackpots: the opener must show openers first


# --- starting a hand -------------------------------------------------------------------------


def _padded(values: tuple[int, ...], n: int, name: Msg) -> tuple[int, ...]:
    if not values:
        return (0,) * n
    if len(values) != n:
        raise IllegalAction(
            Msg(
                gettext_noop("%(name)s has %(count)s entries for %(n)s players."),
                name=name,
                count=len(values),
                n=n,
            )
        )
    if any(v < 0 for v in values):
        raise IllegalAction(Msg(gettext_noop("%(name)s cannot be negative."), name=name))
    return values


def start(config: HandConfig) -> HandState:
    """Post the forced bets and return the hand ready for its first action."""
    n = len(config.stacks)
    if not 2 <= n <= 23:
        raise IllegalAction(Msg(gettext_noop("A hand needs 2 to 23 players.")))
    fewest, most = config.spec.players
    if not fewest <= n <= most:
        raise IllegalAction(
            Msg(
                gettext_noop("This game is for %(fewest)s to %(most)s players, not %(n)s."),
                fewest=fewest,
                most=most,
                n=n,
            )
        )
    if config.carried < 0:
        raise IllegalAction(Msg(gettext_noop("A carried pot cannot be negative.")))
    for p, stack in enumerate(config.stacks):
        if stack <= 0:
            raise IllegalAction(
                Msg(
                    gettext_noop("Seat %(seat)s has no chips and cannot be dealt in."),
                    seat=config.seat(p),
                )
            )
    blinds = _padded(config.blinds, n, Msg(gettext_noop("Blinds")))
    if isinstance(config.structure, FixedLimit) and button_straddled(config):
        # A straddle is a raise in limit: one from the button would reorder the betting for
        # a single bet, which limit rooms do not allow.
        raise IllegalAction(
            Msg(gettext_noop("A button straddle is not allowed in a fixed-limit game."))
        )
    antes = _padded(config.antes, n, Msg(gettext_noop("Antes")))
    dead = _padded(config.dead, n, Msg(gettext_noop("Dead blinds")))
    stacks = list(config.stacks)
    bets = [0] * n
    contributions = [0] * n
    dead_money = [0] * n
    # An ante one player posts for the whole table (button ante, big-blind ante) is dead money,
    # like a dead blind; antes every player posts are their own stakes (TDA RP-11).
    table_ante = sum(1 for a in antes if a) == 1

    def take(p: int, amount: int) -> int:
        paid = min(amount, stacks[p])
        stacks[p] -= paid
        contributions[p] += paid
        return paid

    for p in range(n):
        if config.options.blind_before_ante:
            bets[p] = take(p, blinds[p])
            dead_money[p] += take(p, dead[p])
            ante = take(p, antes[p])
        else:
            ante = take(p, antes[p])
            dead_money[p] += take(p, dead[p])
            bets[p] = take(p, blinds[p])
        if table_ante:
            dead_money[p] += ante

    spec = config.spec
    level = max(blinds)
    big_blind = config.big_blind or level
    if config.options.straddle_raise is StraddleRaise.BIG_BLIND:
        min_raise = big_blind
    else:
        min_raise = level
    # The big blind is the opening bet; each straddle above it counts as a raise.
    raises = len({b for b in blinds if b >= big_blind}) if level else 0
    state = HandState(
        config=config,
        stacks=tuple(stacks),
        bets=tuple(bets),
        contributions=tuple(contributions),
        dead=tuple(dead_money),
        folded=(False,) * n,
        phase=Phase.DEAL if spec.kind is Kind.STUD else Phase.BETTING,
        street=0,
        to_act=None,
        bet_level=level,
        min_raise=min_raise or _min_bet(config, 0),
        raise_base=level,
        raises=raises,
        cap_multiway=False,
        round_began_heads_up=n == 2,
        acted=(NOT_ACTED,) * n,
        largest_raise=0,
        big_bet_opened=False,
        bring_in_player=None,
        last_aggressor=None,
        up_cards=((),) * n,
        drawn=(-1,) * n,
        shown=(None,) * n,
        mucked=(False,) * n,
        payouts=(0,) * n,
        returned=(0,) * n,
        stub=config.deck_size - spec.hole_cards * n if spec.kind is Kind.DRAW else 0,
        owed=(0,) * n,
    )
    if state.phase is not Phase.BETTING:
        return state
    d = _Draft(state)
    _begin_round(d, _first_actor_preflop(state, blinds))
    return d.freeze()


def _first_actor_preflop(state: HandState, blinds: tuple[int, ...]) -> int:
    config = state.config
    n = state.players
    if config.spec.counterclockwise:
        # Seed 003: "Leikmaður til hægri við þann sem gefur byrjar" — right of the dealer.
        return (n - 2) % n
    if not max(blinds):
        return 0
    cycle = _preflop_cycle(config)
    if cycle is not None:
        # A button straddle, under the gun first: the player after the straddler in the
        # round's order (left of the big blind).
        return cycle[(cycle.index(n - 1) + 1) % n]
    return (_top_blind(config, blinds) + 1) % n


def _top_blind(config: HandConfig, blinds: tuple[int, ...]) -> int:
    """The position of the largest blind, the one the first player preflop sits left of.

    Ties (a blind as big as the big blind posted by a player coming in) go to the first who
    posts no dead money: a new player between the button and the small blind who posts the big
    blind and a dead small blind is position 0 but not the big blind."""
    level = max(blinds)
    tied = [p for p, b in enumerate(blinds) if b == level]
    dead = config.dead or (0,) * len(blinds)
    return next((p for p in tied if not dead[p]), tied[0])


def button_straddled(config: HandConfig) -> bool:
    """The button's blind is the largest, above everyone else's: a button straddle (three or
    more players; heads-up the button posts the small blind)."""
    n = len(config.stacks)
    blinds = config.blinds
    if n <= 2 or len(blinds) != n:
        return False
    return blinds[n - 1] > max(blinds[: n - 1])


def _preflop_cycle(config: HandConfig) -> tuple[int, ...] | None:
    """The first betting round's order when the button straddles and the house has under the
    gun act first: clockwise from under the gun, skipping the button to the blinds, the
    straddler last (the button sits between the big blind and under the gun in this order).
    None: the usual order (with the default, the small blind first and the straddler last
    already are clockwise)."""
    if config.spec.counterclockwise or not button_straddled(config):
        return None
    if config.options.button_straddle_order is not ButtonStraddleOrder.UNDER_THE_GUN:
        return None
    n = len(config.stacks)
    big = _top_blind(config, config.blinds[: n - 1])
    others = list(range(n - 1))
    return (*others[: big + 1], n - 1, *others[big + 1 :])


# --- the betting structure ---------------------------------------------------------------------


def _min_bet(config: HandConfig, street: int) -> int:
    """The smallest opening bet of a betting round."""
    structure = config.structure
    if isinstance(structure, FixedLimit):
        return _limit_unit(config, street, big_bet_opened=False)
    if isinstance(structure, SpreadLimit):
        return structure.min_bet
    if structure.min_bet_late and street >= config.spec.big_bet_from:
        return structure.min_bet_late
    if structure.min_bet:
        return structure.min_bet
    return config.big_blind or max(config.blinds, default=0) or config.smallest_chip


def _limit_unit(config: HandConfig, street: int, *, big_bet_opened: bool) -> int:
    structure = config.structure
    assert isinstance(structure, FixedLimit)
    if street >= config.spec.big_bet_from or big_bet_opened:
        return structure.big_bet
    return structure.small_bet


def _spread_max(structure: SpreadLimit, street: int) -> int:
    if structure.max_bet_late and street >= structure.late_from:
        return structure.max_bet_late
    return structure.max_bet


def _reopen_threshold(state: HandState) -> int:
    """How far the bet must rise after a player acted before that player may raise again."""
    structure = state.config.structure
    if isinstance(structure, FixedLimit):
        # TDA 47B / Robert's: an all-in of half a bet or more counts as a full bet.
        unit = _limit_unit(state.config, state.street, big_bet_opened=state.big_bet_opened)
        return (unit + 1) // 2
    if isinstance(structure, SpreadLimit):
        return structure.min_bet
    return state.min_raise


def _cap_reached(state: HandState) -> bool:
    if not isinstance(state.config.structure, FixedLimit):
        return False
    if state.raises < 1 + state.config.options.limit_raises:
        return False
    policy = state.config.options.heads_up_cap
    if policy is HeadsUpCap.ALWAYS_CAPPED:
        return True
    if policy is HeadsUpCap.UNCAPPED_IF_BEGAN_HEADS_UP:
        return not state.round_began_heads_up
    return state.cap_multiway


def _may_raise(state: HandState, p: int) -> Msg | None:
    """Why `p` may not bet or raise now, or None if they may."""
    if state.stacks[p] + state.bets[p] <= state.bet_level:
        return Msg(gettext_noop("cannot cover more than a call"))
    if _others_reach(state, p) <= state.bet_level:
        return Msg(gettext_noop("nobody else could call a raise"))
    acted = state.acted[p]
    if acted != NOT_ACTED and state.bet_level - acted < _reopen_threshold(state):
        return Msg(gettext_noop("the betting was not reopened: the all-in was not a full raise"))
    if _awaiting_bring_in(state) and _bring_in_is_the_bet(state.config):
        return Msg(
            gettext_noop("the bring-in of %(bring_in)s is the opening bet"),
            bring_in=state.config.bring_in,
        )
    if _cap_reached(state):
        return Msg(gettext_noop("the betting is capped"))
    structure = state.config.structure
    if isinstance(structure, SpreadLimit) and structure.round_cap:
        if state.bet_level >= structure.round_cap:
            return Msg(gettext_noop("the round is capped at %(cap)s"), cap=structure.round_cap)
    return None


def _raise_bounds(state: HandState, p: int) -> tuple[int, int]:
    """The smallest and largest raise-to amounts for `p` (assumes `_may_raise` allowed it)."""
    config = state.config
    structure = config.structure
    level = state.bet_level
    most = state.stacks[p] + state.bets[p]
    opening = state.raises == 0
    if isinstance(structure, FixedLimit):
        unit = _limit_unit(config, state.street, big_bet_opened=state.big_bet_opened)
        low = high = (0 if opening else state.raise_base) + unit
        if opening and _open_pair_allowed(state, p):
            high = structure.big_bet
        elif _cash_game_open_pair_raise(state, p):
            high = state.raise_base + structure.big_bet
    elif isinstance(structure, SpreadLimit):
        if structure.open_to and state.street == 0 and state.largest_raise == 0:
            low = high = structure.open_to
        else:
            smallest = structure.min_bet
            if structure.at_least_largest:
                smallest = max(smallest, state.largest_raise)
            if structure.open_min and opening and state.street == 0:
                smallest = max(smallest, structure.open_min)
            low = level + smallest
            high = level + max(_spread_max(structure, state.street), smallest)
        if structure.round_cap:
            high = min(high, structure.round_cap)
            low = min(low, high)
    else:
        fresh = opening and (level == 0 or _completing(state))
        low = _min_bet(config, state.street) if fresh else level + state.min_raise
        low = max(low, level + config.smallest_chip)
        if isinstance(structure, PotLimit):
            # The pot after calling, added to the call: every chip in, antes and dead money too.
            to_call = level - state.bets[p]
            high = max(_pot_raise(config, level + sum(state.contributions) + to_call), low)
        else:
            high = most
    # Bets are made with the chips in play: amounts in whole units of the smallest chip (an
    # all-in is whatever the player has).
    unit = config.smallest_chip
    low_chips = -(-low // unit) * unit
    if most < low_chips:
        return most, most  # all-in for less than a full raise
    if high >= most:
        return low_chips, most
    return low_chips, max(high // unit * unit, low_chips)


def _pot_raise(config: HandConfig, pot: int) -> int:
    """The largest pot-limit raise-to amount: the pot-sized raise, rounded up to the house's
    unit when it has one (`HouseOptions.pot_round_up`), and to a whole chip."""
    step = config.options.pot_round_up
    if step > 0:
        pot = -(-pot // step) * step
    unit = config.smallest_chip
    return -(-pot // unit) * unit if step > 0 else pot


def _open_pair_allowed(state: HandState, p: int) -> bool:
    """Stud, the second betting round: whether `p` may open with the big bet (`OpenPair`).

    Only the opening bet: once someone has opened with the small bet it is too late (seed 004:
    "Har någon redan öppnat på den lägre nivån är det dock för sent").
    """
    config = state.config
    option = config.options.open_pair
    if option is OpenPair.OFF or config.spec.kind is not Kind.STUD or state.street != 1:
        return False
    if option is OpenPair.FIRST_SPEAKER:
        # Seed 004: "den som talar först i andra rundan ... om spelaren har ett öppet par".
        return p == state.round_first and _shows_open_pair(state.up_cards[p])
    live = (q for q in range(state.players) if not state.folded[q])
    return any(_shows_open_pair(state.up_cards[q]) for q in live)


def _cash_game_open_pair_raise(state: HandState, p: int) -> bool:
    """Robert's Rules / WSOP live rules (OpenPair.CASH_GAME): after a small opening with an open
    pair showing, a raise may add the small or the big bet, until a raise adds the big bet."""
    return (
        state.config.options.open_pair is OpenPair.CASH_GAME
        and state.raises > 0
        and not state.big_bet_opened
        and _open_pair_allowed(state, p)
    )


def _shows_open_pair(up_cards: Sequence[Card]) -> bool:
    ranks = [card.rank for card in up_cards]
    return len(ranks) != len(set(ranks))


# --- legal actions -----------------------------------------------------------------------------


def legal_actions(state: HandState) -> Legal:
    """What may happen now: the buttons to show and the exact amounts."""
    phase = state.phase
    if phase is Phase.BETTING:
        p = state.to_act
        assert p is not None
        stud_bring_in = _awaiting_bring_in(state)
        to_call = _call_target(state, p) - state.bets[p]
        call = min(to_call, state.stacks[p]) if to_call > 0 else 0
        low = high = 0
        if _may_raise(state, p) is None:
            low, high = _raise_bounds(state, p)
        if low and _seed_open_required(state):
            call = 0  # seed 000: open the pot or fold (unless opening is impossible: all-ins)
        passing = _passing_stays_in(state)
        check = (to_call <= 0 or passing) and not stud_bring_in
        if check and low and _must_open_or_fold(state):
            check = False
        return Legal(
            phase=phase,
            player=p,
            fold=not stud_bring_in and not passing,
            check=check,
            call=0 if stud_bring_in else call,
            call_all_in=call > 0 and call == state.stacks[p],
            raise_min=low,
            raise_max=high,
            is_bet=state.raises == 0,
            bring_in=min(state.config.bring_in, state.stacks[p]) if stud_bring_in else 0,
            needs_openers=bool(low) and _opening_needs_openers(state),
        )
    if phase is Phase.DRAW:
        p = state.to_act
        assert p is not None
        join = min(state.owed[p], state.stacks[p])
        return Legal(
            phase=phase,
            player=p,
            draw_max=state.config.spec.hole_cards,
            join=join,
            fold=join > 0,
            stub=state.stub,
        )
    if phase is Phase.DEAL:
        needs = state.config.spec.kind is Kind.STUD
        return Legal(phase=phase, deal=True, needs_first_actor=needs)
    if phase is Phase.SHOWDOWN:
        index = _next_pot(state)
        return Legal(
            phase=phase,
            award_pot=index,
            eligible=_contenders(state, state.pots[index]),
            check_openers=_openers_to_check(state),
        )
    return Legal(phase=phase)


def _completing(state: HandState) -> bool:
    """Stud, first round: a bring-in is in and nobody has completed it yet."""
    return (
        state.config.spec.kind is Kind.STUD
        and state.street == 0
        and state.raises == 0
        and state.bring_in_player is not None
        and state.bet_level > 0
    )


def _call_target(state: HandState | _Draft, p: int) -> int:
    """What `p` must match: the bet level, but no more than the others can still put in.

    A short blind does not lower the call while anyone else can still bet; against players who
    are all in, calling more than the largest of their bets would only come straight back.
    """
    return min(state.bet_level, _others_reach(state, p))


def _others_reach(state: HandState | _Draft, p: int) -> int:
    """The largest bet any other player still in could make this round: bet plus stack."""
    return max(
        (
            state.bets[q] + state.stacks[q]
            for q in range(state.players)
            if q != p and not state.folded[q]
        ),
        default=0,
    )


def _bring_in_is_the_bet(config: HandConfig) -> bool:
    """Whether the stud bring-in is a full opening bet, so that there is nothing to complete.

    Seed 004: "Storleken på bring-in är normalt samma som X" (the small bet), and then "Nästa
    spelare i tur måste lägga sig, syna eller höja till 2 kr" - the bring-in of 1 is the bet, the
    raises go 2, 3, 4. A bring-in below the small bet is completed to it first.
    """
    return config.bring_in > 0 and config.bring_in >= _min_bet(config, 0)


def _awaiting_bring_in(state: HandState) -> bool:
    return (
        state.bring_in_player is not None
        and state.to_act == state.bring_in_player
        and state.street == 0
        and state.bet_level == 0
        and state.config.bring_in > 0
    )


def _passing_stays_in(state: HandState | _Draft) -> bool:
    """Seed 003, first betting round: a pass costs nothing and keeps the player in."""
    return state.config.spec.pass_stays_in and state.street == 0


def _opening_needs_openers(state: HandState | _Draft) -> bool:
    """Seed 000's jackpots: the first bet of the first round needs jacks or better."""
    return state.config.jackpot and state.street == 0 and state.raises == 0


def _must_open_or_fold(state: HandState | _Draft) -> bool:
    """Seed 000, five or fewer: before the pot is opened, fold or open; no pass."""
    return state.config.open_or_fold and state.street == 0 and state.raises == 0


def _seed_open_required(state: HandState) -> bool:
    """Seed 000: before the pot is opened nobody may just call the straddle."""
    structure = state.config.structure
    return (
        isinstance(structure, SpreadLimit)
        and bool(structure.open_to)
        and state.street == 0
        and state.largest_raise == 0
    )


# --- applying actions --------------------------------------------------------------------------

_LIST_FIELDS = frozenset(
    {
        "dead",
        "stacks",
        "bets",
        "contributions",
        "folded",
        "acted",
        "up_cards",
        "drawn",
        "shown",
        "mucked",
        "payouts",
        "returned",
        "owed",
    }
)
_LIST_INDEXES = tuple(HandState._fields.index(name) for name in sorted(_LIST_FIELDS))


class _Draft(list):  # type: ignore[type-arg]
    """A mutable copy of a HandState while one action is applied; frozen again at the end.

    It has the state's field names as attributes (see `_draft_fields` below), so the rules read
    the same on a state and on a draft.
    """

    __slots__ = ()

    def __init__(self, state: HandState) -> None:
        super().__init__(state)
        for i in _LIST_INDEXES:
            self[i] = list(self[i])

    @property
    def players(self) -> int:
        return len(self.stacks)

    def seat(self, player: int) -> int:
        return self.config.seat(player)

    def freeze(self) -> HandState:
        for i in _LIST_INDEXES:
            self[i] = tuple(self[i])
        return tuple.__new__(HandState, self)

    def put(self, p: int, chips: int) -> None:
        self.stacks[p] -= chips
        self.bets[p] += chips
        self.contributions[p] += chips


def _set_item(index: int, draft: _Draft, value: object) -> None:
    draft[index] = value


def _draft_fields() -> None:
    for index, name in enumerate(HandState._fields):
        setattr(_Draft, name, property(itemgetter(index), partial(_set_item, index)))


_draft_fields()


def apply(state: HandState, action: Action) -> HandState:
    """Apply one action and return the new state, or raise IllegalAction saying why not."""
    if state.is_over:
        raise IllegalAction(Msg(gettext_noop("The hand is over.")))
    d = _Draft(state)
    phase = state.phase
    if isinstance(action, Misdeal):
        _check_misdeal(state)
        n = state.players
        d.phase, d.to_act = Phase.VOID, None
        d.stacks, d.bets = list(state.config.stacks), [0] * n
        d.contributions, d.payouts, d.dead = [0] * n, [0] * n, [0] * n
        d.carried_out = state.config.carried  # a carried pot stays on the table
    elif isinstance(action, SplitCarried):
        _split_carried(d)
    elif isinstance(action, DealStreet):
        if phase is not Phase.DEAL:
            raise IllegalAction(_not_now(state, Msg(gettext_noop("deal the next street"))))
        _deal(d, action)
    elif isinstance(action, RunTwice):
        _run_twice(d, state)
    elif isinstance(action, Board):
        if not cards_up(state):
            raise IllegalAction(_not_now(state, Msg(gettext_noop("enter the board"))))
        _enter_board(d, action)
    elif isinstance(action, Show) and phase is Phase.DEAL and cards_up(state):
        _show_or_muck(d, action)  # the all-in run-out: the players turn their cards up
    elif isinstance(action, Award | Show | Muck | Openers):
        if phase is not Phase.SHOWDOWN:
            what = (
                Msg(gettext_noop("show cards"))
                if isinstance(action, Show)
                else Msg(gettext_noop("award a pot"))
            )
            raise IllegalAction(_not_now(state, what))
        if isinstance(action, Award):
            _award(d, action)
        elif isinstance(action, Openers):
            _openers(d, action)
        else:
            _show_or_muck(d, action)
    elif isinstance(action, Draw) or (isinstance(action, Fold) and phase is Phase.DRAW):
        if phase is not Phase.DRAW:
            raise IllegalAction(_not_now(state, pgettext_lazy("verb", "draw")))
        _draw(d, action)
    else:
        if phase is not Phase.BETTING:
            raise IllegalAction(_not_now(state, pgettext_lazy("verb", "bet")))
        p = action.player
        if not 0 <= p < state.players:
            raise IllegalAction(Msg(gettext_noop("There is no player %(p)s in this hand."), p=p))
        if p != state.to_act:
            assert state.to_act is not None
            raise IllegalAction(
                Msg(
                    gettext_noop("It is seat %(seat)s's turn, not seat %(seat2)s's."),
                    seat=state.seat(state.to_act),
                    seat2=state.seat(p),
                )
            )
        _bet(state, d, action)
    return d.freeze()


def misdeal_allowed(state: HandState) -> bool:
    """Whether the dealer may still call a misdeal (see `_check_misdeal`)."""
    try:
        _check_misdeal(state)
    except IllegalAction:
        return False
    return not state.is_over


def _check_misdeal(state: HandState) -> None:
    """Seed 002: "Ett kort som vänds upp efter att given har börjat stoppar inte spelet" - a
    misdeal is possible only before anyone has acted (the house may allow it until the flop)."""
    if not state.began:
        return
    if (
        state.config.options.misdeal_until_flop
        and state.config.spec.kind is Kind.BOARD
        and (state.street, state.phase) in ((0, Phase.BETTING), (1, Phase.DEAL))
    ):
        return
    raise IllegalAction(
        Msg(
            gettext_noop(
                "A misdeal is only possible before the first action: once the hand has begun, "
                "a card turned up does not stop the game."
            )
        )
    )


def _split_carried(d: _Draft) -> None:
    """Share a carried pot out equally (see SplitCarried); the odd chips go one each from the
    first player left of the button, as in any split pot."""
    if not d.config.carried:
        raise IllegalAction(Msg(gettext_noop("There is no carried pot to share out.")))
    if d.began or any(d.contributions):
        raise IllegalAction(
            Msg(
                gettext_noop(
                    "A carried pot is shared out only in a deal without antes or blinds, "
                    "before anyone acts."
                )
            )
        )
    everyone = tuple(range(d.players))
    d.pots = (Pot(d.config.carried, everyone),)
    d.awarded = 0
    _pay(d, d.pots[0], everyone)
    d.phase, d.to_act = Phase.COMPLETE, None


def _not_now(state: HandState, what: Msg) -> Msg:
    seat = state.seat(state.to_act or 0)
    waiting = {
        Phase.BETTING: Msg(gettext_noop("it is seat %(seat)s's turn to act"), seat=seat),
        Phase.DEAL: Msg(gettext_noop("the dealer must deal the next street first")),
        Phase.DRAW: Msg(gettext_noop("it is seat %(seat)s's turn to draw"), seat=seat),
        Phase.SHOWDOWN: Msg(gettext_noop("the hand is at the showdown")),
    }[state.phase]
    return Msg(gettext_noop("Cannot %(what)s now: %(waiting)s."), what=what, waiting=waiting)


def _bet(state: HandState, d: _Draft, action: Action) -> None:
    p = action.player  # type: ignore[union-attr]
    seat = state.seat(p)
    legal = legal_actions(state)
    if isinstance(action, AllIn):
        openers = action.openers
        action = _all_in(state, legal, p)
        if isinstance(action, Raise):
            action = Raise(p, action.to, openers=openers)
    if isinstance(action, Fold):
        if not legal.fold:
            raise IllegalAction(
                Msg(
                    gettext_noop("Seat %(seat)s cannot fold: %(options)s."),
                    seat=seat,
                    options=_options_text(state, legal),
                )
            )
        d.folded[p] = True
    elif isinstance(action, Check):
        if not legal.check:
            raise IllegalAction(
                Msg(
                    gettext_noop("Seat %(seat)s cannot check: %(options)s."),
                    seat=seat,
                    options=_options_text(state, legal),
                )
            )
    elif isinstance(action, Call):
        if not legal.call:
            if legal.check:
                raise IllegalAction(
                    Msg(
                        gettext_noop("Seat %(seat)s has nothing to call: check instead."), seat=seat
                    )
                )
            if _seed_open_required(state):
                raise IllegalAction(
                    Msg(
                        gettext_noop(
                            "Seat %(seat)s must open to %(raise_min)s or fold: the straddle "
                            "cannot just be called."
                        ),
                        seat=seat,
                        raise_min=legal.raise_min,
                    )
                )
            raise IllegalAction(Msg(gettext_noop("Seat %(seat)s cannot call now."), seat=seat))
        d.put(p, legal.call)
        if state.street == 0:
            d.voluntary += 1
    elif isinstance(action, BringIn):
        if not legal.bring_in:
            raise IllegalAction(
                Msg(gettext_noop("Seat %(seat)s has no bring-in to post."), seat=seat)
            )
        d.put(p, legal.bring_in)
        # A short bring-in does not lower what the others must call.
        d.bet_level = state.config.bring_in
        if _bring_in_is_the_bet(state.config):
            # The bring-in is the opening bet: the next player calls it or raises.
            d.raises = 1
            d.raise_base = d.min_raise = d.largest_raise = state.config.bring_in
    elif isinstance(action, Raise):
        if legal.needs_openers and legal.raise_min and not action.openers:
            raise IllegalAction(
                Msg(
                    gettext_noop(
                        "Seat %(seat)s may open only with jacks or better: confirm that they "
                        "claim openers, or they check."
                    ),
                    seat=seat,
                )
            )
        _raise(state, d, p, action.to, legal)
        if legal.needs_openers:
            d.opener = p
        if state.street == 0:
            d.voluntary += 1
    else:
        raise IllegalAction(
            Msg(gettext_noop("%(name)s is not a betting action."), name=type(action).__name__)
        )
    d.began = True
    _after_action(d, p)


def resolve_all_in(state: HandState, player: int) -> Call | Check | Raise:
    """The action an all-in of `player` amounts to now; raises IllegalAction if none."""
    if state.phase is not Phase.BETTING or player != state.to_act:
        raise IllegalAction(_not_now(state, Msg(gettext_noop("go all-in"))))
    return _all_in(state, legal_actions(state), player)


def _all_in(state: HandState, legal: Legal, p: int) -> Call | Check | Raise:
    """What "all-in" means. One rule, one place.

    The whole stack as a bet or raise when the structure allows that amount. When the chips
    beyond the call could never be matched (the stack does not reach the bet, or nobody else
    could call a raise), it is a call of what the others can still put in, or a check when
    that is in already (a short straddle all-in can leave a blind with nothing to call):
    chips no one can match would only come straight back. Otherwise a rule limits the raise
    (the betting was not reopened, the cap, the limit) and the player is told what they may do.
    """
    most = state.stacks[p] + state.bets[p]
    if legal.raise_min and legal.raise_max == most:
        return Raise(p, most)
    if most <= state.bet_level or _others_reach(state, p) <= state.bet_level:
        return Call(p) if legal.call else Check(p)
    why = _may_raise(state, p)
    if why is None:
        if legal.is_bet:
            why = Msg(gettext_noop("the most they may bet is %(most)s"), most=legal.raise_max)
        else:
            why = Msg(gettext_noop("the most they may raise to is %(most)s"), most=legal.raise_max)
    raise IllegalAction(
        Msg(
            gettext_noop("Seat %(seat)s cannot go all-in: %(why)s; %(options)s."),
            seat=state.seat(p),
            why=why,
            options=_options_text(state, legal),
        )
    )


def _options_text(state: HandState, legal: Legal) -> Msg:
    """What the player to act may do, in words: "they may call 20, raise to 40 or fold"."""
    parts: list[Msg] = []
    if legal.bring_in:
        parts.append(Msg(gettext_noop("bring in %(amount)s"), amount=legal.bring_in))
    if legal.check:
        parts.append(
            pgettext_lazy("verb", "pass")
            if _passing_stays_in(state)
            else pgettext_lazy("verb", "check")
        )
    if legal.call:
        parts.append(Msg(gettext_noop("call %(amount)s"), amount=legal.call))
    if legal.raise_min:
        if _seed_open_required(state) or legal.needs_openers:
            verb = gettext_noop("open to %(amount)s")
        elif legal.bring_in:
            verb = gettext_noop("complete to %(amount)s")
        elif legal.is_bet:
            verb = gettext_noop("bet %(amount)s")
        else:
            verb = gettext_noop("raise to %(amount)s")
        amount: Text = (
            str(legal.raise_min)
            if legal.raise_min == legal.raise_max
            else Msg(
                gettext_noop("%(least)s to %(most)s"), least=legal.raise_min, most=legal.raise_max
            )
        )
        parts.append(Msg(verb, amount=amount))
    if legal.fold:
        parts.append(pgettext_lazy("verb", "fold"))
    if not parts:
        return Msg(gettext_noop("nothing is possible"))
    return Msg(gettext_noop("they may %(options)s"), options=joined(parts, "or"))


def _raise(state: HandState, d: _Draft, p: int, to: int, legal: Legal) -> None:
    seat = state.seat(p)
    word = pgettext_lazy("verb", "bet") if legal.is_bet else pgettext_lazy("verb", "raise to")
    if not legal.raise_min:
        why = _may_raise(state, p) or Msg(gettext_noop("not allowed"))
        if legal.call:
            raise IllegalAction(
                Msg(
                    gettext_noop("Seat %(seat)s must call %(call)s or fold: %(why)s."),
                    seat=seat,
                    call=legal.call,
                    why=why,
                )
            )
        raise IllegalAction(
            Msg(
                gettext_noop("Seat %(seat)s cannot %(word)s now: %(why)s."),
                seat=seat,
                word=word,
                why=why,
            )
        )
    unit = state.config.smallest_chip
    if to % unit and to != state.stacks[p] + state.bets[p]:
        raise IllegalAction(
            Msg(
                gettext_noop(
                    "Seat %(seat)s cannot %(word)s %(to)s: bets are made with chips of "
                    "%(unit)s, so the amount must be a multiple of %(unit)s (or all-in)."
                ),
                seat=seat,
                word=word,
                to=to,
                unit=unit,
            )
        )
    if not legal.raise_min <= to <= legal.raise_max:
        if legal.raise_min == legal.raise_max:
            allowed = Msg(gettext_noop("exactly %(amount)s"), amount=legal.raise_min)
        else:
            allowed = Msg(
                gettext_noop("from %(least)s to %(most)s"),
                least=legal.raise_min,
                most=legal.raise_max,
            )
        raise IllegalAction(
            Msg(
                gettext_noop(
                    "Seat %(seat)s cannot %(word)s %(to)s: the amount must be %(allowed)s."
                ),
                seat=seat,
                word=word,
                to=to,
                allowed=allowed,
            )
        )
    if (
        isinstance(state.config.structure, FixedLimit)
        and legal.raise_min < to < legal.raise_max
        and to != state.stacks[p] + state.bets[p]
    ):
        # Limit: the open pair's choice is the small or the big bet, nothing between (Robert's
        # Rules; WSOP live 220: "not 7 at 5/10").
        raise IllegalAction(
            Msg(
                gettext_noop(
                    "Seat %(seat)s cannot %(word)s %(to)s: the amount must be %(raise_min)s or "
                    "%(raise_max)s (the small or the big bet)."
                ),
                seat=seat,
                word=word,
                to=to,
                raise_min=legal.raise_min,
                raise_max=legal.raise_max,
            )
        )
    increment = to - state.bet_level
    structure = state.config.structure
    opening = state.raises == 0
    if isinstance(structure, FixedLimit):
        unit = _limit_unit(state.config, state.street, big_bet_opened=state.big_bet_opened)
        if opening and to > unit:
            d.big_bet_opened = True  # the open-pair option: the big bet from here on
            unit = to
        elif not opening and to - state.raise_base > unit:
            d.big_bet_opened = True  # a cash game's open pair: a big raise, big from here on
            unit = to - state.raise_base
        # TDA 47B: a short all-in of half a bet or more is a full bet; the next raise adds to it.
        base = 0 if opening else state.raise_base
        full = 2 * (to - base) >= unit
        if full:
            d.raise_base = to
    elif isinstance(structure, SpreadLimit):
        full = increment >= structure.min_bet or _seed_open_required(state)
    elif opening and (state.bet_level == 0 or _completing(state)):
        full = to >= _min_bet(state.config, state.street)
        if full:
            d.min_raise = to
    else:
        # No-limit has no "completing": over a short all-in bet, a raise adds a full bet.
        full = increment >= state.min_raise
        if full:
            d.min_raise = increment
    d.put(p, to - state.bets[p])
    if full:
        d.raises = state.raises + 1
        d.largest_raise = max(state.largest_raise, increment)
        if d.raises >= 1 + state.config.options.limit_raises and not state.cap_multiway:
            d.cap_multiway = sum(not f for f in state.folded) > 2
    d.bet_level = max(to, state.bet_level)
    d.last_aggressor = p
    d.aggressor_street = state.street


def _after_action(d: _Draft, p: int) -> None:
    d.acted[p] = d.bet_level
    nxt = None if d.folded.count(False) == 1 else _next_to_act(d, p)
    if nxt is None:
        _close_round(d)
    else:
        d.to_act = nxt


def _order_after(state: HandState | _Draft, p: int) -> Iterable[int]:
    """Every player once, in the round's order, from the one after `p` round to `p` itself."""
    n = state.players
    cycle = _preflop_cycle(state.config) if state.street == 0 else None
    if cycle is not None:
        at = cycle.index(p)
        return (cycle[(at + i) % n] for i in range(1, n + 1))
    step = -1 if state.config.spec.counterclockwise else 1
    return ((p + step * i) % n for i in range(1, n + 1))


def _before(state: HandState | _Draft, p: int) -> int:
    """The player before `p` in the round's order (the order ends with `p` itself)."""
    return list(_order_after(state, p))[-2]


def _next_to_act(state: HandState | _Draft, p: int) -> int | None:
    """The next player after `p` who must act: facing a bet they have not matched (no more
    than the others can still put in, see `_call_target`), or not yet acted this round with
    someone left to bet against."""
    stacks, bets, folded, acted = state.stacks, state.bets, state.folded, state.acted
    level = state.bet_level
    n = len(stacks)
    # What each player still in can reach this round; the best two give "the others" for anyone.
    reach = [-1 if folded[r] else bets[r] + stacks[r] for r in range(n)]
    best = max(range(n), key=reach.__getitem__)
    second = max((reach[r] for r in range(n) if r != best), default=-1)
    with_chips = sum(1 for r in range(n) if stacks[r] > 0 and not folded[r])
    passed = _passing_stays_in(state)
    for q in _order_after(state, p):
        if folded[q] or stacks[q] == 0:
            continue
        if passed and acted[q] == level:
            continue  # seed 003: passed at this amount; asked again only if someone raises
        others = second if q == best else reach[best]
        if bets[q] < min(level, max(others, 0)):
            return q
        if acted[q] == NOT_ACTED and with_chips > 1:
            return q
    return None


def _others_can_bet(state: HandState | _Draft, q: int) -> bool:
    return any(state.stacks[r] > 0 and not state.folded[r] for r in range(state.players) if r != q)


def _begin_round(d: _Draft, first: int) -> None:
    """Start a betting round with `first` to act (or the next player after them who can)."""
    d.round_began_heads_up = d.folded.count(False) == 2
    before = _before(d, first)
    nxt = _next_to_act(d, before)
    d.round_first = nxt
    if nxt is None:
        _close_round(d)
    else:
        d.phase, d.to_act = Phase.BETTING, nxt


def _uncalled(bets: Sequence[int]) -> tuple[int, int]:
    """The player with the highest bet this round, and how much of it nobody else matched."""
    top = max(range(len(bets)), key=bets.__getitem__)
    second = max((b for q, b in enumerate(bets) if q != top), default=0)
    return top, bets[top] - second


def pots_so_far(state: HandState) -> tuple[Pot, ...]:
    """The pots as a dealer sees them: at the showdown the real ones; during a betting round the
    pots of the rounds before (this round's bets are still in front of the players, and side
    pots form when the round ends)."""
    if state.phase is Phase.SHOWDOWN or state.is_over:
        return state.pots
    before = [c - b for c, b in zip(state.contributions, state.bets, strict=True)]
    return build_pots(before, state.folded, state.dead, state.config.carried)


def _close_round(d: _Draft) -> None:
    """End a betting round: return the uncalled bet, then move on to the next step."""
    top, excess = _uncalled(d.bets)
    passing = _passing_stays_in(d)
    if passing:
        # Seed 003: every bet stays in the pot; who passed owes the difference to come back in.
        excess = 0
        level = max(d.bets)
        d.owed = [0 if d.folded[q] else level - d.bets[q] for q in range(d.players)]
        top = d.last_aggressor if level else None
    if excess > 0:
        d.stacks[top] += excess
        d.contributions[top] -= excess
        d.returned[top] += excess
    n = d.players
    d.bets, d.acted = [0] * n, [NOT_ACTED] * n
    d.bet_level = d.raises = d.raise_base = 0
    d.cap_multiway = d.big_bet_opened = False
    d.to_act = None
    d.min_raise = _min_bet(d.config, d.street + 1)
    spec = d.config.spec
    if d.config.jackpot and d.street == 0 and d.opener is None and d.folded.count(False) > 1:
        # Seed 000: "Om alla spelarna inleder med att passa, avslutas givnen. Spelarnas ante
        # ligger kvar i potten" - nobody opened: the pot stays for the next deal.
        d.pots = build_pots(d.contributions, d.folded, d.dead, d.config.carried)
        d.carried_out, d.awarded = sum(pot.amount for pot in d.pots), len(d.pots)
        d.phase = Phase.COMPLETE
    elif d.runs == 2 and d.run == 0 and d.street + 1 >= len(spec.streets):
        # Run it twice: the first board is complete; the same streets are dealt again.
        d.phase, d.run, d.street = Phase.DEAL, 1, d.runout_from
    elif d.folded.count(False) == 1 or d.street + 1 >= len(spec.streets):
        _showdown(d)
    elif spec.draw_index(d.street) is not None:
        d.drawn = [-1] * n  # a new draw: nobody has drawn in it yet
        d.draw_order = tuple(_draw_order(d, top if passing else None))
        d.phase, d.to_act = Phase.DRAW, _next_drawer(d)
    else:
        d.phase, d.street = Phase.DEAL, d.street + 1
        if d.runout_from < 0 and cards_up(d):  # type: ignore[arg-type]
            d.runout_from = d.street


# --- dealing and drawing -----------------------------------------------------------------------


def _deal(d: _Draft, action: DealStreet) -> None:
    spec = d.config.spec
    street = d.street
    if spec.kind is Kind.BOARD:
        wanted = spec.board_cards[street]
        if action.board and len(action.board) != wanted:
            raise IllegalAction(
                Msg(
                    gettext_noop("The %(street)s is %(wanted)s card(s), not %(count)s."),
                    street=Msg(spec.streets[street]),
                    wanted=wanted,
                    count=len(action.board),
                )
            )
        if action.board:
            if len(d.board2 if d.run else d.board) != board_dealt(d, d.run):
                raise IllegalAction(
                    Msg(
                        gettext_noop(
                            "The board dealt before the %(street)s was not entered: deal the "
                            "%(street)s without cards, then enter the whole board."
                        ),
                        street=Msg(spec.streets[street]),
                    )
                )
            _check_dealt(d, action.board)
        if d.run:
            d.board2 = d.board2 + tuple(action.board)
        else:
            d.board = d.board + tuple(action.board)
        _begin_round(d, _first_active_after_button(d))
        return
    # Stud: up cards decide who brings in and who acts first.
    if action.up_cards:
        if len(action.up_cards) != d.players:
            raise IllegalAction(
                Msg(
                    gettext_noop(
                        "Enter one up card per player (%(players)s), None for players out."
                    ),
                    players=d.players,
                )
            )
        for p, card in enumerate(action.up_cards):
            if card is not None and d.folded[p]:
                raise IllegalAction(
                    Msg(gettext_noop("Seat %(seat)s has folded and gets no card."), seat=d.seat(p))
                )
        cards = tuple(c for c in action.up_cards if c is not None)
        _check_dealt(d, cards)
        for p, card in enumerate(action.up_cards):
            if card is not None:
                d.up_cards[p] = d.up_cards[p] + (card,)
                if d.shown[p]:
                    # Turned up in an all-in run-out: the new up card joins the shown hand.
                    d.shown[p] = d.shown[p] + (card,)
    d.first_named = action.first_actor is not None
    if action.first_actor is not None:
        first = action.first_actor
        if not 0 <= first < d.players or d.folded[first]:
            raise IllegalAction(Msg(gettext_noop("The first player named is not in the hand.")))
    elif street == 0:
        first = _bring_in_player(d)
    else:
        first = _best_visible(d)
    if street == 0:
        # A low card all in on the ante cannot bring in: the next player with chips does.
        first = next(
            (q for q in (first, *_order_after(d, first)) if d.stacks[q] and not d.folded[q]),
            first,
        )
        d.bring_in_player = first
        if d.config.bring_in and d.stacks[first] and _others_can_bet(d, first):
            d.phase, d.to_act = Phase.BETTING, first
            d.round_began_heads_up = d.folded.count(False) == 2
            return
    _begin_round(d, first)


def _first_active_after_button(state: HandState | _Draft) -> int:
    if state.config.options.late_rounds_left_of_big_blind and state.config.blinds:
        return (_top_blind(state.config, state.config.blinds) + 1) % state.players
    if state.config.spec.counterclockwise:
        # Seed 003: "Leikmaður sem átti hæsta boð í fyrstu umferð byrjar."
        if state.last_aggressor is not None:
            return state.last_aggressor
        return (state.players - 2) % state.players
    return 0


def _require_up_cards(state: HandState | _Draft) -> None:
    if any(not state.up_cards[p] for p in range(state.players) if not state.folded[p]):
        raise IllegalAction(
            Msg(
                gettext_noop(
                    "Enter the up cards or name the player who acts first: Pott cannot tell "
                    "who it is."
                )
            )
        )


def _bring_in_player(state: HandState | _Draft) -> int:
    """Who brings in: the lowest up card (ace high), or the highest with `bring_in_high`; ties
    by position or by suit (`bring_in_tie`)."""
    _require_up_cards(state)
    return _bring_in_tied(state)[0]


def _bring_in_tied(state: HandState | _Draft) -> tuple[int, list[int], StudTie]:
    """The bring-in player, everyone whose card ranks the same, and how that tie is broken."""
    option = state.config.options.bring_in_tie
    if option is None:
        # The game's own rule: seed 004's five-card stud by position, seven-card stud by suit
        # (WSOP).
        option = state.config.spec.bring_in_tie
    # Razz: the highest up card brings in, the ace low (a king is the highest), and a tie goes
    # to the highest suit, spades (Robert's Rules of Poker, Razz 2: "The highest card by suit
    # starts the action with a forced bet"; the WSOP deals razz the same way).
    razz = state.config.spec.low is Low.LOW
    high = razz or state.config.options.bring_in_high
    live = [p for p in range(state.players) if not state.folded[p]]

    def value(p: int) -> int:
        rank = state.up_cards[p][-1].rank
        return 1 if razz and rank == ACE else rank

    ranks = [value(p) for p in live]
    target = max(ranks) if high else min(ranks)
    tied = [p for p in live if value(p) == target]
    if option is StudTie.BY_SUIT:
        # The lowest suit brings in the low card, the highest suit the high card (seed 004's
        # variant: "klöver, ruter, hjärter, spader").
        pick = max if high else min
        return pick(tied, key=lambda p: SUIT_ORDER[state.up_cards[p][-1].suit]), tied, option
    return tied[0], tied, option


def _board_value(state: HandState | _Draft, p: int) -> HandRank | LowRank:
    """A player's up cards as the first speaker is decided: razz the lowest, else the highest
    (a higher value speaks first either way)."""
    if state.config.spec.low is Low.LOW:
        return visible_low_rank(state.up_cards[p])
    return visible_rank(state.up_cards[p])


def _best_visible(state: HandState | _Draft) -> int:
    """Later stud streets: the best visible hand acts first (razz: the lowest, pairs bad; high-low:
    the best high); ties by position or suit."""
    _require_up_cards(state)
    live = [p for p in range(state.players) if not state.folded[p]]
    ranks = {p: _board_value(state, p) for p in live}
    best = max(ranks.values())
    tied = [p for p in live if ranks[p] == best]
    if state.config.options.first_actor_tie is StudTie.BY_SUIT and len(tied) > 1:
        return max(tied, key=lambda p: card_order_key(high_card_by_suit(state.up_cards[p])))
    return tied[0]


@dataclass(frozen=True, slots=True)
class FirstSpeaker:
    """Why a stud player brings in or speaks first, for the UI (which translates `reason` and
    `hand` by key)."""

    player: int  # who brings in (first betting round) or speaks first (later rounds)
    cards: tuple[Card, ...]  # the up cards that decided it, in the order they were dealt
    # "lowest" or "highest" (the bring-in's up card), "best board" (later rounds), "lowest board"
    # (razz's later rounds)
    reason: str
    hand: str = ""  # "best board": the visible hand's category label (CATEGORY_LABELS), "Pair"
    tie: StudTie | None = None  # how equal cards or boards were told apart (None: no tie)
    # The player the cards picked, when they could not act (all-in) and the turn passed on to
    # `player`; `cards` are theirs.
    passed_from: int | None = None


def first_speaker_reason(state: HandState) -> FirstSpeaker | None:
    """Stud, during a betting round: who brings in or speaks first, and which up cards decided
    it and why. None outside stud betting rounds and when the dealer named the player.

    Straights and flushes never count on the partial boards (`visible_rank`).
    """
    if state.config.spec.kind is not Kind.STUD or state.phase is not Phase.BETTING:
        return None
    if state.first_named:
        return None
    live = [p for p in range(state.players) if not state.folded[p]]
    if any(not state.up_cards[p] for p in live):
        return None
    if state.street == 0:
        decided, tied, tie = _bring_in_tied(state)
        player = state.bring_in_player
        return FirstSpeaker(
            player=decided if player is None else player,
            cards=(state.up_cards[decided][-1],),
            reason="highest"
            if state.config.options.bring_in_high or state.config.spec.low is Low.LOW
            else "lowest",
            tie=tie if len(tied) > 1 else None,
            passed_from=decided if player not in (None, decided) else None,
        )
    decided = _best_visible(state)
    player = state.round_first
    up = state.up_cards[decided]
    if state.config.spec.low is Low.LOW:
        # Razz: the whole board decides (the lowest cards, pairs bad).
        board = _board_value(state, decided)
        tie = any(_board_value(state, q) == board for q in live if q != decided)
        return FirstSpeaker(
            player=decided if player is None else player,
            cards=up,
            reason="lowest board",
            hand=board.label,
            tie=state.config.options.first_actor_tie if tie else None,
            passed_from=decided if player not in (None, decided) else None,
        )
    best = visible_rank(up)
    runner_up = max((visible_rank(state.up_cards[q]) for q in live if q != decided), default=None)
    if runner_up is None or runner_up == best:
        ranks = set(best.tiebreak)  # equal boards: the whole board, and the tie rule decided
    elif runner_up.strength != best.strength:
        ranks = {rank for rank in best.tiebreak if sum(c.rank == rank for c in up) > 1}
    else:
        # The same kind of hand: the ranks down to the first that differs ("K 9" beats "K 3").
        pairs = zip(best.tiebreak, runner_up.tiebreak, strict=True)
        differs = next(i for i, (a, b) in enumerate(pairs) if a != b)
        ranks = set(best.tiebreak[: differs + 1])
    return FirstSpeaker(
        player=decided if player is None else player,
        cards=tuple(c for c in up if c.rank in ranks),
        reason="best board",
        hand=best.label,
        tie=state.config.options.first_actor_tie if runner_up == best else None,
        passed_from=decided if player not in (None, decided) else None,
    )


def _draw_order(state: HandState | _Draft, top_bettor: int | None) -> list[int]:
    """Who draws in which order.

    Seed 000: "Den närmaste aktiva spelaren till vänster om givaren agerar först, och turen
    fortsätter sedan medsols." Seed 003: "byrjar á þeim sem átti hæsta veðmálið ... en er
    sjálfur síðastur" - the highest bettor first, round the table, the dealer last.
    """
    n = state.players
    button = n - 1
    if not state.config.spec.counterclockwise:
        return list(range(n))
    start = (n - 2) % n if top_bettor is None else top_bettor
    order = [(start - i) % n for i in range(n)]
    order.remove(button)
    return [*order, button]


def _next_drawer(state: HandState | _Draft) -> int | None:
    for q in state.draw_order:
        if not state.folded[q] and state.drawn[q] < 0:
            return q
    return None


def _draw(d: _Draft, action: Draw | Fold) -> None:
    p = action.player
    if p != d.to_act:
        raise IllegalAction(
            Msg(
                gettext_noop("It is seat %(seat)s's turn to draw, not seat %(seat2)s's."),
                seat=d.seat(d.to_act or 0),
                seat2=d.seat(p),
            )
        )
    owed = min(d.owed[p], d.stacks[p])
    if isinstance(action, Fold):
        if not owed:
            raise IllegalAction(
                Msg(
                    gettext_noop("Seat %(seat)s is in the hand: they draw (0 stands pat)."),
                    seat=d.seat(p),
                )
            )
        d.folded[p] = True
    else:
        most = d.config.spec.hole_cards
        if not 0 <= action.count <= most:
            raise IllegalAction(
                Msg(
                    gettext_noop("Seat %(seat)s can draw 0 to %(most)s cards."),
                    seat=d.seat(p),
                    most=most,
                )
            )
        if action.split_openers and p != d.opener:
            raise IllegalAction(
                Msg(
                    gettext_noop(
                        "Only the opener can put an opener aside, and seat %(seat)s did not open."
                    ),
                    seat=d.seat(p),
                )
            )
        if owed:
            # Seed 003: a player who passed comes back in by paying what the others paid.
            d.stacks[p] -= owed
            d.contributions[p] += owed
            d.owed[p] = 0
        _take_cards(d, p, action.count)
        d.drawn[p] = action.count
        d.split_openers = d.split_openers or action.split_openers
    d.began = True
    if d.folded.count(False) == 1:
        _showdown(d)
        return
    nxt = _next_drawer(d)
    if nxt is not None:
        d.to_act = nxt
        return
    d.street, d.to_act = d.street + 1, None
    _begin_round(d, _first_active_after_button(d))


def _take_cards(d: _Draft, p: int, count: int) -> None:
    """Deal `count` cards from the stub to `p`, who discarded as many first.

    When the stub is down to the variant's last cards and cards are still wanted, those cards
    and every discard become the new stub (seed 000: the last card; seed 003: none left).
    """
    d.discards += count
    for _ in range(count):
        if d.stub <= d.config.spec.reshuffle_at and d.discards:
            d.stub += d.discards
            d.discards = 0
            d.reshuffles = (*d.reshuffles, (p, d.stub))
        if d.stub <= 0:
            raise IllegalAction(
                Msg(
                    gettext_noop(
                        "The stub cannot give seat %(seat)s %(count)s card(s): no cards are left."
                    ),
                    seat=d.seat(p),
                    count=count,
                )
            )
        d.stub -= 1


# --- showdown and awarding -----------------------------------------------------------------------


def _showdown(d: _Draft) -> None:
    d.pots = build_pots(d.contributions, d.folded, d.dead, d.config.carried)
    if d.runs == 2:
        d.pots = halves(d.pots, unit=d.config.smallest_chip)
    d.phase, d.to_act, d.awarded = Phase.SHOWDOWN, None, 0
    _auto_award(d)


def _openers_to_check(state: HandState | _Draft) -> int | None:
    """Jackpots: the opener still in the hand must show openers before any pot is awarded
    (seed 000: "Spelaren som öppnade måste vara beredd att visa att hen uppfyllde kravet")."""
    p = state.opener
    if p is None or state.openers_shown is not None or state.folded[p] or state.mucked[p]:
        return None
    return p


def _openers(d: _Draft, action: Openers) -> None:
    p = action.player
    if p != _openers_to_check(d):
        raise IllegalAction(Msg(gettext_noop("Nobody has openers to show now.")))
    d.openers_shown = action.shown
    if not action.shown:
        # Seed 000: "En spelare som inte kan visa upp erforderlig styrka på handen kan inte
        # vinna potten" - and if everyone else had folded, "spelas på nytt om samma pott med
        # samma givare, dock utan att den felande får delta. Spelarna sätter i detta fall inte
        # någon ny ante."
        d.mucked[p] = True
        if d.folded.count(False) == 1:
            d.replay_without = p
    _auto_award(d)


def _next_pot(state: HandState | _Draft) -> int:
    return len(state.pots) - 1 - state.awarded


def _contenders(state: HandState | _Draft, pot: Pot) -> tuple[int, ...]:
    return tuple(p for p in pot.eligible if not state.mucked[p])


def _auto_award(d: _Draft) -> None:
    """Award pots that only one player can win; complete the hand when all are awarded.

    A pot nobody can win (its only player was a false opener) stays on the table for the next
    deal."""
    if _openers_to_check(d) is not None:
        return
    while d.awarded < len(d.pots):
        pot = d.pots[_next_pot(d)]
        contenders = _contenders(d, pot)
        if not contenders:
            d.carried_out += pot.amount
            d.awarded += 1
            continue
        if len(contenders) != 1:
            return
        _pay(d, pot, contenders)
    d.phase = Phase.COMPLETE


def _pay(
    d: _Draft,
    pot: Pot,
    winners: Sequence[int],
    low_winners: Sequence[int] = (),
    *,
    odd_chip: int | None = None,
) -> None:
    """Pay a pot to its winners; with `low_winners` (high-low) half goes to each side.
    `odd_chip`: the dealer's pick when the cards cannot say (see Award.odd_chip)."""
    payout = _payout(d, pot, winners, low_winners, odd_chip=odd_chip)
    for w, chips in payout.items():
        d.payouts[w] += chips
    d.paid = (*d.paid, (_next_pot(d), tuple(sorted(payout.items()))))
    d.awarded += 1


def _payout(
    d: HandState | _Draft,
    pot: Pot,
    winners: Sequence[int],
    low_winners: Sequence[int] = (),
    *,
    odd_chip: int | None = None,
) -> dict[int, int]:
    """What each winner of a pot gets (see `_pay`)."""
    unit = d.config.smallest_chip
    if low_winners:
        # Robert's Rules: "the high hand receives the odd chip in a split between the high and
        # the low hands"; within each half the odd chips go as in a high or a low game.
        low_amount = pot.amount // unit // 2 * unit
        high_order = _odd_chip_order(d, winners, named=odd_chip)
        payout = split_pot(pot.amount - low_amount, high_order, unit=unit)
        low = split_pot(low_amount, _odd_chip_order(d, low_winners, low=True), unit=unit)
        for w, chips in low.items():
            payout[w] = payout.get(w, 0) + chips
    else:
        payout = split_pot(pot.amount, _odd_chip_order(d, winners, named=odd_chip), unit=unit)
    return payout


def _odd_chip_order(
    state: HandState | _Draft,
    winners: Sequence[int],
    *,
    low: bool = False,
    named: int | None = None,
) -> list[int]:
    """Who gets odd chips first. One rule, one place.

    Flop and draw games, and razz: the first winner left of the button (position order). Other
    stud games: the winner with the highest card by suit (of the five cards played, or of all
    cards by house option); the low half of a high-low pot (`low`): the lowest card by suit, the
    ace low (Robert's Rules: "to the lowest card by suit in all low games"). When a winner's
    cards are unknown, the winner the dealer `named` (DESIGN.md: "dealer picks when cards
    unknown"), else position order, decides.
    """
    by_position = sorted(winners)
    option = state.config.options.odd_chip
    if option is None:
        stud = state.config.spec.kind is Kind.STUD and state.config.spec.low is not Low.LOW
        option = OddChip.HIGH_CARD_BY_SUIT if stud else OddChip.LEFT_OF_BUTTON
    if option is OddChip.LEFT_OF_BUTTON or len(winners) == 1:
        return by_position
    if any(not state.shown[w] for w in winners):  # not shown, or shown without the cards
        if named in winners and not low:
            return [named, *(w for w in by_position if w != named)]
        return by_position

    def high(w: int) -> tuple[int, int]:
        cards = state.shown[w] or ()
        if option is OddChip.HIGH_CARD_BY_SUIT and len(cards) > 5:
            cards = best_hand(cards)[1]
        return card_order_key(high_card_by_suit(cards))

    def lowest(w: int) -> tuple[int, int]:
        cards = state.shown[w] or ()
        if option is OddChip.HIGH_CARD_BY_SUIT and len(cards) > 5:
            cards = best_low(cards)[1]  # type: ignore[index]  # 5+ cards always make a low
        card = low_card_by_suit(cards)
        return 1 if card.rank == ACE else card.rank, SUIT_ORDER[card.suit]

    if low:
        return sorted(by_position, key=lowest)
    return sorted(by_position, key=high, reverse=True)


def _show_or_muck(d: _Draft, action: Show | Muck) -> None:
    p = action.player
    if not 0 <= p < d.players or d.folded[p]:
        raise IllegalAction(Msg(gettext_noop("Only a player still in the hand can show or muck.")))
    if isinstance(action, Muck):
        opener = _openers_to_check(d)
        if opener is not None and p != opener:
            # The openers are checked first: whether the opener can win decides who is left in
            # each pot, and a muck before that could leave a pot to nobody.
            raise IllegalAction(
                Msg(
                    gettext_noop(
                        "First: did seat %(seat)s show openers (jacks or better)? Then seat "
                        "%(seat2)s may muck."
                    ),
                    seat=d.seat(opener),
                    seat2=d.seat(p),
                )
            )
        for index in range(_next_pot(d) + 1):
            if _contenders(d, d.pots[index]) == (p,):
                raise IllegalAction(
                    Msg(
                        gettext_noop(
                            "Seat %(seat)s is the last player in pot %(number)s and wins it "
                            "without showing."
                        ),
                        seat=d.seat(p),
                        number=index + 1,
                    )
                )
        d.mucked[p] = True
        _auto_award(d)
        return
    cards = tuple(action.cards)
    if cards:
        _check_shown(d, p, cards)
    d.shown[p] = cards


# --- the cards on the table ------------------------------------------------------------------


def cards_up(state: HandState) -> bool:
    """Betting is over: shown cards (and the board) may be entered.

    At the showdown, and during an all-in run-out: two or more players are still in, at most
    one of them has chips left, and the dealer deals the streets still to come (at a real
    table the players turn their cards up, so the TV can show each one's chance to win).
    """
    if state.phase is Phase.SHOWDOWN:
        return True
    if state.phase is not Phase.DEAL:
        return False
    live = [p for p in range(state.players) if not state.folded[p]]
    return len(live) >= 2 and sum(1 for p in live if state.stacks[p] > 0) <= 1


def _streets_dealt(state: HandState | _Draft) -> int:
    """How many streets have been dealt (preflop and a stud hand's first street count)."""
    if state.phase is Phase.DEAL:
        return state.street
    return state.street + 1


def board_dealt(state: HandState | _Draft, run: int = 0) -> int:
    """Board games: how many board cards have been dealt so far (entered or not). Run it twice:
    `run` 1 counts the second run's own cards."""
    spec_cards = state.config.spec.board_cards
    if run == 0:
        if state.run == 1:
            return sum(spec_cards)
        return sum(spec_cards[: _streets_dealt(state)])
    if state.run == 0:
        return 0
    return sum(spec_cards[state.runout_from : _streets_dealt(state)])


def run_board(state: HandState | _Draft, run: int = 0) -> tuple[Card, ...]:
    """The board of a run as far as it is entered: the first run's is `board`; the second's
    is the cards both share (dealt before the all-in) and its own (`board2`)."""
    if run == 0:
        return state.board
    shared = sum(state.config.spec.board_cards[: state.runout_from])
    if len(state.board) < shared:
        return state.board
    return state.board[:shared] + state.board2


def run_twice_allowed(state: HandState) -> bool:
    """Whether the dealer may run it twice now (see RunTwice)."""
    try:
        _run_twice(None, state)
    except IllegalAction:
        return False
    return True


def _run_twice(d: _Draft | None, state: HandState) -> None:
    """The dealer runs it twice (see RunTwice)."""
    if not state.config.options.run_it_twice:
        raise IllegalAction(Msg(gettext_noop("This table does not run it twice (a house option).")))
    if state.config.spec.kind is not Kind.BOARD:
        raise IllegalAction(Msg(gettext_noop("Only hold'em and Omaha can be run twice.")))
    if state.runs == 2:
        raise IllegalAction(Msg(gettext_noop("The board is already being run twice.")))
    if not (state.phase is Phase.DEAL and cards_up(state)):
        raise IllegalAction(
            Msg(
                gettext_noop(
                    "Run it twice only when betting is over (all-in) and board cards are still "
                    "to come."
                )
            )
        )
    if state.street != state.runout_from:
        raise IllegalAction(
            Msg(
                gettext_noop(
                    "Too late to run it twice: decide before the first street after the all-in "
                    "is dealt."
                )
            )
        )
    if d is not None:
        d.runs = 2


def cards_to_show(state: HandState | _Draft) -> int:
    """How many cards a player shows: the hole cards (board games), the hand (draw games),
    every card dealt so far, up cards included (stud)."""
    if state.config.spec.kind is Kind.STUD:
        return _stud_dealt(state)
    return state.config.spec.hole_cards


def _stud_dealt(state: HandState | _Draft) -> int:
    """Stud: how many cards each player still in has been dealt so far."""
    streets = _streets_dealt(state)
    return state.config.spec.hole_cards + streets if streets else 0


def _where(state: HandState | _Draft, card: Card, owner: int | None = None) -> Msg | None:
    """Where a card already is on the table, in words ("the board", "seat 3's cards"), or ""
    (`owner`'s own cards do not count: a stud player shows their up cards again)."""
    if card in state.board or card in state.board2:
        return Msg(gettext_noop("the board"))
    for q in range(state.players):
        if q != owner and (card in state.up_cards[q] or card in (state.shown[q] or ())):
            return Msg(gettext_noop("seat %(seat)s's cards"), seat=state.seat(q))
    return None


_DECKS: dict[str, frozenset[Card]] = {}


def _check_deck(state: HandState | _Draft, cards: Sequence[Card]) -> None:
    """Every card is one of this game's deck, once (seed 003's short deck runs 7 to ace; only
    the 53- and 33-card decks have the joker, and only one)."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise IllegalAction(
                Msg(gettext_noop("%(card)s is entered twice: the deck has it once."), card=card)
            )
        seen.add(card)
    deck = state.config.deck
    if deck not in _DECKS:
        _DECKS[deck] = frozenset(new_deck(deck))  # type: ignore[arg-type]
    in_deck = _DECKS[deck]
    for card in cards:
        if card in in_deck:
            continue
        if card.is_joker:
            raise IllegalAction(
                Msg(gettext_noop("This game is played without the joker: Jk is not in the deck."))
            )
        raise IllegalAction(
            Msg(
                gettext_noop(
                    "%(card)s is not in this game's deck of %(count)s cards: it runs from 7 to ace."
                ),
                card=card,
                count=len(in_deck),
            )
        )


def _check_unseen(
    state: HandState | _Draft,
    cards: Sequence[Card],
    owner: int | None = None,
    then: Msg | None = None,
) -> None:
    """No card is already elsewhere on the table (see `_where`); `then` says what that forbids."""
    for card in cards:
        where = _where(state, card, owner)
        if where is None:
            continue
        if then is None:
            raise IllegalAction(
                Msg(
                    gettext_noop("%(card)s is already on the table (%(where)s)."),
                    card=card,
                    where=where,
                )
            )
        raise IllegalAction(
            Msg(
                gettext_noop("%(card)s is already on the table (%(where)s): %(then)s."),
                card=card,
                where=where,
                then=then,
            )
        )


def _check_dealt(state: HandState | _Draft, cards: Sequence[Card]) -> None:
    """Cards the dealer deals: none already on the table or dealt twice, all of the deck."""
    seen = set(state.board) | set(state.board2)
    for q in range(state.players):
        seen.update(state.up_cards[q], state.shown[q] or ())
    for card in cards:
        if card in seen:
            raise IllegalAction(Msg(gettext_noop("%(card)s has already been dealt."), card=card))
        seen.add(card)
    _check_deck(state, cards)


def _check_shown(d: _Draft, p: int, cards: tuple[Card, ...]) -> None:
    """Shown cards: the right number for the game, each once, of this game's deck, none already
    elsewhere on the table; in stud the player's whole hand, up cards included."""
    seat = d.seat(p)
    if len(set(cards)) != len(cards):
        raise IllegalAction(
            Msg(gettext_noop("Seat %(seat)s cannot show the same card twice."), seat=seat)
        )
    spec = d.config.spec
    wanted = cards_to_show(d)
    if spec.kind is Kind.STUD:
        what = Msg(
            gettext_noop("all %(count)s cards dealt to them, up cards included"), count=wanted
        )
    elif spec.kind is Kind.DRAW:
        what = Msg(gettext_noop("%(count)s cards"), count=wanted)
    else:
        what = Msg(gettext_noop("%(count)s hole cards"), count=wanted)
    if len(cards) != wanted:
        raise IllegalAction(
            Msg(
                gettext_noop("Seat %(seat)s shows %(what)s, not %(count)s."),
                seat=seat,
                what=what,
                count=len(cards),
            )
        )
    _check_deck(d, cards)
    _check_unseen(d, cards, p, Msg(gettext_noop("seat %(seat)s cannot show it"), seat=seat))
    missing = [c for c in d.up_cards[p] if c not in cards]
    if missing:
        up = _text(d.up_cards[p])
        raise IllegalAction(
            Msg(
                gettext_noop(
                    "Seat %(seat)s's up cards are %(up)s: the cards shown must include them."
                ),
                seat=seat,
                up=up,
            )
        )


def _enter_board(d: _Draft, action: Board) -> None:
    """The whole board as it lies (see Board)."""
    spec = d.config.spec
    if spec.kind is not Kind.BOARD:
        raise IllegalAction(Msg(gettext_noop("Only hold'em and Omaha have a board.")))
    run = action.run
    if run not in (0, 1) or (run == 1 and d.runs != 2):
        raise IllegalAction(
            Msg(gettext_noop("There is no second board: the hand is not run twice."))
        )
    cards = tuple(action.cards)
    dealt = board_dealt(d, run)
    known = d.board2 if run else d.board
    which = Msg(gettext_noop("second board's own cards")) if run else Msg(gettext_noop("board"))
    if len(known) == dealt and cards != known:
        raise IllegalAction(
            Msg(
                gettext_noop("The %(which)s is already entered (%(text)s) and cannot be changed."),
                which=which,
                text=_text(known),
            )
        )
    if len(cards) != dealt:
        first = d.runout_from if run else 0
        names, count = [], 0
        for name, n in zip(spec.streets[first:], spec.board_cards[first:], strict=True):
            if n and count < dealt:
                names.append(name)
                count += n
        raise IllegalAction(
            Msg(
                gettext_noop(
                    "The %(which)s is %(dealt)s cards so far (%(streets)s), not %(count)s."
                ),
                which=which,
                dealt=dealt,
                streets=joined((Msg(name) for name in names), ",")
                if names
                else Msg(gettext_noop("nothing")),
                count=len(cards),
            )
        )
    if cards[: len(known)] != known:
        raise IllegalAction(
            Msg(
                gettext_noop(
                    "The %(which)s entered so far is %(text)s: the whole %(which)s starts with it."
                ),
                which=which,
                text=_text(known),
            )
        )
    _check_deck(d, cards)
    _check_unseen(d, cards[len(known) :], then=Msg(gettext_noop("it cannot be on the board")))
    if run:
        d.board2 = cards
    else:
        d.board = cards


def _text(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards))


def _award(d: _Draft, action: Award) -> None:
    opener = _openers_to_check(d)
    if opener is not None:
        raise IllegalAction(
            Msg(
                gettext_noop(
                    "First: did seat %(seat)s show openers (jacks or better)? The opener "
                    "cannot win without them."
                ),
                seat=d.seat(opener),
            )
        )
    index = _next_pot(d)
    if action.pot != index:
        raise IllegalAction(
            Msg(
                gettext_noop(
                    "Award pot %(number)s next: pots are awarded from the last side pot to the "
                    "main pot."
                ),
                number=index + 1,
            )
        )
    winners, low = _winners(d, index, action)
    _pay(d, d.pots[index], winners, low, odd_chip=action.odd_chip)
    _auto_award(d)


def _winners(
    state: HandState | _Draft, index: int, action: Award
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The high and low winners of pot `index` that an Award says: the ones it names, else the
    best shown hands. Raises IllegalAction when neither can say."""
    pot = _pots(state)[index]
    contenders = _contenders(state, pot)
    high_low = state.config.spec.low is Low.HIGH_LOW
    if (action.low_winners or action.no_low) and not high_low:
        raise IllegalAction(
            Msg(gettext_noop("Only a high-low game has a low half: name the pot's winners."))
        )
    if action.low_winners and action.no_low:
        raise IllegalAction(
            Msg(gettext_noop("Name the low winners or say nobody has a low, not both."))
        )
    if len(contenders) == 1 and not action.winners and not action.low_winners:
        return contenders, ()  # the last one in wins without showing (see `_auto_award`)
    winners = _named(state, action.winners, contenders, index) or _best_shown(
        state, contenders, pot.board
    )
    low: tuple[int, ...] = ()
    if high_low and not action.no_low:
        low = _named(state, action.low_winners, contenders, index) or _best_low_shown(
            state, contenders
        )
    odd = action.odd_chip
    if odd is not None and len(winners) > 1 and odd not in winners:
        raise IllegalAction(
            Msg(
                gettext_noop(
                    "The odd chip goes to one of the pot's winners, not to seat %(seat)s."
                ),
                seat=state.seat(odd) if 0 <= odd < state.players else odd,
            )
        )
    return winners, low


def _pots(state: HandState | _Draft) -> tuple[Pot, ...]:
    """The pots: the real ones from the showdown on, before it as they stand (`pots_so_far`)."""
    if isinstance(state, _Draft) or state.phase is Phase.SHOWDOWN or state.is_over:
        return tuple(state.pots)
    return pots_so_far(state)


def contenders(state: HandState, pot_index: int) -> tuple[int, ...]:
    """Who can still win pot `pot_index` (0 is the main pot): the players eligible for it who
    have not mucked. Before the showdown, of the pots as they stand (`pots_so_far`)."""
    return _contenders(state, _pots(state)[pot_index])


@dataclass(frozen=True, slots=True)
class ShownWinners:
    """What the entered cards decide about one pot: exactly what `Award(pot)` without named
    winners would pay.

    `winners`: the best high hands (razz: the best lows); `low_winners`: high-low games, the
    best qualifying lows (empty: nobody has one and the high hands scoop); `values`: each
    contender's `hand_value`; `lows`: high-low games, each contender's low (None: no
    qualifying low); `payouts`: (player, chips) for everyone paid, odd chips included.
    """

    winners: tuple[int, ...]
    low_winners: tuple[int, ...] = ()
    values: tuple[tuple[int, HandRank | LowRank], ...] = ()
    lows: tuple[tuple[int, LowRank | None], ...] = ()
    payouts: tuple[tuple[int, int], ...] = ()


def shown_winners(state: HandState, pot_index: int) -> ShownWinners | None:
    """The winners of pot `pot_index` the entered cards decide, or None when they cannot: some
    contender's cards are unknown (not shown, shown without the cards, a stud hand not all
    shown) or make no hand, the board is not all known, or the opener must show openers first.

    A pot with one contender is theirs without showing. Useful at the showdown, and during an
    all-in run-out once the board is complete."""
    if state.is_over or _openers_to_check(state) is not None:
        return None
    pots = _pots(state)
    if not 0 <= pot_index < len(pots):
        return None
    pot = pots[pot_index]
    try:
        winners, low = _winners(state, pot_index, Award(pot_index))
    except (IllegalAction, ValueError):
        return None
    values: list[tuple[int, HandRank | LowRank]] = []
    lows: list[tuple[int, LowRank | None]] = []
    for p in _contenders(state, pot):
        if state.shown[p]:
            try:
                values.append((p, hand_value(state, p, pot.board)))
            except ValueError:
                pass  # the last one in: the pot is theirs whatever the cards
            if state.config.spec.low is Low.HIGH_LOW and state.shown[p]:
                low_hand = best_low(state.shown[p] or (), eight_or_better=True)
                lows.append((p, None if low_hand is None else low_hand[0]))
    payout = _payout(state, pot, winners, low)
    return ShownWinners(
        winners=winners,
        low_winners=low,
        values=tuple(values),
        lows=tuple(lows),
        payouts=tuple(sorted(payout.items())),
    )


def _named(
    state: HandState | _Draft, named: Sequence[int], contenders: tuple[int, ...], index: int
) -> tuple[int, ...]:
    """The winners the dealer named (each once), checked against the pot's contenders."""
    for w in named:
        if w not in contenders:
            seat = state.seat(w) if 0 <= w < state.players else w
            raise IllegalAction(
                Msg(
                    gettext_noop("Seat %(seat)s is not eligible for pot %(number)s."),
                    seat=seat,
                    number=index + 1,
                )
            )
    return tuple(dict.fromkeys(named))


def hand_value(state: HandState | _Draft, p: int, run: int = 0) -> HandRank | LowRank:
    """The value of a player's shown hand (with the board as far as it is entered); higher wins.
    Razz and deuce-to-seven: the low (a `LowRank`, ordered so that the lower hand is the higher
    value); the variant's ranking (`VariantSpec.low`) decides which. Raises
    ValueError when the cards make no hand (too few: no cards entered, a board not yet known).

    Every game's own deck and house options decide: seed 003's short deck (the flush over the
    full house, the joker of the 33-card deck), seed 000's joker and `royal_over_five`. Run it
    twice: `run` 1 values the hand on the second board."""
    cards = state.shown[p]
    assert cards is not None
    spec = state.config.spec
    deck = state.config.deck
    board = run_board(state, run)
    if spec.low is Low.LOW:
        return best_low(cards)[0]  # type: ignore[index]  # 5+ cards always make a low
    if spec.low is Low.DEUCE_TO_SEVEN:
        return best_deuce_to_seven(cards)[0]
    if spec.hole_cards_used:
        return best_omaha_hand(cards, board, deck=deck)[0]  # type: ignore[arg-type]
    if spec.kind is Kind.BOARD:
        return best_hand(cards + board, deck=deck)[0]  # type: ignore[arg-type]
    royal = state.config.options.royal_over_five and deck == "standard53"
    return best_hand(cards, deck=deck, royal_over_five=royal)[0]  # type: ignore[arg-type]


def _cards_unknown(
    state: HandState | _Draft, contenders: Sequence[int], run: int = 0
) -> Msg | None:
    """Why the entered cards cannot yet decide a pot between `contenders`, or None."""
    missing = [p for p in contenders if state.shown[p] is None]
    if missing:
        seats = ", ".join(str(state.seat(p)) for p in missing)
        return Msg(gettext_noop("seat(s) %(seats)s must show or muck first"), seats=seats)
    blank = [p for p in contenders if state.shown[p] == ()]
    if blank:
        seats = ", ".join(str(state.seat(p)) for p in blank)
        return Msg(gettext_noop("enter the cards seat(s) %(seats)s showed"), seats=seats)
    spec = state.config.spec
    if spec.kind is Kind.BOARD:
        total = sum(spec.board_cards)
        board = run_board(state, run)
        if len(board) < total:
            if run:
                return Msg(
                    gettext_noop(
                        "enter the second board first (%(known)s of its %(total)s cards are known)"
                    ),
                    known=len(board),
                    total=total,
                )
            return Msg(
                gettext_noop("enter the board first (%(known)s of its %(total)s cards are known)"),
                known=len(board),
                total=total,
            )
    if spec.kind is Kind.STUD:
        dealt = _stud_dealt(state)
        short = [p for p in contenders if 0 < len(state.shown[p] or ()) < dealt]
        if short:
            seats = ", ".join(str(state.seat(p)) for p in short)
            return Msg(
                gettext_noop("seat(s) %(seats)s must show all %(dealt)s of their cards first"),
                seats=seats,
                dealt=dealt,
            )
    return None


def _best_shown(
    state: HandState | _Draft, contenders: tuple[int, ...], run: int = 0
) -> tuple[int, ...]:
    why = _cards_unknown(state, contenders, run)
    if why:
        raise IllegalAction(Msg(gettext_noop("Name the winners, or %(why)s."), why=why))
    values = {}
    for p in contenders:
        try:
            values[p] = hand_value(state, p, run)
        except ValueError as error:
            raise IllegalAction(
                Msg(
                    gettext_noop(
                        "Seat %(seat)s's cards make no hand (%(error)s): name the winners."
                    ),
                    seat=state.seat(p),
                    error=error,
                )
            ) from error
    best = max(values.values())
    return tuple(p for p in contenders if values[p] == best)


def _best_low_shown(state: HandState | _Draft, contenders: tuple[int, ...]) -> tuple[int, ...]:
    """High-low: the best qualifying low among the shown hands; () when nobody has one."""
    why = _cards_unknown(state, contenders)
    if why:
        raise IllegalAction(
            Msg(
                gettext_noop("Name the low winners (or say nobody has a low), or %(why)s."), why=why
            )
        )
    values = {}
    for p in contenders:
        try:
            low = best_low(state.shown[p] or (), eight_or_better=True)
        except ValueError as error:
            raise IllegalAction(
                Msg(
                    gettext_noop(
                        "Seat %(seat)s's cards make no hand (%(error)s): name the low winners."
                    ),
                    seat=state.seat(p),
                    error=error,
                )
            ) from error
        if low is not None:
            values[p] = low[0]
    if not values:
        return ()
    best = max(values.values())
    return tuple(p for p in values if values[p] == best)


def show_order(state: HandState) -> tuple[int, ...]:
    """Who shows first at the showdown, and then in turn (seed 000): "Den spelare som sist
    gjorde en inledande satsning eller höjning visar först, och turen fortsätter sedan medsols.
    Om alla spelarna passade i den andra satsningsomgången, visar spelarna i samma ordning som de
    talade." Players who folded are left out."""
    last = len(state.config.spec.streets) - 1
    if state.last_aggressor is not None and state.aggressor_street == last:
        first = state.last_aggressor
    elif state.round_first is not None:
        first = state.round_first
    else:
        first = 0
    order = (first, *_order_after(state, first))[: state.players]
    return tuple(p for p in order if not state.folded[p])


def special_deal(state: HandState) -> bool:
    """Seed 000: a deal after which tables playing "knektöppning efter speciella givar" play
    jackpots: "om ingen spelare gick med i den första satsningsomgången och straddlen vann en
    giv utan spel eller om en spelare gick med utan att höja och övriga spelare omedelbart lade
    sig" - the first betting round ended the deal with at most one player going in."""
    return (
        state.phase is Phase.COMPLETE
        and not state.config.jackpot
        and state.street == 0
        and state.folded.count(False) == 1
        and state.voluntary <= 1
        and bool(state.config.blinds)
    )


def replay(config: HandConfig, actions: Iterable[Action]) -> HandState:
    """Rebuild a hand's state from its action log."""
    state = start(config)
    for action in actions:
        state = apply(state, action)
    return state
