"""`manage.py pott_restore FILE`: put a backup back over the database, after a safety backup."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection
from django.utils import timezone

from ops import backups


class Command(BaseCommand):
    help = (
        "Restore a backup made by `manage.py pott_backup` over Pott's database. Everything "
        "recorded since the backup is lost; a safety backup of the database as it is now is "
        "written first. A backup from an older Pott is migrated."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="the backup to restore")
        parser.add_argument("--yes", action="store_true", help="do not ask for confirmation")

    def handle(self, *args: Any, file: Path, yes: bool, **options: Any) -> None:
        try:
            self.restore(file, yes=yes)
        except backups.BackupError as error:
            raise CommandError(str(error)) from None

    def restore(self, file: Path, *, yes: bool) -> None:
        try:  # before anything is touched
            checked = backups.inspect(file)
            if backups.vendor() == "postgresql":
                for tool in ("pg_dump", "psql"):
                    backups.pg_tool(tool)
            else:
                live = backups.sqlite_file(must_exist=False)
                if live.exists() and checked.path.samefile(live):
                    raise backups.BackupError(f"{checked.path} is the database itself.")
        except backups.BackupError as error:
            raise backups.BackupError(f"{error} Nothing was changed.") from None
        database = backups.describe_database()
        safety = backups.default_path("pott-before-restore")
        # A new machine's database is empty (or not there yet): nothing to keep.
        exists = bool(connection.introspection.table_names())
        taken = datetime.fromtimestamp(
            checked.path.stat().st_mtime, tz=timezone.get_current_timezone()
        )
        self.stdout.write(f"Backup: {checked}; file dated {taken:%Y-%m-%d %H:%M}.")
        self.stdout.write(
            f"This replaces everything in {database} with the backup: everything recorded "
            "since the backup was made is lost."
        )
        if exists:
            self.stdout.write(
                f"A safety backup of the database as it is now goes to {safety} first."
            )
        if not yes and not self.confirmed():
            raise CommandError("Nothing was restored: the database is as it was.")
        if exists:
            try:
                written = backups.backup(safety)
            except backups.BackupError as error:
                raise backups.BackupError(
                    f"The safety backup failed, so nothing was restored: {error}"
                ) from None
            self.stdout.write(f"Safety backup of the database as it was: {written}.")
        try:
            backups.restore(checked)
        except backups.BackupError as error:
            if exists:
                raise backups.BackupError(f"{error} (Safety backup: {safety}.)") from None
            raise
        self.stdout.write(f"Restored {checked.path} into {database}: {checked.summary}.")
        self.migrate()

    def confirmed(self) -> bool:
        try:
            answer = input("Type 'yes' to restore: ")
        except EOFError:  # no terminal (cron, a pipe): only --yes restores
            answer = ""
        return answer.strip().lower() == "yes"

    def migrate(self) -> None:
        """A backup from an older Pott lacks this Pott's newer migrations: apply them."""
        pending = backups.pending_migrations()
        if not pending:
            self.stdout.write("The database is up to date with this Pott's migrations.")
            return
        self.stdout.write(
            f"The backup is from an older Pott: applying {len(pending)} "
            f"migration{'s' if len(pending) > 1 else ''} ({', '.join(pending)})."
        )
        try:
            call_command("migrate", interactive=False, verbosity=0)
        except Exception as error:
            raise CommandError(
                f"The backup was restored, but migrating it failed: {error}. "
                "Run `python manage.py migrate` before starting Pott."
            ) from error
        self.stdout.write("Migrated.")
