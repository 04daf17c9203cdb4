"""Settlement figures: time for the fewest-transfer search, and how often it beats greedy.

ms_N_players is the slower of two worst cases for N players with non-zero balances:
- "no subgroup": random balances up to 10,000 kr in öre with no zero-sum subgroup but the
  whole table (the answer is N − 1; the search must rule out every subset);
- "dense": small amounts on a coarse grid (+2/+3/+4 against −5/−6/−7 units, no equal
  opposites to pair off), so thousands of subsets sum to zero and the full n·2ⁿ dynamic
  programme runs.
transfers_saved_vs_greedy_pct: 10,000 random sessions of 4–10 players, results in whole
10-kr steps between −1,000 and +1,000 kr (the last player balances the table); the share where
settle() needs fewer transfers than largest-debtor-pays-largest-creditor.
"""

from __future__ import annotations

import random
import time

from ledger.settlement import greedy_settle, settle


def no_subgroup(n: int, rng: random.Random) -> dict[int, int]:
    while True:
        values = [rng.randint(1, 1_000_000) * (1 if i % 2 else -1) for i in range(n - 1)]
        values.append(-sum(values))
        if values[-1] and _has_no_zero_sum_subgroup(values):
            return dict(enumerate(values))


def _has_no_zero_sum_subgroup(values: list[int]) -> bool:
    sums = [0]
    for v in values:
        sums += [s + v for s in sums]
    return sums[1:-1].count(0) == 0


def dense(n: int, rng: random.Random) -> dict[int, int]:
    while True:
        positives = [rng.choice((2, 3, 4)) for _ in range(n // 2)]
        negatives = [-rng.choice((5, 6, 7)) for _ in range(n - n // 2 - 1)]
        last = -(sum(positives) + sum(negatives))
        if last and last not in (2, 3, 4, -2, -3, -4, 5, 6, 7, -5, -6, -7):
            return dict(enumerate([*positives, *negatives, last]))


def time_ms(balances: dict[int, int], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        settle(balances)
        best = min(best, time.perf_counter() - start)
    return best * 1000


def saved_vs_greedy(sessions: int, rng: random.Random) -> float:
    better = 0
    for _ in range(sessions):
        n = rng.randint(4, 10)
        values = [rng.randint(-100, 100) * 1000 for _ in range(n - 1)]
        values.append(-sum(values))
        balances = dict(enumerate(values))
        ours, greedy = len(settle(balances)), len(greedy_settle(balances))
        assert ours <= greedy
        better += ours < greedy
    return 100 * better / sessions


def run() -> list[tuple[str, float, str]]:
    rng = random.Random(2026)
    figures: list[tuple[str, float, str]] = []
    for n in (8, 12, 16, 20):
        repeat = 5 if n <= 16 else 1
        sparse = time_ms(no_subgroup(n, rng), repeat)
        heavy = time_ms(dense(n, rng), repeat)
        figures.append((f"settle.ms_{n}_players", round(max(sparse, heavy), 2), "ms"))
        figures.append((f"settle.ms_{n}_players_no_subgroup", round(sparse, 2), "ms"))
        figures.append((f"settle.ms_{n}_players_dense", round(heavy, 2), "ms"))
    figures.append(
        ("settle.transfers_saved_vs_greedy_pct", round(saved_vs_greedy(10_000, rng), 2), "%")
    )
    return figures
