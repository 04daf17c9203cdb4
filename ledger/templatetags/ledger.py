from __future__ import annotations

from django import template
from django.utils.translation import get_language

from config.colours import colour_name
from ledger import payment, settlement

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


@register.filter
def swish(number: str) -> str:
    """A stored Swish number as people write it ("070-123 45 67")."""
    return payment.group_swish(number) if number else ""


@register.filter
def iban(text: str) -> str:
    """A stored IBAN in groups of four ("SE45 5000 …")."""
    return payment.group_iban(text) if text else ""
