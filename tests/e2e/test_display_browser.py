"""The TV display and a player's phone follow the dealer's tablet within about a second, without
reloading; screenshots of both are saved."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from dealer.poker.models import Seat, Table
from ledger.models import Player, Session
from tests.e2e.helpers import log_in

pytestmark = pytest.mark.browser

TV = {"width": 1280, "height": 720}


def kitchen_table(host: Any) -> Table:
    """Anna (seat 1), Bo (seat 3) and Cia (seat 5) at a 5/10 table, 1000 chips each."""
    session = Session.objects.create(host=host, name="Kitchen", currency="SEK", rate_minor=100)
    table = Table.objects.create(host=host, session=session, name="Kitchen", max_seats=6)
    for number, name in ((1, "Anna"), (3, "Bo"), (5, "Cia")):
        player = Player.objects.create(host=host, name=name)
        session.buy_in(player, 1000, by=host)
        Seat.objects.create(table=table, number=number, player=player, stack=1000, is_new=False)
    return table


def test_the_tv_and_a_phone_follow_the_dealer_without_reloading(
    page: Page,
    phone_page: Page,
    browser: Browser,
    live_server: LiveServer,
    screenshot_dir: Path,
    host: Any,
) -> None:
    table = kitchen_table(host)
    log_in(page, live_server)
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    expect(page.get_by_test_id("prompt")).to_have_text(
        "Next hand: button 1 (Anna), small blind 3 (Bo), big blind 5 (Cia)"
    )

    tv_context = browser.new_context(viewport=TV)
    tv = tv_context.new_page()
    tv.goto(f"{live_server.url}/d/{table.display_token}/")
    phone_page.goto(f"{live_server.url}/p/{table.display_token}/")
    for view in (tv, phone_page):
        expect(view.get_by_test_id("display-prompt")).to_have_text(
            "Next hand: button 1 (Anna), small blind 3 (Bo), big blind 5 (Cia)"
        )
        expect(view.get_by_test_id("blinds")).to_have_text("Blinds 5/10")
        view.evaluate("window.notReloaded = true")

    page.get_by_role("button", name="Deal the next hand").click()
    expect(page.get_by_test_id("prompt")).to_have_text("Seat 1 (Anna) to act")
    for view in (tv, phone_page):
        expect(view.get_by_test_id("display-pot")).to_have_text("15", timeout=3000)
        expect(view.get_by_test_id("display-prompt")).to_have_text(
            "Seat 1 (Anna) to act", timeout=3000
        )

    page.get_by_role("button", name="Clear").click()
    page.get_by_role("button", name="+25", exact=True).click()
    page.get_by_role("button", name="+5", exact=True).click()
    page.get_by_role("button", name="Raise", exact=True).click()
    expect(page.get_by_test_id("prompt")).to_have_text("Seat 3 (Bo) to act")
    page.get_by_role("button", name="Call 25").click()
    expect(page.get_by_test_id("prompt")).to_have_text("Seat 5 (Cia) to act")
    for view in (tv, phone_page):
        expect(view.get_by_test_id("display-pot")).to_have_text("70", timeout=3000)
        expect(view.get_by_test_id("display-prompt")).to_have_text(
            "Seat 5 (Cia) to act", timeout=3000
        )
        expect(view.get_by_test_id("display-stack-1")).to_have_text("970", timeout=3000)
        expect(view.get_by_test_id("display-stack-3")).to_have_text("970", timeout=3000)
        expect(view.get_by_test_id("display-seat-5")).to_contain_text("to act")
        assert view.evaluate("window.notReloaded === true"), "the view reloaded the page"

    tv.screenshot(path=screenshot_dir / "display-tv-1280x720.png")
    phone_page.screenshot(path=screenshot_dir / "display-phone.png", full_page=True)
    assert phone_page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    # The dealer undoes Bo's call: the TV follows back.
    page.get_by_role("button", name="Undo").click()
    expect(page.get_by_test_id("prompt")).to_have_text("Seat 3 (Bo) to act")
    expect(tv.get_by_test_id("display-pot")).to_have_text("45", timeout=3000)
    expect(tv.get_by_test_id("display-prompt")).to_have_text("Seat 3 (Bo) to act", timeout=3000)
    tv.set_viewport_size({"width": 1920, "height": 1080})
    tv.screenshot(path=screenshot_dir / "display-tv-1920x1080.png")
    tv_context.close()
