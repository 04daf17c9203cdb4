"""The tournament clock as pure functions: time is always an argument.

The truth is a `ClockState`: the step (level or break) it was last set to, and either the
instant that step ends (running) or the time left in it (paused). Nothing counts down: every
reading works out, from that instant and `now`, which step is being played and how long is
left, so a server restart, a second server or a reloaded page all see the same clock. Steps
follow one another by themselves while the clock runs; the stored state only changes when
someone starts, pauses, resumes, adds or takes a minute, or skips a level.

Times are timezone-aware `datetime`s and `timedelta`s (integer microseconds: no float drift).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import StrEnum

from dealer.engine.structure import Break, Level, Step, TournamentStructure
from dealer.engine.text import Msg, gettext_noop

WARNING = timedelta(minutes=1)


class ClockError(ValueError):
    """The clock cannot do that now ("The clock is already running")."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockState:
    """What is stored. Not started: `started` False, paused at step 0. Running: `ends_at` is
    when step `step` ends. Paused: `remaining` is the time left in step `step` (None: all of
    it)."""

    step: int = 0
    ends_at: datetime | None = None
    remaining: timedelta | None = None
    started: bool = False

    @property
    def running(self) -> bool:
        return self.ends_at is not None


class EventKind(StrEnum):
    WARNING = "warning"  # one minute left in a level
    LEVEL = "level"  # a new level starts
    BREAK = "break"  # a break starts


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockEvent:
    """Something the room should hear: `kind` at instant `at`; `step` is the step it concerns
    (the level warned about, or the step that starts)."""

    kind: EventKind
    at: datetime
    step: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockView:
    """The clock read at one instant."""

    step: int
    current: Step
    level_number: int  # 1-based; during a break, the level before it
    next_step: Step | None
    next_level: Level | None  # the next level after this step, past any break
    remaining: timedelta  # left in this step (0 when the last step is over)
    ends_at: datetime | None  # running: when this step ends
    running: bool
    started: bool
    finished: bool  # the last step's time is up (its level goes on being played)
    to_break: timedelta | None  # until the next break starts; None: no break ahead
    warning: bool  # running, in a level, with one minute or less left

    @property
    def on_break(self) -> bool:
        return isinstance(self.current, Break)

    @property
    def paused(self) -> bool:
        return self.started and not self.running


def _duration(structure: TournamentStructure, step: int) -> timedelta:
    return timedelta(seconds=structure.steps[step].seconds)


def _check(structure: TournamentStructure, state: ClockState) -> None:
    if not structure.steps:
        raise ClockError(Msg(gettext_noop("The structure has no levels.")))
    if not 0 <= state.step < len(structure.steps):
        raise ClockError(
            Msg(gettext_noop("Step %(step)s is not in the structure."), step=state.step)
        )


def _resolve(
    state: ClockState, structure: TournamentStructure, now: datetime
) -> tuple[int, timedelta]:
    """The step being played at `now` and the time left in it."""
    _check(structure, state)
    if state.ends_at is None:
        left = state.remaining if state.remaining is not None else None
        return state.step, left if left is not None else _duration(structure, state.step)
    step, ends = state.step, state.ends_at
    last = len(structure.steps) - 1
    while now >= ends and step < last:
        step += 1
        ends += _duration(structure, step)
    return step, max(ends - now, timedelta(0))


def read(state: ClockState, structure: TournamentStructure, now: datetime) -> ClockView:
    """The clock at `now`: the step, the time left, what comes next, whether a warning is due."""
    step, remaining = _resolve(state, structure, now)
    steps = structure.steps
    current = steps[step]
    following = steps[step + 1 :]
    next_level = next((s for s in following if isinstance(s, Level)), None)
    to_break: timedelta | None = None
    until = remaining
    for later in following:
        if isinstance(later, Break):
            to_break = until
            break
        until += timedelta(seconds=later.seconds)
    running = state.running
    last = step == len(steps) - 1
    return ClockView(
        step=step,
        current=current,
        level_number=max(1, structure.level_number(step)),
        next_step=following[0] if following else None,
        next_level=next_level,
        remaining=remaining,
        ends_at=now + remaining if running else None,
        running=running,
        started=state.started,
        finished=last and remaining == timedelta(0),
        to_break=to_break,
        warning=running
        and isinstance(current, Level)
        and timedelta(0) < remaining <= WARNING
        and current.seconds > WARNING.total_seconds(),
    )


def level_for_hand(state: ClockState, structure: TournamentStructure, now: datetime) -> Level:
    """The level whose blinds and antes a hand starting at `now` is dealt with: the current
    level; during a break, the level after it (hands start again with it); before the start,
    the first level. A level change never alters a hand already started: call this only when
    a hand starts."""
    view = read(state, structure, now)
    if isinstance(view.current, Level):
        return view.current
    if view.next_level is not None:
        return view.next_level
    previous = [s for s in structure.steps[: view.step] if isinstance(s, Level)]
    if not previous:
        raise ClockError(Msg(gettext_noop("The structure has no levels.")))
    return previous[-1]


def start(state: ClockState, structure: TournamentStructure, now: datetime) -> ClockState:
    """Start the clock: the first level (or wherever it was set before the start) runs."""
    _check(structure, state)
    if state.started:
        raise ClockError(Msg(gettext_noop("The clock has already been started.")))
    _, remaining = _resolve(state, structure, now)
    return ClockState(step=state.step, ends_at=now + remaining, started=True)


def pause(state: ClockState, structure: TournamentStructure, now: datetime) -> ClockState:
    """Stop the clock with the time left in the step being played."""
    if not state.running:
        raise ClockError(Msg(gettext_noop("The clock is not running.")))
    step, remaining = _resolve(state, structure, now)
    return ClockState(step=step, remaining=remaining, started=True)


def resume(state: ClockState, structure: TournamentStructure, now: datetime) -> ClockState:
    """Run a paused clock again from the time it had left."""
    _check(structure, state)
    if state.running:
        raise ClockError(Msg(gettext_noop("The clock is already running.")))
    if not state.started:
        raise ClockError(Msg(gettext_noop("The clock has not been started yet.")))
    _, remaining = _resolve(state, structure, now)
    return ClockState(step=state.step, ends_at=now + remaining, started=True)


def add_time(
    state: ClockState, structure: TournamentStructure, now: datetime, delta: timedelta
) -> ClockState:
    """Add (or with a negative `delta`, take away) time in the step being played. The time
    left never goes below zero: taking away more than is left ends the step now."""
    step, remaining = _resolve(state, structure, now)
    left = max(remaining + delta, timedelta(0))
    if state.running:
        return ClockState(step=step, ends_at=now + left, started=True)
    return replace(state, step=step, remaining=left)


def go_to(
    state: ClockState, structure: TournamentStructure, now: datetime, step: int
) -> ClockState:
    """Go to step `step` with all its time; running or paused as before."""
    _check(structure, state)
    if not 0 <= step < len(structure.steps):
        raise ClockError(Msg(gettext_noop("Step %(step)s is not in the structure."), step=step))
    if state.running:
        return ClockState(step=step, ends_at=now + _duration(structure, step), started=True)
    return replace(state, step=step, remaining=None)


def next_step(state: ClockState, structure: TournamentStructure, now: datetime) -> ClockState:
    """Skip to the next level or break, with all its time."""
    step, _ = _resolve(state, structure, now)
    if step >= len(structure.steps) - 1:
        raise ClockError(Msg(gettext_noop("This is the last level.")))
    return go_to(state, structure, now, step + 1)


def previous_step(state: ClockState, structure: TournamentStructure, now: datetime) -> ClockState:
    """Go back to the level or break before, with all its time."""
    step, _ = _resolve(state, structure, now)
    if step == 0:
        raise ClockError(Msg(gettext_noop("This is the first level.")))
    return go_to(state, structure, now, step - 1)


def events(
    state: ClockState, structure: TournamentStructure, since: datetime, now: datetime
) -> list[ClockEvent]:
    """What happened after `since` up to and including `now` while the clock ran: one-minute
    warnings (levels longer than a minute) and the start of each new level or break."""
    _check(structure, state)
    if state.ends_at is None or now <= since:
        return []
    found: list[ClockEvent] = []
    step, ends = state.step, state.ends_at
    last = len(structure.steps) - 1
    while True:
        current = structure.steps[step]
        if isinstance(current, Level) and current.seconds > WARNING.total_seconds():
            warn_at = ends - WARNING
            if since < warn_at <= now:
                found.append(ClockEvent(kind=EventKind.WARNING, at=warn_at, step=step))
        if step >= last or ends > now:
            break
        step += 1
        kind = EventKind.BREAK if isinstance(structure.steps[step], Break) else EventKind.LEVEL
        if since < ends:
            found.append(ClockEvent(kind=kind, at=ends, step=step))
        ends += _duration(structure, step)
    return found
