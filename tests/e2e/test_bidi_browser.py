"""In Chromium: a name with a RIGHT-TO-LEFT OVERRIDE, or in Hebrew, does not turn the text after
it around. Checked where the letters are drawn, not in the HTML."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from dealer.poker.models import Seat, Table
from ledger.models import Player, Session
from tests.conftest import PageClient
from tests.e2e.helpers import log_in
from tests.pages import a_settled_night

pytestmark = pytest.mark.browser

RLO = "\u202e"
ANNA, DANI = "Anna" + RLO, "דני"

# The left edge of each character of the first text node under `el` holding `text`.
CHARACTER_XS = """
([el, text]) => {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const start = node.data.indexOf(text);
    if (start < 0) continue;
    const xs = [];
    for (let i = start; i < start + text.length; i++) {
      if (node.data[i].trim() === "") continue;
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      xs.push(range.getBoundingClientRect().x);
    }
    return xs;
  }
  return null;
}
"""


def reads_left_to_right(where: Locator, *texts: str) -> None:
    """Each of `texts` in `where` is drawn left to right, each after the one before."""
    handle = where.element_handle()
    previous = float("-inf")
    for text in texts:
        xs = where.page.evaluate(CHARACTER_XS, [handle, text])
        assert xs, f"{text!r} is not in {where}"
        if len(xs) > 1:
            assert xs == sorted(xs), f"{text!r} is drawn backwards: {xs}"
        assert xs[0] > previous, f"{text!r} is drawn before the text that comes before it"
        previous = xs[-1]


def a_table(host: Any) -> Table:
    session = Session.objects.create(host=host, name="Kitchen", currency="SEK", rate_minor=100)
    table = Table.objects.create(host=host, session=session, name="Kitchen", max_seats=6)
    for number, name in ((1, ANNA), (3, DANI), (5, "Cia")):
        player = Player.objects.create(host=host, name=name)
        session.buy_in(player, 1000, by=host)
        Seat.objects.create(table=table, number=number, player=player, stack=1000, is_new=False)
    return table


def test_the_table_and_the_tv_read_as_written(
    page: Page, live_server: LiveServer, screenshot_dir: Path, host: Any
) -> None:
    table = a_table(host)
    log_in(page, live_server)
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    page.get_by_role("button", name="Deal the next hand").click()
    prompt = page.get_by_test_id("prompt")
    expect(prompt).to_contain_text("to act")
    reads_left_to_right(prompt, "Seat 1 (", "Anna", ") to act")
    page.get_by_role("button", name="Call 10").click()
    expect(prompt).to_contain_text("Seat 3")
    reads_left_to_right(prompt, "Seat 3 (", DANI[-1], DANI[0], ") to act")
    page.screenshot(path=screenshot_dir / "bidi-table-tablet.png", full_page=True)

    page.goto(f"{live_server.url}/d/{table.display_token}/")
    reads_left_to_right(page.get_by_test_id("display-prompt"), "Seat 3 (", ") to act")
    seat = page.get_by_test_id("display-seat-1")
    reads_left_to_right(seat, "1", "Anna")


def test_the_session_and_the_history_read_as_written(
    page: Page, live_server: LiveServer, screenshot_dir: Path, host: Any
) -> None:
    client = PageClient()
    client.force_login(host)
    night = a_settled_night(client, host, (ANNA, DANI, "Cia"), "Friday")
    log_in(page, live_server)

    page.goto(f"{live_server.url}/ledger/sessions/{night.pk}/")
    transfer = page.locator("#transfers .what", has_text=DANI)
    reads_left_to_right(transfer, DANI[-1], DANI[0], "→", "Anna", "50.00")
    page.screenshot(path=screenshot_dir / "bidi-session-tablet.png", full_page=True)

    page.goto(f"{live_server.url}/ledger/history/")
    leader = page.locator(".board li").first
    reads_left_to_right(leader, "Anna", "1 night")
    reads_left_to_right(leader, "+150.00")  # (set on the right of the line)
    page.screenshot(path=screenshot_dir / "bidi-history-tablet.png", full_page=True)
