"""Liar's dice ("blekking"): claims to the left, bluffs called, five aces, the last one wins."""

from __future__ import annotations

import pytest

from dealer.engine.dice import (
    Accept,
    Call,
    Claim,
    Ending,
    Hand,
    IllegalAction,
    LiarsConfig,
    LiarsState,
    RollAces,
)
from dealer.engine.dice.liars import Phase, apply, legal_actions, replay, start

NAMES = ("Anna", "Bjarni", "Dóra")


def game(chips: int = 3, stake: int = 1, names: tuple[str, ...] = NAMES) -> LiarsState:
    return start(LiarsConfig(names=names, chips=chips, stake=stake))


def test_the_claim_passes_to_the_left() -> None:
    state = apply(game(), Claim(0, Hand.of("PAIR", "K")))
    assert (state.phase, state.to_act) == (Phase.ANSWER, 1)
    assert legal_actions(state).last == Hand.of("PAIR", "K")


def test_called_the_dice_hold_the_claim_so_the_caller_pays_and_starts() -> None:
    state = apply(game(), Claim(0, Hand.of("PAIR", "K")))
    state = apply(state, Call(1, "K K A 9 10"))  # equal is enough: "jöfn eða jafnvel hærri"
    result = state.results[0]
    assert (result.ending, result.held, result.payer, result.paid) == (Ending.CALLED, True, 1, 1)
    assert state.chips == (3, 2, 3) and state.pot == 1
    assert (state.round, state.phase, state.to_act, state.claims) == (2, Phase.CLAIM, 1, ())


def test_called_the_dice_beat_the_claim_so_the_caller_pays() -> None:
    state = apply(game(), Claim(0, Hand.of("PAIR", "K")))
    state = apply(state, Call(1, "9 9 9 A K"))
    assert state.results[0].payer == 1


def test_called_a_bluff_the_claimant_pays_and_starts() -> None:
    state = apply(game(), Claim(0, Hand.of("PAIR", "K")))
    state = apply(state, Call(1, "Q Q A 9 10"))
    assert state.results[0].payer == 0
    assert state.chips == (2, 3, 3) and state.to_act == 0


def test_accepted_the_claim_must_go_higher() -> None:
    state = apply(game(), Claim(0, Hand.of("PAIR", "J")))
    state = apply(state, Accept(1))
    assert (state.phase, state.to_act) == (Phase.CLAIM, 1)
    assert min(legal_actions(state).claims) == Hand.of("PAIR", "Q")
    for claim in [Hand.of("PAIR", "J"), Hand.of("PAIR", "10"), "9 10 J Q A"]:
        before = state
        with pytest.raises(IllegalAction, match="Bjarni must claim"):
            apply(state, Claim(1, claim))
        assert state == before
    # "eitt par af kóng, ef síðast leikmaður hefur tilkynnt eitt par af gosa"
    state = apply(state, Claim(1, Hand.of("PAIR", "K")))
    state = apply(state, Accept(2))
    state = apply(state, Claim(2, Hand.of("TWO_PAIRS", "10", "9")))  # a higher combination
    assert [c.player for c in state.claims] == [0, 1, 2]
    assert state.to_act == 0


def test_five_aces_accepted_must_be_rolled() -> None:
    state = apply(game(), Claim(0, "A A A A A"))
    state = apply(state, Accept(1))
    assert state.phase is Phase.ACES
    with pytest.raises(IllegalAction, match="roll for them"):
        apply(state, Claim(1, "A A A A A"))
    made = apply(state, RollAces(1, "A A A A A"))
    assert (made.results[0].ending, made.results[0].payer) == (Ending.ACES, 0)
    missed = apply(state, RollAces(1, "A A A A K"))
    assert missed.results[0].payer == 1


def test_five_aces_can_be_called() -> None:
    state = apply(game(), Claim(0, "A A A A A"))
    state = apply(state, Call(1, "A A A A K"))
    assert state.results[0].payer == 0


def test_an_evening_to_the_last_player() -> None:
    state = replay(
        LiarsConfig(names=NAMES, chips=2, stake=1),
        [
            Claim(0, Hand.of("PAIR", "K")),
            Call(1, "Q Q 9 10 J"),  # a bluff: Anna pays, 1 left
            Claim(0, Hand.of("PAIR", "9")),
            Accept(1),
            Claim(1, Hand.of("THREE_OF_A_KIND", "A")),
            Call(2, "A A A 9 9"),  # held: Dóra pays, 1 left, starts
            Claim(2, Hand.of("PAIR", "A")),
            Call(0, "A A K Q J"),  # held: Anna pays her last chip and is out
        ],
    )
    assert state.out == (0,)
    assert state.chips == (0, 2, 1) and state.pot == 3
    assert state.to_act == 1  # Anna lost but is out: the next to her left starts
    with pytest.raises(IllegalAction, match="Anna is out"):
        apply(state, Claim(0, Hand.of("PAIR", "A")))
    state = apply(state, Claim(1, Hand.of("PAIR", "9")))
    assert state.to_act == 2  # the claim skips nobody: Dóra is left of Bjarni
    state = apply(state, Accept(2))
    state = apply(state, Claim(2, Hand.of("PAIR", "10")))
    assert state.to_act == 1  # Anna is out: the claim passes over her
    state = apply(state, Call(1, "9 9 10 J Q"))  # a bluff: Dóra pays her last chip
    assert state.is_over and state.winner == 1 and state.won == 4
    assert state.chips == (0, 6, 0) and state.pot == 0
    assert [r.payer for r in state.results] == [0, 2, 0, 2]
    with pytest.raises(IllegalAction, match="over"):
        apply(state, Claim(1, Hand.of("PAIR", "A")))


def test_a_short_loser_pays_what_they_have_and_is_out() -> None:
    state = game(chips=3, stake=5)
    state = apply(state, Claim(0, Hand.of("PAIR", "K")))
    state = apply(state, Call(1, "9 10 J Q A"))
    result = state.results[0]
    assert (result.paid, result.owed, result.out) == (3, 5, True)


@pytest.mark.parametrize(
    ("actions", "bad", "message"),
    [
        ([], Claim(0, "9 10 J Q K A"), "5 dice, not 6"),
        ([], Claim(0, "9 10 J Q 8"), "not a face of a poker die"),
        ([], Claim(0, Hand.of("NOTHING")), "a pair at least"),
        ([], Claim(1, Hand.of("PAIR", "K")), "It is Anna's turn, not Bjarni's"),
        ([], Accept(0), "Nothing to accept"),
        ([], Call(0, "9 9 9 9 9"), "Nothing to call"),
        ([], RollAces(0, "A A A A A"), "has not accepted five aces"),
        ([Claim(0, Hand.of("PAIR", "K"))], Claim(1, Hand.of("PAIR", "A")), "first accept"),
        ([Claim(0, Hand.of("PAIR", "K"))], Call(1, "9 10 J Q K A"), "5 dice, not 6"),
        ([Claim(0, Hand.of("PAIR", "K"))], Call(2, "9 9 10 J Q"), "Bjarni's turn"),
        ([], Claim(9, Hand.of("PAIR", "K")), "no player 9"),
        ([], "blekking", "not a liar's dice action"),
    ],
)
def test_bad_input_is_refused_and_nothing_changes(actions: list, bad: object, message: str) -> None:
    state = replay(game().config, actions)
    before = state
    with pytest.raises(IllegalAction, match=message):
        apply(state, bad)  # type: ignore[arg-type]
    assert state == before
