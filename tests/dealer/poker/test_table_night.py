"""Tables during the night: New table defaults that fit together, chips that follow the
blinds, changing a table between hands (logged in its history), closing it at the end, and
moving a player with their chips to another table of the same night."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from typing import TYPE_CHECKING, Any

import pytest
from django.test import Client

from dealer.engine.structure import Level, TournamentStructure, structure_to_dict
from dealer.poker.models import Seat, Table, TableEvent
from dealer.tournament.models import TournamentClock
from ledger.models import BuyIn, CashOut, Session, Tournament

if TYPE_CHECKING:
    from tests.dealer.conftest import Tablet

pytestmark = pytest.mark.django_db
STALE = "Another device changed the table first"


def text(response: Any) -> str:
    body = response if isinstance(response, str) else response.content.decode()
    body = re.sub(r"<svg.*?</svg>", " ", body, flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)))


class _FormValues(HTMLParser):
    """What a browser would post for the first <form> whose class has `css`, as the page
    shows it: text and number fields' values, ticked boxes, each select's chosen option."""

    def __init__(self, css: str) -> None:
        super().__init__()
        self.css, self.inside, self.values = css, False, {}
        self.select: str | None = None
        self.first: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form" and self.css in (a.get("class") or "").split():
            self.inside = not self.values
        if not self.inside:
            return
        if tag == "input" and a.get("name"):
            if a.get("type") == "checkbox":
                if "checked" in a:
                    self.values[a["name"]] = "on"
            else:
                self.values[a["name"]] = a.get("value") or ""
        elif tag == "select":
            self.select, self.first = a.get("name"), None
        elif tag == "option" and self.select:
            if self.first is None:
                self.first = a.get("value") or ""
                self.values.setdefault(self.select, self.first)
            if "selected" in a:
                self.values[self.select] = a.get("value") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self.select = None


def form_values(page: str, css: str = "table-form") -> dict[str, str]:
    parser = _FormValues(css)
    parser.feed(page)
    return parser.values


@pytest.fixture
def logged_in(client: Client, host: Any) -> Client:
    client.force_login(host)
    return client


# --- the New table form's defaults ----------------------------------------------------------


def test_the_new_table_form_submitted_unchanged_makes_a_table_whose_stakes_and_money_agree(
    logged_in: Client,
) -> None:
    values = form_values(logged_in.get("/tables/new/").content.decode())
    assert (values["small_blind"], values["big_blind"]) == ("1", "2")
    response = logged_in.post("/tables/new/", {**values, "name": "Friday"}, follow=True)
    table = Table.objects.get()
    assert (table.small_blind, table.big_blind) == (1, 2)
    assert [c["value"] for c in table.chips] == [1, 5, 25, 100]
    assert table.small_blind % table.smallest_chip == 0
    assert table.big_blind % table.smallest_chip == 0
    # One kr a chip, as the New session form's "a buy-in of 200 gives 200 chips".
    session = table.session
    assert (session.currency, session.rate_minor * 1, session.rate_chips) == ("SEK", 10000, 100)
    # The seat form offers a buy-in of 100 big blinds.
    assert form_values(response.content.decode(), "seat-player")["chips"] == "200"


@pytest.mark.parametrize(
    ("stakes", "chips"),
    [
        ({"small_blind": "5", "big_blind": "10"}, [5, 25, 100, 500]),
        ({"small_blind": "25", "big_blind": "50"}, [25, 100, 500, 1000]),
        ({"small_blind": "2", "big_blind": "5"}, [1, 5, 25, 100]),
        ({"small_blind": "100", "big_blind": "200"}, [100, 500, 1000, 5000]),
        (
            {"small_blind": "25", "big_blind": "50", "ante": "5", "ante_mode": "each"},
            [5, 25, 100, 500],
        ),
        (
            {"game": "stud5", "small_bet": "10", "big_bet": "20", "bring_in": "5"},
            [5, 25, 100, 500],
        ),
    ],
)
def test_chip_values_left_alone_follow_the_stakes(
    logged_in: Client, stakes: dict[str, str], chips: list[int]
) -> None:
    values = form_values(logged_in.get("/tables/new/").content.decode())
    logged_in.post("/tables/new/", {**values, "name": "Friday", **stakes})
    table = Table.objects.get()
    assert [c["value"] for c in table.chips] == chips


def test_chip_values_the_host_typed_are_kept(logged_in: Client) -> None:
    values = form_values(logged_in.get("/tables/new/").content.decode())
    changes = {"small_blind": "10", "big_blind": "20", "chip_values": "10, 50, 200"}
    logged_in.post("/tables/new/", {**values, "name": "Friday", **changes})
    assert [c["value"] for c in Table.objects.get().chips] == [10, 50, 200]


def test_the_new_table_form_offers_the_new_session_forms_currencies(logged_in: Client) -> None:
    def currencies(page: str) -> list[str]:
        select = re.search(r'<select name="currency".*?</select>', page, flags=re.S)
        assert select is not None
        return re.findall(r'<option value="(\w+)"', select.group(0))

    table_page = logged_in.get("/tables/new/").content.decode()
    session_page = logged_in.get("/ledger/sessions/").content.decode()
    assert currencies(table_page) == currencies(session_page)
    assert "CHF" in currencies(table_page)


def test_the_form_has_one_ante_and_hides_other_structures_options(logged_in: Client) -> None:
    page = logged_in.get("/tables/new/").content.decode()
    labels = re.findall(r"<label[^>]*>([^<]*)</label>", page)
    assert [label for label in labels if label.startswith("Ante")] == ["Ante (chips):"]
    assert "Who pays the ante:" in labels
    limit = re.search(r'<div class="stack" data-structures="limit">(.*?)</div>', page, re.S)
    assert limit is not None and 'name="limit_raises"' in limit.group(1)
    assert re.search(r'data-structures="pot">[^<]*<label for="id_pot_rounding"', page)
    # Big checkboxes: each box sits inside its label.
    assert re.search(r'<label><input type="checkbox" name="dead_button"', page)


# --- changing a table between hands ---------------------------------------------------------


def edit(tablet: Tablet, **changes: Any) -> Any:
    """The Edit page's form, posted with `changes`."""
    page = tablet.client.get(tablet.url("edit/")).content.decode()
    values = form_values(page)
    return tablet.client.post(tablet.url("edit/"), {**values, **changes}, follow=True)


def test_the_host_changes_the_blinds_between_hands_and_the_history_says_so(
    tablet: Tablet,
) -> None:
    response = edit(tablet, small_blind="10", big_blind="20", game="pl_holdem")
    assert "The table's settings are saved for the next hand." in text(response)
    table = Table.objects.get(pk=tablet.table.pk)
    assert (table.game, table.small_blind, table.big_blind) == ("pl_holdem", 10, 20)
    assert [c["value"] for c in table.chips] == [5, 25, 100]  # they make 10/20: kept
    event = TableEvent.objects.get(table=table)
    assert event.kind == "edited"
    history = text(tablet.client.get(tablet.url("hands/")))
    assert "Small blind 5 → 10; Big blind 10 → 20" in history
    assert "No-limit hold'em → Pot-limit hold'em" in history
    tablet.start()
    assert "Pot-limit hold'em · 10/20" in text(tablet.page())


def test_chips_that_cannot_make_the_new_blinds_follow_them(tablet: Tablet) -> None:
    edit(tablet, small_blind="1", big_blind="2")
    table = Table.objects.get(pk=tablet.table.pk)
    assert [c["value"] for c in table.chips] == [1, 5, 25, 100]


def test_an_edit_is_refused_during_a_hand_and_changes_nothing(tablet: Tablet) -> None:
    tablet.start()
    version = tablet.version
    response = edit(tablet, small_blind="10", big_blind="20")
    assert "Hand 1 is in progress: change the table after it." in text(response)
    table = Table.objects.get(pk=tablet.table.pk)
    assert (table.small_blind, table.big_blind, table.version) == (5, 10, version)
    assert not TableEvent.objects.exists()


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"max_seats": "4"}, "Seat 5 is taken: move that player before the table has fewer"),
        ({"small_blind": "0"}, "The small blind must be at least 1."),
        ({"chip_values": "25, 100", "small_blind": "10"}, "a multiple of 25"),
        ({"version": "1"}, STALE),
    ],
)
def test_a_bad_edit_is_refused_with_the_reason_and_changes_nothing(
    tablet: Tablet, changes: dict[str, str], message: str
) -> None:
    tablet.table.bump()  # so that version 1 is out of date
    before = Table.objects.filter(pk=tablet.table.pk).values().get()
    response = edit(tablet, **changes)
    assert message in text(response)
    assert Table.objects.filter(pk=tablet.table.pk).values().get() == before
    assert not TableEvent.objects.exists()


# --- closing a table ------------------------------------------------------------------------


def close(tablet: Tablet, version: int | None = None, confirm: str = "on") -> Any:
    data = {"version": tablet.version if version is None else version, "confirm": confirm}
    return tablet.client.post(tablet.url("close/"), data, follow=True)


def test_closing_asks_the_host_to_confirm_and_names_who_leaves_with_what(tablet: Tablet) -> None:
    page = text(tablet.client.get(tablet.url("edit/")))
    for seat in tablet.table.seats.select_related("player"):
        assert f"{seat.player} leaves with {seat.stack} chips" in page
    assert "Yes, close it: everyone leaves with their chips" in page
    response = close(tablet, confirm="")
    assert "Tick “Yes, close it” to close the table: nothing was changed." in text(response)
    table = Table.objects.get(pk=tablet.table.pk)
    assert table.closed_at is None
    assert table.seats.count() == 3
    assert not CashOut.objects.exists()
    assert not TableEvent.objects.exists()


def test_closing_a_table_cashes_its_players_out_and_it_deals_no_more(tablet: Tablet) -> None:
    tablet.start()
    tablet.act("fold")
    tablet.act("fold")  # Cia's big blind wins
    stacks = {str(s.player): s.stack for s in tablet.table.seats.select_related("player")}
    response = close(tablet)
    assert "Kitchen is closed." in text(response)
    assert "This table is closed" in text(response)
    # The screen says closed, not "Between hands".
    assert "Between hands" not in text(response)
    table = Table.objects.get(pk=tablet.table.pk)
    assert table.closed_at is not None
    assert not table.seats.exists()
    cash_outs = {str(c.player): c.chips for c in CashOut.objects.filter(session=table.session)}
    assert cash_outs == stacks
    assert set(CashOut.objects.values_list("kind", flat=True)) == {CashOut.Kind.LEFT}
    # No new hand, no new seat.
    assert "This table is closed: it deals and seats nobody." in text(tablet.start())
    seat = tablet.post(
        "seats/",
        {"version": tablet.version, "seat": 2, "new_player": "Dag", "chips": 200, "method": "cash"},
    )
    assert "This table is closed" in text(seat)
    assert not Seat.objects.exists()
    undo = tablet.undo()  # the last hand is not reopened either
    assert "This table is closed" in text(undo)
    assert tablet.hand.status == "complete"
    # Off the home page's list, in the closed ones, and its history stays.
    home = tablet.client.get("/").content.decode()
    tables, _sep, closed = home.partition("Closed tables")
    assert "Kitchen" not in tables and "Kitchen" in closed
    history = text(tablet.client.get(tablet.url("hands/")))
    assert "Hand 1" in history
    assert "Closed; the players left with their chips:" in history


def test_closing_is_refused_during_a_hand_and_changes_nothing(tablet: Tablet) -> None:
    tablet.start()
    response = close(tablet)
    assert "Hand 1 is in progress: change the table after it." in text(response)
    table = Table.objects.get(pk=tablet.table.pk)
    assert table.closed_at is None
    assert table.seats.count() == 3
    assert not CashOut.objects.exists()
    assert not TableEvent.objects.exists()


def test_closing_from_an_out_of_date_page_changes_nothing(tablet: Tablet) -> None:
    version = tablet.version
    tablet.table.bump()
    assert STALE in text(close(tablet, version))
    assert Table.objects.get(pk=tablet.table.pk).closed_at is None
    assert not CashOut.objects.exists()


# --- moving a player ------------------------------------------------------------------------


@pytest.fixture
def den(tablet: Tablet, sit: Any) -> Table:
    """A second table of the same night: Dora in seat 1."""
    table = Table.objects.create(
        host=tablet.table.host,
        session=tablet.table.session,
        name="Den",
        max_seats=6,
        chips=tablet.table.chips,
    )
    sit(table, 1, "Dora")
    return table


def move(tablet: Tablet, **data: Any) -> Any:
    fields = {"version": tablet.version, "seat": 1}
    return tablet.client.post(tablet.url("move/"), {**fields, **data}, follow=True)


def ledger_totals(session: Session) -> tuple[int, int, int]:
    return (
        sum(session.buy_ins.values_list("chips", flat=True)),
        BuyIn.objects.filter(session=session).count(),
        CashOut.objects.filter(session=session).count(),
    )


def test_a_player_moves_with_their_chips_and_the_ledger_is_unchanged(
    tablet: Tablet, den: Table
) -> None:
    tablet.start()
    tablet.act("fold")
    tablet.act("fold")  # Cia's big blind wins
    anna = tablet.table.seats.get(number=1)
    totals = ledger_totals(tablet.table.session)
    response = move(tablet, to_table=den.pk, to_seat=4)
    assert f"Anna moves to Den, seat 4, with {anna.stack} chips." in text(response)
    moved = Seat.objects.get(player=anna.player)
    assert (moved.table, moved.number, moved.stack) == (den, 4, anna.stack)
    assert moved.is_new is False  # Den has dealt no hand yet: dealt in as usual
    assert ledger_totals(tablet.table.session) == totals
    assert "Anna moved from seat 1 to Den, seat 4" in text(tablet.client.get(tablet.url("hands/")))
    assert "Anna moved in from Kitchen to seat 4" in text(
        tablet.client.get(f"/tables/{den.pk}/hands/")
    )


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("mid-hand", "Anna is in hand 1 here: move them after it."),
        ("taken", "Seat 1 at Den is taken (Dora)."),
        ("other session", "Den plays in another session"),
        ("tournament", "Tournament tables move their players on the tournament's tables page."),
        ("closed", "Den is closed."),
        ("no such seat", "Den has 6 seats."),
        ("same table", "Choose one of your tables."),
        (
            "below the minimum",
            "Anna has 1000 chips and Den's buy-in is at least 2000: top up here first",
        ),
        ("stale", STALE),
    ],
)
def test_a_move_is_refused_with_the_reason_and_changes_nothing(
    tablet: Tablet, den: Table, host: Any, case: str, message: str
) -> None:
    data: dict[str, Any] = {"to_table": den.pk, "to_seat": 2}
    if case == "mid-hand":
        tablet.start()
    elif case == "taken":
        data["to_seat"] = 1
    elif case == "other session":
        other = Session.objects.create(host=host, name="Sunday", currency="SEK", rate_minor=1)
        Table.objects.filter(pk=den.pk).update(session=other)
    elif case == "tournament":
        tournament = Tournament.objects.create(
            host=host, name="Cup", buy_in=100, starting_chips=1500
        )
        structure = TournamentStructure(
            chips=(5, 25),
            starting_stack=1500,
            steps=(Level(small_blind=10, big_blind=20, seconds=600),),
        )
        clock = TournamentClock.objects.create(
            tournament=tournament, data=structure_to_dict(structure)
        )
        Table.objects.filter(pk=den.pk).update(clock=clock)
    elif case == "closed":
        Seat.objects.filter(table=den).delete()
        Table.objects.filter(pk=den.pk).update(closed_at="2026-11-26T01:00:00Z")
    elif case == "no such seat":
        data["to_seat"] = 8
    elif case == "same table":
        data["to_table"] = tablet.table.pk
    elif case == "below the minimum":
        Table.objects.filter(pk=den.pk).update(min_buy_in=2000, max_buy_in=5000)
    elif case == "stale":
        data["version"] = tablet.version
        tablet.table.bump()
    seats = list(Seat.objects.order_by("pk").values())
    totals = ledger_totals(tablet.table.session)
    response = move(tablet, **data)
    assert message in text(response)
    assert list(Seat.objects.order_by("pk").values()) == seats
    assert ledger_totals(tablet.table.session) == totals
    assert not TableEvent.objects.exists()


def test_a_stack_above_the_targets_maximum_moves_whole(tablet: Tablet, den: Table) -> None:
    """The chips are the same chips: nothing is bought, so the maximum buy-in does not cut them."""
    Table.objects.filter(pk=den.pk).update(min_buy_in=100, max_buy_in=500)
    response = move(tablet, to_table=den.pk, to_seat=3)
    assert "Anna moves to Den, seat 3, with 1000 chips." in text(response)
    assert Seat.objects.get(table=den, number=3).stack == 1000
