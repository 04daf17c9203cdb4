"""Read-only views for other devices: the table display (TV, laptop) and the players' phones.

They are opened by the table's unguessable token (shown as a QR code on the dealer's screen),
without logging in, and follow the table by polling about once a second.
"""

from __future__ import annotations

import io
import socket
import time
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

import segno
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_GET

from config.http import HtmxHttpRequest
from dealer import polls
from dealer.management.commands.pott_addresses import lan_ipv4_addresses
from dealer.models import Table
from dealer.screens import add_equity, table_context

LOOPBACK = {"localhost", "127.0.0.1", "::1", "[::1]"}


def _by_token(token: str) -> Table:
    return get_object_or_404(Table.objects.select_related("session"), display_token=token)


def _context(table: Table, mode: str) -> dict[str, Any]:
    context = table_context(table)
    add_equity(context, table)
    context["mode"] = mode
    context["poll_url"] = reverse(f"dealer:{mode}_poll", args=[table.display_token])
    return context


@require_GET
def display(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The table display for a TV or laptop: big type, pot, stacks, whose turn, blinds."""
    return render(request, "dealer/display.html", _context(_by_token(token), "display"))


@require_GET
def phone(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The players' view on a phone: the same, laid out for a narrow screen."""
    return render(request, "dealer/display.html", _context(_by_token(token), "phone"))


def _unchanged(token: str, seen: str | None) -> bool:
    """Whether the table of `token` is still at the poll key `seen`: one indexed read or one
    read of the shared cache (dealer/polls.py), the usual answer to a TV's or phone's poll.
    A tournament table's key may also hold the clock's level (Table.poll_key): the full read
    decides those."""
    if not seen or not seen.isdigit():
        return False
    row = polls.table_row(token)
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
    return render_to_string("dealer/display.html#board", _context(table, mode), request)


@require_GET
def display_poll(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Nothing (204) unless the table changed since version `v`; then the new board."""
    return _poll(request, token, "display")


@require_GET
def phone_poll(request: HtmxHttpRequest, token: str) -> HttpResponse:
    return _poll(request, token, "phone")


@lru_cache(maxsize=1)
def _addresses(minute: int) -> tuple[str, ...]:
    """This machine's network addresses, asked of the system at most once a minute (it runs a
    command; the dealer's page needs them on every seat change)."""
    return tuple(lan_ipv4_addresses())


def lan_url(request: HttpRequest, path: str) -> str:
    """An absolute URL other devices can open, built only from addresses Pott knows.

    The Host header is the client's to choose (ALLOWED_HOSTS is `*` so that phones can use the
    machine's IP address), so a link that ends up in a QR code never takes it on trust:
    POTT_PUBLIC_URL when it is set; else the request's host if it is one of this machine's
    network addresses or a name listed in POTT_ALLOWED_HOSTS or this machine's own name;
    else (a loopback or unknown host) this machine's first network address, with the port the
    server listens on.
    """
    public = settings.POTT_PUBLIC_URL
    if public:
        return public.rstrip("/") + path
    scheme = "https" if request.is_secure() else "http"
    host = request.get_host()
    name = urlsplit(f"//{host}").hostname or ""
    addresses = _addresses(int(time.monotonic() // 60))
    if name not in LOOPBACK and name in _known_names(addresses):
        return f"{scheme}://{host}{path}"
    port = request.META.get("SERVER_PORT", "")
    address = addresses[0] if addresses else "127.0.0.1"
    default = port in ("", "80") if scheme == "http" else port in ("", "443")
    return f"{scheme}://{address}{'' if default else ':' + port}{path}"


def _known_names(addresses: tuple[str, ...]) -> set[str]:
    """The host names a link may keep: this machine's addresses and names, and the names the
    host listed in POTT_ALLOWED_HOSTS (not the `*` wildcard)."""
    names = {*addresses, socket.gethostname().lower()}
    names.add(f"{socket.gethostname().lower()}.local")
    names.update(h.lower() for h in settings.ALLOWED_HOSTS if h != "*" and not h.startswith("."))
    return names


@lru_cache(maxsize=64)
def qr_svg(text: str) -> str:
    """A QR code as inline SVG (no image files, no CDN)."""
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=5, border=2, xmldecl=False)
    return out.getvalue().decode()


def device_links(request: HttpRequest, table: Table) -> dict[str, str]:
    """The display and phone links of a table, and the phone link's QR code."""
    phone_url = lan_url(request, reverse("dealer:phone", args=[table.display_token]))
    return {
        "display_url": lan_url(request, reverse("dealer:display", args=[table.display_token])),
        "phone_url": phone_url,
        "phone_qr": qr_svg(phone_url),
        "join_url": lan_url(request, reverse("dealer:co_dealer_join", args=[table.invite_token()])),
    }
