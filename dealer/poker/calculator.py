"""The quick side-pot calculator: for games that do not track every action.

A public, stateless tool: no login, no database. Step 1 (`step=pots`) turns what each player put
in and who folded into the pots; step 2 (`step=payout`) splits each pot between the winners
tapped. Step 2's form carries step 1's rows in hidden fields with the same names, so both steps
parse the same forms and the payouts always match the pots shown. Refusals re-render at status
200 with the reason (htmx 2 does not swap 4xx).

Every input is bounded (config/limits.py), and so is the work: at most ten rows, amounts and
chip values up to MAX_CHIPS typed as plain digits (never a 5,000-digit number converted), at
most MAX_CHIP_VALUES chip values, and a fewest-chips breakdown whose cost does not grow with
the amount (`dealer.engine.chips`).

The arithmetic (uncalled chips, pots, winners, payouts, chip breakdowns) is pure, in
`dealer.engine.sidepots`; here are the forms, the words and the view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.http import HttpResponse, QueryDict
from django.shortcuts import render
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods
from django_htmx.http import retarget

from config.forms import ChipValuesField
from config.http import HtmxHttpRequest
from config.limits import MAX_CHIPS
from config.revision import region_or_page
from config.text import isolate
from dealer.engine import sidepots
from dealer.engine.chips import format_breakdown
from dealer.engine.pots import Pot
from dealer.engine.sidepots import Doubt, Player, Sheet, Total, WinnerProblem

MIN_ROWS, MAX_ROWS, START_ROWS = 2, 10, 3
MAX_NAME = 24
MAX_CHIP_VALUES_TEXT = 100
TEMPLATE = "dealer/poker/calculator.html"


# Forms ------------------------------------------------------------------------------------------


def _plain_digits(text: str) -> bool:
    """0-9 only: not "1_000", "1e3", "²" or "١٢", which Python's int() would take or choke on."""
    return text.isascii() and text.isdigit()


def _grouped(number: int) -> str:
    """100000000 → "100,000,000" in the page's language."""
    return number_format(number, force_grouping=True)


class WholeNumberField(forms.Field):
    """A whole number typed in plain digits, from `least` to `most`; blank is None.

    Stricter than IntegerField: no "1_000", "١٢" or "12.0". A number longer than `most` is
    refused by its length before it is converted, so a 5,000-digit one costs nothing. The
    messages (`invalid`, `min_value`, `max_value`) may use %(least)s and %(most)s.
    """

    widget = forms.TextInput

    def __init__(self, *, least: int, most: int, **kwargs: Any) -> None:
        self.least, self.most = least, most
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> int | None:
        text = str(value).strip() if value is not None else ""
        if not text:
            return None
        digits = text.removeprefix("-").lstrip("0") or "0"
        if not _plain_digits(text.removeprefix("-")):
            self._refuse("invalid")
        if text.startswith("-") and digits != "0":
            self._refuse("min_value")
        if len(digits) > len(str(self.most)) or int(digits) > self.most:
            self._refuse("max_value")
        number = int(digits)
        if number < self.least:
            self._refuse("min_value")
        return number

    def _refuse(self, code: str) -> None:
        params = {"least": _grouped(self.least), "most": _grouped(self.most)}
        raise ValidationError(self.error_messages[code], code=code, params=params)


class PlayerForm(forms.Form):
    """One row: who, how much they put in this hand, and whether they folded."""

    name = forms.CharField(
        required=False,
        max_length=MAX_NAME,
        label=gettext_lazy("Name"),
        error_messages={
            "max_length": gettext_lazy("A name is at most %(limit_value)s characters."),
        },
    )
    chips = WholeNumberField(
        required=False,
        least=0,
        most=MAX_CHIPS,
        label=gettext_lazy("Put in"),
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
        error_messages={
            "invalid": gettext_lazy("Chips are whole numbers, like 40."),
            "min_value": gettext_lazy("Chips put in cannot be negative."),
            "max_value": gettext_lazy("At most %(most)s chips."),
        },
    )
    folded = forms.BooleanField(required=False, label=gettext_lazy("Folded"))


class OptionsForm(forms.Form):
    """The smallest chip (the unit of odd chips) and, optionally, the chip set to pay with."""

    unit = WholeNumberField(
        required=False,
        least=1,
        most=MAX_CHIPS,
        label=gettext_lazy("Smallest chip"),
        help_text=gettext_lazy("Blank: 1, or the smallest of your chip values."),
        widget=forms.TextInput(attrs={"inputmode": "numeric", "placeholder": "1"}),
        error_messages={
            "invalid": gettext_lazy("The smallest chip is a whole number, like 5."),
            "min_value": gettext_lazy("The smallest chip is at least 1."),
            "max_value": gettext_lazy("The smallest chip is at most %(most)s."),
        },
    )
    chip_values = ChipValuesField(
        required=False,
        max_length=MAX_CHIP_VALUES_TEXT,
        label=gettext_lazy("Chip values (optional)"),
        error_messages={
            "max_length": gettext_lazy("Chip values are at most %(limit_value)s characters long."),
            "min_value": gettext_lazy("Chip values are above 0."),
            "max_value": gettext_lazy("Chip values are at most %(most)s."),
            "too_many": gettext_lazy("At most %(count)s chip values."),
        },
        help_text=gettext_lazy("To show how to pay, e.g. 5, 25, 100."),
        widget=forms.TextInput(attrs={"placeholder": "5, 25, 100", "autocomplete": "off"}),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        values = data.get("chip_values")
        if values is None or "unit" in self.errors:
            return data
        unit = data.get("unit") or (values[0] if values else 1)
        data["unit"] = unit
        if any(value % unit for value in values):
            self.add_error(
                "chip_values",
                _("Every chip value must be a multiple of the smallest chip (%(unit)s).")
                % {"unit": unit},
            )
        return data


# The hand as entered --------------------------------------------------------------------------


def _row_count(data: Mapping[str, str]) -> int:
    try:
        rows = int(data.get("rows", START_ROWS))
    except (TypeError, ValueError):
        rows = START_ROWS
    return max(MIN_ROWS, min(MAX_ROWS, rows))


def _player_forms(data: Mapping[str, str] | None, rows: int) -> list[PlayerForm]:
    return [PlayerForm(data, prefix=f"p{i}") for i in range(rows)]


def _read(rows: list[PlayerForm], options: OptionsForm) -> tuple[Sheet | None, list[str]]:
    """The sheet, or the reasons it cannot be worked out (beside field errors, shown in place)."""
    # Every form is checked (a list, not a generator) so that every mistake is marked at once.
    valid = all([form.is_valid() for form in rows]) and options.is_valid()
    errors: list[str] = []
    for form in rows:
        if form.is_valid() and form.cleaned_data["chips"] is None and form.cleaned_data["name"]:
            errors.append(
                _("How much did %(name)s put in? Enter 0 if nothing.")
                % {"name": isolate(form.cleaned_data["name"])}
            )
    if not valid or errors:
        return None, errors or [_("Check the amounts marked below.")]
    unit = options.cleaned_data["unit"]
    players = tuple(
        Player(
            row=i,
            label=form.cleaned_data["name"].strip() or _("Player %(n)s") % {"n": i + 1},
            chips=form.cleaned_data["chips"],
            folded=form.cleaned_data["folded"],
        )
        for i, form in enumerate(rows)
        if form.cleaned_data["chips"] is not None
    )
    labels = [p.label for p in players]
    for label in sorted({x for x in labels if labels.count(x) > 1}):
        errors.append(
            _("Two players are called %(name)s: give them different names.")
            % {"name": isolate(label)}
        )
    still_in = [p for p in players if not p.folded]
    if len(players) < 2:
        errors.append(_("Enter what at least two players put in."))
    elif not sum(p.chips for p in players):
        errors.append(_("Nobody put any chips in."))
    elif not still_in:
        errors.append(_("Everyone folded: at least one player must still be in."))
    elif len(still_in) == 1:
        errors.append(
            _("Only %(name)s is still in: %(name)s takes everything, there is nothing to split.")
            % {"name": isolate(still_in[0].label)}
        )
    for p in players:
        if p.chips % unit:
            errors.append(
                _("%(name)s's %(chips)s is not a multiple of the smallest chip (%(unit)s).")
                % {"name": isolate(p.label), "chips": p.chips, "unit": unit}
            )
    if errors:
        return None, errors
    return Sheet(players, unit, options.cleaned_data["chip_values"]), []


def _carry(sheet: Sheet, rows: int) -> list[tuple[str, str]]:
    """Hidden fields that send the sheet again with step 2, under the same names as step 1."""
    fields = [("rows", str(rows)), ("unit", str(sheet.unit))]
    # Never longer than what was typed, so it passes the same length check again.
    fields.append(("chip_values", ",".join(str(v) for v in sheet.chip_values)))
    by_row = {p.row: p for p in sheet.players}
    for i in range(rows):
        player = by_row.get(i)
        if player is None:
            continue
        fields += [(f"p{i}-name", player.label), (f"p{i}-chips", str(player.chips))]
        if player.folded:
            fields.append((f"p{i}-folded", "on"))
    return fields


# Pots and payouts, in words --------------------------------------------------------------------


def _pot_title(index: int) -> str:
    return _("Main pot") if index == 0 else _("Side pot %(n)s") % {"n": index}


def _pot_in_sentence(index: int) -> str:
    return _("the main pot") if index == 0 else _("side pot %(n)s") % {"n": index}


def _winners(
    data: QueryDict, pots: Sequence[Pot], players: Sequence[Player]
) -> tuple[dict[int, tuple[int, ...]], list[str]]:
    """The winners tapped for each pot (positions, in seat order), or why they cannot be paid."""
    tapped = {index: data.getlist(f"win-{index}") for index in range(len(pots))}
    winners, problems = sidepots.winners(tapped, pots, players)
    errors = [
        _("Only players who reached it can win %(pot)s.") % {"pot": _pot_in_sentence(index)}
        if problem == WinnerProblem.NOT_ELIGIBLE
        else _("Tap who won %(pot)s.") % {"pot": _pot_in_sentence(index)}
        for index, problem in problems
    ]
    return winners, errors


def _doubt(doubt: Doubt, players: Sequence[Player]) -> str:
    return _(
        "%(name)s won %(pot)s and was in %(later)s too, so their hand "
        "beats everyone there: check the winners."
    ) % {
        "name": isolate(players[doubt.player].label),
        "pot": _pot_in_sentence(doubt.pot),
        "later": _pot_in_sentence(doubt.later),
    }


def _how_to_pay(amount: int, chip_values: Sequence[int]) -> str:
    if not chip_values or amount == 0:
        return ""
    parts = sidepots.breakdown(amount, tuple(chip_values))
    if parts == sidepots.AWKWARD:
        return _("no breakdown: these chip values are too awkward to work it out")
    if parts is None:
        return _("cannot be paid exactly with these chips")
    return format_breakdown(parts)


def _payout_rows(totals: Sequence[Total], chip_values: Sequence[int]) -> list[tuple[Total, str]]:
    """Each player's total, with the fewest chips to pay it (blank without chip values)."""
    return [(total, _how_to_pay(total.takes, chip_values)) for total in totals]


# The view -------------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def calculator(request: HtmxHttpRequest) -> HttpResponse:
    """Enter what each player put in and who folded; get the pots, then the payouts."""
    if request.method == "GET":
        context = {
            "rows": START_ROWS,
            "players": _player_forms(None, START_ROWS),
            "options": OptionsForm(),
        }
        return render(request, TEMPLATE, context)

    data = request.POST
    step = data.get("step", "pots")
    rows = _row_count(data)
    if step in {"add", "remove"}:
        # Keep what was typed, unchecked: the sheet is only judged when the pots are asked for.
        rows = max(MIN_ROWS, min(MAX_ROWS, rows + (1 if step == "add" else -1)))
        context = {
            "rows": rows,
            "players": [
                PlayerForm(
                    initial={
                        "name": data.get(f"p{i}-name", ""),
                        "chips": data.get(f"p{i}-chips", ""),
                        "folded": bool(data.get(f"p{i}-folded")),
                    },
                    prefix=f"p{i}",
                )
                for i in range(rows)
            ],
            "options": OptionsForm(
                initial={"unit": data.get("unit", ""), "chip_values": data.get("chip_values", "")}
            ),
        }
        return _render(request, context, "calculator")

    players = _player_forms(data, rows)
    options = OptionsForm(data)
    sheet, errors = _read(players, options)
    context: dict[str, Any] = {
        "rows": rows,
        "players": players,
        "options": options,
        "errors": errors,
    }
    if sheet is None:
        response = _render(request, context, "calculator")
        if step == "payout" and request.htmx:
            # Step 2's own hidden fields were refused (sent by hand, not by the page): show the
            # sheet with the reasons, where the sheet is.
            retarget(response, "#calculator")
        return response

    returned, pots = sidepots.pots(sheet)
    context.update(carry=_carry(sheet, rows), returned=returned, unit=sheet.unit)
    winners: dict[int, tuple[int, ...]] = {}
    shares: dict[int, list[sidepots.Share]] = {}
    if step == "payout":
        winners, result_errors = _winners(data, pots, sheet.players)
        context["result_errors"] = result_errors
        if not result_errors:
            shares, totals = sidepots.payouts(sheet, returned, pots, winners)
            context.update(
                paid=True,
                totals=_payout_rows(totals, sheet.chip_values),
                doubts=[_doubt(d, sheet.players) for d in sidepots.doubts(winners, pots)],
                total_in=sum(p.chips for p in sheet.players),
                total_out=sum(t.takes for t in totals),
                show_how=bool(sheet.chip_values),
            )
    # Pots are awarded last side pot first, so they are listed that way.
    context["pots"] = [
        {
            "index": index,
            "title": _pot_title(index),
            "amount": pot.amount,
            "eligible": [sheet.players[p] for p in pot.eligible],
            "winners": {sheet.players[p].row for p in winners.get(index, ())},
            "shares": shares.get(index, []),
        }
        for index, pot in reversed(list(enumerate(pots)))
    ]
    return _render(request, context, "result" if step == "payout" else "calculator")


def _render(request: HtmxHttpRequest, context: dict[str, Any], partial: str) -> HttpResponse:
    return region_or_page(request, TEMPLATE, partial, context)
