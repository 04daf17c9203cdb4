"""Poker dice: the faces, the combinations in seed 003's order, and the classifier for five dice.

Pure Python: no Django, no clock, no I/O. Seed 003 ("Póker með 5 póker teningum"):

    "Hver póker teningur hefur sex tákna frá spilastokk þ.e. ás, kóngur, drottning, gosi, tía og
    nía." — each die has six card faces: ace, king, queen, jack, ten and nine.

A `Hand` is a combination named by the faces that make it ("two pairs, kings and nines"), never
by the odd dice: the seed's examples name only those ("tveir kóngar vinna tvær tíur"), and a
combination a dealer taps or a liar's-dice claim has no odd dice. So five dice and the
combination they make are the same `Hand`, and two hands that name the same faces are equal:
at poker dice that is a tie, and "verður að spila umferðina aftur" (the round is played again).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from typing import Final

from dealer.engine.text import Msg, gettext_noop

DICE: Final = 5  # "Póker með 5 póker teningum"


class Face(IntEnum):
    """A die's face, valued as in a deck of cards so that a higher face beats a lower."""

    NINE = 9  # nía
    TEN = 10  # tía
    JACK = 11  # gosi
    QUEEN = 12  # drottning
    KING = 13  # kóngur
    ACE = 14  # ás

    @property
    def symbol(self) -> str:
        """As printed on the die: 9, 10, J, Q, K, A."""
        return _SYMBOLS[self]

    @property
    def plural(self) -> str:
        return _PLURALS[self]


_SYMBOLS: Final = {
    Face.NINE: "9",
    Face.TEN: "10",
    Face.JACK: "J",
    Face.QUEEN: "Q",
    Face.KING: "K",
    Face.ACE: "A",
}
_PLURALS: Final = {
    Face.NINE: gettext_noop("nines"),
    Face.TEN: gettext_noop("tens"),
    Face.JACK: gettext_noop("jacks"),
    Face.QUEEN: gettext_noop("queens"),
    Face.KING: gettext_noop("kings"),
    Face.ACE: gettext_noop("aces"),
}
FACES: Final = tuple(Face)
# The symbols a dealer types, English names and the seed's Icelandic names ("T" is the ten of a
# card shorthand); case does not matter.
_READ: Final = {
    **{symbol.casefold(): face for face, symbol in _SYMBOLS.items()},
    **{face.name.casefold(): face for face in Face},
    "t": Face.TEN,
    "nía": Face.NINE,
    "tía": Face.TEN,
    "gosi": Face.JACK,
    "drottning": Face.QUEEN,
    "kóngur": Face.KING,
    "ás": Face.ACE,
}


def parse_face(face: Face | str | int) -> Face:
    """A face from a Face, its symbol ("10", "J", "A"), its name, or its value 9 to 14.

    Anything else — a 2, a 7, a six-sided die's pips — raises ValueError: poker dice have only
    9 10 J Q K A.
    """
    if isinstance(face, Face):
        return face
    if isinstance(face, int) and not isinstance(face, bool):
        if face in Face._value2member_map_:
            return Face(face)
    elif isinstance(face, str) and face.strip().casefold() in _READ:
        return _READ[face.strip().casefold()]
    raise ValueError(
        Msg(
            gettext_noop("%(face)s is not a face of a poker die: they show 9 10 J Q K A."),
            face=repr(face),
        )
    )


def parse_dice(dice: str | Iterable[Face | str | int]) -> tuple[Face, ...]:
    """Exactly five faces, from faces or text ("K K 9 9 A"); ValueError for anything else."""
    items = dice.replace(",", " ").split() if isinstance(dice, str) else list(dice)
    if len(items) != DICE:
        raise ValueError(
            Msg(
                gettext_noop("Poker dice are %(dice)s dice, not %(count)s."),
                dice=DICE,
                count=len(items),
            )
        )
    return tuple(parse_face(item) for item in items)


class Kind(IntEnum):
    """A combination of poker dice, numbered in seed 003's order, lowest first.

    "Póker samstæður frá lágu í hátt eru" (the poker combinations from low to high are): EITT
    SETT, TVÖ SETT, ÞRÍR Í RÖÐ, BEINN, FULL HÚS, BEINN HÁR, FJÓRIR AF SAMA, PÓKER. Words a reader
    could take amiss: "sett" is a pair here; "þrír í röð" (three in a row) is three of a kind,
    not a run; "BEINN HÁR" is printed "(Straight flush)" but dice have no suits: it is the high
    straight 10–A; "PÓKER" is five of a kind (in the seed's card game it is four of a kind).
    """

    # Not in the seed's list: five dice that make none of its combinations (9 10 J Q A and the
    # like, one face missing but not the 9 or the A). Below a pair, all alike.
    NOTHING = 0
    PAIR = 1  # "EITT SETT (One Par) Það eru tveir eins"
    TWO_PAIRS = 2  # "TVÖ SETT (Two Pairs)"
    THREE_OF_A_KIND = 3  # "ÞRÍR Í RÖÐ (Three of a kind) Þrír með því sama"
    LOW_STRAIGHT = 4  # "BEINN (Straight) Þ.e. nía, tía, gosi, drottning, kóngur, í röð"
    FULL_HOUSE = 5  # "FULL HÚS (Full house) Þ.e. þrír í röð og tveir eins"
    HIGH_STRAIGHT = 6  # "BEINN HÁR (Straight flush) tíá, gosi, drottning, kóngur ás, í röð"
    FOUR_OF_A_KIND = 7  # "FJÓRIR AF SAMA (Four of a kind)"
    FIVE_OF_A_KIND = 8  # "PÓKER Fimm af því sama"

    @property
    def seed_name(self) -> str:
        """The seed's Icelandic heading."""
        return _SEED_NAMES[self]

    @property
    def faces(self) -> int:
        """How many faces name a hand of this kind: two pairs two, a straight none."""
        return _NAMED_BY[self]


_SEED_NAMES: Final = {
    Kind.NOTHING: "—",
    Kind.PAIR: "EITT SETT",
    Kind.TWO_PAIRS: "TVÖ SETT",
    Kind.THREE_OF_A_KIND: "ÞRÍR Í RÖÐ",
    Kind.LOW_STRAIGHT: "BEINN",
    Kind.FULL_HOUSE: "FULL HÚS",
    Kind.HIGH_STRAIGHT: "BEINN HÁR",
    Kind.FOUR_OF_A_KIND: "FJÓRIR AF SAMA",
    Kind.FIVE_OF_A_KIND: "PÓKER",
}
_NAMED_BY: Final = {
    Kind.NOTHING: 0,
    Kind.PAIR: 1,
    Kind.TWO_PAIRS: 2,
    Kind.THREE_OF_A_KIND: 1,
    Kind.LOW_STRAIGHT: 0,
    Kind.FULL_HOUSE: 2,
    Kind.HIGH_STRAIGHT: 0,
    Kind.FOUR_OF_A_KIND: 1,
    Kind.FIVE_OF_A_KIND: 1,
}
LOW_STRAIGHT_FACES: Final = frozenset(FACES[:5])  # 9 10 J Q K
HIGH_STRAIGHT_FACES: Final = frozenset(FACES[1:])  # 10 J Q K A


@dataclass(frozen=True, slots=True, order=True)
class Hand:
    """A combination and the faces that name it; compare hands with < and ==.

    The order is the kind (seed 003's list), then the faces in turn:
    - a pair, three, four or five of a kind: the face ("tveir kóngar vinna tvær tíur");
    - two pairs: the higher pair, then the lower ("Hæstu pörin vinna. Þar af leiðandi eru tveir
      kóngar og tvær níur hærri en tveir gosar og tvær tíur"), so `faces` is high pair first;
    - a full house: the three, then the two (`faces` is (three, two)). The dice section is
      silent; the seed's card game says the three decide ("Gildi þeirra spila sem eru þrjú af
      sama ræður"), and for two pairs that the other pair decides next, so the two come next.
    - the straights and nothing: no faces; all alike.
    The odd die of a pair, two pairs or three or four of a kind never counts.
    """

    kind: Kind
    faces: tuple[Face, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.kind, Kind) or not all(isinstance(f, Face) for f in self.faces):
            raise ValueError(
                Msg(gettext_noop("A hand is a Kind and Faces: use Hand.of(kind, *faces)."))
            )
        if len(self.faces) != self.kind.faces:
            raise ValueError(
                Msg(
                    gettext_noop("%(describe_kind)s is named by %(faces)s face(s), not %(count)s."),
                    describe_kind=_describe_kind(self.kind),
                    faces=self.kind.faces,
                    count=len(self.faces),
                )
            )
        if len(set(self.faces)) != len(self.faces):
            raise ValueError(
                Msg(
                    gettext_noop("%(describe_kind)s needs two different faces."),
                    describe_kind=_describe_kind(self.kind),
                )
            )
        if self.kind is Kind.TWO_PAIRS and self.faces[0] < self.faces[1]:
            raise ValueError(
                Msg(gettext_noop("Two pairs are named higher pair first: use Hand.of."))
            )

    @classmethod
    def of(cls, kind: Kind | str, *faces: Face | str | int) -> Hand:
        """A combination from its kind (a Kind or its name, "TWO_PAIRS") and faces in any form;
        two pairs in either order. ValueError if the faces do not name such a hand."""
        if not isinstance(kind, Kind):
            try:
                kind = Kind[str(kind).strip().upper().replace(" ", "_")]
            except KeyError:
                raise ValueError(
                    Msg(gettext_noop("%(kind)s is not a poker dice combination."), kind=repr(kind))
                ) from None
        parsed = tuple(parse_face(f) for f in faces)
        if kind is Kind.TWO_PAIRS:
            parsed = tuple(sorted(parsed, reverse=True))
        return cls(kind, parsed)

    def __str__(self) -> str:
        return str(self.label())

    def label(self) -> Msg:
        """The combination in words, by the faces that make it ("a pair of kings"),
        translatable (the same msgids as the dice screen's `hand_label`)."""
        f = [Msg(face.plural) for face in self.faces]
        match self.kind:
            case Kind.PAIR:
                return Msg(gettext_noop("a pair of %(a)s"), a=f[0])
            case Kind.TWO_PAIRS:
                return Msg(gettext_noop("two pairs, %(a)s and %(b)s"), a=f[0], b=f[1])
            case Kind.THREE_OF_A_KIND:
                return Msg(gettext_noop("three %(a)s"), a=f[0])
            case Kind.FULL_HOUSE:
                return Msg(gettext_noop("a full house, three %(a)s and two %(b)s"), a=f[0], b=f[1])
            case Kind.FOUR_OF_A_KIND:
                return Msg(gettext_noop("four %(a)s"), a=f[0])
            case Kind.FIVE_OF_A_KIND:
                return Msg(gettext_noop("five %(a)s"), a=f[0])
        return _describe_kind(self.kind)


def _describe_kind(kind: Kind) -> Msg:
    return Msg(
        {
            Kind.NOTHING: gettext_noop("nothing"),
            Kind.PAIR: gettext_noop("a pair"),
            Kind.TWO_PAIRS: gettext_noop("two pairs"),
            Kind.THREE_OF_A_KIND: gettext_noop("three of a kind"),
            Kind.LOW_STRAIGHT: gettext_noop("the straight 9 to K"),
            Kind.FULL_HOUSE: gettext_noop("a full house"),
            Kind.HIGH_STRAIGHT: gettext_noop("the straight 10 to A"),
            Kind.FOUR_OF_A_KIND: gettext_noop("four of a kind"),
            Kind.FIVE_OF_A_KIND: gettext_noop("five of a kind"),
        }[kind]
    )


FIVE_ACES: Final = Hand(Kind.FIVE_OF_A_KIND, (Face.ACE,))  # "fimm ásar (poker ases)", the top


def classify(dice: str | Iterable[Face | str | int]) -> Hand:
    """The combination five dice make (ValueError unless they are five poker dice)."""
    faces = parse_dice(dice)
    counts = Counter(faces)
    # Groups of equal faces, the largest first and, of the same size, the higher face first.
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    top = tuple(face for face, n in groups if n >= 2)
    match shape:
        case (5,):
            return Hand(Kind.FIVE_OF_A_KIND, top)
        case (4, 1):
            return Hand(Kind.FOUR_OF_A_KIND, top)
        case (3, 2):
            return Hand(Kind.FULL_HOUSE, top)
        case (3, 1, 1):
            return Hand(Kind.THREE_OF_A_KIND, top)
        case (2, 2, 1):
            return Hand(Kind.TWO_PAIRS, top)
        case (2, 1, 1, 1):
            return Hand(Kind.PAIR, top)
    if set(faces) == HIGH_STRAIGHT_FACES:
        return Hand(Kind.HIGH_STRAIGHT)
    if set(faces) == LOW_STRAIGHT_FACES:
        return Hand(Kind.LOW_STRAIGHT)
    return Hand(Kind.NOTHING)


def read_hand(hand: Hand | str | Iterable[Face | str | int]) -> Hand:
    """A hand as the dealer entered it: a Hand (the combination tapped) or five dice."""
    if isinstance(hand, Hand):
        return hand
    return classify(hand)


@cache
def all_hands() -> tuple[Hand, ...]:
    """Every hand five poker dice can make, lowest first (the list a dealer taps on)."""
    hands: list[Hand] = []
    for kind in Kind:
        if kind.faces == 0:
            hands.append(Hand(kind))
        elif kind.faces == 1:
            hands.extend(Hand(kind, (f,)) for f in FACES)
        else:
            pairs = [(a, b) for a in FACES for b in FACES if a != b]
            if kind is Kind.TWO_PAIRS:
                pairs = [(a, b) for a, b in pairs if a > b]
            hands.extend(Hand(kind, pair) for pair in pairs)
    return tuple(sorted(hands))
