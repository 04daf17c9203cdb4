"""Seed 003's dice games and strip poker from the UI: the new-game form, each game's moves as
the page posts them, the rankings and the tie through the page, a liar's-dice evening to the
last player, undo, ending, the ledger's buy-ins, cash-outs and settlement, bad input (a clear
message and nothing changed) and the TV display."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from django.test import Client

from dealer.dice.models import DiceAction, DiceGame, DiceUndone, hand_code
from dealer.engine.dice import Hand
from ledger.models import BuyIn, CashOut, Player, Session
from tests.dealer.gamelog.game_pad import GamePad

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def text(response: Any) -> str:
    """The HTML as a person reads it: entities decoded, without <bdi> and <strong>."""
    return re.sub(r"</?(?:bdi|strong)>", "", html.unescape(response.content.decode()))


def new_game_data(kind: str, names: list[str], **extra: Any) -> dict[str, str]:
    data = {
        "name": "Dice night",
        "kind": kind,
        "chips": "10",
        "stake": "2",
        "items": "",
        "session": "",
        "currency": "SEK",
        "chip_value": "1",
    }
    for i, name in enumerate(names, start=1):
        data[f"player_{i}"] = name
    return {**data, **{k: str(v) for k, v in extra.items()}}


class Pad(GamePad):
    """The game's page: every post carries what the page would carry, unless overridden."""

    prefix = "/dice/"
    model = DiceGame

    def read(self, response: Any) -> str:
        return text(response)

    def show(self, dice: str = "", *, hand: str = "", rolls: Any = "", **data: Any) -> str:
        player = self.state().to_show
        return self.post(
            "show/", {"player": player, "dice": dice, "hand": hand, "rolls": rolls, **data}
        )

    def claim(self, kind: str, *faces: str, **data: Any) -> str:
        code = hand_code(Hand.of(kind, *faces))
        return self.post("claim/", {"player": self.state().to_act, "hand": code, **data})

    def accept(self) -> str:
        return self.post("accept/", {"player": self.state().to_act})

    def call(self, dice: str, **data: Any) -> str:
        return self.post("call/", {"player": self.state().to_act, "dice": dice, **data})

    def aces(self, dice: str) -> str:
        return self.post("aces/", {"player": self.state().to_act, "dice": dice})

    def lost(self, player: int) -> str:
        return self.post("lost/", {"player": player})

    def undo(self) -> str:
        return self.post("undo/", {})

    def end(self) -> str:
        return self.post("end/", {})

    def page(self) -> str:
        response = self.client.get(f"/dice/{self.game.pk}/")
        assert response.status_code == 200
        return text(response)


@pytest.fixture
def pad_for(client: Client, host: Any) -> Any:
    client.force_login(host)

    def make(kind: str, names: list[str], **kwargs: Any) -> Pad:
        response = client.post("/dice/new/", new_game_data(kind, names, **kwargs))
        assert response.status_code == 302, html.unescape(response.content.decode())
        return Pad(client, DiceGame.objects.get())

    return make


def unchanged(pad: Pad, before: tuple[int, int]) -> bool:
    """The log and the version are as they were: nothing was written."""
    return (DiceAction.objects.filter(game=pad.game).count(), pad.version) == before


def snapshot(pad: Pad) -> tuple[int, int]:
    return DiceAction.objects.filter(game=pad.game).count(), pad.version


# --- creating a game ------------------------------------------------------------------------


def test_new_table_and_home_lead_to_the_dice_games(client: Client, host: Any) -> None:
    client.force_login(host)
    assert 'href="/dice/new/"' in client.get("/tables/new/").text
    form = client.get("/dice/new/").text
    assert 'name="kind"' in form and "Poker dice" in form and "Strip poker" in form


def test_creating_poker_dice_buys_everyone_in_at_a_new_session(
    pad_for: Any, host: Any, client: Client
) -> None:
    Player.objects.create(host=host, name="Anna")
    pad = pad_for("poker_dice", ["Anna", "Bo", "Cia"], chip_value="0.5")
    game = pad.fresh()
    assert game.kind == "poker_dice" and game.chips == 10 and game.stake == 2
    assert [p.name for p in game.roster] == ["Anna", "Bo", "Cia"]
    assert Player.objects.filter(host=host, name="Anna").count() == 1
    assert (game.session.rate_minor, game.session.rate_chips) == (50, 1)
    assert sorted(BuyIn.objects.filter(session=game.session).values_list("chips", flat=True)) == [
        10,
        10,
        10,
    ]
    page = pad.page()
    assert "Round 1" in page and "Anna rolls first" in page
    assert 'data-testid="pot">6<' in page  # everyone's stake is in
    assert "Dice night" in client.get("/").text and "Poker dice" in client.get("/").text


def test_strip_poker_has_no_session_and_no_stakes(pad_for: Any) -> None:
    pad = pad_for("strip", ["Anna", "Bo"], chips="", stake="", items="3")
    game = pad.fresh()
    assert game.session is None and game.chips is None and game.items == 3
    assert not BuyIn.objects.exists()


@pytest.mark.parametrize(
    ("extra", "names", "message"),
    [
        ({}, ["Anna"], "Seat at least two players."),
        ({}, ["Anna", "anna"], "Two players have the same name"),
        ({"stake": "20"}, ["Anna", "Bo"], "A stake of 20 is more than a player's 10 chips."),
        ({"chips": ""}, ["Anna", "Bo"], "How many chips does each player start with?"),
        ({"kind": "yahtzee"}, ["Anna", "Bo"], "Select a valid choice."),
        ({"items": "21"}, ["Anna", "Bo"], "At most 20."),
    ],
)
def test_a_bad_new_game_is_refused_with_a_reason(
    client: Client, host: Any, extra: dict[str, str], names: list[str], message: str
) -> None:
    client.force_login(host)
    data = new_game_data(extra.pop("kind", "poker_dice"), names, **extra)
    response = client.post("/dice/new/", data)
    assert response.status_code == 200
    assert message in html.unescape(response.text)
    assert not DiceGame.objects.exists() and not Session.objects.exists()


def test_a_player_plays_one_game_for_a_pot_at_a_time(pad_for: Any, client: Client) -> None:
    pad_for("liars", ["Anna", "Bo"])
    response = client.post("/dice/new/", new_game_data("poker_dice", ["Anna", "Cia"]))
    assert "Anna already plays in" in html.unescape(response.text)
    assert DiceGame.objects.count() == 1


# --- poker dice -----------------------------------------------------------------------------


# Seed 003's ranking, lowest first, as the page names each hand: each row beats the one above.
RANKING = [
    ("9 10 J Q A", "nothing"),
    ("K K 9 10 J", "a pair of kings"),
    ("J J 10 10 A", "two pairs, jacks and tens"),
    ("K K 9 9 10", "two pairs, kings and nines"),
    ("Q Q Q 9 A", "three queens"),
    ("9 10 J Q K", "the straight 9 to K"),
    ("J J J 10 10", "a full house, three jacks and two tens"),
    ("10 J Q K A", "the straight 10 to A"),
    ("Q Q Q Q 9", "four queens"),
    ("J J J J J", "five jacks"),
]


@pytest.mark.parametrize(("low", "high"), list(zip(RANKING, RANKING[1:], strict=False)))
def test_the_seed_s_ranking_through_the_page(
    pad_for: Any, low: tuple[str, str], high: tuple[str, str]
) -> None:
    pad = pad_for("poker_dice", ["Anna", "Bo"])
    pad.show(low[0], rolls=3)
    page = pad.show(high[0])
    assert f"Anna: {low[1]}" in page and f"Bo: {high[1]}" in page
    assert "Bo takes the pot of 4." in page
    assert "Anna had the lowest score and starts the next round." in page
    assert pad.state().chips == (6, 10)  # both paid round 2's stake; Bo won round 1's pot


def test_odd_dice_do_not_break_a_tie_the_tied_play_again_for_the_same_pot(
    pad_for: Any,
) -> None:
    pad = pad_for("poker_dice", ["Anna", "Bo", "Cia"])
    pad.show("K K 9 10 J", rolls=2)
    pad.show("K K A Q J")  # the same pair of kings: the odd ace does not count
    page = pad.show("10 10 9 J Q")
    assert "Tie: Anna, Bo play again for the same pot" in page
    assert 'data-testid="pot">6<' in page
    assert "Anna rolls first" in page  # the replay's first sets the rolls again
    assert pad.state().chips == (8, 8, 8)
    pad.show("A A 9 10 J", rolls=1)
    page = pad.show("Q Q 9 10 J")
    assert "Anna takes the pot of 6." in page
    assert "Replay:" in page
    # Cia had the lowest score (a pair of tens in the first pass) and starts the next round.
    assert "Cia had the lowest score and starts the next round." in page
    assert pad.state().to_show == 2
    assert pad.state().chips == (12, 6, 6)


def test_the_first_player_sets_the_rolls_for_everyone(pad_for: Any) -> None:
    pad = pad_for("poker_dice", ["Anna", "Bo"])
    before = snapshot(pad)
    page = pad.show("K K 9 10 J")
    assert "Anna rolls first: say how many times (1 to 3)" in page
    assert unchanged(pad, before)
    pad.show("K K 9 10 J", rolls=1)
    before = snapshot(pad)
    page = pad.show("A A 9 10 J", rolls=2)
    assert "Bo may roll 1 to 1 times: Anna, who rolled first, stopped at 1." in page
    assert unchanged(pad, before)


def test_a_combination_can_be_picked_instead_of_the_dice(pad_for: Any) -> None:
    pad = pad_for("poker_dice", ["Anna", "Bo"])
    pad.show(hand="FULL_HOUSE-K-9", rolls=3)
    page = pad.show(hand="HIGH_STRAIGHT")
    # Seed 003: FULL HÚS is below BEINN HÁR (the straight 10 to A).
    assert "Anna: a full house, three kings and two nines" in page
    assert "Bo takes the pot of 4." in page
    assert pad.fresh().entries[0][1]["hand"] == "FULL_HOUSE-K-9"


@pytest.mark.parametrize(
    ("dice", "hand", "message"),
    [
        ("K K 9 9 A A", "", "Poker dice are 5 dice, not 6."),
        ("K K 9 9", "", "Poker dice are 5 dice, not 4."),
        ("K K 9 9 7", "", "“7” is not a face of a poker die: they show 9 10 J Q K A."),
        ("", "", "Tap the five dice or pick the combination."),
        ("", "PAIR-7", "Select a valid choice."),
    ],
)
def test_bad_poker_dice_change_nothing(pad_for: Any, dice: str, hand: str, message: str) -> None:
    pad = pad_for("poker_dice", ["Anna", "Bo"])
    before = snapshot(pad)
    page = pad.show(dice, hand=hand, rolls=2)
    assert message in page
    assert unchanged(pad, before)
    assert pad.state().shown == ()


def test_the_wrong_player_and_a_stale_version_change_nothing(pad_for: Any) -> None:
    pad = pad_for("poker_dice", ["Anna", "Bo"])
    before = snapshot(pad)
    page = pad.post("show/", {"player": 1, "dice": "K K 9 9 A", "rolls": 2})
    assert "It is Anna's turn, not Bo's." in page
    assert unchanged(pad, before)
    page = pad.show("K K 9 9 A", rolls=2, version=pad.version + 1)
    assert "Another device changed the game first" in page
    assert unchanged(pad, before)
    page = pad.post("show/", {"player": 7, "dice": "K K 9 9 A", "rolls": 2})
    assert "There is no player 7 at this table." in page
    assert unchanged(pad, before)


def test_a_player_who_cannot_cover_the_stake_is_out_and_the_game_ends_in_the_ledger(
    pad_for: Any, host: Any
) -> None:
    """Chips 10, stake 5: Anna wins two rounds; Bo has nothing left for a third stake, the
    game is over and both cash out; the session settles who pays whom at its rate."""
    pad = pad_for("poker_dice", ["Anna", "Bo"], stake=5, chip_value="2")
    pad.show("A A A 9 10", rolls=1)
    pad.show("K K 9 10 J")
    pad.show("K K 9 10 J", rolls=1)  # Bo had the lowest score and starts: Bo shows first
    page = pad.show("A A A 9 10")
    state = pad.state()
    assert state.is_over and state.chips == (20, 0) and state.out == (1,)
    assert "The game is over: Anna wins." in page
    game = pad.fresh()
    outs = dict(CashOut.objects.filter(session=game.session).values_list("player__name", "chips"))
    assert outs == dict(zip(("Anna", "Bo"), state.chips, strict=True))
    assert sum(outs.values()) == 20
    session = game.session
    session.start_counting(by=host)
    session.settle(by=host)
    transfers = [(t.payer, t.payee.name, t.amount) for t in session.transfers.all()]
    # Both paid 20 SEK cash for 10 chips; the bank pays Anna her 20 chips at 2 SEK.
    assert transfers == [(None, "Anna", 4000)]


def test_undo_takes_back_the_last_dice_and_reopens_a_finished_game(pad_for: Any) -> None:
    pad = pad_for("poker_dice", ["Anna", "Bo"], stake=10)
    pad.show("K K 9 10 J", rolls=1)
    page = pad.show("A A 9 10 J")
    assert pad.fresh().is_closed and CashOut.objects.count() == 2
    assert "The game is over: Bo wins." in page
    pad.undo()
    game = pad.fresh()
    assert not game.is_closed and CashOut.objects.count() == 0
    assert len(game.entries) == 1 and DiceUndone.objects.count() == 1
    assert pad.state().to_show == 1


def test_ending_poker_dice_between_rounds_returns_the_unplayed_stakes(pad_for: Any) -> None:
    pad = pad_for("poker_dice", ["Anna", "Bo", "Cia"])
    pad.show("K K 9 10 J", rolls=1)
    before = snapshot(pad)
    page = pad.end()
    assert "Finish this round first" in page and unchanged(pad, before)
    pad.show("A A 9 10 J")
    pad.show("Q Q 9 10 J")  # Bo wins 6; round 2's stakes (6) are in the pot
    page = pad.end()
    assert "The game is over: Bo wins." in page
    game = pad.fresh()
    outs = dict(CashOut.objects.filter(session=game.session).values_list("player__name", "chips"))
    assert outs == {"Anna": 8, "Bo": 14, "Cia": 8}


# --- liar's dice ----------------------------------------------------------------------------


def test_a_liars_dice_evening_to_the_last_player(pad_for: Any, host: Any) -> None:
    """Three players with 4 chips, stake 2. Each called bluff costs the loser the stake; who
    has nothing left is out; the last with chips takes the pot, and the ledger settles it."""
    pad = pad_for("liars", ["Anna", "Bo", "Cia"], chips=4, stake=2)
    page = pad.page()
    assert "Anna rolls under the cup" in page
    pad.claim("PAIR", "K")
    page = pad.accept()
    assert "Bo accepted" in page and "must claim more than a pair of kings" in page
    # Only claims higher than the last are offered.
    assert hand_code(Hand.of("PAIR", "A")) in page
    assert 'value="PAIR-Q"' not in page
    pad.claim("TWO_PAIRS", "A", "9")
    page = pad.call("A A 9 9 K")  # Cia calls: the cup holds the claim, so Cia pays
    assert "the cup held two pairs, aces and nines, so Cia pays." in page
    assert pad.state().chips == (4, 4, 2) and pad.state().pot == 2
    assert pad.state().to_act == 2  # the loser starts
    pad.claim("THREE_OF_A_KIND", "Q")
    page = pad.call("Q Q 9 10 J")  # Anna calls: only a pair, Cia bluffed and pays her last 2
    assert "Cia is out." in page
    assert pad.state().out == (2,)
    # Cia is out: the next to Cia's left (Anna) starts; Bo is Anna's left.
    pad.claim("PAIR", "9")
    page = pad.call("9 9 A K Q")  # Bo pays 2
    pad.claim("PAIR", "10")  # Bo starts
    page = pad.call("9 10 J Q A")  # Anna calls: nothing under the cup, Bo pays his last
    state = pad.state()
    assert state.is_over and state.winner == 0 and state.won == 8
    assert "The game is over: Anna is the last with chips and takes the pot of 8." in page
    game = pad.fresh()
    outs = dict(CashOut.objects.filter(session=game.session).values_list("player__name", "chips"))
    assert outs == {"Anna": 12, "Bo": 0, "Cia": 0}
    session = game.session
    session.start_counting(by=host)
    session.settle(by=host)
    assert [(t.payer, t.payee.name, t.amount) for t in session.transfers.all()] == [
        (None, "Anna", 1200)  # the bank holds everyone's 4 SEK; Anna leaves with 12 chips
    ]


def test_five_aces_accepted_must_be_rolled(pad_for: Any) -> None:
    pad = pad_for("liars", ["Anna", "Bo"], chips=10, stake=3)
    pad.claim("FIVE_OF_A_KIND", "A")
    page = pad.accept()
    assert "Bo accepted five aces: now they must roll them." in page
    page = pad.aces("A A A A A")
    assert "Bo accepted five aces and rolled them: Anna pays." in page
    assert pad.state().chips == (7, 10)
    pad.claim("FIVE_OF_A_KIND", "A")  # Anna paid and starts
    pad.accept()
    page = pad.aces("A A A A K")  # a missed roll: the roller pays (the seed is silent)
    assert "Bo accepted five aces from Anna and rolled four aces: Bo pays." in page
    assert pad.state().chips == (7, 7)


@pytest.mark.parametrize(
    ("post", "message"),
    [
        (("claim/", {"hand": "PAIR-9"}), "Bo must claim more than a pair of kings"),
        (("claim/", {"hand": "PAIR-K"}), "Bo must claim more than a pair of kings"),
        (("claim/", {"hand": "NOTHING"}), "Claim a combination of poker dice: a pair at least."),
        (("claim/", {"hand": "PAIR-7"}), "Claim a combination of poker dice: a pair at least."),
        (("call/", {"dice": "K K 9 9 A A"}), "Poker dice are 5 dice, not 6."),
        (("call/", {"dice": "K K 9 9 2"}), "“2” is not a face of a poker die"),
        (("call/", {"dice": ""}), "Tap the five dice."),
        (("aces/", {"dice": "A A A A A"}), "Bo has not accepted five aces"),
    ],
)
def test_bad_liars_dice_input_changes_nothing(
    pad_for: Any, post: tuple[str, dict[str, str]], message: str
) -> None:
    pad = pad_for("liars", ["Anna", "Bo", "Cia"])
    pad.claim("PAIR", "K")
    if post[0] == "claim/":
        pad.accept()
    before = snapshot(pad)
    page = pad.post(post[0], {"player": pad.state().to_act, **post[1]})
    assert message in page
    assert unchanged(pad, before)


def test_a_move_of_another_game_changes_nothing(pad_for: Any) -> None:
    pad = pad_for("poker_dice", ["Anna", "Bo"])
    before = snapshot(pad)
    page = pad.post("claim/", {"player": 0, "hand": "PAIR-A"})
    assert "Dice night has no such move: it is a game of Poker dice." in page
    assert "Dice night has no such move" in pad.post("lost/", {"player": 0})
    assert unchanged(pad, before)


def test_a_poker_dice_player_who_is_out_cannot_show(pad_for: Any) -> None:
    """Chips 4, stake 2, three players: Cia loses two rounds and cannot pay a third stake."""
    pad = pad_for("poker_dice", ["Anna", "Bo", "Cia"], chips=4, stake=2)
    pad.show("A A 9 10 J", rolls=1)
    pad.show("K K 9 10 J")
    pad.show("9 10 J Q A")  # Anna takes 6; Cia (nothing) starts round 2
    pad.show("9 10 J Q A", rolls=1)  # round 2 in order Cia, Anna, Bo
    pad.show("K K 9 10 J")
    pad.show("A A A 9 10")  # Bo takes 6; Cia has nothing left for the stake
    state = pad.state()
    assert state.out == (2,) and state.chips == (4, 4, 0) and state.pot == 4  # round 3 paid
    assert state.to_show == 0  # Cia had the lowest score but is out: the next on her left
    assert '<tr class="out" data-testid="player-2">' in pad.page()
    before = snapshot(pad)
    page = pad.post("show/", {"player": 2, "dice": "A A A A A", "rolls": 1})
    assert "Cia is out: their 0 chips do not cover the stake of 2." in page
    assert unchanged(pad, before)


def test_a_player_who_is_out_cannot_act(pad_for: Any) -> None:
    pad = pad_for("liars", ["Anna", "Bo", "Cia"], chips=2, stake=2)
    pad.claim("PAIR", "K")
    pad.call("9 10 J Q A")  # Anna bluffed: out
    before = snapshot(pad)
    page = pad.post("claim/", {"player": 0, "hand": "PAIR-A"})
    assert "Anna is out: they have no chips left." in page
    assert unchanged(pad, before)


def test_ending_liars_dice_early_gives_back_what_was_paid(pad_for: Any) -> None:
    pad = pad_for("liars", ["Anna", "Bo"], chips=10, stake=3)
    pad.claim("PAIR", "K")
    before = snapshot(pad)
    assert "Finish this round first" in pad.end() and unchanged(pad, before)
    pad.call("9 10 J Q A")  # Anna pays 3
    page = pad.end()
    assert "nobody won the pot" in page
    outs = dict(CashOut.objects.values_list("player__name", "chips"))
    assert outs == {"Anna": 10, "Bo": 10}
    pad.undo()  # reopened, the cash-outs taken back
    assert not CashOut.objects.exists() and not pad.fresh().is_closed


def test_the_session_waits_for_a_dice_game_and_merges_follow(pad_for: Any, host: Any) -> None:
    from django.core.exceptions import ValidationError

    pad = pad_for("liars", ["Anna", "Bo"])
    session = pad.fresh().session
    with pytest.raises(ValidationError, match="Dice night is still being played"):
        session.start_counting(by=host)
    anna, bo = pad.fresh().roster
    ann = Player.objects.create(host=host, name="Ann")
    ann.merge(anna)
    assert pad.fresh().players == [ann.pk, bo.pk]
    with pytest.raises(ValidationError, match="play in the same game"):
        ann.merge(bo)


# --- strip poker ----------------------------------------------------------------------------


def test_strip_poker_keeps_the_tally_and_ends_when_someone_has_lost_every_item(
    pad_for: Any,
) -> None:
    pad = pad_for("strip", ["Anna", "Bo", "Cia"], chips="", stake="", items="2")
    page = pad.page()
    assert "the loser of each round takes off one item of clothing" in page
    pad.lost(1)
    page = pad.lost(0)
    assert "2 rounds played" in page and "last lost: Anna" in page
    assert "1 item lost · 1 left" in page
    page = pad.lost(1)
    assert "Bo has lost every item and loses the evening." in page
    state = pad.state()
    assert state.lost == (1, 2, 0) and state.is_over
    assert pad.fresh().is_closed and not CashOut.objects.exists()
    before = snapshot(pad)
    assert "The game is over." in pad.lost(2)
    assert unchanged(pad, before)
    pad.undo()
    assert pad.state().lost == (1, 1, 0) and not pad.fresh().is_closed


def test_strip_poker_refuses_a_player_who_is_not_there(pad_for: Any) -> None:
    pad = pad_for("strip", ["Anna", "Bo"], chips="", stake="")
    before = snapshot(pad)
    assert "There is no player 5 at this table." in pad.lost(5)
    assert unchanged(pad, before)
    page = pad.end()
    assert "The evening is over." in page and pad.fresh().is_closed


# --- roll for me, the display, access --------------------------------------------------------


def test_roll_for_me_keeps_the_dice_entered_and_rolls_the_rest(client: Client, host: Any) -> None:
    client.force_login(host)
    data = json.loads(client.post("/dice/roll/", {"keep": "K K"}).text)
    dice = data["dice"].split()
    assert len(dice) == 5 and dice[:2] == ["K", "K"]
    assert set(dice) <= {"9", "10", "J", "Q", "K", "A"}
    bad = json.loads(client.post("/dice/roll/", {"keep": "K K K K K K"}).text)
    assert "error" in bad and "dice" not in bad


def test_the_tv_display_shows_standings_pot_and_whose_turn(pad_for: Any, client: Client) -> None:
    pad = pad_for("liars", ["Anna", "Bo"])
    token = pad.fresh().display_token
    assert f"/dice/tv/{token}/" in pad.page()
    client.logout()
    page = text(client.get(f"/dice/tv/{token}/"))
    assert "Anna to play" in page and "Liar's dice" in page
    assert 'data-testid="display-pot">0<' in page
    version = pad.fresh().version
    assert client.get(f"/dice/tv/{token}/poll/?v={version}").status_code == 204
    client.force_login(pad.fresh().host)
    pad.claim("PAIR", "K")
    pad.call("9 10 J Q A")
    client.logout()
    board = text(client.get(f"/dice/tv/{token}/poll/?v={version}"))
    assert 'data-testid="display-pot">2<' in board and "Anna claims" not in board
    assert "<li><span>1. Bo</span> 10</li><li><span>2. Anna</span> 8</li>" in board
    assert client.get("/dice/tv/not-a-token-at-all/").status_code == 404


def test_the_phones_follow_the_game_like_the_tv(pad_for: Any, client: Client) -> None:
    pad = pad_for("poker_dice", ["Anna", "Bo"])
    token = pad.fresh().display_token
    page = pad.page()
    assert f"/dice/phone/{token}/" in page and 'data-testid="phone-qr"' in page
    client.logout()
    phone = text(client.get(f"/dice/phone/{token}/"))
    assert '<body class="display-body phone">' in phone and "Anna to play" in phone
    assert client.get(f"/dice/phone/{token}/poll/?v={pad.fresh().version}").status_code == 204


def test_another_host_cannot_see_or_play_the_game(pad_for: Any, django_user_model: Any) -> None:
    pad = pad_for("poker_dice", ["Anna", "Bo"])
    other = Client()
    other.force_login(django_user_model.objects.create_user(username="eve", password="x" * 12))
    assert other.get(f"/dice/{pad.game.pk}/").status_code == 404
    response = other.post(
        f"/dice/{pad.game.pk}/show/",
        {"version": pad.version, "player": 0, "dice": "A A A A A", "rolls": 1},
    )
    assert response.status_code == 404
    assert not DiceAction.objects.exists()


def test_the_games_screen_keeps_the_screen_on(pad_for: Any) -> None:
    pad = pad_for("poker_dice", ["Anna", "Bo"])
    page = pad.client.get(f"/dice/{pad.game.pk}/").text
    assert re.search(r"<body[^>]* data-keep-awake", page)
    assert "js/awake.js" in page


def test_twenty_players_can_play_the_rules_limit(client: Client, host: Any) -> None:
    """The form shows ten rows and keeps ten more behind "More players"; the rules seat 20."""
    client.force_login(host)
    form = client.get("/dice/new/").text
    assert 'name="player_10"' in form and 'name="player_20"' in form
    assert "More players (up to 10 more)" in form
    assert '<details class="more-players">' in form  # closed until a name is there
    names = [f"P{n:02}" for n in range(1, 21)]
    response = client.post("/dice/new/", new_game_data("poker_dice", names))
    assert response.status_code == 302
    game = DiceGame.objects.get()
    assert [p.name for p in game.roster] == names
    assert BuyIn.objects.filter(session=game.session).count() == 20
    pad = Pad(client, game)
    pad.show("K K 9 10 J", rolls=1)
    assert pad.state().to_show == 1  # the second player's turn
    page = client.get(f"/dice/{game.pk}/").text
    assert "P20" in page


def test_a_refused_form_keeps_the_more_players_rows_open(client: Client, host: Any) -> None:
    client.force_login(host)
    names = [f"P{n:02}" for n in range(1, 12)] + ["P01"]  # row 12 repeats row 1
    page = html.unescape(client.post("/dice/new/", new_game_data("poker_dice", names)).text)
    assert "Two players have the same name: tell them apart." in page
    assert '<details class="more-players" open>' in page
    assert 'name="player_12" id="id_player_12" value="P01"' in page
    assert not DiceGame.objects.exists()
