"""The New table form reads the game catalogue (dealer.engine.games.GAMES): its choices, its field
groups (one "table-games" JSON block for static/js/table_form.js) and its checks."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from dealer.engine import games
from dealer.poker.forms import STAKES, TableForm
from dealer.poker.models import Table
from tests.dealer.poker.test_table_night import form_values

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def logged_in(client: Client, host: Any) -> Client:
    client.force_login(host)
    return client


def test_the_game_choices_are_the_catalogue_s() -> None:
    field = Table._meta.get_field("game")
    assert [value for value, _label in field.choices] == [g.value for g in games.GAMES]
    assert [str(label) for _value, label in field.choices] == [
        spec.label for spec in games.GAMES.values()
    ]
    assert all(len(g.value) <= field.max_length for g in games.GAMES)


def test_every_field_a_game_uses_is_a_field_of_the_form() -> None:
    fields = set(TableForm.base_fields)
    for spec in games.GAMES.values():
        assert set(spec.fields) <= fields, spec.game


def test_the_page_sends_each_game_s_fields_in_one_json_block(logged_in: Client) -> None:
    page = logged_in.get("/tables/new/").content.decode()
    blocks = re.findall(
        r'<script id="table-games" type="application/json">(.*?)</script>', page, re.S
    )
    assert len(blocks) == 1
    sent = json.loads(blocks[0])
    assert list(sent) == [g.value for g in games.GAMES]
    for game, spec in games.GAMES.items():
        assert sent[game.value] == {"fields": list(spec.fields), "betting": spec.betting.value}
    assert "data-games" not in page
    # Every group the script shows or hides names fields of the form.
    named = {name for group in re.findall(r'data-uses="([^"]*)"', page) for name in group.split()}
    assert named and named <= set(TableForm.base_fields)
    used = {name for spec in games.GAMES.values() for name in spec.fields}
    assert used <= named  # no field a game uses is left outside a group


def test_the_script_and_the_form_count_the_same_stakes() -> None:
    script = (ROOT / "static" / "js" / "table_form.js").read_text()
    listed = re.search(r"var STAKES = \[([^\]]*)\]", script)
    assert listed is not None
    assert tuple(json.loads(f"[{listed.group(1)}]")) == STAKES


@pytest.mark.parametrize(
    ("game", "seats", "most"),
    [
        ("draw5", 8, 7),
        ("draw5_short", 5, 4),
        ("stud5", 10, None),
        ("stud7", 9, 8),
        ("razz", 9, 8),
        ("stud7_hilo", 9, 8),
    ],
)
def test_a_table_has_no_more_seats_than_its_game_deals_to(
    logged_in: Client, game: str, seats: int, most: int | None
) -> None:
    values = form_values(logged_in.get("/tables/new/").content.decode())
    stakes = {"small_blind": "5", "max_bet": "10", "small_bet": "10", "big_bet": "20"}
    response = logged_in.post(
        "/tables/new/",
        {**values, "name": "Friday", "game": game, "max_seats": str(seats), **stakes},
    )
    page = response.content.decode()
    if most is None:
        assert Table.objects.get().max_seats == seats
    else:
        assert not Table.objects.exists()
        assert f"players: at most {most} seats." in page


def test_a_stud_table_takes_its_stakes_from_the_small_and_big_bet(logged_in: Client) -> None:
    values = form_values(logged_in.get("/tables/new/").content.decode())
    stakes = {"small_bet": "10", "big_bet": "20", "ante": "2", "joker": "on", "max_seats": "8"}
    logged_in.post("/tables/new/", {**values, "name": "Friday", "game": "razz", **stakes})
    table = Table.objects.get()
    assert (table.small_blind, table.big_blind, table.bring_in) == (10, 20, 10)
    assert (table.ante_mode, table.joker, table.straddles_allowed) == ("each", False, False)
    assert table.spec.lowball and table.stakes_label() == "10–20, bring-in 10, ante 2"
