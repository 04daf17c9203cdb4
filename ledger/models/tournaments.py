"""The money side of a tournament: entries, finishing places, the prize pool, payouts and deals.

Structures and the clock are the dealer app's; it passes the current level in as an int.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from config import limits, revision
from config.bounds import MaxChips, MaxLevel, MaxMoney, MaxStack, at_most, length_at_most
from config.text import isolate
from ledger import prizes, settlement
from ledger.models.sessions import BuyIn, Session

if TYPE_CHECKING:
    from ledger.models.players import Player


class TournamentQuerySet(models.QuerySet["Tournament"]):
    def unfinished(self) -> TournamentQuerySet:
        """Tournaments still registering or being played."""
        return self.exclude(state=Tournament.State.FINISHED)


class Tournament(models.Model):
    """A tournament's money: what an entry costs and gives, its windows, payouts and state.

    Levels are numbered from 1. Window fields are "until level N" (inclusive): 0 means none.
    Money is int in minor units of `currency` (the session's, when it belongs to one).
    """

    class State(models.TextChoices):
        REGISTERING = "registering", gettext_lazy("registering")
        RUNNING = "running", gettext_lazy("running")
        FINISHED = "finished", gettext_lazy("finished")

    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournaments"
    )
    # The night whose settlement the results join; empty for a tournament on its own.
    session = models.ForeignKey(
        Session, on_delete=models.SET_NULL, null=True, blank=True, related_name="tournaments"
    )
    name = models.CharField(gettext_lazy("name"), max_length=limits.MAX_NAME)
    currency = models.CharField(gettext_lazy("currency"), max_length=3, default="SEK")
    buy_in = models.PositiveIntegerField(
        gettext_lazy("buy-in (minor units)"), validators=[MaxMoney()]
    )
    starting_chips = models.PositiveIntegerField(
        gettext_lazy("starting chips"), validators=[MaxChips()]
    )
    # Money to the host per entry (buy-in or re-entry), taken out of the pool.
    fee = models.PositiveIntegerField(
        gettext_lazy("fee per entry (minor units)"), default=0, validators=[MaxMoney()]
    )
    re_entry = models.BooleanField(gettext_lazy("re-entry allowed"), default=False)
    rebuy_until_level = models.PositiveSmallIntegerField(
        gettext_lazy("rebuys until level"), default=0, validators=[MaxLevel()]
    )
    rebuy_price = models.PositiveIntegerField(
        gettext_lazy("rebuy price (minor units)"), default=0, validators=[MaxMoney()]
    )
    rebuy_chips = models.PositiveIntegerField(
        gettext_lazy("rebuy chips"), default=0, validators=[MaxChips()]
    )
    add_on_level = models.PositiveSmallIntegerField(
        gettext_lazy("add-on at level"), default=0, validators=[MaxLevel()]
    )
    add_on_price = models.PositiveIntegerField(
        gettext_lazy("add-on price (minor units)"), default=0, validators=[MaxMoney()]
    )
    add_on_chips = models.PositiveIntegerField(
        gettext_lazy("add-on chips"), default=0, validators=[MaxChips()]
    )
    # 0: entries only before the start.
    late_until_level = models.PositiveSmallIntegerField(
        gettext_lazy("late registration until level"), default=0, validators=[MaxLevel()]
    )
    # [{"low": 2, "high": 6, "percents": ["65", "35"]}, …] (high None: and up); empty means
    # prizes.DEFAULT_TABLE.
    payout_table = models.JSONField(gettext_lazy("payout table"), default=list, blank=True)
    # Prizes are rounded to multiples of this (minor units; 1000 = 10 kr); 0 or 1: exact.
    payout_unit = models.PositiveIntegerField(
        gettext_lazy("round prizes to"), default=0, validators=[MaxMoney()]
    )
    # An agreed deal: {"<player pk>": amount} for the players left when it was made.
    deal = models.JSONField(default=dict, blank=True)
    state = models.CharField(max_length=12, choices=State.choices, default=State.REGISTERING)
    # Bumped on every change: a page posts the version it shows, so a double tap or a second
    # device working from the same page records nothing twice.
    version = models.PositiveBigIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = TournamentQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(fee__lte=models.F("buy_in")), name="tournament_fee_in_buy_in"
            ),
            models.CheckConstraint(
                condition=models.Q(starting_chips__gt=0), name="tournament_starting_chips_pos"
            ),
            *(
                at_most(field, limits.MAX_MONEY_MINOR, f"tournament_{field}_bounded")
                for field in ("buy_in", "fee", "rebuy_price", "add_on_price", "payout_unit")
            ),
            *(
                at_most(field, limits.MAX_CHIPS, f"tournament_{field}_bounded")
                for field in ("starting_chips", "rebuy_chips", "add_on_chips")
            ),
            *(
                at_most(field, limits.MAX_LEVEL, f"tournament_{field}_bounded")
                for field in ("rebuy_until_level", "add_on_level", "late_until_level")
            ),
            length_at_most("name", limits.MAX_NAME, "tournament_name_length"),
        ]

    @classmethod
    @transaction.atomic
    def open(cls, *, host: Any, **fields: Any) -> Tournament:
        """A new tournament of `host`'s; one in a session (`fields["session"]`) joins a night
        that is not settled (read under the session's lock, ValidationError if it is)."""
        session = fields.get("session")
        if session is not None:
            session.hold(Session.State.OPEN, Session.State.COUNTING)
        return cls.objects.create(host=host, **fields)

    @contextmanager
    def changing(self) -> Iterator[None]:
        """A change and the tournament's next version in one transaction: a refusal inside it
        (ValidationError) takes the version back too, so a refused request changes nothing; a
        device that changed the tournament since this request read it makes it Stale."""
        with transaction.atomic():
            self.claim(self.version)
            yield

    def claim(self, version: int) -> None:
        """Take the next version if the page's `version` is still current, else Stale."""
        self.version = revision.claim(Tournament, self.pk, version)

    def __str__(self) -> str:
        return isolate(self.name)

    # --- reading: the dealer's display calls these ------------------------------------------

    @property
    def table(self) -> tuple[prizes.Bracket, ...]:
        return prizes.table_from_data(self.payout_table)

    @property
    def is_locked(self) -> bool:
        """Its session is settled: nothing may change until the session is reopened."""
        return self.session is not None and self.session.is_locked

    def level_now(self, now: Any | None = None) -> int:
        """The current level: the dealer app's clock's, when one is attached (its reverse
        one-to-one `clock` with `level_number(now)`; ledger never imports dealer/), otherwise
        0 before the start and 1 after."""
        clock = getattr(self, "clock", None)
        level_number = getattr(clock, "level_number", None)
        if callable(level_number):
            return int(level_number(now))
        return 0 if self.state == self.State.REGISTERING else 1

    def entries_count(self) -> int:
        """Buy-ins and re-entries (rebuys and add-ons are not entries): what the payout table and
        the fee count."""
        return sum(e.kind in ENTRY_KINDS for e in self._entries())

    def players_left(self) -> int:
        """Entries still in: entries less bust-outs (the winner's finish included)."""
        return self.entries_count() - len(self._finishes())

    def total_chips(self) -> int:
        return sum(e.chips for e in self._entries())

    def average_stack(self) -> int | None:
        """Chips in play per player left, rounded down; None when nobody is left."""
        left = self.players_left()
        return self.total_chips() // left if left > 0 else None

    def paid_in(self) -> int:
        return sum(e.money for e in self._entries())

    def fees(self) -> int:
        """The host's fees: `fee` per entry."""
        return self.fee * self.entries_count()

    def prize_pool(self) -> int:
        return prizes.prize_pool(self.paid_in(), self.entries_count(), self.fee)

    def payouts(self) -> list[int]:
        """Prizes by place, first place first, summing to exactly the prize pool."""
        percents = prizes.percents_for(self.table, self.entries_count())
        return prizes.payouts(self.prize_pool(), percents, self.payout_unit)

    def alive(self) -> list[Player]:
        """The players still in, by name."""
        count: dict[int, int] = defaultdict(int)
        players: dict[int, Player] = {}
        for e in self._entries():
            if e.kind in ENTRY_KINDS:
                count[e.player_id] += 1
                players[e.player_id] = e.player
        for f in self._finishes():
            count[f.player_id] -= 1
        if self.deal and self.state == self.State.FINISHED:
            return []
        return sorted((players[k] for k, n in count.items() if n > 0), key=_by_name)

    def is_in(self, player: Player) -> bool:
        return any(p.pk == player.pk for p in self.alive())

    def prizes_by_place(self) -> dict[int, int]:
        """Each place's prize, after splitting ties (equal stacks out on one hand)."""
        groups: dict[tuple[int, int], list[int]] = defaultdict(list)
        for f in self._finishes():
            if f.starting_stack is not None:
                groups[(f.hand, f.starting_stack)].append(f.place)
        ties = [sorted(g) for g in groups.values() if len(g) > 1]
        return prizes.prizes_by_place(self.payouts(), ties, self.payout_unit)

    def prizes_won(self) -> dict[int, int]:
        """Prize money by player pk: by finishing place, or by the deal for those in it."""
        won: dict[int, int] = defaultdict(int)
        by_place = self.prizes_by_place()
        for f in self._finishes():
            won[f.player_id] += by_place.get(f.place, 0)
        for pk, amount in self.deal.items():
            won[int(pk)] += amount
        return dict(won)

    def prize_money_left(self) -> int:
        """What the players still in play for: the pool less the prizes of finished places."""
        by_place = self.prizes_by_place()
        return self.prize_pool() - sum(by_place.get(f.place, 0) for f in self._finishes())

    def results(self) -> list[TournamentRow]:
        """Each entrant's money: paid in (cash and credit), prize, net; by name."""
        rows: dict[int, TournamentRow] = {}
        for e in self._entries():
            row = rows.setdefault(e.player_id, TournamentRow(player=e.player))
            row.paid += e.money
            if e.method == BuyIn.Method.CASH:
                row.cash_paid += e.money
            row.entries[e.kind] = row.entries.get(e.kind, 0) + 1
        for pk, amount in self.prizes_won().items():
            if pk in rows:
                rows[pk].prize += amount
        places: dict[int, list[int]] = defaultdict(list)
        for f in self._finishes():
            places[f.player_id].append(f.place)
        for pk, row in rows.items():
            row.places = sorted(places[pk])
        return sorted(rows.values(), key=lambda r: _by_name(r.player))

    def standings(self) -> list[Finish]:
        """Finishes, best place first."""
        return sorted(self._finishes(), key=lambda f: f.place)

    def _entries(self) -> list[Entry]:
        cache = getattr(self, "_prefetched_objects_cache", {})
        if "entries" in cache:
            return list(cache["entries"])
        return list(self.entries.select_related("player"))

    def _finishes(self) -> list[Finish]:
        cache = getattr(self, "_prefetched_objects_cache", {})
        if "finishes" in cache:
            return list(cache["finishes"])
        return list(self.finishes.select_related("player"))

    # --- the windows --------------------------------------------------------------------------

    def _check_open(self) -> None:
        if self.is_locked:
            raise ValidationError(
                _("This tournament's session is settled: reopen it to change it.")
            )
        if self.state == self.State.FINISHED:
            raise ValidationError(_("This tournament is finished."))

    def _check_late(self, level: int, what: str) -> None:
        if self.state == self.State.RUNNING and level > self.late_until_level:
            if self.late_until_level:
                message = _("%(what)s closed after level %(last)s; this is level %(level)s.")
            else:
                message = _("%(what)s closed when the tournament started.")
            raise ValidationError(
                message % {"what": what, "last": self.late_until_level, "level": level}
            )

    def check_register(self, player: Player, level: int) -> None:
        """Raise ValidationError (the reason) unless `player` may buy in at `level`."""
        self._check_open()
        entered = any(e.player_id == player.pk for e in self._entries())
        if entered and self.is_in(player):
            raise ValidationError(_("%(name)s is already in.") % {"name": player})
        if entered:
            raise ValidationError(
                _("%(name)s is out: that would be a re-entry.") % {"name": player}
            )
        self._check_late(level, _("Registration"))

    def check_re_entry(self, player: Player, level: int) -> None:
        self._check_open()
        if not self.re_entry:
            raise ValidationError(_("This tournament has no re-entries."))
        if not any(e.player_id == player.pk for e in self._entries()):
            raise ValidationError(_("%(name)s has not bought in yet.") % {"name": player})
        if self.is_in(player):
            raise ValidationError(
                _("%(name)s is still in: only a busted player can re-enter.") % {"name": player}
            )
        self._check_late(level, _("Re-entry"))

    def check_rebuy(self, player: Player, level: int) -> None:
        self._check_open()
        if not self.rebuy_until_level:
            raise ValidationError(_("This tournament has no rebuys."))
        if self.state != self.State.RUNNING:
            raise ValidationError(_("Rebuys start with the tournament."))
        if level > self.rebuy_until_level:
            raise ValidationError(
                _("Rebuys closed after level %(last)s; this is level %(level)s.")
                % {"last": self.rebuy_until_level, "level": level}
            )
        if not self.is_in(player):
            raise ValidationError(_("%(name)s is not in the tournament.") % {"name": player})

    def check_add_on(self, player: Player, level: int) -> None:
        self._check_open()
        if not self.add_on_level:
            raise ValidationError(_("This tournament has no add-on."))
        if self.state != self.State.RUNNING or level != self.add_on_level:
            raise ValidationError(
                _("The add-on is taken at level %(at)s; this is level %(level)s.")
                % {"at": self.add_on_level, "level": level}
            )
        if not self.is_in(player):
            raise ValidationError(_("%(name)s is not in the tournament.") % {"name": player})
        mine = [e for e in self._entries() if e.player_id == player.pk]
        if sum(e.kind == Entry.Kind.ADD_ON for e in mine) >= sum(
            e.kind in ENTRY_KINDS for e in mine
        ):
            raise ValidationError(_("%(name)s has taken the add-on.") % {"name": player})

    # --- recording ----------------------------------------------------------------------------

    @transaction.atomic
    def register(
        self, player: Player, *, level: int = 0, by: Any | None = None, method: str = "cash"
    ) -> Entry:
        """A buy-in: `player` enters (before the start, or until the late-registration level)."""
        self._lock()
        self.check_register(player, level)
        return self._enter(player, Entry.Kind.BUY_IN, level=level, by=by, method=method)

    @transaction.atomic
    def re_enter(
        self, player: Player, *, level: int, by: Any | None = None, method: str = "cash"
    ) -> Entry:
        """A busted player buys in again (a new entry, a new starting stack)."""
        self._lock()
        self.check_re_entry(player, level)
        return self._enter(player, Entry.Kind.RE_ENTRY, level=level, by=by, method=method)

    @transaction.atomic
    def rebuy(
        self, player: Player, *, level: int, by: Any | None = None, method: str = "cash"
    ) -> Entry:
        """A rebuy: chips for a player still in, until the last rebuy level."""
        self._lock()
        self.check_rebuy(player, level)
        return Entry.objects.create(
            tournament=self, player=player, kind=Entry.Kind.REBUY, money=self.rebuy_price,
            chips=self.rebuy_chips, method=method, level=level, created_by=by,
        )  # fmt: skip

    @transaction.atomic
    def add_on(
        self, player: Player, *, level: int, by: Any | None = None, method: str = "cash"
    ) -> Entry:
        """The add-on: once per entry, at the add-on level."""
        self._lock()
        self.check_add_on(player, level)
        return Entry.objects.create(
            tournament=self, player=player, kind=Entry.Kind.ADD_ON, money=self.add_on_price,
            chips=self.add_on_chips, method=method, level=level, created_by=by,
        )  # fmt: skip

    def _enter(self, player: Player, kind: str, *, level: int, by: Any, method: str) -> Entry:
        # Places of players already out move down one: they count down from the entries in.
        for finish in self.finishes.order_by("-place"):
            finish.place += 1
            finish.save(update_fields=["place"])
        return Entry.objects.create(
            tournament=self, player=player, kind=kind, money=self.buy_in,
            chips=self.starting_chips, method=method, level=level, created_by=by,
        )  # fmt: skip

    def _lock(self) -> None:
        """Serialize changes to one tournament (rows locked on PostgreSQL; SQLite serializes
        writers anyway) and forget cached rows."""
        locked = Tournament.objects.select_for_update().get(pk=self.pk)
        self.state = locked.state
        self.deal = locked.deal
        if locked.session_id != self.session_id:
            self.session = locked.session
        if self.session is not None:
            # Its session's state, read under the session's lock: a settle racing this change
            # either sees it or refuses it (the checks here say what the state allows). The
            # tournament's money is in the session's statement: its pages are now out of date.
            self.session.hold(*Session.State.values)
        getattr(self, "_prefetched_objects_cache", {}).clear()

    @transaction.atomic
    def start(self, *, by: Any | None = None) -> None:
        """Registration → running (late registration stays open until its level)."""
        self._lock()
        self._check_open()
        if self.state != self.State.REGISTERING:
            raise ValidationError(_("The tournament is already running."))
        if self.entries_count() < 2:
            raise ValidationError(_("A tournament needs at least two players."))
        self.state = self.State.RUNNING
        self.save(update_fields=["state"])

    @transaction.atomic
    def bust(self, stacks: Mapping[Player, int | None], *, by: Any | None = None) -> list[Finish]:
        """Players out on one hand, with their stacks at the start of that hand.

        They finish in places counting down from the entries still in; of two or more, the
        larger starting stack finishes higher, and equal stacks tie (sharing their places'
        prizes). When one player is left, they finish first and the tournament is finished.
        """
        self._lock()
        self._check_open()
        if self.state != self.State.RUNNING:
            raise ValidationError(_("The tournament has not started."))
        if not stacks:
            raise ValidationError(_("Choose who is out."))
        for player in stacks:
            if not self.is_in(player):
                raise ValidationError(_("%(name)s is not in the tournament.") % {"name": player})
        if len(stacks) > 1 and any(s is None for s in stacks.values()):
            raise ValidationError(
                _("Two or more out on one hand: enter each one's stack at the start of the hand.")
            )
        left = self.players_left()
        if len(stacks) >= left:
            raise ValidationError(_("Somebody must be left to win."))
        players = {p.pk: p for p in stacks}
        placed = prizes.places_for_hand(
            left, {p.pk: s or 0 for p, s in stacks.items()}, name=lambda pk: players[pk].name
        )
        hand = (self.finishes.aggregate(models.Max("hand"))["hand__max"] or 0) + 1
        finishes = [
            Finish.objects.create(
                tournament=self,
                player=players[p.key],
                place=p.place,
                hand=hand,
                starting_stack=stacks[players[p.key]] if len(stacks) > 1 else None,
                created_by=by,
            )
            for p in placed
        ]
        if left - len(stacks) == 1:
            self._prefetched_objects_cache = {}
            (winner,) = self.alive()
            finishes.append(
                Finish.objects.create(
                    tournament=self, player=winner, place=1, hand=hand, created_by=by
                )
            )
            self.state = self.State.FINISHED
            self.save(update_fields=["state"])
        return finishes

    @transaction.atomic
    def undo_bust(self, *, by: Any | None = None) -> list[Finish]:
        """Take back the last hand's bust-outs (and the win it made). Returns what was undone."""
        self._lock()
        if self.is_locked:
            raise ValidationError(
                _("This tournament's session is settled: reopen it to change it.")
            )
        if self.deal:
            raise ValidationError(_("Cancel the deal first."))
        last = self.finishes.order_by("-hand").first()
        if last is None:
            raise ValidationError(_("Nobody is out yet: there is nothing to undo."))
        undone = list(self.finishes.filter(hand=last.hand).select_related("player"))
        self.finishes.filter(hand=last.hand).delete()
        if self.state == self.State.FINISHED:
            self.state = self.State.RUNNING
            self.save(update_fields=["state"])
        return undone

    @transaction.atomic
    def make_deal(self, amounts: Mapping[Player, int], *, by: Any | None = None) -> None:
        """The players left agree to split the prize money left (ICM, chip chop or their own
        numbers); the tournament is finished for the money."""
        self._lock()
        self._check_open()
        if self.state != self.State.RUNNING:
            raise ValidationError(_("The tournament has not started."))
        alive = {p.pk for p in self.alive()}
        if {p.pk for p in amounts} != alive:
            raise ValidationError(_("A deal is among all the players left."))
        if any(a < 0 for a in amounts.values()):
            raise ValidationError(_("A share cannot be negative."))
        left = self.prize_money_left()
        if sum(amounts.values()) != left:
            raise ValidationError(
                _("The shares add up to %(sum)s, not the %(left)s left in the prize pool.")
                % {
                    "sum": settlement.format_money(sum(amounts.values()), self.currency,
                                                   get_language() or "en"),
                    "left": settlement.format_money(left, self.currency, get_language() or "en"),
                }
            )  # fmt: skip
        self.deal = {str(p.pk): a for p, a in amounts.items()}
        self.state = self.State.FINISHED
        self.save(update_fields=["deal", "state"])

    @transaction.atomic
    def set_payouts(self, table: Any, unit: int) -> None:
        """A new payout table (prizes.Bracket lines) and the unit prizes are rounded to."""
        self._lock()
        if self.is_locked:
            raise ValidationError(
                _("This tournament's session is settled: reopen it to change it.")
            )
        self.payout_table = prizes.table_to_data(table)
        self.payout_unit = unit
        self.save(update_fields=["payout_table", "payout_unit"])

    @transaction.atomic
    def cancel_deal(self, *, by: Any | None = None) -> None:
        self._lock()
        if self.is_locked:
            raise ValidationError(
                _("This tournament's session is settled: reopen it to change it.")
            )
        if not self.deal:
            raise ValidationError(_("There is no deal to cancel."))
        self.deal = {}
        self.state = self.State.RUNNING
        self.save(update_fields=["deal", "state"])

    def deal_options(self, stacks: Mapping[Player, int]) -> dict[str, dict[int, int]]:
        """ICM and chip-chop shares of the prize money left for the players left's `stacks`."""
        paid = self.prizes_by_place()
        left = self.players_left()
        in_play = [paid.get(place, 0) for place in range(1, left + 1)]
        keyed = {p.pk: s for p, s in stacks.items()}
        names = {p.pk: p.name for p in stacks}
        return {
            "icm": prizes.icm_deal(keyed, in_play, self.payout_unit, name=names.__getitem__),
            "chop": prizes.chip_chop(keyed, sum(in_play), self.payout_unit, name=names.__getitem__),
        }

    def draw_seats(
        self, tables: int, rng: random.Random, *, seats: int | None = None
    ) -> dict[Player, tuple[int, int]]:
        """A random, balanced seat draw for the players in: (table, seat), from 1. Pass a seeded
        `random.Random` for a draw that can be repeated; `seats` per table when fixed."""
        return prizes.draw_seats(self.alive(), tables, rng, seats=seats)

    @transaction.atomic
    def attach(self, session: Session | None) -> None:
        """Put the results into `session`'s settlement (None: take them out)."""
        # Both sessions' rows first, in one order (by id): two attaches moving tournaments
        # between the same two sessions must not each hold one and wait for the other.
        ids = sorted({pk for pk in (self.session_id, session and session.pk) if pk})
        list(Session.objects.select_for_update().filter(pk__in=ids).order_by("pk"))
        self._lock()
        if session is not None:
            session.hold(Session.State.OPEN, Session.State.COUNTING)
        if self.is_locked:
            raise ValidationError(_("That session is settled: reopen it to change it."))
        if session is not None and session.currency != self.currency:
            raise ValidationError(
                _("The session is in %(session)s, the tournament in %(tournament)s.")
                % {"session": session.currency, "tournament": self.currency}
            )
        self.session = session
        self.save(update_fields=["session"])


ENTRY_KINDS = ("buy_in", "re_entry")


def _by_name(player: Player) -> tuple[str, int]:
    return (player.name.lower(), player.pk)


@dataclass
class TournamentRow:
    """One entrant's money in a tournament."""

    player: Player
    paid: int = 0
    cash_paid: int = 0
    prize: int = 0
    entries: dict[str, int] = field(default_factory=dict)
    places: list[int] = field(default_factory=list)

    @property
    def net(self) -> int:
        return self.prize - self.paid


class Entry(models.Model):
    """Money paid into a tournament for chips: a buy-in, re-entry, rebuy or add-on."""

    class Kind(models.TextChoices):
        BUY_IN = "buy_in", gettext_lazy("buy-in")
        RE_ENTRY = "re_entry", gettext_lazy("re-entry")
        REBUY = "rebuy", gettext_lazy("rebuy")
        ADD_ON = "add_on", gettext_lazy("add-on")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(
        "ledger.Player", on_delete=models.PROTECT, related_name="tournament_entries"
    )
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.BUY_IN)
    money = models.PositiveIntegerField(
        gettext_lazy("money (minor units)"), validators=[MaxMoney()]
    )
    chips = models.PositiveIntegerField(gettext_lazy("chips"), validators=[MaxChips()])
    # Cash to the bank, or on credit (settled with the night).
    method = models.CharField(max_length=10, choices=BuyIn.Method.choices, default="cash")
    # The clock's level when it was recorded (0: before the start).
    level = models.PositiveSmallIntegerField(default=0, validators=[MaxLevel()])
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name_plural = "entries"
        constraints = [
            at_most("money", limits.MAX_MONEY_MINOR, "entry_money_bounded"),
            at_most("chips", limits.MAX_CHIPS, "entry_chips_bounded"),
            at_most("level", limits.MAX_LEVEL, "entry_level_bounded"),
        ]


class Finish(models.Model):
    """Where an entry finished. Busted on the same hand (`hand`), the larger `starting_stack`
    (at the start of that hand) finishes higher; equal stacks tie and share the places' prizes."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="finishes")
    player = models.ForeignKey(
        "ledger.Player", on_delete=models.PROTECT, related_name="tournament_finishes"
    )
    place = models.PositiveSmallIntegerField()
    # Bust-outs recorded together (one hand) share a number; undo removes the last one.
    hand = models.PositiveIntegerField(default=0)
    starting_stack = models.PositiveBigIntegerField(null=True, blank=True, validators=[MaxStack()])
    busted_at = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["place"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "place"], name="one_finish_per_place"),
            models.CheckConstraint(condition=models.Q(place__gte=1), name="finish_place_pos"),
            at_most("starting_stack", limits.MAX_STACK, "finish_starting_stack_bounded"),
        ]
