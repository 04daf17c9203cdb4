from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer.engine.seating import (
    ButtonState,
    HandPlan,
    NotEnoughPlayers,
    Post,
    PostReason,
    SeatingRules,
    SeatState,
    Stakes,
    forced_bets,
    next_hand,
    positions,
)

STAKES = Stakes(small_blind=10, big_blind=20)
DEAD = SeatingRules()
MOVING = SeatingRules(dead_button=False)
MAX = 9


def players(*seats: int, **flags: bool) -> tuple[SeatState, ...]:
    return tuple(SeatState(seat=seat, stack=1000, **flags) for seat in seats)


def was(button: int, small_blind: int, big_blind: int) -> ButtonState:
    return ButtonState(button=button, small_blind=small_blind, big_blind=big_blind)


def plan_for(
    seats: tuple[SeatState, ...],
    previous: ButtonState | None,
    rules: SeatingRules = DEAD,
    first_button: int | None = None,
) -> HandPlan:
    return next_hand(
        seats,
        max_seats=MAX,
        stakes=STAKES,
        previous=previous,
        rules=rules,
        first_button=first_button,
    )


def spots(plan: HandPlan) -> tuple[int, int | None, int, tuple[int, ...]]:
    return plan.button, plan.small_blind, plan.big_blind, plan.dealt_in


def seat_of(plan: HandPlan, seat: int) -> SeatState:
    (player,) = (player for player in plan.seats if player.seat == seat)
    return player


# --- rotation and players leaving ------------------------------------------------------------

SIX = (1, 2, 3, 4, 5, 6)


@pytest.mark.parametrize(
    ("name", "seats", "rules", "expected"),
    [
        ("normal rotation", SIX, DEAD, (2, 3, 4, (3, 4, 5, 6, 1, 2))),
        # The big blind (3) busts: the small blind is dead, the button goes to the old small blind.
        ("big blind busts", (1, 2, 4, 5, 6), DEAD, (2, None, 4, (4, 5, 6, 1, 2))),
        # The small blind (2) busts: the button goes onto its empty seat (dead button); seat 1
        # is last to act again.
        ("small blind busts", (1, 3, 4, 5, 6), DEAD, (2, 3, 4, (3, 4, 5, 6, 1))),
        ("button busts", (2, 3, 4, 5, 6), DEAD, (2, 3, 4, (3, 4, 5, 6, 2))),
        ("both blinds bust", (1, 4, 5, 6), DEAD, (2, None, 4, (4, 5, 6, 1))),
        ("normal rotation, moving", SIX, MOVING, (2, 3, 4, (3, 4, 5, 6, 1, 2))),
        # Moving button: seat 4 pays only the small blind; it skips the big blind this orbit.
        ("big blind busts, moving", (1, 2, 4, 5, 6), MOVING, (2, 4, 5, (4, 5, 6, 1, 2))),
        ("small blind busts, moving", (1, 3, 4, 5, 6), MOVING, (3, 4, 5, (4, 5, 6, 1, 3))),
        # Moving button: seat 3 pays the small blind right after the big blind.
        ("button busts, moving", (2, 3, 4, 5, 6), MOVING, (2, 3, 4, (3, 4, 5, 6, 2))),
        ("both blinds bust, moving", (1, 4, 5, 6), MOVING, (4, 5, 6, (5, 6, 1, 4))),
    ],
)
def test_button_and_blinds_after_players_leave(
    name: str,
    seats: tuple[int, ...],
    rules: SeatingRules,
    expected: tuple[int, int | None, int, tuple[int, ...]],
) -> None:
    plan = plan_for(players(*seats), was(1, 2, 3), rules)
    assert spots(plan) == expected, name


def test_dead_small_blind_is_not_posted() -> None:
    plan = plan_for(players(1, 2, 4, 5, 6), was(1, 2, 3))
    assert plan.small_blind_seat == 3
    assert plan.posts == (Post(seat=4, live=20, dead=0, reason=PostReason.BIG_BLIND),)


def test_hand_after_dead_small_blind_puts_the_button_on_the_empty_seat() -> None:
    first = plan_for(players(1, 2, 4, 5, 6), was(1, 2, 3))
    second = plan_for(first.seats, first.button_state())
    assert spots(second) == (3, 4, 5, (4, 5, 6, 1, 2))


def test_blinds_are_posted_live() -> None:
    plan = plan_for(players(*SIX), was(1, 2, 3))
    assert plan.posts == (
        Post(seat=3, live=10, dead=0, reason=PostReason.SMALL_BLIND),
        Post(seat=4, live=20, dead=0, reason=PostReason.BIG_BLIND),
    )
    assert forced_bets(plan) == ((10, 20, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0))
    assert positions(plan) == {3: 0, 4: 1, 5: 2, 6: 3, 1: 4, 2: 5}


def test_rotation_wraps_past_the_last_seat() -> None:
    plan = plan_for(players(2, 5, 9), was(2, 5, 9))
    assert spots(plan) == (5, 9, 2, (9, 2, 5))


# --- first hand ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "first_button", "expected"),
    [
        ((1, 3, 5, 7), None, (1, 3, 5, (3, 5, 7, 1))),
        ((1, 3, 5, 7), 5, (5, 7, 1, (7, 1, 3, 5))),
        ((4, 8), None, (4, 4, 8, (8, 4))),
        ((4, 8), 8, (8, 8, 4, (4, 8))),
    ],
)
def test_first_hand_starts_from_the_drawn_button(
    seats: tuple[int, ...],
    first_button: int | None,
    expected: tuple[int, int | None, int, tuple[int, ...]],
) -> None:
    plan = plan_for(players(*seats), None, first_button=first_button)
    assert spots(plan) == expected


def test_everyone_at_the_first_hand_is_dealt_in_without_posting() -> None:
    seats = (*players(1, 2), *players(3, is_new=True))
    plan = plan_for(seats, None)
    assert plan.dealt_in == (2, 3, 1)
    assert [post.reason for post in plan.posts] == [PostReason.SMALL_BLIND, PostReason.BIG_BLIND]
    assert not any(player.owes for player in plan.seats)


def test_first_button_must_be_a_player() -> None:
    with pytest.raises(ValueError, match="Seat 2 cannot take the button"):
        plan_for(players(1, 3), None, first_button=2)


# --- heads-up --------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [DEAD, MOVING])
@pytest.mark.parametrize(
    ("seats", "busted", "button", "big_blind"),
    [
        # Whoever had the big blind (3) never gets it twice in a row; the button posts the
        # small blind (TDA 34).
        ((1, 2, 3), 1, 3, 2),
        ((1, 2, 3), 2, 3, 1),
        ((1, 2, 3), 3, 2, 1),
    ],
)
def test_three_to_two_never_gives_the_big_blind_twice(
    seats: tuple[int, ...], busted: int, button: int, big_blind: int, rules: SeatingRules
) -> None:
    left = tuple(seat for seat in seats if seat != busted)
    plan = plan_for(players(*left), was(1, 2, 3), rules)
    assert spots(plan) == (button, button, big_blind, (big_blind, button))
    assert plan.heads_up
    assert plan.posts == (
        Post(seat=button, live=10, dead=0, reason=PostReason.SMALL_BLIND),
        Post(seat=big_blind, live=20, dead=0, reason=PostReason.BIG_BLIND),
    )


def test_three_to_two_when_two_players_leave_a_bigger_table() -> None:
    plan = plan_for(players(1, 4), was(1, 2, 3))
    assert spots(plan) == (1, 1, 4, (4, 1))


@pytest.mark.parametrize("rules", [DEAD, MOVING])
def test_heads_up_alternates_button_and_big_blind(rules: SeatingRules) -> None:
    seats = players(3, 7)
    plan = plan_for(seats, None)
    seen = []
    for _ in range(4):
        seen.append((plan.button, plan.big_blind))
        plan = plan_for(plan.seats, plan.button_state(), rules)
    assert seen == [(3, 7), (7, 3), (3, 7), (7, 3)]


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        # Dead button: the big blind is due to seat 1 first; seat 3 waits one hand.
        (DEAD, [(5, 5, 1, (1, 5)), (5, 1, 3, (1, 3, 5))]),
        # Moving button: the button moves to 5, the blinds follow and reach seat 3 at once.
        (MOVING, [(5, 1, 3, (1, 3, 5))]),
    ],
)
def test_two_to_three_new_player_waits_for_the_big_blind(
    rules: SeatingRules, expected: list[tuple[int, int | None, int, tuple[int, ...]]]
) -> None:
    plan = plan_for(players(1, 5), None)  # button 1, big blind 5
    seats = (*plan.seats, *players(3, is_new=True))
    seen = []
    for _ in expected:
        plan = plan_for(seats, plan.button_state(), rules)
        seats = plan.seats
        seen.append(spots(plan))
    assert seen == expected
    assert not seat_of(plan, 3).is_new


def test_two_to_three_new_player_posts_to_play_now() -> None:
    heads_up = plan_for(players(1, 5), None)  # button 1, big blind 5
    seats = (*heads_up.seats, *players(3, is_new=True, wants_to_post=True))
    plan = plan_for(seats, heads_up.button_state())
    # The big blind moves on to seat 1; the button stays right of the small blind (dead on 4).
    assert spots(plan) == (4, 5, 1, (5, 1, 3))
    assert Post(seat=3, live=20, dead=0, reason=PostReason.NEW_PLAYER) in plan.posts


# --- new players -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wants_to_post", "dealt_in", "waiting", "new_post"),
    [
        (True, (3, 4, 5, 6, 8, 1, 2), (), Post(seat=8, live=20, dead=0, reason="new_player")),
        (False, (3, 4, 5, 6, 1, 2), (8,), None),
    ],
)
def test_new_player_posts_or_waits_for_the_big_blind(
    wants_to_post: bool,
    dealt_in: tuple[int, ...],
    waiting: tuple[int, ...],
    new_post: Post | None,
) -> None:
    seats = (*players(*SIX), *players(8, is_new=True, wants_to_post=wants_to_post))
    plan = plan_for(seats, was(1, 2, 3))
    assert plan.dealt_in == dealt_in
    assert plan.waiting == waiting
    assert [post for post in plan.posts if post.seat == 8] == ([new_post] if new_post else [])
    assert seat_of(plan, 8).is_new is not wants_to_post


def test_new_player_is_dealt_in_when_the_big_blind_reaches_them() -> None:
    seats = (*players(1, 2, 3, 5, 6), *players(4, is_new=True))
    plan = plan_for(seats, was(1, 2, 3))
    assert spots(plan) == (2, 3, 4, (3, 4, 5, 6, 1, 2))
    assert plan.posts[-1] == Post(seat=4, live=20, dead=0, reason=PostReason.BIG_BLIND)
    assert not seat_of(plan, 4).is_new


@pytest.mark.parametrize(
    ("seats", "previous", "new_seat", "rules"),
    [
        # Button 2, small blind 4: seat 3 is between them.
        ((1, 2, 4, 5, 6), was(1, 2, 4), 3, DEAD),
        # Moving: button 2, small blind 4 again (seat 3 was empty when the button moved).
        ((1, 2, 4, 5, 6), was(1, 2, 4), 3, MOVING),
        # Dead button on empty seat 2: nobody may sit down on it and play.
        ((1, 3, 4, 5, 6), was(1, 2, 3), 2, DEAD),
    ],
)
def test_new_player_between_small_blind_and_button_must_wait(
    seats: tuple[int, ...], previous: ButtonState, new_seat: int, rules: SeatingRules
) -> None:
    table = (*players(*seats), *players(new_seat, is_new=True, wants_to_post=True))
    plan = plan_for(table, previous, rules)
    assert new_seat not in plan.dealt_in
    assert new_seat in plan.waiting
    assert seat_of(plan, new_seat).wants_to_post  # they post as soon as the button passes
    later = plan_for(plan.seats, plan.button_state(), rules)
    assert new_seat in later.dealt_in


POST_BOTH = SeatingRules(post_dead_small_to_enter=True)
POST_BOTH_MOVING = SeatingRules(dead_button=False, post_dead_small_to_enter=True)


def test_new_player_between_button_and_small_blind_may_post_both_blinds() -> None:
    # Button 2, small blind 4, big blind 5: new seat 3 posts the big blind live and a dead small
    # blind, and is dealt in at once, first left of the button.
    table = (*players(1, 2, 4, 5, 6), *players(3, is_new=True, wants_to_post=True))
    plan = plan_for(table, was(1, 2, 4), POST_BOTH)
    assert spots(plan) == (2, 4, 5, (3, 4, 5, 6, 1, 2))
    assert Post(seat=3, live=20, dead=10, reason=PostReason.BETWEEN_BLINDS) in plan.posts
    assert forced_bets(plan) == ((20, 10, 20, 0, 0, 0), (10, 0, 0, 0, 0, 0))
    assert not seat_of(plan, 3).is_new
    assert plan.waiting == ()


@pytest.mark.parametrize(
    ("flags", "rules"),
    [
        ({"is_new": True, "wants_to_post": False}, POST_BOTH),  # chose to wait
        ({"is_new": True, "wants_to_post": True}, DEAD),  # the house does not allow it
        # Moving button: the button would move onto them next, the blinds would not move on.
        ({"is_new": True, "wants_to_post": True}, POST_BOTH_MOVING),
        # A returning player with missed blinds waits as before: the option is for new players.
        ({"missed_small": True, "missed_big": True, "wants_to_post": True}, POST_BOTH),
    ],
)
def test_between_button_and_small_blind_others_wait_for_the_button(
    flags: dict[str, bool], rules: SeatingRules
) -> None:
    table = (*players(1, 2, 4, 5, 6), *players(3, **flags))
    plan = plan_for(table, was(1, 2, 4), rules)
    assert plan.dealt_in == (4, 5, 6, 1, 2)
    assert plan.waiting == (3,)
    assert [post for post in plan.posts if post.seat == 3] == []


def test_posting_both_blinds_is_not_offered_on_the_dead_button_itself() -> None:
    table = (*players(1, 3, 4, 5, 6), *players(2, is_new=True, wants_to_post=True))
    plan = plan_for(table, was(1, 2, 3), POST_BOTH)
    assert plan.button == 2
    assert 2 not in plan.dealt_in


# --- sitting out and missed blinds -----------------------------------------------------------


def sit(plan: HandPlan, seat: int, **changes: bool) -> tuple[SeatState, ...]:
    return tuple(
        replace(player, **changes) if player.seat == seat else player for player in plan.seats
    )


def test_sitting_out_misses_blinds_and_returning_owes_big_live_small_dead() -> None:
    start = plan_for(players(*SIX), was(6, 1, 2))  # button 1, small blind 2, big blind 3
    away = plan_for(sit(start, 4, sitting_out=True), start.button_state())
    # The big blind passes seat 4 and goes to 5.
    assert spots(away) == (2, 3, 5, (3, 5, 6, 1, 2))
    assert seat_of(away, 4).missed_big and not seat_of(away, 4).missed_small
    back = sit(away, 4, sitting_out=False, wants_to_post=True)
    between = plan_for(back, away.button_state())
    # Button 3, small blind 5: seat 4 is between them and waits until the button passes; the
    # small blind passes it meanwhile.
    assert (between.button, between.small_blind, between.waiting) == (3, 5, (4,))
    assert seat_of(between, 4).missed_small and seat_of(between, 4).missed_big
    returned = plan_for(between.seats, between.button_state())
    assert 4 in returned.dealt_in
    assert Post(seat=4, live=20, dead=10, reason=PostReason.MISSED_BLINDS) in returned.posts
    assert not seat_of(returned, 4).owes


def test_sitting_out_two_hands_misses_both_blinds() -> None:
    start = plan_for(players(*SIX), was(6, 1, 2))
    away = plan_for(sit(start, 4, sitting_out=True), start.button_state())
    still_away = plan_for(away.seats, away.button_state())
    assert seat_of(still_away, 4).missed_big and seat_of(still_away, 4).missed_small
    assert 4 in still_away.waiting


@pytest.mark.parametrize(
    ("missed_small", "missed_big", "live", "dead"),
    [(True, True, 20, 10), (True, False, 0, 10), (False, True, 20, 0)],
)
def test_returning_player_posts_only_what_they_missed(
    missed_small: bool, missed_big: bool, live: int, dead: int
) -> None:
    returning = players(8, missed_small=missed_small, missed_big=missed_big, wants_to_post=True)
    plan = plan_for((*players(*SIX), *returning), was(1, 2, 3))
    assert Post(seat=8, live=live, dead=dead, reason=PostReason.MISSED_BLINDS) in plan.posts
    assert forced_bets(plan)[1][positions(plan)[8]] == dead


def test_returning_player_who_waits_is_dealt_in_with_the_big_blind_for_free() -> None:
    returning = players(4, missed_small=True, missed_big=True)
    plan = plan_for((*players(1, 2, 3, 5, 6), *returning), was(1, 2, 3))
    assert plan.big_blind == 4
    assert [post.seat for post in plan.posts] == [3, 4]
    assert not seat_of(plan, 4).owes


def test_big_blind_sitting_out_leaves_a_dead_small_blind() -> None:
    seats = (*players(1, 2, 4, 5, 6), *players(3, sitting_out=True))
    plan = plan_for(seats, was(1, 2, 3))
    assert spots(plan) == (2, None, 4, (4, 5, 6, 1, 2))
    assert seat_of(plan, 3).missed_small and not seat_of(plan, 3).missed_big


def test_busted_player_misses_blinds_before_a_rebuy() -> None:
    seats = (*players(1, 2, 3, 5, 6), SeatState(seat=4, stack=0))
    plan = plan_for(seats, was(1, 2, 3))
    assert plan.big_blind == 5
    assert 4 in plan.waiting
    assert seat_of(plan, 4).missed_big


# --- not enough players ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ((), "Nobody can play"),
        (players(3), "Only seat 3 can play"),
        ((*players(3), *players(5, sitting_out=True)), "Only seat 3 can play"),
        ((*players(3), SeatState(seat=5, stack=0)), "Only seat 3 can play"),
    ],
)
def test_not_enough_players(seats: tuple[SeatState, ...], message: str) -> None:
    with pytest.raises(NotEnoughPlayers, match=message):
        plan_for(seats, was(1, 2, 3))


def test_last_regular_and_a_waiting_new_player_play_heads_up() -> None:
    seats = (*players(2), *players(6, is_new=True))  # the other regular (seat 4) left
    plan = plan_for(seats, was(2, 2, 4))
    # The big blind reaches the new player; the regular has the button.
    assert spots(plan) == (2, 2, 6, (6, 2))
    assert not any(player.owes for player in plan.seats)


def test_one_regular_and_waiting_new_players_start_a_new_game() -> None:
    # Heads-up between 7 (button) and 5 (big blind); 5 leaves while 2 and 4 wait for the big
    # blind, so only one player could be dealt in: everyone comes in, as in a new game, and the
    # big blind still goes to the player due for it.
    seats = (*players(7), *players(2, 4, is_new=True))
    plan = plan_for(seats, was(7, 7, 5))
    assert spots(plan) == (2, 4, 7, (4, 7, 2))
    assert not any(player.owes for player in plan.seats)


@pytest.mark.parametrize(
    ("seats", "max_seats", "message"),
    [
        (players(1, 10), 9, "Seat 10 is not at this table"),
        ((*players(1), *players(1)), 9, "Seat 1 is listed twice"),
        (players(1, 2), 1, "at least two seats"),
    ],
)
def test_bad_tables_are_refused(seats: tuple[SeatState, ...], max_seats: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        next_hand(seats, max_seats=max_seats, stakes=STAKES, previous=None)


# --- properties over random evenings ---------------------------------------------------------

EVENTS = st.lists(
    st.tuples(
        # Half the events deal a hand, so evenings have many hands between the changes.
        st.sampled_from(["leave", "bust", "rebuy", "sit_out", "return", "join", *["deal"] * 6]),
        st.integers(min_value=1, max_value=MAX),
        st.booleans(),
    ),
    min_size=1,
    max_size=80,
)


def _apply(
    seats: dict[int, SeatState], ids: dict[int, int], event: tuple[str, int, bool], next_id: int
) -> bool:
    """Apply one event unless it would leave fewer than two players able to play."""
    kind, seat, flag = event
    player = seats.get(seat)
    able = sum(p.can_play for p in seats.values())
    if kind == "join" and player is None:
        seats[seat] = SeatState(seat=seat, stack=1000, is_new=True, wants_to_post=flag)
        ids[seat] = next_id
        return True
    if player is None:
        return False
    if kind in ("leave", "bust", "sit_out") and player.can_play and able <= 2:
        return False
    if kind == "leave":
        del seats[seat], ids[seat]
    elif kind == "bust":
        seats[seat] = replace(player, stack=0)
    elif kind == "rebuy" and player.stack == 0:
        seats[seat] = replace(player, stack=500, wants_to_post=flag)
    elif kind == "sit_out":
        seats[seat] = replace(player, sitting_out=True)
    elif kind == "return" and player.sitting_out:
        seats[seat] = replace(player, sitting_out=False, wants_to_post=flag)
    else:
        return False
    return True


def _evening(
    start: list[int], events: list[tuple[str, int, bool]], rules: SeatingRules
) -> list[tuple[HandPlan, dict[int, int], frozenset[int]]]:
    """Play an evening: (plan, seat → player id, ids able to play) for every hand."""
    seats = {seat: SeatState(seat=seat, stack=1000) for seat in start}
    ids = {seat: seat for seat in start}
    next_id = MAX + 1
    hands = []
    previous: ButtonState | None = None
    for event in [("deal", 0, False), *events]:
        if event[0] != "deal":
            next_id += _apply(seats, ids, event, next_id)
            continue
        plan = next_hand(
            tuple(seats.values()), max_seats=MAX, stakes=STAKES, previous=previous, rules=rules
        )
        able = frozenset(ids[seat] for seat, player in seats.items() if player.can_play)
        hands.append((plan, dict(ids), able))
        _check_hand(plan, seats, previous)
        seats = {player.seat: player for player in plan.seats}
        previous = plan.button_state()
    return hands


def _check_hand(plan: HandPlan, seats: dict[int, SeatState], previous: ButtonState | None) -> None:
    able = {seat for seat, player in seats.items() if player.can_play}
    assert len(plan.dealt_in) >= 2
    assert set(plan.dealt_in) <= able
    assert set(plan.dealt_in) | set(plan.waiting) == set(seats)
    big = [post for post in plan.posts if post.reason == PostReason.BIG_BLIND]
    assert [post.seat for post in big] == [plan.big_blind]
    small = [post.seat for post in plan.posts if post.reason == PostReason.SMALL_BLIND]
    assert small == ([] if plan.small_blind is None else [plan.small_blind])
    assert {post.seat for post in plan.posts} <= set(plan.dealt_in)
    # Position order: clockwise from the first seat left of the button; the button is last.
    distance = [(seat - plan.button - 1) % MAX for seat in plan.dealt_in]
    assert distance == sorted(distance)
    if plan.heads_up:
        assert plan.button == plan.small_blind == plan.dealt_in[1]
        assert plan.big_blind == plan.dealt_in[0]
    if previous is not None and previous.big_blind in plan.dealt_in:
        assert plan.big_blind != previous.big_blind  # nobody gets the big blind twice in a row


@settings(max_examples=300, deadline=None)
@given(
    start=st.lists(st.integers(1, MAX), min_size=2, max_size=MAX, unique=True),
    events=EVENTS,
    rules=st.sampled_from(
        [
            DEAD,
            MOVING,
            SeatingRules(post_dead_small_to_enter=True),
            SeatingRules(dead_button=False, post_dead_small_to_enter=True),
        ]
    ),
)
def test_every_hand_has_one_big_blind_and_a_sound_order(
    start: list[int], events: list[tuple[str, int, bool]], rules: SeatingRules
) -> None:
    _evening(start, events, rules)


@settings(max_examples=300, deadline=None)
@given(
    start=st.lists(st.integers(1, MAX), min_size=2, max_size=MAX, unique=True),
    events=EVENTS,
)
def test_dead_button_big_blind_moves_clockwise_and_skips_nobody(
    start: list[int], events: list[tuple[str, int, bool]]
) -> None:
    hands = _evening(start, events, DEAD)
    for (before, _, _), (after, ids, able_ids) in zip(hands, hands[1:], strict=False):
        able = {seat for seat, player_id in ids.items() if player_id in able_ids}
        old_big, new_big = before.big_blind, after.big_blind
        passed = {
            seat
            for seat in range(1, MAX + 1)
            if 0 < (seat - old_big) % MAX < (new_big - old_big) % MAX
        }
        assert not passed & able  # the big blind goes to the next player who can play
        for player in after.seats:
            if player.seat in passed and not player.is_new:
                assert player.missed_big  # whoever it passed owes it
        # The button never moves backwards: it stays or moves up to the old big blind. Going
        # heads-up is the exception: the button must then be the small blind, the player who is
        # not the big blind, wherever that is (TDA 34: nobody gets the big blind twice).
        step = (after.button - before.button) % MAX
        if not after.heads_up:
            assert step <= (old_big - before.button) % MAX


def test_five_to_two_players_the_button_goes_to_the_player_who_is_not_the_big_blind() -> None:
    """The example hypothesis found: seats 1, 2, 4, 5, 6; button 1, big blind 4; then 1, 2 and
    4 leave. The big blind moves on to 5, so 6 has the button and posts the small blind."""
    stakes = Stakes(small_blind=5, big_blind=10)
    first = next_hand(
        [SeatState(seat=s, stack=1000) for s in (1, 2, 4, 5, 6)],
        max_seats=MAX,
        stakes=stakes,
        previous=None,
        first_button=1,
    )
    assert (first.button, first.big_blind) == (1, 4)
    left = [s for s in first.seats if s.seat in (5, 6)]
    plan = next_hand(left, max_seats=MAX, stakes=stakes, previous=first.button_state())
    assert (plan.big_blind, plan.button, plan.small_blind) == (5, 6, 6)


@settings(max_examples=300, deadline=None)
@given(
    start=st.lists(st.integers(1, MAX), min_size=2, max_size=MAX, unique=True),
    events=EVENTS,
)
def test_dead_button_everyone_who_stays_posts_the_big_blind_once_per_orbit(
    start: list[int], events: list[tuple[str, int, bool]]
) -> None:
    hands = _evening(start, events, DEAD)
    big_blinds = [ids[plan.big_blind] for plan, ids, _ in hands]
    able = [able_ids for _, _, able_ids in hands]
    for first, player in enumerate(big_blinds):
        again = next((h for h in range(first + 1, len(hands)) if big_blinds[h] == player), None)
        if again is None:
            continue
        stayed = frozenset.intersection(*able[first : again + 1])
        if player not in stayed:
            continue
        for other in stayed - {player}:
            assert big_blinds[first + 1 : again].count(other) == 1
