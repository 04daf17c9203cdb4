"""Accessibility in Chromium: axe-core (vendored for the tests only, tests/e2e/vendor/) finds no
serious or critical violation on the pages and states of an evening — tablet and phone, light and
dark — and a hand can be dealt by keyboard alone without losing the place after each swap.

Run the audit alone: .venv/bin/python -m pytest -m browser tests/e2e/test_a11y_browser.py
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from pytest_django.live_server_helper import LiveServer

from dealer.deluxe.models import DeluxeGame
from dealer.dice.models import DiceGame
from dealer.tournament.models import TournamentClock
from ledger.models import Player, Session
from tests.dealer.conftest import Tablet, make_table, sit
from tests.e2e.helpers import log_in
from tests.pages import a_settled_night, a_tournament

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
SIZES = {"tablet": {"width": 1180, "height": 820}, "phone": {"width": 390, "height": 844}}
# WCAG 2.0 and 2.1, A and AA, and the best practices; a violation fails when axe rates it
# serious or critical.
RUN_AXE = """async () => {
  const result = await axe.run(document, {
    runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]},
  });
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" ") + " — " + n.failureSummary),
    }));
}"""

# Each seat on the felt, or anything in it, drawn less than opaque: [seat number, opacity].
FAINT_SEATS = """() => Array.from(document.querySelectorAll(".seat, .seat *"))
  .filter((elt) => parseFloat(getComputedStyle(elt).opacity) < 1)
  .map((elt) => [elt.closest(".seat").dataset.seat, getComputedStyle(elt).opacity])"""


def audit(page: Page) -> list[str]:
    """axe's serious and critical violations on the page as it is now, one line each."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(RUN_AXE)
    return [f"{v['impact']} {v['id']} ({v['help']}): " + " | ".join(v["nodes"]) for v in found]


def an_evening(client: Client, host: Any) -> dict[str, str]:
    """The pages to audit, by a label for each: a table between hands (after a hand), in a hand
    (a fold, a bet in front, a sitting-out and empty seats) and at the showdown; a session open,
    counting and settled; players; tournaments; the clock; a dice game and Poker-Deluxe."""
    client.force_login(host)
    urls: dict[str, str] = {"home": "/", "new table": "/tables/new/"}

    between = make_table(host, name="Kitchen")
    for number, name in ((1, "Anna"), (3, "Bo"), (5, "Cia")):
        sit(between, number, name)
    tablet = Tablet(client, between)
    tablet.start()
    tablet.to_showdown()
    tablet.award(1)
    urls["table between hands"] = f"/tables/{between.pk}/"
    urls["session open"] = f"/ledger/sessions/{between.session_id}/"

    mid = make_table(host, name="Attic", max_seats=8)
    for number, name in ((1, "Dan"), (2, "Eva"), (4, "Finn"), (5, "Gus"), (7, "Hal")):
        sit(mid, number, name)
    tablet = Tablet(client, mid)
    assert tablet.post("seats/7/toggle/sit_out/", {"version": tablet.version}).status_code == 200
    tablet.start()
    # Under the gun raises, the button calls, the small blind folds (its blind stays in front of
    # a folded seat), the big blind is to act.
    for kind, amount in (("raise", 40), ("call", None), ("fold", None)):
        data = {"amount": amount} if amount else {}
        assert tablet.act(kind, **data).status_code == 200
    urls["table mid-hand"] = f"/tables/{mid.pk}/"

    showdown = make_table(host, name="Cellar")
    for number, name in ((2, "Ida"), (4, "Jon")):
        sit(showdown, number, name)
    tablet = Tablet(client, showdown)
    tablet.start()
    tablet.to_showdown()
    urls["table at the showdown"] = f"/tables/{showdown.pk}/"

    counting = Session.objects.create(
        host=host, name="Garage", currency="SEK", rate_minor=100, rate_chips=1
    )
    for name in ("Kim", "Lo"):
        counting.buy_in(Player.objects.create(host=host, name=name), 300, by=host)
    client.post(f"/ledger/sessions/{counting.pk}/counting/")
    assert Session.objects.get(pk=counting.pk).state == "counting"
    urls["session counting"] = f"/ledger/sessions/{counting.pk}/"
    settled = a_settled_night(client, host, ("Mo", "Nils", "Ola"), "Porch")
    # Mo, who wins, has a Swish number: the settled night's transfers have payment codes.
    Player.objects.filter(host=host, name="Mo").update(swish="0701234567")
    urls["session settled"] = f"/ledger/sessions/{settled.pk}/"
    urls["payment codes sheet"] = f"/ledger/sessions/{settled.pk}/codes/"
    urls["payers' link"] = f"/pay/{settled.pay_token}/"
    ola = Player.objects.get(host=host, name="Ola")
    urls["payer's page"] = f"/pay/{settled.pay_token}/players/{ola.pk}/"
    urls["players"] = "/ledger/players/"

    tournament = a_tournament(client, host, ("Per", "Quin", "Rut"), "Cup")
    clock = TournamentClock.objects.get(tournament=tournament)
    urls["tournaments"] = "/tournaments/"
    urls["tournament"] = f"/tournaments/{tournament.pk}/"
    urls["clock remote"] = f"/tournaments/{tournament.pk}/remote/"
    urls["clock TV"] = f"/tournaments/tv/{clock.display_token}/"

    dice = {"name": "Dice", "kind": "poker_dice", "chips": "10", "stake": "2", "items": ""}
    dice |= {"session": "", "currency": "SEK", "chip_value": "1"}
    dice |= {"player_1": "Sam", "player_2": "Tor"}
    assert client.post("/dice/new/", dice).status_code == 302
    urls["dice game"] = f"/dice/{DiceGame.objects.get().pk}/"

    deluxe = {"name": "Deluxe", "cards": "5", "rounds": "1", "session": "", "currency": "SEK"}
    deluxe |= {"unit_value": "1", "player_1": "Uma", "age_1": "1", "player_2": "Vik"}
    deluxe |= {"age_2": "2", "player_3": "Wim", "age_3": "3"}
    assert client.post("/deluxe/new/", deluxe).status_code == 302
    urls["Poker-Deluxe"] = f"/deluxe/{DeluxeGame.objects.get().pk}/"
    return urls


@pytest.fixture
def audited(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page at the size and colour scheme of the test's parameters. The policy is bypassed in
    this context only, for the test's own script (axe) injected into the page."""
    size, scheme = request.param
    context = browser.new_context(viewport=SIZES[size], bypass_csp=True)
    page = context.new_page()
    page.emulate_media(color_scheme=scheme)
    yield page
    context.close()


@pytest.mark.parametrize(
    "audited",
    [("tablet", "light"), ("tablet", "dark"), ("phone", "light"), ("phone", "dark")],
    indirect=True,
    ids=["tablet-light", "tablet-dark", "phone-light", "phone-dark"],
)
def test_axe_finds_no_serious_violation(
    audited: Page,
    live_server: LiveServer,
    client: Client,
    host: Any,
    screenshot_dir: Path,
    request: pytest.FixtureRequest,
) -> None:
    page = audited
    size_and_scheme = request.node.callspec.id  # tablet-light, …
    problems: list[str] = []
    page.goto(live_server.url + "/")
    problems += [f"home, logged out: {line}" for line in audit(page)]
    urls = an_evening(client, host)
    log_in(page, live_server)
    for label, url in urls.items():
        page.goto(live_server.url + url)
        problems += [f"{label}: {line}" for line in audit(page)]
        if label.startswith("table"):
            name = label.replace(" ", "-")
            page.screenshot(path=screenshot_dir / f"a11y-{name}-{size_and_scheme}.png")
            # Folded, empty and sitting-out seats say so by fill, border and label: nothing on
            # the felt is see-through (axe cannot measure text over the felt's gradient).
            faint = page.evaluate(FAINT_SEATS)
            problems += [f"{label}: seat {seat} drawn at opacity {o}" for seat, o in faint]
    assert not problems, "\n".join(problems)


FOCUSED = """() => {
  const elt = document.activeElement;
  return {
    tag: elt.tagName,
    text: (elt.innerText || elt.value || "").trim(),
    inActions: !!elt.closest("#actions"),
  };
}"""


def focused(page: Page) -> dict[str, Any]:
    return page.evaluate(FOCUSED)


def assert_on_an_action(page: Page) -> None:
    """The focus is on a button of the actions panel, not lost to the page (it is placed when
    htmx has settled the swap, a moment after the new prompt shows)."""
    try:
        page.wait_for_function(
            "() => document.activeElement.tagName === 'BUTTON'"
            " && !!document.activeElement.closest('#actions')",
            timeout=2000,
        )
    except PlaywrightTimeout:
        pass  # the assertion below says where the focus is
    where = focused(page)
    assert where["tag"] == "BUTTON" and where["inActions"], where


def assert_focus_on(page: Page, name: str) -> None:
    """The focus is on the action button named `name` (waiting for htmx to settle the swap)."""
    assert_on_an_action(page)
    try:
        page.wait_for_function(
            "(name) => document.activeElement.innerText.trim() === name", arg=name, timeout=2000
        )
    except PlaywrightTimeout:
        pass
    assert focused(page)["text"] == name


def announced(page: Page) -> str:
    """What the page's polite live regions hold, as the browser's accessibility tree has it (the
    live region is in a closed shadow root: no locator reaches it)."""
    cdp = page.context.new_cdp_session(page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    by_id = {node["nodeId"]: node for node in nodes}

    def text(node: dict[str, Any]) -> str:
        if node.get("role", {}).get("value") == "StaticText":
            return node.get("name", {}).get("value", "")
        return " ".join(text(by_id[child]) for child in node.get("childIds", []) if child in by_id)

    live = [
        node
        for node in nodes
        if {"name": "live", "value": {"type": "token", "value": "polite"}}
        in node.get("properties", [])
        and node.get("role", {}).get("value") == "generic"  # not a toast's role=status
    ]
    return " ".join(text(node) for node in live)


def expect_announced(page: Page, text: str) -> None:
    """The live region says `text` (once the swap has settled)."""
    for _ in range(20):
        if text in announced(page):
            return
        page.wait_for_timeout(100)
    assert text in announced(page)


def press_on(page: Page, name: str) -> None:
    """Tab (forward, at most 40 times) to the control named `name`, then Enter."""
    for _ in range(40):
        if focused(page)["text"] == name:
            page.keyboard.press("Enter")
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {name!r}; the focus is on {focused(page)}")


def test_a_hand_dealt_by_keyboard_keeps_the_focus_on_the_actions(
    page: Page, live_server: LiveServer, client: Client, host: Any, screenshot_dir: Path
) -> None:
    table = make_table(host, name="Kitchen")
    for number, name in ((1, "Anna"), (3, "Bo"), (5, "Cia")):
        sit(table, number, name)
    log_in(page, live_server)
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    prompt = page.get_by_test_id("prompt")

    # The first Tab reaches the skip link; it takes the focus to the actions.
    page.keyboard.press("Tab")
    assert focused(page)["text"] == "Skip to the actions"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "actions"
    press_on(page, "Deal the next hand")
    expect(prompt).to_have_text("Seat 1 (Anna) to act")
    expect_announced(page, "Seat 1 (Anna) to act")
    assert_focus_on(page, "Call 10")
    page.keyboard.press("Enter")
    expect(prompt).to_have_text("Seat 3 (Bo) to act")
    assert_focus_on(page, "Call 5")  # the same control, for the next player
    page.screenshot(path=screenshot_dir / "a11y-keyboard-focus-tablet.png")

    # Another device acts: the poll replaces the region and the focus stays on an action.
    other = Tablet(client, table)
    client.force_login(host)
    assert other.act("call").status_code == 200
    expect(prompt).to_have_text("Seat 5 (Cia) to act")
    expect_announced(page, "Seat 5 (Cia) to act")
    assert_focus_on(page, "Check")  # the safe default when the call is gone

    page.keyboard.press("Enter")
    for street in ("flop", "turn", "river"):
        expect(prompt).to_have_text(f"Burn and deal the {street}")
        assert_focus_on(page, f"{street.capitalize()} dealt")
        page.keyboard.press("Enter")
        for seat in ("Seat 3 (Bo)", "Seat 5 (Cia)", "Seat 1 (Anna)"):
            expect(prompt).to_have_text(f"{seat} to act")
            assert_focus_on(page, "Check")
            page.keyboard.press("Enter")

    expect(prompt).to_have_text("Showdown: who wins the main pot (30)?")
    assert_on_an_action(page)
    press_on(page, "Seat 3 (Bo) wins")
    expect(page.get_by_test_id("last-result")).to_contain_text("Bo (seat 3) 30")
    assert_focus_on(page, "Deal the next hand")
