"""A line chart as plain SVG coordinates (no JavaScript): pure, no Django."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

PALETTE = ("#17613d", "#b8860b", "#b3261e", "#1f5fa8", "#7b3fa0", "#2d8c8c", "#a0522d", "#555")


@dataclass(frozen=True, slots=True)
class Line:
    name: str
    colour: str
    points: str  # "x,y x,y …" for <polyline points="…">
    last_x: float
    last_y: float
    last_value: int


@dataclass(frozen=True, slots=True)
class Chart:
    left: int
    right: int
    width: int
    height: int
    zero_y: float
    lines: list[Line]
    ticks: list[tuple[float, int]]  # (y, value) for the value axis
    columns: list[tuple[float, str]]  # (x, label) per session


def line_chart(
    labels: Sequence[str],
    series: Mapping[str, Sequence[int | None]],
    *,
    width: int = 640,
    height: int = 280,
    margin: int = 24,
    left: int = 88,
) -> Chart:
    """Lines of running totals over the sessions in `labels` (None: not there that night).

    Every line starts at zero before the first session, so one session still draws a line.
    """
    labels = ["", *labels]
    series = {name: [0, *vs] for name, vs in series.items()}
    values = [v for vs in series.values() for v in vs if v is not None]
    low, high = min(values), max(values)
    if low == high:
        high = low + 1
    n = max(len(labels), 2)
    plot_w, plot_h = width - left - margin, height - 2 * margin

    def x(i: int) -> float:
        return round(left + plot_w * i / (n - 1), 1)

    def y(v: int) -> float:
        return round(margin + plot_h * (high - v) / (high - low), 1)

    lines = []
    for index, (name, vs) in enumerate(series.items()):
        points = [(x(i), y(v), v) for i, v in enumerate(vs) if v is not None]
        if not points:
            continue
        lines.append(
            Line(
                name=name,
                colour=PALETTE[index % len(PALETTE)],
                points=" ".join(f"{px},{py}" for px, py, _v in points),
                last_x=points[-1][0],
                last_y=points[-1][1],
                last_value=points[-1][2],
            )
        )
    ticks = [(y(v), v) for v in sorted({low, 0, high})]
    return Chart(
        left=left,
        right=width - margin,
        width=width,
        height=height,
        zero_y=y(0),
        lines=lines,
        ticks=ticks,
        columns=[(x(i), label) for i, label in enumerate(labels)],
    )
