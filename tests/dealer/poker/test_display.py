"""The table display (TV) and the players' phone view, opened by the table's token without a
login; both follow the table by polling; the dealer's page shows their links and a QR code."""

from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING, Any

import pytest
from django.test import Client

from config import network
from dealer.poker import display

if TYPE_CHECKING:
    from conftest import Tablet


def text(response: Any) -> str:
    body = re.sub(r"<svg.*?</svg>", " ", response.content.decode(), flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)))


def by_testid(response: Any, name: str) -> str:
    match = re.search(rf'data-testid="{name}"[^>]*>([^<]*)<', response.content.decode())
    assert match, f"no {name} on the page"
    return html.unescape(match.group(1)).strip()


@pytest.fixture
def token(tablet: Tablet) -> str:
    return tablet.table.display_token


@pytest.mark.parametrize("view", ["d", "p"])
def test_the_display_shows_pot_stacks_whose_turn_and_blinds_without_a_login(
    tablet: Tablet, token: str, view: str
) -> None:
    tablet.start()
    tablet.act("raise", amount=30)
    response = Client().get(f"/{view}/{token}/")
    assert response.status_code == 200
    assert by_testid(response, "display-pot") == "45"
    assert by_testid(response, "display-prompt") == "Seat 3 (Bo) to act"
    assert by_testid(response, "blinds") == "Blinds 5/10"
    assert by_testid(response, "display-stack-1") == "970"
    assert by_testid(response, "display-stack-3") == "995"
    assert by_testid(response, "display-stack-5") == "990"
    assert "bet 30" in text(response)
    assert re.search(r'class="board-seat to-act" data-testid="display-seat-3"', response.text)


@pytest.mark.parametrize("view", ["d", "p"])
def test_between_hands_the_display_shows_the_next_button_and_blinds(
    tablet: Tablet, token: str, view: str
) -> None:
    response = Client().get(f"/{view}/{token}/")
    assert "Between hands" in text(response)
    expected = "Next hand: button 1 (Anna), small blind 3 (Bo), big blind 5 (Cia)"
    assert by_testid(response, "display-prompt") == expected


@pytest.mark.parametrize("view", ["d", "p"])
def test_the_display_shows_no_dealer_controls(tablet: Tablet, token: str, view: str) -> None:
    tablet.start()
    response = Client().get(f"/{view}/{token}/")
    body = response.content.decode()
    assert "<form" not in body
    assert "csrfmiddlewaretoken" not in body
    assert "Misdeal" not in body


@pytest.mark.parametrize("view", ["d", "p"])
@pytest.mark.parametrize("suffix", ["", "poll/"])
def test_an_unknown_token_is_not_found(tablet: Tablet, view: str, suffix: str) -> None:
    assert Client().get(f"/{view}/not-a-real-token/{suffix}").status_code == 404


@pytest.mark.parametrize("view", ["d", "p"])
def test_the_poll_answers_nothing_while_the_table_is_unchanged(
    tablet: Tablet, token: str, view: str
) -> None:
    response = Client().get(f"/{view}/{token}/poll/", {"v": tablet.version})
    assert response.status_code == 204
    assert response.content == b""


@pytest.mark.parametrize("view", ["d", "p"])
def test_the_poll_sends_the_new_board_when_the_table_changed(
    tablet: Tablet, token: str, view: str
) -> None:
    seen = tablet.version
    tablet.start()
    response = Client().get(f"/{view}/{token}/poll/", {"v": seen})
    assert response.status_code == 200
    assert by_testid(response, "display-pot") == "15"
    assert by_testid(response, "display-prompt") == "Seat 1 (Anna) to act"
    body = response.content.decode()
    assert body.lstrip().startswith('<main id="board"')
    assert f"poll/?v={tablet.version}" in body  # the next poll asks about the new version
    assert "<html" not in body


@pytest.mark.parametrize("view", ["d", "p"])
def test_the_display_is_read_only(tablet: Tablet, token: str, view: str) -> None:
    assert Client().post(f"/{view}/{token}/").status_code == 405


def test_the_dealers_poll_answers_nothing_while_unchanged(tablet: Tablet) -> None:
    response = tablet.client.get(
        tablet.url("poll/"), {"v": tablet.version}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 204
    seen = tablet.version
    tablet.start()
    response = tablet.client.get(tablet.url("poll/"), {"v": seen}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert by_testid(response, "prompt") == "Seat 1 (Anna) to act"


def test_the_dealers_page_shows_the_phone_qr_code_and_the_links(tablet: Tablet, token: str) -> None:
    body = tablet.page()
    assert re.search(r'<figure class="qr">\s*<svg[^>]*>.*?</svg>', body, flags=re.S)
    assert f'href="http://testserver/p/{token}/"' in body
    assert f'href="http://testserver/d/{token}/"' in body


def test_each_table_has_its_own_unguessable_token(tablet: Tablet, make_table: Any) -> None:
    other = make_table(tablet.table.host, name="Garage")
    assert other.display_token != tablet.table.display_token
    assert len(tablet.table.display_token) >= 20
    response = Client().get(f"/d/{other.display_token}/")
    assert "Garage" in text(response)
    assert "Anna" not in text(response)


def test_links_and_qr_codes_never_take_an_unknown_host_header(
    tablet: Tablet, token: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An attacker-chosen Host header must not end up in the players' QR code."""
    monkeypatch.setattr(network, "_addresses", lambda minute: ("192.168.1.20",))
    body = tablet.client.get(tablet.url(""), HTTP_HOST="evil.example", SERVER_PORT="8000").text
    assert "evil.example" not in body
    assert f'href="http://192.168.1.20:8000/p/{token}/"' in body
    assert f'href="http://192.168.1.20:8000/d/{token}/"' in body


def test_links_keep_a_known_address_and_follow_the_public_url(
    tablet: Tablet, token: str, monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    monkeypatch.setattr(network, "_addresses", lambda minute: ("192.168.1.20",))
    body = tablet.client.get(tablet.url(""), HTTP_HOST="192.168.1.20:8000").text
    assert f'href="http://192.168.1.20:8000/p/{token}/"' in body
    settings.POTT_PUBLIC_URL = "https://pott.example.org"
    body = tablet.client.get(tablet.url(""), HTTP_HOST="evil.example").text
    assert f'href="https://pott.example.org/p/{token}/"' in body


def test_a_change_is_rendered_once_for_every_viewer_of_the_table(
    tablet: Tablet, token: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A change makes every TV and phone fetch the new board within a second: it is rendered
    once per revision, mode and language and the other viewers get the same board."""
    renders: list[str] = []
    board = display._board

    def counted(request: Any, table: Any, mode: str) -> str:
        renders.append(mode)
        return board(request, table, mode)

    monkeypatch.setattr(display, "_board", counted)
    seen = tablet.version
    tablet.start()
    first = Client().get(f"/d/{token}/poll/", {"v": seen})
    second = Client().get(f"/d/{token}/poll/", {"v": seen})
    assert first.status_code == second.status_code == 200
    assert first.content == second.content and renders == ["display"]
    assert by_testid(second, "display-prompt") == "Seat 1 (Anna) to act"
    german = Client().get(f"/d/{token}/poll/", {"v": seen}, headers={"Accept-Language": "de"})
    assert renders == ["display", "display"] and german.content != first.content
    Client().get(f"/p/{token}/poll/", {"v": seen})
    assert renders == ["display", "display", "phone"]
    tablet.act("call")
    after = Client().get(f"/d/{token}/poll/", {"v": seen})
    assert by_testid(after, "display-prompt") == "Seat 3 (Bo) to act"
