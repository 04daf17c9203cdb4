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
    """A 204 (the TV's, phones' and dealer's "nothing changed" poll, about once a second each)
    carries only the headers it needs: the status line, Server-Timing, Vary (for any cache on
    the way) and what the WSGI server adds (Date, Server, Connection). It has no body, so the
    headers that describe or govern a body are left off, a couple of hundred bytes less on
    every unchanged poll (`make bench`: clock.poll_bytes_unchanged):

    - Content-Security-Policy (and -Report-Only), X-Frame-Options, Cross-Origin-Opener-Policy,
      Referrer-Policy: they govern a document, and a 204 makes none (the browser keeps the
      page it shows, which came with its own headers; htmx swaps nothing on a 204).
    - X-Content-Type-Options, Content-Type, Content-Language: they describe a body.
    - Content-Length: RFC 9110 forbids it on a 204 (gunicorn drops it too).

    Set-Cookie is not touched (a poll sets none; if some middleware ever did, it would still
    reach the browser) and any other status keeps every header.
    """

    HEADERS = (
        "Content-Security-Policy",
        "Content-Security-Policy-Report-Only",
        "X-Frame-Options",
        "Cross-Origin-Opener-Policy",
        "Referrer-Policy",
        "X-Content-Type-Options",
        "Content-Type",
        "Content-Language",
        "Content-Length",
    )

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if response.status_code == 204:
            for header in self.HEADERS:
                response.headers.pop(header, None)
        return response
