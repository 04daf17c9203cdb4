"""Read-only views for other devices: the table display (TV, laptop) and the players' phones.

They are opened by the table's unguessable token (shown as a QR code on the dealer's screen),
without logging in, and follow the table by polling about once a second.
"""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_GET

from config.http import HtmxHttpRequest
from config.network import lan_url, qr_svg
from dealer.gamelog import polls
from dealer.gamelog.display import SHELL, board_context
from dealer.poker.models import Table
from dealer.poker.screens import add_equity, table_context


def _by_token(token: str) -> Table:
    return get_object_or_404(Table.objects.select_related("session"), display_token=token)


def _context(table: Table, mode: str) -> dict[str, Any]:
    context = table_context(table)
    add_equity(context, table)
    return board_context(
        context,
        mode=mode,
        title=table.name,
        board="dealer/poker/display.html",
        poll_url=reverse(f"dealer:{mode}_poll", args=[table.display_token]),
        poll_key=context["poll_key"],
    )


@require_GET
def display(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The table display for a TV or laptop: big type, pot, stacks, whose turn, blinds."""
    return render(request, SHELL, _context(_by_token(token), "display"))


@require_GET
def phone(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The players' view on a phone: the same, laid out for a narrow screen."""
    return render(request, SHELL, _context(_by_token(token), "phone"))


def table_row(token: str) -> tuple[int, int | None] | None:
    """(version, clock id) of the table whose display token is `token`, or None."""

    def read() -> list[Any] | None:
        with connection.cursor() as cursor:
            # Hand-written SQL on purpose: compiling the same lookup through the ORM cost more
            # than the rest of the poll.
            cursor.execute(
                f"SELECT version, clock_id FROM {Table._meta.db_table} WHERE display_token = %s",
                [token],
            )
            found = cursor.fetchone()
        return list(found) if found else None

    found = polls.row("table", token, read)
    return (found[0], found[1]) if found else None


def _unchanged(token: str, seen: str | None) -> bool:
    """Whether the table of `token` is still at the poll key `seen`: one indexed read or one
    read of the shared cache (dealer/gamelog/polls.py), the usual answer to a TV's or phone's poll.
    A tournament table's key may also hold the clock's level (Table.poll_key): the full read
    decides those."""
    if not seen or not seen.isdigit():
        return False
    row = table_row(token)
    return row is not None and row[1] is None and str(row[0]) == seen


def _poll(request: HtmxHttpRequest, token: str, mode: str) -> HttpResponse:
    seen = request.GET.get("v")
    if _unchanged(token, seen):
        return HttpResponse(status=204)
    table = _by_token(token)
    key = table.poll_key()
    if seen == key:
        return HttpResponse(status=204)
    return HttpResponse(polls.board(table, key, mode, lambda: _board(request, table, mode)))


def _board(request: HttpRequest, table: Table, mode: str) -> str:
    return render_to_string(f"{SHELL}#board", _context(table, mode), request)


@require_GET
def display_poll(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Nothing (204) unless the table changed since version `v`; then the new board."""
    return _poll(request, token, "display")


@require_GET
def phone_poll(request: HtmxHttpRequest, token: str) -> HttpResponse:
    return _poll(request, token, "phone")


def device_links(request: HttpRequest, table: Table) -> dict[str, str]:
    """The display and phone links of a table, and the phone link's QR code."""
    phone_url = lan_url(request, reverse("dealer:phone", args=[table.display_token]))
    return {
        "display_url": lan_url(request, reverse("dealer:display", args=[table.display_token])),
        "phone_url": phone_url,
        "phone_qr": qr_svg(phone_url),
        "join_url": lan_url(request, reverse("dealer:co_dealer_join", args=[table.invite_token()])),
    }
