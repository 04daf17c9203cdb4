"""The dealer's table screen, as HTML: the one-tap all-in, presets that name their amount
(pot-limit's maximum is the pot), the keypad and big-blind steps, one tap on a name to award a
pot, and messages that float (taking no room)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from dealer.poker.models import Table
from tests.dealer.conftest import Tablet, make_table, sit

pytestmark = pytest.mark.django_db


def presets(body: str) -> list[str]:
    found = re.findall(r'class="button small" data-set="\d+">([^<]+)</button>', body)
    return [html.unescape(p) for p in found if p != "Clear"]


def pot_limit(client: Any, host: Any, stack: int) -> Tablet:
    table = make_table(host, game=Table.Game.PL_HOLDEM, small_blind=1, big_blind=2)
    table.chips = [{"colour": "white", "value": 1, "count": 500}]
    table.save()
    for number, name in ((1, "Anna"), (2, "Bo"), (3, "Cia")):
        sit(table, number, name, stack)
    client.force_login(host)
    return Tablet(client, table)


def test_pot_limit_maximum_reads_pot_not_all_in(client: Any, host: Any) -> None:
    tablet = pot_limit(client, host, 201)
    body = tablet.start().content.decode()
    assert "from 4 to 7" in body
    assert presets(body) == ["Min (4)", "Pot (7)"]  # ½ pot is the minimum; Max is the pot
    assert 'value="all_in"' not in body
    assert "All-in" not in body


def test_all_in_is_one_tap_when_it_is_the_whole_stack(client: Any, host: Any) -> None:
    tablet = pot_limit(client, host, 6)  # the pot (7) is more than Anna has
    body = tablet.start().content.decode()
    assert re.search(r'value="all_in"[^>]*>All-in 6<', body)
    assert presets(body) == ["Min (4)"]  # the whole stack is the All-in button, not a preset
    response = tablet.act("all_in")
    assert 'data-testid="bet-1">6<' in response.content.decode()
    anna = tablet.hand.config["seats"].index(1)
    assert tablet.hand.state().stacks[anna] == 0


def test_no_limit_shows_the_keypad_steps_of_one_big_blind_and_all_in(tablet: Tablet) -> None:
    body = tablet.start().content.decode()
    assert 'data-testid="keypad"' in body
    assert body.count('class="key"') == 12  # 1-9, 0, 00 and delete
    assert 'data-step="10"' in body and 'data-step="-10"' in body  # the big blind
    assert re.search(r'value="all_in"[^>]*>All-in 1000<', body)
    assert presets(body) == ["Min (20)", "Pot (35)"]


def test_tapping_a_name_awards_the_pot_to_that_player_alone(tablet: Tablet) -> None:
    tablet.start()
    tablet.to_showdown()
    body = tablet.page()
    seats = tablet.hand.config["seats"]
    for number, name in ((1, "Anna"), (3, "Bo"), (5, "Cia")):
        p = seats.index(number)
        button = rf'name="winners" value="{p}"[^>]*>Seat {number} \({name}\) wins<'
        assert re.search(button, body), name
    # The button posts that one player as the winners (what Tablet.award sends).
    response = tablet.award(3)
    assert "Bo (seat 3) 30" in html.unescape(response.content.decode())
    assert tablet.stacks() == {1: 990, 3: 1020, 5: 990}


def test_messages_float_and_an_error_can_be_dismissed(tablet: Tablet) -> None:
    tablet.start()
    body = tablet.act("raise", amount=15).content.decode()
    error = re.search(r'<div class="toast"><p class="flash error" role="alert">([^<]+)</p>', body)
    assert error is not None and "20" in error.group(1)
    assert 'data-dismiss aria-label="Dismiss the message"' in body
    tablet.act("call")
    body = tablet.undo().content.decode()
    assert '<div class="toast fades"><p class="flash notice" role="status">Undone.</p>' in body
