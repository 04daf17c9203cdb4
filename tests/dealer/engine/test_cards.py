from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer.engine.cards import (
    JOKER,
    SUIT_ORDER,
    SUITS,
    Card,
    card_order_key,
    deck_size,
    new_deck,
    parse_card,
    parse_cards,
    short_deck,
    standard_deck,
)

STANDARD = standard_deck()


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("As", 14, "s"),
        ("Kd", 13, "d"),
        ("Qh", 12, "h"),
        ("Jc", 11, "c"),
        ("Td", 10, "d"),
        ("10d", 10, "d"),
        ("9s", 9, "s"),
        ("2c", 2, "c"),
        ("as", 14, "s"),
        ("AS", 14, "s"),
        (" 7h ", 7, "h"),
    ],
)
def test_parse_card_reads_rank_and_suit(text: str, rank: int, suit: str) -> None:
    assert parse_card(text) == Card(rank, suit)


@pytest.mark.parametrize(
    ("card", "text"),
    [(Card(14, "s"), "As"), (Card(10, "d"), "Td"), (Card(2, "c"), "2c"), (JOKER, "Jk")],
)
def test_str_is_rank_then_suit_with_t_for_ten(card: Card, text: str) -> None:
    assert str(card) == text


@pytest.mark.parametrize(
    "text", ["AsKd7h", "As Kd 7h", "As,Kd,7h", "As, Kd, 7h", "AsKd 7h", "AsKd\t7h\n"]
)
def test_parse_cards_accepts_cards_together_or_apart(text: str) -> None:
    assert parse_cards(text) == (Card(14, "s"), Card(13, "d"), Card(7, "h"))


def test_parse_cards_reads_10_as_ten_inside_a_run() -> None:
    assert parse_cards("10sJs10d") == (Card(10, "s"), Card(11, "s"), Card(10, "d"))


def test_parse_cards_of_empty_text_is_no_cards() -> None:
    assert parse_cards("") == ()


def test_parse_cards_reads_the_joker() -> None:
    assert parse_cards("AsJkJc") == (Card(14, "s"), JOKER, Card(11, "c"))


def test_hidden_cards_are_none_when_allowed() -> None:
    assert parse_cards("????", allow_unknown=True) == (None, None)
    assert parse_cards("As ?? Kd", allow_unknown=True) == (Card(14, "s"), None, Card(13, "d"))


def test_hidden_cards_are_refused_by_default() -> None:
    with pytest.raises(ValueError, match="hidden card"):
        parse_cards("As??")


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("Zx", "Zx"),
        ("AsZxKd", "Zx"),
        ("As Zx", "Zx"),
        ("1s", "1s"),
        ("11s", "11s"),
        ("Ax", "Ax"),
        ("A", "A"),
        ("As K", "K"),
        ("Asd", "d"),
        ("1", "1"),
    ],
)
def test_parse_cards_names_the_bad_card(text: str, quoted: str) -> None:
    message = f"{quoted!r} is not a card: use rank 2-9, T, J, Q, K, A and suit c, d, h, s"
    with pytest.raises(ValueError) as error:
        parse_cards(text)
    assert str(error.value) == message


@pytest.mark.parametrize("text", ["", "AsKd", "Zx", "??"])
def test_parse_card_wants_exactly_one_card(text: str) -> None:
    with pytest.raises(ValueError):
        parse_card(text)


@pytest.mark.parametrize(("rank", "suit"), [(1, "s"), (15, "s"), (14, "x"), (0, "s"), (10, "S")])
def test_card_refuses_impossible_values(rank: int, suit: str) -> None:
    with pytest.raises(ValueError, match="is not a card"):
        Card(rank, suit)


def test_suits_rank_clubs_diamonds_hearts_spades() -> None:
    assert SUITS == ("c", "d", "h", "s")
    assert [SUIT_ORDER[suit] for suit in "cdhs"] == [0, 1, 2, 3]


def test_card_order_key_orders_by_rank_then_suit() -> None:
    cards = parse_cards("3c 2s Ac 2c 2h 2d As")
    assert sorted(cards, key=card_order_key) == list(parse_cards("2c 2d 2h 2s 3c Ac As"))


@pytest.mark.parametrize(
    ("kind", "size", "lowest", "has_joker"),
    [
        ("standard", 52, 2, False),
        ("standard53", 53, 2, True),
        ("short32", 32, 7, False),
        ("short33", 33, 7, True),
    ],
)
def test_decks_hold_distinct_cards_from_their_lowest_rank(
    kind: str, size: int, lowest: int, has_joker: bool
) -> None:
    deck = new_deck(kind)  # type: ignore[arg-type]
    real = [card for card in deck if not card.is_joker]
    assert len(deck) == size
    assert deck_size(kind) == size  # type: ignore[arg-type]
    assert len(set(deck)) == size
    assert (JOKER in deck) is has_joker
    assert {card.rank for card in real} == set(range(lowest, 15))
    assert all(sum(card.rank == rank for card in real) == 4 for rank in range(lowest, 15))


def test_53_card_deck_is_the_standard_deck_and_the_joker() -> None:
    assert standard_deck(joker=True) == (*standard_deck(), JOKER)


def test_short_deck_is_standard_deck_from_seven_up() -> None:
    assert short_deck() == tuple(card for card in standard_deck() if card.rank >= 7)
    assert short_deck(joker=True) == (*short_deck(), JOKER)


def test_new_deck_refuses_unknown_kinds() -> None:
    with pytest.raises(ValueError, match="is not a deck"):
        new_deck("pinochle")  # type: ignore[arg-type]


@given(st.sampled_from(STANDARD))
def test_every_card_reads_back_from_its_text(card: Card) -> None:
    assert parse_card(str(card)) == card


@given(st.lists(st.sampled_from((*STANDARD, JOKER)), max_size=10))
def test_joined_card_texts_read_back_in_order(cards: list[Card]) -> None:
    assert parse_cards("".join(map(str, cards))) == tuple(cards)
    assert parse_cards(" ".join(map(str, cards))) == tuple(cards)
