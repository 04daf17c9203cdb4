"""Poker-Deluxe on a TV and on the players' phones: the game's page links them (and shows the
phones' QR code); they open by the game's token without logging in and follow the game by
polling (nothing while it is unchanged, the new board after a move)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.http import HttpResponse
from django.test import Client

from dealer.deluxe.models import DeluxeGame
from tests.dealer.deluxe.test_deluxe_views import Pad, create

pytestmark = pytest.mark.django_db


@pytest.fixture
def pad(client: Client, host: Any) -> Pad:
    """Anna, Bo and Cia's game, the host logged in."""
    client.force_login(host)
    assert create(client, ["Anna", "Bo", "Cia"]).status_code == 302
    return Pad(client, DeluxeGame.objects.get())


def text(response: HttpResponse) -> str:
    assert response.status_code == 200
    return html.unescape(response.content.decode())


@pytest.mark.parametrize(("where", "mode"), [("tv", "display"), ("phone", "phone")])
def test_the_tv_and_the_phones_show_the_bank_whose_turn_and_the_standings(
    pad: Pad, client: Client, where: str, mode: str
) -> None:
    token = pad.fresh().display_token
    client.logout()

    page = text(client.get(f"/deluxe/{where}/{token}/"))

    assert '<body class="display-body ' + mode + '">' in page
    assert "Deluxe night" in page and "Poker-Deluxe" in page
    assert 'data-testid="display-bank">0<' in page
    state = pad.state()
    to_buy = state.name(state.to_buy)
    assert f"{to_buy}: how many cards?" in page
    assert 'data-testid="display-chips-2">75<' in page and "deals" in page
    assert f'hx-get="/deluxe/{where}/{token}/poll/?v={pad.version}"' in page


def test_a_poll_answers_nothing_until_the_game_changes(pad: Pad, client: Client) -> None:
    token, version = pad.fresh().display_token, pad.version
    poll = f"/deluxe/tv/{token}/poll/?v={version}"

    assert client.get(poll).status_code == 204
    pad.buy(2)  # the second card costs 2 more: 3 units in the bank
    board = text(client.get(poll))

    assert board.lstrip().startswith('<main id="board"')
    assert 'data-testid="display-bank">3<' in board
    assert "bought 2 cards" in board
    assert f"/poll/?v={pad.version}" in board
    assert client.get(f"/deluxe/tv/{token}/poll/?v={pad.version}").status_code == 204


def test_the_game_page_links_the_tv_and_the_phones(pad: Pad) -> None:
    token = pad.fresh().display_token
    page = pad.page()

    assert f"/deluxe/tv/{token}/" in page and f"/deluxe/phone/{token}/" in page
    assert 'data-testid="phone-qr"' in page and "<svg" in page


def test_a_token_opens_its_own_game_only(pad: Pad, client: Client) -> None:
    client.logout()

    assert client.get("/deluxe/tv/not-a-token-at-all/").status_code == 404
    assert client.get("/deluxe/phone/not-a-token-at-all/poll/?v=1").status_code == 404
    assert client.post(f"/deluxe/tv/{pad.fresh().display_token}/").status_code == 405


def test_the_tv_shows_the_standings_when_the_game_is_over(pad: Pad, client: Client) -> None:
    token = pad.fresh().display_token
    pad.end()
    client.logout()

    page = text(client.get(f"/deluxe/tv/{token}/"))

    assert "The game is over" in page
    assert re.search(r'data-testid="display-standings">\s*<li><span>1\. ', page)
    assert 'data-testid="display-bank"' not in page
