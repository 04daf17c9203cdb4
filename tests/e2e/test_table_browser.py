"""The main flow in Chromium on a tablet: a hand with two all-ins, a side pot, a split main pot
with an odd chip, then an undo."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from dealer.poker.models import Table
from tests.e2e.helpers import log_in

pytestmark = pytest.mark.browser


def create_table(page: Page) -> None:
    page.get_by_role("link", name="New table").click()
    page.locator("#id_name").fill("Kitchen")
    page.locator("#id_small_blind").fill("5")
    page.locator("#id_big_blind").fill("10")
    page.locator("#id_max_seats").fill("6")
    page.locator("#id_chip_values").fill("5, 25, 100")
    page.get_by_role("button", name="Create the table").click()
    expect(page.get_by_role("heading", name="Kitchen")).to_be_visible()


def seat(page: Page, number: int, name: str, chips: int) -> None:
    form = page.locator("form.seat-player")
    form.locator("#id_seat").select_option(str(number))
    form.locator("#id_new_player").fill(name)
    form.locator("#id_chips").fill(str(chips))
    form.get_by_role("button", name="Seat the player").click()
    expect(page.get_by_text(f"{name} sits in seat {number}")).to_be_visible()


def prompt(page: Page) -> str:
    return page.get_by_test_id("prompt").inner_text()


def test_a_hand_with_side_pot_split_and_odd_chip_then_undo(
    page: Page, live_server: LiveServer, screenshot_dir: Path, host: object
) -> None:
    log_in(page, live_server)
    create_table(page)
    seat(page, 1, "Anna", 105)
    seat(page, 3, "Bo", 250)
    seat(page, 5, "Cia", 300)
    page.screenshot(path=screenshot_dir / "table-between-hands-tablet.png", full_page=True)

    # First hand: button seat 1, small blind seat 3 (Bo), big blind seat 5 (Cia); Anna acts.
    page.get_by_role("button", name="Deal the next hand").click()
    expect(page.get_by_test_id("prompt")).to_have_text("Seat 1 (Anna) to act")
    expect(page.get_by_test_id("range")).to_have_text("from 20 to 105")
    # The amount picker: chips add up, a preset replaces the amount, the raise button sends it.
    page.get_by_role("button", name="Clear").click()
    page.get_by_role("button", name="+25").click()
    page.get_by_role("button", name="+5").click()
    expect(page.get_by_test_id("amount")).to_have_value("30")
    page.get_by_role("button", name="Pot (35)").click()
    expect(page.get_by_test_id("amount")).to_have_value("35")
    # All-in is one tap.
    page.get_by_role("button", name="All-in 105").click()
    expect(page.get_by_test_id("prompt")).to_have_text("Seat 3 (Bo) to act")
    page.get_by_role("button", name="All-in 250").click()
    expect(page.get_by_test_id("prompt")).to_have_text("Seat 5 (Cia) to act")
    page.screenshot(path=screenshot_dir / "table-facing-all-ins-tablet.png", full_page=True)
    page.get_by_role("button", name="Call 240").click()

    for street in ("Flop", "Turn", "River"):
        expect(page.get_by_test_id("prompt")).to_have_text(f"Burn and deal the {street.lower()}")
        page.get_by_role("button", name=f"{street} dealt").click()

    # Pots: main 3 × 105 = 315 for everyone; side 2 × 145 = 290 for Bo and Cia.
    expect(page.get_by_test_id("pot-0")).to_contain_text("Main pot: 315")
    expect(page.get_by_test_id("pot-1")).to_contain_text("Side pot 1: 290")
    expect(page.get_by_test_id("prompt")).to_have_text("Showdown: who wins side pot 1 (290)?")
    page.screenshot(path=screenshot_dir / "table-showdown-tablet.png", full_page=True)
    page.get_by_label("Seat 5 (Cia)").check()
    page.get_by_role("button", name="Award the pot").click()

    # The main pot splits between Anna and Bo: 315 is 63 chips of 5, so one odd chip. It goes to
    # the first winner left of the button (seat 1): Bo in seat 3.
    expect(page.get_by_test_id("prompt")).to_have_text("Showdown: who wins the main pot (315)?")
    page.get_by_label("Seat 1 (Anna)").check()
    page.get_by_label("Seat 3 (Bo)").check()
    page.get_by_role("button", name="Award the pot").click()

    result = page.get_by_test_id("last-result")
    expect(result).to_contain_text("Side pot 1 (290)")
    expect(result).to_contain_text("Cia (seat 5) 290")
    expect(result).to_contain_text("Bo (seat 3) 160")
    expect(result).to_contain_text("Anna (seat 1) 155")
    expect(page.get_by_test_id("stack-1")).to_have_text("155")
    expect(page.get_by_test_id("stack-3")).to_have_text("160")
    expect(page.get_by_test_id("stack-5")).to_have_text("340")
    page.screenshot(path=screenshot_dir / "table-payouts-tablet.png", full_page=True)

    # Undo: the hand reopens at its last pot; the stacks go back to what they were in the hand.
    page.get_by_role("button", name="Reopen this hand").click()
    expect(page.get_by_test_id("prompt")).to_have_text("Showdown: who wins the main pot (315)?")
    page.get_by_role("button", name="Undo").click()
    expect(page.get_by_test_id("prompt")).to_have_text("Showdown: who wins side pot 1 (290)?")
    table = Table.objects.get()
    assert sorted(s.stack for s in table.seats.all()) == [105, 250, 300]
    page.set_viewport_size({"width": 375, "height": 740})
    page.screenshot(path=screenshot_dir / "table-showdown-phone.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
