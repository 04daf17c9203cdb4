"""The address a request comes from, for counting failed logins per address."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str | None:
    """REMOTE_ADDR; behind `POTT_PROXIES` reverse proxies, the address the outermost of them
    saw (the entry that many from the end of X-Forwarded-For: entries further left are whatever
    the client chose to send, and cannot be trusted)."""
    proxies = settings.POTT_PROXIES
    if proxies > 0:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
        addresses = [address.strip() for address in forwarded if address.strip()]
        if len(addresses) >= proxies:
            return addresses[-proxies]
    return request.META.get("REMOTE_ADDR")
