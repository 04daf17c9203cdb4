from __future__ import annotations

import os
import shutil
import sqlite3
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.db.backends.sqlite3.base import DatabaseWrapper
from pytest_django import DjangoDbBlocker

import config
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


def _load_settings_in(folder: Path) -> None:
    """Import Pott's settings from a copy of config/ in `folder`, as a fresh process with the
    usual umask (022) and no DATABASE_URL or POTT_SECRET_KEY: `folder/var` is then its var/."""
    shutil.copytree(Path(config.__file__).parent, folder / "config")
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "POTT_SECRET_KEY"}}
    code = "import os; os.umask(0o022); import config.settings"
    subprocess.run([sys.executable, "-c", code], cwd=folder, env=env, check=True)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_database_and_secret_key_are_readable_only_by_their_owner(tmp_path: Path) -> None:
    _load_settings_in(tmp_path)
    var = tmp_path / "var"

    assert _mode(var) == 0o700
    assert _mode(var / "secret_key") == 0o600
    assert _mode(var / "pott.sqlite3") == 0o600
    # SQLite creates the -wal and -shm files with the database file's mode.
    umask = os.umask(0o022)
    try:
        with sqlite3.connect(var / "pott.sqlite3") as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("CREATE TABLE chips (value INTEGER)")
            assert _mode(var / "pott.sqlite3-wal") == 0o600
            assert _mode(var / "pott.sqlite3-shm") == 0o600
        db.close()
    finally:
        os.umask(umask)


def test_existing_files_readable_by_others_are_made_private(tmp_path: Path) -> None:
    var = tmp_path / "var"
    var.mkdir(mode=0o755)
    var.chmod(0o755)
    for name in ("secret_key", "pott.sqlite3", "pott.sqlite3-wal", "pott.sqlite3-shm"):
        (var / name).write_text("")
        (var / name).chmod(0o644)
    (var / "secret_key").write_text("an-old-key")

    _load_settings_in(tmp_path)

    assert _mode(var) == 0o700
    for name in ("secret_key", "pott.sqlite3", "pott.sqlite3-wal", "pott.sqlite3-shm"):
        assert _mode(var / name) == 0o600, name
    assert (var / "secret_key").read_text() == "an-old-key"


@pytest.mark.parametrize(
    ("redis_url", "backend"),
    [
        ("", "django.core.cache.backends.locmem.LocMemCache"),
        ("redis://127.0.0.1:6379/1", "django.core.cache.backends.redis.RedisCache"),
    ],
)
def test_the_cache_is_local_memory_unless_redis_url_is_set(redis_url: str, backend: str) -> None:
    code = (
        "import config.settings as s; c = s.CACHES['default']; "
        "print(c['BACKEND'], c.get('LOCATION', '-'))"
    )
    env = {**os.environ, "REDIS_URL": redis_url}
    root = Path(config.__file__).parent.parent
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=root, capture_output=True)
    assert out.stdout.decode().split() == [backend, redis_url or "-"], out.stderr
