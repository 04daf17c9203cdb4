"""Poker dice for a pot (seed 003, "Póker með 5 póker teningum"), rebuilt from its action log.

Pure Python: no Django, no clock, no I/O. The dice are real and on the table; Pott keeps the
chips, the pot, whose turn it is and how many rolls everyone gets.

A round: every player puts the stake into the pot, then each in turn, from the starter round to
the left, rolls up to three times ("Hver leikmaður má kasta þrisvar í hverri umferð") and the
dealer enters the final dice or their combination (`Show`). The first player of the round says
how many rolls they used, and everyone else gets as many ("Þannig að fyrsti leikmaðurinn stýrir
þeim fjölda kasta sem gera má í hverri umferð"). The highest hand takes the pot ("Leikmaður með
hæsta skorið vinnur"); players tied for the highest play again, they alone, for the same pot
("Þegar tveir eða fleiri eru jafnir verður að spila umferðina aftur"); the lowest score starts
the next round ("Sá leikmaður sem er með lægsta skorið eftir umferðina byrjar næstu umferð").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Final

from dealer.engine.actions import IllegalAction
from dealer.engine.dice.hands import Face, Hand, all_hands, read_hand
from dealer.engine.dice.table import (
    Standing,
    check_amount,
    check_names,
    check_player,
    from_seat,
    standings,
)
from dealer.engine.text import Msg, gettext_noop

MAX_ROLLS: Final = 3  # "Hver leikmaður má kasta þrisvar í hverri umferð"
MAX_ROUNDS: Final = 1_000


@dataclass(frozen=True, slots=True, kw_only=True)
class PokerDiceConfig:
    """The game as agreed: `names` in seating order (the left of `names[i]` is `names[i + 1]`),
    each player's starting `chips`, the `stake` each puts in the pot every round, who starts
    the first round, and optionally how many rounds at most (None: until one player is left)."""

    names: tuple[str, ...]
    chips: int
    stake: int
    first: int = 0
    rounds: int | None = None

    @property
    def players(self) -> int:
        return len(self.names)


@dataclass(frozen=True, slots=True)
class Show:
    """`player`'s final dice (five faces, "K K 9 9 A") or their combination (a Hand).

    `rolls` is how many times they rolled. The first player of a round (or of a replay) must
    say it, 1 to 3: it is everyone's limit. For the others it is optional, and at most that.
    """

    player: int
    hand: Hand | str | tuple[Face | str | int, ...]
    rolls: int | None = None


type PokerDiceAction = Show


class Phase(StrEnum):
    SHOWING = "showing"  # `to_show` rolls next
    OVER = "over"  # fewer than two players can pay the stake, or the agreed rounds are played


@dataclass(frozen=True, slots=True)
class Shown:
    player: int
    hand: Hand
    rolls: int | None


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A settled round: its players in playing order (each paid the stake), the first pass and
    every replay between the tied (`passes`), the pot, who took it and who starts the next."""

    round: int  # 1 is the first
    players: tuple[int, ...]
    passes: tuple[tuple[Shown, ...], ...]
    pot: int
    winner: int
    loser: int

    @property
    def replays(self) -> int:
        return len(self.passes) - 1


@dataclass(frozen=True, slots=True)
class PokerDiceLegal:
    """What may happen now: who shows, whether they set the rolls, and their most rolls."""

    phase: Phase
    player: int | None = None
    sets_rolls: bool = False  # the first of the pass: must say how many rolls they used
    max_rolls: int = MAX_ROLLS
    replay: bool = False  # the tied players play again
    hands: tuple[Hand, ...] = ()  # every combination, lowest first, to tap on


@dataclass(frozen=True, slots=True)
class PokerDiceState:
    """Where the game stands. Per-player tuples are in seating order (`config.names`)."""

    config: PokerDiceConfig
    chips: tuple[int, ...]
    pot: int
    phase: Phase
    round: int  # the round being played, from 1 (once over: the rounds played)
    players: tuple[int, ...]  # this round's players, in playing order
    playing: tuple[int, ...]  # this pass: the round's players, or the tied in a replay
    passes: tuple[tuple[Shown, ...], ...]  # this round's finished passes
    shown: tuple[Shown, ...]  # this pass so far, in playing order
    rolls: int | None  # this pass's limit, once its first player has shown
    out: tuple[int, ...]  # players whose chips no longer cover the stake, in seat order
    results: tuple[RoundResult, ...] = ()

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def to_show(self) -> int | None:
        if self.is_over:
            return None
        return self.playing[len(self.shown)]

    @property
    def winner(self) -> int | None:
        """Once over, the player with the most chips (None before, or if several share it)."""
        if not self.is_over:
            return None
        most = max(self.chips)
        best = [p for p, chips in enumerate(self.chips) if chips == most]
        return best[0] if len(best) == 1 else None

    def standings(self) -> tuple[Standing, ...]:
        return standings(self.chips)

    def name(self, player: int) -> str:
        return self.config.names[player]


def _check_config(config: PokerDiceConfig) -> None:
    check_names(config.names)
    check_amount(Msg(gettext_noop("starting chips")), config.chips)
    check_amount(Msg(gettext_noop("stake")), config.stake)
    if config.stake > config.chips:
        raise IllegalAction(
            Msg(
                gettext_noop("A stake of %(stake)s is more than a player's %(chips)s chips."),
                stake=config.stake,
                chips=config.chips,
            )
        )
    check_player(config.names, config.first)
    if config.rounds is not None and (
        type(config.rounds) is not int or not 1 <= config.rounds <= MAX_ROUNDS
    ):
        raise IllegalAction(
            Msg(
                gettext_noop("Agree on 1 to %(max_rounds)s rounds, or none, not %(rounds)s."),
                max_rounds=MAX_ROUNDS,
                rounds=config.rounds,
            )
        )


def start(config: PokerDiceConfig) -> PokerDiceState:
    """Seat the players with their chips; `config.first` starts the first round."""
    _check_config(config)
    n = config.players
    state = PokerDiceState(
        config=config,
        chips=(config.chips,) * n,
        pot=0,
        phase=Phase.SHOWING,
        round=0,
        players=(),
        playing=(),
        passes=(),
        shown=(),
        rolls=None,
        out=(),
    )
    return _new_round(state, starter=config.first)


def _new_round(state: PokerDiceState, *, starter: int) -> PokerDiceState:
    """Everyone whose chips cover it puts the stake in the pot; the others are out for good.

    The seed has no stake: it is the table's, so is this rule. A short player cannot win a pot
    they did not pay into, and with only one player left there is nobody to play.
    """
    config = state.config
    n = config.players
    out = tuple(p for p in range(n) if p in state.out or state.chips[p] < config.stake)
    players = from_seat(starter, n, out)
    if len(players) < 2 or (config.rounds is not None and state.round >= config.rounds):
        return replace(state, phase=Phase.OVER, out=out, players=(), playing=(), shown=())
    chips = tuple(c - config.stake if p in players else c for p, c in enumerate(state.chips))
    return replace(
        state,
        chips=chips,
        pot=state.pot + config.stake * len(players),
        phase=Phase.SHOWING,
        round=state.round + 1,
        players=players,
        playing=players,
        passes=(),
        shown=(),
        rolls=None,
        out=out,
    )


def legal_actions(state: PokerDiceState) -> PokerDiceLegal:
    """Whose turn it is and what the screen offers them."""
    if state.is_over:
        return PokerDiceLegal(phase=state.phase)
    first = not state.shown
    return PokerDiceLegal(
        phase=state.phase,
        player=state.to_show,
        sets_rolls=first,
        max_rolls=MAX_ROLLS if first or state.rolls is None else state.rolls,
        replay=bool(state.passes),
        hands=all_hands(),
    )


def apply(state: PokerDiceState, action: PokerDiceAction) -> PokerDiceState:
    """Apply one action and return the new state, or raise IllegalAction saying why not."""
    if state.is_over:
        raise IllegalAction(Msg(gettext_noop("The game is over.")))
    if not isinstance(action, Show):
        raise IllegalAction(
            Msg(gettext_noop("%(action)s is not a poker dice action."), action=repr(action))
        )
    p = check_player(state.config.names, action.player)
    name = state.name(p)
    if p in state.out:
        raise IllegalAction(
            Msg(
                gettext_noop(
                    "%(name)s is out: their %(chips)s chips do not cover the stake of %(stake)s."
                ),
                name=name,
                chips=state.chips[p],
                stake=state.config.stake,
            )
        )
    if p not in state.playing:
        tied = ", ".join(state.name(q) for q in state.playing)
        raise IllegalAction(
            Msg(
                gettext_noop("%(name)s is not in the replay: only %(tied)s play again."),
                name=name,
                tied=tied,
            )
        )
    to_show = state.to_show
    assert to_show is not None
    if p != to_show:
        if any(s.player == p for s in state.shown):
            raise IllegalAction(
                Msg(gettext_noop("%(name)s has already shown: undo that to change it."), name=name)
            )
        raise IllegalAction(
            Msg(
                gettext_noop("It is %(name)s's turn, not %(name2)s's."),
                name=state.name(to_show),
                name2=name,
            )
        )
    try:
        hand = read_hand(action.hand)
    except ValueError as error:
        raise IllegalAction(
            Msg(gettext_noop("%(name)s's dice: %(error)s"), name=name, error=error)
        ) from None
    rolls = _check_rolls(state, name, action.rolls)
    state = replace(
        state,
        shown=(*state.shown, Shown(player=p, hand=hand, rolls=rolls)),
        rolls=rolls if not state.shown else state.rolls,
    )
    if len(state.shown) < len(state.playing):
        return state
    return _end_pass(state)


def _check_rolls(state: PokerDiceState, name: str, rolls: int | None) -> int | None:
    """One rule: the first player of a pass sets the rolls for everyone in it."""
    if not state.shown:
        if rolls is None:
            raise IllegalAction(
                Msg(
                    gettext_noop(
                        "%(name)s rolls first: say how many times (1 to %(max_rolls)s); "
                        "everyone after gets as many."
                    ),
                    name=name,
                    max_rolls=MAX_ROLLS,
                )
            )
        if type(rolls) is not int or not 1 <= rolls <= MAX_ROLLS:
            raise IllegalAction(
                Msg(
                    gettext_noop("%(name)s may roll 1 to %(max_rolls)s times, not %(rolls)s."),
                    name=name,
                    max_rolls=MAX_ROLLS,
                    rolls=repr(rolls),
                )
            )
        return rolls
    if rolls is None:
        return None
    limit = state.rolls
    assert limit is not None
    first = state.name(state.shown[0].player)
    if type(rolls) is not int or not 1 <= rolls <= limit:
        raise IllegalAction(
            Msg(
                gettext_noop(
                    "%(name)s may roll 1 to %(limit)s times: %(first)s, who rolled first, "
                    "stopped at %(limit)s."
                ),
                name=name,
                limit=limit,
                first=first,
            )
        )
    return rolls


def _end_pass(state: PokerDiceState) -> PokerDiceState:
    """Everyone in the pass has shown: a replay between the tied, or the pot to the winner."""
    passes = (*state.passes, state.shown)
    best = max(s.hand for s in state.shown)
    tied = tuple(s.player for s in state.shown if s.hand == best)
    if len(tied) > 1:
        # No second stake: "spila umferðina aftur" is the same round, for the same pot.
        return replace(state, passes=passes, playing=tied, shown=(), rolls=None)
    winner = tied[0]
    loser = round_loser(state.players, passes)
    result = RoundResult(
        round=state.round,
        players=state.players,
        passes=passes,
        pot=state.pot,
        winner=winner,
        loser=loser,
    )
    chips = tuple(c + state.pot if p == winner else c for p, c in enumerate(state.chips))
    settled = replace(state, chips=chips, pot=0, results=(*state.results, result))
    return _new_round(settled, starter=loser)


def round_loser(players: tuple[int, ...], passes: tuple[tuple[Shown, ...], ...]) -> int:
    """Who had the lowest score: they start the next round.

    Each player's score is their hand in every pass they played, in turn: a player who went to
    a replay beat everyone who did not, so the lowest is found in the first pass unless everyone
    tied there. Equal lowest scores: the first of them in the round's playing order (the seed
    does not say; this keeps the start near the round's starter).
    """
    scores: dict[int, list[Hand]] = {p: [] for p in players}
    for shown in passes:
        for s in shown:
            scores[s.player].append(s.hand)
    return min(players, key=lambda p: scores[p])


def replay(config: PokerDiceConfig, actions: Iterable[PokerDiceAction]) -> PokerDiceState:
    """Rebuild a game's state from its action log."""
    state = start(config)
    for action in actions:
        state = apply(state, action)
    return state
