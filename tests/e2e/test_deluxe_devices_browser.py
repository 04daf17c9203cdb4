"""Poker-Deluxe on the other devices, in Chromium: the dealer's tablet (1180 × 820) starts a
game and shows the TV link and the phones' QR code; the TV (the tablet's size, no login) and a
player's phone (390 × 844, no login) follow the buying by polling. No page scrolls sideways.
Screenshots go to var/screenshots/."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.e2e.helpers import log_in

pytestmark = pytest.mark.browser

TABLET = {"width": 1180, "height": 820}
PHONE = {"width": 390, "height": 844}
# Cia is the youngest and deals first; Anna, on her left, buys first.
PLAYERS = {"Anna": 2, "Bo": 3, "Cia": 1}


def no_sideways_scroll(page: Page, width: int) -> None:
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"the page is {scroll}px wide on a {width}px screen"


def path_of(url: str, prefix: str) -> str:
    return url[url.index(prefix) :]


def test_the_tv_and_a_phone_follow_a_poker_deluxe_game(
    browser: Browser, live_server: LiveServer, screenshot_dir: Path, host: object
) -> None:
    dealer_context = browser.new_context(viewport=TABLET)
    page = dealer_context.new_page()
    log_in(page, live_server)
    page.goto(live_server.url + "/deluxe/new/")
    page.get_by_label("name:", exact=True).fill("Deluxe night")
    page.get_by_label("Cards per player (the variant):").select_option("5")
    page.get_by_label("Rounds agreed:").fill("1")
    for i, (name, age) in enumerate(PLAYERS.items(), start=1):
        page.locator(f"#id_player_{i}").fill(name)
        page.locator(f"#id_age_{i}").fill(str(age))
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", name="Deluxe night")).to_be_visible()

    # The game's page links the TV and shows the phones' QR code.
    tv_url = page.get_by_test_id("display-link").get_attribute("href")
    assert tv_url is not None and "/deluxe/tv/" in tv_url
    page.get_by_test_id("phone-qr").click()
    expect(page.locator(".devices-qr svg")).to_be_visible()
    phone_url = page.get_by_test_id("phone-link").get_attribute("href")
    assert phone_url is not None and "/deluxe/phone/" in phone_url
    page.screenshot(path=screenshot_dir / "deluxe-devices-1-tablet.png", full_page=True)
    no_sideways_scroll(page, TABLET["width"])

    tv_context = browser.new_context(viewport=TABLET)
    tv = tv_context.new_page()
    tv.goto(live_server.url + path_of(tv_url, "/deluxe/tv/"))
    phone_context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    phone = phone_context.new_page()
    phone.goto(live_server.url + path_of(phone_url, "/deluxe/phone/"))
    for screen in (tv, phone):
        expect(screen.get_by_test_id("display-bank")).to_have_text("0")
        expect(screen.get_by_test_id("display-prompt")).to_have_text("Anna: how many cards?")
        expect(screen.get_by_test_id("display-deal")).to_contain_text("Cia deals")

    # Anna buys two cards (1 + 2 units): both screens follow by polling.
    expect(page.get_by_test_id("prompt")).to_have_text("Anna: how many cards?")
    page.get_by_test_id("buy-2").click()
    expect(page.get_by_test_id("bank")).to_have_text("3")
    for screen in (tv, phone):
        expect(screen.get_by_test_id("display-bank")).to_have_text("3")
        expect(screen.get_by_test_id("display-prompt")).to_have_text("Bo: how many cards?")
        expect(screen.get_by_test_id("display-player-0")).to_contain_text("bought 2 cards")
    tv.screenshot(path=screenshot_dir / "deluxe-devices-2-tv.png", full_page=True)
    phone.screenshot(path=screenshot_dir / "deluxe-devices-3-phone.png", full_page=True)
    no_sideways_scroll(tv, TABLET["width"])
    no_sideways_scroll(phone, PHONE["width"])
    for context in (tv_context, phone_context, dealer_context):
        context.close()
