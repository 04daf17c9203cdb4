"""Hostile input never breaks Pott and a refused request stores nothing.

The walker (tests/hostile/) builds a night with two hosts and a co-dealer, walks every URL
pattern and every field every view reads, one hostile value at a time, as anonymous, the
host, another host and the co-dealer. A failure lists every cause at once, grouped by view,
exception and line (server errors) or by view and what changed (refused requests that stored
something); the whole report is also written to var/hostile-input-<database>.txt.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection

from tests.hostile import coverage, walk, world

pytestmark = pytest.mark.django_db


def test_every_form_field_raw_field_and_url_is_walked() -> None:
    gaps = coverage.missing(world.build())
    if gaps:
        pytest.fail("The hostile-input walker does not reach:\n" + "\n".join(gaps), False)


def test_hostile_input_never_fails_and_refused_requests_store_nothing(settings: Any) -> None:
    report = walk.walk(world.build())
    text = report.text()
    out = settings.BASE_DIR / "var" / f"hostile-input-{connection.vendor}.txt"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text + "\n")
    print(text.splitlines()[0])
    if report.server_errors() or report.stored_by_refused() or report.quiet_baselines:
        pytest.fail(f"{text}\n\n(The whole report: {out})", pytrace=False)
