"""Roll for me: fair dice from a seeded source in tests, SystemRandom at the table."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from dealer.engine.dice import FACES, classify, reroll, roll


def test_a_seeded_source_rolls_the_same_dice() -> None:
    assert roll(random.Random(7)) == roll(random.Random(7))
    assert len(roll(random.Random(7))) == 5
    classify(roll(random.SystemRandom()))


def test_every_face_comes_up_about_equally() -> None:
    rng = random.Random(2024)
    counts = Counter(face for _ in range(12_000) for face in roll(rng))
    assert set(counts) == set(FACES)
    # 60,000 dice: 10,000 expected per face, standard deviation about 91.
    assert all(9_600 < n < 10_400 for n in counts.values())


def test_reroll_keeps_the_other_dice() -> None:
    dice = roll(random.Random(1))
    again = reroll(random.Random(2), dice, again=[0, 4])
    assert again[1:4] == dice[1:4]


@pytest.mark.parametrize("again", [[5], [-1], ["0"]])
def test_reroll_refuses_a_die_that_is_not_there(again: list) -> None:
    with pytest.raises(ValueError):
        reroll(random.Random(1), "9 9 9 9 9", again=again)


@pytest.mark.parametrize("count", [6, -1, 2.0])
def test_roll_refuses_more_than_five_dice(count: object) -> None:
    with pytest.raises(ValueError):
        roll(random.Random(1), count)  # type: ignore[arg-type]
