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

from functools import cached_property
from typing import Any

from django.conf import settings
from django.db import IntegrityError, models, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from config import limits
from config.bounds import length_at_most
from config.text import isolate
from dealer.deluxe import (
    MAX_CARDS,
    MIN_CARDS,
    Action,
    Buy,
    ChipColour,
    DeluxeConfig,
    DeluxeState,
    IllegalAction,
    Show,
    apply,
    replay,
)
from dealer.models import Stale
from ledger.models import CashOut, Player, Session

# What dealer/models.py re-exports (the app's models): nothing of the engine's names.
__all__ = ["DeluxeAction", "DeluxeGame", "DeluxeUndone"]


class DeluxeQuerySet(models.QuerySet["DeluxeGame"]):
    def for_user(self, user: Any) -> DeluxeQuerySet:
        """The games the user hosts."""
        if not user.is_authenticated:
            return self.none()
        return self.filter(host=user)


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


class DeluxeGame(models.Model):
    """One evening of Poker-Deluxe: who plays in which seat, their order of age, the variant,
    the rounds and the chip set agreed; the actions are in DeluxeAction."""

    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="deluxe_games"
    )
    session = models.ForeignKey(Session, on_delete=models.PROTECT, related_name="deluxe_games")
    name = models.CharField(_("name"), max_length=80)
    cards = models.PositiveSmallIntegerField(_("cards per player"))
    players = models.JSONField()  # ledger Player ids in seating order (clockwise)
    youngest_first = models.JSONField()  # indices into `players`, youngest first
    rounds = models.PositiveSmallIntegerField(_("rounds"))
    chip_set = models.JSONField()  # [{"colour", "value", "count"}]: what each player starts with
    # Bumped on every change: a tap from an out-of-date page changes nothing.
    version = models.PositiveBigIntegerField(default=1)
    # The host ended the game between deals (before the agreed rounds were played).
    ended = models.BooleanField(default=False)
    # Set when the players cashed out: the game is closed until an undo reopens it.
    finished_at = models.DateTimeField(null=True, blank=True)
    cash_outs = models.JSONField(default=list, blank=True)  # the CashOut ids written then
    created_at = models.DateTimeField(auto_now_add=True)

    objects = DeluxeQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]
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

    def __str__(self) -> str:
        return isolate(self.name)

    @cached_property
    def roster(self) -> list[Player]:
        """The ledger players in seating order."""
        by_id = Player.objects.in_bulk(self.players)
        return [by_id[pid] for pid in self.players]

    def config(self) -> DeluxeConfig:
        return DeluxeConfig(
            cards=self.cards,
            # The roster's names (unique per host, as the engine wants), not isolated: the
            # templates isolate what they show.
            names=tuple(p.name for p in self.roster),
            youngest_first=tuple(self.youngest_first),
            rounds=self.rounds,
            chip_set=tuple(ChipColour(**chip) for chip in self.chip_set),
        )

    @cached_property
    def entries(self) -> list[tuple[int, dict[str, Any]]]:
        return list(self.actions.values_list("seq", "data"))

    def state(self) -> DeluxeState:
        """Rebuild the evening by replaying the log."""
        return replay(self.config(), [action_from_data(data) for _, data in self.entries])

    @property
    def is_closed(self) -> bool:
        return self.finished_at is not None

    def _claim(self, version: int) -> None:
        """Inside a transaction: the session must still be played, then take the next version
        (Stale if another device changed the game first)."""
        self.session.hold(Session.State.OPEN, bump=False)
        if not DeluxeGame.objects.filter(pk=self.pk, version=version).update(version=version + 1):
            raise Stale
        self.version = version + 1

    def append(self, action: Action, *, version: int, by: Any) -> DeluxeState:
        """Append an action if the device saw the latest version. Raises Stale, IllegalAction
        (the rules refuse it) or ValidationError (the session is no longer played); nothing is
        written then. The last deal of the evening cashes everyone out."""
        if version != self.version:
            raise Stale
        if self.is_closed:
            raise IllegalAction(gettext("The game is over."))
        try:
            state = apply(self.state(), action)
        except IllegalAction:
            # The log may have been read after another device's action landed: then the
            # device is out of date, not the move illegal.
            if not DeluxeGame.objects.filter(pk=self.pk, version=version).exists():
                raise Stale from None
            raise
        seq = len(self.entries) + 1
        data = action_to_data(action)
        try:
            with transaction.atomic():
                self._claim(version)
                DeluxeAction.objects.create(game=self, seq=seq, data=data, by=by)
                if state.is_over:
                    self._cash_out(state, by=by)
        except IntegrityError as error:  # another device appended the same seq first
            raise Stale from error
        self.entries.append((seq, data))
        return state

    def end(self, *, version: int, by: Any) -> DeluxeState:
        """The host ends the evening early: only between deals, when the bank is empty (mid-deal
        the bank belongs to the deal's winner, so the deal is finished first)."""
        if version != self.version:
            raise Stale
        if self.is_closed:
            raise IllegalAction(gettext("The game is over."))
        state = self.state()
        if state.bank or any(b is not None for b in state.bought):
            raise IllegalAction(
                gettext(
                    "Finish this deal first: the bank (%(bank)s) goes to the deal's winner. "
                    "The game can end between deals."
                )
                % {"bank": state.bank}
            )
        with transaction.atomic():
            self._claim(version)
            self.ended = True
            self._cash_out(state, by=by)
        return state

    def _cash_out(self, state: DeluxeState, *, by: Any) -> None:
        outs = [
            self.session.cash_out(player, chips, by=by)
            for player, chips in zip(self.roster, state.chips, strict=True)
        ]
        self.cash_outs = [out.pk for out in outs]
        self.finished_at = timezone.now()
        self.save(update_fields=["ended", "finished_at", "cash_outs"])

    def undo(self, *, version: int, by: Any) -> None:
        """Take back the last action (audited). On a finished game the cash-outs are taken
        back first; a game the host ended is only reopened."""
        if version != self.version:
            raise Stale
        if not self.entries and not self.is_closed:
            raise IllegalAction(gettext("There is nothing to undo in this game."))
        with transaction.atomic():
            self._claim(version)
            was_ended = self.ended
            if self.is_closed:
                CashOut.objects.filter(pk__in=self.cash_outs, session=self.session).delete()
                self.cash_outs, self.finished_at, self.ended = [], None, False
                self.save(update_fields=["ended", "finished_at", "cash_outs"])
            if was_ended or not self.entries:
                return
            seq, data = self.entries[-1]
            DeluxeUndone.objects.create(game=self, seq=seq, data=data, by=by)
            self.actions.filter(seq=seq).delete()
        self.entries.pop()


class DeluxeAction(models.Model):
    """One entry of a game's append-only log: a Buy or a Show. (game, seq) is unique."""

    game = models.ForeignKey(DeluxeGame, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    data = models.JSONField()
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="deluxe_seq_unique_per_game"),
            models.CheckConstraint(condition=Q(seq__gte=1), name="deluxe_seq_positive"),
        ]


class DeluxeUndone(models.Model):
    """The audit record of an undo: what was removed, by whom, when."""

    game = models.ForeignKey(DeluxeGame, on_delete=models.CASCADE, related_name="undone")
    seq = models.PositiveIntegerField()
    data = models.JSONField()
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    undone_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["undone_at", "id"]


def deluxe_busy(session: Session) -> str:
    """A Poker-Deluxe game still played in `session` (BUSY_CHECKS): its chips are not counted
    until it is over."""
    game = DeluxeGame.objects.filter(session=session, finished_at__isnull=True).first()
    if game is None:
        return ""
    return gettext("Poker-Deluxe %(game)s is still being played: finish it or end it first.") % {
        "game": game
    }


def deluxe_seats(session: Session) -> list[tuple[int, str, int]]:
    """(player id, game, chips) for each player of a game still played in `session` (SEATED)."""
    seats = []
    for game in DeluxeGame.objects.filter(session=session, finished_at__isnull=True):
        chips = game.state().chips
        seats += [(pid, str(game), c) for pid, c in zip(game.players, chips, strict=True)]
    return seats


def merge_deluxe_players(keep: Player, gone: Player) -> None:
    """Two roster entries of one person are merged: the games name the kept one (MERGE_HOOKS).
    A game with both of them in it keeps them apart (the merge is refused)."""
    from django.core.exceptions import ValidationError

    for game in DeluxeGame.objects.filter(host=keep.host_id).only("pk", "players"):
        if gone.pk not in game.players:
            continue
        if keep.pk in game.players:
            raise ValidationError(
                gettext("%(a)s and %(b)s play in the same Poker-Deluxe game.")
                % {"a": keep, "b": gone}
            )
        game.players = [keep.pk if pid == gone.pk else pid for pid in game.players]
        game.save(update_fields=["players"])
