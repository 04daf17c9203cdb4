"""The front page: the host's tables and games of every family, open and closed (each family
lists its own: dealer.families)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from dealer.families import closed_items, home_items


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """The front page: the host's tables; the first visit ever goes to creating the account."""
    if not request.user.is_authenticated and not get_user_model().objects.exists():
        return redirect("setup")
    context = {"games": home_items(request.user), "closed_games": closed_items(request.user)}
    return render(request, "home.html", context)
