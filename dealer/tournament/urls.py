"""URLs of the tournament's dealer side: structures, the clock remote, the TV display, tables.

Included under "tournaments/" with the namespace "clock" (dealer/urls.py is "dealer").
"""

from __future__ import annotations

from django.urls import path

from dealer.tournament import views

app_name = "clock"

urlpatterns = [
    path("structures/", views.structure_list, name="structures"),
    path("structures/new/", views.structure_edit, name="structure_new"),
    path("structures/<id:pk>/", views.structure_edit, name="structure"),
    path("tv/<token:token>/", views.tv, name="tv"),
    path("tv/<token:token>/poll/", views.tv_poll, name="tv_poll"),
    path("<id:pk>/clock/", views.clock_setup, name="setup"),
    path("<id:pk>/clock/tv-link/", views.tv_link_new, name="tv_link"),
    path("<id:pk>/remote/", views.remote, name="remote"),
    path("<id:pk>/remote/poll/", views.remote_poll, name="remote_poll"),
    path("<id:pk>/remote/<str:action>/", views.remote_act, name="act"),
    path("<id:pk>/tables/", views.tables, name="tables"),
    path("<id:pk>/tables/<str:action>/", views.tables_act, name="tables_act"),
]
