"""PHH hand histories: reading, replaying through the engine, writing, and the errors people read.

Sample files are in tests/dealer/engine/data/ (each says where it comes from). pokerkit (pinned,
test-only) is an oracle for the standard variants. Intentional differences from pokerkit's PHH
reader:
- a file that skips a player's turn is refused with the hand and action named; pokerkit silently
  folds the skipped player (wsop_2019_skipped_player.phh);
- `winnings` are the pots a player collected after uncalled bets are returned (an unmatched part
  of a big blind is returned, never won) and without rake;
- Pott's own rules apply where pokerkit has others (DESIGN.md): e.g. five-card stud bring-in ties
  go to the first seat left of the button (f5s_stud.phh), limit raises are uncapped heads-up;
- Pott's own variant codes (F5S, N5D …) are unknown to pokerkit.
"""

from __future__ import annotations

import warnings
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from dealer.engine import (
    AllIn,
    Award,
    BringIn,
    Call,
    Card,
    Check,
    DealStreet,
    Draw,
    FixedLimit,
    Fold,
    HandConfig,
    HandState,
    HouseOptions,
    IllegalAction,
    Kind,
    Low,
    Misdeal,
    Muck,
    NoLimit,
    Openers,
    Phase,
    PotLimit,
    Raise,
    Show,
    SplitCarried,
    SpreadLimit,
    Variant,
    apply,
    board_dealt,
    legal_actions,
    parse_cards,
    replay,
    start,
)
from dealer.engine.actions import Action
from dealer.engine.cards import new_deck
from dealer.engine.phh import (
    PhhError,
    PhhHand,
    mismatches,
    parse_phh,
    replay_text,
    variant_code,
    write_phh,
    write_phhs,
)
from dealer.engine.rules import VARIANTS

DATA = Path(__file__).parent / "data"
REPLAYABLE = sorted(
    p.name
    for p in DATA.glob("*.phh*")
    if p.name not in {"illegal_raise.phhs", "wsop_2019_skipped_player.phh"}
)
STANDARD = [
    "dwan_ivey_2009.phh",
    "nt_side_pots.phh",
    "ft_three_way.phh",
    "po_pot_raises.phh",
    "f7s_bring_in.phh",
    "home_session.phhs",
    "f2l3d_triple_draw.phh",
]


def read(name: str) -> list[PhhHand]:
    return parse_phh((DATA / name).read_text(encoding="utf-8"))


def chips(hand: PhhHand, key: str) -> list[int]:
    """A field of the file in Pott's chips."""
    return [int(Decimal(v) * hand.scale) for v in hand.fields[key]]


# --- reading and replaying ---------------------------------------------------------------------


@pytest.mark.parametrize("name", REPLAYABLE)
def test_replay_gives_the_files_finishing_stacks(name: str) -> None:
    for hand in read(name):
        assert hand.state.phase is Phase.COMPLETE
        assert sum(hand.state.final_stacks()) == sum(hand.config.stacks)
        if "finishing_stacks" in hand.fields:
            assert list(hand.state.final_stacks()) == chips(hand, "finishing_stacks")


@pytest.mark.parametrize("name", [n for n in REPLAYABLE if not n.startswith("handhq")])
def test_pott_agrees_with_the_files_winnings_and_stacks(name: str) -> None:
    assert [note for hand in read(name) for note in mismatches(hand)] == []


@pytest.mark.parametrize("name", REPLAYABLE)
def test_replay_equals_the_engine_replaying_the_converted_log(name: str) -> None:
    for hand in read(name):
        assert replay(hand.config, hand.actions) == hand.state


@pytest.mark.parametrize(
    ("name", "variant", "structure", "code"),
    [
        ("dwan_ivey_2009.phh", Variant.HOLDEM, NoLimit, "NT"),
        ("ft_three_way.phh", Variant.HOLDEM, FixedLimit, "FT"),
        ("po_pot_raises.phh", Variant.OMAHA, PotLimit, "PO"),
        ("f7s_bring_in.phh", Variant.STUD7, FixedLimit, "F7S"),
        ("f5s_stud.phh", Variant.STUD5, FixedLimit, "F5S"),
        ("n5d_draw.phh", Variant.DRAW5, NoLimit, "N5D"),
        ("f2l3d_triple_draw.phh", Variant.TRIPLE_DRAW_27, FixedLimit, "F2L3D"),
    ],
)
def test_variant_codes(name: str, variant: Variant, structure: type, code: str) -> None:
    (hand,) = read(name)
    assert hand.config.variant is variant
    assert isinstance(hand.config.structure, structure)
    assert variant_code(hand.config) == code


def test_side_pots_go_to_the_best_hand_in_each() -> None:
    (hand,) = read("nt_side_pots.phh")
    assert [pot.amount for pot in hand.state.pots] == [2400, 1200, 3000]
    assert list(hand.state.payouts) == chips(hand, "winnings")
    assert hand.config.seats == (2, 3, 5, 6)


def test_shows_before_the_run_out_are_cards_turned_up() -> None:
    """Betting is over (an all-in): the players turn their cards up before the river."""
    (hand,) = read("dwan_ivey_2009.phh")
    kinds = [type(a).__name__ for a in hand.actions[-4:]]
    assert kinds == ["Show", "Show", "DealStreet", "Award"]


def test_heads_up_blinds_are_reversed_to_big_blind_first() -> None:
    first, _, _ = read("home_session.phhs")
    assert first.config.blinds == (10, 5)  # position 0 is the big blind, 1 the button
    assert first.actions[0] == Raise(1, 30)  # the button acts first before the flop


def test_heads_up_button_folding_gives_the_big_blind_the_pot() -> None:
    hands = {hand.name: hand for hand in read("handhq_abs_2009.phhs")}
    assert hands["21"].actions == (Fold(1),)
    assert hands["21"].state.final_stacks() == (829, 1965)  # in tenths of a dollar


def test_amounts_in_cents_become_whole_chips() -> None:
    hands = {hand.name: hand for hand in read("handhq_abs_2009.phhs")}
    nine = hands["9"]
    assert nine.scale == 100
    assert nine.config.antes == (25, 25, 25, 25)
    assert nine.config.stacks == (5285, 13079, 19057, 22605)
    assert Raise(0, 200) in nine.actions


def test_mismatches_show_rake_and_the_returned_big_blind() -> None:
    notes = [note for hand in read("handhq_abs_2009.phhs") for note in mismatches(hand)]
    assert notes == [
        "hand 9: the file's winnings are [0, 13.75, 0, 0], Pott's [0, 15, 0, 0].",
        "hand 21: the file's winnings are [1.50, 0], Pott's [1, 0].",
    ]


def test_cc_is_a_check_or_a_call() -> None:
    (hand,) = read("ft_three_way.phh")
    assert hand.actions[3:5] == (Call(2), Call(0))
    assert Check(0) in hand.actions


def test_stud_up_cards_decide_the_bring_in_and_completion() -> None:
    (hand,) = read("f7s_bring_in.phh")
    deal = hand.actions[0]
    assert deal == DealStreet(up_cards=parse_cards("7h3cJd"))
    assert hand.actions[1:3] == (BringIn(1), Raise(2, 5))
    assert hand.state.up_cards[0] == parse_cards("7hKh7c2d")  # seventh street is dealt down


def test_five_card_stud_bring_in_tie_goes_left_of_the_button() -> None:
    (hand,) = read("f5s_stud.phh")
    assert hand.actions[1] == BringIn(0)  # 4d (p1) and 4c (p3): p1, not the lower suit


def test_draw_counts_the_discarded_cards() -> None:
    (hand,) = read("n5d_draw.phh")
    assert [a for a in hand.actions if isinstance(a, Draw)] == [Draw(1, 3), Draw(2, 1)]
    # `sm -` shows the cards p3 holds after the draw.
    assert Show(2, parse_cards("QcJdTh9s8h")) in hand.actions


def test_a_phh_file_is_one_hand_and_a_phhs_file_many() -> None:
    assert [hand.name for hand in read("home_session.phhs")] == ["1", "2", "3"]
    assert [hand.name for hand in read("ft_three_way.phh")] == ["1"]


@pytest.mark.parametrize("name", STANDARD)
def test_pokerkit_agrees_on_the_standard_variants(name: str) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    text = (DATA / name).read_text(encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if name.endswith(".phhs"):
            theirs = [list(h)[-1].stacks for h in pokerkit.HandHistory.loads_all(text)]
        else:
            theirs = [list(pokerkit.HandHistory.loads(text))[-1].stacks]
    assert [list(hand.state.final_stacks()) for hand in parse_phh(text)] == theirs


# --- errors ------------------------------------------------------------------------------------


def test_an_illegal_action_names_the_hand_and_the_action() -> None:
    with pytest.raises(PhhError) as error:
        read("illegal_raise.phhs")
    assert str(error.value) == (
        "hand 2, action 5 'p1 cbr 80': Seat 1 cannot raise to 80: the amount must be from 100"
        " to 1000."
    )


def test_a_skipped_player_is_refused() -> None:
    with pytest.raises(PhhError, match=r"hand 1, action 14 'p1 cc': It is seat 8's turn"):
        read("wsop_2019_skipped_player.phh")


NT_HEAD = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
"""


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("variant = 'NS'\nactions = []", "hand 1: variant 'NS' is not one Pott plays"),
        ("variant = 'NT'\nactions = []", "hand 1: the field 'starting_stacks' is missing"),
        (NT_HEAD.replace("min_bet = 2\n", "") + "actions = []", "'min_bet' is missing"),
        ("variant = [", "Not a PHH file: the TOML is invalid"),
        (NT_HEAD + "actions = ['p9 cc']", "action 1 'p9 cc': 'p9' is not one of the players"),
        (NT_HEAD + "actions = ['p3 raise 10']", "action 1 'p3 raise 10': this is not a PHH"),
        (
            NT_HEAD + "actions = ['p3 cbr 2.5']",
            "Seat 3 cannot raise to 25: the amount must be from 40 to 1000. (Pott counts this"
            " hand in 1/10 of the file's amounts.)",
        ),
        (NT_HEAD + "actions = ['p3 cbr 1e3']", "action 1 'p3 cbr 1e3': cbr needs an amount"),
        (
            NT_HEAD + "actions = ['p3 cbr 0.000000001']",
            "action 1 'p3 cbr 0.000000001': cbr needs a whole number of chips",
        ),
        (NT_HEAD + "actions = ['d db AsKdQx']", "action 1 'd db AsKdQx': 'Qx' is not a card"),
        (
            NT_HEAD + "actions = ['p3 f', 'p1 f', 'p2 cc']",
            "action 3 'p2 cc': the hand is already over",
        ),
        (
            NT_HEAD + "actions = ['p3 cc', 'p1 cc']",
            "hand 1, after the last action: the actions end before the hand is over: it is"
            " seat 2's turn to act.",
        ),
        (
            NT_HEAD
            + "actions = ['p3 cc', 'p1 cc', 'p2 cc', 'd db ??????', 'p1 cc', 'p2 cc', 'p3 cc',"
            " 'd db ??', 'p1 cc', 'p2 cc', 'p3 cc', 'd db ??', 'p1 cc', 'p2 cc', 'p3 cc',"
            " 'p1 sm ????', 'p2 sm ????', 'p3 sm ????']",
            "hand 1, after the last action: cannot decide who wins pot 1: Name the winners",
        ),
        (NT_HEAD + "actions = []", "hand 1, after the last action: the actions end before"),
    ],
)
def test_errors_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(PhhError) as error:
        parse_phh(text)
    assert message in str(error.value)


def test_a_show_after_the_hand_was_won_changes_nothing() -> None:
    (hand,) = parse_phh(NT_HEAD + "actions = ['p3 f', 'p1 f', 'p2 sm AsAd']")
    assert hand.state.final_stacks() == (99, 101, 100)


# --- writing -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", REPLAYABLE)
def test_written_hands_read_back_to_the_same_stacks(name: str) -> None:
    for hand in read(name):
        text = write_phh(hand.config, hand.actions, hand.state, scale=hand.scale)
        (again,) = parse_phh(text)
        assert again.state.final_stacks() == hand.state.final_stacks()
        assert again.state.payouts == hand.state.payouts
        assert again.config == hand.config


def test_replay_text_keeps_the_files_fields_and_adds_pott_results() -> None:
    (hand,) = read("nt_side_pots.phh")
    text = replay_text(hand)
    assert 'players = ["Anna", "Björn", "Cecilia", "David"]' in text
    assert "finishing_stacks = [1200, 3000, 1500, 2400]" in text
    assert "winnings = [1200, 3000, 0, 2400]" in text
    assert '  "p1 cbr 1000",\n' in text


def test_write_phhs_reads_back_as_the_same_hands() -> None:
    hands = read("home_session.phhs") + read("handhq_abs_2009.phhs")
    text = write_phhs(hands)
    again = parse_phh(text)
    assert [h.name for h in again] == ["1", "2", "3", "4", "9", "21"]  # a repeated name: renumbered
    assert [h.state.final_stacks() for h in again] == [h.state.final_stacks() for h in hands]


def test_amounts_are_written_back_in_the_files_unit() -> None:
    hands = {hand.name: hand for hand in read("handhq_abs_2009.phhs")}
    text = replay_text(hands["9"])
    assert "antes = [0.25, 0.25, 0.25, 0.25]" in text
    assert "finishing_stacks = [45.60, 138.54, 190.32, 225.80]" in text
    assert "winnings = [0, 15, 0, 0]" in text


HOLDEM = HandConfig(
    variant=Variant.HOLDEM, structure=NoLimit(), stacks=(100, 100, 100), blinds=(1, 2, 0)
)


def test_winners_the_dealer_named_without_cards_survive_a_round_trip() -> None:
    actions: list[Action] = [Call(2), Call(0), Check(1)]
    for _ in range(3):
        actions += [DealStreet(), Check(0), Check(1), Check(2)]
    actions.append(Award(0, winners=(1, 2)))
    state = replay(HOLDEM, actions)
    text = write_phh(HOLDEM, actions, state, name="7", extra={"players": ["A", "B", "C"]})
    assert "_pott_awards = [[2, 3]]" in text
    assert 'hand = "7"' in text
    (again,) = parse_phh(text)
    assert again.state.final_stacks() == state.final_stacks() == (98, 101, 101)


def test_a_shared_carried_pot_survives_a_round_trip() -> None:
    config = HandConfig(
        variant=Variant.DRAW5,
        structure=SpreadLimit(min_bet=5, max_bet=20),
        stacks=(100, 100, 100),
        jackpot=False,
        carried=25,
        smallest_chip=5,
    )
    actions: list[Action] = [SplitCarried()]
    text = write_phh(config, actions)
    assert "_pott_split_carried = true" in text
    (again,) = parse_phh(text)
    assert again.state.final_stacks() == replay(config, actions).final_stacks() == (110, 110, 105)
    assert again.state.carried_out == 0


def test_a_misdeal_survives_a_round_trip() -> None:
    actions: list[Action] = [Misdeal()]
    text = write_phh(HOLDEM, actions)
    assert "_pott_void = true" in text
    (again,) = parse_phh(text)
    assert again.state.phase is Phase.VOID
    assert again.state.final_stacks() == HOLDEM.stacks


@pytest.mark.parametrize(
    ("config", "all_in", "written"),
    [
        # Nobody else can put in more than 1: the big blind's all-in is a check.
        (
            HandConfig(
                variant=Variant.HOLDEM,
                structure=NoLimit(),
                stacks=(1, 13, 1, 1),
                blinds=(1, 2, 0, 4),
            ),
            AllIn(1),
            "p2 cc",
        ),
        # The blind and the button are all-in for 10: the small blind's all-in is a call of 5.
        (
            HandConfig(
                variant=Variant.HOLDEM,
                structure=NoLimit(),
                stacks=(1000, 10, 10),
                blinds=(5, 10, 0),
            ),
            AllIn(0),
            "p1 cc",
        ),
    ],
    ids=["check", "call"],
)
def test_an_all_in_is_written_as_what_it_amounts_to(
    config: HandConfig, all_in: AllIn, written: str
) -> None:
    state = start(config)
    actions: list[Action] = []
    while not state.is_over:
        legal = legal_actions(state)
        if state.phase is Phase.DEAL:
            action: Action = DealStreet()
        elif state.phase is Phase.SHOWDOWN:
            action = Award(legal.award_pot or 0, legal.eligible[:1])
        elif legal.player == all_in.player and all_in not in actions:
            action = all_in
        else:
            action = Check(legal.player or 0) if legal.check else Call(legal.player or 0)
        state = apply(state, action)
        actions.append(action)
    text = write_phh(config, actions, state)
    assert f'"{written}"' in text
    (again,) = parse_phh(text)
    assert again.state.final_stacks() == state.final_stacks()


def test_high_low_awards_named_without_cards_survive_a_round_trip() -> None:
    config = HandConfig(
        variant=Variant.STUD7_HILO,
        structure=FixedLimit(small_bet=2, big_bet=4),
        stacks=(50, 50, 50),
        antes=(1, 1, 1),
    )
    actions: list[Action] = []
    for _ in range(5):
        actions += [DealStreet(first_actor=0), Check(0), Check(1), Check(2)]
    actions += [Award(0, (2,), low_winners=(1,))]
    state = replay(config, actions)
    assert state.payouts == (0, 1, 2)
    text = write_phh(config, actions, state)
    assert 'variant = "F7S/8"' in text
    assert "_pott_awards = [[3]]\n_pott_low_awards = [[2]]" in text
    (again,) = parse_phh(text)
    assert again.actions[-1] == Award(0, (2,), low_winners=(1,))
    assert again.state.payouts == state.payouts
    no_low = [*actions[:-1], Award(0, (2,), no_low=True)]
    text = write_phh(config, no_low)
    assert "_pott_low_awards = [false]" in text
    (again,) = parse_phh(text)
    assert again.state.payouts == (0, 0, 3)


def test_razz_is_fr() -> None:
    config = HandConfig(
        variant=Variant.RAZZ,
        structure=FixedLimit(small_bet=2, big_bet=4),
        stacks=(50, 50, 50),
        antes=(1, 1, 1),
        bring_in=1,
    )
    actions: list[Action] = [
        DealStreet(up_cards=tuple(parse_cards("Kh As 5c"))),
        BringIn(0),
        Fold(1),
        Fold(2),
    ]
    text = write_phh(config, actions)
    assert 'variant = "FR"' in text
    (again,) = parse_phh(text)
    assert again.config.variant is Variant.RAZZ
    assert again.state.final_stacks() == (52, 49, 49)


def test_low_awards_must_be_player_numbers_or_false() -> None:
    text = NT_HEAD + "_pott_low_awards = [true]\nactions = ['p3 f', 'p1 f']"
    with pytest.raises(PhhError, match="_pott_low_awards must be arrays of player numbers"):
        parse_phh(text)


def test_stud_with_a_named_first_player_writes_unknown_up_cards() -> None:
    config = HandConfig(
        variant=Variant.STUD7,
        structure=FixedLimit(small_bet=2, big_bet=4),
        stacks=(50, 50),
        antes=(1, 1),
        bring_in=1,
    )
    actions: list[Action] = [DealStreet(first_actor=1), BringIn(1), Fold(0)]
    text = write_phh(config, actions)
    assert '"d dh p1 ??????"' in text
    (again,) = parse_phh(text)
    assert again.actions[0] == DealStreet(first_actor=1)
    assert again.state.final_stacks() == replay(config, actions).final_stacks() == (49, 51)


# --- the seeds' draw games: seed 000 (S5D …) and seed 003 (S5D32) ------------------------------

SEED_000 = SpreadLimit(min_bet=1, max_bet=4, max_bet_late=8, open_to=4)
LEFT_OF_STRADDLE = HouseOptions(late_rounds_left_of_big_blind=True)


def draw5(players: int = 4, **kwargs: Any) -> HandConfig:
    """Seed 000 with ante and straddle, as a table deals it (after the draw: left of the
    straddle)."""
    values: dict[str, Any] = {
        "variant": Variant.DRAW5,
        "structure": SEED_000,
        "stacks": (100,) * players,
        "blinds": (2, 1) if players == 2 else (1, 2) + (0,) * (players - 2),
        "big_blind": 2,
        "options": LEFT_OF_STRADDLE,
    }
    values.update(kwargs)
    return HandConfig(**values)


def jackpot(players: int = 4, carried: int = 0, **kwargs: Any) -> HandConfig:
    """Seed 000's jackpots: everyone antes 2, the opening bet is 6 to 10."""
    values: dict[str, Any] = {
        "variant": Variant.DRAW5,
        "structure": SpreadLimit(min_bet=2, max_bet=10, open_min=6),
        "stacks": (100,) * players,
        "antes": (2,) * players,
        "jackpot": True,
        "carried": carried,
        "options": LEFT_OF_STRADDLE,
    }
    values.update(kwargs)
    return HandConfig(**values)


def short(players: int = 4, **kwargs: Any) -> HandConfig:
    """Seed 003's 32-card game (33 with the joker): the agreed bet is 2, raises up to 10."""
    values: dict[str, Any] = {
        "variant": Variant.DRAW5_SHORT,
        "structure": SpreadLimit(min_bet=2, max_bet=10, open_to=2),
        "stacks": (50,) * players,
    }
    values.update(kwargs)
    return HandConfig(**values)


# Seed 000's jackpot, three players: seat 3 is all-in after the draw (a side pot for 1 and 2).
OPENED_AND_CALLED: list[Action] = [
    Raise(0, 6, openers=True), Call(1), Call(2), Draw(0), Draw(1), Draw(2),
    Raise(0, 10), Call(1), Call(2),
]  # fmt: skip

# Each hand: its config and its action log, as the dealer's screen records them.
DRAW_HANDS: dict[str, tuple[HandConfig, list[Action]]] = {
    # Ante and straddle: open to 4, the higher max after the draw, a muck.
    "straddle": (draw5(), [
        Raise(2, 4), Call(3), Fold(0), Call(1),
        Draw(1, 3), Draw(2, 1), Draw(3, 0),
        Check(2), Raise(3, 8), Call(1), Raise(2, 16), Fold(3), Call(1),
        Show(2, parse_cards("AsAdAc7h2d")), Muck(1),
    ]),
    # Round cap, at least the largest, the late max from the first round, a dead blind.
    "spread limit": (
        draw5(
            3,
            structure=SpreadLimit(
                min_bet=2, max_bet=10, max_bet_late=20, late_from=0, round_cap=12,
                at_least_largest=True,
            ),
            blinds=(2, 4, 0),
            big_blind=4,
            dead=(0, 0, 2),
            options=HouseOptions(),
        ),
        [
            Raise(2, 10), Raise(0, 12), Call(1), Call(2),
            Draw(0, 2), Draw(1, 1), Draw(2, 0),
            Raise(0, 12), Call(1), Fold(2),
            Show(0, parse_cards("KsKdKc7h2d")), Show(1, parse_cards("QsQdQc7d2c")), Award(0),
        ],
    ),
    # Nobody opens: the pot stays for the next deal.
    "nobody opens": (jackpot(), [Check(0), Check(1), Check(2), Check(3)]),
    # A carried pot: the opener takes everything.
    "carried pot": (
        jackpot(carried=16), [Raise(0, 6, openers=True), Fold(1), Fold(2), Fold(3), Openers(0)]
    ),
    # The opener puts an opener aside, shows openers; the best hand wins.
    "split openers": (jackpot(carried=8), [
        Raise(0, 6, openers=True), Call(1), Fold(2), Fold(3),
        Draw(0, 1, split_openers=True), Draw(1, 2),
        Check(0), Raise(1, 10), Call(0),
        Openers(0), Show(1, parse_cards("AsAd4c5c7d")), Show(0, parse_cards("JsJdJc2h3h")),
        Award(0),
    ]),
    # A false opener at the showdown cannot win: the other player takes the pot.
    "false opener": (jackpot(), [
        Raise(0, 6, openers=True), Call(1), Fold(2), Fold(3),
        Draw(0, 1), Draw(1, 2), Check(0), Check(1),
        Openers(0, shown=False),
    ]),
    # Everyone folds to a false opener: the same pot is played again without them.
    "folded to a false opener": (jackpot(carried=4), [
        Check(0), Raise(1, 6, openers=True), Fold(2), Fold(3), Fold(0), Openers(1, shown=False),
    ]),
    # That replay: without the false opener, no antes, the same pot.
    "the replay": (jackpot(3, carried=12, antes=()), [
        Check(0), Raise(1, 6, openers=True), Call(2), Fold(0),
        Draw(1, 0), Draw(2, 3), Check(1), Check(2),
        Openers(1), Award(0, (2,)),
    ]),
    # The same the other way round: the side pot goes to the one other player in it.
    "a false opener, then a muck": (jackpot(3, stacks=(100, 100, 10)), [
        *OPENED_AND_CALLED, Openers(0, shown=False), Muck(1),
    ]),
    # The dealer awards the side pot to seat 2, who then mucks: the main pot is seat 3's.
    "award, then a muck": (draw5(3, stacks=(100, 100, 14)), [
        Raise(2, 4), Call(0), Call(1), Draw(0), Draw(1), Draw(2),
        Raise(2, 8), Raise(0, 16), Call(1), Call(2),
        Award(1, (1,)), Muck(1), Award(0, (2,)),
    ]),
    # A short stack's all-in opens the jackpot; a side pot.
    "all-in opener": (jackpot(3, stacks=(5, 100, 100)), [
        AllIn(0, openers=True), Raise(1, 9), Call(2), Draw(0, 1), Draw(1, 2), Draw(2, 3),
        Check(1), Check(2), Openers(0), Award(1, (2,)), Award(0, (0,)),
    ]),
    # Five or fewer: the opening is free, but nobody passes before it.
    "open or fold": (
        HandConfig(
            variant=Variant.DRAW5,
            structure=SpreadLimit(min_bet=2, max_bet=10),
            stacks=(100,) * 4,
            antes=(2,) * 4,
            open_or_fold=True,
            options=LEFT_OF_STRADDLE,
        ),
        [
            Fold(0), Raise(1, 2), Call(2), Fold(3), Draw(1, 1), Draw(2, 1), Check(1), Check(2),
            Award(0, (1,)),
        ],
    ),
    # The joker: five of a kind beats the royal flush …
    "joker": (draw5(2, joker=True), [
        Raise(1, 4), Call(0), Draw(0), Draw(1), Check(1), Check(0),
        Show(0, parse_cards("AdKdQdJdTd")), Show(1, parse_cards("9h9d9c9sJk")), Award(0),
    ]),
    # … unless the house ranks the royal flush above it.
    "royal over five": (
        draw5(2, joker=True, options=replace(LEFT_OF_STRADDLE, royal_over_five=True)),
        [
            Raise(1, 4), Call(0), Draw(0), Draw(1), Check(1), Check(0),
            Show(0, parse_cards("AdKdQdJdTd")), Show(1, parse_cards("9h9d9c9sJk")), Award(0),
        ],
    ),
    # A misdeal leaves the carried pot on the table.
    "misdeal": (jackpot(carried=8), [Misdeal()]),
    # Seed 003: passes that stay in; one comes back in at the exchange, one stays out.
    "seed 003": (short(), [
        Check(2), Raise(1, 2), Check(0), Call(3), Check(2),
        Draw(1, 2), Draw(0, 1), Fold(2), Draw(3, 0),
        Raise(1, 4), Call(0), Fold(3),
        Show(1, parse_cards("AsAdKcKd7h")), Show(0, parse_cards("QsQhQcTd8h")), Award(0),
    ]),
    # Seed 003 with the joker: everyone else passes and stays out.
    "seed 003, all pass": (short(3, joker=True), [
        Raise(1, 2), Check(0), Check(2), Draw(1, 0), Fold(0), Fold(2),
    ]),
    # Seed 003 with the joker at the showdown.
    "seed 003, joker": (short(3, joker=True), [
        Raise(1, 2), Raise(0, 6), Call(2), Check(1),
        Draw(0, 1), Draw(1, 3), Draw(2, 0),
        Raise(0, 4), Call(2), Fold(1),
        Show(0, parse_cards("AhKhQhJhJk")), Show(2, parse_cards("8s8d8c8h9s")), Award(0),
    ]),
}  # fmt: skip


@pytest.mark.parametrize(("config", "actions"), DRAW_HANDS.values(), ids=DRAW_HANDS)
def test_draw_hands_read_back_to_the_same_hand(config: HandConfig, actions: list[Action]) -> None:
    state = replay(config, actions)
    assert state.is_over
    (again,) = parse_phh(write_phh(config, actions, state))
    assert again.config == config
    # Everything: stacks, pots, the carried pot, the stub, who passed and owes, the openers.
    assert again.state == state
    assert replay(again.config, again.actions) == again.state


@pytest.mark.parametrize(
    ("name", "written"),
    [
        ("straddle", ['variant = "S5D"', "blinds_or_straddles = [1, 2, 0, 0]", "min_bet = 1",
                      "_pott_max_bet = 4", "_pott_max_bet_late = 8", "_pott_open_to = 4",
                      "_pott_options = {late_rounds_left_of_big_blind = true}",
                      '"p3 cbr 4",', '"p2 sm",']),
        ("spread limit", ["_pott_late_from = 0", "_pott_round_cap = 12",
                          "_pott_at_least_largest = true", "_pott_dead = [0, 0, 2]"]),
        ("nobody opens", ["_pott_jackpot = true", "_pott_open_min = 6",
                          "finishing_stacks = [98, 98, 98, 98]", "_pott_carried_out = 8"]),
        ("carried pot", ["_pott_carried = 16", "_pott_openers = true",
                         '"p1 cbr 6 # opens: claims jacks or better",',
                         '"# p1 shows openers",', "winnings = [24, 0, 0, 0]"]),
        ("split openers", ["_pott_split_openers = true", '"p1 sd ?? # puts an opener aside",',
                           '"d dh p1 ??",', '"d dh p2 ????",']),
        ("folded to a false opener", ["_pott_openers = false",
                                      '"# p2 cannot show openers (a false opener)",',
                                      "_pott_carried_out = 12", "_pott_replay_without = 2"]),
        ("award, then a muck", ["_pott_awards = [[2], [3]]", "_pott_awards_after = [0, 1]"]),
        ("open or fold", ["_pott_open_or_fold = true"]),
        ("royal over five", ["_pott_joker = true", '"p2 sm 9h9d9c9sJk",',
                             "royal_over_five = true"]),
        ("misdeal", ["_pott_void = true", "_pott_carried_out = 8"]),
        ("seed 003", ['variant = "S5D32"', '"p3 cc",', '"p1 f # passes: stays in",', '"p4 cc",',
                      '"p1 sd ?? # pays 2 to come back in",', '"p3 f # stays out",',
                      '"p4 sd",']),
    ],
)  # fmt: skip
def test_draw_hands_are_written_with_pott_fields(name: str, written: list[str]) -> None:
    text = write_phh(*DRAW_HANDS[name])
    for line in written:
        assert line in text


def test_replaying_draw_hands_writes_them_back_unchanged() -> None:
    """`phh replay` prints a read hand with its own fields: all of Pott's come back as read."""
    hands = [
        PhhHand(name=name, config=config, actions=tuple(actions), state=replay(config, actions))
        for name, (config, actions) in DRAW_HANDS.items()
    ]
    text = write_phhs(hands)
    assert write_phhs(parse_phh(text)) == text


def test_seed_003_reads_f_as_the_pass_and_cc_as_the_call() -> None:
    (again,) = parse_phh(write_phh(*DRAW_HANDS["seed 003"]))
    assert again.actions[:5] == (Check(2), Raise(1, 2), Check(0), Call(3), Check(2))
    assert again.actions[6:8] == (Draw(0, 1), Fold(2))  # comes back in (pays 2); stays out
    assert again.state.contributions == (6, 6, 0, 2)


def test_the_claim_and_the_split_opener_are_read_back() -> None:
    (again,) = parse_phh(write_phh(*DRAW_HANDS["split openers"]))
    assert again.actions[0] == Raise(0, 6, openers=True)
    assert Draw(0, 1, split_openers=True) in again.actions
    assert Openers(0, shown=True) in again.actions
    assert again.state.opener == 0
    assert again.state.split_openers
    assert again.state.openers_shown is True


@pytest.mark.parametrize(
    ("config", "code"),
    [
        (draw5(), "S5D"),
        (jackpot(), "S5D"),
        (short(), "S5D32"),
        (short(joker=True), "S5D32"),
        (HandConfig(variant=Variant.DRAW5_SHORT, structure=NoLimit(), stacks=(10,) * 3), "N5D32"),
        (HandConfig(variant=Variant.HOLDEM, structure=SEED_000, stacks=(10, 10)), "ST"),
    ],
)
def test_variant_codes_of_the_draw_games_and_spread_limit(config: HandConfig, code: str) -> None:
    assert variant_code(config) == code


def test_a_straddle_without_a_named_big_blind_keeps_the_engines_big_blind() -> None:
    """The engine takes the largest blind when the config names none; a PHH reader takes the
    larger of the first two. It decides how many raises the straddle counts for (the cap)."""
    config = HandConfig(
        variant=Variant.HOLDEM,
        structure=FixedLimit(small_bet=2, big_bet=4),
        stacks=(100,) * 4,
        blinds=(1, 2, 4, 0),
    )
    actions: list[Action] = [Raise(3, 6), Raise(0, 8), Raise(1, 10), Fold(2), Fold(3), Fold(0)]
    text = write_phh(config, actions)
    assert "_pott_big_blind = 4" in text
    (again,) = parse_phh(text)
    assert again.state.final_stacks() == replay(config, actions).final_stacks()
    with pytest.raises(PhhError, match="'p2 cbr 10': Seat 2 must call 6 or fold: the betting is"):
        parse_phh(text.replace("_pott_big_blind = 4\n", ""))
    # A table's straddle names its big blind: nothing to add.
    named = replace(config, big_blind=2)
    assert "_pott_big_blind" not in write_phh(named, [Call(3), Call(0), Call(1), Fold(2)])


def test_the_carried_pot_is_a_result_the_engine_computes() -> None:
    config, actions = DRAW_HANDS["nobody opens"]
    text = write_phh(config, actions).replace("_pott_carried_out = 8", "_pott_carried_out = 9")
    (hand,) = parse_phh(text)
    assert mismatches(hand) == ["hand 1: the file's _pott_carried_out is 9, Pott's 8."]
    assert "_pott_carried_out = 8" in replay_text(hand)
    # Extra fields cannot replace a result either.
    extra = {"_pott_carried_out": 3, "_pott_replay_without": 1}
    rewritten = write_phh(config, actions, extra=extra)
    assert "_pott_carried_out = 8" in rewritten
    assert "_pott_replay_without" not in rewritten


S5D_HEAD = """
variant = "S5D"
antes = [2, 2, 2]
blinds_or_straddles = [0, 0, 0]
min_bet = 2
_pott_max_bet = 10
_pott_open_min = 6
_pott_jackpot = true
starting_stacks = [100, 100, 100]
"""
OPENED = "actions = ['p1 cbr 6', 'p2 cc', 'p3 f', 'p1 sd', 'p2 sd', 'p1 cc', 'p2 cc']"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            S5D_HEAD.replace("_pott_max_bet = 10\n", "") + "actions = []",
            "hand 1: the field '_pott_max_bet' is missing (variant S5D)",
        ),
        (S5D_HEAD + "_pott_joker = 'yes'\nactions = []", "_pott_joker must be true or false"),
        (S5D_HEAD + "_pott_late_from = -1\nactions = []", "_pott_late_from must be a betting"),
        (S5D_HEAD + "_pott_dead = [1, 0]\nactions = []", "_pott_dead has 2 entries for 3"),
        (
            S5D_HEAD + "_pott_options = {foo = true}\nactions = []",
            "_pott_options: 'foo' is not a house option (straddle_raise,",
        ),
        (
            S5D_HEAD + "_pott_options = {odd_chip = 'nearest'}\nactions = []",
            "_pott_options: odd_chip must be 'left_of_button' or 'high_card_by_suit' or"
            " 'high_card_all_cards', not 'nearest'.",
        ),
        (
            S5D_HEAD + "_pott_options = {limit_raises = true}\nactions = []",
            "_pott_options: limit_raises must be int, not True.",
        ),
        (S5D_HEAD + "_pott_options = 1\nactions = []", "_pott_options must be a table"),
        (
            S5D_HEAD + "_pott_awards_after = [0]\nactions = []",
            "hand 1: _pott_awards_after must be a number of shows and mucks for each award of"
            " _pott_awards.",
        ),
        (
            S5D_HEAD + OPENED,
            "hand 1, after the last action: seat 1 opened and must show openers (jacks or"
            " better) first: say whether they did with _pott_openers = true or false.",
        ),
        (
            S5D_HEAD + "_pott_openers = 1\n" + OPENED,
            "hand 1: _pott_openers must be true or false, not 1.",
        ),
        (
            S5D_HEAD + "_pott_openers = true\n_pott_openers_after = -1\n" + OPENED,
            "hand 1: _pott_openers_after must be a number of shows and mucks, not -1.",
        ),
        (
            S5D_HEAD + "_pott_openers = true\nactions = ['p1 cc', 'p2 cc', 'p3 cc']",
            "_pott_openers is given, but nobody had openers to show",
        ),
        (
            S5D_HEAD
            + "_pott_split_openers = true\n_pott_openers = true\n"
            + "actions = ['p1 cbr 6', 'p2 f', 'p3 f']",
            "_pott_split_openers is true, but no opener drew after opening",
        ),
        (
            S5D_HEAD + "actions = ['p1 cbr 4']",
            "action 1 'p1 cbr 4': Seat 1 cannot bet 4: the amount must be from 6 to 10.",
        ),
        (
            'variant = "S5D32"\nantes = [0, 0]\nblinds_or_straddles = [0, 0]\nmin_bet = 2\n'
            "_pott_max_bet = 10\nstarting_stacks = [50, 50]\nactions = []",
            "hand 1: This game is for 3 to 4 players, not 2.",
        ),
    ],
)
def test_draw_game_errors_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(PhhError) as error:
        parse_phh(text)
    assert message in str(error.value)


# --- property: any legal hand written as PHH reads back to the same result ----------------------

GAMES = [
    (Variant.HOLDEM, "N"),
    (Variant.HOLDEM, "F"),
    (Variant.OMAHA, "P"),
    (Variant.STUD7, "F"),
    (Variant.RAZZ, "F"),
    (Variant.STUD7_HILO, "F"),
    (Variant.STUD7_HILO, "P"),
    (Variant.STUD5, "F"),
    (Variant.STUD5, "N"),
    (Variant.DRAW5, "N"),
    (Variant.DRAW5, "F"),
    (Variant.DRAW5, "straddle"),  # seed 000: ante and straddle, spread limits
    (Variant.DRAW5, "jackpot"),  # seed 000: jackpots, a carried pot
    (Variant.DRAW5, "open or fold"),  # seed 000: five or fewer
    (Variant.DRAW5_SHORT, "S"),  # seed 003
]


@st.composite
def _config(draw: st.DrawFn) -> HandConfig:
    variant, game = draw(st.sampled_from(GAMES))
    fewest, most = VARIANTS[variant].players
    n = draw(st.integers(max(fewest, 2), min(most, 6)))
    stacks = tuple(draw(st.lists(st.integers(1, 300), min_size=n, max_size=n)))
    antes = tuple(draw(st.lists(st.integers(0, 2), min_size=n, max_size=n)))
    antes = antes if any(antes) else ()  # as a reader gives them: no antes
    blinds = (2, 4) + (0,) * (n - 2) if n > 2 else (4, 2)
    if game in ("N", "P", "F"):
        stud = VARIANTS[variant].kind is Kind.STUD
        return HandConfig(
            variant=variant,
            structure={
                "N": NoLimit(min_bet=4),
                "P": PotLimit(min_bet=4),
                "F": FixedLimit(small_bet=4, big_bet=8),
            }[game],
            stacks=stacks,
            blinds=() if stud else blinds,
            big_blind=0 if stud else 4,
            antes=antes,
            bring_in=2 if stud else 0,
        )
    spread = SpreadLimit(
        min_bet=2,
        max_bet=draw(st.integers(2, 10)),
        max_bet_late=draw(st.sampled_from([0, 16])),
        round_cap=draw(st.sampled_from([0, 12, 30])),
        at_least_largest=draw(st.booleans()),
        open_to=8 if game == "straddle" else 2 if game == "S" else 0,
        open_min=6 if game == "jackpot" else 0,
    )
    options = HouseOptions(
        late_rounds_left_of_big_blind=variant is Variant.DRAW5,
        royal_over_five=draw(st.booleans()),
    )
    return HandConfig(
        variant=variant,
        structure=spread,
        stacks=stacks,
        blinds=blinds if game == "straddle" else (),
        big_blind=4 if game == "straddle" else 0,
        antes=(2,) * n if game in ("jackpot", "open or fold") else antes,
        options=options,
        joker=draw(st.booleans()),
        jackpot=game == "jackpot",
        open_or_fold=game == "open or fold",
        carried=draw(st.sampled_from([0, 8, 25])) if game == "jackpot" else 0,
    )


@st.composite
def hands(draw: st.DrawFn) -> tuple[HandConfig, list[Action], HandState]:
    config = draw(_config())
    n = len(config.stacks)
    deck = list(draw(st.permutations(new_deck(config.deck))))  # type: ignore[arg-type]
    state = start(config)
    actions: list[Action] = []
    down: dict[int, list[Card]] = {p: [] for p in range(n)}
    while not state.is_over and len(actions) < 200:
        legal = legal_actions(state)
        action: Action
        if state.phase is Phase.DEAL:
            spec = config.spec
            if spec.kind is Kind.BOARD:
                count = spec.board_cards[state.street]
                # Cards only on a board entered so far (an unknown street has unknown cards).
                known = len(state.board) == board_dealt(state) and draw(st.booleans())
                action = DealStreet(board=tuple(deck.pop() for _ in range(count)) if known else ())
            elif (
                draw(st.booleans())
                or any(not state.up_cards[p] for p in range(n) if state.in_hand(p))
                and state.street > 0
            ):
                live = [p for p in range(n) if state.in_hand(p)]
                action = DealStreet(first_actor=draw(st.sampled_from(live)))
            else:
                seventh = state.street == 4  # seven-card games: the last card face down
                up = tuple(
                    None if seventh or not state.in_hand(p) else deck.pop() for p in range(n)
                )
                action = DealStreet(up_cards=() if seventh else up)
        elif state.phase is Phase.DRAW:
            p = legal.player or 0
            split = p == state.opener and draw(st.booleans())
            action = Draw(p, draw(st.integers(0, legal.draw_max)), split_openers=split)
            if legal.fold and draw(st.booleans()):
                action = Fold(p)  # seed 003: a player who passed stays out
        elif state.phase is Phase.SHOWDOWN:
            # Engine finding: dead antes can land in a pot nobody is eligible for.
            assume(legal.eligible)
            pot = legal.award_pot or 0
            # The dealer's decisions and the players' shows and mucks, in any order the engine
            # takes: the order is part of what PHH must keep.
            step = draw(st.sampled_from(["award", "show", "muck"]))
            muckable = [p for p in legal.eligible if _may_muck(state, p)]
            if legal.check_openers is not None:  # others' mucks wait for the openers check
                muckable = [p for p in muckable if p == legal.check_openers]
            # Without the whole board no hand can be valued: the dealer names the winners.
            unknown_board = config.spec.kind is Kind.BOARD and len(state.board) < 5
            unshown = [p for p in legal.eligible if state.shown[p] is None]
            if step == "muck" and muckable:
                action = Muck(draw(st.sampled_from(muckable)))
            elif step == "show" and unshown and not unknown_board:
                p = unshown[0]
                action = Show(p, _hand_cards(config, state, p, deck, down))
            elif legal.check_openers is not None:
                action = Openers(legal.check_openers, shown=draw(st.booleans()))
            elif unknown_board or unshown or draw(st.booleans()):
                action = Award(pot, winners=(draw(st.sampled_from(legal.eligible)),))
                if config.spec.low is Low.HIGH_LOW:
                    low = draw(st.lists(st.sampled_from(legal.eligible), max_size=2, unique=True))
                    action = Award(pot, action.winners, low_winners=tuple(low), no_low=not low)
            else:
                action = Award(pot)
        else:
            p = legal.player or 0
            choices: list[Action] = []
            if legal.bring_in:
                choices.append(BringIn(p))
            if legal.fold:
                choices.append(Fold(p))
            if legal.check:
                choices.append(Check(p))
            if legal.call:
                choices.append(Call(p))
            if legal.raise_min:
                to = draw(st.integers(legal.raise_min, legal.raise_max))
                choices.append(Raise(p, to, openers=legal.needs_openers))
                choices.append(AllIn(p, openers=legal.needs_openers))
            # Engine finding (phh_findings.md): a stud bring-in player all-in from the ante is
            # put to act with nothing legal to do.
            assume(choices)
            action = draw(st.sampled_from(choices))
        try:
            state = apply(state, action)
        except IllegalAction:
            # An all-in beyond what the limit allows (pot limit, fixed limit): draw again.
            if isinstance(action, AllIn):
                continue
            raise
        actions.append(action)
    assume(state.is_over)  # (a misdeal is only possible before the first action)
    return config, actions, state


def _may_muck(state: HandState, p: int) -> bool:
    """Whether `p` may muck: not the last player left in a pot not yet awarded."""
    unawarded = state.pots[: len(state.pots) - state.awarded]
    alone = any(tuple(q for q in pot.eligible if not state.mucked[q]) == (p,) for pot in unawarded)
    return not (alone or state.mucked[p])


def _hand_cards(
    config: HandConfig, state: HandState, p: int, deck: list[Card], down: dict[int, list[Card]]
) -> tuple[Card, ...]:
    """Cards a player shows: hole cards (board games), five cards (draw), all cards (stud)."""
    spec = config.spec
    if spec.kind is Kind.BOARD:
        return tuple(deck.pop() for _ in range(spec.hole_cards))
    if spec.kind is Kind.DRAW:
        return tuple(deck.pop() for _ in range(5))
    total = 5 if config.variant is Variant.STUD5 else 7
    up = state.up_cards[p]
    return up + tuple(deck.pop() for _ in range(total - len(up)))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands())
def test_any_hand_written_as_phh_reads_back_the_same(
    hand: tuple[HandConfig, list[Action], HandState],
) -> None:
    config, actions, state = hand
    text = write_phh(config, actions, state)
    (again,) = parse_phh(text)
    assert again.state.phase is state.phase
    assert again.state.final_stacks() == state.final_stacks()
    assert again.state.payouts == state.payouts
    assert again.state.carried_out == state.carried_out
    if config.spec.kind is Kind.DRAW:
        # Draw games lose nothing in PHH: the whole state comes back, its config too.
        assert again.state == state
    assert write_phhs([again]).startswith("[1]\n")
