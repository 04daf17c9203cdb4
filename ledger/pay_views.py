"""Paying at the table: the payers' phone link of a session and the host's sheet of codes.

The phone link (/pay/<token>/) is opened without logging in, like the table's phone link: an
unguessable token (secrets.token_urlsafe, shown as a QR code on the settled session's page),
read-only but for one thing: a payer marks their own transfer paid. That tap changes nothing
when it comes too late (the transfer is already marked paid, or the host reopened the night):
the page says so. Only the host undoes a mark (on the session page).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from config.http import HtmxHttpRequest
from config.network import lan_url
from config.revision import region_or_page
from ledger.models import Player, Session, Transfer
from ledger.pay import pay_code, pay_codes, qr_svg


def _by_token(token: str) -> Session:
    return get_object_or_404(Session, pay_token=token)


def pay_link(request: HtmxHttpRequest, session: Session) -> dict[str, str]:
    """The payers' phone link of a session and its QR code."""
    url = lan_url(request, reverse("ledger:pay", args=[session.pay_token]))
    return {"pay_url": url, "pay_qr": qr_svg(url)}


def _open(session: Session) -> Any:
    return session.transfers.filter(carried_to__isnull=True).select_related("payer", "payee")


def _parties(session: Session) -> list[Player]:
    """The players of a settled night's transfers, by name."""
    people = {}
    for t in _open(session):
        for p in (t.payer, t.payee):
            if p is not None:
                people[p.pk] = p
    return sorted(people.values(), key=lambda p: (p.name.lower(), p.pk))


@require_GET
def pay(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The payers' phone link: "Who are you?" (the players of the night's transfers)."""
    session = _by_token(token)
    return render(
        request,
        "ledger/pay.html",
        {"session": session, "people": _parties(session) if session.is_locked else []},
    )


def _player_page(
    request: HtmxHttpRequest, session: Session, player: Player, **extra: Any
) -> HttpResponse:
    transfers = list(_open(session)) if session.is_locked else []
    context = {
        "session": session,
        "player": player,
        "pays": [pay_code(session, t) for t in transfers if t.payer_id == player.pk],
        "gets": [t for t in transfers if t.payee_id == player.pk],
        **extra,
    }
    return region_or_page(request, "ledger/pay_player.html", "pay", context)


def _player(session: Session, pk: int) -> Player:
    """A player of this night (bought in, or pays or gets in its settlement)."""
    night = Q(buy_ins__session=session) | Q(payments__session=session)
    night |= Q(receipts__session=session)
    players = Player.objects.filter(night, host=session.host_id).distinct()
    return get_object_or_404(players, pk=pk)


@require_GET
def pay_player(request: HtmxHttpRequest, token: str, player: int) -> HttpResponse:
    """One player's page: "You pay Anna 240 kr", the code, and a Paid button each."""
    session = _by_token(token)
    return _player_page(request, session, _player(session, player))


@require_POST
def pay_paid(request: HtmxHttpRequest, token: str, pk: int) -> HttpResponse:
    """The payer marks their transfer paid. A transfer withdrawn (the host reopened the night)
    or already marked paid changes nothing, and the page says why."""
    session = _by_token(token)
    transfer = Transfer.objects.filter(pk=pk, session=session).select_related("payer").first()
    if transfer is None or transfer.payer is None:
        # Gone with a reopen (or the bank's, which the host marks): back to "Who are you?".
        error = (
            _("The host changed the settlement: this transfer no longer exists.")
            if transfer is None
            else _("The bank's payments are marked by the host.")
        )
        people = _parties(session) if session.is_locked else []
        context = {"session": session, "people": people, "error": error}
        return region_or_page(request, "ledger/pay.html", "pay", context)
    try:
        transfer.mark_paid_by_payer()
    except ValidationError as error:
        session.refresh_from_db()
        return _player_page(request, session, transfer.payer, error=" ".join(error.messages))
    session.refresh_from_db()
    done = _("Marked paid. Thank you! (Tapped by mistake? Ask the host to undo it.)")
    return _player_page(request, session, transfer.payer, done=done)


@require_GET
@login_required
def session_codes(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The night's sheet to print: every transfer with its payment code, and the payers'
    phone link."""
    session = get_object_or_404(Session, pk=pk, host=request.user)
    return render(
        request,
        "ledger/pay_sheet.html",
        {
            "session": session,
            "codes": pay_codes(session) if session.is_locked else [],
            **pay_link(request, session),
        },
    )
