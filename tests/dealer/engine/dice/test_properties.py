"""Hypothesis properties of whole games played with random dice and random legal choices.

Checked after every action: chips plus pot always equal the chips the players started with, and
nobody's chips are negative. At the end: the game is over with one player able to play on, and
replaying the log gives the same state.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer.engine.dice import (
    FACES,
    Accept,
    Call,
    Claim,
    LiarsConfig,
    PokerDiceConfig,
    RollAces,
    Show,
    liars,
    poker_dice,
)

dice = st.tuples(*[st.sampled_from(FACES)] * 5)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.integers(2, 5), st.integers(1, 8), st.integers(1, 4))
def test_poker_dice_conserves_chips(data: st.DataObject, n: int, chips: int, stake: int) -> None:
    config = PokerDiceConfig(
        names=tuple(f"P{p}" for p in range(n)), chips=chips * stake, stake=stake
    )
    state = poker_dice.start(config)
    log = []
    for _ in range(300):
        if state.is_over:
            break
        legal = poker_dice.legal_actions(state)
        assert legal.player is not None
        rolls = data.draw(st.integers(1, legal.max_rolls)) if legal.sets_rolls else None
        action = Show(legal.player, data.draw(dice), rolls=rolls)
        state = poker_dice.apply(state, action)
        log.append(action)
        assert sum(state.chips) + state.pot == n * config.chips
        assert min(state.chips) >= 0
    assert poker_dice.replay(config, log) == state


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.integers(2, 5), st.integers(1, 4), st.integers(1, 3))
def test_liars_dice_conserves_chips_to_the_last_player(
    data: st.DataObject, n: int, chips: int, stake: int
) -> None:
    config = LiarsConfig(names=tuple(f"P{p}" for p in range(n)), chips=chips, stake=stake)
    state = liars.start(config)
    log = []
    while not state.is_over:
        legal = liars.legal_actions(state)
        p = legal.player
        assert p is not None
        if legal.phase is liars.Phase.CLAIM:
            action = Claim(p, data.draw(st.sampled_from(legal.claims)))
        elif legal.phase is liars.Phase.ANSWER:
            accept = data.draw(st.booleans())
            action = Accept(p) if accept else Call(p, data.draw(dice))
        else:
            action = RollAces(p, data.draw(dice))
        state = liars.apply(state, action)
        log.append(action)
        assert sum(state.chips) + state.pot == n * chips
        assert min(state.chips) >= 0
        assert all(state.chips[q] == 0 for q in state.out)
    assert state.winner is not None and state.pot == 0
    assert state.chips[state.winner] == n * chips
    assert len(state.out) == n - 1
    assert liars.replay(config, log) == state
