"""The side-pot calculator's arithmetic: pots and payouts from what each player put in.

Pure: no Django, no clock, no I/O. The page (`dealer.poker.calculator`) reads the sheet with its
forms, calls these functions and words what they find: `winners` and `doubts` say what is wrong or
doubtful as data (a pot, a kind of problem, a player), never as a sentence.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from dealer.engine.chips import ChipSetTooAwkward, chip_breakdown
from dealer.engine.pots import Pot, build_pots, split_pot

# The hand as entered --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Player:
    """A row that was filled in. `row` (0-based) is the seat order from the button."""

    row: int
    label: str
    chips: int
    folded: bool


@dataclass(frozen=True, slots=True)
class Sheet:
    """The validated input: the players in seat order from the button, and the options."""

    players: tuple[Player, ...]
    unit: int
    chip_values: tuple[int, ...]


def return_uncalled(chips: Sequence[int], folded: Sequence[bool]) -> tuple[int | None, int]:
    """Who gets chips back that nobody called, and how many: (position, amount) or (None, 0).

    As the engine does at the end of a betting round: the part of the largest amount above the
    second largest was never called. Only a player still in gets it back; chips a folded player
    put in stay in the pot.
    """
    if len(chips) < 2:
        return None, 0
    top = max(range(len(chips)), key=chips.__getitem__)
    second = max(c for p, c in enumerate(chips) if p != top)
    if folded[top] or chips[top] == second:
        return None, 0
    return top, chips[top] - second


# Pots and payouts -----------------------------------------------------------------------------


def pots(sheet: Sheet) -> tuple[tuple[Player, int] | None, tuple[Pot, ...]]:
    """The uncalled chips given back (to whom, how many) or None, and the pots, main pot first."""
    chips = [p.chips for p in sheet.players]
    folded = [p.folded for p in sheet.players]
    top, back = return_uncalled(chips, folded)
    if top is not None:
        chips[top] -= back
    returned = (sheet.players[top], back) if top is not None else None
    return returned, build_pots(chips, folded)


class WinnerProblem(StrEnum):
    """Why the winners tapped for a pot cannot be paid."""

    NOT_ELIGIBLE = "not_eligible"  # a player tapped who did not reach the pot
    NONE_TAPPED = "none_tapped"


def winners(
    tapped: Mapping[int, Collection[str]], pots: Sequence[Pot], players: Sequence[Player]
) -> tuple[dict[int, tuple[int, ...]], list[tuple[int, WinnerProblem]]]:
    """The winners tapped for each pot (positions, in seat order), or why they cannot be paid.

    `tapped` holds, for a pot's index, the rows tapped as the page posts them (text). A pot only
    one player reached goes to that player, whatever was tapped. The problems are (pot index,
    problem), in the order of the pots.
    """
    chosen_by_pot: dict[int, tuple[int, ...]] = {}
    problems: list[tuple[int, WinnerProblem]] = []
    for index, pot in enumerate(pots):
        if len(pot.eligible) == 1:
            chosen_by_pot[index] = pot.eligible
            continue
        rows = set(tapped.get(index, ()))
        chosen = tuple(p for p in pot.eligible if str(players[p].row) in rows)
        eligible_rows = {str(players[p].row) for p in pot.eligible}
        if rows - eligible_rows:
            problems.append((index, WinnerProblem.NOT_ELIGIBLE))
        elif not chosen:
            problems.append((index, WinnerProblem.NONE_TAPPED))
        chosen_by_pot[index] = chosen
    return chosen_by_pot, problems


@dataclass(frozen=True, slots=True)
class Doubt:
    """`player` (a position) won pot `pot` and reached the smaller side pot `later` too, which
    someone else was said to win."""

    player: int
    pot: int
    later: int


def doubts(winners: Mapping[int, tuple[int, ...]], pots: Sequence[Pot]) -> list[Doubt]:
    """A player who wins a pot beats everyone in the smaller side pots they reached too."""
    found = []
    for index, pot_winners in winners.items():
        for later in range(index + 1, len(pots)):
            for p in pot_winners:
                if p in pots[later].eligible and p not in winners.get(later, ()):
                    found.append(Doubt(player=p, pot=index, later=later))
    return found


@dataclass(frozen=True, slots=True)
class Share:
    """A winner's share of one pot; `odd` when it holds an odd chip."""

    player: Player
    amount: int
    odd: bool


@dataclass(frozen=True, slots=True)
class Total:
    """What a player put in and takes: the uncalled chips back and what they won."""

    player: Player
    put_in: int
    back: int
    won: int
    takes: int

    @property
    def net(self) -> int:
        return self.takes - self.put_in


def payouts(
    sheet: Sheet,
    returned: tuple[Player, int] | None,
    pots: Sequence[Pot],
    winners: Mapping[int, tuple[int, ...]],
) -> tuple[dict[int, list[Share]], list[Total]]:
    """Each pot's shares (odd chips one unit per winner in seat order), and each player's total."""
    players = sheet.players
    won = [0] * len(players)
    shares: dict[int, list[Share]] = {}
    for index, pot in enumerate(pots):
        split = split_pot(pot.amount, winners[index], unit=sheet.unit)
        least = min(split.values())
        shares[index] = [
            Share(player=players[p], amount=split[p], odd=split[p] > least) for p in winners[index]
        ]
        for p, amount in split.items():
            won[p] += amount
    totals = []
    for p, player in enumerate(players):
        back = returned[1] if returned and returned[0] == player else 0
        totals.append(
            Total(player=player, put_in=player.chips, back=back, won=won[p], takes=back + won[p])
        )
    return shares, totals


# Chip breakdowns ------------------------------------------------------------------------------

# `breakdown`'s answer when the chip values are too awkward to work out (ChipSetTooAwkward).
AWKWARD: list[tuple[int, int]] = [(0, 0)]


@lru_cache(maxsize=256)
def breakdown(amount: int, chip_values: tuple[int, ...]) -> list[tuple[int, int]] | None:
    """chip_breakdown, remembered (AWKWARD too: working that out costs the most): a split pot
    pays most winners the same amount, and step 2 repeats step 1's pots."""
    try:
        return chip_breakdown(amount, chip_values)
    except ChipSetTooAwkward:
        return AWKWARD
