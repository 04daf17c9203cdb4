"""Seed 003's dice games and strip poker at the table: the setup, the append-only log and, for
the two games played for a pot, the ledger's buy-ins and cash-outs. The state is never stored:
it is rebuilt from the log (`DiceGame.state()`) by the pure rules in `dealer.dice`, like a
Poker-Deluxe game's (`dealer.deluxe_models`).

Poker dice and liar's dice belong to a ledger session: when a game is created each player buys
in for the starting chips; when it is over (one player left who can pay, or the host ends it
between rounds) each player cashes out with their chips, so the session converts chips to money
at its rate and settles like any other night. Strip poker has no stakes and no session: it keeps
the tally of the evening and writes nothing to the ledger.
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
from dealer.dice import (
    Accept,
    Call,
    Claim,
    Hand,
    IllegalAction,
    LiarsConfig,
    LiarsState,
    Lost,
    PokerDiceConfig,
    PokerDiceState,
    RollAces,
    Show,
    StripConfig,
    StripState,
    liars,
    parse_dice,
    poker_dice,
    strip,
)
from dealer.dice.strip import MAX_ITEMS
from dealer.dice.table import MAX_CHIPS
from dealer.models import Stale, new_token
from ledger.models import CashOut, Player, Session

__all__ = ["DiceAction", "DiceGame", "DiceUndone"]

type DiceState = PokerDiceState | LiarsState | StripState
type AnyAction = Show | Claim | Accept | Call | RollAces | Lost


def hand_code(hand: Hand) -> str:
    """A combination as a form value and in the log: "PAIR-K", "TWO_PAIRS-K-9", "LOW_STRAIGHT"."""
    return "-".join([hand.kind.name, *(face.symbol for face in hand.faces)])


def hand_from_code(code: str) -> Hand:
    """The combination of `hand_code`; ValueError for anything else."""
    kind, *faces = code.split("-")
    return Hand.of(kind, *faces)


def dice_text(dice: Any) -> str:
    """Five dice as the log keeps them: "K K 9 9 A"."""
    return " ".join(face.symbol for face in parse_dice(dice))


def action_to_data(action: AnyAction) -> dict[str, Any]:
    match action:
        case Show():
            if isinstance(action.hand, Hand):
                hand = {"hand": hand_code(action.hand)}
            else:
                hand = {"dice": dice_text(action.hand)}
            return {"type": "show", "player": action.player, "rolls": action.rolls, **hand}
        case Claim():
            assert isinstance(action.hand, Hand)
            return {"type": "claim", "player": action.player, "hand": hand_code(action.hand)}
        case Accept():
            return {"type": "accept", "player": action.player}
        case Call():
            return {"type": "call", "player": action.player, "dice": dice_text(action.dice)}
        case RollAces():
            return {"type": "aces", "player": action.player, "dice": dice_text(action.dice)}
        case Lost():
            return {"type": "lost", "player": action.player}
    raise TypeError(action)


def action_from_data(data: dict[str, Any]) -> AnyAction:
    player = data["player"]
    match data["type"]:
        case "show":
            hand = hand_from_code(data["hand"]) if data.get("hand") else data["dice"]
            return Show(player, hand, data.get("rolls"))
        case "claim":
            return Claim(player, hand_from_code(data["hand"]))
        case "accept":
            return Accept(player)
        case "call":
            return Call(player, data["dice"])
        case "aces":
            return RollAces(player, data["dice"])
    return Lost(player)


class DiceQuerySet(models.QuerySet["DiceGame"]):
    def for_user(self, user: Any) -> DiceQuerySet:
        """The games the user hosts."""
        if not user.is_authenticated:
            return self.none()
        return self.filter(host=user)


class DiceGame(models.Model):
    """One evening of poker dice, liar's dice or strip poker (seed 003): who plays in which
    seat, the chips and the stake agreed; the actions are in DiceAction."""

    class Kind(models.TextChoices):
        POKER_DICE = "poker_dice", _("Poker dice")
        LIARS = "liars", _("Liar's dice")
        STRIP = "strip", _("Strip poker")

    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="dice_games"
    )
    # The two games played for a pot only; strip poker has no stakes.
    session = models.ForeignKey(
        Session, on_delete=models.PROTECT, related_name="dice_games", null=True, blank=True
    )
    kind = models.CharField(_("game"), max_length=12, choices=Kind.choices)
    name = models.CharField(_("name"), max_length=80)
    players = models.JSONField()  # ledger Player ids in seating order (the left is the next)
    chips = models.PositiveIntegerField(_("starting chips"), null=True, blank=True)
    stake = models.PositiveIntegerField(_("stake"), null=True, blank=True)
    # Strip poker: how many items a player may lose (None: the tally runs until the table stops)
    # and whether the first to lose them all wins ("tapar eða vinnur (eftir smekk)").
    items = models.PositiveSmallIntegerField(_("items each"), null=True, blank=True)
    first_out_wins = models.BooleanField(default=False)
    # Bumped on every change: a tap from an out-of-date page changes nothing.
    version = models.PositiveBigIntegerField(default=1)
    # The host ended the game between rounds.
    ended = models.BooleanField(default=False)
    # Set when the game closed (the players cashed out): closed until an undo reopens it.
    finished_at = models.DateTimeField(null=True, blank=True)
    cash_outs = models.JSONField(default=list, blank=True)  # the CashOut ids written then
    # The TV display's link (no login): unguessable.
    display_token = models.CharField(max_length=40, unique=True, default=new_token)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = DiceQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            length_at_most("name", limits.MAX_NAME, "dice_name_length"),
            models.CheckConstraint(
                condition=Q(kind__in=["poker_dice", "liars", "strip"]), name="dice_kind_known"
            ),
            # A game for a pot has a session, chips and a stake; strip poker has none of them.
            models.CheckConstraint(
                condition=(
                    Q(
                        kind__in=["poker_dice", "liars"],
                        session__isnull=False,
                        chips__gte=1,
                        chips__lte=MAX_CHIPS,
                        stake__gte=1,
                        stake__lte=MAX_CHIPS,
                    )
                    | Q(kind="strip", session__isnull=True, chips__isnull=True, stake__isnull=True)
                ),
                name="dice_money_only_for_a_pot",
            ),
            models.CheckConstraint(
                condition=Q(items__isnull=True) | Q(items__gte=1, items__lte=MAX_ITEMS),
                name="dice_items_1_to_20",
            ),
        ]

    def __str__(self) -> str:
        return isolate(self.name)

    @property
    def for_money(self) -> bool:
        return self.kind != self.Kind.STRIP

    @property
    def is_poker_dice(self) -> bool:
        return self.kind == self.Kind.POKER_DICE

    @property
    def is_liars(self) -> bool:
        return self.kind == self.Kind.LIARS

    @property
    def is_strip(self) -> bool:
        return self.kind == self.Kind.STRIP

    @cached_property
    def roster(self) -> list[Player]:
        """The ledger players in seating order."""
        by_id = Player.objects.in_bulk(self.players)
        return [by_id[pid] for pid in self.players]

    def config(self) -> PokerDiceConfig | LiarsConfig | StripConfig:
        # The roster's names (unique per host, as the rules want), not isolated: the
        # templates isolate what they show.
        names = tuple(p.name for p in self.roster)
        if self.is_poker_dice:
            return PokerDiceConfig(names=names, chips=self.chips, stake=self.stake)
        if self.is_liars:
            return LiarsConfig(names=names, chips=self.chips, stake=self.stake)
        return StripConfig(names=names, items=self.items, first_out_wins=self.first_out_wins)

    def rules(self) -> Any:
        """The game's pure rules module (start, legal_actions, apply, replay)."""
        return {"poker_dice": poker_dice, "liars": liars, "strip": strip}[self.kind]

    @cached_property
    def entries(self) -> list[tuple[int, dict[str, Any]]]:
        return list(self.actions.values_list("seq", "data"))

    def state(self) -> Any:
        """Rebuild the evening by replaying the log."""
        actions = [action_from_data(data) for _, data in self.entries]
        return self.rules().replay(self.config(), actions)

    @property
    def is_closed(self) -> bool:
        return self.finished_at is not None

    def _claim(self, version: int) -> None:
        """Inside a transaction: a money game's session must still be played; then take the
        next version (Stale if another device changed the game first)."""
        if self.session is not None:
            self.session.hold(Session.State.OPEN, bump=False)
        if not DiceGame.objects.filter(pk=self.pk, version=version).update(version=version + 1):
            raise Stale
        self.version = version + 1

    def append(self, action: AnyAction, *, version: int, by: Any) -> Any:
        """Append an action if the device saw the latest version. Raises Stale, IllegalAction
        (the rules refuse it) or ValidationError (the session is no longer played); nothing is
        written then. The action that ends the game cashes everyone out."""
        if version != self.version:
            raise Stale
        if self.is_closed:
            raise IllegalAction(gettext("The game is over."))
        try:
            state = self.rules().apply(self.state(), action)
        except IllegalAction:
            # The log may have been read after another device's action landed: then the
            # device is out of date, not the move illegal.
            if not DiceGame.objects.filter(pk=self.pk, version=version).exists():
                raise Stale from None
            raise
        seq = len(self.entries) + 1
        data = action_to_data(action)
        try:
            with transaction.atomic():
                self._claim(version)
                DiceAction.objects.create(game=self, seq=seq, data=data, by=by)
                if state.is_over:
                    self._close(state.chips if self.for_money else None, by=by)
        except IntegrityError as error:  # another device appended the same seq first
            raise Stale from error
        self.entries.append((seq, data))
        return state

    def can_end(self, state: Any) -> bool:
        """The host may end the game between rounds (strip poker: at any time)."""
        if self.is_closed or state.is_over:
            return False
        if self.is_poker_dice:
            return not state.shown and not state.passes
        if self.is_liars:
            return not state.claims
        return True

    def end(self, *, version: int, by: Any) -> Any:
        """The host ends the evening between rounds; a money game cashes everyone out with
        `chips_when_ended`."""
        if version != self.version:
            raise Stale
        if self.is_closed:
            raise IllegalAction(gettext("The game is over."))
        state = self.state()
        if not self.can_end(state):
            raise IllegalAction(
                gettext("Finish this round first: the game can end between rounds.")
            )
        with transaction.atomic():
            self._claim(version)
            self.ended = True
            self._close(chips_when_ended(state) if self.for_money else None, by=by)
        return state

    def _close(self, chips: tuple[int, ...] | None, *, by: Any) -> None:
        if chips is not None:
            assert self.session is not None
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
            DiceUndone.objects.create(game=self, seq=seq, data=data, by=by)
            self.actions.filter(seq=seq).delete()
        self.entries.pop()


def chips_when_ended(state: PokerDiceState | LiarsState) -> tuple[int, ...]:
    """What each player cashes out with when the host ends a game early (between rounds).

    Poker dice: a new round's stakes are already in the pot, and nobody has rolled for it: each
    player who paid takes the stake back. Liar's dice: the pot goes to the last player with
    chips ("Síðasti leikmaðurinn sem hefur eitthvað á hendi vinnur pottinn"); stopped before
    there is one, nobody has won it, so each player takes back what they paid into it.
    """
    chips = list(state.chips)
    if isinstance(state, PokerDiceState):
        for p in state.players:
            chips[p] += state.config.stake
    else:
        for result in state.results:
            chips[result.payer] += result.paid
    return tuple(chips)


class DiceAction(models.Model):
    """One entry of a game's append-only log. (game, seq) is unique."""

    game = models.ForeignKey(DiceGame, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    data = models.JSONField()
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="dice_seq_unique_per_game"),
            models.CheckConstraint(condition=Q(seq__gte=1), name="dice_seq_positive"),
        ]


class DiceUndone(models.Model):
    """The audit record of an undo: what was removed, by whom, when."""

    game = models.ForeignKey(DiceGame, on_delete=models.CASCADE, related_name="undone")
    seq = models.PositiveIntegerField()
    data = models.JSONField()
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    undone_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["undone_at", "id"]


def dice_busy(session: Session) -> str:
    """A dice game still played in `session` (BUSY_CHECKS): its chips are not counted until it
    is over."""
    game = DiceGame.objects.filter(session=session, finished_at__isnull=True).first()
    if game is None:
        return ""
    return gettext("%(game)s is still being played: finish it or end it first.") % {"game": game}


def dice_seats(session: Session) -> list[tuple[int, str, int]]:
    """(player id, game, chips) for each player of a dice game still played in `session`."""
    seats = []
    for game in DiceGame.objects.filter(session=session, finished_at__isnull=True):
        chips = game.state().chips
        seats += [(pid, str(game), c) for pid, c in zip(game.players, chips, strict=True)]
    return seats


def merge_dice_players(keep: Player, gone: Player) -> None:
    """Two roster entries of one person are merged: the games name the kept one (MERGE_HOOKS).
    A game with both of them in it keeps them apart (the merge is refused)."""
    from django.core.exceptions import ValidationError

    for game in DiceGame.objects.filter(host=keep.host_id).only("pk", "players"):
        if gone.pk not in game.players:
            continue
        if keep.pk in game.players:
            raise ValidationError(
                gettext("%(a)s and %(b)s play in the same game (%(game)s).")
                % {"a": keep, "b": gone, "game": game}
            )
        game.players = [keep.pk if pid == gone.pk else pid for pid in game.players]
        game.save(update_fields=["players"])
