"""The game catalogue (dealer.engine.games.GAMES): one spec per table game, and everything the
table asks about a game read from it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from dealer.engine import FixedLimit, NoLimit, PotLimit, SpreadLimit, Variant
from dealer.engine.games import (
    GAMES,
    Betting,
    DrawMode,
    ForcedBets,
    Game,
    TableRules,
    hand_config,
    players,
)
from dealer.engine.rules import VARIANTS, Kind
from dealer.engine.seating import SeatState, Stakes, next_hand


def name(spec: object) -> str:
    return spec.game.value  # type: ignore[attr-defined]


def test_every_game_has_one_spec_under_its_own_id() -> None:
    assert list(GAMES) == list(Game)
    assert all(spec.game is game for game, spec in GAMES.items())


def test_every_variant_is_played_at_a_table() -> None:
    """A variant of the engine nobody can choose on the New table page is a catalogue entry
    missing."""
    assert {spec.variant for spec in GAMES.values()} == set(Variant)


def test_the_labels_are_distinct_and_fit_the_table_s_game_column() -> None:
    labels = [spec.label for spec in GAMES.values()]
    assert len(set(labels)) == len(labels) and all(labels)
    assert all(len(game.value) <= 20 for game in Game)  # Table.game: max_length=20


@pytest.mark.parametrize(
    ("game", "draw_mode", "expected"),
    [
        (Game.NL_HOLDEM, DrawMode.STRADDLE, (2, 23)),
        (Game.PL_OMAHA, DrawMode.STRADDLE, (2, 23)),
        (Game.DRAW5, DrawMode.STRADDLE, (2, 7)),  # seed 000: "upp till sju spelare"
        (Game.DRAW5, DrawMode.JACKPOTS, (2, 7)),
        (Game.DRAW5, DrawMode.OPEN_OR_FOLD, (2, 5)),  # "spel på fem eller färre"
        (Game.DRAW5_SHORT, DrawMode.STRADDLE, (3, 4)),  # seed 003: "þremur til fjórum"
        (Game.DRAW5_SHORT, DrawMode.OPEN_OR_FOLD, (3, 4)),  # seed 000's modes are not its own
        (Game.STUD5, DrawMode.STRADDLE, (2, 10)),  # seed 004: "för 2 till 10 deltagare"
        (Game.STUD7, DrawMode.STRADDLE, (2, 8)),
        (Game.RAZZ, DrawMode.STRADDLE, (2, 8)),
        (Game.STUD7_HILO, DrawMode.STRADDLE, (2, 8)),
    ],
)
def test_each_game_is_dealt_to_its_players(
    game: Game, draw_mode: DrawMode, expected: tuple[int, int]
) -> None:
    assert players(game, draw_mode) == expected
    rules = TableRules(game=game, small_blind=1, big_blind=2, draw_mode=draw_mode)
    assert rules.players == expected


@pytest.mark.parametrize("spec", GAMES.values(), ids=name)
def test_a_game_is_dealt_to_no_more_players_than_its_variant_takes(spec: object) -> None:
    fewest, most = spec.players  # type: ignore[attr-defined]
    variant_fewest, variant_most = VARIANTS[spec.variant].players  # type: ignore[attr-defined]
    assert variant_fewest <= fewest <= most <= variant_most


@pytest.mark.parametrize("spec", GAMES.values(), ids=name)
def test_the_flags_follow_the_variant(spec: object) -> None:
    kind = VARIANTS[spec.variant].kind  # type: ignore[attr-defined]
    flags = (spec.board, spec.draw, spec.stud)  # type: ignore[attr-defined]
    assert flags == (kind is Kind.BOARD, kind is Kind.DRAW, kind is Kind.STUD)


def test_razz_is_the_lowball_stud_and_high_low_splits() -> None:
    """The screens ask the spec (a razz pot's odd chip is not by the highest card's suit)."""
    assert [g for g, spec in GAMES.items() if spec.lowball] == [Game.TRIPLE_DRAW_27, Game.RAZZ]
    assert [g for g, spec in GAMES.items() if spec.lowball and spec.stud] == [Game.RAZZ]
    assert [g for g, spec in GAMES.items() if spec.high_low] == [Game.STUD7_HILO]
    assert all(GAMES[g].stud for g in (Game.RAZZ, Game.STUD7_HILO))


@pytest.mark.parametrize(
    ("forced_bets", "needs"),
    [
        (ForcedBets.BLINDS, {"small_blind", "big_blind", "ante", "ante_mode"}),
        (ForcedBets.ANTE_AND_STRADDLE, {"small_blind", "draw_mode", "max_bet", "open_min"}),
        (ForcedBets.AGREED_BET, {"small_blind", "max_bet"}),
        (ForcedBets.ANTE_AND_BRING_IN, {"ante", "small_bet", "big_bet", "bring_in"}),
    ],
)
def test_a_game_s_form_fields_hold_the_stakes_its_forced_bets_need(
    forced_bets: ForcedBets, needs: set[str]
) -> None:
    specs = [spec for spec in GAMES.values() if spec.forced_bets is forced_bets]
    assert specs
    assert all(needs <= set(spec.fields) for spec in specs)


def test_only_the_forced_bets_that_need_a_field_use_it() -> None:
    """Razz asked for what it never deals: a game's fields are exactly what it plays with."""
    for spec in GAMES.values():
        assert spec.uses("bring_in") == (spec.forced_bets is ForcedBets.ANTE_AND_BRING_IN)
        assert spec.uses("draw_mode") == (spec.forced_bets is ForcedBets.ANTE_AND_STRADDLE)
        assert spec.uses("ante_mode") == (spec.forced_bets is ForcedBets.BLINDS)
        # Straddles are the board games' (2-7 triple draw has blinds but no straddle).
        assert spec.uses("straddles_allowed") == (
            spec.forced_bets is ForcedBets.BLINDS and spec.board
        )
        assert spec.uses("limit_raises") == spec.fixed_limit
        # The joker belongs to the seeds' draw decks, not to a lowball game's.
        assert spec.uses("joker") == (spec.draw and not spec.lowball)
        assert len(set(spec.fields)) == len(spec.fields)


def test_tournament_tables_play_the_games_with_blinds() -> None:
    """The tournament clock sets blinds and antes: only a game with blinds can follow it."""
    assert all(spec.forced_bets is ForcedBets.BLINDS for spec in GAMES.values() if spec.tournament)
    assert {g for g, spec in GAMES.items() if spec.tournament} == {
        Game.NL_HOLDEM,
        Game.PL_HOLDEM,
        Game.FL_HOLDEM,
        Game.PL_OMAHA,
    }


BUILT = {
    Betting.NO_LIMIT: NoLimit,
    Betting.POT_LIMIT: PotLimit,
    Betting.FIXED_LIMIT: FixedLimit,
    Betting.SPREAD_LIMIT: SpreadLimit,
}


def rules_for(game: Game, **stakes: object) -> TableRules:
    values: dict[str, object] = {
        "small_blind": 1,
        "big_blind": 2,
        "small_bet": 2,
        "big_bet": 4,
        "max_bet": 10,
        "bring_in": 1,
    }
    return TableRules(game=game, **{**values, **stakes})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "spec", [s for s in GAMES.values() if s.betting is not Betting.BY_TABLE], ids=name
)
def test_the_structure_builder_builds_the_game_s_betting(spec: object) -> None:
    built = rules_for(spec.game).structure()  # type: ignore[attr-defined]
    assert isinstance(built, BUILT[spec.betting])  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("stud_betting", "built"),
    [("limit", FixedLimit), ("spread", SpreadLimit), ("pot", PotLimit), ("no", NoLimit)],
)
def test_a_stud_table_chooses_its_betting(stud_betting: str, built: type) -> None:
    for spec in GAMES.values():
        if spec.betting is Betting.BY_TABLE:
            assert isinstance(rules_for(spec.game, stud_betting=stud_betting).structure(), built)


def test_the_structures_keep_their_stakes() -> None:
    assert rules_for(Game.NL_HOLDEM).structure() == NoLimit(min_bet=2)
    assert rules_for(Game.PL_OMAHA).structure() == PotLimit(min_bet=2)
    assert rules_for(Game.FL_HOLDEM, small_bet=0, big_bet=0).structure() == FixedLimit(
        small_bet=2, big_bet=4
    )
    assert rules_for(Game.STUD7, stud_betting="pot").structure() == PotLimit(
        min_bet=2, min_bet_late=4
    )
    # Seed 000: the opening is twice the straddle, a jackpot's from the smallest opening.
    draw = rules_for(Game.DRAW5, small_blind=5, big_blind=10, max_bet=20, open_min=10)
    assert draw.structure().open_to == 20  # type: ignore[union-attr]
    jackpot = draw.structure(jackpot=True)
    assert (jackpot.open_to, jackpot.open_min) == (0, 10)  # type: ignore[union-attr]
    # Seed 003: "borgar umsamið veðmál".
    short = rules_for(Game.DRAW5_SHORT, small_blind=5, big_blind=5, max_bet=20)
    assert short.structure() == SpreadLimit(min_bet=5, max_bet=20, open_to=5)


@pytest.mark.parametrize(
    ("game", "draw_mode", "has_blinds"),
    [
        (Game.NL_HOLDEM, DrawMode.STRADDLE, True),
        (Game.DRAW5, DrawMode.STRADDLE, True),
        (Game.DRAW5, DrawMode.SPECIAL_JACKPOTS, True),
        (Game.DRAW5, DrawMode.JACKPOTS, False),
        (Game.DRAW5, DrawMode.OPEN_OR_FOLD, False),
        (Game.DRAW5_SHORT, DrawMode.STRADDLE, False),
        (Game.STUD5, DrawMode.STRADDLE, False),
        (Game.RAZZ, DrawMode.STRADDLE, False),
    ],
)
def test_the_forced_bets_say_whether_hands_have_blinds(
    game: Game, draw_mode: DrawMode, has_blinds: bool
) -> None:
    assert rules_for(game, draw_mode=draw_mode).has_blinds is has_blinds


@pytest.mark.parametrize("spec", GAMES.values(), ids=name)
def test_a_hand_posts_what_the_game_s_forced_bets_say(spec: object) -> None:
    # An ante where the game has one (the form sets none for the others).
    ante = 1 if spec.uses("ante") else 0  # type: ignore[attr-defined]
    rules = rules_for(spec.game, ante=ante, ante_mode="each")  # type: ignore[attr-defined]
    seats = tuple(SeatState(seat=n, stack=100) for n in (1, 2, 3))
    plan = next_hand(seats, max_seats=3, stakes=Stakes(small_blind=1, big_blind=2), previous=None)
    config = hand_config(rules, plan, seats)
    forced = spec.forced_bets  # type: ignore[attr-defined]
    assert config.variant is spec.variant  # type: ignore[attr-defined]
    assert (config.bring_in > 0) == (forced is ForcedBets.ANTE_AND_BRING_IN)
    assert any(config.blinds) == (forced in (ForcedBets.BLINDS, ForcedBets.ANTE_AND_STRADDLE))
    assert any(config.antes) == (forced in (ForcedBets.BLINDS, ForcedBets.ANTE_AND_BRING_IN))


def test_the_catalogue_does_not_import_django() -> None:
    code = (
        "import sys, dealer.engine.games; "
        "assert not any(m.startswith('django') for m in sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
