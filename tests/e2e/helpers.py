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


def wait_until(page: Page, expression: str, timeout_ms: int = 5000) -> None:
    """Wait until `expression` is true in the page. Not wait_for_function("…"): its polling
    evaluates the string with eval, which Pott's Content-Security-Policy refuses (page.evaluate
    goes through the DevTools protocol and is not refused)."""
    for _ in range(timeout_ms // 100):
        if page.evaluate(expression):
            return
        page.wait_for_timeout(100)
    assert page.evaluate(expression), f"never true: {expression}"
