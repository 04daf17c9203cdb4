from __future__ import annotations

from django import template
from django.utils.translation import get_language

from ledger import settlement
from ledger.colours import colour_name

register = template.Library()


@register.filter
def money(minor: int | None, code: str) -> str:
    """`{{ amount|money:session.currency }}`: minor units in the reader's language."""
    if minor is None:
        return ""
    return settlement.format_money(int(minor), code, get_language() or "en")


@register.filter
def signed_money(minor: int | None, code: str) -> str:
    """As `money`, with a + on gains."""
    if minor is None:
        return ""
    return settlement.format_money(int(minor), code, get_language() or "en", sign=True)


@register.filter
def get(mapping: dict, key: object) -> object:
    return mapping.get(key)


@register.filter
def colour(key: str) -> str:
    """A stored chip colour in the reader's language."""
    return colour_name(key)
