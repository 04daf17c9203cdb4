"""Pots: main and side pots from what each player put in, and splitting a pot between winners."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: its chips and the players (positions) who may win it."""

    amount: int
    eligible: tuple[int, ...]


def build_pots(contributions: Sequence[int], folded: Sequence[bool]) -> tuple[Pot, ...]:
    """Main pot first, then the side pots, from each player's total contribution.

    A level is formed at every amount a player still in the hand put in; each pot holds what every
    player (folded ones too) put in between the previous level and its own, and may be won by the
    players still in who reached it. Chips a folded player put in above the top level (dead money)
    stay in the last pot. Call this after uncalled bets have been returned.
    """
    live = sorted({c for c, f in zip(contributions, folded, strict=True) if not f and c > 0})
    pots: list[Pot] = []
    floor = 0
    for index, level in enumerate(live):
        top = index == len(live) - 1
        amount = sum((c if top else min(c, level)) - floor for c in contributions if c > floor)
        eligible = tuple(p for p, c in enumerate(contributions) if not folded[p] and c >= level)
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        else:
            pots.append(Pot(amount, eligible))
        floor = level
    if not live and any(contributions):
        # Everybody folded (only possible in a voided hand): keep the chips visible.
        pots.append(Pot(sum(contributions), ()))
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
