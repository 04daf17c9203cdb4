"""Hypothesis properties of whole Poker-Deluxe evenings, played with random legal actions.

Random variants, tables, rounds and (small) starting chips, so that players go broke; random
purchases up to what `legal_actions` offers; hands dealt from a shuffled deck and shown by
combination or by cards, with the cards when a tie asks for them. Checked after every action:
chips and bank always add up to the chips the players started with; nobody's chips are
negative; the offered purchase is accepted and one card more is refused. At the end: the evening
is over after the agreed deals or with a broke player; replaying the log gives the same state.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer.engine.cards import Card, standard_deck
from dealer.engine.deluxe import (
    Buy,
    ChipColour,
    DeluxeConfig,
    DeluxeState,
    IllegalAction,
    Phase,
    Show,
    apply,
    classify,
    legal_actions,
    max_players,
    replay,
    start,
)

DECK = standard_deck()


@st.composite
def configs(draw: st.DrawFn) -> DeluxeConfig:
    cards = draw(st.integers(4, 8))
    n = draw(st.integers(2, max_players(cards)))
    return DeluxeConfig(
        cards=cards,
        names=tuple(f"P{p}" for p in range(n)),
        youngest_first=tuple(draw(st.permutations(range(n)))),
        rounds=draw(st.integers(1, 3)),
        chip_set=(ChipColour("weiß", 1, draw(st.integers(1, 60))),),
    )


def check(state: DeluxeState) -> None:
    config = state.config
    assert sum(state.chips) + state.bank == config.players * config.starting_chips
    assert all(c >= 0 for c in state.chips)
    assert state.bank >= 0


def play(data: st.DataObject, config: DeluxeConfig) -> tuple[DeluxeState, list[Buy | Show]]:
    state = start(config)
    log: list[Buy | Show] = []
    hands: list[tuple[Card, ...]] = []
    while not state.is_over:
        check(state)
        legal = legal_actions(state)
        action: Buy | Show
        if legal.phase is Phase.BUYING:
            assert legal.player is not None
            if legal.buy_max < 4:
                try:
                    apply(state, Buy(legal.player, legal.buy_max + 1))
                except IllegalAction:
                    pass
                else:
                    raise AssertionError("a purchase the chips do not pay for was accepted")
            action = Buy(legal.player, data.draw(st.integers(0, legal.buy_max)))
        else:
            if not any(state.shown):
                deck = data.draw(st.permutations(DECK))
                n = config.cards
                hands = [tuple(deck[p * n : (p + 1) * n]) for p in range(config.players)]
            if legal.to_show:
                p = data.draw(st.sampled_from(legal.to_show))
                if data.draw(st.booleans()):
                    action = Show(p, cards=hands[p])
                else:
                    action = Show(p, combo=classify(config.cards, hands[p]).combo)
            else:
                assert legal.needs_cards
                p = data.draw(st.sampled_from(legal.needs_cards))
                action = Show(p, cards=hands[p])
        state = apply(state, action)
        log.append(action)
        assert len(log) < 1000
    check(state)
    return state, log


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(config=configs(), data=st.data())
def test_random_evenings_conserve_chips_and_end_as_agreed(
    config: DeluxeConfig, data: st.DataObject
) -> None:
    state, log = play(data, config)
    assert state.is_over
    played = len(state.results)
    assert 1 <= played <= config.deals
    if played < config.deals:
        assert state.broke and all(state.chips[p] == 0 for p in state.broke)
    else:
        assert state.broke or min(state.chips) > 0
    assert all(state.chips[w] == max(state.chips) for w in state.winners)
    for result in state.results:
        owed = {pay.payer: pay for pay in result.payments if pay.payer is not None}
        for p, shown in enumerate(result.shown):
            difference = result.shown[result.winner].points - shown.points
            if p == result.winner or difference == 0:
                assert p not in owed
            else:
                assert owed[p].owed == difference
    assert replay(config, log) == state
