"""The variants' specs: what each game deals, when the players draw, how hands rank."""

from __future__ import annotations

import pytest

from dealer.engine.rules import VARIANTS, Kind, Low, StudTie, Variant


@pytest.mark.parametrize(("variant", "draws"), [
    (Variant.DRAW5, [0, None]),  # seed 000: bet, draw once, bet
    (Variant.DRAW5_SHORT, [0, None]),
    (Variant.TRIPLE_DRAW_27, [0, 1, 2, None]),
    (Variant.HOLDEM, [None] * 4),
    (Variant.STUD7, [None] * 5),
])  # fmt: skip
def test_which_draw_follows_each_betting_round(variant: Variant, draws: list[int | None]) -> None:
    spec = VARIANTS[variant]
    assert [spec.draw_index(street) for street in range(len(spec.streets))] == draws
    assert spec.draws == sum(d is not None for d in draws)


def test_every_draw_game_draws_and_no_other_game_does() -> None:
    for spec in VARIANTS.values():
        assert (spec.kind is Kind.DRAW) == (spec.draws > 0)
        assert all(0 <= street < len(spec.streets) - 1 for street in spec.draws_after)


@pytest.mark.parametrize(("variant", "down"), [
    (Variant.STUD7, [False, False, False, False, True]),  # seventh street face down
    (Variant.RAZZ, [False, False, False, False, True]),
    (Variant.STUD7_HILO, [False, False, False, False, True]),
    (Variant.STUD5, [False, False, False, False]),  # seed 004: every later card up
])  # fmt: skip
def test_which_stud_streets_are_dealt_down(variant: Variant, down: list[bool]) -> None:
    spec = VARIANTS[variant]
    assert [spec.dealt_down(street) for street in range(len(spec.streets))] == down


@pytest.mark.parametrize(("variant", "ranking"), [
    (Variant.HOLDEM, Low.HIGH),
    (Variant.DRAW5, Low.HIGH),
    (Variant.RAZZ, Low.LOW),
    (Variant.STUD7_HILO, Low.HIGH_LOW),
    (Variant.TRIPLE_DRAW_27, Low.DEUCE_TO_SEVEN),
])  # fmt: skip
def test_each_game_names_its_ranking(variant: Variant, ranking: Low) -> None:
    assert VARIANTS[variant].low is ranking


def test_only_omaha_must_use_two_hole_cards() -> None:
    assert {v for v, spec in VARIANTS.items() if spec.hole_cards_used} == {Variant.OMAHA}
    assert VARIANTS[Variant.OMAHA].hole_cards_used == 2


def test_five_card_stud_breaks_a_bring_in_tie_by_position() -> None:
    """Seed 004: "den som sitter närmast till vänster om knappen betala bring-in"; seven-card
    stud by suit."""
    ties = {v: spec.bring_in_tie for v, spec in VARIANTS.items() if spec.kind is Kind.STUD}
    assert ties[Variant.STUD5] is StudTie.BY_POSITION
    assert {ties[v] for v in (Variant.STUD7, Variant.RAZZ, Variant.STUD7_HILO)} == {StudTie.BY_SUIT}


def test_every_game_has_its_own_phh_code() -> None:
    codes = [spec.phh_code for spec in VARIANTS.values()]
    assert all(codes) and len(set(codes)) == len(codes)
    assert VARIANTS[Variant.TRIPLE_DRAW_27].phh_code == "2L3D"
