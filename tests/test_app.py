"""Installable and awake: the web app manifest and its icons, the favicon, the screen kept on at
the dealer's table, and the way in on the logged-out front page."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import Client

from tests.dealer.conftest import make_table

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parent.parent


def static_file(url: str) -> Path:
    """The file behind a static URL (tests serve static files unhashed)."""
    prefix = "/" + settings.STATIC_URL.lstrip("/")
    assert url.startswith(prefix), url
    found = finders.find(url.removeprefix(prefix))
    assert found, f"{url} is not a static file"
    return Path(found)


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_the_manifest_is_served_as_a_manifest_and_opens_full_screen_on_the_home_page(
    client: Client,
) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/manifest+json")
    manifest = json.loads(response.content)
    assert manifest["name"] == "Pott"
    assert manifest["start_url"] == "/"
    assert manifest["scope"] == "/"
    assert manifest["display"] == "fullscreen"
    assert manifest["display_override"][-1] == "standalone"  # where full screen is not offered
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])


def test_the_manifest_icons_exist_with_the_sizes_they_claim(client: Client) -> None:
    icons = json.loads(client.get("/manifest.webmanifest").content)["icons"]
    sizes = set()
    for icon in icons:
        path = static_file(icon["src"])
        if icon["type"] == "image/png":
            width, height = png_size(path)
            assert icon["sizes"] == f"{width}x{height}", icon
            sizes.add(width)
        else:
            assert icon["type"] == "image/svg+xml"
            assert path.read_text().lstrip().startswith("<svg")
    # What Chrome asks of an installable app: 192 and 512 pixels; one maskable for Android.
    assert {192, 512} <= sizes
    assert any(icon.get("purpose") == "maskable" for icon in icons)


def test_the_manifest_speaks_the_readers_language(client: Client) -> None:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "sv"
    manifest = json.loads(client.get("/manifest.webmanifest").content)
    assert manifest["lang"] == "sv"


def test_the_favicon_is_served(client: Client) -> None:
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/x-icon"
    data = b"".join(response.streaming_content)
    assert data[:4] == b"\x00\x00\x01\x00"  # an ICO file
    assert int.from_bytes(data[4:6], "little") >= 1


def test_every_page_links_the_manifest_favicon_and_touch_icon(client: Client, host: Any) -> None:
    for url in ("/", "/login/", "/side-pots/"):
        html = client.get(url).text
        links = dict(re.findall(r'<link rel="([^"]+)" href="([^"]+)"', html))
        assert links["manifest"] == "/manifest.webmanifest", url
        static_file(links["icon"])
        png_size(static_file(links["apple-touch-icon"]))


def test_the_policy_lets_the_browser_read_the_manifest(client: Client) -> None:
    header = client.get("/").headers["Content-Security-Policy"]
    assert "manifest-src 'self'" in header


def test_the_dealers_table_screen_keeps_the_screen_on(client: Client, host: Any) -> None:
    client.force_login(host)
    table = make_table(host)
    table_page = client.get(f"/tables/{table.pk}/").text
    assert re.search(r"<body[^>]* data-keep-awake", table_page)
    assert "js/awake.js" in table_page
    # Other pages let the screen sleep as usual.
    assert not re.search(r"<body[^>]* data-keep-awake", client.get("/").text)


def test_the_wake_lock_script_is_harmless_where_unsupported_and_comes_back() -> None:
    script = (ROOT / "static/js/awake.js").read_text()
    assert '"wakeLock" in navigator' in script
    assert "visibilitychange" in script


def test_the_logged_out_home_page_has_an_obvious_way_in(client: Client, host: Any) -> None:
    html = client.get("/").text
    button = re.search(
        r'<a class="([^"]+)" href="/login/" data-testid="home-login">([^<]+)</a>', html
    )
    assert button, "no log-in button on the front page"
    assert "primary" in button.group(1) and "big" in button.group(1)
    assert button.group(2) == "Log in"


def test_the_logged_in_home_page_has_no_log_in_button(client: Client, host: Any) -> None:
    client.force_login(host)
    assert 'data-testid="home-login"' not in client.get("/").text
