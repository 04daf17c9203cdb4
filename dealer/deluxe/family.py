"""The Poker-Deluxe family (seed 001): the points game (dealer/deluxe/), on its pure rules
(dealer.engine.deluxe)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from dealer.deluxe.ledger import deluxe_busy, deluxe_seats, merge_deluxe_players
from dealer.deluxe.models import DeluxeGame
from dealer.families import Family, HomeItem, LedgerHooks, register


def deluxe_games(user: Any) -> list[HomeItem]:
    """The user's Poker-Deluxe games, the latest first."""
    return [
        HomeItem(
            name=game.name,
            url=reverse("dealer:deluxe", args=[game.pk]),
            what=f"{gettext('Poker-Deluxe')} {gettext('%(n)s cards') % {'n': game.cards}}",
            over=game.is_closed,
        )
        for game in DeluxeGame.objects.for_user(user)
    ]


FAMILY = register(
    Family(
        name="deluxe",
        label=_("Poker-Deluxe"),
        pure=("dealer.engine.deluxe",),
        ledger=LedgerHooks(busy=deluxe_busy, merge=merge_deluxe_players, seated=deluxe_seats),
        home=deluxe_games,
        new_url="dealer:deluxe_new",
    )
)
