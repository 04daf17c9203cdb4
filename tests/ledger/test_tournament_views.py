"""Tournament views: what a host sees, and refusals (at 200, with the reason) that change
nothing."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from ledger.models import Entry, Finish, Player, Session, Tournament

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}
KR = 100


def html(response: Any) -> str:
    assert response.status_code == 200
    return response.content.decode()


def text(response: Any) -> str:
    """The visible text, tags stripped and spaces collapsed."""
    visible = unescape(re.sub(r"<[^>]+>", " ", html(response)))
    return re.sub(r"\s+", " ", visible.replace("\xa0", " "))


def make(host: Any, n: int = 0, **options: Any) -> Tournament:
    fields = {"name": "Friday freezeout", "buy_in": 200 * KR, "fee": 20 * KR,
              "starting_chips": 10_000, "payout_unit": 10 * KR} | options  # fmt: skip
    t = Tournament.objects.create(host=host, **fields)
    for i in range(n):
        t.register(Player.objects.create(host=host, name=f"P{i + 1:02}"))
    return t


def pk(t: Tournament, name: str) -> int:
    return Player.objects.get(host=t.host, name=name).pk


def url(t: Tournament, action: str = "") -> str:
    return f"/tournaments/{t.pk}/" + (f"{action}/" if action else "")


# --- list and create --------------------------------------------------------------------------


def test_the_list_shows_tournaments_and_a_form(logged_in: Client, host: Any) -> None:
    make(host)
    page = text(logged_in.get("/tournaments/"))
    assert "Friday freezeout" in page
    assert "New tournament" in page


def test_pages_need_a_login(client: Client, host: Any) -> None:
    t = make(host)
    for address in ("/tournaments/", url(t)):
        assert client.get(address).status_code == 302


def test_creating_a_tournament_reads_money_as_typed(logged_in: Client, host: Any) -> None:
    response = logged_in.post(
        "/tournaments/new/",
        {"name": "Lördag", "currency": "SEK", "buy_in": "200", "fee": "20",
         "starting_chips": "10000", "late_until_level": "4", "re_entry": "on",
         "rebuy_until_level": "0", "add_on_level": "0", "payout_unit": "10"},
    )  # fmt: skip
    t = Tournament.objects.get()
    assert response.status_code == 302
    assert (t.buy_in, t.fee, t.payout_unit, t.late_until_level, t.re_entry) == (
        20000, 2000, 1000, 4, True
    )  # fmt: skip


def test_a_tournament_from_a_session_takes_its_currency(logged_in: Client, host: Any) -> None:
    night = Session.objects.create(host=host, name="Night", currency="EUR")
    page = html(logged_in.get(f"/tournaments/?session={night.pk}"))
    assert 'value="Night tournament"' in page
    logged_in.post(
        "/tournaments/new/",
        {"name": "T", "session": night.pk, "currency": "SEK", "buy_in": "20", "fee": "0",
         "starting_chips": "5000", "late_until_level": "0", "rebuy_until_level": "0",
         "add_on_level": "0"},
    )  # fmt: skip
    t = Tournament.objects.get()
    assert (t.session, t.currency) == (night, "EUR")


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"fee": "300"}, "cannot exceed the buy-in"),
        ({"buy_in": "0"}, "must cost something"),
        ({"rebuy_until_level": "4"}, "rebuy's price and chips"),
        ({"buy_in": "lots"}, "as a number"),
    ],
)
def test_a_bad_tournament_is_refused_with_a_reason(
    logged_in: Client, changes: dict[str, str], message: str
) -> None:
    data = {"name": "X", "currency": "SEK", "buy_in": "200", "fee": "0",
            "starting_chips": "100", "late_until_level": "0", "rebuy_until_level": "0",
            "add_on_level": "0"} | changes  # fmt: skip
    assert message in text(logged_in.post("/tournaments/new/", data))
    assert not Tournament.objects.exists()


def test_other_hosts_tournaments_are_not_found(logged_in: Client) -> None:
    other = get_user_model().objects.create_user(username="other", password="x")
    t = make(other, 3)
    assert logged_in.get(url(t)).status_code == 404
    assert logged_in.post(url(t, "start"), headers=HX).status_code == 404
    assert logged_in.post(url(t, "bust"), {"out": pk(t, "P01")}, headers=HX).status_code == 404


# --- the page ---------------------------------------------------------------------------------


def test_the_page_shows_entries_pool_and_payouts(logged_in: Client, host: Any) -> None:
    t = make(host, 10)
    page = text(logged_in.get(url(t)))
    assert "Entries 10" in page
    assert "Players left 10" in page
    assert "Average stack 10000" in page
    assert "Prize pool 1,800.00 kr" in page
    # 50/30/20 of 1,800 kr.
    assert "1 50 900.00 kr" in page and "2 30 540.00 kr" in page and "3 20 360.00 kr" in page
    assert "The host keeps 200.00 kr in fees" in page


def test_registering_a_roster_player_and_a_new_one(logged_in: Client, host: Any) -> None:
    t = make(host)
    anna = Player.objects.create(host=host, name="Anna")
    page = text(logged_in.post(url(t, "register"), {"player": anna.pk, "method": "cash"},
                               headers=HX))  # fmt: skip
    assert "Anna is in." in page
    page = text(logged_in.post(url(t, "register"), {"new_player": "Bo", "method": "credit"},
                               headers=HX))  # fmt: skip
    assert "Bo is in." in page
    assert "Entries 2" in page
    assert Entry.objects.get(player__name="Bo").method == "credit"


def test_registering_twice_is_refused(logged_in: Client, host: Any) -> None:
    t = make(host, 2)
    page = text(logged_in.post(url(t, "register"), {"player": pk(t, "P01"), "method": "cash"},
                               headers=HX))  # fmt: skip
    assert "P01 is already in." in page
    assert t.entries.count() == 2


def test_late_registration_refused_after_its_level(logged_in: Client, host: Any) -> None:
    t = make(host, 3, late_until_level=2)
    t.start()
    page = text(logged_in.post(url(t, "register"), {"new_player": "Late", "method": "cash",
                                                    "level": "3"}, headers=HX))  # fmt: skip
    assert "Registration closed after level 2; this is level 3." in page
    assert t.entries.count() == 3
    page = text(logged_in.post(url(t, "register"), {"new_player": "Late", "method": "cash",
                                                    "level": "2"}, headers=HX))  # fmt: skip
    assert "Late is in." in page


def test_the_level_is_remembered_on_this_device(logged_in: Client, host: Any) -> None:
    t = make(host, 3)
    t.start()
    logged_in.post(url(t, "level"), {"level": "5"}, headers=HX)
    page = html(logged_in.get(url(t)))
    assert 'name="level" inputmode="numeric" min="0" max="999" value="5"' in page


def test_start_needs_two_players(logged_in: Client, host: Any) -> None:
    t = make(host, 1)
    page = text(logged_in.post(url(t, "start"), headers=HX))
    assert "at least two players" in page
    t.refresh_from_db()
    assert t.state == "registering"
    t.register(Player.objects.create(host=host, name="P02"))
    page = text(logged_in.post(url(t, "start"), headers=HX))
    assert "running" in page


def test_a_rebuy_within_its_window_and_refused_after(logged_in: Client, host: Any) -> None:
    t = make(host, 3, rebuy_until_level=2, rebuy_price=100 * KR, rebuy_chips=5000)
    t.start()
    page = text(logged_in.post(url(t, f"players/{pk(t, 'P01')}/rebuy"), {"level": "2"},
                               headers=HX))  # fmt: skip
    assert "P01: rebuy" in page
    assert "1 rebuy" in page
    page = text(logged_in.post(url(t, f"players/{pk(t, 'P01')}/rebuy"), {"level": "3"},
                               headers=HX))  # fmt: skip
    assert "Rebuys closed after level 2; this is level 3." in page
    assert t.entries.filter(kind="rebuy").count() == 1


def test_the_add_on_at_its_level_only(logged_in: Client, host: Any) -> None:
    t = make(host, 3, add_on_level=4, add_on_price=100 * KR, add_on_chips=8000)
    t.start()
    page = text(logged_in.post(url(t, f"players/{pk(t, 'P02')}/add_on"), {"level": "3"},
                               headers=HX))  # fmt: skip
    assert "The add-on is taken at level 4; this is level 3." in page
    assert not t.entries.filter(kind="add_on").exists()
    page = text(logged_in.post(url(t, f"players/{pk(t, 'P02')}/add_on"), {"level": "4"},
                               headers=HX))  # fmt: skip
    assert "P02: add-on" in page


def test_re_entry_only_for_a_busted_player(logged_in: Client, host: Any) -> None:
    t = make(host, 3, re_entry=True, late_until_level=3)
    t.start()
    page = text(logged_in.post(url(t, f"players/{pk(t, 'P01')}/re_entry"), {"level": "1"},
                               headers=HX))  # fmt: skip
    assert "P01 is still in: only a busted player can re-enter." in page
    logged_in.post(url(t, "bust"), {"out": pk(t, "P01")}, headers=HX)
    page = text(logged_in.post(url(t, f"players/{pk(t, 'P01')}/re_entry"), {"level": "1"},
                               headers=HX))  # fmt: skip
    assert "P01: re-entry" in page
    assert "Entries 4" in page


def test_an_unknown_entry_kind_is_refused(logged_in: Client, host: Any) -> None:
    t = make(host, 2)
    t.start()
    page = text(logged_in.post(url(t, f"players/{pk(t, 'P01')}/jackpot"), headers=HX))
    assert "Unknown entry." in page


# --- bust-outs --------------------------------------------------------------------------------


def test_a_bust_out_takes_the_last_place(logged_in: Client, host: Any) -> None:
    t = make(host, 4)
    t.start()
    page = text(logged_in.post(url(t, "bust"), {"out": pk(t, "P03")}, headers=HX))
    assert "P03 finishes #4." in page
    assert "Players left 3" in page
    assert "4. P03" in page


def test_two_out_on_one_hand_by_their_stacks(logged_in: Client, host: Any) -> None:
    t = make(host, 5)
    t.start()
    data = {"out": [pk(t, "P01"), pk(t, "P02")], f"stack_{pk(t, 'P01')}": "3000",
            f"stack_{pk(t, 'P02')}": "8000"}  # fmt: skip
    page = text(logged_in.post(url(t, "bust"), data, headers=HX))
    assert "4. P02" in page and "5. P01" in page


def test_two_out_without_stacks_is_refused(logged_in: Client, host: Any) -> None:
    t = make(host, 5)
    t.start()
    page = text(logged_in.post(url(t, "bust"), {"out": [pk(t, "P01"), pk(t, "P02")]}, headers=HX))
    assert "enter each one's stack at the start of the hand" in page
    assert not Finish.objects.exists()


def test_nobody_ticked_is_refused(logged_in: Client, host: Any) -> None:
    t = make(host, 3)
    t.start()
    assert "Choose who is out." in text(logged_in.post(url(t, "bust"), headers=HX))


def test_the_last_bust_out_finishes_and_undo_reopens(logged_in: Client, host: Any) -> None:
    t = make(host, 2)
    t.start()
    page = text(logged_in.post(url(t, "bust"), {"out": pk(t, "P01")}, headers=HX))
    assert "P02 finishes #1." in page
    assert "finished" in page
    page = text(logged_in.post(url(t, "undo"), headers=HX))
    assert "Undone: P01 back in." in page
    assert "Players left 2" in page
    page = text(logged_in.post(url(t, "undo"), headers=HX))
    assert "nothing to undo" in page


# --- payouts and deals ------------------------------------------------------------------------


def test_editing_the_payout_table(logged_in: Client, host: Any) -> None:
    t = make(host, 10)
    page = text(logged_in.post(url(t, "payouts"), {"table": "1: 100\n2+: 70 30",
                                                   "payout_unit": "50"}, headers=HX))  # fmt: skip
    assert "Payouts saved." in page
    assert "1 70 1,300.00 kr" in page and "2 30 500.00 kr" in page


def test_a_bad_payout_table_is_refused_and_kept(logged_in: Client, host: Any) -> None:
    t = make(host, 10)
    page = text(logged_in.post(url(t, "payouts"), {"table": "1: 100\n2+: 60 30"}, headers=HX))
    assert "Line 2: the percentages add up to 90, not 100." in page
    t.refresh_from_db()
    assert t.payout_table == []


def test_the_deal_calculator_and_a_deal(logged_in: Client, host: Any) -> None:
    t = make(host, 10)
    t.start()
    for i in range(1, 8):
        t.bust({Player.objects.get(host=host, name=f"P{i:02}"): None})
    stacks = {f"stack_{pk(t, 'P08')}": "50000", f"stack_{pk(t, 'P09')}": "30000",
              f"stack_{pk(t, 'P10')}": "20000"}  # fmt: skip
    page = text(logged_in.post(url(t, "deal"), stacks, headers=HX))
    # Chip chop: 1,800 kr in proportion: 900 / 540 / 360.
    assert "P08 50000" in page and "900.00 kr" in page
    assert "Deal by ICM" in page
    t.refresh_from_db()
    assert not t.deal
    page = text(logged_in.post(url(t, "deal"), {**stacks, "accept": "chop"}, headers=HX))
    assert "Deal made." in page
    assert "The deal" in page
    t.refresh_from_db()
    assert t.state == "finished"
    assert sum(t.prizes_won().values()) == t.prize_pool()
    page = text(logged_in.post(url(t, "deal/cancel"), headers=HX))
    assert "Deal cancelled." in page


def test_a_deal_needs_every_stack(logged_in: Client, host: Any) -> None:
    t = make(host, 3)
    t.start()
    page = text(logged_in.post(url(t, "deal"), {f"stack_{pk(t, 'P01')}": "5000"}, headers=HX))
    assert "Enter every stack left, in chips." in page
    t.refresh_from_db()
    assert not t.deal


def test_stacks_that_do_not_add_up_warn(logged_in: Client, host: Any) -> None:
    t = make(host, 2)
    t.start()
    stacks = {f"stack_{pk(t, 'P01')}": "5000", f"stack_{pk(t, 'P02')}": "5000"}
    page = text(logged_in.post(url(t, "deal"), stacks, headers=HX))
    assert "The stacks add up to 10000 chips; 20000 were handed out." in page


# --- into the session -------------------------------------------------------------------------


def test_results_into_a_new_session_and_its_settlement(logged_in: Client, host: Any) -> None:
    t = make(host, 3)
    t.start()
    logged_in.post(url(t, "bust"), {"out": pk(t, "P01")}, headers=HX)
    logged_in.post(url(t, "bust"), {"out": pk(t, "P02")}, headers=HX)
    page = text(logged_in.post(url(t, "session"), {"session": "new"}, headers=HX))
    session = Session.objects.get()
    assert f"The results go into {session.name}." in page
    night = text(logged_in.get(f"/ledger/sessions/{session.pk}/"))
    # 540 kr pool, 65/35: P03 wins 360 kr, P02 180 kr (189 rounded down to 10 kr).
    assert "Friday freezeout" in night
    assert "+160.00 kr" in night and "−20.00 kr" in night.replace("-", "−")
    logged_in.post(f"/ledger/sessions/{session.pk}/counting/", headers=HX)
    page = text(logged_in.post(f"/ledger/sessions/{session.pk}/settle/", headers=HX))
    assert "settled" in page
    assert session.results.get(player__name="P03").amount == 160 * KR


def test_results_into_a_session_in_another_currency_are_refused(
    logged_in: Client, host: Any
) -> None:
    t = make(host, 2)
    night = Session.objects.create(host=host, name="Euro night", currency="EUR")
    page = text(logged_in.post(url(t, "session"), {"session": night.pk}, headers=HX))
    assert "The session is in EUR, the tournament in SEK." in page
    t.refresh_from_db()
    assert t.session is None


def test_a_running_tournament_keeps_its_session_from_settling(logged_in: Client, host: Any) -> None:
    night = Session.objects.create(host=host, name="Night", currency="SEK")
    make(host, 3, session=night)
    page = text(logged_in.post(f"/ledger/sessions/{night.pk}/settle/", headers=HX))
    assert "The tournament Friday freezeout is not finished" in page
    night.refresh_from_db()
    assert night.state == "open"


# --- double taps and two devices ------------------------------------------------------------


def test_a_double_tapped_rebuy_is_recorded_once(logged_in: Client, host: Any) -> None:
    t = make(host, 3, rebuy_until_level=2, rebuy_price=100 * KR, rebuy_chips=5000)
    t.start()
    t.refresh_from_db()
    tap = {"level": "1", "version": str(t.version)}
    rebuy = url(t, f"players/{pk(t, 'P01')}/rebuy")

    first = text(logged_in.post(rebuy, tap, headers=HX))
    second = text(logged_in.post(rebuy, tap, headers=HX))

    assert "P01: rebuy" in first
    assert "nothing was recorded" in second
    assert t.entries.filter(kind="rebuy").count() == 1


def test_a_bust_out_from_an_old_page_records_nothing(logged_in: Client, host: Any) -> None:
    t = make(host, 4)
    t.start()
    t.refresh_from_db()
    seen = str(t.version)
    logged_in.post(url(t, "bust"), {"out": [pk(t, "P01")], "version": seen}, headers=HX)

    page = text(
        logged_in.post(url(t, "bust"), {"out": [pk(t, "P02")], "version": seen}, headers=HX)
    )

    assert "nothing was recorded" in page
    assert list(Finish.objects.filter(tournament=t).values_list("player__name", flat=True)) == [
        "P01"
    ]


@pytest.mark.parametrize("version", [None, "", "²", "9" * 40, "-1"])
def test_a_change_without_the_page_version_records_nothing(
    logged_in: Client, host: Any, version: str | None
) -> None:
    """A post that does not say which version of the page it came from (a plain form from an
    old page, or a forged one) is as out of date as one from an old page."""
    t = make(host, 4)
    t.start()
    data: dict[str, Any] = {"out": [pk(t, "P01")]}
    if version is not None:
        data["version"] = version
    page = text(Client.post(logged_in, url(t, "bust"), data, headers=HX))
    assert "nothing was recorded" in page
    assert not Finish.objects.filter(tournament=t).exists()
