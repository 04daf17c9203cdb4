"""A hand in words: what the dealer reads in the hand's history."""

from __future__ import annotations

import pytest

from dealer.engine import AllIn, Call, HandConfig, NoLimit, Variant
from dealer.engine.actions import Action
from dealer.engine.summary import walk


def holdem(stacks: tuple[int, ...], blinds: tuple[int, ...]) -> HandConfig:
    return HandConfig(variant=Variant.HOLDEM, structure=NoLimit(), stacks=stacks, blinds=blinds)


@pytest.mark.parametrize(
    ("config", "log", "text"),
    [
        # Nobody else can put in more than 1: the big blind's all-in is a check.
        (holdem((1, 3, 1, 1), (1, 2, 0, 4)), [AllIn(1)], "Seat 2 checks"),
        (holdem((1000, 30, 50), (5, 10, 0)), [AllIn(2), AllIn(0)], "Seat 1 calls 45"),
        # The big blind adds 5 to their 10: a raise to 15, though 5 is less than the bet.
        (
            holdem((1000, 15, 1000), (5, 10, 0)),
            [Call(2), Call(0), AllIn(1)],
            "Seat 2 raises to 15 (all-in)",
        ),
        (holdem((1000, 1000, 40), (5, 10, 0)), [AllIn(2)], "Seat 3 raises to 40 (all-in)"),
    ],
    ids=["check", "call", "short-raise", "raise"],
)
def test_an_all_in_is_described_as_what_it_amounts_to(
    config: HandConfig, log: list[Action], text: str
) -> None:
    _, steps = walk(config, log)
    assert steps[-1].text == text
