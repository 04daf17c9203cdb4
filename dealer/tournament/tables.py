"""The tournament's dealer tables: opening a dealer table for a drawn table, and what a confirmed
move or table break does at the dealer tables. Each change is one transaction with the clock's
next version (`TournamentClock.claim`: Stale if another device changed the clock first), so a
refusal (ValidationError) changes nothing, the clock included.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config import limits
from config.chips import box
from dealer.engine.structure import Move
from dealer.poker.models import Seat, Table, TableEvent
from dealer.tournament.models import TournamentClock
from ledger.models import Player

# The colours a tournament table's chips are given, smallest first.


def dealer_table(drawn: dict[str, Any]) -> int | None:
    """The dealer table opened for a drawn table, if it is still there."""
    pk = drawn.get("dealer_table")
    if pk is None:
        return None
    return Table.objects.filter(pk=pk).values_list("pk", flat=True).first()


@transaction.atomic
def open_dealer_table(
    clock: TournamentClock,
    version: int,
    index: int,
    seats: dict[int, Player],
    chips: dict[int, int],
    *,
    by: Any,
) -> Table:
    """A dealer table for drawn table `index`, from the clock's `version` the page showed: its
    players (`seats`: seat number → player) in their drawn seats with their tournament chips
    (`chips`: player id → chips; nothing is bought, the chips were paid for in the tournament),
    in the tournament's session, at the clock's level. Raises Stale or ValidationError."""
    drawn = clock.tables[index]
    level = clock.level_for_hand()
    values = clock.structure.chips_at(clock.step) or clock.structure.chips
    clock.claim(version)
    table = Table(
        host=by,
        name=f"{clock.tournament.name}: {drawn['name']}"[: limits.MAX_NAME],
        max_seats=max(int(drawn["max_seats"]), max(seats)),
        clock=clock,
        chips=box(values).data(),  # the default box's colours for the level's chips
        small_blind=level.small_blind,
        big_blind=level.big_blind,
    )
    table.session = clock.table_session()
    table.session.hold(table.session.State.OPEN)
    table.save()
    table.take_level()
    for number, player in sorted(seats.items()):
        Seat.check_free(player)
        # Dealt in from the first hand: nobody waits for the big blind at a new table.
        Seat.objects.create(
            table=table, number=number, player=player, stack=chips.get(player.pk, 0), is_new=False
        )
    clock.tables[index]["dealer_table"] = table.pk
    clock.save(update_fields=["tables", "version"])
    return table


@transaction.atomic
def confirm_moves(
    clock: TournamentClock,
    version: int,
    before: list[dict[str, Any]],
    moves: list[Move],
    broken: dict[str, Any] | None,
    *,
    by: Any,
) -> None:
    """Store the drawn tables as a confirmed move, a table break (`broken`, the drawn table as
    it was) or a draw left them (`clock.tables`), from the clock's `version` the page showed,
    and let the dealer tables follow (see `follow_at_dealer_tables`). Raises Stale or
    ValidationError; nothing is written then."""
    clock.claim(version)
    follow_at_dealer_tables(before, moves, broken, by=by)
    clock.save(update_fields=["tables", "version"])


def follow_at_dealer_tables(
    tables: list[dict[str, Any]], moves: list[Move], broken: dict[str, Any] | None, *, by: Any
) -> None:
    """Inside the transaction of a confirmed move or table break: the dealer tables opened for
    the drawn tables (`tables`, as they were before the moves) follow. The player's seat moves
    with the chips in front of them, as a cash table's Move does, logged in both histories; a
    broken table's dealer table, left empty, closes. ValidationError (nothing changes) when the
    player is in a hand there, or only one of the two tables is dealt at a dealer table."""
    for move in moves:
        source_pk = dealer_table(tables[move.from_table])
        target_pk = dealer_table(tables[move.to_table])
        if source_pk is None and target_pk is None:
            continue
        player = Player.objects.get(pk=move.player)
        if source_pk is None or target_pk is None:
            dealt, other = (
                (tables[move.from_table], tables[move.to_table])
                if target_pk is None
                else (tables[move.to_table], tables[move.from_table])
            )
            raise ValidationError(
                _(
                    "%(player)s would move from %(from)s to %(to)s, but only %(dealt)s is dealt"
                    " at a dealer table: open %(other)s's dealer table first (this page)."
                )
                % {
                    "player": player,
                    "from": tables[move.from_table]["name"],
                    "to": tables[move.to_table]["name"],
                    "dealt": dealt["name"],
                    "other": other["name"],
                }
            )
        source = Table.objects.get(pk=source_pk)
        target = Table.objects.get(pk=target_pk)
        seat = Seat.objects.filter(table=source, player=player).first()
        if seat is None:  # not seated there (left the dealer table): nothing to move
            continue
        hand = source.live_hand()
        if hand is not None and seat.number in hand.config["seats"]:
            raise ValidationError(
                _("%(player)s is in hand %(n)s at %(table)s: confirm the move after it.")
                % {"player": player, "n": hand.number, "table": source}
            )
        taken = Seat.objects.filter(table=target, number=move.to_seat).first()
        if taken is not None:
            raise ValidationError(
                _(
                    "Seat %(seat)s at %(table)s is taken by %(name)s, unlike in the draw: move"
                    " that player first."
                )
                % {"seat": move.to_seat, "table": target, "name": taken.player}
            )
        seat.move_to(target, move.to_seat, by=by)
        source.bump()
        target.bump()
    broken_pk = dealer_table(broken) if broken is not None else None
    if broken_pk is not None:
        table = Table.objects.get(pk=broken_pk)
        if not table.seats.exists() and table.closed_at is None:
            table.closed_at = timezone.now()
            table.bump(closed_at=table.closed_at)
            TableEvent.log(table, TableEvent.Kind.CLOSED, by, players=[])
