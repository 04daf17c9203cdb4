"""Seed 004, five-card stud ("Femstöt"), with the seed's own limits: 1-2 kr, bring-in 1 kr.

Positions as in test_hand.py: 0 is the first player left of the button; seat numbers in
messages are position+1.
"""

from __future__ import annotations

import pytest

from dealer.engine import (
    Award,
    BringIn,
    Call,
    Check,
    DealStreet,
    FirstSpeaker,
    FixedLimit,
    Fold,
    HandConfig,
    HandState,
    HouseOptions,
    IllegalAction,
    NoLimit,
    OpenPair,
    Phase,
    PotLimit,
    Raise,
    StudTie,
    Variant,
    apply,
    first_speaker_reason,
    legal_actions,
    parse_card,
    parse_cards,
    replay,
    start,
)
from dealer.engine.actions import Action
from dealer.engine.codec import config_from_dict, config_to_dict, options_from_dict
from dealer.engine.phh import parse_phh, write_phh

# Seed 004: "Vi antar också för enkelhetens skull att limitarna är 1 respektive 2 kr" and
# "Storleken på bring-in är normalt samma som X".
SEED_004 = FixedLimit(small_bet=1, big_bet=2)


def femstot(
    players: int = 4,
    *,
    structure: FixedLimit = SEED_004,
    bring_in: int = 1,
    stacks: tuple[int, ...] = (),
    antes: tuple[int, ...] = (),
    **options: object,
) -> HandConfig:
    return HandConfig(
        variant=Variant.STUD5,
        structure=structure,
        stacks=stacks or (50,) * players,
        antes=antes,
        bring_in=bring_in,
        options=HouseOptions(**options),  # type: ignore[arg-type]
    )


def play(config: HandConfig, *actions: Action) -> HandState:
    state = start(config)
    for action in actions:
        state = apply(state, action)
    return state


def refused(state: HandState, action: Action) -> str:
    with pytest.raises(IllegalAction) as error:
        apply(state, action)
    return str(error.value)


def up(text: str) -> DealStreet:
    """One up card per position ("-" for a player who folded)."""
    return DealStreet(
        up_cards=tuple(None if t == "-" else parse_card(t) for t in text.split()),
    )


def raise_ladder(state: HandState, most: int = 8) -> tuple[tuple[int, ...], bool]:
    """Everyone raises by the least allowed, in turn: the raise-to amounts, and whether the
    betting was capped (the player to act could only call) before `most` raises."""
    ladder = []
    while len(ladder) < most:
        legal = legal_actions(state)
        if not legal.raise_min:
            return tuple(ladder), True
        assert legal.raise_min == legal.raise_max  # fixed limit: one amount
        ladder.append(legal.raise_min)
        state = apply(state, Raise(legal.player or 0, legal.raise_min))
    return tuple(ladder), False


# --- the bring-in is the small bet ---------------------------------------------------------------


def test_bring_in_of_the_small_bet_is_the_opening_bet() -> None:
    """Seed 004: "Nästa spelare i tur måste lägga sig, syna eller höja till 2 kr" - no
    completing to 1."""
    state = play(femstot(), up("9h 2s Kc Qd"))
    legal = legal_actions(state)
    assert (legal.player, legal.bring_in, legal.raise_min, legal.fold, legal.check) == (
        1,
        1,
        0,
        False,
        False,
    )
    assert refused(state, Raise(1, 1)) == (
        "Seat 2 cannot bet now: the bring-in of 1 is the opening bet."
    )
    state = apply(state, BringIn(1))
    legal = legal_actions(state)
    assert (legal.player, legal.call, legal.raise_min, legal.raise_max, legal.is_bet) == (
        2,
        1,
        2,
        2,
        False,
    )
    assert refused(state, Raise(2, 3)) == (
        "Seat 3 cannot raise to 3: the amount must be exactly 2."
    )
    assert "they may call 1, raise to 2 or fold" in refused(state, Check(2))


@pytest.mark.parametrize(
    ("structure", "bring_in", "players", "ladder", "capped"),
    [
        # Seed 004: the raises of rounds 1-2 go "stegvis till 2, 3 respektive 4 kr"; "högsta
        # antalet tillåtna höjningar per satsningsrunda är 3 (så länge minst 3 personer
        # återstår)". The bring-in of 1 is the bet.
        (SEED_004, 1, 4, (2, 3, 4), True),
        # Heads-up the round is not capped (HeadsUpCap default).
        (SEED_004, 1, 2, (2, 3, 4, 5, 6, 7, 8, 9), False),
        # A bring-in below the small bet: complete to it, then three raises.
        (FixedLimit(small_bet=2, big_bet=4), 1, 4, (2, 4, 6, 8), True),
    ],
    ids=["seed-004", "seed-004-heads-up", "bring-in-below-the-small-bet"],
)
def test_first_round_raises_after_the_bring_in(
    structure: FixedLimit,
    bring_in: int,
    players: int,
    ladder: tuple[int, ...],
    capped: bool,
) -> None:
    cards = "9h 2s Kc Qd"[: 3 * players - 1]
    state = play(femstot(players, structure=structure, bring_in=bring_in), up(cards), BringIn(1))
    assert raise_ladder(state) == (ladder, capped)


@pytest.mark.parametrize(
    ("street", "ladder"),
    [
        # "Enligt limitarna i detta exempel kostar det 1 kr att öppna i andra rundan.
        # Eventuella höjningar efter det måste ske stegvis till 2, 3 respektive 4 kr."
        (1, (1, 2, 3, 4)),
        # "Det kostar 2 kr att öppna och eventuella höjningar därefter måste ske stegvis till 4,
        # 6 respektive 8 kr." (rounds 3 and 4)
        (2, (2, 4, 6, 8)),
        (3, (2, 4, 6, 8)),
    ],
)
def test_later_rounds_bet_and_three_raises(street: int, ladder: tuple[int, ...]) -> None:
    deals = [up("9h 2s Kc Qd"), up("8h 3s 4c 5d"), up("7h 6s Tc Jd"), up("Ah As Ac Ad")]
    state = play(femstot(), deals[0], BringIn(1), Call(2), Call(3), Call(0))
    for deal in deals[1 : street + 1]:
        if state.phase is Phase.BETTING:
            for _ in range(4):
                state = apply(state, Check(legal_actions(state).player or 0))
        state = apply(state, deal)
    assert (state.phase, state.street) == (Phase.BETTING, street)
    assert raise_ladder(state) == (ladder, True)


def test_seven_card_stud_bring_in_of_the_small_bet_is_the_opening_bet() -> None:
    config = HandConfig(variant=Variant.STUD7, structure=SEED_004, stacks=(50,) * 3, bring_in=1)
    state = play(config, up("9h 2s Kc"), BringIn(1))
    assert raise_ladder(state) == ((2, 3, 4), True)


def test_all_in_bring_in_of_the_small_bet_is_still_the_bet() -> None:
    """The bring-in player is all-in for it: the next player calls it or raises."""
    config = femstot(3, stacks=(50, 1, 50), antes=(0, 0, 0))
    state = play(config, up("9h 2s Kc"), BringIn(1))
    legal = legal_actions(state)
    assert (legal.player, legal.call, legal.raise_min) == (2, 1, 2)


# --- the high card brings in (seed 004's variant) ------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "high", "tie", "player"),
    [
        # "den som sitter med det lägsta öppna kortet ... betalar en tvångsinsats som kallas
        # bring-in"
        ("9h 2s Kc", False, None, 1),
        # "I första rundan är det spelaren med högsta synliga kort, i stället för lägsta, som
        # betalar bring-in."
        ("9h 2s Kc", True, None, 2),
        # "När det handlar om att avgöra vem som ska betala bring-in räknas alltid ess som högst."
        ("Kh As 2c", True, None, 1),
        # Equal high cards: the first left of the button (five-card stud's default) ...
        ("Kc 2s Kh", True, None, 0),
        ("Kc 2s Kh", True, StudTie.BY_POSITION, 0),
        # ... or by suit: "klöver, ruter, hjärter, spader" - the highest suit brings in.
        ("Kc 2s Kh", True, StudTie.BY_SUIT, 2),
        ("Kh 2s Kc", True, StudTie.BY_SUIT, 0),
        # And with the low card, the lowest suit.
        ("2h 9s 2c", False, StudTie.BY_SUIT, 2),
    ],
)
def test_bring_in_by_lowest_or_highest_card(
    cards: str, high: bool, tie: StudTie | None, player: int
) -> None:
    state = play(femstot(3, bring_in_high=high, bring_in_tie=tie), up(cards))
    assert legal_actions(state).player == player


def test_bring_in_high_is_off_by_default_and_stored_with_the_table() -> None:
    assert HouseOptions().bring_in_high is False
    config = femstot(3, bring_in_high=True)
    assert config_from_dict(config_to_dict(config)) == config
    assert options_from_dict({"bring_in_high": True}).bring_in_high is True


# --- an open pair on the second round ------------------------------------------------------------

ROUND_1 = (up("7h 2c 9d"), BringIn(1), Call(2), Call(0))


@pytest.mark.parametrize(
    ("option", "round_2", "actions", "bets"),
    [
        # Seat 1 shows a pair of sevens and speaks first.
        (OpenPair.OFF, "7c 3d 5s", (), (1, 1)),
        # "den som talar först i andra rundan [får] välja att öppna på en stor bet om spelaren
        # har ett öppet par framför sig"
        (OpenPair.FIRST_SPEAKER, "7c 3d 5s", (), (1, 2)),
        # "vem som helst som öppnar i andra rundan [får] välja att öppna på en stor bet om någon
        # har ett öppet par framför sig"
        (OpenPair.ANYONE, "7c 3d 5s", (), (1, 2)),
        # The first speaker checks: only under the variant may the next player open big.
        (OpenPair.FIRST_SPEAKER, "7c 3d 5s", (Check(0),), (1, 1)),
        (OpenPair.ANYONE, "7c 3d 5s", (Check(0),), (1, 2)),
        # "Har någon redan öppnat på den lägre nivån är det dock för sent."
        (OpenPair.ANYONE, "7c 3d 5s", (Raise(0, 1),), (2, 2)),
        (OpenPair.FIRST_SPEAKER, "7c 3d 5s", (Raise(0, 1),), (2, 2)),
        # Opened with the big bet: the round goes on in big bets.
        (OpenPair.ANYONE, "7c 3d 5s", (Raise(0, 2),), (4, 4)),
        (OpenPair.FIRST_SPEAKER, "7c 3d 5s", (Raise(0, 2),), (4, 4)),
        # No open pair: the small bet only.
        (OpenPair.ANYONE, "8c 3d 5s", (), (1, 1)),
        (OpenPair.FIRST_SPEAKER, "8c 3d 5s", (), (1, 1)),
    ],
)
def test_open_pair_on_the_second_round(
    option: OpenPair, round_2: str, actions: tuple[Action, ...], bets: tuple[int, int]
) -> None:
    state = play(femstot(3, open_pair=option), *ROUND_1, up(round_2), *actions)
    legal = legal_actions(state)
    assert (legal.raise_min, legal.raise_max) == bets


def test_open_pair_first_speaker_is_only_the_player_who_speaks_first() -> None:
    """The best board speaks first, so the first speaker shows the pair unless the pair is
    all-in: then the player after them speaks first, without a pair of their own."""
    config = femstot(3, stacks=(1, 50, 50), open_pair=OpenPair.FIRST_SPEAKER)
    state = play(config, *ROUND_1, up("7c 3d 5s"))
    legal = legal_actions(state)
    assert (legal.player, legal.raise_min, legal.raise_max) == (1, 1, 1)
    anyone = play(femstot(3, stacks=(1, 50, 50), open_pair=OpenPair.ANYONE), *ROUND_1)
    legal = legal_actions(apply(anyone, up("7c 3d 5s")))
    assert (legal.player, legal.raise_min, legal.raise_max) == (1, 1, 2)


def test_open_pair_does_not_touch_the_third_round() -> None:
    """ "Andra rundan kommer då fungera precis som när beloppen är dubblerade och tredje och
    fjärde rundan påverkas inte.\""""
    state = play(
        femstot(3, open_pair=OpenPair.ANYONE),
        *ROUND_1,
        up("7c 3d 5s"),
        Raise(0, 2),
        Call(1),
        Call(2),
        up("8c 8d 5d"),
    )
    legal = legal_actions(state)
    assert (legal.player, legal.raise_min, legal.raise_max) == (0, 2, 2)


@pytest.mark.parametrize(
    ("stored", "option"),
    [
        ({}, OpenPair.OFF),
        ({"open_pair_big_bet": False}, OpenPair.OFF),
        # The old truth value allowed whoever opens while anyone shows an open pair.
        ({"open_pair_big_bet": True}, OpenPair.ANYONE),
        ({"open_pair": "first_speaker"}, OpenPair.FIRST_SPEAKER),
        ({"open_pair_big_bet": True, "open_pair": "off"}, OpenPair.OFF),
    ],
)
def test_open_pair_option_read_from_stored_tables(stored: dict, option: OpenPair) -> None:
    assert options_from_dict(stored).open_pair is option


def test_open_pair_option_round_trips_through_a_hand_history() -> None:
    config = femstot(3, open_pair=OpenPair.FIRST_SPEAKER)
    text = write_phh(config, (*ROUND_1, up("7c 3d 5s"), Raise(0, 2), Fold(1), Fold(2)))
    assert 'open_pair = "first_speaker"' in text
    hand = parse_phh(text)[0]
    assert hand.config.options == config.options
    assert hand.state.final_stacks() == (52, 49, 49)
    # A hand history written before the option had three values.
    old = parse_phh(text.replace('open_pair = "first_speaker"', "open_pair_big_bet = true"))[0]
    assert old.config.options.open_pair is OpenPair.ANYONE


# --- why a player brings in or speaks first ------------------------------------------------------


def cards(text: str) -> tuple:
    return parse_cards(text)


@pytest.mark.parametrize(
    ("options", "deals", "reason"),
    [
        ({}, ("9h 2s Kc",), FirstSpeaker(1, cards("2s"), "lowest")),
        ({"bring_in_high": True}, ("9h 2s Kc",), FirstSpeaker(2, cards("Kc"), "highest")),
        (
            {},
            ("2h 9s 2c",),
            FirstSpeaker(0, cards("2h"), "lowest", tie=StudTie.BY_POSITION),
        ),
        (
            {"bring_in_tie": StudTie.BY_SUIT},
            ("2h 9s 2c",),
            FirstSpeaker(2, cards("2c"), "lowest", tie=StudTie.BY_SUIT),
        ),
        # A pair beats any high cards: the two sevens decided.
        ({}, ("7h 2c 9d", "7c 3d 5s"), FirstSpeaker(0, cards("7h 7c"), "best board", "Pair")),
        # King-nine beats king-three: the king and the nine decided.
        (
            {},
            ("9h 2c 3d", "Kd Qs Kc"),
            FirstSpeaker(0, cards("9h Kd"), "best board", "High card"),
        ),
        # Ace-nine beats king-three on the ace alone.
        ({}, ("9h 2c 3d", "Ad Qs Kc"), FirstSpeaker(0, cards("Ad"), "best board", "High card")),
        # Equal boards: the tie rule decided.
        (
            {},
            ("Ah 2c As", "Kh 3s Ks"),
            FirstSpeaker(0, cards("Ah Kh"), "best board", "High card", tie=StudTie.BY_POSITION),
        ),
        (
            {"first_actor_tie": StudTie.BY_SUIT},
            ("Ah 2c As", "Kh 3s Ks"),
            FirstSpeaker(2, cards("As Ks"), "best board", "High card", tie=StudTie.BY_SUIT),
        ),
    ],
)
def test_first_speaker_reason(options: dict, deals: tuple[str, ...], reason: FirstSpeaker) -> None:
    state = play(femstot(3, **options), up(deals[0]))
    if len(deals) > 1:
        state = play(femstot(3, **options), up(deals[0]), BringIn(1), Call(2), Call(0))
        state = apply(state, up(deals[1]))
    assert first_speaker_reason(state) == reason


def test_first_speaker_reason_straights_and_flushes_do_not_count() -> None:
    """Seed 004: "observera att stege, färg, kåk och färgstege aldrig kan räknas eftersom dessa
    kräver fem kort" - four hearts in a row lose to a pair of deuces."""
    state = play(femstot(2), up("5h 2c"), BringIn(1), Call(0))
    for deal in ("6h 2d", "7h 9s", "8h Ks"):
        state = apply(state, up(deal))
        if deal != "8h Ks":
            state = apply(state, Check(legal_actions(state).player or 0))
            state = apply(state, Check(legal_actions(state).player or 0))
    assert first_speaker_reason(state) == FirstSpeaker(1, cards("2c 2d"), "best board", "Pair")


def test_first_speaker_reason_when_the_low_card_is_all_in() -> None:
    """The low card is all-in on the ante: the next player brings in, for that card."""
    config = femstot(3, stacks=(1, 50, 50), antes=(1, 1, 1))
    state = play(config, up("2c 5d 9h"))
    assert first_speaker_reason(state) == FirstSpeaker(1, cards("2c"), "lowest", passed_from=0)


def test_first_speaker_reason_is_none_when_the_dealer_named_the_player() -> None:
    state = play(femstot(3), DealStreet(first_actor=2))
    assert legal_actions(state).player == 2
    assert first_speaker_reason(state) is None
    named = play(femstot(3), DealStreet(up_cards=up("9h 2s Kc").up_cards, first_actor=2))
    assert first_speaker_reason(named) is None
    # Cards on the next street decide again.
    state = apply(apply(apply(named, BringIn(2)), Call(0)), Call(1))
    state = apply(state, up("Ah Ad 3c"))
    assert first_speaker_reason(state) == FirstSpeaker(0, cards("9h Ah"), "best board", "High card")


def test_first_speaker_reason_is_none_between_streets() -> None:
    assert first_speaker_reason(start(femstot(3))) is None
    state = play(femstot(3), *ROUND_1)
    assert state.phase is Phase.DEAL
    assert first_speaker_reason(state) is None


def test_an_open_pair_bets_the_small_or_the_big_bet_and_nothing_between() -> None:
    """Robert's Rules, WSOP live rule 220: at 5/10 with an open pair, 5 or 10, "not 7"."""
    config = HandConfig(
        variant=Variant.STUD5,
        structure=FixedLimit(small_bet=5, big_bet=10),
        stacks=(100, 100, 100),
        bring_in=2,
        options=HouseOptions(open_pair=OpenPair.ANYONE),
    )
    state = replay(
        config,
        [
            DealStreet(up_cards=parse_cards("2c Kd 9h")),
            BringIn(0),
            Call(1),
            Call(2),
            DealStreet(up_cards=parse_cards("3c Kh 8h")),
        ],
    )
    legal = legal_actions(state)
    assert (legal.player, legal.raise_min, legal.raise_max) == (1, 5, 10)
    with pytest.raises(IllegalAction, match="must be 5 or 10"):
        apply(state, Raise(1, 7))
    assert apply(state, Raise(1, 10)).bet_level == 10


@pytest.mark.parametrize("structure", [NoLimit, PotLimit])
def test_pot_and_no_limit_stud_open_at_x_then_at_y(structure: type) -> None:
    """Seed 004: "I pottlimit och no-limit står X och Y istället för minsta tillåtna öppning i
    respektive satsningsrundor" - X in the first two rounds, Y in the last two."""
    config = HandConfig(
        variant=Variant.STUD5,
        structure=structure(min_bet=10, min_bet_late=20),
        stacks=(500, 500),
        bring_in=5,
    )
    actions: list[Action] = [DealStreet(up_cards=parse_cards("2c Kd")), BringIn(0)]
    assert legal_actions(replay(config, actions)).raise_min == 10  # complete to X
    actions += [Call(1), DealStreet(up_cards=parse_cards("3c 9d"))]
    legal = legal_actions(replay(config, actions))
    assert (legal.player, legal.is_bet, legal.raise_min) == (1, True, 10)  # round 2: X
    actions += [Check(1), Check(0), DealStreet(up_cards=parse_cards("4c 8d"))]
    legal = legal_actions(replay(config, actions))
    assert (legal.player, legal.is_bet, legal.raise_min) == (1, True, 20)  # round 3: Y
    actions += [Check(1), Check(0), DealStreet(up_cards=parse_cards("5c 7d")), Check(1), Check(0)]
    actions.append(Award(0, (1,)))
    text = write_phh(config, actions)
    assert "_pott_min_bet_late = 20" in text
    (again,) = parse_phh(text)
    assert again.config.structure == config.structure
    assert again.state.final_stacks() == replay(config, actions).final_stacks()


@pytest.mark.parametrize(("odd_chip", "payouts"), [(None, (10, 5)), (1, (5, 10))])
def test_the_dealer_names_the_odd_chip_of_a_split_stud_pot_without_cards(
    odd_chip: int | None, payouts: tuple[int, int]
) -> None:
    config = HandConfig(
        variant=Variant.STUD5,
        structure=FixedLimit(small_bet=10, big_bet=20),
        stacks=(100, 100, 100),
        bring_in=5,
        smallest_chip=5,
    )
    actions: list[Action] = [DealStreet(first_actor=0), BringIn(0), Call(1), Call(2)]
    for _ in range(3):
        actions += [DealStreet(first_actor=0), Check(0), Check(1), Check(2)]
    actions.append(Award(0, (0, 1), odd_chip=odd_chip))
    state = replay(config, actions)
    assert state.payouts[:2] == payouts
    (again,) = parse_phh(write_phh(config, actions))
    assert again.state.final_stacks() == state.final_stacks()
    with pytest.raises(IllegalAction, match="one of the pot's winners"):
        apply(replay(config, actions[:-1]), Award(0, (0, 1), odd_chip=2))


def test_cash_game_open_pair_raises_by_the_small_or_the_big_bet_until_a_big_raise() -> None:
    """Robert's Rules / WSOP live rules: after a small bet with an open pair showing a player may
    raise by the small or the big increment; once a big-bet raise is made, every raise is big."""
    config = HandConfig(
        variant=Variant.STUD5,
        structure=FixedLimit(small_bet=5, big_bet=10),
        stacks=(200, 200, 200),
        bring_in=2,
        options=HouseOptions(open_pair=OpenPair.CASH_GAME),
    )
    actions: list[Action] = [
        DealStreet(up_cards=parse_cards("2c Kd 9h")),
        BringIn(0),
        Call(1),
        Call(2),
        DealStreet(up_cards=parse_cards("3c Kh 8h")),
        Raise(1, 5),  # a small opening
    ]
    legal = legal_actions(replay(config, actions))
    assert (legal.raise_min, legal.raise_max) == (10, 15)  # + 5 or + 10
    with pytest.raises(IllegalAction, match="must be 10 or 15"):
        apply(replay(config, actions), Raise(2, 12))
    state = apply(replay(config, actions), Raise(2, 15))  # a big raise
    legal = legal_actions(state)
    assert (legal.raise_min, legal.raise_max) == (25, 25)  # every raise is big now
