"""CPU per request, in-process: what docs/scaling.md multiplies out to size app servers.

The HTTP benchmarks (table, poll, clock) time requests that share a small, busy machine, so
their milliseconds are mostly waiting. This one runs the same requests one at a time through
django.test.Client (the whole middleware stack, no HTTP server) in a child process on a
scratch site (bench/table.py's helpers) and reads the process's CPU time around each:
`cost.action_cpu_ms` a dealer's tap (ACTIONS taps on 3 six-player tables dealt as bench/table.py
deals them: calls, checks, streets, awards; hand starts not counted), `cost.poll_cpu_ms` a TV's
unchanged poll (a 204), `cost.floor_cpu_ms` the floor (one INSERT, bench/floor.py),
`cost.board_cpu_ms` a TV's poll after a change (the whole board of a six-player table in a
hand, rendered: not kept from an earlier poll); medians.
With DATABASE_URL a PostgreSQL server, again on a scratch database there (`pg.cost.*`; the
database server's own CPU is not in them).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from bench.table import (
    SEATS,
    STACK,
    VERSION,
    BenchError,
    _make_table,
    _next_move,
    in_children,
    scratch_site,
)

ACTIONS = 300
POLLS = 300


def _cpu_ms(call: Callable[[], Any]) -> float:
    began = time.process_time()
    call()
    return (time.process_time() - began) * 1000


def measure(postgres: str | None = None) -> dict[str, float]:
    with scratch_site("pott-bench-cost-", postgres=postgres):
        from django.contrib.auth import get_user_model
        from django.db.models import F
        from django.test import Client

        from dealer.poker.models import Table

        host = get_user_model().objects.create_user(username="bench-host", password="x" * 16)
        tables = [_make_table(host, f"T{n}", seats=SEATS, stack=STACK) for n in range(1, 4)]
        dealer = Client()
        dealer.force_login(host)
        htmx = {"HX-Request": "true"}
        actions: list[float] = []
        for table in tables:
            page = dealer.get(f"/tables/{table.pk}/").text
            for _ in range(ACTIONS // len(tables)):
                move = _next_move(table.pk, page)
                if move is None:
                    version = VERSION.search(page)
                    if version is None:
                        raise BenchError("a table with neither a hand nor a start button")
                    start = f"/tables/{table.pk}/start/"
                    page = dealer.post(start, {"version": version.group(1)}, headers=htmx).text
                    move = _next_move(table.pk, page)
                    assert move is not None
                began = time.process_time()
                page = dealer.post(*move, headers=htmx).text
                actions.append((time.process_time() - began) * 1000)
        table = tables[0]
        table.refresh_from_db()
        tv = Client()
        url = f"/d/{table.display_token}/poll/"
        if tv.get(url, {"v": table.version}).status_code != 204:
            raise BenchError("an unchanged poll did not answer 204")
        polls = [_cpu_ms(lambda: tv.get(url, {"v": table.version})) for _ in range(POLLS)]
        floors = [_cpu_ms(lambda: tv.post("/bench/floor/")) for _ in range(POLLS)]
        boards = []
        for _ in range(POLLS // 3):
            # A change (a new revision): the board is not kept from the last poll.
            Table.objects.filter(pk=table.pk).update(version=F("version") + 1)
            boards.append(_cpu_ms(lambda: tv.get(url, {"v": "0"})))
    return {
        "action_cpu_ms": round(statistics.median(actions), 2),
        "poll_cpu_ms": round(statistics.median(polls), 3),
        "floor_cpu_ms": round(statistics.median(floors), 3),
        "board_cpu_ms": round(statistics.median(boards), 2),
    }


def figures(result: dict[str, float], prefix: str) -> list[tuple[str, float, str]]:
    return [(f"{prefix}{name}", value, "ms") for name, value in result.items()]


def run() -> list[tuple[str, float, str]]:
    return in_children("bench.cost")


if __name__ == "__main__":
    postgres = sys.argv[1] if len(sys.argv) > 1 else None
    print(json.dumps(figures(measure(postgres), "pg.cost." if postgres else "cost.")))
