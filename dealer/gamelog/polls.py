"""What an unchanged poll reads: one indexed row, or one read of the shared cache.

The TV displays and phones ask about once a second whether their table or clock changed. With
the embedded default (local-memory cache, one machine) the answer is one indexed query on the
display token. With a shared cache (REDIS_URL: Django's RedisCache, one cache for every app
process and machine) the row is kept there for POLL_CACHE_SECONDS, so many viewers of one table
cost the database one read a second between them, and a write forgets it at once after its
commit (Table.claim and Table.bump, TournamentClock.claim; each family reads its own row:
dealer.poker.display.table_row, dealer.tournament.models.clock_row). A write that does not go
through those (a bulk update of a night's tables) is still seen within POLL_CACHE_SECONDS: a display
never misses a change for more than one poll interval. A local-memory cache is never used for
this: each process would keep its own copy, and a write in one process could not reach the
others' copies.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
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


def row(kind: str, token: str, read: Callable[[], Any]) -> Any:
    """What an unchanged poll of the `kind` link `token` compares, or None (no such link):
    `read()` from the database (one indexed query on the unique token: each family writes its
    own), or, with a shared cache, the copy kept there for POLL_CACHE_SECONDS since a poll of
    any process read it (`forget` drops it after a change commits)."""
    key = _key(kind, token)
    if shared():
        found = cache.get(key)
        if found is not None:
            return found or None
    found = read()
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
