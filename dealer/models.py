"""The dealer app's models, for Django: each family keeps its own (dealer/poker/models.py,
dealer/tournament/models.py, dealer/deluxe/models.py, dealer/dice/models.py) and this module
only imports them, so that Django finds them under the one app label "dealer"."""

from __future__ import annotations

from dealer.deluxe.models import DeluxeAction, DeluxeGame, DeluxeUndone
from dealer.dice.models import DiceAction, DiceGame, DiceUndone
from dealer.poker.models import Hand, HandAction, Seat, Table, TableEvent, UndoneAction
from dealer.tournament.models import SavedStructure, TournamentClock

__all__ = [
    "DeluxeAction",
    "DeluxeGame",
    "DeluxeUndone",
    "DiceAction",
    "DiceGame",
    "DiceUndone",
    "Hand",
    "HandAction",
    "SavedStructure",
    "Seat",
    "Table",
    "TableEvent",
    "TournamentClock",
    "UndoneAction",
]
