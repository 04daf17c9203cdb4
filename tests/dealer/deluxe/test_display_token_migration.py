"""Migration 0017: every Poker-Deluxe game already played gets a TV and phone link of its own."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def _latest_ledger() -> tuple[str, str]:
    executor = MigrationExecutor(connection)
    return next(key for key in executor.loader.graph.leaf_nodes() if key[0] == "ledger")


@pytest.mark.django_db(transaction=True)
def test_existing_games_get_a_token_each() -> None:
    executor = MigrationExecutor(connection)
    latest_dealer = next(k for k in executor.loader.graph.leaf_nodes() if k[0] == "dealer")
    before = [("dealer", "0016_game_choices_from_the_catalogue"), _latest_ledger()]
    executor.migrate(before)
    apps = executor.loader.project_state(before).apps
    user = apps.get_model("auth", "User").objects.create(username="hanna")
    session = apps.get_model("ledger", "Session").objects.create(host=user, name="Friday")
    games = apps.get_model("dealer", "DeluxeGame").objects
    for name in ("First", "Second"):
        games.create(
            host=user,
            session=session,
            name=name,
            players=[],
            cards=5,
            youngest_first=[],
            rounds=1,
            chip_set=[],
        )

    executor = MigrationExecutor(connection)
    executor.migrate([latest_dealer])
    apps = executor.loader.project_state([latest_dealer]).apps
    tokens = list(
        apps.get_model("dealer", "DeluxeGame").objects.values_list("display_token", flat=True)
    )

    assert len(tokens) == 2 and len(set(tokens)) == 2 and all(len(t) >= 20 for t in tokens)
