"""The bounds of config/limits.py for models: validators (model forms pick them up, with a
message that names the bound) and database constraints (no path around the forms can store a
value out of bounds, on SQLite or PostgreSQL; SQLite does not even enforce a column's length
without one)."""

from __future__ import annotations

from typing import Any

from django.core.validators import MaxLengthValidator, MaxValueValidator
from django.db import models
from django.db.models.functions import Length
from django.db.models.lookups import LessThanOrEqual
from django.utils.deconstruct import deconstructible
from django.utils.translation import gettext_lazy as _

from config import limits
from config.forms import with_limit


@deconstructible
class MaxChips(MaxValueValidator):
    """At most MAX_CHIPS chips."""

    def __init__(self) -> None:
        super().__init__(
            limits.MAX_CHIPS,
            message=with_limit(
                _("At most %(limit)s chips: no home game needs more."), limits.MAX_CHIPS
            ),
        )


@deconstructible
class MaxStack(MaxValueValidator):
    """At most MAX_STACK chips held by one player."""

    def __init__(self) -> None:
        super().__init__(
            limits.MAX_STACK,
            message=with_limit(
                _("At most %(limit)s chips: no home game needs more."), limits.MAX_STACK
            ),
        )


@deconstructible
class MaxMoney(MaxValueValidator):
    """At most MAX_MONEY_MINOR minor units (the forms check the major-unit bound first)."""

    def __init__(self) -> None:
        super().__init__(
            limits.MAX_MONEY_MINOR,
            message=with_limit(
                _("At most %(limit)s (in the currency's smallest unit)."), limits.MAX_MONEY_MINOR
            ),
        )


@deconstructible
class MaxLevel(MaxValueValidator):
    """A level number up to MAX_LEVEL."""

    def __init__(self) -> None:
        super().__init__(
            limits.MAX_LEVEL, message=with_limit(_("At most level %(limit)s."), limits.MAX_LEVEL)
        )


@deconstructible
class MaxText(MaxLengthValidator):
    """A free text up to MAX_PAYMENT_DETAILS characters."""

    def __init__(self) -> None:
        super().__init__(limits.MAX_PAYMENT_DETAILS)


def at_most(field: str, limit: int, name: str) -> models.CheckConstraint:
    """The database refuses a `field` above `limit` (and below 0)."""
    return models.CheckConstraint(
        condition=models.Q(**{f"{field}__gte": 0, f"{field}__lte": limit}), name=name
    )


def length_at_most(field: str, limit: int, name: str) -> models.CheckConstraint:
    """The database refuses a text `field` longer than `limit` characters."""
    condition: Any = LessThanOrEqual(Length(field), limit)
    return models.CheckConstraint(condition=condition, name=name)
