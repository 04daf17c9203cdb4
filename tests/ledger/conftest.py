from __future__ import annotations

import pytest
from django.test import Client

from ledger.models import Player, Session


@pytest.fixture
def logged_in(client: Client, host: object) -> Client:
    client.force_login(host)
    return client


@pytest.fixture
def night(host: object) -> Session:
    """200 kr buys 200 chips (1 kr a chip); Anna, Bo and Cecilia bought in."""
    session = Session.objects.create(
        host=host, name="Friday", currency="SEK", rate_minor=20000, rate_chips=200
    )
    for name in ("Anna", "Bo", "Cecilia"):
        player = Player.objects.create(host=host, name=name)
        session.buy_in(player, 200, by=host)
    return session


def player(session: Session, name: str) -> Player:
    return Player.objects.get(host=session.host, name=name)
