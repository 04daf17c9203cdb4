"""The tournament's dealer side: the structure editor, the clock remote, the TV display by token
and the tables page. Posts go the way the pages send them (htmx, with the version seen)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from dealer.engine.structure import Break, Level, TournamentStructure, structure_to_dict
from dealer.tournament.models import SavedStructure, TournamentClock
from ledger.models import Entry, Finish, Player, Tournament

HTMX = {"HX-Request": "true"}
pytestmark = pytest.mark.django_db

STEPS = "10/20 30 min\n20/40 30 min\nbreak 10 min colour-up 5\n50/100 30 min\n100/200 30 min"


def quick_structure() -> TournamentStructure:
    return TournamentStructure(
        chips=(5, 25, 100),
        starting_stack=1500,
        steps=(
            Level(small_blind=10, big_blind=20, seconds=1800),
            Level(small_blind=20, big_blind=40, seconds=1800),
            Break(seconds=600, colour_up=(5,)),
            Level(small_blind=50, big_blind=100, seconds=1800),
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
        tournament=tournament, data=structure_to_dict(quick_structure())
    )


@pytest.fixture
def dealer(client: Client, host: Any) -> Client:
    client.force_login(host)
    return client


def press(client: Client, clock: TournamentClock, action: str, version: int | None = None):  # type: ignore[no-untyped-def]
    clock.refresh_from_db()
    data = {"version": clock.version if version is None else version}
    return client.post(f"/tournaments/{clock.tournament_id}/remote/{action}/", data, headers=HTMX)


# --- the structure editor --------------------------------------------------------------------


def test_editor_checks_a_structure_and_shows_errors_and_warnings(dealer: Client) -> None:
    steps = "10/20 30 min\n15/30 30 min\n20/40 ante 30 30 min\n60/80 30 min"
    response = dealer.post(
        "/tournaments/structures/new/",
        {"chips": "10, 25, 100", "starting_stack": 1500, "steps": steps, "action": "check"},
        headers=HTMX,
    )
    html = response.text
    assert response.status_code == 200
    assert "Level 2: the small blind 15 cannot be made with the chips in play (10, 25, 100)" in html
    assert "Level 3: the ante (30) is above the small blind (20)." in html
    assert "Level 4: the small blind (60) is more than half the big blind (80)." in html
    assert not SavedStructure.objects.exists()


def test_editor_says_which_line_it_cannot_read(dealer: Client) -> None:
    response = dealer.post(
        "/tournaments/structures/new/",
        {
            "chips": "5, 25",
            "starting_stack": 1500,
            "steps": "10/20 30\nten/twenty",
            "action": "check",
        },
        headers=HTMX,
    )
    assert "Line 2 (&quot;ten/twenty&quot;) is not a level or a break" in response.text


def test_generator_fills_the_levels_table(dealer: Client) -> None:
    response = dealer.post(
        "/tournaments/structures/new/",
        {
            "action": "generate",
            "gen-players": 8,
            "gen-starting_stack": 1500,
            "gen-chips": "5, 25, 100",
            "gen-hours": "3",
            "gen-ante": "none",
        },
        headers=HTMX,
    )
    html = response.text
    assert "10/20 15 min" in html  # in the textarea: seed 002's start
    assert "<td>10/20</td>" in html  # and in the levels table
    assert "Every blind and ante can be made with the chips in play." in html


def test_save_as_template_refuses_errors_then_saves(dealer: Client, host: Any) -> None:
    data = {"chips": "5, 25, 100", "starting_stack": 1500, "name": "Home", "action": "save"}
    response = dealer.post(
        "/tournaments/structures/new/", {**data, "steps": "10/20 30\n5/10 30"}, headers=HTMX
    )
    assert "Fix the errors before saving." in response.text
    assert not SavedStructure.objects.exists()
    response = dealer.post("/tournaments/structures/new/", {**data, "steps": STEPS}, headers=HTMX)
    assert "Saved as Home." in response.text
    saved = SavedStructure.objects.get(host=host, name="Home")
    assert saved.structure().levels()[0].big_blind == 20
    assert "Home" in dealer.get("/tournaments/structures/").text


def test_another_hosts_template_and_tournament_are_not_there(
    client: Client, host: Any, django_user_model: Any, tournament: Tournament, clock: Any
) -> None:
    saved = SavedStructure.objects.create(host=host, name="Mine", data={})
    sven = django_user_model.objects.create_user(username="sven", password="not-yours-1")
    client.force_login(sven)
    assert client.get(f"/tournaments/structures/{saved.pk}/").status_code == 404
    assert client.get(f"/tournaments/{tournament.pk}/clock/").status_code == 404
    assert client.get(f"/tournaments/{tournament.pk}/remote/").status_code == 404
    response = client.post(f"/tournaments/{tournament.pk}/remote/start/", {"version": 1})
    assert response.status_code == 404


def test_clock_setup_uses_a_structure_and_loads_a_template(
    dealer: Client, host: Any, tournament: Tournament
) -> None:
    page = dealer.get(f"/tournaments/{tournament.pk}/clock/").text
    assert "Use this structure" in page
    response = dealer.post(
        f"/tournaments/{tournament.pk}/clock/",
        {"chips": "5, 25, 100", "starting_stack": 1500, "steps": STEPS, "action": "use"},
        headers=HTMX,
    )
    assert response.status_code == 204 and response.headers["HX-Redirect"]
    clock = TournamentClock.objects.get(tournament=tournament)
    assert len(clock.structure.steps) == 5
    page = dealer.get(f"/tournaments/{tournament.pk}/clock/").text
    assert "Open the remote" in page and clock.display_token in page
    saved = SavedStructure.objects.create(
        host=host, name="Deep", data=structure_to_dict(quick_structure())
    )
    response = dealer.post(
        f"/tournaments/{tournament.pk}/clock/",
        {"template": saved.pk, "action": "load", "chips": "", "starting_stack": "", "steps": ""},
        headers=HTMX,
    )
    assert "50/100 30 min" in response.text


# --- the remote ------------------------------------------------------------------------------


def test_remote_start_pause_resume(dealer: Client, clock: TournamentClock) -> None:
    page = dealer.get(f"/tournaments/{clock.tournament_id}/remote/").text
    assert "Not started" in page and "30:00" in page and "Level 1 · 10/20" in page
    response = press(dealer, clock, "start")
    assert "Running" in response.text and ">Pause<" in response.text
    clock.refresh_from_db()
    assert clock.started and clock.ends_at is not None and clock.version == 2
    response = press(dealer, clock, "pause")
    assert "Paused" in response.text and ">Resume<" in response.text
    response = press(dealer, clock, "resume")
    assert "Running" in response.text


def test_remote_plus_minus_next_previous(dealer: Client, clock: TournamentClock) -> None:
    press(dealer, clock, "start")
    press(dealer, clock, "pause")
    assert "31:00" in press(dealer, clock, "plus").text
    assert "30:00" in press(dealer, clock, "minus").text
    assert "29:00" in press(dealer, clock, "minus").text
    response = press(dealer, clock, "next")
    assert "Level 2 · 20/40" in response.text
    response = press(dealer, clock, "next")
    assert ">Break<" in response.text
    response = press(dealer, clock, "previous")
    assert "Level 2 · 20/40" in response.text and "30:00" in response.text


def test_stale_version_is_refused_and_changes_nothing(
    dealer: Client, clock: TournamentClock
) -> None:
    press(dealer, clock, "start")
    clock.refresh_from_db()
    before = (clock.version, clock.step, clock.ends_at)
    response = press(dealer, clock, "next", version=1)
    assert "Another device changed the clock first" in response.text
    clock.refresh_from_db()
    assert (clock.version, clock.step, clock.ends_at) == before


def test_refusals_change_nothing(dealer: Client, clock: TournamentClock) -> None:
    response = press(dealer, clock, "pause")
    assert "The clock is not running." in response.text
    response = press(dealer, clock, "previous")
    assert "This is the first level." in response.text
    response = press(dealer, clock, "explode")
    assert "Unknown clock action." in response.text
    response = dealer.post(f"/tournaments/{clock.tournament_id}/remote/start/", {}, headers=HTMX)
    assert "version is missing" in response.text
    clock.refresh_from_db()
    assert (clock.version, clock.started) == (1, False)


def test_remote_needs_a_login_and_csrf(client: Client, clock: TournamentClock, host: Any) -> None:
    response = client.get(f"/tournaments/{clock.tournament_id}/remote/")
    assert response.status_code == 302 and "/login/" in response.url
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(host)
    response = strict.post(f"/tournaments/{clock.tournament_id}/remote/start/", {"version": 1})
    assert response.status_code == 403


# --- the TV display --------------------------------------------------------------------------


def test_tv_display_by_token_without_login(client: Client, clock: TournamentClock) -> None:
    html = client.get(f"/tournaments/tv/{clock.display_token}/").text
    assert "Friday cup" in html and "Level 1" in html and "10/20" in html
    assert "30:00" in html and "Not started" in html
    assert "Next level" in html and "20/40" in html
    assert "Next break in" in html and "1:00:00" in html
    assert 'data-remaining-ms="1800000"' in html and "js/clock.js" in html
    assert client.get("/tournaments/tv/not-a-token/").status_code == 404


def test_tv_poll_answers_204_when_nothing_changed(client: Client, clock: TournamentClock) -> None:
    html = client.get(f"/tournaments/tv/{clock.display_token}/").text
    key = html.split("poll/?v=")[1].split('"')[0]
    response = client.get(f"/tournaments/tv/{clock.display_token}/poll/", {"v": key})
    assert response.status_code == 204 and response.content == b""
    TournamentClock.objects.filter(pk=clock.pk).update(version=5)
    response = client.get(f"/tournaments/tv/{clock.display_token}/poll/", {"v": key})
    assert response.status_code == 200 and 'id="board"' in response.text
    assert "<html" not in response.text


def test_tv_poll_redraws_after_an_entry_or_a_bust_out_and_its_undo(
    client: Client, clock: TournamentClock, tournament: Tournament, host: Any
) -> None:
    """The ledger's entries and bust-outs are part of what a TV compares (prize pool, players
    left): each change, and taking it back, draws a new board once, then it is quiet again."""
    url = f"/tournaments/tv/{clock.display_token}/poll/"
    key = client.get(f"/tournaments/tv/{clock.display_token}/").text.split("poll/?v=")[1]
    key = key.split('"')[0]
    player = Player.objects.create(host=host, name="Eve")

    def redrawn(seen: str) -> str:
        response = client.get(url, {"v": seen})
        assert response.status_code == 200 and 'id="board"' in response.text
        new = response.text.split("poll/?v=")[1].split('"')[0]
        assert client.get(url, {"v": new}).status_code == 204
        return new

    entry = Entry.objects.create(tournament=tournament, player=player, money=20000, chips=1500)
    key = redrawn(key)
    finish = Finish.objects.create(tournament=tournament, player=player, place=1)
    key = redrawn(key)
    finish.delete()
    key = redrawn(key)
    entry.delete()
    redrawn(key)


def test_tv_poll_of_an_unknown_or_replaced_link_is_not_found(
    client: Client, clock: TournamentClock
) -> None:
    old = clock.display_token
    assert client.get("/tournaments/tv/not-a-token/poll/", {"v": "1"}).status_code == 404
    clock.new_link()
    assert client.get(f"/tournaments/tv/{old}/poll/", {"v": "1"}).status_code == 404
    assert client.get(f"/tournaments/tv/{clock.display_token}/poll/").status_code == 200


def test_tv_follows_a_level_change_that_happens_by_itself(
    client: Client, clock: TournamentClock
) -> None:
    # Started 31 minutes ago: level 2 is being played although nothing was stored since.
    now = timezone.now()
    TournamentClock.objects.filter(pk=clock.pk).update(
        started=True, ends_at=now - timedelta(minutes=1)
    )
    html = client.get(f"/tournaments/tv/{clock.display_token}/").text
    assert "Level 2" in html and "20/40" in html and "29:0" in html
    assert 'data-running="1"' in html


def test_tv_break_shows_the_colour_up(client: Client, clock: TournamentClock) -> None:
    TournamentClock.objects.filter(pk=clock.pk).update(
        started=True, step=2, ends_at=timezone.now() + timedelta(minutes=5)
    )
    html = client.get(f"/tournaments/tv/{clock.display_token}/").text
    assert "Colour-up: the 5 chips leave play" in html
    assert "50/100" in html  # the next level


def test_tv_shows_players_average_and_prize_pool(
    client: Client, clock: TournamentClock, tournament: Tournament, host: Any
) -> None:
    for name in ("Anna", "Bo", "Cia", "Dan"):
        player = Player.objects.create(host=host, name=name)
        Entry.objects.create(tournament=tournament, player=player, money=20000, chips=1500)
    Finish.objects.create(tournament=tournament, player=Player.objects.get(name="Dan"), place=4)
    html = client.get(f"/tournaments/tv/{clock.display_token}/").text
    assert 'data-testid="players">3 / 4<' in html
    assert "2000" in html and "(100.0 BB)" in html  # 6000 chips / 3 players, big blind 20
    # 4 × 200 kr, as every other page writes money (the ledger's `money` filter).
    assert 'data-testid="pool">800.00\xa0kr<' in html


# --- tables ----------------------------------------------------------------------------------


def test_tables_draw_balance_and_confirm_a_move(
    dealer: Client, clock: TournamentClock, tournament: Tournament, host: Any
) -> None:
    for number in range(1, 12):
        player = Player.objects.create(host=host, name=f"P{number:02d}")
        Entry.objects.create(tournament=tournament, player=player, money=20000, chips=1500)
    url = f"/tournaments/{tournament.pk}/tables/"
    assert "Draw the seats first." in dealer.get(url).text
    response = dealer.post(url + "draw/", {"version": 1, "tables": 2, "seats": 6}, headers=HTMX)
    assert "Seats drawn for 11 players." in response.text
    assert "The tables are balanced." in response.text
    clock.refresh_from_db()
    sizes = sorted(len(t["seats"]) for t in clock.tables)
    assert sizes == [5, 6]
    # Three players of the smaller table bust: 6 against 2 → two moves (6-2 → 5-3 → 4-4).
    small = min(range(2), key=lambda i: len(clock.tables[i]["seats"]))
    for place, pk in enumerate(list(clock.tables[small]["seats"].values())[:3], start=9):
        Finish.objects.create(tournament=tournament, player_id=pk, place=place)
    html = dealer.get(url).text
    assert "Move P" in html and "1 more move after this one." in html
    stale = dealer.post(url + "move/", {"version": 1}, headers=HTMX)
    assert "Another device changed the clock first" in stale.text
    response = dealer.post(url + "move/", {"version": clock.version}, headers=HTMX)
    assert "Move done." in response.text
    clock.refresh_from_db()
    response = dealer.post(url + "move/", {"version": clock.version}, headers=HTMX)
    assert "The tables are balanced." in response.text


def test_tables_suggest_breaking_a_table(
    dealer: Client, clock: TournamentClock, tournament: Tournament, host: Any
) -> None:
    players = [Player.objects.create(host=host, name=f"P{n}") for n in range(1, 8)]
    for player in players:
        Entry.objects.create(tournament=tournament, player=player, money=20000, chips=1500)
    clock.tables = [
        {"name": "Table 1", "max_seats": 6, "big_blind": 1, "seats": {"1": players[0].pk}},
        {"name": "Table 2", "max_seats": 6, "big_blind": None, "seats": {}},
    ]
    clock.tables[0]["seats"].update({str(n + 1): p.pk for n, p in enumerate(players[:5])})
    clock.tables[1]["seats"] = {"2": players[5].pk, "4": players[6].pk}
    clock.save()
    # 5 and 2 are unbalanced, but everyone fits at one table of 6? 7 do not: balance instead.
    assert "Move P" in dealer.get(f"/tournaments/{tournament.pk}/tables/").text
    Finish.objects.create(tournament=tournament, player=players[6], place=7)
    html = dealer.get(f"/tournaments/{tournament.pk}/tables/").text
    assert "Everyone fits at one table fewer: break Table 2." in html
    response = dealer.post(
        f"/tournaments/{tournament.pk}/tables/break/", {"version": clock.version}, headers=HTMX
    )
    assert "Table broken: 1 players moved." in response.text
    clock.refresh_from_db()
    assert len(clock.tables) == 1 and len(clock.tables[0]["seats"]) == 6
