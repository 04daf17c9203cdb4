"""The roster's one rule: a name is on the roster once, however it is capitalised or spaced
(`Player.objects.named`), in every form that takes "a roster player or a new name", and in
the database's unique constraint; the migration that brought the rule keeps every player."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.test import Client

from config.text import name_key
from ledger.forms import BuyInForm, PlayerForm, RegisterForm
from ledger.models import Player, Session

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("anna", "Anna"),
        ("ANNA", "Anna"),
        ("  Anna ", "Anna"),
        ("åsa berg", "Åsa Berg"),  # beyond ASCII: SQLite's LOWER() would miss it
        ("ÅSA  BERG", "Åsa Berg"),
        ("strauss", "Strauß"),
        ("A\u030asa", "Åsa"),  # Å typed as A and a combining ring
    ],
)
def test_a_name_finds_its_player_however_it_is_written(host: Any, typed: str, stored: str) -> None:
    player = Player.objects.create(host=host, name=stored)
    assert Player.objects.named(host, typed) == player
    assert name_key(typed) == player.name_key


def test_another_name_or_another_hosts_player_is_not_found(
    host: Any, django_user_model: Any
) -> None:
    sven = django_user_model.objects.create_user(username="sven", password="not-yours-123")
    Player.objects.create(host=sven, name="Anna")
    Player.objects.create(host=host, name="Annika")
    assert Player.objects.named(host, "Anna") is None


def test_the_database_holds_a_name_once_per_host_whatever_its_case(
    host: Any, django_user_model: Any
) -> None:
    Player.objects.create(host=host, name="Åsa")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(host=host, name="åsa")
    sven = django_user_model.objects.create_user(username="sven", password="not-yours-123")
    Player.objects.create(host=sven, name="åsa")  # another host's roster


def test_renaming_a_player_keeps_the_key(host: Any) -> None:
    player = Player.objects.create(host=host, name="Anna")
    player.name = "Bea"
    player.save(update_fields=["name"])
    assert Player.objects.named(host, "BEA") == player
    assert Player.objects.named(host, "anna") is None


def test_a_buy_in_by_a_name_on_the_roster_is_that_players(night: Session) -> None:
    form = BuyInForm(
        {"new_player": "cecilia", "chips": 200, "method": "cash", "kind": "rebuy"}, session=night
    )
    assert form.is_valid(), form.errors
    assert form.cleaned_data["player"] == Player.objects.get(name="Cecilia")


def test_a_registration_by_a_name_on_the_roster_is_that_players(host: Any) -> None:
    anna = Player.objects.create(host=host, name="Anna")
    form = RegisterForm({"new_player": "ANNA", "method": "cash"}, host=host)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["player"] == anna


def test_a_player_cannot_be_renamed_to_another_players_name(host: Any) -> None:
    Player.objects.create(host=host, name="Anna")
    bo = Player.objects.create(host=host, name="Bo")
    form = PlayerForm({"name": "anna"}, instance=bo, host=host)
    assert not form.is_valid()
    assert form.errors["name"] == ["You already have a player called anna."]
    own = PlayerForm({"name": "BO"}, instance=bo, host=host)  # their own name, recapitalised
    assert own.is_valid(), own.errors


def test_a_new_player_by_a_known_name_buys_in_as_the_known_one(
    logged_in: Client, night: Session
) -> None:
    logged_in.post(
        f"/ledger/sessions/{night.pk}/buy-in/",
        {"new_player": "ANNA", "chips": 200, "method": "cash", "kind": "rebuy"},
        headers=HX,
    )
    assert Player.objects.filter(host=night.host).count() == 3
    assert night.buy_ins.filter(player__name="Anna").count() == 2


# The migration that brought the rule: case-twins already on a roster are kept, the later renamed.


@pytest.fixture
def before_the_rule() -> Iterator[Any]:
    """The ledger as it was before names were keyed (0008), and back to the latest after."""
    executor = MigrationExecutor(connection)
    executor.migrate([("ledger", "0008_payment_codes")])
    executor.loader.build_graph()
    yield executor.loader.project_state([("ledger", "0008_payment_codes")]).apps
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_the_migration_keeps_every_twin_and_renames_the_later(
    before_the_rule: Any, django_user_model: Any
) -> None:
    host = django_user_model.objects.create_user(username="host", password="not-yours-123")
    sven = django_user_model.objects.create_user(username="sven", password="not-yours-123")
    OldPlayer = before_the_rule.get_model("ledger", "Player")
    OldSession = before_the_rule.get_model("ledger", "Session")
    OldBuyIn = before_the_rule.get_model("ledger", "BuyIn")
    names = ["Anna", "anna", "Bo", "ANNA", "anna (2)", "x" * 80, "X" * 80]
    old = [OldPlayer.objects.create(host_id=host.pk, name=name) for name in names]
    OldPlayer.objects.create(host_id=sven.pk, name="anna")  # another roster: not a twin
    session = OldSession.objects.create(
        host_id=host.pk, name="Friday", currency="SEK", rate_minor=100, rate_chips=1
    )
    OldBuyIn.objects.create(session=session, player=old[1], chips=50)

    executor = MigrationExecutor(connection)
    executor.migrate([("ledger", "0009_player_name_key")])

    renamed = dict(Player.objects.filter(host=host).values_list("pk", "name"))
    assert [renamed[p.pk] for p in old] == [
        "Anna",
        "anna (3)",  # "anna (2)" is a later player's name
        "Bo",
        "ANNA (4)",
        "anna (2)",
        "x" * 80,
        "X" * 76 + " (2)",  # cut to fit the 80 characters a name may have
    ]
    assert Player.objects.get(host=sven).name == "anna"
    assert Player.objects.named(host, "anna (3)").buy_ins.get().chips == 50  # rows kept
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(host=host, name="bo")
