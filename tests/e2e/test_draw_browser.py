"""The seeds' draw games in Chromium on a tablet: a seven-handed Mörkpoker hand from the New
table form to the award (ante, straddle, the opening at twice the straddle, the draw and the
stub's renewal), jackpots nobody opens that carry the pot, a false opener's replay, and a
32-card hand where a player who passed comes back in. Screenshots go to var/screenshots/."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.e2e.helpers import log_in

pytestmark = pytest.mark.browser

TABLET = {"width": 1180, "height": 820}
PHONE = {"width": 390, "height": 844}
NAMES = ("Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gus")
HOLDEM_FIELDS = (
    "Big blind",
    "Straddles allowed",
    "Small bet (fixed limit)",
    "Big bet (fixed limit)",
)


@pytest.fixture
def tablet(browser: Browser) -> Iterator[Page]:
    """A fresh page at the size of the dealer's tablet."""
    context = browser.new_context(viewport=TABLET)
    page = context.new_page()
    yield page
    context.close()


def field(page: Page | Locator, label: str) -> Locator:
    """A form field by its label as the page shows it ("Seats:")."""
    return page.get_by_label(f"{label}:", exact=True)


def new_draw_table(
    page: Page,
    *,
    name: str,
    game: str,
    minimum: int,
    max_bet: int,
    seats: int,
    forced_bets: str = "",
    max_after_draw: int = 0,
    open_min: int = 0,
    screenshot: Path | None = None,
) -> None:
    """Fill in the New table form for a draw game: choosing the game hides hold'em's stakes
    and shows the draw games' (pott.js)."""
    page.get_by_role("link", name="New table").click()
    expect(field(page, "Big blind")).to_be_visible()  # hold'em, the default game
    expect(field(page, "Max per bet or raise")).to_be_hidden()
    field(page, "Name").fill(name)
    field(page, "Game").select_option(label=game)
    for label in HOLDEM_FIELDS:
        expect(field(page, label)).to_be_hidden()
    expect(field(page, "Max per bet or raise")).to_be_visible()
    field(page, "Small blind (draw games: the minimum)").fill(str(minimum))
    field(page, "Max per bet or raise").fill(str(max_bet))
    if forced_bets:
        field(page, "Forced bets").select_option(label=forced_bets)
    if max_after_draw:
        field(page, "Max after the draw").fill(str(max_after_draw))
    if open_min:
        field(page, "Smallest jackpot opening").fill(str(open_min))
    field(page, "Seats").fill(str(seats))
    field(page, "Chip values").fill("5, 25, 100")
    if screenshot is not None:
        page.screenshot(path=screenshot, full_page=True)
    page.get_by_role("button", name="Create the table").click()
    expect(page.get_by_role("heading", name=name)).to_be_visible()
    expect(page.locator(".stakes")).to_contain_text(game)


def seat_players(page: Page, count: int, chips: int = 500) -> None:
    """Seat Anna, Bo, Cia, … in seats 1, 2, 3, … through the seating panel."""
    for number, name in enumerate(NAMES[:count], start=1):
        form = page.locator("form.seat-player")
        field(form, "Seat").select_option(str(number))
        field(form, "or a new player").fill(name)
        field(form, "Buy-in (chips)").fill(str(chips))
        form.get_by_role("button", name="Seat the player").click()
        expect(page.get_by_text(f"{name} sits in seat {number}")).to_be_visible()


def deal(page: Page) -> None:
    page.get_by_role("button", name="Deal the next hand").click()
    expect(page.get_by_test_id("pot-total")).to_be_visible()


def expect_prompt(page: Page, text: str) -> None:
    expect(page.get_by_test_id("prompt")).to_have_text(text)


def act(page: Page, button: str, then: str) -> None:
    """Tap an action button and wait for the prompt that follows it."""
    page.locator("#table .panel").get_by_role("button", name=button, exact=True).click()
    expect_prompt(page, then)


def take(page: Page, cards: int, then: str) -> None:
    """At the draw: tap how many cards the player takes."""
    name = "Stands pat" if cards == 0 else str(cards)
    page.locator("form.draw-bar").get_by_role("button", name=name, exact=True).click()
    expect_prompt(page, then)


def test_a_seven_handed_mörkpoker_hand_from_the_form_to_the_award(
    tablet: Page, live_server: LiveServer, screenshot_dir: Path, host: object
) -> None:
    page = tablet
    log_in(page, live_server)
    new_draw_table(
        page,
        name="Mörk",
        game="Five-card draw (Mörkpoker)",
        minimum=5,
        max_bet=20,
        max_after_draw=40,
        seats=7,
        screenshot=screenshot_dir / "draw-new-table-tablet.png",
    )
    expect(page.locator(".stakes")).to_have_text("Five-card draw (Mörkpoker) · 5/10–20/40")
    seat_players(page, 7)
    expect_prompt(page, "Next deal: dealer 1 (Anna), ante 2 (Bo), straddle 3 (Cia)")
    page.screenshot(path=screenshot_dir / "draw-between-deals-tablet.png", full_page=True)

    # Bo antes the minimum (5), Cia straddles twice it (10); Dan opens at exactly twice the
    # straddle, and nobody may just call the straddle.
    deal(page)
    expect_prompt(page, "Seat 4 (Dan) to act")
    expect(page.get_by_test_id("pot-total")).to_have_text("15")
    expect(page.get_by_test_id("bet-2")).to_have_text("5")
    expect(page.get_by_test_id("bet-3")).to_have_text("10")
    expect(page.locator('.seat[data-seat="2"] .marker.sb')).to_have_text("A")
    expect(page.locator('.seat[data-seat="3"] .marker.bb')).to_have_text("S")
    expect(page.get_by_test_id("range")).to_have_text("from 20 to 20")
    expect(page.locator("#table .panel").get_by_role("button", name="Call")).to_have_count(0)
    expect(page.get_by_test_id("amount")).to_have_value("20")
    page.screenshot(path=screenshot_dir / "draw-opening-tablet.png", full_page=True)
    act(page, "Raise", "Seat 5 (Eva) to act")
    act(page, "Call 20", "Seat 6 (Fia) to act")
    act(page, "Call 20", "Seat 7 (Gus) to act")
    act(page, "Call 20", "Seat 1 (Anna) to act")
    act(page, "Call 20", "Seat 2 (Bo) to act")
    act(page, "Call 15", "Seat 3 (Cia) to act")
    act(page, "Call 10", "Seat 2 (Bo): how many cards?")

    # The draw: 52 − 7 × 5 = 17 cards in the stub. Three players take five: two are left, and
    # the dealer is told how to renew the stub before the next player's cards.
    expect(page.get_by_test_id("pot-total")).to_have_text("140")
    expect(page.get_by_test_id("stub")).to_have_text("Stub: 17 cards")
    take(page, 5, "Seat 3 (Cia): how many cards?")
    take(page, 5, "Seat 4 (Dan): how many cards?")
    take(page, 5, "Seat 5 (Eva): how many cards?")
    expect(page.get_by_test_id("stub")).to_have_text("Stub: 2 cards")
    expect(page.get_by_test_id("drew-2")).to_have_text("took 5 cards")
    expect(page.get_by_test_id("reshuffle")).to_have_text(
        "The stub has 2 cards: if this player takes more than 1, give 1, then shuffle the last"
        " card with all the discards (15 and this player's) into a new stub and give the rest"
        " from it."
    )
    page.screenshot(path=screenshot_dir / "draw-reshuffle-tablet.png", full_page=True)
    page.set_viewport_size(PHONE)
    expect(page.get_by_test_id("reshuffle")).to_be_visible()
    page.screenshot(path=screenshot_dir / "draw-reshuffle-phone.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.set_viewport_size(TABLET)

    # Eva takes 3: the last card, then the renewed stub of 1 + 15 + 3 = 19 cards.
    take(page, 3, "Seat 6 (Fia): how many cards?")
    expect(
        page.get_by_text("At Seat 5 (Eva)'s draw the stub was renewed: 19 cards.")
    ).to_be_visible()
    expect(page.get_by_test_id("stub")).to_have_text("Stub: 17 cards")
    expect(page.get_by_test_id("reshuffle")).to_have_count(0)
    take(page, 2, "Seat 7 (Gus): how many cards?")
    take(page, 0, "Seat 1 (Anna): how many cards?")
    take(page, 1, "Seat 4 (Dan) to act")
    expect(page.get_by_test_id("drew-7")).to_have_text("stood pat")
    expect(page.get_by_test_id("drawn")).to_have_text(
        "The draw: Seat 2 (Bo) 5, Seat 3 (Cia) 5, Seat 4 (Dan) 5, Seat 5 (Eva) 3,"
        " Seat 6 (Fia) 2, Seat 7 (Gus) 0, Seat 1 (Anna) 1"
    )

    # After the draw the first active player left of the straddle speaks; the max is now 40.
    act(page, "Pass", "Seat 5 (Eva) to act")
    expect(page.get_by_test_id("range")).to_have_text("from 5 to 40")
    page.get_by_test_id("amount").fill("40")
    act(page, "Bet", "Seat 6 (Fia) to act")
    act(page, "Fold", "Seat 7 (Gus) to act")
    act(page, "Fold", "Seat 1 (Anna) to act")
    act(page, "Call 40", "Seat 2 (Bo) to act")
    act(page, "Fold", "Seat 3 (Cia) to act")
    act(page, "Fold", "Seat 4 (Dan) to act")
    act(page, "Fold", "Showdown: who wins the main pot (220)?")
    expect(page.get_by_test_id("show-order")).to_have_text(
        "Shows first: Seat 5 (Eva), Seat 1 (Anna)"
    )
    page.screenshot(path=screenshot_dir / "draw-showdown-tablet.png", full_page=True)
    page.get_by_label("Seat 5 (Eva)").check()
    page.get_by_role("button", name="Award the pot").click()

    result = page.get_by_test_id("last-result")
    expect(result).to_contain_text("Main pot (220)")
    expect(result).to_contain_text("Eva (seat 5) 220")
    expect(page.get_by_test_id("stack-5")).to_have_text("660")
    expect(page.get_by_test_id("stack-1")).to_have_text("440")
    expect_prompt(page, "Next deal: dealer 2 (Bo), ante 3 (Cia), straddle 4 (Dan)")
    page.screenshot(path=screenshot_dir / "draw-payouts-tablet.png", full_page=True)


def new_jackpot_table(page: Page) -> None:
    """Mörkpoker with a jackpot every deal: everyone antes 5, opening needs jacks or better and
    at least 10. Anna, Bo, Cia and Dan sit in seats 1 to 4 with 500 each."""
    new_draw_table(
        page,
        name="Jackpot",
        game="Five-card draw (Mörkpoker)",
        forced_bets="jackpots every deal",
        minimum=5,
        max_bet=20,
        open_min=10,
        seats=4,
    )
    seat_players(page, 4)
    expect(page.get_by_test_id("jackpot")).to_have_text(
        "Jackpot: everyone antes 5; opening needs jacks or better, at least 10."
    )


def opening_prompt(seat: str) -> str:
    return f"{seat} to act: pass, or open with jacks or better (at least 10)"


def test_two_jackpots_nobody_opens_carry_the_pot_then_an_opener_shows_openers(
    tablet: Page, live_server: LiveServer, screenshot_dir: Path, host: object
) -> None:
    page = tablet
    log_in(page, live_server)
    new_jackpot_table(page)
    expect_prompt(page, "Next deal: dealer 1 (Anna)")

    # First deal: four antes of 5; nobody opens, so the 20 stay on the table.
    deal(page)
    expect_prompt(page, opening_prompt("Seat 2 (Bo)"))
    expect(page.get_by_test_id("pot-total")).to_have_text("20")
    expect(page.get_by_test_id("open")).to_have_text("Open: claims jacks or better")
    expect(page.get_by_role("button", name="Raise", exact=True)).to_have_count(0)
    page.screenshot(path=screenshot_dir / "draw-jackpot-open-or-pass-tablet.png", full_page=True)
    act(page, "Pass", opening_prompt("Seat 3 (Cia)"))
    act(page, "Pass", opening_prompt("Seat 4 (Dan)"))
    act(page, "Pass", opening_prompt("Seat 1 (Anna)"))
    act(page, "Pass", "Next deal: dealer 2 (Bo)")
    expect(page.get_by_test_id("carried-pot")).to_have_text("20")
    expect(page.get_by_test_id("carried")).to_have_text(
        "A pot of 20 chips stays on the table for the next deal."
    )
    for seat in range(1, 5):
        expect(page.get_by_test_id(f"stack-{seat}")).to_have_text("495")
    page.screenshot(path=screenshot_dir / "draw-jackpot-carried-tablet.png", full_page=True)

    # Second deal: the carried 20 and four new antes; nobody opens again.
    deal(page)
    expect_prompt(page, opening_prompt("Seat 3 (Cia)"))
    expect(page.get_by_test_id("pot-total")).to_have_text("40")
    expect(page.get_by_test_id("pot-0")).to_contain_text("Main pot: 40")
    expect(page.get_by_test_id("carried-in")).to_have_text(
        "Carried from earlier deals: 20 (in the main pot)"
    )
    act(page, "Pass", opening_prompt("Seat 4 (Dan)"))
    act(page, "Pass", opening_prompt("Seat 1 (Anna)"))
    act(page, "Pass", opening_prompt("Seat 2 (Bo)"))
    act(page, "Pass", "Next deal: dealer 3 (Cia)")
    expect(page.get_by_test_id("carried-pot")).to_have_text("40")
    expect(page.get_by_test_id("carried")).to_have_text(
        "A pot of 40 chips stays on the table for the next deal."
    )

    # Third deal: Bo opens with the Open button; everyone else folds; Bo shows openers.
    deal(page)
    expect(page.get_by_test_id("pot-total")).to_have_text("60")
    expect(page.get_by_test_id("carried-in")).to_have_text(
        "Carried from earlier deals: 40 (in the main pot)"
    )
    act(page, "Pass", opening_prompt("Seat 1 (Anna)"))
    act(page, "Pass", opening_prompt("Seat 2 (Bo)"))
    expect(page.get_by_test_id("amount")).to_have_value("10")
    act(page, "Open: claims jacks or better", "Seat 3 (Cia) to act")
    expect(page.get_by_text("opened", exact=True)).to_be_visible()
    act(page, "Fold", "Seat 4 (Dan) to act")
    act(page, "Fold", "Seat 1 (Anna) to act")
    act(
        page,
        "Fold",
        "Seat 2 (Bo) opened: do they show jacks or better? (An opener who cannot, cannot win.)",
    )
    page.screenshot(path=screenshot_dir / "draw-jackpot-openers-tablet.png", full_page=True)
    act(page, "Shows openers", "Next deal: dealer 4 (Dan)")

    result = page.get_by_test_id("last-result")
    expect(result).to_contain_text("Main pot (60)")
    expect(result).to_contain_text("Bo (seat 2) 60")
    expect(page.get_by_test_id("stack-2")).to_have_text("545")
    for seat in (1, 3, 4):
        expect(page.get_by_test_id(f"stack-{seat}")).to_have_text("485")
    expect(page.get_by_test_id("carried-pot")).to_have_count(0)
    expect(page.get_by_test_id("carried")).to_have_count(0)


def test_a_false_opener_everyone_folded_to_is_left_out_of_the_replay(
    tablet: Page, live_server: LiveServer, screenshot_dir: Path, host: object
) -> None:
    page = tablet
    log_in(page, live_server)
    new_jackpot_table(page)
    deal(page)
    act(page, "Open: claims jacks or better", "Seat 3 (Cia) to act")
    act(page, "Fold", "Seat 4 (Dan) to act")
    act(page, "Fold", "Seat 1 (Anna) to act")
    act(
        page,
        "Fold",
        "Seat 2 (Bo) opened: do they show jacks or better? (An opener who cannot, cannot win.)",
    )
    page.get_by_role("button", name="False opener").click()

    # The antes stay on the table; Bo's uncalled opening goes back to him.
    expect(page.get_by_test_id("jackpot")).to_have_text(
        "The same pot again with the same dealer, without seat 2 (the false opener), and no new"
        " antes."
    )
    expect(page.get_by_test_id("carried-pot")).to_have_text("20")
    expect(page.get_by_test_id("stack-2")).to_have_text("495")
    expect_prompt(page, "Next deal: dealer 1 (Anna)")  # the same dealer
    page.screenshot(path=screenshot_dir / "draw-false-opener-tablet.png", full_page=True)

    # The replay: the same dealer, the same 20 chips, no antes, and Bo is not dealt in.
    deal(page)
    expect_prompt(page, opening_prompt("Seat 3 (Cia)"))
    expect(page.get_by_test_id("pot-total")).to_have_text("20")
    expect(page.get_by_test_id("pot-0")).to_have_text("Main pot: 20 — Cia, Dan, Anna")
    expect(page.locator('.seat[data-seat="2"]')).to_contain_text("waiting")
    expect(page.locator('.seat[data-seat="1"] .marker.dealer')).to_have_text("D")
    for seat in range(1, 5):
        expect(page.get_by_test_id(f"stack-{seat}")).to_have_text("495")
    page.screenshot(path=screenshot_dir / "draw-false-opener-replay-tablet.png", full_page=True)


def test_a_32_card_hand_where_a_player_who_passed_comes_back_in(
    tablet: Page, live_server: LiveServer, screenshot_dir: Path, host: object
) -> None:
    page = tablet
    log_in(page, live_server)
    new_draw_table(
        page,
        name="Reykjavík",
        game="32/33-card poker (Iceland)",
        minimum=10,
        max_bet=30,
        seats=4,
    )
    for label in ("Forced bets", "Max after the draw", "Smallest jackpot opening"):
        expect(field(page, label)).to_be_hidden()
    seat_players(page, 4)
    expect_prompt(page, "Next deal: dealer 1 (Anna)")

    # Seed 003: no forced bets; betting starts right of the dealer and goes to the right.
    deal(page)
    expect(page.get_by_test_id("direction")).to_have_text(
        "↺ Icelandic rules: betting starts right of the dealer and goes to the right"
        " (counterclockwise); the dealer exchanges last."
    )
    expect_prompt(page, "Seat 4 (Dan) to act: pass (stays in), call or raise")
    act(page, "Pass", "Seat 3 (Cia) to act: pass (stays in), call or raise")
    expect(page.get_by_test_id("range")).to_have_text("from 10 to 10")
    act(page, "Bet", "Seat 2 (Bo) to act: pass (stays in), call or raise")
    act(page, "Pass", "Seat 1 (Anna) to act: pass (stays in), call or raise")
    act(page, "Call 10", "Seat 4 (Dan) to act: pass (stays in), call or raise")
    act(page, "Pass", "Seat 3 (Cia): how many cards?")

    # The exchange: Cia (who bet) first; Bo passed and may pay the bet to come back in.
    expect(page.get_by_test_id("stub")).to_have_text("Stub: 12 cards")
    take(page, 2, "Seat 2 (Bo) passed: pay 10 to come back in and exchange, or stay out")
    expect(page.locator(".draw-help")).to_have_text("Comes back in (pays 10) and takes:")
    expect(page.get_by_test_id("stay-out")).to_have_text("Stays out")
    expect(page.locator('.seat[data-seat="4"]')).to_contain_text("passed")
    page.screenshot(path=screenshot_dir / "draw-32-come-back-in-tablet.png", full_page=True)
    take(page, 1, "Seat 4 (Dan) passed: pay 10 to come back in and exchange, or stay out")
    expect(page.get_by_test_id("stack-2")).to_have_text("490")
    expect(page.get_by_test_id("drew-2")).to_have_text("took 1 card")
    act(page, "Stays out", "Seat 1 (Anna): how many cards?")
    take(page, 0, "Seat 3 (Cia) to act")
    expect(page.get_by_test_id("pot-total")).to_have_text("30")
    expect(page.get_by_test_id("pot-0")).to_have_text("Main pot: 30 — Bo, Cia, Anna")
