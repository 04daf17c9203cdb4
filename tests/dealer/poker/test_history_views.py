"""A table's hand history: the list of hands and each hand in words, with the payouts of every
pot and how to pay them with the chips of the set."""

from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from conftest import Tablet


def text(response: Any) -> str:
    body = response.content.decode()
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)))


def play_a_side_pot(tablet: Tablet) -> None:
    """Anna is all-in for 100; Bo and Cia call, Bo bets 200 on the flop and Cia calls.
    Cia wins the side pot (400), Anna and Bo split the main pot (300)."""
    tablet.table.seats.filter(number=1).update(stack=100)
    tablet.start()
    tablet.act("all_in")
    tablet.act("call")
    tablet.act("call")
    tablet.act("deal")
    tablet.act("raise", amount=200)
    tablet.act("call")
    tablet.to_showdown()
    tablet.award(5)
    tablet.award(1, 3)


def test_the_hand_list_shows_every_hand_newest_first(tablet: Tablet) -> None:
    tablet.start()
    tablet.act("fold")
    tablet.act("fold")
    tablet.start()
    tablet.act("misdeal")
    tablet.start()
    page = text(tablet.client.get(tablet.url("hands/")))
    assert re.search(r"Hand 3 — in progress.*Hand 2 — misdealt.*Hand 1 — finished", page)
    body = tablet.client.get(tablet.url("hands/")).content.decode()
    assert f'href="/tables/{tablet.table.pk}/hands/1/"' in body


def test_a_table_without_hands_says_so(tablet: Tablet) -> None:
    assert "No hands yet." in text(tablet.client.get(tablet.url("hands/")))


def test_a_hand_reads_action_by_action(tablet: Tablet) -> None:
    play_a_side_pot(tablet)
    page = text(tablet.client.get(tablet.url("hands/1/")))
    expected = [
        "Anna (seat 1) raises to 100 (all-in)",
        "Bo (seat 3) calls 95",
        "Cia (seat 5) calls 90",
        "Flop dealt",
        "Bo (seat 3) bets 200",
        "Cia (seat 5) calls 200",
        "Turn dealt",
        "Bo (seat 3) checks",
        "River dealt",
    ]
    positions = [page.find(line) for line in expected]
    assert -1 not in positions, [line for line in expected if line not in page]
    assert positions == sorted(positions)


def test_a_hand_shows_each_pots_payouts_and_how_to_pay_them(tablet: Tablet) -> None:
    play_a_side_pot(tablet)
    page = text(tablet.client.get(tablet.url("hands/1/")))
    assert "Side pot 1 (400) : Cia (seat 5) 400 (4 × 100)" in page
    # 300 split two ways with chips of 5: 150 each, no odd chip.
    assert "Main pot (300) : Bo (seat 3) 150 (1 × 100 + 2 × 25); Anna (seat 1) 150" in page
    assert re.search(r"Anna \(seat 1\) 100 150 \+50", page)
    assert re.search(r"Bo \(seat 3\) 1000 850 -150", page)
    assert re.search(r"Cia \(seat 5\) 1000 1100 \+100", page)


def test_the_awards_name_the_pots_as_the_payouts_do(tablet: Tablet) -> None:
    """The side pot is "Side pot 1" in the payouts: the action log calls it the same."""
    play_a_side_pot(tablet)
    page = text(tablet.client.get(tablet.url("hands/1/")))
    actions = page.split("Actions")[1].split("Pots")[0]
    assert "Side pot 1 to Cia (seat 5)" in actions
    assert "Main pot to Anna (seat 1), Bo (seat 3)" in actions


def test_the_odd_chip_is_visible_in_the_payouts(tablet: Tablet) -> None:
    tablet.start()
    tablet.act("call")
    tablet.act("fold")
    tablet.act("check")
    tablet.to_showdown()
    tablet.award(1, 5)
    page = text(tablet.client.get(tablet.url("hands/1/")))
    assert "Main pot (25) : Cia (seat 5) 15 (3 × 5); Anna (seat 1) 10 (2 × 5)" in page
    assert "Bo (seat 3) folds" in page


def test_a_hand_in_progress_has_no_payouts_yet(tablet: Tablet) -> None:
    tablet.start()
    tablet.act("call")
    page = text(tablet.client.get(tablet.url("hands/1/")))
    assert "Hand 1 in progress" in page
    assert "Anna (seat 1) calls 10" in page
    assert "Pots" not in page.split("Actions")[1]


def test_a_misdealt_hand_says_so(tablet: Tablet) -> None:
    tablet.start()
    tablet.act("misdeal")
    page = text(tablet.client.get(tablet.url("hands/1/")))
    assert "Hand 1 misdealt" in page
    assert "Misdeal: the hand is void" in page


def test_a_hand_that_does_not_exist_is_not_found(tablet: Tablet) -> None:
    tablet.start()
    assert tablet.client.get(tablet.url("hands/2/")).status_code == 404
    assert tablet.client.get(tablet.url("hands/0/")).status_code == 404
