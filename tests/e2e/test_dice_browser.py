"""Seed 003's dice games in Chromium on a phone (390 × 844): from the New table page, a round
of poker dice (the dice tapped on the faces, "roll for me", a combination picked), the TV
display, a liar's-dice round (a claim, accepted, a higher claim, the bluff called with the dice
tapped) and strip poker's tally. No page scrolls sideways. Screenshots go to var/screenshots/."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.e2e.helpers import log_in

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    yield page
    context.close()


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide on a 390px phone"


def new_game(page: Page, live_server: LiveServer, kind: str, names: list[str]) -> None:
    page.goto(live_server.url + "/tables/new/")
    page.get_by_role("link", name="Poker dice, liar's dice or strip poker (seed 003)").click()
    expect(page.get_by_role("heading", name="New dice game")).to_be_visible()
    page.get_by_label("name:", exact=True).fill(f"{kind} night")
    page.get_by_label("Game:").select_option(label=kind)
    for i, name in enumerate(names, start=1):
        page.locator(f"#id_player_{i}").fill(name)
    if kind != "Strip poker":
        page.get_by_label("Starting chips:").fill("10")
        page.get_by_label("Stake:").fill("2")
    else:
        page.get_by_label("Items each:").fill("2")
    no_sideways_scroll(page)
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", name=f"{kind} night")).to_be_visible()


def submit(page: Page, button: str) -> None:
    """Tap a button that changes the game and wait for the redrawn screen."""
    version = page.locator("#game").get_attribute("data-version")
    page.get_by_test_id(button).click()
    expect(page.locator("#game")).not_to_have_attribute("data-version", str(version))


def tap_dice(page: Page, dice: str) -> None:
    for face in dice.split():
        page.get_by_test_id(f"face-{face}").first.click()


def test_a_round_of_each_dice_game_on_a_phone(
    phone: Page, browser: Browser, live_server: LiveServer, screenshot_dir: Path, host: object
) -> None:
    page = phone
    log_in(page, live_server)

    # Poker dice: Anna rolls first and sets two rolls; Bo's dice are rolled for him, then
    # tapped; Cia's combination is picked.
    new_game(page, live_server, "Poker dice", ["Anna", "Bo", "Cia"])
    expect(page.get_by_test_id("pot")).to_have_text("6")
    expect(page.get_by_test_id("prompt")).to_contain_text("Anna rolls first")
    page.get_by_test_id("rolls-2").check()
    tap_dice(page, "K K 9 9 A A")  # the sixth tap is ignored: five dice
    expect(page.get_by_test_id("dice")).to_have_value("K K 9 9 A")
    page.screenshot(path=screenshot_dir / "dice-1-poker-dice.png", full_page=True)
    no_sideways_scroll(page)
    submit(page, "show")
    expect(page.get_by_test_id("prompt")).to_contain_text("Bo rolls: at most 2, as Anna did")
    page.get_by_test_id("roll-for-me").click()
    expect(page.get_by_test_id("dice")).to_have_value(
        re.compile(r"^(?:(?:9|10|J|Q|K|A) ){4}(?:9|10|J|Q|K|A)$")
    )
    page.get_by_test_id("dice-clear").click()
    tap_dice(page, "Q Q Q 9 10")
    submit(page, "show")
    expect(page.get_by_test_id("prompt")).to_contain_text("Cia rolls")
    page.get_by_test_id("hand").select_option(label="a pair of aces")
    submit(page, "show")
    result = page.get_by_test_id("result-1")
    expect(result).to_contain_text("Bo takes the pot of 6.")
    expect(result).to_contain_text("Cia had the lowest score and starts the next round.")
    expect(page.get_by_test_id("chips-1")).to_have_text("12")
    expect(page.get_by_test_id("prompt")).to_contain_text("Cia rolls first")
    page.screenshot(path=screenshot_dir / "dice-2-poker-dice-round.png", full_page=True)
    no_sideways_scroll(page)

    # The TV display follows the game without logging in.
    tv_url = page.get_by_test_id("display-link").get_attribute("href")
    assert tv_url is not None and "/dice/tv/" in tv_url
    tv_context = browser.new_context(viewport={"width": 1280, "height": 720})
    tv = tv_context.new_page()
    tv.goto(live_server.url + tv_url[tv_url.index("/dice/tv/") :])
    expect(tv.get_by_test_id("display-pot")).to_have_text("6")
    expect(tv.get_by_test_id("display-prompt")).to_have_text("Cia to play")
    expect(tv.get_by_test_id("display-standings")).to_contain_text("1. Bo 12")
    page.get_by_test_id("rolls-1").check()
    tap_dice(page, "J J 9 10 A")
    submit(page, "show")
    expect(tv.get_by_test_id("display-prompt")).to_have_text("Anna to play")  # by polling
    tv.screenshot(path=screenshot_dir / "dice-3-tv.png", full_page=True)
    tv_context.close()

    # Liar's dice: Dan claims, Eva accepts and claims higher, Fia calls the bluff.
    new_game(page, live_server, "Liar's dice", ["Dan", "Eva", "Fia"])
    expect(page.get_by_test_id("prompt")).to_contain_text("Dan rolls under the cup")
    page.get_by_test_id("claim").select_option(label="a pair of kings")
    submit(page, "do-claim")
    expect(page.get_by_test_id("prompt")).to_have_text(
        "Eva: accept Dan's claim of a pair of kings, or call the bluff?"
    )
    submit(page, "accept")
    expect(page.get_by_test_id("prompt")).to_contain_text("must claim more than a pair of kings")
    page.get_by_test_id("claim").select_option(label="three queens")
    submit(page, "do-claim")
    page.screenshot(path=screenshot_dir / "dice-4-liars-answer.png", full_page=True)
    no_sideways_scroll(page)
    tap_dice(page, "Q Q 9 10 J")
    submit(page, "call")
    expect(page.get_by_test_id("result-1")).to_contain_text(
        "Fia called Eva's claim of three queens: the cup held only a pair of queens, so Eva pays."
    )
    expect(page.get_by_test_id("pot")).to_have_text("2")
    expect(page.get_by_test_id("chips-1")).to_have_text("8")
    expect(page.get_by_test_id("prompt")).to_contain_text("Eva rolls under the cup")
    page.screenshot(path=screenshot_dir / "dice-5-liars-called.png", full_page=True)
    no_sideways_scroll(page)

    # Strip poker: two rounds lost by Gus end the evening (two items each).
    new_game(page, live_server, "Strip poker", ["Gus", "Hal", "Ivy"])
    submit(page, "lost-0")
    submit(page, "lost-1")
    expect(page.get_by_test_id("tally-0")).to_contain_text("1 item lost · 1 left")
    page.screenshot(path=screenshot_dir / "dice-6-strip.png", full_page=True)
    no_sideways_scroll(page)
    submit(page, "lost-0")
    expect(page.get_by_test_id("prompt")).to_have_text(
        "Gus has lost every item and loses the evening."
    )
    expect(page.get_by_test_id("standings")).to_contain_text("Ivy: 0 items lost")
    page.screenshot(path=screenshot_dir / "dice-7-strip-over.png", full_page=True)
    tv_url = page.get_by_test_id("display-link").get_attribute("href")
    assert tv_url is not None
    page.goto(live_server.url + tv_url[tv_url.index("/dice/tv/") :])
    expect(page.get_by_test_id("display-prompt")).to_have_text("The evening is over.")
    expect(page.get_by_test_id("display-standings")).to_contain_text("3. Gus 2 items lost")
    no_sideways_scroll(page)
    page.screenshot(path=screenshot_dir / "dice-8-strip-tv-phone.png", full_page=True)
