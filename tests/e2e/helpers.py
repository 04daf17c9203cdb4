"""What several browser tests do the same way."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer


def log_in(page: Page, live_server: LiveServer) -> None:
    """Log in as the `host` fixture's account and wait for the home page."""
    page.goto(live_server.url + "/login/")
    page.get_by_label("Username").fill("hanna")
    page.get_by_label("Password").fill("kitchen-table-42")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Your tables")).to_be_visible()
