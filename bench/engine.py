"""Engine benchmark: Pott and pokerkit replaying the same 1,000 recorded hands.

The hands come from the pokerkit oracle's seeded generator (tests/dealer/engine/oracle.py, run
as a program: `python -m tests.dealer.engine.oracle record 1000`; the benchmark imports nothing
from tests/), built once before timing: no-limit, pot-limit and fixed-limit hold'em and Omaha,
five-card draw, five- and seven-card stud, 2 to 10 players, only hands both engines play
identically to the end. A replay builds the state from the configuration and applies every
recorded action (Pott: `replay(config, actions)`; pokerkit: create the state, then the same
operations). Each figure is the best of REPEATS timed passes over all hands
(time.perf_counter): the least disturbed run.
"""

from __future__ import annotations

import pickle
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pokerkit

from dealer.engine import replay

HANDS = 1000
REPEATS = 3
BASE_DIR = Path(__file__).resolve().parent.parent

# (Pott's HandConfig, its actions, pokerkit.State's arguments, pokerkit's operations)
Recorded = tuple[Any, tuple[Any, ...], dict[str, Any], tuple[tuple[str, tuple[Any, ...]], ...]]


def record_hands(count: int) -> list[Recorded]:
    """`count` hands from the oracle, run in a child process."""
    done = subprocess.run(
        [sys.executable, "-m", "tests.dealer.engine.oracle", "record", str(count)],
        cwd=BASE_DIR,
        capture_output=True,
        check=True,
    )
    # Our own child's output: the oracle pickles Pott's and pokerkit's own objects.
    return pickle.loads(done.stdout)  # noqa: S301


def _best_seconds(replay_all: Callable[[], None]) -> float:
    best = float("inf")
    for _ in range(REPEATS):
        began = time.perf_counter()
        replay_all()
        best = min(best, time.perf_counter() - began)
    return best


def _replay_pott(hands: Sequence[Recorded]) -> None:
    """Pott: rebuild each hand from its log."""
    for config, actions, _args, _ops in hands:
        replay(config, actions)


def _replay_pokerkit(hands: Sequence[Recorded]) -> None:
    """pokerkit: create each state and apply every recorded operation."""
    for _config, _actions, args, ops in hands:
        state = pokerkit.State(**args)
        for name, op_args in ops:
            getattr(state, name)(*op_args)


def run() -> list[tuple[str, float, str]]:
    """Replay the same hands in both engines; hands per second and Pott's speed-up."""
    hands = record_hands(HANDS)
    pott = _best_seconds(lambda: _replay_pott(hands))
    pokerkit_s = _best_seconds(lambda: _replay_pokerkit(hands))
    return [
        ("engine.replay_hands_per_s", round(len(hands) / pott), "hands/s"),
        ("engine.pokerkit_replay_hands_per_s", round(len(hands) / pokerkit_s), "hands/s"),
        ("engine.replay_speedup_vs_pokerkit", round(pokerkit_s / pott, 2), "x"),
    ]
