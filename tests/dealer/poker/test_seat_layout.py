"""The seats around the oval: placed by a static stylesheet made from dealer/seat_layout.py (the
Content-Security-Policy refuses style attributes)."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from dealer.poker.seat_layout import MAX_SEATS, MIN_SEATS, TALL, WIDE, place, stylesheet
from tests.dealer.conftest import Tablet

SEATS_CSS = Path(__file__).resolve().parents[3] / "static" / "css" / "seats.css"


def test_the_stylesheet_is_the_one_the_layout_makes() -> None:
    assert SEATS_CSS.read_text() == stylesheet(), (
        "static/css/seats.css is out of date: "
        "run .venv/bin/python -m dealer.poker.seat_layout > static/css/seats.css"
    )


@pytest.mark.parametrize("aspect", [WIDE, TALL])
@pytest.mark.parametrize("seats", range(MIN_SEATS, MAX_SEATS + 1))
def test_seat_one_is_at_the_bottom_and_the_others_go_round_clockwise(
    seats: int, aspect: float
) -> None:
    assert place(1, seats, aspect) == (50, 100)
    for number in range(2, seats + 1):
        x, y = place(number, seats, aspect)
        assert 0 <= x <= 100 and 0 <= y <= 100
        # Mirror images: seat k and seat seats + 2 - k sit on either side of the middle.
        mirror_x, mirror_y = place(seats + 2 - number, seats, aspect)
        assert (round(x + mirror_x, 2), y) == (100, mirror_y)
    # Clockwise on the screen: after seat 1 (bottom) the next seats are on the left.
    assert place(2, seats, aspect)[0] < 50 or seats == 2


@pytest.mark.parametrize("aspect", [WIDE, TALL])
@pytest.mark.parametrize("seats", range(3, MAX_SEATS + 1))
def test_neighbours_are_equally_far_apart_along_the_edge(seats: int, aspect: float) -> None:
    """Equal distances, not equal angles: on a wide or tall table equal angles crowd the
    seats at the ends. Neighbours on the left half are about as far apart as each other."""
    points = [place(n, seats, aspect) for n in range(1, seats // 2 + 2)]
    gaps = [
        math.hypot((x1 - x0) * aspect, y1 - y0)
        for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False)
    ]
    assert max(gaps) < 1.6 * min(gaps)


def test_every_seat_of_every_table_size_has_a_place() -> None:
    rule = r'\.seats-(\d+) > \[data-seat="(\d+)"\] \{ --x: ([\d.]+); --y: ([\d.]+); \}'
    wide, tall = stylesheet().split("@media")
    rules = re.findall(rule, wide)
    assert {(int(s), int(n)) for s, n, _x, _y in rules} == {
        (s, n) for s in range(MIN_SEATS, MAX_SEATS + 1) for n in range(1, s + 1)
    }
    for s, n, x, y in rules:
        assert (float(x), float(y)) == place(int(n), int(s), WIDE)
    for s, n, x, y in re.findall(rule, tall):
        assert (float(x), float(y)) == place(int(n), int(s), TALL)


@pytest.mark.django_db
def test_the_table_page_names_the_layout_and_the_seats_without_style(tablet: Tablet) -> None:
    page = tablet.page()
    assert '<div class="oval seats-6">' in page
    assert "css/seats.css" in page
    assert page.count("data-seat=") == 6
    assert "style=" not in page
