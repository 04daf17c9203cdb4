"""Tournament clock benchmark: 50 TV displays polling one clock over HTTP at once.

Setup, as for the table benchmark and with its helpers (bench/table.py), in a temporary
directory deleted afterwards: a fresh SQLite database with the production options, `migrate`,
a host, a tournament with 20 entries and 2 bust-outs, and a running clock of 20-minute levels;
then gunicorn as `make run` starts it (2 x 4 gthread by default) on 127.0.0.1 and a free port.
It all runs in a child process (`python -m bench.clock`), because Django can be configured only
once per process and other benchmarks configure it too.

Timing: DISPLAYS client threads, each a keep-alive connection like a display's browser, poll
the TV display's endpoint (`/tournaments/tv/<token>/poll/?v=<key>`) once every POLL_S seconds
for ROUNDS rounds (their phases spread evenly over the second, as displays switched on at
different moments would be), sending the key of the board they last got, as the page does
through htmx.
Every CHANGE_EVERY_S seconds the main thread bumps the clock's version (a remote press), so
each display also fetches a whole new board now and then. `clock.poll_p95_ms` is the
nearest-rank 95th percentile of the wall time per poll seen by the clients (204s and 200s
together); `clock.poll_server_p95_ms` the same for the server's own time (Server-Timing).
`clock.poll_bytes_unchanged` is the size of the whole HTTP response to a poll when nothing
changed (status line, headers, no body), read from the socket.
"""

from __future__ import annotations

import http.client
import json
import secrets
import socket
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from bench.table import (
    HOST,
    SERVER_TIMING,
    BenchError,
    in_children,
    percentile,
    scratch_site,
    served,
)

BASE_DIR = Path(__file__).resolve().parent.parent
DISPLAYS = 50
ROUNDS = 15
POLL_S = 1.0
CHANGE_EVERY_S = 5.0


@dataclass
class Display:
    """One TV: polls with the key of the last board it got."""

    port: int
    path: str
    key: str
    ms: list[float] = field(default_factory=list)
    server_ms: list[float] = field(default_factory=list)
    boards: int = 0
    failure: BaseException | None = None

    def run(self, start_at: float) -> None:
        connection = http.client.HTTPConnection(HOST, self.port, timeout=30)
        try:
            for round_ in range(ROUNDS):
                pause = start_at + round_ * POLL_S - time.monotonic()
                if pause > 0:
                    time.sleep(pause)
                began = time.perf_counter()
                connection.request(
                    "GET", f"{self.path}?v={self.key}", headers={"HX-Request": "true"}
                )
                response = connection.getresponse()
                body = response.read().decode()
                self.ms.append((time.perf_counter() - began) * 1000)
                timing = SERVER_TIMING.search(response.headers.get("Server-Timing", ""))
                if timing:
                    self.server_ms.append(float(timing.group(1)))
                if response.status == 200:
                    self.boards += 1
                    self.key = body.split("poll/?v=", 1)[1].split('"', 1)[0]
                elif response.status != 204:
                    raise BenchError(f"poll answered {response.status}")
        except BaseException as error:  # reported by the main thread
            self.failure = error
        finally:
            connection.close()


def _raw_unchanged_bytes(port: int, path: str) -> int:
    """The whole response to a poll with the current key, as bytes on the wire."""
    with socket.create_connection((HOST, port), timeout=10) as sock:
        request = (
            f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nHX-Request: true\r\n"
            "Connection: keep-alive\r\n\r\n"
        )
        sock.sendall(request.encode())
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(4096)
            if not chunk:
                break
            data += chunk
    if not data.startswith(b"HTTP/1.1 204"):
        raise BenchError(f"expected a 204, got {data[:40]!r}")
    return len(data)


def poll_together(
    displays: list[Display], bump: Callable[[int], None], change_every_s: float
) -> dict[str, float]:
    """Let `displays` poll for ROUNDS rounds, their phases spread evenly over the poll interval
    (displays switched on at different moments, not all at the same instant), while the main
    thread makes a change (`bump(n)`, the n-th) every `change_every_s` seconds; then the times."""
    start_at = time.monotonic() + 0.5
    threads = [
        threading.Thread(target=d.run, args=(start_at + n * POLL_S / len(displays),), daemon=True)
        for n, d in enumerate(displays)
    ]
    for thread in threads:
        thread.start()
    changes = 0
    deadline = start_at + ROUNDS * POLL_S
    while time.monotonic() < deadline:
        time.sleep(change_every_s)
        bump(changes)
        changes += 1
    for thread in threads:
        thread.join(timeout=60)
    failures = [d.failure for d in displays if d.failure is not None]
    if failures:
        raise BenchError(f"{len(failures)} pollers failed: {failures[0]!r}")
    ms = [m for d in displays for m in d.ms]
    server_ms = [m for d in displays for m in d.server_ms]
    return {
        "poll_p95_ms": round(percentile(ms, 95), 2),
        "poll_p50_ms": round(percentile(ms, 50), 2),
        "poll_server_p95_ms": round(percentile(server_ms, 95), 2) if server_ms else -1,
        "polls": len(ms),
        "boards": sum(d.boards for d in displays),
        "changes": changes,
    }


def poll_figures(result: dict[str, float], prefix: str, who: str) -> list[tuple[str, float, str]]:
    """The figures of `poll_together` (and `poll_bytes_unchanged`); `who` polled, on stderr."""
    print(
        f"{prefix.rstrip('.')}: {who}, {result['polls']} polls, "
        f"{result['boards']} whole boards after {result['changes']} changes",
        file=sys.stderr,
    )
    return [
        (f"{prefix}poll_p95_ms", result["poll_p95_ms"], "ms"),
        (f"{prefix}poll_p50_ms", result["poll_p50_ms"], "ms"),
        (f"{prefix}poll_server_p95_ms", result["poll_server_p95_ms"], "ms"),
        (f"{prefix}poll_bytes_unchanged", result["poll_bytes_unchanged"], "bytes"),
    ]


def measure(postgres: str | None = None) -> dict[str, float]:
    with scratch_site("pott-bench-clock-", postgres=postgres) as workdir:
        from django.contrib.auth import get_user_model
        from django.db.models import F
        from django.utils import timezone

        from dealer.engine.clock import ClockState, start
        from dealer.engine.structure import generate, structure_to_dict
        from dealer.tournament.models import TournamentClock
        from dealer.tournament.views import poll_key
        from ledger.models import Entry, Finish, Player, Tournament

        host = get_user_model().objects.create_user(
            username="bench-host", password=secrets.token_urlsafe(16)
        )
        tournament = Tournament.objects.create(
            host=host, name="Bench cup", buy_in=20000, starting_chips=10000
        )
        players = [Player.objects.create(host=host, name=f"P{n}") for n in range(20)]
        for player in players:
            Entry.objects.create(tournament=tournament, player=player, money=20000, chips=10000)
        for place, player in ((20, players[0]), (19, players[1])):
            Finish.objects.create(tournament=tournament, player=player, place=place)
        structure = generate(
            players=20, starting_stack=10000, chips=(25, 100, 500, 1000), minutes=240
        )
        clock = TournamentClock.objects.create(
            tournament=tournament, data=structure_to_dict(structure)
        )
        clock.set_state(start(ClockState(), structure, timezone.now()))
        clock.save()
        path = f"/tournaments/tv/{clock.display_token}/poll/"
        key = poll_key(clock)
        with served(workdir) as port:
            unchanged = _raw_unchanged_bytes(port, f"{path}?v={poll_key(clock)}")
            displays = [Display(port, path, key) for _ in range(DISPLAYS)]

            def bump(_n: int) -> None:  # a remote press
                TournamentClock.objects.filter(pk=clock.pk).update(version=F("version") + 1)

            result = poll_together(displays, bump, CHANGE_EVERY_S)
    return {**result, "poll_bytes_unchanged": unchanged}


def run() -> list[tuple[str, float, str]]:
    """Measure in a child process (Django is configured once per process); with DATABASE_URL
    a PostgreSQL server, again on a scratch database there (`pg.clock.*`)."""
    return in_children("bench.clock")


if __name__ == "__main__":
    postgres = sys.argv[1] if len(sys.argv) > 1 else None
    result = measure(postgres)
    who = f"{DISPLAYS} displays"
    print(json.dumps(poll_figures(result, "pg.clock." if postgres else "clock.", who)))
