"""Cards at the showdown, as the dealer's page posts them: the board and each player's cards on
the card picker, Pott naming every hand and preselecting the winners; the dealer confirms with
one tap or overrides. Bad cards are refused with a message and change nothing."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client

from dealer.engine import Phase, legal_actions, show_order
from tests.dealer.conftest import Tablet, make_table, sit


def text(body: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)))


def holdem(client: Client, host: Any, players: int = 2, **fields: Any) -> Tablet:
    client.force_login(host)
    table = make_table(host, small_blind=5, big_blind=10, **fields)
    for number, name in enumerate(("Anna", "Bo", "Cia")[:players], start=1):
        sit(table, number, name, 500)
    tablet = Tablet(client, table)
    assert tablet.start().status_code == 200
    return tablet


def board(tablet: Tablet, cards: str, **data: Any) -> Any:
    fields = {"version": tablet.version, "hand": tablet.hand.number, "kind": "board"}
    return tablet.post("show/", {**fields, "card": cards.split(), **data})


def show(tablet: Tablet, seat: int, cards: str, **data: Any) -> Any:
    hand = tablet.hand
    fields = {"version": tablet.version, "hand": hand.number, "kind": "show"}
    fields["player"] = hand.config["seats"].index(seat)
    return tablet.post("show/", {**fields, "card": cards.split(), **data})


def checked_winners(body: str) -> list[str]:
    """The winners the award form has preselected (position values)."""
    return re.findall(r'name="winners" value="(\d+)" checked', body)


def position(tablet: Tablet, seat: int) -> str:
    return str(tablet.hand.config["seats"].index(seat))


# Seed 002 ("Exempel 1-3"); the first two on the board A 3 2 T 7.
SEED_BOARD = "Ah 3c 2d Td 7s"


@pytest.mark.parametrize(
    ("cards", "anna", "bo", "winner", "named"),
    [
        # Exempel 1: "Spelare 2 vinner med stege över spelare 1 som har triss."
        (SEED_BOARD, "As Ad", "4c 5h", 2, "Straight, five high"),
        # Exempel 2: "Spelare 1 vinner med par i ess över spelare 2 med par i treor."
        (SEED_BOARD, "Ac 9h", "3d 5s", 1, "Pair of aces"),
        # Exempel 3, board Q 6 9 7 7: "Spelare 2 vinner med tvåpar (kungar och sjuor) över
        # spelare 1 med lägre tvåpar (damer och nior)."
        ("Qh 6c 9d 7s 7h", "Qc 9h", "Kc Kd", 2, "Two pair, kings and sevens"),
    ],
)
def test_seed_002s_examples_name_the_winner_and_preselect_them(
    client: Client, host: Any, cards: str, anna: str, bo: str, winner: int, named: str
) -> None:
    tablet = holdem(client, host)
    tablet.to_showdown()
    assert board(tablet, cards).status_code == 200
    show(tablet, 1, anna)
    page = show(tablet, 2, bo).text
    assert named in text(page)
    assert checked_winners(page) == [position(tablet, winner)]
    # One tap confirms: the award posts the preselected winner.
    assert tablet.award(winner).status_code == 200
    assert tablet.hand.status == "complete"
    assert tablet.stacks() == {winner: 510, 3 - winner: 490}  # the blinds, 10 each
    history = text(tablet.client.get(tablet.url(f"hands/{tablet.hand.number}/")).text)
    assert named in history


def test_the_dealer_overrides_the_cards(client: Client, host: Any) -> None:
    tablet = holdem(client, host)
    tablet.to_showdown()
    board(tablet, SEED_BOARD)
    show(tablet, 1, "As Ad")
    show(tablet, 2, "4c 5h")
    tablet.award(1)  # the dealer knows better (a misread card): Anna
    assert tablet.stacks() == {1: 510, 2: 490}


def test_a_split_pot_decided_by_the_cards(client: Client, host: Any) -> None:
    """The board plays: both players split; the odd chip goes left of the button."""
    tablet = holdem(client, host, players=3)
    tablet.to_showdown()
    board(tablet, "As Ks Qd Jc Th")
    show(tablet, 1, "2c 3d")
    show(tablet, 2, "4c 5d")
    page = show(tablet, 3, "6c 7d").text
    assert len(checked_winners(page)) == 3
    assert "Straight, ace high" in text(page)


def test_swedish_names_the_hand_in_swedish(client: Client, host: Any) -> None:
    tablet = holdem(client, host)
    tablet.to_showdown()
    board(tablet, "Qh 6c 9d 7s 7h")
    show(tablet, 1, "Qc 9h")
    show(tablet, 2, "Kc Kd")
    page = client.get(tablet.url(""), headers={"Accept-Language": "sv"}).text
    assert "Tvåpar, kungar och sjuor" in text(page)


def test_the_tv_and_phones_show_the_named_hands_and_the_result(client: Client, host: Any) -> None:
    tablet = holdem(client, host)
    tablet.to_showdown()
    board(tablet, SEED_BOARD)
    show(tablet, 1, "As Ad")
    show(tablet, 2, "4c 5h")
    token = tablet.table.display_token
    for view in ("d", "p"):
        tv = text(Client().get(f"/{view}/{token}/").text)
        assert "Three of a kind, aces" in tv and "Straight, five high" in tv
    tablet.award(2)
    for view in ("d", "p"):
        tv = text(Client().get(f"/{view}/{token}/").text)
        assert "Bo" in tv and "Straight, five high" in tv  # the result, until the next hand


def test_entering_no_cards_keeps_the_tapping(client: Client, host: Any) -> None:
    tablet = holdem(client, host)
    tablet.to_showdown()
    page = tablet.page()
    assert checked_winners(page) == []
    assert 'data-testid="showdown-cards"' in page  # offered, not required
    tablet.award(1)
    assert tablet.hand.status == "complete"


@pytest.mark.parametrize(
    ("kind", "cards", "message"),
    [
        ("show", "As As", "twice"),
        ("show", "Ah Kd", "already"),  # Ah is on the board
        ("show", "As", "2"),  # too few for hold'em
        ("show", "As Kd Qc", "2"),  # too many
        ("show", "Jk Kd", "joker"),  # no joker in hold'em
        ("show", "Zz Kd", "is not a card"),
        ("board", "Ah 3c 2d", "5"),  # the river is dealt: five cards
    ],
)
def test_bad_cards_are_refused_and_change_nothing(
    client: Client, host: Any, kind: str, cards: str, message: str
) -> None:
    tablet = holdem(client, host)
    tablet.to_showdown()
    if kind == "show":
        board(tablet, SEED_BOARD)
    version, seq = tablet.version, tablet.seq
    post = show(tablet, 1, cards) if kind == "show" else board(tablet, cards)
    assert post.status_code == 200
    assert 'role="alert"' in post.text
    assert message in text(post.text)
    assert (tablet.version, tablet.seq) == (version, seq)


def test_a_six_is_not_in_the_32_card_game(client: Client, host: Any) -> None:
    client.force_login(host)
    table = make_table(
        host, game="draw5_short", small_blind=10, big_blind=10, max_bet=30, max_seats=4
    )
    for number, name in enumerate(("Anna", "Bo", "Cia"), start=1):
        sit(table, number, name, 500)
    tablet = Tablet(client, table)
    tablet.start()
    while (state := tablet.hand.state()).phase is not Phase.SHOWDOWN:
        legal = legal_actions(state)
        if state.phase is Phase.DRAW:
            tablet.act("draw", cards=0)
        elif legal.call:
            tablet.act("call")
        elif not state.bet_level and legal.raise_min:
            tablet.act("raise", amount=legal.raise_min)  # a bet, everyone calls
        else:
            tablet.act("check")
    seat = tablet.hand.config["seats"][show_order(tablet.hand.state())[0]]
    version, seq = tablet.version, tablet.seq
    post = show(tablet, seat, "6s 7s 8s 9s Ts")
    assert 'role="alert"' in post.text and "6s" in text(post.text)
    assert (tablet.version, tablet.seq) == (version, seq)
    ok = show(tablet, seat, "7s 8s 9s Ts Js")
    assert "Straight flush, jack high" in text(ok.text)


# --- Run it twice (a house option) ---------------------------------------------------------------


def test_run_it_twice_splits_the_pot_between_two_boards(client: Client, host: Any) -> None:
    client.force_login(host)
    table = make_table(host, small_blind=5, big_blind=10, options={"run_it_twice": True})
    for number, name in enumerate(("Anna", "Bo", "Cia"), start=1):
        sit(table, number, name, 100)
    tablet = Tablet(client, table)
    tablet.start()
    tablet.act("all_in")  # Anna, the button: 100
    tablet.act("fold")  # Bo, the small blind: 5 stays in the pot
    page = tablet.act("call").text  # Cia: both all in, a pot of 205
    assert 'data-testid="run-twice"' in page
    page = tablet.act("run_twice").text
    assert "Burn and deal the flop (first board)" in text(page)
    for _ in range(3):
        tablet.act("deal")
    assert "Burn and deal the flop (second board)" in text(tablet.page())
    for _ in range(3):
        tablet.act("deal")
    assert tablet.hand.state().phase is Phase.SHOWDOWN
    page = text(tablet.page())
    # Each pot in halves; the odd chip (205 in chips of 5) to the first board's half.
    assert "Main pot, first board: 105" in page and "Main pot, second board: 100" in page
    board(tablet, "As Kd 7h 2c 3s")
    page = board(tablet, "Qh Qd 9c 8s 4d", run=1).text
    assert "Second board" in text(page)
    show(tablet, 1, "Ah Ac")  # Anna: three aces on the first board, a pair on the second
    page = show(tablet, 3, "Qc Qs").text  # Cia: four queens on the second board
    assert checked_winners(page) == [position(tablet, 1)]
    assert "Three of a kind, aces" in text(page)
    tablet.award(1)  # the first board's half: Anna
    page = tablet.page()
    assert checked_winners(page) == [position(tablet, 3)]
    assert "Four of a kind, queens" in text(page)
    tablet.award(3)  # the second board's half: Cia
    assert tablet.hand.status == "complete"
    assert tablet.stacks() == {1: 105, 2: 95, 3: 100}
    history = text(tablet.client.get(tablet.url(f"hands/{tablet.hand.number}/")).text)
    assert "Second board: Q♥ Q♦ 9♣ 8♠ 4♦" in history
    assert "Main pot, first board (105)" in history


def test_run_it_twice_is_offered_only_by_house_option(client: Client, host: Any) -> None:
    tablet = holdem(client, host)
    tablet.act("all_in")
    page = tablet.act("call").text
    assert 'data-testid="run-twice"' not in page
    version, seq = tablet.version, tablet.seq
    refused = tablet.act("run_twice")
    assert "does not run it twice" in text(refused.text)
    assert (tablet.version, tablet.seq) == (version, seq)


# --- Stud, draw with the joker, the PHH export ------------------------------------------------


def play_to_showdown(tablet: Tablet, streets: list[list[str]] | None = None) -> None:
    """Everyone calls or checks (stud: the bring-in brings in; draw games stand pat); stud
    streets are dealt with these up cards in position order."""
    streets = list(streets or [])
    while (state := tablet.hand.state()).phase is not Phase.SHOWDOWN:
        legal = legal_actions(state)
        if state.phase is Phase.DEAL:
            fields = {"version": tablet.version, "hand": tablet.hand.number}
            tablet.post("deal/", {**fields, "up": streets.pop(0)})
        elif state.phase is Phase.DRAW:
            tablet.act("draw", cards=0)
        elif legal.bring_in:
            tablet.act("bring_in")
        elif legal.call or legal.check:
            tablet.act("call" if legal.call else "check")
        else:  # Mörkpoker: the opening over the straddle (no call is offered)
            tablet.act("raise", amount=legal.raise_min)
        assert tablet.hand.state() != state, "the action was refused"


def test_stud_best_five_of_the_dealt_cards_and_the_odd_chip_by_the_cards(
    client: Client, host: Any
) -> None:
    """Five-card stud, a pot of 15 in chips of 5 split between two king-high straights: the
    cards decide who has the highest card by suit (K♠ over K♥), so nobody is asked."""
    client.force_login(host)
    table = make_table(
        host, game="stud5", small_bet=10, big_bet=20, bring_in=5, small_blind=10, big_blind=20
    )
    for number, name in enumerate(("Anna", "Bo", "Cia"), start=1):
        sit(table, number, name, 500)
    tablet = Tablet(client, table)
    tablet.start()
    # Positions: Bo, Cia, Anna (the button is seat 1). Cia's 3♣ brings in.
    play_to_showdown(
        tablet,
        [["Kh", "3c", "Ks"], ["Qh", "4h", "Qs"], ["Jh", "7d", "Js"], ["Th", "8s", "Ts"]],
    )
    show(tablet, 2, "9c")  # the down card; the up cards are known
    show(tablet, 3, "2d")
    page = show(tablet, 1, "9d").text
    assert "Straight, king high" in text(page)
    assert sorted(checked_winners(page)) == sorted([position(tablet, 1), position(tablet, 2)])
    assert "highest card by suit" not in text(page)  # the cards say it
    tablet.award(1, 2)
    assert tablet.stacks() == {1: 505, 2: 500, 3: 495}  # Anna's K♠ takes the odd chip


def test_stud_refuses_a_down_card_already_up(client: Client, host: Any) -> None:
    client.force_login(host)
    table = make_table(
        host, game="stud5", small_bet=10, big_bet=20, bring_in=5, small_blind=10, big_blind=20
    )
    for number, name in enumerate(("Anna", "Bo"), start=1):
        sit(table, number, name, 500)
    tablet = Tablet(client, table)
    tablet.start()
    play_to_showdown(tablet, [["Kh", "3c"], ["Qh", "4h"], ["Jh", "7d"], ["Th", "8s"]])
    version, seq = tablet.version, tablet.seq
    post = show(tablet, 1, "Kh")
    assert 'role="alert"' in post.text
    assert (tablet.version, tablet.seq) == (version, seq)


def test_the_joker_at_mörkpoker(client: Client, host: Any) -> None:
    """Seed 000: the joker is wild and makes five of a kind; a second joker is refused."""
    client.force_login(host)
    table = make_table(host, game="draw5", small_blind=5, big_blind=10, max_bet=20, joker=True)
    for number, name in enumerate(("Anna", "Bo"), start=1):
        sit(table, number, name, 500)
    tablet = Tablet(client, table)
    tablet.start()
    play_to_showdown(tablet)
    page = tablet.page()
    assert 'data-testid="card-Jk"' in page  # the joker is on the card picker
    first = tablet.hand.config["seats"][show_order(tablet.hand.state())[0]]
    other = 3 - first
    page = show(tablet, first, "Jk As Ah Ad Ac").text
    assert "Five of a kind, aces (with the joker)" in text(page)
    version, seq = tablet.version, tablet.seq
    post = show(tablet, other, "Jk Ks Kh Kd Kc")
    assert 'role="alert"' in post.text  # one joker in the deck
    assert (tablet.version, tablet.seq) == (version, seq)
    page = show(tablet, other, "Ks Kh Kd Kc 2c").text
    assert checked_winners(page) == [position(tablet, first)]


def test_the_phh_export_has_the_board_and_the_shown_cards(client: Client, host: Any) -> None:
    tablet = holdem(client, host)
    tablet.to_showdown()
    board(tablet, SEED_BOARD)
    show(tablet, 1, "As Ad")
    show(tablet, 2, "4c 5h")
    tablet.award(2)
    phh = client.get(f"/tables/{tablet.table.pk}/session.phhs").text
    assert "d db Ah3c2d" in phh
    assert "sm AsAd" in phh and "sm 4c5h" in phh


def test_high_low_names_both_halves(client: Client, host: Any) -> None:
    """Seven-card stud high-low: Bo's kings full take the high half, Anna's wheel the low."""
    client.force_login(host)
    table = make_table(
        host, game="stud7_hilo", small_bet=10, big_bet=20, bring_in=5, small_blind=10, big_blind=20
    )
    for number, name in enumerate(("Anna", "Bo"), start=1):
        sit(table, number, name, 500)
    tablet = Tablet(client, table)
    tablet.start()
    # Positions: Bo, Anna (the button is seat 1); seventh street is dealt face down.
    play_to_showdown(tablet, [["Kh", "3d"], ["Ks", "4d"], ["Qh", "5s"], ["Qs", "8h"], []])
    show(tablet, 2, "Kc 9c 9d")
    page = show(tablet, 1, "Ac 2c Kd").text
    assert checked_winners(page) == [position(tablet, 2)]
    assert re.findall(r'name="low_winners" value="(\d+)" checked', page) == [position(tablet, 1)]
    assert "Full house, kings over queens" in text(page)
    assert "Low half: Seat 1 (Anna) — Low 5-4-3-2-A." in text(page)
