"""The chip set: the colours, values and counts of the chips a game is played with, the one
default box, and reading chip values as someone typed them.

A chip set is data (DESIGN.md): stored as [{"colour": "white", "value": 1, "count": 100}, …]
(the count left out where nobody counted the box: a session's colours). The default box has
the usual colours, white, red, green and black, and follows the stakes: at 1/2 it holds 1, 5,
25 and 100 (the ledger's colours when a host gave none), at 5/10 it holds 5, 25, 100 and 500
(a table's, at its default blinds). Pure Python: the ledger's settlement and the engine use it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from config.limits import MAX_CHIP_VALUES, MAX_CHIPS


@dataclass(frozen=True, slots=True)
class Chip:
    """One colour of a chip set: what one chip of it counts for (in chips, the unit) and how
    many of it the box holds (None: not counted; 0: out of play, after a colour-up)."""

    colour: str
    value: int
    count: int | None = None

    def data(self) -> dict[str, Any]:
        stored: dict[str, Any] = {"colour": self.colour, "value": self.value}
        return stored if self.count is None else {**stored, "count": self.count}


@dataclass(frozen=True, slots=True)
class ChipSet:
    """The chips of a game, a table or a night, in the order they were given."""

    chips: tuple[Chip, ...] = ()

    @classmethod
    def from_data(cls, data: Iterable[Mapping[str, Any]] | None) -> ChipSet:
        """A chip set as stored (JSON): [{"colour": "white", "value": 1}, …]."""
        return cls(
            tuple(
                Chip(
                    str(chip["colour"]),
                    int(chip["value"]),
                    None if chip.get("count") is None else int(chip["count"]),
                )
                for chip in data or ()
            )
        )

    def data(self) -> list[dict[str, Any]]:
        """The chip set to store (JSON)."""
        return [chip.data() for chip in self.chips]

    @property
    def values(self) -> tuple[int, ...]:
        """The values in play, smallest first, each once (a colour whose count is 0 is out)."""
        in_play = (chip for chip in self.chips if chip.count is None or chip.count > 0)
        return tuple(sorted({chip.value for chip in in_play}))

    def __iter__(self) -> Iterator[Chip]:
        return iter(self.chips)

    def __len__(self) -> int:
        return len(self.chips)


# The denominations of the usual chip boxes, smallest first: a box holds four neighbours from
# this row.
STANDARD_VALUES = (1, 5, 25, 100, 500, 1_000, 5_000, 25_000, 100_000, 500_000, 1_000_000)
# The box's colours and counts, smallest value first; a fifth value and more get the next colour.
BOX_COLOURS = ("white", "red", "green", "black", "purple", "yellow", "orange", "blue")
BOX_COUNTS = (100, 100, 50, 25)


def box(values: Sequence[int]) -> ChipSet:
    """The default box with these values (smallest first): its colours, and its counts."""
    return ChipSet(
        tuple(
            Chip(
                BOX_COLOURS[i % len(BOX_COLOURS)],
                value,
                BOX_COUNTS[i] if i < len(BOX_COUNTS) else BOX_COUNTS[-1],
            )
            for i, value in enumerate(values)
        )
    )


def values_for_stakes(*amounts: int) -> tuple[int, ...]:
    """Four values from STANDARD_VALUES that make every forced amount of a table (blinds,
    ante, bring-in): the smallest is the largest usual value that divides all of them (1/2 →
    1, 5, 25, 100; 5/10 → 5, 25, 100, 500; 25/50 → 25, 100, 500, 1000). `static/js/
    table_form.js` does the same in the New table form as the host types the blinds."""
    unit = 0
    for amount in amounts:
        if amount > 0:
            unit = math.gcd(unit, amount)
    if not unit:
        return STANDARD_VALUES[:4]
    start = max(i for i, value in enumerate(STANDARD_VALUES) if unit % value == 0)
    start = min(start, len(STANDARD_VALUES) - 4)
    return STANDARD_VALUES[start : start + 4]


# The one default box: white 1, red 5, green 25, black 100.
DEFAULT = box(STANDARD_VALUES[:4])


class ChipValuesError(ValueError):
    """Chip values that cannot be read; `code` says why (a form's message for it):
    "invalid" (not whole numbers), "min_value" (none above 0), "max_value" (one above
    MAX_CHIPS), "too_many" (more than MAX_CHIP_VALUES)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def parse_values(text: str) -> tuple[int, ...]:
    """Chip values as typed ("5, 25, 100", "5 25 100", "5; 25"), smallest first, each once.
    ASCII digits only; a value longer than MAX_CHIPS's digits is too large, never converted.
    Empty text is no values (); a form that needs one says so."""
    parts = [part for part in re.split(r"[\s,;]+", text.strip()) if part]
    if any(part.startswith("-") and _digits(part[1:]) for part in parts):
        raise ChipValuesError("min_value")
    if not all(_digits(part) for part in parts):
        raise ChipValuesError("invalid")
    if any(len(part.lstrip("0")) > len(str(MAX_CHIPS)) for part in parts):
        raise ChipValuesError("max_value")
    values = sorted({int(part) for part in parts})
    if values and values[0] <= 0:
        raise ChipValuesError("min_value")
    if values and values[-1] > MAX_CHIPS:
        raise ChipValuesError("max_value")
    if len(values) > MAX_CHIP_VALUES:
        raise ChipValuesError("too_many")
    return tuple(values)


def _digits(text: str) -> bool:
    return text.isascii() and text.isdigit()
