"""Table display and phone benchmark: 50 viewers polling 10 live tables over HTTP at once.

Setup, as for the table benchmark and with its helpers (bench/table.py), in a temporary
directory (or a scratch PostgreSQL database) deleted afterwards: TABLES no-limit tables of 6
players, each with a hand in progress; then gunicorn as `make run` starts it (2 x 4 gthread by
default) on 127.0.0.1 and a free port. It runs in a child process (`python -m bench.poll`),
because Django can be configured only once per process.

Timing: VIEWERS client threads (VIEWERS / TABLES per table, every other one a TV display
`/d/<token>/poll/`, the rest phones `/p/<token>/poll/`), each a keep-alive connection, poll
once a second for bench.clock.ROUNDS rounds with their phases spread evenly over the second,
sending the key of the board they last got, as the page does through htmx. Every
CHANGE_EVERY_S seconds the main thread bumps one table's version after the other (a dealer's
tap: each table changes about every TABLES * CHANGE_EVERY_S seconds), so every viewer also
fetches a whole new board now and then. `table.poll_p95_ms` is the nearest-rank 95th percentile
of the wall time per poll seen by the clients (204s and 200s together);
`table.poll_server_p95_ms` the same for the server's own time (Server-Timing).
`table.poll_bytes_unchanged` is the size of the whole HTTP response to a display's poll when
nothing changed (status line and headers, no body), read from the socket. With DATABASE_URL a
PostgreSQL server, the same figures on a scratch database there are printed as `pg.table.*`.
"""

from __future__ import annotations

import json
import secrets
import subprocess
import sys
import threading
import time

from bench.clock import POLL_S, ROUNDS, Display, _raw_unchanged_bytes
from bench.table import (
    BASE_DIR,
    SEATS,
    STACK,
    BenchError,
    _make_table,
    in_child,
    percentile,
    postgres_server,
    scratch_site,
    served,
)

TABLES = 10
VIEWERS = 50
CHANGE_EVERY_S = 0.5
CHILD_TIMEOUT_S = 240


def measure(postgres: str | None = None) -> dict[str, float]:
    with scratch_site("pott-bench-poll-", postgres=postgres) as workdir:
        from django.contrib.auth import get_user_model
        from django.db.models import F

        from dealer.models import Table

        host = get_user_model().objects.create_user(
            username="bench-host", password=secrets.token_urlsafe(16)
        )
        tables = []
        for n in range(1, TABLES + 1):
            table = _make_table(host, f"Table {n}", seats=SEATS, stack=STACK)
            table.start_hand(version=table.version, by=host)
            table.refresh_from_db()
            tables.append(table)
        with served(workdir) as port:
            first = tables[0]
            unchanged = _raw_unchanged_bytes(
                port, f"/d/{first.display_token}/poll/?v={first.poll_key()}"
            )
            viewers = [
                Display(
                    port,
                    f"/{'dp'[n % 2]}/{tables[n % TABLES].display_token}/poll/",
                    tables[n % TABLES].poll_key(),
                )
                for n in range(VIEWERS)
            ]
            start_at = time.monotonic() + 0.5
            threads = [
                threading.Thread(
                    target=viewer.run, args=(start_at + n * POLL_S / VIEWERS,), daemon=True
                )
                for n, viewer in enumerate(viewers)
            ]
            for thread in threads:
                thread.start()
            changes = 0
            deadline = start_at + ROUNDS * POLL_S
            while time.monotonic() < deadline:
                time.sleep(CHANGE_EVERY_S)
                table = tables[changes % TABLES]
                Table.objects.filter(pk=table.pk).update(version=F("version") + 1)
                changes += 1
            for thread in threads:
                thread.join(timeout=60)
            failures = [v.failure for v in viewers if v.failure is not None]
            if failures:
                raise BenchError(f"{len(failures)} viewers failed: {failures[0]!r}")
    ms = [m for v in viewers for m in v.ms]
    server_ms = [m for v in viewers for m in v.server_ms]
    return {
        "poll_p95_ms": round(percentile(ms, 95), 2),
        "poll_p50_ms": round(percentile(ms, 50), 2),
        "poll_server_p95_ms": round(percentile(server_ms, 95), 2) if server_ms else -1,
        "polls": len(ms),
        "boards": sum(v.boards for v in viewers),
        "changes": changes,
        "poll_bytes_unchanged": unchanged,
    }


def figures(result: dict[str, float], prefix: str) -> list[tuple[str, float, str]]:
    print(
        f"{prefix.rstrip('.')}: {VIEWERS} viewers on {TABLES} tables, {result['polls']} polls, "
        f"{result['boards']} whole boards after {result['changes']} changes",
        file=sys.stderr,
    )
    return [
        (f"{prefix}poll_p95_ms", result["poll_p95_ms"], "ms"),
        (f"{prefix}poll_p50_ms", result["poll_p50_ms"], "ms"),
        (f"{prefix}poll_server_p95_ms", result["poll_server_p95_ms"], "ms"),
        (f"{prefix}poll_bytes_unchanged", result["poll_bytes_unchanged"], "bytes"),
    ]


def run() -> list[tuple[str, float, str]]:
    """Measure in a child process (Django is configured once per process); with DATABASE_URL
    a PostgreSQL server, again on a scratch database there."""
    done = subprocess.run(
        [sys.executable, "-m", "bench.poll"],
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=CHILD_TIMEOUT_S,
    )
    if done.returncode != 0:
        raise BenchError(f"the poll benchmark failed:\n{done.stderr[-3000:]}")
    sys.stderr.write(done.stderr)
    rows = [tuple(row) for row in json.loads(done.stdout.strip().splitlines()[-1])]
    postgres = postgres_server()
    if postgres:
        rows += in_child("bench.poll", postgres)
    return rows


if __name__ == "__main__":
    postgres = sys.argv[1] if len(sys.argv) > 1 else None
    prefix = "pg.table." if postgres else "table."
    print(json.dumps(figures(measure(postgres), prefix)))
