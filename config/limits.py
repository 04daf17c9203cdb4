"""What a number or a text in a home game can mean: the bounds every form and model enforces.

Pure Python (no Django), so the pure parts (ledger/settlement.py, the calculator's parsing) may
use it too. A form refuses a value outside its bound with a message that names the bound; the
models back each bound with a database constraint, so no path around the forms can store one.
"""

from __future__ import annotations

# Chips: one amount a person types or Pott stores per row (a stack, a buy-in, a count, a blind,
# a bet, a chip value, starting chips). A hundred million is far beyond any home game's box,
# and sums of thousands of such rows still fit the 64-bit columns totals are kept in.
MAX_CHIPS = 100_000_000
# Chips one player can hold or be counted with (many buy-ins, a night of winning): the chip
# columns that sum amounts are 64-bit.
MAX_STACK = 10_000_000_000
# Chips of one colour in one count.
MAX_CHIP_COUNT = 100_000
# Denominations in a chip set.
MAX_CHIP_VALUES = 12

# Money typed by a person (a buy-in's price, a cash step, a tournament's buy-in or prize):
# at most a million in the currency's major unit (1,000,000 kr, €1,000,000).
MAX_MONEY_MAJOR = 1_000_000
# The same in minor units for the currency with the most minor digits Pott knows (3: KWD);
# the database bound on money columns (minor units).
MAX_MONEY_MINOR = MAX_MONEY_MAJOR * 1000

# Tournaments and structures.
MAX_LEVEL = 999
MAX_LEVEL_MINUTES = 24 * 60
MAX_STEPS = 200
MAX_PLACES = 100
MAX_ENTRIES = 10_000

# Texts: names and free text. Every text field has a maximum length.
MAX_NAME = 80
MAX_NICKNAME = 40
MAX_PAYMENT_DETAILS = 500
# A player's own payment link (a payment app's or bank's page), http(s) only.
MAX_PAY_LINK = 300
MAX_USERNAME = 150
# Multi-line texts the host types (a structure, a payout table).
MAX_TEXT = 10_000


def whole_number(text: object, most: int, *, least: int = 0) -> int | None:
    """A whole number someone typed or a page posted, from `least` to `most`, else None.

    ASCII digits only: no sign, no "1e3", no "²" (which `str.isdigit` accepts and `int` does
    not), and at most 19 of them, so reading it is never slow (`int` of thousands of digits is).
    """
    text = str(text).strip()
    if not (0 < len(text) <= 19 and text.isascii() and text.isdigit()):
        return None
    value = int(text)
    return value if least <= value <= most else None
