"""What an unchanged poll reads: one indexed row, or one read of the shared cache.

The TV displays and phones ask about once a second whether their table or clock changed. With
the embedded default (local-memory cache, one machine) the answer is one indexed query on the
display token. With a shared cache (REDIS_URL: Django's RedisCache, one cache for every app
process and machine) the row is kept there for POLL_CACHE_SECONDS, so many viewers of one table
cost the database one read a second between them, and a write forgets it at once after its
commit (Table.claim and Table.bump, TournamentClock.claim). A write that does not go through
those (a bulk update of a night's tables) is still seen within POLL_CACHE_SECONDS: a display
never misses a change for more than one poll interval. A local-memory cache is never used for
this: each process would keep its own copy, and a write in one process could not reach the
others' copies.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import connection, transaction
from django.utils.translation import get_language

# About a display's poll interval (1 s): the longest a cached row can outlive a write that
# did not forget it.
POLL_CACHE_SECONDS = 1
# How long a rendered board is kept (see `board`).
BOARD_CACHE_SECONDS = 10
SHARED_BACKENDS = {"django.core.cache.backends.redis.RedisCache"}


def shared() -> bool:
    """Whether the default cache is shared by every app process (Redis)."""
    return settings.CACHES["default"]["BACKEND"] in SHARED_BACKENDS


def _key(kind: str, token: str) -> str:
    return f"pott:poll:{kind}:{token}"


def table_row(token: str) -> tuple[int, int | None] | None:
    """(version, clock id) of the table whose display token is `token`, or None."""
    from dealer.models import Table

    key = _key("table", token)
    if shared():
        row = cache.get(key)
        if row is not None:
            return tuple(row) if row else None  # type: ignore[return-value]
    with connection.cursor() as cursor:
        # Hand-written SQL on purpose: compiling the same lookup through the ORM cost more
        # than the rest of the poll.
        cursor.execute(
            f"SELECT version, clock_id FROM {Table._meta.db_table} WHERE display_token = %s",
            [token],
        )
        found = cursor.fetchone()
    if shared():
        cache.set(key, list(found) if found else [], POLL_CACHE_SECONDS)
    return (found[0], found[1]) if found else None


def clock_row(token: str) -> Any:
    """The clock of a TV link with the ledger's side of its poll key (TournamentClock with
    ledger_e, ledger_em, ledger_f, ledger_fm), or None. One query on the unique token: four
    index ranges on the entries' and bust-outs' tournament key."""
    from dealer.tournament.models import TournamentClock
    from ledger.models import Entry, Finish

    key = _key("clock", token)
    if shared():
        row = cache.get(key)
        if row is not None:
            return row or None
    clock, entry, finish = (m._meta.db_table for m in (TournamentClock, Entry, Finish))
    # Hand-written SQL on purpose (see table_row); only what the poll key needs is read.
    sql = (
        f"SELECT c.id, c.tournament_id, c.data, c.step, c.ends_at, c.remaining, c.started,"
        f" c.display_token, c.version,"
        f" (SELECT COUNT(*) FROM {entry} WHERE tournament_id = c.tournament_id) AS ledger_e,"
        f" (SELECT MAX(id) FROM {entry} WHERE tournament_id = c.tournament_id) AS ledger_em,"
        f" (SELECT COUNT(*) FROM {finish} WHERE tournament_id = c.tournament_id) AS ledger_f,"
        f" (SELECT MAX(id) FROM {finish} WHERE tournament_id = c.tournament_id) AS ledger_fm"
        f" FROM {clock} c WHERE c.display_token = %s"
    )
    found = next(iter(TournamentClock.objects.raw(sql, [token])), None)
    if shared():
        cache.set(key, found or "", POLL_CACHE_SECONDS)
    return found


def forget(kind: str, token: str) -> None:
    """After the current transaction commits (at once outside one): the shared cache's row
    for this table ("table") or clock ("clock") is gone, so the next poll reads the database."""
    if shared():
        key = _key(kind, token)
        transaction.on_commit(lambda: cache.delete(key))


def board(table: Any, key: str, mode: str, render: Callable[[], str]) -> str:
    """The whole board of a table display or phone at poll key `key`, in the language of the
    request: rendered once and kept BOARD_CACHE_SECONDS in the cache (this process's memory, or
    the shared Redis), because a change makes every viewer of the table fetch the same board
    within a second. The key is the table's revision (and at a tournament table between hands
    the level), so a board kept is the board of that revision; what the revision does not
    cover (a player renamed in the ledger) shows within BOARD_CACHE_SECONDS, or at the
    table's next change."""
    name = f"pott:board:{mode}:{table.display_token}:{key}:{get_language()}"
    html = cache.get(name)
    if html is None:
        html = render()
        cache.set(name, html, BOARD_CACHE_SECONDS)
    return html
