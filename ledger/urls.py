from __future__ import annotations

from django.urls import path

from ledger import tournament_views as tv
from ledger import views

app_name = "ledger"

urlpatterns = [
    path("sessions/", views.session_list, name="session_list"),
    path("sessions/new/", views.session_create, name="session_create"),
    path("sessions/<id:pk>/", views.session_detail, name="session_detail"),
    path("sessions/<id:pk>/buy-in/", views.buy_in_add, name="buy_in_add"),
    path("sessions/<id:pk>/counting/", views.session_counting, name="session_counting"),
    path("sessions/<id:pk>/resume/", views.session_resume, name="session_resume"),
    path("sessions/<id:pk>/count/", views.counts_save, name="counts_save"),
    path("sessions/<id:pk>/policy/", views.policy_set, name="policy_set"),
    path("sessions/<id:pk>/options/", views.options_set, name="options_set"),
    path("sessions/<id:pk>/settle/", views.session_settle, name="session_settle"),
    path("sessions/<id:pk>/reopen/", views.session_reopen, name="session_reopen"),
    path("sessions/<id:pk>/print/", views.session_print, name="session_print"),
    path("sessions/<id:pk>/players.csv", views.session_csv, name="session_csv"),
    path("sessions/<id:pk>/transfers.csv", views.transfers_csv, name="transfers_csv"),
    path("transfers/<id:pk>/paid/", views.transfer_paid, name="transfer_paid"),
    path("players/", views.player_list, name="player_list"),
    path("players/new/", views.player_create, name="player_create"),
    path("players/<id:pk>/", views.player_detail, name="player_detail"),
    path("players/<id:pk>/edit/", views.player_edit, name="player_edit"),
    path("players/<id:pk>/merge/", views.player_merge, name="player_merge"),
    path("history/", views.history, name="history"),
    path("history.csv", views.history_csv, name="history_csv"),
    path("tournaments/", tv.tournament_list, name="tournament_list"),
    path("tournaments/new/", tv.tournament_create, name="tournament_create"),
    path("tournaments/<id:pk>/", tv.tournament_detail, name="tournament_detail"),
    path("tournaments/<id:pk>/level/", tv.tournament_level, name="tournament_level"),
    path("tournaments/<id:pk>/register/", tv.tournament_register, name="tournament_register"),
    path("tournaments/<id:pk>/start/", tv.tournament_start, name="tournament_start"),
    path(
        "tournaments/<id:pk>/players/<id:player_pk>/<str:kind>/",
        tv.tournament_entry,
        name="tournament_entry",
    ),
    path("tournaments/<id:pk>/bust/", tv.tournament_bust, name="tournament_bust"),
    path("tournaments/<id:pk>/undo/", tv.tournament_undo, name="tournament_undo"),
    path("tournaments/<id:pk>/payouts/", tv.tournament_payouts, name="tournament_payouts"),
    path("tournaments/<id:pk>/deal/", tv.tournament_deal, name="tournament_deal"),
    path(
        "tournaments/<id:pk>/deal/cancel/",
        tv.tournament_deal_cancel,
        name="tournament_deal_cancel",
    ),
    path("tournaments/<id:pk>/session/", tv.tournament_session, name="tournament_session"),
]
