"""The dice family (seed 003): poker dice, liar's dice and strip poker (dealer/dice/), on their
pure rules (dealer.engine.dice)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from dealer.dice.ledger import dice_busy, dice_seats, merge_dice_players
from dealer.dice.models import DiceGame
from dealer.families import Family, HomeItem, LedgerHooks, register


def dice_games(user: Any) -> list[HomeItem]:
    """The user's dice games, the latest first."""
    return [
        HomeItem(
            name=game.name,
            url=reverse("dealer:dice", args=[game.pk]),
            what=str(game.get_kind_display()),
            over=game.is_closed,
        )
        for game in DiceGame.objects.for_user(user)
    ]


FAMILY = register(
    Family(
        name="dice",
        label=_("Dice"),
        pure=("dealer.engine.dice",),
        ledger=LedgerHooks(busy=dice_busy, merge=merge_dice_players, seated=dice_seats),
        home=dice_games,
        new_url="dealer:dice_new",
    )
)
