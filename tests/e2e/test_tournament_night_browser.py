"""A host runs a tournament from the home page, in Chromium at tablet landscape and portrait and
at phone size: menu → Tournaments → the tournament → its remote, structure, TV display and seat
draw and back each time; the draw seated at a dealer table in one tap; the remote's time to the
break counting down. Also the logged-out front page's way in, the favicon and the manifest."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from dealer.engine.structure import Break, Level, TournamentStructure, structure_to_dict
from dealer.poker.models import Seat, Table
from dealer.tournament.models import TournamentClock
from ledger.models import BuyIn, Entry, Player, Session, Tournament
from tests.e2e.helpers import log_in, wait_until

pytestmark = pytest.mark.browser

SIZES = {
    "tablet": {"width": 1180, "height": 820},
    "portrait": {"width": 820, "height": 1180},
    "phone": {"width": 390, "height": 844},
}


def make_tournament(host: Any) -> TournamentClock:
    tournament = Tournament.objects.create(
        host=host, name="Friday cup", buy_in=20000, starting_chips=1500
    )
    for name in ("Anna", "Bo", "Cia", "Dan"):
        player = Player.objects.create(host=host, name=name)
        Entry.objects.create(tournament=tournament, player=player, money=20000, chips=1500)
    structure = TournamentStructure(
        chips=(25, 100, 500),
        starting_stack=1500,
        steps=(
            Level(small_blind=75, big_blind=150, seconds=3600),
            Break(seconds=600),
            Level(small_blind=100, big_blind=200, seconds=3600),
        ),
    )
    return TournamentClock.objects.create(tournament=tournament, data=structure_to_dict(structure))


def no_sideways_scroll(page: Page, where: str) -> None:
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, f"{where}: {overflow}px of horizontal overflow"


def back_to_the_tournament(page: Page, tournament: Tournament) -> None:
    page.get_by_test_id("back-to-tournament").first.click()
    expect(page).to_have_url(re.compile(rf"/tournaments/{tournament.pk}/$"))
    expect(page.get_by_role("heading", name="Friday cup", exact=True)).to_be_visible()


@pytest.mark.parametrize("size", list(SIZES))
def test_a_host_finds_the_tournament_and_seats_the_draw_in_one_tap(
    page: Page, live_server: LiveServer, screenshot_dir: Path, host: Any, size: str
) -> None:
    clock = make_tournament(host)
    tournament = clock.tournament
    page.set_viewport_size(SIZES[size])
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))

    # The logged-out front page: the way in is a big button.
    page.goto(live_server.url + "/")
    login = page.get_by_test_id("home-login")
    expect(login).to_be_visible()
    box = login.bounding_box()
    assert box is not None and box["height"] >= 56 and box["width"] >= 180
    page.screenshot(path=screenshot_dir / f"tourney-{size}-0-logged-out.png", full_page=True)
    login.click()
    expect(page).to_have_url(re.compile(r"/login/"))

    log_in(page, live_server)
    page.get_by_role("navigation").get_by_role("link", name="Tournaments").click()
    expect(page.get_by_role("heading", name="Tournaments", exact=True)).to_be_visible()
    no_sideways_scroll(page, "the tournament list")
    page.screenshot(path=screenshot_dir / f"tourney-{size}-1-list.png", full_page=True)

    page.get_by_role("link", name=re.compile("Friday cup")).click()
    expect(page.get_by_role("heading", name="Friday cup", exact=True)).to_be_visible()
    links = page.get_by_test_id("tournament-links")
    for name in ("Clock remote", "Structure", "TV display", "Seat draw"):
        expect(links.get_by_role("link", name=name)).to_be_visible()
    no_sideways_scroll(page, "the tournament page")
    page.screenshot(path=screenshot_dir / f"tourney-{size}-2-tournament.png", full_page=True)

    # The remote: start the clock; the time to the break counts down; back.
    links.get_by_role("link", name="Clock remote").click()
    expect(page.get_by_test_id("remote-status")).to_have_text("Not started")
    page.get_by_role("button", name="Start").click()
    expect(page.get_by_test_id("remote-status")).to_have_text("Running")
    to_break = page.get_by_test_id("remote-to-break")
    first = to_break.text_content()
    expect(to_break).not_to_have_text(first or "", timeout=3000)
    no_sideways_scroll(page, "the remote")
    page.screenshot(path=screenshot_dir / f"tourney-{size}-3-remote.png", full_page=True)
    back_to_the_tournament(page, tournament)

    # The structure (the clock's page), and back.
    page.get_by_test_id("tournament-links").get_by_role("link", name="Structure").click()
    expect(page.get_by_role("heading", name=re.compile("the clock"))).to_be_visible()
    back_to_the_tournament(page, tournament)

    # The TV display opens in its own tab, money written as everywhere else, and links back.
    with page.context.expect_page() as opened:
        page.get_by_test_id("tournament-links").get_by_role("link", name="TV display").click()
    tv = opened.value
    tv.set_viewport_size(SIZES[size])
    expect(tv.get_by_test_id("pool")).to_have_text("800.00\u00a0kr")
    tv.screenshot(path=screenshot_dir / f"tourney-{size}-4-tv.png")
    back_to_the_tournament(tv, tournament)
    tv.close()

    # The seat draw: draw, then one tap seats everyone at a dealer table.
    page.get_by_test_id("tournament-links").get_by_role("link", name="Seat draw").click()
    page.get_by_label("Tables").fill("1")
    page.get_by_role("button", name="Draw", exact=True).click()
    seat = page.get_by_test_id("seat-table")
    expect(seat).to_have_text("Seat these 4 players at a dealer table")
    no_sideways_scroll(page, "the seat draw")
    page.screenshot(path=screenshot_dir / f"tourney-{size}-5-draw.png", full_page=True)
    seat.click()
    expect(page).to_have_url(re.compile(r"/tables/\d+/$"))
    expect(page.get_by_text("4 players sit at")).to_be_visible()
    expect(page.locator(".stakes")).to_contain_text("75/150")
    table = Table.objects.get()
    assert sorted(Seat.objects.filter(table=table).values_list("stack", flat=True)) == [1500] * 4
    assert not BuyIn.objects.exists() and Session.objects.count() == 1
    assert page.evaluate("document.body.hasAttribute('data-keep-awake')")
    wait_until(page, "!!window.pottAwake && window.pottAwake.log.length > 0")
    page.screenshot(path=screenshot_dir / f"tourney-{size}-6-table.png", full_page=True)
    page.get_by_test_id("table-tournament").click()
    expect(page.get_by_role("heading", name="Friday cup", exact=True)).to_be_visible()
    expect(
        page.get_by_test_id("tournament-links").get_by_role("link", name=table.name)
    ).to_be_visible()

    assert errors == [], errors


def test_the_app_is_installable_and_has_a_favicon(
    page: Page, live_server: LiveServer, host: Any
) -> None:
    favicon = page.request.get(live_server.url + "/favicon.ico")
    assert favicon.status == 200 and favicon.headers["content-type"] == "image/x-icon"
    page.goto(live_server.url + "/")
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    manifest = page.request.get(live_server.url + (href or ""))
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    data = json.loads(manifest.body())
    for icon in data["icons"]:
        assert page.request.get(live_server.url + icon["src"]).status == 200, icon["src"]
    # The browser itself reads the manifest under the page's policy (a violation fails the test).
    page.evaluate("fetch(document.querySelector('link[rel=manifest]').href)")
