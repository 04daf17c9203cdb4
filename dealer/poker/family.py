"""The poker family: the live table (dealer/poker/), played by the hand engine (dealer.engine)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from dealer.families import Family, HomeItem, LedgerHooks, register
from dealer.poker.ledger import (
    carried_pots,
    merge_hand_players,
    release_seats,
    session_busy,
    session_seats,
)
from dealer.poker.models import Table


def _item(table: Table, url_name: str) -> HomeItem:
    return HomeItem(
        name=table.name,
        url=reverse(url_name, args=[table.pk]),
        what=f"{table.get_game_display()} {table.stakes_label()}",
        when=table.closed_at,
    )


def open_tables(user: Any) -> list[HomeItem]:
    """The tables the user hosts or co-deals that are still played."""
    tables = Table.objects.for_user(user).select_related("session").open()
    return [_item(table, "dealer:table") for table in tables]


def closed_tables(user: Any) -> list[HomeItem]:
    """The user's closed tables, the latest first: their hands stay readable."""
    tables = Table.objects.for_user(user).select_related("session")
    closed = tables.filter(closed_at__isnull=False).order_by("-closed_at")
    return [_item(table, "dealer:hands") for table in closed]


FAMILY = register(
    Family(
        name="poker",
        label=_("Tables"),
        pure=("dealer.engine",),
        ledger=LedgerHooks(
            busy=session_busy,
            merge=merge_hand_players,
            seated=session_seats,
            unowned=carried_pots,
            settle=release_seats,
        ),
        home=open_tables,
        closed=closed_tables,
        new_url="dealer:table_new",
    )
)
