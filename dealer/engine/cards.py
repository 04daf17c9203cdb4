"""Cards, their text form, and the decks Pott deals from.

Pure Python: no Django, no clock, no I/O. Shuffling is the caller's job (it owns the randomness).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final, Literal, overload

# Low to high: the order used to break ties by suit (stud bring-in, odd chip).
SUITS: Final = ("c", "d", "h", "s")
SUIT_ORDER: Final = MappingProxyType({suit: index for index, suit in enumerate(SUITS)})

RANK_CHARS: Final = "23456789TJQKA"
ACE: Final = 14

# The joker (of the 33- and 53-card decks) is not a rank/suit pair; rank 0 keeps it below every
# real card.
JOKER_RANK: Final = 0
JOKER_SUIT: Final = "*"
JOKER_TEXT: Final = "Jk"

DeckKind = Literal["standard", "standard53", "short32", "short33"]

_NOT_A_CARD = "{text!r} is not a card: use rank 2-9, T, J, Q, K, A and suit c, d, h, s"


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card: rank 2..14 (ace = 14) and suit "c", "d", "h" or "s" (or the joker)."""

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if self.rank == JOKER_RANK and self.suit == JOKER_SUIT:
            return
        if not (2 <= self.rank <= ACE) or self.suit not in SUIT_ORDER:
            raise ValueError(f"Card(rank={self.rank!r}, suit={self.suit!r}) is not a card")

    def __str__(self) -> str:
        if self.is_joker:
            return JOKER_TEXT
        return RANK_CHARS[self.rank - 2] + self.suit

    @property
    def is_joker(self) -> bool:
        """True for the joker (of the "short33" and "standard53" decks)."""
        return self.rank == JOKER_RANK


JOKER: Final = Card(JOKER_RANK, JOKER_SUIT)

_RANK_VALUES: Final = {char: index + 2 for index, char in enumerate(RANK_CHARS)} | {"10": 10}
_TOKEN: Final = re.compile(r"(10|[2-9TJQKA])([CDHS])|(\?\?)|(JK)", re.IGNORECASE)
_SEPARATORS: Final = frozenset(" \t\n,")


def card_order_key(card: Card) -> tuple[int, int]:
    """Sort key (rank, suit order): the lowest card is 2c, the highest As; the joker sorts first."""
    return card.rank, SUIT_ORDER.get(card.suit, -1)


def parse_card(text: str) -> Card:
    """Parse one card such as "As", "Td" or "10d" (case-insensitive); "Jk" is the joker."""
    cards = parse_cards(text)
    if len(cards) != 1:
        raise ValueError(_NOT_A_CARD.format(text=text))
    return cards[0]


@overload
def parse_cards(text: str, *, allow_unknown: Literal[False] = False) -> tuple[Card, ...]: ...


@overload
def parse_cards(text: str, *, allow_unknown: bool) -> tuple[Card | None, ...]: ...


def parse_cards(text: str, *, allow_unknown: bool = False) -> tuple[Card | None, ...]:
    """Parse cards written together or apart: "AsKd7h", "As Kd 7h", "As,10d".

    With allow_unknown=True, "??" (a hand history's hidden card) becomes None.
    """
    cards: list[Card | None] = []
    position = 0
    while position < len(text):
        if text[position] in _SEPARATORS:
            position += 1
            continue
        match = _TOKEN.match(text, position)
        if match is None:
            raise ValueError(_NOT_A_CARD.format(text=_bad_token(text, position)))
        rank, suit, unknown, joker = match.groups()
        if unknown:
            if not allow_unknown:
                raise ValueError("'??' is a hidden card: a known card is needed here")
            cards.append(None)
        elif joker:
            cards.append(JOKER)
        else:
            cards.append(Card(_RANK_VALUES[rank.upper()], suit.lower()))
        position = match.end()
    return tuple(cards)


def _bad_token(text: str, position: int) -> str:
    # Quote only the card-sized piece that failed, so "AsZxKd" reports 'Zx' rather than 'ZxKd'.
    width = 3 if text.startswith("1", position) else 2
    token = ""
    for char in text[position : position + width]:
        if char in _SEPARATORS:
            break
        token += char
    return token


def standard_deck(*, joker: bool = False) -> tuple[Card, ...]:
    """The 52-card deck, 2c first and As last, plus the joker when joker=True (53 cards)."""
    # Seed 000 (Mörkpoker), "Variant: the deck can be completed with a joker" ("Variant:
    # Kortleken kan kompletteras med en joker").
    return _deck(lowest_rank=2, joker=joker)


def short_deck(*, joker: bool = False) -> tuple[Card, ...]:
    """The 32-card deck of seed 003 (7 through ace), plus the joker when joker=True (33 cards)."""
    # Seed 003, "PÓKER MEÐ 32/33 SPILUM": "played with 32 cards, without a joker" ("spilað með 32
    # spilum, án jokers"). The seed never lists the ranks; 32 = 8 ranks x 4 suits, and its lowest
    # example straight flush is "7, 8, 9, 10, jack" ("7, 8, 9, 10, gosi"), so the deck is 7..A.
    # 9a: "one can play with 33 cards, i.e. with the joker" ("Það er hægt að spila með 33 spilum
    # þ.e. með jókernum").
    return _deck(lowest_rank=7, joker=joker)


def new_deck(kind: DeckKind) -> tuple[Card, ...]:
    """The deck for a game: "standard" (52), "standard53" (the 52 and the joker), "short32" (7..A)
    or "short33" (7..A and the joker)."""
    match kind:
        case "standard":
            return standard_deck()
        case "standard53":
            return standard_deck(joker=True)
        case "short32":
            return short_deck()
        case "short33":
            return short_deck(joker=True)
    raise ValueError(
        f"{kind!r} is not a deck: use 'standard', 'standard53', 'short32' or 'short33'"
    )


def deck_size(kind: DeckKind) -> int:
    """How many cards a deck of that kind holds: 52, 53, 32 or 33."""
    return len(new_deck(kind))


def _deck(*, lowest_rank: int, joker: bool) -> tuple[Card, ...]:
    cards = [Card(rank, suit) for rank in range(lowest_rank, ACE + 1) for suit in SUITS]
    if joker:
        cards.append(JOKER)
    return tuple(cards)
