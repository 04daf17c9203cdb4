"""URLs of seed 003's dice games and strip poker. Included by dealer/urls.py (namespace
"dealer")."""

from __future__ import annotations

from django.urls import path

from dealer.dice import views
from dealer.gamelog.display import device_urls

urlpatterns = [
    path("dice/new/", views.dice_new, name="dice_new"),
    path("dice/roll/", views.dice_roll, name="dice_roll"),
    *device_urls("dice", views.SCREEN),
    path("dice/<id:pk>/", views.dice_page, name="dice"),
    path("dice/<id:pk>/show/", views.dice_show, name="dice_show"),
    path("dice/<id:pk>/claim/", views.dice_claim, name="dice_claim"),
    path("dice/<id:pk>/accept/", views.dice_accept, name="dice_accept"),
    path("dice/<id:pk>/call/", views.dice_call, name="dice_call"),
    path("dice/<id:pk>/aces/", views.dice_aces, name="dice_aces"),
    path("dice/<id:pk>/lost/", views.dice_lost, name="dice_lost"),
    path("dice/<id:pk>/undo/", views.dice_undo, name="dice_undo"),
    path("dice/<id:pk>/end/", views.dice_end, name="dice_end"),
]
