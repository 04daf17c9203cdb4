"""The side-pot calculator on a phone: three players, a side pot, a split, payouts."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.browser

NO_HORIZONTAL_OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"


def test_three_players_side_pot_split_main_pot_on_a_phone(
    phone_page: Page, live_server: LiveServer, screenshot_dir: Path
) -> None:
    page = phone_page
    page.goto(live_server.url + "/side-pots/")
    expect(page.get_by_role("heading", name="Side-pot calculator")).to_be_visible()

    # A typo first: it is refused in place, with what was typed kept.
    page.get_by_label("Name of player 1").fill("Anna")
    page.get_by_label("Chips put in by player 1").fill("-40")
    page.get_by_label("Name of player 2").fill("Bo")
    page.get_by_label("Chips put in by player 2").fill("100")
    page.get_by_role("button", name="Show the pots").click()
    expect(page.get_by_text("Chips put in cannot be negative.")).to_be_visible()
    page.screenshot(path=screenshot_dir / "calculator-refused-phone.png", full_page=True)

    # Anna all-in for 40, Bo bets 100, Cia calls 60 all-in, Dan put in 20 and folded.
    page.get_by_label("Chips put in by player 1").fill("40")
    page.get_by_label("Name of player 3").fill("Cia")
    page.get_by_label("Chips put in by player 3").fill("60")
    page.get_by_role("button", name="+ Add a player").click()
    page.get_by_label("Name of player 4").fill("Dan")
    page.get_by_label("Chips put in by player 4").fill("20")
    page.locator("label.toggle", has_text="Folded").nth(3).click()
    page.get_by_label("Smallest chip").fill("5")
    page.get_by_label("Chip values (optional)").fill("5, 25, 100")
    expect(page.get_by_label("Name of player 1")).to_have_value("Anna")
    page.get_by_role("button", name="Show the pots").click()

    expect(page.get_by_test_id("returned")).to_have_text(
        "40 back to Bo: nobody called it, so it is not a pot."
    )
    main, side = page.get_by_test_id("pot-0"), page.get_by_test_id("pot-1")
    expect(main.locator("h3")).to_have_text("Main pot 140")
    expect(side.locator("h3")).to_have_text("Side pot 1 40")
    expect(side.locator("label.toggle")).to_have_text(["Bo", "Cia"])
    page.screenshot(path=screenshot_dir / "calculator-pots-phone.png", full_page=True)

    # Anna and Cia chop the main pot; Cia wins the side pot.
    main.get_by_text("Anna").click()
    main.get_by_text("Cia").click()
    side.get_by_text("Cia").click()
    page.get_by_role("button", name="Work out the payouts").click()

    payouts = page.get_by_test_id("payouts")
    expect(payouts).to_be_visible()
    # 140 is 28 chips of 5: 14 each, no odd chip.
    expect(main.locator(".shares li")).to_have_text(["Anna 70", "Cia 70"])
    expect(page.get_by_test_id("payout-0")).to_contain_text("Anna 40 70")
    expect(page.get_by_test_id("payout-1")).to_contain_text("Bo 100 40 incl. 40 back")
    expect(page.get_by_test_id("payout-2")).to_contain_text("Cia 60 110")
    expect(page.get_by_test_id("payout-2")).to_contain_text("1 × 100 + 2 × 5")
    expect(payouts).to_contain_text("220 put in, 220 paid out.")
    assert page.evaluate(NO_HORIZONTAL_OVERFLOW)
    page.screenshot(path=screenshot_dir / "calculator-payouts-phone.png", full_page=True)

    page.set_viewport_size({"width": 1024, "height": 768})
    assert page.evaluate(NO_HORIZONTAL_OVERFLOW)
    page.screenshot(path=screenshot_dir / "calculator-payouts-tablet.png", full_page=True)


def test_payouts_fit_a_390_phone_and_winners_are_big_tap_targets(
    phone_page: Page, live_server: LiveServer, screenshot_dir: Path
) -> None:
    """Long names, big amounts and a chip breakdown per payout: the table of payouts still fits
    a 390-px phone (the Net column shows), and each winner's tick box is a big target."""
    page = phone_page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(live_server.url + "/side-pots/")
    rows = [("Hedvig Lindqvist", "12345"), ("Bo Andersson-Berg", "23456"), ("Cia", "34567")]
    for n, (name, chips) in enumerate(rows, start=1):
        page.get_by_label(f"Name of player {n}").fill(name)
        page.get_by_label(f"Chips put in by player {n}").fill(chips)
    page.get_by_label("Chip values (optional)").fill("1, 5, 25, 100, 500, 1000")
    page.get_by_role("button", name="Show the pots").click()
    main = page.get_by_test_id("pot-0")
    expect(main).to_be_visible()
    for box in main.locator("input[type=checkbox]").all():
        size = box.bounding_box()
        assert size is not None and size["width"] >= 24 and size["height"] >= 24
    main.get_by_text("Hedvig Lindqvist").click()
    main.get_by_text("Cia").click()
    page.get_by_test_id("pot-1").get_by_text("Cia").click()
    page.get_by_role("button", name="Work out the payouts").click()
    expect(page.get_by_test_id("payouts")).to_be_visible()
    assert page.evaluate(NO_HORIZONTAL_OVERFLOW), page.evaluate(
        "document.documentElement.scrollWidth"
    )
    net = page.get_by_test_id("payout-2").locator(".net")
    size = net.bounding_box()
    assert size is not None and size["x"] + size["width"] <= 390
    page.screenshot(path=screenshot_dir / "screen-calculator-phone.png", full_page=True)
