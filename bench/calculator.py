"""Side-pot calculator: CPU time of its most expensive requests (it is public, no login).

In a child process (Django is configured once per process), on a temporary database
(bench.table.scratch_site; the calculator stores nothing), through django.test.Client: ten
players who put in the most a row allows (100,000,000, each a few chips apart, so there are ten
pots and ten different payouts), every pot split between everyone who reached it, paid with
chip sets from the usual (each value divides the next) to sets chosen to be as slow as possible
to break into chips (values in the tens of millions that share no factor: every payout runs the
breakdown's search to its cap, `dealer.engine.chips.MAX_STEPS`). Also ten rows of 5,000-digit
numbers. Each request is timed with time.process_time() (CPU of this process: the view, the
forms, the engine and the template), REPEATS times after a warm-up.

calculator.worst_request_cpu_ms: the slowest of all those requests.
calculator.breakdown_at_cap_cpu_ms: the slowest single chip_breakdown call among the slow sets
(it gives up at MAX_STEPS).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections.abc import Mapping
from html import unescape
from pathlib import Path
from typing import Any

BASE_DIR = Path(__file__).resolve().parent.parent
CHILD_TIMEOUT_S = 300
REPEATS = 5
HTMX = {"HX-Request": "true"}

# Chip sets, by how hard they are to break amounts into (found by a random search for the
# slowest chip_breakdown calls among sets the calculator accepts).
CHIP_SETS = {
    "each_divides_the_next": (
        "1, 5, 25, 100, 500, 1000, 5000, 25000, 100000, 500000, 1000000, 5000000"
    ),
    "1_15_25": "1, 15, 25",
    "slow_6": "15749643, 19319002, 31143167, 39856063, 75232115, 82094352",
    "slow_7": "12666989, 21733410, 24228199, 26445137, 43667394, 54826096, 72313382",
    "slow_7b": "193958, 247539, 344281, 377320, 541745, 816982, 850103",
}


def _sheet(chips: list[str], chip_values: str, step: str) -> dict[str, str]:
    data = {"rows": str(len(chips)), "unit": "1", "chip_values": chip_values, "step": step}
    for i, amount in enumerate(chips):
        data[f"p{i}-name"] = f"Player {i + 1}"
        data[f"p{i}-chips"] = amount
    return data


def _timed(client: Any, data: Mapping[str, Any], htmx: bool) -> float:
    began = time.process_time()
    response = client.post("/side-pots/", data, headers=HTMX if htmx else {})
    spent = time.process_time() - began
    assert response.status_code == 200, response.status_code
    return spent * 1000


def _payout_data(page: str) -> dict[str, list[str]]:
    """Step 2's form with every eligible player tapped as a winner of every pot."""
    form = page[page.index('id="result"') :]
    data: dict[str, list[str]] = {}
    for name, value in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form):
        if name != "csrfmiddlewaretoken":
            data.setdefault(name, []).append(unescape(value))
    for name, value in re.findall(r'<input type="checkbox" name="(win-\d+)" value="(\d+)"', form):
        data.setdefault(name, []).append(value)
    data["step"] = ["payout"]
    return data


def measure() -> dict[str, object]:
    from bench.table import scratch_site

    with scratch_site("pott-bench-calculator-"):
        from django.test import Client

        from dealer.engine.chips import ChipSetTooAwkward, chip_breakdown

        client = Client()
        amounts = [str(100_000_000 - 7 * i) for i in range(10)]
        worst: dict[str, float] = {}
        for label, chip_values in CHIP_SETS.items():
            page = client.post("/side-pots/", _sheet(amounts, chip_values, "pots"), headers=HTMX)
            payout = _payout_data(page.content.decode())
            check = client.post("/side-pots/", payout, headers=HTMX).content.decode()
            assert 'data-testid="payouts"' in check, f"{label}: no payouts"
            for htmx in (True, False):
                _timed(client, payout, htmx)  # warm-up: templates, translations
                times = [_timed(client, payout, htmx) for _ in range(REPEATS)]
                worst[f"payout_{label}{'' if htmx else '_full_page'}"] = max(times)
        hostile = _sheet(["9" * 5000] * 10, "9" * 99, "pots")
        _timed(client, hostile, True)
        worst["pots_5000_digit_rows"] = max(_timed(client, hostile, True) for _ in range(REPEATS))

        slowest = 0.0
        for chip_values in list(CHIP_SETS.values())[2:]:
            values = [int(v) for v in chip_values.split(",")]
            for amount in (999_999_999, 10**9, 100_000_000, 123_456_789):
                began = time.process_time()
                try:
                    chip_breakdown(amount, values)
                except ChipSetTooAwkward:
                    pass
                slowest = max(slowest, (time.process_time() - began) * 1000)
    return {"requests_ms": worst, "breakdown_ms": slowest}


def run() -> list[tuple[str, float, str]]:
    """Measure in a child process (Django is configured once per process)."""
    from bench.table import BenchError

    done = subprocess.run(
        [sys.executable, "-m", "bench.calculator"],
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=CHILD_TIMEOUT_S,
    )
    if done.returncode != 0:
        raise BenchError(f"the calculator benchmark failed:\n{done.stderr[-3000:]}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    requests = result["requests_ms"]
    for name, ms in sorted(requests.items(), key=lambda item: -item[1]):
        print(f"calculator: {name} {ms:.1f} ms", file=sys.stderr)
    return [
        ("calculator.worst_request_cpu_ms", round(max(requests.values()), 2), "ms"),
        ("calculator.breakdown_at_cap_cpu_ms", round(result["breakdown_ms"], 2), "ms"),
    ]


if __name__ == "__main__":
    print(json.dumps(measure()))
