"""Ledger views: what a host sees, and refusals that change nothing."""

from __future__ import annotations

import pytest
from django.test import Client

from ledger.models import BuyIn, CashOut, Player, Result, Session, SessionEvent, Transfer

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


def get(session: Session, name: str) -> Player:
    return Player.objects.get(host=session.host, name=name)


def html(response) -> str:  # type: ignore[no-untyped-def]
    assert response.status_code == 200
    return response.content.decode()


def test_session_list_shows_sessions_and_a_new_session_form(
    logged_in: Client, night: Session
) -> None:
    page = html(logged_in.get("/ledger/sessions/"))

    assert "Friday" in page
    assert "New session" in page


def test_the_ledgers_own_address_leads_to_the_sessions(logged_in: Client, night: Session) -> None:
    response = logged_in.get("/ledger/", follow=True)
    assert response.redirect_chain[0][0] == "/ledger/sessions/"
    assert "Friday" in html(response)


def test_pages_need_a_login(client: Client, night: Session) -> None:
    for url in ("/ledger/sessions/", f"/ledger/sessions/{night.pk}/", "/ledger/history/"):
        assert client.get(url).status_code == 302


def test_creating_a_session_reads_the_price_of_a_buy_in(logged_in: Client) -> None:
    response = logged_in.post(
        "/ledger/sessions/new/",
        {"name": "Lördag", "currency": "SEK", "stack_money": "200,00", "stack_chips": "1000",
         "chip_set": "white 1, red 5, green 25"},
    )  # fmt: skip

    session = Session.objects.get()
    assert response.status_code == 302
    assert (session.rate_minor, session.rate_chips) == (20000, 1000)
    assert [c.colour for c in session.chips] == ["white", "red", "green"]


@pytest.mark.parametrize(
    ("money", "message"),
    [("-200", "cannot be negative"), ("lots", "as a number"), ("0.001", "that many decimals")],
)
def test_a_bad_price_is_refused_with_a_message(logged_in: Client, money: str, message: str) -> None:
    response = logged_in.post(
        "/ledger/sessions/new/",
        {"name": "X", "currency": "SEK", "stack_money": money, "stack_chips": "100"},
    )

    assert message in html(response)
    assert not Session.objects.exists()


def test_session_page_shows_the_players_tonight(logged_in: Client, night: Session) -> None:
    page = html(logged_in.get(f"/ledger/sessions/{night.pk}/"))

    assert "Anna" in page and "Cecilia" in page
    assert "Add chips" in page


def test_another_hosts_session_is_not_found(
    client: Client, night: Session, django_user_model
) -> None:  # type: ignore[no-untyped-def]
    intruder = django_user_model.objects.create_user(username="olle", password="x-y-z-1234")
    client.force_login(intruder)

    assert client.get(f"/ledger/sessions/{night.pk}/").status_code == 404
    response = client.post(
        f"/ledger/sessions/{night.pk}/buy-in/", {"new_player": "Olle", "chips": 100,
                                                 "method": "cash", "kind": "buy_in"}
    )  # fmt: skip
    assert response.status_code == 404
    assert client.post(f"/ledger/sessions/{night.pk}/settle/").status_code == 404
    assert BuyIn.objects.count() == 3


def test_a_rebuy_on_credit_is_recorded(logged_in: Client, night: Session) -> None:
    response = logged_in.post(
        f"/ledger/sessions/{night.pk}/buy-in/",
        {"player": get(night, "Bo").pk, "chips": 200, "method": "credit", "kind": "rebuy"},
        headers=HX,
    )

    page = html(response)
    assert page.lstrip().startswith('<div id="night"')
    assert "+1 rebuy" in page
    assert BuyIn.objects.filter(kind="rebuy", method="credit").count() == 1


def test_a_new_player_can_buy_in_by_name(logged_in: Client, night: Session) -> None:
    logged_in.post(
        f"/ledger/sessions/{night.pk}/buy-in/",
        {"new_player": "David", "chips": 200, "method": "cash", "kind": "buy_in"},
        headers=HX,
    )

    assert BuyIn.objects.filter(player__name="David").exists()


@pytest.mark.parametrize("chips", ["-5", "0", "many"])
def test_a_bad_buy_in_is_refused_and_nothing_saved(
    logged_in: Client, night: Session, chips: str
) -> None:
    response = logged_in.post(
        f"/ledger/sessions/{night.pk}/buy-in/",
        {"new_player": "David", "chips": chips, "method": "cash", "kind": "buy_in"},
        headers=HX,
    )

    assert "errorlist" in html(response)
    assert BuyIn.objects.count() == 3
    assert not Player.objects.filter(name="David").exists()


def counts(night: Session, **chips: object) -> dict[str, object]:
    return {f"chips_{get(night, name).pk}": n for name, n in chips.items()}


def test_saving_the_count_shows_the_difference(logged_in: Client, night: Session) -> None:
    response = logged_in.post(
        f"/ledger/sessions/{night.pk}/count/",
        counts(night, Anna=300, Bo=150, Cecilia=100),
        headers=HX,
    )

    page = html(response)
    assert "50 chips are missing." in page
    assert "Decide who takes the difference first." in page
    assert CashOut.objects.count() == 3
    night.refresh_from_db()
    assert night.state == "counting"


def test_counts_that_do_not_add_up_are_refused(logged_in: Client, night: Session) -> None:
    anna = get(night, "Anna")
    data = counts(night, Anna=31, Bo=150, Cecilia=100)
    data |= {f"colour_{anna.pk}_white": 5, f"colour_{anna.pk}_red": 5}

    page = html(logged_in.post(f"/ledger/sessions/{night.pk}/count/", data, headers=HX))

    assert "Anna: the colours add up to 30 chips, not 31." in page
    assert not CashOut.objects.exists()


def test_a_negative_count_is_refused(logged_in: Client, night: Session) -> None:
    page = html(
        logged_in.post(f"/ledger/sessions/{night.pk}/count/", counts(night, Anna=-3), headers=HX)
    )

    assert "errorlist" in page
    assert not CashOut.objects.exists()


def test_settling_without_a_policy_is_refused(logged_in: Client, night: Session) -> None:
    logged_in.post(
        f"/ledger/sessions/{night.pk}/count/", counts(night, Anna=300, Bo=150, Cecilia=100)
    )

    page = html(logged_in.post(f"/ledger/sessions/{night.pk}/settle/", headers=HX))

    assert "decide who takes the difference before settling" in page
    assert not Transfer.objects.exists()
    assert Session.objects.get(pk=night.pk).state == "counting"


def test_a_policy_then_settling_shows_who_pays_whom(logged_in: Client, night: Session) -> None:
    logged_in.post(
        f"/ledger/sessions/{night.pk}/count/", counts(night, Anna=300, Bo=150, Cecilia=100)
    )
    page = html(
        logged_in.post(f"/ledger/sessions/{night.pk}/policy/", {"policy": "winners"}, headers=HX)
    )
    assert "Decided: spread over the winners in proportion (hanna" in page

    page = html(logged_in.post(f"/ledger/sessions/{night.pk}/settle/", headers=HX))

    assert "Mark paid" in page
    assert "3 transfers still to pay." in page
    assert "350,00" in page or "350.00" in page
    assert Result.objects.count() == 3


def test_choosing_one_player_needs_a_player(logged_in: Client, night: Session) -> None:
    page = html(
        logged_in.post(f"/ledger/sessions/{night.pk}/policy/", {"policy": "player"}, headers=HX)
    )

    assert "Choose the player who takes the difference." in page
    assert Session.objects.get(pk=night.pk).policy == ""


def settled(logged_in: Client, night: Session) -> None:
    logged_in.post(
        f"/ledger/sessions/{night.pk}/count/", counts(night, Anna=350, Bo=150, Cecilia=100)
    )
    logged_in.post(f"/ledger/sessions/{night.pk}/settle/")


def test_marking_transfers_paid(logged_in: Client, night: Session) -> None:
    settled(logged_in, night)
    transfers = list(Transfer.objects.all())

    for t in transfers:
        page = html(logged_in.post(f"/ledger/transfers/{t.pk}/paid/", {"paid": "1"}, headers=HX))

    assert "All paid up." in page
    assert Transfer.objects.filter(paid_at__isnull=True).count() == 0
    page = html(
        logged_in.post(f"/ledger/transfers/{transfers[0].pk}/paid/", {"paid": "0"}, headers=HX)
    )
    assert "1 transfer still to pay." in page


def test_a_settled_session_refuses_changes(logged_in: Client, night: Session) -> None:
    settled(logged_in, night)

    page = html(
        logged_in.post(
            f"/ledger/sessions/{night.pk}/buy-in/",
            {"player": get(night, "Bo").pk, "chips": 200, "method": "cash", "kind": "rebuy"},
            headers=HX,
        )
    )

    assert "This session is settled: reopen it to change it." in page
    assert BuyIn.objects.count() == 3


def test_reopening_is_logged(logged_in: Client, night: Session) -> None:
    settled(logged_in, night)

    page = html(logged_in.post(f"/ledger/sessions/{night.pk}/reopen/", headers=HX))

    assert "reopened — hanna" in page
    assert SessionEvent.objects.filter(kind="reopened").count() == 1
    assert not Transfer.objects.exists()


def test_options_round_transfers_to_a_cash_step(logged_in: Client, night: Session) -> None:
    logged_in.post(
        f"/ledger/sessions/{night.pk}/count/", counts(night, Anna=333, Bo=167, Cecilia=100)
    )
    page = html(
        logged_in.post(
            f"/ledger/sessions/{night.pk}/options/",
            {"cash_step": "10", "banker": get(night, "Anna").pk},
            headers=HX,
        )
    )

    night.refresh_from_db()
    assert night.cash_step == 1000 and night.banker == get(night, "Anna")
    assert "Every transfer is rounded to a round amount:" in page
    lines = night.statement().rounding()
    assert lines and all(line in page for line in lines)


def test_a_bad_cash_step_is_refused(logged_in: Client, night: Session) -> None:
    page = html(
        logged_in.post(f"/ledger/sessions/{night.pk}/options/", {"cash_step": "-10"}, headers=HX)
    )

    assert "cannot be negative" in page
    assert Session.objects.get(pk=night.pk).cash_step == 0


def test_post_only_views_refuse_get(logged_in: Client, night: Session) -> None:
    assert logged_in.get(f"/ledger/sessions/{night.pk}/settle/").status_code == 405
    assert logged_in.post(f"/ledger/sessions/{night.pk}/").status_code == 405


def test_csrf_is_required(night: Session, host: object) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(host)

    assert client.post(f"/ledger/sessions/{night.pk}/settle/").status_code == 403


def test_session_csv_and_print(logged_in: Client, night: Session) -> None:
    settled(logged_in, night)

    csv = logged_in.get(f"/ledger/sessions/{night.pk}/players.csv")
    assert csv["Content-Type"].startswith("text/csv")
    text = csv.content.decode()
    assert '"Anna",200,200,0,350,150.00,"SEK"' in text  # text quoted, numbers bare
    transfers = logged_in.get(f"/ledger/sessions/{night.pk}/transfers.csv").content.decode()
    assert '"the bank","Anna",350.00,"SEK",' in transfers
    assert "the bank" not in text  # one table per file

    page = html(logged_in.get(f"/ledger/sessions/{night.pk}/print/"))
    assert "Who pays whom" in page and "data-print" in page


def test_players_list_create_edit(logged_in: Client, night: Session) -> None:
    page = html(logged_in.get("/ledger/players/"))
    assert "Anna" in page and "Add a player" in page

    logged_in.post("/ledger/players/new/", {"name": "David", "payment_details": "Swish 070"})
    assert Player.objects.filter(name="David", payment_details="Swish 070").exists()
    page = html(logged_in.post("/ledger/players/new/", {"name": "anna"}))
    assert "You already have a player called anna." in page

    anna = get(night, "Anna")
    logged_in.post(f"/ledger/players/{anna.pk}/edit/", {"name": "Anna", "nickname": "Ace"})
    assert Player.objects.get(pk=anna.pk).nickname == "Ace"


def test_player_page_shows_results_and_a_chart(logged_in: Client, night: Session) -> None:
    settled(logged_in, night)

    page = html(logged_in.get(f"/ledger/players/{get(night, 'Anna').pk}/"))

    assert "<svg" in page and "<polyline" in page
    assert "+150,00" in page or "+150.00" in page


def test_merging_players(logged_in: Client, night: Session, host: object) -> None:
    twin = Player.objects.create(host=host, name="Anna 2")
    night.buy_in(twin, 50)
    anna = get(night, "Anna")

    response = logged_in.post(f"/ledger/players/{anna.pk}/merge/", {"other": twin.pk})

    assert response.status_code == 302
    assert not Player.objects.filter(pk=twin.pk).exists()
    assert BuyIn.objects.filter(player=anna).count() == 2


def test_merging_another_hosts_player_is_refused(
    logged_in: Client, night: Session, django_user_model
) -> None:  # type: ignore[no-untyped-def]
    other = django_user_model.objects.create_user(username="olle", password="x-y-z-1234")
    stranger = Player.objects.create(host=other, name="Stranger")

    page = html(
        logged_in.post(f"/ledger/players/{get(night, 'Anna').pk}/merge/", {"other": stranger.pk})
    )

    assert "errorlist" in page
    assert Player.objects.filter(pk=stranger.pk).exists()


def test_history_leaderboard_chart_and_csv(logged_in: Client, night: Session) -> None:
    settled(logged_in, night)

    page = html(logged_in.get("/ledger/history/?period=month"))
    assert "Leaderboard" in page and "<svg" in page
    assert page.index("Anna") < page.index("Cecilia")

    csv = logged_in.get("/ledger/history.csv").content.decode()
    assert '"Friday","Anna",200,350,150.00,"SEK"' in csv
    assert logged_in.get("/ledger/history/?period=decade").status_code == 404


def test_money_reads_in_the_readers_language(logged_in: Client, night: Session) -> None:
    settled(logged_in, night)

    page = html(logged_in.get(f"/ledger/sessions/{night.pk}/", headers={"Accept-Language": "sv"}))

    assert "+150,00\u00a0kr" in page


def test_a_change_from_an_out_of_date_session_page_records_nothing(
    logged_in: Client, night: Session
) -> None:
    """Device A shows the session; device B saves a count; A's settle (from its old page)
    records nothing, and A sees the session as it is now."""
    shown = Session.objects.get(pk=night.pk).version
    logged_in.post(
        f"/ledger/sessions/{night.pk}/count/", counts(night, Anna=350, Bo=150, Cecilia=100)
    )

    page = html(
        logged_in.post(f"/ledger/sessions/{night.pk}/settle/", {"version": shown}, headers=HX)
    )

    assert "This page was out of date" in page
    assert not Transfer.objects.exists()
    assert Session.objects.get(pk=night.pk).state == "counting"
    assert f'name="version" value="{Session.objects.get(pk=night.pk).version}"' in page


@pytest.mark.parametrize("version", [None, "", "²", "9" * 30])
def test_a_session_change_without_the_page_version_records_nothing(
    logged_in: Client, night: Session, version: str | None
) -> None:
    data = {"player": get(night, "Bo").pk, "chips": 200, "method": "cash", "kind": "rebuy"}
    if version is not None:
        data["version"] = version
    page = html(Client.post(logged_in, f"/ledger/sessions/{night.pk}/buy-in/", data, headers=HX))
    assert "This page was out of date" in page
    assert BuyIn.objects.count() == 3


def test_chip_colours_are_typed_and_read_in_the_readers_language(logged_in: Client) -> None:
    """A Swedish host types "vit 1, röd 5"; an English reader sees white and red; a colour Pott
    doesn't know stays as typed."""
    sv = {"Accept-Language": "sv"}
    form = html(logged_in.get("/ledger/sessions/", headers=sv))
    assert "vit 1, röd 5, grön 25, svart 100" in form

    logged_in.post(
        "/ledger/sessions/new/",
        {"name": "Lördag", "currency": "SEK", "stack_money": "200", "stack_chips": "200",
         "chip_set": "Vit 1, röd 5, turkos 25"},
        headers=sv,
    )  # fmt: skip

    session = Session.objects.get()
    assert [c.colour for c in session.chips] == ["white", "red", "turkos"]
    assert "white 1, red 5, turkos 25" in html(logged_in.get(f"/ledger/sessions/{session.pk}/"))
    swedish = html(logged_in.get(f"/ledger/sessions/{session.pk}/", headers=sv))
    assert "vit 1, röd 5, turkos 25" in swedish


def test_a_player_choice_names_what_to_choose_in_the_readers_language(
    logged_in: Client, night: Session
) -> None:
    page = html(logged_in.get(f"/ledger/sessions/{night.pk}/", headers={"Accept-Language": "sv"}))

    assert "---------" not in page
    assert "Välj en spelare" in page


def test_the_rate_reads_one_chip_or_chips(logged_in: Client, night: Session) -> None:
    Session.objects.filter(pk=night.pk).update(rate_minor=100, rate_chips=1)
    page = " ".join(html(logged_in.get(f"/ledger/sessions/{night.pk}/")).split())
    assert "1.00 kr buys 1 chip " in page
    Session.objects.filter(pk=night.pk).update(rate_minor=20000, rate_chips=200)
    page = " ".join(html(logged_in.get(f"/ledger/sessions/{night.pk}/")).split())
    assert "buys 200 chips" in page
