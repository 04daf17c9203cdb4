"""Middleware of Pott's own."""

from __future__ import annotations

import time
from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase


class ServerTimingMiddleware:
    """Time the request and say so in a standard `Server-Timing: app;dur=<ms>` header.

    First in MIDDLEWARE, so the figure covers the whole stack: every other middleware, the view
    and the template, but not the WSGI server or the network. Browsers show it in their network
    panel; `make bench` reads it. (A streamed response is timed up to its first byte.)
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        began = time.perf_counter()
        response = self.get_response(request)
        timing = f"app;dur={(time.perf_counter() - began) * 1000:.2f}"
        earlier = response.headers.get("Server-Timing")
        response.headers["Server-Timing"] = f"{earlier}, {timing}" if earlier else timing
        return response


class NoContentMiddleware:
    """A 204 (the TV's and phones' "nothing changed" poll, about once a second each) has no
    body, so the Content-Security-Policy that governs a page's body is left off it: a few
    hundred bytes less on every unchanged poll."""

    HEADERS = ("Content-Security-Policy", "Content-Security-Policy-Report-Only")

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if response.status_code == 204:
            for header in self.HEADERS:
                response.headers.pop(header, None)
        return response
