"""2-7 triple draw in Chromium, from the New table form to the award on a tablet, and the same
table on a phone: the form shows the blinds and fixed-limit stakes and hides the straddle and
the draw games' spread; three draws that count the stub; the big bet after the second draw; a
showdown that names deuce-to-seven lows. Screenshots go to var/screenshots/."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.e2e.helpers import log_in
from tests.e2e.test_draw_browser import (
    PHONE,
    TABLET,
    act,
    deal,
    expect_prompt,
    field,
    seat_players,
    take,
)

pytestmark = pytest.mark.browser

GAME = "2-7 triple draw (lowball)"


def new_triple_draw_table(page: Page, screenshot: Path) -> None:
    page.get_by_role("link", name="New table").click()
    field(page, "Name").fill("Deuces")
    field(page, "Game").select_option(label=GAME)
    for label in ("Big blind", "Small bet (fixed limit)", "Big bet (fixed limit)"):
        expect(field(page, label)).to_be_visible()
    for label in ("Straddles allowed", "Max per bet or raise", "Run it twice"):
        expect(field(page, label)).to_be_hidden()
    field(page, "Small blind (draw games: the minimum)").fill("5")
    field(page, "Big blind").fill("10")
    field(page, "Small bet (fixed limit)").fill("10")
    field(page, "Big bet (fixed limit)").fill("20")
    field(page, "Seats").fill("6")
    field(page, "Chip values").fill("5, 25, 100")
    page.screenshot(path=screenshot, full_page=True)
    page.get_by_role("button", name="Create the table").click()
    expect(page.get_by_role("heading", name="Deuces")).to_be_visible()
    expect(page.locator(".stakes")).to_contain_text(GAME)


def test_a_triple_draw_hand_from_the_form_to_the_award(
    page: Page, live_server: LiveServer, screenshot_dir: Path, host: object
) -> None:
    page.set_viewport_size(TABLET)
    log_in(page, live_server)
    new_triple_draw_table(page, screenshot_dir / "triple-draw-new-table-tablet.png")
    seat_players(page, 3)
    deal(page)
    expect_prompt(page, "Seat 1 (Anna) to act")
    act(page, "Call 10", "Seat 2 (Bo) to act")
    act(page, "Call 5", "Seat 3 (Cia) to act")
    act(page, "Check", "Seat 2 (Bo): how many cards?")
    # 52 − 3 × 5 = 37 cards in the stub; three draws, each after a betting round.
    expect(page.get_by_test_id("stub")).to_have_text("Stub: 37 cards")
    for draw, stub in ((1, 31), (2, 25), (3, 19)):
        take(page, 2, "Seat 3 (Cia): how many cards?")
        take(page, 2, "Seat 1 (Anna): how many cards?")
        take(page, 2, "Seat 2 (Bo) to act")
        expect(page.get_by_test_id("stub")).to_have_text(f"Stub: {stub} cards")
        if draw == 2:
            # After the second draw the bets are big: 20.
            expect(page.get_by_test_id("amount")).to_have_value("20")
            page.screenshot(path=screenshot_dir / "triple-draw-big-bet-tablet.png", full_page=True)
        act(page, "Check", "Seat 3 (Cia) to act")
        act(page, "Check", "Seat 1 (Anna) to act")
        then = (
            "Showdown: who wins the main pot (30)?" if draw == 3 else "Seat 2 (Bo): how many cards?"
        )
        act(page, "Check", then)
    page.set_viewport_size(PHONE)
    page.screenshot(path=screenshot_dir / "triple-draw-showdown-phone.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.set_viewport_size(TABLET)
    page.screenshot(path=screenshot_dir / "triple-draw-showdown-tablet.png", full_page=True)
    page.locator("form.award-one").get_by_role("button", name="Seat 3 (Cia) wins").click()
    expect(page.get_by_role("button", name="Deal the next hand")).to_be_visible()
    expect(page.get_by_test_id("stack-3")).to_have_text("520")
