"""Rules at the table in Chromium, on the dealer's tablet and on a phone: a table with a buy-in
range made on the New table form, the range shown where a player is seated, a buy-in below and
above it refused with the reason, a top-up past the maximum refused, and the rules page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from dealer.poker.models import Seat, Table
from ledger.models import BuyIn
from tests.e2e.helpers import log_in

pytestmark = pytest.mark.browser

SIZES = {
    "tablet": {"viewport": {"width": 1180, "height": 820}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}


@pytest.fixture(params=list(SIZES))
def sized(request: pytest.FixtureRequest, browser: Browser) -> Iterator[tuple[str, Page]]:
    context = browser.new_context(**SIZES[request.param])
    yield request.param, context.new_page()
    context.close()


def field(page: Page, label: str) -> object:
    return page.get_by_label(f"{label}:", exact=True)


def no_horizontal_overflow(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width} px wide"


def seat(page: Page, number: int, name: str, chips: int) -> None:
    form = page.locator("form.seat-player")
    form.locator("#id_seat").select_option(str(number))
    form.locator("#id_new_player").fill(name)
    form.locator("#id_chips").fill(str(chips))
    form.get_by_role("button", name="Seat the player").click()


def test_a_buy_in_range_set_shown_and_enforced(
    sized: tuple[str, Page], live_server: LiveServer, screenshot_dir: Path, host: object
) -> None:
    size, page = sized
    log_in(page, live_server)
    page.get_by_role("link", name="New table").click()
    page.locator("#id_name").fill("Rules")
    page.locator("#id_small_blind").fill("5")
    page.locator("#id_big_blind").fill("10")
    page.locator("#id_max_seats").fill("6")
    page.locator("#id_chip_values").fill("5, 25, 100")
    page.locator("#id_min_buy_in").fill("200")
    page.locator("#id_max_buy_in").fill("1000")
    page.locator("summary", has_text="House options").click()
    option = page.get_by_label(
        "A new player between the button and the small blind may post the big blind and a dead"
        " small blind to play at once"
    )
    option.check()
    # Pot-limit's rounding shows only for the pot-limit games.
    expect(page.locator("#id_pot_rounding")).to_be_hidden()
    page.locator("#id_game").select_option("pl_holdem")
    expect(page.locator("#id_pot_rounding")).to_be_visible()
    page.locator("#id_pot_rounding").select_option("smallest_chip")
    page.locator("#id_max_buy_in").scroll_into_view_if_needed()
    no_horizontal_overflow(page)
    page.screenshot(path=screenshot_dir / f"rules-new-table-{size}.png", full_page=True)
    page.get_by_role("button", name="Create the table").click()
    expect(page.get_by_role("heading", name="Rules")).to_be_visible()
    table = Table.objects.get()
    assert (table.min_buy_in, table.max_buy_in) == (200, 1000)
    assert table.options["post_dead_small_to_enter"] is True
    assert table.options["pot_rounding"] == "smallest_chip"

    # The seat form says the range; below and above it are refused with the reason.
    expect(page.get_by_text("Buy-in from 200 to 1000 chips at this table.")).to_be_visible()
    seat(page, 1, "Anna", 150)
    expect(page.get_by_text("The buy-in at this table is at least 200 chips.")).to_be_visible()
    page.screenshot(path=screenshot_dir / f"rules-refused-{size}.png", full_page=True)
    seat(page, 1, "Anna", 1200)
    expect(page.get_by_text("The buy-in at this table is at most 1000 chips.")).to_be_visible()
    assert not Seat.objects.exists()
    assert not BuyIn.objects.exists()
    seat(page, 1, "Anna", 600)
    expect(page.get_by_text("Anna sits in seat 1 with 600.")).to_be_visible()

    # A top-up past the maximum is refused with what may still be added.
    admin = page.locator(".seat-admin li", has_text="Anna")
    admin.locator("input[name=chips]").fill("500")
    admin.get_by_role("button", name="Rebuy / top up").click()
    expect(
        page.get_by_text(
            "Anna has 600 chips: a top-up goes up to the table's maximum buy-in of 1000, so at"
            " most 400 more."
        )
    ).to_be_visible()
    no_horizontal_overflow(page)
    page.screenshot(path=screenshot_dir / f"rules-top-up-refused-{size}.png", full_page=True)
    assert Seat.objects.get().stack == 600
    assert BuyIn.objects.count() == 1

    page.goto(f"{live_server.url}/tables/{table.pk}/rules/")
    expect(page.get_by_role("row", name="Buy-in from 200 to 1000 chips any")).to_be_visible()
    expect(page.get_by_role("row", name="Pot-limit: the largest raise")).to_contain_text(
        "the pot rounded up to the next 5 (the smallest chip)"
    )
    no_horizontal_overflow(page)
    page.screenshot(path=screenshot_dir / f"rules-page-{size}.png", full_page=True)
