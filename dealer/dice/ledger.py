"""What the dice games tell the ledger (registered by its family.py): a game still played keeps
its session from being counted; its players hold chips; a roster merge."""

from __future__ import annotations

from django.utils.translation import gettext

from dealer.dice.models import DiceGame
from dealer.gamelog.models import merge_players, seats_in_play
from ledger.models import Player, Session


def dice_busy(session: Session) -> str:
    """A dice game still played in `session` (BUSY_CHECKS): its chips are not counted until it
    is over."""
    game = DiceGame.objects.playing(session).first()
    if game is None:
        return ""
    return gettext("%(game)s is still being played: finish it or end it first.") % {"game": game}


def dice_seats(session: Session) -> list[tuple[int, str, int]]:
    """(player id, game, chips) for each player of a dice game still played in `session`."""
    return seats_in_play(DiceGame, session)


def merge_dice_players(keep: Player, gone: Player) -> None:
    """Two roster entries of one person are merged (MERGE_HOOKS); refused for a game with both."""
    merge_players(
        DiceGame, keep, gone, gettext("%(a)s and %(b)s play in the same game (%(game)s).")
    )
