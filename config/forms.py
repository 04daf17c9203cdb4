"""Form fields with the bounds of config/limits.py, shared by the apps' forms.

Each bound is stated in its message ("At most 100,000,000 chips."), so a person who typed too
much learns what Pott accepts; the models back every bound with a database constraint.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.formats import number_format
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from config import limits
from config.validators import clean_name

# A revision (a table's, a clock's, a tournament's version) a page posts back: a hidden number
# that only grows by one per change, far below any column's range.
MAX_REVISION = 2**53


def _with_limit(message: Any, limit: int) -> str:
    return str(message) % {"limit": number_format(limit, force_grouping=True)}


# A message naming a bound, in the language of the request that shows it (not of import time).
with_limit = lazy(_with_limit, str)


def bounded_chip_values(parts: list[str]) -> list[int]:
    """Chip values written as ASCII digits, sorted and without repeats: at most MAX_CHIP_VALUES
    of them, each at most MAX_CHIPS (ValidationError naming both bounds)."""
    values = [limits.whole_number(part, limits.MAX_CHIPS) for part in parts]
    distinct = sorted({value for value in values if value is not None})
    if None in values or len(distinct) > limits.MAX_CHIP_VALUES:
        raise ValidationError(
            _("At most %(n)s chip values, each at most %(chips)s.")
            % {
                "n": limits.MAX_CHIP_VALUES,
                "chips": number_format(limits.MAX_CHIPS, force_grouping=True),
            }
        )
    return distinct


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
