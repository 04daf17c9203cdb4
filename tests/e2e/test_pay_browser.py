"""Paying at the table in the browser: a settled night, the payer's phone with the code and
"Paid", the host's page updated (and the host's undo). Screenshots at phone and tablet size."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from ledger.models import Player, Session, Transfer
from tests.e2e.helpers import log_in

pytestmark = pytest.mark.browser

NO_HORIZONTAL_OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"
TABLET = {"width": 820, "height": 1180}


def settle_htmx(page: Page) -> None:
    page.wait_for_load_state("networkidle")
    expect(page.locator(".htmx-request")).to_have_count(0)


def settled_night(host: Any) -> Session:
    """Anna (Swish), Bo and Cecilia on credit; Bo pays Anna 50 kr, Cecilia pays Anna 100 kr
    (Cecilia has an IBAN and a link too, shown as text)."""
    session = Session.objects.create(
        host=host, name="Friday", currency="SEK", rate_minor=20000, rate_chips=200
    )
    details = {
        "Anna": {"swish": "0701234567", "pay_link": "https://pay.example/anna",
                 "payment_details": "Or cash at the next game"},
        "Cecilia": {"iban": "SE4550000000058398257466"},
    }  # fmt: skip
    for name, counted in (("Anna", 350), ("Bo", 150), ("Cecilia", 100)):
        player = Player.objects.create(host=host, name=name, **details.get(name, {}))
        session.buy_in(player, 200, method="credit", by=host)
        session.cash_out(player, counted, by=host, final=True)
    session.settle(by=host)
    return session


def test_the_payer_scans_pays_and_the_host_sees_it(
    browser: Browser,
    phone_page: Page,
    live_server: LiveServer,
    screenshot_dir: Path,
    host: Any,
) -> None:
    session = settled_night(host)
    bo = Player.objects.get(name="Bo")
    transfer = Transfer.objects.get(payer=bo)

    # The host's settled session page (tablet): the payers' link as a QR code, a code a transfer.
    host_context = browser.new_context(viewport=TABLET)
    host_page = host_context.new_page()
    log_in(host_page, live_server)
    host_page.goto(f"{live_server.url}/ledger/sessions/{session.pk}/")
    expect(host_page.get_by_test_id("pay-link")).to_contain_text("Pay by phone")
    host_page.locator("#transfers summary", has_text="Payment code").first.click()
    expect(host_page.locator("#transfers .paycode").first).to_be_visible()
    host_page.screenshot(path=screenshot_dir / "pay-host-tablet.png", full_page=True)

    # The payer's phone: the session's link, "Who are you?", then their page.
    page = phone_page
    page.goto(f"{live_server.url}/pay/{session.pay_token}/")
    expect(page.get_by_role("heading", name="Who are you?")).to_be_visible()
    page.screenshot(path=screenshot_dir / "pay-who-phone.png", full_page=True)
    page.get_by_role("link", name="Bo").click()
    expect(page.get_by_role("heading", name="You pay Anna 50.00 kr")).to_be_visible()
    code = page.locator(".pay-card .paycode")
    expect(code).to_be_visible()
    box = code.bounding_box()
    assert box is not None and box["width"] >= 200  # big enough to scan from another phone
    expect(page.get_by_role("img", name="Swish code: pay Anna 50.00 kr")).to_be_visible()
    expect(page.get_by_role("button", name="Copy").first).to_be_visible()
    expect(page.get_by_role("link", name="Pay Anna with their payment link")).to_have_attribute(
        "href", "https://pay.example/anna"
    )
    assert page.evaluate(NO_HORIZONTAL_OVERFLOW)
    page.screenshot(path=screenshot_dir / "pay-player-phone.png", full_page=True)

    page.get_by_role("button", name="Paid").click()
    settle_htmx(page)
    expect(page.get_by_role("status")).to_contain_text("Marked paid. Thank you!")
    expect(page.get_by_test_id("paid-note")).to_contain_text("Paid: marked by you")
    expect(page.get_by_role("button", name="Paid")).to_have_count(0)
    page.screenshot(path=screenshot_dir / "pay-paid-phone.png", full_page=True)
    transfer.refresh_from_db()
    assert transfer.paid_at is not None and transfer.paid_by_payer

    # The host's page, reloaded: who marked it, and the undo.
    host_page.reload()
    paid = host_page.locator("#transfers li.paid")
    expect(paid.get_by_test_id("marked-by")).to_contain_text("Marked paid by Bo on their phone")
    expect(host_page.locator("#night")).to_contain_text("1 transfer still to pay.")
    host_page.screenshot(path=screenshot_dir / "pay-host-updated-tablet.png", full_page=True)
    paid.get_by_role("button", name="Paid").click()
    settle_htmx(host_page)
    expect(host_page.locator("#night")).to_contain_text("2 transfers still to pay.")
    transfer.refresh_from_db()
    assert transfer.paid_at is None

    # The payer's page again: the Paid button is back.
    page.reload()
    expect(page.get_by_role("button", name="Paid")).to_be_visible()

    # Cecilia's page (IBAN but SEK: no Swish number, the details as text), and at tablet size.
    page.goto(f"{live_server.url}/pay/{session.pay_token}/players/"
              f"{Player.objects.get(name='Cecilia').pk}/")  # fmt: skip
    expect(page.get_by_role("heading", name="You pay Anna 100.00 kr")).to_be_visible()
    page.set_viewport_size(TABLET)
    page.goto(f"{live_server.url}/pay/{session.pay_token}/players/{bo.pk}/")
    page.screenshot(path=screenshot_dir / "pay-player-tablet.png", full_page=True)

    # The printable sheet: every transfer with its code.
    host_page.goto(f"{live_server.url}/ledger/sessions/{session.pk}/codes/")
    expect(host_page.locator(".sheet-item")).to_have_count(2)
    host_page.screenshot(path=screenshot_dir / "pay-sheet-tablet.png", full_page=True)
    host_page.set_viewport_size({"width": 390, "height": 844})
    assert host_page.evaluate(NO_HORIZONTAL_OVERFLOW)
    host_page.screenshot(path=screenshot_dir / "pay-sheet-phone.png", full_page=True)
    host_page.emulate_media(media="print")
    host_page.screenshot(path=screenshot_dir / "pay-sheet-print.png", full_page=True)
    host_context.close()
