from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.db.backends.sqlite3.base import DatabaseWrapper
from pytest_django import DjangoDbBlocker

on_sqlite = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="SQLite settings; this run uses DATABASE_URL"
)


@on_sqlite
@pytest.mark.django_db
def test_sqlite_takes_the_write_lock_up_front_and_waits_when_busy() -> None:
    assert connection.transaction_mode == "IMMEDIATE"
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA busy_timeout")
        assert cursor.fetchone()[0] == 5000


@on_sqlite
def test_sqlite_file_database_uses_wal(tmp_path: Path, django_db_blocker: DjangoDbBlocker) -> None:
    # Open a fresh file with the same settings (independent of the test database's own file).
    wrapper = DatabaseWrapper({**settings.DATABASES["default"], "NAME": tmp_path / "t.sqlite3"})
    with django_db_blocker.unblock():
        try:
            with wrapper.cursor() as cursor:
                cursor.execute("PRAGMA journal_mode")
                assert cursor.fetchone()[0] == "wal"
                cursor.execute("PRAGMA synchronous")
                assert cursor.fetchone()[0] == 1  # NORMAL
        finally:
            wrapper.close()


def test_debug_is_off_by_default() -> None:
    assert settings.DEBUG is False


def test_languages_offered() -> None:
    assert [code for code, _name in settings.LANGUAGES] == ["en", "sv", "de", "is"]
