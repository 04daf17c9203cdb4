"""The seats around the oval: placed by a static stylesheet made from dealer/seat_layout.py (the
Content-Security-Policy refuses style attributes)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dealer.seat_layout import MAX_SEATS, MIN_SEATS, place, stylesheet
from tests.dealer.conftest import Tablet

SEATS_CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "seats.css"


def test_the_stylesheet_is_the_one_the_layout_makes() -> None:
    assert SEATS_CSS.read_text() == stylesheet(), (
        "static/css/seats.css is out of date: "
        "run .venv/bin/python -m dealer.seat_layout > static/css/seats.css"
    )


@pytest.mark.parametrize("seats", range(MIN_SEATS, MAX_SEATS + 1))
def test_seat_one_is_at_the_bottom_and_the_others_go_round_clockwise(seats: int) -> None:
    assert place(1, seats) == (50, 90)
    for number in range(2, seats + 1):
        x, y = place(number, seats)
        assert 6 <= x <= 94 and 10 <= y <= 90
        # Mirror images: seat k and seat seats + 2 - k sit on either side of the middle.
        mirror_x, mirror_y = place(seats + 2 - number, seats)
        assert (round(x + mirror_x, 2), y) == (100, mirror_y)
    # Clockwise on the screen: after seat 1 (bottom) the next seats are on the left.
    assert place(2, seats)[0] < 50 or seats == 2


def test_every_seat_of_every_table_size_has_a_place() -> None:
    rule = r'\.seats-(\d+) > \[data-seat="(\d+)"\] \{ --x: ([\d.]+)%; --y: ([\d.]+)%; \}'
    rules = re.findall(rule, stylesheet())
    assert {(int(s), int(n)) for s, n, _x, _y in rules} == {
        (s, n) for s in range(MIN_SEATS, MAX_SEATS + 1) for n in range(1, s + 1)
    }
    for s, n, x, y in rules:
        assert (float(x), float(y)) == place(int(n), int(s))


@pytest.mark.django_db
def test_the_table_page_names_the_layout_and_the_seats_without_style(tablet: Tablet) -> None:
    page = tablet.page()
    assert '<div class="oval seats-6">' in page
    assert "css/seats.css" in page
    assert page.count("data-seat=") == 6
    assert "style=" not in page
