"""The dealer's table: starting hands, every action through /act/, awards, misdeals, undo, stale
requests from another device or a double tap, and tampered input. Posted as htmx posts, the way
the table page sends them; each test reads the HTML the dealer would see."""

from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING, Any

import pytest
from django.test import Client

from dealer.engine import legal_actions
from dealer.poker.models import Hand, HandAction, Table, UndoneAction

if TYPE_CHECKING:
    from conftest import Tablet

STALE = "Another device changed the table first"
HTMX = {"HX-Request": "true"}


def text(response: Any) -> str:
    """The words on the page, as a person reads them (tags and QR code gone, spaces collapsed)."""
    body = response if isinstance(response, str) else response.content.decode()
    body = re.sub(r"<svg.*?</svg>", " ", body, flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)))


def prompt(response: Any) -> str:
    match = re.search(r'data-testid="prompt">([^<]*)<', response.content.decode())
    assert match, "the page has no prompt"
    return html.unescape(match.group(1))


def logged(tablet: Tablet) -> list[str]:
    return [a.data["type"] for a in HandAction.objects.filter(hand__table=tablet.table)]


# --- starting a hand ----------------------------------------------------------------------


def test_the_next_hands_button_and_blinds_are_shown_before_it_starts(tablet: Tablet) -> None:
    page = tablet.page()
    assert "Next hand: button 1 (Anna), small blind 3 (Bo), big blind 5 (Cia)" in page
    assert "3 (Bo) posts 5" in text(page)
    assert "5 (Cia) posts 10" in text(page)
    assert "Deal the next hand" in page


def test_starting_a_hand_posts_the_blinds_and_asks_the_first_player(tablet: Tablet) -> None:
    response = tablet.start()
    assert response.status_code == 200
    assert prompt(response) == "Seat 1 (Anna) to act"
    page = text(response)
    assert "Hand 1 · preflop" in page
    assert "Pot 15" in page
    assert "Call 10" in page
    assert "from 20 to 1000" in page
    assert Hand.objects.get(table=tablet.table).plan["button"] == 1


def test_a_hand_needs_two_players(client: Client, host: Any, table: Table, sit: Any) -> None:
    sit(table, 4, "Anna")
    client.force_login(host)
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert "Only seat 4 can play: a hand needs at least two players" in page
    response = client.post(
        f"/tables/{table.pk}/start/", {"version": table.version}, headers={"HX-Request": "true"}
    )
    assert "Only seat 4 can play: a hand needs at least two players" in response.content.decode()
    assert not Hand.objects.exists()


def test_a_hand_cannot_start_while_another_is_live(tablet: Tablet) -> None:
    tablet.start()
    response = tablet.start()
    assert "Finish the hand in progress first." in response.content.decode()
    assert Hand.objects.count() == 1


def test_the_button_moves_to_the_next_player_after_a_hand(tablet: Tablet) -> None:
    tablet.start()
    tablet.act("fold")
    response = tablet.act("fold")  # Bo folds: Cia wins the blinds
    assert "Next hand: button 3 (Bo), small blind 5 (Cia), big blind 1 (Anna)" in prompt(response)
    assert tablet.stacks() == {1: 1000, 3: 995, 5: 1005}


# --- betting actions ----------------------------------------------------------------------


def test_fold_marks_the_player_folded_and_moves_on(tablet: Tablet) -> None:
    tablet.start()
    response = tablet.act("fold")
    assert prompt(response) == "Seat 3 (Bo) to act"
    assert re.search(r'class="seat\s+folded" [^>]*data-seat="1"', response.content.decode())
    assert logged(tablet) == ["fold"]


def test_call_puts_the_amount_in_front_of_the_player(tablet: Tablet) -> None:
    tablet.start()
    response = tablet.act("call")
    body = response.content.decode()
    assert 'data-testid="stack-1">990<' in body
    assert 'data-testid="bet-1">10<' in body
    assert "Pot 25" in text(response)
    assert prompt(response) == "Seat 3 (Bo) to act"
    assert "Call 5" in text(response)


def test_checking_around_ends_the_round_and_prompts_the_flop(tablet: Tablet) -> None:
    tablet.start()
    tablet.act("call")
    tablet.act("call")
    response = tablet.act("check")
    assert prompt(response) == "Burn and deal the flop"
    assert "Flop dealt" in text(response)
    assert logged(tablet) == ["call", "call", "check"]


def test_a_legal_raise_is_logged_and_the_next_player_faces_it(tablet: Tablet) -> None:
    tablet.start()
    response = tablet.act("raise", amount=30)
    assert prompt(response) == "Seat 3 (Bo) to act"
    assert 'data-testid="bet-1">30<' in response.content.decode()
    assert "Call 25" in text(response)  # Bo has his small blind of 5 in already
    assert "from 50 to 1000" in text(response)
    assert logged(tablet) == ["raise"]


def test_without_an_all_in_there_is_one_pot_everyone_still_in_can_win(tablet: Tablet) -> None:
    tablet.start()
    response = tablet.act("raise", amount=30)
    page = text(response)
    assert "Side pot" not in page
    assert "Pot 45" in page
    # Nobody is all-in: no pot may leave out a player who can still call (Anna, Bo or Cia).
    for seats in re.findall(r"pot: \d+ — seats ([\d, ]+)", page):
        assert sorted(int(n) for n in seats.split(",")) == [1, 3, 5]


@pytest.mark.parametrize(
    ("amount", "message"),
    [
        (15, "Seat 1 cannot raise to 15: the amount must be from 20 to 1000."),
        (1005, "Seat 1 cannot raise to 1005: the amount must be from 20 to 1000."),
    ],
)
def test_a_raise_outside_the_legal_range_is_refused_with_the_reason(
    tablet: Tablet, amount: int, message: str
) -> None:
    tablet.start()
    response = tablet.act("raise", amount=amount)
    assert response.status_code == 200
    assert message in text(response)
    assert prompt(response) == "Seat 1 (Anna) to act"
    assert logged(tablet) == []
    assert 'data-testid="stack-1">1000<' in response.content.decode()


def test_a_raise_the_chips_cannot_make_is_refused(tablet: Tablet) -> None:
    """The smallest chip (5) is the smallest bet increment: nobody can raise to 22."""
    tablet.start()
    response = tablet.act("raise", amount=22)
    assert "Seat 1 cannot raise to 22" in text(response)
    assert logged(tablet) == []


def test_every_preset_amount_can_be_made_with_the_chips(tablet: Tablet) -> None:
    response = tablet.start()
    presets = [int(v) for v in re.findall(r'data-set="(\d+)"', response.content.decode())]
    assert presets, "no presets shown"
    assert [v for v in presets if v % 5] == []


def test_all_in_puts_the_whole_stack_in(tablet: Tablet) -> None:
    tablet.start()
    response = tablet.act("all_in")
    body = response.content.decode()
    assert 'data-testid="bet-1">1000<' in body
    assert 'data-testid="stack-1">0<' in body
    assert re.search(r'class="seat\s+all-in" [^>]*data-seat="1"', body)
    assert "Call 995 (all-in)" in text(response)
    assert logged(tablet) == ["all_in"]


def test_each_street_is_prompted_in_turn(tablet: Tablet) -> None:
    tablet.start()
    prompts = []
    tablet.act("call")
    tablet.act("call")
    tablet.act("check")
    for _street in range(3):
        prompts.append(prompt(tablet.client.get(tablet.url(""))))
        tablet.act("deal")
        for _player in range(3):
            tablet.act("check")
    assert prompts == [
        "Burn and deal the flop",
        "Burn and deal the turn",
        "Burn and deal the river",
    ]
    assert prompt(tablet.client.get(tablet.url(""))) == "Showdown: who wins the main pot (30)?"


def test_dealing_during_the_betting_is_refused(tablet: Tablet) -> None:
    tablet.start()
    response = tablet.act("deal")
    assert "Cannot deal the next street now: it is seat 1's turn to act." in text(response)
    assert prompt(response) == "Seat 1 (Anna) to act"
    assert logged(tablet) == []


# --- misdeal --------------------------------------------------------------------------------


def test_a_misdeal_voids_the_hand_gives_the_chips_back_and_keeps_the_button(
    tablet: Tablet,
) -> None:
    tablet.start()
    response = tablet.act("misdeal")
    assert "Misdeal: the hand is void and every chip went back." in text(response)
    assert tablet.hand.status == Hand.Status.VOID
    assert tablet.stacks() == {1: 1000, 3: 1000, 5: 1000}
    same_button = "Next hand: button 1 (Anna), small blind 3 (Bo), big blind 5 (Cia)"
    assert prompt(tablet.client.get(tablet.url(""))) == same_button
    assert prompt(response) == same_button  # what the dealer sees right after the misdeal
    tablet.start()
    assert tablet.hand.number == 2
    assert tablet.hand.plan["button"] == 1


def test_no_misdeal_once_the_hand_has_begun(tablet: Tablet) -> None:
    """Seed 002: a card turned up after the first action does not stop the game."""
    tablet.start()
    tablet.act("raise", amount=100)
    assert "Misdeal" not in text(tablet.client.get(tablet.url("")))
    response = tablet.act("misdeal")
    assert "A misdeal is only possible before the first action" in text(response)
    assert tablet.hand.status == Hand.Status.LIVE


def test_a_misdeal_cannot_be_undone(tablet: Tablet) -> None:
    tablet.start()
    tablet.act("misdeal")
    response = tablet.undo()
    assert "A misdeal cannot be undone: start the hand again." in text(response)
    assert tablet.hand.status == Hand.Status.VOID


# --- showdown and awards ----------------------------------------------------------------------


def test_awarding_the_pot_pays_the_winner_and_shows_how_to_pay(tablet: Tablet) -> None:
    tablet.start()
    tablet.act("raise", amount=100)
    tablet.act("fold")
    tablet.act("call")
    tablet.to_showdown()
    response = tablet.award(5)
    page = text(response)
    assert "Hand 1: payouts" in page
    assert "Main pot (205) : Cia (seat 5) 205 (2 × 100 + 1 × 5)" in page
    assert tablet.stacks() == {1: 900, 3: 995, 5: 1105}
    assert tablet.hand.status == Hand.Status.COMPLETE


def test_a_split_pot_gives_the_odd_chip_to_the_first_winner_left_of_the_button(
    tablet: Tablet,
) -> None:
    tablet.start()
    tablet.act("call")  # Anna 10
    tablet.act("fold")  # Bo leaves his small blind of 5
    tablet.act("check")  # Cia: 25 in the pot, five chips of 5
    tablet.to_showdown()
    response = tablet.award(1, 5)
    page = text(response)
    assert "Cia (seat 5) 15 (3 × 5)" in page
    assert "Anna (seat 1) 10 (2 × 5)" in page
    assert tablet.stacks() == {1: 1000, 3: 995, 5: 1005}


def test_a_player_who_folded_cannot_be_awarded_the_pot(tablet: Tablet) -> None:
    tablet.start()
    tablet.act("call")
    tablet.act("fold")
    tablet.act("check")
    tablet.to_showdown()
    before = tablet.seq
    response = tablet.award(3)  # Bo folded
    assert response.status_code == 200
    assert "Showdown: who wins the main pot (25)?" == prompt(response)
    assert re.search(r'class="flash error"', response.content.decode())
    assert tablet.seq == before
    assert tablet.hand.status == Hand.Status.LIVE


def test_awarding_with_no_winner_ticked_asks_for_one(tablet: Tablet) -> None:
    tablet.start()
    tablet.act("call")
    tablet.act("fold")
    tablet.act("check")
    tablet.to_showdown()
    before = tablet.seq
    response = tablet.post("award/", {"version": tablet.version, "hand": 1, "pot": 0})
    assert "Tap the winner or winners." in text(response)
    assert tablet.seq == before


def test_side_pots_are_awarded_last_first(tablet: Tablet) -> None:
    tablet.table.seats.filter(number=1).update(stack=100)
    tablet.start()
    tablet.act("all_in")  # Anna: 100
    tablet.act("call")  # Bo
    tablet.act("call")  # Cia
    tablet.act("deal")
    tablet.act("raise", amount=200)  # Bo bets 200: only Bo and Cia can win it
    response = tablet.act("call")
    assert "Main pot: 300 — seats 1, 3, 5" in text(response) or "Main pot: 300" in text(response)
    tablet.to_showdown()
    page = tablet.client.get(tablet.url(""))
    assert prompt(page) == "Showdown: who wins side pot 1 (400)?"
    assert "Side pot 1: 400 — Bo, Cia" in text(page)  # by name, not seat number
    response = tablet.award(5)
    assert prompt(response) == "Showdown: who wins the main pot (300)?"
    response = tablet.award(1)
    assert "Side pot 1 (400) : Cia (seat 5) 400 (4 × 100)" in text(response)
    assert "Main pot (300) : Anna (seat 1) 300 (3 × 100)" in text(response)
    assert tablet.stacks() == {1: 300, 3: 700, 5: 1100}


# --- stale requests -------------------------------------------------------------------------


def test_a_double_tap_applies_the_action_once(tablet: Tablet) -> None:
    tablet.start()
    version = tablet.version
    tablet.act("call", version=version)
    response = tablet.act("call", version=version)  # the same tap again: Bo would call
    assert STALE in text(response)
    assert logged(tablet) == ["call"]
    assert prompt(response) == "Seat 3 (Bo) to act"
    assert 'data-testid="bet-3">5<' in response.content.decode()


def test_an_action_from_an_out_of_date_screen_is_refused(tablet: Tablet) -> None:
    tablet.start()
    tablet.act("call")
    showing_bo = tablet.version
    tablet.act("call")
    response = tablet.act("fold", version=showing_bo)  # the device still showed Bo to act
    assert STALE in text(response)
    assert logged(tablet) == ["call", "call"]
    assert prompt(response) == "Seat 5 (Cia) to act"


def test_an_award_from_an_out_of_date_screen_is_refused(tablet: Tablet) -> None:
    tablet.start()
    tablet.to_showdown()
    before = tablet.seq
    response = tablet.award(1, version=tablet.version - 1)
    assert STALE in text(response)
    assert tablet.seq == before
    assert tablet.hand.status == Hand.Status.LIVE


def test_starting_from_an_old_version_is_refused(tablet: Tablet) -> None:
    version = tablet.version
    tablet.post("seats/1/toggle/sit_out/", {"version": version})  # another device
    response = tablet.post("start/", {"version": version})
    assert STALE in text(response)
    assert not Hand.objects.exists()


# --- undo ----------------------------------------------------------------------------------


def test_undo_removes_the_last_action_and_records_who_undid_it(tablet: Tablet, host: Any) -> None:
    tablet.start()
    tablet.act("call")
    tablet.act("raise", amount=60)
    response = tablet.undo()
    assert "Undone." in text(response)
    assert prompt(response) == "Seat 3 (Bo) to act"
    assert logged(tablet) == ["call"]
    undone = UndoneAction.objects.get()
    assert (undone.seq, undone.data["type"], undone.by) == (2, "raise", host)


def test_undo_goes_back_to_the_start_of_the_hand(tablet: Tablet) -> None:
    tablet.start()
    tablet.act("call")
    tablet.act("call")
    tablet.act("check")
    for _ in range(3):
        response = tablet.undo()
    assert prompt(response) == "Seat 1 (Anna) to act"
    assert "Pot 15" in text(response)
    assert logged(tablet) == []
    response = tablet.undo()
    assert "There is nothing to undo in this hand." in text(response)
    assert UndoneAction.objects.count() == 3


def test_reopening_the_last_hand_takes_its_payout_back(tablet: Tablet) -> None:
    tablet.start()
    tablet.act("raise", amount=100)
    tablet.act("fold")
    tablet.act("call")
    tablet.to_showdown()
    tablet.award(5)
    assert tablet.stacks() == {1: 900, 3: 995, 5: 1105}
    page = tablet.page()
    assert "Reopen this hand" in page
    response = tablet.undo()
    assert tablet.stacks() == {1: 1000, 3: 1000, 5: 1000}
    assert tablet.hand.status == Hand.Status.LIVE
    assert prompt(response) == "Showdown: who wins the main pot (205)?"


def test_an_undo_from_an_out_of_date_screen_is_refused(tablet: Tablet) -> None:
    tablet.start()
    tablet.act("call")
    showing_bo = tablet.version
    tablet.act("call")
    response = tablet.undo(version=showing_bo)
    assert STALE in text(response)
    assert logged(tablet) == ["call", "call"]
    assert not UndoneAction.objects.exists()


def test_a_stale_tap_after_an_undo_never_lands_on_a_state_it_did_not_show(
    tablet: Tablet,
) -> None:
    """The log's length repeats after an undo; the revision does not. A phone that showed
    "Call 10" must not call the raise that another device made after undoing."""
    tablet.start()
    tablet.act("call")  # Anna calls
    phone = tablet.version  # the phone shows Bo to act: "Call 5" (to complete the blind)
    tablet.act("call")  # Bo calls
    tablet.undo()  # Bo's call taken back: the log has one action again
    tablet.act("raise", amount=500)  # Bo raises instead
    response = tablet.act("call", version=phone)  # the phone's old "Call" tap arrives
    assert STALE in text(response)
    assert logged(tablet) == ["call", "raise"]


@pytest.mark.parametrize("path", ["act/", "award/", "undo/"])
def test_every_hand_change_needs_the_revision_the_device_showed(tablet: Tablet, path: str) -> None:
    tablet.start()
    tablet.act("call")
    data = {"hand": 1, "kind": "call", "pot": 0, "winners": 0}
    response = tablet.post(path, data)  # no version at all
    assert "error" in response.content.decode()
    assert logged(tablet) == ["call"]
    assert not UndoneAction.objects.exists()


def test_only_the_last_hand_can_be_reopened(tablet: Tablet) -> None:
    tablet.start()
    tablet.act("fold")
    tablet.act("fold")
    tablet.start()
    response = tablet.post("undo/", {"version": tablet.version, "hand": 1})
    assert "Only the last hand can be reopened." in text(response)
    assert Hand.objects.get(number=1).status == Hand.Status.COMPLETE
    assert tablet.stacks() == {1: 1000, 3: 995, 5: 1005}
    assert not UndoneAction.objects.exists()


# --- tampered and bad input -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kind": "raise", "amount": "lots"}, "Enter a whole number of chips"),
        ({"kind": "raise"}, "Enter the amount to bet or raise to."),
        ({"kind": "raise", "amount": "-20"}, "Chips must be at least 0."),
        ({"kind": "cheat"}, "Select a valid choice."),
        ({"kind": ""}, "This field is required."),
        ({"kind": "call", "version": ""}, "This field is required."),
        ({"kind": "call", "version": "x"}, "Enter a whole number."),
        ({"kind": "call", "version": "-1"}, "greater than or equal to 1"),
        ({"kind": "call", "hand": ""}, "This field is required."),
    ],
)
def test_a_bad_action_form_is_refused_with_a_message(
    tablet: Tablet, data: dict[str, str], message: str
) -> None:
    tablet.start()
    response = tablet.act(**data)
    assert response.status_code == 200
    assert message in text(response)
    assert logged(tablet) == []
    assert prompt(response) == "Seat 1 (Anna) to act"


@pytest.mark.parametrize("path", ["act/", "award/", "undo/"])
def test_a_hand_that_does_not_exist_is_refused(tablet: Tablet, path: str) -> None:
    tablet.start()
    tablet.act("call")
    data = {"version": tablet.version, "hand": 99, "kind": "call", "pot": 0, "winners": 0}
    response = tablet.post(path, data)
    assert response.status_code == 200
    assert STALE in text(response)
    assert logged(tablet) == ["call"]


def test_awarding_during_the_betting_is_refused(tablet: Tablet) -> None:
    tablet.start()
    data = {"version": tablet.version, "hand": 1, "pot": 0, "winners": 0}
    response = tablet.post("award/", data)
    assert "Cannot award a pot now: it is seat 1's turn to act." in text(response)
    assert logged(tablet) == []


def test_an_award_for_the_wrong_pot_is_refused(tablet: Tablet) -> None:
    tablet.table.seats.filter(number=1).update(stack=100)
    tablet.start()
    tablet.act("all_in")
    tablet.act("raise", amount=300)
    tablet.act("call")
    tablet.to_showdown()
    state = tablet.hand.state()
    assert legal_actions(state).award_pot == 1
    before = tablet.seq
    data = {"version": tablet.version, "hand": 1, "pot": 0, "winners": 0}
    response = tablet.post("award/", data)
    assert "Award pot 2 next" in text(response)
    assert tablet.seq == before


@pytest.mark.parametrize(
    "path",
    [
        "seats/2/leave/",
        "seats/11/leave/",
        "seats/2/chips/rebuy/",
        "seats/2/toggle/sit_out/",
        "seats/1/chips/steal/",
        "seats/1/toggle/win/",
    ],
)
def test_an_unknown_seat_or_change_is_not_found(tablet: Tablet, path: str) -> None:
    version = tablet.version
    response = tablet.post(path, {"version": version, "chips": 100})
    assert response.status_code == 404
    assert tablet.version == version
    assert tablet.stacks() == {1: 1000, 3: 1000, 5: 1000}


# --- who may see and change a table ------------------------------------------------------

GET_URLS = ["", "poll/", "rules/", "hands/", "hands/1/"]
POST_URLS = [
    "seats/",
    "seats/1/leave/",
    "seats/1/chips/rebuy/",
    "seats/1/chips/top_up/",
    "seats/1/toggle/sit_out/",
    "seats/1/toggle/post/",
    "start/",
    "act/",
    "award/",
    "undo/",
    "co-dealers/",
    "co-dealers/1/remove/",
    "links/",
    "co-dealer-link/",
]


def played_one_hand(tablet: Tablet) -> Table:
    tablet.start()
    tablet.act("fold")
    tablet.act("fold")
    return tablet.table


@pytest.mark.parametrize("path", GET_URLS)
def test_someone_elses_table_is_not_found(
    tablet: Tablet, client: Client, stranger: Any, path: str
) -> None:
    table = played_one_hand(tablet)
    client.force_login(stranger)
    assert client.get(f"/tables/{table.pk}/{path}").status_code == 404


@pytest.mark.parametrize("path", POST_URLS)
def test_nobody_else_can_change_a_table(
    tablet: Tablet, client: Client, stranger: Any, path: str
) -> None:
    table = played_one_hand(tablet)
    version = tablet.version
    client.force_login(stranger)
    data = {
        "version": version,
        "seq": 2,
        "hand": 1,
        "kind": "fold",
        "chips": 100,
        "seat": 2,
        "new_player": "Sven",
        "username": "sven",
    }
    response = client.post(f"/tables/{table.pk}/{path}", data, headers={"HX-Request": "true"})
    assert response.status_code == 404
    assert tablet.version == version
    assert not table.co_dealers.exists()
    assert Hand.objects.filter(table=table).count() == 1


@pytest.mark.parametrize("path", [f"{{pk}}/{path}" for path in GET_URLS] + ["new/"])
def test_dealer_pages_need_a_login(client: Client, kitchen: Table, path: str) -> None:
    response = client.get("/tables/" + path.format(pk=kitchen.pk))
    assert response.status_code == 302
    assert response["Location"].startswith("/login/?next=")


@pytest.mark.parametrize("path", POST_URLS)
def test_changes_need_a_login(client: Client, kitchen: Table, path: str) -> None:
    version = kitchen.version
    response = client.post(f"/tables/{kitchen.pk}/{path}", {"version": version})
    assert response.status_code == 302
    assert response["Location"].startswith("/login/?next=")
    kitchen.refresh_from_db()
    assert kitchen.version == version


@pytest.mark.parametrize("path", POST_URLS)
def test_a_get_on_a_change_is_not_allowed(tablet: Tablet, path: str) -> None:
    version = tablet.version
    assert tablet.client.get(tablet.url(path)).status_code == 405
    assert tablet.version == version


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"version": "9" * 30, "hand": "9" * 30, "kind": "raise", "amount": "9" * 30},
        {"version": "2", "hand": "1", "kind": "raise", "amount": "1e3"},
        {"version": "2", "hand": "1", "pot": "-1", "winners": "-1"},
        {"version": "2", "hand": "1", "pot": "7", "winners": "abc"},
        {"version": "x", "chips": "-5", "seat": "99"},
        {"version": "0", "username": "", "password": "x"},
        {"version": "9" * 30, "chips": "9" * 30, "seat": "2", "new_player": "Big"},
    ],
)
@pytest.mark.parametrize("path", POST_URLS)
def test_garbage_never_causes_a_server_error(
    tablet: Tablet, path: str, data: dict[str, str]
) -> None:
    tablet.start()
    before = logged(tablet), tablet.stacks()
    response = tablet.post(path, data)
    assert response.status_code in (200, 404)
    assert (logged(tablet), tablet.stacks()) == before


# --- co-dealers --------------------------------------------------------------------------------


def test_the_host_adds_a_new_co_dealer_who_can_then_deal(
    tablet: Tablet, client: Client, django_user_model: Any
) -> None:
    response = tablet.post("co-dealers/", {"username": "olle", "password": "deals-fair-99"})
    assert "olle may now deal at this table." in text(response)
    olle = django_user_model.objects.get(username="olle")
    assert olle.check_password("deals-fair-99")
    other = Client()
    assert other.login(username="olle", password="deals-fair-99")
    assert other.get(tablet.url("")).status_code == 200
    response = other.post(tablet.url("start/"), {"version": tablet.version}, headers=HTMX)
    assert prompt(response) == "Seat 1 (Anna) to act"
    data = {"version": tablet.version, "hand": 1, "kind": "call"}
    response = other.post(tablet.url("act/"), data, headers=HTMX)
    assert prompt(response) == "Seat 3 (Bo) to act"
    assert HandAction.objects.get().by == olle


def test_someone_with_an_account_joins_by_the_co_dealer_link(tablet: Tablet, stranger: Any) -> None:
    link = re.search(r'data-testid="join-link">http://testserver([^<]+)<', tablet.page())
    assert link is not None
    other = Client()
    other.force_login(stranger)
    assert other.get(tablet.url("")).status_code == 404
    assert "invites you to deal at this table" in other.get(link.group(1)).content.decode()

    other.post(link.group(1))

    assert list(tablet.table.co_dealers.all()) == [stranger]
    assert other.get(tablet.url("")).status_code == 200


def test_a_new_co_dealer_link_ends_the_old_one(tablet: Tablet, stranger: Any) -> None:
    old = tablet.table.invite_token()
    response = tablet.post("co-dealer-link/", {})
    assert "the old one no longer works" in text(response)
    tablet.table.refresh_from_db()
    assert tablet.table.invite_token() != old
    other = Client()
    other.force_login(stranger)
    assert other.post(f"/tables/join/{old}/").status_code == 404
    assert other.get("/tables/join/garbage-or-forged/").status_code == 404
    assert not tablet.table.co_dealers.exists()


def test_the_form_makes_only_new_accounts_and_asks_no_other_accounts_password(
    tablet: Tablet, stranger: Any
) -> None:
    """Typing an existing username (with any password) adds nobody: the form is no way to
    guess another account's password, and it says to use the link."""
    response = tablet.post("co-dealers/", {"username": "sven", "password": "not-your-table-1"})
    assert "That username is taken" in text(response)
    assert "co-dealer link" in text(response)
    assert not tablet.table.co_dealers.exists()


@pytest.mark.parametrize("username", ["sven", "nobody-here"])
def test_co_dealer_passwords_pass_the_validators_and_say_nothing_of_the_username(
    tablet: Tablet, stranger: Any, django_user_model: Any, username: str
) -> None:
    """A weak password gets the same answer whether the username exists or not."""
    response = tablet.post("co-dealers/", {"username": username, "password": "12345678"})
    error = re.search(r'class="flash error"[^>]*>(.*?)</p>', response.content.decode())
    assert error is not None
    assert error.group(1) == "This password is too common. This password is entirely numeric."
    assert not tablet.table.co_dealers.exists()
    assert not django_user_model.objects.filter(username="nobody-here").exists()


def test_a_co_dealer_needs_a_password(tablet: Tablet, django_user_model: Any) -> None:
    response = tablet.post("co-dealers/", {"username": "olle"})
    assert "This field is required." in text(response)
    assert not django_user_model.objects.filter(username="olle").exists()


def test_the_host_removes_a_co_dealer_who_then_cannot_deal(tablet: Tablet, stranger: Any) -> None:
    tablet.table.co_dealers.add(stranger)
    other = Client()
    other.force_login(stranger)
    assert other.get(tablet.url("")).status_code == 200
    assert "sven" in tablet.page()

    response = tablet.post(f"co-dealers/{stranger.pk}/remove/", {})

    assert "sven no longer deals at this table." in text(response)
    assert not tablet.table.co_dealers.exists()
    assert other.get(tablet.url("")).status_code == 404
    response = other.post(tablet.url("start/"), {"version": tablet.version}, headers=HTMX)
    assert response.status_code == 404 and not Hand.objects.exists()


def test_a_co_dealer_cannot_remove_co_dealers_or_change_links(
    tablet: Tablet, stranger: Any
) -> None:
    tablet.table.co_dealers.add(stranger)
    token = tablet.table.display_token
    other = Client()
    other.force_login(stranger)
    response = other.post(tablet.url(f"co-dealers/{stranger.pk}/remove/"), headers=HTMX)
    assert "Only the host can remove co-dealers." in text(response)
    response = other.post(tablet.url("links/"), headers=HTMX)
    assert "Only the host can change the links." in text(response)
    tablet.table.refresh_from_db()
    assert tablet.table.display_token == token
    assert list(tablet.table.co_dealers.all()) == [stranger]


def test_new_links_stop_the_old_ones(tablet: Tablet) -> None:
    old = tablet.table.display_token
    assert Client().get(f"/d/{old}/").status_code == 200

    response = tablet.post("links/", {})

    assert "the old ones no longer work" in text(response)
    tablet.table.refresh_from_db()
    new = tablet.table.display_token
    assert new != old
    assert Client().get(f"/d/{old}/").status_code == 404
    assert Client().get(f"/p/{old}/poll/?v=1").status_code == 404
    assert Client().get(f"/p/{new}/").status_code == 200
    assert new in response.content.decode()  # the dealer's screen shows the new link


def test_a_stranger_still_cannot_see_a_table_with_a_co_dealer(
    tablet: Tablet, stranger: Any, django_user_model: Any
) -> None:
    tablet.post("co-dealers/", {"username": "olle", "password": "deals-fair-99"})
    other = Client()
    other.force_login(stranger)
    assert other.get(tablet.url("")).status_code == 404


def test_a_co_dealer_cannot_add_co_dealers(tablet: Tablet, stranger: Any) -> None:
    tablet.table.co_dealers.add(stranger)
    other = Client()
    other.force_login(stranger)
    page = other.get(tablet.url("")).content.decode()
    assert "Add a co-dealer" not in page
    response = other.post(
        tablet.url("co-dealers/"),
        {"username": "mallory", "password": "sneaky-pass-1"},
        headers=HTMX,
    )
    assert "Only the host can add co-dealers." in text(response)
    assert list(tablet.table.co_dealers.all()) == [stranger]
