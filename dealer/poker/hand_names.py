"""Hands named as players say them: "Straight, five high", "Two pair, kings and sevens".

The engine ranks hands (dealer.engine.evaluate: a HandRank's category and tiebreak ranks, a
LowRank's ranks); this module only words them, in the user's language.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from dealer.engine.cards import ACE
from dealer.engine.evaluate import Category, HandRank, LowRank

# One card of a rank ("ace high") and several ("a pair of aces"), by rank (2..14; 1 is the
# ace of a low hand).
RANK_ONE = {
    2: pgettext_lazy("one card", "two"),
    3: pgettext_lazy("one card", "three"),
    4: pgettext_lazy("one card", "four"),
    5: pgettext_lazy("one card", "five"),
    6: pgettext_lazy("one card", "six"),
    7: pgettext_lazy("one card", "seven"),
    8: pgettext_lazy("one card", "eight"),
    9: pgettext_lazy("one card", "nine"),
    10: pgettext_lazy("one card", "ten"),
    11: pgettext_lazy("one card", "jack"),
    12: pgettext_lazy("one card", "queen"),
    13: pgettext_lazy("one card", "king"),
    14: pgettext_lazy("one card", "ace"),
}
RANK_MANY = {
    2: pgettext_lazy("several cards", "twos"),
    3: pgettext_lazy("several cards", "threes"),
    4: pgettext_lazy("several cards", "fours"),
    5: pgettext_lazy("several cards", "fives"),
    6: pgettext_lazy("several cards", "sixes"),
    7: pgettext_lazy("several cards", "sevens"),
    8: pgettext_lazy("several cards", "eights"),
    9: pgettext_lazy("several cards", "nines"),
    10: pgettext_lazy("several cards", "tens"),
    11: pgettext_lazy("several cards", "jacks"),
    12: pgettext_lazy("several cards", "queens"),
    13: pgettext_lazy("several cards", "kings"),
    14: pgettext_lazy("several cards", "aces"),
}


def _one(rank: int) -> str:
    return str(RANK_ONE[ACE if rank == 1 else rank])


def _many(rank: int) -> str:
    return str(RANK_MANY[ACE if rank == 1 else rank])


def hand_name(value: HandRank | LowRank) -> str:
    """The hand's name with the ranks that decide it, capitalised as a heading."""
    if isinstance(value, LowRank):
        return _low_name(value)
    ranks = value.tiebreak
    category = value.category
    if category is Category.HIGH_CARD:
        text = _("High card, %(high)s") % {"high": _one(ranks[0])}
    elif category is Category.PAIR:
        text = _("Pair of %(ranks)s") % {"ranks": _many(ranks[0])}
    elif category is Category.TWO_PAIR:
        text = _("Two pair, %(high)s and %(low)s") % {
            "high": _many(ranks[0]),
            "low": _many(ranks[1]),
        }
    elif category is Category.THREE_OF_A_KIND:
        text = _("Three of a kind, %(ranks)s") % {"ranks": _many(ranks[0])}
    elif category is Category.STRAIGHT:
        text = _("Straight, %(high)s high") % {"high": _one(ranks[0])}
    elif category is Category.FLUSH:
        text = _("Flush, %(high)s high") % {"high": _one(ranks[0])}
    elif category is Category.FULL_HOUSE:
        text = _("Full house, %(three)s over %(two)s") % {
            "three": _many(ranks[0]),
            "two": _many(ranks[1]),
        }
    elif category is Category.FOUR_OF_A_KIND:
        text = _("Four of a kind, %(ranks)s") % {"ranks": _many(ranks[0])}
    elif category is Category.STRAIGHT_FLUSH and ranks[0] == ACE:
        text = _("Royal flush")
    elif category is Category.STRAIGHT_FLUSH:
        text = _("Straight flush, %(high)s high") % {"high": _one(ranks[0])}
    else:
        text = _("Five of a kind, %(ranks)s") % {"ranks": _many(ranks[0])}
    if not value.natural:
        text += " " + _("(with the joker)")
    return text[:1].upper() + text[1:]


def _low_name(value: LowRank) -> str:
    """Razz, 2-7 and the low half: "Low 7-5-4-3-A", or the pair (straight, flush) that spoils
    it. The ace is 1 in an ace-to-five low and 14 in a deuce-to-seven low."""
    if value.category is Category.HIGH_CARD:
        cards = "-".join("A" if r in (1, 14) else "23456789TJQK"[r - 2] for r in value.ranks)
        return _("Low %(cards)s") % {"cards": cards}
    return hand_name(
        HandRank(strength=0, tiebreak=value.ranks, category=value.category)  # words only
    )
