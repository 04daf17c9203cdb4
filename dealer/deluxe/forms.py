"""Forms of Poker-Deluxe (seed 001): a new game, a purchase, a combination shown."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from config.forms import NameField, hidden_number, number_field
from config.revision import VersionForm
from dealer.deluxe.models import DeluxeGame
from dealer.engine.deluxe import (
    MAX_CARDS,
    MIN_CARDS,
    SEED_CHIP_SET,
    Combo,
    DeluxeConfig,
    IllegalAction,
    start,
)
from dealer.engine.deluxe.game import FACE_DOWN, max_players
from dealer.gamelog.forms import NewGameForm, money_per_chip_field

# The most players any variant seats (four cards: 52 // 8 = 6).
MAX_ROWS = max_players(MIN_CARDS)
STARTING_UNITS = sum(chip.value * chip.count for chip in SEED_CHIP_SET)


class DeluxeForm(NewGameForm):
    """A new Poker-Deluxe game: the variant, the players in seating order with their order of
    age, the rounds agreed, and the session it is played in (a new one, or an open one)."""

    name = NameField(label=_("name"))
    cards = forms.TypedChoiceField(
        coerce=int,
        choices=[(n, _("%(n)s cards") % {"n": n}) for n in range(MIN_CARDS, MAX_CARDS + 1)],
        initial=5,
        label=_("Cards per player (the variant)"),
    )
    rounds = number_field(
        _("Rounds agreed"),
        min_value=1,
        max_value=100,
        initial=1,
        help_text=_("A round: every player deals once."),
    )
    unit_value = money_per_chip_field(
        _("Money per unit"),
        _("For a new session: what one unit (a chip worth 1) is worth in money."),
    )

    max_rows = MAX_ROWS
    money_field = "unit_value"
    money_decimals_message = _("%(code)s has %(n)s decimals: round the money per unit.")

    def __init__(self, *args: Any, host: Any, **kwargs: Any) -> None:
        super().__init__(*args, host=host, **kwargs)
        for i in range(1, MAX_ROWS + 1):
            self.fields[f"age_{i}"] = forms.IntegerField(
                required=False,
                min_value=1,
                max_value=MAX_ROWS,
                label=_("Age order (1: the youngest)"),
                error_messages={
                    "invalid": _("Enter a whole number."),
                    "min_value": _("At least %(limit_value)s."),
                    "max_value": _("At most %(limit_value)s."),
                },
            )

    def rows(self) -> list[tuple[Any, Any]]:
        """The player and age fields, row by row (seating order)."""
        return [(self[f"player_{i}"], self[f"age_{i}"]) for i in range(1, MAX_ROWS + 1)]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        names, ages = [], []
        for i in range(1, MAX_ROWS + 1):
            name, age = (data.get(f"player_{i}") or "").strip(), data.get(f"age_{i}")
            if not name and age is None:
                continue
            if not name:
                self.add_error(f"player_{i}", _("An age order without a player: type the name."))
                continue
            names.append(name)
            ages.append(age)
        if any(name.startswith(("player_", "age_")) for name in self.errors):
            return data
        if len(names) < 2:
            raise ValidationError(_("Poker-Deluxe needs at least two players."))
        if None in ages or sorted(ages) != list(range(1, len(names) + 1)):
            raise ValidationError(
                _("Number the players' ages from 1 (the youngest) to %(n)s, each once.")
                % {"n": len(names)}
            )
        self.check_names_differ(names)
        self.check_not_playing(
            names, DeluxeGame.objects.filter(host=self.host, finished_at__isnull=True)
        )
        cards = data.get("cards")
        if cards is not None:
            most = max_players(cards)
            if len(names) > most:
                raise ValidationError(
                    _(
                        "With %(cards)s cards and %(down)s to buy, one deck deals at most"
                        " %(most)s players, not %(n)s."
                    )
                    % {"cards": cards, "down": FACE_DOWN, "most": most, "n": len(names)}
                )
        self.check_money(data)
        data["names"] = names
        data["youngest_first"] = tuple(sorted(range(len(names)), key=lambda p: ages[p]))
        if cards is not None and data.get("rounds") is not None:
            try:
                start(
                    DeluxeConfig(
                        cards=cards,
                        names=tuple(names),
                        youngest_first=data["youngest_first"],
                        rounds=data["rounds"],
                    )
                )
            except IllegalAction as error:
                raise ValidationError(str(error)) from None
        return data

    @transaction.atomic
    def save(self, *, by: Any) -> DeluxeGame:
        """The game, its session (new, or the open one chosen) and the players (from the roster
        by name, or new); each player buys in for the starting units. Raises ValidationError
        when the session is no longer played (nothing is created then)."""
        data = self.cleaned_data
        session = self.session_to_play(data)
        players = self.players(data["names"])
        game = DeluxeGame.objects.create(
            host=self.host,
            session=session,
            name=data["name"],
            cards=data["cards"],
            players=[p.pk for p in players],
            youngest_first=list(data["youngest_first"]),
            rounds=data["rounds"],
            chip_set=[
                {"colour": c.colour, "value": c.value, "count": c.count} for c in SEED_CHIP_SET
            ],
        )
        for player in players:
            session.buy_in(player, STARTING_UNITS, by=by)
        return game


class BuyForm(VersionForm):
    """The player whose turn it is buys 0 to 4 cards."""

    player = hidden_number(0, 7)
    cards = forms.TypedChoiceField(
        coerce=int,
        choices=[(n, str(n)) for n in range(FACE_DOWN + 1 + 1)],  # 5: refused with a reason
        label=_("Cards bought"),
    )


class ShowForm(VersionForm):
    """A player's combination at the settlement: tapped on the variant's list, or the cards."""

    player = hidden_number(0, 7)
    combo = forms.ChoiceField(
        choices=[("", "—")] + [(c.value, c.value) for c in Combo],
        required=False,
        label=_("Combination"),
    )
    cards = forms.CharField(
        max_length=60,
        required=False,
        strip=True,
        label=_("or the cards"),
        help_text=_("For example: As Kd 7h 7c 2s"),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not data.get("combo") and not data.get("cards") and not self.errors:
            raise ValidationError(_("Tap the combination or enter the cards."))
        data["combo"] = data.get("combo") or None
        return data
