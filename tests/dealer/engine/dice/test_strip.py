"""Strip poker: no stakes; each round's loser, a tally for the evening, names and counts only."""

from __future__ import annotations

import pytest

from dealer.engine.dice import IllegalAction, Lost, Standing, StripConfig
from dealer.engine.dice.strip import apply, legal_actions, replay, start

NAMES = ("Anna", "Bjarni", "Dóra")


def test_the_tally_counts_each_rounds_loser() -> None:
    state = replay(StripConfig(names=NAMES), [Lost(1), Lost(1), Lost(2)])
    assert state.losers == (1, 1, 2)
    assert state.rounds == 3
    assert state.lost == (0, 2, 1)
    assert state.left is None and not state.is_over
    assert state.standings() == (
        Standing(place=1, player=0, count=0),
        Standing(place=2, player=2, count=1),
        Standing(place=3, player=1, count=2),
    )


@pytest.mark.parametrize(("first_out_wins", "winner"), [(False, 0), (True, 1)])
def test_the_first_with_nothing_left_ends_it_and_wins_or_loses_as_agreed(
    first_out_wins: bool, winner: int
) -> None:
    config = StripConfig(names=NAMES, items=2, first_out_wins=first_out_wins)
    state = replay(config, [Lost(1), Lost(2), Lost(1)])
    assert state.is_over and state.finished == 1
    assert state.left == (2, 0, 1)
    assert state.winner == winner
    assert legal_actions(state).over
    with pytest.raises(IllegalAction, match="over"):
        apply(state, Lost(0))


@pytest.mark.parametrize(
    ("action", "message"), [(Lost(3), "no player 3"), (Lost(-1), "no player"), ("x", "not a strip")]
)
def test_bad_input_is_refused(action: object, message: str) -> None:
    state = start(StripConfig(names=NAMES))
    with pytest.raises(IllegalAction, match=message):
        apply(state, action)  # type: ignore[arg-type]


@pytest.mark.parametrize("items", [0, 21, "3"])
def test_bad_item_counts_are_refused(items: object) -> None:
    with pytest.raises(IllegalAction, match="items"):
        start(StripConfig(names=NAMES, items=items))  # type: ignore[arg-type]
