"""Request typing shared by the apps' views."""

from __future__ import annotations

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """An HttpRequest with django-htmx's `request.htmx` (set by HtmxMiddleware)."""

    htmx: HtmxDetails
