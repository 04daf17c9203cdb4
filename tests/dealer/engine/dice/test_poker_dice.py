"""Poker dice for a pot: stakes, the rolls the first player sets, ties replayed, who starts."""

from __future__ import annotations

import pytest

from dealer.engine.dice import (
    Hand,
    IllegalAction,
    PokerDiceConfig,
    PokerDiceState,
    Show,
    poker_dice,
)
from dealer.engine.dice.poker_dice import Phase, apply, legal_actions, replay, start


def game(names: tuple[str, ...] = ("Anna", "Bjarni", "Dóra"), **kw: object) -> PokerDiceState:
    config = {"chips": 10, "stake": 2, **kw}
    return start(PokerDiceConfig(names=names, **config))  # type: ignore[arg-type]


def test_every_player_puts_the_stake_in_the_pot() -> None:
    state = game()
    assert state.pot == 6
    assert state.chips == (8, 8, 8)
    assert state.players == (0, 1, 2)
    assert state.to_show == 0


def test_the_first_player_sets_the_rolls_for_everyone() -> None:
    state = game()
    assert legal_actions(state).sets_rolls
    state = apply(state, Show(0, "K K 9 9 A", rolls=2))
    legal = legal_actions(state)
    assert (legal.player, legal.sets_rolls, legal.max_rolls) == (1, False, 2)
    with pytest.raises(IllegalAction, match="Bjarni may roll 1 to 2 times: Anna"):
        apply(state, Show(1, "A A A 9 10", rolls=3))
    assert apply(state, Show(1, "A A A 9 10")).shown[-1].rolls is None


def test_the_first_player_must_say_how_many_rolls() -> None:
    with pytest.raises(IllegalAction, match="say how many times"):
        apply(game(), Show(0, "K K 9 9 A"))
    with pytest.raises(IllegalAction, match="1 to 3 times, not 4"):
        apply(game(), Show(0, "K K 9 9 A", rolls=4))


def test_the_highest_hand_takes_the_pot_and_the_lowest_starts_next() -> None:
    state = replay(
        game().config,
        [
            Show(0, "K K 9 9 A", rolls=3),
            Show(1, "9 10 J Q A"),  # nothing: the lowest
            Show(2, "A A A 9 10"),
        ],
    )
    result = state.results[0]
    assert (result.winner, result.loser, result.pot, result.replays) == (2, 1, 6, 0)
    assert state.chips == (6, 6, 12)  # and the next stakes are in
    assert state.pot == 6
    assert state.round == 2
    assert state.players == (1, 2, 0)
    assert state.to_show == 1


def test_a_combination_can_be_entered_instead_of_dice() -> None:
    state = apply(game(), Show(0, Hand.of("FULL_HOUSE", "J", "9"), rolls=1))
    assert str(state.shown[0].hand) == "a full house, three jacks and two nines"


def test_a_tie_is_replayed_between_the_tied_players_only() -> None:
    state = replay(
        game(names=("A", "B", "C", "D")).config,
        [
            Show(0, "K K 9 10 J", rolls=1),  # the odd dice do not count: a tie with D
            Show(1, "Q Q 9 10 J"),
            Show(2, "9 10 J Q A"),
            Show(3, "K K A Q 9"),
        ],
    )
    assert state.playing == (0, 3)
    assert state.pot == 8 and state.round == 1
    assert legal_actions(state).replay and legal_actions(state).sets_rolls
    with pytest.raises(IllegalAction, match="B is not in the replay: only A, D play again"):
        apply(state, Show(1, "A A A A A", rolls=1))
    state = apply(state, Show(0, "9 9 9 10 J", rolls=3))  # the replay's first sets its rolls
    state = apply(state, Show(3, "J J J Q K"))
    result = state.results[0]
    assert (result.winner, result.loser, result.replays) == (3, 2, 1)
    assert state.chips == (6, 6, 6, 14)


def test_when_everyone_ties_the_replay_finds_the_lowest_too() -> None:
    state = replay(
        game(names=("A", "B")).config,
        [
            Show(0, "9 10 J Q K", rolls=3),
            Show(1, "K Q J 10 9"),
            Show(0, "A A 9 10 J", rolls=2),
            Show(1, "9 9 10 J Q"),
        ],
    )
    assert (state.results[0].winner, state.results[0].loser) == (0, 1)
    assert state.players == (1, 0)


def test_equal_lowest_the_first_of_them_in_playing_order_starts() -> None:
    state = replay(
        game(first=1).config,
        [Show(1, "A A A A 9", rolls=1), Show(2, "9 9 10 J Q"), Show(0, "9 9 K Q A")],
    )
    assert state.results[0].loser == 2


def test_a_player_whose_chips_do_not_cover_the_stake_is_out_and_the_last_wins() -> None:
    state = game(names=("A", "B"), chips=3, stake=2)
    state = apply(state, Show(0, "A A A A A", rolls=1))
    state = apply(state, Show(1, "9 9 10 J Q"))
    assert state.is_over and state.phase is Phase.OVER
    assert state.out == (1,)
    assert state.chips == (5, 1) and state.pot == 0
    assert state.winner == 0
    with pytest.raises(IllegalAction, match="over"):
        apply(state, Show(1, "A A A A A", rolls=1))


def test_an_out_player_acting_is_refused() -> None:
    config = game(names=("A", "B", "C"), chips=4, stake=2).config
    state = replay(
        config,
        [
            Show(0, "A A A A A", rolls=1),
            Show(1, "9 9 10 J Q"),  # the lowest: starts round 2
            Show(2, "K K Q J A"),
            Show(1, "A A A A A", rolls=1),
            Show(2, "9 9 10 J Q"),  # the lowest, with no chips for round 3's stake
            Show(0, "K K Q J A"),
        ],
    )
    assert state.out == (2,)
    assert state.chips == (4, 4, 0) and state.pot == 4
    assert state.players == (0, 1)  # C would have started: the next to C's left does
    before = state
    with pytest.raises(IllegalAction, match="C is out: their 0 chips do not cover the stake of 2"):
        apply(state, Show(2, "A A A A A", rolls=1))
    assert state == before


def test_the_agreed_rounds_end_the_game() -> None:
    state = game(names=("A", "B"), rounds=1)
    state = apply(state, Show(0, "A A 9 10 J", rolls=1))
    state = apply(state, Show(1, "9 9 10 J Q"))
    assert state.is_over and state.chips == (12, 8) and state.winner == 0


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Show(0, "9 10 J Q K A", rolls=1), "5 dice, not 6"),
        (Show(0, "2 10 J Q K", rolls=1), "not a face of a poker die"),
        (Show(0, (9, 10, 11, 12, 7), rolls=1), "not a face of a poker die"),
        (Show(1, "9 10 J Q K"), "It is Anna's turn, not Bjarni's"),
        (Show(5, "9 10 J Q K", rolls=1), "no player 5"),
        (Show(0, "9 10 J Q K", rolls=0), "1 to 3 times"),
        ("roll", "not a poker dice action"),
    ],
)
def test_bad_input_is_refused_and_nothing_changes(action: object, message: str) -> None:
    state = game()
    with pytest.raises(IllegalAction, match=message):
        apply(state, action)  # type: ignore[arg-type]
    assert state == game()


def test_showing_twice_is_refused() -> None:
    state = apply(game(), Show(0, "9 10 J Q K", rolls=1))
    with pytest.raises(IllegalAction, match="Anna has already shown"):
        apply(state, Show(0, "A A A A A"))


@pytest.mark.parametrize(
    ("kw", "message"),
    [
        ({"names": ("A",)}, "2 to 20 players"),
        ({"names": ("A", "A")}, "same name"),
        ({"names": ("A", " ")}, "needs a name"),
        ({"stake": 0}, "stake must be"),
        ({"stake": 11}, "more than a player's 10 chips"),
        ({"chips": -1}, "starting chips"),
        ({"first": 3}, "no player 3"),
        ({"rounds": 0}, "rounds"),
    ],
)
def test_bad_configurations_are_refused(kw: dict[str, object], message: str) -> None:
    config = {"names": ("A", "B", "C"), "chips": 10, "stake": 2, **kw}
    with pytest.raises(IllegalAction, match=message):
        poker_dice.start(PokerDiceConfig(**config))  # type: ignore[arg-type]
