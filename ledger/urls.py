from __future__ import annotations

from django.urls import path
from django.views.generic import RedirectView

from ledger import pay_views, views
from ledger import tournament_views as tv

app_name = "ledger"

# Included at the site's root: the ledger's pages are under /ledger/, a tournament's under
# /tournaments/ (beside its clock, remote and tables: dealer/tournament/urls.py).

urlpatterns = [
    # /ledger/ itself: the sessions (a typed or remembered address finds them).
    path("ledger/", RedirectView.as_view(pattern_name="ledger:session_list"), name="ledger_home"),
    path("ledger/sessions/", views.session_list, name="session_list"),
    path("ledger/sessions/new/", views.session_create, name="session_create"),
    path("ledger/sessions/<id:pk>/", views.session_detail, name="session_detail"),
    path("ledger/sessions/<id:pk>/buy-in/", views.buy_in_add, name="buy_in_add"),
    path("ledger/sessions/<id:pk>/counting/", views.session_counting, name="session_counting"),
    path("ledger/sessions/<id:pk>/resume/", views.session_resume, name="session_resume"),
    path("ledger/sessions/<id:pk>/count/", views.counts_save, name="counts_save"),
    path("ledger/sessions/<id:pk>/policy/", views.policy_set, name="policy_set"),
    path("ledger/sessions/<id:pk>/options/", views.options_set, name="options_set"),
    path("ledger/sessions/<id:pk>/settle/", views.session_settle, name="session_settle"),
    path("ledger/sessions/<id:pk>/reopen/", views.session_reopen, name="session_reopen"),
    path("ledger/sessions/<id:pk>/print/", views.session_print, name="session_print"),
    path("ledger/sessions/<id:pk>/players.csv", views.session_csv, name="session_csv"),
    path("ledger/sessions/<id:pk>/transfers.csv", views.transfers_csv, name="transfers_csv"),
    path("ledger/transfers/<id:pk>/paid/", views.transfer_paid, name="transfer_paid"),
    path("ledger/sessions/<id:pk>/codes/", pay_views.session_codes, name="session_codes"),
    # The payers' phone link of a settled session (no login: the token is the key).
    path("pay/<token:token>/", pay_views.pay, name="pay"),
    path("pay/<token:token>/players/<id:player>/", pay_views.pay_player, name="pay_player"),
    path("pay/<token:token>/transfers/<id:pk>/paid/", pay_views.pay_paid, name="pay_paid"),
    path("ledger/players/", views.player_list, name="player_list"),
    path("ledger/players/new/", views.player_create, name="player_create"),
    path("ledger/players/<id:pk>/", views.player_detail, name="player_detail"),
    path("ledger/players/<id:pk>/edit/", views.player_edit, name="player_edit"),
    path("ledger/players/<id:pk>/merge/", views.player_merge, name="player_merge"),
    path("ledger/history/", views.history, name="history"),
    path("ledger/history.csv", views.history_csv, name="history_csv"),
    # Addresses from before the tournaments moved to /tournaments/ (bookmarks).
    path(
        "ledger/tournaments/",
        RedirectView.as_view(pattern_name="ledger:tournament_list", query_string=True),
        name="tournament_list_moved",
    ),
    path(
        "ledger/tournaments/<id:pk>/",
        RedirectView.as_view(pattern_name="ledger:tournament_detail"),
        name="tournament_detail_moved",
    ),
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
