"""Poker-Deluxe's combinations, points tables and classifier (seed 001, chapters 1, 2 and 6).

Pure Python: no Django, no clock, no I/O. The game itself (buying, settlement, the evening) is in
`dealer.engine.deluxe.game`.

A hand is all of a player's cards, 4 to 8 of them (the variant); there is no "best five". Every
hand is exactly one combination: the shape of its equal ranks (a pair, two pairs, trips and a
pair, …) or, when all ranks differ, Naturell, Farbflöte, Straße or Farbstraße. Each variant
lists its combinations highest first with their points and the seed's odds; that list is the
order of the combinations, also between combinations worth the same points.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from dealer.engine.cards import ACE, Card, parse_cards
from dealer.engine.text import Msg, gettext_noop

MIN_CARDS: Final = 4
MAX_CARDS: Final = 8


class Combo(StrEnum):
    """A combination; its value is the seed's German name, as the points tables print it."""

    # Different ranks only ("Kombinationen mit unterschiedlichen Kartenwerten").
    NATURELL = "Naturell"
    FLUSH = "Farbflöte"
    STRAIGHT = "Straße"
    STRAIGHT_FLUSH = "Farbstraße"
    # Equal ranks ("Kombinationen mit gleichen Kartenwerten").
    PAIR = "Ein Paar"
    TWO_PAIRS = "Zwei Paare"
    THREE_PAIRS = "Drei Paare"
    FOUR_PAIRS = "Vier Paare"
    TRIPS = "Ein Drilling"
    TRIPS_PAIR = "Ein Drilling + Ein Paar"
    TRIPS_TWO_PAIRS = "Ein Drilling + Zwei Paare"
    TWO_TRIPS = "Zwei Drillinge"
    TWO_TRIPS_PAIR = "Zwei Drillinge + Ein Paar"
    QUADS = "Ein Vierling"
    QUADS_PAIR = "Ein Vierling + Ein Paar"
    QUADS_TWO_PAIRS = "Ein Vierling + Zwei Paare"
    QUADS_TRIPS = "Ein Vierling + Ein Drilling"
    TWO_QUADS = "Zwei Vierlinge"

    @property
    def groups(self) -> tuple[int, ...]:
        """The sizes of its groups of equal ranks, largest first; () for different ranks only."""
        return _GROUPS[self]


_GROUPS: Final[Mapping[Combo, tuple[int, ...]]] = MappingProxyType(
    {
        Combo.NATURELL: (),
        Combo.FLUSH: (),
        Combo.STRAIGHT: (),
        Combo.STRAIGHT_FLUSH: (),
        Combo.PAIR: (2,),
        Combo.TWO_PAIRS: (2, 2),
        Combo.THREE_PAIRS: (2, 2, 2),
        Combo.FOUR_PAIRS: (2, 2, 2, 2),
        Combo.TRIPS: (3,),
        Combo.TRIPS_PAIR: (3, 2),
        Combo.TRIPS_TWO_PAIRS: (3, 2, 2),
        Combo.TWO_TRIPS: (3, 3),
        Combo.TWO_TRIPS_PAIR: (3, 3, 2),
        Combo.QUADS: (4,),
        Combo.QUADS_PAIR: (4, 2),
        Combo.QUADS_TWO_PAIRS: (4, 2, 2),
        Combo.QUADS_TRIPS: (4, 3),
        Combo.TWO_QUADS: (4, 4),
    }
)
_BY_GROUPS: Final = MappingProxyType({groups: combo for combo, groups in _GROUPS.items() if groups})


def parse_combo(text: str | Combo) -> Combo:
    """A combination from its German name ("Zwei Paare") or its English key ("TWO_PAIRS").

    Case and surrounding spaces do not matter; anything else raises ValueError.
    """
    if isinstance(text, Combo):
        return text
    wanted = " ".join(text.split()).casefold()
    for combo in Combo:
        if wanted in (combo.value.casefold(), combo.name.casefold()):
            return combo
    raise ValueError(
        Msg(gettext_noop("%(text)s is not a Poker-Deluxe combination."), text=repr(text))
    )


@dataclass(frozen=True, slots=True)
class Row:
    """One line of a points table: a combination, its points and the seed's odds text."""

    combo: Combo
    points: int
    odds: str  # as the seed prints it: "1 : 20.825", "1 : 97,7" (German digits)

    @property
    def name(self) -> str:
        return self.combo.value

    @property
    def odds_against(self) -> Decimal:
        """The seed's odds as a number: "1 : 20.825" is 20825, "1 : 97,7" is 97.7."""
        figure = self.odds.split(":")[1].strip()
        return Decimal(figure.replace(".", "").replace(",", "."))


@dataclass(frozen=True, slots=True)
class Variant:
    """A Poker-Deluxe variant: the cards per player and its points table, highest first."""

    cards: int
    title: str  # the seed's heading, e.g. "Vier-Karten-Variante"
    rows: tuple[Row, ...]

    @property
    def combos(self) -> tuple[Combo, ...]:
        """The variant's combinations, highest first (the list a dealer taps on)."""
        return tuple(row.combo for row in self.rows)

    def row(self, combo: Combo | str) -> Row:
        """The table line of a combination; ValueError if this variant has no such combination."""
        wanted = parse_combo(combo)
        for row in self.rows:
            if row.combo is wanted:
                return row
        raise ValueError(
            Msg(
                gettext_noop("%(combo)s is not a combination of the %(title)s (%(cards)s cards)."),
                combo=wanted.value,
                title=self.title,
                cards=self.cards,
            )
        )

    def points(self, combo: Combo | str) -> int:
        return self.row(combo).points

    def order(self, combo: Combo | str) -> int:
        """Higher beats lower: the lowest line of the table is 0.

        The seed's table is the order, also between lines worth the same points (four cards:
        Ein Drilling beats Straße, which beats Zwei Paare, all 4 points).
        """
        return len(self.rows) - 1 - self.rows.index(self.row(combo))


def _table(cards: int, title: str, *rows: tuple[int, Combo, str]) -> Variant:
    return Variant(
        cards=cards,
        title=title,
        rows=tuple(Row(combo=combo, points=points, odds=odds) for points, combo, odds in rows),
    )


# Seed 001, chapter 6 ("Gegenüberstellung der Pokervarianten"): WERT, KARTENKOMBINATIONEN, CHANCEN.
VARIANTS: Final[Mapping[int, Variant]] = MappingProxyType(
    {
        4: _table(
            4,
            "Vier-Karten-Variante",
            (20, Combo.QUADS, "1 : 20.825"),
            (14, Combo.STRAIGHT_FLUSH, "1 : 6.153"),
            (4, Combo.TRIPS, "1 : 108"),
            (4, Combo.STRAIGHT, "1 : 97,7"),
            (4, Combo.TWO_PAIRS, "1 : 96,4"),
            (4, Combo.FLUSH, "1 : 96,1"),
            (1, Combo.PAIR, "1 : 3,29"),
            (1, Combo.NATURELL, "1 : 1,53"),
        ),
        5: _table(
            5,
            "Fünf-Karten-Variante",
            (25, Combo.STRAIGHT_FLUSH, "1 : 64.974"),
            (11, Combo.QUADS, "1 : 4.165"),
            (7, Combo.TRIPS_PAIR, "1 : 694"),
            (6, Combo.FLUSH, "1 : 509"),
            (5, Combo.STRAIGHT, "1 : 255"),
            (3, Combo.TRIPS, "1 : 47,3"),
            (2, Combo.TWO_PAIRS, "1 : 21,0"),
            (1, Combo.PAIR, "1 : 2,37"),
            (1, Combo.NATURELL, "1 : 2,00"),
        ),
        6: _table(
            6,
            "Sechs-Karten-Variante",
            (30, Combo.STRAIGHT_FLUSH, "1 : 565.514"),
            (13, Combo.QUADS_PAIR, "1 : 21.751"),
            (12, Combo.TWO_TRIPS, "1 : 16.313"),
            (8, Combo.FLUSH, "1 : 2.982"),
            (7, Combo.QUADS, "1 : 1.483"),
            (5, Combo.STRAIGHT, "1 : 553"),
            (4, Combo.THREE_PAIRS, "1 : 330"),
            (3, Combo.TRIPS_PAIR, "1 : 124"),
            (2, Combo.TRIPS, "1 : 27,8"),
            (2, Combo.TWO_PAIRS, "1 : 8,24"),
            (1, Combo.NATURELL, "1 : 2,91"),
            (1, Combo.PAIR, "1 : 2,06"),
        ),
        7: _table(
            7,
            "Sieben-Karten-Variante",
            (35, Combo.STRAIGHT_FLUSH, "1 : 4.180.768"),
            (18, Combo.QUADS_TRIPS, "1 : 214.398"),
            (10, Combo.FLUSH, "1 : 19.582"),
            (7, Combo.QUADS_PAIR, "1 : 3.248"),
            (6, Combo.TWO_TRIPS, "1 : 2.436"),
            (5, Combo.TRIPS_TWO_PAIRS, "1 : 1.083"),
            (5, Combo.STRAIGHT, "1 : 1.021"),
            (5, Combo.QUADS, "1 : 731"),
            (3, Combo.THREE_PAIRS, "1 : 54,1"),
            (2, Combo.TRIPS_PAIR, "1 : 40,6"),
            (2, Combo.TRIPS, "1 : 20,3"),
            (1, Combo.NATURELL, "1 : 4,78"),
            (1, Combo.TWO_PAIRS, "1 : 4,51"),
            (1, Combo.PAIR, "1 : 2,11"),
        ),
        8: _table(
            8,
            "Acht-Karten-Variante",
            (40, Combo.STRAIGHT_FLUSH, "1 : 26.876.363"),
            (32, Combo.TWO_QUADS, "1 : 9.647.925"),
            (13, Combo.FLUSH, "1 : 146.980"),
            (9, Combo.QUADS_TRIPS, "1 : 27.409"),
            (9, Combo.QUADS_TWO_PAIRS, "1 : 24.363"),
            (7, Combo.TWO_TRIPS_PAIR, "1 : 9.136"),
            (5, Combo.STRAIGHT, "1 : 1.641"),
            (4, Combo.QUADS_PAIR, "1 : 914"),
            (4, Combo.FOUR_PAIRS, "1 : 812"),
            (4, Combo.TWO_TRIPS, "1 : 685"),
            (4, Combo.QUADS, "1 : 457"),
            (3, Combo.TRIPS_TWO_PAIRS, "1 : 152"),
            (2, Combo.TRIPS_PAIR, "1 : 19,0"),
            (2, Combo.TRIPS, "1 : 17,8"),
            (2, Combo.THREE_PAIRS, "1 : 16,9"),
            (2, Combo.NATURELL, "1 : 8,97"),
            (1, Combo.TWO_PAIRS, "1 : 3,17"),
            (1, Combo.PAIR, "1 : 2,55"),
        ),
    }
)


def get_variant(variant: Variant | int) -> Variant:
    """The variant itself, or the one for that many cards (4 to 8); ValueError otherwise."""
    if isinstance(variant, Variant):
        return variant
    if isinstance(variant, int) and not isinstance(variant, bool) and variant in VARIANTS:
        return VARIANTS[variant]
    raise ValueError(
        Msg(
            gettext_noop(
                "Poker-Deluxe is played with %(min_cards)s to %(max_cards)s cards, not %(variant)s."
            ),
            min_cards=MIN_CARDS,
            max_cards=MAX_CARDS,
            variant=repr(variant),
        )
    )


@dataclass(frozen=True, slots=True)
class Hand:
    """A classified hand. Compare hands of one variant by `key`: higher wins, equal is the
    seed's "absolute Übereinstimmung" (the youngest player wins it)."""

    combo: Combo
    points: int
    # (the combination's order in the variant, the deciding ranks from the most deciding on)
    key: tuple[int, tuple[int, ...]]
    cards: tuple[Card, ...]

    @property
    def ranks(self) -> tuple[int, ...]:
        """The deciding ranks, ace 14 (or 1 at the bottom of a straight)."""
        return self.key[1]


def check_cards(variant: Variant | int, cards: Iterable[Card] | str) -> tuple[Card, ...]:
    """The cards as a tuple if they are the variant's count of distinct cards of one 52-card
    deck ("ein Kartenspiel mit 52 Karten"); ValueError saying what is wrong otherwise."""
    v = get_variant(variant)
    hand = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
    for card in hand:
        if not isinstance(card, Card) or card.is_joker:
            raise ValueError(
                Msg(gettext_noop("%(card)s is not a card of the 52-card deck."), card=card)
            )
    if len(hand) != v.cards:
        raise ValueError(
            Msg(
                gettext_noop("The %(title)s needs %(cards)s cards, not %(count)s."),
                title=v.title,
                cards=v.cards,
                count=len(hand),
            )
        )
    seen: set[Card] = set()
    for card in hand:
        if card in seen:
            raise ValueError(
                Msg(gettext_noop("%(card)s is there twice: a deck has only one."), card=card)
            )
        seen.add(card)
    return hand


def classify(variant: Variant | int, cards: Iterable[Card] | str) -> Hand:
    """The combination `cards` make in the variant, its points, and the key ties are broken by.

    `cards` are Card objects or text ("As Kd 7h 7c"). Raises ValueError unless they are the
    variant's count of distinct cards of one 52-card deck.

    The key follows the seed's tie rules (chapter 2): different ranks only — the highest card,
    then the next (a straight from the ace counts the ace as 1: "kann das Ass auch als niedrigste
    Karte (1) verwendet werden"); with a quad, the highest quad; else the highest trips; pairs
    only — the highest pair, the next, then the highest kicker ("Beikarte") and so on. In one
    deal the first deciding rank of a quad or trips is never equal, so ordering every rank by
    (how many, how high) is those rules exactly, and a complete order besides.
    """
    v = get_variant(variant)
    hand = check_cards(v, cards)
    counts = Counter(card.rank for card in hand)
    if len(counts) == len(hand):
        ranks = sorted(counts, reverse=True)
        flush = len({card.suit for card in hand}) == 1
        top = straight_top(ranks)
        if top is not None:
            combo = Combo.STRAIGHT_FLUSH if flush else Combo.STRAIGHT
            deciding = tuple(range(top, top - len(hand), -1))
        else:
            combo = Combo.FLUSH if flush else Combo.NATURELL
            deciding = tuple(ranks)
    else:
        combo = _BY_GROUPS[tuple(sorted((c for c in counts.values() if c > 1), reverse=True))]
        deciding = tuple(sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True))
    row = v.row(combo)  # every shape of every variant is in its table (a test checks it)
    return Hand(combo=combo, points=row.points, key=(v.order(combo), deciding), cards=hand)


def straight_top(ranks: Iterable[int]) -> int | None:
    """The top of the straight these different ranks make, or None.

    The ace is high (…, K, A) or low (A, 2, 3, …; top 5 with five cards) but never both: Q, K,
    A, 2 is no straight ("Bei Straßen und Farbstraßen kann das Ass auch als niedrigste Karte (1)
    verwendet werden").
    """
    ordered = sorted(set(ranks), reverse=True)
    if len(ordered) < 2:
        return None
    if ordered[0] - ordered[-1] == len(ordered) - 1:
        return ordered[0]
    if ordered[0] == ACE and ordered[1:] == list(range(len(ordered), 1, -1)):
        return len(ordered)
    return None
