from __future__ import annotations

from ledger.chart import line_chart


def test_every_line_starts_at_zero_and_ends_at_the_running_total() -> None:
    chart = line_chart(["Fri", "Sat"], {"Anna": [100, 250], "Bo": [-100, None]})

    anna, bo = chart.lines
    assert anna.points.split()[0].endswith(f",{chart.zero_y}")
    assert len(anna.points.split()) == 3 and anna.last_value == 250
    assert len(bo.points.split()) == 2 and bo.last_value == -100
    assert [label for _x, label in chart.columns] == ["", "Fri", "Sat"]
    # Higher values are drawn higher (smaller y).
    assert anna.last_y < chart.zero_y < bo.last_y


def test_a_single_session_still_draws_a_line() -> None:
    chart = line_chart(["Fri"], {"Anna": [0]})

    assert len(chart.lines[0].points.split()) == 2
