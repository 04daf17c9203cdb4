"""The TV's and phones' poll with a shared cache (REDIS_URL): every app process reads a table's
version from one Redis, and a change reaches them all at once after its commit (dealer/polls.py).
Needs a Redis server (POTT_TEST_REDIS_URL, default redis://127.0.0.1:6379/15); skipped without."""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.core.cache.backends.redis import RedisCache
from django.db.models import F
from django.test import Client, override_settings

from dealer.gamelog import polls
from dealer.poker.models import Table
from tests.dealer.conftest import Tablet

REDIS_URL = os.environ.get("POTT_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
pytestmark = pytest.mark.django_db


@pytest.fixture
def redis_caches() -> Iterator[tuple[dict[str, Any], RedisCache]]:
    """Pott's cache setting for a shared Redis (a key prefix of this test's own), and a second,
    separate client of the same Redis: another app process."""
    pytest.importorskip("redis")
    params = {"KEY_PREFIX": f"pott-test-{secrets.token_hex(4)}"}
    other = RedisCache(REDIS_URL, params)
    try:
        other.set("ping", 1, 5)
    except Exception as error:  # no Redis server here
        pytest.skip(f"no Redis at {REDIS_URL}: {error}")
    setting = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
    yield {"default": {**setting, **params}}, other
    # Only this test's keys: clear() would empty the whole Redis database.
    client = other._cache.get_client(write=True)
    for key in client.scan_iter(f"{params['KEY_PREFIX']}:*"):
        client.delete(key)


def test_a_change_reaches_the_polls_of_every_process_through_the_shared_cache(
    tablet: Tablet,
    redis_caches: tuple[dict[str, Any], RedisCache],
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    caches, other = redis_caches
    token = tablet.table.display_token
    url = f"/d/{token}/poll/"
    key = f"pott:poll:table:{token}"
    with override_settings(CACHES=caches):
        assert polls.shared()
        seen = tablet.version
        assert Client().get(url, {"v": seen}).status_code == 204
        assert other.get(key) == [seen, None]  # the other process reads the same row
        with django_capture_on_commit_callbacks(execute=True):
            tablet.start()
        assert other.get(key) is None  # forgotten after the commit, for every process
        response = Client().get(url, {"v": seen})
        assert response.status_code == 200 and f"poll/?v={tablet.version}" in response.text
        assert Client().get(url, {"v": tablet.version}).status_code == 204


def test_a_write_that_forgets_nothing_is_seen_within_a_poll_interval(
    tablet: Tablet, redis_caches: tuple[dict[str, Any], RedisCache]
) -> None:
    caches, _other = redis_caches
    url = f"/p/{tablet.table.display_token}/poll/"
    with override_settings(CACHES=caches):
        seen = tablet.version
        assert Client().get(url, {"v": seen}).status_code == 204
        Table.objects.filter(pk=tablet.table.pk).update(version=F("version") + 1)
        time.sleep(polls.POLL_CACHE_SECONDS + 0.2)
        assert Client().get(url, {"v": seen}).status_code == 200


def test_without_a_shared_cache_the_poll_reads_the_database(tablet: Tablet) -> None:
    """Local memory is per process: it is never used for the poll, so a change made by another
    process (here: straight in the database) is seen by the very next poll."""
    assert not polls.shared()
    url = f"/d/{tablet.table.display_token}/poll/"
    seen = tablet.version
    assert Client().get(url, {"v": seen}).status_code == 204
    Table.objects.filter(pk=tablet.table.pk).update(version=F("version") + 1)
    assert Client().get(url, {"v": seen}).status_code == 200
