"""Print the addresses other devices on the network can open (used by `make run`)."""

from __future__ import annotations

import ipaddress
import shutil
import socket
import subprocess
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils.translation import gettext as _


def lan_ipv4_addresses() -> list[str]:
    """This machine's non-loopback IPv4 addresses, without sending any traffic."""
    candidates: list[str] = []
    hostname_cmd = shutil.which("hostname")
    if hostname_cmd:
        try:
            result = subprocess.run(
                [hostname_cmd, "-I"], capture_output=True, text=True, timeout=2, check=False
            )
        except (OSError, subprocess.SubprocessError):
            result = None
        if result is not None and result.returncode == 0:
            candidates.extend(result.stdout.split())
    if not candidates:  # `hostname -I` is Linux-only; elsewhere ask the resolver.
        try:
            infos = socket.getaddrinfo(socket.gethostname(), None, family=socket.AF_INET)
        except OSError:
            infos = []
        candidates.extend(str(info[4][0]) for info in infos)
    addresses: list[str] = []
    for candidate in candidates:
        try:
            address = ipaddress.ip_address(candidate)
        except ValueError:
            continue
        if (
            address.version == 4
            and not address.is_loopback
            and not address.is_link_local
            and candidate not in addresses
        ):
            addresses.append(candidate)
    return addresses


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
