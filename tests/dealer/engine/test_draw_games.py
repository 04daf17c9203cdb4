"""The seeds' draw games in the hand engine: seed 000's Mörkpoker (ante and straddle, the stub,
jackpots with openers, split openers, the false opener, the showdown order, table stakes) and
seed 003's 32/33-card game (a pass keeps the player in; coming back in at the exchange)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer.engine import (
    Award,
    Call,
    Check,
    Draw,
    Fold,
    HandConfig,
    HandState,
    HouseOptions,
    IllegalAction,
    Misdeal,
    Muck,
    Openers,
    Phase,
    Pot,
    Raise,
    Show,
    SplitCarried,
    SpreadLimit,
    Variant,
    apply,
    legal_actions,
    parse_cards,
    replay,
    show_order,
    special_deal,
    start,
)
from dealer.engine.actions import Action

SEED_000 = SpreadLimit(min_bet=1, max_bet=4, max_bet_late=8, open_to=4)


def play(config: HandConfig, *actions: Action) -> HandState:
    return replay(config, actions)


def refused(state: HandState, action: Action) -> str:
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    return str(info.value)


def draw5(players: int = 4, stacks: tuple[int, ...] = (), **kwargs: object) -> HandConfig:
    values: dict[str, object] = {
        "variant": Variant.DRAW5,
        "structure": SEED_000,
        "stacks": stacks or (100,) * players,
        "blinds": (1, 2) + (0,) * ((len(stacks) or players) - 2),
    }
    values.update(kwargs)
    return HandConfig(**values)  # type: ignore[arg-type]


def jackpot(players: int = 4, carried: int = 0, **kwargs: object) -> HandConfig:
    """Seed 000's jackpots: everyone antes 2, the opening bet is at least 6."""
    values: dict[str, object] = {
        "variant": Variant.DRAW5,
        "structure": SpreadLimit(min_bet=2, max_bet=10, open_min=6),
        "stacks": (100,) * players,
        "antes": (2,) * players,
        "jackpot": True,
        "carried": carried,
    }
    values.update(kwargs)
    return HandConfig(**values)  # type: ignore[arg-type]


def draw_all(state: HandState, count: int = 1) -> HandState:
    while state.phase is Phase.DRAW:
        state = apply(state, Draw(state.to_act or 0, count))
    return state


# --- seed 000: players, the stub -------------------------------------------------------------


def test_mörkpoker_is_for_up_to_seven_players() -> None:
    """ "Mörkpoker är ett vadsplagningsspel som spelas av upp till sju spelare." """
    assert start(draw5(7)).stub == 52 - 35
    with pytest.raises(IllegalAction, match="for 2 to 7 players, not 8"):
        start(draw5(8))


@pytest.mark.parametrize(("variant", "joker", "players", "stub"), [
    (Variant.DRAW5, False, 4, 32),
    (Variant.DRAW5, True, 7, 18),
    (Variant.DRAW5_SHORT, False, 4, 12),
    (Variant.DRAW5_SHORT, True, 3, 18),
])  # fmt: skip
def test_the_stub_is_the_deck_less_five_cards_each(
    variant: Variant, joker: bool, players: int, stub: int
) -> None:
    config = HandConfig(
        variant=variant,
        structure=SpreadLimit(min_bet=1, max_bet=4),
        stacks=(50,) * players,
        joker=joker,
    )
    assert start(config).stub == stub


def test_the_last_card_and_the_discards_become_a_new_stub() -> None:
    """Seed 000: "Om det bara finns ett kort kvar i talongen och alla ännu inte har köpt färdigt,
    tar givaren det kvarvarande kortet, lägger ihop det med alla kastkort, blandar dessa kort och
    lägger upp dem som ny talong." Seven players leave a stub of 17."""
    state = play(draw5(7), Raise(2, 4), *(Call(p) for p in (3, 4, 5, 6, 0, 1)))
    for p in (0, 1, 2):
        state = apply(state, Draw(p, 5))
    assert (state.stub, state.discards, legal_actions(state).stub) == (2, 15, 2)
    # Seat 4 takes three: one from the stub, then the last card and the 18 discards are shuffled.
    state = apply(state, Draw(3, 3))
    assert state.reshuffles == ((3, 19),)
    assert (state.stub, state.discards) == (17, 0)
    state = apply(state, Draw(4, 0))
    assert state.to_act == 5


def test_seed_003_renews_the_stub_only_when_it_is_empty() -> None:
    """Seed 003: "Ef stokkurinn klárast þá er þeim spilum sem búið er að skila safnað aftur." """
    config = HandConfig(
        variant=Variant.DRAW5_SHORT,
        structure=SpreadLimit(min_bet=1, max_bet=4),
        stacks=(50,) * 4,
    )
    state = play(config, Check(2), Check(1), Check(0), Check(3))
    assert state.phase is Phase.DRAW and state.stub == 12
    state = apply(state, Draw(state.to_act or 0, 5))
    state = apply(state, Draw(state.to_act or 0, 5))
    assert (state.stub, state.reshuffles) == (2, ())
    state = apply(state, Draw(state.to_act or 0, 4))
    assert state.reshuffles == ((state.draw_order[2], 14),)
    assert state.stub == 12


def test_a_player_draws_at_most_five() -> None:
    state = play(draw5(), Raise(2, 4), Call(3), Call(0), Call(1))
    assert "can draw 0 to 5 cards" in refused(state, Draw(0, 6))
    assert "turn to draw" in refused(state, Draw(2, 1))


# --- seed 000: the table-stakes example, the showdown order, special deals --------------------


def test_seed_000_table_stakes_example() -> None:
    """Seed 000's example: A bets 5, B raises to 15, C calls all-in with 10, A raises by 25 (35
    more), B folds: A wins the side pot; the main pot is between A and C."""
    structure = SpreadLimit(min_bet=1, max_bet=4, max_bet_late=25, open_to=4)
    config = draw5(stacks=(100, 100, 14), structure=structure)  # C has 10 left after the draw
    state = play(config, Raise(2, 4), Call(0), Call(1))
    state = draw_all(state)
    assert state.stacks == (96, 96, 10)
    state = play(config, Raise(2, 4), Call(0), Call(1), Draw(0), Draw(1), Draw(2))
    state = apply(state, Raise(0, 5))
    state = apply(state, Raise(1, 15))
    state = apply(state, Call(2))  # all-in for 10
    state = apply(state, Raise(0, 40))  # "sammanlagt 35 kronor": 5 + 35
    state = apply(state, Fold(1))
    # Main pot: the first round's 12 plus 10 each from A, B and C. The seed's side pot of 35 is
    # B's 5 and A's 30; Pott returns the 25 of A's raise nobody called (DESIGN.md: uncalled bets
    # are returned, never won) and pays A the other 10: A's stack ends the same.
    assert state.pots == (Pot(42, (0, 2)), Pot(10, (0,)))
    assert (state.payouts, state.returned) == ((10, 0, 0), (25, 0, 0))
    state = apply(state, Award(0, (2,)))
    assert state.final_stacks() == (100 - 4 - 5 - 35 + 35, 81, 42)


def test_the_last_bettor_shows_first() -> None:
    """ "Den spelare som sist gjorde en inledande satsning eller höjning visar först." """
    config = draw5(options=HouseOptions(late_rounds_left_of_big_blind=True))
    state = play(config, Raise(2, 4), Call(3), Call(0), Call(1))
    state = draw_all(state)
    state = play(config, Raise(2, 4), Call(3), Call(0), Call(1), Draw(0), Draw(1), Draw(2), Draw(3))
    assert state.to_act == 2  # left of the straddle
    state = apply(state, Check(2))
    state = apply(state, Raise(3, 4))
    for p in (0, 1, 2):
        state = apply(state, Call(p))
    assert state.phase is Phase.SHOWDOWN
    assert show_order(state) == (3, 0, 1, 2)


def test_when_everyone_passed_they_show_in_speaking_order() -> None:
    config = draw5(options=HouseOptions(late_rounds_left_of_big_blind=True))
    state = play(config, Raise(2, 4), Call(3), Fold(0), Call(1), Draw(1), Draw(2), Draw(3))
    for p in (2, 3, 1):
        state = apply(state, Check(p))
    assert show_order(state) == (2, 3, 1)


@pytest.mark.parametrize(("actions", "special"), [
    # "ingen spelare gick med i den första satsningsomgången och straddlen vann"
    ((Fold(2), Fold(3), Fold(0)), True),
    # "en spelare gick med utan att höja och övriga spelare omedelbart lade sig"
    ((Raise(2, 4), Fold(3), Fold(0), Fold(1)), True),
    # a raise: not special
    ((Raise(2, 4), Raise(3, 8), Fold(0), Fold(1), Fold(2)), False),
])  # fmt: skip
def test_special_deals(actions: tuple[Action, ...], special: bool) -> None:
    state = play(draw5(), *actions)
    assert state.phase is Phase.COMPLETE
    assert special_deal(state) is special


def test_a_played_deal_is_not_special() -> None:
    state = play(draw5(2, stacks=(10, 10)), Raise(0, 4), Call(1))
    assert not special_deal(state)


# --- seed 000: jackpots ------------------------------------------------------------------------


def test_jackpot_nobody_opens_the_pot_stays_for_the_next_deal() -> None:
    """ "Om alla spelarna inleder med att passa, avslutas givnen. Spelarnas ante ligger kvar i
    potten" - and the next deal everyone antes again ("ante alltid sätts")."""
    state = play(jackpot(), *(Check(p) for p in range(4)))
    assert state.phase is Phase.COMPLETE
    assert (state.carried_out, state.final_stacks()) == (8, (98,) * 4)
    # The next deal: 8 carried, 8 more in antes; nobody opens again.
    state = play(jackpot(carried=8), *(Check(p) for p in range(4)))
    assert (state.carried_out, state.final_stacks()) == (16, (98,) * 4)
    # The third: someone opens and takes everything.
    state = play(jackpot(carried=16), Raise(0, 6, openers=True), Fold(1), Fold(2), Fold(3))
    assert state.phase is Phase.SHOWDOWN and legal_actions(state).check_openers == 0
    state = apply(state, Openers(0))
    assert state.final_stacks() == (98 + 24, 98, 98, 98)
    assert state.carried_out == 0


def test_jackpot_opening_needs_a_claim_and_the_minimum() -> None:
    state = start(jackpot())
    legal = legal_actions(state)
    assert legal.needs_openers and legal.check and (legal.raise_min, legal.raise_max) == (6, 10)
    assert "only with jacks or better" in refused(state, Raise(0, 6))
    assert "from 6 to 10" in refused(state, Raise(0, 5, openers=True))
    state = apply(state, Raise(0, 6, openers=True))
    assert state.opener == 0
    assert not legal_actions(state).needs_openers  # raises need no openers


def test_jackpot_second_round_starts_left_of_the_dealer() -> None:
    state = play(jackpot(), Check(0), Raise(1, 6, openers=True), Call(2), Fold(3), Call(0))
    state = draw_all(state, 0)
    assert state.to_act == 0


def test_split_openers_are_recorded_for_the_opener_only() -> None:
    state = play(jackpot(), Raise(0, 6, openers=True), Call(1), Fold(2), Fold(3))
    assert "Only the opener" in refused(apply(state, Draw(0, 1)), Draw(1, 1, split_openers=True))
    state = apply(state, Draw(0, 1, split_openers=True))
    assert state.split_openers


def test_false_opener_at_the_showdown_cannot_win() -> None:
    """ "Om det blir visning och vinnaren öppnade utan att uppfylla kravet, vinner den aktiva
    spelaren med näst bäst pokerhand potten." """
    state = play(
        jackpot(),
        Raise(0, 6, openers=True),
        Call(1),
        Fold(2),
        Fold(3),
        Draw(0, 1),
        Draw(1, 2),
        Check(0),
        Check(1),
    )
    assert state.phase is Phase.SHOWDOWN
    assert legal_actions(state).check_openers == 0
    assert "did seat 1 show openers" in refused(state, Award(0, (1,)))
    state = apply(state, Openers(0, shown=False))
    # The false opener cannot win: the other player still in takes the pot.
    assert state.phase is Phase.COMPLETE
    assert state.final_stacks() == (92, 100 - 8 + 20, 98, 98)
    assert state.carried_out == 0


def test_all_fold_to_a_false_opener_replays_the_same_pot_without_them() -> None:
    """ "Om kravet inte är uppfyllt, spelas på nytt om samma pott med samma givare, dock utan
    att den felande får delta. Spelarna sätter i detta fall inte någon ny ante." """
    state = play(jackpot(carried=4), Check(0), Raise(1, 6, openers=True), Fold(2), Fold(3), Fold(0))
    state = apply(state, Openers(1, shown=False))
    assert state.phase is Phase.COMPLETE
    assert state.replay_without == 1
    # The opener's uncalled bet comes back; the antes and the carried chips stay for the replay.
    assert state.carried_out == 12
    assert state.final_stacks() == (98, 98, 98, 98)


def test_an_opener_who_shows_openers_wins_the_folded_pot() -> None:
    state = play(jackpot(), Check(0), Raise(1, 6, openers=True), Fold(2), Fold(3), Fold(0))
    state = apply(state, Openers(1))
    assert state.final_stacks() == (98, 106, 98, 98)


def test_five_or_fewer_the_opening_is_free_but_no_pass() -> None:
    """ "Spelarna får inte passa i den första satsningsrundan, utan valet innan potten är
    öppnad står mellan att lägga sig eller att öppna potten." """
    config = jackpot(jackpot=False, open_or_fold=True)
    state = start(config)
    legal = legal_actions(state)
    assert (legal.check, legal.fold, legal.needs_openers) == (False, True, False)
    assert "cannot check" in refused(state, Check(0))
    # "Om alla lägger sig fram till givaren, vinner hen potten utan visning."
    state = play(config, Fold(0), Fold(1), Fold(2))
    assert state.final_stacks() == (98, 98, 98, 106)


def test_a_misdeal_gives_a_carried_pot_back_to_the_table() -> None:
    state = apply(start(jackpot(carried=8)), Misdeal())
    assert state.phase is Phase.VOID and state.carried_out == 8


# --- seed 003: the 32/33-card game ---------------------------------------------------------------


def short(players: int = 4) -> HandConfig:
    return HandConfig(
        variant=Variant.DRAW5_SHORT,
        structure=SpreadLimit(min_bet=2, max_bet=10),
        stacks=(50,) * players,
    )


def test_seed_003_is_for_three_or_four_players() -> None:
    """ "Leikur með þremur til fjórum leikmönnum." """
    for players in (2, 5):
        with pytest.raises(IllegalAction, match="for 3 to 4 players"):
            start(short(players))


def test_seed_003_a_pass_stays_in_and_comes_back_at_the_exchange() -> None:
    """ "Pass. Og þarf ekki að borga veðmálið í pottinn en getur beðið frekari þróunnar" and
    "Leikmaður sem hefur áður passað getur ennþá ákveðið ef hann vill halda áfram. Hann verður
    þá að borga sömu upphæð." """
    state = start(short())
    assert state.to_act == 2  # right of the dealer
    state = apply(state, Check(2))  # pass
    state = apply(state, Raise(1, 2))
    legal = legal_actions(state)
    assert (legal.player, legal.check, legal.fold, legal.call) == (0, True, False, 2)
    state = apply(state, Check(0))  # passes at 2
    state = apply(state, Call(3))
    # The first passer is asked again (someone bet since) and passes again.
    assert state.to_act == 2
    state = apply(state, Check(2))
    assert state.phase is Phase.DRAW
    # "Every bet stays in the pot": nothing comes back; who passed owes 2.
    assert state.owed == (2, 0, 2, 0)
    # The exchange: the highest bettor first, the dealer last.
    assert state.draw_order == (1, 0, 2, 3)
    state = apply(state, Draw(1, 2))
    legal = legal_actions(state)
    assert (legal.player, legal.join, legal.fold) == (0, 2, True)
    state = apply(state, Draw(0, 1))  # comes back in: pays 2
    state = apply(state, Fold(2))  # stays out
    assert "is in the hand" in refused(state, Fold(3))
    state = apply(state, Draw(3, 0))
    assert state.contributions == (2, 2, 0, 2)
    # "Leikmaður sem átti hæsta boð í fyrstu umferð byrjar."
    assert state.phase is Phase.BETTING and state.to_act == 1


def test_seed_003_when_all_but_one_pass_the_last_wins_without_showing() -> None:
    state = play(short(3), Raise(1, 2), Check(0), Check(2))
    state = apply(state, Draw(1, 0))
    state = apply(state, Fold(0))
    state = apply(state, Fold(2))
    assert state.phase is Phase.COMPLETE
    assert state.final_stacks() == (50, 50, 50)


# --- the joker at the showdown ---------------------------------------------------------------


@pytest.mark.parametrize(("royal_over_five", "winner"), [(False, 1), (True, 0)])
def test_seed_000_joker_five_of_a_kind_and_the_royal_flush_option(
    royal_over_five: bool, winner: int
) -> None:
    """ "Femtal ... Fyra kort av samma valör och jokern"; "I vissa kretsar som spelar med joker
    räknas royal flush som högre än femtal." """
    options = HouseOptions(royal_over_five=royal_over_five)
    config = draw5(2, stacks=(10, 10), joker=True, options=options)
    state = play(config, Raise(0, 4), Call(1), Draw(0), Draw(1), Check(0), Check(1))
    state = apply(state, Show(0, parse_cards("Ad Kd Qd Jd Td")))
    state = apply(state, Show(1, parse_cards("9h 9d 9c 9s Jk")))
    state = apply(state, Award(0))
    assert state.payouts[winner] == 8


# --- properties: chips are conserved across carried pots; the stub never goes negative ---------


def _random_action(data: st.DataObject, state: HandState) -> Action:
    legal = legal_actions(state)
    p = legal.player if legal.player is not None else -1
    if state.phase is Phase.DRAW:
        options: list[Action] = [Draw(p, n, split_openers=state.opener == p) for n in range(6)]
        if legal.fold:
            options.append(Fold(p))
        return data.draw(st.sampled_from(options))
    if state.phase is Phase.SHOWDOWN:
        if legal.check_openers is not None:
            return Openers(legal.check_openers, shown=data.draw(st.booleans()))
        winners = data.draw(st.lists(st.sampled_from(legal.eligible), min_size=1, unique=True))
        return Award(legal.award_pot or 0, tuple(winners))
    options = []
    if legal.fold:
        options.append(Fold(p))
    if legal.check:
        options.append(Check(p))
    if legal.call:
        options.append(Call(p))
    if legal.raise_min:
        to = data.draw(st.integers(legal.raise_min, legal.raise_max))
        options.append(Raise(p, to, openers=legal.needs_openers))
    return data.draw(st.sampled_from(options))


@settings(max_examples=150, deadline=None)
@given(
    data=st.data(),
    players=st.integers(2, 7),
    deals=st.integers(1, 6),
    joker=st.booleans(),
    passing=st.integers(0, 3),
)
def test_jackpots_carried_over_several_deals_conserve_every_chip(
    data: st.DataObject, players: int, deals: int, joker: bool, passing: int
) -> None:
    stacks = tuple(data.draw(st.integers(3, 60)) for _ in range(players))
    total = sum(stacks)
    carried = 0
    for _ in range(deals):
        able = tuple(s for s in stacks if s > 0)
        if len(able) < 2:
            break
        config = jackpot(len(able), carried=carried, stacks=able, joker=joker)
        state = start(config)
        steps = 0
        while not state.is_over:
            assert state.stub >= 0 and state.discards >= 0
            # Often everyone passes, so that pots carry over several deals.
            legal = legal_actions(state)
            if legal.check and legal.needs_openers and steps < passing * 10:
                action: Action = Check(legal.player or 0)
            else:
                action = _random_action(data, state)
            state = apply(state, action)
            steps += 1
        assert state.stub >= 0
        stacks = state.final_stacks()
        carried = state.carried_out
        assert sum(stacks) + carried == total


def test_a_carried_pot_can_be_shared_out_only_in_a_deal_without_forced_bets() -> None:
    config = jackpot(3, carried=7, antes=())
    state = apply(start(config), SplitCarried())
    # 7 between three: 3, 2, 2 (the odd chip to the first left of the button).
    assert state.final_stacks() == (103, 102, 102)
    assert state.carried_out == 0
    assert "without antes or blinds" in refused(start(jackpot(3, carried=7)), SplitCarried())
    assert "no carried pot" in refused(start(jackpot(3, antes=())), SplitCarried())


def test_a_muck_waits_for_the_openers_check() -> None:
    state = play(
        jackpot(),
        Raise(0, 6, openers=True),
        Call(1),
        Call(2),
        Fold(3),
        Draw(0, 1),
        Draw(1, 2),
        Draw(2, 3),
        Check(0),
        Check(1),
        Check(2),
    )
    assert "did seat 1 show openers" in refused(state, Muck(1))
    state = apply(state, Muck(0))  # the opener gives up: no openers to check
    assert legal_actions(state).check_openers is None
