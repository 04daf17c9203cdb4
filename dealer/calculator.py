"""The quick side-pot calculator: for games that do not track every action."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from config.http import HtmxHttpRequest


@require_http_methods(["GET", "POST"])
def calculator(request: HtmxHttpRequest) -> HttpResponse:
    """Enter what each player put in and who folded; get the pots, then the payouts."""
    return render(request, "dealer/calculator.html", {})
