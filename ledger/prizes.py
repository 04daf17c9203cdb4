"""Tournament prizes: pure Python, no Django, no clock, no I/O.

- Payout tables: percentages of the prize pool by place, chosen by the number of entries.
- The prize pool (entries' money less the host's fee) and payouts that sum to exactly the pool,
  rounded down to a unit (10 kr) with everything left over to first place.
- Finishing places for players out on the same hand, and ties that share their places' prizes.
- Deals at the final table: ICM (Malmuth–Harville) and chip chop, summing exactly to the prize
  money left.
- A random, balanced seat draw.

Money is `int` in minor units; exact intermediate values are `fractions.Fraction`. Every rounding
goes through `round_to_unit`: `settlement.apportion`'s largest-remainder rule in units of
`unit`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from random import Random
from typing import Any

from config import limits

# ---------------------------------------------------------------------------------------------
# Payout tables


@dataclass(frozen=True, slots=True)
class Bracket:
    """Payout percentages (first place first) for `low`..`high` entries (`high` None: and up)."""

    low: int
    high: int | None
    percents: tuple[Fraction, ...]

    def covers(self, entries: int) -> bool:
        return self.low <= entries and (self.high is None or entries <= self.high)


def _bracket(low: int, high: int | None, *percents: int) -> Bracket:
    return Bracket(low, high, tuple(Fraction(p) for p in percents))


# Pott's default, a flat home-game table (not taken from a published source): about one place in
# five is paid, first place gets 40–65 %. Hosts edit it per tournament.
DEFAULT_TABLE: tuple[Bracket, ...] = (
    _bracket(1, 1, 100),
    _bracket(2, 6, 65, 35),
    _bracket(7, 10, 50, 30, 20),
    _bracket(11, 20, 45, 25, 18, 12),
    _bracket(21, None, 40, 25, 16, 11, 8),
)


class PayoutTableError(ValueError):
    """A payout table that cannot be used; `code` says why, `params` what (the caller words it).

    Codes: "syntax" (line), "sum" (line, total), "order" (line), "places" (line),
    "gap" (entries), "overlap" (entries).
    """

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code, params)
        self.code = code
        self.params = params


def percents_for(table: Sequence[Bracket], entries: int) -> tuple[Fraction, ...]:
    """The percentages for `entries` entries (at most one place per entry). Empty: no entries."""
    if entries <= 0:
        return ()
    for bracket in table:
        if bracket.covers(entries):
            return bracket.percents[:entries] if len(bracket.percents) <= entries else ()
    return ()


def check_table(table: Sequence[Bracket]) -> None:
    """Raise PayoutTableError unless every bracket sums to 100 %, pays no more places than it
    has entries, pays higher places no less, and the brackets cover 1 entry and up without gaps
    or overlaps."""
    for line, bracket in enumerate(table, start=1):
        if sum(bracket.percents) != 100:
            raise PayoutTableError("sum", line=line, total=_percent_text(sum(bracket.percents)))
        if any(a < b for a, b in zip(bracket.percents, bracket.percents[1:], strict=False)):
            raise PayoutTableError("order", line=line)
        if any(p <= 0 for p in bracket.percents) or len(bracket.percents) > bracket.low:
            raise PayoutTableError("places", line=line)
    ordered = sorted(table, key=lambda b: b.low)
    expected = 1
    for bracket in ordered:
        if bracket.low > expected:
            raise PayoutTableError("gap", entries=expected)
        if bracket.low < expected:
            raise PayoutTableError("overlap", entries=bracket.low)
        if bracket.high is None:
            expected = -1
            break
        expected = bracket.high + 1
    if expected != -1:
        raise PayoutTableError("gap", entries=expected)


def _percent_text(p: Fraction) -> str:
    if p.denominator == 1:
        return str(p.numerator)
    return f"{float(p):g}"


_LINE = re.compile(r"^\s*(\d+)\s*(?:(-|–)\s*(\d+)|(\+))?\s*:\s*(.+?)\s*$")
_PERCENT = re.compile(r"[0-9]{1,3}(?:[.,][0-9]{1,6})?")
# What a payout table a host types can hold: lines, entries, places paid.
MAX_LINES = 50
MAX_ENTRIES = limits.MAX_ENTRIES
MAX_PLACES = limits.MAX_PLACES


def parse_table(text: str) -> tuple[Bracket, ...]:
    """Read a table a host typed, one bracket a line: "2-6: 65 35", "21+: 40 25 16 11 8".

    Percentages are separated by spaces (or ", ", ";", "/") and may have decimals ("12.5" or
    "12,5"). The table is checked (`check_table`); raises PayoutTableError.
    """
    brackets = []
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > MAX_LINES:
        raise PayoutTableError("syntax", line=MAX_LINES + 1)
    for number, line in enumerate(lines, start=1):
        match = _LINE.match(line)
        if not match or any(len(g or "") > 6 for g in match.groups()[:4]):
            raise PayoutTableError("syntax", line=number)
        low = int(match.group(1))
        high: int | None = low
        if match.group(3):
            high = int(match.group(3))
        elif match.group(4):
            high = None
        if low < 1 or (high is not None and high < low) or max(low, high or 0) > MAX_ENTRIES:
            raise PayoutTableError("syntax", line=number)
        parts = [p for p in re.split(r"[\s;/]+|,\s+", match.group(5)) if p]
        # Percentages such as 40 or 12.5: plain decimals (no exponents), as many as places.
        if len(parts) > MAX_PLACES or not all(_PERCENT.fullmatch(p) for p in parts):
            raise PayoutTableError("syntax", line=number)
        percents = tuple(Fraction(p.replace(",", ".")) for p in parts)
        brackets.append(Bracket(low, high, percents))
    table = tuple(brackets)
    check_table(table)
    return table


def table_text(table: Sequence[Bracket]) -> str:
    """A table as the text `parse_table` reads."""
    lines = []
    for b in table:
        entries = (
            f"{b.low}+"
            if b.high is None
            else (f"{b.low}" if b.low == b.high else f"{b.low}-{b.high}")
        )
        lines.append(f"{entries}: " + " ".join(_percent_text(p) for p in b.percents))
    return "\n".join(lines)


def table_from_data(data: Sequence[Mapping[str, Any]] | None) -> tuple[Bracket, ...]:
    """A table from stored data ([{"low": 2, "high": 6, "percents": ["65", "35"]}]); default when
    empty."""
    if not data:
        return DEFAULT_TABLE
    return tuple(
        Bracket(
            int(d["low"]),
            None if d.get("high") is None else int(d["high"]),
            tuple(Fraction(str(p)) for p in d["percents"]),
        )
        for d in data
    )


def table_to_data(table: Sequence[Bracket]) -> list[dict[str, Any]]:
    return [{"low": b.low, "high": b.high, "percents": [str(p) for p in b.percents]} for b in table]


# ---------------------------------------------------------------------------------------------
# Rounding


def _default_name(key: object) -> Any:
    return key


def round_to_unit[K: Hashable](
    shares: Mapping[K, Fraction],
    total: int,
    unit: int = 1,
    *,
    name: Callable[[K], Any] = _default_name,
) -> dict[K, int]:
    """Round exact `shares` (summing to `total`) to multiples of `unit` summing to exactly `total`.

    The largest-remainder rule of `settlement.apportion`, in whole units: everyone gets the
    floor of their share in units; the units still missing go one each to the largest
    remainders (ties by `name`). When `total` is not a multiple of `unit`, what is left below one
    unit goes to the largest share (ties by `name`). A larger share never gets less.
    """
    if sum(shares.values(), Fraction(0)) != total:
        raise ValueError(f"shares sum to {sum(shares.values())}, not {total}")
    if not shares:
        return {}
    unit = max(unit, 1)
    units, odd = divmod(total, unit)
    exact = {k: s / unit for k, s in shares.items()}
    floors = {k: e.numerator // e.denominator for k, e in exact.items()}
    missing = units - sum(floors.values())
    for key in sorted(exact, key=lambda k: (-(exact[k] - floors[k]), name(k)))[:missing]:
        floors[key] += 1
    result = {k: n * unit for k, n in floors.items()}
    result[_first(shares, name)] += odd
    return result


def _first[K: Hashable](shares: Mapping[K, Fraction], name: Callable[[K], Any]) -> K:
    """The largest share; ties by `name`."""
    return min(shares, key=lambda k: (-shares[k], name(k)))


# ---------------------------------------------------------------------------------------------
# Pool and payouts


def prize_pool(paid: int, entries: int, fee: int) -> int:
    """Money paid in (buy-ins, re-entries, rebuys, add-ons) less the host's `fee` per entry."""
    pool = paid - entries * fee
    if pool < 0:
        raise ValueError("the fees exceed the money paid")
    return pool


def payouts(pool: int, percents: Sequence[Fraction], unit: int = 1) -> list[int]:
    """The prize for each paid place, first place first, summing to exactly `pool`.

    Every place but the first gets its percentage of the pool rounded down to a multiple of
    `unit`; first place gets the rest (so it absorbs all rounding, and never less than its own
    percentage).
    """
    if not percents:
        return []
    if sum(percents) != 100:
        raise ValueError("percentages must sum to 100")
    unit = max(unit, 1)
    rest = [int(pool * p / 100 / unit) * unit for p in percents[1:]]
    return [pool - sum(rest), *rest]


@dataclass(frozen=True, slots=True)
class Placed[K]:
    """One player out: their place, and the places they tie with (equal stacks on one hand)."""

    key: K
    place: int
    tied: tuple[int, ...]


def places_for_hand[K: Hashable](
    left: int, stacks: Mapping[K, int], *, name: Callable[[K], Any] = _default_name
) -> list[Placed[K]]:
    """Places for the players out on one hand, with `left` entries still in before it.

    They take places `left`, `left` − 1, …: the larger stack at the start of the hand finishes
    higher (TDA). Equal stacks tie: each still gets a place of its own (ordered by `name`) and
    `tied` lists the places they share, whose prizes they split.
    """
    if len(stacks) > left:
        raise ValueError("more players out than are left")
    if len(stacks) == left:
        raise ValueError("somebody must be left")
    order = sorted(stacks, key=lambda k: (-stacks[k], name(k)))
    top = left - len(order) + 1
    placed = {k: top + i for i, k in enumerate(order)}
    by_stack: dict[int, list[int]] = {}
    for k in order:
        by_stack.setdefault(stacks[k], []).append(placed[k])
    return [Placed(k, placed[k], tuple(by_stack[stacks[k]])) for k in order]


def prizes_by_place(
    amounts: Sequence[int], ties: Sequence[Sequence[int]] = (), unit: int = 1
) -> dict[int, int]:
    """Each place's prize: `amounts` by place (first place first), except that tied places
    (each group a list of places) share their prizes equally, rounded to `unit` with the odd
    units to the higher place. Places beyond the paid ones get 0 unless tied with a paid one.
    """
    result = {place: amount for place, amount in enumerate(amounts, start=1)}
    for group in ties:
        if len(group) < 2:
            continue
        total = sum(result.get(place, 0) for place in group)
        shares = {place: Fraction(total, len(group)) for place in group}
        result.update(round_to_unit(shares, total, unit))
    return {place: amount for place, amount in result.items() if amount}


# ---------------------------------------------------------------------------------------------
# Deals


ICM_LIMIT = 10


def icm_equity[K: Hashable](stacks: Mapping[K, int], prizes: Sequence[int]) -> dict[K, Fraction]:
    """Each player's exact prize equity by the Malmuth–Harville model.

    The chance of finishing first is one's share of the chips; given who finished first, the
    rest finish second the same way among themselves, and so on. Computed exactly over all
    subsets of the players (memoized by bitmask): 2ⁿ · n² steps, so at most ICM_LIMIT players.
    Prizes beyond the number of players are not in play; missing ones count as 0.
    """
    keys = list(stacks)
    n = len(keys)
    if n == 0:
        return {}
    if n > ICM_LIMIT:
        raise ValueError(f"ICM is exact for at most {ICM_LIMIT} players")
    if any(stacks[k] <= 0 for k in keys):
        raise ValueError("every stack must be positive")
    values = [stacks[k] for k in keys]
    prize = [Fraction(p) for p in prizes[:n]] + [Fraction(0)] * max(0, n - len(prizes))
    memo: dict[int, list[Fraction]] = {0: [Fraction(0)] * n}

    def equity(mask: int) -> list[Fraction]:
        if mask in memo:
            return memo[mask]
        members = [i for i in range(n) if mask >> i & 1]
        place = n - len(members)
        chips = sum(values[i] for i in members)
        result = [Fraction(0)] * n
        for j in members:
            p = Fraction(values[j], chips)
            rest = equity(mask & ~(1 << j))
            result[j] += p * prize[place]
            for i in members:
                if i != j:
                    result[i] += p * rest[i]
        memo[mask] = result
        return result

    full = equity((1 << n) - 1)
    return {k: full[i] for i, k in enumerate(keys)}


def icm_deal[K: Hashable](
    stacks: Mapping[K, int],
    prizes: Sequence[int],
    unit: int = 1,
    *,
    name: Callable[[K], Any] = _default_name,
) -> dict[K, int]:
    """An ICM deal: everyone's equity, rounded to `unit`, summing to exactly the prizes in play.

    Rounding ties go to the larger stack first, then by `name`.
    """
    exact = icm_equity(stacks, prizes)
    total = sum(prizes[: len(stacks)])
    return round_to_unit(exact, total, unit, name=lambda k: (-stacks[k], name(k)))


def chip_chop[K: Hashable](
    stacks: Mapping[K, int],
    money: int,
    unit: int = 1,
    *,
    name: Callable[[K], Any] = _default_name,
) -> dict[K, int]:
    """A chip chop: `money` in proportion to the stacks, rounded to `unit`, summing exactly."""
    if any(s <= 0 for s in stacks.values()):
        raise ValueError("every stack must be positive")
    chips = sum(stacks.values())
    exact = {k: Fraction(money * s, chips) for k, s in stacks.items()}
    return round_to_unit(exact, money, unit, name=lambda k: (-stacks[k], name(k)))


# ---------------------------------------------------------------------------------------------
# Seat draw


def draw_seats[K](
    players: Sequence[K], tables: int, rng: Random, *, seats: int | None = None
) -> dict[K, tuple[int, int]]:
    """A random seat draw: (table, seat), both from 1, for each player.

    Tables are balanced (their sizes differ by at most one, the first tables get the extra
    players); who sits where is drawn with `rng`. With `seats` (seats per table), each table's
    players get random seats among 1..`seats`; otherwise seats 1..k are filled.
    """
    if tables < 1:
        raise ValueError("at least one table")
    n = len(players)
    per_table = -(-n // tables) if n else 0
    if seats is not None and per_table > seats:
        raise ValueError("not enough seats")
    order = list(players)
    rng.shuffle(order)
    result: dict[K, tuple[int, int]] = {}
    start = 0
    for table in range(1, tables + 1):
        size = n // tables + (table <= n % tables)
        group = order[start : start + size]
        start += size
        numbers = sorted(rng.sample(range(1, seats + 1), size)) if seats else range(1, size + 1)
        for player, seat in zip(group, numbers, strict=True):
            result[player] = (table, seat)
    return result
