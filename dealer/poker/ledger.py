"""What the poker tables tell the ledger (registered by family.py: the ledger never imports
dealer/): why a session cannot stop being played, who still holds chips at a table, chips in
nobody's stack, the seats released when a night is settled, and a roster merge.
"""

from __future__ import annotations

from django.db.models import F
from django.utils.translation import gettext

from dealer.engine import games
from dealer.poker.models import Hand, Seat, Table
from ledger.models import Player, Session


def session_busy(session: Session) -> str:
    """Why `session` cannot stop being played now: a hand in progress at one of its tables
    ("" when none is). Registered with the ledger (ledger.models.BUSY_CHECKS)."""
    live = (
        Hand.objects.filter(table__session=session, status=Hand.Status.LIVE)
        .select_related("table")
        .first()
    )
    if live is not None:
        return gettext(
            "Hand %(n)s at %(table)s is in progress: finish it (or misdeal it) first."
        ) % {
            "n": live.number,
            "table": live.table,
        }
    for table, chips in carried_pots(session):
        return gettext(
            "%(table)s has a pot of %(chips)s chips carried to the next deal: deal on until"
            " someone wins it."
        ) % {"table": table, "chips": chips}
    return ""


def session_seats(session: Session) -> list[tuple[int, str, int]]:
    """(player id, table, stack) for each seat at one of `session`'s tables
    (ledger.models.SEATED)."""
    # Tournament chips are not the session's: a tournament table's seats are not counted.
    seats = Seat.objects.filter(table__session=session, table__clock__isnull=True)
    return [(seat.player_id, str(seat.table), seat.stack) for seat in seats.select_related("table")]


def carried_pots(session: Session) -> list[tuple[str, int]]:
    """(table, chips) for each pot carried to the next deal at one of `session`'s tables
    (ledger.models.UNOWNED)."""
    jackpots = [spec.game for spec in games.GAMES.values() if spec.jackpots]
    tables = Table.objects.filter(session=session, game__in=jackpots)
    return [(str(table), chips) for table in tables if (chips := table.carried_pot())]


def release_seats(session: Session) -> None:
    """The session is settled: its tables' players stand up (the count holds their chips, and
    they may sit at another night's table). Runs inside the settle (ledger.models.SETTLE_HOOKS).
    """
    Seat.objects.filter(table__session=session).delete()
    Table.objects.filter(session=session).update(version=F("version") + 1)


def merge_hand_players(keep: Player, gone: Player) -> None:
    """Two roster entries of one person are merged: the hands' logs name the kept one.
    Registered with the ledger (ledger.models.MERGE_HOOKS); runs inside the merge's
    transaction."""
    tables = Table.objects.filter(host=keep.host_id)
    for hand in Hand.objects.filter(table__in=tables).only("pk", "players"):
        if gone.pk in hand.players:
            hand.players = [keep.pk if pid == gone.pk else pid for pid in hand.players]
            hand.save(update_fields=["players"])
