"""Tournament structures: levels, breaks, colour-ups, the chip race, and tables to balance.

Pure: no Django, no clock, no I/O. A `TournamentStructure` is the chip set at the start and a
sequence of steps, each a `Level` (blinds, ante, how long) or a `Break` (how long, which chips
leave play). Durations are whole seconds so that tests can run levels of a few seconds; people
see minutes. (Not the betting structure of a hand: that is `dealer.engine.rules.Structure`.)

One rule, one place:
- which chips are in play at a step: `TournamentStructure.chips_at`;
- what is wrong or odd about a structure: `validate` (errors) and its warnings;
- a structure from players, stack, chip set and wanted duration: `generate`;
- the chip race when a denomination leaves play: `chip_race` (TDA 25, Robert's Rules);
- who moves when tables are unbalanced and where to: `balance_moves` (TDA 8);
- where the players of a broken table go: `break_table` (TDA 7).
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal

from dealer.engine.cards import Card, card_order_key, parse_cards, standard_deck
from dealer.engine.chips import ChipSetTooAwkward, chip_breakdown
from dealer.engine.text import Msg, gettext_noop


class AnteKind(StrEnum):
    """Who posts the ante."""

    NONE = "none"
    EACH = "each"  # every player dealt in posts `ante`
    BIG_BLIND = "big_blind"  # the big blind posts `ante` for the whole table (TDA RP-11)


@dataclass(frozen=True, slots=True, kw_only=True)
class Level:
    """A blind level. `ante` is per player (EACH) or the whole table's (BIG_BLIND)."""

    small_blind: int
    big_blind: int
    ante: int = 0
    ante_kind: AnteKind = AnteKind.NONE
    seconds: int

    @property
    def minutes(self) -> float:
        return self.seconds / 60

    def label(self) -> str:
        """ "100/200", "100/200 ante 25", "100/200 BB ante 200"."""
        text = f"{self.small_blind}/{self.big_blind}"
        if self.ante and self.ante_kind is AnteKind.EACH:
            text += f" ante {self.ante}"
        elif self.ante and self.ante_kind is AnteKind.BIG_BLIND:
            text += f" BB ante {self.ante}"
        return text


@dataclass(frozen=True, slots=True, kw_only=True)
class Break:
    """A break. `colour_up`: the denominations that leave play during it (smallest first)."""

    seconds: int
    colour_up: tuple[int, ...] = ()

    @property
    def minutes(self) -> float:
        return self.seconds / 60


Step = Level | Break


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentStructure:
    """The chip values in play at the start, the steps, and (optionally) the starting stack."""

    chips: tuple[int, ...]
    steps: tuple[Step, ...]
    starting_stack: int = 0

    def chips_at(self, index: int) -> tuple[int, ...]:
        """The denominations in play during step `index`: a colour-up takes effect at the end
        of its break (the chips are raced off during it)."""
        gone: set[int] = set()
        for step in self.steps[:index]:
            if isinstance(step, Break):
                gone.update(step.colour_up)
        return tuple(sorted(value for value in set(self.chips) if value not in gone))

    def level_number(self, index: int) -> int:
        """1-based count of levels up to and including step `index` (a break: the one before)."""
        return sum(1 for step in self.steps[: index + 1] if isinstance(step, Level))

    def levels(self) -> tuple[Level, ...]:
        return tuple(step for step in self.steps if isinstance(step, Level))

    def level_at(self, number: int) -> Level:
        """The level numbered `number` (from 1)."""
        levels = self.levels()
        if not 1 <= number <= len(levels):
            raise ValueError(
                Msg(
                    gettext_noop("There is no level %(number)s: the structure has %(count)s."),
                    number=number,
                    count=len(levels),
                )
            )
        return levels[number - 1]

    @property
    def total_seconds(self) -> int:
        return sum(step.seconds for step in self.steps)


# --- validation ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Finding:
    """Something wrong (`error`: the structure cannot be used) or odd (`warning`) about a step.
    `step` is the index into `TournamentStructure.steps`, None for the structure as a whole."""

    severity: Literal["error", "warning"]
    message: str
    step: int | None = None


def _name(structure: TournamentStructure, index: int) -> str:
    step = structure.steps[index]
    if isinstance(step, Level):
        return f"Level {structure.level_number(index)}"
    number = sum(1 for s in structure.steps[: index + 1] if isinstance(s, Break))
    return f"Break {number}"


def _values(chips: Sequence[int]) -> str:
    return ", ".join(str(v) for v in chips) or "none"


def _makes(amount: int, chips: Sequence[int]) -> bool | None:
    """Whether the chips can make the amount; None when the values are too awkward to tell."""
    try:
        return chip_breakdown(amount, chips) is not None
    except ChipSetTooAwkward:
        return None


def _awkward(what: str, chips: Sequence[int]) -> str:
    return (
        f"Pott cannot tell whether {what} can be made with the chips ({_values(chips)}): "
        "the values are too awkward (use values where each is a multiple of the one below)."
    )


def validate(structure: TournamentStructure) -> tuple[Finding, ...]:
    """Errors (the structure cannot be played) and warnings (odd, but playable), step by step.

    Errors: no level; amounts that are not positive; a big blind below the small blind; a blind
    or ante that cannot be made with the chips in play at that level; blinds or antes that go
    down; a colour-up of a chip not in play, of a chip larger than one that stays, into a chip
    that is not a whole number of it, or of the last chip; a starting stack that cannot be made;
    a blind, ante or stack that chips too awkward to work with cannot be checked against.
    Warnings: an ante above the small blind (a big-blind ante above the big blind); a small
    blind above half the big blind; a big blind that more than doubles; a level the same as the
    one before; a break first, last or right after another; chips no level needs any more that
    are never coloured up; a starting stack under 20 big blinds.
    """
    found: list[Finding] = []

    def error(message: str, step: int | None = None) -> None:
        found.append(Finding(severity="error", message=message, step=step))

    def warning(message: str, step: int | None = None) -> None:
        found.append(Finding(severity="warning", message=message, step=step))

    chips = sorted(set(structure.chips))
    if not chips or chips[0] <= 0:
        error("The chip set needs at least one chip value above 0.")
        return tuple(found)
    levels = structure.levels()
    if not levels:
        error("A structure needs at least one level.")
    previous: Level | None = None
    previous_break = False
    for index, step in enumerate(structure.steps):
        name = _name(structure, index)
        if step.seconds <= 0:
            error(f"{name} must last longer than 0 minutes.", index)
        in_play = structure.chips_at(index)
        if isinstance(step, Break):
            if index == 0:
                warning(f"{name} comes before the first level.", index)
            elif index == len(structure.steps) - 1:
                warning(f"{name} is the last step: nothing is played after it.", index)
            if previous_break:
                warning(f"{name} follows another break.", index)
            previous_break = True
            _check_colour_up(structure, index, step, in_play, error)
            continue
        previous_break = False
        if step.small_blind <= 0 or step.big_blind <= 0:
            error(f"{name}: the blinds must be more than 0.", index)
            previous = step
            continue
        if step.big_blind < step.small_blind:
            error(
                f"{name}: the big blind ({step.big_blind}) is below the small blind "
                f"({step.small_blind}).",
                index,
            )
        if step.ante < 0:
            error(f"{name}: the ante cannot be negative.", index)
        if step.ante_kind is AnteKind.NONE and step.ante:
            error(
                f"{name}: an ante of {step.ante} needs a kind (every player or big blind).", index
            )
        if step.ante_kind is not AnteKind.NONE and not step.ante:
            error(f"{name}: say how much the ante is, or choose no ante.", index)
        for what, amount in (
            ("small blind", step.small_blind),
            ("big blind", step.big_blind),
            ("ante", step.ante),
        ):
            made = _makes(amount, in_play) if amount > 0 else True
            if made is False:
                error(
                    f"{name}: the {what} {amount} cannot be made with the chips in play "
                    f"({_values(in_play)}).",
                    index,
                )
            elif made is None:
                error(f"{name}: {_awkward(f'the {what} {amount}', in_play)}", index)
        if step.ante_kind is AnteKind.EACH and step.ante > step.small_blind:
            warning(
                f"{name}: the ante ({step.ante}) is above the small blind ({step.small_blind}).",
                index,
            )
        if step.ante_kind is AnteKind.BIG_BLIND and step.ante > step.big_blind:
            warning(
                f"{name}: the big-blind ante ({step.ante}) is above the big blind "
                f"({step.big_blind}).",
                index,
            )
        if 2 * step.small_blind > step.big_blind >= step.small_blind:
            warning(
                f"{name}: the small blind ({step.small_blind}) is more than half the big blind "
                f"({step.big_blind}).",
                index,
            )
        if previous is not None and previous.small_blind > 0:
            _compare(name, index, previous, step, error, warning)
        previous = step
    _check_unneeded_chips(structure, warning)
    stack = structure.starting_stack
    if stack:
        made = _makes(stack, chips)
        if made is None:
            error(_awkward(f"the starting stack {stack}", chips))
        elif not made:
            error(f"The starting stack {stack} cannot be made with the chips ({_values(chips)}).")
        elif levels and levels[0].big_blind > 0 and stack < 20 * levels[0].big_blind:
            warning(
                f"The starting stack ({stack}) is under 20 big blinds at the first level "
                f"({levels[0].big_blind})."
            )
    return tuple(found)


def _compare(name: str, index: int, before: Level, level: Level, error: Any, warning: Any) -> None:
    if level.small_blind < before.small_blind or level.big_blind < before.big_blind:
        error(
            f"{name}: the blinds go down ({before.small_blind}/{before.big_blind} before, "
            f"{level.small_blind}/{level.big_blind} now).",
            index,
        )
    elif level.ante_kind == before.ante_kind and level.ante < before.ante:
        error(f"{name}: the ante goes down ({before.ante} before, {level.ante} now).", index)
    elif before.ante_kind is not AnteKind.NONE and level.ante_kind is AnteKind.NONE:
        error(f"{name}: the ante stops (there was one at the level before).", index)
    elif (level.small_blind, level.big_blind, level.ante, level.ante_kind) == (
        before.small_blind,
        before.big_blind,
        before.ante,
        before.ante_kind,
    ):
        warning(f"{name} is the same as the level before.", index)
    elif level.big_blind > 2 * before.big_blind:
        warning(
            f"{name}: the big blind more than doubles ({before.big_blind} to {level.big_blind}).",
            index,
        )


def _check_colour_up(
    structure: TournamentStructure, index: int, step: Break, in_play: tuple[int, ...], error: Any
) -> None:
    name = _name(structure, index)
    leaving = sorted(set(step.colour_up))
    for value in leaving:
        if value not in in_play:
            error(f"{name}: the {value} chips are not in play, so they cannot be coloured up.")
    staying = [value for value in in_play if value not in leaving]
    if not staying:
        error(f"{name}: the colour-up would leave no chips in play.", index)
        return
    for value in leaving:
        if value in in_play and value > staying[0]:
            error(
                f"{name}: colour up the smallest chips first ({value} leaves, {staying[0]} stays).",
                index,
            )
        elif value in in_play and staying[0] % value:
            error(
                f"{name}: the {value} chips cannot be exchanged for {staying[0]} chips "
                f"({staying[0]} is not a whole number of {value}s).",
                index,
            )


def _check_unneeded_chips(structure: TournamentStructure, warning: Any) -> None:
    # A chip that no later blind or ante needs should leave play at a break (less to count,
    # fewer chips to stack); say so once per chip, at the first level where it is not needed.
    told: set[int] = set()
    for index, step in enumerate(structure.steps):
        if not isinstance(step, Level):
            continue
        in_play = structure.chips_at(index)
        later = [s for s in structure.steps[index:] if isinstance(s, Level)]
        if not any(isinstance(s, Break) for s in structure.steps[index:]):
            break  # no break left to colour up at
        for value in in_play[:-1]:
            if value in told or _ever_coloured_up(structure, value):
                continue
            others = [v for v in in_play if v != value]
            if all(
                _makes(amount, others)
                for s in later
                for amount in (s.small_blind, s.big_blind, s.ante)
                if amount > 0
            ) and all(v % value == 0 for v in others):
                told.add(value)
                warning(
                    f"From {_name(structure, index).lower()} on, no blind or ante needs the "
                    f"{value} chips: colour them up at a break.",
                    index,
                )


def _ever_coloured_up(structure: TournamentStructure, value: int) -> bool:
    return any(isinstance(s, Break) and value in s.colour_up for s in structure.steps)


def errors(structure: TournamentStructure) -> tuple[Finding, ...]:
    return tuple(f for f in validate(structure) if f.severity == "error")


# --- the generator ---------------------------------------------------------------------------

# "Nice" small blinds: these mantissas times a power of ten (1, 1.5, 2, 2.5, 3, 4, 5, 6, 8 → 10,
# 15, 20, 25, 30, 40, 50, 60, 75, 80, 100 …): amounts a dealer recognises and a player can post.
_MANTISSAS = (10, 12, 15, 20, 25, 30, 40, 50, 60, 75, 80)


def _nice_amounts(granularity: int, below: int) -> list[int]:
    """Nice amounts that are multiples of `granularity`, up to `below`."""
    result: set[int] = set()
    scale = 1
    while scale * 10 <= below * 10:
        for mantissa in _MANTISSAS:
            amount = mantissa * scale // 10
            if mantissa * scale % 10 == 0 and amount % granularity == 0 and amount <= below:
                result.add(amount)
        scale *= 10
    return sorted(result)


def _round_nice(target: float, chips: Sequence[int], at_least: int) -> int:
    """The nice amount nearest `target` (in ratio) above `at_least`, made of the largest chip
    that still leaves the amount at least two of it (so that small chips can leave play)."""
    usable = [v for v in sorted(chips) if 2 * v <= target] or [min(chips)]
    granularity = usable[-1]
    candidates = [a for a in _nice_amounts(granularity, int(target * 3) + granularity) if a]
    candidates = [a for a in candidates if a > at_least]
    if not candidates:
        return (at_least // granularity + 1) * granularity
    return min(candidates, key=lambda a: (abs(math.log(a / target)), a))


def generate(
    *,
    players: int,
    starting_stack: int,
    chips: Sequence[int],
    minutes: int,
    level_minutes: int = 0,
    break_every: int = 0,
    break_minutes: int = 10,
    ante: AnteKind = AnteKind.NONE,
    ante_from: int = 4,
    extra_levels: int = 4,
) -> TournamentStructure:
    """A structure for `players` with `starting_stack` each, lasting about `minutes`.

    The big blind starts near 1/75 of the stack (seed 002: 1,500 chips at 10/20) and grows
    geometrically to about a fifteenth of all the chips at the wanted end, when a few short
    stacks are left to be blinded all-in. Each small blind is a "nice" amount (10, 15, 20, 25,
    30, 40, 50, 60, 75, 80 times a power of ten) made of the largest chip that fits it twice,
    the big blind is twice the small blind, and every level is higher than the one before.
    `extra_levels` more follow at the same rate, in case the game runs long. A break of
    `break_minutes` comes every `break_every` levels (0: about every 80 minutes), and at each
    break the chips no later level needs leave play. Antes (`ante`): from level `ante_from`, a
    big-blind ante of one big blind, or a per-player ante of about an eighth of the big blind.
    """
    values = sorted({v for v in chips if v > 0})
    if not values:
        raise ValueError(Msg(gettext_noop("The chip set needs at least one chip value above 0.")))
    if players < 2:
        raise ValueError(Msg(gettext_noop("A tournament needs at least two players.")))
    if starting_stack <= 0 or chip_breakdown(starting_stack, values) is None:
        raise ValueError(
            Msg(
                gettext_noop(
                    "The starting stack %(starting_stack)s cannot be made with the chips "
                    "(%(values)s)."
                ),
                starting_stack=starting_stack,
                values=_values(values),
            )
        )
    if minutes < 10:
        raise ValueError(Msg(gettext_noop("Ask for at least 10 minutes.")))
    level_minutes = level_minutes or min(40, max(10, 5 * round(minutes / 12 / 5)))
    break_every = break_every or max(2, round(80 / level_minutes))
    breaks = max(0, (minutes // level_minutes - 1) // (break_every + 1))
    play = max(2 * level_minutes, minutes - breaks * break_minutes)
    count = max(2, round(play / level_minutes))
    start = max(2 * values[0], starting_stack / 75)
    end = max(start * 2, players * starting_stack / 15)
    ratio = (end / start) ** (1 / (count - 1))
    small_blinds: list[int] = []
    for index in range(count + extra_levels):
        target = start * ratio**index / 2
        previous = small_blinds[-1] if small_blinds else 0
        small_blinds.append(_round_nice(max(target, values[0]), values, previous))
    levels: list[Level] = []
    for number, small in enumerate(small_blinds, start=1):
        big = 2 * small
        kind, amount = AnteKind.NONE, 0
        if ante is not AnteKind.NONE and number >= ante_from:
            kind = ante
            if ante is AnteKind.BIG_BLIND:
                amount = big
            else:
                before = levels[-1].ante if levels else 0
                amount = max(before, _round_nice(big / 8, values, 0))
                amount = (
                    min(amount, small) if chip_breakdown(min(amount, small), values) else amount
                )
        levels.append(
            Level(
                small_blind=small,
                big_blind=big,
                ante=amount,
                ante_kind=kind,
                seconds=level_minutes * 60,
            )
        )
    steps: list[Step] = []
    for number, level in enumerate(levels, start=1):
        steps.append(level)
        if number % break_every == 0 and number < len(levels):
            steps.append(Break(seconds=break_minutes * 60))
    structure = TournamentStructure(
        chips=tuple(values), steps=tuple(steps), starting_stack=starting_stack
    )
    return plan_colour_ups(structure)


def plan_colour_ups(structure: TournamentStructure) -> TournamentStructure:
    """The same structure with each break colouring up the chips no later level needs.

    A chip leaves when every later blind and ante can be made without it and the next chip is a
    whole number of it (so that full sets can be exchanged). The largest chip always stays.
    """
    steps = list(structure.steps)
    in_play = sorted(set(structure.chips))
    for index, step in enumerate(steps):
        if not isinstance(step, Break):
            continue
        later = [s for s in steps[index + 1 :] if isinstance(s, Level)]
        amounts = [a for s in later for a in (s.small_blind, s.big_blind, s.ante) if a > 0]
        leaving: list[int] = []
        while len(in_play) > 1:
            smallest, rest = in_play[0], in_play[1:]
            if rest[0] % smallest or not all(_makes(a, rest) for a in amounts):
                break
            leaving.append(smallest)
            in_play = rest
        steps[index] = Break(seconds=step.seconds, colour_up=tuple(leaving))
    return TournamentStructure(
        chips=structure.chips, steps=tuple(steps), starting_stack=structure.starting_stack
    )


# --- the chip race ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class RaceLine:
    """One player's part in a colour-up.

    `odd_chips`: the leaving chips left over after full sets were exchanged (one card each);
    `exchanged`: new chips for the full sets; `won`: 1 if the player won a chip in the race;
    `rescued`: the player would have been raced out and gets one chip of the new denomination.
    """

    chips: int
    exchanged: int
    odd_chips: int
    cards: tuple[Card, ...]
    won: int = 0
    rescued: bool = False

    @property
    def new_chips(self) -> int:
        """Chips of the new (larger) denomination after the colour-up."""
        return self.exchanged + self.won + (1 if self.rescued else 0)


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipRace:
    """The result of colouring up `leaving` into `into`: per player, and the order of the race."""

    leaving: int
    into: int
    lines: dict[Hashable, RaceLine]
    raced: int  # chips of `into` given in the race (not counting the rescued)
    order: tuple[tuple[Hashable, Card], ...] = field(default=())  # cards, best first

    def value_change(self, player: Hashable) -> int:
        """How many chips (in value) the player's stack gains (+) or loses (-)."""
        line = self.lines[player]
        return line.new_chips * self.into - line.chips * self.leaving


def chip_race(
    leftover: Mapping[Hashable, int],
    *,
    leaving: int,
    into: int,
    other_chips: Mapping[Hashable, int] | None = None,
    rng: random.Random | None = None,
    cards: Sequence[Card] | str | None = None,
) -> ChipRace:
    """Colour up: every `leaving` chip of each player (`leftover`: how many they hold) leaves.

    TDA 25, Robert's Rules: full sets are exchanged for `into` chips; each remaining (odd) chip
    gets one card, dealt one at a time round the players in the order of `leftover`; the highest
    card (rank, then suit: spades, hearts, diamonds, clubs) wins the first `into` chip, the next
    highest the next, and so on, with at most one chip per player. The chips raced are the odd
    chips' total value rounded to the nearest `into` chip (half or more rounds up). A player left
    without chips (`other_chips`: the value of everything else they have, 0 when absent) is not
    raced out: they get one `into` chip anyway.

    The cards come from `cards` (in dealing order; a string like "As Kd 7c") or are shuffled with
    `rng`; one of them is needed when anyone has odd chips. Raises ValueError for more odd chips
    than a deck has cards (race table by table), or for `into` that is not a whole number of
    `leaving`.
    """
    if leaving <= 0 or into <= leaving or into % leaving:
        raise ValueError(
            Msg(
                gettext_noop("%(leaving)s chips cannot be coloured up into %(into)s chips."),
                leaving=leaving,
                into=into,
            )
        )
    per_set = into // leaving
    other_chips = other_chips or {}
    sets: dict[Hashable, int] = {}
    odd: dict[Hashable, int] = {}
    for player, count in leftover.items():
        if count < 0:
            raise ValueError(
                Msg(
                    gettext_noop("%(player)s cannot hold %(count)s chips."),
                    player=player,
                    count=count,
                )
            )
        sets[player], odd[player] = divmod(count, per_set)
    total_odd = sum(odd.values())
    deck: list[Card]
    if isinstance(cards, str):
        deck = list(parse_cards(cards))
    elif cards is not None:
        deck = list(cards)
    else:
        deck = list(standard_deck())
        if total_odd:
            if rng is None:
                raise ValueError(
                    Msg(
                        gettext_noop("The chip race needs cards: pass a shuffled deck or a Random.")
                    )
                )
            rng.shuffle(deck)
    if len(set(deck)) != len(deck):
        raise ValueError(Msg(gettext_noop("The race's cards must all be different.")))
    if total_odd > len(deck):
        raise ValueError(
            Msg(
                gettext_noop(
                    "%(total_odd)s odd chips need more cards than the deck has (%(count)s): "
                    "race table by table, or exchange more chips first."
                ),
                total_odd=total_odd,
                count=len(deck),
            )
        )
    # Deal one card at a time round the players who have odd chips, as a dealer would.
    dealt: dict[Hashable, list[Card]] = {player: [] for player in leftover}
    position = 0
    for round_ in range(max(odd.values(), default=0)):
        for player in leftover:
            if odd[player] > round_:
                dealt[player].append(deck[position])
                position += 1
    # Half or more of an `into` chip rounds up (Robert's: "rounded to the nearest chip").
    to_race = (total_odd * leaving * 2 + into) // (2 * into)
    order = sorted(
        ((player, card) for player, hand in dealt.items() for card in hand),
        key=lambda pc: card_order_key(pc[1]),
        reverse=True,
    )
    winners: list[Hashable] = []
    for player, _card in order:
        if len(winners) == to_race:
            break
        if player not in winners:
            winners.append(player)
    lines: dict[Hashable, RaceLine] = {}
    for player, count in leftover.items():
        won = 1 if player in winners else 0
        left = sets[player] + won + other_chips.get(player, 0)
        lines[player] = RaceLine(
            chips=count,
            exchanged=sets[player],
            odd_chips=odd[player],
            cards=tuple(dealt[player]),
            won=won,
            rescued=left == 0 and count > 0,
        )
    return ChipRace(leaving=leaving, into=into, lines=lines, raced=len(winners), order=tuple(order))


# --- tables: balancing and breaking ----------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class TableSeats:
    """One tournament table: who sits where, and the seat of the last hand's big blind (None
    before the first hand there)."""

    table: Hashable
    max_seats: int
    players: Mapping[int, Hashable]  # seat number → player
    big_blind: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Move:
    """Move `player` from a table and seat to another table and seat."""

    player: Hashable
    from_table: Hashable
    from_seat: int
    to_table: Hashable
    to_seat: int


def _clockwise(seat: int, start: int, max_seats: int) -> int:
    """Steps clockwise from `start` to `seat` (1 … max_seats; the start itself counts last)."""
    return (seat - start - 1) % max_seats + 1


def due_big_blind(table: TableSeats) -> int:
    """The seat of the player due the big blind next: the first occupied seat after the last
    big blind (before any hand, the lowest occupied seat)."""
    if not table.players:
        raise ValueError(
            Msg(gettext_noop("Table %(table)s has nobody to move."), table=table.table)
        )
    start = table.big_blind if table.big_blind is not None else 0
    return min(table.players, key=lambda seat: _clockwise(seat, start, table.max_seats))


def worst_seat(table: TableSeats) -> int:
    """The empty seat that pays the big blind soonest: the first empty seat after the last big
    blind, clockwise (TDA 8: a moved player takes the worst position; it may be the button,
    never the small blind, which lies behind the big blind)."""
    empty = [s for s in range(1, table.max_seats + 1) if s not in table.players]
    if not empty:
        raise ValueError(Msg(gettext_noop("Table %(table)s has no empty seat."), table=table.table))
    start = table.big_blind if table.big_blind is not None else 0
    return min(empty, key=lambda seat: _clockwise(seat, start, table.max_seats))


def _with(table: TableSeats, seat: int, player: Hashable | None) -> TableSeats:
    players = dict(table.players)
    if player is None:
        del players[seat]
    else:
        players[seat] = player
    return TableSeats(
        table=table.table, max_seats=table.max_seats, players=players, big_blind=table.big_blind
    )


def balance_moves(tables: Sequence[TableSeats], *, most_apart: int = 1) -> list[Move]:
    """The moves that balance the tables, one at a time (TDA 8, flop games).

    While the fullest table has more than `most_apart` players more than the shortest, the
    player due the big blind next at the fullest table moves to the worst position (the seat
    that pays the big blind soonest) at the shortest. Ties: the first table listed.
    """
    state = list(tables)
    moves: list[Move] = []
    while len(state) > 1:
        fullest = max(range(len(state)), key=lambda i: (len(state[i].players), -i))
        shortest = min(range(len(state)), key=lambda i: (len(state[i].players), i))
        if len(state[fullest].players) - len(state[shortest].players) <= most_apart:
            break
        source, target = state[fullest], state[shortest]
        from_seat = due_big_blind(source)
        to_seat = worst_seat(target)
        player = source.players[from_seat]
        moves.append(
            Move(
                player=player,
                from_table=source.table,
                from_seat=from_seat,
                to_table=target.table,
                to_seat=to_seat,
            )
        )
        state[fullest] = _with(source, from_seat, None)
        state[shortest] = _with(target, to_seat, player)
    return moves


def table_to_break(tables: Sequence[TableSeats]) -> Hashable | None:
    """The table to break, if the players fit at one table fewer: the one with fewest players
    (ties: the last listed). None when every table is needed."""
    if len(tables) < 2:
        return None
    players = sum(len(t.players) for t in tables)
    smallest = min(reversed(tables), key=lambda t: len(t.players))
    room = sum(t.max_seats for t in tables if t is not smallest)
    return smallest.table if players <= room else None


def break_table(
    tables: Sequence[TableSeats], breaking: Hashable, *, rng: random.Random
) -> list[Move]:
    """Seat the players of the table `breaking` at the other tables (TDA 7: by random draw,
    any seat, the big blind and the button included), always at the table with fewest players
    so that the tables stay balanced. Raises ValueError when they do not fit."""
    others = [t for t in tables if t.table != breaking]
    broken = [t for t in tables if t.table == breaking]
    if not broken:
        raise ValueError(Msg(gettext_noop("There is no table %(breaking)s."), breaking=breaking))
    leaving = list(broken[0].players.items())
    free = sum(t.max_seats - len(t.players) for t in others)
    if len(leaving) > free:
        raise ValueError(
            Msg(
                gettext_noop(
                    "Table %(breaking)s cannot be broken: %(count)s players, %(free)s empty seats."
                ),
                breaking=breaking,
                count=len(leaving),
                free=free,
            )
        )
    rng.shuffle(leaving)
    moves: list[Move] = []
    for from_seat, player in leaving:
        index = min(
            (i for i, t in enumerate(others) if len(t.players) < t.max_seats),
            key=lambda i: (len(others[i].players), i),
        )
        target = others[index]
        empty = [s for s in range(1, target.max_seats + 1) if s not in target.players]
        to_seat = rng.choice(empty)
        moves.append(
            Move(
                player=player,
                from_table=breaking,
                from_seat=from_seat,
                to_table=target.table,
                to_seat=to_seat,
            )
        )
        others[index] = _with(target, to_seat, player)
    return moves


# --- storage ---------------------------------------------------------------------------------


def structure_to_dict(structure: TournamentStructure) -> dict[str, Any]:
    """A JSON-ready dict; `structure_from_dict` reads it back."""
    steps: list[dict[str, Any]] = []
    for step in structure.steps:
        if isinstance(step, Level):
            steps.append(
                {
                    "small_blind": step.small_blind,
                    "big_blind": step.big_blind,
                    "ante": step.ante,
                    "ante_kind": step.ante_kind.value,
                    "seconds": step.seconds,
                }
            )
        else:
            steps.append(
                {"break": True, "seconds": step.seconds, "colour_up": list(step.colour_up)}
            )
    return {
        "chips": list(structure.chips),
        "starting_stack": structure.starting_stack,
        "steps": steps,
    }


def structure_from_dict(data: Mapping[str, Any]) -> TournamentStructure:
    """The inverse of `structure_to_dict`. Raises ValueError for data that is not a structure."""
    try:
        steps: list[Step] = []
        for raw in data.get("steps", ()):
            if raw.get("break"):
                steps.append(
                    Break(
                        seconds=int(raw["seconds"]),
                        colour_up=tuple(int(v) for v in raw.get("colour_up", ())),
                    )
                )
            else:
                steps.append(
                    Level(
                        small_blind=int(raw["small_blind"]),
                        big_blind=int(raw["big_blind"]),
                        ante=int(raw.get("ante", 0)),
                        ante_kind=AnteKind(raw.get("ante_kind", "none")),
                        seconds=int(raw["seconds"]),
                    )
                )
        return TournamentStructure(
            chips=tuple(int(v) for v in data.get("chips", ())),
            steps=tuple(steps),
            starting_stack=int(data.get("starting_stack", 0)),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise ValueError(Msg(gettext_noop("Not a structure: %(error)s"), error=error)) from error
