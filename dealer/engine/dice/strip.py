"""Strip poker (seed 003, "Fatapóker"): no stakes, only who lost each round, and a tally.

Pure Python: no Django, no clock, no I/O. "Fatapóker er leikinn á anna hátt en venjulegur póker
– það eru enginn veðmál. Sá leikmaður sem tapar í umferð afklæðist einni flík." — no bets; the
loser of a round takes off one item of clothing. Pott records names and counts only.

"Leikmaður tapar eða vinnur (eftir smekk) sem stendur eftir NAKINN": the player left with
nothing loses or wins, as the table likes. With `items` set (how many items each player may
lose), the evening ends when a player has lost that many, and `first_out_wins` says whether
that player won or lost. Without it, the tally simply runs until the table stops.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Final

from dealer.engine.actions import IllegalAction
from dealer.engine.dice.table import Standing, check_names, check_player, standings
from dealer.engine.text import Msg, gettext_noop

MAX_ITEMS: Final = 20


@dataclass(frozen=True, slots=True, kw_only=True)
class StripConfig:
    names: tuple[str, ...]
    items: int | None = None  # how many rounds a player may lose; None: no limit
    first_out_wins: bool = False  # "tapar eða vinnur (eftir smekk)"

    @property
    def players(self) -> int:
        return len(self.names)


@dataclass(frozen=True, slots=True)
class Lost:
    """`player` lost this round: one item."""

    player: int


type StripAction = Lost


@dataclass(frozen=True, slots=True)
class StripLegal:
    over: bool
    players: tuple[int, ...] = ()  # who may be recorded as the round's loser


@dataclass(frozen=True, slots=True)
class StripState:
    config: StripConfig
    losers: tuple[int, ...] = ()  # each round's loser, in order

    @property
    def rounds(self) -> int:
        return len(self.losers)

    @property
    def lost(self) -> tuple[int, ...]:
        """The tally: items each player has lost, in seating order."""
        return tuple(self.losers.count(p) for p in range(self.config.players))

    @property
    def left(self) -> tuple[int, ...] | None:
        """Items each player has left, when the table set a number."""
        if self.config.items is None:
            return None
        return tuple(self.config.items - lost for lost in self.lost)

    @property
    def finished(self) -> int | None:
        """The player who has lost every item (the evening is over), or None."""
        items = self.config.items
        if items is None:
            return None
        for p, lost in enumerate(self.lost):
            if lost >= items:
                return p
        return None

    @property
    def is_over(self) -> bool:
        return self.finished is not None

    @property
    def winner(self) -> int | None:
        """Once over with `first_out_wins`: that player. Otherwise whoever lost the fewest
        rounds, if only one did (None before the end or with several)."""
        finished = self.finished
        if finished is None:
            return None
        if self.config.first_out_wins:
            return finished
        tally = self.lost
        fewest = min(tally)
        best = [p for p, lost in enumerate(tally) if lost == fewest]
        return best[0] if len(best) == 1 else None

    def standings(self) -> tuple[Standing, ...]:
        """The tally, fewest lost first (each Standing's `count` is rounds lost)."""
        return standings(self.lost, most_first=False)

    def name(self, player: int) -> str:
        return self.config.names[player]


def start(config: StripConfig) -> StripState:
    check_names(config.names)
    if config.items is not None and (
        type(config.items) is not int or not 1 <= config.items <= MAX_ITEMS
    ):
        raise IllegalAction(
            Msg(
                gettext_noop("Agree on 1 to %(max_items)s items each, or none, not %(items)s."),
                max_items=MAX_ITEMS,
                items=config.items,
            )
        )
    return StripState(config=config)


def legal_actions(state: StripState) -> StripLegal:
    if state.is_over:
        return StripLegal(over=True)
    return StripLegal(over=False, players=tuple(range(state.config.players)))


def apply(state: StripState, action: StripAction) -> StripState:
    """Record the loser of a round, or raise IllegalAction saying why not."""
    if state.is_over:
        raise IllegalAction(Msg(gettext_noop("The game is over.")))
    if not isinstance(action, Lost):
        raise IllegalAction(
            Msg(gettext_noop("%(action)s is not a strip poker action."), action=repr(action))
        )
    p = check_player(state.config.names, action.player)
    return replace(state, losers=(*state.losers, p))


def replay(config: StripConfig, actions: Iterable[StripAction]) -> StripState:
    state = start(config)
    for action in actions:
        state = apply(state, action)
    return state
