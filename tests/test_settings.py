from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.db.backends.sqlite3.base import DatabaseWrapper
from pytest_django import DjangoDbBlocker

from config.settings import SQLITE_OPTIONS


@pytest.fixture
def sqlite_file(tmp_path: Path, django_db_blocker: DjangoDbBlocker) -> Iterator[DatabaseWrapper]:
    """A SQLite database file opened with the settings Pott uses for SQLite (whatever database
    this test run itself uses)."""
    database = {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": tmp_path / "pott.sqlite3",
        "OPTIONS": SQLITE_OPTIONS,
        "TIME_ZONE": None,
        "CONN_MAX_AGE": 0,
        "CONN_HEALTH_CHECKS": False,
        "AUTOCOMMIT": True,
        "ATOMIC_REQUESTS": False,
    }
    wrapper = DatabaseWrapper(database)
    with django_db_blocker.unblock():
        try:
            yield wrapper
        finally:
            wrapper.close()


def test_sqlite_takes_the_write_lock_up_front_and_waits_when_busy(
    sqlite_file: DatabaseWrapper,
) -> None:
    with sqlite_file.cursor() as cursor:
        cursor.execute("PRAGMA busy_timeout")
        assert cursor.fetchone()[0] == 5000
    assert sqlite_file.transaction_mode == "IMMEDIATE"


def test_sqlite_file_database_uses_wal(sqlite_file: DatabaseWrapper) -> None:
    with sqlite_file.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0] == "wal"
        cursor.execute("PRAGMA synchronous")
        assert cursor.fetchone()[0] == 1  # NORMAL


def test_debug_is_off_by_default() -> None:
    assert settings.DEBUG is False


def test_languages_offered() -> None:
    assert [code for code, _name in settings.LANGUAGES] == ["en", "sv", "de", "is"]
