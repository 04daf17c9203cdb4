"""Tables during the night in Chromium, on the dealer's tablet and on a phone: the New table
form's chips follow the blinds and only the chosen structure's options show; the host changes a
table's blinds between hands, moves a player with their chips to another table, and closes the
table at the end."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from dealer.poker.models import Seat, Table
from ledger.models import BuyIn, CashOut, Player
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


def no_horizontal_overflow(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width} px wide"


def test_edit_move_and_close_tables(
    sized: tuple[str, Page], live_server: LiveServer, screenshot_dir: Path, host: object
) -> None:
    size, page = sized
    log_in(page, live_server)
    page.get_by_role("link", name="New table").click()
    chips = page.locator("#id_chip_values")
    expect(page.locator("#id_small_blind")).to_have_value("1")
    expect(page.locator("#id_big_blind")).to_have_value("2")
    expect(chips).to_have_value("1, 5, 25, 100")
    page.locator("#id_name").fill("Kitchen")
    page.locator("#id_small_blind").fill("5")
    page.locator("#id_big_blind").fill("10")
    expect(chips).to_have_value("5, 25, 100, 500")  # the chips follow the blinds
    # Only the chosen structure's options: the limit cap shows for fixed limit only.
    page.locator("summary", has_text="House options").click()
    raises = page.locator("#id_limit_raises")
    expect(raises).to_be_hidden()
    page.locator("#id_game").select_option("fl_holdem")
    expect(raises).to_be_visible()
    page.locator("#id_game").select_option("nl_holdem")
    expect(raises).to_be_hidden()
    box = page.locator("#id_dead_button").bounding_box()
    assert box is not None and box["width"] >= 24 and box["height"] >= 24
    no_horizontal_overflow(page)
    page.screenshot(path=screenshot_dir / f"tables-new-{size}.png", full_page=True)
    page.get_by_role("button", name="Create the table").click()
    expect(page.locator(".stakes")).to_contain_text("No-limit hold'em · 5/10")

    # A second table of the same night, and players at the first (as seated earlier).
    kitchen = Table.objects.get(name="Kitchen")
    assert [c["value"] for c in kitchen.chips] == [5, 25, 100, 500]
    den = Table.objects.create(
        host=kitchen.host, session=kitchen.session, name="Den", max_seats=6, chips=kitchen.chips
    )
    for number, name in ((1, "Anna"), (3, "Bo")):
        player = Player.objects.create(host=kitchen.host, name=name)
        kitchen.session.buy_in(player, 1000, by=kitchen.host)
        Seat.objects.create(table=kitchen, number=number, player=player, stack=1000)

    # Change the blinds between hands.
    page.reload()
    page.get_by_test_id("edit-table").click()
    page.locator("#id_small_blind").fill("10")
    page.locator("#id_big_blind").fill("20")
    expect(page.locator("#id_chip_values")).to_have_value("5, 25, 100, 500")  # they still fit
    no_horizontal_overflow(page)
    page.screenshot(path=screenshot_dir / f"tables-edit-{size}.png", full_page=True)
    page.get_by_test_id("save-table").click()
    expect(page.locator(".messages")).to_contain_text("saved for the next hand")
    expect(page.locator(".stakes")).to_contain_text("No-limit hold'em · 10/20")

    # Move Anna with her chips to Den.
    page.get_by_test_id("move-link").click()
    page.locator("#id_seat").select_option("1")
    page.locator("#id_to_table").select_option(str(den.pk))
    page.locator("#id_to_seat").select_option("2")
    no_horizontal_overflow(page)
    page.screenshot(path=screenshot_dir / f"tables-move-{size}.png", full_page=True)
    page.get_by_test_id("move-player").click()
    expect(page.locator(".messages")).to_contain_text("Anna moves to Den, seat 2, with 1000 chips.")
    anna = Seat.objects.get(player__name="Anna")
    assert (anna.table_id, anna.number, anna.stack) == (den.pk, 2, 1000)
    assert BuyIn.objects.count() == 2 and not CashOut.objects.exists()

    # Close the table: Bo leaves with his chips; it drops off the home page's list.
    page.get_by_test_id("edit-table").click()
    expect(page.get_by_test_id("close-leaving")).to_contain_text("Bo leaves with 1000 chips")
    page.get_by_test_id("close-confirm").check()
    page.get_by_test_id("close-table").click()
    expect(page.locator(".messages")).to_contain_text("Kitchen is closed.")
    expect(page.get_by_test_id("table-closed")).to_be_visible()
    no_horizontal_overflow(page)
    page.screenshot(path=screenshot_dir / f"tables-closed-{size}.png", full_page=True)
    assert CashOut.objects.get().chips == 1000
    page.get_by_role("link", name="History").click()
    expect(page.get_by_test_id("table-events")).to_contain_text("Settings changed")
    expect(page.get_by_test_id("table-events")).to_contain_text("Anna moved from seat 1 to Den")
    page.screenshot(path=screenshot_dir / f"tables-history-{size}.png", full_page=True)
    page.goto(live_server.url + "/")
    expect(page.locator(".table-list").first).not_to_contain_text("Kitchen")
    expect(page.locator(".table-list").first).to_contain_text("Den")
