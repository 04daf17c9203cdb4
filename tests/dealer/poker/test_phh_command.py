"""`manage.py phh replay FILE`: prints the hands back in PHH, fails clearly on a bad file."""

from __future__ import annotations

import tomllib
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

DATA = Path(__file__).parents[1] / "engine" / "data"


def replay(name: str | Path) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("phh", "replay", str(DATA / name), stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_replay_prints_one_hand_with_finishing_stacks_and_winnings() -> None:
    out, err = replay("dwan_ivey_2009.phh")
    hand = tomllib.loads(out)
    assert hand["players"] == ["Phil Ivey", "Patrik Antonius", "Tom Dwan"]
    assert hand["finishing_stacks"] == [572100, 1997500, 1109500]
    assert hand["winnings"] == [0, 0, 1109500]
    assert err == ""


def test_replay_prints_every_hand_of_a_phhs_file() -> None:
    out, _ = replay("home_session.phhs")
    hands = tomllib.loads(out)
    assert list(hands) == ["1", "2", "3"]
    assert hands["3"]["finishing_stacks"] == [995, 990, 940, 1075, 1000]
    assert hands["2"]["winnings"] == [0, 2, 0, 0]  # the unmatched big blind is returned


def test_replay_notes_where_the_file_disagrees_on_stderr() -> None:
    out, err = replay("handhq_abs_2009.phhs")
    assert "hand 9: the file's winnings are [0, 13.75, 0, 0], Pott's [0, 15, 0, 0]." in err
    assert tomllib.loads(out)["9"]["finishing_stacks"] == [45.60, 138.54, 190.32, 225.80]


def test_an_illegal_hand_fails_naming_the_hand_and_action() -> None:
    with pytest.raises(CommandError, match=r"hand 2, action 5 'p1 cbr 80': Seat 1 cannot raise"):
        replay("illegal_raise.phhs")


def test_a_missing_file_fails_clearly(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="Cannot read"):
        replay(tmp_path / "nothing.phh")


def test_a_file_that_is_not_phh_fails_clearly(tmp_path: Path) -> None:
    bad = tmp_path / "bad.phh"
    bad.write_text("variant = [", encoding="utf-8")
    with pytest.raises(CommandError, match="the TOML is invalid"):
        replay(bad)
