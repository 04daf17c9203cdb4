"""Hypothesis properties of whole hands: random games, structures, stacks and forced bets, played
with random legal actions (driven by `legal_actions`) until the hand is over.

Invariants checked after every action:
- chips are conserved: for every player, stack + contribution == starting stack (returned
  uncalled bets go from the contribution back to the stack); payouts never exceed what is in;
  at the end final stacks sum to the starting stacks, and to exactly them after a misdeal;
- no stack, bet, contribution or return is negative;
- at the showdown the pots add up to the contributions; a player is paid only from pots they
  are eligible for, and each awarded pot is paid out exactly;
- replaying the log so far gives the same state as applying it step by step;
- the amounts `legal_actions` offers are accepted by `apply`, and one chip outside is refused;
- an all-in, tried at every turn, is one of the legal actions (a raise to the whole stack, a call
  or a check) or refused only when a rule limits a raise the others could have called.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer.engine import (
    AllIn,
    Award,
    BringIn,
    ButtonStraddleOrder,
    Call,
    Card,
    Check,
    DealStreet,
    Draw,
    FixedLimit,
    Fold,
    HandConfig,
    HandState,
    HeadsUpCap,
    HouseOptions,
    IllegalAction,
    Kind,
    Low,
    Misdeal,
    NoLimit,
    OddChip,
    Openers,
    OpenPair,
    Phase,
    PotLimit,
    Raise,
    Show,
    SpreadLimit,
    StraddleRaise,
    StudTie,
    Variant,
    apply,
    board_dealt,
    legal_actions,
    replay,
    start,
)
from dealer.engine.actions import Action
from dealer.engine.cards import new_deck
from dealer.engine.rules import VARIANTS

DECK = tuple(Card(rank, suit) for rank in range(2, 15) for suit in "cdhs")


@st.composite
def structures(draw: st.DrawFn, unit: int) -> object:
    kind = draw(st.sampled_from(["nl", "pl", "fl", "spread"]))
    if kind == "nl":
        return NoLimit(min_bet=draw(st.sampled_from([0, unit, 2 * unit])))
    if kind == "pl":
        return PotLimit(min_bet=draw(st.sampled_from([0, unit, 2 * unit])))
    if kind == "fl":
        small = unit * draw(st.integers(1, 5))
        return FixedLimit(small_bet=small, big_bet=2 * small)
    low = unit * draw(st.integers(1, 3))
    high = low + unit * draw(st.integers(0, 6))
    return SpreadLimit(
        min_bet=low,
        max_bet=high,
        max_bet_late=draw(st.sampled_from([0, high + unit, 2 * high])),
        late_from=draw(st.integers(1, 2)),
        round_cap=draw(st.sampled_from([0, 4 * high, 10 * high])),
        open_to=draw(st.sampled_from([0, 4 * unit])),
        at_least_largest=draw(st.booleans()),
    )


@st.composite
def house_options(draw: st.DrawFn) -> HouseOptions:
    return HouseOptions(
        straddle_raise=draw(st.sampled_from(list(StraddleRaise))),
        button_straddle_order=draw(st.sampled_from(list(ButtonStraddleOrder))),
        limit_raises=draw(st.sampled_from([3, 4])),
        heads_up_cap=draw(st.sampled_from(list(HeadsUpCap))),
        blind_before_ante=draw(st.booleans()),
        odd_chip=draw(st.sampled_from([None, *OddChip])),
        bring_in_tie=draw(st.sampled_from([None, *StudTie])),
        first_actor_tie=draw(st.sampled_from(list(StudTie))),
        bring_in_high=draw(st.booleans()),
        open_pair=draw(st.sampled_from(list(OpenPair))),
        late_rounds_left_of_big_blind=draw(st.booleans()),
        pot_round_up=draw(st.sampled_from([0, 0, 1, 5, 25])),
    )


@st.composite
def hand_configs(draw: st.DrawFn) -> HandConfig:
    variant = draw(st.sampled_from(list(Variant)))
    fewest, most = VARIANTS[variant].players
    n = draw(st.integers(fewest, min(most, 10)))
    unit = draw(st.sampled_from([1, 1, 5]))
    # Stacks: mostly deep, some very short (all-in on the forced bets).
    stacks = tuple(
        unit * draw(st.one_of(st.integers(1, 6), st.integers(7, 120), st.integers(121, 400)))
        for _ in range(n)
    )
    blinds: tuple[int, ...] = ()
    antes: tuple[int, ...] = ()
    dead: tuple[int, ...] = ()
    bring_in = 0
    big_blind = 0
    stud = VARIANTS[variant].kind is Kind.STUD
    if stud:
        bring_in = unit * draw(st.integers(0, 2))
    else:
        bb = unit * draw(st.integers(1, 4))
        mode = draw(st.sampled_from(["none", "blinds", "straddle", "button-straddle"]))
        if mode != "none":
            row = [0] * n
            if n == 2:
                row = [bb, max(unit, bb // 2)]
            else:
                row[0] = max(unit, bb // 2)
                row[1] = bb
                if mode == "straddle" and n > 3:
                    row[2] = 2 * bb
                    big_blind = draw(st.sampled_from([0, bb]))
                elif mode == "button-straddle" and n > 3:
                    row[n - 1] = 2 * bb
                    big_blind = draw(st.sampled_from([0, bb]))
                # As the app deals: a new or returning player posts a big blind live anywhere,
                # and under the dead button the small blind can be dead (nobody posts it).
                for p in draw(st.lists(st.integers(2, n - 1), max_size=2)) if n > 3 else ():
                    row[p] = max(row[p], bb)
                if n > 3 and draw(st.integers(0, 4)) == 0:
                    row[0] = 0
            blinds = tuple(row)
        if draw(st.booleans()) and n > 2:
            row = [0] * n
            row[draw(st.integers(0, n - 1))] = unit * draw(st.integers(1, 2))
            dead = tuple(row)
    ante_mode = draw(st.sampled_from(["none", "each", "big-blind", "button"]))
    ante = unit * draw(st.integers(1, 3))
    if ante_mode == "each":
        antes = (ante,) * n
    elif ante_mode == "big-blind" and n > 2 and blinds:
        antes = tuple(ante * 2 if p == 1 else 0 for p in range(n))
    elif ante_mode == "button":
        antes = tuple(ante * 2 if p == n - 1 else 0 for p in range(n))
    draw_game = VARIANTS[variant].kind is Kind.DRAW
    # Seed 000's jackpots (antes only, openers claimed) and a pot carried in from earlier deals.
    jackpot = draw_game and draw(st.booleans())
    if jackpot:
        blinds, dead, antes = (), (), (ante,) * n
    structure = draw(structures(unit))
    if isinstance(structure, FixedLimit) and len(blinds) > 2 and blinds[-1] > max(blinds[:-1]):
        blinds = (*blinds[:-1], 0)  # no button straddle in fixed limit (refused by `start`)
    return HandConfig(
        variant=variant,
        jackpot=jackpot,
        open_or_fold=draw_game and not jackpot and not blinds and draw(st.booleans()),
        joker=draw(st.booleans()),
        carried=unit * draw(st.integers(0, 30)),
        structure=structure,
        stacks=stacks,
        blinds=blinds,
        antes=antes,
        dead=dead,
        big_blind=big_blind,
        bring_in=bring_in,
        smallest_chip=unit,
        options=draw(house_options()),
    )


@dataclass
class Played:
    config: HandConfig
    states: list[HandState] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)


def used_cards(state: HandState) -> set[Card]:
    seen = set(state.board)
    for cards in state.up_cards:
        seen.update(cards)
    for shown in state.shown:
        seen.update(shown or ())
    return seen


def cards_to_show(data: st.DataObject, state: HandState, p: int) -> tuple[Card, ...]:
    """A hand `p` may show: the game's number of cards from its deck, none seen elsewhere; in
    stud every card dealt to the player, their up cards included."""
    spec = state.config.spec
    own = state.up_cards[p]
    # Only the draw games play with a joker (a stud or board config may carry the flag).
    deck = new_deck(state.config.deck) if spec.kind is Kind.DRAW else DECK  # type: ignore[arg-type]
    free = [c for c in deck if c not in used_cards(state)]
    wanted = spec.hole_cards
    if spec.kind is Kind.STUD:
        wanted = spec.hole_cards + len(spec.streets) - len(own)
    if len(free) < wanted:
        return ()  # a crowded stud table ran out of cards: shown, the cards not entered
    return own + tuple(data.draw(st.permutations(free))[:wanted])


def choose_action(
    data: st.DataObject, state: HandState, with_cards: bool, all_in: bool = False
) -> Action:
    legal = legal_actions(state)
    if not state.began and data.draw(st.integers(0, 199)) == 0:
        return Misdeal()  # only before the first action (seed 002)
    if state.phase is Phase.BETTING:
        p = legal.player
        assert p is not None
        options: list[Action] = []
        if all_in:
            options.append(AllIn(p, openers=legal.needs_openers))
        if legal.fold:
            options.append(Fold(p))
        if legal.check:
            options.append(Check(p))
        if legal.call:
            options.append(Call(p))
        if legal.bring_in:
            options.append(BringIn(p))
        if legal.raise_min:
            openers = legal.needs_openers
            options += [
                Raise(p, legal.raise_min, openers=openers),
                Raise(p, legal.raise_max, openers=openers),
            ]
            # Amounts are whole chips of the smallest denomination (or all-in).
            unit = state.config.smallest_chip
            amounts = st.integers(legal.raise_min // unit, legal.raise_max // unit).map(
                lambda n: n * unit
            )
            amount = data.draw(amounts.filter(lambda a: legal.raise_min <= a <= legal.raise_max))
            if isinstance(state.config.structure, FixedLimit):
                # Limit: an open pair bets the small or the big bet, nothing between.
                amount = data.draw(st.sampled_from([legal.raise_min, legal.raise_max]))
            options.append(Raise(p, amount, openers=openers))
        return data.draw(st.sampled_from(options))
    if state.phase is Phase.DRAW:
        assert legal.player is not None
        if legal.fold and data.draw(st.booleans()):
            return Fold(legal.player)  # seed 003: a player who passed stays out
        split = state.opener == legal.player and data.draw(st.booleans())
        return Draw(legal.player, data.draw(st.integers(0, legal.draw_max)), split_openers=split)
    if state.phase is Phase.DEAL:
        spec = state.config.spec
        live = [p for p in range(state.players) if not state.folded[p]]
        free = [c for c in DECK if c not in used_cards(state)]
        if spec.kind is Kind.BOARD:
            if not with_cards or len(state.board) != board_dealt(state):
                return DealStreet()
            wanted = spec.board_cards[state.street]
            return DealStreet(board=tuple(data.draw(st.permutations(free))[:wanted]))
        # Stud: up cards for everyone still in (not on seventh street: a down card), or name
        # the first actor.
        up_count = len(state.up_cards[live[0]])
        if with_cards and up_count < 4:
            dealt = iter(data.draw(st.permutations(free)))
            return DealStreet(
                up_cards=tuple(
                    next(dealt) if not state.folded[p] else None for p in range(state.players)
                )
            )
        if with_cards and up_count == 4:
            return DealStreet()
        return DealStreet(first_actor=data.draw(st.sampled_from(live)))
    assert state.phase is Phase.SHOWDOWN
    if legal.check_openers is not None:
        return Openers(legal.check_openers, shown=data.draw(st.booleans()))
    eligible = list(legal.eligible)
    unshown = [p for p in eligible if state.shown[p] is None]
    if unshown and data.draw(st.integers(0, 3)) == 0:
        p = data.draw(st.sampled_from(unshown))
        return Show(p, cards_to_show(data, state, p))
    assert legal.award_pot is not None
    # (Only hands of five cards or more can be ranked: a crowded table can run out of cards.)
    ranked = all(len(state.shown[p] or ()) >= 5 for p in eligible)
    if not unshown and ranked and state.config.spec.kind is Kind.STUD and data.draw(st.booleans()):
        return Award(legal.award_pot)  # Pott ranks the shown hands (high-low: both halves)
    winners = data.draw(st.lists(st.sampled_from(eligible), min_size=1, unique=True))
    if state.config.spec.low is not Low.HIGH_LOW:
        return Award(legal.award_pot, tuple(winners))
    # High-low: a low half to some of the eligible players (any of them, the high winners too),
    # or nobody has a low and the high hand scoops.
    low = data.draw(st.lists(st.sampled_from(eligible), unique=True))
    return Award(legal.award_pot, tuple(winners), low_winners=tuple(low), no_low=not low)


def check_invariants(before: HandState | None, state: HandState) -> None:
    config = state.config
    n = state.players
    for values in (state.stacks, state.bets, state.contributions, state.returned, state.payouts):
        assert len(values) == n
        assert all(v >= 0 for v in values), values
    if state.phase is Phase.VOID:
        assert state.final_stacks() == config.stacks
        assert state.stacks == config.stacks
        return
    for p in range(n):
        assert state.stacks[p] + state.contributions[p] == config.stacks[p]
        assert state.bets[p] <= state.contributions[p]
    # Draw games: the stub never runs out below nothing.
    assert state.stub >= 0 and state.discards >= 0
    in_play = sum(state.contributions) + config.carried
    assert sum(state.payouts) + state.carried_out <= in_play
    if state.phase in (Phase.SHOWDOWN, Phase.COMPLETE):
        assert sum(pot.amount for pot in state.pots) == in_play
        for pot in state.pots:
            assert pot.eligible, "a pot nobody can win"
            assert all(not state.folded[p] for p in pot.eligible)
    if state.phase is Phase.COMPLETE:
        # Chips are conserved across deals: what is not paid out stays on the table.
        assert sum(state.payouts) + state.carried_out == in_play
        assert sum(state.final_stacks()) + state.carried_out == sum(config.stacks) + config.carried
        assert state.awarded == len(state.pots)
    # Payouts made by this action: only to players eligible for the pots awarded by it.
    awarded_before = before.awarded if before and before.phase is Phase.SHOWDOWN else 0
    paid_before = before.payouts if before else (0,) * n
    if before and before.phase is not Phase.SHOWDOWN:
        paid_before = (0,) * n
    new = range(len(state.pots) - state.awarded, len(state.pots) - awarded_before)
    pots = [state.pots[i] for i in new]
    allowed = {p for pot in pots for p in pot.eligible}
    gained = [after - was for after, was in zip(state.payouts, paid_before, strict=True)]
    assert all(g >= 0 for g in gained)
    assert {p for p, g in enumerate(gained) if g} <= allowed
    carried = state.carried_out - (before.carried_out if before else 0)
    assert sum(gained) + carried == sum(pot.amount for pot in pots)


def check_legal_amounts(state: HandState) -> bool:
    """`legal_actions` amounts are accepted; one chip outside the range is refused. Returns
    whether an all-in is accepted (see `check_all_in`)."""
    if state.phase is not Phase.BETTING:
        return False
    legal = legal_actions(state)
    p = legal.player
    assert p is not None
    if legal.call:
        after = apply(state, Call(p))
        back = after.returned[p] - state.returned[p]  # a call nobody can match comes back
        assert after.contributions[p] - state.contributions[p] == legal.call - back
    elif not legal.check and not legal.bring_in and legal.raise_min == 0:
        raise AssertionError(f"seat {state.seat(p)} has no way to act but fold: {legal}")
    if legal.check:
        apply(state, Check(p))
    if legal.raise_min:
        assert legal.raise_min <= legal.raise_max
        openers = legal.needs_openers
        apply(state, Raise(p, legal.raise_min, openers=openers))
        apply(state, Raise(p, legal.raise_max, openers=openers))
        for wrong in (legal.raise_min - 1, legal.raise_max + 1):
            try:
                apply(state, Raise(p, wrong, openers=openers))
            except IllegalAction as error:
                assert f"Seat {state.seat(p)}" in str(error)
            else:
                raise AssertionError(f"Raise to {wrong} accepted outside {legal}")
    else:
        try:
            apply(state, Raise(p, state.bet_level + 10 * state.config.smallest_chip))
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"a raise was accepted although none is legal: {legal}")
    if legal.bring_in:
        after = apply(state, BringIn(p))
        assert after.contributions[p] - state.contributions[p] == legal.bring_in
    return check_all_in(state)


def check_all_in(state: HandState) -> bool:
    """An all-in is a legal action by another name: a raise to the whole stack, or a call or a
    check when no one else could match more. It is refused only when the stack is more than a
    call, someone else could call a raise, and a rule limits the raise (not reopened, the cap,
    the limit); then the message says what the player may do. Returns whether it was accepted."""
    legal = legal_actions(state)
    p = legal.player
    assert p is not None
    everything = state.stacks[p] + state.bets[p]
    try:
        after = apply(state, AllIn(p, openers=legal.needs_openers))
    except IllegalAction as error:
        assert f"Seat {state.seat(p)} cannot go all-in: " in str(error), error
        assert "they may" in str(error), error
        others = max(
            state.stacks[q] + state.bets[q]
            for q in range(state.players)
            if q != p and not state.folded[q]
        )
        assert state.bet_level < min(everything, others), legal
        assert not (legal.raise_min and legal.raise_max == everything), legal
        return False
    same_as = []
    if legal.raise_min and legal.raise_max == everything:
        same_as.append(Raise(p, everything, openers=legal.needs_openers))
    if legal.call:
        same_as.append(Call(p))
    if legal.check:
        same_as.append(Check(p))
    assert any(after == apply(state, action) for action in same_as), (legal, after)
    return True


def play_hand(data: st.DataObject, config: HandConfig) -> Played:
    played = Played(config)
    state = start(config)
    played.states.append(state)
    check_invariants(None, state)
    with_cards = data.draw(st.booleans())
    for _ in range(400):
        if state.is_over:
            break
        all_in = check_legal_amounts(state)
        action = choose_action(data, state, with_cards, all_in)
        before = state
        state = apply(state, action)
        played.actions.append(action)
        played.states.append(state)
        check_invariants(before, state)
    else:
        raise AssertionError("the hand did not end in 400 actions")
    return played


SETTINGS = settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@SETTINGS
@given(config=hand_configs(), data=st.data())
def test_random_hands_conserve_chips_and_pay_only_eligible_players(
    config: HandConfig, data: st.DataObject
) -> None:
    played = play_hand(data, config)
    final = played.states[-1]
    assert final.is_over
    assert sum(final.final_stacks()) + final.carried_out == sum(config.stacks) + config.carried
    assert all(s >= 0 for s in final.final_stacks())


@SETTINGS
@given(config=hand_configs(), data=st.data())
def test_replaying_any_prefix_of_the_log_equals_applying_it(
    config: HandConfig, data: st.DataObject
) -> None:
    played = play_hand(data, config)
    for i, state in enumerate(played.states):
        assert replay(config, played.actions[:i]) == state
