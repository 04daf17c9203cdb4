"""`manage.py pott_backup [FILE]`: back up the database while Pott runs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from ops import backups


class Command(BaseCommand):
    help = (
        "Back up Pott's database to a file while Pott runs (SQLite: SQLite's online backup; "
        "PostgreSQL: pg_dump). The file holds people's names and money: it is made readable "
        "by you only. Restore it with `manage.py pott_restore FILE`."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "file",
            nargs="?",
            type=Path,
            help="the file to write, or a folder to write it in (default: "
            "var/backups/pott-YYYYmmdd-HHMMSS.sqlite3, or .dump on PostgreSQL; "
            "POTT_BACKUP_DIR changes the folder)",
        )
        parser.add_argument("--force", action="store_true", help="overwrite an existing file")

    def handle(self, *args: Any, file: Path | None, force: bool, **options: Any) -> None:
        try:
            if file is None:
                path = backups.default_path()
            elif file.expanduser().is_dir():
                path = backups.default_path(folder=file.expanduser())
            else:
                path = file
            written = backups.backup(path, force=force)
            if options["verbosity"] >= 1:
                self.stdout.write(f"Backed up {backups.describe_database()} to {written}.")
        except backups.BackupError as error:
            raise CommandError(str(error)) from None
