"""Poker-Deluxe (seed 001) in Chromium on a tablet: from the New table page to a game of five,
three deals (buying taps, combinations tapped, a tie at the top settled by the typed cards, a hand
typed as cards), the host ending the game between deals, and the game's screen on a phone.
Screenshots go to var/screenshots/."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.e2e.helpers import log_in

pytestmark = pytest.mark.browser

TABLET = {"width": 1180, "height": 820}
PHONE = {"width": 390, "height": 844}
# Seating order, with each player's order of age: Cia is the youngest and deals first.
PLAYERS = {"Anna": 2, "Bo": 4, "Cia": 1, "Dan": 5, "Eva": 3}
SEAT = {name: i for i, name in enumerate(PLAYERS)}


@pytest.fixture
def tablet(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=TABLET)
    page = context.new_page()
    yield page
    context.close()


def buy(page: Page, name: str, cards: int) -> None:
    expect(page.get_by_test_id("prompt")).to_have_text(f"{name}: how many cards?")
    page.get_by_test_id(f"buy-{cards}").click()


def show(page: Page, name: str, *, combo: str = "", cards: str = "") -> None:
    form = page.get_by_test_id(f"show-{SEAT[name]}")
    if combo:
        form.locator("select").select_option(combo)
    if cards:
        form.locator("input[name=cards]").fill(cards)
    version = page.locator("#game").get_attribute("data-version")
    form.get_by_role("button", name="Show").click()
    # The next row is filled in on the redrawn screen (a swap would clear a half-filled row).
    expect(page.locator("#game")).not_to_have_attribute("data-version", str(version))


def test_three_deals_of_poker_deluxe_with_five_players(
    tablet: Page, live_server: LiveServer, screenshot_dir: Path, host: object
) -> None:
    page = tablet
    log_in(page, live_server)
    page.goto(live_server.url + "/tables/new/")
    page.get_by_role("link", name="Poker-Deluxe (seed 001): the points game").click()
    expect(page.get_by_role("heading", name="New Poker-Deluxe game")).to_be_visible()
    page.get_by_label("name:", exact=True).fill("Deluxe night")
    page.get_by_label("Cards per player (the variant):").select_option("5")
    page.get_by_label("Rounds agreed:").fill("1")
    for i, (name, age) in enumerate(PLAYERS.items(), start=1):
        page.locator(f"#id_player_{i}").fill(name)
        page.locator(f"#id_age_{i}").fill(str(age))
    page.screenshot(path=screenshot_dir / "deluxe-1-new.png", full_page=True)
    page.get_by_role("button", name="Start the game").click()

    expect(page.get_by_role("heading", name="Deluxe night")).to_be_visible()
    expect(page.get_by_test_id("points-table")).to_contain_text("1 : 64.974")
    expect(page.get_by_test_id("deal")).to_contain_text("Deal 1 of 5 · round 1 of 1 · Cia deals")
    expect(page.get_by_test_id("buy-4")).to_contain_text("pays 10")

    # Deal 1: Cia deals, Dan buys first. Bo's straight (5 points) takes the bank of 7.
    buy(page, "Dan", 2)
    buy(page, "Eva", 0)
    buy(page, "Anna", 1)
    page.screenshot(path=screenshot_dir / "deluxe-2-buying.png", full_page=True)
    buy(page, "Bo", 1)
    buy(page, "Cia", 0)
    expect(page.get_by_test_id("bank")).to_have_text("5")
    page.screenshot(path=screenshot_dir / "deluxe-3-settlement.png", full_page=True)
    show(page, "Anna", combo="Ein Paar")
    show(page, "Bo", combo="Straße")
    show(page, "Cia", combo="Naturell")
    show(page, "Dan", combo="Zwei Paare")
    show(page, "Eva", combo="Ein Drilling")
    result = page.get_by_test_id("result-1")
    expect(result).to_contain_text("The bank pays Bo 5 (paid for cards this deal).")
    expect(result).to_contain_text("Dan pays Bo 3: 2 against 5 points.")
    # Bo: 75, less 1 for his card, plus the bank (5) and 4 (Anna), 4 (Cia), 3 (Dan), 2 (Eva).
    expect(page.get_by_test_id("chips-1")).to_have_text(str(75 - 1 + 5 + 4 + 4 + 3 + 2))
    page.screenshot(path=screenshot_dir / "deluxe-4-after-deal-1.png", full_page=True)

    # Deal 2: Dan deals, Eva buys first; Anna and Bo tie with trips: the cards decide.
    expect(page.get_by_test_id("deal")).to_contain_text("Dan deals")
    for name in ("Eva", "Anna", "Bo", "Cia", "Dan"):
        buy(page, name, 1)
    show(page, "Anna", combo="Ein Drilling")
    show(page, "Bo", combo="Ein Drilling")
    show(page, "Cia", combo="Ein Paar")
    show(page, "Dan", combo="Naturell")
    show(page, "Eva", combo="Zwei Paare")
    expect(page.get_by_text("Tied at the top: enter the cards.")).to_have_count(2)
    page.screenshot(path=screenshot_dir / "deluxe-5-tie.png", full_page=True)
    show(page, "Anna", cards="7s 7h 7d 2c 9s")
    show(page, "Bo", cards="Ks Kh Kd 3c 4d")
    expect(page.get_by_test_id("result-2")).to_contain_text(
        "the same combination: the cards decided"
    )

    # Deal 3: Eva deals; nobody buys; Anna's cards typed make a Farbstraße (25 points).
    expect(page.get_by_test_id("deal")).to_contain_text("Eva deals")
    for name in ("Anna", "Bo", "Cia", "Dan", "Eva"):
        buy(page, name, 0)
    show(page, "Anna", cards="As Ks Qs Js Ts")
    for name in ("Bo", "Cia", "Dan", "Eva"):
        show(page, name, combo="Ein Paar")
    expect(page.get_by_test_id("result-3")).to_contain_text("Bo pays Anna 24")
    page.screenshot(path=screenshot_dir / "deluxe-6-after-deal-3.png", full_page=True)

    # Between deals the host ends the evening: everyone cashes out.
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_test_id("end").click()
    expect(page.get_by_test_id("standings")).to_be_visible()
    expect(page.get_by_test_id("prompt")).to_contain_text("The game is over")
    page.screenshot(path=screenshot_dir / "deluxe-7-over.png", full_page=True)

    # The phone: the same screen, one column.
    phone = page.context.browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    small = phone.new_page()
    log_in(small, live_server)
    small.goto(page.url)
    expect(small.get_by_test_id("standings")).to_be_visible()
    small.screenshot(path=screenshot_dir / "deluxe-8-phone.png", full_page=True)
    phone.close()
