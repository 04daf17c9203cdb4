"""`python -m tests.hostile`: the walk as a program, for `make check-security` (bench/fuzz.py,
which imports nothing from tests/). The environment names the database (a scratch one bench
made: DATABASE_URL) and the settings; the walk migrates it, walks, and prints the figures and
the report as one line of JSON."""

from __future__ import annotations

import json
import sys

PLAIN_STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}


def main() -> int:
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connections
    from django.test.utils import override_settings

    try:
        call_command("migrate", interactive=False, verbosity=0)
        # Fast password hashes (the world's accounts log in) and static files without a
        # manifest (no collectstatic): neither is what the walk is about.
        with override_settings(
            PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
            STORAGES=PLAIN_STORAGES,
        ):
            from tests.hostile import walk, world

            report = walk.walk(world.build())
    finally:
        connections.close_all()
    figures = {
        "requests": report.requests,
        "server_errors": len(report.server_errors()),
        "stored_by_refused": len(report.stored_by_refused()),
        "seconds": round(report.seconds, 1),
        "report": report.text(),
    }
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
