"""Browser tests: nothing a test opened outlives it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _close_every_context(request: pytest.FixtureRequest) -> Iterator[None]:
    """Close every browser context a test left open, also when it failed half-way: a TV page
    left polling the live server would otherwise hit it during a later test, whose client then
    reports that request's error (database access refused outside a database test) as its own."""
    yield
    if "browser" in request.fixturenames:
        for context in request.getfixturevalue("browser").contexts:
            context.close()
