"""Creating a table and seating players: buy-ins, rebuys and top-ups (between hands only), sitting
out and coming back, posting now, and leaving with chips; each change recorded in the ledger."""

from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING, Any

import pytest
from django.test import Client

from dealer.poker.models import Seat, Table
from ledger.models import BuyIn, CashOut, Player, Session

if TYPE_CHECKING:
    from conftest import Tablet

STALE = "Another device changed the table first"


def text(response: Any) -> str:
    body = response if isinstance(response, str) else response.content.decode()
    body = re.sub(r"<svg.*?</svg>", " ", body, flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)))


# --- creating a table -----------------------------------------------------------------------

TABLE = {
    "name": "Friday",
    "game": "nl_holdem",
    "small_blind": "25",
    "big_blind": "50",
    "ante": "0",
    "ante_mode": "none",
    "small_bet": "0",
    "big_bet": "0",
    "max_seats": "8",
    "currency": "SEK",
    "chip_value": "1",
    "chip_values": "25, 100, 500",
    "dead_button": "on",
    "straddle_raise": "straddle",
    "button_straddle_order": "small_blind",
    "limit_raises": "3",
    "heads_up_cap": "uncapped_when_heads_up",
    "blind_before_ante": "on",
}


@pytest.fixture
def logged_in(client: Client, host: Any) -> Client:
    client.force_login(host)
    return client


def test_creating_a_table_opens_it_with_its_stakes_and_a_new_session(
    logged_in: Client, host: Any
) -> None:
    response = logged_in.post("/tables/new/", TABLE, follow=True)
    table = Table.objects.get()
    assert response.redirect_chain == [(f"/tables/{table.pk}/", 302)]
    page = text(response)
    assert "Friday" in page
    assert "No-limit hold'em · 25/50" in page
    assert table.max_seats == 8
    assert [c["value"] for c in table.chips] == [25, 100, 500]
    assert table.smallest_chip == 25
    assert table.session.host == host
    assert table.session.currency == "SEK"
    assert page.count("Seat:") == 1  # the form to seat the first players is there


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"small_blind": "0"}, "The small blind must be at least 1."),
        (
            {"small_blind": "50", "big_blind": "25"},
            "The big blind cannot be smaller than the small.",
        ),
        ({"max_seats": "1"}, "A table has 2 to 10 seats."),
        ({"max_seats": "11"}, "A table has 2 to 10 seats."),
        ({"chip_values": "5, red, 100"}, "Chip values are whole numbers, e.g. 5, 25, 100."),
        ({"chip_values": "0, 5"}, "Enter at least one chip value above 0."),
        ({"small_blind": "10", "big_blind": "20"}, "a multiple of 25"),
        ({"small_blind": "ten"}, "Enter a whole number."),
        ({"name": ""}, "This field is required."),
    ],
)
def test_a_bad_table_is_refused_with_the_reason_and_nothing_created(
    logged_in: Client, changes: dict[str, str], message: str
) -> None:
    response = logged_in.post("/tables/new/", {**TABLE, **changes})
    assert response.status_code == 200
    assert message in text(response)
    assert not Table.objects.exists()
    assert not Session.objects.exists()


def test_a_table_can_join_tonights_open_session(logged_in: Client, host: Any) -> None:
    session = Session.objects.create(host=host, name="Tonight", currency="EUR", rate_minor=1)
    logged_in.post("/tables/new/", {**TABLE, "session": session.pk})
    assert Table.objects.get().session == session
    assert Session.objects.count() == 1


def test_the_new_table_page_needs_a_login(client: Client, db: None) -> None:
    response = client.post("/tables/new/", TABLE)
    assert response.status_code == 302
    assert not Table.objects.exists()


# --- seating --------------------------------------------------------------------------------


def old_version(tablet: Tablet) -> int:
    """The version this device saw before another device changed the table."""
    version = tablet.version
    tablet.table.bump()
    return version


def seat(tablet: Tablet, **data: Any) -> Any:
    fields = {"version": tablet.version, "seat": 2, "chips": 500, "method": "cash"}
    return tablet.post("seats/", {**fields, **data})


def test_a_new_player_sits_down_with_a_buy_in_recorded_in_the_session(tablet: Tablet) -> None:
    response = seat(tablet, new_player="Dag", chips=500, method="credit")
    assert "Dag sits in seat 2 with 500." in text(response)
    assert re.search(r'data-testid="stack-2">500<', response.content.decode())
    buy_in = BuyIn.objects.get(player__name="Dag")
    assert (buy_in.session, buy_in.chips, buy_in.kind, buy_in.method) == (
        tablet.table.session,
        500,
        BuyIn.Kind.BUY_IN,
        BuyIn.Method.CREDIT,
    )
    assert Player.objects.get(name="Dag").host == tablet.table.host


def test_a_player_from_the_roster_sits_down(tablet: Tablet) -> None:
    dag = Player.objects.create(host=tablet.table.host, name="Dag")
    response = seat(tablet, player=dag.pk, seat=4)
    assert "Dag sits in seat 4 with 500." in text(response)
    assert Seat.objects.get(table=tablet.table, number=4).player == dag
    assert Player.objects.filter(name="Dag").count() == 1


def test_a_name_already_on_the_roster_is_refused(tablet: Tablet) -> None:
    response = seat(tablet, new_player="Bo")
    assert "Bo is already on your roster." in text(response)
    assert tablet.table.seats.count() == 3
    assert not BuyIn.objects.filter(chips=500).exists()


def test_a_name_on_the_roster_in_another_case_is_refused_too(tablet: Tablet) -> None:
    response = seat(tablet, new_player="BO")
    assert "BO is already on your roster." in text(response)
    assert tablet.table.seats.count() == 3
    assert Player.objects.filter(host=tablet.table.host, name__iexact="bo").count() == 1


def test_a_taken_seat_is_refused(tablet: Tablet) -> None:
    response = seat(tablet, new_player="Dag", seat=3)
    assert "Select a valid choice." in text(response)
    assert Seat.objects.get(table=tablet.table, number=3).player.name == "Bo"
    assert not Player.objects.filter(name="Dag").exists()


def test_another_hosts_player_cannot_be_seated(tablet: Tablet, stranger: Any) -> None:
    theirs = Player.objects.create(host=stranger, name="Sven")
    response = seat(tablet, player=theirs.pk)
    assert "or is not on your roster." in text(response)
    assert tablet.table.seats.count() == 3


def test_a_player_with_neither_roster_nor_name_is_refused(tablet: Tablet) -> None:
    response = seat(tablet)
    assert "Choose a player from the roster or type a new name." in text(response)
    assert tablet.table.seats.count() == 3


def test_seating_from_an_old_version_is_refused(tablet: Tablet) -> None:
    response = seat(tablet, new_player="Dag", version=old_version(tablet))
    assert STALE in text(response)
    assert not Player.objects.filter(name="Dag").exists()
    assert not BuyIn.objects.filter(chips=500).exists()


def test_a_player_seated_during_a_hand_waits_for_the_next(tablet: Tablet) -> None:
    tablet.start()
    response = seat(tablet, new_player="Dag")
    assert "Dag sits in seat 2 with 500." in text(response)
    assert sorted(tablet.hand.config["seats"]) == [1, 3, 5]
    assert Seat.objects.get(table=tablet.table, number=2).is_new


# --- rebuys and top-ups ---------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["rebuy", "top_up"])
def test_chips_added_between_hands_are_recorded_as_rebuy_or_top_up(
    tablet: Tablet, kind: str
) -> None:
    response = tablet.post(
        f"seats/3/chips/{kind}/", {"version": tablet.version, "chips": 200, "method": "cash"}
    )
    assert "Bo adds 200 chips." in text(response)
    assert tablet.stacks()[3] == 1200
    assert BuyIn.objects.filter(player__name="Bo").order_by("id").last().kind == kind


def test_chips_cannot_be_added_during_the_players_hand(tablet: Tablet) -> None:
    tablet.start()
    response = tablet.post("seats/3/chips/top_up/", {"version": tablet.version, "chips": 200})
    assert "Table stakes: chips can be added only between hands." in text(response)
    assert tablet.stacks()[3] == 1000
    assert BuyIn.objects.filter(player__name="Bo").count() == 1


def test_a_player_not_in_the_hand_may_top_up_during_it(tablet: Tablet) -> None:
    tablet.table.seats.filter(number=5).update(sitting_out=True)
    tablet.start()
    response = tablet.post("seats/5/chips/top_up/", {"version": tablet.version, "chips": 200})
    assert "Cia adds 200 chips." in text(response)
    assert tablet.stacks()[5] == 1200


@pytest.mark.parametrize(
    ("chips", "message"),
    [("0", "Chips must be at least 1."), ("lots", "Enter a whole number of chips")],
)
def test_a_bad_rebuy_is_refused(tablet: Tablet, chips: str, message: str) -> None:
    response = tablet.post("seats/3/chips/rebuy/", {"version": tablet.version, "chips": chips})
    assert message in text(response)
    assert tablet.stacks()[3] == 1000


def test_a_rebuy_from_an_old_version_is_refused(tablet: Tablet) -> None:
    response = tablet.post("seats/3/chips/rebuy/", {"version": old_version(tablet), "chips": 200})
    assert STALE in text(response)
    assert tablet.stacks()[3] == 1000
    assert BuyIn.objects.filter(player__name="Bo").count() == 1


# --- sitting out, posting, leaving ------------------------------------------------------------


def test_a_player_who_sits_out_is_not_dealt_in_and_can_come_back(tablet: Tablet) -> None:
    response = tablet.post("seats/3/toggle/sit_out/", {"version": tablet.version})
    assert "sitting out" in text(response)
    assert "Back in" in text(response)
    assert "button 1 (Anna), small blind 1 (Anna), big blind 5 (Cia)" in text(response)
    tablet.start()
    assert sorted(tablet.hand.config["seats"]) == [1, 5]
    tablet.act("fold")
    response = tablet.post("seats/3/toggle/sit_out/", {"version": tablet.version})
    assert "Sit out" in text(response)
    assert not Seat.objects.get(table=tablet.table, number=3).sitting_out


def test_a_new_player_can_choose_to_post_now(tablet: Tablet) -> None:
    tablet.start()
    tablet.act("fold")
    tablet.act("fold")
    seat(tablet, new_player="Dag", seat=2)
    page = text(tablet.page())
    assert "Post and play now" in page
    response = tablet.post("seats/2/toggle/post/", {"version": tablet.version})
    assert "Wait for the big blind" in text(response)
    assert Seat.objects.get(table=tablet.table, number=2).wants_to_post
    assert "2 (Dag) posts 10" in text(tablet.page())
    tablet.start()
    assert 2 in tablet.hand.config["seats"]


def test_a_toggle_from_an_old_version_is_refused(tablet: Tablet) -> None:
    response = tablet.post("seats/3/toggle/sit_out/", {"version": old_version(tablet)})
    assert STALE in text(response)
    assert not Seat.objects.get(table=tablet.table, number=3).sitting_out


def test_leaving_cashes_out_the_chips(tablet: Tablet, host: Any) -> None:
    tablet.start()
    tablet.act("fold")
    tablet.act("fold")  # Cia wins the blinds: 1005
    response = tablet.post("seats/5/leave/", {"version": tablet.version})
    assert "Cia leaves with 1005 chips." in text(response)
    assert 5 not in tablet.stacks()
    cash_out = CashOut.objects.get()
    assert (cash_out.player.name, cash_out.chips, cash_out.session, cash_out.recorded_by) == (
        "Cia",
        1005,
        tablet.table.session,
        host,
    )


def test_a_player_cannot_leave_during_their_hand(tablet: Tablet) -> None:
    tablet.start()
    response = tablet.post("seats/3/leave/", {"version": tablet.version})
    assert "Seat 3 is in the hand: leave after it." in text(response)
    assert 3 in tablet.stacks()
    assert not CashOut.objects.exists()


def test_leaving_from_an_old_version_is_refused(tablet: Tablet) -> None:
    response = tablet.post("seats/3/leave/", {"version": old_version(tablet)})
    assert STALE in text(response)
    assert 3 in tablet.stacks()
    assert not CashOut.objects.exists()
