"""Payment codes for a settlement's transfers: pure Python, no Django, no I/O.

Checks of what a host types for a player (an IBAN, a BIC, a Swedish mobile or Swish number)
and the texts the payer's app reads from a QR code:

- Swish (SEK), the prefilled-payment QR text Swish documents ("QR code encoding
  specification", Swish C2B): `C<payee>;<amount>;<message>;<lock mask>`, the amount in kronor
  with two decimals and a decimal comma ("C1237856901;100,00;12229445;0"). The lock mask says
  what the payer may change: bit 0 the payee, bit 1 the amount, bit 2 the message; 0 fixes all.
  The payee is the number as the Swish app shows it: a Swish business number "123…" or a
  mobile number in its national form "07…". Swish documents the message as URL-encoded and
  allows letters, digits, space and `!?(),.-:`; Pott keeps messages to those characters (so
  the text reads the same whether the app decodes it or not) and to 50 characters.
- SEPA credit transfer (EUR), the European Payments Council's QR code (EPC069-12, "GiroCode"):
  lines `BCD`, the version (`002`; `001` needs a BIC), the character set (`1`: UTF-8), `SCT`,
  the BIC (optional in version 002), the beneficiary's name (at most 70 characters), the IBAN,
  the amount (`EUR12.34`; `EUR1` for a whole euro), a purpose code, a structured reference, the
  remittance text (at most 140 characters), and information for the payer, joined by "\\n"
  with trailing empty lines left off. The standard asks for error correction level M.

Every builder refuses (PaymentError, with a `code` the caller words) rather than make a code
from invalid data: a code a banking app would reject, or one that pays the wrong amount.
"""

from __future__ import annotations

import re
import unicodedata

# The length of an IBAN in each country of the IBAN registry (ISO 13616) Pott knows.
IBAN_LENGTHS: dict[str, int] = {
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22,
    "BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "DO": 28,
    "EE": 20, "EG": 29, "ES": 24, "FI": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23,
    "GL": 18, "GR": 27, "GT": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26,
    "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20,
    "LV": 21, "LY": 25, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MR": 27, "MT": 31, "MU": 30,
    "NL": 18, "NO": 15, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22,
    "SA": 24, "SC": 31, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "ST": 25, "SV": 28, "TL": 23,
    "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20,
}  # fmt: skip

SWISH_MESSAGE_MAX = 50
EPC_NAME_MAX = 70
EPC_TEXT_MAX = 140
# Swish: at most 999 999 999 999,99 kr; EPC: EUR 0.01 to 999999999.99.
SWISH_AMOUNT_MAX = 99_999_999_999_999
EPC_AMOUNT_MAX = 99_999_999_999
# The characters Swish allows in a message (besides letters and digits).
SWISH_MESSAGE_PUNCTUATION = " !?(),.-:"
SWISH_LETTERS = "åäöÅÄÖ"

_SEPARATORS = re.compile(r"[\s\u00a0\u202f().\-/]")
_IBAN_FORM = re.compile(r"[A-Z]{2}[0-9]{2}[A-Z0-9]+")
_BIC_FORM = re.compile(r"[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?")


class PaymentError(ValueError):
    """Data no payment code can be made from; `code` says why (the caller words the message),
    `params` hold what the message names (a length, a country)."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


# --- what a host types ------------------------------------------------------------------------


def normalize_iban(text: str) -> str:
    """An IBAN as typed ("se45 5000 0000 0583 9825 7466") in its electronic form
    ("SE4550000000058398257466"), checked: the form, the country's length and the check digits
    (ISO 7064 mod 97-10). Raises PaymentError: "iban_form", "iban_country", "iban_length",
    "iban_check"."""
    iban = re.sub(r"[\s\u00a0\u202f-]", "", text or "").upper()
    if len(iban) > 34 or not iban.isascii() or not _IBAN_FORM.fullmatch(iban):
        raise PaymentError("iban_form")
    country = iban[:2]
    if country not in IBAN_LENGTHS:
        raise PaymentError("iban_country", country=country)
    if len(iban) != IBAN_LENGTHS[country]:
        raise PaymentError("iban_length", country=country, length=IBAN_LENGTHS[country])
    digits = "".join(str(int(ch, 36)) for ch in iban[4:] + iban[:4])
    if int(digits) % 97 != 1:
        raise PaymentError("iban_check")
    return iban


def group_iban(iban: str) -> str:
    """An IBAN in groups of four, as printed: "SE45 5000 0000 0583 9825 7466"."""
    return " ".join(iban[i : i + 4] for i in range(0, len(iban), 4))


def normalize_bic(text: str) -> str:
    """A BIC (SWIFT code) as typed, upper case without spaces: 8 or 11 characters, a bank code
    of four letters, a country of two, a location of two letters or digits, an optional
    branch of three. Raises PaymentError("bic_form")."""
    bic = re.sub(r"\s", "", text or "").upper()
    if not bic.isascii() or not _BIC_FORM.fullmatch(bic):
        raise PaymentError("bic_form")
    return bic


def normalize_swish(text: str) -> str:
    """A Swish number as typed, in the form the Swish app shows: a Swedish mobile number in its
    national form ("070-123 45 67", "+46 70 123 45 67", "0046701234567" → "0701234567") or a
    Swish business number (ten digits starting with 123: "123 456 78 90" → "1234567890").
    Raises PaymentError("swish_form")."""
    number = _SEPARATORS.sub("", text or "")
    if number.startswith("+46"):
        number = "0" + number[3:]
    elif number.startswith("0046"):
        number = "0" + number[4:]
    elif number.startswith("46") and len(number) == 11:
        number = "0" + number[2:]
    if number.startswith("00"):
        number = number[1:]  # "+46 070…": the trunk zero typed after the country code
    if not number.isascii() or not re.fullmatch(r"07[0-9]{8}|123[0-9]{7}", number):
        raise PaymentError("swish_form")
    return number


def group_swish(number: str) -> str:
    """A Swish number as people write it: "070-123 45 67", "123 456 78 90"."""
    if number.startswith("07"):
        return f"{number[:3]}-{number[3:6]} {number[6:8]} {number[8:]}"
    return f"{number[:3]} {number[3:6]} {number[6:8]} {number[8:]}"


# --- messages ---------------------------------------------------------------------------------


def swish_message(text: str) -> str:
    """`text` in the characters Swish allows: accents taken off letters outside å, ä, ö
    ("Müller" → "Muller"), anything else (a slash, a semicolon, an emoji) a space, runs of
    spaces one, at most 50 characters."""
    out = []
    for ch in text:
        allowed = ch.isascii() and (ch.isalnum() or ch in SWISH_MESSAGE_PUNCTUATION)
        if allowed or ch in SWISH_LETTERS:
            out.append(ch)
            continue
        base = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
        out.append(base if base.isalnum() else " ")
    return re.sub(r" +", " ", "".join(out)).strip()[:SWISH_MESSAGE_MAX].strip()


# --- payloads ---------------------------------------------------------------------------------


def _check_amount(amount: int, most: int) -> None:
    if amount <= 0:
        raise PaymentError("amount_zero")
    if amount > most:
        raise PaymentError("amount_large")


def swish_payload(number: str, amount_ore: int, message: str, *, lock: int = 0) -> str:
    """The Swish QR text for paying `amount_ore` (öre) to `number` with `message`.

    >>> swish_payload("1237856901", 10000, "12229445")
    'C1237856901;100,00;12229445;0'
    """
    payee = normalize_swish(number)
    if payee != number:
        raise PaymentError("swish_form")
    _check_amount(amount_ore, SWISH_AMOUNT_MAX)
    if len(message) > SWISH_MESSAGE_MAX:
        raise PaymentError("message_long", limit=SWISH_MESSAGE_MAX)
    if swish_message(message) != message:
        raise PaymentError("message_characters")
    if not 0 <= lock <= 7:
        raise PaymentError("lock")
    kronor, ore = divmod(amount_ore, 100)
    return f"C{payee};{kronor},{ore:02d};{message};{lock}"


def epc_payload(
    *,
    name: str,
    iban: str,
    amount_cents: int,
    text: str = "",
    bic: str = "",
    purpose: str = "",
    reference: str = "",
    information: str = "",
    version: str = "002",
) -> str:
    """The EPC069-12 QR text of a SEPA credit transfer of `amount_cents` (euro cents) to
    `name` (`iban`, `bic`) with the remittance `text` (or a structured creditor `reference`:
    one or the other), in UTF-8 (character set 1)."""
    if version not in ("001", "002"):
        raise PaymentError("epc_version")
    if normalize_iban(iban) != iban:
        raise PaymentError("iban_form")
    if bic and normalize_bic(bic) != bic:
        raise PaymentError("bic_form")
    if version == "001" and not bic:
        raise PaymentError("bic_missing")
    name = name.strip()
    if not name:
        raise PaymentError("name_missing")
    if len(name) > EPC_NAME_MAX:
        raise PaymentError("name_long", limit=EPC_NAME_MAX)
    _check_amount(amount_cents, EPC_AMOUNT_MAX)
    if len(text) > EPC_TEXT_MAX:
        raise PaymentError("message_long", limit=EPC_TEXT_MAX)
    if text and reference:
        raise PaymentError("reference_and_text")
    if purpose and not re.fullmatch(r"[A-Z]{4}", purpose):
        raise PaymentError("purpose")
    if len(reference) > 35 or len(information) > 70:
        raise PaymentError("message_long", limit=35 if len(reference) > 35 else 70)
    if any(ch in "\r\n" for ch in name + text + reference + information):
        raise PaymentError("message_characters")
    euros, cents = divmod(amount_cents, 100)
    amount = f"EUR{euros}" if not cents else f"EUR{euros}.{cents:02d}"
    lines = ["BCD", version, "1", "SCT", bic, name, iban, amount, purpose, reference, text,
             information]  # fmt: skip
    while not lines[-1]:
        lines.pop()
    payload = "\n".join(lines)
    if len(payload.encode()) > 331:
        raise PaymentError("payload_long")
    return payload
