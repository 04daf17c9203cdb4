"""A session's hands as PHH: the download button and `manage.py phh export`, read back by the
same reader `phh replay` uses, to the same stacks."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

from dealer.engine import AllIn, Award, Call, Check, DealStreet, Fold
from dealer.engine.phh import parse_phh
from dealer.poker.models import Hand, Seat, Table
from ledger.models import Player, Session

pytestmark = pytest.mark.django_db


def played_table(host: object) -> Table:
    session = Session.objects.create(host=host, name="Friday night")
    table = Table.objects.create(host=host, session=session, name="Kitchen", max_seats=6)
    for number, name, stack in [(1, "Anna", 105), (3, "Bo", 250), (5, "Cia", 300)]:
        player = Player.objects.create(host=host, name=name)
        Seat.objects.create(table=table, number=number, player=player, stack=stack, is_new=False)
    hands = Hand.objects.filter(table=table)
    # Hand 1: button seat 1; Anna and Bo all-in, Cia calls; side pot to Cia, main pot split.
    table.start_hand(version=table.version, by=host)
    log = [AllIn(2), AllIn(0), Call(1), DealStreet(), DealStreet(), DealStreet()]
    log += [Award(1, (1,)), Award(0, (0, 2))]
    for action in log:
        table.refresh_from_db()
        hands.act(number=1, make=action, version=table.version, by=host)
    # Hand 2: everyone folds to the big blind.
    table.refresh_from_db()
    table.start_hand(version=table.version, by=host)
    hand = hands.get(number=2)
    for seq in range(3):
        state = hand.state()
        action = Fold(state.to_act) if seq < 2 else Check(state.to_act)
        table.refresh_from_db()
        hand = hands.act(number=2, make=action, version=table.version, by=host)[0]
        if hand.status != Hand.Status.LIVE:
            break
    return table


def test_download_gives_the_sessions_hands_that_replay_to_the_same_stacks(
    client: Client, host: object
) -> None:
    table = played_table(host)
    client.force_login(host)

    response = client.get(f"/tables/{table.pk}/session.phhs")

    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="friday-night.phhs"'
    hands = parse_phh(response.content.decode())
    assert [hand.fields["hand"] for hand in hands] == [1, 2]
    assert hands[0].fields["players"] == ["Bo", "Cia", "Anna"]
    for phh, hand in zip(hands, Hand.objects.order_by("number"), strict=True):
        assert phh.state.final_stacks() == hand.state().final_stacks()
    final = dict(zip(hands[-1].config.seats, hands[-1].state.final_stacks(), strict=True))
    assert final == {seat.number: seat.stack for seat in table.seats.all()}


def test_someone_elses_session_cannot_be_downloaded(client: Client, host: object) -> None:
    table = played_table(host)
    from django.contrib.auth import get_user_model

    stranger = get_user_model().objects.create_user(username="olle", password="x-y-z-12345")
    client.force_login(stranger)

    assert client.get(f"/tables/{table.pk}/session.phhs").status_code == 404


def test_export_command_writes_a_file_phh_replay_reads_back(host: object, tmp_path: Path) -> None:
    table = played_table(host)
    target = tmp_path / "night.phhs"

    call_command(
        "phh", "export", str(table.session_id), "--output", str(target), stderr=io.StringIO()
    )
    out = io.StringIO()
    call_command("phh", "replay", str(target), stdout=out, stderr=io.StringIO())

    replayed = parse_phh(out.getvalue())
    assert len(replayed) == 2
    # Bo and Anna split the main pot of 315 (63 chips of 5: Bo, first left of the button, gets
    # the odd one); Cia wins the side pot of 290.
    assert replayed[0].state.final_stacks() == (160, 50 + 290, 155)
