"""Paying at the table: each transfer of a settled session as a payment code the payer scans.

Which code a transfer gets depends on the session's currency and what the roster holds for the
payee: SEK and a Swish number, a Swish code; EUR and an IBAN, a SEPA credit transfer code
(EPC069-12); anything else, the payee's details as text to copy and their own payment link.
The texts are made by `ledger.payment` (pure), which refuses invalid data: then the page
shows the reason instead of a code. The codes are SVG made here by segno; nothing leaves the
machine and no payment provider is asked anything.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import segno
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from config.text import isolate
from ledger import payment
from ledger.models import Player, Session, Transfer
from ledger.payment import PaymentError

PAYMENT_ERRORS = {
    "iban_form": gettext_lazy(
        "That is not an IBAN: two letters for the country, two check digits, then the account "
        "(DE89 3704 0044 0532 0130 00)."
    ),
    "iban_country": gettext_lazy("Pott does not know IBANs of the country %(country)s."),
    "iban_length": gettext_lazy("An IBAN from %(country)s has %(length)s characters."),
    "iban_check": gettext_lazy(
        "The IBAN's check digits do not match: a character is wrong or two are swapped."
    ),
    "bic_form": gettext_lazy(
        "That is not a BIC: 8 or 11 letters and digits, such as DEUTDEFF or DEUTDEFF500."
    ),
    "bic_missing": gettext_lazy("This code needs the bank's BIC."),
    "swish_form": gettext_lazy(
        "That is not a Swish number: a Swedish mobile number (070-123 45 67, +46 70 123 45 67) "
        "or a Swish business number of ten digits starting with 123."
    ),
    "amount_zero": gettext_lazy("There is nothing to pay: the amount is zero."),
    "amount_large": gettext_lazy("The amount is larger than the payment app accepts."),
    "message_long": gettext_lazy("The message is longer than the %(limit)s characters allowed."),
    "message_characters": gettext_lazy("The message has characters the payment app refuses."),
    "name_missing": gettext_lazy("The payee has no name."),
    "name_long": gettext_lazy("The payee's name is longer than the %(limit)s characters allowed."),
    "reference_and_text": gettext_lazy("A reference or a message, not both."),
    "purpose": gettext_lazy("A purpose code is four capital letters."),
    "lock": gettext_lazy("That lock mask is not one Swish knows."),
    "epc_version": gettext_lazy("That EPC version is not one Pott makes."),
    "payload_long": gettext_lazy("The code would hold more than the standard allows."),
}


def error_text(error: PaymentError) -> str:
    """The message for a PaymentError, in the reader's language."""
    return str(PAYMENT_ERRORS[error.code]) % error.params


def make_qr(payload: str) -> segno.QRCode:
    """The QR code of a payment text, as every payment code here is made."""
    return segno.make(payload, error="m", micro=False, boost_error=False, encoding="utf-8")


@lru_cache(maxsize=256)
def qr_svg(payload: str) -> str:
    """A payment code as inline SVG: error correction level M (EPC069-12 asks for it), never
    a Micro QR code (no payment app reads those), the text in UTF-8 (what EPC's character set
    1 and Swish read). Black on white with a quiet zone of four modules; the page sizes it (a
    viewBox, no width or height)."""
    out = io.BytesIO()
    qr = make_qr(payload)
    qr.save(out, kind="svg", border=4, xmldecl=False, svgclass="paycode", omitsize=True)
    return out.getvalue().decode()


@dataclass
class PayCode:
    """How one transfer is paid: a code (its scheme, the text it holds and its SVG), or the
    reason there is none; the payee's details as text and their payment link."""

    transfer: Transfer
    payer: str
    payee: str
    scheme: str = ""  # "swish", "epc" or "" (no code)
    payload: str = ""
    svg: str = ""
    problem: str = ""
    # The host can add the missing details on this roster page (None: the bank).
    fix: Player | None = None
    details: list[tuple[str, str]] = field(default_factory=list)
    link: str = ""

    @property
    def scheme_name(self) -> str:
        return {"swish": "Swish", "epc": _("SEPA transfer (EPC QR code)")}.get(self.scheme, "")


def message(session: Session) -> str:
    """The message a payment carries: "Pott 2026-11-23, Friday" (the night's date and name)."""
    day = timezone.localdate(session.created_at).isoformat()
    return f"Pott {day}, {session.name}"


def safe_link(url: str) -> str:
    """A player's payment link, only if it is http(s) (the form refuses others; this is the
    second lock)."""
    return url if url.lower().startswith(("https://", "http://")) else ""


def details(player: Player) -> list[tuple[str, str]]:
    """A player's payment details as (label, text) to copy."""
    out = []
    if player.swish:
        out.append((_("Swish"), payment.group_swish(player.swish)))
    if player.iban:
        out.append((_("IBAN"), payment.group_iban(player.iban)))
    if player.bic:
        out.append((_("BIC"), player.bic))
    if player.payment_details:
        out.append((_("Details"), player.payment_details))
    return out


def pay_code(session: Session, transfer: Transfer) -> PayCode:
    """The payment code of one transfer of `session` (or why there is none)."""
    payee = transfer.payee
    code = PayCode(
        transfer=transfer,
        payer=str(transfer.payer) if transfer.payer else _("the bank"),
        payee=str(payee) if payee else _("the bank"),
    )
    if payee is None:
        code.problem = _(
            "The bank (the host) has no payment details: pay the host directly, or the host "
            "names a banker player in the settlement options."
        )
        return code
    code.fix = payee
    code.details = details(payee)
    code.link = safe_link(payee.pay_link)
    text = message(session)
    try:
        if session.currency == "SEK" and payee.swish:
            code.scheme = "swish"
            code.payload = payment.swish_payload(
                payee.swish, transfer.amount, payment.swish_message(text)
            )
        elif session.currency == "EUR" and payee.iban:
            code.scheme = "epc"
            code.payload = payment.epc_payload(
                name=(payee.name.strip())[: payment.EPC_NAME_MAX],
                iban=payee.iban,
                bic=payee.bic,
                amount_cents=transfer.amount,
                text=text[: payment.EPC_TEXT_MAX],
            )
        elif not code.details and not code.link:
            code.problem = _("%(name)s has no payment details in the roster.") % {
                "name": isolate(payee.name)
            }
        elif session.currency in ("SEK", "EUR"):
            what = _("Swish number") if session.currency == "SEK" else _("IBAN")
            code.problem = _(
                "%(name)s has no %(what)s in the roster: no code, pay with the details below."
            ) % {"name": isolate(payee.name), "what": what}
    except PaymentError as error:
        code.scheme, code.payload = "", ""
        code.problem = _("No code: %(reason)s") % {"reason": error_text(error)}
        return code
    if code.payload:
        code.svg = qr_svg(code.payload)
    return code


def pay_codes(session: Session, transfers: Any = None) -> list[PayCode]:
    """The payment codes of a settled session's transfers (those not carried into a later
    session), in the settlement's order."""
    if transfers is None:
        transfers = session.transfers.filter(carried_to__isnull=True).select_related(
            "payer", "payee"
        )
    return [pay_code(session, t) for t in transfers]
