"""Money and settlement: pure Python, no Django, no clock, no I/O.

- Currencies (ISO 4217 with their minor units); reading and formatting money for a language.
- Chip sets (colours and values) and counting a stack by colour.
- Rounding exact amounts to whole minor units so that a ledger sums to exactly what it must
  (`apportion`): floor everything, then hand the missing units out one at a time to the largest
  fractional remainders, ties broken by name. This is the only place money is rounded.
- Splitting a difference between players (`split`).
- `settle(balances)`: who pays whom, in the fewest possible transfers, exactly.

Money is `int` in minor units throughout; exact intermediate values are `fractions.Fraction`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any, NamedTuple

# ---------------------------------------------------------------------------------------------
# Currencies


@dataclass(frozen=True, slots=True)
class Currency:
    """An ISO 4217 currency: `exponent` is its number of minor-unit digits (ISK: 0, SEK: 2)."""

    code: str
    exponent: int
    symbol: str
    # English puts this symbol before the amount ("$1,234.50"); otherwise it follows it.
    prefix_in_english: bool = False

    @property
    def minor_per_major(self) -> int:
        return 10**self.exponent


CURRENCIES: dict[str, Currency] = {
    c.code: c
    for c in (
        Currency("SEK", 2, "kr"),
        Currency("NOK", 2, "kr"),
        Currency("DKK", 2, "kr."),
        Currency("ISK", 0, "kr"),
        Currency("EUR", 2, "€", prefix_in_english=True),
        Currency("USD", 2, "$", prefix_in_english=True),
        Currency("GBP", 2, "£", prefix_in_english=True),
        Currency("CHF", 2, "CHF"),
        Currency("PLN", 2, "zł"),
        Currency("CZK", 2, "Kč"),
        Currency("HUF", 2, "Ft"),
        Currency("CAD", 2, "CA$", prefix_in_english=True),
        Currency("AUD", 2, "A$", prefix_in_english=True),
        Currency("NZD", 2, "NZ$", prefix_in_english=True),
        Currency("JPY", 0, "¥", prefix_in_english=True),
        Currency("KRW", 0, "₩", prefix_in_english=True),
        Currency("KWD", 3, "KWD"),
        Currency("BHD", 3, "BHD"),
    )
}


def currency(code: str) -> Currency:
    """The currency with ISO code `code`; KeyError for one Pott does not know."""
    return CURRENCIES[code.upper()]


@dataclass(frozen=True, slots=True)
class NumberStyle:
    group: str
    decimal: str
    minus: str
    symbol_first: bool


NBSP = "\u00a0"
# How each language writes numbers. Unknown languages read English.
NUMBER_STYLES: dict[str, NumberStyle] = {
    "en": NumberStyle(group=",", decimal=".", minus="-", symbol_first=True),
    # One minus sign on every page: the hyphen-minus that Django's number formats and the
    # signed chip counts use ("−" would appear beside "-" on the same Swedish page).
    "sv": NumberStyle(group=NBSP, decimal=",", minus="-", symbol_first=False),
    "de": NumberStyle(group=".", decimal=",", minus="-", symbol_first=False),
    "is": NumberStyle(group=".", decimal=",", minus="-", symbol_first=False),
}


def format_money(minor: int, code: str, language: str = "en", *, sign: bool = False) -> str:
    """Format `minor` units of `code` for a reader of `language`.

    >>> format_money(123450, "SEK", "sv")   # '1 234,50 kr' (no-break spaces)
    >>> format_money(123450, "EUR", "de")   # '1.234,50 €'
    >>> format_money(123450, "USD", "en")   # '$1,234.50'

    With `sign`, positive amounts get a "+" (for results: "+120,00 kr").
    """
    cur = currency(code)
    style = NUMBER_STYLES.get(language.split("-")[0].lower(), NUMBER_STYLES["en"])
    major, rest = divmod(abs(minor), cur.minor_per_major)
    digits = f"{major:,}".replace(",", style.group)
    if cur.exponent:
        digits += style.decimal + str(rest).rjust(cur.exponent, "0")
    if style.symbol_first and cur.prefix_in_english:
        text = cur.symbol + digits
    else:
        text = digits + NBSP + cur.symbol
    if minor < 0:
        return style.minus + text
    if sign and minor > 0:
        return "+" + text
    return text


def decimal_amount(minor: int, code: str) -> Decimal:
    """`minor` units of `code` as an amount in currency units, for files a spreadsheet reads:
    `decimal_amount(39285, "SEK")` is Decimal("392.85"), `decimal_amount(1800, "ISK")` 1800."""
    return Decimal(minor).scaleb(-currency(code).exponent)


class MoneyError(ValueError):
    """Text that is not an amount of money; `code` says why (the caller words the message)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


_AMOUNT_CHARS = re.compile(r"^[0-9.,]+$")


def parse_money(text: str, code: str) -> int:
    """Read an amount a person typed ("1 234,50", "1234.50", "200") as minor units of `code`.

    The last "," or "." is the decimal separator when both appear; a lone "," or "." is a
    decimal separator. Raises MoneyError: "empty", "negative", "not_a_number", "too_many_decimals".
    """
    cur = currency(code)
    cleaned = (text or "").strip()
    for symbol in (cur.symbol, cur.code, "kr", "€", "$", "£"):
        cleaned = cleaned.replace(symbol, "")
    cleaned = re.sub(r"[\s\u00a0\u202f']", "", cleaned).rstrip(".")
    if not cleaned:
        raise MoneyError("empty")
    if cleaned.startswith(("-", "\u2212")):
        raise MoneyError("negative")
    if not _AMOUNT_CHARS.match(cleaned):
        raise MoneyError("not_a_number")
    last = max(cleaned.rfind(","), cleaned.rfind("."))
    if last >= 0:
        whole = cleaned[:last].replace(",", "").replace(".", "")
        cleaned = (whole or "0") + "." + cleaned[last + 1 :]
    try:
        value = Decimal(cleaned)
    except InvalidOperation as error:
        raise MoneyError("not_a_number") from error
    minor = value * cur.minor_per_major
    if minor != minor.to_integral_value():
        raise MoneyError("too_many_decimals")
    return int(minor)


# ---------------------------------------------------------------------------------------------
# Chips


@dataclass(frozen=True, slots=True)
class Chip:
    """One colour of a chip set and what one chip of it counts for (in chips, the unit)."""

    colour: str
    value: int


DEFAULT_CHIP_SET: tuple[Chip, ...] = (
    Chip("white", 1),
    Chip("red", 5),
    Chip("green", 25),
    Chip("black", 100),
)


def chip_set_from_data(data: Iterable[Mapping[str, Any]] | None) -> tuple[Chip, ...]:
    """A chip set from stored data ([{"colour": "white", "value": 1}, …]); default when empty."""
    chips = tuple(Chip(str(d["colour"]), int(d["value"])) for d in (data or ()))
    return chips or DEFAULT_CHIP_SET


def stack_value(counts: Mapping[str, int], chip_set: Sequence[Chip]) -> int:
    """How many chips (in units) a stack counted per colour is worth. KeyError: unknown colour."""
    values = {chip.colour: chip.value for chip in chip_set}
    return sum(values[colour] * count for colour, count in counts.items())


# ---------------------------------------------------------------------------------------------
# Rounding and splitting


def _default_name(key: object) -> str:
    return str(key)


def apportion[K: Hashable](
    shares: Mapping[K, Fraction], total: int, *, name: Callable[[K], Any] = _default_name
) -> dict[K, int]:
    """Round exact `shares` to integers that sum to exactly `total` (which must equal their sum).

    The rule (largest remainder): everyone gets the floor of their share; the units still
    missing go, one each, to the largest fractional remainders; equal remainders are ordered
    by `name`. Every result is the floor or the ceiling of its share, so nobody moves by a
    whole unit or more.
    """
    if sum(shares.values(), Fraction(0)) != total:
        raise ValueError(f"shares sum to {sum(shares.values())}, not {total}")
    floors = {key: share.numerator // share.denominator for key, share in shares.items()}
    missing = total - sum(floors.values())
    by_remainder = sorted(shares, key=lambda k: (-(shares[k] - floors[k]), name(k)))
    for key in by_remainder[:missing]:
        floors[key] += 1
    return floors


def split[K: Hashable](amount: Fraction, weights: Mapping[K, Fraction | int]) -> dict[K, Fraction]:
    """Split `amount` exactly in proportion to positive `weights`."""
    total = sum(weights.values(), Fraction(0))
    if total <= 0:
        raise ValueError("nothing to split by")
    return {key: Fraction(amount) * Fraction(weight) / total for key, weight in weights.items()}


# ---------------------------------------------------------------------------------------------
# Settlement


class Transfer[K](NamedTuple):
    """`payer` pays `payee` `amount` (minor units, > 0)."""

    payer: K
    payee: K
    amount: int


@dataclass(frozen=True, slots=True)
class Plan[K]:
    """A settlement: the transfers, and the groups of players whose balances cancel out.

    Every transfer is between two members of one group; a group of k players needs k − 1.
    `exact` is False when there were too many players for the exact search (see settle()).
    """

    transfers: list[Transfer[K]]
    groups: list[list[K]]
    exact: bool


# Beyond this many players (after pairing equal opposite balances) the exact search would take
# too long; settle() falls back to a greedy that still matches exact amounts first.
EXACT_LIMIT = 20


def settle[K: Hashable](
    balances: Mapping[K, int], *, name: Callable[[K], Any] = _default_name
) -> list[Transfer[K]]:
    """Who pays whom: the fewest possible transfers that settle `balances` exactly.

    `balances` maps a player to their net in minor units (positive: receives; negative: pays);
    they must sum to zero. Returns (payer, payee, amount) transfers. See `plan()`.
    """
    return plan(balances, name=name).transfers


def plan[K: Hashable](
    balances: Mapping[K, int], *, name: Callable[[K], Any] = _default_name
) -> Plan[K]:
    """Settle `balances` with the fewest transfers, and say which players settle among themselves.

    The fewest transfers for n players with non-zero balances is n − g, where g is the largest
    number of disjoint groups whose balances each sum to zero (a group of k needs k − 1
    transfers, and no fewer when no part of it sums to zero). So:

    1. Equal and opposite balances (+50, −50) are paired first: some best partition always
       contains such a pair, and it shrinks the search.
    2. For the rest (up to EXACT_LIMIT players) the best partition is found exactly over subsets
       as bitmasks: all subset sums; if few subsets sum to zero, the longest chain of zero-sum
       subsets; otherwise dynamic programming over all subsets (n · 2ⁿ steps).
    3. Beyond EXACT_LIMIT: greedy (largest debtor pays largest creditor), always taking an
       exact match between a debtor and a creditor when there is one. Not always minimal.

    Within a group, the largest debtor pays the largest creditor until all are settled.
    Ties are broken by `name`, so the same balances always give the same transfers.
    """
    if sum(balances.values()) != 0:
        raise ValueError(f"balances sum to {sum(balances.values())}, not zero")
    people = sorted((k for k, v in balances.items() if v), key=name)
    groups: list[list[K]] = []

    # 1. Pair equal opposite balances.
    waiting: dict[int, list[K]] = {}
    for person in people:
        amount = balances[person]
        partners = waiting.get(-amount)
        if partners:
            groups.append([partners.pop(0), person])
        else:
            waiting.setdefault(amount, []).append(person)
    rest = sorted((p for ps in waiting.values() for p in ps), key=name)

    exact = len(rest) <= EXACT_LIMIT
    if rest:
        if exact:
            values = [balances[p] for p in rest]
            for mask in _best_partition(values):
                groups.append([p for i, p in enumerate(rest) if mask >> i & 1])
        else:
            groups.append(rest)

    transfers: list[Transfer[K]] = []
    for group in groups:
        transfers += _greedy({p: balances[p] for p in group}, name)
    return Plan(transfers=transfers, groups=groups, exact=exact)


def _best_partition(values: list[int]) -> list[int]:
    """The largest set of disjoint zero-sum subsets covering `values` (which sum to zero).

    Returns the subsets as bitmasks over the indices of `values`.
    """
    n = len(values)
    full = (1 << n) - 1
    sums = [0]
    for v in values:
        sums += [s + v for s in sums]
    # Zero-sum subsets other than the empty and the full set, in increasing order: a subset's
    # bitmask is always smaller than its superset's.
    zero = [mask for mask, s in enumerate(sums) if s == 0][1:-1]
    if not zero:
        return [full]
    if len(zero) ** 2 < n << n:
        chain = _longest_zero_sum_chain(zero)
    else:
        chain = _zero_sum_chain_by_dp(sums, n)
    chain.append(full)
    groups, below = [], 0
    for mask in chain:
        groups.append(mask & ~below)
        below = mask
    return groups


def _longest_zero_sum_chain(zero: list[int]) -> list[int]:
    """The longest chain z1 ⊂ z2 ⊂ … of zero-sum subsets (the full set excluded), smallest first.

    A chain of length c partitions the full set into c + 1 zero-sum groups (the differences).
    """
    length: dict[int, int] = {}
    previous: dict[int, int] = {}
    for i, z in enumerate(zero):
        best, before = 1, 0
        for y in zero[:i]:
            if y & z == y and length[y] >= best:
                best, before = length[y] + 1, y
        length[z], previous[z] = best, before
    top = max(zero, key=length.__getitem__)
    chain = []
    while top:
        chain.append(top)
        top = previous[top]
    return chain[::-1]


def _zero_sum_chain_by_dp(sums: list[int], n: int) -> list[int]:
    """As _longest_zero_sum_chain, by dynamic programming over all 2ⁿ subsets.

    most[mask] is the most disjoint zero-sum groups inside `mask`: the best over dropping one
    member, plus one when `mask` itself sums to zero.
    """
    full = (1 << n) - 1
    most = bytearray(full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        best = most[mask ^ low]
        m = mask ^ low
        # One member more adds at most one group, so stop as soon as that is found.
        while m:
            bit = m & -m
            if most[mask ^ bit] > best:
                best += 1
                break
            m ^= bit
        most[mask] = best + (sums[mask] == 0)
    # Walk down from the full set along the best choices, noting the zero-sum sets passed.
    chain, mask = [], full
    while mask:
        if sums[mask] == 0 and mask != full:
            chain.append(mask)
        want = most[mask] - (sums[mask] == 0)
        m = mask
        while m:
            bit = m & -m
            if most[mask ^ bit] == want:
                mask ^= bit
                break
            m ^= bit
    return chain[::-1]


def _greedy[K: Hashable](balances: Mapping[K, int], name: Callable[[K], Any]) -> list[Transfer[K]]:
    """Largest debtor pays largest creditor; an exact match between two people is taken first.

    Settles any zero-sum group of k people in at most k − 1 transfers.
    """
    owed = {k: v for k, v in balances.items() if v > 0}
    owing = {k: -v for k, v in balances.items() if v < 0}
    transfers: list[Transfer[K]] = []
    while owing:
        by_amount: dict[int, K] = {}
        for creditor in sorted(owed, key=name):
            by_amount.setdefault(owed[creditor], creditor)
        match = next(
            ((d, by_amount[owing[d]]) for d in sorted(owing, key=name) if owing[d] in by_amount),
            None,
        )
        if match is None:
            debtor = min(owing, key=lambda k: (-owing[k], name(k)))
            creditor = min(owed, key=lambda k: (-owed[k], name(k)))
            match = (debtor, creditor)
        debtor, creditor = match
        amount = min(owing[debtor], owed[creditor])
        transfers.append(Transfer(debtor, creditor, amount))
        for book, key in ((owing, debtor), (owed, creditor)):
            book[key] -= amount
            if not book[key]:
                del book[key]
    return transfers


def greedy_settle[K: Hashable](
    balances: Mapping[K, int], *, name: Callable[[K], Any] = _default_name
) -> list[Transfer[K]]:
    """The usual "minimum" settlement: largest debtor pays largest creditor, repeatedly.

    Not minimal; kept to compare against (the benchmark's transfers_saved_vs_greedy_pct).
    """
    owed = sorted(((v, k) for k, v in balances.items() if v > 0), key=lambda t: (-t[0], name(t[1])))
    owing = sorted(
        ((-v, k) for k, v in balances.items() if v < 0), key=lambda t: (-t[0], name(t[1]))
    )
    owed_l = [list(t) for t in owed]
    owing_l = [list(t) for t in owing]
    transfers: list[Transfer[K]] = []
    while owing_l and owed_l:
        owing_l.sort(key=lambda t: (-t[0], name(t[1])))
        owed_l.sort(key=lambda t: (-t[0], name(t[1])))
        d, c = owing_l[0], owed_l[0]
        amount = min(d[0], c[0])
        transfers.append(Transfer(d[1], c[1], amount))
        d[0] -= amount
        c[0] -= amount
        owing_l = [t for t in owing_l if t[0]]
        owed_l = [t for t in owed_l if t[0]]
    return transfers


def settle_through[K: Hashable](balances: Mapping[K, int], bank: K) -> list[Transfer[K]]:
    """Everything through the bank: every debtor pays `bank`, `bank` pays every creditor."""
    if sum(balances.values()) != 0:
        raise ValueError("balances do not sum to zero")
    transfers = [Transfer(k, bank, -v) for k, v in balances.items() if v < 0 and k != bank]
    transfers += [Transfer(bank, k, v) for k, v in balances.items() if v > 0 and k != bank]
    return transfers


def round_to_step[K: Hashable](
    balances: Mapping[K, int], step: int, *, name: Callable[[K], Any] = _default_name
) -> tuple[dict[K, int], dict[K, int]]:
    """Round balances to multiples of a cash `step` (1000 = 10 kr), still summing to zero.

    Returns (rounded, remainder) with balance == rounded + remainder for everyone: the
    remainder is what each player gives up (positive) or gains (negative) so that every
    transfer is a round amount. The multiples are chosen by `apportion` (largest remainder,
    ties by name), so each balance moves by less than one step and the remainders sum to zero.
    """
    if step <= 0:
        raise ValueError("step must be positive")
    units = apportion({k: Fraction(v, step) for k, v in balances.items()}, 0, name=name)
    rounded = {k: u * step for k, u in units.items()}
    return rounded, {k: balances[k] - rounded[k] for k in balances}
