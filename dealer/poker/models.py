"""The live table: tables, seats, hands and the append-only action log.

A hand's state is never stored: it is rebuilt by replaying its log through the engine on every
request (`Hand.state()`). Seats hold stacks between hands; a finished hand adds each player's
result to their seat, and reopening it takes the result off again.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import asdict, replace
from functools import cached_property
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from config import limits, revision
from config.bounds import MaxChips, at_most, length_at_most
from config.chips import ChipSet, box, values_for_stakes
from config.network import new_token
from config.revision import Stale
from config.text import isolate
from dealer.engine import (
    Action,
    FixedLimit,
    HandConfig,
    HandState,
    HouseOptions,
    IllegalAction,
    Phase,
    SplitCarried,
    Structure,
    Variant,
    apply,
    button_straddled,
    games,
    replay,
    special_deal,
)
from dealer.engine.codec import (
    action_from_dict,
    action_to_dict,
    config_from_dict,
    config_to_dict,
    options_from_dict,
)
from dealer.engine.phh import PhhHand, write_phhs
from dealer.engine.seating import (
    ButtonState,
    HandPlan,
    SeatingRules,
    SeatState,
    Stakes,
    next_hand,
)
from dealer.gamelog import polls
from dealer.gamelog.models import LogEntry, UndoneEntry
from ledger.models import Player, Session


def default_chips() -> list[dict[str, Any]]:
    """A table's chips unless it says otherwise: the default box (`config.chips`) at the default
    blinds, 5/10: white 5, red 25, green 100, black 500. The smallest chip in play is the unit
    for odd chips and the smallest bet increment. (Migration 0001 names this function.)"""
    return box(values_for_stakes(5, 10)).data()


INVITE_SALT = "pott.dealer.co-dealer-invite"


class TableQuerySet(models.QuerySet["Table"]):
    def for_user(self, user: Any) -> TableQuerySet:
        """Tables the user hosts or co-deals."""
        if not user.is_authenticated:
            return self.none()
        return self.filter(Q(host=user) | Q(co_dealers=user)).distinct()

    def open(self) -> TableQuerySet:
        """Tables still played tonight (not closed)."""
        return self.filter(closed_at__isnull=True)


def game_choices() -> list[tuple[str, str]]:
    """The table games of the catalogue: a callable, so that a new game needs no migration."""
    return Table.Game.choices


class Table(models.Model):
    """A table: the game, the stakes, the chip set, the house options and who sits where."""

    # The catalogue's games (dealer.engine.games.GAMES), their labels translated when shown.
    Game = models.TextChoices(
        "Game",
        [(spec.game.name, (spec.game.value, _(spec.label))) for spec in games.GAMES.values()],
        module=__name__,
        qualname="Table.Game",
    )

    class DrawMode(models.TextChoices):
        STRADDLE = "straddle", _("ante and straddle")
        SPECIAL_JACKPOTS = "special_jackpots", _("ante and straddle, jackpots after special deals")
        JACKPOTS = "jackpots", _("jackpots every deal")
        OPEN_OR_FOLD = "open_or_fold", _("five or fewer: antes, free opening, open or fold")

    class AnteMode(models.TextChoices):
        NONE = "none", _("no ante")
        EACH = "each", _("every player")
        BUTTON = "button", _("button ante")
        BIG_BLIND = "big_blind", _("big-blind ante")

    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tables"
    )
    co_dealers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="co_dealt_tables"
    )
    session = models.ForeignKey(Session, on_delete=models.PROTECT, related_name="tables")
    name = models.CharField(_("name"), max_length=80)
    game = models.CharField(
        _("game"), max_length=20, choices=game_choices, default=games.Game.NL_HOLDEM.value
    )
    small_blind = models.PositiveIntegerField(_("small blind"), default=5, validators=[MaxChips()])
    big_blind = models.PositiveIntegerField(_("big blind"), default=10, validators=[MaxChips()])
    # Per player with ante mode "every player"; the whole table's ante for a button or
    # big-blind ante.
    ante = models.PositiveIntegerField(_("ante"), default=0, validators=[MaxChips()])
    ante_mode = models.CharField(
        _("ante"), max_length=10, choices=AnteMode.choices, default=AnteMode.NONE
    )
    straddles_allowed = models.BooleanField(_("straddles allowed"), default=False)
    small_bet = models.PositiveIntegerField(
        _("small bet (fixed limit)"), default=0, validators=[MaxChips()]
    )
    big_bet = models.PositiveIntegerField(
        _("big bet (fixed limit)"), default=0, validators=[MaxChips()]
    )
    # Draw games (seed 000, seed 003): the max per bet or raise, a higher max after the draw, the
    # most one player puts in per betting round (0: none), and the smallest jackpot opening.
    max_bet = models.PositiveIntegerField(
        _("max per bet or raise"), default=0, validators=[MaxChips()]
    )
    max_bet_late = models.PositiveIntegerField(
        _("max after the draw"), default=0, validators=[MaxChips()]
    )
    round_cap = models.PositiveIntegerField(
        _("cap per player and round"), default=0, validators=[MaxChips()]
    )
    at_least_largest = models.BooleanField(
        _("a bet or raise at least the largest so far in the deal"), default=False
    )
    draw_mode = models.CharField(
        _("forced bets"), max_length=20, choices=DrawMode.choices, default=DrawMode.STRADDLE
    )
    open_min = models.PositiveIntegerField(
        _("smallest jackpot opening"), default=0, validators=[MaxChips()]
    )
    joker = models.BooleanField(_("with the joker"), default=False)
    # Seed 004: "Man kan komma överens om att alla köper in sig för samma belopp" - every player
    # buys in for this many chips when sitting down (0: any amount). Rebuys are not fixed.
    fixed_buy_in = models.PositiveIntegerField(
        _("everyone buys in for"), default=0, validators=[MaxChips()]
    )
    # A cash table's buy-in range (0: none): a buy-in, and a rebuy after going broke, is at
    # least the minimum; nobody buys or tops up past the maximum (between hands only).
    min_buy_in = models.PositiveIntegerField(
        _("minimum buy-in"), default=0, validators=[MaxChips()]
    )
    max_buy_in = models.PositiveIntegerField(
        _("maximum buy-in"), default=0, validators=[MaxChips()]
    )

    class StudBetting(models.TextChoices):
        LIMIT = "limit", _("straight limit (X, then Y)")
        SPREAD = "spread", _("spread limit (any bet from X to Y)")
        POT = "pot", _("pot-limit (opening at least X, then Y)")
        NO = "no", _("no-limit (opening at least X, then Y)")

    stud_betting = models.CharField(
        _("stud betting"), max_length=10, choices=StudBetting.choices, default=StudBetting.LIMIT
    )
    # Stud (seed 004): the bring-in the lowest up card posts ("normalt samma som X").
    bring_in = models.PositiveIntegerField(_("bring-in"), default=0, validators=[MaxChips()])
    max_seats = models.PositiveSmallIntegerField(_("seats"), default=9)
    chips = models.JSONField(_("chip set"), default=default_chips)
    options = models.JSONField(_("house options"), default=dict, blank=True)
    display_token = models.CharField(max_length=40, unique=True, default=new_token)
    # A tournament table: the blinds and antes come from the tournament clock's level when each
    # hand starts, and the chips are tournament chips (no buy-ins or cash-outs in the ledger).
    clock = models.ForeignKey(
        "dealer.TournamentClock",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="live_tables",
        verbose_name=_("tournament"),
    )
    # Where the button and blinds were in the last hand started (seating.ButtonState).
    button = models.JSONField(null=True, blank=True)
    # Bumped on every change; displays poll it to know when to redraw.
    version = models.PositiveBigIntegerField(default=1)
    # The co-dealer link is signed with this number: a new link (one more) ends the old one.
    invite_version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    # Closed at the end of its night: it deals and seats nobody, and leaves the home page's
    # list; its history stays.
    closed_at = models.DateTimeField(_("closed"), null=True, blank=True)

    objects = TableQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(condition=Q(small_blind__gt=0), name="table_sb_positive"),
            models.CheckConstraint(
                condition=Q(big_blind__gte=F("small_blind")), name="table_bb_at_least_sb"
            ),
            models.CheckConstraint(
                condition=Q(max_seats__gte=2, max_seats__lte=10), name="table_seats_2_to_10"
            ),
            *(
                at_most(field, limits.MAX_CHIPS, f"table_{field}_bounded")
                for field in (
                    "small_blind",
                    "big_blind",
                    "ante",
                    "small_bet",
                    "big_bet",
                    "max_bet",
                    "max_bet_late",
                    "round_cap",
                    "open_min",
                    "bring_in",
                    "fixed_buy_in",
                    "min_buy_in",
                    "max_buy_in",
                )
            ),
            models.CheckConstraint(
                condition=Q(max_buy_in=0) | Q(max_buy_in__gte=F("min_buy_in")),
                name="table_buy_in_range",
            ),
            length_at_most("name", limits.MAX_NAME, "table_name_length"),
        ]

    def __str__(self) -> str:
        return isolate(self.name)  # in a sentence: isolated (config/text.py)

    # --- rules ---------------------------------------------------------------------------

    @property
    def chip_set(self) -> ChipSet:
        """The table's chips (`config.chips`)."""
        return ChipSet.from_data(self.chips)

    @property
    def smallest_chip(self) -> int:
        """The smallest chip in play: the unit for odd chips and the smallest increment."""
        return min(self.chip_set.values, default=1)

    def house_options(self) -> HouseOptions:
        """The house options for the engine. Pot-limit's rounding is stored as the table's
        choice ("smallest_chip", "small_blind") and passed on as chips, so that it follows a
        colour-up and a tournament's levels."""
        options = options_from_dict(self.options)
        unit = self.pot_round_unit()
        return replace(options, pot_round_up=unit) if unit else options

    def pot_round_unit(self) -> int:
        """Chips a pot-sized raise is rounded up to a multiple of (0: the exact pot)."""
        choice = self.options.get("pot_rounding", "exact")
        if choice == "smallest_chip":
            return self.smallest_chip
        if choice == "small_blind":
            return self.small_blind
        return 0

    def seating_rules(self) -> SeatingRules:
        return SeatingRules(
            dead_button=self.options.get("dead_button", True),
            post_dead_small_to_enter=bool(self.options.get("post_dead_small_to_enter", False)),
        )

    def check_buy_in(self, chips: int, *, stack: int | None = None, name: str = "") -> None:
        """Refuse (ValidationError, with the reason) chips outside the table's buy-in range:
        `stack` None for a player sitting down, else the stack they have. Sitting down or
        rebuying with nothing left: from the minimum to the maximum; a top-up: up to the
        maximum. Tournament tables have no range (the tournament sets the stacks)."""
        if self.clock_id is not None:
            return
        low, high = self.min_buy_in, self.max_buy_in
        if not stack:
            if low and chips < low:
                message = (
                    gettext("A rebuy at this table is at least %(min)s chips.")
                    if stack == 0
                    else gettext("The buy-in at this table is at least %(min)s chips.")
                )
                raise ValidationError(message % {"min": low})
            if high and chips > high:
                raise ValidationError(
                    gettext("The buy-in at this table is at most %(max)s chips.") % {"max": high}
                )
            return
        if high and stack + chips > high:
            words = {"name": name, "stack": stack, "max": high, "room": max(high - stack, 0)}
            if stack >= high:
                raise ValidationError(
                    gettext(
                        "%(name)s has %(stack)s chips, at or above the table's maximum buy-in"
                        " of %(max)s: no top-up."
                    )
                    % words
                )
            raise ValidationError(
                gettext(
                    "%(name)s has %(stack)s chips: a top-up goes up to the table's maximum"
                    " buy-in of %(max)s, so at most %(room)s more."
                )
                % words
            )

    def rules(self) -> games.TableRules:
        """What this table plays, for the pure engine (dealer.engine.games)."""
        return games.TableRules(
            game=games.Game(self.game),
            small_blind=self.small_blind,
            big_blind=self.big_blind,
            ante=self.ante,
            ante_mode=self.ante_mode,
            straddles_allowed=self.straddles_allowed,
            small_bet=self.small_bet,
            big_bet=self.big_bet,
            max_bet=self.max_bet,
            max_bet_late=self.max_bet_late,
            round_cap=self.round_cap,
            at_least_largest=self.at_least_largest,
            draw_mode=games.DrawMode(self.draw_mode),
            open_min=self.open_min,
            joker=self.joker,
            bring_in=self.bring_in,
            stud_betting=self.stud_betting,
            smallest_chip=self.smallest_chip,
            options=self.house_options(),
        )

    @property
    def spec(self) -> games.GameSpec:
        """The table's game in the catalogue (dealer.engine.games.GAMES)."""
        return games.GAMES[games.Game(self.game)]

    @property
    def is_draw(self) -> bool:
        return self.spec.draw

    @property
    def is_stud(self) -> bool:
        return self.spec.stud

    @property
    def is_hilo(self) -> bool:
        return self.spec.high_low

    def variant(self) -> Variant:
        return self.spec.variant

    def structure(self) -> Structure:
        return self.rules().structure()

    def stakes_label(self) -> str:
        forced = self.spec.forced_bets
        if forced is games.ForcedBets.ANTE_AND_STRADDLE:
            label = f"{self.small_blind}/{self.big_blind}–{self.max_bet}"
            if self.max_bet_late:
                label += f"/{self.max_bet_late}"
            return label
        if forced is games.ForcedBets.AGREED_BET:
            return f"{self.small_blind}–{self.max_bet}"
        if forced is games.ForcedBets.ANTE_AND_BRING_IN:
            prefix = {"spread": "spread ", "pot": "PL ", "no": "NL "}.get(self.stud_betting, "")
            label = f"{prefix}{self.small_bet}–{self.big_bet}, " + gettext("bring-in %(n)s") % {
                "n": self.bring_in
            }
            if self.ante:
                label += ", " + gettext("ante %(ante)s") % {"ante": self.ante}
            return label
        label = f"{self.small_blind}/{self.big_blind}"
        if self.ante and self.ante_mode != self.AnteMode.NONE:
            label += " " + gettext("ante %(ante)s") % {"ante": self.ante}
        return label

    # --- seats and hands -----------------------------------------------------------------

    def seat_states(self) -> tuple[SeatState, ...]:
        return tuple(seat.as_state() for seat in self.seats.all())

    def plan_next_hand(self, last: games.LastDeal | None = None) -> HandPlan:
        """The next hand's button, blinds and who is dealt in (raises NotEnoughPlayers).
        `last`: what the last finished deal left; a false opener's pot is dealt again by the
        same dealer (seed 000: "med samma givare")."""
        button = self.button
        if last is not None and last.replay_without is not None:
            button = last.button
        previous = ButtonState(**button) if button else None
        return next_hand(
            self.seat_states(),
            max_seats=self.max_seats,
            stakes=Stakes(small_blind=self.small_blind, big_blind=self.big_blind),
            previous=previous,
            rules=self.seating_rules(),
        )

    def hand_config(
        self,
        plan: HandPlan,
        *,
        straddle: bool = False,
        button_straddle: bool = False,
        last: games.LastDeal | None = None,
        share_carried: bool = False,
    ) -> HandConfig:
        """The engine configuration of the next hand (see dealer.engine.games.hand_config)."""
        return games.hand_config(
            self.rules(),
            plan,
            self.seat_states(),
            straddle=straddle,
            button_straddle=button_straddle,
            last=last,
            share_carried=share_carried,
        )

    def last_deal(self) -> games.LastDeal | None:
        """What the last finished deal left on the table (None before the first). A misdeal
        leaves things as they were, so only finished hands count."""
        hand = self.hands.filter(status=Hand.Status.COMPLETE).order_by("-number").first()
        if hand is None:
            return None
        return games.LastDeal(
            carried=hand.carried_out,
            special=hand.special,
            jackpot=bool(hand.config.get("jackpot")),
            replay_without=hand.replay_without,
            button=hand.button_before,
        )

    def carried_pot(self) -> int:
        """Chips in a pot left on the table for the next deal (not in any seat, not in a hand in
        progress: a hand in progress holds them in its pot)."""
        latest = self.latest_hand()
        if latest is None or latest.status == Hand.Status.LIVE:
            return 0
        last = self.last_deal()
        return last.carried if last is not None else 0

    def take_level(self) -> None:
        """A tournament table: the blinds and antes of the clock's level for a hand starting now.
        (A hand keeps what it started with: a level change never alters a hand in progress.)"""
        self.show_next_level()
        self.save(update_fields=["small_blind", "big_blind", "ante", "ante_mode"])

    def poll_key(self, *, between_hands: bool | None = None) -> str:
        """What the table's pollers (the dealer's screen, the TV, the phones) compare: the
        version, and at a tournament table between hands the level the next hand will be dealt
        at, which the clock changes by itself (so the screens show a new level as it starts).
        `between_hands`: whether no hand is in progress, when the caller knows."""
        if self.clock_id is None:
            return str(self.version)
        if between_hands is None:
            between_hands = self.live_hand() is None
        if not between_hands:
            return str(self.version)
        assert self.clock is not None
        level = self.clock.level_for_hand()
        return f"{self.version}-{level.small_blind}-{level.big_blind}-{level.ante}"

    def show_next_level(self) -> None:
        """A tournament table between hands: the blinds and antes the next hand will be dealt
        at (the clock's level now), in memory only, so that every screen and the prompt show
        what will be dealt rather than the last hand's level. `take_level` stores them."""
        assert self.clock is not None
        level = self.clock.level_for_hand()
        self.small_blind, self.big_blind = level.small_blind, level.big_blind
        self.ante = level.ante
        self.ante_mode = {
            "each": self.AnteMode.EACH,
            "big_blind": self.AnteMode.BIG_BLIND,
        }.get(level.ante_kind.value, self.AnteMode.NONE)

    def latest_hand(self) -> Hand | None:
        return self.hands.order_by("-number").first()

    def live_hand(self) -> Hand | None:
        hand = self.latest_hand()
        return hand if hand is not None and hand.status == Hand.Status.LIVE else None

    def bump(self, **changes: Any) -> None:
        """A new version for the pollers, with `changes` to other columns. (Read back lazily:
        a concurrent bump only costs a poller one extra redraw.)"""
        Table.objects.filter(pk=self.pk).update(version=F("version") + 1, **changes)
        polls.forget("table", self.display_token)
        self.version += 1

    def new_links(self) -> None:
        """New TV and phone links (one token for both): the old ones stop working at once, and
        the new version makes open pages redraw."""
        polls.forget("table", self.display_token)
        self.display_token = new_token()
        self.bump(display_token=self.display_token)

    def invite_token(self) -> str:
        """The co-dealer link's token: this table and its invite version, signed (nothing to
        store; `new_invite` ends every earlier link)."""
        return signing.dumps([self.pk, self.invite_version], salt=INVITE_SALT, compress=False)

    @classmethod
    def by_invite(cls, token: str) -> Table | None:
        """The table a co-dealer link is for, or None (forged, garbled or ended)."""
        try:
            pk, version = signing.loads(token, salt=INVITE_SALT)
        except (signing.BadSignature, ValueError, TypeError):
            return None
        return cls.objects.filter(pk=pk, invite_version=version).first()

    def new_invite(self) -> None:
        """A new co-dealer link: every earlier one stops working."""
        self.bump(invite_version=F("invite_version") + 1)
        self.invite_version += 1

    def claim(self, version: int) -> None:
        """Take the table's next version, or raise Stale if another device changed it first.

        The version is the table's revision: it only ever grows (an undo takes a new one too),
        so a device that posts the version it showed can never land on a state it never saw.
        """
        self.version = revision.claim(Table, self.pk, version)
        polls.forget("table", self.display_token)

    def claim_for_play(self, version: int) -> None:
        """Inside a transaction: the session must still be played (not counted, not settled;
        read under its row lock, see Session.hold — raises ValidationError with the reason),
        then take the table's next version (raises Stale)."""
        self.session.hold(Session.State.OPEN, bump=False)
        self.check_open()
        self.claim(version)

    def dealt_by(self, user: Any) -> bool:
        """Whether the user hosts or co-deals this table (see TableQuerySet.for_user)."""
        return self.host_id == user.pk or self.co_dealers.filter(pk=user.pk).exists()

    def check_open(self) -> None:
        """Refuse (ValidationError) anything at a closed table. (Closing takes a new version,
        so a device that saw the table open is refused as stale by `claim`.)"""
        if self.closed_at is not None:
            raise ValidationError(gettext("This table is closed: it deals and seats nobody."))

    def check_between_hands(self) -> None:
        """Refuse (ValidationError) a change to the table's settings or seats during a hand."""
        hand = self.live_hand()
        if hand is not None:
            raise ValidationError(
                gettext("Hand %(n)s is in progress: change the table after it.")
                % {"n": hand.number}
            )

    @transaction.atomic
    def close(self, *, version: int, by: Any) -> list[Seat]:
        """Close the table at the end of the night, between hands: every player leaves with
        their chips (cashed out in the ledger as leaving does), and it deals and seats nobody
        after. Returns the seats that left. Raises Stale or ValidationError (why not); nothing
        is written then."""
        seats = list(self.seats.select_related("player"))
        session = self.session
        if seats:  # players take their chips into the ledger: the night is still on
            session.hold(Session.State.OPEN, Session.State.COUNTING)
        self.check_open()
        self.claim(version)
        self.check_between_hands()
        if self.carried_pot():
            raise ValidationError(
                gettext(
                    "A pot of %(chips)s chips is carried to the next deal: deal on or share"
                    " it out before closing the table."
                )
                % {"chips": self.carried_pot()}
            )
        if self.clock_id is not None and seats:
            raise ValidationError(
                gettext(
                    "A tournament table closes once its players have moved (the"
                    " tournament's tables page)."
                )
            )
        counting = session.state == Session.State.COUNTING
        for seat in seats:  # as `leave` cashes a player out
            if not (counting and session.has_final_count(seat.player)):
                session.cash_out(seat.player, seat.stack, by=by, final=counting)
        self.seats.all().delete()
        self.closed_at = timezone.now()
        self.bump(closed_at=self.closed_at)
        TableEvent.log(
            self,
            TableEvent.Kind.CLOSED,
            by,
            players=[[str(seat.player), seat.stack] for seat in seats],
        )
        return seats

    @transaction.atomic
    def seat_player(
        self,
        *,
        version: int,
        number: int,
        player: Player | None,
        new_name: str,
        chips: int,
        method: str,
        post_now: bool,
        by: Any,
    ) -> Seat:
        """Seat a player from the roster (`player`) or a new one (`new_name`) in seat `number`
        with a buy-in of `chips` paid by `method` (at a tournament table the chips were paid
        for in the tournament), between hands or during one. Raises Stale, ValidationError or
        IntegrityError (another device took the seat or seated the player first); nothing is
        written then."""
        self.claim_for_play(version)
        if player is None:
            player = Player.objects.create(host=self.host, name=new_name)
        Seat.check_free(player)
        seat = Seat.objects.create(
            table=self,
            number=number,
            player=player,
            stack=chips,
            is_new=self.latest_hand() is not None,
            wants_to_post=post_now,
        )
        if self.clock_id is None:  # tournament chips are paid for in the tournament
            self.session.buy_in(player, chips, method=method, by=by)
        return seat

    @transaction.atomic
    def add_chips(
        self, seat: Seat, chips: int, *, version: int, method: str, kind: str, by: Any
    ) -> None:
        """A rebuy or a top-up (`kind`) of `chips` for `seat`, paid by `method`, between its
        hands (table stakes: the caller refuses it during one). Raises Stale or
        ValidationError (the table's buy-in rules, a session no longer played)."""
        self.claim_for_play(version)
        # The stack read before is the one the claimed version showed.
        self.check_buy_in(chips, stack=seat.stack, name=str(seat.player))
        Seat.objects.filter(pk=seat.pk).update(stack=F("stack") + chips)
        self.session.buy_in(seat.player, chips, method=method, kind=kind, by=by)

    @transaction.atomic
    def set_seat_flag(self, seat: Seat, field: str, value: bool, *, version: int) -> None:
        """Sit out or back in (`sitting_out`), post now or wait (`wants_to_post`). Raises Stale
        or ValidationError (a session no longer played)."""
        self.claim_for_play(version)
        Seat.objects.filter(pk=seat.pk).update(**{field: value})

    @transaction.atomic
    def leave(self, seat: Seat, *, version: int, by: Any) -> None:
        """The player in `seat` leaves with their chips, cashed out in the ledger (not during
        their hand: the caller refuses that). Also while the chips are counted (the game is
        over): the player stands up, and what they take is their count unless one is saved
        already. Raises Stale or ValidationError (the session is settled)."""
        session = self.session
        session.hold(Session.State.OPEN, Session.State.COUNTING)
        self.claim(version)
        if self.clock_id is None:  # tournament chips are not the ledger's
            # Even with no chips left: the player is then counted (with 0) for the night.
            counting = session.state == Session.State.COUNTING
            if not (counting and session.has_final_count(seat.player)):
                session.cash_out(seat.player, seat.stack, by=by, final=counting)
        seat.delete()

    @transaction.atomic
    def move_player(
        self, number: int, target: Table, to_seat: int, *, version: int, by: Any
    ) -> Seat:
        """Move the player in seat `number` with their chips to seat `to_seat` of `target`
        (another table of the same night), between their hands: no cash-out here, no buy-in
        there (the chips are the same chips). Returns their seat (as it was here). Raises
        ValidationError (why not), Stale or IntegrityError (another device seated someone
        there first); nothing is written then."""
        self.claim_for_play(version)
        seat = self.seats.select_related("player").filter(number=number).first()
        if seat is None:
            raise Stale
        hand = self.live_hand()
        if hand is not None and number in hand.config["seats"]:
            raise ValidationError(
                gettext("%(name)s is in hand %(n)s here: move them after it.")
                % {"name": seat.player, "n": hand.number}
            )
        if self.clock_id is not None or target.clock_id is not None:
            raise ValidationError(
                gettext("Tournament tables move their players on the tournament's tables page.")
            )
        if target.session_id != self.session_id:
            raise ValidationError(
                gettext(
                    "%(table)s plays in another session (%(session)s): a player moves only"
                    " between tables of the same night, with the same chips."
                )
                % {"table": target, "session": target.session}
            )
        if target.closed_at is not None:
            raise ValidationError(gettext("%(table)s is closed.") % {"table": target})
        if to_seat > target.max_seats:
            raise ValidationError(
                gettext("%(table)s has %(n)s seats.") % {"table": target, "n": target.max_seats}
            )
        taken = target.seats.select_related("player").filter(number=to_seat).first()
        if taken is not None:
            raise ValidationError(
                gettext("Seat %(seat)s at %(table)s is taken (%(name)s).")
                % {"seat": to_seat, "table": target, "name": taken.player}
            )
        # The chips move with the player, so a stack above the target's maximum buy-in stays
        # whole (nothing is bought); one below its minimum would sit down short there.
        if target.min_buy_in and seat.stack < target.min_buy_in:
            raise ValidationError(
                gettext(
                    "%(name)s has %(stack)s chips and %(table)s's buy-in is at least %(min)s:"
                    " top up here first, or choose another table."
                )
                % {
                    "name": seat.player,
                    "stack": seat.stack,
                    "table": target,
                    "min": target.min_buy_in,
                }
            )
        seat.move_to(target, to_seat, by=by)
        target.bump()
        return seat

    @transaction.atomic
    def new_co_dealer(self, username: str, password: str) -> Any:
        """A new account that may run this table (the caller validated the password). Raises
        IntegrityError when the username is someone's already; nothing is written then."""
        user = get_user_model().objects.create_user(username=username, password=password)
        self.co_dealers.add(user)
        self.bump()
        return user

    @transaction.atomic
    def share_carried_pot(self, *, version: int, by: Any) -> Hand:
        """Share a pot carried to the next deal out equally between the players who would be
        dealt in, instead of playing for it (a house decision, e.g. at the end of the night).
        Recorded as a deal of its own (no forced bets, one action), so the history shows it
        and Undo reopens it like any hand. Raises Stale, ValueError or ValidationError."""
        if not self.carried_pot():
            raise ValueError(gettext("There is no carried pot to share out."))
        hand = self.start_hand(version=version, by=by, share_carried=True)
        action = SplitCarried()
        state = apply(hand.state(), action)
        data = action_to_dict(action)
        HandAction.objects.create(hand=hand, seq=1, data=data, by=by)
        hand.entries.append((1, data))
        hand._finish(state)
        return hand

    @transaction.atomic
    def start_hand(
        self,
        *,
        version: int,
        by: Any,
        straddle: bool = False,
        button_straddle: bool = False,
        share_carried: bool = False,
    ) -> Hand:
        """Start the next hand: post the blinds, move the button. `straddle`: under the gun
        straddles; `button_straddle`: the button does. Raises Stale, ValueError or
        ValidationError (the session is no longer played)."""
        self.claim_for_play(version)
        if self.live_hand() is not None:
            raise ValueError(gettext("Finish the hand in progress first."))
        if straddle and button_straddle:
            raise ValueError(gettext("One straddle a hand: under the gun or the button."))
        if self.clock is not None:
            self.take_level()
        last = self.last_deal()
        plan = self.plan_next_hand(last)
        config = self.hand_config(
            plan,
            straddle=straddle,
            button_straddle=button_straddle,
            last=last,
            share_carried=share_carried,
        )
        if button_straddle and self.straddles_allowed and not share_carried:
            self._check_button_straddle(plan, config)
        if straddle and isinstance(config.structure, FixedLimit) and button_straddled(config):
            # Three-handed the player under the gun is the button.
            raise ValueError(gettext("A button straddle is not allowed in a fixed-limit game."))
        fewest, most = self.rules().players
        if not share_carried and not fewest <= len(config.seats) <= most:
            raise ValueError(
                gettext("%(game)s is played by %(fewest)s to %(most)s players, not %(n)s.")
                % {
                    "game": self.get_game_display(),
                    "fewest": fewest,
                    "most": most,
                    "n": len(config.seats),
                }
            )
        latest = self.latest_hand()
        players = {seat.number: seat.player_id for seat in self.seats.all()}
        hand = Hand.objects.create(
            table=self,
            number=(latest.number + 1) if latest else 1,
            config=config_to_dict(config),
            players=[players[n] for n in config.seats],
            plan={
                "button": plan.button,
                "small_blind": plan.small_blind,
                "big_blind": plan.big_blind,
                "posts": [asdict(post) for post in plan.posts] if config.blinds else [],
                "waiting": [
                    seat.number for seat in self.seats.all() if seat.number not in config.seats
                ],
            },
            button_before=self.button,
            seats_before=[seat.flags() for seat in self.seats.all()],
            started_by=by,
        )
        for state in plan.seats if config.blinds else ():
            Seat.objects.filter(table=self, number=state.seat).update(
                is_new=state.is_new,
                wants_to_post=state.wants_to_post,
                missed_small=state.missed_small,
                missed_big=state.missed_big,
            )
        hand.entries = []  # a new hand has an empty log: no need to read it back
        button = plan.button_state()
        self.button = {
            "button": button.button,
            "small_blind": button.small_blind,
            "big_blind": button.big_blind,
        }
        self.save(update_fields=["button"])
        return hand

    def _check_button_straddle(self, plan: HandPlan, config: HandConfig) -> None:
        """Refuse (ValueError) a button straddle the hand cannot have."""
        if isinstance(config.structure, FixedLimit):
            raise ValueError(gettext("A button straddle is not allowed in a fixed-limit game."))
        if len(config.seats) < 3:
            raise ValueError(gettext("A straddle needs three or more players."))
        if plan.button not in config.seats:
            raise ValueError(
                gettext("The button is dead this hand (seat %(seat)s): nobody straddles on it.")
                % {"seat": plan.button}
            )


class Seat(models.Model):
    """A player in a seat, with the chips in front of them between hands."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    # Chips in front of the player, 64-bit: chips added at the table are bounded (MAX_CHIPS a
    # buy-in, MAX_STACK after a rebuy), what is won is not.
    stack = models.PositiveBigIntegerField(_("stack"), default=0)
    sitting_out = models.BooleanField(default=False)
    is_new = models.BooleanField(default=True)
    wants_to_post = models.BooleanField(default=False)
    missed_small = models.BooleanField(default=False)
    missed_big = models.BooleanField(default=False)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_player_per_seat"),
            # A player sits at one table at a time (their chips are in one place).
            models.UniqueConstraint(fields=["player"], name="one_seat_per_player"),
            models.CheckConstraint(condition=Q(number__gte=1, number__lte=10), name="seat_1_10"),
        ]

    def __str__(self) -> str:
        return f"{self.number}: {self.player}"

    @staticmethod
    def check_free(player: Player) -> None:
        """Refuse (ValidationError) to seat a player who sits at a table already: their chips
        are there. (The database's one-seat-per-player constraint backs this up.)"""
        seat = Seat.objects.filter(player=player).select_related("table").first()
        if seat is not None:
            raise ValidationError(
                gettext(
                    "%(name)s already sits at %(table)s (seat %(seat)s): leave that table first."
                )
                % {"name": player, "table": seat.table, "seat": seat.number}
            )

    def move_to(self, table: Table, number: int, *, by: Any) -> None:
        """Move this player with their chips to seat `number` of `table` (another table of the
        night): dealt in at its next hand like a new player there (posts or waits for the big
        blind) once it has dealt a hand; the flags of this table's blinds are left behind. Both
        tables' histories say who moved with how many chips."""
        source = self.table
        Seat.objects.filter(pk=self.pk).update(
            table=table,
            number=number,
            is_new=table.latest_hand() is not None,
            wants_to_post=False,
            sitting_out=False,
            missed_small=False,
            missed_big=False,
        )
        moved = {"player": str(self.player), "chips": self.stack}
        TableEvent.log(
            source,
            TableEvent.Kind.MOVED_OUT,
            by,
            **moved,
            seat=self.number,
            other=str(table.name),
            to_seat=number,
        )
        TableEvent.log(
            table,
            TableEvent.Kind.MOVED_IN,
            by,
            **moved,
            seat=number,
            other=str(source.name),
            from_seat=self.number,
        )

    def as_state(self) -> SeatState:
        return SeatState(
            seat=self.number,
            stack=self.stack,
            sitting_out=self.sitting_out,
            is_new=self.is_new,
            wants_to_post=self.wants_to_post,
            missed_small=self.missed_small,
            missed_big=self.missed_big,
        )

    def flags(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "is_new": self.is_new,
            "wants_to_post": self.wants_to_post,
            "missed_small": self.missed_small,
            "missed_big": self.missed_big,
        }


class ReplayMemo:
    """The last replayed state of recently played hands, in this process's memory: a memo of the
    pure function replay(config, log), never a stored state.

    A hit needs the very same configuration and log as were replayed (compared in full: a few
    dozen small dicts), so it can never disagree with the log in the database, whatever
    happened in between (another process's action, an undo, a restored backup); it only saves
    the replay. Each process has its own; the dealer's next tap usually reaches the one that
    answered the last.
    """

    def __init__(self, size: int = 1024) -> None:
        self._size = size
        self._lock = threading.Lock()
        self._items: OrderedDict[int, tuple[Any, list[Any], HandState]] = OrderedDict()

    def get(self, pk: int, config: Any, entries: list[Any]) -> HandState | None:
        with self._lock:
            item = self._items.get(pk)
            if item is None:
                return None
            self._items.move_to_end(pk)
        if item[0] == config and item[1] == entries:
            return item[2]
        return None

    def put(self, pk: int, config: Any, entries: list[Any], state: HandState) -> None:
        with self._lock:
            self._items[pk] = (config, list(entries), state)
            self._items.move_to_end(pk)
            while len(self._items) > self._size:
                self._items.popitem(last=False)


REPLAYS = ReplayMemo()


class HandQuerySet(models.QuerySet["Hand"]):
    def for_user(self, user: Any) -> HandQuerySet:
        """Hands at the tables the user hosts or co-deals."""
        return self.filter(table__in=Table.objects.for_user(user).values("pk"))

    def phhs(self) -> str:
        """These hands (finished or misdealt) as one PHH .phhs text, oldest first, with player
        names and seats, that `manage.py phh replay` reads back to the same stacks."""
        hands = self.exclude(status=Hand.Status.LIVE).select_related("table")
        hands = hands.prefetch_related("actions").order_by("started_at", "table_id", "number")
        players = Player.objects.in_bulk({pid for hand in hands for pid in hand.players})
        return write_phhs(hand.as_phh(players) for hand in hands)

    def act(
        self, *, number: int, make: Action | Callable[[HandState], Action], version: int, by: Any
    ) -> tuple[Hand, HandState]:
        """Append an action to hand `number` (see `Hand.append`), by the dealer `by`: a user
        who neither hosts nor co-deals the hand's table finds no hand there (None: the machine
        itself, e.g. a command or a test).

        Raises Hand.DoesNotExist, Stale, IllegalAction or ValidationError; nothing is written
        then. (The dealer's tap reads the hand by its unique key with its table and session,
        and checks the host in Python, a co-dealer with one more query: no `for_user`
        subquery.)
        """
        hand = self.select_related("table__session").get(number=number)
        if by is not None and not (by.is_authenticated and hand.table.dealt_by(by)):
            raise Hand.DoesNotExist
        return hand, hand.append(make, version=version, by=by)

    def undo(self, *, number: int, version: int, by: Any) -> Hand:
        """Take back the last action of hand `number` (see `Hand.undo`)."""
        hand = self.select_related("table__session").get(number=number)
        hand.undo(version=version, by=by)
        return hand


# What finishing a hand writes, and reopening it takes back.
OUTCOME_FIELDS = ["status", "results", "finished_at", "carried_out", "special", "replay_without"]


class Hand(models.Model):
    """One hand: its configuration and (through HandAction) its append-only log."""

    class Status(models.TextChoices):
        LIVE = "live", _("in progress")
        COMPLETE = "complete", _("finished")
        VOID = "void", _("misdealt")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    config = models.JSONField()  # codec.config_to_dict(HandConfig)
    players = models.JSONField()  # ledger Player ids by position
    plan = models.JSONField()  # button, blinds, posts, waiting
    button_before = models.JSONField(null=True, blank=True)
    seats_before = models.JSONField(default=list)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.LIVE)
    # Chips each position won or lost, added to the seats when the hand finished.
    results = models.JSONField(null=True, blank=True)
    # What the finished hand left on the table for the next deal (seed 000's jackpots): the
    # chips of a pot nobody won, whether it was a special deal, and a false opener's seat when
    # the same pot is played again without them.
    carried_out = models.PositiveBigIntegerField(default=0)
    special = models.BooleanField(default=False)
    replay_without = models.PositiveSmallIntegerField(null=True, blank=True)
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    started_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    objects = HandQuerySet.as_manager()

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="hand_number_unique")
        ]

    def __str__(self) -> str:
        return f"{self.table} #{self.number}"

    def as_phh(self, players: dict[int, Player]) -> PhhHand:
        """This hand as a PHH hand history (see dealer/engine/phh.py)."""
        config = self.engine_config()
        return PhhHand(
            name=f"{self.table.name} #{self.number}",
            config=config,
            actions=tuple(self.log()),
            state=self.state(),
            fields={
                "table": self.table.name,
                "hand": self.number,
                "seats": list(config.seats),
                "seat_count": self.table.max_seats,
                # As typed, not as in a sentence (str(player) is isolated): a file keeps the data.
                "players": [
                    (p.nickname or p.name) if (p := players.get(pid)) else "?"
                    for pid in self.players
                ],
                "time_zone": "UTC",
                "time": self.started_at.strftime("%H:%M:%S"),
                "day": self.started_at.day,
                "month": self.started_at.month,
                "year": self.started_at.year,
            },
        )

    def engine_config(self) -> HandConfig:
        return config_from_dict(self.config)

    @cached_property
    def entries(self) -> list[tuple[int, dict[str, Any]]]:
        """The log as (seq, action data), loaded once per request (plain rows: replaying the
        log on every request is the design, so it is kept cheap)."""
        prefetched = getattr(self, "_prefetched_objects_cache", {}).get("actions")
        if prefetched is not None:
            return [(entry.seq, entry.data) for entry in prefetched]
        return list(self.actions.values_list("seq", "data"))

    def log(self) -> list[Action]:
        return [action_from_dict(data) for _, data in self.entries]

    def state(self) -> HandState:
        """Rebuild the hand's state by replaying its log (or take it from REPLAYS when this
        process replayed the very same log last)."""
        state = REPLAYS.get(self.pk, self.config, self.entries)
        if state is None:
            state = replay(self.engine_config(), self.log())
            REPLAYS.put(self.pk, self.config, self.entries, state)
        return state

    def append(
        self, make: Action | Callable[[HandState], Action], *, version: int, by: Any
    ) -> HandState:
        """Append an action if the client saw the table's latest revision (`version`).

        `make` is the action, or builds it from the current state (the player to act). Raises
        Stale for an out-of-date client, IllegalAction for a move the rules refuse and
        ValidationError when the session is no longer played; nothing is written then. The
        state is rebuilt and the action checked before anything is written; the write is a
        short transaction that takes the table's next version only if it is still the one the
        device showed (optimistic locking: an undo or another device's action in between makes
        it Stale, and versions are never reused), and the log's unique (hand, seq) backs that
        up.
        """
        if self.status != self.Status.LIVE or version != self.table.version:
            raise Stale
        before = self.state()
        action = make(before) if callable(make) else make
        try:
            state = apply(before, action)
        except IllegalAction:
            # The log may have been read after another device's action landed (the table was
            # read first): then the device is out of date, not the move illegal.
            if not Table.objects.filter(pk=self.table_id, version=version).exists():
                raise Stale from None
            raise
        seq = len(self.entries) + 1
        try:
            with transaction.atomic():
                self.table.claim_for_play(version)
                data = action_to_dict(action)
                HandAction.objects.create(hand=self, seq=seq, data=data, by=by)
                if state.is_over:
                    self._finish(state)
        except IntegrityError as error:  # another device appended the same seq first
            raise Stale from error
        self.entries.append((seq, data))
        REPLAYS.put(self.pk, self.config, self.entries, state)
        return state

    def _finish(self, state: HandState) -> None:
        config = state.config
        results = [f - s for f, s in zip(state.final_stacks(), config.stacks, strict=True)]
        for seat_number, delta in zip(config.seats, results, strict=True):
            Seat.objects.filter(table=self.table, number=seat_number).update(
                stack=F("stack") + delta
            )
        void = state.phase is Phase.VOID
        if void:
            self._restore_seats()
        self.status = self.Status.VOID if void else self.Status.COMPLETE
        self.results = results
        self.finished_at = timezone.now()
        self.carried_out = 0 if void else state.carried_out
        self.special = special_deal(state)
        self.replay_without = (
            None if state.replay_without is None else config.seat(state.replay_without)
        )
        self.save(update_fields=OUTCOME_FIELDS)

    def _restore_seats(self) -> None:
        """A misdeal: the same button and blinds again, the seats' flags as before."""
        for flags in self.seats_before:
            values = {k: v for k, v in flags.items() if k != "number"}
            Seat.objects.filter(table=self.table, number=flags["number"]).update(**values)
        Table.objects.filter(pk=self.table_id).update(button=self.button_before)
        self.table.button = self.button_before

    def undo(self, *, version: int, by: Any) -> None:
        """Remove the last action (audited); reopens a finished hand, undoing its payout.

        Guarded like `append`: `version` must be the table's revision the device showed."""
        if version != self.table.version:
            raise Stale
        last_seq, last_data = self.entries[-1] if self.entries else (0, {})
        if not last_seq:
            raise IllegalAction(gettext("There is nothing to undo in this hand."))
        if self.status == self.Status.VOID:
            raise IllegalAction(gettext("A misdeal cannot be undone: start the hand again."))
        if self.status == self.Status.COMPLETE and self.table.latest_hand() != self:
            raise IllegalAction(gettext("Only the last hand can be reopened."))
        with transaction.atomic():
            self.table.claim_for_play(version)
            if self.status == self.Status.COMPLETE:
                self._reopen()
            UndoneAction.objects.create(hand=self, seq=last_seq, data=last_data, by=by)
            self.actions.filter(seq=last_seq).delete()
        self.entries.pop()

    def _reopen(self) -> None:
        """Take the finished hand's results off the seats again."""
        config = self.engine_config()
        for seat_number, player, delta in zip(
            config.seats, self.players, self.results or [], strict=True
        ):
            seat = Seat.objects.filter(table=self.table, number=seat_number).first()
            # The same player in the seat, still holding what the hand gave them.
            if seat is None or seat.player_id != player or seat.stack < delta:
                raise IllegalAction(
                    gettext("Seat %(seat)s has changed since the hand: it cannot be reopened.")
                    % {"seat": seat_number}
                )
            seat.stack -= delta
            seat.save(update_fields=["stack"])
        self.status = self.Status.LIVE
        self.results = None
        self.finished_at = None
        self.carried_out, self.special, self.replay_without = 0, False, None
        self.save(update_fields=OUTCOME_FIELDS)


class HandAction(LogEntry):
    """One entry of a hand's log; `data` is codec.action_to_dict(action)."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="actions")

    class Meta(LogEntry.Meta):
        constraints = [
            models.UniqueConstraint(fields=["hand", "seq"], name="action_seq_unique_per_hand"),
            models.CheckConstraint(condition=Q(seq__gte=1), name="action_seq_positive"),
        ]


class UndoneAction(UndoneEntry):
    """The audit record of a hand's undo."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="undone")


class TableEvent(models.Model):
    """Something the host did to a table between hands, for its history: its settings changed
    (`data["changes"]`: [field, before, after] each), closed, a player moved in or out with
    their chips (`data`: player, chips, `other` table, seats)."""

    class Kind(models.TextChoices):
        EDITED = "edited", _("settings changed")
        CLOSED = "closed", _("closed")
        MOVED_IN = "moved_in", _("a player moved in")
        MOVED_OUT = "moved_out", _("a player moved out")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    data = models.JSONField(default=dict, blank=True)
    # The table's last hand when it happened: the history shows the event after that hand.
    after_hand = models.PositiveIntegerField(default=0)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["at", "id"]

    @classmethod
    def log(cls, table: Table, kind: str, by: Any, **data: Any) -> TableEvent:
        latest = table.latest_hand()
        return cls.objects.create(
            table=table, kind=kind, data=data, by=by, after_hand=latest.number if latest else 0
        )
