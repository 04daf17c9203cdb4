"""What used to be inline script or style works from static files under the
Content-Security-Policy: the language menu, the print button, the version the seating panel and
the tournament send, the seats around the oval. (Every browser test also fails on any violation
of the policy: tests/conftest.py.) Screenshots of the table, the session and the TV at a tablet's
and a phone's size go to var/screenshots/."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from dealer.poker.models import Seat, Table
from dealer.poker.seat_layout import TALL, WIDE, place
from ledger.models import Player, Session, Tournament
from tests.conftest import PageClient
from tests.e2e.helpers import log_in
from tests.pages import a_settled_night

pytestmark = pytest.mark.browser

TABLET = {"width": 1180, "height": 820}
PHONE = {"width": 390, "height": 844}


def a_table(host: Any, seats: int = 6) -> Table:
    """Anna (seat 1), Bo (seat 3) and Cia (seat 5), 1000 chips each, at a 5/10 table."""
    session = Session.objects.create(host=host, name="Kitchen", currency="SEK", rate_minor=100)
    table = Table.objects.create(host=host, session=session, name="Kitchen", max_seats=seats)
    for number, name in ((1, "Anna"), (3, "Bo"), (5, "Cia")):
        player = Player.objects.create(host=host, name=name)
        session.buy_in(player, 1000, by=host)
        Seat.objects.create(table=table, number=number, player=player, stack=1000, is_new=False)
    return table


def posted(request: Any) -> dict[str, list[str]]:
    return parse_qs(request.post_data or "")


def test_the_language_menu_switches_without_an_inline_handler(
    page: Page, live_server: LiveServer, host: Any
) -> None:
    log_in(page, live_server)
    page.get_by_label("Language").select_option("sv")
    expect(page.get_by_role("heading", name="Dina bord")).to_be_visible()
    page.get_by_label("Språk").select_option("en")
    expect(page.get_by_role("heading", name="Your tables")).to_be_visible()


def test_the_print_button_prints(page: Page, live_server: LiveServer, host: Any) -> None:
    night = Session.objects.create(host=host, name="Friday", currency="SEK", rate_minor=100)
    page.add_init_script("window.print = () => { window.printed = (window.printed || 0) + 1; };")
    log_in(page, live_server)
    page.goto(f"{live_server.url}/ledger/sessions/{night.pk}/print/")
    page.get_by_role("button", name="Print").click()
    assert page.evaluate("window.printed") == 1


def test_the_seating_panel_sends_the_version_the_table_shows_now(
    page: Page, live_server: LiveServer, host: Any
) -> None:
    """During a hand the seating panel is not redrawn after each action: its forms' version is
    old, and the request must carry the table's version as it is now (or it is refused)."""
    table = a_table(host)
    log_in(page, live_server)
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    page.get_by_role("button", name="Deal the next hand").click()
    expect(page.get_by_test_id("prompt")).to_have_text("Seat 1 (Anna) to act")
    page.get_by_role("button", name="Call 10").click()
    expect(page.get_by_test_id("prompt")).to_have_text("Seat 3 (Bo) to act")
    shown = page.locator("#table").get_attribute("data-version")
    in_form = page.locator("#seating input[name=version]").first.input_value()
    assert in_form != shown, "the seating panel was redrawn: this test tests nothing"

    page.get_by_text("Players and chips").click()
    row = page.locator(".seat-admin li", has_text="Cia")
    with page.expect_request(f"**/tables/{table.pk}/seats/5/toggle/sit_out/") as request:
        row.get_by_role("button", name="Sit out").click()
    assert posted(request.value)["version"] == [shown]
    expect(row).to_contain_text("sitting out")
    expect(page.locator("#table .flash.error")).to_have_count(0)


def test_the_tournament_sends_the_version_it_shows(
    page: Page, live_server: LiveServer, host: Any
) -> None:
    tournament = Tournament.objects.create(
        host=host, name="Cup", buy_in=20000, starting_chips=1500, payout_unit=1000
    )
    log_in(page, live_server)
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    for name in ("Anna", "Bo"):
        shown = page.locator("#tournament").get_attribute("data-version")
        page.locator("input[name=new_player]").fill(name)
        with page.expect_request(f"**/tournaments/{tournament.pk}/register/") as request:
            page.get_by_role("button", name="Register (200.00 kr)").click()
        assert posted(request.value)["version"] == [shown]
        expect(page.locator("#tournament .notice")).to_have_text(f"{name} is in.")


@pytest.mark.parametrize(("size", "viewport"), [("tablet", TABLET), ("phone", PHONE)])
def test_the_seats_sit_around_the_oval(
    browser: Browser,
    live_server: LiveServer,
    screenshot_dir: Path,
    host: Any,
    size: str,
    viewport: dict[str, int],
) -> None:
    table = a_table(host, seats=9)
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    log_in(page, live_server)
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    # The seats go round the table (dealer/seat_layout.py): a card's centre runs from half a
    # card (--cw wide, --ch high) to the table's size less half a card; a phone's table is tall.
    oval = page.locator(".oval").evaluate(
        "el => { const r = el.getBoundingClientRect(), s = getComputedStyle(el);"
        " const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);"
        " return {x: r.x, y: r.y, width: r.width, height: r.height,"
        " cw: parseFloat(s.getPropertyValue('--cw')) * rem,"
        " ch: parseFloat(s.getPropertyValue('--ch')) * rem}; }"
    )
    aspect = TALL if size == "phone" else WIDE
    for number in range(1, 10):
        box = page.locator(f'.seat[data-seat="{number}"]').bounding_box()
        assert box is not None
        centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        x, y = place(number, 9, aspect)
        expected = (
            oval["x"] + oval["cw"] / 2 + (oval["width"] - oval["cw"]) * x / 100,
            oval["y"] + oval["ch"] / 2 + (oval["height"] - oval["ch"]) * y / 100,
        )
        assert abs(centre[0] - expected[0]) < 2 and abs(centre[1] - expected[1]) < 2, number
    page.screenshot(path=screenshot_dir / f"policy-table-{size}.png", full_page=True)
    page.get_by_role("button", name="Deal the next hand").click()
    expect(page.get_by_test_id("prompt")).to_contain_text("to act")
    page.screenshot(path=screenshot_dir / f"policy-table-hand-{size}.png", full_page=True)

    client = PageClient()
    client.force_login(host)
    night = a_settled_night(client, host, ("Anna", "Bo", "Cia"), "Friday")
    page.goto(f"{live_server.url}/ledger/sessions/{night.pk}/")
    expect(page.locator("#transfers li")).to_have_count(2)
    page.screenshot(path=screenshot_dir / f"policy-session-{size}.png", full_page=True)
    page.goto(f"{live_server.url}/ledger/history/")
    expect(page.locator(".chart > svg")).to_be_visible()
    swatch = page.locator(".chart .swatch").first.bounding_box()
    assert swatch is not None and 8 < swatch["width"] < 20 and 8 < swatch["height"] < 20
    page.screenshot(path=screenshot_dir / f"policy-history-{size}.png", full_page=True)
    page.goto(f"{live_server.url}/d/{table.display_token}/")
    expect(page.get_by_test_id("display-prompt")).to_contain_text("to act")
    page.screenshot(path=screenshot_dir / f"policy-tv-{size}.png", full_page=True)
    context.close()
