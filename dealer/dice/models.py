"""Seed 003's dice games and strip poker at the table: the setup, the append-only log and, for
the two games played for a pot, the ledger's buy-ins and cash-outs. The state is never stored:
it is rebuilt from the log (`DiceGame.state()`) by the pure rules in `dealer.engine.dice`, like a
Poker-Deluxe game's (`dealer.deluxe.models`).

Poker dice and liar's dice belong to a ledger session: when a game is created each player buys
in for the starting chips; when it is over (one player left who can pay, or the host ends it
between rounds) each player cashes out with their chips, so the session converts chips to money
at its rate and settles like any other night. Strip poker has no stakes and no session: it keeps
the tally of the evening and writes nothing to the ledger.
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
from dealer.engine.dice import (
    Accept,
    Call,
    Claim,
    Hand,
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
from dealer.engine.dice.strip import MAX_ITEMS
from dealer.engine.dice.table import MAX_CHIPS
from dealer.gamelog.models import LogEntry, LoggedGame, UndoneEntry
from ledger.models import Session

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


class DiceGame(LoggedGame):
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
    chips = models.PositiveIntegerField(_("starting chips"), null=True, blank=True)
    stake = models.PositiveIntegerField(_("stake"), null=True, blank=True)
    # Strip poker: how many items a player may lose (None: the tally runs until the table stops)
    # and whether the first to lose them all wins ("tapar eða vinnur (eftir smekk)").
    items = models.PositiveSmallIntegerField(_("items each"), null=True, blank=True)
    first_out_wins = models.BooleanField(default=False)

    class Meta(LoggedGame.Meta):
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

    def config(self) -> PokerDiceConfig | LiarsConfig | StripConfig:
        names = self.names
        if self.is_poker_dice:
            return PokerDiceConfig(names=names, chips=self.chips, stake=self.stake)
        if self.is_liars:
            return LiarsConfig(names=names, chips=self.chips, stake=self.stake)
        return StripConfig(names=names, items=self.items, first_out_wins=self.first_out_wins)

    def rules(self) -> Any:
        """The game's pure rules module (start, legal_actions, apply, replay)."""
        return {"poker_dice": poker_dice, "liars": liars, "strip": strip}[self.kind]

    action_to_data = staticmethod(action_to_data)
    action_from_data = staticmethod(action_from_data)

    def can_end(self, state: Any) -> bool:
        """The host may end the game between rounds (strip poker: at any time)."""
        if self.is_closed or state.is_over:
            return False
        if self.is_poker_dice:
            return not state.shown and not state.passes
        if self.is_liars:
            return not state.claims
        return True

    def end_refusal(self, state: Any) -> str:
        if self.can_end(state):
            return ""
        return gettext("Finish this round first: the game can end between rounds.")

    def chips_when_ended(self, state: Any) -> tuple[int, ...] | None:
        return chips_when_ended(state) if self.for_money else None

    def chips_when_over(self, state: Any) -> tuple[int, ...] | None:
        return state.chips if self.for_money else None


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


class DiceAction(LogEntry):
    """One entry of a game's append-only log. (game, seq) is unique."""

    game = models.ForeignKey(DiceGame, on_delete=models.CASCADE, related_name="actions")

    class Meta(LogEntry.Meta):
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="dice_seq_unique_per_game"),
            models.CheckConstraint(condition=Q(seq__gte=1), name="dice_seq_positive"),
        ]


class DiceUndone(UndoneEntry):
    """The audit record of an undo: what was removed, by whom, when."""

    game = models.ForeignKey(DiceGame, on_delete=models.CASCADE, related_name="undone")
