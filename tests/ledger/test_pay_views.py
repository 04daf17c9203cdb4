"""Paying at the table: the codes on the session page and the printable sheet, the payers'
phone link (no login), the payer's own Paid mark, the host's undo, and stale or hostile taps."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from ledger.models import Player, Session, Transfer
from ledger.pay import pay_codes

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


def html(response: Any) -> str:
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def settle_night(host: Any, currency: str = "SEK", **details: dict[str, str]) -> Session:
    """Anna, Bo and Cecilia bought 200 chips each on credit (1 chip = 1 unit); Anna ends with
    350, Bo 150, Cecilia 100: Bo pays Anna 50, Cecilia pays Anna 100."""
    minor = 1 if currency == "ISK" else 100
    session = Session.objects.create(
        host=host, name="Friday", currency=currency, rate_minor=200 * minor, rate_chips=200
    )
    for name, counted in (("Anna", 350), ("Bo", 150), ("Cecilia", 100)):
        player = Player.objects.create(host=host, name=name, **details.get(name, {}))
        session.buy_in(player, 200, method="credit", by=host)
        session.cash_out(player, counted, by=host, final=True)
    session.start_counting(by=host) if session.state == "open" else None
    session.settle(by=host)
    session.refresh_from_db()
    return session


def transfer(session: Session, payer: str) -> Transfer:
    return session.transfers.get(payer__name=payer)


ANNA_SWISH = {"Anna": {"swish": "0701234567"}}
ANNA_IBAN = {"Anna": {"iban": "DE89370400440532013000", "bic": "COBADEFFXXX"}}


# --- the codes -----------------------------------------------------------------------------


def test_sek_transfer_to_a_player_with_a_swish_number_gets_a_swish_code(host: Any) -> None:
    session = settle_night(host, **ANNA_SWISH)
    codes = {c.transfer.payer.name: c for c in pay_codes(session)}

    day = session.created_at.date().isoformat()
    assert codes["Cecilia"].scheme == "swish"
    assert codes["Cecilia"].payload == f"C0701234567;100,00;Pott {day}, Friday;0"
    assert codes["Bo"].payload == f"C0701234567;50,00;Pott {day}, Friday;0"
    assert codes["Bo"].svg.startswith("<svg")


def test_eur_transfer_to_a_player_with_an_iban_gets_an_epc_code(host: Any) -> None:
    session = settle_night(host, "EUR", **ANNA_IBAN)
    code = next(c for c in pay_codes(session) if c.transfer.payer.name == "Cecilia")

    day = session.created_at.date().isoformat()
    assert code.scheme == "epc"
    assert code.payload == (
        f"BCD\n002\n1\nSCT\nCOBADEFFXXX\nAnna\nDE89370400440532013000\nEUR100\n\n\n"
        f"Pott {day}, Friday"
    )


def test_isk_transfer_shows_the_details_as_text_and_the_payment_link(
    client: Client, host: Any
) -> None:
    details = {"Anna": {"payment_details": "Kt. 010203-4569, banki 0133-26-012345",
                        "pay_link": "https://pay.example.is/anna"}}  # fmt: skip
    session = settle_night(host, "ISK", **details)
    page = html(client.get(f"/pay/{session.pay_token}/players/{transfer(session, 'Bo').payer_id}/"))

    assert "You pay Anna 50" in page
    assert "<svg" not in page.split('id="pay"')[1]  # no code: ISK has no scheme
    assert "Kt. 010203-4569, banki 0133-26-012345" in page
    assert 'data-copy="Kt. 010203-4569, banki 0133-26-012345"' in page
    assert 'href="https://pay.example.is/anna"' in page


def test_a_payment_link_that_is_not_http_is_never_shown(host: Any) -> None:
    session = settle_night(host, "ISK", Anna={"pay_link": "javascript:alert(1)"})
    (code, *_rest) = pay_codes(session)

    assert code.link == ""
    assert "has no payment details in the roster" in code.problem


def test_a_payee_without_details_says_so_and_the_host_sees_where_to_add_them(
    logged_in: Client, host: Any
) -> None:
    session = settle_night(host)
    anna = Player.objects.get(name="Anna")
    page = html(logged_in.get(f"/ledger/sessions/{session.pk}/codes/"))

    assert "Anna has no payment details in the roster." in page.replace("\u2068", "").replace(
        "\u2069", ""
    )
    assert f'href="/ledger/players/{anna.pk}/#edit"' in page
    assert "<svg" in page  # the payers' link is still there


def test_sek_without_swish_number_falls_back_to_the_text_details(host: Any) -> None:
    session = settle_night(host, Anna={"iban": "SE4550000000058398257466"})
    code = pay_codes(session)[0]

    assert code.scheme == "" and code.svg == ""
    assert "no Swish number" in code.problem
    assert ("IBAN", "SE45 5000 0000 0583 9825 7466") in code.details


def test_invalid_stored_details_make_no_code_and_the_page_says_why(host: Any) -> None:
    # Stored before the checks existed (or by a path around the form): never a code from it.
    session = settle_night(host, Anna={"swish": "0601234567"})
    code = pay_codes(session)[0]

    assert code.payload == "" and code.svg == ""
    assert code.problem.startswith("No code: That is not a Swish number")


# --- the host's pages ---------------------------------------------------------------------------


def test_the_settled_session_page_links_the_sheet_and_shows_the_payers_link(
    logged_in: Client, host: Any
) -> None:
    session = settle_night(host, **ANNA_SWISH)
    page = html(logged_in.get(f"/ledger/sessions/{session.pk}/"))

    assert f'href="/ledger/sessions/{session.pk}/codes/"' in page
    assert f"/pay/{session.pay_token}/" in page
    assert page.count('class="paycode"') >= 3  # the payers' link and one code per transfer


def test_the_sheet_shows_every_transfer_with_its_code(logged_in: Client, host: Any) -> None:
    session = settle_night(host, **ANNA_SWISH)
    page = html(logged_in.get(f"/ledger/sessions/{session.pk}/codes/"))

    assert page.count('class="sheet-item') == 2
    assert page.count('class="paycode"') == 3
    assert "Scan with Swish" in page


def test_the_sheet_is_the_hosts_alone(client: Client, host: Any, django_user_model: Any) -> None:
    session = settle_night(host)
    other = django_user_model.objects.create_user(username="olle", password="x-kitchen-42")

    assert client.get(f"/ledger/sessions/{session.pk}/codes/").status_code == 302
    client.force_login(other)
    assert client.get(f"/ledger/sessions/{session.pk}/codes/").status_code == 404


def test_an_open_session_has_no_codes_yet(logged_in: Client, night: Session) -> None:
    page = html(logged_in.get(f"/ledger/sessions/{night.pk}/codes/"))
    assert "Not settled yet." in page
    assert f"/ledger/sessions/{night.pk}/codes/" not in html(
        logged_in.get(f"/ledger/sessions/{night.pk}/")
    )


# --- the payers' phone link ---------------------------------------------------------------


def test_the_pay_link_asks_who_you_are_without_a_login(client: Client, host: Any) -> None:
    session = settle_night(host, **ANNA_SWISH)
    page = html(client.get(f"/pay/{session.pay_token}/"))

    assert "Who are you?" in page
    for name in ("Anna", "Bo", "Cecilia"):
        player = Player.objects.get(name=name)
        assert f"/pay/{session.pay_token}/players/{player.pk}/" in page


def test_the_payer_sees_what_they_pay_with_the_code_and_a_paid_button(
    client: Client, host: Any
) -> None:
    session = settle_night(host, **ANNA_SWISH)
    t = transfer(session, "Cecilia")
    page = html(client.get(f"/pay/{session.pay_token}/players/{t.payer_id}/"))

    assert "You pay Anna 100,00" in page.replace("\u2068", "").replace("\u2069", "").replace(
        "\xa0", " "
    ) or "You pay Anna 100.00" in page.replace("\u2068", "").replace("\u2069", "")
    assert 'class="paycode"' in page
    assert f'action="/pay/{session.pay_token}/transfers/{t.pk}/paid/"' in page


def test_the_payee_sees_who_pays_them(client: Client, host: Any) -> None:
    session = settle_night(host)
    anna = Player.objects.get(name="Anna")
    page = html(client.get(f"/pay/{session.pay_token}/players/{anna.pk}/"))

    assert "You get" in page
    assert "Bo" in page and "Cecilia" in page
    assert "/paid/" not in page


def test_the_payer_marks_paid_and_the_host_sees_who_and_can_undo(
    client: Client, logged_in: Client, host: Any
) -> None:
    session = settle_night(host, **ANNA_SWISH)
    t = transfer(session, "Bo")
    version = session.version

    page = html(client.post(f"/pay/{session.pay_token}/transfers/{t.pk}/paid/", headers=HX))

    t.refresh_from_db()
    assert t.paid_at is not None and t.paid_by_payer and t.paid_by is None
    assert "Marked paid. Thank you!" in page
    assert "Paid: marked by you" in page
    session.refresh_from_db()
    assert session.version == version + 1  # the host's open page is out of date now
    host_page = html(logged_in.get(f"/ledger/sessions/{session.pk}/"))
    assert "on their phone" in host_page
    assert "1 transfer still to pay." in host_page

    html(
        logged_in.post(
            f"/ledger/transfers/{t.pk}/paid/",
            {"paid": "0", "version": str(session.version)},
            headers=HX,
        )
    )
    t.refresh_from_db()
    assert t.paid_at is None and not t.paid_by_payer


def test_a_second_paid_tap_changes_nothing_and_says_so(client: Client, host: Any) -> None:
    session = settle_night(host)
    t = transfer(session, "Bo")
    url = f"/pay/{session.pay_token}/transfers/{t.pk}/paid/"
    client.post(url)
    t.refresh_from_db()
    first = t.paid_at
    session.refresh_from_db()
    version = session.version

    page = html(client.post(url, headers=HX))

    t.refresh_from_db()
    session.refresh_from_db()
    assert "already marked paid" in page
    assert t.paid_at == first
    assert session.version == version


def test_a_tap_on_a_transfer_the_host_marked_paid_changes_nothing(
    client: Client, host: Any
) -> None:
    session = settle_night(host)
    t = transfer(session, "Bo")
    t.mark_paid(by=host)
    t.refresh_from_db()

    page = html(client.post(f"/pay/{session.pay_token}/transfers/{t.pk}/paid/"))

    after = Transfer.objects.get(pk=t.pk)
    assert "already marked paid" in page
    assert (after.paid_at, after.paid_by_id, after.paid_by_payer) == (t.paid_at, host.pk, False)


def test_a_tap_after_a_reopen_changes_nothing_and_says_so(client: Client, host: Any) -> None:
    session = settle_night(host)
    t = transfer(session, "Bo")
    session.reopen(by=host)

    page = html(client.post(f"/pay/{session.pay_token}/transfers/{t.pk}/paid/", headers=HX))

    assert "no longer exists" in page
    assert not Transfer.objects.exists()
    assert "not settled yet" in html(client.get(f"/pay/{session.pay_token}/players/{t.payer_id}/"))


def test_a_reopened_and_resettled_night_needs_a_fresh_page(client: Client, host: Any) -> None:
    session = settle_night(host)
    old = transfer(session, "Bo")
    session.reopen(by=host)
    session.settle(by=host)

    page = html(client.post(f"/pay/{session.pay_token}/transfers/{old.pk}/paid/"))

    assert "no longer exists" in page
    assert not Transfer.objects.filter(paid_at__isnull=False).exists()


def test_wrong_tokens_and_other_nights_are_not_found(client: Client, host: Any) -> None:
    session = settle_night(host)
    t = transfer(session, "Bo")
    other = Session.objects.create(host=host, name="Saturday")
    stranger = Player.objects.create(host=host, name="Stranger")

    assert client.get("/pay/" + "A" * 24 + "/").status_code == 404
    assert client.get("/pay/short/").status_code == 404
    assert client.get(f"/pay/{session.pay_token}/players/{stranger.pk}/").status_code == 404
    response = client.post(f"/pay/{other.pay_token}/transfers/{t.pk}/paid/")
    assert "no longer exists" in html(response)
    t.refresh_from_db()
    assert t.paid_at is None
    assert client.get(f"/pay/{session.pay_token}/transfers/{t.pk}/paid/").status_code == 405


def test_every_session_has_its_own_token(host: Any) -> None:
    a = Session.objects.create(host=host, name="A")
    b = Session.objects.create(host=host, name="B")
    assert a.pay_token != b.pay_token and len(a.pay_token) >= 24


# --- the roster form ------------------------------------------------------------------------


def test_the_roster_form_normalises_payment_details(logged_in: Client, host: Any) -> None:
    response = logged_in.post(
        "/ledger/players/new/",
        {"name": "Åsa", "swish": "+46 70-123 45 67", "iban": "se45 5000 0000 0583 9825 7466",
         "bic": "esse se ss", "pay_link": "https://pay.example/asa"},
    )  # fmt: skip

    assert response.status_code == 302
    asa = Player.objects.get(name="Åsa")
    assert (asa.swish, asa.iban, asa.bic, asa.pay_link) == (
        "0701234567", "SE4550000000058398257466", "ESSESESS", "https://pay.example/asa"
    )  # fmt: skip
    page = html(logged_in.get(f"/ledger/players/{asa.pk}/"))
    assert "070-123 45 67" in page and "SE45 5000 0000 0583 9825 7466" in page


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("iban", "DE88370400440532013000", "check digits do not match"),
        ("iban", "DE8937040044053201300", "has 22 characters"),
        ("iban", "hello", "That is not an IBAN"),
        ("swish", "08-123 456 78", "That is not a Swish number"),
        ("bic", "DEUT", "That is not a BIC"),
        ("pay_link", "ftp://files.example/pay", "Only a web link"),
        ("pay_link", "javascript:alert(1)", "Enter a valid URL"),
    ],
)
def test_bad_payment_details_are_refused_with_a_message_and_change_nothing(
    logged_in: Client, host: Any, field: str, value: str, message: str
) -> None:
    anna = Player.objects.create(host=host, name="Anna", swish="0701234567")
    data = {"name": "Anna", "swish": "0701234567", "iban": "", "bic": "", "pay_link": ""}
    response = logged_in.post(f"/ledger/players/{anna.pk}/edit/", {**data, field: value})

    assert message in html(response)
    after = Player.objects.get(pk=anna.pk)
    assert (after.swish, after.iban, after.bic, after.pay_link) == ("0701234567", "", "", "")


def test_a_bic_without_an_iban_is_refused(logged_in: Client, host: Any) -> None:
    response = logged_in.post("/ledger/players/new/", {"name": "Bo", "bic": "DEUTDEFF"})
    assert "A BIC goes with an IBAN" in html(response)
    assert not Player.objects.filter(name="Bo").exists()


def test_merge_keeps_payment_details_and_an_iban_with_its_bic(host: Any) -> None:
    keep = Player.objects.create(host=host, name="Anna", swish="0701234567")
    other = Player.objects.create(
        host=host, name="Anna B", swish="0709999999", iban="DE89370400440532013000",
        bic="COBADEFFXXX", pay_link="https://pay.example/anna",
    )  # fmt: skip
    keep.merge(other)
    keep.refresh_from_db()
    assert (keep.swish, keep.iban, keep.bic, keep.pay_link) == (
        "0701234567", "DE89370400440532013000", "COBADEFFXXX", "https://pay.example/anna"
    )  # fmt: skip
