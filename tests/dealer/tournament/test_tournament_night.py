"""A tournament run from the home page, as a host finds it: one Tournaments place in the menu,
the tournament page and its clock, remote, TV display and tables linking each other, the seat
draw seated at a dealer table in one tap (stacks carried over, nothing to pay, no stray
session), and between hands the blinds of the level the next hand will be dealt at."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from dealer.engine.structure import AnteKind, Level, TournamentStructure, structure_to_dict
from dealer.poker.models import Hand, Seat, Table
from dealer.tournament.models import TournamentClock
from ledger.models import BuyIn, Entry, Player, Session, Tournament

HTMX = {"HX-Request": "true"}
pytestmark = pytest.mark.django_db


def structure() -> TournamentStructure:
    return TournamentStructure(
        chips=(25, 100, 500),
        starting_stack=1500,
        steps=(
            Level(small_blind=75, big_blind=150, seconds=1800),
            Level(
                small_blind=100, big_blind=200, ante=200, ante_kind=AnteKind.BIG_BLIND, seconds=1800
            ),
        ),
    )


@pytest.fixture
def tournament(host: Any) -> Tournament:
    return Tournament.objects.create(
        host=host, name="Friday cup", buy_in=20000, starting_chips=1500
    )


@pytest.fixture
def clock(tournament: Tournament) -> TournamentClock:
    return TournamentClock.objects.create(
        tournament=tournament, data=structure_to_dict(structure())
    )


@pytest.fixture
def other_host(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user(username="olle", password="another-table-42")


@pytest.fixture
def dealer(client: Client, host: Any) -> Client:
    client.force_login(host)
    return client


def register(tournament: Tournament, *names: str, chips: int = 1500) -> list[Player]:
    players = []
    for name in names:
        player = Player.objects.create(host=tournament.host, name=name)
        Entry.objects.create(tournament=tournament, player=player, money=20000, chips=chips)
        players.append(player)
    return players


def hrefs(html: str) -> set[str]:
    return set(re.findall(r'href="([^"]+)"', html))


def draw(client: Client, clock: TournamentClock, tables: int = 1, seats: int = 9) -> None:
    clock.refresh_from_db()
    response = client.post(
        f"/tournaments/{clock.tournament_id}/tables/draw/",
        {"version": clock.version, "tables": tables, "seats": seats},
        headers=HTMX,
    )
    assert "Seats drawn" in response.text


def open_table(client: Client, clock: TournamentClock, index: int = 0) -> Any:
    clock.refresh_from_db()
    return client.post(
        f"/tournaments/{clock.tournament_id}/tables/open/",
        {"version": clock.version, "table": index},
        headers=HTMX,
    )


# --- one place: the menu, /tournaments/, the home page ---------------------------------------


def test_the_menu_has_one_tournaments_entry(dealer: Client) -> None:
    html = dealer.get("/").text
    start = html.index('<nav class="site-nav"')
    menu = html[start : html.index("</nav>", start)]
    assert menu.count('href="/tournaments/"') == 1
    assert ">Tournaments<" in menu


def test_the_home_page_leads_to_the_tournaments(dealer: Client) -> None:
    html = dealer.get("/").text
    assert 'data-testid="home-tournaments"' in html
    assert re.search(r'href="/tournaments/"[^>]*data-testid="home-tournaments"', html)


def test_tournaments_lists_the_hosts_tournaments(
    dealer: Client, tournament: Tournament, other_host: Any
) -> None:
    Tournament.objects.create(host=other_host, name="Not yours", buy_in=100, starting_chips=100)
    response = dealer.get("/tournaments/")
    assert response.status_code == 200
    assert f'href="/tournaments/{tournament.pk}/"' in response.text
    assert "Friday cup" in response.text
    assert "Not yours" not in response.text
    assert 'href="/tournaments/structures/"' in response.text  # the saved structures


def test_the_old_ledger_addresses_lead_to_the_new_ones(
    dealer: Client, tournament: Tournament
) -> None:
    assert dealer.get("/ledger/tournaments/?session=3")["Location"] == "/tournaments/?session=3"
    old = dealer.get(f"/ledger/tournaments/{tournament.pk}/")
    assert old["Location"] == f"/tournaments/{tournament.pk}/"


def test_a_tournament_without_a_clock_offers_to_set_one_up(
    dealer: Client, tournament: Tournament
) -> None:
    html = dealer.get(f"/tournaments/{tournament.pk}/").text
    assert f'href="/tournaments/{tournament.pk}/clock/"' in html
    assert 'data-testid="link-clock"' in html
    assert 'data-testid="link-remote"' not in html
    setup = dealer.get(f"/tournaments/{tournament.pk}/clock/").text
    assert f'href="/tournaments/{tournament.pk}/"' in setup  # and back


def test_the_tournament_page_links_its_clock_remote_tv_and_tables_and_each_links_back(
    dealer: Client, tournament: Tournament, clock: TournamentClock
) -> None:
    register(tournament, "Anna", "Bo", "Cia")
    draw(dealer, clock)
    open_table(dealer, clock)
    table = Table.objects.get()
    page = f"/tournaments/{tournament.pk}/"
    links = hrefs(dealer.get(page).text)
    pages = {
        "remote": f"/tournaments/{tournament.pk}/remote/",
        "clock": f"/tournaments/{tournament.pk}/clock/",
        "tv": f"/tournaments/tv/{clock.display_token}/",
        "tables": f"/tournaments/{tournament.pk}/tables/",
        "dealer table": f"/tables/{table.pk}/",
    }
    for what, url in pages.items():
        assert url in links, what
        response = dealer.get(url)
        assert response.status_code == 200, what
        assert page in hrefs(response.text), f"{what} does not link back"


def test_the_structures_page_links_back_to_the_tournaments(dealer: Client) -> None:
    assert "/tournaments/" in hrefs(dealer.get("/tournaments/structures/").text)


# --- the seat draw, seated in one tap --------------------------------------------------------


def test_the_draw_is_seated_at_a_dealer_table_in_one_tap(
    dealer: Client, tournament: Tournament, clock: TournamentClock
) -> None:
    anna, bo, cia = register(tournament, "Anna", "Bo", "Cia")
    Entry.objects.create(tournament=tournament, player=cia, kind="rebuy", money=20000, chips=1000)
    draw(dealer, clock)
    clock.refresh_from_db()
    drawn = {int(p): int(s) for s, p in clock.tables[0]["seats"].items()}
    tables_page = dealer.get(f"/tournaments/{tournament.pk}/tables/").text
    assert 'data-testid="seat-table"' in tables_page

    response = open_table(dealer, clock)

    table = Table.objects.get()
    assert response.status_code == 204
    assert response["HX-Redirect"] == f"/tables/{table.pk}/"
    seats = {s.player_id: (s.number, s.stack) for s in Seat.objects.filter(table=table)}
    assert seats == {
        anna.pk: (drawn[anna.pk], 1500),
        bo.pk: (drawn[bo.pk], 1500),
        cia.pk: (drawn[cia.pk], 2500),  # the rebuy's chips too
    }
    assert not Seat.objects.filter(table=table, is_new=True).exists()  # dealt in at once
    assert table.clock == clock
    assert (table.small_blind, table.big_blind) == (75, 150)
    assert sorted(int(c["value"]) for c in table.chips) == [25, 100, 500]
    # Nothing bought in the ledger; one session, the tournament's (no stray cash session).
    assert not BuyIn.objects.exists()
    tournament.refresh_from_db()
    assert Session.objects.count() == 1
    assert table.session == tournament.session
    page = dealer.get(f"/tables/{table.pk}/").text
    assert "3 players sit at" in page
    # The tables page now opens the dealer's screen instead.
    after = dealer.get(f"/tournaments/{tournament.pk}/tables/").text
    assert f'href="/tables/{table.pk}/"' in after
    assert 'data-testid="seat-table"' not in after


def test_a_tournament_in_a_session_seats_its_table_in_that_session(
    dealer: Client, tournament: Tournament, clock: TournamentClock, host: Any
) -> None:
    night = Session.objects.create(host=host, name="Friday", currency="SEK")
    tournament.session = night
    tournament.save()
    register(tournament, "Anna", "Bo")
    draw(dealer, clock)
    open_table(dealer, clock)
    assert Table.objects.get().session == night
    assert Session.objects.count() == 1


def test_a_table_is_opened_once(
    dealer: Client, tournament: Tournament, clock: TournamentClock
) -> None:
    register(tournament, "Anna", "Bo")
    draw(dealer, clock)
    open_table(dealer, clock)
    response = open_table(dealer, clock)
    assert "is open already" in response.text
    assert Table.objects.count() == 1 and Seat.objects.count() == 2


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"table": "7"}, "No such table."),
        ({"table": "x"}, "No such table."),
        ({"table": ""}, "No such table."),
        ({"table": "0", "version": "1"}, "Another device changed the clock first"),
    ],
)
def test_a_bad_open_changes_nothing(
    dealer: Client, tournament: Tournament, clock: TournamentClock, data: dict, message: str
) -> None:
    register(tournament, "Anna", "Bo")
    draw(dealer, clock)
    clock.refresh_from_db()
    before = (clock.version, clock.tables)
    response = dealer.post(
        f"/tournaments/{tournament.pk}/tables/open/",
        {"version": clock.version, **data},
        headers=HTMX,
    )
    assert message in response.text
    clock.refresh_from_db()
    assert (clock.version, clock.tables) == before
    assert not Table.objects.exists() and not Session.objects.exists()


def test_a_player_seated_elsewhere_stops_the_table_and_nothing_is_made(
    dealer: Client, tournament: Tournament, clock: TournamentClock, host: Any
) -> None:
    anna, _bo = register(tournament, "Anna", "Bo")
    cash = Table.objects.create(
        host=host,
        name="Cash",
        session=Session.objects.create(host=host, name="Cash night", currency="SEK"),
    )
    Seat.objects.create(table=cash, number=1, player=anna, stack=100)
    draw(dealer, clock)
    response = open_table(dealer, clock)
    assert "Anna already sits at Cash" in response.text.replace("\u2068", "").replace("\u2069", "")
    assert Table.objects.count() == 1
    assert Session.objects.count() == 1
    tournament.refresh_from_db()
    assert tournament.session is None


def test_a_tournament_table_asks_no_payment_and_offers_the_starting_chips(
    dealer: Client, tournament: Tournament, clock: TournamentClock
) -> None:
    register(tournament, "Anna", "Bo")
    draw(dealer, clock)
    open_table(dealer, clock)
    table = Table.objects.get()
    html = dealer.get(f"/tables/{table.pk}/").text
    seating = html[html.index('id="seating"') :]
    assert 'name="method"' not in seating
    assert "paid in cash" not in seating
    assert "Tournament chips" in seating
    assert re.search(r'name="chips"[^>]*value="1500"', seating)
    # A late registration sits down with the tournament's chips, nothing bought (in a seat the
    # random draw left free).
    table.refresh_from_db()
    taken = set(table.seats.values_list("number", flat=True))
    free = min(set(range(1, table.max_seats + 1)) - taken)
    response = dealer.post(
        f"/tables/{table.pk}/seats/",
        {"version": table.version, "seat": free, "new_player": "Dan", "chips": 1500},
        headers=HTMX,
    )
    assert f"Dan sits in seat {free} with 1500" in response.text.replace("\u2068", "").replace(
        "\u2069", ""
    )
    assert not BuyIn.objects.exists()


def test_a_tournament_table_from_the_new_table_form_makes_no_stray_session(
    dealer: Client, tournament: Tournament, clock: TournamentClock
) -> None:
    response = dealer.post(
        "/tables/new/",
        {
            "name": "Final table",
            "game": "nl_holdem",
            "small_blind": 25,
            "big_blind": 50,
            "ante": 0,
            "ante_mode": "none",
            "small_bet": 0,
            "big_bet": 0,
            "max_seats": 9,
            "clock": clock.pk,
            "currency": "SEK",
            "chip_value": "1",
            "chip_values": "25, 100, 500",
            "dead_button": "on",
            "straddle_raise": "straddle",
            "button_straddle_order": "small_blind",
            "limit_raises": 3,
            "heads_up_cap": "uncapped_when_heads_up",
            "blind_before_ante": "on",
        },
    )
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert Session.objects.count() == 1
    assert Table.objects.get().session == tournament.session


def test_tournament_chips_are_not_counted_in_the_sessions_cash_count(
    dealer: Client, tournament: Tournament, clock: TournamentClock
) -> None:
    from dealer.poker.ledger import session_seats

    register(tournament, "Anna", "Bo")
    draw(dealer, clock)
    open_table(dealer, clock)
    tournament.refresh_from_db()
    assert session_seats(tournament.session) == []


# --- between hands: the level the next hand will use -----------------------------------------


def test_between_hands_the_table_shows_the_level_the_next_hand_is_dealt_at(
    dealer: Client, tournament: Tournament, clock: TournamentClock
) -> None:
    register(tournament, "Anna", "Bo", "Cia")
    draw(dealer, clock)
    open_table(dealer, clock)
    table = Table.objects.get()
    table.refresh_from_db()
    dealer.post(f"/tables/{table.pk}/start/", {"version": table.version}, headers=HTMX)
    hand = Hand.objects.get()
    assert hand.engine_config().blinds.count(150) == 1
    # The clock moves on during the hand; the hand ends (everyone folds to the big blind).
    clock.refresh_from_db()
    clock.step = 1
    clock.save()
    response = None
    for _ in (0, 1):
        table.refresh_from_db(fields=["version"])
        response = dealer.post(
            f"/tables/{table.pk}/act/",
            {"version": table.version, "hand": hand.number, "kind": "fold"},
            headers=HTMX,
        )
    assert Hand.objects.get().status == Hand.Status.COMPLETE
    assert response is not None
    # The prompt after the last action, the whole page and the TV: 100/200, not 75/150.
    for html in (
        response.text,
        dealer.get(f"/tables/{table.pk}/").text,
        dealer.get(f"/d/{table.display_token}/").text,
    ):
        assert "posts 200" in html or "100/200" in html
        assert "posts 150" not in html
    page = dealer.get(f"/tables/{table.pk}/").text
    assert re.search(r'class="stakes">[^<]*100/200 ante 200', page)
    # The next hand is dealt at exactly what was shown.
    table.refresh_from_db()
    dealer.post(f"/tables/{table.pk}/start/", {"version": table.version}, headers=HTMX)
    second = Hand.objects.get(number=2)
    assert sorted(second.engine_config().blinds)[-2:] == [100, 200]


# --- the remote's time to the break, the TV's money --------------------------------------------


def test_the_remotes_time_to_the_break_counts_down(
    dealer: Client, tournament: Tournament, host: Any
) -> None:
    from dealer.engine.structure import Break

    steps = (
        Level(small_blind=25, big_blind=50, seconds=1800),
        Break(seconds=600),
        Level(small_blind=50, big_blind=100, seconds=1800),
    )
    TournamentClock.objects.create(
        tournament=tournament,
        data=structure_to_dict(TournamentStructure(chips=(25,), starting_stack=1500, steps=steps)),
    )
    html = dealer.get(f"/tournaments/{tournament.pk}/remote/").text
    match = re.search(r'<span data-testid="remote-to-break" data-tick-ms="(\d+)">([^<]+)<', html)
    assert match, "the time to the break has no ticking figure"
    assert int(match.group(1)) == 1800 * 1000
    assert match.group(2) == "30:00"


def test_the_tv_writes_money_like_every_other_page(
    client: Client, tournament: Tournament, clock: TournamentClock
) -> None:
    register(tournament, *[f"P{n}" for n in range(9)])
    html = client.get(f"/tournaments/tv/{clock.display_token}/").text
    # 9 × 200.00 kr: as the tournament page writes it.
    assert 'data-testid="pool">1,800.00\xa0kr<' in html
    assert "SEK" not in html


def test_an_idle_table_shows_a_new_level_as_it_starts(
    dealer: Client, tournament: Tournament, clock: TournamentClock
) -> None:
    """Between hands the screens follow the clock by themselves: the poll answers nothing
    while the level stays, and the new level when it changes (the TV and phones too)."""
    register(tournament, "Anna", "Bo", "Cia")
    draw(dealer, clock)
    open_table(dealer, clock)
    table = Table.objects.get()
    screens = {
        "dealer": (f"/tables/{table.pk}/", f"/tables/{table.pk}/poll/"),
        "tv": (f"/d/{table.display_token}/", f"/d/{table.display_token}/poll/"),
        "phone": (f"/p/{table.display_token}/", f"/p/{table.display_token}/poll/"),
    }
    keys = {}
    for name, (page, poll) in screens.items():
        html = dealer.get(page).text
        keys[name] = re.search(r'poll/\?v=([^"]+)"', html).group(1)  # type: ignore[union-attr]
        assert dealer.get(poll, {"v": keys[name]}, headers=HTMX).status_code == 204, name
    clock.refresh_from_db()
    clock.step = 1
    clock.save()
    for name, (_page, poll) in screens.items():
        response = dealer.get(poll, {"v": keys[name]}, headers=HTMX)
        assert response.status_code == 200, name
        assert "posts 200" in response.text or "100/200" in response.text, name


# --- balancing the draw moves the players at the dealer tables too ---------------------------


def unbalanced_draw(dealer: Client, tournament: Tournament, clock: TournamentClock) -> None:
    """Six players drawn at two tables, then one moved by hand in the draw: 4 and 2."""
    register(tournament, "Anna", "Bo", "Cia", "Dag", "Eva", "Fia")
    draw(dealer, clock, tables=2, seats=9)
    clock.refresh_from_db()
    first, second = clock.tables[0]["seats"], clock.tables[1]["seats"]
    seat, player = next(iter(second.items()))
    free = next(str(n) for n in range(1, 10) if str(n) not in first)
    first[free] = player
    del second[seat]
    clock.save(update_fields=["tables"])


def confirm(dealer: Client, clock: TournamentClock, action: str = "move") -> str:
    clock.refresh_from_db()
    response = dealer.post(
        f"/tournaments/{clock.tournament_id}/tables/{action}/",
        {"version": clock.version},
        headers=HTMX,
    )
    return response.text


def dealer_seats() -> dict[int, tuple[int, int, int]]:
    return {s.player_id: (s.table_id, s.number, s.stack) for s in Seat.objects.all()}


def test_a_balancing_move_moves_the_player_at_the_dealer_tables_with_their_chips(
    dealer: Client, tournament: Tournament, clock: TournamentClock
) -> None:
    unbalanced_draw(dealer, tournament, clock)
    open_table(dealer, clock, 0)
    open_table(dealer, clock, 1)
    first, second = Table.objects.order_by("pk")
    Seat.objects.filter(table=first).update(stack=1234)  # chips won and lost since the draw
    versions = (first.version, second.version)

    assert "Move done." in confirm(dealer, clock)

    clock.refresh_from_db()
    moved_to = {int(p): int(s) for s, p in clock.tables[1]["seats"].items()}
    seats = dealer_seats()
    at_second = {p: n for p, (t, n, _) in seats.items() if t == second.pk}
    assert at_second == moved_to  # the dealer table seats what the draw says
    assert len(at_second) == 3 and sum(1 for t, _, _ in seats.values() if t == first.pk) == 3
    # The chips moved with the player: the mover has the first table's 1234, the others the
    # 1500 they sat down with.
    movers = [p for p in at_second if seats[p][2] == 1234]
    assert len(movers) == 1 and all(seats[p][2] == 1500 for p in at_second if p not in movers)
    mover = movers[0]
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.version > versions[0] and second.version > versions[1]  # screens redraw
    name = Player.objects.get(pk=mover).name
    assert f"{name} moved from seat" in dealer.get(f"/tables/{first.pk}/hands/").text
    assert f"{name} moved in from" in dealer.get(f"/tables/{second.pk}/hands/").text


def test_a_move_between_a_dealt_and_an_undealt_table_is_refused(
    dealer: Client, tournament: Tournament, clock: TournamentClock
) -> None:
    unbalanced_draw(dealer, tournament, clock)
    open_table(dealer, clock, 0)  # only the first table is dealt at a dealer table
    clock.refresh_from_db()
    before = (clock.version, clock.tables, dealer_seats())
    page = confirm(dealer, clock)
    assert "but only Table 1 is dealt at a dealer table: open Table 2" in page
    clock.refresh_from_db()
    assert (clock.version, clock.tables, dealer_seats()) == before


def test_a_player_in_a_hand_moves_after_it(
    dealer: Client, tournament: Tournament, clock: TournamentClock
) -> None:
    unbalanced_draw(dealer, tournament, clock)
    open_table(dealer, clock, 0)
    open_table(dealer, clock, 1)
    first = Table.objects.order_by("pk").first()
    dealer.post(f"/tables/{first.pk}/start/", {"version": first.version}, headers=HTMX)
    assert first.live_hand() is not None
    clock.refresh_from_db()
    before = (clock.version, clock.tables, dealer_seats())
    page = confirm(dealer, clock)
    assert "is in hand 1 at" in page and "confirm the move after it" in page
    clock.refresh_from_db()
    assert (clock.version, clock.tables, dealer_seats()) == before


def test_breaking_a_table_moves_its_players_and_closes_its_dealer_table(
    dealer: Client, tournament: Tournament, clock: TournamentClock
) -> None:
    register(tournament, "Anna", "Bo", "Cia", "Dag")
    draw(dealer, clock, tables=2, seats=9)
    open_table(dealer, clock, 0)
    open_table(dealer, clock, 1)
    assert "Table broken" in confirm(dealer, clock, "break")
    open_tables = Table.objects.filter(closed_at__isnull=True)
    assert open_tables.count() == 1
    assert Seat.objects.filter(table=open_tables.get()).count() == 4
    assert Table.objects.filter(closed_at__isnull=False).get().seats.count() == 0
