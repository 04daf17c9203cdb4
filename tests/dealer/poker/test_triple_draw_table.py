"""2-7 triple draw at the table, from the catalogue entry alone: the New table form, blinds and
fixed limit (the big bet from the third betting round on), three draws that count the stub, a
showdown that names deuce-to-seven lows (the ace is high; a straight or flush spoils a low) and
the PHH export. The engine's rules are tested in tests/dealer/engine/test_triple_draw.py."""

from __future__ import annotations

from typing import Any

from django.test import Client

from dealer.engine import Phase, legal_actions
from dealer.poker.models import Table
from tests.dealer.conftest import Tablet, make_table, sit
from tests.dealer.poker.test_draw_tables import prompt, text
from tests.dealer.poker.test_showdown_cards import checked_winners, position, show

NEW_TABLE = {
    "name": "Deuces",
    "game": "triple_draw_27",
    "small_blind": "5",
    "big_blind": "10",
    "small_bet": "10",
    "big_bet": "20",
    "ante": "0",
    "ante_mode": "none",
    "limit_raises": "3",
    "heads_up_cap": "uncapped_when_heads_up",
    "blind_before_ante": "on",
    "max_seats": "6",
    "currency": "SEK",
    "chip_value": "1",
    "chip_values": "5, 25, 100",
    "dead_button": "on",
    # The browser posts the hidden straddle options too (the game does not use them).
    "straddle_raise": "straddle",
    "button_straddle_order": "small_blind",
}


def triple_draw(client: Client, host: Any, players: int = 3) -> Tablet:
    client.force_login(host)
    table = make_table(
        host, game="triple_draw_27", small_blind=5, big_blind=10, small_bet=10, big_bet=20
    )
    for number, name in enumerate(("Anna", "Bo", "Cia", "Dan")[:players], start=1):
        sit(table, number, name, 500)
    return Tablet(client, table)


def play_to_showdown(tablet: Tablet, cards: int = 2) -> list[tuple[str, int]]:
    """Everyone calls or checks and draws `cards`; the phases and streets passed on the way."""
    passed = []
    while (state := tablet.hand.state()).phase is not Phase.SHOWDOWN:
        passed.append((state.phase.value, state.street))
        if state.phase is Phase.DRAW:
            response = tablet.act("draw", cards=cards)
        else:
            response = tablet.act("check" if legal_actions(state).check else "call")
        assert response.status_code == 200
    return passed


def test_a_host_creates_a_triple_draw_table_from_the_new_table_form(
    client: Client, host: Any
) -> None:
    client.force_login(host)
    page = text(client.get("/tables/new/"))
    assert "2-7 triple draw (lowball)" in page
    response = client.post("/tables/new/", NEW_TABLE, follow=True)
    table = Table.objects.get()
    assert table.game == "triple_draw_27" and table.spec.draw and table.spec.lowball
    assert "2-7 triple draw (lowball)" in text(response)


def test_the_form_refuses_a_seventh_seat(client: Client, host: Any) -> None:
    client.force_login(host)
    response = client.post("/tables/new/", {**NEW_TABLE, "max_seats": "7"})
    assert response.status_code == 200
    assert "played by 2 to 6 players: at most 6 seats" in text(response)
    assert not Table.objects.exists()


def test_three_draws_four_betting_rounds_and_the_big_bet_late(client: Client, host: Any) -> None:
    tablet = triple_draw(client, host)
    response = tablet.start()
    assert prompt(response) == "Seat 1 (Anna) to act"  # three-handed, the button is first
    assert legal_actions(tablet.hand.state()).raise_min == 20  # a raise of the small bet
    passed = play_to_showdown(tablet)
    assert [p for p in passed if p[0] == "draw"] == [("draw", 0)] * 3 + [("draw", 1)] * 3 + [
        ("draw", 2)
    ] * 3
    assert sorted({s for p, s in passed if p == "betting"}) == [0, 1, 2, 3]
    # 52 cards, 15 dealt, three draws of six cards.
    assert "Stub: 19 cards" in text(tablet.client.get(tablet.url("")))


def test_after_the_second_draw_the_bets_are_big(client: Client, host: Any) -> None:
    tablet = triple_draw(client, host)
    tablet.start()
    sizes = {}
    while (state := tablet.hand.state()).phase is not Phase.SHOWDOWN:
        if state.phase is Phase.DRAW:
            tablet.act("draw", cards=1)
            continue
        legal = legal_actions(state)
        if legal.check:
            sizes.setdefault(state.street, legal.raise_min)  # a bet
            tablet.act("check")
        else:
            tablet.act("call")
    assert sizes[1] == 10 and sizes[2] == 20 and sizes[3] == 20


def test_the_showdown_names_deuce_to_seven_lows_and_picks_the_winner(
    client: Client, host: Any
) -> None:
    tablet = triple_draw(client, host, players=2)
    tablet.start()
    play_to_showdown(tablet, cards=0)
    # The wheel is no low in 2-7: A-5-4-3-2 is ace high. 8-6-5-4-2 beats it.
    body = show(tablet, 1, "Ah 5c 4d 3s 2h").text
    body = show(tablet, 2, "8c 6d 5h 4s 2c").text
    page = text(tablet.client.get(tablet.url("")))
    assert "Low 8-6-5-4-2" in page
    assert "Low A-5-4-3-2" in page
    assert checked_winners(body) == [position(tablet, 2)]


def test_a_straight_spoils_a_deuce_to_seven_low(client: Client, host: Any) -> None:
    tablet = triple_draw(client, host, players=2)
    tablet.start()
    play_to_showdown(tablet, cards=0)
    show(tablet, 1, "6h 5c 4d 3s 2h")  # a straight, six high: a bad hand in 2-7
    body = show(tablet, 2, "Kc Qd Jh 9s 8c").text
    assert "Straight, six high" in text(tablet.client.get(tablet.url("")))
    assert checked_winners(body) == [position(tablet, 2)]


def test_the_sessions_hands_export_as_phh_deuce_to_seven_triple_draw(
    client: Client, host: Any
) -> None:
    tablet = triple_draw(client, host, players=2)
    tablet.start()
    play_to_showdown(tablet)
    tablet.award(1)
    response = client.get(tablet.url("session.phhs"))
    assert response.status_code == 200
    assert 'variant = "F2L3D"' in response.content.decode()


def test_the_rules_page_tells_the_draws_and_the_low_and_no_straddle(
    client: Client, host: Any
) -> None:
    tablet = triple_draw(client, host)
    page = text(client.get(tablet.url("rules/")))
    assert "Draws 3 draws" in page
    assert "deuce to seven: the ace is high" in page
    assert "shuffled into a new stub" in page
    assert "straddle" not in page and "Run it twice" not in page
