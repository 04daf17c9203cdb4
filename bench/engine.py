"""Engine benchmark: Pott and pokerkit replaying the same 1,000 recorded hands.

The hands come from the pokerkit oracle's seeded generator (tests/dealer/engine/oracle.py), built
once before timing: no-limit, pot-limit and fixed-limit hold'em and Omaha, five-card draw, five- and
seven-card stud, 2 to 10 players, only hands both engines play identically to the end. A replay
builds the state from the configuration and applies every recorded action (Pott: `replay(config,
actions)`; pokerkit: create the state, then the same operations). Each figure is the best of REPEATS
timed passes over all hands (time.perf_counter): the least disturbed run.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from tests.dealer.engine.oracle import RecordedHand, record_hands

HANDS = 1000
REPEATS = 3


def _best_seconds(replay_all: Callable[[], None]) -> float:
    best = float("inf")
    for _ in range(REPEATS):
        began = time.perf_counter()
        replay_all()
        best = min(best, time.perf_counter() - began)
    return best


def _replay_pott(hands: Sequence[RecordedHand]) -> None:
    for hand in hands:
        hand.replay_pott()


def _replay_pokerkit(hands: Sequence[RecordedHand]) -> None:
    for hand in hands:
        hand.replay_pokerkit()


def run() -> list[tuple[str, float, str]]:
    """Replay the same hands in both engines; hands per second and Pott's speed-up."""
    hands = record_hands(HANDS)
    pott = _best_seconds(lambda: _replay_pott(hands))
    pokerkit = _best_seconds(lambda: _replay_pokerkit(hands))
    return [
        ("engine.replay_hands_per_s", round(len(hands) / pott), "hands/s"),
        ("engine.pokerkit_replay_hands_per_s", round(len(hands) / pokerkit), "hands/s"),
        ("engine.replay_speedup_vs_pokerkit", round(pokerkit / pott, 2), "x"),
    ]
