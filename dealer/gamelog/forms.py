"""What the New game forms of the games kept as a log share (Poker-Deluxe, the dice games and
strip poker): the players typed in seating order (from the roster by name, or new), the rule
that a player's chips are in one game at a time, and the session the game is played in (an
open one, or a new one at a money value per chip)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from config import limits
from config.forms import NameField
from config.text import name_key
from ledger import settlement
from ledger.forms import currency_choices
from ledger.models import Player, Session


def money_per_chip_field(label: str, help_text: str) -> forms.DecimalField:
    """What one chip (or unit) is worth in money, for a new session."""
    return forms.DecimalField(
        min_value=Decimal("0.01"),
        max_value=limits.MAX_MONEY_MAJOR,
        max_digits=10,
        decimal_places=2,
        initial=1,
        label=label,
        help_text=help_text,
    )


class NewGameForm(forms.Form):
    """The players and the session of a new game. A subclass declares its money field (named
    by `money_field`, made with `money_per_chip_field`) and sets `max_rows`."""

    max_rows: int
    money_field: str
    # The message when the money per chip has more decimals than the currency.
    money_decimals_message: Any

    session = forms.ModelChoiceField(
        queryset=Session.objects.none(),
        required=False,
        label=_("Session"),
        empty_label=_("Start a new session tonight"),
    )
    currency = forms.ChoiceField(choices=currency_choices, initial="SEK", label=_("Currency"))

    def __init__(self, *args: Any, host: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.host = host
        self.fields["session"].queryset = Session.objects.filter(
            host=host, state=Session.State.OPEN
        )
        for i in range(1, self.max_rows + 1):
            self.fields[f"player_{i}"] = NameField(
                required=False, label=_("Player %(n)s") % {"n": i}
            )

    def roster_names(self) -> list[str]:
        """The host's roster, for the name boxes' suggestions."""
        return sorted(Player.objects.filter(host=self.host).values_list("name", flat=True))

    def check_names_differ(self, names: list[str]) -> None:
        """Every player typed is another person: two names that are one name (the roster's
        rule, `config.text.name_key`) are refused."""
        if len({name_key(name) for name in names}) != len(names):
            raise ValidationError(_("Two players have the same name: tell them apart."))

    def check_not_playing(self, names: list[str], live_games: Any) -> None:
        """A player plays one game of `live_games` at a time: their chips are in that game."""
        playing = {pid: game for game in live_games for pid in game.players}
        for name in names:
            known = Player.objects.named(self.host, name)
            if known is not None and known.pk in playing:
                raise ValidationError(
                    _("%(name)s already plays in %(game)s: end that game first.")
                    % {"name": known, "game": playing[known.pk]}
                )

    def check_money(self, data: dict[str, Any]) -> None:
        """A new session's money per chip has no more decimals than its currency."""
        value, code = data.get(self.money_field), data.get("currency")
        if value is not None and code and not data.get("session"):
            exponent = settlement.currency(code).exponent
            if value != value.quantize(Decimal(1).scaleb(-exponent)):
                self.add_error(
                    self.money_field,
                    self.money_decimals_message % {"code": code, "n": exponent},
                )

    def players(self, names: list[str]) -> list[Player]:
        """The roster's players by name (`Player.objects.named`); a name the roster lacks is
        added to it."""
        return [
            Player.objects.named(self.host, name)
            or Player.objects.create(host=self.host, name=name)
            for name in names
        ]

    def session_to_play(self, data: dict[str, Any]) -> Session:
        """The open session chosen, or a new one; held open for this transaction (a
        ValidationError when it is no longer played)."""
        session = data["session"]
        if session is None:
            currency = settlement.currency(data["currency"])
            session = Session.objects.create(
                host=self.host,
                name=data["name"],
                currency=data["currency"],
                # Exact: check_money checked the decimals.
                rate_minor=int(data[self.money_field] * currency.minor_per_major),
                rate_chips=1,
            )
        session.hold(Session.State.OPEN, bump=False)
        return session
