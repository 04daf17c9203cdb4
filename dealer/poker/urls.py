"""URLs of the poker table: the dealer's screen and its changes, the TV and phone views, the
history, the side-pot calculator. Included by dealer/urls.py (namespace "dealer")."""

from __future__ import annotations

from django.urls import path

from dealer.poker import calculator, display, views

urlpatterns = [
    path("d/<token:token>/", display.display, name="display"),
    path("d/<token:token>/poll/", display.display_poll, name="display_poll"),
    path("p/<token:token>/", display.phone, name="phone"),
    path("p/<token:token>/poll/", display.phone_poll, name="phone_poll"),
    path("side-pots/", calculator.calculator, name="calculator"),
    path("tables/new/", views.table_new, name="table_new"),
    path("tables/<id:pk>/", views.table_page, name="table"),
    path("tables/<id:pk>/poll/", views.table_poll, name="poll"),
    path("tables/<id:pk>/edit/", views.table_edit, name="table_edit"),
    path("tables/<id:pk>/close/", views.table_close, name="table_close"),
    path("tables/<id:pk>/move/", views.seat_move, name="seat_move"),
    path("tables/<id:pk>/rules/", views.table_rules, name="rules"),
    path("tables/<id:pk>/seats/", views.seat_add, name="seat_add"),
    path("tables/<id:pk>/seats/<id:number>/leave/", views.seat_leave, name="seat_leave"),
    path(
        "tables/<id:pk>/seats/<id:number>/chips/<str:kind>/",
        views.seat_chips,
        name="seat_chips",
    ),
    path(
        "tables/<id:pk>/seats/<id:number>/toggle/<str:what>/",
        views.seat_toggle,
        name="seat_toggle",
    ),
    path("tables/<id:pk>/start/", views.hand_start, name="hand_start"),
    path("tables/<id:pk>/carried/share/", views.carried_share, name="carried_share"),
    path("tables/<id:pk>/deal/", views.deal, name="deal"),
    path("tables/<id:pk>/act/", views.act, name="act"),
    path("tables/<id:pk>/show/", views.show, name="show"),
    path("tables/<id:pk>/award/", views.award, name="award"),
    path("tables/<id:pk>/undo/", views.undo, name="undo"),
    path("tables/<id:pk>/co-dealers/", views.co_dealer_add, name="co_dealer_add"),
    path(
        "tables/<id:pk>/co-dealers/<id:user_pk>/remove/",
        views.co_dealer_remove,
        name="co_dealer_remove",
    ),
    path("tables/<id:pk>/links/", views.links_new, name="links_new"),
    path("tables/<id:pk>/co-dealer-link/", views.co_dealer_link_new, name="co_dealer_link_new"),
    path("tables/join/<str:token>/", views.co_dealer_join, name="co_dealer_join"),
    path("tables/<id:pk>/hands/", views.hand_list, name="hands"),
    path("tables/<id:pk>/session.phhs", views.session_phhs, name="session_phhs"),
    path("tables/<id:pk>/hands/<id:number>/", views.hand_detail, name="hand"),
]
