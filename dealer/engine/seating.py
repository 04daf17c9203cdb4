"""Between two hands: where the button goes, who posts which blind, who is dealt in.

`next_hand` takes the table as it stands after a hand (who sits where, who is sitting out, who is
new) and the previous hand's button and blinds, and returns the next hand's `HandPlan`. It is
pure: it returns new values and never changes its arguments.

Seats are numbered 1 … `max_seats` clockwise; the seat after `max_seats` is seat 1. Empty seats
are simply absent from the input.

The rules, one place each:
- where the big blind, the small blind and the button go: `_dead_button_spots` (TDA 32, WSOP;
  Robert's Rules 2(b), the default) and `_moving_button_spots` (Robert's Rules 2(a));
- heads-up: `_heads_up` (TDA 34, WSOP 87, Robert's: the button posts the small blind and nobody
  gets the big blind twice in a row);
- who may come in now and what they post: `_deal` and `_entry_post` (Robert's: new players and
  missed blinds), `_may_post_between` (house option: a new player between the button and the
  small blind posts both blinds);
- which blinds an absent player misses: `_mark_missed` (Robert's: missed blinds).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from enum import StrEnum

from dealer.engine.text import Msg, gettext_noop


class NotEnoughPlayers(ValueError):
    """Fewer than two players can play the next hand."""


class PostReason(StrEnum):
    """Why a player puts chips in before the cards are dealt."""

    SMALL_BLIND = "small_blind"
    BIG_BLIND = "big_blind"
    NEW_PLAYER = "new_player"  # a new player posts one big blind instead of waiting for it
    MISSED_BLINDS = "missed_blinds"  # a returning player makes up the blinds they missed
    # House option: a new player between the button and the small blind posts the big blind
    # and a dead small blind to play at once.
    BETWEEN_BLINDS = "between_blinds"


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatState:
    """One occupied seat between two hands.

    `is_new`: has not played at this table yet (or since a seat change), owes one big blind.
    `wants_to_post`: a new or returning player posts now instead of waiting for the big blind.
    `missed_small` / `missed_big`: blinds that passed the seat while the player was not dealt in.
    A stack of 0 is a busted player: never dealt in (the table removes them or they rebuy).
    """

    seat: int
    stack: int
    sitting_out: bool = False
    is_new: bool = False
    wants_to_post: bool = False
    missed_small: bool = False
    missed_big: bool = False

    @property
    def can_play(self) -> bool:
        """At the table, not sitting out, with chips."""
        return self.stack > 0 and not self.sitting_out

    @property
    def owes(self) -> bool:
        """Must post (or wait for the big blind) before being dealt in again."""
        return self.is_new or self.missed_small or self.missed_big


@dataclass(frozen=True, slots=True, kw_only=True)
class ButtonState:
    """Where the button and the blinds were in a hand, as seat numbers.

    `small_blind` is the seat the small blind belonged to even when it was dead (nobody posted
    it): under the dead-button rule the next button goes there.
    """

    button: int
    small_blind: int
    big_blind: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatingRules:
    """House options for the button. Dead button by default (TDA 32, WSOP; Robert's Rules 2(b)).

    With `dead_button=False` (moving button, Robert's Rules 2(a)) the button always moves to the
    next player and the blinds follow it: a dead small blind never happens, but a player may skip
    the big blind (when the player before them leaves) or pay the small blind right after the big
    blind (when the button player leaves).
    """

    dead_button: bool = True
    # A new player who sits between the button and the small blind waits until the button
    # passes (Robert's); with this house option (dead button only) they may instead post the
    # big blind (live) and a dead small blind to be dealt in at once.
    post_dead_small_to_enter: bool = False


DEFAULT_RULES = SeatingRules()


@dataclass(frozen=True, slots=True, kw_only=True)
class Stakes:
    """The blinds in chips."""

    small_blind: int
    big_blind: int

    def __post_init__(self) -> None:
        if not 0 < self.small_blind <= self.big_blind:
            raise ValueError(
                Msg(
                    gettext_noop(
                        "Blinds %(small_blind)s/%(big_blind)s: the small blind must be more "
                        "than 0 and no more than the big blind."
                    ),
                    small_blind=self.small_blind,
                    big_blind=self.big_blind,
                )
            )


@dataclass(frozen=True, slots=True, kw_only=True)
class Post:
    """Chips a seat puts in before the deal: `live` counts toward their bet, `dead` does not.

    Amounts are nominal: a player who cannot cover a post posts what they have (the hand engine
    caps it at the stack, as `HandConfig` says).
    """

    seat: int
    live: int
    dead: int
    reason: PostReason


@dataclass(frozen=True, slots=True, kw_only=True)
class HandPlan:
    """The next hand: button, blinds, who is dealt in and who posts what.

    `button` may be an empty seat or a player who is not dealt in (a dead button).
    `small_blind` is the seat posting the small blind, None when it is dead;
    `small_blind_seat` is where the small blind belongs even when dead.
    `dealt_in` is in position order: clockwise from the first seat left of the button, so the
    button, if dealt in, is last (heads-up: the big blind, then the button).
    `waiting` holds every occupied seat that is not dealt in (sitting out, busted, or waiting for
    the big blind or for the button to pass).
    `seats` is the input with updated flags: dealt-in players owe nothing any more; absent players
    the blinds passed are marked as having missed them.
    """

    button: int
    small_blind: int | None
    small_blind_seat: int
    big_blind: int
    dealt_in: tuple[int, ...]
    posts: tuple[Post, ...]
    waiting: tuple[int, ...]
    seats: tuple[SeatState, ...]

    @property
    def heads_up(self) -> bool:
        """Exactly two players are dealt in."""
        return len(self.dealt_in) == 2

    def button_state(self) -> ButtonState:
        """What to store after this hand and pass to the next `next_hand` call."""
        return ButtonState(
            button=self.button, small_blind=self.small_blind_seat, big_blind=self.big_blind
        )


def positions(plan: HandPlan) -> dict[int, int]:
    """Seat number → position index (0 is the first player dealt in left of the button)."""
    return {seat: index for index, seat in enumerate(plan.dealt_in)}


def forced_bets(plan: HandPlan) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The live and the dead posts per position, as `HandConfig.blinds` and `.dead` take them."""
    at = positions(plan)
    live = [0] * len(plan.dealt_in)
    dead = [0] * len(plan.dealt_in)
    for post in plan.posts:
        live[at[post.seat]] += post.live
        dead[at[post.seat]] += post.dead
    return tuple(live), tuple(dead)


def next_hand(
    seats: Iterable[SeatState],
    *,
    max_seats: int,
    stakes: Stakes,
    previous: ButtonState | None,
    rules: SeatingRules = DEFAULT_RULES,
    first_button: int | None = None,
) -> HandPlan:
    """Plan the next hand from the table between hands and the previous hand's button.

    `previous` is None before the first hand; then the button is `first_button` (e.g. the
    winner of the draw for the button) or the first occupied seat that can play.
    Raises `NotEnoughPlayers` when fewer than two players can play, and ValueError for seats
    that do not fit the table.
    """
    table = _Table.build(seats, max_seats)
    able = table.able()
    if len(able) < 2:
        who = (
            Msg(gettext_noop("Only seat %(seat)s can play"), seat=able[0])
            if able
            else Msg(gettext_noop("Nobody can play"))
        )
        raise NotEnoughPlayers(
            Msg(
                gettext_noop(
                    "%(who)s: a hand needs at least two players with chips who are not sitting out."
                ),
                who=who,
            )
        )
    if previous is None:
        return _first_hand(table, stakes, first_button)
    for name, seat in (
        (gettext_noop("The previous button"), previous.button),
        (gettext_noop("The previous small blind"), previous.small_blind),
        (gettext_noop("The previous big blind"), previous.big_blind),
    ):
        table.check_seat(seat, Msg(name))
    if rules.dead_button:
        spots = _dead_button_spots(table, previous)
    else:
        spots = _moving_button_spots(table, previous)
    plan = _deal(table, spots, previous, stakes, rules) if spots is not None else None
    return plan if plan is not None else _restart(table, previous, stakes)


# --- where the button and the blinds go ------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class _Spots:
    """Button and blind seats before anyone is dealt in. `button` None: only heads-up fits."""

    button: int | None
    small_blind_seat: int
    big_blind: int
    # Heads-up, who leads: the dead button keeps the big blind on the player due for it; the
    # moving button keeps the button on the next player.
    button_leads: bool = False


def _dead_button_spots(table: _Table, previous: ButtonState) -> _Spots:
    # TDA 32, Robert's Rules 2(b): the big blind goes to the player due for it (the next player
    # after the last big blind: nobody skips it, nobody gets it twice), the small blind to where
    # the big blind was and the button to where the small blind was, even onto an empty seat.
    big_blind = table.next_able(previous.big_blind)
    small_blind_seat = previous.big_blind
    button: int | None = previous.small_blind
    if not table.inside(previous.small_blind, big_blind, small_blind_seat):
        # After heads-up the last small blind was on the button, which may now be the big
        # blind: put the button on the seat right of the small blind, so that nobody can come
        # in between them. No such seat: only two can play (heads-up places the button).
        button = table.before(small_blind_seat)
        if not table.inside(button, big_blind, small_blind_seat):
            button = None
    return _Spots(button=button, small_blind_seat=small_blind_seat, big_blind=big_blind)


def _moving_button_spots(table: _Table, previous: ButtonState) -> _Spots | None:
    # Robert's Rules 2(a): the button always moves to the next player and the blinds follow.
    # Only players who owe nothing take the button and the small blind; the big blind also
    # reaches a player waiting for it.
    settled = [seat for seat in table.able() if not table[seat].owes]
    if len(settled) < 2:
        return None
    button = table.next_of(previous.button, settled)
    small_blind = table.next_of(button, settled)
    big_blind = table.next_able(small_blind)
    return _Spots(
        button=button, small_blind_seat=small_blind, big_blind=big_blind, button_leads=True
    )


# --- who is dealt in and what they post ------------------------------------------------------


def _deal(
    table: _Table,
    spots: _Spots,
    previous: ButtonState,
    stakes: Stakes,
    rules: SeatingRules = DEFAULT_RULES,
) -> HandPlan | None:
    """Deal in the blinds, the settled players and those who may post now; None if < 2."""
    dealt = {spots.big_blind}
    sb_player = table.get(spots.small_blind_seat)
    small_blind: int | None = None
    if (
        sb_player is not None
        and sb_player.can_play
        and not sb_player.owes
        and spots.small_blind_seat != spots.big_blind
    ):
        small_blind = spots.small_blind_seat
        dealt.add(small_blind)
    entering: list[SeatState] = []
    between: list[SeatState] = []  # new players posting both blinds (house option)
    for seat in table.able():
        if seat in dealt:
            continue
        player = table[seat]
        # Robert's (new players, missed blinds): nobody comes in between the small blind and
        # the button; they wait until the button passes.
        in_play_zone = spots.button is not None and (
            seat == spots.button or table.inside(seat, spots.small_blind_seat, spots.button)
        )
        if not in_play_zone:
            if _may_post_between(player, spots, table, rules):
                between.append(player)
            continue
        if not player.owes:
            dealt.add(seat)
        elif player.wants_to_post and seat != spots.button:
            dealt.add(seat)
            entering.append(player)
    if len(dealt) >= 3:
        # Only beside a game of three or more: heads-up the button is the small blind, and
        # the player between them waits for the button to pass (as without the option).
        dealt.update(player.seat for player in between)
    else:
        between = []
    if len(dealt) < 2:
        return None
    if len(dealt) == 2:
        big_blind = spots.big_blind
        if spots.button_leads and spots.button in dealt:
            (big_blind,) = dealt - {spots.button}
        return _heads_up(table, tuple(dealt), big_blind, previous, stakes)
    assert spots.button is not None  # three or more can play only when a button seat exists
    posts = [] if small_blind is None else [_blind(small_blind, stakes, big=False)]
    posts.append(_blind(spots.big_blind, stakes, big=True))
    posts += [_entry_post(player, stakes) for player in entering]
    posts += [
        Post(
            seat=player.seat,
            live=stakes.big_blind,
            dead=stakes.small_blind,
            reason=PostReason.BETWEEN_BLINDS,
        )
        for player in between
    ]
    return _plan(
        table,
        previous,
        button=spots.button,
        small_blind=small_blind,
        small_blind_seat=spots.small_blind_seat,
        big_blind=spots.big_blind,
        dealt=dealt,
        posts=posts,
    )


def _may_post_between(player: SeatState, spots: _Spots, table: _Table, rules: SeatingRules) -> bool:
    """A new player between the button and the small blind who chose to post now, where the
    house lets them post the big blind and a dead small blind (`post_dead_small_to_enter`).
    Only with the dead button: a moving button would move onto them next and the blinds would
    not move on (the players in the blinds would pay them twice in a row)."""
    return (
        rules.post_dead_small_to_enter
        and rules.dead_button
        and spots.button is not None
        and player.is_new
        and player.wants_to_post
        and table.inside(player.seat, spots.button, spots.small_blind_seat)
    )


def _heads_up(
    table: _Table,
    pair: tuple[int, ...],
    big_blind: int,
    previous: ButtonState | None,
    stakes: Stakes,
) -> HandPlan:
    # TDA 34, WSOP 87, Robert's: heads-up the button posts the small blind; when heads-up play
    # starts the button is adjusted so that nobody gets the big blind twice in a row. A new or
    # returning player who comes in heads-up posts only the blind of their place: with two
    # players the big blind comes round every other hand anyway.
    (other,) = (seat for seat in pair if seat != big_blind)
    if previous is not None and big_blind == previous.big_blind:
        big_blind, other = other, big_blind
    return _plan(
        table,
        previous,
        button=other,
        small_blind=other,
        small_blind_seat=other,
        big_blind=big_blind,
        dealt=set(pair),
        posts=[_blind(other, stakes, big=False), _blind(big_blind, stakes, big=True)],
    )


def _restart(table: _Table, previous: ButtonState, stakes: Stakes) -> HandPlan:
    # Fewer than two players owe nothing (everyone else is new or returning and waiting): the
    # game starts again like a new game (Robert's: everyone who is there for the start is in),
    # with the big blind still on the player due for it.
    able = table.able()
    big_blind = table.next_able(previous.big_blind)
    if len(able) == 2:
        return _heads_up(table, tuple(able), big_blind, previous, stakes)
    small_blind = table.previous_able(big_blind)
    return _plan(
        table,
        previous,
        button=table.previous_able(small_blind),
        small_blind=small_blind,
        small_blind_seat=small_blind,
        big_blind=big_blind,
        dealt=set(able),
        posts=[_blind(small_blind, stakes, big=False), _blind(big_blind, stakes, big=True)],
    )


def _first_hand(table: _Table, stakes: Stakes, first_button: int | None) -> HandPlan:
    # Robert's: everyone at the table when the game starts (who drew for the button) is active,
    # so nobody at the first hand owes anything or waits.
    able = table.able()
    if first_button is None:
        button = able[0]
    else:
        table.check_seat(first_button, Msg(gettext_noop("The first button")))
        if first_button not in able:
            raise ValueError(
                Msg(
                    gettext_noop(
                        "Seat %(first_button)s cannot take the button: nobody there can play."
                    ),
                    first_button=first_button,
                )
            )
        button = first_button
    if len(able) == 2:
        (other,) = (seat for seat in able if seat != button)
        return _heads_up(table, tuple(able), other, None, stakes)
    small_blind = table.next_able(button)
    big_blind = table.next_able(small_blind)
    return _plan(
        table,
        None,
        button=button,
        small_blind=small_blind,
        small_blind_seat=small_blind,
        big_blind=big_blind,
        dealt=set(able),
        posts=[_blind(small_blind, stakes, big=False), _blind(big_blind, stakes, big=True)],
    )


def _blind(seat: int, stakes: Stakes, *, big: bool) -> Post:
    if big:
        return Post(seat=seat, live=stakes.big_blind, dead=0, reason=PostReason.BIG_BLIND)
    return Post(seat=seat, live=stakes.small_blind, dead=0, reason=PostReason.SMALL_BLIND)


def _entry_post(player: SeatState, stakes: Stakes) -> Post:
    """What a new or returning player posts to be dealt in before the big blind reaches them."""
    if player.is_new:
        # Robert's: a new player waits for the big blind or posts one big blind, live.
        return Post(seat=player.seat, live=stakes.big_blind, dead=0, reason=PostReason.NEW_PLAYER)
    # Robert's (missed blinds): post what was missed; up to one big blind is live, the small
    # blind is dead. Only one big blind and one small blind are ever owed.
    return Post(
        seat=player.seat,
        live=stakes.big_blind if player.missed_big else 0,
        dead=stakes.small_blind if player.missed_small else 0,
        reason=PostReason.MISSED_BLINDS,
    )


def _plan(
    table: _Table,
    previous: ButtonState | None,
    *,
    button: int,
    small_blind: int | None,
    small_blind_seat: int,
    big_blind: int,
    dealt: set[int],
    posts: list[Post],
) -> HandPlan:
    order = tuple(seat for seat in table.clockwise_after(button) if seat in dealt)
    seats = tuple(
        _after_deal(player, dealt, table, previous, small_blind_seat, big_blind)
        for player in table.players()
    )
    return HandPlan(
        button=button,
        small_blind=small_blind,
        small_blind_seat=small_blind_seat,
        big_blind=big_blind,
        dealt_in=order,
        posts=tuple(posts),
        waiting=tuple(player.seat for player in table.players() if player.seat not in dealt),
        seats=seats,
    )


def _after_deal(
    player: SeatState,
    dealt: set[int],
    table: _Table,
    previous: ButtonState | None,
    small_blind_seat: int,
    big_blind: int,
) -> SeatState:
    if player.seat in dealt:
        # Dealt in: the posts (or the big blind itself) settled whatever they owed.
        return replace(
            player, is_new=False, wants_to_post=False, missed_small=False, missed_big=False
        )
    if previous is None or player.is_new:
        return player  # a new player owes one big blind whatever passes them
    return _mark_missed(player, table, previous, small_blind_seat, big_blind)


def _mark_missed(
    player: SeatState,
    table: _Table,
    previous: ButtonState,
    small_blind_seat: int,
    big_blind: int,
) -> SeatState:
    # Robert's (missed blinds): a blind that passes a seat whose player is not dealt in (sitting
    # out, busted before a rebuy, or waiting) is missed and must be made up on return.
    missed_big = player.missed_big or table.swept(player.seat, previous.big_blind, big_blind)
    missed_small = player.missed_small or table.swept(
        player.seat, previous.small_blind, small_blind_seat
    )
    return replace(player, missed_small=missed_small, missed_big=missed_big)


# --- the table as a circle of seats ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Table:
    by_seat: dict[int, SeatState]
    max_seats: int

    @classmethod
    def build(cls, seats: Iterable[SeatState], max_seats: int) -> _Table:
        if max_seats < 2:
            raise ValueError(
                Msg(
                    gettext_noop("A table needs at least two seats, not %(max_seats)s."),
                    max_seats=max_seats,
                )
            )
        by_seat: dict[int, SeatState] = {}
        for player in seats:
            if not 1 <= player.seat <= max_seats:
                raise ValueError(
                    Msg(
                        gettext_noop("Seat %(seat)s is not at this table (seats 1-%(max_seats)s)."),
                        seat=player.seat,
                        max_seats=max_seats,
                    )
                )
            if player.seat in by_seat:
                raise ValueError(
                    Msg(gettext_noop("Seat %(seat)s is listed twice."), seat=player.seat)
                )
            if player.stack < 0:
                raise ValueError(
                    Msg(
                        gettext_noop("Seat %(seat)s has a negative stack (%(stack)s)."),
                        seat=player.seat,
                        stack=player.stack,
                    )
                )
            by_seat[player.seat] = player
        return cls(dict(sorted(by_seat.items())), max_seats)

    def __getitem__(self, seat: int) -> SeatState:
        return self.by_seat[seat]

    def get(self, seat: int) -> SeatState | None:
        return self.by_seat.get(seat)

    def players(self) -> tuple[SeatState, ...]:
        return tuple(self.by_seat.values())

    def able(self) -> list[int]:
        return [seat for seat, player in self.by_seat.items() if player.can_play]

    def check_seat(self, seat: int, what: Msg) -> None:
        if not 1 <= seat <= self.max_seats:
            raise ValueError(
                Msg(
                    gettext_noop(
                        "%(what)s (seat %(seat)s) is not at this table (seats 1-%(max_seats)s)."
                    ),
                    what=what,
                    seat=seat,
                    max_seats=self.max_seats,
                )
            )

    def clockwise_after(self, start: int) -> Iterator[int]:
        """Every seat once, clockwise, from the one after `start` round to `start` itself."""
        for step in range(1, self.max_seats + 1):
            yield (start - 1 + step) % self.max_seats + 1

    def before(self, seat: int) -> int:
        return (seat - 2) % self.max_seats + 1

    def next_of(self, start: int, candidates: Iterable[int]) -> int:
        wanted = set(candidates)
        return next(seat for seat in self.clockwise_after(start) if seat in wanted)

    def next_able(self, start: int) -> int:
        return self.next_of(start, self.able())

    def previous_able(self, start: int) -> int:
        able = set(self.able())
        steps = range(1, self.max_seats + 1)
        return next(
            seat for seat in ((start - 1 - k) % self.max_seats + 1 for k in steps) if seat in able
        )

    def distance(self, start: int, end: int) -> int:
        """Steps clockwise from `start` to `end` (0 when they are the same seat)."""
        return (end - start) % self.max_seats

    def inside(self, seat: int, after: int, before: int) -> bool:
        """`seat` lies strictly between `after` and `before`, going clockwise."""
        span = self.distance(after, before) or self.max_seats
        return 0 < self.distance(after, seat) < span

    def swept(self, seat: int, start: int, end: int) -> bool:
        """A marker moving clockwise from `start` to `end` passed or landed on `seat`."""
        return 0 < self.distance(start, seat) <= self.distance(start, end)
