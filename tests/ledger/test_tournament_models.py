"""Tournaments in the ledger: entries and their windows, bust-outs and places, undo, deals,
payouts, and results joining the night's settlement."""

from __future__ import annotations

from collections import Counter
from random import Random
from typing import Any

import pytest
from django.core.exceptions import ValidationError

from ledger.models import BANK, Entry, Finish, Player, Session, Tournament

pytestmark = pytest.mark.django_db

KR = 100


def make(host: Any, n: int = 0, **options: Any) -> Tournament:
    """A 200 kr tournament (20 kr fee), 10,000 chips; `n` players registered."""
    fields = {"name": "Friday freezeout", "buy_in": 200 * KR, "fee": 20 * KR,
              "starting_chips": 10_000, "payout_unit": 10 * KR} | options  # fmt: skip
    tournament = Tournament.objects.create(host=host, **fields)
    for i in range(n):
        tournament.register(Player.objects.create(host=host, name=f"P{i + 1:02}"), by=host)
    return tournament


def p(tournament: Tournament, name: str) -> Player:
    return Player.objects.get(host=tournament.host, name=name)


def refused(call: Any, *args: Any, **kwargs: Any) -> str:
    with pytest.raises(ValidationError) as error:
        call(*args, **kwargs)
    return " ".join(error.value.messages)


# --- entries ----------------------------------------------------------------------------------


def test_registration_counts_entries_chips_and_the_pool(host: Any) -> None:
    t = make(host, 10)
    assert t.entries_count() == 10
    assert t.players_left() == 10
    assert t.total_chips() == 100_000
    assert t.average_stack() == 10_000
    assert t.paid_in() == 2000 * KR
    assert t.fees() == 200 * KR
    assert t.prize_pool() == 1800 * KR
    # 7–10 entries: 50/30/20.
    assert t.payouts() == [900 * KR, 540 * KR, 360 * KR]


def test_a_player_registers_once(host: Any) -> None:
    t = make(host, 2)
    assert "already in" in refused(t.register, p(t, "P01"))
    assert t.entries_count() == 2


def test_late_registration_closes_after_its_level(host: Any) -> None:
    t = make(host, 3, late_until_level=4)
    t.start()
    late = Player.objects.create(host=host, name="Late")
    t.register(late, level=4)
    assert t.entries_count() == 4
    later = Player.objects.create(host=host, name="Later")
    assert "closed after level 4; this is level 5" in refused(t.register, later, level=5)
    assert t.entries_count() == 4


def test_without_late_registration_entries_close_at_the_start(host: Any) -> None:
    t = make(host, 3)
    t.start()
    message = refused(t.register, Player.objects.create(host=host, name="Late"), level=1)
    assert "closed when the tournament started" in message


def test_re_entry_only_when_busted_and_allowed(host: Any) -> None:
    t = make(host, 4, re_entry=True, late_until_level=3)
    t.start()
    assert "still in" in refused(t.re_enter, p(t, "P01"), level=1)
    t.bust({p(t, "P01"): None})
    t.re_enter(p(t, "P01"), level=2)
    assert t.entries_count() == 5
    assert t.players_left() == 4
    # The earlier bust-out moved down a place: places count down from the entries in.
    assert [(f.player.name, f.place) for f in t.standings()] == [("P01", 5)]
    t.bust({p(t, "P01"): None})
    assert "closed after level 3" in refused(t.re_enter, p(t, "P01"), level=4)


def test_no_re_entry_unless_the_tournament_allows_it(host: Any) -> None:
    t = make(host, 3)
    t.start()
    t.bust({p(t, "P01"): None})
    assert "no re-entries" in refused(t.re_enter, p(t, "P01"), level=1)
    assert "that would be a re-entry" in refused(t.register, p(t, "P01"), level=0)


def test_rebuys_within_their_window(host: Any) -> None:
    t = make(host, 3, rebuy_until_level=3, rebuy_price=100 * KR, rebuy_chips=5000)
    assert "start with the tournament" in refused(t.rebuy, p(t, "P01"), level=0)
    t.start()
    t.rebuy(p(t, "P01"), level=1)
    t.rebuy(p(t, "P01"), level=3)
    assert "closed after level 3; this is level 4" in refused(t.rebuy, p(t, "P02"), level=4)
    assert t.total_chips() == 40_000
    # Rebuys add to the pool but are not entries: no fee on them.
    assert t.entries_count() == 3
    assert t.prize_pool() == 3 * 180 * KR + 2 * 100 * KR


def test_no_rebuys_when_there_are_none(host: Any) -> None:
    t = make(host, 2)
    t.start()
    assert "no rebuys" in refused(t.rebuy, p(t, "P01"), level=1)


def test_the_add_on_once_at_its_level(host: Any) -> None:
    t = make(host, 3, add_on_level=4, add_on_price=100 * KR, add_on_chips=8000)
    t.start()
    assert "taken at level 4; this is level 3" in refused(t.add_on, p(t, "P01"), level=3)
    t.add_on(p(t, "P01"), level=4)
    assert "has taken the add-on" in refused(t.add_on, p(t, "P01"), level=4)
    t.bust({p(t, "P02"): None})
    assert "not in the tournament" in refused(t.add_on, p(t, "P02"), level=4)
    assert Entry.objects.filter(kind="add_on").count() == 1


# --- bust-outs --------------------------------------------------------------------------------


def test_places_count_down_and_the_last_player_wins(host: Any) -> None:
    t = make(host, 4)
    t.start()
    t.bust({p(t, "P03"): None})
    t.bust({p(t, "P01"): None})
    assert t.state == Tournament.State.RUNNING
    t.bust({p(t, "P04"): None})
    t.refresh_from_db()
    assert t.state == Tournament.State.FINISHED
    assert [(f.place, f.player.name) for f in t.standings()] == [
        (1, "P02"), (2, "P04"), (3, "P01"), (4, "P03")
    ]  # fmt: skip
    assert t.players_left() == 0
    assert "finished" in refused(t.bust, {p(t, "P02"): None})


def test_two_out_on_one_hand_the_bigger_stack_finishes_higher(host: Any) -> None:
    t = make(host, 5)
    t.start()
    t.bust({p(t, "P01"): 4000, p(t, "P02"): 9000})
    assert {f.player.name: f.place for f in t.standings()} == {"P02": 4, "P01": 5}


def test_two_out_on_one_hand_need_their_stacks(host: Any) -> None:
    t = make(host, 5)
    t.start()
    assert "stack at the start of the hand" in refused(t.bust, {p(t, "P01"): None,
                                                               p(t, "P02"): 100})  # fmt: skip
    assert not Finish.objects.exists()


def test_equal_stacks_on_one_hand_share_the_prizes_of_their_places(host: Any) -> None:
    # 5 entries: 900 kr pool, 65/35 → 590 + 310 (rounded to 10 kr, rest to first).
    t = make(host, 5)
    t.start()
    t.bust({p(t, "P01"): None})
    t.bust({p(t, "P02"): None})
    t.bust({p(t, "P03"): 2000, p(t, "P04"): 2000})  # 2nd and 3rd tie; P05 wins
    assert t.payouts() == [590 * KR, 310 * KR]
    won = t.prizes_won()
    # 310 + 0 shared: 155 each, rounded to 10 kr: 160 to the higher place, 150 to the lower.
    assert won[p(t, "P03").pk] + won[p(t, "P04").pk] == 310 * KR
    assert sorted([won[p(t, "P03").pk], won[p(t, "P04").pk]]) == [150 * KR, 160 * KR]
    assert won[p(t, "P05").pk] == 590 * KR
    assert sum(won.values()) == t.prize_pool()


def test_undo_takes_back_the_last_hand(host: Any) -> None:
    t = make(host, 3)
    t.start()
    t.bust({p(t, "P01"): None})
    t.bust({p(t, "P02"): None})
    t.refresh_from_db()
    assert t.state == Tournament.State.FINISHED
    undone = t.undo_bust()
    assert sorted(f.player.name for f in undone) == ["P02", "P03"]
    t.refresh_from_db()
    assert t.state == Tournament.State.RUNNING
    assert [f.player.name for f in t.standings()] == ["P01"]
    t.undo_bust()
    assert "nothing to undo" in refused(t.undo_bust)


def test_a_busted_player_is_not_busted_again(host: Any) -> None:
    t = make(host, 3)
    t.start()
    t.bust({p(t, "P01"): None})
    assert "not in the tournament" in refused(t.bust, {p(t, "P01"): None})


# --- deals ------------------------------------------------------------------------------------


def test_a_deal_splits_the_prize_money_left_and_finishes_the_tournament(host: Any) -> None:
    t = make(host, 10)
    t.start()
    for i in range(1, 8):
        t.bust({p(t, f"P{i:02}"): None})
    left = {p(t, "P08"): 50_000, p(t, "P09"): 30_000, p(t, "P10"): 20_000}
    options = t.deal_options(left)
    assert sum(options["icm"].values()) == t.prize_money_left() == 1800 * KR
    assert sum(options["chop"].values()) == 1800 * KR
    assert options["chop"][p(t, "P08").pk] == 900 * KR
    shares = {player: options["icm"][player.pk] for player in left}
    assert "add up to" in refused(t.make_deal, {**shares, p(t, "P08"): 1})
    t.make_deal(shares)
    t.refresh_from_db()
    assert t.state == Tournament.State.FINISHED
    won = t.prizes_won()
    assert sum(won.values()) == t.prize_pool()
    assert won[p(t, "P08").pk] == options["icm"][p(t, "P08").pk]
    assert "Cancel the deal first" in refused(t.undo_bust)
    t.cancel_deal()
    t.refresh_from_db()
    assert t.state == Tournament.State.RUNNING and not t.deal


def test_a_deal_is_among_all_the_players_left(host: Any) -> None:
    t = make(host, 4)
    t.start()
    assert "all the players left" in refused(t.make_deal, {p(t, "P01"): 720 * KR})


# --- the night's settlement -------------------------------------------------------------------


def test_results_join_the_night_with_the_cash_game(host: Any) -> None:
    """A cash game and a tournament on one night: nets add up, the host keeps the fees."""
    night = Session.objects.create(
        host=host, name="Friday", currency="SEK", rate_minor=20000, rate_chips=200
    )
    anna = Player.objects.create(host=host, name="Anna")
    bo = Player.objects.create(host=host, name="Bo")
    cecilia = Player.objects.create(host=host, name="Cecilia")
    for player in (anna, bo):
        night.buy_in(player, 200, by=host)
    night.cash_out(anna, 300)
    night.cash_out(bo, 100)
    t = make(host, 0, session=night, currency="SEK")
    for player in (anna, bo, cecilia):
        t.register(player)
    t.start()
    t.bust({cecilia: None})
    t.bust({anna: None})  # 65/35 of 540 kr: Anna 180 kr (189, rounded down), Bo 360 kr.
    statement = night.statement()
    rows = {r.player.name: r for r in statement.rows}
    assert rows["Anna"].result == 100 * KR + (180 - 200) * KR
    assert rows["Bo"].result == -100 * KR + (360 - 200) * KR
    assert rows["Cecilia"].result == -200 * KR
    assert statement.bank_result == 3 * 20 * KR  # the fees
    assert sum(r.result for r in statement.rows) + statement.bank_result == 0
    # Balances: what everyone gets back; the bank pays out the cash less the fees.
    assert statement.balances[anna.pk] == 300 * KR + 180 * KR
    assert statement.balances[bo.pk] == 100 * KR + 360 * KR
    assert cecilia.pk not in statement.balances
    assert sum(statement.balances.values()) == 0
    night.settle(by=host)
    assert {r.player.name: r.amount for r in night.results.all()} == {
        "Anna": 80 * KR, "Bo": 60 * KR, "Cecilia": -200 * KR
    }  # fmt: skip


def test_a_night_is_not_settled_while_its_tournament_runs(host: Any) -> None:
    night = Session.objects.create(host=host, name="Friday", currency="SEK")
    t = make(host, 3, session=night, currency="SEK")
    t.start()
    assert "not finished" in refused(night.settle, by=host)


def test_a_settled_night_locks_its_tournament(host: Any) -> None:
    night = Session.objects.create(host=host, name="Friday", currency="SEK")
    t = make(host, 2, session=night, currency="SEK")
    t.start()
    t.bust({p(t, "P01"): None})
    night.settle(by=host)
    t.refresh_from_db()
    assert "session is settled" in refused(t.undo_bust)
    balances = night.statement().balances
    assert balances[BANK] == -(360 * KR)  # the bank holds 400 kr, keeps 40 kr of fees


def test_a_tournament_joins_a_session_in_its_own_currency(host: Any) -> None:
    night = Session.objects.create(host=host, name="Friday", currency="EUR")
    t = make(host, 2, currency="SEK")
    assert "in EUR" in refused(t.attach, night)
    t.currency = "EUR"
    t.attach(night)
    assert list(night.tournaments.all()) == [t]


def test_credit_entries_are_owed_not_held_by_the_bank(host: Any) -> None:
    night = Session.objects.create(host=host, name="Friday", currency="SEK")
    t = make(host, 0, session=night, currency="SEK", fee=0)
    anna = Player.objects.create(host=host, name="Anna")
    bo = Player.objects.create(host=host, name="Bo")
    t.register(anna, method="credit")
    t.register(bo, method="credit")
    t.start()
    t.bust({anna: None})
    st = night.statement()
    # Two entries pay 65/35 of 400 kr: Bo wins 260 kr, Anna 140 kr; both paid 200 kr on
    # credit, so no cash went through the bank and Anna pays Bo the difference.
    assert st.balances == {anna.pk: -60 * KR, bo.pk: 60 * KR}
    assert [(x.payer, x.payee, x.amount) for x in st.transfers] == [(anna.pk, bo.pk, 60 * KR)]


def test_the_seat_draw_seats_the_players_in_on_balanced_tables(host: Any) -> None:
    t = make(host, 20)
    t.start()
    t.bust({p(t, "P01"): None})
    draw = t.draw_seats(2, Random(5), seats=10)
    assert sorted(player.name for player in draw) == [f"P{i:02}" for i in range(2, 21)]
    assert sorted(Counter(table for table, _seat in draw.values()).values()) == [9, 10]
    assert draw == t.draw_seats(2, Random(5), seats=10)


def test_the_level_comes_from_an_attached_clock(host: Any, monkeypatch: Any) -> None:
    t = make(host, 2)
    assert t.level_now() == 0
    t.start()
    assert t.level_now() == 1

    class Clock:
        def level_number(self, now: object = None) -> int:
            return 7

    # The dealer app's reverse one-to-one, stood in for (ledger tests do not use dealer/).
    monkeypatch.setattr(Tournament, "clock", property(lambda self: Clock()), raising=False)
    assert t.level_now() == 7
