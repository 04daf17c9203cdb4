"""Tables for the live table's view tests, and a `tablet`: the dealer's logged-in client that
posts the way the table page does (htmx, with the table version the page shows)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.http import HttpResponse
from django.test import Client

from dealer.engine import Phase, legal_actions
from dealer.poker.models import Hand, Seat, Table
from ledger.models import Player, Session

HTMX = {"HX-Request": "true"}


def make_table(host: Any, *, name: str = "Kitchen", max_seats: int = 6, **fields: Any) -> Table:
    """A no-limit 5/10 table with chips 5, 25 and 100, in a new session of its own."""
    session = Session.objects.create(
        host=host, name=name, currency="SEK", rate_minor=100, rate_chips=1
    )
    chips = [
        {"colour": "white", "value": 5, "count": 100},
        {"colour": "red", "value": 25, "count": 100},
        {"colour": "green", "value": 100, "count": 100},
    ]
    return Table.objects.create(
        host=host, session=session, name=name, max_seats=max_seats, chips=chips, **fields
    )


def sit(table: Table, number: int, name: str, stack: int = 1000) -> Seat:
    """Seat a player before the first hand, bought in for `stack`."""
    player, _ = Player.objects.get_or_create(host=table.host, name=name)
    table.session.buy_in(player, stack, by=table.host)
    return Seat.objects.create(table=table, number=number, player=player, stack=stack, is_new=False)


class Tablet:
    """The dealer's screen: every post carries what the page would carry, unless overridden."""

    def __init__(self, client: Client, table: Table) -> None:
        self.client = client
        self.table = table

    def url(self, name: str) -> str:
        return f"/tables/{self.table.pk}/{name}"

    @property
    def version(self) -> int:
        self.table.refresh_from_db(fields=["version"])
        return self.table.version

    @property
    def hand(self) -> Hand:
        hand = self.table.latest_hand()
        assert hand is not None, "no hand has been started"
        return hand

    @property
    def seq(self) -> int:
        return self.hand.actions.count()

    def post(self, path: str, data: dict[str, Any]) -> HttpResponse:
        return self.client.post(self.url(path), {**self.seat_fields(path), **data}, headers=HTMX)

    def seat_fields(self, path: str) -> dict[str, Any]:
        """What the seating panel posts with a change to one seat: the player it shows in the
        seat and, for a toggle, the state the button asks for."""
        match = re.match(r"seats/(\d+)/(?:toggle/(\w+)/)?", path)
        seat = match and Seat.objects.filter(table=self.table, number=match.group(1)).first()
        if seat is None:
            return {}
        fields: dict[str, Any] = {"player": seat.player_id}
        if match.group(2):
            current = seat.sitting_out if match.group(2) == "sit_out" else seat.wants_to_post
            fields["to"] = int(not current)
        return fields

    def page(self) -> str:
        response = self.client.get(self.url(""))
        assert response.status_code == 200
        return response.text

    def start(self, **data: Any) -> HttpResponse:
        return self.post("start/", {"version": self.version, **data})

    def act(self, kind: str, **data: Any) -> HttpResponse:
        fields = {"version": self.version, "hand": self.hand.number, "kind": kind}
        return self.post("act/", {**fields, **data})

    def award(self, *seats: int, **data: Any) -> HttpResponse:
        """Award the next pot to the players in these seats."""
        hand = self.hand
        positions = [hand.config["seats"].index(s) for s in seats]
        pot = legal_actions(hand.state()).award_pot
        fields = {"version": self.version, "hand": hand.number, "pot": pot, "winners": positions}
        return self.post("award/", {**fields, **data})

    def undo(self, **data: Any) -> HttpResponse:
        return self.post("undo/", {"version": self.version, "hand": self.hand.number, **data})

    def to_showdown(self) -> None:
        """Everyone calls or checks, street after street, until the showdown."""
        while (state := self.hand.state()).phase is not Phase.SHOWDOWN:
            legal = legal_actions(state)
            kind = "deal" if state.phase is Phase.DEAL else ("check" if legal.check else "call")
            assert self.act(kind).status_code == 200

    def stacks(self) -> dict[int, int]:
        return dict(self.table.seats.values_list("number", "stack"))


@pytest.fixture(name="make_table")
def make_table_fixture() -> Any:
    return make_table


@pytest.fixture(name="sit")
def sit_fixture() -> Any:
    return sit


@pytest.fixture
def table(host: Any) -> Table:
    return make_table(host)


@pytest.fixture
def kitchen(table: Table) -> Table:
    """Anna (seat 1), Bo (seat 3) and Cia (seat 5) with 1000 each. The first hand's button is
    seat 1, the small blind seat 3, the big blind seat 5; Anna acts first."""
    for number, name in ((1, "Anna"), (3, "Bo"), (5, "Cia")):
        sit(table, number, name)
    return table


@pytest.fixture
def tablet(client: Client, host: Any, kitchen: Table) -> Tablet:
    client.force_login(host)
    return Tablet(client, kitchen)


@pytest.fixture
def stranger(django_user_model: Any) -> Any:
    """Another host, with a table of his own."""
    sven = django_user_model.objects.create_user(username="sven", password="not-your-table-1")
    make_table(sven, name="Sven's")
    return sven
