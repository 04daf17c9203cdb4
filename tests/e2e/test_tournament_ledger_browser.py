"""A 20-player tournament's money side on a phone: registration, rebuys, bust-outs down to the
final table and on to three, an ICM deal, and the payouts settled with the night."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from ledger.models import Result, Session, Tournament

pytestmark = pytest.mark.browser

NO_HORIZONTAL_OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"
PLAYERS = [
    "Anna", "Bo", "Cecilia", "David", "Eva", "Filip", "Greta", "Hugo", "Ida", "Jonas",
    "Karin", "Lars", "Maja", "Nils", "Olga", "Per", "Quinn", "Rut", "Sven", "Tove",
]  # fmt: skip
KR = 100


def settle_htmx(page: Page) -> None:
    page.wait_for_load_state("networkidle")
    # A locator, not wait_for_function("…"): that evaluates a string, which the
    # Content-Security-Policy refuses (and the test would fail for it).
    expect(page.locator(".htmx-request")).to_have_count(0)


def tap(page: Page, button: str) -> None:
    page.get_by_role("button", name=button, exact=True).click()
    settle_htmx(page)


def player_row(page: Page, name: str):  # type: ignore[no-untyped-def]
    return page.locator("#bust-form li.player-row", has=page.get_by_text(name, exact=True))


def bust(page: Page, *out: str, stacks: dict[str, int] | None = None) -> None:
    for name in out:
        player_row(page, name).locator("input[name=out]").check()
        if stacks:
            player_row(page, name).locator("input.stack-input").fill(str(stacks[name]))
    tap(page, "Out")


def test_a_twenty_player_tournament_on_a_phone(
    phone_page: Page, live_server: LiveServer, screenshot_dir: Path, host: object
) -> None:
    page = phone_page
    page.goto(live_server.url + "/login/?next=/ledger/sessions/")
    page.get_by_label("Username").fill("hanna")
    page.get_by_label("Password").fill("kitchen-table-42")
    page.get_by_role("button", name="Log in").click()

    # The night's session, and a tournament from its page.
    page.get_by_label("Name").fill("Tournament night")
    page.get_by_role("button", name="Start the session").click()
    page.get_by_role("link", name="New tournament").click()
    expect(page.locator("#id_name")).to_have_value("Tournament night tournament")
    page.get_by_label("Buy-in").fill("200")
    page.get_by_label("of which to the host").fill("20")
    page.get_by_label("Starting chips").fill("10000")
    page.get_by_text("Rebuys and add-on").click()
    page.get_by_label("Rebuys until level").fill("3")
    page.get_by_label("Rebuy price").fill("100")
    page.get_by_label("Rebuy chips").fill("5000")
    page.get_by_role("button", name="Create the tournament").click()
    expect(page.get_by_role("heading", name="Tournament night tournament")).to_be_visible()

    # Twenty buy-ins, each a new player on the roster.
    for name in PLAYERS:
        page.locator("input[name=new_player]").fill(name)
        tap(page, "Register (200.00 kr)")
        expect(page.locator("#tournament .notice")).to_have_text(f"{name} is in.")
    expect(page.locator("#figures")).to_contain_text("Entries20")
    page.screenshot(path=screenshot_dir / "tournament-registered-phone.png", full_page=True)

    # Start; at level 2, three rebuys; at level 4 a rebuy is refused and nothing changes.
    tap(page, "Start the tournament")
    page.locator("#level-now").fill("2")
    tap(page, "Set")
    for name in ("Cecilia", "Filip", "Nils"):
        tap(page, f"Rebuy for {name}")
        expect(page.locator("#tournament .notice")).to_have_text(f"{name}: rebuy")
    page.locator("#level-now").fill("4")
    tap(page, "Set")
    tap(page, "Rebuy for Anna")
    expect(page.locator("#tournament .alert")).to_have_text(
        "Rebuys closed after level 3; this is level 4."
    )
    # 20 × 180 kr + 3 × 100 kr.
    expect(page.locator("#figures")).to_contain_text("Prize pool3,900.00 kr")
    page.screenshot(path=screenshot_dir / "tournament-rebuy-refused-phone.png", full_page=True)

    # Bust-outs down to the final table of nine: one at a time, then two on one hand.
    for name in ("Tove", "Sven", "Rut", "Quinn", "Per", "Olga", "Maja", "Lars", "Karin"):
        bust(page, name)
    bust(page, "Jonas", "Ida", stacks={"Jonas": 4000, "Ida": 12500})
    expect(page.locator("#tournament .notice")).to_contain_text("Ida finishes #10.")
    expect(page.locator("#tournament .notice")).to_contain_text("Jonas finishes #11.")
    expect(page.locator("#figures")).to_contain_text("Players left9")
    page.screenshot(path=screenshot_dir / "tournament-final-table-phone.png", full_page=True)

    # A mistake, undone; then on to three players.
    bust(page, "Anna")
    tap(page, "Undo the last bust-out")
    expect(page.locator("#tournament .notice")).to_have_text("Undone: Anna back in.")
    for name in ("Hugo", "Greta", "Eva", "David", "Bo", "Anna"):
        bust(page, name)
    expect(page.locator("#figures")).to_contain_text("Players left3")

    # The deal: 215,000 chips among Cecilia, Filip and Nils; ICM on 3,440 kr (4th got 460 kr).
    deal = page.get_by_role("region", name="A deal")
    deal.get_by_label("Cecilia", exact=True).fill("110000")
    deal.get_by_label("Filip", exact=True).fill("65000")
    deal.get_by_label("Nils", exact=True).fill("40000")
    tap(page, "Calculate")
    expect(page.locator("#deal-offer")).to_be_visible()
    expect(page.locator("#tournament .alert")).to_have_count(0)
    page.screenshot(path=screenshot_dir / "tournament-deal-phone.png", full_page=True)
    tap(page, "Deal by ICM")
    expect(page.locator("#tournament .notice")).to_have_text("Deal made.")
    assert page.evaluate(NO_HORIZONTAL_OVERFLOW)
    page.screenshot(path=screenshot_dir / "tournament-payouts-phone.png", full_page=True)

    tournament = Tournament.objects.get()
    won = tournament.prizes_won()
    assert sum(won.values()) == 3900 * KR
    assert tournament.fees() == 400 * KR

    # Into the night's settlement.
    page.get_by_role("link", name="Open the session").click()
    tap(page, "The game is over: count")
    tap(page, "Settle the session")
    expect(page.locator("#night")).to_contain_text("transfers still to pay")
    assert page.evaluate(NO_HORIZONTAL_OVERFLOW)
    page.screenshot(path=screenshot_dir / "tournament-settled-phone.png", full_page=True)

    session = Session.objects.get()
    results = {r.player.name: r.amount for r in Result.objects.filter(session=session)}
    assert len(results) == 20
    assert sum(results.values()) == -400 * KR  # the host's fees
    # The bank paid every prize out of the cash it held.
    paid_out = sum(t.amount for t in session.transfers.filter(payer__isnull=True))
    assert paid_out == 3900 * KR
