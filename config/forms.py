"""Form fields with the bounds of config/limits.py, shared by the apps' forms.

Each bound is stated in its message ("At most 100,000,000 chips."), so a person who typed too
much learns what Pott accepts; the models back every bound with a database constraint.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.formats import number_format
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from config import limits
from config.chips import Chip, ChipSet, ChipValuesError, parse_values
from config.colours import colour_key, colour_name
from config.validators import clean_name

# A revision (a table's, a clock's, a tournament's version) a page posts back: a hidden number
# that only grows by one per change, far below any column's range.
MAX_REVISION = 2**53


def _with_limit(message: Any, limit: int) -> str:
    return str(message) % {"limit": number_format(limit, force_grouping=True)}


# A message naming a bound, in the language of the request that shows it (not of import time).
with_limit = lazy(_with_limit, str)


class ChipValuesField(forms.CharField):
    """Chip values typed as numbers ("5, 25, 100"), read by `config.chips.parse_values`: a
    tuple, smallest first, each once. The one chip-values field of the table, the calculator
    and the tournament structures; each may say a refusal its own way (`error_messages`, with
    the bounds as %(n)s or %(count)s chip values and %(chips)s or %(most)s chips)."""

    default_error_messages = {
        "invalid": _("Chip values are whole numbers, e.g. 5, 25, 100."),
        "min_value": _("Enter at least one chip value above 0."),
        "max_value": _("At most %(n)s chip values, each at most %(chips)s."),
        "too_many": _("At most %(n)s chip values, each at most %(chips)s."),
    }

    def __init__(self, *, max_length: int = 200, **kwargs: Any) -> None:
        super().__init__(max_length=max_length, **kwargs)

    def to_python(self, value: Any) -> tuple[int, ...]:
        text = super().to_python(value)
        super().run_validators(text)  # the length of the text, not of the values read from it
        try:
            values = parse_values(text)
        except ChipValuesError as error:
            raise ValidationError(
                self.error_messages[error.code], code=error.code, params=_bounds()
            ) from None
        if text and not values and self.required:  # only separators: ", ,"
            raise ValidationError(
                self.error_messages["min_value"], code="min_value", params=_bounds()
            )
        return values

    def run_validators(self, value: Any) -> None:
        """Run on the text, in to_python."""


class ChipSetField(forms.CharField):
    """A chip set typed as colour and value ("white 1, red 5, green 25", in the reader's
    language: "vit 1, röd 5"), a ChipSet of the colours' keys (`config.colours`). Shown back
    with `chip_set_text`."""

    def __init__(self, *, max_length: int = 500, **kwargs: Any) -> None:
        super().__init__(max_length=max_length, **kwargs)

    def prepare_value(self, value: Any) -> Any:
        return chip_set_text(value) if isinstance(value, ChipSet) else value

    def to_python(self, value: Any) -> ChipSet:  # type: ignore[override]
        text = super().to_python(value)
        chips = []
        for part in filter(None, (p.strip() for p in text.split(","))):
            colour, _sep, value = part.rpartition(" ")
            colour = colour_key(colour)
            if not colour or len(colour) > 20 or not re.fullmatch(r"[0-9]{1,12}", value):
                raise ValidationError(
                    _(
                        "Write the chip set as colour and value, for example: white 1, red 5,"
                        " green 25."
                    )
                )
            if not 0 < int(value) <= limits.MAX_CHIPS:
                raise ValidationError(
                    _("A chip is worth 1 to %(limit)s.")
                    % {"limit": number_format(limits.MAX_CHIPS, force_grouping=True)}
                )
            chips.append(Chip(colour, int(value)))
        if len(chips) > limits.MAX_CHIP_VALUES:
            raise ValidationError(
                _("At most %(n)s colours in a chip set.") % {"n": limits.MAX_CHIP_VALUES}
            )
        if len({chip.colour for chip in chips}) != len(chips):
            raise ValidationError(_("Each colour may appear only once."))
        return ChipSet(tuple(chips))


def chip_set_text(chips: ChipSet) -> str:
    """A chip set as a host types it, in the reader's language: "white 1, red 5"."""
    return ", ".join(f"{colour_name(c.colour)} {c.value}" for c in chips)


def _bounds() -> dict[str, Any]:
    most = number_format(limits.MAX_CHIPS, force_grouping=True)
    return {
        "n": limits.MAX_CHIP_VALUES,
        "count": limits.MAX_CHIP_VALUES,
        "chips": most,
        "most": most,
    }


def chips_field(
    label: Any = None, *, min_value: int = 1, maximum: int = limits.MAX_CHIPS, **kwargs: Any
) -> forms.IntegerField:
    """A whole number of chips, from `min_value` up to what a home game can mean."""
    return forms.IntegerField(
        label=label,
        min_value=min_value,
        max_value=maximum,
        error_messages={
            "invalid": _("Enter a whole number of chips, for example 500."),
            "min_value": _("Chips must be at least %(limit_value)s."),
            "max_value": with_limit(
                _("At most %(limit)s chips: no home game needs more."), maximum
            ),
        },
        **kwargs,
    )


def count_field(label: Any = None, **kwargs: Any) -> forms.IntegerField:
    """How many chips of one colour: 0 up to a box's worth."""
    return forms.IntegerField(
        label=label,
        min_value=0,
        max_value=limits.MAX_CHIP_COUNT,
        error_messages={
            "invalid": _("Enter how many chips, for example 20."),
            "min_value": _("A count cannot be negative."),
            "max_value": with_limit(
                _("At most %(limit)s chips of one colour."), limits.MAX_CHIP_COUNT
            ),
        },
        **kwargs,
    )


def number_field(
    label: Any = None, *, min_value: int, max_value: int, **kwargs: Any
) -> forms.IntegerField:
    """A small whole number (players, tables, seats, minutes, a level) with its bounds."""
    return forms.IntegerField(
        label=label,
        min_value=min_value,
        max_value=max_value,
        error_messages={
            "invalid": _("Enter a whole number."),
            "min_value": _("At least %(limit_value)s."),
            "max_value": _("At most %(limit_value)s."),
        },
        **kwargs,
    )


def revision_field() -> forms.IntegerField:
    """The version of the table, clock or tournament the page showed (hidden)."""
    return forms.IntegerField(min_value=1, max_value=MAX_REVISION, widget=forms.HiddenInput)


def hidden_number(min_value: int = 0, max_value: int = MAX_REVISION) -> forms.IntegerField:
    """A hidden whole number the page posts back (a hand's number, a pot's index)."""
    return forms.IntegerField(min_value=min_value, max_value=max_value, widget=forms.HiddenInput)


class NameField(forms.CharField):
    """A name someone types (a player, a table, a session, a tournament): at most MAX_NAME
    characters, composed (NFC), without control or direction characters (config.validators)."""

    def __init__(self, *, max_length: int = limits.MAX_NAME, **kwargs: Any) -> None:
        super().__init__(max_length=max_length, **kwargs)

    def to_python(self, value: Any) -> str:
        text = super().to_python(value)
        return clean_name(text) if text else text
