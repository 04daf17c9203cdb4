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

import math
import re
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any, NamedTuple

from config.chips import DEFAULT, Chip, ChipSet

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


# A night's colours, in `config.chips`' one type and default box (white 1, red 5, green 25,
# black 100) when the host gave none.
DEFAULT_CHIP_SET: tuple[Chip, ...] = DEFAULT.chips


def chip_set_from_data(data: Iterable[Mapping[str, Any]] | None) -> tuple[Chip, ...]:
    """A chip set from stored data ([{"colour": "white", "value": 1}, …]); default when empty."""
    return ChipSet.from_data(data).chips or DEFAULT_CHIP_SET


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


# settle() is exact for up to this many players left after pairing equal opposite balances, and
# for more when balances repeat so much that the search is no bigger (see _exact_search_fits).
# Beyond that it falls back to a greedy that still matches exact amounts first, and says so
# (Plan.exact is False).
EXACT_LIMIT = 24


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
       contains such a pair (if +50 and −50 are in different groups A and B, then {+50, −50}
       and the rest of A ∪ B are as many zero-sum groups; in one group, that group is the
       pair, or it would split in two), and it shrinks the search.
    2. The rest is partitioned exactly by `_best_partition`: always for up to EXACT_LIMIT
       players, and for more when balances repeat (players with equal balances are
       interchangeable, which makes the search smaller).
    3. Otherwise: greedy (largest debtor pays largest creditor), always taking an exact match
       between a debtor and a creditor when there is one. Not always minimal: `exact` is False.

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

    exact = True
    if rest:
        # Players with equal balances, in name order.
        alike: dict[int, list[K]] = {}
        for person in rest:
            alike.setdefault(balances[person], []).append(person)
        amounts = sorted(alike)
        counts = [len(alike[a]) for a in amounts]
        exact = _exact_search_fits(amounts, counts)
        if exact:
            for taken in _best_partition(amounts, counts):
                group = []
                for amount, k in zip(amounts, taken, strict=True):
                    group += alike[amount][:k]
                    del alike[amount][:k]
                groups.append(sorted(group, key=name))
        else:
            groups.append(rest)

    transfers: list[Transfer[K]] = []
    for group in groups:
        transfers += _greedy({p: balances[p] for p in group}, name)
    return Plan(transfers=transfers, groups=groups, exact=exact)


# A set of states is kept in pages of at most this many bits, one Python int each: small enough
# to stay in the processor's cache, large enough that the loops over pages stay short.
_PAGE_BITS = 1 << 16


def _best_partition(amounts: list[int], counts: list[int]) -> list[list[int]]:
    """The most disjoint zero-sum groups made of `counts[i]` players with balance `amounts[i]`
    (all i; different non-zero amounts that sum to zero in all), each group given as how many
    players of each amount it holds.

    A part of the table ("a state") is such a list of how many of each amount it holds; states
    are numbered in a mixed radix (amount i is a digit), so a set of states is a bitset: a few
    Python ints (pages) with a bit per state, and the search is a few hundred operations on
    whole bitsets, each a loop in C over at most 2**EXACT_LIMIT bits (2 MB): for 24 players,
    about 700 (seven rounds of 24 steps of four operations).

    Let C_k be the zero-sum states that split into at least k zero-sum groups. C_1 is every
    non-empty zero-sum state. A zero-sum state is in C_(k+1) exactly when it holds a smaller
    state of C_k (the difference is one more zero-sum group): when it is in the strict upward
    closure of C_k. Each round computes that closure (and the plain one) and keeps its
    zero-sum states. The answer is the largest k with the whole table in C_k; walking back
    down through the closures finds the groups. The cost depends on the number of states and
    of groups, not on the amounts: no unlucky balances make it slower.
    """
    dims = len(amounts)
    total = math.prod(c + 1 for c in counts)
    # The first amounts number the states within a block of about √total states, padded to
    # whole bytes so that the zero-sum states can be put together block by block as bytes; the
    # next ones number the blocks within a page, and the last ones the pages.
    split, low = 0, 1
    while split < dims and low * low < total:
        low *= counts[split] + 1
        split += 1
    block = -(-low // 8) * 8
    paged, per_page = split, 1
    while paged < dims and block * per_page * (counts[paged] + 1) <= _PAGE_BITS:
        per_page *= counts[paged] + 1
        paged += 1
    size = block * per_page
    pages = total // (low * per_page)
    # One more player of amount i moves a state by bit_stride[i] bits or page_stride[i] pages.
    bit_stride: list[int] = []
    page_stride: list[int] = []
    weight = 1
    for i in range(dims):
        weight = 1 if i == paged else block if i == split else weight
        bit_stride.append(weight if i < paged else 0)
        page_stride.append(weight if i >= paged else 0)
        weight *= counts[i] + 1
    everyone = sum(c * s for c, s in zip(counts, bit_stride, strict=True))  # in the last page

    def sums(ids: range) -> list[int]:
        """The balance of every state of these amounts, in the order of their numbers."""
        out = [0]
        for i in ids:
            out = [t + j * amounts[i] for j in range(counts[i] + 1) for t in out]
        return out

    within: dict[int, int] = {}
    for state, balance in enumerate(sums(range(split))):
        within[balance] = within.get(balance, 0) | 1 << state
    pieces = {balance: bits.to_bytes(block // 8, "little") for balance, bits in within.items()}
    nothing = bytes(block // 8)
    zero_bytes = b"".join(pieces.get(-balance, nothing) for balance in sums(range(split, dims)))
    page_bytes = size // 8
    zero = [
        int.from_bytes(zero_bytes[p * page_bytes : (p + 1) * page_bytes], "little")
        for p in range(pages)
    ]
    zero[0] &= ~1  # not the empty state
    if zero[-1] == 1 << everyone and not any(zero[:-1]):
        return [list(counts)]

    valid = _repeat((1 << low) - 1, block, per_page)
    # Adding 1, 2, 4, … (up to counts[i]) players of amount i: within pages, the distance in
    # bits and the states with room for them; across pages, the distance in pages and the
    # pages with room for them.
    within_pages: list[tuple[int, int]] = []
    across_pages: list[tuple[int, list[int]]] = []
    for i in range(dims):
        shift = 1
        while shift <= counts[i]:
            if i < paged:
                period = (counts[i] + 1) * bit_stride[i]
                ones = (1 << (counts[i] + 1 - shift) * bit_stride[i]) - 1
                if i < split:
                    room = _repeat(_repeat(ones, period, low // period), block, per_page)
                else:
                    room = _repeat(ones, period, size // period) & valid
                within_pages.append((shift * bit_stride[i], room))
            else:
                step = page_stride[i]
                top = counts[i] - shift
                rooms = [p for p in range(pages) if p // step % (counts[i] + 1) <= top]
                across_pages.append((shift * step, rooms))
            shift *= 2

    def above(states: list[int]) -> tuple[list[int], list[int]]:
        """Every state that holds one of `states`, and every state that holds one and more.

        Adding 1, 2, 4, … players of each amount in turn reaches every larger state (any
        number of players up to counts[i] is a sum of such steps, taken smallest first).
        """
        states = list(states)
        more_than = [0] * pages
        for distance, room in within_pages:
            for p, bits in enumerate(states):
                more = (bits & room) << distance
                if more:
                    states[p] = bits | more
                    more_than[p] |= more
        for distance, rooms in across_pages:
            for p in rooms:
                bits = states[p]
                if bits:
                    states[p + distance] |= bits
                    more_than[p + distance] |= bits
        return states, more_than

    most = _most_groups(amounts, counts)
    closures: list[list[int]] = []  # closures[k - 1]: every state that holds one of C_k
    reached = zero  # C_k, for k = len(closures) + 1
    while len(closures) + 1 < most:
        closure, more_than = above(reached)
        further = [z & m for z, m in zip(zero, more_than, strict=True)]
        if not further[-1] >> everyone & 1:
            break
        closures.append(closure)
        reached = further

    groups: list[list[int]] = []
    state, page, bit = list(counts), pages - 1, everyone
    for closure in reversed(closures):
        # `state` is in C_(k+1) and `closure` holds C_k: drop one player at a time, staying in
        # the closure, until what is left sums to zero; what was dropped is one group.
        left, p, b = list(state), page, bit
        while True:
            i = next(
                i
                for i in range(dims)
                if left[i] and closure[p - page_stride[i]] >> (b - bit_stride[i]) & 1
            )
            left[i] -= 1
            p -= page_stride[i]
            b -= bit_stride[i]
            if zero[p] >> b & 1:
                break
        groups.append([x - y for x, y in zip(state, left, strict=True)])
        state, page, bit = left, p, b
    groups.append(state)
    return groups


def _most_groups(amounts: list[int], counts: list[int]) -> int:
    """No more zero-sum groups than this: each holds a debtor and a creditor, and (with no
    opposite amounts among them) at least three players."""
    debtors = sum(c for a, c in zip(amounts, counts, strict=True) if a < 0)
    most = min(debtors, sum(counts) - debtors)
    if not set(amounts) & {-a for a in amounts}:
        most = min(most, sum(counts) // 3)
    return most


def _exact_search_fits(amounts: list[int], counts: list[int]) -> bool:
    """Whether `_best_partition` is no bigger a search than for EXACT_LIMIT players with
    different balances: at most as many states, times as many steps (one per 1, 2, 4, … players
    of an amount), times as many rounds (one fewer than the most groups there can be).

    Always true for up to EXACT_LIMIT players with no opposite balances: n different balances
    make 2ⁿ states and n steps, and n players at most n // 3 groups.
    """
    states = math.prod(c + 1 for c in counts)
    steps = sum(c.bit_length() for c in counts)
    rounds = max(_most_groups(amounts, counts) - 1, 1)
    limit = 1 << EXACT_LIMIT
    return states <= limit and states * steps * rounds <= limit * EXACT_LIMIT * (
        EXACT_LIMIT // 3 - 1
    )


def _repeat(pattern: int, period: int, times: int) -> int:
    """`pattern` (fewer than `period` bits) repeated `times` times, every `period` bits."""
    out, done = pattern, 1
    while done * 2 <= times:
        out |= out << done * period
        done *= 2
    if done < times:
        out |= _repeat(pattern, period, times - done) << done * period
    return out


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
