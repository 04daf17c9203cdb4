"""Print the addresses other devices on the network can open (used by `make run`)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils.translation import gettext as _

from config.network import lan_ipv4_addresses


class Command(BaseCommand):
    help = "Print the addresses that tablets and phones on the same network can open."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--port", type=int, default=8000)

    def handle(self, *args: Any, port: int, **options: Any) -> None:
        addresses = lan_ipv4_addresses()
        if not addresses:
            self.stdout.write(
                _("No network address found: open http://localhost:%(port)d/ on this machine.")
                % {"port": port}
            )
            return
        for address in addresses:
            self.stdout.write(
                _("Open http://%(address)s:%(port)d/ on your tablet or phone (same network).")
                % {"address": address, "port": port}
            )
        self.stdout.write(_("On this machine: http://localhost:%(port)d/") % {"port": port})
