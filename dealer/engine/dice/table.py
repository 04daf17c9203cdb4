"""What the three games share: the players around the table, the left of a player, standings."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Final

from dealer.engine.actions import IllegalAction
from dealer.engine.text import Msg, gettext_noop

MIN_PLAYERS: Final = 2
# "Það eru engin takmörk fyrir fjölda leikmanna" (no limit to the players): this is a screen's
# limit, not the seed's.
MAX_PLAYERS: Final = 20
MAX_CHIPS: Final = 1_000_000


def check_names(names: tuple[str, ...]) -> None:
    if not isinstance(names, tuple) or not all(isinstance(name, str) for name in names):
        raise IllegalAction(Msg(gettext_noop("List the players' names in seating order.")))
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise IllegalAction(
            Msg(
                gettext_noop("Seat %(min_players)s to %(max_players)s players, not %(count)s."),
                min_players=MIN_PLAYERS,
                max_players=MAX_PLAYERS,
                count=len(names),
            )
        )
    stripped = [name.strip() for name in names]
    if not all(stripped):
        raise IllegalAction(Msg(gettext_noop("Every player needs a name.")))
    if len(set(stripped)) != len(names):
        raise IllegalAction(Msg(gettext_noop("Two players have the same name: tell them apart.")))


def check_amount(what: Msg, amount: int, *, low: int = 1) -> None:
    if type(amount) is not int or not low <= amount <= MAX_CHIPS:
        raise IllegalAction(
            Msg(
                gettext_noop(
                    "The %(what)s must be %(low)s to %(max_chips)s chips, not %(amount)s."
                ),
                what=what,
                low=low,
                max_chips=MAX_CHIPS,
                amount=repr(amount),
            )
        )


def check_player(names: tuple[str, ...], player: object) -> int:
    if type(player) is not int or not 0 <= player < len(names):
        raise IllegalAction(
            Msg(gettext_noop("There is no player %(player)s at this table."), player=repr(player))
        )
    return player


def left_of(player: int, players: int, out: Collection[int] = ()) -> int:
    """The next player to the left (the next seat, round to the first) who is not out."""
    for step in range(1, players + 1):
        seat = (player + step) % players
        if seat not in out:
            return seat
    raise ValueError(Msg(gettext_noop("Everyone is out.")))


def from_seat(first: int, players: int, out: Collection[int] = ()) -> tuple[int, ...]:
    """Everyone not out, from `first` round to the left (`first` first unless out)."""
    order = ((first + step) % players for step in range(players))
    return tuple(seat for seat in order if seat not in out)


@dataclass(frozen=True, slots=True)
class Standing:
    place: int  # 1 is first; equal counts share a place
    player: int
    count: int  # chips, or at strip poker the rounds lost


def standings(counts: tuple[int, ...], *, most_first: bool = True) -> tuple[Standing, ...]:
    """The players by their count (most first, or fewest first); equal counts share a place."""
    sign = -1 if most_first else 1
    order = sorted(range(len(counts)), key=lambda p: (sign * counts[p], p))
    result: list[Standing] = []
    for i, p in enumerate(order):
        tied = result and result[-1].count == counts[p]
        place = result[-1].place if tied else i + 1
        result.append(Standing(place=place, player=p, count=counts[p]))
    return tuple(result)
