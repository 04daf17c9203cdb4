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
import sys

from bench.clock import Display, _raw_unchanged_bytes, poll_figures, poll_together
from bench.table import (
    SEATS,
    STACK,
    _make_table,
    in_children,
    scratch_site,
    served,
)

TABLES = 10
VIEWERS = 50
CHANGE_EVERY_S = 0.5


def measure(postgres: str | None = None) -> dict[str, float]:
    with scratch_site("pott-bench-poll-", postgres=postgres) as workdir:
        from django.contrib.auth import get_user_model
        from django.db.models import F

        from dealer.poker.models import Table

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

            def bump(n: int) -> None:  # a dealer's tap at one table after the other
                table = tables[n % TABLES]
                Table.objects.filter(pk=table.pk).update(version=F("version") + 1)

            result = poll_together(viewers, bump, CHANGE_EVERY_S)
    return {**result, "poll_bytes_unchanged": unchanged}


def run() -> list[tuple[str, float, str]]:
    """Measure in a child process (Django is configured once per process); with DATABASE_URL
    a PostgreSQL server, again on a scratch database there."""
    return in_children("bench.poll")


if __name__ == "__main__":
    postgres = sys.argv[1] if len(sys.argv) > 1 else None
    prefix = "pg.table." if postgres else "table."
    who = f"{VIEWERS} viewers on {TABLES} tables"
    print(json.dumps(poll_figures(measure(postgres), prefix, who)))
