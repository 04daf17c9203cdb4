"""Stud at the table (seed 004's Femstöt and seven-card stud): the New table form, the up cards
entered street by street, the bring-in and the first speaker Pott names from them, or the
dealer's tap instead. Posted the way the dealer's page posts them."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client

from dealer.engine import Phase
from dealer.poker.models import Table
from tests.dealer.conftest import Tablet, make_table, sit

FORM = {
    "name": "Femstöt",
    "game": "stud5",
    "small_blind": "",
    "ante": "0",
    "small_bet": "10",
    "big_bet": "20",
    "bring_in": "5",
    "max_seats": "8",
    "currency": "SEK",
    "chip_value": "1",
    "chip_values": "5, 25, 100",
    "dead_button": "on",
    "straddle_raise": "straddle",
    "button_straddle_order": "small_blind",
    "limit_raises": "3",
    "heads_up_cap": "uncapped_when_heads_up",
    "blind_before_ante": "on",
}


def text(response: Any) -> str:
    page = re.sub(r"<[^>]+>", " ", response.content.decode())
    return html.unescape(re.sub(r"\s+", " ", page))


def prompt(response: Any) -> str:
    match = re.search(r'data-testid="prompt">([^<]*)<', response.content.decode())
    assert match, "no prompt"
    return html.unescape(match.group(1).strip())


def stud_table(host: Any, game: str = "stud5", players: int = 4, **fields: Any) -> Table:
    values = {
        "game": game,
        "small_blind": 10,
        "big_blind": 20,
        "small_bet": 10,
        "big_bet": 20,
        "bring_in": 5,
        **fields,
    }
    table = make_table(host, max_seats=8, **values)
    for number, name in enumerate(("Anna", "Bo", "Cia", "Dan", "Eva")[:players], start=1):
        sit(table, number, name, 500)
    return table


@pytest.fixture
def stud(client: Client, host: Any) -> Tablet:
    client.force_login(host)
    return Tablet(client, stud_table(host))


def deal(tablet: Tablet, *cards: str, **data: Any) -> Any:
    """Deal the next street with these up cards in position order ("" for a player out)."""
    fields = {"version": tablet.version, "hand": tablet.hand.number, "up": list(cards), **data}
    return tablet.post("deal/", fields)


def test_a_host_creates_a_femstöt_table(client: Client, host: Any) -> None:
    client.force_login(host)
    response = client.post("/tables/new/", FORM, follow=True)
    table = Table.objects.get()
    assert (table.game, table.small_bet, table.big_bet, table.bring_in) == ("stud5", 10, 20, 5)
    assert "Five-card stud (Femstöt) · 10–20, bring-in 5" in text(response)


@pytest.mark.parametrize(("changes", "message"), [
    ({"small_bet": "0"}, "Stud needs the small bet X"),
    ({"big_bet": "5"}, "The big bet Y cannot be smaller than the small bet X."),
    ({"bring_in": "15"}, "The bring-in is at most the small bet X (10)."),
    ({"game": "stud7", "max_seats": "9"}, "played by 2 to 8 players"),
])  # fmt: skip
def test_the_stud_form_refuses_what_seed_004_does_not_allow(
    client: Client, host: Any, changes: dict[str, str], message: str
) -> None:
    client.force_login(host)
    response = client.post("/tables/new/", {**FORM, **changes})
    assert message in text(response)
    assert not Table.objects.exists()


def test_the_lowest_up_card_brings_in_and_the_best_board_speaks_first(stud: Tablet) -> None:
    response = stud.start()
    assert "tap each player's up card (Pott names the bring-in)" in prompt(response)
    page = text(response)
    assert "Or, without cards, tap who brings in:" in page
    # Positions: seats 2, 3, 4, 1 (the dealer). Cia (seat 3) shows the lowest card.
    response = deal(stud, "Kh", "3c", "9d", "Qs")
    assert prompt(response) == "Seat 3 (Cia) to act"
    assert "Seat 3 (Cia) brings in: 3♣ is the lowest up card." in text(response)
    assert "Bring in 5" in text(response)
    stud.act("bring_in")
    for _ in range(3):
        stud.act("call")
    # Second street: Bo's K♥ 8d against Anna's Q♠ Q♦: the open pair speaks first.
    response = deal(stud, "8d", "4c", "5h", "Qd")
    assert prompt(response) == "Seat 1 (Anna) to act"
    assert "Seat 1 (Anna) speaks first: Q♠ Q♦ (a pair) is the best board." in text(response)
    assert "K♥ 8♦" in text(response)  # the up cards on the seats


def test_without_cards_the_dealer_taps_who_brings_in(stud: Tablet) -> None:
    stud.start()
    response = deal(stud, "", "", "", "", first_actor=2)  # position 2: seat 4
    assert prompt(response) == "Seat 4 (Dan) to act"
    assert "brings in:" not in text(response)


def test_a_card_already_dealt_or_not_a_card_changes_nothing(stud: Tablet) -> None:
    stud.start()
    before = (stud.seq, stud.version)
    response = deal(stud, "Kh", "Kh", "9d", "Qs")
    assert "Kh has already been dealt." in text(response)
    response = deal(stud, "Kh", "Zz", "9d", "Qs")
    assert "Zz is not a card" in text(response)
    response = deal(stud, "Kh", "Jk", "9d", "Qs")
    assert "without the joker" in text(response)
    response = deal(stud, "Kh", "2c", "9d", "Qs", first_actor=1)
    assert "not both" in text(response)
    response = deal(stud, "Kh", "2c", "9d")
    assert "one up card per player" in text(response)
    assert (stud.seq, stud.version) == before
    assert stud.hand.state().phase is Phase.DEAL


def test_seven_card_stud_deals_seventh_street_face_down(client: Client, host: Any) -> None:
    client.force_login(host)
    tablet = Tablet(client, stud_table(host, game="stud7", players=2, bring_in=5))
    tablet.start()
    deal(tablet, "5c", "Ah")  # third street: seat 2 brings in with the 5
    tablet.act("bring_in")
    tablet.act("call")
    for cards in (("Kd", "2s"), ("7h", "9s"), ("Jc", "Qh")):
        deal(tablet, *cards)
        tablet.act("check")
        tablet.act("check")
    response = tablet.client.get(tablet.url(""))
    assert "Deal seventh street face down" in prompt(response)
    assert 'data-testid="up-0"' not in response.content.decode()
    deal(tablet)
    state = tablet.hand.state()
    assert state.phase is Phase.BETTING and state.street == 4


def test_the_tv_shows_the_up_cards(stud: Tablet) -> None:
    stud.start()
    deal(stud, "Kh", "3c", "9d", "Qs")
    page = text(stud.client.get(f"/d/{stud.table.display_token}/"))
    assert "K♥" in page and "3♣" in page and "Five-card stud (Femstöt)" in page


def test_the_stud_house_options_reach_the_table_and_its_rules_page(
    client: Client, host: Any
) -> None:
    client.force_login(host)
    options = {"bring_in_high": "on", "bring_in_tie": "by_suit", "open_pair": "first_speaker"}
    response = client.post("/tables/new/", {**FORM, **options}, follow=True)
    table = Table.objects.get()
    assert table.house_options().bring_in_high
    page = text(client.get(f"/tables/{table.pk}/rules/"))
    assert "Who brings in the highest up card" in page
    assert "Equal up cards for the bring-in by suit: clubs, diamonds, hearts, spades" in page
    assert "the first to speak may open for the big bet with an open pair" in page
    assert response.status_code == 200


def test_with_the_old_rule_the_highest_up_card_brings_in(client: Client, host: Any) -> None:
    client.force_login(host)
    tablet = Tablet(client, stud_table(host, options={"bring_in_high": True}))
    tablet.start()
    response = deal(tablet, "Kh", "3c", "9d", "As")
    assert prompt(response) == "Seat 1 (Anna) to act"
    assert "Seat 1 (Anna) brings in: A♠ is the highest up card." in text(response)


def test_a_fixed_buy_in_seats_everyone_for_the_same_chips(client: Client, host: Any) -> None:
    """Seed 004: "Man kan komma överens om att alla köper in sig för samma belopp." """
    client.force_login(host)
    tablet = Tablet(client, stud_table(host, players=2, fixed_buy_in=500))
    page = text(client.get(tablet.url("")))
    assert "Everyone buys in for 500 chips at this table." in page
    seat = {"version": tablet.version, "seat": 3, "new_player": "Cia", "method": "cash"}
    response = tablet.post("seats/", {**seat, "chips": 400})
    assert "Everyone buys in for 500 chips at this table." in text(response)
    assert not tablet.table.seats.filter(number=3).exists()
    tablet.post("seats/", {**seat, "version": tablet.version, "chips": 500})
    assert tablet.stacks()[3] == 500


def test_a_no_limit_stud_table_opens_at_x_then_at_y(client: Client, host: Any) -> None:
    client.force_login(host)
    response = client.post("/tables/new/", {**FORM, "stud_betting": "no"}, follow=True)
    table = Table.objects.get()
    assert "Five-card stud (Femstöt) · NL 10–20, bring-in 5" in text(response)
    for number, name in ((1, "Anna"), (2, "Bo")):
        sit(table, number, name, 500)
    tablet = Tablet(client, table)
    tablet.start()
    deal(tablet, "2c", "Kd")  # Bo (position 0) brings in; heads-up Anna is the dealer
    tablet.act("bring_in")
    tablet.act("call")
    response = deal(tablet, "3c", "9d")
    assert "from 10 to" in text(response)  # round 2 opens at X, no limit above
    tablet.act("check")
    tablet.act("check")
    response = deal(tablet, "4c", "8d")
    assert "from 20 to" in text(response)  # round 3 opens at Y


def test_at_a_stud_showdown_the_last_bettor_shows_first(client: Client, host: Any) -> None:
    client.force_login(host)
    tablet = Tablet(client, stud_table(host, players=2))
    tablet.start()
    deal(tablet, "2c", "Kd")  # Bo brings in
    tablet.act("bring_in")
    tablet.act("call")
    for cards in (("3c", "9d"), ("4c", "8d")):
        deal(tablet, *cards)
        tablet.act("check")
        tablet.act("check")
    deal(tablet, "5c", "7d")  # Anna (K 9 8 7) speaks first
    tablet.act("check")
    tablet.act("raise", amount=20)  # Bo bets
    response = tablet.act("call")
    assert "Shows first: Seat 2 (Bo), Seat 1 (Anna)" in text(response)
    assert "Seat 1 (Anna) mucks" in text(response)


def test_razz_the_highest_up_card_brings_in_and_the_lowest_board_speaks(
    client: Client, host: Any
) -> None:
    client.force_login(host)
    tablet = Tablet(client, stud_table(host, game="razz", players=3))
    tablet.start()
    # Positions: seats 2, 3, 1. Ace is low: the king is the highest card and brings in.
    response = deal(tablet, "Kh", "3c", "Ad")
    assert "Seat 2 (Bo) brings in: K♥ is the highest up card." in text(response)
    tablet.act("bring_in")
    tablet.act("call")
    tablet.act("call")
    response = deal(tablet, "5h", "4c", "2d")
    assert "Seat 1 (Anna) speaks first: A♦ 2♦ is the lowest board." in text(response)


def test_high_low_the_dealer_names_the_high_and_the_low_half(client: Client, host: Any) -> None:
    client.force_login(host)
    tablet = Tablet(client, stud_table(host, game="stud7_hilo", players=3))
    tablet.start()
    deal(tablet, "2c", "Kd", "Qh")  # positions: seats 2, 3, 1; Bo's 2 brings in
    tablet.act("bring_in")
    tablet.act("call")
    tablet.act("call")
    deal(tablet, "3c", "9d", "Qd")  # Anna (Q Q) speaks first and folds
    tablet.act("fold")
    tablet.act("check")
    tablet.act("check")
    for cards in (("4c", "8d", ""), ("7c", "9h", "")):
        deal(tablet, *cards)
        tablet.act("check")
        tablet.act("check")
    response = tablet.client.get(tablet.url(""))
    assert "Deal seventh street face down" in prompt(response)  # razz and high-low too
    deal(tablet)  # seventh street, face down
    tablet.act("check")
    tablet.act("check")
    page = text(tablet.client.get(tablet.url("")))
    assert "Low half (eight or better):" in page
    fields = {"version": tablet.version, "hand": tablet.hand.number, "pot": 0}
    # Cia (position 1) has the high hand, Bo (position 0) the low: the pot of 15 in chips of 5
    # is 10 for the high half (the odd chip) and 5 for the low.
    tablet.post("award/", {**fields, "winners": [1], "low_winners": [0]})
    assert tablet.stacks() == {1: 495, 2: 500, 3: 505}


def test_a_split_stud_pot_gives_the_odd_chip_to_the_dealers_pick(client: Client, host: Any) -> None:
    """DESIGN.md: the odd chip in stud goes to the highest card by suit; the dealer picks when
    the cards are not entered."""
    client.force_login(host)
    tablet = Tablet(client, stud_table(host, players=3, bring_in=5))
    tablet.start()
    deal(tablet, "", "", "", first_actor=0)  # Bo brings in 5
    tablet.act("bring_in")
    tablet.act("call")
    tablet.act("call")  # a pot of 15 in chips of 5: split two ways, one chip is odd
    for _ in range(3):
        deal(tablet, "", "", "", first_actor=0)
        for _ in range(3):
            tablet.act("check")
    page = text(tablet.client.get(tablet.url("")))
    assert "who has the highest card by suit (the odd chip)?" in page
    fields = {"version": tablet.version, "hand": tablet.hand.number, "pot": 0}
    tablet.post("award/", {**fields, "winners": [0, 2], "odd_chip": 2})  # Bo and Anna; Anna
    assert tablet.stacks() == {1: 505, 2: 500, 3: 495}  # Anna 10 with the odd chip, Bo 5
