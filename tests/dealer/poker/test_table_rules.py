"""Rules at the table (issue 12): the buy-in range and the top-up cap, a new player posting a dead
small blind to play at once, the button straddle, and pot-limit's rounding — set on the New table
form, shown on the rules page, enforced with the reason and nothing changed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from django.test import Client

from dealer.engine import legal_actions
from dealer.engine.phh import parse_phh
from dealer.engine.structure import Level, TournamentStructure, structure_to_dict
from dealer.poker.models import Hand, Seat, Table
from dealer.tournament.models import TournamentClock
from ledger.models import BuyIn, Player, Session, Tournament
from tests.dealer.poker.test_seating_views import TABLE, text

if TYPE_CHECKING:
    from conftest import Tablet

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged_in(client: Client, host: Any) -> Client:
    client.force_login(host)
    return client


# --- the New table form and the rules page --------------------------------------------------


def test_a_table_with_a_buy_in_range_and_the_new_options_shows_them_on_its_rules_page(
    logged_in: Client,
) -> None:
    data = {
        **TABLE,
        "game": "pl_holdem",
        "min_buy_in": "1000",
        "max_buy_in": "5000",
        "post_dead_small_to_enter": "on",
        "pot_rounding": "small_blind",
    }
    logged_in.post("/tables/new/", data)
    table = Table.objects.get()
    assert (table.min_buy_in, table.max_buy_in) == (1000, 5000)
    assert table.options["post_dead_small_to_enter"] is True
    assert table.options["pot_rounding"] == "small_blind"
    assert table.house_options().pot_round_up == 25
    assert table.seating_rules().post_dead_small_to_enter
    page = text(logged_in.get(f"/tables/{table.pk}/rules/"))
    assert "Buy-in from 1000 to 5000 chips any" in page
    assert "Top-up between hands only, up to the maximum buy-in (5000)" in page
    assert "Rebuy after going broke at least 1000 chips" in page
    assert (
        "New player between the button and the small blind may post the big blind and a dead"
        " small blind to play at once waits until the button passes"
    ) in page
    assert (
        "Pot-limit: the largest raise the pot rounded up to the next 25 (the small blind)"
        " the exact pot"
    ) in page
    assert "Button straddle: first to act the small blind, the straddler last" in page


def test_the_defaults_on_the_rules_page(logged_in: Client) -> None:
    logged_in.post("/tables/new/", {**TABLE, "game": "pl_omaha"})
    table = Table.objects.get()
    assert (table.min_buy_in, table.max_buy_in) == (0, 0)
    assert table.options["pot_rounding"] == "exact"
    assert table.house_options().pot_round_up == 0
    page = text(logged_in.get(f"/tables/{table.pk}/rules/"))
    assert "Buy-in any any" in page
    assert "Top-up between hands only between hands only" in page
    assert "New player between the button and the small blind waits until the button passes" in page
    assert "Pot-limit: the largest raise the exact pot the exact pot" in page


def test_fixed_limit_rules_page_says_no_button_straddle(logged_in: Client) -> None:
    logged_in.post("/tables/new/", {**TABLE, "game": "fl_holdem"})
    page = text(logged_in.get(f"/tables/{Table.objects.get().pk}/rules/"))
    assert "Button straddle: first to act not allowed in fixed limit" in page
    assert "Pot-limit: the largest raise" not in page


def test_the_new_table_form_offers_the_new_options(logged_in: Client) -> None:
    page = text(logged_in.get("/tables/new/"))
    for label in (
        "Minimum buy-in",
        "Maximum buy-in",
        "the fewest chips to sit down with",
        "a top-up (between hands) goes up to it",
        "may post the big blind and a dead small blind to play at once",
        "Off: they wait until the button passes. Needs the dead button.",
        "Pot-limit: the largest raise",
        "Rounded up to the next small blind",
    ):
        assert label in page


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"min_buy_in": "2000", "max_buy_in": "1000"},
            "The maximum buy-in cannot be below the minimum (2000).",
        ),
        (
            {"min_buy_in": "500", "fixed_buy_in": "1000"},
            "Set either what everyone buys in for or a buy-in range, not both.",
        ),
        ({"max_buy_in": "-5"}, "Ensure this value is greater than or equal to 0."),
        ({"min_buy_in": "lots"}, "Enter a whole number."),
        ({"max_buy_in": "100000001"}, "100,000,000"),
        (
            {"dead_button": "", "post_dead_small_to_enter": "on"},
            "Posting a dead small blind to enter needs the dead button",
        ),
        ({"pot_rounding": "nearest_euro"}, "Select a valid choice."),
    ],
)
def test_a_bad_rule_is_refused_with_the_reason_and_nothing_created(
    logged_in: Client, changes: dict[str, str], message: str
) -> None:
    response = logged_in.post("/tables/new/", {**TABLE, **changes})
    assert response.status_code == 200
    assert message in text(response)
    assert not Table.objects.exists()
    assert not Session.objects.exists()


# --- the buy-in range: seating, rebuys and top-ups ------------------------------------------


@pytest.fixture
def ranged(tablet: Tablet) -> Tablet:
    """The kitchen (Anna 1, Bo 3, Cia 5 with 1000 each) with buy-ins from 200 to 1500."""
    Table.objects.filter(pk=tablet.table.pk).update(min_buy_in=200, max_buy_in=1500)
    tablet.table.refresh_from_db()
    return tablet


def seat(tablet: Tablet, chips: int, name: str = "Dag", number: int = 2) -> Any:
    data = {"version": tablet.version, "seat": number, "chips": chips, "method": "cash"}
    return tablet.post("seats/", {**data, "new_player": name})


def test_the_seat_form_shows_the_range(ranged: Tablet) -> None:
    page = text(ranged.page())
    assert "Buy-in from 200 to 1500 chips at this table." in page


@pytest.mark.parametrize(
    ("chips", "message"),
    [
        (150, "The buy-in at this table is at least 200 chips."),
        (1600, "The buy-in at this table is at most 1500 chips."),
    ],
)
def test_a_buy_in_outside_the_range_is_refused(ranged: Tablet, chips: int, message: str) -> None:
    version = ranged.version
    response = seat(ranged, chips)
    assert message in text(response)
    assert not Seat.objects.filter(table=ranged.table, number=2).exists()
    assert not Player.objects.filter(name="Dag").exists()
    assert BuyIn.objects.count() == 3
    assert ranged.version == version


@pytest.mark.parametrize("chips", [200, 1500])
def test_a_buy_in_at_either_end_of_the_range_sits_down(ranged: Tablet, chips: int) -> None:
    response = seat(ranged, chips)
    assert f"Dag sits in seat 2 with {chips}." in text(response)
    assert BuyIn.objects.get(player__name="Dag").chips == chips


def top_up(tablet: Tablet, number: int, chips: int, kind: str = "top_up") -> Any:
    return tablet.post(f"seats/{number}/chips/{kind}/", {"version": tablet.version, "chips": chips})


def test_a_top_up_goes_up_to_the_maximum(ranged: Tablet) -> None:
    response = top_up(ranged, 3, 501)
    assert (
        "Bo has 1000 chips: a top-up goes up to the table's maximum buy-in of 1500, so at most"
        " 500 more."
    ) in text(response)
    assert ranged.stacks()[3] == 1000
    assert BuyIn.objects.filter(player__name="Bo").count() == 1
    response = top_up(ranged, 3, 500)
    assert "Bo adds 500 chips." in text(response)
    assert ranged.stacks()[3] == 1500
    # At the maximum: no top-up at all.
    response = top_up(ranged, 3, 5)
    assert "Bo has 1500 chips, at or above the table's maximum buy-in of 1500: no top-up." in text(
        response
    )
    assert ranged.stacks()[3] == 1500
    assert BuyIn.objects.filter(player__name="Bo").count() == 2


def test_a_rebuy_after_going_broke_is_at_least_the_minimum(ranged: Tablet) -> None:
    Seat.objects.filter(table=ranged.table, number=3).update(stack=0)
    response = top_up(ranged, 3, 100, kind="rebuy")
    assert "A rebuy at this table is at least 200 chips." in text(response)
    assert ranged.stacks()[3] == 0
    response = top_up(ranged, 3, 1600, kind="rebuy")
    assert "The buy-in at this table is at most 1500 chips." in text(response)
    assert ranged.stacks()[3] == 0
    assert BuyIn.objects.filter(player__name="Bo").count() == 1
    response = top_up(ranged, 3, 200, kind="rebuy")
    assert "Bo adds 200 chips." in text(response)
    assert ranged.stacks()[3] == 200


def test_a_top_up_during_the_players_hand_is_refused(ranged: Tablet) -> None:
    ranged.start()
    response = top_up(ranged, 3, 100)
    assert "Table stakes: chips can be added only between hands." in text(response)
    assert ranged.stacks()[3] == 1000
    assert BuyIn.objects.filter(player__name="Bo").count() == 1


def test_a_table_without_a_range_seats_any_buy_in(ranged: Tablet) -> None:
    Table.objects.filter(pk=ranged.table.pk).update(min_buy_in=0, max_buy_in=0)
    response = seat(ranged, 50)
    assert "Dag sits in seat 2 with 50." in text(response)


# --- a new player between the button and the small blind --------------------------------------


def after_first_hand(tablet: Tablet, *, allowed: bool) -> None:
    """Hand 1 (button 1, small blind 3, big blind 5) is over: next, the button is 3, the small
    blind 5 and the big blind 1, so seat 4 is between the button and the small blind."""
    options = {**tablet.table.options, "post_dead_small_to_enter": allowed}
    Table.objects.filter(pk=tablet.table.pk).update(options=options)
    tablet.table.refresh_from_db()
    tablet.start()
    tablet.act("fold")
    tablet.act("fold")
    seat(tablet, 1000, number=4)


def test_a_new_player_between_button_and_small_blind_may_post_both_blinds(tablet: Tablet) -> None:
    after_first_hand(tablet, allowed=True)
    page = text(tablet.page())
    assert "Not dealt in: 4" in page  # waits unless they choose to post
    assert "Between the button and the small blind: the big blind and a dead small blind." in page
    response = tablet.post("seats/4/toggle/post/", {"version": tablet.version})
    assert "Wait for the big blind" in text(response)
    page = text(tablet.page())
    assert "4 (Dag) posts 10 + 5 dead" in page
    tablet.start()
    hand = tablet.hand
    assert hand.config["seats"] == [4, 5, 1, 3]
    assert hand.config["blinds"] == [10, 5, 10, 0]
    assert hand.config["dead"] == [5, 0, 0, 0]
    state = hand.state()
    assert state.pot_total == 30
    assert state.to_act == 3  # left of the big blind (seat 1): the button, seat 3
    assert not Seat.objects.get(table=tablet.table, number=4).is_new


def test_without_the_house_option_the_new_player_waits(tablet: Tablet) -> None:
    after_first_hand(tablet, allowed=False)
    assert "a dead small blind." not in text(tablet.page())
    tablet.post("seats/4/toggle/post/", {"version": tablet.version})
    assert Seat.objects.get(table=tablet.table, number=4).wants_to_post
    assert "Not dealt in: 4" in text(tablet.page())
    tablet.start()
    assert tablet.hand.config["seats"] == [5, 1, 3]
    assert Seat.objects.get(table=tablet.table, number=4).is_new


# --- the button straddle ------------------------------------------------------------------------


def four_handed(tablet: Tablet, game: str = "nl_holdem") -> None:
    Table.objects.filter(pk=tablet.table.pk).update(straddles_allowed=True, game=game)
    Seat.objects.create(
        table=tablet.table,
        number=6,
        player=Player.objects.create(host=tablet.table.host, name="Dora"),
        stack=1000,
        is_new=False,
    )
    tablet.table.refresh_from_db()


def test_the_button_straddles_and_the_small_blind_acts_first(tablet: Tablet) -> None:
    four_handed(tablet)
    assert "The button straddles" in text(tablet.page())
    response = tablet.start(button_straddle="on")
    assert response.status_code == 200
    hand = tablet.hand
    # Button seat 1; small blind 3, big blind 5, seat 6, then the button straddles 20.
    assert hand.config["seats"] == [3, 5, 6, 1]
    assert hand.config["blinds"] == [5, 10, 0, 20]
    legal = legal_actions(hand.state())
    assert (legal.player, legal.call, legal.raise_min) == (0, 15, 40)
    assert "Seat 3 (Bo) to act" in text(response)


def test_under_the_gun_first_skips_the_button_to_the_blinds(tablet: Tablet) -> None:
    four_handed(tablet)
    options = {**tablet.table.options, "button_straddle_order": "under_the_gun"}
    Table.objects.filter(pk=tablet.table.pk).update(options=options)
    tablet.start(button_straddle="on")
    assert legal_actions(tablet.hand.state()).player == 2  # seat 6, under the gun
    tablet.act("call")
    assert legal_actions(tablet.hand.state()).player == 0  # past the button: the small blind


@pytest.mark.parametrize(
    ("game", "data", "message"),
    [
        (
            "fl_holdem",
            {"button_straddle": "on"},
            "A button straddle is not allowed in a fixed-limit game.",
        ),
        (
            "nl_holdem",
            {"button_straddle": "on", "straddle": "on"},
            "One straddle a hand: under the gun or the button.",
        ),
    ],
)
def test_a_button_straddle_the_hand_cannot_have_is_refused(
    tablet: Tablet, game: str, data: dict[str, str], message: str
) -> None:
    four_handed(tablet, game)
    if game == "fl_holdem":
        assert "The button straddles" not in text(tablet.page())
    version = tablet.version
    response = tablet.start(**data)
    assert message in text(response)
    assert not Hand.objects.exists()
    assert tablet.version == version
    assert tablet.table.button is None


def test_three_handed_fixed_limit_under_the_gun_is_the_button_and_refused(tablet: Tablet) -> None:
    Table.objects.filter(pk=tablet.table.pk).update(straddles_allowed=True, game="fl_holdem")
    response = tablet.start(straddle="on")
    assert "A button straddle is not allowed in a fixed-limit game." in text(response)
    assert not Hand.objects.exists()


# --- pot-limit rounding -------------------------------------------------------------------------


def pot_limit_with_antes(tablet: Tablet, rounding: str) -> None:
    """Pot-limit 10/20 with an ante of 5 from everyone and chips of 5: the first pot-sized
    raise is 20 + 45 + 20 = 85."""
    Table.objects.filter(pk=tablet.table.pk).update(
        game="pl_holdem",
        small_blind=10,
        big_blind=20,
        ante=5,
        ante_mode="each",
        options={**tablet.table.options, "pot_rounding": rounding},
    )


@pytest.mark.parametrize(
    ("rounding", "raise_max"),
    [("exact", 85), ("smallest_chip", 85), ("small_blind", 90)],
)
def test_pot_limit_raise_is_rounded_up_as_the_house_says(
    tablet: Tablet, rounding: str, raise_max: int
) -> None:
    pot_limit_with_antes(tablet, rounding)
    tablet.start()
    legal = legal_actions(tablet.hand.state())
    assert (legal.player, legal.raise_min, legal.raise_max) == (2, 40, raise_max)
    response = tablet.act("raise", amount=raise_max + 5)
    assert f"from 40 to {raise_max}" in text(response)
    assert tablet.hand.actions.count() == 0


def test_pot_limit_rounding_is_carried_in_the_phh_export(tablet: Tablet, client: Client) -> None:
    pot_limit_with_antes(tablet, "small_blind")
    tablet.start()
    tablet.act("raise", amount=90)
    tablet.act("fold")
    tablet.act("fold")
    assert tablet.hand.status == Hand.Status.COMPLETE
    response = client.get(f"/tables/{tablet.table.pk}/session.phhs")
    assert response.status_code == 200
    assert "_pott_options = {pot_round_up = 10}" in response.content.decode()
    (hand,) = parse_phh(response.content.decode())
    assert hand.config.options.pot_round_up == 10
    assert hand.state.final_stacks() == tablet.hand.state().final_stacks()


def test_a_tournament_table_refuses_a_buy_in_range(logged_in: Client, host: Any) -> None:
    tournament = Tournament.objects.create(
        host=host, name="Friday cup", buy_in=20000, starting_chips=1500
    )
    structure = TournamentStructure(
        chips=(25, 100),
        starting_stack=1500,
        steps=(Level(small_blind=25, big_blind=50, seconds=1200),),
    )
    clock = TournamentClock.objects.create(tournament=tournament, data=structure_to_dict(structure))
    data = {**TABLE, "clock": clock.pk, "min_buy_in": "100"}
    response = logged_in.post("/tables/new/", data)
    assert "A tournament table has no buy-in range: the tournament sets the stacks." in text(
        response
    )
    assert not Table.objects.exists()
