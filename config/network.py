"""What other devices on the network open: this machine's addresses, absolute links built only
from addresses Pott knows (never from a request's Host header alone), their QR codes, and the
unguessable tokens the no-login links (TV, phones, payers) are made of."""

from __future__ import annotations

import io
import ipaddress
import secrets
import shutil
import socket
import subprocess
import time
from functools import lru_cache
from urllib.parse import urlsplit

import segno
from django.conf import settings
from django.http import HttpRequest

LOOPBACK = {"localhost", "127.0.0.1", "::1", "[::1]"}


def new_token() -> str:
    """An unguessable link's token (a table's or game's TV and phone link, a session's payers'
    link)."""
    return secrets.token_urlsafe(18)


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


@lru_cache(maxsize=1)
def _addresses(minute: int) -> tuple[str, ...]:
    """This machine's network addresses, asked of the system at most once a minute (it runs a
    command; the dealer's page needs them on every seat change)."""
    return tuple(lan_ipv4_addresses())


def lan_url(request: HttpRequest, path: str) -> str:
    """An absolute URL other devices can open, built only from addresses Pott knows.

    The Host header is the client's to choose (ALLOWED_HOSTS is `*` so that phones can use the
    machine's IP address), so a link that ends up in a QR code never takes it on trust:
    POTT_PUBLIC_URL when it is set; else the request's host if it is one of this machine's
    network addresses or a name listed in POTT_ALLOWED_HOSTS or this machine's own name;
    else (a loopback or unknown host) this machine's first network address, with the port the
    server listens on.
    """
    public = settings.POTT_PUBLIC_URL
    if public:
        return public.rstrip("/") + path
    scheme = "https" if request.is_secure() else "http"
    host = request.get_host()
    name = urlsplit(f"//{host}").hostname or ""
    addresses = _addresses(int(time.monotonic() // 60))
    if name not in LOOPBACK and name in _known_names(addresses):
        return f"{scheme}://{host}{path}"
    port = request.META.get("SERVER_PORT", "")
    address = addresses[0] if addresses else "127.0.0.1"
    default = port in ("", "80") if scheme == "http" else port in ("", "443")
    return f"{scheme}://{address}{'' if default else ':' + port}{path}"


def _known_names(addresses: tuple[str, ...]) -> set[str]:
    """The host names a link may keep: this machine's addresses and names, and the names the
    host listed in POTT_ALLOWED_HOSTS (not the `*` wildcard)."""
    names = {*addresses, socket.gethostname().lower()}
    names.add(f"{socket.gethostname().lower()}.local")
    names.update(h.lower() for h in settings.ALLOWED_HOSTS if h != "*" and not h.startswith("."))
    return names


@lru_cache(maxsize=64)
def qr_svg(text: str) -> str:
    """A QR code as inline SVG (no image files, no CDN)."""
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=5, border=2, xmldecl=False)
    return out.getvalue().decode()
