"""Liar's dice with poker dice (seed 003, "BLEKKINGA PÓKER (Lier dice)"), from its action log.

Pure Python: no Django, no clock, no I/O. The dice stay under the cup; Pott keeps the claims,
who pays, who is out and the pot.

A round: the starter rolls under the cup (up to three times) and slides it to the neighbour on
the left, announcing a combination (`Claim`: "tilkynnir honum hvað sé undir dósinni"). The
neighbour either calls the bluff (`Call`: says "blekking" and lifts the cup; the dealer enters
the five dice) or accepts (`Accept`), may roll dice outside the cup again, and claims higher to
the next neighbour ("Tilkynningin verður að vera hærri en sú síðasta"). When called: "Ef
niðurstaðan er jöfn eða jafnvel hærri en tilkynningin var borgar nágranninn í pottinn" — the
dice equal or beat the claim: the caller pays the stake into the pot; otherwise the claimant
does. "Sá sem tapar byrjar næstu umferð": the one who paid starts the next round.

Five aces, the top ("það er útilokað að kasta hærra en fimm ásum"), can be called like any
claim, or accepted: then the accepter must roll for them (`RollAces`); "Ef honum tekst þetta, á
leikmaðurinn sem tilkynnti póker ásana, að borga": if they make five aces the claimant pays,
and if not (the seed is silent) the accepter pays. "Leikmaður sem hefur ekkert eftir til að
veðja með dettur út. Síðasti leikmaðurinn sem hefur eitthvað á hendi vinnur pottinn": a player
without chips is out; the last with chips takes the pot.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum

from dealer.engine.actions import IllegalAction
from dealer.engine.dice.hands import FIVE_ACES, Face, Hand, Kind, all_hands, read_hand
from dealer.engine.dice.table import (
    Standing,
    check_amount,
    check_names,
    check_player,
    left_of,
    standings,
)
from dealer.engine.text import Msg, Text, gettext_noop, pgettext_lazy


@dataclass(frozen=True, slots=True, kw_only=True)
class LiarsConfig:
    """The game as agreed: `names` in seating order (the left of `names[i]` is `names[i + 1]`),
    each player's starting `chips`, the `stake` a loser pays into the pot ("veðmálið"), and who
    starts the first round."""

    names: tuple[str, ...]
    chips: int
    stake: int
    first: int = 0

    @property
    def players(self) -> int:
        return len(self.names)


type Dice = Hand | str | tuple[Face | str | int, ...]


@dataclass(frozen=True, slots=True)
class Claim:
    """`player` slides the cup to the left announcing `hand` (a combination, or five dice)."""

    player: int
    hand: Dice


@dataclass(frozen=True, slots=True)
class Accept:
    """The neighbour accepts the claim: they look under the cup and claim higher next."""

    player: int


@dataclass(frozen=True, slots=True)
class Call:
    """ "Blekking": the neighbour lifts the cup; `dice` are the five dice (or their hand)."""

    player: int
    dice: Dice


@dataclass(frozen=True, slots=True)
class RollAces:
    """After accepting five aces: the dice the accepter rolled (or their hand)."""

    player: int
    dice: Dice


type LiarsAction = Claim | Accept | Call | RollAces


class Phase(StrEnum):
    CLAIM = "claim"  # `to_act` announces what is under the cup
    ANSWER = "answer"  # `to_act` accepts the last claim or calls the bluff
    ACES = "aces"  # `to_act` accepted five aces and must roll for them
    OVER = "over"  # one player has chips left: they took the pot


class Ending(StrEnum):
    """How a round ended."""

    CALLED = "called"  # the bluff was called and the cup lifted
    ACES = "aces"  # five aces were accepted and rolled for


@dataclass(frozen=True, slots=True)
class Claimed:
    player: int
    hand: Hand


@dataclass(frozen=True, slots=True)
class LiarsResult:
    """A settled round: its claims, how it ended, the hand that was shown, who paid how much
    (`owed` is the stake; `paid` less when it was all they had), and whether they are out."""

    round: int  # 1 is the first
    claims: tuple[Claimed, ...]
    ending: Ending
    by: int  # the caller, or the one who rolled for five aces
    shown: Hand
    held: bool  # the dice held the claim (called), or made five aces (rolled)
    payer: int
    paid: int
    owed: int
    out: bool


@dataclass(frozen=True, slots=True)
class LiarsLegal:
    """What may happen now: who acts, and the least they may claim."""

    phase: Phase
    player: int | None = None
    last: Hand | None = None  # the claim to answer, or to beat
    claims: tuple[Hand, ...] = ()  # CLAIM: what may be claimed, lowest first


@dataclass(frozen=True, slots=True)
class LiarsState:
    """Where the game stands. Per-player tuples are in seating order (`config.names`)."""

    config: LiarsConfig
    chips: tuple[int, ...]
    pot: int
    phase: Phase
    round: int  # from 1
    to_act: int | None
    claims: tuple[Claimed, ...]  # this round's, in order
    out: tuple[int, ...]  # players without chips, in the order they went out
    results: tuple[LiarsResult, ...] = ()
    winner: int | None = None  # once over: the last player with chips, who took the pot
    won: int = 0  # the pot they took

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def last_claim(self) -> Claimed | None:
        return self.claims[-1] if self.claims else None

    @property
    def in_game(self) -> tuple[int, ...]:
        return tuple(p for p in range(self.config.players) if p not in self.out)

    def standings(self) -> tuple[Standing, ...]:
        return standings(self.chips)

    def name(self, player: int) -> str:
        return self.config.names[player]


def _check_config(config: LiarsConfig) -> None:
    check_names(config.names)
    check_amount(Msg(gettext_noop("starting chips")), config.chips)
    check_amount(Msg(gettext_noop("stake")), config.stake)
    check_player(config.names, config.first)


def start(config: LiarsConfig) -> LiarsState:
    """Seat the players with their chips; `config.first` rolls and claims first."""
    _check_config(config)
    return LiarsState(
        config=config,
        chips=(config.chips,) * config.players,
        pot=0,
        phase=Phase.CLAIM,
        round=1,
        to_act=config.first,
        claims=(),
        out=(),
    )


def legal_actions(state: LiarsState) -> LiarsLegal:
    """Whose turn it is and what the screen offers them."""
    if state.is_over:
        return LiarsLegal(phase=state.phase)
    last = state.last_claim.hand if state.last_claim else None
    claims = ()
    if state.phase is Phase.CLAIM:
        claims = tuple(h for h in all_hands() if _claimable(h) and (last is None or h > last))
    return LiarsLegal(phase=state.phase, player=state.to_act, last=last, claims=claims)


def _claimable(hand: Hand) -> bool:
    # The seed's combinations start at a pair ("EITT SETT"); "nothing" is no claim.
    return hand.kind is not Kind.NOTHING


def apply(state: LiarsState, action: LiarsAction) -> LiarsState:
    """Apply one action and return the new state, or raise IllegalAction saying why not."""
    if state.is_over:
        raise IllegalAction(Msg(gettext_noop("The game is over.")))
    if not isinstance(action, Claim | Accept | Call | RollAces):
        raise IllegalAction(
            Msg(gettext_noop("%(action)s is not a liar's dice action."), action=repr(action))
        )
    p = check_player(state.config.names, action.player)
    name = state.name(p)
    if p in state.out:
        raise IllegalAction(
            Msg(gettext_noop("%(name)s is out: they have no chips left."), name=name)
        )
    assert state.to_act is not None
    if p != state.to_act:
        raise IllegalAction(
            Msg(
                gettext_noop("It is %(name)s's turn, not %(name2)s's."),
                name=state.name(state.to_act),
                name2=name,
            )
        )
    match action:
        case Claim():
            return _claim(state, p, action.hand)
        case Accept():
            return _accept(state, p)
        case Call():
            return _call(state, p, action.dice)
        case RollAces():
            return _roll_aces(state, p, action.dice)


def _read(name: Text, dice: Dice) -> Hand:
    try:
        return read_hand(dice)
    except ValueError as error:
        raise IllegalAction(
            Msg(gettext_noop("%(name)s: %(error)s"), name=name, error=error)
        ) from None


def _claim(state: LiarsState, p: int, hand: Dice) -> LiarsState:
    name = state.name(p)
    if state.phase is Phase.ANSWER:
        raise IllegalAction(
            Msg(gettext_noop("%(name)s must first accept the claim or call the bluff."), name=name)
        )
    if state.phase is Phase.ACES:
        raise IllegalAction(
            Msg(
                gettext_noop("%(name)s accepted five aces: nothing is higher, so roll for them."),
                name=name,
            )
        )
    claim = _read(name, hand)
    if not _claimable(claim):
        raise IllegalAction(
            Msg(gettext_noop("%(name)s must claim a combination: a pair at least."), name=name)
        )
    last = state.last_claim
    # "Tilkynningin verður að vera hærri en sú síðasta": higher, never equal.
    if last is not None and not claim > last.hand:
        raise IllegalAction(
            Msg(
                gettext_noop(
                    "%(name)s must claim more than %(hand)s (%(name2)s's claim), not %(claim)s."
                ),
                name=name,
                hand=last.hand.label(),
                name2=state.name(last.player),
                claim=claim.label(),
            )
        )
    return replace(
        state,
        claims=(*state.claims, Claimed(player=p, hand=claim)),
        phase=Phase.ANSWER,
        to_act=left_of(p, state.config.players, state.out),
    )


def _answering(state: LiarsState, p: int, what: Msg) -> Claimed:
    if state.phase is not Phase.ANSWER:
        if state.phase is Phase.ACES:
            raise IllegalAction(
                Msg(gettext_noop("%(name)s accepted five aces: roll for them."), name=state.name(p))
            )
        raise IllegalAction(
            Msg(
                gettext_noop("Nothing to %(what)s: %(name)s claims first."),
                what=what,
                name=state.name(p),
            )
        )
    last = state.last_claim
    assert last is not None
    return last


def _accept(state: LiarsState, p: int) -> LiarsState:
    last = _answering(state, p, pgettext_lazy("verb", "accept"))
    phase = Phase.ACES if last.hand == FIVE_ACES else Phase.CLAIM
    return replace(state, phase=phase)


def _call(state: LiarsState, p: int, dice: Dice) -> LiarsState:
    last = _answering(state, p, pgettext_lazy("verb", "call"))
    shown = _read(
        Msg(gettext_noop("The dice under %(name)s's cup"), name=state.name(last.player)), dice
    )
    held = shown >= last.hand
    payer = p if held else last.player
    return _pay(state, Ending.CALLED, by=p, shown=shown, held=held, payer=payer)


def _roll_aces(state: LiarsState, p: int, dice: Dice) -> LiarsState:
    if state.phase is not Phase.ACES:
        raise IllegalAction(
            Msg(
                gettext_noop("%(name)s has not accepted five aces: nothing to roll for."),
                name=state.name(p),
            )
        )
    last = state.last_claim
    assert last is not None
    shown = _read(Msg(gettext_noop("%(name)s's roll"), name=state.name(p)), dice)
    made = shown == FIVE_ACES
    payer = last.player if made else p
    return _pay(state, Ending.ACES, by=p, shown=shown, held=made, payer=payer)


def _pay(
    state: LiarsState, ending: Ending, *, by: int, shown: Hand, held: bool, payer: int
) -> LiarsState:
    """The loser of the round pays the stake, or all they have; without chips they are out.

    The loser starts the next round, or, if they are out, the next player to their left.
    """
    config = state.config
    paid = min(config.stake, state.chips[payer])
    chips = tuple(c - paid if q == payer else c for q, c in enumerate(state.chips))
    went_out = chips[payer] == 0
    out = (*state.out, payer) if went_out else state.out
    result = LiarsResult(
        round=state.round,
        claims=state.claims,
        ending=ending,
        by=by,
        shown=shown,
        held=held,
        payer=payer,
        paid=paid,
        owed=config.stake,
        out=went_out,
    )
    state = replace(state, chips=chips, pot=state.pot + paid, out=out)
    state = replace(state, results=(*state.results, result), claims=())
    left = state.in_game
    if len(left) == 1:
        winner = left[0]
        chips = tuple(c + state.pot if q == winner else c for q, c in enumerate(state.chips))
        return replace(
            state, chips=chips, pot=0, phase=Phase.OVER, to_act=None, winner=winner, won=state.pot
        )
    starter = left_of(payer, config.players, out) if went_out else payer
    return replace(state, phase=Phase.CLAIM, round=state.round + 1, to_act=starter)


def replay(config: LiarsConfig, actions: Iterable[LiarsAction]) -> LiarsState:
    """Rebuild a game's state from its action log."""
    state = start(config)
    for action in actions:
        state = apply(state, action)
    return state
