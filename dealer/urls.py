"""The dealer app's URLs, namespace "dealer": each registered family's own
(`dealer/<family>/urls.py`, mounted at its `url_prefix`: the tournament's under "tournaments/",
namespace "clock")."""

from __future__ import annotations

from django.urls import include, path

from dealer.families import families

app_name = "dealer"

urlpatterns = [
    path(family.url_prefix, include(f"dealer.{family.name}.urls")) for family in families()
]
