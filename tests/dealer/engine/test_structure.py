from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer.engine.cards import parse_cards
from dealer.engine.structure import (
    AnteKind,
    Break,
    Level,
    TableSeats,
    TournamentStructure,
    balance_moves,
    break_table,
    chip_race,
    due_big_blind,
    errors,
    generate,
    plan_colour_ups,
    structure_from_dict,
    structure_to_dict,
    table_to_break,
    validate,
    worst_seat,
)


def level(sb: int, bb: int, ante: int = 0, kind: AnteKind = AnteKind.NONE) -> Level:
    return Level(small_blind=sb, big_blind=bb, ante=ante, ante_kind=kind, seconds=1200)


def messages(structure: TournamentStructure, severity: str) -> list[str]:
    return [f.message for f in validate(structure) if f.severity == severity]


# --- validation ------------------------------------------------------------------------------


def test_seed_002_structure_is_valid_but_60_80_is_odd() -> None:
    # Seed 002: "Start 10/20, 30 min 20/40, 60 min 40/80, 90 min 60/80".
    seed = TournamentStructure(
        chips=(5, 25, 100),
        steps=(level(10, 20), level(20, 40), level(40, 80), level(60, 80)),
        starting_stack=1500,
    )
    assert errors(seed) == ()
    assert messages(seed, "warning") == [
        "Level 4: the small blind (60) is more than half the big blind (80)."
    ]


TEN = (10, 25, 100)
FIVE = (5, 25, 100)


@pytest.mark.parametrize(
    ("chips", "steps", "expected"),
    [
        (TEN, (level(10, 20), level(15, 30)), "Level 2: the small blind 15 cannot be made"),
        (FIVE, (level(50, 100), level(25, 50)), "Level 2: the blinds go down (50/100 before"),
        (FIVE, (level(20, 10),), "Level 1: the big blind (10) is below the small blind (20)"),
        (FIVE, (level(0, 10),), "Level 1: the blinds must be more than 0"),
        (FIVE, (level(25, 50, 5, AnteKind.EACH), level(50, 100)), "Level 2: the ante stops"),
        (
            FIVE,
            (level(25, 50, 10, AnteKind.EACH), level(50, 100, 5, AnteKind.EACH)),
            "Level 2: the ante goes down",
        ),
        (FIVE, (level(10, 20, 5),), "Level 1: an ante of 5 needs a kind"),
        (FIVE, (Break(seconds=600),), "A structure needs at least one level"),
        (
            FIVE,
            (level(10, 20), Break(seconds=600, colour_up=(5,)), level(20, 40)),
            "Level 2: the small blind 20 cannot be made with the chips in play (25, 100)",
        ),
        (
            TEN,
            (level(50, 100), Break(seconds=600, colour_up=(25,)), level(100, 200)),
            "Break 1: colour up the smallest chips first (25 leaves, 10 stays)",
        ),
        (
            TEN,
            (level(10, 20), Break(seconds=600, colour_up=(10, 25, 100)), level(100, 200)),
            "Break 1: the colour-up would leave no chips in play",
        ),
        (
            FIVE,
            (level(10, 20), Break(seconds=600, colour_up=(1,)), level(100, 200)),
            "Break 1: the 1 chips are not in play",
        ),
    ],
)
def test_errors(chips: tuple[int, ...], steps: tuple, expected: str) -> None:  # type: ignore[type-arg]
    found = messages(TournamentStructure(chips=chips, steps=steps), "error")
    assert any(message.startswith(expected) for message in found), found


def test_a_colour_up_into_a_chip_that_is_not_a_whole_number_of_it_is_refused() -> None:
    structure = TournamentStructure(
        chips=(10, 25, 100),
        steps=(level(50, 100), Break(seconds=600, colour_up=(10,)), level(100, 200)),
    )
    assert messages(structure, "error") == [
        "Break 1: the 10 chips cannot be exchanged for 25 chips (25 is not a whole number of 10s)."
    ]


@pytest.mark.parametrize(
    ("steps", "expected"),
    [
        ((level(25, 50, 50, AnteKind.EACH),), "Level 1: the ante (50) is above the small blind"),
        ((level(25, 50, 100, AnteKind.BIG_BLIND),), "Level 1: the big-blind ante (100) is above"),
        ((level(25, 50), level(100, 200)), "Level 2: the big blind more than doubles"),
        ((level(25, 50), level(25, 50)), "Level 2 is the same as the level before"),
        ((Break(seconds=600), level(25, 50)), "Break 1 comes before the first level"),
        ((level(25, 50), Break(seconds=600)), "Break 1 is the last step"),
        (
            (level(5, 10), level(50, 100), Break(seconds=600), level(100, 200)),
            "From level 2 on, no blind or ante needs the 5 chips",
        ),
    ],
)
def test_warnings(steps: tuple, expected: str) -> None:  # type: ignore[type-arg]
    structure = TournamentStructure(chips=(5, 25, 100), steps=steps)
    assert errors(structure) == ()
    assert any(m.startswith(expected) for m in messages(structure, "warning"))


def test_starting_stack_checks() -> None:
    short = TournamentStructure(chips=(25, 100), steps=(level(25, 50),), starting_stack=900)
    assert messages(short, "warning") == [
        "The starting stack (900) is under 20 big blinds at the first level (50)."
    ]
    odd = TournamentStructure(chips=(25, 100), steps=(level(25, 50),), starting_stack=1010)
    assert messages(odd, "error") == [
        "The starting stack 1010 cannot be made with the chips (25, 100)."
    ]


def test_large_amounts_with_chips_that_do_not_divide_each_other_are_checked_exactly() -> None:
    # 1, 15 and 25: 15 does not divide 25. A stack of a hundred million is checked at once.
    structure = TournamentStructure(
        chips=(1, 15, 25), steps=(level(15, 30), level(10**8, 2 * 10**8)), starting_stack=10**8
    )
    assert errors(structure) == ()
    uneven = TournamentStructure(chips=(6, 9, 15), steps=(level(9, 15),), starting_stack=10**8 + 1)
    assert messages(uneven, "error") == [
        "The starting stack 100000001 cannot be made with the chips (6, 9, 15)."
    ]


def test_chips_too_awkward_to_check_are_an_error_not_a_hang() -> None:
    chips = (12666989, 21733410, 24228199, 26445137, 43667394, 54826096, 72313382)
    structure = TournamentStructure(
        chips=chips, steps=(level(2 * 12666989, 999_999_999),), starting_stack=999_999_999
    )
    listed = ", ".join(str(v) for v in chips)
    assert messages(structure, "error") == [
        f"Level 1: Pott cannot tell whether the big blind 999999999 can be made with the chips "
        f"({listed}): the values are too awkward (use values where each is a multiple of the "
        "one below).",
        f"Pott cannot tell whether the starting stack 999999999 can be made with the chips "
        f"({listed}): the values are too awkward (use values where each is a multiple of the "
        "one below).",
    ]
    with pytest.raises(ValueError, match="too awkward"):
        generate(players=10, starting_stack=999_999_999, chips=chips, minutes=120)


def test_structure_round_trips_through_a_dict() -> None:
    structure = generate(players=9, starting_stack=5000, chips=(25, 100, 500), minutes=180)
    assert structure_from_dict(structure_to_dict(structure)) == structure
    with pytest.raises(ValueError, match="Not a structure"):
        structure_from_dict({"steps": [{"small_blind": "x"}]})


def test_chips_at_takes_colour_ups_into_account_after_their_break() -> None:
    structure = TournamentStructure(
        chips=(100, 5, 25),
        steps=(level(10, 20), Break(seconds=600, colour_up=(5,)), level(50, 100)),
    )
    assert structure.chips_at(0) == (5, 25, 100)
    assert structure.chips_at(1) == (5, 25, 100)  # raced off during the break
    assert structure.chips_at(2) == (25, 100)


# --- the generator ---------------------------------------------------------------------------


def test_generator_seed_002_home_game() -> None:
    # 8 players with 1,500 chips (seed 002's stack) in 5, 25 and 100: starts at 10/20.
    structure = generate(players=8, starting_stack=1500, chips=(5, 25, 100), minutes=180)
    levels = structure.levels()
    assert (levels[0].small_blind, levels[0].big_blind) == (10, 20)
    assert errors(structure) == ()
    assert structure.chips_at(len(structure.steps) - 1) == (100,)


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=40),
    stack_units=st.integers(min_value=40, max_value=800),
    chips=st.sampled_from([(5, 25, 100), (25, 100, 500, 1000), (1, 5, 25, 100), (10, 50, 100)]),
    minutes=st.integers(min_value=30, max_value=600),
    ante=st.sampled_from(list(AnteKind)),
)
def test_generated_structures_are_valid(
    players: int, stack_units: int, chips: tuple[int, ...], minutes: int, ante: AnteKind
) -> None:
    stack = stack_units * chips[0] * 5
    structure = generate(
        players=players, starting_stack=stack, chips=chips, minutes=minutes, ante=ante
    )
    assert errors(structure) == ()
    levels = structure.levels()
    for before, after in zip(levels, levels[1:], strict=False):
        assert after.big_blind > before.big_blind
        assert after.ante >= before.ante
    for lv in levels:
        assert lv.big_blind == 2 * lv.small_blind
    # About the wanted duration up to the planned end (the extra levels come after it).
    played = sum(s.seconds for s in structure.steps[: len(structure.steps)]) / 60
    assert played >= minutes * 0.8


def test_generator_duration_sets_the_level_length() -> None:
    short = generate(players=10, starting_stack=5000, chips=(25, 100, 500), minutes=120)
    long = generate(players=10, starting_stack=5000, chips=(25, 100, 500), minutes=360)
    assert short.levels()[0].seconds == 600 and long.levels()[0].seconds == 1800
    assert any(isinstance(s, Break) for s in long.steps)


def test_generator_antes() -> None:
    bba = generate(
        players=10,
        starting_stack=5000,
        chips=(25, 100, 500),
        minutes=180,
        ante=AnteKind.BIG_BLIND,
        ante_from=3,
    )
    levels = bba.levels()
    assert levels[1].ante == 0 and levels[2].ante == levels[2].big_blind
    assert levels[2].ante_kind is AnteKind.BIG_BLIND


def test_generator_refuses_what_cannot_be_made() -> None:
    with pytest.raises(ValueError, match="cannot be made"):
        generate(players=10, starting_stack=1010, chips=(25, 100), minutes=120)
    with pytest.raises(ValueError, match="two players"):
        generate(players=1, starting_stack=1000, chips=(25, 100), minutes=120)


def test_plan_colour_ups_removes_only_chips_no_later_level_needs() -> None:
    structure = plan_colour_ups(
        TournamentStructure(
            chips=(5, 25, 100),
            steps=(
                level(10, 20),
                Break(seconds=600),
                level(25, 50),
                Break(seconds=600),
                level(100, 200),
            ),
        )
    )
    assert [s.colour_up for s in structure.steps if isinstance(s, Break)] == [(5,), (25,)]


# --- the chip race ---------------------------------------------------------------------------


def test_chip_race_with_given_cards() -> None:
    # 5s leave, 25s stay. Anna 12 fives: two sets (2 × 25) and 2 odd; Bo 3 odd; Cia 1 odd.
    # Odd: 6 chips = 30 → one 25 raced (30/25 = 1.2 rounds to 1).
    race = chip_race(
        {"Anna": 12, "Bo": 3, "Cia": 1},
        leaving=5,
        into=25,
        other_chips={"Anna": 500, "Bo": 300, "Cia": 200},
        cards="2c 9h As 3d 4d Kc",  # dealt Anna, Bo, Cia, Anna, Bo, Bo
    )
    assert race.lines["Anna"].exchanged == 2 and race.lines["Anna"].odd_chips == 2
    assert [str(c) for c in race.lines["Bo"].cards] == ["9h", "4d", "Kc"]
    assert race.lines["Cia"].cards == parse_cards("As")
    assert race.raced == 1
    assert {p: line.won for p, line in race.lines.items()} == {"Anna": 0, "Bo": 0, "Cia": 1}
    assert race.value_change("Cia") == 20 and race.value_change("Anna") == -10


def test_chip_race_at_most_one_chip_each_even_with_the_best_cards() -> None:
    # Bo holds the three best cards but wins one chip; the second goes to the next best.
    # 8 odd 5s = 40 → rounds to 2 chips of 25.
    race = chip_race({"Anna": 4, "Bo": 4}, leaving=5, into=25, cards="2c As 3c Ks 4c Qs 5c Js")
    assert race.raced == 2
    assert race.lines["Bo"].won == 1 and race.lines["Anna"].won == 1


def test_nobody_is_raced_out() -> None:
    race = chip_race(
        {"Anna": 2, "Bo": 3}, leaving=5, into=25, other_chips={"Bo": 100}, cards="2c As 3c Ks 4d"
    )
    # 25 in odd chips: one chip raced; Bo's ace wins it, Anna is left with nothing: rescued.
    assert race.lines["Bo"].won == 1
    assert race.lines["Anna"].rescued and race.lines["Anna"].new_chips == 1


def test_chip_race_half_a_chip_rounds_down_below_half() -> None:
    race = chip_race(
        {"Anna": 2, "Bo": 1}, leaving=5, into=50, other_chips={"Anna": 1, "Bo": 1}, cards="2c 3c 4c"
    )
    assert race.raced == 0  # 15 of 50 is under half a chip


def test_chip_race_refusals() -> None:
    with pytest.raises(ValueError, match="cannot be coloured up"):
        chip_race({"A": 1}, leaving=10, into=25, cards="2c")
    with pytest.raises(ValueError, match="race table by table"):
        chip_race({p: 4 for p in range(14)}, leaving=5, into=25, rng=random.Random(1))
    with pytest.raises(ValueError, match="needs cards"):
        chip_race({"A": 1}, leaving=5, into=25)


@settings(max_examples=300, deadline=None)
@given(
    holdings=st.lists(
        st.tuples(st.integers(min_value=0, max_value=12), st.integers(min_value=0, max_value=3)),
        min_size=1,
        max_size=10,
    ),
    into=st.sampled_from([25, 20, 10]),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_chip_race_properties(holdings: list[tuple[int, int]], into: int, seed: int) -> None:
    leftover = {f"p{i}": fives for i, (fives, _) in enumerate(holdings)}
    others = {f"p{i}": 100 * big for i, (_, big) in enumerate(holdings)}
    per_set = into // 5
    if sum(n % per_set for n in leftover.values()) > 52:
        return
    race = chip_race(leftover, leaving=5, into=into, other_chips=others, rng=random.Random(seed))
    odd_value = sum((n % per_set) * 5 for n in leftover.values())
    for player, line in race.lines.items():
        assert line.won <= 1  # at most one chip each
        assert len(line.cards) == line.odd_chips  # one card per odd chip
        if leftover[player] or others[player]:  # nobody with chips is raced out
            assert line.new_chips * into + others[player] > 0
    # Totals are conserved up to the race: the race moves at most half a chip of value.
    raced_value = race.raced * into
    assert abs(raced_value - odd_value) * 2 <= into
    before = sum(n * 5 for n in leftover.values())
    rescued = sum(1 for line in race.lines.values() if line.rescued) * into
    after = sum(line.new_chips for line in race.lines.values()) * into
    assert after - rescued - before == raced_value - odd_value
    # Same seed, same race.
    again = chip_race(leftover, leaving=5, into=into, other_chips=others, rng=random.Random(seed))
    assert again == race


# --- tables: balancing and breaking ----------------------------------------------------------


def table(name: str, seats: list[int], big_blind: int | None = None, max_seats: int = 9):
    return TableSeats(
        table=name,
        max_seats=max_seats,
        players={s: f"{name}{s}" for s in seats},
        big_blind=big_blind,
    )


def test_the_player_due_the_big_blind_moves_to_the_worst_seat() -> None:
    # Table A: 9 players, last big blind seat 4, so seat 5 is due it next.
    # Table B: 7 players in seats 1-3, 5-8 (empty 4 and 9), last big blind seat 3: seat 4 pays
    # the big blind first.
    a = table("A", list(range(1, 10)), big_blind=4)
    b = table("B", [1, 2, 3, 5, 6, 7, 8], big_blind=3)
    (move,) = balance_moves([a, b])
    assert (move.player, move.from_seat, move.to_table, move.to_seat) == ("A5", 5, "B", 4)


def test_due_big_blind_skips_empty_seats_and_wraps() -> None:
    assert due_big_blind(table("A", [2, 5, 9], big_blind=9)) == 2
    assert due_big_blind(table("A", [2, 5, 9], big_blind=5)) == 9
    assert worst_seat(table("B", [1, 2, 3, 4, 5, 6, 7, 8], big_blind=8)) == 9
    assert worst_seat(table("B", [2, 3, 4, 5, 6, 7, 8, 9], big_blind=8)) == 1


def test_balanced_tables_need_no_moves() -> None:
    assert balance_moves([table("A", [1, 2, 3, 4]), table("B", [1, 2, 3])]) == []


def test_several_moves_until_balanced() -> None:
    a = table("A", list(range(1, 10)), big_blind=1)
    b = table("B", [1, 2, 3, 4], big_blind=2)
    moves = balance_moves([a, b])
    assert [(m.player, m.to_seat) for m in moves] == [("A2", 5), ("A3", 6)]
    # 7 and 6 after two moves.


def test_table_to_break_when_the_players_fit_at_one_table_fewer() -> None:
    a = table("A", [1, 2, 3, 4, 5, 6])
    b = table("B", [1, 2, 3])
    assert table_to_break([a, b]) == "B"
    assert table_to_break([a, table("B", [1, 2, 3, 4])]) is None


def test_break_table_seats_everyone_at_random_and_keeps_tables_balanced() -> None:
    tables = [
        table("A", [1, 2, 3, 4, 5], max_seats=9),
        table("B", [1, 2, 3, 4], max_seats=9),
        table("C", [2, 7, 8], max_seats=9),
    ]
    moves = break_table(tables, "C", rng=random.Random(7))
    assert sorted(m.player for m in moves) == ["C2", "C7", "C8"]
    counts = {"A": 5, "B": 4}
    for move in moves:
        counts[move.to_table] += 1
        assert move.to_seat not in {1, 2, 3, 4} or move.to_table == "A"
    assert sorted(counts.values()) == [6, 6]
    seats = [(m.to_table, m.to_seat) for m in moves]
    assert len(set(seats)) == len(seats)
    with pytest.raises(ValueError, match="cannot be broken"):
        break_table([table("A", list(range(1, 9))), table("B", [1, 2])], "B", rng=random.Random())
