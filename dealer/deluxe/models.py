"""Poker-Deluxe games (seed 001): the setup, the append-only log and the ledger's buy-ins and
cash-outs. The state is never stored: it is rebuilt from the log (`DeluxeGame.state()`), like a
hand's (`dealer.models.Hand`).

A game belongs to a host and a ledger session. When it is created each player buys in for the
starting units; when it is over (the agreed rounds played, or a player broke) or the host ends
it between deals, each player cashes out with their chips, so the session converts units to
money and settles like any other night. Undo takes back the last action; on a finished game it
first takes the cash-outs back (the game is open again).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from config import limits
from config.bounds import length_at_most
from dealer.engine import deluxe
from dealer.engine.deluxe import (
    MAX_CARDS,
    MIN_CARDS,
    Action,
    Buy,
    ChipColour,
    DeluxeConfig,
    DeluxeState,
    Show,
)
from dealer.gamelog.models import LogEntry, LoggedGame, UndoneEntry
from ledger.models import Session


def action_to_data(action: Action) -> dict[str, Any]:
    if isinstance(action, Buy):
        return {"type": "buy", "player": action.player, "cards": action.cards}
    cards = action.cards if isinstance(action.cards, str) else " ".join(map(str, action.cards))
    combo = None if action.combo is None else str(action.combo)
    return {"type": "show", "player": action.player, "combo": combo, "cards": cards}


def action_from_data(data: dict[str, Any]) -> Action:
    if data["type"] == "buy":
        return Buy(data["player"], data["cards"])
    return Show(data["player"], combo=data.get("combo"), cards=data.get("cards") or ())


class DeluxeGame(LoggedGame):
    """One evening of Poker-Deluxe: who plays in which seat, their order of age, the variant,
    the rounds and the chip set agreed; the actions are in DeluxeAction."""

    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="deluxe_games"
    )
    session = models.ForeignKey(Session, on_delete=models.PROTECT, related_name="deluxe_games")
    cards = models.PositiveSmallIntegerField(_("cards per player"))
    youngest_first = models.JSONField()  # indices into `players`, youngest first
    rounds = models.PositiveSmallIntegerField(_("rounds"))
    chip_set = models.JSONField()  # [{"colour", "value", "count"}]: what each player starts with

    class Meta(LoggedGame.Meta):
        constraints = [
            models.CheckConstraint(
                condition=Q(cards__gte=MIN_CARDS, cards__lte=MAX_CARDS),
                name="deluxe_cards_4_to_8",
            ),
            models.CheckConstraint(
                condition=Q(rounds__gte=1, rounds__lte=100), name="deluxe_rounds_1_to_100"
            ),
            length_at_most("name", limits.MAX_NAME, "deluxe_name_length"),
        ]

    def rules(self) -> Any:
        return deluxe

    def config(self) -> DeluxeConfig:
        return DeluxeConfig(
            cards=self.cards,
            names=self.names,
            youngest_first=tuple(self.youngest_first),
            rounds=self.rounds,
            chip_set=tuple(ChipColour(**chip) for chip in self.chip_set),
        )

    action_to_data = staticmethod(action_to_data)
    action_from_data = staticmethod(action_from_data)

    def end_refusal(self, state: DeluxeState) -> str:
        """Only between deals, when the bank is empty: mid-deal the bank belongs to the deal's
        winner, so the deal is finished first."""
        if state.bank or any(b is not None for b in state.bought):
            return gettext(
                "Finish this deal first: the bank (%(bank)s) goes to the deal's winner. "
                "The game can end between deals."
            ) % {"bank": state.bank}
        return ""


class DeluxeAction(LogEntry):
    """One entry of a game's append-only log: a Buy or a Show. (game, seq) is unique."""

    game = models.ForeignKey(DeluxeGame, on_delete=models.CASCADE, related_name="actions")

    class Meta(LogEntry.Meta):
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="deluxe_seq_unique_per_game"),
            models.CheckConstraint(condition=Q(seq__gte=1), name="deluxe_seq_positive"),
        ]


class DeluxeUndone(UndoneEntry):
    """The audit record of an undo: what was removed, by whom, when."""

    game = models.ForeignKey(DeluxeGame, on_delete=models.CASCADE, related_name="undone")
