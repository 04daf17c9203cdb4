"""The session page and its printout say when the transfers are not proven the fewest."""

from __future__ import annotations

import pytest
from django.test import Client

from ledger.models import Player, Session

pytestmark = pytest.mark.django_db
NOT_FEWEST = "Not proven the fewest transfers"


def counted_night(host: object, results: list[int]) -> Session:
    """A counted session: everyone bought 200 chips (1 kr a chip) and ends on 200 + result."""
    session = Session.objects.create(
        host=host, name="Big night", currency="SEK", rate_minor=20000, rate_chips=200
    )
    players = [
        Player.objects.create(host=host, name=f"Player {i:02d}") for i in range(len(results))
    ]
    for player in players:
        session.buy_in(player, 200, by=host)
    session.save_count(
        {p: (200 + result, {}) for p, result in zip(players, results, strict=True)}, by=host
    )
    return session


def test_too_many_different_results_say_the_transfers_are_not_proven_fewest(
    logged_in: Client, host: object
) -> None:
    # 27 different results, odd wins against even losses (no two cancel out): more than the
    # exact search takes, so the transfers come from the greedy fallback.
    wins = list(range(1, 28, 2))
    losses = [-x for x in range(2, 25, 2)] + [-40]
    assert sum(wins) + sum(losses) == 0
    session = counted_night(host, wins + losses)

    page = logged_in.get(f"/ledger/sessions/{session.pk}/").content.decode()

    assert "Settle the session" in page
    assert NOT_FEWEST in page

    logged_in.post(f"/ledger/sessions/{session.pk}/settle/", {"version": session.version})
    printed = logged_in.get(f"/ledger/sessions/{session.pk}/print/").content.decode()

    assert "Not settled yet." not in printed
    assert NOT_FEWEST in printed


def test_a_usual_night_does_not_say_so(logged_in: Client, host: object) -> None:
    session = counted_night(host, [90, 80, -80, -70, -20])

    page = logged_in.get(f"/ledger/sessions/{session.pk}/").content.decode()

    assert "Settle the session" in page
    assert NOT_FEWEST not in page

    logged_in.post(f"/ledger/sessions/{session.pk}/settle/", {"version": session.version})
    printed = logged_in.get(f"/ledger/sessions/{session.pk}/print/").content.decode()

    assert "Not settled yet." not in printed
    assert NOT_FEWEST not in printed
