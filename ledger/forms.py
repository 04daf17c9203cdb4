"""Forms: parse what the host typed; the models and ledger.settlement do the rest."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ledger import settlement
from ledger.models import BuyIn, Player, Session

MONEY_ERRORS = {
    "empty": gettext_lazy("Enter an amount."),
    "negative": gettext_lazy("The amount cannot be negative."),
    "not_a_number": gettext_lazy("Enter an amount as a number, for example 200 or 12,50."),
    "too_many_decimals": gettext_lazy("This currency does not have that many decimals."),
}


def parse_money(text: str, code: str) -> int:
    try:
        return settlement.parse_money(text, code)
    except settlement.MoneyError as error:
        raise ValidationError(MONEY_ERRORS[error.code]) from error


def currency_choices() -> list[tuple[str, str]]:
    return [(code, code) for code in settlement.CURRENCIES]


def parse_chip_set(text: str) -> list[dict[str, Any]]:
    """ "white 1, red 5, green 25" → [{"colour": "white", "value": 1}, …]."""
    chips = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        colour, _sep, value = part.rpartition(" ")
        if not colour.strip() or not value.isdigit() or int(value) <= 0:
            raise ValidationError(
                _("Write the chip set as colour and value, for example: white 1, red 5, green 25.")
            )
        chips.append({"colour": colour.strip().lower(), "value": int(value)})
    if len({c["colour"] for c in chips}) != len(chips):
        raise ValidationError(_("Each colour may appear only once."))
    return chips


def chip_set_text(chips: tuple[settlement.Chip, ...]) -> str:
    return ", ".join(f"{c.colour} {c.value}" for c in chips)


class SessionForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=80)
    currency = forms.ChoiceField(label=gettext_lazy("Currency"), choices=currency_choices)
    stack_money = forms.CharField(
        label=gettext_lazy("A buy-in costs"),
        initial="200",
        help_text=gettext_lazy("Money, for example 200 or 12,50."),
    )
    stack_chips = forms.IntegerField(
        label=gettext_lazy("and gives chips"), min_value=1, initial=200
    )
    chip_set = forms.CharField(
        label=gettext_lazy("Chip set"),
        required=False,
        initial=chip_set_text(settlement.DEFAULT_CHIP_SET),
        help_text=gettext_lazy("Colour and value in chips, comma-separated."),
    )

    def clean_chip_set(self) -> list[dict[str, Any]]:
        return parse_chip_set(self.cleaned_data["chip_set"])

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if "stack_money" in data and "currency" in data:
            try:
                data["rate_minor"] = parse_money(data["stack_money"], data["currency"])
            except ValidationError as error:
                self.add_error("stack_money", error)
            else:
                if data["rate_minor"] <= 0:
                    self.add_error("stack_money", _("A buy-in must cost something."))
        return data


class BuyInForm(forms.Form):
    player = forms.ModelChoiceField(
        label=gettext_lazy("Player"), queryset=Player.objects.none(), required=False
    )
    new_player = forms.CharField(label=gettext_lazy("or a new player"), required=False)
    chips = forms.IntegerField(label=gettext_lazy("Chips"), min_value=1)
    method = forms.ChoiceField(
        label=gettext_lazy("Paid"), choices=BuyIn.Method.choices, widget=forms.RadioSelect
    )
    kind = forms.ChoiceField(label=gettext_lazy("Kind"), choices=BuyIn.Kind.choices)

    def __init__(self, *args: Any, session: Session, **kwargs: Any) -> None:
        kwargs.setdefault("initial", {"method": "cash", "kind": "buy_in"})
        super().__init__(*args, **kwargs)
        self.session = session
        self.fields["player"].queryset = Player.objects.filter(host=session.host)
        self.fields["chips"].initial = session.rate_chips

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        name = (data.get("new_player") or "").strip()
        if not data.get("player") and not name:
            raise ValidationError(_("Choose a player or type a new name."))
        if not data.get("player"):
            existing = Player.objects.filter(host=self.session.host, name__iexact=name).first()
            data["player"] = existing
            data["new_name"] = name
        return data


class CountForm(forms.Form):
    """Every player's chips at the end: a total, or a count per colour (or both, if they agree)."""

    def __init__(self, *args: Any, session: Session, players: list[Player], **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.session = session
        self.players = players
        for player in players:
            self.fields[f"chips_{player.pk}"] = forms.IntegerField(
                label=str(player), required=False, min_value=0
            )
            for chip in session.chips:
                self.fields[f"colour_{player.pk}_{chip.colour}"] = forms.IntegerField(
                    label=chip.colour, required=False, min_value=0
                )

    def rows(self) -> list[dict[str, Any]]:
        """The fields per player, for the template."""
        return [
            {
                "player": player,
                "total": self[f"chips_{player.pk}"],
                "colours": [self[f"colour_{player.pk}_{c.colour}"] for c in self.session.chips],
            }
            for player in self.players
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        counts: dict[int, tuple[int | None, dict[str, int]]] = {}
        for player in self.players:
            total = data.get(f"chips_{player.pk}")
            by_colour = {
                c.colour: data[f"colour_{player.pk}_{c.colour}"]
                for c in self.session.chips
                if data.get(f"colour_{player.pk}_{c.colour}") is not None
            }
            if by_colour:
                value = settlement.stack_value(by_colour, self.session.chips)
                if total is not None and total != value:
                    self.add_error(
                        f"chips_{player.pk}",
                        _("%(name)s: the colours add up to %(value)s chips, not %(total)s.")
                        % {"name": player, "value": value, "total": total},
                    )
                    continue
            if total is None and not by_colour:
                continue
            counts[player.pk] = (total, by_colour)
        data["counts"] = counts
        return data


class PolicyForm(forms.Form):
    policy = forms.ChoiceField(
        label=gettext_lazy("Who takes the difference?"),
        choices=Session.Policy.choices[1:],
        widget=forms.RadioSelect,
    )
    player = forms.ModelChoiceField(
        label=gettext_lazy("Player"), queryset=Player.objects.none(), required=False
    )

    def __init__(self, *args: Any, session: Session, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = Player.objects.filter(
            host=session.host, buy_ins__session=session
        ).distinct()

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("policy") == Session.Policy.PLAYER and not data.get("player"):
            self.add_error("player", _("Choose the player who takes the difference."))
        return data


class OptionsForm(forms.Form):
    banker = forms.ModelChoiceField(
        label=gettext_lazy("Who holds the bank's cash?"),
        queryset=Player.objects.none(),
        required=False,
        empty_label=gettext_lazy("the host (not playing)"),
    )
    through_bank = forms.BooleanField(
        label=gettext_lazy("Everything through the bank"), required=False
    )
    cash_step = forms.CharField(
        label=gettext_lazy("Round transfers to"),
        required=False,
        help_text=gettext_lazy("For example 10 (kr) or 5 (€). Empty: exact amounts."),
    )

    def __init__(self, *args: Any, session: Session, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.session = session
        self.fields["banker"].queryset = Player.objects.filter(host=session.host)

    def clean_cash_step(self) -> int:
        text = self.cleaned_data["cash_step"].strip()
        return parse_money(text, self.session.currency) if text else 0


class PlayerForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ["name", "nickname", "payment_details"]
        widgets = {"payment_details": forms.Textarea(attrs={"rows": 2})}

    def __init__(self, *args: Any, host: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.instance.host = host

    def clean_name(self) -> str:
        name = self.cleaned_data["name"].strip()
        clash = Player.objects.filter(host=self.instance.host, name__iexact=name)
        if clash.exclude(pk=self.instance.pk).exists():
            raise ValidationError(_("You already have a player called %(name)s.") % {"name": name})
        return name


class MergeForm(forms.Form):
    other = forms.ModelChoiceField(
        label=gettext_lazy("The same person, entered again as"), queryset=Player.objects.none()
    )

    def __init__(self, *args: Any, player: Player, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["other"].queryset = Player.objects.filter(host=player.host).exclude(
            pk=player.pk
        )


PERIODS = {
    "all": gettext_lazy("All time"),
    "year": gettext_lazy("Last 12 months"),
    "quarter": gettext_lazy("Last 3 months"),
    "month": gettext_lazy("Last 30 days"),
}
