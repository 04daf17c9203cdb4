"""Seed 004's stud games in Chromium on a tablet: a four-handed Femstöt hand from the New table
form to the award (up cards tapped on the card picker, Pott naming the bring-in and then a new
first speaker each street, a short all-in's side pot split between two straights), a
seven-card stud hand to seventh street dealt face down, and the card picker on a phone.
Screenshots go to var/screenshots/."""

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
HOLDEM_FIELDS = ("Small blind (draw games: the minimum)", "Big blind", "Straddles allowed")
STUD_FIELDS = ("Small bet (fixed limit)", "Big bet (fixed limit)", "Bring-in")


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


def new_stud_table(page: Page, *, name: str, game: str, seats: int) -> None:
    """Fill in the New table form for stud, 10–20 with a bring-in of 5: choosing the game hides
    hold'em's blinds and shows stud's small bet, big bet and bring-in (pott.js)."""
    page.get_by_role("link", name="New table").click()
    expect(field(page, "Big blind")).to_be_visible()  # hold'em, the default game
    expect(field(page, "Bring-in")).to_be_hidden()
    field(page, "Name").fill(name)
    field(page, "Game").select_option(label=game)
    for label in HOLDEM_FIELDS:
        expect(field(page, label)).to_be_hidden()
    for label in STUD_FIELDS:
        expect(field(page, label)).to_be_visible()
    field(page, "Small bet (fixed limit)").fill("10")
    field(page, "Big bet (fixed limit)").fill("20")
    field(page, "Bring-in").fill("5")
    field(page, "Seats").fill(str(seats))
    field(page, "Chip values").fill("5, 25, 100")
    page.get_by_role("button", name="Create the table").click()
    expect(page.get_by_role("heading", name=name)).to_be_visible()
    expect(page.locator(".stakes")).to_have_text(f"{game} · 10–20, bring-in 5")


def seat_players(page: Page, stacks: dict[str, int]) -> None:
    """Seat these players, with these buy-ins, in seats 1, 2, 3, … through the seating panel."""
    for number, (name, chips) in enumerate(stacks.items(), start=1):
        form = page.locator("form.seat-player")
        field(form, "Seat").select_option(str(number))
        field(form, "or a new player").fill(name)
        field(form, "Buy-in (chips)").fill(str(chips))
        form.get_by_role("button", name="Seat the player").click()
        expect(page.get_by_text(f"{name} sits in seat {number}")).to_be_visible()


def expect_prompt(page: Page, text: str) -> None:
    expect(page.get_by_test_id("prompt")).to_have_text(text)


def act(page: Page, button: str, then: str) -> None:
    """Tap an action button and wait for the prompt that follows it."""
    page.locator("#table .panel").get_by_role("button", name=button, exact=True).click()
    expect_prompt(page, then)


def tap_cards(page: Page, *cards: str, filled: int = 0) -> None:
    """Tap each player's up card on the card picker, in position order: each fills the next
    empty field (after the `filled` ones) and greys out."""
    for number, card in enumerate(cards, start=filled):
        page.get_by_test_id(f"card-{card}").click()
        expect(page.get_by_test_id(f"card-{card}")).to_be_disabled()
        expect(page.locator("input[data-card-field]").nth(number)).to_have_value(card)


def deal_up(page: Page, *cards: str, then: str, why: str, filled: int = 0) -> None:
    """Tap the up cards, deal them, and see whom Pott names and why."""
    tap_cards(page, *cards, filled=filled)
    page.get_by_test_id("deal-cards").click()
    expect_prompt(page, then)
    expect(page.get_by_test_id("why")).to_have_text(why)


def deal_prompt(street: str, who: str) -> str:
    return (
        f"Deal {street}, then tap each player's up card (Pott names {who}), or tap"
        f" {'who brings in' if who == 'the bring-in' else 'who speaks first'}"
    )


def test_a_femstöt_hand_with_a_short_all_in_and_a_split_side_pot(
    tablet: Page, live_server: LiveServer, screenshot_dir: Path, host: object
) -> None:
    page = tablet
    log_in(page, live_server)
    new_stud_table(page, name="Femstöt", game="Five-card stud (Femstöt)", seats=4)
    seat_players(page, {"Anna": 500, "Bo": 500, "Cia": 500, "Dan": 25})
    page.get_by_role("button", name="Deal the next hand").click()

    # Positions: Bo, Cia, Dan, Anna (the dealer). Dan's 2♠ is the lowest up card.
    expect_prompt(page, deal_prompt("second street", "the bring-in"))
    expect(page.get_by_text("Or, without cards, tap who brings in:")).to_be_visible()
    # A tapped card greys out; "Undo the last card" empties its field and frees it again.
    tap_cards(page, "Kh")
    page.get_by_role("button", name="Undo the last card").click()
    expect(page.get_by_test_id("card-Kh")).to_be_enabled()
    expect(page.get_by_test_id("up-0")).to_have_value("")
    tap_cards(page, "9h", "6h", "2s")
    page.screenshot(path=screenshot_dir / "stud-card-picker-tablet.png", full_page=True)
    deal_up(
        page,
        "Qs",
        filled=3,
        then="Seat 4 (Dan) to act",
        why="Seat 4 (Dan) brings in: 2♠ is the lowest up card.",
    )
    expect(page.get_by_test_id("up-cards-3")).to_have_text("6♥")
    act(page, "Bring in 5", "Seat 1 (Anna) to act")
    expect(page.get_by_test_id("why")).to_have_count(0)  # the betting is on
    act(page, "Call 5", "Seat 2 (Bo) to act")
    act(page, "Call 5", "Seat 3 (Cia) to act")
    act(page, "Call 5", deal_prompt("third street", "who speaks first"))
    expect(page.get_by_test_id("pot-total")).to_have_text("20")
    # The cards already dealt are greyed out on the next street's picker.
    for card in ("9h", "6h", "2s", "Qs"):
        expect(page.get_by_test_id(f"card-{card}")).to_be_disabled()

    # Third street: Anna's queen is the best board; she bets the small bet X.
    deal_up(
        page,
        "8d",
        "7d",
        "Js",
        "3c",
        then="Seat 1 (Anna) to act",
        why="Seat 1 (Anna) speaks first: Q♠ (high card) is the best board.",
    )
    page.screenshot(path=screenshot_dir / "stud-speaks-first-tablet.png", full_page=True)
    expect(page.get_by_test_id("range")).to_have_text("from 10 to 10")
    act(page, "Bet", "Seat 2 (Bo) to act")
    act(page, "Call 10", "Seat 3 (Cia) to act")
    act(page, "Call 10", "Seat 4 (Dan) to act")
    act(page, "Call 10", deal_prompt("fourth street", "who speaks first"))
    expect(page.get_by_test_id("stack-4")).to_have_text("10")

    # Fourth street: Dan's pair of jacks speaks first; he checks, Anna bets the big bet Y and
    # Dan calls his last 10: a main pot of 4 × 25 and a side pot of 3 × 10.
    deal_up(
        page,
        "7s",
        "8c",
        "Jd",
        "Tc",
        then="Seat 4 (Dan) to act",
        why="Seat 4 (Dan) speaks first: J♠ J♦ (a pair) is the best board.",
    )
    act(page, "Check", "Seat 1 (Anna) to act")
    expect(page.get_by_test_id("range")).to_have_text("from 20 to 20")
    act(page, "Bet", "Seat 2 (Bo) to act")
    act(page, "Call 20", "Seat 3 (Cia) to act")
    act(page, "Call 20", "Seat 4 (Dan) to act")
    act(page, "Call 10 (all-in)", deal_prompt("fifth street", "who speaks first"))
    expect(page.get_by_test_id("pot-0")).to_have_text("Main pot: 100 — Bo, Cia, Dan, Anna")
    expect(page.get_by_test_id("pot-1")).to_have_text("Side pot 1: 30 — Bo, Cia, Anna")

    # Fifth street: Dan's two pair is the best board, but he is all-in: the next player
    # speaks first. Bo and Cia both show 9 8 7 and a five or a six: the same straight.
    deal_up(
        page,
        "5c",
        "9c",
        "2d",
        "4d",
        then="Seat 1 (Anna) to act",
        why=(
            "Seat 1 (Anna) speaks first: 2♠ J♠ J♦ 2♦ (two pair) is the best board."
            " (Seat 4 (Dan)'s cards; they are all-in.)"
        ),
    )
    expect(page.get_by_test_id("up-cards-2")).to_have_text("9♥ 8♦ 7♠ 5♣")
    expect(page.get_by_test_id("up-cards-3")).to_have_text("6♥ 7♦ 8♣ 9♣")
    act(page, "Check", "Seat 2 (Bo) to act")
    act(page, "Bet", "Seat 3 (Cia) to act")
    act(page, "Call 20", "Seat 1 (Anna) to act")
    act(page, "Fold", "Showdown: who wins side pot 1 (70)?")
    page.screenshot(path=screenshot_dir / "stud-showdown-tablet.png", full_page=True)

    # Bo's 6 and Cia's 5 in the hole: the same straight splits the side pot. Dan's jack in the
    # hole makes a full house for the main pot.
    page.get_by_role("checkbox", name="Seat 2 (Bo)").check()
    page.get_by_role("checkbox", name="Seat 3 (Cia)").check()
    page.get_by_role("button", name="Award the pot").click()
    expect_prompt(page, "Showdown: who wins the main pot (100)?")
    page.get_by_role("checkbox", name="Seat 4 (Dan)").check()
    page.get_by_role("button", name="Award the pot").click()

    result = page.get_by_test_id("last-result")
    expect(result).to_contain_text("Side pot 1 (70)")
    expect(result).to_contain_text("Bo (seat 2) 35")
    expect(result).to_contain_text("Cia (seat 3) 35")
    expect(result).to_contain_text("Main pot (100)")
    expect(result).to_contain_text("Dan (seat 4) 100")
    expect(page.get_by_test_id("stack-1")).to_have_text("465")
    expect(page.get_by_test_id("stack-2")).to_have_text("480")
    expect(page.get_by_test_id("stack-3")).to_have_text("480")
    expect(page.get_by_test_id("stack-4")).to_have_text("100")
    page.screenshot(path=screenshot_dir / "stud-payouts-tablet.png", full_page=True)


def test_a_seven_card_stud_hand_to_seventh_street_face_down_and_the_showdown(
    tablet: Page, live_server: LiveServer, screenshot_dir: Path, host: object
) -> None:
    page = tablet
    log_in(page, live_server)
    new_stud_table(page, name="Sjukort", game="Seven-card stud", seats=8)
    seat_players(page, {"Anna": 500, "Bo": 500, "Cia": 500})
    page.get_by_role("button", name="Deal the next hand").click()

    # Positions: Bo, Cia, Anna (the dealer). Cia's 3♦ brings in.
    expect_prompt(page, deal_prompt("third street", "the bring-in"))
    deal_up(
        page,
        "Ah",
        "3d",
        "Kc",
        then="Seat 3 (Cia) to act",
        why="Seat 3 (Cia) brings in: 3♦ is the lowest up card.",
    )
    act(page, "Bring in 5", "Seat 1 (Anna) to act")
    act(page, "Fold", "Seat 2 (Bo) to act")
    act(page, "Call 5", deal_prompt("fourth street", "who speaks first"))
    expect(page.locator("input[data-card-field]")).to_have_count(2)  # Anna folded

    deal_up(
        page,
        "4s",
        "3h",
        then="Seat 3 (Cia) to act",
        why="Seat 3 (Cia) speaks first: 3♦ 3♥ (a pair) is the best board.",
    )
    act(page, "Check", "Seat 2 (Bo) to act")
    act(page, "Check", deal_prompt("fifth street", "who speaks first"))
    deal_up(
        page,
        "Ac",
        "9d",
        then="Seat 2 (Bo) to act",
        why="Seat 2 (Bo) speaks first: A♥ A♣ (a pair) is the best board.",
    )
    act(page, "Check", "Seat 3 (Cia) to act")
    act(page, "Check", deal_prompt("sixth street", "who speaks first"))
    deal_up(
        page,
        "7c",
        "9s",
        then="Seat 3 (Cia) to act",
        why="Seat 3 (Cia) speaks first: 3♦ 3♥ 9♦ 9♠ (two pair) is the best board.",
    )
    act(page, "Check", "Seat 2 (Bo) to act")
    act(page, "Check", "Deal seventh street face down")

    # Seventh street: no card picker, one button; the player who spoke first on sixth street
    # speaks first again.
    expect(page.locator("input[data-card-field]")).to_have_count(0)
    expect(page.locator("[data-card]")).to_have_count(0)
    page.screenshot(path=screenshot_dir / "stud7-seventh-face-down-tablet.png", full_page=True)
    page.get_by_test_id("deal-down").click()
    expect_prompt(page, "Seat 3 (Cia) to act")
    expect(page.get_by_test_id("range")).to_have_text("from 20 to 20")
    act(page, "Bet", "Seat 2 (Bo) to act")
    act(page, "Call 20", "Showdown: who wins the main pot (50)?")
    page.get_by_role("checkbox", name="Seat 2 (Bo)").check()
    page.get_by_role("button", name="Award the pot").click()

    result = page.get_by_test_id("last-result")
    expect(result).to_contain_text("Main pot (50)")
    expect(result).to_contain_text("Bo (seat 2) 50")
    expect(page.get_by_test_id("stack-2")).to_have_text("525")
    expect(page.get_by_test_id("stack-3")).to_have_text("475")
    expect(page.get_by_test_id("stack-1")).to_have_text("500")
    page.screenshot(path=screenshot_dir / "stud7-payouts-tablet.png", full_page=True)


def test_the_card_picker_on_a_phone(
    browser: Browser, live_server: LiveServer, screenshot_dir: Path, host: object
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    log_in(page, live_server)
    new_stud_table(page, name="Telefon", game="Five-card stud (Femstöt)", seats=4)
    seat_players(page, {"Anna": 500, "Bo": 500, "Cia": 500, "Dan": 500})
    page.get_by_role("button", name="Deal the next hand").click()
    expect_prompt(page, deal_prompt("second street", "the bring-in"))
    tap_cards(page, "Th", "3c")
    page.get_by_test_id("card-As").scroll_into_view_if_needed()
    expect(page.get_by_test_id("card-2c")).to_be_in_viewport()
    page.screenshot(path=screenshot_dir / "stud-card-picker-phone.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    context.close()
