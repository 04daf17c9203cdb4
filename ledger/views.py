from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from config.http import HtmxHttpRequest
from ledger.models import Player, Session


@require_GET
@login_required
def session_list(request: HtmxHttpRequest) -> HttpResponse:
    """The host's cash-game sessions, newest first."""
    sessions = Session.objects.filter(host=request.user)
    return render(request, "ledger/session_list.html", {"sessions": sessions})


@require_GET
@login_required
def player_list(request: HtmxHttpRequest) -> HttpResponse:
    """The host's roster."""
    players = Player.objects.filter(host=request.user)
    return render(request, "ledger/player_list.html", {"players": players})
