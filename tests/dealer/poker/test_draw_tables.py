"""The seeds' draw games at the table: Mörkpoker (seed 000) with its stub, jackpots that carry
over several deals, split openers and the false opener; seed 003's 32/33-card game with its
pass that stays in. Posted the way the dealer's page posts them."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client

from dealer.engine import Phase
from dealer.poker.ledger import session_busy
from dealer.poker.models import Hand, Table
from ledger.models import Session
from tests.dealer.conftest import Tablet, make_table, sit

TABLE = {
    "name": "Mörk",
    "game": "draw5",
    "small_blind": "5",
    "big_blind": "10",
    "ante": "0",
    "ante_mode": "none",
    "small_bet": "0",
    "big_bet": "0",
    "max_bet": "20",
    "max_bet_late": "40",
    "round_cap": "0",
    "open_min": "0",
    "draw_mode": "straddle",
    "max_seats": "6",
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
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())))


def prompt(response: Any) -> str:
    match = re.search(r'data-testid="prompt">([^<]*)<', response.content.decode())
    assert match, "no prompt"
    return match.group(1).strip()


def draw_table(host: Any, players: int = 4, **fields: Any) -> Table:
    values = {"game": "draw5", "small_blind": 5, "big_blind": 10, "max_bet": 20, **fields}
    table = make_table(host, **values)
    names = ("Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gus")
    for number, name in enumerate(names[:players], start=1):
        sit(table, number, name, 500)
    return table


@pytest.fixture
def logged_in(client: Client, host: Any) -> Client:
    client.force_login(host)
    return client


@pytest.fixture
def mörk(client: Client, host: Any) -> Tablet:
    client.force_login(host)
    return Tablet(client, draw_table(host))


# --- the New table form -----------------------------------------------------------------------


def test_a_host_creates_a_mörkpoker_table(logged_in: Client) -> None:
    response = logged_in.post("/tables/new/", TABLE, follow=True)
    table = Table.objects.get()
    assert (table.game, table.small_blind, table.big_blind, table.max_bet) == ("draw5", 5, 10, 20)
    assert "Five-card draw (Mörkpoker) · 5/10–20/40" in text(response)


@pytest.mark.parametrize(("changes", "field", "message"), [
    ({"max_seats": "8"}, "max_seats", "played by 2 to 7 players: at most 7 seats"),
    ({"draw_mode": "open_or_fold", "max_seats": "6"}, "max_seats", "2 to 5 players"),
    ({"max_bet": "4"}, "max_bet", "The max must be at least the minimum (5)."),
    ({"max_bet_late": "10"}, "max_bet_late", "cannot be below the max"),
    ({"draw_mode": "jackpots", "open_min": "0"}, "open_min", "smallest opening is from"),
    ({"game": "draw5_short", "max_seats": "5"}, "max_seats", "3 to 4 players"),
])  # fmt: skip
def test_the_new_table_form_refuses_what_the_seeds_do_not_allow(
    logged_in: Client, changes: dict[str, str], field: str, message: str
) -> None:
    response = logged_in.post("/tables/new/", {**TABLE, **changes})
    assert response.status_code == 200
    assert message in text(response)
    assert not Table.objects.exists()


# --- Mörkpoker: ante, straddle, the draw, the stub ----------------------------------------------


def test_mörkpoker_posts_ante_and_straddle_and_opens_at_twice_the_straddle(mörk: Tablet) -> None:
    page = text(mörk.client.get(mörk.url("")))
    assert "Next deal: dealer 1 (Anna), ante 2 (Bo), straddle 3 (Cia)" in page
    response = mörk.start()
    assert prompt(response) == "Seat 4 (Dan) to act"
    page = text(response)
    # Seed 000: the opening is exactly twice the straddle, and a call is no option.
    assert "from 20 to 20" in page and "Call" not in page
    response = mörk.act("raise", amount=10)
    assert "the amount must be exactly 20" in text(response)


def test_the_draw_step_counts_the_stub_and_says_when_to_reshuffle(
    client: Client, host: Any
) -> None:
    client.force_login(host)
    tablet = Tablet(client, draw_table(host, players=7, max_seats=7))
    tablet.start()
    tablet.act("raise", amount=20)  # seat 4 opens
    for _ in range(6):
        tablet.act("call")
    response = tablet.client.get(tablet.url(""))
    assert tablet.hand.state().phase is Phase.DRAW
    assert "Stub: 17 cards" in text(response)
    assert prompt(response) == "Seat 2 (Bo): how many cards?"
    for _ in range(3):
        tablet.act("draw", cards=5)
    response = tablet.client.get(tablet.url(""))
    page = text(response)
    assert "Stub: 2 cards" in page
    assert (
        "if this player takes more than 1, give 1, then shuffle the last card with all the"
        " discards (15 and this player's) into a new stub" in page
    )
    response = tablet.act("draw", cards=3)
    page = text(response)
    assert "the stub was renewed: 19 cards" in page
    assert "Stub: 17 cards" in page
    assert "took 3 cards" in page


def test_drawing_out_of_turn_or_too_many_changes_nothing(mörk: Tablet) -> None:
    mörk.start()
    mörk.act("raise", amount=20)
    for _ in range(3):
        mörk.act("call")
    before = (mörk.seq, mörk.version)
    response = mörk.act("draw", cards=6)
    assert "Select a valid choice" in text(response) or "0 to 5" in text(response)
    response = mörk.act("draw")
    assert "Tap how many cards" in text(response)
    assert (mörk.seq, mörk.version) == before


def test_all_fold_to_the_straddle_the_straddle_wins(mörk: Tablet) -> None:
    mörk.start()
    for _ in range(3):
        mörk.act("fold")
    assert mörk.hand.status == Hand.Status.COMPLETE
    assert mörk.stacks() == {1: 500, 2: 495, 3: 505, 4: 500}


def test_no_eighth_player_at_a_mörkpoker_table(client: Client, host: Any) -> None:
    client.force_login(host)
    table = draw_table(host, players=7, max_seats=7)
    response = client.get(f"/tables/{table.pk}/")
    assert "Seat a player" not in text(response)
    Table.objects.filter(pk=table.pk).update(max_seats=8)  # an old table with eight seats
    sit(table, 8, "Hugo", 500)
    tablet = Tablet(client, table)
    response = tablet.start()
    assert "is played by 2 to 7 players, not 8" in text(response)
    assert not table.hands.exists()


# --- jackpots -------------------------------------------------------------------------------


@pytest.fixture
def jackpots(client: Client, host: Any) -> Tablet:
    client.force_login(host)
    return Tablet(client, draw_table(host, draw_mode="jackpots", open_min=10))


def test_a_jackpot_nobody_opens_carries_over_two_deals_and_is_accounted_for(
    jackpots: Tablet,
) -> None:
    tablet = jackpots
    response = tablet.start()
    assert "pass, or open with jacks or better (at least 10)" in prompt(response)
    for _ in range(4):
        tablet.act("check")
    hand = tablet.hand
    assert (hand.status, hand.carried_out) == (Hand.Status.COMPLETE, 20)
    page = text(tablet.client.get(tablet.url("")))
    assert "A pot of 20 chips stays on the table for the next deal." in page
    assert "Jackpot: everyone antes 5" in page
    # The session cannot be counted while chips lie in a carried pot.
    session = tablet.table.session
    assert "has a pot of 20 chips carried to the next deal" in session_busy(session)
    page = text(tablet.client.get(f"/ledger/sessions/{session.pk}/"))
    assert "At Kitchen: a pot of 20 chips is carried to the next deal" in page
    response = tablet.client.post(
        f"/ledger/sessions/{session.pk}/counting/", {"version": session.version}
    )
    assert "carried to the next deal: deal on until someone wins it" in text(response)
    session.refresh_from_db()
    assert session.state == Session.State.OPEN  # the night cannot be counted yet
    # Second deal: everyone antes again; nobody opens again.
    tablet.start()
    state = tablet.hand.state()
    assert (state.config.carried, state.pot_total) == (20, 40)
    for _ in range(4):
        tablet.act("check")
    assert tablet.hand.carried_out == 40
    page = text(tablet.client.get(tablet.url(f"hands/{tablet.hand.number}/")))
    assert "Carried in from earlier deals: 20 chips" in page
    assert "Left on the table for the next deal: 40 chips." in page
    assert "nobody opened: the pot (40) stays for the next deal" in page
    assert tablet.stacks() == {1: 490, 2: 490, 3: 490, 4: 490}
    # Third deal (dealer seat 3): seat 2 opens (the claim is the Open button); the others fold.
    tablet.start()
    tablet.act("check")
    tablet.act("check")
    response = tablet.act("raise", amount=10)
    assert "may open only with jacks or better" in text(response)
    tablet.act("open", amount=10)
    tablet.act("fold")
    tablet.act("fold")
    tablet.act("fold")
    response = tablet.client.get(tablet.url(""))
    assert "opened: do they show jacks or better?" in prompt(response)
    tablet.act("openers_shown")
    assert tablet.stacks() == {1: 485, 2: 545, 3: 485, 4: 485}  # seat 2 opened
    assert sum(tablet.stacks().values()) == 2000  # every chip is back in front of a player
    assert session_busy(session) == ""


def test_a_false_opener_who_everyone_folded_to_replays_the_same_pot_without_them(
    jackpots: Tablet,
) -> None:
    tablet = jackpots
    tablet.start()
    tablet.act("open", amount=10)  # seat 2 (first left of the dealer) opens
    for _ in range(3):
        tablet.act("fold")
    tablet.act("false_opener")
    hand = tablet.hand
    assert (hand.replay_without, hand.carried_out) == (2, 20)
    page = text(tablet.client.get(tablet.url("")))
    assert "without seat 2 (the false opener), and no new antes" in page
    tablet.start()
    replay = tablet.hand
    assert replay.config["seats"] == [3, 4, 1]
    assert replay.plan["button"] == hand.plan["button"]  # the same dealer
    state = replay.state()
    assert (state.config.antes, state.pot_total) == ((0, 0, 0), 20)


def test_split_openers_and_a_false_opener_at_the_showdown(jackpots: Tablet) -> None:
    tablet = jackpots
    tablet.start()
    tablet.act("open", amount=10)  # seat 2
    tablet.act("call")  # seat 3
    tablet.act("fold")
    tablet.act("fold")
    response = tablet.client.get(tablet.url(""))
    assert "Puts an opener aside" in text(response)
    tablet.act("draw", cards=1, split_openers="on")
    tablet.act("draw", cards=2)
    tablet.act("check")
    tablet.act("check")
    response = tablet.act("false_opener")
    assert tablet.hand.status == Hand.Status.COMPLETE
    # The opener cannot win: seat 3 takes the pot (4 antes + 10 + 10).
    assert tablet.stacks() == {1: 495, 2: 485, 3: 525, 4: 495}


# --- seed 003: the 32/33-card game -----------------------------------------------------------


@pytest.fixture
def short(client: Client, host: Any) -> Tablet:
    client.force_login(host)
    table = draw_table(host, game="draw5_short", small_blind=10, big_blind=10, max_bet=30)
    return Tablet(client, table)


def test_a_32_card_hand_where_a_passed_player_comes_back_in(short: Tablet) -> None:
    tablet = short
    response = tablet.start()
    page = text(response)
    assert "betting starts right of the dealer and goes to the right" in page
    # The dealer is seat 1; right of the dealer is seat 4.
    assert prompt(response).startswith("Seat 4 (Dan) to act")
    assert "Pass" in page
    tablet.act("check")  # seat 4 passes
    tablet.act("raise", amount=10)  # seat 3 bets the agreed 10
    tablet.act("check")  # seat 2 passes
    tablet.act("call")  # seat 1 (the dealer) calls
    tablet.act("check")  # seat 4 passes again
    response = tablet.client.get(tablet.url(""))
    # The exchange: the highest bettor first; seat 2 passed and may come back in.
    assert prompt(response) == "Seat 3 (Cia): how many cards?"
    tablet.act("draw", cards=2)
    response = tablet.client.get(tablet.url(""))
    assert "Seat 2 (Bo) passed: pay 10 to come back in and exchange" in prompt(response)
    tablet.act("draw", cards=1)  # comes back in
    tablet.act("fold")  # seat 4 stays out
    tablet.act("draw", cards=0)  # the dealer last
    state = tablet.hand.state()
    assert state.contributions == (10, 10, 0, 10)  # seats 2, 3, 4 and the dealer, seat 1
    assert state.phase is Phase.BETTING
    assert state.config.seat(state.to_act or 0) == 3  # the highest bidder speaks first


def test_a_fifth_player_cannot_be_dealt_into_the_32_card_game(short: Tablet) -> None:
    Table.objects.filter(pk=short.table.pk).update(max_seats=6)
    sit(short.table, 5, "Eva", 500)
    response = short.start()
    assert "is played by 3 to 4 players, not 5" in text(response)


def test_a_misdeal_at_a_jackpot_table_leaves_the_carried_pot(jackpots: Tablet) -> None:
    tablet = jackpots
    tablet.start()
    for _ in range(4):
        tablet.act("check")
    tablet.start()
    tablet.act("misdeal")
    assert tablet.table.carried_pot() == 20
    assert tablet.stacks() == {1: 495, 2: 495, 3: 495, 4: 495}
    assert session_busy(Session.objects.get())


# --- the TV, the phones, the rules page ------------------------------------------------------


def test_the_tv_and_phones_show_the_draw_the_stub_and_a_carried_pot(jackpots: Tablet) -> None:
    tablet = jackpots
    token = tablet.table.display_token
    tablet.start()
    for _ in range(4):
        tablet.act("check")
    for path in (f"/d/{token}/", f"/p/{token}/"):
        page = text(tablet.client.get(path))
        assert "Carried pot 20" in page
        assert "Jackpot: everyone antes 5" in page
    tablet.start()
    tablet.act("open", amount=10)
    tablet.act("call")
    tablet.act("fold")
    tablet.act("fold")
    tablet.act("draw", cards=3)
    page = text(tablet.client.get(f"/d/{token}/"))
    assert "Carried from earlier deals: 20 (in the main pot)" in page
    assert "Stub: 29 cards" in page
    assert "took 3 cards" in page


def test_the_rules_page_names_the_draw_rules(mörk: Tablet) -> None:
    page = text(mörk.client.get(mörk.url("rules/")))
    assert "Minimum, straddle, opening 5, 10, 20" in page
    assert "with one card left, it and all the discards are shuffled into a new stub" in page


def test_the_host_can_share_a_carried_pot_out_instead_of_playing_for_it(
    jackpots: Tablet,
) -> None:
    tablet = jackpots
    tablet.start()
    for _ in range(4):
        tablet.act("check")
    Table.objects.filter(pk=tablet.table.pk).update(small_blind=5)
    sit(tablet.table, 5, "Eva", 500)  # a late arrival shares too: the house decides
    response = tablet.post("carried/share/", {"version": tablet.version})
    hand = tablet.hand
    assert (hand.number, hand.status, hand.carried_out) == (2, Hand.Status.COMPLETE, 0)
    # 20 chips between five players in chips of 5: four chips, one each from the first left of
    # the (moved) button, seat 2; nobody posts anything.
    assert tablet.stacks() == {1: 500, 2: 495, 3: 500, 4: 500, 5: 505}
    assert "A pot of" not in text(response)
    assert session_busy(tablet.table.session) == ""
    page = text(tablet.client.get(tablet.url("hands/2/")))
    assert "The carried pot (20) is shared out" in page
    # Undo reopens it (the deal is live again and holds the pot); nothing is lost.
    tablet.undo()
    assert tablet.hand.status == Hand.Status.LIVE
    assert sum(tablet.stacks().values()) + tablet.hand.state().pot_total == 2500


def test_sharing_without_a_carried_pot_changes_nothing(mörk: Tablet) -> None:
    before = mörk.version
    response = mörk.post("carried/share/", {"version": before})
    assert "There is no carried pot to share out." in text(response)
    assert not mörk.table.hands.exists() and mörk.version == before


def test_the_phh_export_of_jackpot_deals_reads_back_with_the_carried_pot(
    jackpots: Tablet,
) -> None:
    from dealer.engine.phh import parse_phh

    tablet = jackpots
    tablet.start()
    for _ in range(4):
        tablet.act("check")
    tablet.start()
    tablet.act("open", amount=10)
    tablet.act("call")
    tablet.act("fold")
    tablet.act("fold")
    tablet.act("draw", cards=1, split_openers="on")
    tablet.act("draw", cards=3)
    tablet.act("check")
    tablet.act("check")
    tablet.act("openers_shown")
    tablet.award(3)  # the opener (seat 3, left of the dealer) against seat 4
    assert tablet.hand.status == Hand.Status.COMPLETE
    response = tablet.client.get(tablet.url("session.phhs"))
    hands = parse_phh(response.content.decode())
    assert [hand.state.carried_out for hand in hands] == [20, 0]
    assert hands[1].config.carried == 20
    assert hands[1].state.final_stacks() == tuple(tablet.hand.state().final_stacks())
    assert "_pott_split_openers = true" in response.content.decode()


def test_heads_up_mörkpoker_the_other_player_antes_and_the_dealer_straddles(
    client: Client, host: Any
) -> None:
    client.force_login(host)
    tablet = Tablet(client, draw_table(host, players=2))
    page = text(tablet.client.get(tablet.url("")))
    assert "Next deal: dealer 1 (Anna), ante 2 (Bo), straddle 1 (Anna)" in page
    response = tablet.start()
    # "Förhand" (Bo, left of the dealer) antes 5 and acts first; the dealer straddles 10.
    assert tablet.stacks() == {1: 500, 2: 500}
    state = tablet.hand.state()
    assert state.bets == (5, 10)
    assert prompt(response) == "Seat 2 (Bo) to act"
