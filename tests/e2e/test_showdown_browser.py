"""Cards at the showdown in Chromium on a tablet, with the TV open beside it: two players all in
preflop turn their cards up, the dealer taps them on the card picker, the TV shows each one's
chance to win and updates it as the board comes; at the showdown Pott names both hands and
preselects the winner, one tap awards the pot, and the TV shows the result by name and hand.
Screenshots go to var/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from dealer.poker.models import Table
from tests.e2e.helpers import log_in
from tests.e2e.test_table_browser import create_table, seat

pytestmark = pytest.mark.browser

TABLET = {"width": 1180, "height": 820}
PHONE = {"width": 390, "height": 844}
PERCENT = re.compile(r"^\d{1,3} %$")


def tap_cards(page: Page, *cards: str) -> None:
    panel = page.get_by_test_id("showdown-cards")
    for card in cards:
        panel.get_by_test_id(f"card-{card}").click()


def enter(page: Page, *cards: str) -> None:
    """Tap the cards on the picker and send them; wait for the table to be redrawn."""
    tap_cards(page, *cards)
    version = page.locator("#table").get_attribute("data-version")
    page.get_by_test_id("enter-cards").click()
    expect(page.locator("#table")).not_to_have_attribute("data-version", version or "")


def tap(page: Page, button: str, then: str) -> None:
    """Tap a button of the dealer's panel and wait for the prompt that follows it."""
    page.locator("#table .panel").get_by_role("button", name=button, exact=True).click()
    expect(page.get_by_test_id("prompt")).to_have_text(then)


def open_cards(page: Page) -> None:
    panel = page.get_by_test_id("showdown-cards")
    if panel.get_attribute("open") is None:
        panel.locator("summary").click()


def test_a_showdown_with_cards_equity_on_the_tv_and_the_result(
    browser: Browser, live_server: LiveServer, screenshot_dir: Path, host: object
) -> None:
    context = browser.new_context(viewport=TABLET)
    page = context.new_page()
    log_in(page, live_server)
    create_table(page)
    seat(page, 1, "Anna", 100)
    seat(page, 2, "Bo", 100)
    token = Table.objects.get().display_token
    tv_context = browser.new_context(viewport={"width": 1280, "height": 720})
    tv = tv_context.new_page()
    tv.goto(f"{live_server.url}/d/{token}/")

    page.get_by_role("button", name="Deal the next hand").click()
    # Heads-up: the button (Anna) posts the small blind and acts first; she moves all in.
    panel = page.locator("#table .panel")
    panel.get_by_role("button", name=re.compile(r"^All-in")).click()  # one tap: 100
    expect(page.get_by_test_id("prompt")).to_have_text("Seat 2 (Bo) to act")
    panel.get_by_role("button", name=re.compile(r"^Call")).click()
    expect(page.get_by_test_id("prompt")).to_have_text("Burn and deal the flop")

    # Both are all in: they turn their cards up, and the dealer taps them.
    open_cards(page)
    page.get_by_test_id("show-player").select_option(label="Seat 1 (Anna)")
    enter(page, "As", "Ah")
    enter(page, "Kc", "Kd")  # the one left to show: Bo
    expect(tv.get_by_test_id("display-equity-1")).to_have_text(PERCENT)
    anna, bo = (
        int(tv.get_by_test_id(f"display-equity-{seat}").inner_text().split()[0]) for seat in (1, 2)
    )
    assert 78 <= anna <= 86 and anna + bo in (99, 100, 101)  # aces against kings: about 82 %
    expect(tv.get_by_test_id("display-equity-note")).to_contain_text("random boards")
    tv.screenshot(path=screenshot_dir / "showdown-tv-equity-preflop.png")

    # The flop brings a king: the TV counts every turn and river and Bo is ahead.
    tap(page, "Flop dealt", "Burn and deal the turn")
    open_cards(page)
    enter(page, "Ks", "7d", "2c")
    expect(tv.get_by_test_id("display-equity-note")).to_contain_text("every way")
    bo_now = int(tv.get_by_test_id("display-equity-2").inner_text().split()[0])
    assert bo_now > 85
    tap(page, "Turn dealt", "Burn and deal the river")
    tap(page, "River dealt", "Showdown: who wins the main pot (200)?")
    open_cards(page)
    enter(page, "9h", "Ac")  # the rest of the board as it lies: the ace on the river

    # The showdown: Pott names both hands and picks Anna (three aces against three kings).
    expect(page.get_by_test_id("pick")).to_contain_text("Seat 1 (Anna) — Three of a kind, aces")
    expect(page.get_by_role("checkbox", name=re.compile("Anna"))).to_be_checked()
    expect(page.get_by_role("checkbox", name=re.compile("Bo"))).not_to_be_checked()
    page.screenshot(path=screenshot_dir / "showdown-tablet.png", full_page=True)
    page.get_by_role("button", name="Award the pot").click()
    expect(page.get_by_test_id("last-result")).to_contain_text("Three of a kind, aces")
    expect(tv.get_by_test_id("display-result")).to_contain_text("Anna")
    expect(tv.get_by_test_id("display-result")).to_contain_text("Three of a kind, aces")
    tv.screenshot(path=screenshot_dir / "showdown-tv-result.png")
    tv_context.close()
    context.close()


def test_the_card_picker_at_the_showdown_on_a_phone(
    browser: Browser, live_server: LiveServer, screenshot_dir: Path, host: object
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    log_in(page, live_server)
    create_table(page)
    seat(page, 1, "Anna", 100)
    seat(page, 2, "Bo", 100)
    page.get_by_role("button", name="Deal the next hand").click()
    tap(page, "Call 5", "Seat 2 (Bo) to act")
    tap(page, "Check", "Burn and deal the flop")
    for street, then in (("Flop", "turn"), ("Turn", "river")):
        tap(page, f"{street} dealt", "Seat 2 (Bo) to act")
        tap(page, "Check", "Seat 1 (Anna) to act")
        tap(page, "Check", f"Burn and deal the {then}")
    tap(page, "River dealt", "Seat 2 (Bo) to act")
    tap(page, "Check", "Seat 1 (Anna) to act")
    tap(page, "Check", "Showdown: who wins the main pot (20)?")
    open_cards(page)
    tap_cards(page, "Qh", "6c")
    page.screenshot(path=screenshot_dir / "showdown-picker-phone.png", full_page=True)
    page.get_by_role("button", name="Undo the last card").click()
    expect(page.get_by_test_id("board-card-1")).to_have_value("")
    expect(page.get_by_test_id("card-6c")).to_be_enabled()  # freed again
    enter(page, "6c", "9d", "7s", "7h")
    enter(page, "Kc", "Kd")
    enter(page, "Qc", "9h")
    expect(page.get_by_test_id("pick")).to_contain_text("Two pair, kings and sevens")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide on a {PHONE['width']} px phone"
    page.screenshot(path=screenshot_dir / "showdown-phone.png", full_page=True)
    context.close()
