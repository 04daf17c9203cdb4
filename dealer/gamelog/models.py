"""What the games played beside the poker table share (Poker-Deluxe, `dealer.deluxe.models`;
the dice games and strip poker, `dealer.dice.models`): an evening kept as an append-only log
of actions, its state rebuilt by replaying the log through the game's pure rules, every change
claimed with an optimistic version (a tap from an out-of-date page changes nothing), an audited
undo, and, for a game played for money, the ledger's cash-outs when it closes.

A concrete game names its rules (`rules()`: a module with `apply` and `replay`), its
configuration (`config()`), how its actions are stored (`action_to_data`, `action_from_data`)
and when the host may end it (`end_refusal`, `chips_when_ended`); it declares its own `host`
and `session` (with their related names) and its log models, subclasses of `LogEntry` and
`UndoneEntry` (below: a hand's log is one too) with a `game` foreign key whose
related names are `actions` and `undone`.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from config import revision
from config.network import new_token
from config.revision import Stale
from config.text import isolate
from dealer.engine.actions import IllegalAction
from ledger.models import CashOut, Player, Session


class LogEntry(models.Model):
    """One entry of an append-only log (a hand's, a Poker-Deluxe or dice game's): its number in
    the log, the action as data, who tapped it and when. The concrete model adds the foreign
    key to what the log belongs to (related name `actions`) and makes (it, seq) unique: a double
    tap or a second device acting on the same state inserts the same seq and is refused by the
    database."""

    seq = models.PositiveIntegerField()
    data = models.JSONField()
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        abstract = True
        ordering = ["seq"]


class UndoneEntry(models.Model):
    """The audit record of an undo: what was removed, by whom, when (the concrete model adds the
    foreign key, related name `undone`)."""

    seq = models.PositiveIntegerField()
    data = models.JSONField()
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    undone_at = models.DateTimeField(default=timezone.now)

    class Meta:
        abstract = True
        ordering = ["undone_at", "id"]


class GameQuerySet(models.QuerySet):
    def for_user(self, user: Any) -> GameQuerySet:
        """The games the user hosts."""
        if not user.is_authenticated:
            return self.none()
        return self.filter(host=user)

    def playing(self, session: Session) -> GameQuerySet:
        """The games of `session` still being played."""
        return self.filter(session=session, finished_at__isnull=True)


class LoggedGame(models.Model):
    """One evening of a game kept as a log: the players in seating order and the log's state."""

    name = models.CharField(_("name"), max_length=80)
    players = models.JSONField()  # ledger Player ids in seating order
    # Bumped on every change: a tap from an out-of-date page changes nothing.
    version = models.PositiveBigIntegerField(default=1)
    # The host ended the game between deals or rounds.
    ended = models.BooleanField(default=False)
    # Set when the game closed (a money game's players cashed out): closed until an undo
    # reopens it.
    finished_at = models.DateTimeField(null=True, blank=True)
    cash_outs = models.JSONField(default=list, blank=True)  # the CashOut ids written then
    created_at = models.DateTimeField(auto_now_add=True)
    # The TV's and phones' link (no login): unguessable (dealer.gamelog.display).
    display_token = models.CharField(max_length=40, unique=True, default=new_token)

    objects = GameQuerySet.as_manager()

    class Meta:
        abstract = True
        ordering = ["-created_at"]

    # What each game defines.
    session: Any
    actions: Any
    undone: Any

    def rules(self) -> Any:
        """The game's pure rules: a module with `apply(state, action)` and
        `replay(config, actions)`."""
        raise NotImplementedError

    def config(self) -> Any:
        raise NotImplementedError

    @staticmethod
    def action_to_data(action: Any) -> dict[str, Any]:
        raise NotImplementedError

    @staticmethod
    def action_from_data(data: dict[str, Any]) -> Any:
        raise NotImplementedError

    def end_refusal(self, state: Any) -> str:
        """Why the host may not end the game now ("" if they may)."""
        raise NotImplementedError

    def chips_when_ended(self, state: Any) -> tuple[int, ...] | None:
        """What each player cashes out with when the host ends the game (None: no money)."""
        return state.chips

    def chips_when_over(self, state: Any) -> tuple[int, ...] | None:
        """What each player cashes out with when the game is played out (None: no money)."""
        return state.chips

    # What they share.

    def __str__(self) -> str:
        return isolate(self.name)

    @cached_property
    def roster(self) -> list[Player]:
        """The ledger players in seating order."""
        by_id = Player.objects.in_bulk(self.players)
        return [by_id[pid] for pid in self.players]

    @property
    def names(self) -> tuple[str, ...]:
        """The roster's names (unique per host, as the rules want), not isolated: the
        templates isolate what they show."""
        return tuple(p.name for p in self.roster)

    @cached_property
    def entries(self) -> list[tuple[int, dict[str, Any]]]:
        return list(self.actions.values_list("seq", "data"))

    def state(self) -> Any:
        """Rebuild the evening by replaying the log."""
        actions = [self.action_from_data(data) for _, data in self.entries]
        return self.rules().replay(self.config(), actions)

    @property
    def is_closed(self) -> bool:
        return self.finished_at is not None

    def _claim(self, version: int) -> None:
        """Inside a transaction: a money game's session must still be played; then take the
        next version (Stale if another device changed the game first)."""
        if self.session is not None:
            self.session.hold(Session.State.OPEN, bump=False)
        self.version = revision.claim(type(self), self.pk, version)

    def _open_at(self, version: int) -> None:
        if version != self.version:
            raise Stale
        if self.is_closed:
            raise IllegalAction(gettext("The game is over."))

    def append(self, action: Any, *, version: int, by: Any) -> Any:
        """Append an action if the device saw the latest version. Raises Stale, IllegalAction
        (the rules refuse it) or ValidationError (the session is no longer played); nothing is
        written then. The action that ends the game cashes everyone out."""
        self._open_at(version)
        try:
            state = self.rules().apply(self.state(), action)
        except IllegalAction:
            # The log may have been read after another device's action landed: then the
            # device is out of date, not the move illegal.
            if not type(self).objects.filter(pk=self.pk, version=version).exists():
                raise Stale from None
            raise
        seq = len(self.entries) + 1
        data = self.action_to_data(action)
        try:
            with transaction.atomic():
                self._claim(version)
                self.actions.create(seq=seq, data=data, by=by)
                if state.is_over:
                    self._close(self.chips_when_over(state), by=by)
        except IntegrityError as error:  # another device appended the same seq first
            raise Stale from error
        self.entries.append((seq, data))
        return state

    def end(self, *, version: int, by: Any) -> Any:
        """The host ends the evening early (only when `end_refusal` allows); a money game
        cashes everyone out with `chips_when_ended`."""
        self._open_at(version)
        state = self.state()
        refusal = self.end_refusal(state)
        if refusal:
            raise IllegalAction(refusal)
        with transaction.atomic():
            self._claim(version)
            self.ended = True
            self._close(self.chips_when_ended(state), by=by)
        return state

    def _close(self, chips: tuple[int, ...] | None, *, by: Any) -> None:
        if chips is not None:
            outs = [
                self.session.cash_out(player, count, by=by)
                for player, count in zip(self.roster, chips, strict=True)
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
                if self.session is not None:
                    CashOut.objects.filter(pk__in=self.cash_outs, session=self.session).delete()
                self.cash_outs, self.finished_at, self.ended = [], None, False
                self.save(update_fields=["ended", "finished_at", "cash_outs"])
            if was_ended or not self.entries:
                return
            seq, data = self.entries[-1]
            self.undone.create(seq=seq, data=data, by=by)
            self.actions.filter(seq=seq).delete()
        self.entries.pop()


def seats_in_play(model: type[LoggedGame], session: Session) -> list[tuple[int, str, int]]:
    """(player id, game, chips) for each player of a `model` game still played in `session`
    (the ledger's SEATED hook)."""
    seats = []
    for game in model.objects.playing(session):
        chips = game.state().chips
        seats += [(pid, str(game), c) for pid, c in zip(game.players, chips, strict=True)]
    return seats


def merge_players(model: type[LoggedGame], keep: Player, gone: Player, refusal: str) -> None:
    """Two roster entries of one person are merged: the `model` games name the kept one (the
    ledger's MERGE_HOOKS). A game with both of them in it keeps them apart: the merge is refused
    with `refusal` % {"a": keep, "b": gone, "game": game}."""
    for game in model.objects.filter(host=keep.host_id).only("pk", "name", "players"):
        if gone.pk not in game.players:
            continue
        if keep.pk in game.players:
            raise ValidationError(refusal % {"a": keep, "b": gone, "game": game})
        game.players = [keep.pk if pid == gone.pk else pid for pid in game.players]
        game.save(update_fields=["players"])
