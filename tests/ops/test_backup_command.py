"""`manage.py pott_backup` and `manage.py pott_restore`: a backup taken while Pott runs gives back
every row as it was; a file that is no backup of this Pott is refused and changes nothing.

They run on the database of the test run (SQLite's test file, or PostgreSQL with DATABASE_URL),
in tests that commit (`transaction=True`): the backup is made from another connection (SQLite)
or another program (pg_dump), which only sees committed data.
"""

from __future__ import annotations

import re
import shutil
import sqlite3
import stat
import threading
import time
from collections.abc import Iterator
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection, transaction
from django.db.migrations.recorder import MigrationRecorder

import dealer.migrations as dealer_migrations
from dealer.engine import Award, Call, Check, DealStreet, Raise, legal_actions
from dealer.poker.models import Hand, Seat, Table
from ledger.models import Player, Session, Transfer
from ops import backups
from tests.conftest import in_ci

pytestmark = pytest.mark.django_db(transaction=True)
PG_TOOLS = ("pg_dump", "pg_restore", "psql")


@pytest.fixture(autouse=True)
def backup_dir(settings: Any, tmp_path: Path) -> Path:
    """Backups made without a file name (and restores' safety backups) go to a folder of the
    test's own, not var/backups/."""
    settings.BACKUP_DIR = tmp_path / "backups"
    return settings.BACKUP_DIR


@pytest.fixture(autouse=True)
def _pg_tools() -> None:
    if connection.vendor != "postgresql":
        return
    missing = [tool for tool in PG_TOOLS if shutil.which(tool) is None]
    if missing:
        message = (
            f"{', '.join(missing)} not found: backing up PostgreSQL needs PostgreSQL's client "
            "tools (apt-get install postgresql-client)."
        )
        if in_ci():
            pytest.fail(message)
        pytest.skip(message)


def suffix() -> str:
    return ".sqlite3" if connection.vendor == "sqlite" else ".dump"


def run(*args: str) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def snapshot() -> dict[str, list[dict[str, Any]]]:
    """Every row of every model (Pott's, users, permissions, content types …), in full."""
    return {
        model._meta.label: list(model._base_manager.order_by("pk").values())
        for model in apps.get_models(include_auto_created=True)
    }


def assert_same(rows: dict[str, list[dict[str, Any]]], expected: dict[str, Any]) -> None:
    assert rows.keys() == expected.keys()
    for label, expected_rows in expected.items():
        assert rows[label] == expected_rows, label


def play_a_hand(table: Table, host: Any) -> Hand:
    """A raise and calls preflop (the raise taken back once and made again), checks down, the
    pot to the first player still in."""
    table.refresh_from_db()
    hands = Hand.objects.filter(table=table)
    hand = table.start_hand(version=table.version, by=host)
    undone = False
    while hand.status == Hand.Status.LIVE:
        legal = legal_actions(hand.state())
        if legal.award_pot is not None:
            action: Any = Award(legal.award_pot, legal.eligible[:1])
        elif legal.deal:
            action = DealStreet()
        elif not hand.entries:
            action = Raise(legal.player, 30)
        else:
            action = Check(legal.player) if legal.check else Call(legal.player)
        hand = hands.act(number=hand.number, make=action, version=revision(table), by=host)[0]
        if not undone:
            hand = hands.undo(number=hand.number, version=revision(table), by=host)
            hand = hands.act(number=hand.number, make=action, version=revision(table), by=host)[0]
            undone = True
    return hand


def revision(table: Table) -> int:
    """The table's version now, as a device showing it would post."""
    table.refresh_from_db(fields=["version"])
    return table.version


def a_night(host: Any) -> Session:
    """Friday at Hanna's: three players bought in (cash and credit), a table with a co-dealer,
    a finished hand, everyone cashed out, settled, and one transfer paid."""
    ola = get_user_model().objects.create_user(username="ola", password="co-dealer-7")
    session = Session.objects.create(
        host=host, name="Fredag hos Hanna", currency="SEK", rate_minor=100, rate_chips=1
    )
    table = Table.objects.create(host=host, session=session, name="Köket", max_seats=6)
    table.co_dealers.add(ola)
    for number, name, method in [(1, "Anna", "cash"), (3, "Bo", "credit"), (5, "Cia", "cash")]:
        player = Player.objects.create(host=host, name=name)
        session.buy_in(player, 1000, method=method, by=host)
        Seat.objects.create(table=table, number=number, player=player, stack=1000, is_new=False)
    hand = play_a_hand(table, host)
    assert hand.status == Hand.Status.COMPLETE and hand.actions.count() >= 8
    for seat in table.seats.all():
        session.cash_out(seat.player, seat.stack, by=ola, final=True)
    session.start_counting(by=host)
    session.settle(by=host)
    session.transfers.order_by("pk").first().mark_paid(by=host)
    return session


def the_night_goes_on(host: Any) -> None:
    """What happens after the backup: new rows, changed rows, deleted rows."""
    Hand.objects.all().delete()
    Transfer.objects.update(paid_at=None, paid_by=None)
    Player.objects.filter(name="Anna").update(name="Anna-Karin")
    Seat.objects.filter(number=3).update(stack=7)
    get_user_model().objects.filter(username="ola").delete()
    get_user_model().objects.create_user(username="intruder", password="not-from-the-backup")
    Session.objects.create(host=host, name="Saturday")


def test_a_restore_gives_back_every_row_as_it_was_at_the_backup(host: Any, tmp_path: Path) -> None:
    a_night(host)
    file = tmp_path / f"friday{suffix()}"

    out = run("pott_backup", str(file))

    assert f"to {file} (" in out
    assert "1 session, 1 poker table, 1 hand, 3 players" in out
    at_backup = snapshot()
    the_night_goes_on(host)
    assert snapshot() != at_backup

    out = run("pott_restore", str(file), "--yes")

    assert f"Restored {file}" in out
    assert_same(snapshot(), at_backup)
    # Pott carries on from there: new rows get ids of their own.
    dag = Player.objects.create(host=host, name="Dag")
    assert dag.pk > max(row["id"] for row in at_backup["ledger.Player"])


def test_the_restore_asks_first_and_keeps_a_safety_backup_that_restores(
    host: Any, tmp_path: Path, backup_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a_night(host)
    file = tmp_path / f"friday{suffix()}"
    run("pott_backup", str(file))
    the_night_goes_on(host)
    before_restore = snapshot()
    monkeypatch.setattr("builtins.input", lambda prompt: "yes")

    out = run("pott_restore", str(file))

    assert "everything recorded since the backup was made is lost" in out
    (safety,) = backup_dir.iterdir()
    assert re.fullmatch(rf"pott-before-restore-\d{{8}}-\d{{6}}{suffix()}", safety.name)
    assert f"A safety backup of the database as it is now goes to {safety} first." in out
    assert snapshot() != before_restore
    run("pott_restore", str(safety), "--yes")
    assert_same(snapshot(), before_restore)


def test_answering_anything_but_yes_restores_nothing(
    host: Any, tmp_path: Path, backup_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a_night(host)
    file = tmp_path / f"friday{suffix()}"
    run("pott_backup", str(file))
    the_night_goes_on(host)
    before = snapshot()
    monkeypatch.setattr("builtins.input", lambda prompt: "y")

    with pytest.raises(CommandError, match="Nothing was restored: the database is as it was"):
        run("pott_restore", str(file))

    assert_same(snapshot(), before)
    assert not backup_dir.exists()


def test_the_backup_and_its_new_folder_are_private(host: Any, backup_dir: Path) -> None:
    a_night(host)

    out = run("pott_backup")

    (file,) = backup_dir.iterdir()
    assert re.fullmatch(rf"pott-\d{{8}}-\d{{6}}{suffix()}", file.name)
    assert f"to {file} (" in out
    assert stat.S_IMODE(file.stat().st_mode) == 0o600
    assert stat.S_IMODE(backup_dir.stat().st_mode) == 0o700


def test_a_folder_gets_a_backup_named_after_the_moment(host: Any, tmp_path: Path) -> None:
    run("pott_backup", str(tmp_path))
    run("pott_backup", str(tmp_path))  # within the same second, most likely: a new name

    names = sorted(path.name for path in tmp_path.glob("pott-*"))
    assert len(names) == 2
    assert all(re.fullmatch(rf"pott-\d{{8}}-\d{{6}}(-2)?{suffix()}", name) for name in names)


def test_an_existing_file_is_not_overwritten_without_force(host: Any, tmp_path: Path) -> None:
    file = tmp_path / f"friday{suffix()}"
    file.write_text("my notes")

    with pytest.raises(CommandError, match="already exists: choose another name, or use --force"):
        run("pott_backup", str(file))
    assert file.read_text() == "my notes"
    assert [path.name for path in tmp_path.iterdir()] == [file.name]  # no temporary file left

    run("pott_backup", str(file), "--force")
    assert backups.inspect(file).summary.counts[("player", "players")] == 0


def test_the_backup_holds_committed_data_while_another_device_writes(
    host: Any, tmp_path: Path
) -> None:
    a_night(host)
    writing, backed_up = threading.Event(), threading.Event()

    def device() -> None:
        try:
            with transaction.atomic():
                Player.objects.create(host=host, name="Not yet committed")
                writing.set()
                backed_up.wait(timeout=30)
                transaction.set_rollback(True)
        finally:
            connection.close()

    thread = threading.Thread(target=device)
    thread.start()
    try:
        assert writing.wait(timeout=30)
        out = run("pott_backup", str(tmp_path / f"during{suffix()}"))  # not blocked
    finally:
        backed_up.set()
        thread.join()

    assert "3 players" in out


def test_a_restore_waits_for_a_device_that_is_writing(host: Any, tmp_path: Path) -> None:
    a_night(host)
    file = tmp_path / f"friday{suffix()}"
    run("pott_backup", str(file))
    at_backup = snapshot()
    the_night_goes_on(host)
    writing = threading.Event()

    def device() -> None:  # a tap in the middle of its request, finishing a moment later
        try:
            with transaction.atomic():
                Player.objects.create(host=host, name="Late tap")
                Seat.objects.filter(number=5).update(stack=1)
                writing.set()
                time.sleep(1)
        finally:
            connection.close()

    thread = threading.Thread(target=device)
    thread.start()
    try:
        assert writing.wait(timeout=30)
        run("pott_restore", str(file), "--yes")
    finally:
        thread.join()

    assert_same(snapshot(), at_backup)


# Refused restores: nothing changes, no safety backup is made.


def not_a_database(path: Path) -> str:
    path.write_text("Anna 350, Bo 150, Cecilia 100\n")
    if connection.vendor == "sqlite":
        return "is not an SQLite database, so it is no backup of Pott"
    return "is not a PostgreSQL backup made by pg_dump in its custom format"


def another_database(path: Path) -> str:
    """A backup of a database that is not Pott's."""
    if connection.vendor == "sqlite":
        db = sqlite3.connect(path)
        db.execute("CREATE TABLE recipes (name TEXT, servings INTEGER)")
        db.execute("INSERT INTO recipes VALUES ('Kanelbullar', 12)")
        db.commit()
        db.close()
    else:
        other = {**connection.settings_dict, "NAME": "postgres"}
        args, env = connection.client.settings_to_cmd_args_env(other, [])
        command = [shutil.which("pg_dump"), "--format=custom", f"--file={path}", *args[1:]]
        backups._run(command, {**backups.os.environ, **(env or {})})
    return "is not a backup of Pott: it has none of Pott's tables"


def missing(path: Path) -> str:
    return "is not there"


def damaged(path: Path) -> str:
    run("pott_backup", str(path))
    data = path.read_bytes()
    path.write_bytes(data[: len(data) * 2 // 3])
    return "cannot be read|is damaged"


def from_a_newer_pott(path: Path) -> str:
    future = MigrationRecorder.Migration.objects.create(app="ledger", name="0099_from_the_future")
    run("pott_backup", str(path))
    future.delete()
    return "comes from a newer Pott: this one does not know its migrations ledger.0099"


def of_the_other_database(path: Path) -> str:
    """A backup for SQLite given to PostgreSQL, and the other way round."""
    if connection.vendor == "sqlite":
        path.write_bytes(b"PGDMP\x01\x0e\x00" + bytes(200))
        return "is a PostgreSQL backup \\(pg_dump\\), but this Pott uses SQLite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE ledger_session (id INTEGER)")
    db.close()
    return "is an SQLite backup, but this Pott uses PostgreSQL"


@pytest.mark.parametrize(
    "make",
    [not_a_database, another_database, missing, damaged, from_a_newer_pott, of_the_other_database],
)
def test_a_file_that_is_no_backup_of_this_pott_is_refused_and_changes_nothing(
    make: Any, host: Any, tmp_path: Path, backup_dir: Path
) -> None:
    a_night(host)
    file = tmp_path / f"suspect{suffix()}"
    message = make(file)
    before = snapshot()

    with pytest.raises(CommandError, match=message) as refused:
        run("pott_restore", str(file), "--yes")

    assert str(refused.value).endswith("Nothing was changed.")
    assert_same(snapshot(), before)
    assert not backup_dir.exists()  # not even a safety backup


@pytest.mark.postgresql
@pytest.mark.parametrize("tool", PG_TOOLS)
def test_without_postgresql_client_tools_the_restore_says_so_and_changes_nothing(
    tool: str, host: Any, tmp_path: Path, backup_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a_night(host)
    file = tmp_path / "friday.dump"
    run("pott_backup", str(file))
    the_night_goes_on(host)
    before = snapshot()
    which = shutil.which
    monkeypatch.setattr("shutil.which", lambda name: None if name == tool else which(name))

    with pytest.raises(CommandError, match=f"{tool} was not found: .* postgresql-client"):
        run("pott_restore", str(file), "--yes")

    assert_same(snapshot(), before)
    assert not backup_dir.exists()


# A backup from an older Pott.


@pytest.fixture
def migrated_back() -> Iterator[None]:
    """Whatever happens in the test, the test database ends up migrated again."""
    yield
    call_command("migrate", verbosity=0)


def test_a_backup_from_an_older_pott_is_restored_and_migrated(
    host: Any, tmp_path: Path, migrated_back: None
) -> None:
    a_night(host)
    night = snapshot()
    # Pott before the tournament clock: dealer's first migration only.
    call_command("migrate", "dealer", "0001", verbosity=0)
    file = tmp_path / f"old{suffix()}"
    run("pott_backup", str(file))
    call_command("migrate", verbosity=0)
    the_night_goes_on(host)

    out = run("pott_restore", str(file), "--yes")

    later = sorted(p.stem for p in Path(dealer_migrations.__file__).parent.glob("0*.py"))[1:]
    assert (
        f"The backup is from an older Pott: applying {len(later)} migrations "
        f"({', '.join('dealer.' + name for name in later)})." in out
    )
    assert backups.pending_migrations() == []
    assert_same(snapshot(), night)
