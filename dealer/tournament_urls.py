"""URLs of the tournament's dealer side: structures, the clock remote, the TV display, tables.

Included under "tournaments/" with the namespace "clock" (dealer/urls.py is "dealer").
"""

from __future__ import annotations

from django.urls import path

from dealer import tournament

app_name = "clock"

urlpatterns = [
    path("structures/", tournament.structure_list, name="structures"),
    path("structures/new/", tournament.structure_edit, name="structure_new"),
    path("structures/<id:pk>/", tournament.structure_edit, name="structure"),
    path("tv/<token:token>/", tournament.tv, name="tv"),
    path("tv/<token:token>/poll/", tournament.tv_poll, name="tv_poll"),
    path("<id:pk>/clock/", tournament.clock_setup, name="setup"),
    path("<id:pk>/clock/tv-link/", tournament.tv_link_new, name="tv_link"),
    path("<id:pk>/remote/", tournament.remote, name="remote"),
    path("<id:pk>/remote/poll/", tournament.remote_poll, name="remote_poll"),
    path("<id:pk>/remote/<str:action>/", tournament.remote_act, name="act"),
    path("<id:pk>/tables/", tournament.tables, name="tables"),
    path("<id:pk>/tables/<str:action>/", tournament.tables_act, name="tables_act"),
]
