from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer.engine.clock import (
    ClockError,
    ClockState,
    EventKind,
    add_time,
    events,
    level_for_hand,
    next_step,
    pause,
    previous_step,
    read,
    resume,
    start,
)
from dealer.engine.structure import Break, Level, TournamentStructure

T0 = datetime(2026, 11, 21, 19, 0, tzinfo=UTC)
MIN = timedelta(minutes=1)


def level(sb: int, bb: int, minutes: int = 20) -> Level:
    return Level(small_blind=sb, big_blind=bb, seconds=minutes * 60)


# Seed 002: "Start 10/20, 30 min 20/40, 60 min 40/80 …", with a break after the third level.
SEED = TournamentStructure(
    chips=(5, 25, 100),
    steps=(
        level(10, 20, 30),
        level(20, 40, 30),
        level(40, 80, 30),
        Break(seconds=600, colour_up=(5,)),
        level(50, 100, 30),
        level(75, 150, 30),
    ),
)


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


def test_before_the_start_the_first_level_shows_all_its_time() -> None:
    view = read(ClockState(), SEED, at(5))
    assert (view.step, view.level_number, view.remaining) == (0, 1, 30 * MIN)
    assert not view.started and not view.running and not view.warning
    assert view.next_level == level(20, 40, 30)
    assert view.to_break == 90 * MIN


def test_a_running_clock_moves_through_levels_by_itself() -> None:
    state = start(ClockState(), SEED, T0)
    assert read(state, SEED, at(29)).remaining == MIN
    view = read(state, SEED, at(31))
    assert (view.step, view.level_number, view.remaining) == (1, 2, 29 * MIN)
    assert view.current == level(20, 40, 30)
    view = read(state, SEED, at(95))
    assert view.on_break and view.remaining == 5 * MIN and view.level_number == 3
    assert view.next_level == level(50, 100, 30)


@pytest.mark.parametrize(
    ("minutes", "to_break"),
    [(0, 90), (10, 80), (59, 31), (89.5, 0.5), (92, None), (101, None)],
)
def test_time_to_the_next_break(minutes: float, to_break: float | None) -> None:
    view = read(start(ClockState(), SEED, T0), SEED, at(minutes))
    assert view.to_break == (None if to_break is None else timedelta(minutes=to_break))


def test_pause_keeps_the_time_left_however_long_the_pause() -> None:
    state = pause(start(ClockState(), SEED, T0), SEED, at(12))
    assert state.remaining == 18 * MIN and not state.running
    for later in (13, 60, 600):
        view = read(state, SEED, at(later))
        assert (view.step, view.remaining, view.paused) == (0, 18 * MIN, True)
    state = resume(state, SEED, at(600))
    assert read(state, SEED, at(610)).remaining == 8 * MIN
    assert read(state, SEED, at(619)).step == 1


def test_pause_after_levels_passed_by_themselves_pauses_the_level_being_played() -> None:
    state = pause(start(ClockState(), SEED, T0), SEED, at(45))
    assert (state.step, state.remaining) == (1, 15 * MIN)


@pytest.mark.parametrize(
    ("change", "left"),
    [(MIN, 19), (-MIN, 17), (-17 * MIN, 1)],
)
def test_plus_or_minus_a_minute_running(change: timedelta, left: int) -> None:
    state = add_time(start(ClockState(), SEED, T0), SEED, at(12), change)
    assert read(state, SEED, at(12)).remaining == timedelta(minutes=left)


def test_minus_a_minute_with_less_left_ends_the_level() -> None:
    state = add_time(start(ClockState(), SEED, T0), SEED, at(29.5), -MIN)
    view = read(state, SEED, at(29.5))
    assert (view.step, view.remaining) == (1, 30 * MIN)


def test_plus_a_minute_while_paused_and_before_the_start() -> None:
    paused = pause(start(ClockState(), SEED, T0), SEED, at(10))
    assert add_time(paused, SEED, at(11), MIN).remaining == 21 * MIN
    before = add_time(ClockState(), SEED, at(0), -5 * MIN)
    assert read(before, SEED, at(3)).remaining == 25 * MIN
    assert read(start(before, SEED, at(3)), SEED, at(4)).remaining == 24 * MIN


def test_next_and_previous_level_start_with_all_their_time() -> None:
    state = next_step(start(ClockState(), SEED, T0), SEED, at(7))
    view = read(state, SEED, at(8))
    assert (view.step, view.remaining, view.running) == (1, 29 * MIN, True)
    state = previous_step(state, SEED, at(8))
    assert read(state, SEED, at(8)).remaining == 30 * MIN
    with pytest.raises(ClockError, match="first level"):
        previous_step(state, SEED, at(9))


def test_next_level_while_paused_stays_paused() -> None:
    state = pause(start(ClockState(), SEED, T0), SEED, at(3))
    state = next_step(state, SEED, at(4))
    view = read(state, SEED, at(50))
    assert (view.step, view.remaining, view.running) == (1, 30 * MIN, False)


def test_the_last_level_goes_on_when_its_time_is_up() -> None:
    state = start(ClockState(), SEED, T0)
    view = read(state, SEED, at(500))
    assert view.step == 5 and view.finished and view.remaining == timedelta(0)
    with pytest.raises(ClockError, match="last level"):
        next_step(state, SEED, at(500))


@pytest.mark.parametrize(
    ("action", "state", "message"),
    [
        (start, ClockState(step=0, ends_at=T0, started=True), "already been started"),
        (pause, ClockState(), "not running"),
        (resume, ClockState(), "not been started"),
        (resume, ClockState(step=0, ends_at=T0, started=True), "already running"),
    ],
)
def test_refusals(action, state: ClockState, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ClockError, match=message):
        action(state, SEED, T0)


def test_one_minute_warning_only_in_the_last_minute_of_a_running_level() -> None:
    state = start(ClockState(), SEED, T0)
    assert not read(state, SEED, at(28.9)).warning
    assert read(state, SEED, at(29.1)).warning
    assert not read(state, SEED, at(30.1)).warning
    assert not read(pause(state, SEED, at(29.5)), SEED, at(29.6)).warning
    # No warning in the last minute of a break.
    assert not read(state, SEED, at(99.5)).warning


def test_events_between_two_polls() -> None:
    state = start(ClockState(), SEED, T0)
    assert events(state, SEED, at(28), at(28.5)) == []
    (warning,) = events(state, SEED, at(28.5), at(29.5))
    assert (warning.kind, warning.at, warning.step) == (EventKind.WARNING, at(29), 0)
    (change,) = events(state, SEED, at(29.5), at(30))
    assert (change.kind, change.at, change.step) == (EventKind.LEVEL, at(30), 1)
    kinds = [(e.kind, e.step) for e in events(state, SEED, at(85), at(101))]
    assert kinds == [(EventKind.WARNING, 2), (EventKind.BREAK, 3), (EventKind.LEVEL, 4)]
    assert events(pause(state, SEED, at(10)), SEED, at(10), at(100)) == []


def test_level_for_hand_during_a_break_is_the_level_after_it() -> None:
    state = start(ClockState(), SEED, T0)
    assert level_for_hand(ClockState(), SEED, T0) == level(10, 20, 30)
    assert level_for_hand(state, SEED, at(45)) == level(20, 40, 30)
    assert level_for_hand(state, SEED, at(95)) == level(50, 100, 30)


def test_no_drift_reading_from_stored_instants_after_a_restart() -> None:
    # A "restart": the state is stored and read back as plain values by another process.
    state = start(ClockState(), SEED, T0)
    state = add_time(pause(state, SEED, at(10)), SEED, at(11), MIN)
    state = resume(state, SEED, at(20))
    stored = (state.step, state.ends_at.isoformat() if state.ends_at else None, state.started)
    reloaded = ClockState(
        step=stored[0],
        ends_at=datetime.fromisoformat(stored[1]) if stored[1] else None,
        started=True,
    )
    for minute in (20, 30.25, 41, 1000):
        assert read(reloaded, SEED, at(minute)) == read(state, SEED, at(minute))
    # 10 minutes before the pause, 21 left after it: level 2 starts 41 minutes after T0.
    assert read(reloaded, SEED, at(41)).step == 1


@settings(max_examples=200, deadline=None)
@given(
    reads=st.lists(st.integers(min_value=0, max_value=200 * 60), min_size=1, max_size=30),
)
def test_reading_many_times_never_changes_the_answer(reads: list[int]) -> None:
    # Polling (one read a second, or a thousand) cannot move the clock: only instants count.
    state = start(ClockState(), SEED, T0)
    for second in sorted(reads):
        now = T0 + timedelta(seconds=second)
        view = read(state, SEED, now)
        elapsed = sum(s.seconds for s in SEED.steps[: view.step]) + (
            SEED.steps[view.step].seconds - view.remaining.total_seconds()
        )
        assert elapsed == min(second, SEED.total_seconds)
