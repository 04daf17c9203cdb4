"""The dealer app's URLs, namespace "dealer": each family's own (the tournament's under
"tournaments/", namespace "clock")."""

from __future__ import annotations

from django.urls import include, path

app_name = "dealer"

urlpatterns = [
    path("tournaments/", include("dealer.tournament.urls")),
    path("", include("dealer.poker.urls")),
    path("", include("dealer.deluxe.urls")),
    path("", include("dealer.dice.urls")),
]
