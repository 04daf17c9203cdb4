from __future__ import annotations

from django.urls import include, path

from dealer import calculator, display, views

app_name = "dealer"

urlpatterns = [
    path("d/<token:token>/", display.display, name="display"),
    path("d/<token:token>/poll/", display.display_poll, name="display_poll"),
    path("p/<token:token>/", display.phone, name="phone"),
    path("p/<token:token>/poll/", display.phone_poll, name="phone_poll"),
    path("side-pots/", calculator.calculator, name="calculator"),
    path("tournaments/", include("dealer.tournament_urls")),
    path("tables/new/", views.table_new, name="table_new"),
    path("tables/<int:pk>/", views.table_page, name="table"),
    path("tables/<int:pk>/poll/", views.table_poll, name="poll"),
    path("tables/<int:pk>/rules/", views.table_rules, name="rules"),
    path("tables/<int:pk>/seats/", views.seat_add, name="seat_add"),
    path("tables/<int:pk>/seats/<int:number>/leave/", views.seat_leave, name="seat_leave"),
    path(
        "tables/<int:pk>/seats/<int:number>/chips/<str:kind>/",
        views.seat_chips,
        name="seat_chips",
    ),
    path(
        "tables/<int:pk>/seats/<int:number>/toggle/<str:what>/",
        views.seat_toggle,
        name="seat_toggle",
    ),
    path("tables/<int:pk>/start/", views.hand_start, name="hand_start"),
    path("tables/<int:pk>/act/", views.act, name="act"),
    path("tables/<int:pk>/award/", views.award, name="award"),
    path("tables/<int:pk>/undo/", views.undo, name="undo"),
    path("tables/<int:pk>/co-dealers/", views.co_dealer_add, name="co_dealer_add"),
    path(
        "tables/<int:pk>/co-dealers/<int:user_pk>/remove/",
        views.co_dealer_remove,
        name="co_dealer_remove",
    ),
    path("tables/<int:pk>/links/", views.links_new, name="links_new"),
    path("tables/<int:pk>/hands/", views.hand_list, name="hands"),
    path("tables/<int:pk>/session.phhs", views.session_phhs, name="session_phhs"),
    path("tables/<int:pk>/hands/<int:number>/", views.hand_detail, name="hand"),
]
