"""Pots: main and side pots from what each player put in, and splitting a pot between winners."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: its chips and the players (positions) who may win it. Run it twice: each pot
    is two, one per board (`board` 0 or 1), see `halves`."""

    amount: int
    eligible: tuple[int, ...]
    board: int = 0


def halves(pots: Sequence[Pot], *, unit: int) -> tuple[Pot, ...]:
    """Run it twice: each pot split into a half per board, in units of the smallest chip; the
    odd unit (and any remainder below a unit) goes to the first board's half. Listed second
    board first, so that awarding from the last pot gives each pot's first board first."""
    split: list[Pot] = []
    for pot in pots:
        second = pot.amount // unit // 2 * unit
        for board, amount in ((1, second), (0, pot.amount - second)):
            if amount:
                split.append(Pot(amount, pot.eligible, board))
    return tuple(split)


def build_pots(
    contributions: Sequence[int],
    folded: Sequence[bool],
    dead: Sequence[int] | None = None,
    carried: int = 0,
) -> tuple[Pot, ...]:
    """Main pot first, then the side pots, from each player's total contribution.

    A level is formed at every amount a player still in the hand put in live; each pot holds what
    every player (folded ones too) put in between the previous level and its own, and may be won
    by the players still in who reached it. Chips a folded player put in above the top level stay
    in the last pot. Dead money (`dead`: a dead small blind, a big-blind or button ante) is no
    one's bet: it goes to the main pot, like `carried` (a jackpot carried in from earlier deals).
    Call this after uncalled bets have been returned.
    """
    dead = dead or (0,) * len(contributions)
    live = [c - d for c, d in zip(contributions, dead, strict=True)]
    levels = sorted({c for c, f in zip(live, folded, strict=True) if not f and c > 0})
    pots: list[Pot] = []
    floor = 0
    for index, level in enumerate(levels):
        top = index == len(levels) - 1
        amount = sum((c if top else min(c, level)) - floor for c in live if c > floor)
        eligible = tuple(p for p, c in enumerate(live) if not folded[p] and c >= level)
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        else:
            pots.append(Pot(amount, eligible))
        floor = level
    # Dead money, and live chips nobody still in reached (their bets came back uncalled), can be
    # won by everyone still in: the main pot, merged with the first live pot when it is the same.
    spare = sum(dead) + carried + (0 if pots else sum(live))
    if spare:
        everyone = tuple(p for p, f in enumerate(folded) if not f)
        if pots and pots[0].eligible == everyone:
            pots[0] = Pot(pots[0].amount + spare, everyone)
        else:
            pots.insert(0, Pot(spare, everyone))
    return tuple(pots)


def split_pot(amount: int, winners: Sequence[int], *, unit: int) -> dict[int, int]:
    """Split `amount` between `winners`, given in odd-chip order (who gets an odd chip first).

    Shares are in units of the smallest chip in play; the units that do not divide evenly go one
    per winner in the order given, so no winner gets more than one odd chip. A remainder smaller
    than the unit (only possible when odd amounts were posted) goes to the first winner.
    """
    if not winners:
        raise ValueError("A pot needs at least one winner.")
    units, below_unit = divmod(amount, unit)
    share, odd = divmod(units, len(winners))
    payout = {w: share * unit for w in winners}
    for w in winners[:odd]:
        payout[w] += unit
    payout[winners[0]] += below_unit
    return payout
