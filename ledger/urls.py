from __future__ import annotations

from django.urls import path

from ledger import views

app_name = "ledger"

urlpatterns = [
    path("sessions/", views.session_list, name="session_list"),
    path("players/", views.player_list, name="player_list"),
]
