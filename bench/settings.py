"""Settings for `make bench`'s live-table benchmark: production settings plus the floor view.

Only the benchmark uses them (DJANGO_SETTINGS_MODULE=bench.settings). They refuse to load
without DATABASE_URL, so a benchmark can never write to the real database (var/pott.sqlite3).
"""

from __future__ import annotations

import os

from django.core.exceptions import ImproperlyConfigured

from config.settings import *  # noqa: F403
from config.settings import DATABASE_URL, STATIC_ROOT

if not DATABASE_URL:
    raise ImproperlyConfigured("bench.settings needs DATABASE_URL: a temporary database.")

ROOT_URLCONF = "bench.urls"
# The benchmark talks to 127.0.0.1; its in-process client says "testserver".
ALLOWED_HOSTS = ["127.0.0.1", "localhost", "testserver"]
# collectstatic goes to the benchmark's temporary directory, not the checkout's staticfiles/.
STATIC_ROOT = os.environ.get("POTT_BENCH_STATIC_ROOT") or STATIC_ROOT
