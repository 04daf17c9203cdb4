"""The optional "roll for me": fair dice for a table without any. Pott keeps score, not dice.

Pass a `random.Random`-like source: tests seed `random.Random(7)`; the table passes
`random.SystemRandom()`, which nobody at the table can predict or replay.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from dealer.engine.dice.hands import DICE, FACES, Face, parse_dice
from dealer.engine.text import Msg, gettext_noop


class RandomSource(Protocol):
    def randrange(self, stop: int, /) -> int: ...


def roll_die(rng: RandomSource) -> Face:
    """One die: each of the six faces with the same chance (`randrange` is unbiased)."""
    return FACES[rng.randrange(len(FACES))]


def roll(rng: RandomSource, count: int = DICE) -> tuple[Face, ...]:
    """`count` dice (five by default, fewer to roll some again)."""
    if type(count) is not int or not 0 <= count <= DICE:
        raise ValueError(
            Msg(
                gettext_noop("Roll 0 to %(dice)s dice, not %(count)s."),
                dice=DICE,
                count=repr(count),
            )
        )
    return tuple(roll_die(rng) for _ in range(count))


def reroll(
    rng: RandomSource, dice: Iterable[Face | str | int], again: Iterable[int]
) -> tuple[Face, ...]:
    """Roll again the dice at positions `again` (0 to 4) and keep the others where they are."""
    faces = list(parse_dice(dice))
    positions = set()
    for position in again:
        if type(position) is not int or not 0 <= position < DICE:
            raise ValueError(
                Msg(
                    gettext_noop("There is no die %(position)s: the dice are 0 to %(number)s."),
                    position=repr(position),
                    number=DICE - 1,
                )
            )
        positions.add(position)
    for position in sorted(positions):
        faces[position] = roll_die(rng)
    return tuple(faces)
