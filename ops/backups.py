"""Backups of Pott's database taken while Pott runs, and restores that change nothing unless they
succeed (`manage.py pott_backup` and `manage.py pott_restore`).

SQLite: SQLite's online backup API copies the database from a connection of its own, in one
step, so the copy is one consistent snapshot while gunicorn keeps writing (WAL: a reader never
blocks the writers). A restore copies the backup into the live database file the same way: one
write transaction, so the server's connections see the old database or the restored one, never
a mix, and a failure leaves the old one.

PostgreSQL: pg_dump's custom format. A restore has pg_restore turn the archive into SQL (with
`--clean --if-exists --no-owner`) and psql run it in a single transaction.

Whatever the database, a file is checked before anything is touched: it must be a backup of
Pott's kind for this database, undamaged, and not from a newer Pott than this one.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader
from django.template.defaultfilters import filesizeformat
from django.utils import timezone

from dealer.poker.models import Hand, HandAction, Seat, Table
from ledger.models import BuyIn, CashOut, Player, Session

SQLITE_MAGIC = b"SQLite format 3\x00"
PG_MAGIC = b"PGDMP"
# What the summary counts, by the models' tables.
COUNTED = {
    ("session", "sessions"): Session,
    ("poker table", "poker tables"): Table,
    ("hand", "hands"): Hand,
    ("player", "players"): Player,
}
# The first migration of each of Pott's apps: every Pott database has applied them.
FIRST_MIGRATIONS = {("ledger", "0001_initial"), ("dealer", "0001_initial")}
PG_TOOLS_HINT = (
    "it comes with PostgreSQL's client tools, of the server's version or newer "
    "(Debian/Ubuntu: apt-get install postgresql-client; macOS: brew install libpq)"
)


class BackupError(Exception):
    """A backup or restore that did not happen; the message says why, and what to do."""


@dataclass(frozen=True, slots=True)
class Summary:
    """What a backup holds: how many of a few kinds of rows, and its migrations."""

    counts: dict[tuple[str, str], int]  # by (singular, plural) name
    migrations: frozenset[tuple[str, str]]

    def __str__(self) -> str:
        counts = (f"{n} {one if n == 1 else many}" for (one, many), n in self.counts.items())
        return ", ".join(counts) or "no data of Pott's"


@dataclass(frozen=True, slots=True)
class Backup:
    """A backup file that was checked: its path, size and contents."""

    path: Path
    size: int
    summary: Summary
    tables: frozenset[str]

    def __str__(self) -> str:
        size = filesizeformat(self.size).replace("\xa0", " ")
        return f"{self.path} ({size}): {self.summary}"


def vendor() -> str:
    """The kind of database Pott uses: "sqlite" or "postgresql" (the only ones it backs up)."""
    if connection.vendor not in {"sqlite", "postgresql"}:
        raise BackupError(f"Pott backs up SQLite and PostgreSQL, not {connection.vendor}.")
    return connection.vendor


def describe_database() -> str:
    """The database in a few words: its file, or its name and server."""
    if vendor() == "sqlite":
        return f"the SQLite database {sqlite_file(must_exist=False)}"
    params = connection.settings_dict
    server = f"{params.get('HOST') or 'localhost'}:{params.get('PORT') or 5432}"
    return f"the PostgreSQL database {params['NAME']} on {server}"


def default_path(stem: str = "pott", folder: Path | None = None) -> Path:
    """A new file in `folder` (settings.BACKUP_DIR) named after this moment (in POTT_TIME_ZONE),
    e.g. pott-20250314-231507.sqlite3; "-2", "-3" … when two are made within a second."""
    suffix = ".sqlite3" if vendor() == "sqlite" else ".dump"
    name = f"{stem}-{timezone.localtime():%Y%m%d-%H%M%S}"
    folder = Path(settings.BACKUP_DIR) if folder is None else folder
    path, n = folder / f"{name}{suffix}", 1
    while path.exists():
        n += 1
        path = folder / f"{name}-{n}{suffix}"
    return path


def backup(path: Path, *, force: bool = False) -> Backup:
    """Write a backup of the database to `path` (its folder created if need be, 0700; the file
    0600), read it back to check it, and return what it holds.

    An existing file is refused unless `force`. The backup is written next to `path` under a
    temporary name and moved into place when it is complete, so `path` is never half-written.
    """
    path = path.expanduser().absolute()
    if path.exists() and not force:
        raise BackupError(f"{path} already exists: choose another name, or use --force.")
    if vendor() == "sqlite" and _same_file(path, sqlite_file()):
        raise BackupError(f"{path} is the database itself.")
    if vendor() == "postgresql":
        pg_tool("pg_dump")  # and pg_restore, to read the dump back: before writing anything
        pg_tool("pg_restore")
    folder = path.parent
    if not folder.exists():
        folder.mkdir(mode=0o700, parents=True)
        folder.chmod(0o700)  # whatever the umask
    fd, name = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")  # 0600
    os.close(fd)
    tmp = Path(name)
    try:
        if vendor() == "sqlite":
            _sqlite_backup(sqlite_file(), tmp)
        else:
            _pg_dump(tmp)
        with tmp.open("rb") as file:
            os.fsync(file.fileno())
        checked = read(tmp)
        _put_in_place(tmp, path, force=force)
    finally:
        tmp.unlink(missing_ok=True)
    return Backup(path, path.stat().st_size, checked.summary, checked.tables)


def _put_in_place(tmp: Path, path: Path, *, force: bool) -> None:
    """Move the finished backup `tmp` to `path`; without `force`, never over an existing file
    (a hard link fails if the name is taken, however late it was taken)."""
    if force:
        os.replace(tmp, path)
        return
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise BackupError(f"{path} already exists: choose another name, or use --force.") from None
    except OSError:  # a file system without hard links (a FAT-formatted USB stick)
        if path.exists():
            raise BackupError(
                f"{path} already exists: choose another name, or use --force."
            ) from None
        os.replace(tmp, path)


def inspect(path: Path) -> Backup:
    """Check that `path` is an undamaged backup of a Pott database of this kind (SQLite or
    PostgreSQL) and not from a newer Pott; return what it holds. Raises BackupError."""
    found = read(path)
    _check_pott(found.path, found.tables, found.summary.migrations)
    return found


def read(path: Path) -> Backup:
    """Read a backup for this kind of database (SQLite or PostgreSQL) through, and return what
    it holds. Raises BackupError for a file that is not one, or is damaged."""
    path = path.expanduser().absolute()
    if not path.is_file():
        what = "a folder, not a file" if path.is_dir() else "not there"
        raise BackupError(f"{path} is {what}.")
    with path.open("rb") as file:
        header = file.read(len(SQLITE_MAGIC))
    if vendor() == "sqlite":
        if header.startswith(PG_MAGIC):
            raise BackupError(
                f"{path} is a PostgreSQL backup (pg_dump), but this Pott uses SQLite. "
                "Restore it with DATABASE_URL set to a PostgreSQL database."
            )
        if header != SQLITE_MAGIC:
            raise BackupError(f"{path} is not an SQLite database, so it is no backup of Pott.")
        tables, migrations, counts = _inspect_sqlite(path)
    else:
        if header == SQLITE_MAGIC:
            raise BackupError(
                f"{path} is an SQLite backup, but this Pott uses PostgreSQL (DATABASE_URL). "
                "Restore it with DATABASE_URL unset."
            )
        if not header.startswith(PG_MAGIC):
            raise BackupError(
                f"{path} is not a PostgreSQL backup made by pg_dump in its custom format, "
                "so it is no backup of Pott."
            )
        tables, migrations, counts = _inspect_pg(path)
    summary = Summary(counts, frozenset(migrations))
    return Backup(path, path.stat().st_size, summary, frozenset(tables))


def restore(checked: Backup) -> None:
    """Replace the database's contents with the backup `checked` (from `inspect`), in one
    transaction: if anything fails, the database is as it was. Run migrations afterwards."""
    if vendor() == "sqlite" and _same_file(checked.path, sqlite_file(must_exist=False)):
        raise BackupError(f"{checked.path} is the database itself.")
    with tempfile.TemporaryDirectory() as tmp:
        # What is restored is a private copy, checked again: the file may have changed since
        # it was checked (while the host read the question), and a copy cannot.
        copy = Path(tmp) / checked.path.name
        shutil.copyfile(checked.path, copy)
        again = inspect(copy)
        if again.summary != checked.summary:
            raise BackupError(f"{checked.path} changed while it was being restored.")
        connection.close()  # this process's own connection must hold no transaction open
        try:
            if vendor() == "sqlite":
                _sqlite_restore(copy, sqlite_file(must_exist=False))
            else:
                _pg_restore(again)
        finally:
            connection.close()  # the restored database may have another schema: reconnect


def pending_migrations() -> list[str]:
    """Migrations of this Pott that the database has not applied, in the order they apply."""
    connection.close()
    executor = MigrationExecutor(connection)
    plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    return [f"{migration.app_label}.{migration.name}" for migration, _ in plan]


# Checks


def _core_tables() -> set[str]:
    """Tables every Pott database has had since its first migration."""
    models = [get_user_model(), Player, Session, BuyIn, CashOut, Table, Seat, Hand, HandAction]
    return {"django_migrations"} | {model._meta.db_table for model in models}


def _check_pott(path: Path, tables: Iterable[str], migrations: Iterable[tuple[str, str]]) -> None:
    missing = sorted(_core_tables() - set(tables))
    if len(missing) == len(_core_tables()):
        raise BackupError(f"{path} is not a backup of Pott: it has none of Pott's tables.")
    if missing:
        raise BackupError(
            f"{path} is not a backup of Pott: it has no {', '.join(missing)} "
            f"table{'s' if len(missing) > 1 else ''}."
        )
    migrations = set(migrations)
    if not FIRST_MIGRATIONS <= migrations:
        raise BackupError(f"{path} is not a backup of Pott: Pott's migrations were never run.")
    loader = MigrationLoader(None, ignore_no_migrations=True)
    known = set(loader.disk_migrations)
    known |= {name for migration in loader.disk_migrations.values() for name in migration.replaces}
    labels = {app.label for app in apps.get_app_configs()}
    newer = sorted(f"{a}.{n}" for a, n in migrations if a in labels and (a, n) not in known)
    if newer:
        raise BackupError(
            f"{path} comes from a newer Pott: this one does not know its migrations "
            f"{', '.join(newer)}. Update Pott, then restore it."
        )


# SQLite


def sqlite_file(*, must_exist: bool = True) -> Path:
    """The live SQLite database file (during tests, the test database's file)."""
    name = str(connection.settings_dict["NAME"] or "")
    if not name or name == ":memory:" or "mode=memory" in name:
        raise BackupError("The database is in memory: there is no file to back up or restore.")
    path = Path(name).absolute()
    if must_exist and not path.is_file():
        raise BackupError(f"There is no database at {path}.")
    return path


def _connect(path: Path, mode: str) -> sqlite3.Connection:
    """A connection of our own (autocommit) to `path`: "ro", "rw" or "rwc" (may create it)."""
    return sqlite3.connect(
        f"{path.as_uri()}?mode={mode}", uri=True, timeout=30, isolation_level=None
    )


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.samefile(b)
    except OSError:
        return False


def _sqlite_backup(source: Path, target: Path) -> None:
    src, dst = _connect(source, "rw"), _connect(target, "rw")
    try:
        # pages=-1: every page in one step, one read transaction: a consistent snapshot. (In
        # several steps, every write by the server would restart the copy.)
        src.backup(dst, pages=-1)
        # The copy inherits WAL mode from the live database; a backup is one self-contained file.
        dst.execute("PRAGMA journal_mode=DELETE")
    except sqlite3.Error as error:
        raise BackupError(f"The backup failed: {error}.") from None
    finally:
        src.close()
        dst.close()


def _inspect_sqlite(path: Path) -> tuple[set[str], set[tuple[str, str]], dict[Any, int]]:
    # A private copy: reading a WAL-mode file would create -wal and -shm files beside it.
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "backup.sqlite3"
        shutil.copyfile(path, copy)
        db = _connect(copy, "ro")
        try:
            problems = [row[0] for row in db.execute("PRAGMA integrity_check")]
            if problems != ["ok"]:
                raise BackupError(
                    f"{path} is damaged (SQLite's integrity check: {'; '.join(problems[:3])})."
                )
            query = "SELECT name FROM sqlite_master WHERE type = 'table'"
            tables = {name for (name,) in db.execute(query)}
            migrations: set[tuple[str, str]] = set()
            if "django_migrations" in tables:
                migrations = set(db.execute("SELECT app, name FROM django_migrations"))
            counts = {
                what: db.execute(f'SELECT count(*) FROM "{model._meta.db_table}"').fetchone()[0]
                for what, model in COUNTED.items()
                if model._meta.db_table in tables
            }
        except sqlite3.DatabaseError as error:
            raise BackupError(f"{path} cannot be read as an SQLite database: {error}.") from None
        finally:
            db.close()
    return tables, migrations, counts


def _sqlite_restore(copy: Path, live: Path) -> None:
    src, dst = _connect(copy, "ro"), _connect(live, "rwc")
    try:
        # One step: one write transaction on the live database, all of it or nothing. The live
        # file keeps its WAL mode; the server's connections read the restored data on their next
        # transaction (a request writing now is waited for: the busy timeout).
        src.backup(dst, pages=-1)
    except sqlite3.Error as error:
        raise BackupError(f"The restore failed, and the database is as it was: {error}.") from None
    finally:
        src.close()
        dst.close()


# PostgreSQL


def pg_tool(name: str) -> str:
    """The path of a PostgreSQL client program, or a BackupError saying how to install it."""
    path = shutil.which(name)
    if path is None:
        raise BackupError(f"{name} was not found: {PG_TOOLS_HINT}.")
    return path


def _pg_command(tool: str, *options: str) -> tuple[list[str], dict[str, str]]:
    """A command line for `tool` connecting to the database the way Django does (host, port,
    user, name, SSL options; the password in PGPASSWORD, never on the command line)."""
    args, env = connection.client.settings_to_cmd_args_env(connection.settings_dict, [])
    return [pg_tool(tool), *options, *args[1:]], {**os.environ, **(env or {})}


def _run(command: list[str], env: dict[str, str] | None = None) -> str:
    result = subprocess.run(command, env=env, capture_output=True, text=True, umask=0o077)
    if result.returncode != 0:
        said = result.stderr.strip() or f"exit status {result.returncode}"
        raise BackupError(f"{Path(command[0]).name} failed: {said.rstrip('.')}.")
    return result.stdout


def _pg_dump(target: Path) -> None:
    command, env = _pg_command("pg_dump", "--format=custom", "--no-owner", f"--file={target}")
    _run(command, env)


TOC_TABLE = re.compile(r"^\d+; \d+ \d+ TABLE (?!DATA )\S+ (\S+) ", re.MULTILINE)
COPY_HEADER = re.compile(r"^COPY (?:\S+\.)?(\S+) \((.*)\) FROM stdin;$")


def _inspect_pg(path: Path) -> tuple[set[str], set[tuple[str, str]], dict[Any, int]]:
    pg_restore = pg_tool("pg_restore")
    try:
        listing = _run([pg_restore, "--list", str(path)])
    except BackupError as error:
        raise BackupError(f"{path} cannot be read as a pg_dump archive: {error}") from None
    tables = set(TOC_TABLE.findall(listing))
    try:  # all the data, read and uncompressed: a damaged archive fails here, not halfway
        script = _run([pg_restore, "--data-only", "--file=-", str(path)])
    except BackupError as error:
        raise BackupError(f"{path} is damaged: {error}") from None
    rows = _copy_rows(script)
    migrations = {
        (row["app"], row["name"]) for row in rows.get("django_migrations", []) if "app" in row
    }
    counts = {
        what: len(rows[model._meta.db_table])
        for what, model in COUNTED.items()
        if model._meta.db_table in rows
    }
    return tables, migrations, counts


def _copy_rows(script: str) -> dict[str, list[dict[str, str]]]:
    """The rows of the COPY blocks in a pg_restore script, by table, as {column: text}."""
    rows: dict[str, list[dict[str, str]]] = {}
    table, columns = None, []
    # COPY's text format escapes newlines in values; split on "\n" only (not splitlines()).
    for line in script.split("\n"):
        if table is None:
            if match := COPY_HEADER.match(line):
                table = match[1].strip('"')
                columns = [column.strip().strip('"') for column in match[2].split(",")]
                rows[table] = []
        elif line == "\\.":
            table = None
        else:
            rows[table].append(dict(zip(columns, line.split("\t"), strict=False)))
    return rows


# Every table, locked before the restore changes anything, while the running Pott's requests
# come and go: a request holding one table and wanting another that the restore holds would
# deadlock with it. So the restore never waits long: it tries to take all the locks, waiting
# at most 100 ms for each (requests that come meanwhile queue behind it), and when one is not
# free, it lets go of all of them, lets the requests finish, and tries again, for 30 s at most.
LOCK_ALL = """
DO $$
BEGIN
    PERFORM set_config('lock_timeout', '100ms', true);
    FOR attempt IN 1..200 LOOP
        BEGIN
            LOCK TABLE %s IN ACCESS EXCLUSIVE MODE;
            PERFORM set_config('lock_timeout', '0', true);
            RETURN;
        EXCEPTION WHEN lock_not_available THEN
            PERFORM pg_sleep(0.05);
        END;
    END LOOP;
    RAISE EXCEPTION 'Pott is too busy to restore now: stop it, or try again.';
END $$
"""


def _pg_restore(checked: Backup) -> None:
    pg_restore = pg_tool("pg_restore")
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "restore.sql"
        options = ["--clean", "--if-exists", "--no-owner", "--no-privileges"]
        _run([pg_restore, *options, f"--file={script}", str(checked.path)])
        current = set(connection.introspection.table_names())
        connection.close()
        quote = connection.ops.quote_name
        commands = []
        if current:
            names = ", ".join(quote(name) for name in sorted(current))
            commands.append(f"--command={LOCK_ALL % names}")
        # Tables the backup does not have (added by a newer migration than the backup's) go
        # too: they would otherwise keep constraints on the backup's tables, and make migrate
        # fail on a table that already exists.
        extra = sorted(current - checked.tables)
        if extra:
            names = ", ".join(quote(name) for name in extra)
            commands.append(f"--command=DROP TABLE IF EXISTS {names} CASCADE")
        command, env = _pg_command(
            "psql",
            "--no-psqlrc",
            "--quiet",
            "--set=ON_ERROR_STOP=1",
            "--single-transaction",  # all of it, or nothing
            *commands,
            f"--file={script}",
        )
        env["PGOPTIONS"] = "-c client_min_messages=warning"
        try:
            _run(command, env)
        except BackupError as error:
            raise BackupError(
                f"The restore failed and was rolled back: the database is as it was. {error}"
            ) from None
