"""What a session's state forbids at its tables, and the count at the end of the night: a
counted or settled session's tables stop; the count is idempotent and says where each figure
comes from; a player sits at one table at a time; a settle racing buy-ins leaves nothing behind
it."""

from __future__ import annotations

import re
import threading
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test import Client

from dealer.poker.models import Hand, HandAction, Seat, Table, UndoneAction
from ledger.models import BuyIn, CashOut, Player, Result, Session, Transfer
from tests.dealer.conftest import HTMX, Tablet, make_table, sit
from tests.dealer.poker.test_seating_views import text


def finish_a_hand(tablet: Tablet) -> None:
    tablet.start()
    tablet.act("fold")
    tablet.act("fold")
    assert tablet.hand.status == Hand.Status.COMPLETE


def session_of(tablet: Tablet) -> Session:
    return Session.objects.get(pk=tablet.table.session_id)


@pytest.mark.parametrize("state", ["counting", "settled"])
def test_a_counted_or_settled_sessions_table_does_not_play(tablet: Tablet, state: str) -> None:
    finish_a_hand(tablet)
    Session.objects.filter(pk=tablet.table.session_id).update(state=state)
    stacks, version = tablet.stacks(), tablet.version

    responses = [
        tablet.start(),
        tablet.undo(),  # reopening the last hand
        tablet.post("seats/", {"version": version, "seat": 2, "new_player": "Dag", "chips": 100,
                               "method": "cash"}),
        tablet.post("seats/1/chips/rebuy/", {"version": version, "chips": 100}),
        tablet.post("seats/1/toggle/sit_out/", {"version": version}),
    ]  # fmt: skip
    if state == "settled":  # (while counting, a player may stand up: see below)
        responses.append(tablet.post("seats/1/leave/", {"version": version}))

    for response in responses:
        assert response.status_code == 200
        page = text(response)
        assert ("being counted" in page) or ("settled" in page), page[:300]
    assert Hand.objects.count() == 1 and Hand.objects.get().status == Hand.Status.COMPLETE
    assert not UndoneAction.objects.exists()
    assert tablet.stacks() == stacks and tablet.version == version
    assert not Player.objects.filter(name="Dag").exists()
    assert BuyIn.objects.count() == 3 and not CashOut.objects.exists()


def test_a_hand_in_progress_stops_when_the_session_is_settled_elsewhere(tablet: Tablet) -> None:
    tablet.start()
    tablet.act("call")
    Session.objects.filter(pk=tablet.table.session_id).update(state="settled")

    response = tablet.act("call")

    assert "This session is settled" in text(response)
    assert list(HandAction.objects.values_list("data__type", flat=True)) == ["call"]


def test_counting_waits_for_the_hand_in_progress(tablet: Tablet, host: Any) -> None:
    tablet.start()
    session = session_of(tablet)

    with pytest.raises(ValidationError, match="Hand 1 at Kitchen is in progress"):
        session.start_counting(by=host)

    assert Session.objects.get(pk=session.pk).state == Session.State.OPEN
    tablet.act("fold")
    tablet.act("fold")
    session.start_counting(by=host)
    assert Session.objects.get(pk=session.pk).state == Session.State.COUNTING


def test_back_to_the_game_lets_the_table_play_again(tablet: Tablet, host: Any) -> None:
    session = session_of(tablet)
    session.start_counting(by=host)
    assert "being counted" in text(tablet.start())
    session.resume(by=host)
    tablet.start()
    assert Hand.objects.count() == 1


# --- the count ----------------------------------------------------------------------------------


def count_boxes(page: str) -> dict[str, str]:
    return dict(re.findall(r'name="(chips_\d+)"[^>]*value="(\d*)"', page))


def test_saving_the_count_twice_does_not_double_it(tablet: Tablet, host: Any) -> None:
    """Anna still sits at the table with 590: the box offers 590; after saving, it shows the
    saved 590 (not 590 plus the 590 still at the table), and saving again records 590 once."""
    finish_a_hand(tablet)
    Seat.objects.filter(number=1).update(stack=590)
    anna = Player.objects.get(name="Anna")
    session = session_of(tablet)
    client = tablet.client
    url = f"/ledger/sessions/{session.pk}/"

    boxes = count_boxes(client.get(url).text)
    assert boxes[f"chips_{anna.pk}"] == "590"
    assert "At Kitchen now: 590." in text(client.get(url).text)
    for _ in range(3):
        page = client.post(url + "count/", boxes, headers=HTMX).text
        boxes = count_boxes(page)
        assert boxes[f"chips_{anna.pk}"] == "590"

    assert CashOut.objects.filter(player=anna).count() == 1
    statement = Session.objects.get(pk=session.pk).statement()
    assert {r.player.name: r.counted for r in statement.rows}["Anna"] == 590
    assert statement.counted == sum(tablet.stacks().values())  # each seat counted once
    assert "Saved count: 590" in text(page)


def test_a_player_who_left_with_chips_is_not_counted_twice(tablet: Tablet) -> None:
    finish_a_hand(tablet)
    version = tablet.version
    tablet.post("seats/3/leave/", {"version": version})  # Bo leaves with 995
    session = session_of(tablet)
    bo = Player.objects.get(name="Bo")
    url = f"/ledger/sessions/{session.pk}/"

    page = tablet.client.get(url).text
    assert count_boxes(page)[f"chips_{bo.pk}"] == ""
    assert "Already counted when leaving a table: 995 (not in the box)." in text(page)
    tablet.client.post(url + "count/", count_boxes(page), headers=HTMX)

    statement = Session.objects.get(pk=session.pk).statement()
    assert {r.player.name: r.counted for r in statement.rows}["Bo"] == 995
    assert statement.difference_chips == 0 and not statement.uncounted


def test_no_shortfall_shows_before_anything_is_counted(logged_in: Client, host: Any) -> None:
    table = make_table(host)
    for number, name in ((1, "Anna"), (3, "Bo")):
        sit(table, number, name, 925)
    Seat.objects.all().delete()  # both left without a count (an old version of Pott)
    url = f"/ledger/sessions/{table.session_id}/"

    page = text(logged_in.post(url + "counting/", headers=HTMX))

    assert "chips are missing" not in page
    assert "Who takes the difference?" not in page
    assert "Still to count: Anna, Bo." in page


@pytest.fixture
def logged_in(client: Client, host: Any) -> Client:
    client.force_login(host)
    return client


# --- one seat per player ----------------------------------------------------------------


def test_a_player_cannot_sit_at_two_tables(tablet: Tablet, host: Any) -> None:
    den = make_table(host, name="Den")
    anna = Player.objects.get(name="Anna")
    other = Tablet(tablet.client, den)

    response = other.post(
        "seats/",
        {"version": other.version, "seat": 1, "player": anna.pk, "chips": 500, "method": "cash"},
    )

    assert "already sits at a table" in text(response)
    assert not den.seats.exists()
    # The model refuses too:
    with pytest.raises(ValidationError, match="Anna already sits at Kitchen"):
        Seat.check_free(anna)


def test_merging_two_players_who_both_sit_is_refused_with_a_message(
    tablet: Tablet, host: Any
) -> None:
    anna, bo = Player.objects.get(name="Anna"), Player.objects.get(name="Bo")
    response = tablet.client.post(f"/ledger/players/{anna.pk}/merge/", {"other": bo.pk})
    assert response.status_code == 200
    assert "a player can have only one" in text(response)
    assert Player.objects.filter(pk=bo.pk).exists()
    assert Seat.objects.get(number=3).player == bo


def test_merging_keeps_the_hand_history_names(tablet: Tablet, host: Any) -> None:
    finish_a_hand(tablet)
    bo = Player.objects.get(name="Bo")
    tablet.post("seats/3/leave/", {"version": tablet.version})
    twin = Player.objects.create(host=host, name="Bo again")

    twin.merge(bo)

    assert twin.pk in Hand.objects.get().players and bo.pk not in Hand.objects.get().players
    page = tablet.client.get(f"/tables/{tablet.table.pk}/hands/1/").text
    assert "Bo again" in page


# --- a settle racing buy-ins and cash-outs -----------------------------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("round_", range(4))
def test_a_settle_racing_buy_ins_leaves_no_write_in_the_settled_session(
    host: Any, round_: int
) -> None:
    table = make_table(host, name=f"Race {round_}")
    players = [sit(table, n, f"P{round_}-{n}", 100) for n in (1, 2, 3)]
    Seat.objects.filter(table=table).delete()
    session = Session.objects.get(pk=table.session_id)
    for seat in players:
        session.cash_out(seat.player, 100)
    # A difference from the racing buy-ins is the host's: the settle succeeds whenever it runs.
    session.decide("host", by=host)
    barrier = threading.Barrier(8)

    def settle() -> None:
        try:
            barrier.wait()
            Session.objects.get(pk=session.pk).settle(by=None)
        except ValidationError:
            pass
        finally:
            connection.close()

    def buy(i: int) -> None:
        try:
            barrier.wait()
            fresh = Session.objects.get(pk=session.pk)
            player = players[i % 3].player
            if i % 2:
                fresh.buy_in(player, 10)
            else:
                fresh.cash_out(player, 10)
        except ValidationError:
            pass
        finally:
            connection.close()

    threads = [threading.Thread(target=settle)]
    threads += [threading.Thread(target=buy, args=(i,)) for i in range(7)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    session.refresh_from_db()
    assert session.state == Session.State.SETTLED
    # Every buy-in and cash-out in the session is in the saved results: none landed after.
    results = Result.objects.filter(session=session)
    bought = sum(b.chips for b in BuyIn.objects.filter(session=session))
    counted = sum(c.chips for c in CashOut.objects.filter(session=session))
    assert sum(r.bought for r in results) == bought
    assert sum(r.counted for r in results) == counted
    assert Transfer.objects.filter(session=session).exists()
    assert Table.objects.filter(pk=table.pk).exists()


@pytest.mark.parametrize(
    ("state", "says"),
    [("counting", "The game is over: the session is being counted."),
     ("settled", "The session is settled: the table no longer plays.")],
)  # fmt: skip
def test_the_table_says_the_game_is_over_instead_of_offering_a_hand(
    tablet: Tablet, state: str, says: str
) -> None:
    Session.objects.filter(pk=tablet.table.session_id).update(state=state)
    page = text(tablet.page())
    assert says in page
    assert "Deal the next hand" not in page


def test_while_counting_a_player_stands_up_with_their_count(tablet: Tablet, host: Any) -> None:
    finish_a_hand(tablet)
    session = session_of(tablet)
    session.start_counting(by=host)
    bo = Player.objects.get(name="Bo")
    session.cash_out(bo, 990, final=True, by=host)  # Bo was counted already

    tablet.post("seats/1/leave/", {"version": tablet.version})  # Anna stands up with 1000
    tablet.post("seats/3/leave/", {"version": tablet.version})  # Bo stands up

    assert list(tablet.table.seats.values_list("number", flat=True)) == [5]
    counts = {c.player.name: (c.kind, c.chips) for c in CashOut.objects.select_related("player")}
    assert counts == {"Anna": ("count", 1000), "Bo": ("count", 990)}


def test_settling_releases_the_seats_for_another_night(tablet: Tablet, host: Any) -> None:
    finish_a_hand(tablet)
    session = session_of(tablet)
    session.decide("host", by=host)
    session.save_count({s.player: (s.stack, {}) for s in tablet.table.seats.all()}, by=host)
    session.settle(by=host)

    assert not Seat.objects.exists()
    friday = make_table(host, name="Next Friday")
    anna = Player.objects.get(name="Anna")
    response = Tablet(tablet.client, friday).post(
        "seats/",
        {"version": friday.version, "seat": 1, "player": anna.pk, "chips": 500, "method": "cash"},
    )
    assert "Anna sits in seat 1 with 500." in text(response)


def test_back_to_the_game_discards_the_saved_count(tablet: Tablet, host: Any) -> None:
    """A count saved before going back to the game would settle players at chips they no
    longer have: it is discarded, and the players are to be counted again."""
    finish_a_hand(tablet)
    session = session_of(tablet)
    session.save_count({s.player: (s.stack, {}) for s in tablet.table.seats.all()}, by=host)
    tablet.post("seats/3/leave/", {"version": tablet.version})  # Bo goes home with his count
    session.resume(by=host)

    assert [c.player.name for c in CashOut.objects.all()] == ["Bo"]
    assert "discarded" in session.events.get(kind="resumed").note
    names = [r.player.name for r in Session.objects.get(pk=session.pk).statement().uncounted]
    assert names == ["Anna", "Cia"]


def test_a_player_still_seated_is_not_counted_by_leaving_another_table(
    tablet: Tablet, host: Any
) -> None:
    """Anna left the Den with 1500 and now sits at Kitchen: she is still to count."""
    session = session_of(tablet)
    anna = Player.objects.get(name="Anna")
    session.cash_out(anna, 1500, by=host)  # from another table, earlier

    statement = session.statement()

    assert "Anna" in [r.player.name for r in statement.uncounted]
    assert not statement.needs_policy
    with pytest.raises(ValidationError, match="Count every player's chips first"):
        session.settle(by=host)


def test_saving_the_count_waits_for_the_hand_in_progress(tablet: Tablet, host: Any) -> None:
    tablet.start()
    session = session_of(tablet)
    with pytest.raises(ValidationError, match="is in progress"):
        session.save_count({Player.objects.get(name="Anna"): (1000, {})}, by=host)
    assert not CashOut.objects.exists()
    assert Session.objects.get(pk=session.pk).state == Session.State.OPEN


def test_reopening_a_hand_needs_the_same_player_in_the_seat(tablet: Tablet, host: Any) -> None:
    """Cia won and left; Dora sat down in seat 5: undoing the hand must not take Cia's win
    from Dora."""
    finish_a_hand(tablet)  # Cia (big blind) wins the blinds
    tablet.post("seats/5/leave/", {"version": tablet.version})
    tablet.post(
        "seats/",
        {"version": tablet.version, "seat": 5, "new_player": "Dora", "chips": 1000,
         "method": "cash"},
    )  # fmt: skip

    response = tablet.undo()

    assert "Seat 5 has changed since the hand" in text(response)
    assert Seat.objects.get(number=5).stack == 1000
    assert Hand.objects.get().status == Hand.Status.COMPLETE


def test_a_tap_meant_for_the_player_who_left_does_not_land_on_the_new_one(
    tablet: Tablet,
) -> None:
    """Device A shows Bo in seat 3; on device B Bo leaves and Dora sits down. A's "Leave" and
    "Rebuy" (posted with the table's latest version, as the seating panel does) must not act
    on Dora."""
    bo = Seat.objects.get(number=3).player_id
    tablet.post("seats/3/leave/", {"version": tablet.version})
    tablet.post(
        "seats/",
        {"version": tablet.version, "seat": 3, "new_player": "Dora", "chips": 700,
         "method": "cash"},
    )  # fmt: skip

    for path, data in (("seats/3/leave/", {}), ("seats/3/chips/rebuy/", {"chips": 100})):
        response = tablet.post(path, {"version": tablet.version, "player": bo, **data})
        assert "Another device changed the table first" in text(response)
    dora = Seat.objects.get(number=3)
    assert (dora.player.name, dora.stack) == ("Dora", 700)


def test_an_old_toggle_does_not_undo_a_change_made_on_another_device(tablet: Tablet) -> None:
    anna = Seat.objects.get(number=1).player_id
    tablet.post("seats/1/toggle/sit_out/", {"version": tablet.version})  # B: Anna sits out
    assert Seat.objects.get(number=1).sitting_out

    # A still shows "Sit out" (asks for sitting_out = 1): nothing changes.
    response = tablet.post(
        "seats/1/toggle/sit_out/", {"version": tablet.version, "player": anna, "to": 1}
    )

    assert "Another device changed the table first" in text(response)
    assert Seat.objects.get(number=1).sitting_out
