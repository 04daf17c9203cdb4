"""A whole night on a phone: six players, rebuys, a shortfall resolved, settled, paid up."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from ledger.models import Session, Transfer

pytestmark = pytest.mark.browser

NO_HORIZONTAL_OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"
PLAYERS = ["Anna", "Bo", "Cecilia", "David", "Eva", "Filip"]
# Chips each player ends with: 1,600 sold (six buy-ins of 200, two rebuys), 1,550 counted.
COUNTS = {"Anna": 520, "Bo": 410, "Cecilia": 0, "David": 260, "Eva": 360, "Filip": 0}


def settle_htmx(page: Page) -> None:
    """Wait until htmx has no request in flight (the swap is done)."""
    page.wait_for_load_state("networkidle")
    # A locator, not wait_for_function("…"): that evaluates a string, which the
    # Content-Security-Policy refuses (and the test would fail for it).
    expect(page.locator(".htmx-request")).to_have_count(0)


def tap(page: Page, button: str) -> None:
    page.get_by_role("button", name=button).click()
    settle_htmx(page)


def test_a_whole_night_on_a_phone(
    phone_page: Page, live_server: LiveServer, screenshot_dir: Path, host: object
) -> None:
    page = phone_page
    page.goto(live_server.url + "/login/?next=/ledger/sessions/")
    page.get_by_label("Username").fill("hanna")
    page.get_by_label("Password").fill("kitchen-table-42")
    page.get_by_role("button", name="Log in").click()

    # A new session: 200 kr for 200 chips.
    page.get_by_label("Name").fill("Friday night")
    page.get_by_label("A buy-in costs").fill("200")
    page.get_by_label("and gives chips").fill("200")
    page.get_by_role("button", name="Start the session").click()
    expect(page.get_by_role("heading", name="Friday night")).to_be_visible()

    # Six buy-ins in cash, then two rebuys on credit.
    for name in PLAYERS:
        page.locator("input[name=new_player]").fill(name)
        tap(page, "Add chips")
        expect(page.locator("#night table")).to_contain_text(name)
    for name in ("Cecilia", "Filip"):
        page.locator("select[name=player]").select_option(label=name)
        page.locator("select[name=kind]").select_option("rebuy")
        page.get_by_label("credit").check()
        tap(page, "Add chips")
        expect(page.locator("#night tr", has_text=name)).to_contain_text("+1 rebuy")
    page.screenshot(path=screenshot_dir / "ledger-buy-ins-phone.png", full_page=True)

    # The game is over: count everyone's chips on one form.
    tap(page, "The game is over: count")
    for name, chips in COUNTS.items():
        page.get_by_label(name, exact=True).fill(str(chips))
    tap(page, "Save the count")
    expect(page.locator("#night")).to_contain_text("50 chips are missing.")
    expect(page.locator("#night")).to_contain_text("Decide who takes the difference first.")

    # No settling until the host decides who takes the difference.
    expect(page.get_by_role("button", name="Settle the session")).to_have_count(0)
    page.get_by_label("spread over the winners in proportion").check()
    tap(page, "Decide")
    expect(page.locator("#night")).to_contain_text("Decided: spread over the winners")
    page.screenshot(path=screenshot_dir / "ledger-reconciled-phone.png", full_page=True)

    tap(page, "Settle the session")
    expect(page.locator("#night")).to_contain_text("transfers still to pay")
    assert page.evaluate(NO_HORIZONTAL_OVERFLOW)
    page.screenshot(path=screenshot_dir / "ledger-settled-phone.png", full_page=True)

    session = Session.objects.get(name="Friday night")
    assert session.state == "settled"
    amounts = sum(t.amount for t in session.transfers.all())
    assert amounts > 0

    # Mark every transfer paid, one tap each.
    while page.get_by_role("button", name="Mark paid").count():
        page.get_by_role("button", name="Mark paid").first.click()
        settle_htmx(page)
    expect(page.locator("#night")).to_contain_text("All paid up.")
    assert not Transfer.objects.filter(session=session, paid_at__isnull=True).exists()
    assert page.evaluate(NO_HORIZONTAL_OVERFLOW)
    page.screenshot(path=screenshot_dir / "ledger-paid-phone.png", full_page=True)

    # The same page on a tablet, and the history.
    page.set_viewport_size({"width": 1024, "height": 768})
    page.reload()
    assert page.evaluate(NO_HORIZONTAL_OVERFLOW)
    page.screenshot(path=screenshot_dir / "ledger-paid-tablet.png", full_page=True)
    page.goto(live_server.url + "/ledger/history/")
    expect(page.get_by_role("heading", name="Leaderboard")).to_be_visible()
    page.screenshot(path=screenshot_dir / "ledger-history-tablet.png", full_page=True)
    page.set_viewport_size({"width": 375, "height": 667})
    assert page.evaluate(NO_HORIZONTAL_OVERFLOW)
    page.screenshot(path=screenshot_dir / "ledger-history-phone.png", full_page=True)
