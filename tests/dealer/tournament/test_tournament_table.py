"""A tournament table: each hand starts with the blinds and antes of the clock's level; a level
change never alters a hand in progress; tournament chips are not bought in the ledger."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from dealer.engine.structure import AnteKind, Level, TournamentStructure, structure_to_dict
from dealer.poker.models import Hand, Seat, Table
from dealer.tournament.models import TournamentClock
from ledger.models import BuyIn, Tournament

HTMX = {"HX-Request": "true"}
pytestmark = pytest.mark.django_db


@pytest.fixture
def clock(host: Any) -> TournamentClock:
    tournament = Tournament.objects.create(
        host=host, name="Friday cup", buy_in=20000, starting_chips=1500
    )
    structure = TournamentStructure(
        chips=(5, 25, 100),
        starting_stack=1500,
        steps=(
            Level(small_blind=10, big_blind=20, seconds=1800),
            Level(
                small_blind=25, big_blind=50, ante=50, ante_kind=AnteKind.BIG_BLIND, seconds=1800
            ),
        ),
    )
    return TournamentClock.objects.create(tournament=tournament, data=structure_to_dict(structure))


@pytest.fixture
def table(host: Any, clock: TournamentClock, client: Client) -> Table:
    client.force_login(host)
    response = client.post(
        "/tables/new/",
        {
            "name": "Final table",
            "game": "nl_holdem",
            "small_blind": 5,
            "big_blind": 10,
            "ante": 0,
            "ante_mode": "none",
            "small_bet": 0,
            "big_bet": 0,
            "max_seats": 9,
            "clock": clock.pk,
            "currency": "SEK",
            "chip_value": "1",
            "chip_values": "5, 25, 100",
            "dead_button": "on",
            "straddle_raise": "straddle",
            "button_straddle_order": "small_blind",
            "limit_raises": 3,
            "heads_up_cap": "uncapped_when_heads_up",
            "blind_before_ante": "on",
        },
    )
    assert response.status_code == 302
    table = Table.objects.get()
    assert table.clock == clock
    for number, name in [(1, "Anna"), (2, "Bo"), (3, "Cia")]:
        table.refresh_from_db()
        response = client.post(
            f"/tables/{table.pk}/seats/",
            {
                "version": table.version,
                "seat": number,
                "new_player": name,
                "chips": 1500,
                "method": "cash",
            },
            headers=HTMX,
        )
        assert f"{name} sits in seat {number}" in response.text
    table.refresh_from_db()
    return table


def start(client: Client, table: Table) -> Hand:
    table.refresh_from_db()
    response = client.post(f"/tables/{table.pk}/start/", {"version": table.version}, headers=HTMX)
    assert response.status_code == 200
    return Hand.objects.filter(table=table).latest("number")


def test_seating_at_a_tournament_table_buys_nothing_in_the_ledger(table: Table) -> None:
    assert not BuyIn.objects.exists()
    assert sorted(Seat.objects.values_list("stack", flat=True)) == [1500, 1500, 1500]


def test_each_hand_takes_the_blinds_of_the_clocks_level(
    client: Client, table: Table, clock: TournamentClock
) -> None:
    first = start(client, table)
    assert first.engine_config().blinds == (10, 20, 0)

    # The clock moves to level 2 during the hand: the hand keeps its blinds.
    clock.step = 1
    clock.save()
    assert Hand.objects.get(pk=first.pk).state().bet_level == 20

    for _ in (0, 1):
        table.refresh_from_db(fields=["version"])
        client.post(
            f"/tables/{table.pk}/act/",
            {"version": table.version, "hand": first.number, "kind": "fold"},
            headers=HTMX,
        )
    assert Hand.objects.get(pk=first.pk).status == Hand.Status.COMPLETE

    second = start(client, table)
    config = second.engine_config()
    # Level 2: 25/50 with a big-blind ante of 50 (dead money, posted by the big blind).
    assert sorted(config.blinds) == [0, 25, 50]
    assert sorted(config.antes) == [0, 0, 50]
    table.refresh_from_db()
    assert table.stakes_label() == "25/50 ante 50"
