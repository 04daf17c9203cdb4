"""Forms of seed 003's dice games and strip poker: a new game, and each move at the table."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from config.forms import NameField, chips_field, hidden_number, number_field
from config.revision import VersionForm
from dealer.dice.models import DiceGame, hand_code, hand_from_code
from dealer.engine.dice import (
    IllegalAction,
    LiarsConfig,
    PokerDiceConfig,
    StripConfig,
    all_hands,
    liars,
    parse_dice,
    parse_face,
    poker_dice,
    strip,
)
from dealer.engine.dice.hands import DICE, Kind
from dealer.engine.dice.poker_dice import MAX_ROLLS
from dealer.engine.dice.strip import MAX_ITEMS
from dealer.engine.dice.table import MAX_CHIPS, MAX_PLAYERS
from dealer.gamelog.forms import NewGameForm, money_per_chip_field

# The rows of the new-game form: as many as the rules seat ("Það eru engin takmörk fyrir fjölda
# leikmanna"; the rules stop at twenty), the first SHOWN_ROWS shown, the rest behind "More players".
MAX_ROWS = MAX_PLAYERS
SHOWN_ROWS = 10
HAND_CODES = tuple(hand_code(hand) for hand in all_hands())
CLAIM_CODES = tuple(hand_code(hand) for hand in all_hands() if hand.kind is not Kind.NOTHING)


class DiceGameForm(NewGameForm):
    """A new game: which of the three, the players in seating order, and for the two games
    played for a pot the chips, the stake and the session (a new one, or an open one)."""

    name = NameField(label=_("name"))
    kind = forms.ChoiceField(choices=DiceGame.Kind.choices, label=_("Game"))
    chips = chips_field(
        _("Starting chips"),
        maximum=MAX_CHIPS,
        required=False,
        initial=20,
        help_text=_("Each player buys in for these at the session."),
    )
    stake = chips_field(
        _("Stake"),
        maximum=MAX_CHIPS,
        required=False,
        initial=1,
        help_text=_(
            "Poker dice: what everyone puts in the pot each round. Liar's dice: what the "
            "loser of a round pays into the pot."
        ),
    )
    items = number_field(
        _("Items each"),
        min_value=1,
        max_value=MAX_ITEMS,
        required=False,
        help_text=_(
            "Strip poker: how many rounds a player may lose before the evening ends. Empty: "
            "keep the tally until you stop."
        ),
    )
    first_out_wins = forms.BooleanField(
        required=False,
        label=_("The first to lose them all wins"),
        help_text=_("The seed leaves it to taste: that player loses, or wins."),
    )
    chip_value = money_per_chip_field(
        _("Money per chip"), _("For a new session: what one chip is worth in money.")
    )

    max_rows = MAX_ROWS
    money_field = "chip_value"
    money_decimals_message = _("%(code)s has %(n)s decimals: round the money per chip.")

    def rows(self) -> list[Any]:
        return [self[f"player_{i}"] for i in range(1, SHOWN_ROWS + 1)]

    def more_rows(self) -> list[Any]:
        """The rows behind "More players"."""
        return [self[f"player_{i}"] for i in range(SHOWN_ROWS + 1, MAX_ROWS + 1)]

    def more_rows_used(self) -> bool:
        """A name or an error in the rows behind "More players": they are shown open."""
        return any(row.value() or row.errors for row in self.more_rows())

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        names = [
            name
            for i in range(1, MAX_ROWS + 1)
            if (name := (data.get(f"player_{i}") or "").strip())
        ]
        kind = data.get("kind")
        if kind is None or any(name.startswith("player_") for name in self.errors):
            return data
        if len(names) < 2:
            raise ValidationError(_("Seat at least two players."))
        self.check_names_differ(names)
        data["names"] = names
        if kind == DiceGame.Kind.STRIP:
            data["chips"] = data["stake"] = data["session"] = None
            config: Any = StripConfig(
                names=tuple(names),
                items=data.get("items"),
                first_out_wins=bool(data.get("first_out_wins")),
            )
            self._check(strip.start, config)
            return data
        data["items"], data["first_out_wins"] = None, False
        chips, stake = data.get("chips"), data.get("stake")
        if chips is None and "chips" not in self.errors:
            self.add_error("chips", _("How many chips does each player start with?"))
        if stake is None and "stake" not in self.errors:
            self.add_error("stake", _("How much is the stake?"))
        # A player plays one game for a pot at a time: their chips are in that game.
        live = DiceGame.objects.filter(host=self.host, finished_at__isnull=True).exclude(
            kind=DiceGame.Kind.STRIP
        )
        self.check_not_playing(names, live)
        self.check_money(data)
        if chips is not None and stake is not None:
            if kind == DiceGame.Kind.POKER_DICE:
                config = PokerDiceConfig(names=tuple(names), chips=chips, stake=stake)
                self._check(poker_dice.start, config)
            else:
                self._check(liars.start, LiarsConfig(names=tuple(names), chips=chips, stake=stake))
        return data

    @staticmethod
    def _check(start: Any, config: Any) -> None:
        try:
            start(config)
        except IllegalAction as error:
            raise ValidationError(str(error)) from None

    @transaction.atomic
    def save(self, *, by: Any) -> DiceGame:
        """The game, for a pot its session (new, or the open one chosen), and the players (from
        the roster by name, or new); for a pot each player buys in for the starting chips.
        Raises ValidationError when the session is no longer played (nothing is created)."""
        data = self.cleaned_data
        for_money = data["kind"] != DiceGame.Kind.STRIP
        session = self.session_to_play(data) if for_money else None
        players = self.players(data["names"])
        game = DiceGame.objects.create(
            host=self.host,
            session=session,
            kind=data["kind"],
            name=data["name"],
            players=[p.pk for p in players],
            chips=data["chips"],
            stake=data["stake"],
            items=data["items"],
            first_out_wins=data["first_out_wins"],
        )
        if session is not None:
            for player in players:
                session.buy_in(player, data["chips"], by=by)
        return game


class DiceField(forms.CharField):
    """Five poker dice as the screen sends them ("K K 9 9 A"): the dice, or a clear reason."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_length=40, strip=True, **kwargs)

    def clean(self, value: Any) -> Any:
        text = super().clean(value)
        if not text:
            return None
        items = text.replace(",", " ").split()
        if len(items) != DICE:
            raise ValidationError(
                _("Poker dice are %(dice)s dice, not %(n)s.") % {"dice": DICE, "n": len(items)}
            )
        for item in items:
            check_face(item)
        return parse_dice(items)


def check_face(item: str) -> None:
    """A face of a poker die, or the reason in the user's language."""
    try:
        parse_face(item)
    except ValueError:
        raise ValidationError(
            _("“%(face)s” is not a face of a poker die: they show 9 10 J Q K A.") % {"face": item}
        ) from None


class DicePlayerForm(VersionForm):
    """A move by one player (strip poker: the loser of the round)."""

    player = hidden_number(0, MAX_ROWS - 1)


class ShowDiceForm(DicePlayerForm):
    """Poker dice: a player's final dice (five taps) or their combination, and their rolls."""

    dice = DiceField(required=False, label=_("Dice"))
    hand = forms.ChoiceField(
        choices=[("", "—"), *((code, code) for code in HAND_CODES)],
        required=False,
        label=_("or the combination"),
    )
    rolls = forms.TypedChoiceField(
        coerce=int,
        empty_value=None,
        choices=[("", "—"), *((str(n), str(n)) for n in range(1, MAX_ROLLS + 1))],
        required=False,
        label=_("Rolls"),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        if data.get("dice") is None and not data.get("hand"):
            raise ValidationError(_("Tap the five dice or pick the combination."))
        data["shown"] = data["dice"] if data.get("dice") else hand_from_code(data["hand"])
        return data


class ClaimForm(DicePlayerForm):
    """Liar's dice: what the player says is under the cup."""

    hand = forms.ChoiceField(
        choices=[(code, code) for code in CLAIM_CODES],
        label=_("Claim"),
        error_messages={
            "invalid_choice": _("Claim a combination of poker dice: a pair at least."),
        },
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("hand"):
            data["claim"] = hand_from_code(data["hand"])
        return data


class CallForm(DicePlayerForm):
    """Liar's dice: the bluff is called; the five dice under the cup. Or, after five aces were
    accepted, the dice the player rolled for them."""

    dice = DiceField(label=_("Dice"), error_messages={"required": _("Tap the five dice.")})


class RollForm(forms.Form):
    """Roll for me: the dice kept (0 to 5 faces); the others are rolled."""

    keep = forms.CharField(max_length=40, required=False, strip=True)

    def clean_keep(self) -> tuple[Any, ...]:
        items = self.cleaned_data["keep"].replace(",", " ").split()
        if len(items) > DICE:
            raise ValidationError(_("Poker dice are %(n)s dice.") % {"n": DICE})
        for item in items:
            check_face(item)
        return tuple(parse_face(item) for item in items)
