"""The dealer's table screen at the three sizes a host uses (tablet 1180×820, tablet portrait
820×1180, phone 390×844): messages that move nothing, seats that never overlap, an action bar in
reach on a phone, the keypad and the one-tap actions, and no console errors."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from dealer.poker.models import Table
from tests.dealer.conftest import make_table, sit
from tests.e2e.helpers import log_in

pytestmark = pytest.mark.browser

SIZES = {
    "tablet": {"width": 1180, "height": 820},
    "portrait": {"width": 820, "height": 1180},
    "phone": {"width": 390, "height": 844},
}
NAMES = ["Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gus", "Hedvig", "Ingrid", "Jon"]
NO_HORIZONTAL_OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"


def blinds_table(
    host: Any, seats: int, *, players: int | None = None, stack: int = 200, suffix: str = ""
) -> Table:
    """A 1/2 no-limit table with chips of 1, 5 and 25 and `players` (all seats) seated (their
    names end in `suffix`: a player sits at one table at a time)."""
    table = make_table(host, name=f"Kitchen{suffix}", max_seats=seats, small_blind=1, big_blind=2)
    table.chips = [
        {"colour": "white", "value": 1, "count": 200},
        {"colour": "red", "value": 5, "count": 100},
        {"colour": "green", "value": 25, "count": 100},
    ]
    table.save()
    for number in range(1, (players or seats) + 1):
        sit(table, number, NAMES[number - 1] + suffix, stack)
    return table


def watch_console(page: Page) -> list[str]:
    """Console errors of the page (htmx reports its errors there). The favicon is answered
    here: it is not this screen's business."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204, body=""))
    return errors


def open_table(page: Page, live_server: LiveServer, table: Table) -> None:
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    expect(page.get_by_role("heading", name=table.name)).to_be_visible()


def box(locator: Locator) -> dict[str, float]:
    found = locator.bounding_box()
    assert found is not None, "not on the screen"
    return found


class Taps:
    """Clicks the way a dealer taps, counting them."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0

    def __call__(self, locator: Locator) -> None:
        locator.click()
        self.count += 1

    def button(self, name: str) -> None:
        self(self.page.locator("#table").get_by_role("button", name=name, exact=True))


def prompt(page: Page) -> Locator:
    return page.get_by_test_id("prompt")


@pytest.mark.parametrize("size", SIZES)
def test_a_message_moves_nothing_under_the_dealers_finger(
    page: Page, live_server: LiveServer, screenshot_dir: Path, host: Any, size: str
) -> None:
    page.set_viewport_size(SIZES[size])
    errors = watch_console(page)
    table = blinds_table(host, 6)
    log_in(page, live_server)
    open_table(page, live_server, table)
    page.get_by_role("button", name="Deal the next hand").click()
    expect(prompt(page)).to_have_text("Seat 4 (Dan) to act")
    bar = page.locator("form.action-bar")

    def where() -> dict[str, float]:
        """The bar on the screen as the dealer sees it, at the page's first scroll position
        (a tap may have scrolled the page to the button tapped)."""
        page.evaluate("window.scrollTo(0, 0)")
        return box(bar)

    before = where()

    # A refusal: the amount is below the minimum raise. The error floats; the bar stays.
    page.get_by_test_id("amount").fill("3")
    page.locator("#table").get_by_role("button", name="Raise", exact=True).click()
    error = page.get_by_role("alert")
    expect(error).to_contain_text("4")
    assert where() == before
    page.screenshot(path=screenshot_dir / f"screen-message-error-{size}.png")
    # It stays until dismissed.
    page.get_by_role("button", name="Dismiss the message").click()
    expect(error).to_have_count(0)
    assert where() == before

    # An action and its undo: "Undone." floats over the screen, the bar is where it was.
    page.locator("#table").get_by_role("button", name="Call 2").click()
    expect(prompt(page)).to_have_text("Seat 5 (Eva) to act")
    page.get_by_role("button", name="Undo", exact=True).click()
    expect(page.get_by_role("status").filter(has_text="Undone.")).to_be_attached()
    expect(prompt(page)).to_have_text("Seat 4 (Dan) to act")
    assert where() == before
    page.screenshot(path=screenshot_dir / f"screen-message-undone-{size}.png")
    assert page.evaluate(NO_HORIZONTAL_OVERFLOW)
    assert errors == []


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


@pytest.mark.parametrize("size", SIZES)
def test_seats_never_overlap_from_two_to_ten_seats(
    page: Page, live_server: LiveServer, screenshot_dir: Path, host: Any, size: str
) -> None:
    """Every table size, in a hand (bets, markers, "to act" make the seat cards tallest), with
    long names: no two seat cards overlap, none leaves the screen, the page does not scroll
    sideways."""
    page.set_viewport_size(SIZES[size])
    errors = watch_console(page)
    log_in(page, live_server)
    for seats in range(2, 11):
        table = blinds_table(host, seats, stack=12345, suffix=f" Lindqvist {seats}")
        table.refresh_from_db()
        table.start_hand(version=table.version, by=host)
        open_table(page, live_server, table)
        cards = page.locator("#table .seat")
        expect(cards).to_have_count(seats)
        boxes = [box(cards.nth(i)) for i in range(seats)]
        width = SIZES[size]["width"]
        for number, b in enumerate(boxes, start=1):
            assert b["x"] >= 0 and b["x"] + b["width"] <= width, (seats, number, b)
        for (i, a), (j, b) in itertools.combinations(enumerate(boxes, start=1), 2):
            assert not overlaps(a, b), f"{size}, {seats} seats: seat {i} overlaps seat {j}"
        assert page.evaluate(NO_HORIZONTAL_OVERFLOW), (size, seats)
        if seats >= 9 or seats == 6:
            # On a phone the action bar covers the lower half: a taller screen shows it all.
            page.set_viewport_size({**SIZES[size], "height": 1600})
            felt = page.locator("#table .felt")
            felt.screenshot(path=screenshot_dir / f"screen-seats-{seats}-{size}.png")
            page.set_viewport_size(SIZES[size])
    assert errors == []


def test_a_typical_hand_in_few_taps_without_console_errors(
    page: Page, live_server: LiveServer, screenshot_dir: Path, host: Any
) -> None:
    """Six players, 1/2: Dan raises to 6, Fia and Cia call, the others fold; checked down;
    Dan wins. The keypad makes the raise two taps, a name one tap for the pot."""
    page.set_viewport_size(SIZES["tablet"])
    errors = watch_console(page)
    table = blinds_table(host, 6)
    log_in(page, live_server)
    open_table(page, live_server, table)
    tap = Taps(page)

    tap.button("Deal the next hand")
    expect(prompt(page)).to_have_text("Seat 4 (Dan) to act")
    keypad = page.get_by_test_id("keypad")
    page.screenshot(path=screenshot_dir / "screen-keypad-tablet.png")
    tap(keypad.get_by_role("button", name="6", exact=True))
    expect(page.get_by_test_id("amount")).to_have_value("6")
    tap.button("Raise")
    for who, action in (
        ("Seat 5 (Eva)", "Fold"),
        ("Seat 6 (Fia)", "Call 6"),
        ("Seat 1 (Anna)", "Fold"),
        ("Seat 2 (Bo)", "Fold"),
        ("Seat 3 (Cia)", "Call 4"),
    ):
        expect(prompt(page)).to_have_text(f"{who} to act")
        tap.button(action)
    for street in ("Flop", "Turn", "River"):
        expect(prompt(page)).to_have_text(f"Burn and deal the {street.lower()}")
        tap.button(f"{street} dealt")
        for who in ("Seat 3 (Cia)", "Seat 4 (Dan)", "Seat 6 (Fia)"):
            expect(prompt(page)).to_have_text(f"{who} to act")
            tap.button("Check")
    expect(prompt(page)).to_have_text("Showdown: who wins the main pot (19)?")
    page.screenshot(path=screenshot_dir / "screen-showdown-tablet.png")
    tap.button("Seat 4 (Dan) wins")
    expect(page.get_by_test_id("last-result")).to_contain_text("Dan (seat 4) 19")
    expect(page.get_by_test_id("stack-4")).to_have_text("213")
    # Deal, 2 for the raise, 5 actions, 3 streets of a deal and 3 checks, 1 for the pot.
    assert tap.count == 21
    page.wait_for_timeout(1500)  # a few polls of the table, between hands
    assert errors == []


def test_keypad_steps_and_one_tap_all_in(
    page: Page, live_server: LiveServer, screenshot_dir: Path, host: Any
) -> None:
    page.set_viewport_size(SIZES["portrait"])
    errors = watch_console(page)
    table = blinds_table(host, 3, stack=150)
    log_in(page, live_server)
    open_table(page, live_server, table)
    page.get_by_role("button", name="Deal the next hand").click()
    expect(prompt(page)).to_have_text("Seat 1 (Anna) to act")
    amount = page.get_by_test_id("amount")
    expect(amount).to_have_value("4")
    # One big blind up and down, never below the minimum raise.
    page.get_by_role("button", name="2 more").click()
    page.get_by_role("button", name="2 more").click()
    expect(amount).to_have_value("8")
    page.get_by_role("button", name="2 less").click()
    expect(amount).to_have_value("6")
    for _ in range(4):
        page.get_by_role("button", name="2 less").click()
    expect(amount).to_have_value("4")
    # The keypad: the first key starts a new number, the next ones add digits, ⌫ takes one off.
    keypad = page.get_by_test_id("keypad")
    for key in ("1", "2", "5"):
        keypad.get_by_role("button", name=key, exact=True).click()
    keypad.get_by_role("button", name="Delete the last digit").click()
    keypad.get_by_role("button", name="0", exact=True).click()
    expect(amount).to_have_value("120")
    # Presets name their amount; the whole stack is one tap.
    expect(page.locator(".presets .button")).to_have_text(["Min (4)", "Pot (7)"])
    page.screenshot(path=screenshot_dir / "screen-keypad-portrait.png", full_page=True)
    page.get_by_role("button", name="All-in 150").click()
    expect(prompt(page)).to_have_text("Seat 2 (Bo) to act")
    expect(page.get_by_test_id("bet-1")).to_have_text("150")
    assert errors == []


def test_pot_limit_maximum_is_the_pot_not_all_in(
    page: Page, live_server: LiveServer, host: Any
) -> None:
    table = blinds_table(host, 3, stack=201)
    table.game = Table.Game.PL_HOLDEM
    table.save()
    log_in(page, live_server)
    open_table(page, live_server, table)
    page.get_by_role("button", name="Deal the next hand").click()
    expect(prompt(page)).to_have_text("Seat 1 (Anna) to act")
    expect(page.get_by_test_id("range")).to_have_text("from 4 to 7")
    expect(page.locator(".presets .button")).to_have_text(["Min (4)", "Pot (7)"])
    expect(page.get_by_test_id("all-in")).to_have_count(0)


def test_on_a_phone_the_action_bar_stays_in_reach(
    page: Page, live_server: LiveServer, screenshot_dir: Path, host: Any
) -> None:
    page.set_viewport_size(SIZES["phone"])
    errors = watch_console(page)
    table = blinds_table(host, 9)
    log_in(page, live_server)
    open_table(page, live_server, table)
    # Between hands the deal button is the bar: in reach without scrolling, and nothing of the
    # page is hidden under it for good.
    deal = page.locator("form.deal-bar")
    for scroll in (0, 100_000):
        page.evaluate(f"window.scrollTo(0, {scroll})")
        b = box(deal)
        assert b["y"] >= 0 and b["y"] + b["height"] <= SIZES["phone"]["height"] + 0.5, (scroll, b)
    assert (
        box(page.locator("footer"))["y"] + box(page.locator("footer"))["height"] <= box(deal)["y"]
    )
    page.evaluate("window.scrollTo(0, 0)")
    page.get_by_role("button", name="Deal the next hand").click()
    expect(prompt(page)).to_have_text("Seat 4 (Dan) to act")
    bar = page.locator("form.action-bar")
    for scroll in (0, 300, 100_000):
        page.evaluate(f"window.scrollTo(0, {scroll})")
        b = box(bar)
        assert b["y"] >= 0 and b["y"] + b["height"] <= SIZES["phone"]["height"] + 0.5, (scroll, b)
        if scroll == 0:
            page.screenshot(path=screenshot_dir / "screen-phone-sticky-bar.png")
    # The bar's buttons work from the top of the page.
    page.evaluate("window.scrollTo(0, 0)")
    bar.get_by_role("button", name="Call 2").click()
    expect(prompt(page)).to_have_text("Seat 5 (Eva) to act")
    page.evaluate("window.scrollTo(0, 100000)")
    page.screenshot(path=screenshot_dir / "screen-phone-scrolled.png")
    # Nothing of the page is hidden for good under the bar: the last things scroll above it.
    for last in (page.locator(".hand-tools"), page.locator("#seating"), page.locator("footer")):
        assert box(last)["y"] + box(last)["height"] <= box(bar)["y"]
    assert page.evaluate(NO_HORIZONTAL_OVERFLOW)
    assert errors == []


def test_the_last_seat_filling_gives_no_console_error(
    page: Page, live_server: LiveServer, host: Any
) -> None:
    """Seating the last players while the table polls (htmx:oobErrorNoTarget #seating, when a
    poll's answer landed after a tap had replaced the region it came from)."""
    errors = watch_console(page)
    table = blinds_table(host, 4, players=1)
    log_in(page, live_server)
    open_table(page, live_server, table)
    for number in (2, 3, 4):
        form = page.locator("form.seat-player")
        form.locator("#id_seat").select_option(str(number))
        form.locator("#id_new_player").fill(NAMES[number - 1])
        form.locator("#id_chips").fill("200")
        page.wait_for_timeout(700)  # let a poll be on its way
        form.get_by_role("button", name="Seat the player").click()
        expect(page.get_by_text(f"{NAMES[number - 1]} sits in seat {number}")).to_be_visible()
    expect(page.locator("form.seat-player")).to_have_count(0)
    page.wait_for_timeout(2500)
    page.get_by_role("button", name="Deal the next hand").click()
    expect(prompt(page)).to_have_text("Seat 4 (Dan) to act")
    page.wait_for_timeout(1500)
    assert errors == []


def test_a_poll_on_its_way_when_the_dealer_taps_gives_no_console_error(
    page: Page, live_server: LiveServer, host: Any
) -> None:
    """The race behind htmx:oobErrorNoTarget #seating, made certain: a poll of the table is on
    its way when the dealer seats the last player. The poll yields (its answer is not shown),
    so the tap's answer does not land in a region the poll replaced: the table shows the seated
    player and says so. (Before, the notice never showed and htmx reported the error.)"""
    errors = watch_console(page)
    table = blinds_table(host, 2, players=1)
    log_in(page, live_server)
    open_table(page, live_server, table)
    form = page.locator("form.seat-player")
    form.locator("#id_seat").select_option("2")
    form.locator("#id_new_player").fill("Bo")
    form.locator("#id_chips").fill("200")
    page.evaluate(
        """url => {
            htmx.ajax("GET", url, {source: "#table", target: "#table", swap: "outerHTML"});
            document.querySelector("form.seat-player button.primary").click();
        }""",
        f"/tables/{table.pk}/poll/?v=0",
    )
    expect(page.get_by_text("Bo sits in seat 2")).to_be_visible()
    expect(page.get_by_test_id("stack-2")).to_have_text("200")
    page.wait_for_timeout(2000)
    assert errors == []


def test_on_a_phone_the_showdowns_winners_are_in_reach(
    page: Page, live_server: LiveServer, screenshot_dir: Path, host: Any
) -> None:
    """Heads-up, checked down: at the showdown the one-tap winner buttons are at the bottom of
    the screen whatever is scrolled, and one of them awards the pot."""
    page.set_viewport_size(SIZES["phone"])
    errors = watch_console(page)
    table = blinds_table(host, 2)
    log_in(page, live_server)
    open_table(page, live_server, table)
    tap = Taps(page)
    tap.button("Deal the next hand")
    tap.button("Call 1")
    expect(prompt(page)).to_have_text("Seat 2 (Bo) to act")
    tap.button("Check")
    for street in ("Flop", "Turn", "River"):
        expect(prompt(page)).to_have_text(f"Burn and deal the {street.lower()}")
        tap.button(f"{street} dealt")
        # Each check waits for its turn: a second tap on the first "Check" would be refused
        # as stale and the street would never end.
        for seat in ("Seat 2 (Bo)", "Seat 1 (Anna)"):
            expect(prompt(page)).to_have_text(f"{seat} to act")
            tap.button("Check")
    expect(prompt(page)).to_have_text("Showdown: who wins the main pot (4)?")
    winners = page.locator("form.award-one")
    for scroll in (0, 100_000):
        page.evaluate(f"window.scrollTo(0, {scroll})")
        b = box(winners)
        assert b["y"] >= 0 and b["y"] + b["height"] <= SIZES["phone"]["height"] + 0.5, (scroll, b)
    # The split-pot form above scrolls clear of the bar.
    split = page.locator("form.award")
    assert box(split)["y"] + box(split)["height"] <= box(winners)["y"]
    page.screenshot(path=screenshot_dir / "screen-phone-showdown.png")
    page.evaluate("window.scrollTo(0, 0)")
    winners.get_by_role("button", name="Seat 2 (Bo) wins").click()
    expect(page.get_by_role("button", name="Deal the next hand")).to_be_visible()
    assert page.evaluate(NO_HORIZONTAL_OVERFLOW)
    assert errors == []
