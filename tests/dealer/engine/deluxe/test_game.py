"""A Poker-Deluxe evening: buying, the settlement, the seed's examples, the end of the game."""

from __future__ import annotations

import pytest

from dealer.engine.deluxe import (
    SEED_CHIP_SET,
    Buy,
    ChipColour,
    Combo,
    Decided,
    DeluxeConfig,
    DeluxeState,
    IllegalAction,
    Payment,
    Phase,
    Show,
    Standing,
    Why,
    apply,
    buy_cost,
    legal_actions,
    max_players,
    replay,
    start,
)


def evening(
    cards: int = 7,
    names: tuple[str, ...] = ("A", "B", "C"),
    youngest_first: tuple[int, ...] | None = None,
    rounds: int = 1,
    chip_set: tuple[ChipColour, ...] = SEED_CHIP_SET,
) -> DeluxeState:
    return start(
        DeluxeConfig(
            cards=cards,
            names=names,
            youngest_first=youngest_first or tuple(range(len(names))),
            rounds=rounds,
            chip_set=chip_set,
        )
    )


def buy(state: DeluxeState, **counts: int) -> DeluxeState:
    """Everyone buys in turn: `counts` by name, 0 for the others."""
    while state.phase is Phase.BUYING:
        assert state.to_buy is not None
        state = apply(state, Buy(state.to_buy, counts.get(state.name(state.to_buy), 0)))
    return state


def show(state: DeluxeState, *entries: Combo | str) -> DeluxeState:
    """Show every player in seating order: a Combo is tapped, a str is the cards."""
    for player, entry in enumerate(entries):
        if isinstance(entry, Combo):
            state = apply(state, Show(player, combo=entry))
        else:
            state = apply(state, Show(player, cards=entry))
    return state


def units(n: int) -> tuple[ChipColour, ...]:
    return (ChipColour("weiß", 1, n),)


# --- the seed's examples ---------------------------------------------------------------------


def test_seed_example_1_seven_cards() -> None:
    # "Spieler A" Ein Drilling + Zwei Paare (5), "Spieler B" Ein Vierling + Ein Paar (7),
    # "Spieler C" Ein Paar (1): B bekommt von A 2 und von C 6 Geldeinheiten.
    state = show(buy(evening(7)), Combo.TRIPS_TWO_PAIRS, Combo.QUADS_PAIR, Combo.PAIR)
    result = state.results[0]
    assert result.winner == 1
    assert result.decided is Decided.COMBINATION
    assert result.payments == (
        Payment(payer=0, payee=1, amount=2, why=Why.DIFFERENCE, owed=2),
        Payment(payer=2, payee=1, amount=6, why=Why.DIFFERENCE, owed=6),
    )
    assert state.chips == (73, 83, 69)


def test_seed_example_2_six_cards_the_higher_straight_collects() -> None:
    # "Spieler A" Ein Drilling (2), "Spieler B" Straße bis zur Dame (5), "Spieler C" Straße bis
    # zum Ass (5): C bekommt von A 3 Geldeinheiten, B muss nichts bezahlen.
    state = buy(evening(6))
    state = show(state, Combo.TRIPS, "7c 8h 9d Tc Jd Qs", "9h Ts Jc Qd Kc As")
    result = state.results[0]
    assert result.winner == 2
    assert result.decided is Decided.TIE_RULES
    assert result.payments == (Payment(payer=0, payee=2, amount=3, why=Why.DIFFERENCE, owed=3),)
    assert state.chips == (72, 75, 78)


def test_tied_combinations_shown_by_name_need_the_cards() -> None:
    state = show(buy(evening(6)), Combo.TRIPS, Combo.STRAIGHT, Combo.STRAIGHT)
    assert state.phase is Phase.SHOWDOWN and not state.results
    assert legal_actions(state).needs_cards == (1, 2)
    state = apply(state, Show(1, cards="7c 8h 9d Tc Jd Qs"))
    assert legal_actions(state).needs_cards == (2,)
    state = apply(state, Show(2, combo="Straße", cards="9h Ts Jc Qd Kc As"))
    assert state.results[0].winner == 2
    assert state.chips == (72, 75, 78)


def test_the_winner_takes_the_bank_first() -> None:
    state = buy(evening(7), A=1, B=2, C=4)
    assert state.bank == 1 + 3 + 10
    state = show(state, Combo.TRIPS_TWO_PAIRS, Combo.QUADS_PAIR, Combo.PAIR)
    assert state.results[0].payments[0] == Payment(None, 1, 14, Why.BANK, 14)
    assert state.chips == (74 - 2, 72 + 14 + 2 + 6, 65 - 6)
    assert state.bank == 0


# --- buying ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("cards", "cost"), [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10)])
def test_buying_costs_one_two_three_four_units_a_card(cards: int, cost: int) -> None:
    state = evening()
    assert buy_cost(cards) == cost
    after = apply(state, Buy(state.to_buy or 0, cards))
    assert after.bank == cost
    assert after.chips[1] == 75 - cost
    assert after.bought[1] == cards


def test_buying_starts_left_of_the_youngest_dealer_and_ends_with_the_dealer() -> None:
    state = evening(5, names=("A", "B", "C", "D"), youngest_first=(2, 0, 3, 1))
    assert state.dealer == 2
    order = []
    while state.phase is Phase.BUYING:
        assert state.to_buy is not None
        order.append(state.to_buy)
        state = apply(state, Buy(state.to_buy, 0))
    assert order == [3, 0, 1, 2]


def test_the_deal_passes_left() -> None:
    state = evening(4, youngest_first=(1, 2, 0), rounds=2)
    dealers = []
    while not state.is_over:
        dealers.append(state.dealer)
        state = show(buy(state), Combo.PAIR, Combo.NATURELL, Combo.NATURELL)
    assert dealers == [1, 2, 0, 1, 2, 0]
    assert [r.dealer for r in state.results] == dealers


def test_buying_out_of_turn_is_refused() -> None:
    state = evening()
    with pytest.raises(IllegalAction, match=r"It is B's turn to buy, not C's.*dealer \(A\)"):
        apply(state, Buy(2, 1))


def test_a_fifth_card_is_refused() -> None:
    with pytest.raises(IllegalAction, match="B may buy at most 4 cards: only 4 lie face down"):
        apply(evening(), Buy(1, 5))


@pytest.mark.parametrize("cards", [-1, True, "2"])
def test_a_strange_number_of_cards_is_refused(cards: object) -> None:
    with pytest.raises(IllegalAction, match="B buys 0 to 4 cards"):
        apply(evening(), Buy(1, cards))  # type: ignore[arg-type]


def test_buying_more_than_the_chips_pay_for_is_refused() -> None:
    state = evening(chip_set=units(5))
    assert legal_actions(state).buy_max == 2
    assert legal_actions(state).costs == (0, 1, 3)
    with pytest.raises(IllegalAction, match=r"B has 5 units: 3 cards cost 6 \(1 \+ 2 \+ 3\)"):
        apply(state, Buy(1, 3))


def test_buying_is_over_at_the_showdown_and_showing_waits_for_the_buying() -> None:
    state = evening()
    with pytest.raises(IllegalAction, match="Buying is not over: B buys next"):
        apply(state, Show(0, combo=Combo.PAIR))
    state = buy(state)
    with pytest.raises(IllegalAction, match="Buying is over"):
        apply(state, Buy(1, 1))


# --- showing ---------------------------------------------------------------------------------


def test_a_combination_the_variant_does_not_have_is_refused() -> None:
    state = buy(evening(5))
    with pytest.raises(IllegalAction, match="A: Drei Paare is not a combination of the Fünf"):
        apply(state, Show(0, combo=Combo.THREE_PAIRS))
    with pytest.raises(IllegalAction, match="not a Poker-Deluxe combination"):
        apply(state, Show(0, combo="Royal Flush"))


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("As Kd 7h 7c", "A's cards: The Fünf-Karten-Variante needs 5 cards, not 4"),
        ("As Kd 7h 7c 7c", "A's cards: 7c is there twice"),
        ("As Kd 7h 7c Jk", "A's cards: Jk is not a card of the 52-card deck"),
        ("As Kd 7h 7c 1x", "A's cards: '1x' is not a card"),
    ],
)
def test_cards_that_are_not_five_distinct_cards_are_refused(cards: str, message: str) -> None:
    state = buy(evening(5))
    with pytest.raises(IllegalAction, match=message):
        apply(state, Show(0, cards=cards))


def test_a_card_in_two_hands_is_refused() -> None:
    state = apply(buy(evening(4)), Show(0, cards="As Kd 7h 7c"))
    with pytest.raises(IllegalAction, match="As is in B's hand and in A's: one deck"):
        apply(state, Show(1, cards="As 2d 3h 9c"))


def test_cards_and_combination_must_agree() -> None:
    state = buy(evening(4))
    with pytest.raises(IllegalAction, match="A's cards make Ein Paar, not Zwei Paare"):
        apply(state, Show(0, combo=Combo.TWO_PAIRS, cards="As Kd 7h 7c"))


def test_showing_needs_a_combination_or_cards_and_happens_once() -> None:
    state = buy(evening(4))
    with pytest.raises(IllegalAction, match="Tap A's combination or enter A's cards"):
        apply(state, Show(0))
    state = apply(state, Show(0, cards="As Kd 7h 7c"))
    with pytest.raises(IllegalAction, match="A has already shown: undo that"):
        apply(state, Show(0, combo=Combo.PAIR))


def test_cards_added_later_must_make_the_shown_combination() -> None:
    state = show(buy(evening(4)), Combo.PAIR, Combo.PAIR, Combo.NATURELL)
    assert legal_actions(state).needs_cards == (0, 1)
    with pytest.raises(IllegalAction, match="A was shown with Ein Paar, but these cards make"):
        apply(state, Show(0, cards="2c 5d 9h Ks"))


def test_the_youngest_wins_an_absolute_tie() -> None:
    # "Bei absoluter Übereinstimmung mehrerer Kombinationen gewinnt der jüngste Spieler."
    state = buy(evening(4, youngest_first=(2, 1, 0)), A=2)
    state = show(state, "2c 5d 9h Ks", "2d 5h 9s Kc", "3c 4d 7h Jd")
    result = state.results[0]
    assert (result.winner, result.decided) == (1, Decided.YOUNGEST)
    # Equal points pay nothing; only the bank moves.
    assert result.payments == (Payment(None, 1, 3, Why.BANK, 3),)


def test_equal_points_of_a_lower_combination_pay_nothing() -> None:
    # Four cards: Ein Drilling beats Straße in the table; both are worth 4 points.
    state = show(buy(evening(4)), Combo.STRAIGHT, Combo.TRIPS, Combo.PAIR)
    result = state.results[0]
    assert result.winner == 1
    assert result.payments == (Payment(2, 1, 3, Why.DIFFERENCE, 3),)


# --- the end of the evening ------------------------------------------------------------------


def test_a_broke_player_ends_the_game_at_once() -> None:
    state = evening(4, rounds=3, chip_set=units(10))
    state = show(buy(state), Combo.QUADS, Combo.PAIR, Combo.TRIPS)
    result = state.results[0]
    assert result.payments == (
        Payment(1, 0, 10, Why.DIFFERENCE, 19),
        Payment(2, 0, 10, Why.DIFFERENCE, 16),
    )
    assert result.broke == (1, 2) == state.broke
    assert state.is_over and state.phase is Phase.OVER
    assert len(state.results) == 1
    assert state.chips == (30, 0, 0)
    assert state.winner == 0
    with pytest.raises(IllegalAction, match="The game is over"):
        apply(state, Buy(1, 0))


def test_a_player_left_with_no_chips_is_broke() -> None:
    # B spends all 3 units on two cards and owes nothing (4 points like the winner's): no chips
    # left is "Pleite" all the same.
    state = buy(evening(4, rounds=2, chip_set=units(3)), B=2)
    state = show(state, Combo.TWO_PAIRS, Combo.STRAIGHT, Combo.TRIPS)
    assert state.results[0].payments == (Payment(None, 2, 3, Why.BANK, 3),)
    assert state.chips == (3, 0, 6)
    assert state.is_over and state.broke == (1,)


def test_the_game_ends_after_the_agreed_rounds_and_the_most_chips_win() -> None:
    state = evening(4, rounds=1)
    state = show(buy(state), Combo.PAIR, Combo.TRIPS, Combo.NATURELL)  # B +3 +3
    assert not state.is_over and state.round == 1 and state.dealer == 1
    state = show(buy(state), Combo.QUADS, Combo.PAIR, Combo.NATURELL)  # A +19 +19
    state = show(buy(state), Combo.NATURELL, Combo.NATURELL, Combo.PAIR)  # C +0 +0
    assert state.is_over and len(state.results) == 3
    assert state.chips == (75 - 3 + 38, 75 + 6 - 19, 75 - 3 - 19)
    assert state.winner == 0 and state.winners == (0,)
    assert state.standings() == (
        Standing(1, 0, 110),
        Standing(2, 1, 62),
        Standing(3, 2, 53),
    )
    assert legal_actions(state).phase is Phase.OVER


def test_equal_most_chips_share_the_win() -> None:
    state = evening(4, names=("A", "B"), rounds=1)
    state = show(buy(state), Combo.PAIR, Combo.TRIPS)  # B +3
    state = show(buy(state), Combo.TRIPS, Combo.PAIR)  # A +3
    assert state.is_over
    assert state.winners == (0, 1) and state.winner is None
    assert [s.place for s in state.standings()] == [1, 1]


def test_replay_rebuilds_the_state_from_the_log() -> None:
    config = evening(6).config
    log = [Buy(1, 2), Buy(2, 0), Buy(0, 4), Show(0, combo=Combo.TRIPS)]
    log += [Show(1, cards="7c 8h 9d Tc Jd Qs"), Show(2, cards="9h Ts Jc Qd Kc As")]
    state = replay(config, log)
    assert state.results[0].winner == 2
    assert sum(state.chips) + state.bank == 3 * 75


# --- setting up ------------------------------------------------------------------------------


@pytest.mark.parametrize(("cards", "most"), [(4, 6), (5, 5), (6, 5), (7, 4), (8, 4)])
def test_one_deck_deals_each_player_the_hand_and_four_to_buy(cards: int, most: int) -> None:
    assert max_players(cards) == most
    evening(cards, names=tuple("ABCDEFGH"[:most]))
    with pytest.raises(IllegalAction, match=f"one deck deals 2 to {most} players, not"):
        evening(cards, names=tuple("ABCDEFGH"[: most + 1]))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"cards": 9}, "4 to 8 cards, not 9"),
        ({"names": ("A",), "youngest_first": (0,)}, "2 to 4 players, not 1"),
        ({"youngest_first": (0, 0, 1)}, "from the youngest to the oldest"),
        ({"youngest_first": (0, 1)}, "from the youngest to the oldest"),
        ({"names": ("A", "A ", "C")}, "same name"),
        ({"names": ("A", " ", "C")}, "needs a name"),
        ({"rounds": 0}, "1 to 100 rounds, not 0"),
        ({"chip_set": units(0)}, "needs chips to start"),
        ({"chip_set": (ChipColour("rot", 0, 3),)}, "not a home game's chips"),
    ],
)
def test_a_setup_a_home_game_cannot_play_is_refused(changes: dict, message: str) -> None:
    settings = {"cards": 7, "names": ("A", "B", "C"), "youngest_first": (0, 1, 2), "rounds": 1}
    with pytest.raises(IllegalAction, match=message):
        start(DeluxeConfig(**(settings | changes)))


def test_the_seed_chips_are_75_units() -> None:
    state = evening()
    assert state.config.starting_chips == 75
    assert [(c.count, c.value) for c in SEED_CHIP_SET] == [(3, 10), (5, 5), (6, 2), (8, 1)]
    assert state.chips == (75, 75, 75)


@pytest.mark.parametrize("player", [3, -1, True])
def test_a_player_not_at_the_table_is_refused(player: object) -> None:
    with pytest.raises(IllegalAction, match="There is no player"):
        apply(evening(), Buy(player, 0))  # type: ignore[arg-type]
