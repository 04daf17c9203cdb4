"""The cards entered at the showdown (and in an all-in run-out): Show, Board, what they decide
(`shown_winners`), and every bad entry refused with nothing changed.

Positions as in test_hand.py: 0 is the first player left of the button; heads-up, position 0 is
the big blind and position 1 the button. Seat numbers in messages are position+1.
"""

from __future__ import annotations

import pytest

from dealer.engine import (
    Award,
    Board,
    BringIn,
    Call,
    Check,
    DealStreet,
    Draw,
    FixedLimit,
    Fold,
    HandConfig,
    HandState,
    IllegalAction,
    Muck,
    NoLimit,
    Phase,
    PotLimit,
    Raise,
    Show,
    SpreadLimit,
    Variant,
    apply,
    cards_up,
    contenders,
    hand_value,
    legal_actions,
    parse_cards,
    shown_winners,
    start,
)
from dealer.engine.actions import Action, AllIn
from dealer.engine.codec import action_from_dict, action_to_dict
from dealer.engine.evaluate import Category
from dealer.engine.phh import parse_phh, write_phh


def cards(text: str) -> tuple:
    return parse_cards(text)


def refused(state: HandState, action: Action) -> str:
    """The message of a refused action; `apply` returns nothing and the state is unchanged."""
    before = state
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    assert state == before
    return str(info.value)


def bet_through(state: HandState, fold: tuple[int, ...] = ()) -> HandState:
    """Play the betting round(s) passively until the dealer must deal or the showdown comes:
    bring in, check or call; the players in `fold` fold at their first turn."""
    while state.phase is Phase.BETTING:
        legal = legal_actions(state)
        p = legal.player
        assert p is not None
        if p in fold and legal.fold:
            action: Action = Fold(p)
        elif legal.bring_in:
            action = BringIn(p)
        elif legal.check:
            action = Check(p)
        else:
            action = Call(p)
        state = apply(state, action)
    while state.phase is Phase.DRAW:
        state = apply(state, Draw(legal_actions(state).player or 0, 0))
        state = bet_through(state, fold)
    return state


def holdem(variant: Variant = Variant.HOLDEM, players: int = 2) -> HandConfig:
    structure = NoLimit() if variant is Variant.HOLDEM else PotLimit()
    blinds = (1, 2) + (0,) * (players - 2) if players > 2 else (2, 1)
    return HandConfig(variant=variant, structure=structure, stacks=(100,) * players, blinds=blinds)


def board_showdown(variant: Variant = Variant.HOLDEM, players: int = 2) -> HandState:
    """Everyone checks or calls down; the streets are dealt without cards (the dealer's UI)."""
    state = bet_through(start(holdem(variant, players)))
    while state.phase is Phase.DEAL:
        state = bet_through(apply(state, DealStreet()))
    assert state.phase is Phase.SHOWDOWN
    return state


def all_in_preflop() -> HandState:
    """Heads-up: the button goes all-in, the big blind calls: betting is over."""
    state = start(holdem())
    state = apply(state, AllIn(1))
    state = apply(state, Call(0))
    assert state.phase is Phase.DEAL
    return state


# --- seed 002's hold'em examples ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("hole0", "hole1", "board", "winner", "category"),
    [
        # "Exempel 1: Spelare 1: A A / Spelare 2: 4 5 / Bordet: A 3 2 T 7. Spelare 2 vinner med
        # stege (A-5) över spelare 1 som har triss."
        ("Ah Ad", "4c 5d", "As 3h 2s Tc 7d", 1, Category.STRAIGHT),
        # "Exempel 2: Spelare 1: A 9 / Spelare 2: 3 5 / Bordet: A 3 2 T 7. Spelare 1 vinner med
        # par i ess över spelare 2 med par i treor."
        ("Ah 9d", "3c 5s", "Ad 3h 2s Tc 7d", 0, Category.PAIR),
        # "Exempel 3: Spelare 1: Q 9 / Spelare 2: K K / Bordet: Q 6 9 7 7. Spelare 2 vinner med
        # tvåpar (kungar och sjuor) över spelare 1 med lägre tvåpar (damer och nior)."
        ("Qh 9h", "Kc Kd", "Qs 6d 9c 7h 7s", 1, Category.TWO_PAIR),
    ],
)
def test_seed_002_examples_the_entered_cards_decide(
    hole0: str, hole1: str, board: str, winner: int, category: Category
) -> None:
    state = board_showdown()
    state = apply(state, Board(cards(board)))
    state = apply(state, Show(0, cards(hole0)))
    state = apply(state, Show(1, cards(hole1)))
    decided = shown_winners(state, 0)
    assert decided is not None
    assert decided.winners == (winner,)
    assert dict(decided.values)[winner].category is category
    assert hand_value(state, winner).category is category
    awarded = apply(state, Award(0))
    assert awarded.phase is Phase.COMPLETE
    assert awarded.payouts[winner] == 4
    assert decided.payouts == ((winner, 4),)


def test_shown_winners_is_none_while_cards_are_unknown() -> None:
    state = board_showdown()
    assert contenders(state, 0) == (0, 1)
    assert shown_winners(state, 0) is None  # nobody has shown
    state = apply(state, Show(0, cards("Ah Ad")))
    state = apply(state, Show(1, cards("4c 5d")))
    assert shown_winners(state, 0) is None  # the board is not entered
    assert "enter the board first" in refused(state, Award(0))
    state = apply(state, Board(cards("As 3h 2s Tc 7d")))
    assert shown_winners(state, 0) is not None
    assert shown_winners(apply(state, Show(1, ())), 0) is None  # shown without the cards


def test_a_mucked_player_is_no_contender() -> None:
    state = board_showdown(players=3)
    state = apply(state, Muck(2))
    assert contenders(state, 0) == (0, 1)


# --- Omaha: exactly two hole cards and three board cards --------------------------------------


def test_omaha_four_hearts_on_the_board_and_one_in_hand_is_no_flush() -> None:
    state = board_showdown(Variant.OMAHA)
    state = apply(state, Board(cards("2h 7h 9h Jh 3c")))
    state = apply(state, Show(0, cards("Ah Kc Qd Ts")))  # hold'em would be the nut flush
    state = apply(state, Show(1, cards("8c 8d 4s 5s")))
    decided = shown_winners(state, 0)
    assert decided is not None
    assert dict(decided.values)[0].category is Category.HIGH_CARD
    assert decided.winners == (1,)


def test_omaha_a_board_pair_and_a_hand_pair_make_the_full_house() -> None:
    state = board_showdown(Variant.OMAHA)
    state = apply(state, Board(cards("Kc Kd 5h 8s 2c")))
    state = apply(state, Show(0, cards("Ks Ah Qd Jd")))  # three kings: one from the hand
    state = apply(state, Show(1, cards("5s 5d 9c 9h")))  # 5 5 + K K 5: fives full of kings
    decided = shown_winners(state, 0)
    assert decided is not None
    values = dict(decided.values)
    assert values[0].category is Category.THREE_OF_A_KIND
    assert values[1].category is Category.FULL_HOUSE
    assert apply(state, Award(0)).payouts == (0, 4)


# --- stud: the best five of seven; the odd chip by the entered cards ----------------------------


def stud7(players: int = 2) -> HandConfig:
    return HandConfig(
        variant=Variant.STUD7,
        structure=FixedLimit(small_bet=2, big_bet=4),
        stacks=(100,) * players,
        antes=(1,) * players,
        bring_in=1,
    )


def stud_showdown(config: HandConfig, ups: list[str], fold: tuple[int, ...] = ()) -> HandState:
    """Deal third to sixth street with the up cards given per street (None for folded players),
    seventh street face down, betting passively."""
    state = start(config)
    for street in ups:
        up = iter(cards(street))
        dealt = tuple(None if state.folded[p] else next(up) for p in range(state.players))
        state = bet_through(apply(state, DealStreet(up_cards=dealt)), fold)
    state = bet_through(apply(state, DealStreet()), fold)
    assert state.phase is Phase.SHOWDOWN
    return state


def test_stud_the_best_five_of_seven() -> None:
    state = stud_showdown(stud7(), ["2h 3d", "7h 3c", "9c Qs", "Js 8s"])
    state = apply(state, Show(0, cards("Ah Kh 2h 7h 9c Js 4h")))  # a heart flush
    state = apply(state, Show(1, cards("Qc Qd 3d 3c Qs 8s 5d")))  # queens full of threes
    decided = shown_winners(state, 0)
    assert decided is not None
    values = dict(decided.values)
    assert values[0].category is Category.FLUSH
    assert values[1].category is Category.FULL_HOUSE
    assert decided.winners == (1,)


def test_stud_a_split_pot_s_odd_chip_goes_to_the_highest_card_by_suit() -> None:
    """Two equal straights: the odd chip goes to the nine of spades, not the nine of clubs."""
    config = stud7(3)
    # 5c and 5d: the clubs bring in (by suit); seat 3 folds: 3 antes + 1 + 1 = 5 chips.
    state = stud_showdown(config, ["5c 5d Kh", "6d 6h", "7h 7s", "8s 8c"], fold=(2,))
    assert state.pots[0].amount == 5
    state = apply(state, Show(0, cards("2c 3d 5c 6d 7h 8s 9c")))
    state = apply(state, Show(1, cards("2d 3h 5d 6h 7s 8c 9s")))
    decided = shown_winners(state, 0)
    assert decided is not None
    assert decided.winners == (0, 1)
    assert decided.payouts == ((0, 2), (1, 3))
    assert apply(state, Award(0)).payouts == (2, 3, 0)


# --- the joker: seed 000's 53 cards and seed 003's 33 -------------------------------------------


@pytest.mark.parametrize(
    ("variant", "payouts"),
    [
        # Seed 000: a hand made with the joker splits with the same natural value.
        (Variant.DRAW5, None),
        # Seed 003, 9a: "Sögn án jokers vinnur ávalt á móti hönd sem hefur joker í staðinn miðað
        # við sama gildi" - the natural flush wins.
        (Variant.DRAW5_SHORT, 1),
    ],
)
def test_a_joker_flush_against_the_same_natural_flush(
    variant: Variant, payouts: int | None
) -> None:
    state = _draw_showdown(variant, joker=True)
    state = apply(state, Show(0, cards("Jk 8h Jh Kh Qh")))  # the joker as the ace of hearts
    state = apply(state, Show(1, cards("As Ks Qs Js 8s")))
    decided = shown_winners(state, 0)
    assert decided is not None
    assert dict(decided.values)[0].natural is False
    if payouts is None:
        assert decided.winners == (0, 1)
    else:
        assert decided.winners == (payouts,)
    after = apply(state, Award(0))
    assert dict(decided.payouts) == {p: c for p, c in enumerate(after.payouts) if c}


# --- the all-in run-out: cards up before the showdown -------------------------------------------


def test_cards_go_up_when_betting_is_over() -> None:
    state = start(holdem())
    assert not cards_up(state)
    assert "Cannot show cards now" in refused(state, Show(0, cards("Ah Ad")))
    state = all_in_preflop()
    assert cards_up(state)
    state = apply(state, Show(0, cards("Ah Ad")))
    state = apply(state, Show(1, cards("4c 5d")))
    state = apply(state, DealStreet())
    assert "The board is 3 cards so far (flop), not 5" in refused(
        state, Board(cards("As 3h 2s Tc 7d"))
    )
    state = apply(state, Board(cards("As 3h 2s")))
    assert hand_value(state, 0).category is Category.THREE_OF_A_KIND
    state = apply(state, DealStreet())
    assert "starts with it" in refused(state, Board(cards("Ks 3h 2s Tc")))
    state = apply(state, Board(cards("As 3h 2s Tc")))
    assert shown_winners(state, 0) is None  # the river is still to come
    state = apply(state, DealStreet())
    assert state.phase is Phase.SHOWDOWN
    state = apply(state, Board(cards("As 3h 2s Tc 7d")))
    decided = shown_winners(state, 0)
    assert decided is not None and decided.winners == (1,)
    assert apply(state, Award(0)).payouts == (0, 200)


def test_no_cards_up_while_two_players_can_still_bet() -> None:
    config = HandConfig(
        variant=Variant.HOLDEM, structure=NoLimit(), stacks=(100, 100, 20), blinds=(1, 2, 0)
    )
    state = start(config)
    state = apply(state, AllIn(2))  # the button all-in; two players behind with chips
    state = apply(state, Call(0))
    state = apply(state, Call(1))
    assert state.phase is Phase.DEAL
    assert not cards_up(state)
    assert "Cannot enter the board now" in refused(state, Board(()))


def test_a_stud_up_card_dealt_in_the_run_out_joins_the_shown_hand() -> None:
    config = HandConfig(
        variant=Variant.STUD7,
        structure=FixedLimit(small_bet=2, big_bet=4),
        stacks=(100, 3),
        antes=(1, 1),
        bring_in=1,
    )
    state = start(config)
    state = apply(state, DealStreet(up_cards=cards("2h 3d")))
    state = apply(state, BringIn(0))
    state = apply(state, AllIn(1))
    state = apply(state, Call(0))
    assert state.phase is Phase.DEAL and cards_up(state)
    assert "all 3 cards" in refused(state, Show(0, cards("Ah Kh")))
    state = apply(state, Show(0, cards("Ah Kh 2h")))
    state = apply(state, DealStreet(up_cards=cards("7h 3c")))
    assert state.shown[0] == cards("Ah Kh 2h 7h")


# --- every bad entry is refused, and nothing changes --------------------------------------------


def _draw_showdown(variant: Variant, joker: bool = False) -> HandState:
    players = 2 if variant is Variant.DRAW5 else 3
    config = HandConfig(
        variant=variant,
        structure=SpreadLimit(min_bet=2, max_bet=10),
        stacks=(50,) * players,
        blinds=(1, 2) if variant is Variant.DRAW5 else (),
        joker=joker,
    )
    state = start(config)
    legal = legal_actions(state)
    state = apply(state, Raise(legal.player or 0, legal.raise_min))  # someone opens
    state = bet_through(state, fold=(2,))
    assert state.phase is Phase.SHOWDOWN
    return state


def _stud() -> HandState:
    return stud_showdown(stud7(), ["2h 3d", "7h 3c", "9c Qs", "Js 8s"])


def _shown_board() -> HandState:
    state = apply(board_showdown(), Show(0, cards("Ah Ad")))
    return apply(state, Board(cards("As 3h 2s Tc 7d")))


@pytest.mark.parametrize(
    ("state", "action", "message"),
    [
        (board_showdown, Show(0, cards("Ah Ah")), "Seat 1 cannot show the same card twice."),
        (board_showdown, Show(0, cards("Ah Kh Qh")), "Seat 1 shows 2 hole cards, not 3."),
        (
            lambda: board_showdown(Variant.OMAHA),
            Show(0, cards("Ah Kh")),
            "Seat 1 shows 4 hole cards, not 2.",
        ),
        (
            lambda: _draw_showdown(Variant.DRAW5),
            Show(0, cards("Ah Kh Qh Jh")),
            "Seat 1 shows 5 cards, not 4.",
        ),
        (
            lambda: _draw_showdown(Variant.DRAW5_SHORT),
            Show(0, cards("6h Kh Qh Jh Th")),
            "6h is not in this game's deck of 32 cards: it runs from 7 to ace.",
        ),
        (
            lambda: _draw_showdown(Variant.DRAW5),
            Show(0, cards("Jk Kh Qh Jh Th")),
            "This game is played without the joker: Jk is not in the deck.",
        ),
        (
            lambda: _draw_showdown(Variant.DRAW5_SHORT, joker=True),
            Show(0, cards("Jk Jk Qh Jh Th")),
            "Seat 1 cannot show the same card twice.",
        ),
        (
            lambda: apply(
                _draw_showdown(Variant.DRAW5, joker=True), Show(1, cards("Jk 2c 3c 4c 5c"))
            ),
            Show(0, cards("Jk Kh Qh Jh Th")),
            "Jk is already on the table (seat 2's cards): seat 1 cannot show it.",
        ),
        (
            _shown_board,
            Show(1, cards("As Kd")),
            "As is already on the table (the board): seat 2 cannot show it.",
        ),
        (
            _shown_board,
            Show(1, cards("Ah Kd")),
            "Ah is already on the table (seat 1's cards): seat 2 cannot show it.",
        ),
        (
            _stud,
            Show(0, cards("Ah Kh 2h 7h 9c Js")),
            "Seat 1 shows all 7 cards dealt to them, up cards included, not 6.",
        ),
        (
            _stud,
            Show(0, cards("Ah Kh 2h 7h 9c Jd 4h")),
            "Seat 1's up cards are 2h 7h 9c Js: the cards shown must include them.",
        ),
        (
            board_showdown,
            Board(cards("As 3h 2s Tc")),
            "The board is 5 cards so far (flop, turn, river), not 4.",
        ),
        (
            _shown_board,
            Board(cards("As 3h 2s Tc 8d")),
            "The board is already entered (As 3h 2s Tc 7d) and cannot be changed.",
        ),
        (
            lambda: apply(board_showdown(), Show(0, cards("Ah Ad"))),
            Board(cards("Ah 3h 2s Tc 7d")),
            "Ah is already on the table (seat 1's cards): it cannot be on the board.",
        ),
        (board_showdown, Board(cards("As As 2s Tc 7d")), "As is entered twice"),
        (
            board_showdown,
            Board(cards("Jk 3h 2s Tc 7d")),
            "This game is played without the joker: Jk is not in the deck.",
        ),
        (
            lambda: _draw_showdown(Variant.DRAW5),
            Board(cards("As 3h 2s Tc 7d")),
            "Only hold'em and Omaha have a board.",
        ),
        (
            lambda: apply(start(holdem()), Call(1)),
            Board(()),
            "Cannot enter the board now: it is seat 1's turn to act.",
        ),
        (
            lambda: apply(apply(start(holdem()), Call(1)), Check(0)),
            DealStreet(board=cards("Jk 3h 2s")),
            "This game is played without the joker: Jk is not in the deck.",
        ),
        (
            lambda: start(stud7()),
            DealStreet(up_cards=cards("Jk 3h")),
            "This game is played without the joker: Jk is not in the deck.",
        ),
        (
            lambda: apply(start(stud7()), DealStreet(up_cards=cards("2h 3h"))),
            DealStreet(up_cards=cards("2h 4h")),
            "Cannot deal the next street now",
        ),
    ],
)
def test_a_bad_entry_is_refused_and_changes_nothing(
    state: object, action: Action, message: str
) -> None:
    assert message in refused(state(), action)  # type: ignore[operator]


def test_a_street_dealt_with_cards_after_one_without_is_refused() -> None:
    state = all_in_preflop()
    state = apply(state, DealStreet())
    assert "deal the turn without cards, then enter the whole board" in refused(
        state, DealStreet(board=cards("Kh"))
    )


# --- the action log and PHH ---------------------------------------------------------------------


def test_board_goes_into_the_action_log_and_back() -> None:
    action = Board(cards("As 3h 2s Tc 7d"))
    assert action_to_dict(action) == {
        "type": "board",
        "cards": ["As", "3h", "2s", "Tc", "7d"],
        "run": 0,
    }
    assert action_from_dict(action_to_dict(action)) == action


def test_shows_in_the_run_out_and_the_board_survive_phh() -> None:
    config = holdem()
    actions: list[Action] = [
        AllIn(1),
        Call(0),
        Show(0, cards("Ah Ad")),
        Show(1, cards("4c 5d")),
        DealStreet(),
        DealStreet(),
        DealStreet(),
        Board(cards("As 3h 2s Tc 7d")),
        Award(0),
    ]
    state = start(config)
    for action in actions:
        state = apply(state, action)
    text = write_phh(config, actions, state)
    assert '"d db As3h2s"' in text and '"d db Tc"' in text and '"d db 7d"' in text
    assert '"p1 sm AhAd"' in text
    (hand,) = parse_phh(text)
    assert hand.state.board == state.board
    assert hand.state.shown == state.shown
    assert hand.state.payouts == state.payouts == (0, 200)
