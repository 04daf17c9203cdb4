"""Hostile values, and what each kind of field must refuse.

A field's kind (`Int`, `Text`, `Money`, `Steps`, …) knows the bound Pott means for it (from
config/limits.py, the bounds the forms and models are to enforce) and answers one question:
`refuses(value)`, must a request carrying this value in this field be refused? When it must, the
walker checks that the request changed nothing in the database. When it need not (an empty
optional field, " 12 " for a whole number, "12,50" for money in kronor, "١٢٣" which int() reads
as 123), the walker only checks that there is no server error: whether Pott then accepts the
value is its own business (a bet of 123 may still be refused by the rules).

The kinds parse the way a person means the value, independently of the app's parsers, except
money: its syntax ("1 234,50", "12.5") is the one `ledger.settlement.parse_money` documents;
only the bounds are added here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from config import limits

# --- the values ------------------------------------------------------------------------------

DIGITS_5000 = "9" * 5000


@dataclass(frozen=True, slots=True)
class Hostile:
    """One hostile value and the short label the report shows for it."""

    label: str
    value: str | list[str]


def _h(label: str, value: str | list[str]) -> Hostile:
    return Hostile(label, value)


# Every field gets every one of these (less the ones its form field provably treats alike, see
# walk.py). "²" first: str.isdigit() accepts it and int() does not.
VALUES: tuple[Hostile, ...] = (
    _h("²", "²"),
    _h("2**31", str(2**31)),
    _h("2**31-1", str(2**31 - 1)),
    _h("2**63", str(2**63)),
    _h("10**20", str(10**20)),
    _h("-1", "-1"),
    _h("-2**63", str(-(2**63))),
    _h("١٢٣", "١٢٣"),
    _h("1e3", "1e3"),
    _h("0x10", "0x10"),
    _h("' 12 '", " 12 "),
    _h("''", ""),
    _h("NUL", "\x00"),
    _h("a NUL b", "a\x00b"),
    _h("10,000 chars", "x" * 10_000),
    _h("100,000 chars", "x" * 100_000),
    _h("5,000 digits", DIGITS_5000),
    _h("NaN", "NaN"),
    _h("Infinity", "Infinity"),
    _h("1.5", "1.5"),
    _h("12,50", "12,50"),
)

# Numbers put inside structured texts (a chip list, a structure line, a payout line).
EMBEDDED: tuple[Hostile, ...] = (
    _h("2**31", str(2**31)),
    _h("2**63", str(2**63)),
    _h("10**20", str(10**20)),
    _h("5,000 digits", DIGITS_5000),
    _h("²", "²"),
    _h("-1", "-1"),
)

# Path segments: <int:…> converters get ids; <str:…> and <path:…> get these.
PATH_INTS: tuple[Hostile, ...] = (
    _h("0", "0"),
    _h("2**31", str(2**31)),
    _h("2**63", str(2**63)),
    _h("10**20", str(10**20)),
    _h("5,000 digits", DIGITS_5000),
)
PATH_STRS: tuple[Hostile, ...] = (
    _h("NUL", "\x00"),
    _h("'%00'", "%00"),
    _h("a NUL b", "a\x00b"),
    _h("500 chars", "x" * 500),
    _h("unicode", "ünï😀²"),
    _h("2**63", str(2**63)),
)


def lists_for(valid: list[str], room: int) -> list[Hostile]:
    """Multi-value fields: `room` copies of a valid value, and `room` different values (the
    form may hold at most 1,000 fields: `room` is what is left beside the other fields)."""
    first = valid[0] if valid else "1"
    return [
        _h(f"{room} × {first!r}", [first] * room),
        _h(f"{room} different", [str(n) for n in range(room)]),
    ]


# --- parsing as a person means it ------------------------------------------------------------


def whole(text: str) -> int | None:
    """A whole number as Django's IntegerField reads it (int(), which also takes " 12 " and
    Unicode digits such as "١٢٣"; a trailing ".0" is dropped), or None."""
    try:
        return int(re.sub(r"\.0*\s*$", "", text))
    except ValueError:
        return None


def _number(text: str) -> Fraction | None:
    """A plain decimal number, "12.5" or "12,5" (no exponent, no NaN), or None."""
    text = text.strip().replace(",", ".")
    if not re.fullmatch(r"\d+(?:\.\d+)?", text) or len(text) > 4000:
        return None
    return Fraction(text)


# --- field kinds -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Kind:
    """A field. `refuses(value)`: a request with this value must be refused (store nothing)."""

    required: bool = True

    def refuses(self, value: str | list[str]) -> bool:
        if isinstance(value, list):
            return True  # a single-value field sent many times
        if "\x00" in value:
            return True
        if not value.strip():
            return self.required
        return self.bad(value)

    def bad(self, value: str) -> bool:
        return False

    def embedded(self, baseline: str) -> list[Hostile]:
        """Extra values for a structured text: hostile numbers inside a valid text."""
        return []

    def alike(self, value: str | list[str]) -> Any:
        """A class of values this kind of field treats alike (None: the value is its own)."""
        return None

    def edges(self) -> list[Hostile]:
        """Values just outside this field's bounds."""
        return []


@dataclass(frozen=True)
class Lenient(Kind):
    """Read by the view with a documented default for anything it does not know (a flag
    compared with "on", a version a plain form post may leave out, a poll key): nothing to
    refuse; only server errors count."""

    required: bool = False

    def refuses(self, value: str | list[str]) -> bool:
        return False


@dataclass(frozen=True)
class Bool(Lenient):
    """A checkbox: any value is on, none is off."""


@dataclass(frozen=True)
class Int(Kind):
    lo: int = 0
    hi: int = limits.MAX_CHIPS

    def bad(self, value: str) -> bool:
        number = whole(value)
        return number is None or not self.lo <= number <= self.hi

    def edges(self) -> list[Hostile]:
        below = [_h(f"min-1 ({self.lo - 1})", str(self.lo - 1))] if self.lo > 0 else []
        return [_h(f"max+1 ({self.hi + 1})", str(self.hi + 1)), *below]


@dataclass(frozen=True)
class Exact(Kind):
    """A value the request must repeat exactly (the version, seq or hand the page showed, a
    password): anything else is stale or wrong."""

    expected: str = ""

    def bad(self, value: str) -> bool:
        if whole(self.expected) is not None:
            return whole(value) != whole(self.expected)
        return value != self.expected


@dataclass(frozen=True)
class PageVersion(Kind):
    """The ledger's tournament pages: a version of digits must be the current one; a post
    without one (not digits) is let through by design (ledger/tournament_views.py `_fresh`)."""

    expected: int = 0
    required: bool = False

    def refuses(self, value: str | list[str]) -> bool:
        return isinstance(value, str) and value.isdigit() and whole(value) != self.expected


@dataclass(frozen=True)
class Text(Kind):
    max_length: int = limits.MAX_NAME
    min_length: int = 0
    pattern: str | None = None

    def bad(self, value: str) -> bool:
        text = value.strip()
        if len(text) > self.max_length or len(text) < self.min_length:
            return True
        return self.pattern is not None and re.fullmatch(self.pattern, text) is None

    def alike(self, value: str | list[str]) -> Any:
        """Free text (a name) is stored and shown, never parsed: short plain ASCII texts are
        alike ("NaN", "1e3", "0x10"; digits only are a class of their own); Unicode, commas,
        spaces to strip, empty, NUL and long texts are each their own."""
        if not isinstance(value, str) or value != value.strip() or not 0 < len(value) <= 24:
            return None
        if not re.fullmatch(r"[A-Za-z0-9.*+-]+", value):
            return None
        return ("short plain text", value.isdigit(), self.refuses(value))


def _compact(value: str) -> str:
    return re.sub(r"[\s\u00a0\u202f().\-/]", "", value)


@dataclass(frozen=True)
class Iban(Kind):
    """An IBAN as a person types it: letters, digits and spaces; two letters, two check digits
    and the account; the check digits right (ISO 7064 mod 97-10). Checked here independently
    of ledger.payment (the country lengths are the forms' business: a value this kind passes
    may still be refused)."""

    required: bool = False

    def bad(self, value: str) -> bool:
        iban = re.sub(r"[\s-]", "", value).upper()
        if not re.fullmatch(r"[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}", iban):
            return True
        moved = iban[4:] + iban[:4]
        return int("".join(str(int(ch, 36)) for ch in moved)) % 97 != 1


@dataclass(frozen=True)
class Bic(Kind):
    """A BIC: 8 or 11 letters and digits (bank, country, location, branch)."""

    required: bool = False

    def bad(self, value: str) -> bool:
        bic = re.sub(r"\s", "", value).upper()
        return not re.fullmatch(r"[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?", bic)


@dataclass(frozen=True)
class SwishNumber(Kind):
    """A Swish number: a Swedish mobile number (07…, +467…, 00467…) or a 123 number, ASCII
    digits with spaces and dashes."""

    required: bool = False

    def bad(self, value: str) -> bool:
        number = _compact(value)
        if not number.isascii():
            return True
        number = re.sub(r"^(?:\+46|0046|46(?=\d{9}$))0?", "0", number)
        return not re.fullmatch(r"07\d{8}|123\d{7}", number)


@dataclass(frozen=True)
class PayLink(Kind):
    """A payment link: a web address, http or https only, at most MAX_PAY_LINK characters."""

    required: bool = False

    def bad(self, value: str) -> bool:
        text = value.strip()
        if len(text) > limits.MAX_PAY_LINK or any(ch.isspace() for ch in text):
            return True
        scheme = re.match(r"([A-Za-z][A-Za-z0-9+.-]*):", text)
        return scheme is not None and scheme.group(1).lower() not in ("http", "https")


@dataclass(frozen=True)
class Choice(Kind):
    choices: tuple[str, ...] = ()

    def refuses(self, value: str | list[str]) -> bool:
        if isinstance(value, str) and value in self.choices:
            return False
        return super().refuses(value)

    def bad(self, value: str) -> bool:
        return value not in self.choices


@dataclass(frozen=True)
class Pick(Kind):
    """A model choice: the pk of one of `pks` (the rows this user may pick), or empty when
    optional. Another host's rows, missing rows and non-numbers must be refused."""

    pks: tuple[int, ...] = ()
    required: bool = False

    def bad(self, value: str) -> bool:
        try:
            return int(value) not in self.pks
        except ValueError:
            return True


@dataclass(frozen=True)
class ShownCards(Kind):
    """The cards one player shows at the showdown: exactly `count` cards of the 52-card deck
    (no joker), each once, none of `used`."""

    count: int = 2
    used: tuple[str, ...] = ()

    def refuses(self, value: str | list[str]) -> bool:
        values = [value] if isinstance(value, str) else value
        return UpCards(players=self.count, used=self.used).refuses(values)


@dataclass(frozen=True)
class UpCards(Kind):
    """Stud's up cards, one value per player: each a card ("Qh", "10s", any case), none twice,
    no joker, none of `used`; exactly `players` of them."""

    players: int = 2
    used: tuple[str, ...] = ()

    def refuses(self, value: str | list[str]) -> bool:
        from dealer.engine import parse_card

        values = [value] if isinstance(value, str) else value
        if len(values) != self.players or any("\x00" in v for v in values):
            return True
        cards = []
        for text in values:
            try:
                card = parse_card(text.strip())
            except ValueError:
                return True
            if card.is_joker or len(text) > 8 or str(card) in self.used:
                return True
            cards.append(card)
        return len(set(cards)) != len(cards)


@dataclass(frozen=True)
class DeluxeCards(Kind):
    """A Poker-Deluxe hand typed as text ("As Kd 7h 7c 2s"): exactly `count` distinct cards of
    the 52-card deck, at most 60 characters."""

    count: int = 5

    def bad(self, value: str) -> bool:
        from dealer.engine.deluxe import check_cards

        if len(value.strip()) > 60:
            return True
        try:
            check_cards(self.count, value.strip())
        except ValueError:
            return True
        return False


@dataclass(frozen=True)
class PokerDice(Kind):
    """Five poker dice typed or tapped ("K K 9 9 A"): exactly five of 9 10 J Q K A, at most 40
    characters."""

    def bad(self, value: str) -> bool:
        from dealer.engine.dice import parse_dice

        if len(value.strip()) > 40:
            return True
        try:
            parse_dice(value.strip())
        except ValueError:
            return True
        return False


@dataclass(frozen=True)
class Many(Kind):
    """A multi-value field: each value one of `choices`, none twice, at most `most`."""

    choices: tuple[str, ...] = ()
    most: int = 10

    def refuses(self, value: str | list[str]) -> bool:
        values = [value] if isinstance(value, str) else value
        return (
            not values
            or len(values) > self.most
            or len(set(values)) != len(values)
            or any(v not in self.choices for v in values)
        )


@dataclass(frozen=True)
class Money(Kind):
    """Money as a person types it in `currency` (syntax: ledger.settlement.parse_money), from
    `lo_minor` minor units to MAX_MONEY_MAJOR in the major unit."""

    currency: str = "SEK"
    lo_minor: int = 0

    def bad(self, value: str) -> bool:
        from ledger import settlement

        try:
            minor = settlement.parse_money(value, self.currency)
        except Exception:  # MoneyError, or worse: either way not an amount
            return True
        top = limits.MAX_MONEY_MAJOR * settlement.currency(self.currency).minor_per_major
        return not self.lo_minor <= minor <= top

    def edges(self) -> list[Hostile]:
        over = limits.MAX_MONEY_MAJOR + 1
        return [_h(f"max+1 ({over})", str(over)), *([_h("0", "0")] if self.lo_minor else [])]


@dataclass(frozen=True)
class Amount(Kind):
    """A decimal number (Django's DecimalField): `lo` to `hi`, at most `places` decimals."""

    lo: Decimal = Decimal(0)
    hi: Decimal = Decimal(limits.MAX_MONEY_MAJOR)
    places: int = 2

    def bad(self, value: str) -> bool:
        try:
            number = Decimal(value.strip())
        except InvalidOperation:
            return True
        if not number.is_finite():
            return True
        exponent = number.as_tuple().exponent
        if isinstance(exponent, int) and -exponent > self.places:
            return True
        return not self.lo <= number <= self.hi

    def edges(self) -> list[Hostile]:
        # Beyond the bound, and the largest amount a DecimalField(max_digits=10) takes.
        return [_h(f"max+1 ({self.hi + 1})", str(self.hi + 1)), _h("99999999.99", "99999999.99")]


def _parts(text: str) -> list[str]:
    return [part for part in re.split(r"[\s,;]+", text.strip()) if part]


@dataclass(frozen=True)
class ChipList(Kind):
    """Chip values: "5, 25, 100": whole numbers from 1 to MAX_CHIPS, at most MAX_CHIP_VALUES."""

    max_length: int = limits.MAX_TEXT

    def bad(self, value: str) -> bool:
        if len(value) > self.max_length:
            return True
        numbers = [whole(part) for part in _parts(value)]
        return len(numbers) > limits.MAX_CHIP_VALUES or any(
            n is None or not 1 <= n <= limits.MAX_CHIPS for n in numbers
        )

    def embedded(self, baseline: str) -> list[Hostile]:
        many = ", ".join(str(n) for n in range(1, limits.MAX_CHIP_VALUES + 2))
        return [_h(f"chip {x.label}", f"{baseline}, {x.value}") for x in EMBEDDED] + [
            _h(f"{limits.MAX_CHIP_VALUES + 1} chip values", many)
        ]


@dataclass(frozen=True)
class ChipSet(Kind):
    """A chip set: "white 1, red 5": colours (a name each) and values from 1 to MAX_CHIPS."""

    required: bool = False

    def bad(self, value: str) -> bool:
        parts = [p.strip() for p in value.split(",") if p.strip()]
        colours = []
        for part in parts:
            colour, _sep, number = part.rpartition(" ")
            amount = whole(number)
            if not colour.strip() or amount is None or not 1 <= amount <= limits.MAX_CHIPS:
                return True
            if len(colour.strip()) > limits.MAX_NAME:
                return True
            colours.append(colour.strip().lower())
        return len(parts) > limits.MAX_CHIP_VALUES or len(set(colours)) != len(colours)

    def embedded(self, baseline: str) -> list[Hostile]:
        many = ", ".join(f"colour{n} {n}" for n in range(1, limits.MAX_CHIP_VALUES + 2))
        return [_h(f"chip {x.label}", f"{baseline}, gold {x.value}") for x in EMBEDDED] + [
            _h(f"{limits.MAX_CHIP_VALUES + 1} colours", many),
            _h("10,000-char colour", f"{'x' * 10_000} 500"),
        ]


_LEVEL = re.compile(
    r"(\d+)\s*/\s*(\d+)(?:\s+(?:ante|bb-ante|bba)\s+(\d+))?\s*,?\s+(\d+(?:[.,]\d+)?)\s*"
    r"(?:m|min|minutes)?",
    re.IGNORECASE,
)
_BREAK = re.compile(
    r"(?:break|paus|pause)\s+(\d+(?:[.,]\d+)?)\s*(?:m|min|minutes)?\s*,?"
    r"(?:\s+colou?r-?up\s+([\d ,]+))?",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Steps(Kind):
    """A structure, one step a line: blinds and antes up to MAX_CHIPS, minutes above 0 and up
    to MAX_LEVEL_MINUTES, at most MAX_STEPS steps, at most MAX_TEXT characters."""

    def bad(self, value: str) -> bool:
        if len(value) > limits.MAX_TEXT:
            return True
        steps = 0
        for raw in value.splitlines():
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            steps += 1
            if match := _LEVEL.fullmatch(line):
                *chips, minutes = match.groups()
            elif match := _BREAK.fullmatch(line):
                minutes, colour_up = match.groups()
                chips = re.split(r"[\s,]+", colour_up or "")
            else:
                return True
            numbers = [whole(c) for c in chips if c]
            if any(n is None or n > limits.MAX_CHIPS for n in numbers):
                return True
            length = _number(minutes)
            if length is None or not 0 < length <= limits.MAX_LEVEL_MINUTES:
                return True
        return steps == 0 or steps > limits.MAX_STEPS

    def embedded(self, baseline: str) -> list[Hostile]:
        lines = {
            "blinds": "{x}/{x} 20 min",
            "minutes": "200/400 {x} min",
            "ante": "200/400 ante {x} 20 min",
            "break": "break {x} min",
            "colour-up": "break 10 min colour-up {x}",
        }
        # Whole numbers only: a line with "²" or "-1" in it is no step, like any other text.
        numbers = [x for x in EMBEDDED if whole(x.value) is not None or len(x.value) > 4300]
        numbers = [x for x in numbers if not x.value.startswith("-")]
        values = [
            _h(f"{where} {x.label}", f"{baseline}\n{line.format(x=x.value)}")
            for where, line in lines.items()
            for x in numbers
        ]
        long = "\n".join(["10/20 1 min"] * (limits.MAX_STEPS + 1))
        return [*values, _h(f"{limits.MAX_STEPS + 1} steps", long)]


_PAYOUT = re.compile(r"\s*(\d+)\s*(?:[-–]\s*(\d+)|(\+))?\s*:\s*(.+?)\s*")


@dataclass(frozen=True)
class PayoutTable(Kind):
    """Payout lines "7-10: 50 30 20": entries up to MAX_ENTRIES, at most MAX_PLACES places,
    percentages from 0 to 100; at most MAX_TEXT characters."""

    def bad(self, value: str) -> bool:
        if len(value) > limits.MAX_TEXT:
            return True
        lines = [line for line in value.splitlines() if line.strip()]
        for line in lines:
            match = _PAYOUT.fullmatch(line)
            if match is None:
                return True
            low, high = whole(match.group(1)), whole(match.group(2) or match.group(1))
            if low is None or high is None or not 1 <= low <= high <= limits.MAX_ENTRIES:
                return True
            percents = [_number(p) for p in re.split(r"[\s;/]+|,\s+", match.group(4)) if p]
            if len(percents) > limits.MAX_PLACES:
                return True
            if any(p is None or not 0 < p <= 100 for p in percents):
                return True
        return not lines

    def embedded(self, baseline: str) -> list[Hostile]:
        def bracket(x: Hostile) -> str:
            after = whole(x.value)
            upper = str(after + 1) if after is not None else x.value
            return f"1: 100\n2-{x.value}: 65 35\n{upper}+: 50 30 20"

        places = " ".join(["0.8"] * 125)
        return [
            *(_h(f"entries {x.label}", bracket(x)) for x in EMBEDDED),
            *(
                _h(f"entries from {x.label}", f"1: 100\n2-6: 65 35\n{x.value}+: 50 30 20")
                for x in EMBEDDED
            ),
            *(_h(f"percent {x.label}", f"1: 100\n2+: {x.value} 35") for x in EMBEDDED),
            _h("125 places", f"1: 100\n2-200: 65 35\n201+: {places}"),
        ]


USERNAME = r"[\w.@+-]+"

Oracle = Callable[[str | list[str]], bool]


@dataclass
class Field:
    """A field a view reads: its kind, and whether it is read only through a Django form field
    (`form_field`, with the prefix removed), so that values the form field provably treats
    alike may be sent once (see walk.py)."""

    kind: Kind
    form_field: str | None = None
    family: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
