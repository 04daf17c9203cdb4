"""Forms: parse what the host typed; the models and ledger.settlement do the rest."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.utils.formats import number_format
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from config import chips, limits
from config.colours import colour_name
from config.forms import ChipSetField, NameField, chips_field, count_field, number_field
from config.text import isolate
from ledger import payment, prizes, settlement
from ledger.models import BuyIn, CountSource, Player, Session
from ledger.pay import error_text

MONEY_ERRORS = {
    "too_large": gettext_lazy("At most %(limit)s: no home game needs more."),
    "empty": gettext_lazy("Enter an amount."),
    "negative": gettext_lazy("The amount cannot be negative."),
    "not_a_number": gettext_lazy("Enter an amount as a number, for example 200 or 12,50."),
    "too_many_decimals": gettext_lazy("This currency does not have that many decimals."),
}


def parse_money(text: str, code: str) -> int:
    """Money as typed, in minor units of `code`, at most MAX_MONEY_MAJOR in major units."""
    cur = settlement.currency(code)
    limit = limits.MAX_MONEY_MAJOR * cur.minor_per_major
    too_large = ValidationError(
        MONEY_ERRORS["too_large"]
        % {"limit": settlement.format_money(limit, code, get_language() or "en")}
    )
    if len(text or "") > 40:
        raise too_large
    try:
        minor = settlement.parse_money(text, code)
    except settlement.MoneyError as error:
        raise ValidationError(MONEY_ERRORS[error.code]) from error
    if minor > limit:
        raise too_large
    return minor


def currency_choices() -> list[tuple[str, str]]:
    return [(code, code) for code in settlement.CURRENCIES]


class SessionForm(forms.Form):
    name = NameField(label=gettext_lazy("Name"))
    currency = forms.ChoiceField(label=gettext_lazy("Currency"), choices=currency_choices)
    stack_money = forms.CharField(
        label=gettext_lazy("A buy-in costs"),
        initial="200",
        max_length=40,
        help_text=gettext_lazy("Money, for example 200 or 12,50."),
    )
    stack_chips = chips_field(gettext_lazy("and gives chips"), initial=200)
    chip_set = ChipSetField(
        label=gettext_lazy("Chip set"),
        required=False,
        initial=chips.DEFAULT,  # shown in the reader's language
        help_text=gettext_lazy("Colour and value in chips, comma-separated."),
    )

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
        label=gettext_lazy("Player"),
        queryset=Player.objects.none(),
        required=False,
        empty_label=gettext_lazy("Choose a player"),
    )
    new_player = NameField(label=gettext_lazy("or a new player"), required=False)
    chips = chips_field(gettext_lazy("Chips"))
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
            data["player"] = Player.objects.named(self.session.host, name)
            data["new_name"] = name
        return data


class CountForm(forms.Form):
    """Every player's chips at the end: a total, or a count per colour (or both, if they agree)."""

    def __init__(
        self,
        *args: Any,
        session: Session,
        players: list[Player],
        sources: Mapping[int, CountSource] | None = None,
        **kwargs: Any,
    ):
        super().__init__(*args, **kwargs)
        self.session = session
        self.players = players
        self.sources = sources or {}
        for player in players:
            self.fields[f"chips_{player.pk}"] = chips_field(
                str(player), min_value=0, maximum=limits.MAX_STACK, required=False
            )
            for chip in session.chips:
                self.fields[f"colour_{player.pk}_{chip.colour}"] = count_field(
                    colour_name(chip.colour), required=False
                )

    def rows(self) -> list[dict[str, Any]]:
        """The fields per player, for the template."""
        return [
            {
                "player": player,
                "total": self[f"chips_{player.pk}"],
                "colours": [
                    (self[f"colour_{player.pk}_{c.colour}"], c.colour) for c in self.session.chips
                ],
                "source": self.sources.get(player.pk),
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
                if value > limits.MAX_STACK:
                    self.add_error(
                        f"chips_{player.pk}",
                        _("%(name)s: at most %(limit)s chips.")
                        % {
                            "name": player,
                            "limit": number_format(limits.MAX_STACK, force_grouping=True),
                        },
                    )
                    continue
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
        label=gettext_lazy("Player"),
        queryset=Player.objects.none(),
        required=False,
        empty_label=gettext_lazy("Choose a player"),
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
        max_length=40,
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
    name = NameField(label=gettext_lazy("name"))
    nickname = NameField(
        label=gettext_lazy("nickname"), max_length=limits.MAX_NICKNAME, required=False
    )

    class Meta:
        model = Player
        fields = ["name", "nickname", "swish", "iban", "bic", "pay_link", "payment_details"]
        widgets = {
            "payment_details": forms.Textarea(attrs={"rows": 2}),
            # Typed with spaces and dashes as people write them; stored without.
            "swish": forms.TextInput(
                attrs={"maxlength": 24, "inputmode": "tel", "autocomplete": "off"}
            ),
            "iban": forms.TextInput(
                attrs={"maxlength": 48, "autocomplete": "off", "spellcheck": "false"}
            ),
            "bic": forms.TextInput(
                attrs={"maxlength": 16, "autocomplete": "off", "spellcheck": "false"}
            ),
            "pay_link": forms.URLInput(attrs={"inputmode": "url"}),
        }

    def __init__(self, *args: Any, host: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.instance.host = host
        # Typed with spaces and separators ("SE45 5000 …", "+46 70-123 45 67"): the model's
        # lengths are of the stored form, the checks below say what is wrong.
        for name, most in (("swish", 24), ("iban", 48), ("bic", 16)):
            self.fields[name].max_length = most
            self.fields[name].validators = [MaxLengthValidator(most)]
            self.fields[name].widget.attrs["maxlength"] = str(most)
        self.fields["pay_link"].assume_scheme = "https"

    def _payment(self, name: str, normalize: Any) -> str:
        text = (self.cleaned_data.get(name) or "").strip()
        if not text:
            return ""
        try:
            return normalize(text)
        except payment.PaymentError as error:
            raise ValidationError(error_text(error), code=error.code) from None

    def clean_swish(self) -> str:
        return self._payment("swish", payment.normalize_swish)

    def clean_iban(self) -> str:
        return self._payment("iban", payment.normalize_iban)

    def clean_bic(self) -> str:
        return self._payment("bic", payment.normalize_bic)

    def clean_pay_link(self) -> str:
        url = (self.cleaned_data.get("pay_link") or "").strip()
        if url and not url.lower().startswith(("https://", "http://")):
            raise ValidationError(_("Only a web link (https://…) can be a payment link."))
        return url

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("bic") and not data.get("iban") and "iban" not in self.errors:
            self.add_error("bic", _("A BIC goes with an IBAN: enter the IBAN too."))
        return data

    def clean_name(self) -> str:
        name = self.cleaned_data["name"].strip()
        clash = Player.objects.named(self.instance.host, name)
        if clash is not None and clash.pk != self.instance.pk:
            raise ValidationError(
                _("You already have a player called %(name)s.") % {"name": isolate(name)}
            )
        return name


class MergeForm(forms.Form):
    other = forms.ModelChoiceField(
        label=gettext_lazy("The same person, entered again as"),
        queryset=Player.objects.none(),
        empty_label=gettext_lazy("Choose a player"),
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


# --- tournaments ------------------------------------------------------------------------------


def money_text(minor: int, code: str) -> str:
    """Minor units as the plain number a host would type back ("200", "12.50")."""
    cur = settlement.currency(code)
    major, rest = divmod(minor, cur.minor_per_major)
    return str(major) if not rest else f"{major}.{str(rest).rjust(cur.exponent, '0')}"


def level_field(label: str) -> forms.IntegerField:
    return number_field(label, min_value=0, max_value=limits.MAX_LEVEL, initial=0)


class TournamentForm(forms.Form):
    """A new tournament: money as the host types it, levels as numbers (0: none)."""

    name = NameField(label=gettext_lazy("Name"))
    session = forms.ModelChoiceField(
        label=gettext_lazy("Results go into the session"),
        queryset=Session.objects.none(),
        required=False,
        empty_label=gettext_lazy("none (a tournament on its own)"),
    )
    currency = forms.ChoiceField(
        label=gettext_lazy("Currency"),
        choices=currency_choices,
        initial="SEK",
        help_text=gettext_lazy("With a session, the session's currency is used."),
    )
    buy_in = forms.CharField(label=gettext_lazy("Buy-in"), initial="200", max_length=40)
    fee = forms.CharField(
        label=gettext_lazy("of which to the host"),
        initial="0",
        max_length=40,
        help_text=gettext_lazy("Per buy-in and re-entry; not in the prize pool."),
    )
    starting_chips = chips_field(gettext_lazy("Starting chips"), initial=10000)
    late_until_level = level_field(gettext_lazy("Late registration until level"))
    re_entry = forms.BooleanField(
        label=gettext_lazy("Re-entry when busted (until late registration closes)"),
        required=False,
    )
    rebuy_until_level = level_field(gettext_lazy("Rebuys until level"))
    rebuy_price = forms.CharField(label=gettext_lazy("Rebuy price"), required=False, max_length=40)
    rebuy_chips = chips_field(gettext_lazy("Rebuy chips"), min_value=0, required=False)
    add_on_level = level_field(gettext_lazy("Add-on at level"))
    add_on_price = forms.CharField(
        label=gettext_lazy("Add-on price"), required=False, max_length=40
    )
    add_on_chips = chips_field(gettext_lazy("Add-on chips"), min_value=0, required=False)
    payout_unit = forms.CharField(
        label=gettext_lazy("Round prizes to"),
        initial="10",
        required=False,
        max_length=40,
        help_text=gettext_lazy("For example 10 (kr); the remainder goes to first place."),
    )

    def __init__(self, *args: Any, host: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["session"].queryset = Session.objects.filter(host=host).exclude(
            state=Session.State.SETTLED
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        session = data.get("session")
        if session is not None:
            data["currency"] = session.currency
        code = data.get("currency")
        if not code:
            return data
        for name in ("buy_in", "fee", "rebuy_price", "add_on_price", "payout_unit"):
            text = (data.get(name) or "").strip()
            try:
                data[name] = parse_money(text, code) if text else 0
            except ValidationError as error:
                self.add_error(name, error)
        if not self.errors:
            if data["buy_in"] <= 0:
                self.add_error("buy_in", _("A buy-in must cost something."))
            elif data["fee"] > data["buy_in"]:
                self.add_error("fee", _("The host's part cannot exceed the buy-in."))
            if data["rebuy_until_level"] and not (data["rebuy_price"] and data["rebuy_chips"]):
                self.add_error("rebuy_price", _("Give the rebuy's price and chips."))
            if data["add_on_level"] and not (data["add_on_price"] and data["add_on_chips"]):
                self.add_error("add_on_price", _("Give the add-on's price and chips."))
        data["rebuy_chips"] = data.get("rebuy_chips") or 0
        data["add_on_chips"] = data.get("add_on_chips") or 0
        return data


class RegisterForm(forms.Form):
    player = forms.ModelChoiceField(
        label=gettext_lazy("Player"),
        queryset=Player.objects.none(),
        required=False,
        empty_label=gettext_lazy("Choose a player"),
    )
    new_player = NameField(label=gettext_lazy("or a new player"), required=False)
    method = forms.ChoiceField(
        label=gettext_lazy("Paid"),
        choices=BuyIn.Method.choices,
        widget=forms.RadioSelect,
        initial="cash",
    )

    def __init__(self, *args: Any, host: Any, exclude: Sequence[int] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.host = host
        self.fields["player"].queryset = Player.objects.filter(host=host).exclude(pk__in=exclude)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        name = (data.get("new_player") or "").strip()
        if not data.get("player") and not name:
            raise ValidationError(_("Choose a player or type a new name."))
        if not data.get("player"):
            data["player"] = Player.objects.named(self.host, name)
            data["new_name"] = name
        return data


class PayoutTableForm(forms.Form):
    table = forms.CharField(
        label=gettext_lazy("Payout table"),
        max_length=limits.MAX_TEXT,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=gettext_lazy(
            "One line per number of entries: entries, a colon, the percentages from first "
            "place down. For example “7-10: 50 30 20” or “21+: 40 25 16 11 8”."
        ),
    )
    payout_unit = forms.CharField(
        label=gettext_lazy("Round prizes to"), required=False, max_length=40
    )

    TABLE_ERRORS = {
        "syntax": gettext_lazy("Line %(line)s: write entries, a colon and percentages."),
        "sum": gettext_lazy("Line %(line)s: the percentages add up to %(total)s, not 100."),
        "order": gettext_lazy("Line %(line)s: a place cannot pay more than the one above it."),
        "places": gettext_lazy("Line %(line)s: more places paid than entries."),
        "gap": gettext_lazy("No line covers %(entries)s entries."),
        "overlap": gettext_lazy("Two lines cover %(entries)s entries."),
    }

    def __init__(self, *args: Any, currency: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.currency = currency

    def clean_table(self) -> Any:
        try:
            return prizes.parse_table(self.cleaned_data["table"])
        except prizes.PayoutTableError as error:
            raise ValidationError(self.TABLE_ERRORS[error.code] % error.params) from error

    def clean_payout_unit(self) -> int:
        text = (self.cleaned_data["payout_unit"] or "").strip()
        return parse_money(text, self.currency) if text else 0
