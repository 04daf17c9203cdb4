"""The front page: the host's tables and games of every family, open and closed."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from dealer.deluxe.models import DeluxeGame
from dealer.dice.models import DiceGame
from dealer.poker.models import Table


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """The front page: the host's tables; the first visit ever goes to creating the account."""
    if not request.user.is_authenticated and not get_user_model().objects.exists():
        return redirect("setup")
    tables = Table.objects.for_user(request.user).select_related("session")
    deluxe_games = DeluxeGame.objects.for_user(request.user)
    dice_games = DiceGame.objects.for_user(request.user)
    context = {
        "tables": tables.open(),
        "closed_tables": tables.filter(closed_at__isnull=False).order_by("-closed_at"),
        "deluxe_games": deluxe_games,
        "dice_games": dice_games,
    }
    return render(request, "home.html", context)
