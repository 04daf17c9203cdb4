"""Pott's URLs plus the benchmark's floor view (served only with bench.settings)."""

from __future__ import annotations

from django.urls import path

from bench.floor import floor
from config.urls import urlpatterns as pott_urlpatterns

urlpatterns = [path("bench/floor/", floor, name="bench_floor"), *pott_urlpatterns]
