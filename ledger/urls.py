from __future__ import annotations

from django.urls import path

from ledger import tournament_views as tv
from ledger import views

app_name = "ledger"

urlpatterns = [
    path("sessions/", views.session_list, name="session_list"),
    path("sessions/new/", views.session_create, name="session_create"),
    path("sessions/<int:pk>/", views.session_detail, name="session_detail"),
    path("sessions/<int:pk>/buy-in/", views.buy_in_add, name="buy_in_add"),
    path("sessions/<int:pk>/counting/", views.session_counting, name="session_counting"),
    path("sessions/<int:pk>/resume/", views.session_resume, name="session_resume"),
    path("sessions/<int:pk>/count/", views.counts_save, name="counts_save"),
    path("sessions/<int:pk>/policy/", views.policy_set, name="policy_set"),
    path("sessions/<int:pk>/options/", views.options_set, name="options_set"),
    path("sessions/<int:pk>/settle/", views.session_settle, name="session_settle"),
    path("sessions/<int:pk>/reopen/", views.session_reopen, name="session_reopen"),
    path("sessions/<int:pk>/print/", views.session_print, name="session_print"),
    path("sessions/<int:pk>/session.csv", views.session_csv, name="session_csv"),
    path("transfers/<int:pk>/paid/", views.transfer_paid, name="transfer_paid"),
    path("players/", views.player_list, name="player_list"),
    path("players/new/", views.player_create, name="player_create"),
    path("players/<int:pk>/", views.player_detail, name="player_detail"),
    path("players/<int:pk>/edit/", views.player_edit, name="player_edit"),
    path("players/<int:pk>/merge/", views.player_merge, name="player_merge"),
    path("history/", views.history, name="history"),
    path("history.csv", views.history_csv, name="history_csv"),
    path("tournaments/", tv.tournament_list, name="tournament_list"),
    path("tournaments/new/", tv.tournament_create, name="tournament_create"),
    path("tournaments/<int:pk>/", tv.tournament_detail, name="tournament_detail"),
    path("tournaments/<int:pk>/level/", tv.tournament_level, name="tournament_level"),
    path("tournaments/<int:pk>/register/", tv.tournament_register, name="tournament_register"),
    path("tournaments/<int:pk>/start/", tv.tournament_start, name="tournament_start"),
    path(
        "tournaments/<int:pk>/players/<int:player_pk>/<str:kind>/",
        tv.tournament_entry,
        name="tournament_entry",
    ),
    path("tournaments/<int:pk>/bust/", tv.tournament_bust, name="tournament_bust"),
    path("tournaments/<int:pk>/undo/", tv.tournament_undo, name="tournament_undo"),
    path("tournaments/<int:pk>/payouts/", tv.tournament_payouts, name="tournament_payouts"),
    path("tournaments/<int:pk>/deal/", tv.tournament_deal, name="tournament_deal"),
    path(
        "tournaments/<int:pk>/deal/cancel/",
        tv.tournament_deal_cancel,
        name="tournament_deal_cancel",
    ),
    path("tournaments/<int:pk>/session/", tv.tournament_session, name="tournament_session"),
]
