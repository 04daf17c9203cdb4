"""Hostile-input figures: the walker of tests/test_hostile_input.py against a scratch database.

The walker (tests/hostile/) builds a night with two hosts and a co-dealer, then sends every
URL pattern and every field every view reads, one hostile value at a time (2**31, 2**63, 10**20,
"²", "١٢٣", NUL bytes, 100,000 characters, 5,000 digits, …), as anonymous, the host, another
host and the co-dealer, in-process (Django's test client, no HTTP). Each request is rolled back
afterwards, so each meets the same world.

- `fuzz.requests`: requests sent (the reads that check stored values do not count).
- `fuzz.server_errors`: answers of 500 or more, including pages read back after a request
  stored something (target 0).
- `fuzz.stored_by_refused`: requests that had to be refused (a hostile value, no access, a
  hostile path, a GET) and still changed the database (target 0).
- `fuzz.walk_s`: wall time of the walk.

The grouped list of causes goes to stderr. The database is a temporary SQLite file, or, when
DATABASE_URL names a PostgreSQL server, a scratch database created on it and dropped
afterwards; the real database is never opened. The walk runs in a child process (`python -m
tests.hostile`: Django can be configured only once per process, and the benchmark imports
nothing from tests/).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from bench.table import BenchError

BASE_DIR = Path(__file__).resolve().parent.parent
CHILD_TIMEOUT_S = 900


@contextmanager
def _postgres_scratch(url: str) -> Iterator[str]:
    """A new database on DATABASE_URL's server for the length of the block: its URL."""
    import dj_database_url
    import psycopg

    config = dj_database_url.parse(url)
    name = f"{config['NAME']}_fuzz_{secrets.token_hex(4)}"
    server = {
        "host": config["HOST"] or None,
        "port": config["PORT"] or None,
        "user": config["USER"] or None,
        "password": config["PASSWORD"] or None,
    }
    with psycopg.connect(dbname="postgres", autocommit=True, **server) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlunsplit(urlsplit(url)._replace(path=f"/{name}"))
    finally:
        with psycopg.connect(dbname="postgres", autocommit=True, **server) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def scratch_database() -> Iterator[str]:
    """The URL of an empty database that is deleted afterwards."""
    url = os.environ.get("DATABASE_URL", "").strip()
    if url.startswith(("postgres://", "postgresql://")):
        with _postgres_scratch(url) as scratch:
            yield scratch
        return
    workdir = Path(tempfile.mkdtemp(prefix="pott-bench-fuzz-"))
    try:
        yield f"sqlite:///{workdir / 'fuzz.sqlite3'}"
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def run() -> list[tuple[str, float, str]]:
    """Walk in a child process against a scratch database."""
    with scratch_database() as url:
        environment = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DATABASE_URL": url,
            "POTT_SECRET_KEY": secrets.token_urlsafe(50),
            "POTT_DEBUG": "",
        }
        done = subprocess.run(
            [sys.executable, "-m", "tests.hostile"],
            cwd=BASE_DIR,
            env=environment,
            capture_output=True,
            text=True,
            timeout=CHILD_TIMEOUT_S,
        )
    if done.returncode != 0:
        raise BenchError(f"the fuzz benchmark failed:\n{done.stderr[-3000:]}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    print(result["report"], file=sys.stderr)
    return [
        ("fuzz.requests", result["requests"], "requests"),
        ("fuzz.server_errors", result["server_errors"], "requests"),
        ("fuzz.stored_by_refused", result["stored_by_refused"], "requests"),
        ("fuzz.walk_s", result["seconds"], "s"),
    ]
