"""Poker-Deluxe (seed 001) from the UI: the new-game form, buying, the settlement, undo, ending
the game, and the ledger's buy-ins and cash-outs. Posted the way the game's page posts."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.http import HttpResponse
from django.test import Client

from dealer.deluxe.models import DeluxeGame
from dealer.engine.deluxe import Combo
from ledger.models import BuyIn, CashOut, Player, Session
from tests.dealer.gamelog.game_pad import GamePad

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def new_game_data(names: list[str], *, cards: int = 5, rounds: int = 1, **extra: Any) -> dict:
    data = {
        "name": "Deluxe night",
        "cards": str(cards),
        "rounds": str(rounds),
        "session": "",
        "currency": "SEK",
        "unit_value": "1",
    }
    for i, name in enumerate(names, start=1):
        data[f"player_{i}"] = name
        data[f"age_{i}"] = str(i)  # the first is the youngest
    return {**data, **extra}


class Pad(GamePad):
    """The game's page: every post carries what the page would carry, unless overridden."""

    prefix = "/deluxe/"
    model = DeluxeGame

    def buy(self, cards: int, **data: Any) -> str:
        return self.post("buy/", {"player": self.state().to_buy, "cards": cards, **data})

    def show(self, player: int, combo: str = "", cards: str = "", **data: Any) -> str:
        return self.post("show/", {"player": player, "combo": combo, "cards": cards, **data})

    def undo(self) -> str:
        return self.post("undo/", {})

    def end(self) -> str:
        return self.post("end/", {})

    def page(self) -> str:
        response = self.client.get(f"/deluxe/{self.game.pk}/")
        assert response.status_code == 200
        return html.unescape(response.text)


def create(client: Client, names: list[str], **kwargs: Any) -> HttpResponse:
    return client.post("/deluxe/new/", new_game_data(names, **kwargs))


@pytest.fixture
def pad_for(client: Client, host: Any) -> Any:
    client.force_login(host)

    def make(names: list[str], **kwargs: Any) -> Pad:
        response = create(client, names, **kwargs)
        assert response.status_code == 302, response.content.decode()
        return Pad(client, DeluxeGame.objects.get())

    return make


def test_a_name_on_the_roster_in_another_case_is_that_player(client: Client, host: Any) -> None:
    asa = Player.objects.create(host=host, name="Åsa")
    client.force_login(host)
    assert create(client, ["åsa", "Bo"]).status_code == 302
    assert DeluxeGame.objects.get().roster[0] == asa
    assert Player.objects.filter(host=host).count() == 2


def test_the_new_table_page_leads_to_the_poker_deluxe_form(client: Client, host: Any) -> None:
    client.force_login(host)
    page = client.get("/tables/new/").text
    assert 'href="/deluxe/new/"' in page
    form = client.get("/deluxe/new/").text
    assert 'name="player_1"' in form and 'name="age_1"' in form and 'name="cards"' in form


def test_creating_a_game_seats_the_players_and_buys_them_in(client: Client, host: Any) -> None:
    Player.objects.create(host=host, name="Anna")
    client.force_login(host)
    response = create(client, ["Anna", "Bo", "Cia"], cards=7, rounds=2)
    game = DeluxeGame.objects.get()
    assert response["Location"] == f"/deluxe/{game.pk}/"
    assert game.cards == 7 and game.rounds == 2 and game.host == host
    assert [p.name for p in game.roster] == ["Anna", "Bo", "Cia"]
    assert Player.objects.filter(host=host, name="Anna").count() == 1  # from the roster
    assert sorted(BuyIn.objects.filter(session=game.session).values_list("chips", flat=True)) == [
        75,
        75,
        75,
    ]
    page = Pad(client, game).page()
    assert "Sieben-Karten-Variante" in page
    assert "1 : 4.180.768" in page  # the seed's odds
    assert "Deal 1 of 6" in page and "round 1 of 2" in page
    assert "Anna deals" in page and "Bo: how many cards?" in page


def test_creating_a_game_in_an_open_session(client: Client, host: Any) -> None:
    night = Session.objects.create(host=host, name="Friday", rate_minor=50, rate_chips=1)
    client.force_login(host)
    create(client, ["Anna", "Bo"], session=str(night.pk))
    assert DeluxeGame.objects.get().session == night


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"player_2": "", "age_2": "", "player_3": "", "age_3": ""}, "at least two players"),
        ({"age_2": "1"}, "from 1 (the youngest) to 3, each once"),
        ({"player_3": "anna"}, "the same name"),
        ({"cards": "9"}, "Select a valid choice"),
        ({"rounds": "0"}, "At least 1"),
        ({"player_4": "Dora", "age_4": "5"}, "from 1 (the youngest) to 4"),
    ],
)
def test_bad_setup_is_refused_and_creates_nothing(
    client: Client, host: Any, change: dict, message: str
) -> None:
    client.force_login(host)
    response = client.post("/deluxe/new/", {**new_game_data(["Anna", "Bo", "Cia"]), **change})
    assert response.status_code == 200
    assert message in html.unescape(response.text)
    assert not DeluxeGame.objects.exists()
    assert not Session.objects.exists() and not Player.objects.exists()


def test_too_many_players_for_the_deck_is_refused(client: Client, host: Any) -> None:
    client.force_login(host)
    names = ["A", "B", "C", "D", "E"]
    response = create(client, names, cards=8)  # 12 cards each: one deck deals 4
    assert "at most 4 players, not 5" in html.unescape(response.text)
    assert not DeluxeGame.objects.exists()


def test_buying_costs_1_3_6_10_into_the_bank(pad_for: Any) -> None:
    pad = pad_for(["Anna", "Bo", "Cia", "Dora"])  # Anna deals, Bo buys first
    page = pad.page()
    assert "pays 1" in page and "pays 3" in page and "pays 6" in page and "pays 10" in page
    pad.buy(4)
    pad.buy(3)
    pad.buy(2)
    page = pad.buy(1)
    state = pad.state()
    assert state.chips == (74, 65, 69, 72)
    assert state.bank == 20
    assert "The settlement" in page


def test_seed_example_1_through_the_views(pad_for: Any) -> None:
    """7 cards: A 5 points, B 7, C 1 → B gets 2 from A and 6 from C."""
    pad = pad_for(["A", "B", "C"], cards=7, rounds=2)
    for _ in range(3):
        pad.buy(0)
    pad.show(0, Combo.TRIPS_TWO_PAIRS.value)
    pad.show(1, Combo.QUADS_PAIR.value)
    page = pad.show(2, Combo.PAIR.value)
    assert pad.state().chips == (73, 83, 69)
    assert "A pays B 2: 5 against 7 points." in page
    assert "C pays B 6: 1 against 7 points." in page
    assert "B deals" in page  # the deal passes left


def test_seed_example_2_through_the_views(pad_for: Any) -> None:
    """6 cards: A 2, B straight to the queen 5, C straight to the ace 5 → C gets 3 from A,
    B pays nothing. The tie at the top asks for B's and C's cards."""
    pad = pad_for(["A", "B", "C"], cards=6)
    for _ in range(3):
        pad.buy(0)
    pad.show(0, Combo.TRIPS.value)
    pad.show(1, Combo.STRAIGHT.value)
    page = pad.show(2, Combo.STRAIGHT.value)
    assert "Tied at the top: enter the cards." in page
    pad.show(1, cards="7h 8d 9c Tc Jd Qs")
    page = pad.show(2, cards="9h Td Jc Qc Kd As")
    assert pad.state().chips == (72, 75, 78)
    assert "A pays C 3: 2 against 5 points." in page
    assert "B has as many points as C and pays nothing." in page


def test_cards_entered_as_text_are_classified(pad_for: Any) -> None:
    pad = pad_for(["A", "B"], cards=4)
    pad.buy(0)
    pad.buy(0)
    pad.show(0, cards="as ad ah ac")
    page = pad.show(1, cards="2c 5d 9h Kh")
    assert pad.state().chips == (94, 56)  # Ein Vierling 20 against Naturell 1
    assert "B pays A 19" in page


def test_a_stale_version_changes_nothing(pad_for: Any) -> None:
    pad = pad_for(["Anna", "Bo", "Cia"])
    pad.buy(2)
    before = pad.state()
    page = pad.buy(1, version=pad.version - 1)
    assert "Another device changed the game first" in page
    assert pad.state() == before


@pytest.mark.parametrize(
    ("post", "message"),
    [
        (lambda pad: pad.buy(5), "may buy at most 4 cards"),
        (lambda pad: pad.buy(1, player=0), "It is Bo's turn to buy, not Anna's"),
        (lambda pad: pad.show(0, Combo.PAIR.value), "Buying is not over"),
    ],
)
def test_bad_buying_changes_nothing(pad_for: Any, post: Any, message: str) -> None:
    pad = pad_for(["Anna", "Bo", "Cia"])
    before, version = pad.state(), pad.version
    assert message in post(pad)
    assert pad.state() == before and pad.version == version


@pytest.mark.parametrize(
    ("combo", "cards", "message"),
    [
        ("Drei Paare", "", "Drei Paare is not a combination of the Fünf-Karten-Variante"),
        ("", "As As Kd 7h 2c", "there twice"),
        ("", "As Kd", "needs 5 cards, not 2"),
        ("", "As Kd Xx 7h 2c", ""),
        ("Zwei Paare", "As Ad Kd Kh 2c 3c", "needs 5 cards, not 6"),
        ("Ein Paar", "As Ad Kd Kh 2c", "make Zwei Paare, not Ein Paar"),
        ("", "", "Tap the combination or enter the cards."),
        ("Kein Poker", "", "Select a valid choice"),
    ],
)
def test_bad_settlement_input_changes_nothing(
    pad_for: Any, combo: str, cards: str, message: str
) -> None:
    pad = pad_for(["Anna", "Bo", "Cia"])
    for _ in range(3):
        pad.buy(0)
    before, version = pad.state(), pad.version
    page = pad.show(0, combo, cards)
    assert 'class="flash error"' in page
    assert message in page
    assert pad.state() == before and pad.version == version


def test_a_card_in_two_hands_is_refused(pad_for: Any) -> None:
    pad = pad_for(["Anna", "Bo"], cards=4)
    pad.buy(0)
    pad.buy(0)
    pad.show(0, cards="As Ad 2c 3c")
    page = pad.show(1, cards="As 5d 9h Kh")
    assert "one deck has only one" in page
    assert pad.state().shown[1] is None


def test_undo_takes_back_the_last_action(pad_for: Any) -> None:
    pad = pad_for(["Anna", "Bo", "Cia"])
    pad.buy(4)
    page = pad.undo()
    assert "Undone." in page
    state = pad.state()
    assert state.bank == 0 and state.chips == (75, 75, 75) and state.to_buy == 1
    assert pad.fresh().undone.count() == 1


def _broke_in_three_deals(pad: Pad) -> str:
    """Four cards, two players: Anna buys four cards every deal and shows a Naturell, Bo a
    Vierling: 10 + 19 a deal, so Anna is broke in the third deal."""
    page = ""
    for _ in range(3):
        state = pad.state()
        for _ in range(2):
            pad.buy(4 if pad.state().to_buy == 0 else 0)
        assert not state.is_over
        pad.show(0, Combo.NATURELL.value)
        page = pad.show(1, Combo.QUADS.value)
    return page


def test_a_broke_player_ends_the_game_and_everyone_cashes_out(pad_for: Any) -> None:
    pad = pad_for(["Anna", "Bo"], cards=4, rounds=5)
    page = _broke_in_three_deals(pad)
    state = pad.state()
    assert state.is_over and state.chips == (0, 150)
    assert "The game is over: Bo wins." in page
    assert "Anna went broke" in page
    assert "Anna owed 19 and is broke." in page
    game = pad.fresh()
    outs = dict(CashOut.objects.filter(session=game.session).values_list("player__name", "chips"))
    assert outs == {"Anna": 0, "Bo": 150}
    # The session's ledger balances: 150 bought in, 150 cashed out.
    assert "Bo" in pad.page() and "Standings" in pad.page()


def test_undo_after_the_end_takes_the_cash_outs_back(pad_for: Any) -> None:
    pad = pad_for(["Anna", "Bo"], cards=4, rounds=5)
    _broke_in_three_deals(pad)
    pad.undo()
    game = pad.fresh()
    assert not game.is_closed
    assert not CashOut.objects.filter(session=game.session).exists()
    assert pad.state().shown[0] is not None and pad.state().shown[1] is None


def test_the_host_ends_the_game_between_deals_not_during_one(pad_for: Any) -> None:
    pad = pad_for(["Anna", "Bo", "Cia"])
    pad.buy(2)
    page = pad.end()
    assert "Finish this deal first: the bank (3)" in page
    assert not pad.fresh().is_closed
    pad.undo()
    page = pad.end()
    assert "The game is over" in page
    game = pad.fresh()
    assert game.ended and game.is_closed
    assert CashOut.objects.filter(session=game.session).count() == 3


def test_a_game_in_progress_keeps_the_session_from_being_counted(pad_for: Any, host: Any) -> None:
    from django.core.exceptions import ValidationError

    pad = pad_for(["Anna", "Bo"])
    session = pad.fresh().session
    with pytest.raises(ValidationError, match="still being played"):
        session.start_counting(by=host)


def test_another_host_cannot_see_or_play_the_game(pad_for: Any, django_user_model: Any) -> None:
    pad = pad_for(["Anna", "Bo"])
    sven = django_user_model.objects.create_user(username="sven", password="not-your-game-1")
    other = Client()
    other.force_login(sven)
    assert other.get(f"/deluxe/{pad.game.pk}/").status_code == 404
    response = other.post(f"/deluxe/{pad.game.pk}/buy/", {"version": 1, "player": 1, "cards": 1})
    assert response.status_code == 404
    assert pad.state().bank == 0


@pytest.mark.parametrize(
    ("language", "words"),
    [("sv", "hur många kort?"), ("de", "wie viele Karten?"), ("is", "hve mörg spil?")],
)
def test_the_screen_speaks_the_host_s_language_but_the_combinations_stay_german(
    pad_for: Any, language: str, words: str
) -> None:
    pad = pad_for(["Anna", "Bo"])
    page = html.unescape(
        pad.client.get(f"/deluxe/{pad.game.pk}/", headers={"Accept-Language": language}).text
    )
    assert words in page
    assert "Ein Drilling + Ein Paar" in page and "Fünf-Karten-Variante" in page


def test_the_evening_settles_in_the_ledger_at_the_session_s_rate(
    pad_for: Any, host: Any, client: Client
) -> None:
    """Units become money at the session's rate (here 2 SEK a unit), and the usual settlement
    says who pays whom: both paid 150 SEK in cash for their 75 units; Anna lost hers, so the
    bank pays Bo his 150 units, 300 SEK."""
    pad = pad_for(["Anna", "Bo"], cards=4, rounds=5, unit_value="2")
    _broke_in_three_deals(pad)
    session = pad.fresh().session
    assert (session.rate_minor, session.rate_chips) == (200, 1)
    session.start_counting(by=host)
    session.settle(by=host)
    transfers = [(t.payer, t.payee.name, t.amount) for t in session.transfers.all()]
    assert transfers == [(None, "Bo", 30000)]
    assert "Deluxe night" in client.get("/").text


def test_merging_roster_entries_follows_into_the_game(pad_for: Any, host: Any) -> None:
    from django.core.exceptions import ValidationError

    pad = pad_for(["Anna", "Bo"])
    anna, bo = pad.fresh().roster
    ann = Player.objects.create(host=host, name="Ann")
    ann.merge(anna)  # the same person entered twice: the game names the kept entry
    assert pad.fresh().players == [ann.pk, bo.pk]
    assert pad.state().config.names == ("Ann", "Bo")
    with pytest.raises(ValidationError, match="same Poker-Deluxe game"):
        ann.merge(bo)
    assert pad.fresh().players == [ann.pk, bo.pk]


def test_a_player_plays_one_game_at_a_time(pad_for: Any, client: Client) -> None:
    pad = pad_for(["Anna", "Bo"])
    response = create(client, ["Anna", "Cia"])
    assert "Anna already plays in" in html.unescape(response.text)
    assert DeluxeGame.objects.count() == 1
    pad.end()
    assert create(client, ["Anna", "Cia"]).status_code == 302


def test_the_games_screen_keeps_the_screen_on(pad_for: Any) -> None:
    pad = pad_for(["Anna", "Bo"])
    page = pad.client.get(f"/deluxe/{pad.game.pk}/").text
    assert re.search(r"<body[^>]* data-keep-awake", page)
    assert "js/awake.js" in page
