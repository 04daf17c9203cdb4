"""Running Pott on a machine: the addresses other devices open (`manage.py pott_addresses`, used
by `make run`), and backups and restores of the database (`manage.py pott_backup`,
`pott_restore`). The links and tokens themselves are in config.network."""

from __future__ import annotations
