"""Two devices acting at once: one action applies, the other applies nothing (DESIGN.md: the
table's revision the device showed, never reused, backed by the unique (hand, seq) of the
log)."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection

from config.revision import Stale
from dealer.engine import Call, Fold, replay
from dealer.poker.models import REPLAYS, Hand, HandAction, Table
from tests.dealer.conftest import make_table, sit


def kitchen(host: Any) -> Hand:
    table = make_table(host)
    for number, name in [(1, "Anna"), (3, "Bo"), (5, "Cia")]:
        sit(table, number, name)
    return table.start_hand(version=table.version, by=host)


def hand_version() -> int:
    """The table's revision now (what a device showing the table would post)."""
    return Table.objects.get().version


@pytest.mark.django_db
def test_two_devices_on_the_same_state_only_the_first_applies(host: Any) -> None:
    kitchen(host)
    hands = Hand.objects.all()
    tablet = hands.select_related("table").get(number=1)
    phone = hands.select_related("table").get(number=1)
    tablet.state(), phone.state()  # both have read the hand as it is now
    version = tablet.table.version

    tablet.append(Call(2), version=version, by=host)
    with pytest.raises(Stale):
        phone.append(Fold(2), version=version, by=host)

    assert list(HandAction.objects.values_list("seq", "data__type")) == [(1, "call")]


@pytest.mark.django_db
def test_an_action_racing_an_undo_applies_nothing(host: Any) -> None:
    kitchen(host)
    hands = Hand.objects.all()
    hand, _state = hands.act(number=1, make=Call(2), version=hand_version(), by=host)
    dealer = hands.select_related("table").get(number=1)
    other = hands.select_related("table").get(number=1)
    dealer.state(), other.state()
    version = dealer.table.version

    dealer.undo(version=version, by=host)
    with pytest.raises(Stale):
        other.append(Fold(0), version=version, by=host)

    assert not HandAction.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_simultaneous_taps_in_threads_log_one_action(host: Any) -> None:
    kitchen(host)
    version = hand_version()
    barrier = threading.Barrier(4)
    outcomes: list[str] = []

    def tap() -> None:
        try:
            barrier.wait()
            Hand.objects.act(number=1, make=Call(2), version=version, by=None)
            outcomes.append("applied")
        except Stale:
            outcomes.append("stale")
        finally:
            connection.close()

    threads = [threading.Thread(target=tap) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(outcomes) == ["applied", "stale", "stale", "stale"]
    assert HandAction.objects.count() == 1


@pytest.mark.django_db
def test_a_remembered_replay_never_stands_in_for_a_different_log(host: Any) -> None:
    """Each process remembers the last replay of a hand (dealer.models.REPLAYS) only for the
    very log it replayed: after another device's action, an undo and a different action in
    the same place, every reading is the replay of the log as it is in the database."""
    kitchen(host)
    hands = Hand.objects.select_related("table")

    def fresh() -> Hand:
        return hands.get(number=1)

    def replayed(hand: Hand) -> Any:
        return replay(hand.engine_config(), hand.log())

    tablet = fresh()
    tablet.append(Call(2), version=hand_version(), by=host)
    assert fresh().state() is REPLAYS.get(tablet.pk, tablet.config, tablet.entries)
    # Another device (or process) acts: the remembered state is of the old log.
    phone = fresh()
    phone.append(Call(0), version=hand_version(), by=host)
    REPLAYS.put(tablet.pk, tablet.config, tablet.entries, tablet.state())
    assert fresh().state() == replayed(fresh()) and fresh().state().to_act == 1
    # Undo and a different action in the same place (the log has the same length again).
    fresh().undo(version=hand_version(), by=host)
    undone = fresh()
    assert undone.state() == replayed(undone) and undone.state().to_act == 0
    undone.append(Fold(0), version=hand_version(), by=host)
    again = fresh()
    assert [data["type"] for _, data in again.entries] == ["call", "fold"]
    assert again.state() == replayed(again) and again.state().folded[0]
