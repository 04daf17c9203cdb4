"""Run it twice (house option `run_it_twice`): once betting is over with board cards to come,
the rest of the board is dealt twice and each pot is split between the two boards.

Heads-up positions: 0 is the big blind, 1 the button (small blind).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer.engine import (
    AllIn,
    Award,
    Board,
    Call,
    Check,
    DealStreet,
    Fold,
    HandConfig,
    HandState,
    HouseOptions,
    IllegalAction,
    NoLimit,
    Phase,
    RunTwice,
    Show,
    Variant,
    apply,
    legal_actions,
    parse_cards,
    run_board,
    run_twice_allowed,
    shown_winners,
    start,
)
from dealer.engine.actions import Action
from dealer.engine.codec import action_from_dict, action_to_dict, options_from_dict
from dealer.engine.phh import parse_phh, write_phh

ON = HouseOptions(run_it_twice=True)


def holdem(stacks: tuple[int, ...] = (100, 100), options: HouseOptions = ON) -> HandConfig:
    blinds = (2, 1) if len(stacks) == 2 else (1, 2) + (0,) * (len(stacks) - 2)
    return HandConfig(
        variant=Variant.HOLDEM,
        structure=NoLimit(),
        stacks=stacks,
        blinds=blinds,
        options=options,
    )


def refused(state: HandState, action: Action) -> str:
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    return str(info.value)


def all_in_on_the_flop(stacks: tuple[int, ...] = (100, 100)) -> HandState:
    """Heads-up: call preflop, flop dealt, the big blind goes all-in and the button calls."""
    state = start(holdem(stacks))
    state = apply(state, Call(1))
    state = apply(state, Check(0))
    state = apply(state, DealStreet(board=parse_cards("As 3h 2s")))
    state = apply(state, AllIn(0))
    state = apply(state, Call(1))
    assert state.phase is Phase.DEAL
    return state


def run_out(state: HandState, first: str = "", second: str = "") -> HandState:
    """Deal what is left (with the given cards for each run, or without)."""
    runs = [iter(parse_cards(first)), iter(parse_cards(second))]
    while state.phase is Phase.DEAL:
        wanted = state.config.spec.board_cards[state.street]
        cards = tuple(c for _, c in zip(range(wanted), runs[state.run], strict=False))
        state = apply(state, DealStreet(board=cards))
    return state


def test_an_even_pot_is_split_between_the_boards_and_each_half_awarded() -> None:
    state = apply(all_in_on_the_flop(), RunTwice())
    state = run_out(state, "Tc 7d", "Kd Kh")
    assert state.phase is Phase.SHOWDOWN
    assert state.board == parse_cards("As 3h 2s Tc 7d")
    assert run_board(state, 1) == parse_cards("As 3h 2s Kd Kh")
    assert [(p.amount, p.board) for p in state.pots] == [(100, 1), (100, 0)]
    state = apply(state, Show(0, parse_cards("Ah Ad")))
    state = apply(state, Show(1, parse_cards("Kc Ks")))
    # Board 1: aces full beat kings' three; board 2: four kings.
    first = shown_winners(state, 1)
    second = shown_winners(state, 0)
    assert first is not None and first.winners == (0,)
    assert second is not None and second.winners == (1,)
    state = apply(state, Award(1))
    state = apply(state, Award(0))
    assert state.phase is Phase.COMPLETE
    assert state.payouts == (100, 100)


def test_an_odd_pot_s_odd_chip_goes_to_the_first_board_s_half() -> None:
    # Three players: the small blind folds preflop after posting 1: the pot is 201.
    state = start(holdem((100, 100, 100)))
    state = apply(state, AllIn(2))
    state = apply(state, Fold(0))
    state = apply(state, Call(1))
    state = apply(state, RunTwice())
    state = run_out(state)
    assert [(p.amount, p.board) for p in state.pots] == [(100, 1), (101, 0)]
    state = apply(state, Award(1, winners=(1,)))
    state = apply(state, Award(0, winners=(2,)))
    assert state.payouts == (0, 101, 100)


def test_a_side_pot_is_split_too() -> None:
    state = start(holdem((50, 100, 100)))
    state = apply(state, AllIn(2))
    state = apply(state, AllIn(0))
    state = apply(state, Call(1))
    assert run_twice_allowed(state)
    state = apply(state, RunTwice())
    state = run_out(state)
    # Main pot 150 (all three), side pot 100 (positions 1 and 2), each in two halves.
    assert [(p.amount, p.eligible, p.board) for p in state.pots] == [
        (75, (0, 1, 2), 1),
        (75, (0, 1, 2), 0),
        (50, (1, 2), 1),
        (50, (1, 2), 0),
    ]
    state = apply(state, Award(3, winners=(1,)))
    state = apply(state, Award(2, winners=(2,)))
    state = apply(state, Award(1, winners=(0,)))
    state = apply(state, Award(0, winners=(0, 1)))
    assert state.phase is Phase.COMPLETE
    assert sum(state.final_stacks()) == 250
    assert state.payouts == (75 + 38, 50 + 37, 50)


def test_the_same_winner_on_both_boards_and_a_tie_on_one() -> None:
    state = apply(all_in_on_the_flop(), RunTwice())
    state = run_out(state, "Tc 7d", "4d 5c")
    state = apply(state, Show(0, parse_cards("Ah Ad")))
    state = apply(state, Show(1, parse_cards("Qc Qs")))
    assert shown_winners(state, 1).winners == (0,)  # type: ignore[union-attr]
    # The second board is a wheel on the board (A 2 3 4 5): both play it, the half is split.
    assert shown_winners(state, 0).winners == (0, 1)  # type: ignore[union-attr]
    state = apply(state, Award(1))
    state = apply(state, Award(0))
    assert state.payouts == (150, 50)


def test_the_second_board_can_be_entered_afterwards() -> None:
    state = apply(all_in_on_the_flop(), RunTwice())
    state = run_out(state)
    state = apply(state, Show(0, parse_cards("Ah Ad")))
    state = apply(state, Show(1, parse_cards("Kc Ks")))
    assert "enter the board first" in refused(state, Award(1))
    state = apply(state, Board(parse_cards("As 3h 2s Tc 7d")))
    assert "The second board's own cards is 2 cards so far" in refused(
        state, Board(parse_cards("Kd"), run=1)
    )
    assert "already on the table (the board)" in refused(state, Board(parse_cards("Tc Kd"), run=1))
    state = apply(state, Board(parse_cards("Kd Kh"), run=1))
    assert run_board(state, 1) == parse_cards("As 3h 2s Kd Kh")
    assert "cannot be changed" in refused(state, Board(parse_cards("Kd Qh"), run=1))


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        (lambda: _flop_all_in(HouseOptions()), "does not run it twice"),
        (lambda: start(holdem()), "only when betting is over"),
        (lambda: apply(all_in_on_the_flop(), RunTwice()), "already being run twice"),
        (lambda: apply(all_in_on_the_flop(), DealStreet()), "Too late to run it twice"),
    ],
)
def test_run_it_twice_is_refused(setup: object, message: str) -> None:
    state = setup()  # type: ignore[operator]
    assert not run_twice_allowed(state)
    assert message in refused(state, RunTwice())


def _flop_all_in(options: HouseOptions) -> HandState:
    state = start(holdem(options=options))
    state = apply(state, Call(1))
    state = apply(state, Check(0))
    state = apply(state, DealStreet())
    state = apply(state, AllIn(0))
    return apply(state, Call(1))


def test_the_option_and_the_action_are_stored() -> None:
    assert options_from_dict({}).run_it_twice is False  # options stored before it
    assert options_from_dict({"run_it_twice": True}).run_it_twice is True
    assert action_from_dict(action_to_dict(RunTwice())) == RunTwice()
    action = Board(parse_cards("Kd Kh"), run=1)
    assert action_from_dict(action_to_dict(action)) == action


def test_run_it_twice_survives_phh() -> None:
    config = holdem()
    actions: list[Action] = [
        Call(1),
        Check(0),
        DealStreet(board=parse_cards("As 3h 2s")),
        AllIn(0),
        Call(1),
        RunTwice(),
        DealStreet(board=parse_cards("Tc")),
        DealStreet(board=parse_cards("7d")),
        DealStreet(),
        DealStreet(),
        Board(parse_cards("Kd Kh"), run=1),
        Show(0, parse_cards("Ah Ad")),
        Show(1, parse_cards("Kc Ks")),
        Award(1),
        Award(0),
    ]
    state = start(config)
    for action in actions:
        state = apply(state, action)
    text = write_phh(config, actions, state)
    (hand,) = parse_phh(text)
    assert hand.state.runs == 2
    assert run_board(hand.state, 1) == run_board(state, 1)
    assert hand.state.payouts == state.payouts == (100, 100)


# --- chips are conserved ------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(data=st.data(), stacks=st.lists(st.integers(1, 60), min_size=2, max_size=5))
def test_run_twice_hands_conserve_chips(data: st.DataObject, stacks: list[int]) -> None:
    state = start(holdem(tuple(stacks)))
    total = sum(stacks)
    while not state.is_over:
        legal = legal_actions(state)
        if state.phase is Phase.BETTING:
            p = legal.player
            assert p is not None
            options: list[Action] = [AllIn(p)]
            if legal.check:
                options.append(Check(p))
            if legal.call:
                options.append(Call(p))
            action = data.draw(st.sampled_from(options))
            try:
                state = apply(state, action)
            except IllegalAction:
                state = apply(state, Check(p) if legal.check else Call(p))
        elif state.phase is Phase.DEAL:
            if run_twice_allowed(state) and data.draw(st.booleans()):
                state = apply(state, RunTwice())
            state = apply(state, DealStreet())
        else:
            assert legal.award_pot is not None
            winners = data.draw(st.lists(st.sampled_from(legal.eligible), min_size=1, unique=True))
            pot = state.pots[legal.award_pot]
            before = sum(state.payouts)
            state = apply(state, Award(legal.award_pot, tuple(winners)))
            assert sum(state.payouts) - before == pot.amount
        assert sum(state.stacks) + sum(state.contributions) == total
    assert sum(state.final_stacks()) == total
    if state.runs == 2:
        assert sum(p.amount for p in state.pots) == sum(state.contributions)
