"""URLs of Poker-Deluxe (seed 001). Included by dealer/urls.py (namespace "dealer")."""

from __future__ import annotations

from django.urls import path

from dealer.deluxe import views
from dealer.gamelog.display import device_urls

urlpatterns = [
    path("deluxe/new/", views.deluxe_new, name="deluxe_new"),
    *device_urls("deluxe", views.SCREEN),
    path("deluxe/<id:pk>/", views.deluxe_page, name="deluxe"),
    path("deluxe/<id:pk>/buy/", views.deluxe_buy, name="deluxe_buy"),
    path("deluxe/<id:pk>/show/", views.deluxe_show, name="deluxe_show"),
    path("deluxe/<id:pk>/undo/", views.deluxe_undo, name="deluxe_undo"),
    path("deluxe/<id:pk>/end/", views.deluxe_end, name="deluxe_end"),
]
