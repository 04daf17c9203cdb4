"""Live-table benchmark: 20 tables dealt at once over HTTP, against a floor of one written row.

Setup, all in a temporary directory that is deleted afterwards (the real var/pott.sqlite3 is
never opened: bench.settings refuses to load without DATABASE_URL): a fresh SQLite database with
the production options (WAL, BEGIN IMMEDIATE, 5 s busy timeout; checked before timing),
`migrate`, `collectstatic`, a host and TABLES no-limit 5/10 tables of SEATS players with 1,000
chips each, made with the ORM. Then the production server as `make run` starts it (gunicorn
`config.wsgi`, gthread, $POTT_WORKERS workers of $POTT_THREADS threads, default 2 x 4, access
log on) with bench.settings, on 127.0.0.1 and a free port.

Timing: the host logs in over HTTP once (GET /login/, POST the form); TABLES client threads,
one per table, each with its own keep-alive connection and the host's cookies, deal
HANDS_PER_TABLE hands as fast as the server answers, posting what the dealer's tablet posts
(htmx, X-CSRFToken, the `version` and `hand` read from the previous response): the hand
start, then everyone calls, the big blind checks, each street is dealt and checked round, and
the main pot goes to the first player offered (28 actions a hand at 6 players). Every action's
and award's server time is read from its `Server-Timing: app;dur=<ms>` header (set by
config.middleware.ServerTimingMiddleware, first in the stack); hand starts are not counted.
Right after, on the same server, TABLES threads post the same number of requests to the floor
(bench/floor.py: one INSERT, no login, no template), timed the same way. Percentiles are
nearest-rank: the ceil(p/100 * n)-th smallest of the n samples. The whole timed part stops
after TIME_LIMIT_S even if hands are left.

Queries: in-process (django.test.Client with force_login, no HTTP, autocommit as in production,
not in a test transaction), on the same database, a heads-up hand with 10,000,000-chip stacks
where both players min-raise back and forth; django.test.utils.CaptureQueriesContext around the
5th and the 50th action's POST. Every statement the connection logs is counted: the session and
user reads, `BEGIN IMMEDIATE` and `COMMIT` included (SQLite runs no savepoint here).
"""

from __future__ import annotations

import http.client
import json
import math
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

BASE_DIR = Path(__file__).resolve().parent.parent
TABLES = 20
SEATS = 6
STACK = 1000
HANDS_PER_TABLE = 4
TIME_LIMIT_S = 60.0
FLOOR_TIME_LIMIT_S = 30.0
MAX_REQUESTS_PER_HAND = 100  # a 6-player check-down is 28; more means the client is lost
SERVER_START_S = 30.0
HOST = "127.0.0.1"
USERNAME = "bench-host"
# Both the 5th and the 50th action fall in the long hand's preflop min-raise war.
COUNTED_ACTIONS = (5, 50)
LONG_HAND_ACTIONS = 60
DEEP_STACK = 10_000_000

VERSION = re.compile(r'data-version="(\d+)"')
REVISION = re.compile(r'name="version" value="(\d+)"')
HAND = re.compile(r'name="hand" value="(\d+)"')
POT = re.compile(r'name="pot" value="(\d+)"')
WINNER = re.compile(r'name="winners" value="(\d+)"')
RAISE_MIN = re.compile(r'data-min="(\d+)"')
CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
SERVER_TIMING = re.compile(r"\bapp;dur=([0-9.]+)")
ERROR = 'class="flash error"'


class BenchError(RuntimeError):
    """The benchmark could not run as designed (not a slow result: a broken one)."""


def percentile(samples: list[float], p: float) -> float:
    """Nearest-rank percentile: the ceil(p/100 * n)-th smallest sample."""
    if not samples:
        return float("nan")
    ordered = sorted(samples)
    return ordered[max(1, math.ceil(p / 100 * len(ordered))) - 1]


# --- setup -----------------------------------------------------------------------------------


@contextmanager
def _environment(values: dict[str, str]) -> Iterator[None]:
    saved = {name: os.environ.get(name) for name in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def postgres_server() -> str | None:
    """The PostgreSQL server `make bench` was given (DATABASE_URL), on which the benchmarks
    create scratch databases for their `pg.` figures; None without one (or with SQLite)."""
    url = os.environ.get("POTT_BENCH_PG_SERVER") or os.environ.get("DATABASE_URL", "")
    return url if url.startswith(("postgres://", "postgresql://")) else None


def _postgres(server: str, sql: str) -> None:
    import psycopg

    with psycopg.connect(server, autocommit=True) as connection:
        connection.execute(sql)


@contextmanager
def _scratch_postgres(server: str) -> Iterator[str]:
    """A new, empty database on the PostgreSQL `server` (pott_bench_<random>), dropped
    afterwards; its URL."""
    from urllib.parse import urlsplit, urlunsplit

    name = f"pott_bench_{secrets.token_hex(6)}"
    _postgres(server, f'CREATE DATABASE "{name}"')
    try:
        yield urlunsplit(urlsplit(server)._replace(path=f"/{name}"))
    finally:
        _postgres(server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _setup_django(database: Path | None) -> None:
    """Configure Django in this process for the temporary database, and check its options
    (SQLite's; `database` None: a PostgreSQL scratch database)."""
    import django
    from django.conf import settings

    if settings.configured:
        raise BenchError(
            "Django was configured before the table benchmark: run it in a new process."
        )
    django.setup()
    from django.db import connection

    if database is None:
        if connection.vendor != "postgresql":
            raise BenchError(f"not the PostgreSQL scratch database: {connection.vendor}")
        return
    options = connection.settings_dict.get("OPTIONS", {})
    if Path(connection.settings_dict["NAME"]) != database:
        raise BenchError(f"not the temporary database: {connection.settings_dict['NAME']}")
    if options.get("transaction_mode") != "IMMEDIATE" or options.get("timeout") != 5:
        raise BenchError(f"SQLite options from config/settings.py not applied: {options}")
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        journal = cursor.fetchone()[0]
        cursor.execute("PRAGMA busy_timeout")
        busy = cursor.fetchone()[0]
    if journal != "wal" or busy != 5000:
        raise BenchError(f"SQLite runs with journal_mode={journal}, busy_timeout={busy}")


def _make_table(host: Any, name: str, *, seats: int, stack: int) -> Any:
    from dealer.poker.models import Seat, Table
    from ledger.models import Player, Session

    session = Session.objects.create(host=host, name=name, currency="SEK")
    table = Table.objects.create(host=host, session=session, name=name, max_seats=max(seats, 2))
    for number in range(1, seats + 1):
        # A player sits at one table at a time: each table has players of its own.
        player, _ = Player.objects.get_or_create(host=host, name=f"{name}: player {number}")
        session.buy_in(player, stack, by=host)
        Seat.objects.create(table=table, number=number, player=player, stack=stack, is_new=False)
    return table


# --- the server ------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def _start_server(port: int, log: Path) -> subprocess.Popen[bytes]:
    """gunicorn as `make run` starts it, on 127.0.0.1 only, with the bench settings."""
    gunicorn = Path(sys.executable).with_name("gunicorn")
    command = [str(gunicorn)] if gunicorn.exists() else [sys.executable, "-m", "gunicorn"]
    command += [
        "config.wsgi",
        "--bind",
        f"{HOST}:{port}",
        "--workers",
        os.environ.get("POTT_WORKERS") or "2",
        "--worker-class",
        "gthread",
        "--threads",
        os.environ.get("POTT_THREADS") or "4",
        "--access-logfile",
        "-",
        "--env",
        "DJANGO_SETTINGS_MODULE=bench.settings",
    ]
    with log.open("wb") as out:
        return subprocess.Popen(
            command, cwd=BASE_DIR, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )


def _stop_server(server: subprocess.Popen[bytes]) -> None:
    """Stop gunicorn and its workers (its own process group, started by us)."""
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=10)


def _wait_until_up(server: subprocess.Popen[bytes], port: int, log: Path) -> None:
    deadline = time.monotonic() + SERVER_START_S
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise BenchError(f"gunicorn exited: {log.read_text()[-2000:]}")
        try:
            status, _, _ = Browser(port, {}).request("GET", "/login/")
        except OSError:
            status = 0
        if status == 200:
            return
        time.sleep(0.2)
    raise BenchError(
        f"gunicorn did not answer within {SERVER_START_S} s: {log.read_text()[-2000:]}"
    )


@contextmanager
def scratch_site(prefix: str, *, postgres: str | None = None) -> Iterator[Path]:
    """A temporary directory with a migrated SQLite database and collected static files, this
    process's Django configured for it (bench.settings); all deleted afterwards. With
    `postgres` (a server's URL), a scratch database on that server instead of SQLite, dropped
    afterwards."""
    with ExitStack() as stack:
        workdir = Path(tempfile.mkdtemp(prefix=prefix))
        stack.callback(shutil.rmtree, workdir, ignore_errors=True)
        database: Path | None = workdir / "bench.sqlite3"
        url = f"sqlite:///{database}"
        if postgres:
            url, database = stack.enter_context(_scratch_postgres(postgres)), None
        yield stack.enter_context(_site(workdir, database, url))


@contextmanager
def _site(workdir: Path, database: Path | None, url: str) -> Iterator[Path]:
    environment = {
        "DJANGO_SETTINGS_MODULE": "bench.settings",
        "DATABASE_URL": url,
        "POTT_BENCH_STATIC_ROOT": str(workdir / "static"),
        "POTT_SECRET_KEY": secrets.token_urlsafe(50),
        "POTT_DEBUG": "",
    }
    with _environment(environment):
        _setup_django(database)
        from django.core.management import call_command
        from django.db import connections

        call_command("migrate", interactive=False, verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)
        try:
            yield workdir
        finally:
            connections.close_all()


@contextmanager
def served(workdir: Path) -> Iterator[int]:
    """The production server on a free port of 127.0.0.1 for the length of the block."""
    from django.db import connections

    connections.close_all()  # the server's processes open their own
    port = _free_port()
    log = workdir / "gunicorn.log"
    server = _start_server(port, log)
    try:
        _wait_until_up(server, port, log)
        yield port
    finally:
        _stop_server(server)


# --- the client ------------------------------------------------------------------------------


class Browser:
    """One device: a keep-alive connection to the server and its cookies."""

    def __init__(self, port: int, cookies: dict[str, str]) -> None:
        self.port = port
        self.cookies = dict(cookies)
        self.connection = http.client.HTTPConnection(HOST, port, timeout=30)

    def request(
        self, method: str, path: str, fields: dict[str, Any] | None = None, *, htmx: bool = False
    ) -> tuple[int, float | None, str]:
        """(status, server milliseconds from Server-Timing, body)."""
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if method == "POST":
            body = urlencode(fields or {}, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            if "csrftoken" in self.cookies:
                headers["X-CSRFToken"] = self.cookies["csrftoken"]
        if htmx:
            headers["HX-Request"] = "true"
        try:
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
        except (ConnectionError, http.client.HTTPException):
            # The server closed an idle keep-alive connection: once more on a new one. (A
            # repeated action carries the same version and would be refused as stale, not doubled.)
            self.connection.close()
            self.connection = http.client.HTTPConnection(HOST, self.port, timeout=30)
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
        text = response.read().decode()
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        timing = SERVER_TIMING.search(response.headers.get("Server-Timing", ""))
        return response.status, float(timing.group(1)) if timing else None, text

    def close(self) -> None:
        self.connection.close()


def _login(port: int, password: str) -> dict[str, str]:
    browser = Browser(port, {})
    status, _, page = browser.request("GET", "/login/")
    token = CSRF_INPUT.search(page)
    if status != 200 or token is None:
        raise BenchError(f"GET /login/ answered {status} without a CSRF token")
    fields = {"username": USERNAME, "password": password, "csrfmiddlewaretoken": token.group(1)}
    status, _, _ = browser.request("POST", "/login/", fields)
    browser.close()
    if status != 302 or "sessionid" not in browser.cookies:
        raise BenchError(f"logging in over HTTP failed: {status}")
    return browser.cookies


def _next_move(pk: int, page: str) -> tuple[str, dict[str, Any]] | None:
    """What the dealer taps next on this table screen, or None between hands."""
    if f'action="/tables/{pk}/start/"' in page:
        return None
    version, hand = REVISION.search(page), HAND.search(page)
    if version is None or hand is None:
        raise BenchError("a table screen with neither a hand nor the next hand's button")
    fields: dict[str, Any] = {"version": version.group(1), "hand": hand.group(1)}
    pot = POT.search(page)
    if pot is not None:
        winner = WINNER.search(page)
        if winner is None:
            raise BenchError("a showdown without anyone to award the pot to")
        return f"/tables/{pk}/award/", {**fields, "pot": pot.group(1), "winners": winner.group(1)}
    for kind in ("deal", "check", "call"):
        if f'name="kind" value="{kind}"' in page:
            return f"/tables/{pk}/act/", {**fields, "kind": kind}
    raise BenchError("a table screen with no deal, check, call or award")


@dataclass
class Dealer:
    """One table's client thread and what it measured."""

    port: int
    cookies: dict[str, str]
    pk: int
    deadline: float
    hands_to_deal: int
    action_ms: list[float] = field(default_factory=list)
    hands: int = 0
    refusals: list[str] = field(default_factory=list)
    failure: BaseException | None = None

    def run(self) -> None:
        browser = Browser(self.port, self.cookies)
        try:
            self._deal(browser)
        except BaseException as error:  # reported by the main thread
            self.failure = error
        finally:
            browser.close()

    def _deal(self, browser: Browser) -> None:
        page_url = f"/tables/{self.pk}/"
        status, _, page = browser.request("GET", page_url)
        for _ in range(self.hands_to_deal):
            if time.monotonic() > self.deadline:
                return
            version = VERSION.search(page)
            if status != 200 or version is None:
                raise BenchError(f"table {self.pk}: no version on the screen ({status})")
            start = f"/tables/{self.pk}/start/"
            status, _, page = browser.request(
                "POST", start, {"version": version.group(1)}, htmx=True
            )
            for _ in range(MAX_REQUESTS_PER_HAND):
                if ERROR in page:
                    self.refusals.append(page[page.index(ERROR) : page.index(ERROR) + 300])
                    status, _, page = browser.request("GET", page_url)
                move = _next_move(self.pk, page)
                if move is None or time.monotonic() > self.deadline:
                    break
                status, ms, page = browser.request("POST", *move, htmx=True)
                if status != 200 or ms is None:
                    raise BenchError(f"table {self.pk}: {move[0]} answered {status}")
                self.action_ms.append(ms)
            else:
                raise BenchError(f"table {self.pk}: a hand did not end in {MAX_REQUESTS_PER_HAND}")
            self.hands += 1


def _run_threads(workers: list[Any]) -> None:
    threads = [threading.Thread(target=w.run, daemon=True) for w in workers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=TIME_LIMIT_S + 60)
    for worker in workers:
        if worker.failure is not None:
            raise BenchError(f"a client thread failed: {worker.failure!r}") from worker.failure


@dataclass
class FloorClient:
    port: int
    requests: int
    deadline: float
    ms: list[float] = field(default_factory=list)
    failure: BaseException | None = None

    def run(self) -> None:
        browser = Browser(self.port, {})
        try:
            for _ in range(self.requests):
                if time.monotonic() > self.deadline:
                    return
                status, ms, _ = browser.request("POST", "/bench/floor/")
                if status != 200 or ms is None:
                    raise BenchError(f"the floor answered {status}")
                self.ms.append(ms)
        except BaseException as error:
            self.failure = error
        finally:
            browser.close()


# --- queries per action ----------------------------------------------------------------------


def _queries_per_action(host: Any) -> dict[int, list[str]]:
    """The SQL of the COUNTED_ACTIONS-th actions of a long heads-up hand, in-process."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    table = _make_table(host, "Long hand", seats=2, stack=DEEP_STACK)
    client = Client()
    client.force_login(host)
    htmx = {"HX-Request": "true"}
    page = client.get(f"/tables/{table.pk}/").text
    version = VERSION.search(page)
    if version is None:
        raise BenchError("the long hand's table shows no version")
    page = client.post(
        f"/tables/{table.pk}/start/", {"version": version.group(1)}, headers=htmx
    ).text
    captured: dict[int, list[str]] = {}
    for number in range(1, LONG_HAND_ACTIONS + 1):
        revision, hand = REVISION.search(page), HAND.search(page)
        raise_min = RAISE_MIN.search(page)
        if revision is None or hand is None or raise_min is None or ERROR in page:
            raise BenchError(f"the long hand cannot go on at action {number}")
        fields = {
            "version": revision.group(1),
            "hand": hand.group(1),
            "kind": "raise",
            "amount": raise_min.group(1),
        }
        with CaptureQueriesContext(connection) as queries:
            response = client.post(f"/tables/{table.pk}/act/", fields, headers=htmx)
        if number in COUNTED_ACTIONS:
            captured[number] = [query["sql"] for query in queries.captured_queries]
        page = response.text
    return captured


# --- the benchmark ---------------------------------------------------------------------------


@dataclass
class Measurement:
    """Everything one run measured (run() turns it into figures)."""

    action_ms: list[float]
    floor_ms: list[float]
    queries: dict[int, list[str]]
    hands: int
    seconds: float
    refusals: list[str]


def measure(
    *, tables: int = TABLES, hands: int = HANDS_PER_TABLE, postgres: str | None = None
) -> Measurement:
    """Set up, deal `tables` tables of `hands` hands over HTTP, hit the floor, count queries
    (on a scratch database of the PostgreSQL server `postgres` when given)."""
    password = secrets.token_urlsafe(16)
    with scratch_site("pott-bench-table-", postgres=postgres) as workdir:
        from django.contrib.auth import get_user_model

        host = get_user_model().objects.create_user(username=USERNAME, password=password)
        pks = [
            _make_table(host, f"Table {n}", seats=SEATS, stack=STACK).pk
            for n in range(1, tables + 1)
        ]
        with served(workdir) as port:
            cookies = _login(port, password)
            began = time.monotonic()
            deadline = began + TIME_LIMIT_S
            dealers = [Dealer(port, cookies, pk, deadline, hands) for pk in pks]
            _run_threads(dealers)
            seconds = time.monotonic() - began
            action_ms = [ms for dealer in dealers for ms in dealer.action_ms]
            if not action_ms:
                raise BenchError("no action was timed")
            per_thread = math.ceil(len(action_ms) / tables)
            deadline = time.monotonic() + FLOOR_TIME_LIMIT_S
            floors = [FloorClient(port, per_thread, deadline) for _ in range(tables)]
            _run_threads(floors)
        queries = _queries_per_action(host)
    return Measurement(
        action_ms=action_ms,
        floor_ms=[ms for client in floors for ms in client.ms],
        queries=queries,
        hands=sum(dealer.hands for dealer in dealers),
        seconds=seconds,
        refusals=[refusal for dealer in dealers for refusal in dealer.refusals],
    )


def figures(result: Measurement, prefix: str = "table.") -> list[tuple[str, float, str]]:
    if result.refusals:
        print(
            f"{prefix}: {len(result.refusals)} refused, e.g. {result.refusals[0]!r}",
            file=sys.stderr,
        )
    action_p95 = percentile(result.action_ms, 95)
    floor_p95 = percentile(result.floor_ms, 95)
    first, last = COUNTED_ACTIONS
    return [
        (f"{prefix}action_p50_ms", round(percentile(result.action_ms, 50), 2), "ms"),
        (f"{prefix}action_p95_ms", round(action_p95, 2), "ms"),
        (f"{prefix}floor_p95_ms", round(floor_p95, 2), "ms"),
        (f"{prefix}action_p95_vs_floor", round(action_p95 / floor_p95, 2), "x"),
        (f"{prefix}queries_per_action_at_{first}", len(result.queries[first]), "queries"),
        (f"{prefix}queries_per_action_at_{last}", len(result.queries[last]), "queries"),
    ]


def in_child(module: str, postgres: str | None = None) -> list[tuple[str, float, str]]:
    """Run `python -m <module> [<postgres>]` (Django is configured once per process: each
    benchmark of a site runs in a child) and return the figures it prints as JSON."""
    done = subprocess.run(
        [sys.executable, "-m", module, *([postgres] if postgres else [])],
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if done.returncode != 0:
        where = " on PostgreSQL" if postgres else ""
        raise BenchError(f"{module}{where} failed:\n{done.stderr[-3000:]}")
    sys.stderr.write(done.stderr)
    return [tuple(row) for row in json.loads(done.stdout.strip().splitlines()[-1])]


def in_children(module: str) -> list[tuple[str, float, str]]:
    """A benchmark's figures on SQLite and, with DATABASE_URL a PostgreSQL server, again on a
    scratch database there (printed with the `pg.` prefix), each in a child process."""
    rows = in_child(module)
    postgres = postgres_server()
    if postgres:
        rows += in_child(module, postgres)
    return rows


def run() -> list[tuple[str, float, str]]:
    """Deal TABLES tables at once over HTTP; server time per action, floor, ratio, queries.
    With DATABASE_URL a PostgreSQL server: the same again on a scratch database there, as
    `pg.table.*`."""
    postgres = postgres_server()
    rows = figures(measure())
    if postgres:
        rows += in_child("bench.table", postgres)
    return rows


if __name__ == "__main__":
    print(json.dumps(figures(measure(postgres=sys.argv[1]), prefix="pg.table.")))
