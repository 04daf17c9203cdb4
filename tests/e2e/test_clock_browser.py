"""The tournament clock in Chromium: the TV display follows the clock through a level change and
a break by itself (levels of a few seconds), and follows the phone remote's presses."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from dealer.engine.structure import Break, Level, TournamentStructure, structure_to_dict
from dealer.tournament.models import TournamentClock
from ledger.models import Entry, Finish, Player, Tournament
from tests.e2e.helpers import log_in

pytestmark = pytest.mark.browser

FOLLOW_MS = 2000  # the display follows the server within about two seconds


def short_levels() -> TournamentStructure:
    def level(sb: int, bb: int, seconds: int) -> Level:
        return Level(small_blind=sb, big_blind=bb, seconds=seconds)

    return TournamentStructure(
        chips=(5, 25, 100),
        starting_stack=1500,
        steps=(
            level(10, 20, 4),
            level(20, 40, 4),
            Break(seconds=4, colour_up=(5,)),
            level(50, 100, 3600),
            level(75, 150, 3600),
            Break(seconds=600),
            level(100, 200, 3600),
        ),
    )


def make_tournament(host: Any) -> TournamentClock:
    tournament = Tournament.objects.create(
        host=host, name="Friday cup", buy_in=20000, starting_chips=1500
    )
    for name in ("Anna", "Bo", "Cia", "Dan", "Eva", "Finn"):
        player = Player.objects.create(host=host, name=name)
        Entry.objects.create(tournament=tournament, player=player, money=20000, chips=1500)
    Finish.objects.create(tournament=tournament, player=Player.objects.get(name="Finn"), place=6)
    return TournamentClock.objects.create(
        tournament=tournament, data=structure_to_dict(short_levels())
    )


def test_tv_follows_levels_and_a_break_and_the_remote(
    page: Page, phone_page: Page, live_server: LiveServer, screenshot_dir: Path, host: Any
) -> None:
    clock = make_tournament(host)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/tournaments/tv/{clock.display_token}/")
    expect(page.get_by_test_id("level")).to_have_text("Level 1")
    expect(page.get_by_test_id("blinds")).to_have_text("10/20")
    expect(page.get_by_test_id("state")).to_have_text("Not started")
    expect(page.get_by_test_id("players")).to_have_text("5 / 6")
    page.get_by_test_id("sound").click()  # a tap: sound and the wake lock are allowed now

    # The remote on a phone: start the clock.
    log_in(phone_page, live_server)
    phone_page.goto(f"{live_server.url}/tournaments/{clock.tournament_id}/remote/")
    expect(phone_page.get_by_test_id("remote-status")).to_have_text("Not started")
    phone_page.screenshot(path=screenshot_dir / "clock-remote-phone.png", full_page=True)
    phone_page.get_by_role("button", name="Start").click()
    expect(phone_page.get_by_test_id("remote-status")).to_have_text("Running")
    started = time.monotonic()

    # The TV counts down by itself and passes into level 2, then the break, then level 3.
    expect(page.get_by_test_id("state")).to_have_count(0, timeout=FOLLOW_MS)
    expect(page.get_by_test_id("level")).to_have_text("Level 2", timeout=4000 + FOLLOW_MS)
    expect(page.get_by_test_id("blinds")).to_have_text("20/40")
    assert time.monotonic() - started < 4 + FOLLOW_MS / 1000 + 0.5
    expect(page.get_by_test_id("level")).to_have_text("Break", timeout=4000 + FOLLOW_MS)
    expect(page.get_by_test_id("colour-up")).to_contain_text("the 5 chips leave play")
    expect(page.get_by_test_id("next")).to_have_text("50/100")
    page.screenshot(path=screenshot_dir / "clock-tv-break-1920x1080.png")
    expect(page.get_by_test_id("level")).to_have_text("Level 3", timeout=4000 + FOLLOW_MS)
    expect(page.get_by_test_id("blinds")).to_have_text("50/100")
    expect(page.get_by_test_id("countdown")).to_have_text("59:59", timeout=FOLLOW_MS)
    expect(page.get_by_test_id("to-break")).to_contain_text("1:59:5")
    expect(page.get_by_test_id("average")).to_contain_text("(18.0 BB)")  # 9000 / 5 / 100
    page.screenshot(path=screenshot_dir / "clock-tv-1920x1080.png")

    # The remote moves the clock: the TV follows within about two seconds. The remote polls
    # every second and swaps itself whole: a tap may meet a swap half-done (`.first`), but the
    # page settles on one remote.
    remote = phone_page.locator("#remote")
    remote.get_by_role("button", name="Next ▶").first.click()
    expect(remote).to_have_count(1)
    expect(phone_page.get_by_test_id("remote-level")).to_have_text("Level 4 · 75/150")
    expect(page.get_by_test_id("blinds")).to_have_text("75/150", timeout=FOLLOW_MS)
    remote.get_by_role("button", name="Pause").first.click()
    expect(remote).to_have_count(1)
    expect(page.get_by_test_id("state")).to_have_text("Paused", timeout=FOLLOW_MS)
    shown = page.get_by_test_id("countdown").inner_text()
    page.wait_for_timeout(1500)
    assert page.get_by_test_id("countdown").inner_text() == shown  # paused: no ticking
    phone_page.screenshot(path=screenshot_dir / "clock-remote-phone-paused.png", full_page=True)

    # The page made its level-change sounds itself (Web Audio, no files).
    log = page.evaluate("window.pottClockLog")
    kinds = [entry["kind"] for entry in log]
    assert "sound-on" in kinds and kinds.count("level-sound") >= 4

    page.set_viewport_size({"width": 1280, "height": 720})
    page.screenshot(path=screenshot_dir / "clock-tv-1280x720.png")
