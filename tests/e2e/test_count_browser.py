"""The end of the night in the browser, at a tablet: the table stops when the count starts,
the count says where its figures come from and saving it twice records it once, and "Back to
the game" lets the table deal again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from dealer.poker.models import Hand
from ledger.models import CashOut, Player, Session
from tests.dealer.conftest import make_table, sit
from tests.e2e.helpers import log_in
from tests.e2e.test_ledger_night import settle_htmx, tap

pytestmark = pytest.mark.browser


def test_the_count_is_idempotent_and_the_table_stops_and_resumes(
    page: Page, live_server: LiveServer, screenshot_dir: Path, host: Any
) -> None:
    table = make_table(host, name="Kitchen")
    for number, name, stack in ((1, "Anna", 590), (3, "Bo", 410)):
        sit(table, number, name, stack)
    log_in(page, live_server)

    # The game is over: the session page offers each player's stack at the table.
    page.goto(f"{live_server.url}/ledger/sessions/{table.session_id}/")
    tap(page, "The game is over: count")
    anna = Player.objects.get(name="Anna")
    box = page.locator(f"input[name=chips_{anna.pk}]")
    expect(box).to_have_value("590")
    expect(page.get_by_test_id(f"source-{anna.pk}")).to_contain_text("At Kitchen now: 590.")
    page.screenshot(path=screenshot_dir / "count-tablet.png", full_page=True)

    # Saving twice: the boxes show the saved count, not the count plus the table's chips.
    for _ in range(2):
        tap(page, "Save the count")
        expect(box).to_have_value("590")
    expect(page.get_by_test_id(f"source-{anna.pk}")).to_contain_text("Saved count: 590")
    assert CashOut.objects.filter(player=anna).count() == 1
    assert Session.objects.get(pk=table.session_id).statement().counted == 1000

    # The table does not deal while the session is counted…
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    expect(page.get_by_test_id("prompt")).to_contain_text("The game is over")
    expect(page.get_by_role("button", name="Deal the next hand")).to_have_count(0)

    # …until the host goes back to the game.
    page.goto(f"{live_server.url}/ledger/sessions/{table.session_id}/")
    tap(page, "Back to the game (the tables play on)")
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    page.get_by_role("button", name="Deal the next hand").click()
    settle_htmx(page)
    expect(page.get_by_test_id("prompt")).to_contain_text("to act")
    assert Hand.objects.filter(table=table).count() == 1
