"""The ledger: the host's players, cash-game sessions, the chips bought and cashed out, and who
pays whom at the end.

Ledger never imports dealer/. The live table records buy-ins and cash-outs through
`Session.buy_in` and `Session.cash_out`. Chips are int; money is int in the currency's minor
units; the arithmetic (exact fractions, rounding once, fewest transfers) is in
`ledger.settlement`, which is pure.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from config import limits
from config.bounds import MaxChips, MaxLevel, MaxMoney, MaxStack, at_most, length_at_most
from config.text import isolate
from ledger import prizes, settlement
from ledger.settlement import Chip

# The bank's key in balances: the host, holding the cash paid in (when no player is the banker).
BANK = 0

# Ledger never imports dealer/; the dealer app registers here (in its AppConfig.ready) what
# the ledger must ask of it:
# - BUSY_CHECKS: why a session cannot stop being played now (a hand in progress at one of its
#   tables), as a message, or "" when nothing is in progress;
# - MERGE_HOOKS: move the other app's references to a player that are not foreign keys (the
#   player ids in a hand's log) when two roster entries are merged; and refuse (ValidationError)
#   a merge that app cannot take.
# No result or transfer of a night is larger (minor units); far inside the 64-bit columns.
MAX_SETTLED_MINOR = 10**15

BUSY_CHECKS: list[Callable[[Session], str]] = []
MERGE_HOOKS: list[Callable[[Player, Player], None]] = []
# - SEATED: (player id, table, stack) for each seat at one of a session's tables: who still
#   holds chips there (their count is not complete until a final count is saved) and how many;
# - SETTLE_HOOKS: run inside the settle's transaction (the tables release their seats: the
#   count holds the numbers now, and the players may sit at another night's table).
SEATED: list[Callable[[Session], list[tuple[int, str, int]]]] = []
SETTLE_HOOKS: list[Callable[[Session], None]] = []


@dataclass
class CountSource:
    """Where a player's count comes from (shown next to the count box)."""

    # Chips taken off tables during the game (cash-outs when leaving), and how many times.
    left: int = 0
    left_times: int = 0
    # The saved final count of the chips in front of them, and when it was saved.
    final: int | None = None
    final_at: Any = None
    # (table, stack) for each seat they still have at one of the session's tables.
    seated: list[tuple[str, int]] = field(default_factory=list)

    @property
    def at_tables(self) -> int:
        return sum(stack for _table, stack in self.seated)

    @property
    def suggestion(self) -> int | None:
        """What the count box starts with: the saved count, else the chips still at tables."""
        if self.final is not None:
            return self.final
        return self.at_tables if self.seated else None


class Player(models.Model):
    """A person on the host's roster, across sessions."""

    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="players"
    )
    name = models.CharField(gettext_lazy("name"), max_length=limits.MAX_NAME)
    nickname = models.CharField(
        gettext_lazy("nickname"), max_length=limits.MAX_NICKNAME, blank=True
    )
    payment_details = models.TextField(
        gettext_lazy("payment details"),
        blank=True,
        max_length=limits.MAX_PAYMENT_DETAILS,
        help_text=gettext_lazy("Free text: a phone number for a payment app, an IBAN."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["host", "name"], name="player_name_unique_per_host"),
            length_at_most("name", limits.MAX_NAME, "player_name_length"),
            length_at_most("nickname", limits.MAX_NICKNAME, "player_nickname_length"),
            length_at_most(
                "payment_details", limits.MAX_PAYMENT_DETAILS, "player_payment_details_length"
            ),
        ]

    def __str__(self) -> str:
        # How a player appears in a sentence: the name isolated (config/text.py).
        return isolate(self.nickname or self.name)

    @transaction.atomic
    def merge(self, other: Player) -> None:
        """Fold `other` (the same person entered twice) into this player and delete it.

        Everything that points at `other` — buy-ins, cash-outs, transfers, and any other app's
        rows (seats at a table) — is moved here, in one transaction. Empty fields are filled in
        from `other`. Refused (ValidationError, nothing changed) when both hold something only
        one person can hold: both seated, both in one tournament that is not finished.
        """
        if other.pk == self.pk or other.host_id != self.host_id:
            raise ValidationError(_("Choose another player of yours to merge."))
        self._check_mergeable(other)
        for hook in MERGE_HOOKS:
            hook(self, other)
        # One result per player and session: add up the nights both entries played.
        for result in Result.objects.filter(player=other, session__results__player=self):
            Result.objects.filter(player=self, session=result.session).update(
                amount=models.F("amount") + result.amount,
                bought=models.F("bought") + result.bought,
                counted=models.F("counted") + result.counted,
            )
            result.delete()
        # One final count per player and session: add them up too.
        for count in CashOut.objects.filter(player=other, kind=CashOut.Kind.COUNT):
            mine = CashOut.objects.filter(
                player=self, session=count.session_id, kind=CashOut.Kind.COUNT
            ).first()
            if mine is not None:
                mine.chips += count.chips
                mine.counts = (
                    {
                        colour: mine.counts.get(colour, 0) + count.counts.get(colour, 0)
                        for colour in {*mine.counts, *count.counts}
                    }
                    if mine.counts and count.counts
                    else {}
                )
                mine.save(update_fields=["chips", "counts"])
                count.delete()
        for tournament in Tournament.objects.filter(host=self.host_id).exclude(deal={}):
            if str(other.pk) in tournament.deal:
                deal = dict(tournament.deal)
                deal[str(self.pk)] = deal.get(str(self.pk), 0) + deal.pop(str(other.pk))
                tournament.deal = deal
                tournament.save(update_fields=["deal"])
        for relation in _references(Player):
            relation.related_model._base_manager.filter(**{relation.field.name: other}).update(
                **{relation.field.name: self}
            )
        for name in ("nickname", "payment_details"):
            if not getattr(self, name):
                setattr(self, name, getattr(other, name))
        other.delete()
        self.save()

    def _check_mergeable(self, other: Player) -> None:
        names = {"name": self, "other": other}
        # Any app's rows that a unique constraint allows only one of per player (a seat: a
        # player sits at one table at a time) cannot be moved when both have one.
        for relation in _references(Player):
            model, fk = relation.related_model, relation.field.name
            for constraint in model._meta.constraints:
                fields = getattr(constraint, "fields", ())
                if not isinstance(constraint, models.UniqueConstraint) or fk not in fields:
                    continue
                if model is Result or (model is CashOut and constraint.condition is not None):
                    continue  # added up above
                rest = [f for f in fields if f != fk]
                mine = model._base_manager.filter(**{fk: self})
                theirs = model._base_manager.filter(**{fk: other})
                if constraint.condition is not None:
                    mine, theirs = (
                        mine.filter(constraint.condition),
                        theirs.filter(constraint.condition),
                    )
                clash = (
                    any(
                        mine.filter(**dict(zip(rest, values, strict=True))).exists()
                        for values in theirs.values_list(*rest)
                    )
                    if rest
                    else (mine.exists() and theirs.exists())
                )
                if clash:
                    raise ValidationError(
                        _(
                            "%(name)s and %(other)s both have a %(what)s, and a player can "
                            "have only one: change that first (a seated player leaves the "
                            "table)."
                        )
                        % {**names, "what": model._meta.verbose_name}
                    )
        # A tournament both entered that is still being played cannot have them as one.
        shared = Tournament.objects.filter(entries__player=self).filter(entries__player=other)
        running = shared.exclude(state=Tournament.State.FINISHED).first()
        if running is not None:
            raise ValidationError(
                _(
                    "%(name)s and %(other)s both entered %(tournament)s, which is not finished: "
                    "merge them when it is."
                )
                % {**names, "tournament": running.name}
            )

    def history(self) -> models.QuerySet[Result]:
        """This player's results in settled sessions, oldest first."""
        return self.results.filter(session__state=Session.State.SETTLED).select_related("session")


STALE_SESSION = gettext_lazy(
    "This page was out of date (another device changed the session): nothing was recorded. "
    "Here it is as it is now."
)


class StaleSession(ValidationError):
    """The page that posted showed an older version of the session."""


def _references(model: type[models.Model]) -> list[Any]:
    """Every foreign key to `model` in any app, those without a reverse name (related_name
    "+": a session's banker, who takes the difference) included."""
    return [
        f
        for f in model._meta.get_fields(include_hidden=True)
        if f.auto_created and not f.concrete and f.one_to_many
    ]


class SessionQuerySet(models.QuerySet["Session"]):
    def settled(self) -> SessionQuerySet:
        return self.filter(state=Session.State.SETTLED)


class Session(models.Model):
    """A cash-game night: its currency, what a chip is worth, its chip set and its state."""

    class State(models.TextChoices):
        OPEN = "open", gettext_lazy("open")
        COUNTING = "counting", gettext_lazy("counting")
        SETTLED = "settled", gettext_lazy("settled")

    class Policy(models.TextChoices):
        NONE = "", gettext_lazy("not decided")
        HOST = "host", gettext_lazy("the host absorbs it")
        WINNERS = "winners", gettext_lazy("spread over the winners in proportion")
        EVERYONE = "everyone", gettext_lazy("spread over everyone equally")
        PLAYER = "player", gettext_lazy("assigned to one player")

    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sessions"
    )
    name = models.CharField(gettext_lazy("name"), max_length=80)
    currency = models.CharField(gettext_lazy("currency"), max_length=3, default="SEK")
    # Exchange rate as an exact fraction: `rate_minor` minor units buy `rate_chips` chips
    # (200 SEK for 1,000 chips: 20000 / 1000).
    rate_minor = models.PositiveIntegerField(
        gettext_lazy("money (minor units)"), default=100, validators=[MaxMoney()]
    )
    rate_chips = models.PositiveIntegerField(
        gettext_lazy("chips"), default=1, validators=[MaxChips()]
    )
    # [{"colour": "white", "value": 1}, …]; empty means settlement.DEFAULT_CHIP_SET.
    chip_set = models.JSONField(gettext_lazy("chip set"), default=list, blank=True)
    state = models.CharField(max_length=10, choices=State.choices, default=State.OPEN)
    # The player who holds the bank's cash (usually the host, when playing). Empty: the host
    # holds it without playing, and appears as "the bank".
    banker = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # Settlement options.
    through_bank = models.BooleanField(gettext_lazy("everything through the bank"), default=False)
    cash_step = models.PositiveIntegerField(
        gettext_lazy("round transfers to (minor units)"), default=0, validators=[MaxMoney()]
    )
    # How a difference between chips sold and counted is resolved, and who decided when.
    policy = models.CharField(max_length=10, choices=Policy.choices, default="", blank=True)
    policy_player = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    policy_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    policy_at = models.DateTimeField(null=True, blank=True)
    settled_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # Bumped by every ledger write (Session.hold): the session page posts the version it shows,
    # so a tap from an out-of-date page (a double tap, another device) records nothing.
    version = models.PositiveBigIntegerField(default=1)

    objects = SessionQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(condition=models.Q(rate_minor__gt=0), name="rate_minor_pos"),
            models.CheckConstraint(condition=models.Q(rate_chips__gt=0), name="rate_chips_pos"),
            at_most("rate_minor", limits.MAX_MONEY_MINOR, "session_rate_minor_bounded"),
            at_most("rate_chips", limits.MAX_CHIPS, "session_rate_chips_bounded"),
            at_most("cash_step", limits.MAX_MONEY_MINOR, "session_cash_step_bounded"),
            length_at_most("name", limits.MAX_NAME, "session_name_length"),
        ]

    def __str__(self) -> str:
        return isolate(self.name)

    @property
    def minor_per_chip(self) -> Fraction:
        """What one chip is worth, in minor units, exactly."""
        return Fraction(self.rate_minor, self.rate_chips)

    @property
    def chips(self) -> tuple[Chip, ...]:
        return settlement.chip_set_from_data(self.chip_set)

    @property
    def is_locked(self) -> bool:
        return self.state == self.State.SETTLED

    def value(self, chips: int) -> Fraction:
        return chips * self.minor_per_chip

    def hold(self, *allowed: str, version: int | None = None, bump: bool = True) -> None:
        """Lock this session's row for the rest of the transaction and refuse (ValidationError,
        the reason) unless its state is one of `allowed` — and, given the `version` a page
        showed, unless the session is still at that version (StaleSession). With `bump`, the
        session takes its next version (a ledger write: open session pages are now out of
        date; a hand's action changes nothing in the ledger and does not bump).

        Every write a session's state may forbid calls this first, inside its transaction: on
        PostgreSQL the row lock makes a settle and a buy-in (or a table's action) wait for each
        other, and the state is read after the wait; on SQLite writers are serialized by
        BEGIN IMMEDIATE. So nothing lands in a session that was settled a moment before, and
        no tap lands on numbers its page did not show.
        """
        if not transaction.get_connection().in_atomic_block:
            raise RuntimeError("Session.hold() must run inside a transaction")
        row = (
            Session.objects.select_for_update()
            .filter(pk=self.pk)
            .values_list("state", "version")
            .first()
        )
        if row is None:
            raise ValidationError(_("This session no longer exists."))
        self.state, self.version = row
        if version is not None and version != self.version:
            raise StaleSession(STALE_SESSION)
        if self.state not in allowed:
            if self.state == self.State.SETTLED:
                raise ValidationError(_("This session is settled: reopen it to change it."))
            if self.state == self.State.COUNTING:
                raise ValidationError(
                    _(
                        "The game is over: this session is being counted. To play on, press "
                        "“Back to the game” on the session page."
                    )
                )
            raise ValidationError(_("Count the chips first: this session is still being played."))
        if bump:
            Session.objects.filter(pk=self.pk).update(version=models.F("version") + 1)
            self.version += 1

    def _check_counts(self, chips: int | None, counts: Mapping[str, int] | None) -> int:
        if counts:
            known = {chip.colour for chip in self.chips}
            if any(colour not in known for colour in counts):
                raise ValidationError(_("That colour is not in this session's chip set."))
            if any(count < 0 for count in counts.values()):
                raise ValidationError(_("A count cannot be negative."))
            total = settlement.stack_value(counts, self.chips)
            if chips is not None and chips != total:
                raise ValidationError(
                    _("The colours add up to %(total)s chips, not %(chips)s.")
                    % {"total": total, "chips": chips}
                )
            return total
        if chips is None or chips < 0:
            raise ValidationError(_("Chips must be a whole number, zero or more."))
        return chips

    # --- recording: the live table calls these ---------------------------------------------

    def buy_in(
        self,
        player: Player,
        chips: int,
        *,
        method: str = "cash",
        kind: str = "buy_in",
        by: Any | None = None,
        counts: Mapping[str, int] | None = None,
        version: int | None = None,
    ) -> BuyIn:
        """Record chips bought by `player` (paid in cash to the bank, or on credit).

        Allowed while the game is played and while counting (a forgotten rebuy found at the
        count), never in a settled session."""
        chips = self._check_counts(chips, counts)
        if chips <= 0:
            raise ValidationError(_("A buy-in must be at least one chip."))
        with transaction.atomic():
            self.hold(self.State.OPEN, self.State.COUNTING, version=version)
            return BuyIn.objects.create(
                session=self,
                player=player,
                chips=chips,
                method=method,
                kind=kind,
                recorded_by=by,
                counts=dict(counts or {}),
            )

    def cash_out(
        self,
        player: Player,
        chips: int | None = None,
        *,
        by: Any | None = None,
        counts: Mapping[str, int] | None = None,
        final: bool = False,
    ) -> CashOut:
        """Record chips a player leaves with: a total, or a count per colour (`counts`).

        Without `final`: chips taken off during the game (a player leaving a table). With
        `final`: the end-of-night count of the chips in front of the player, which replaces
        their earlier final count (never the chips they left tables with), so saving the same
        count twice records it once.
        """
        chips = self._check_counts(chips, counts)
        with transaction.atomic():
            self.hold(self.State.OPEN, self.State.COUNTING)
            kind = CashOut.Kind.COUNT if final else CashOut.Kind.LEFT
            if final:
                self.cash_outs.filter(player=player, kind=CashOut.Kind.COUNT).delete()
            return CashOut.objects.create(
                session=self,
                player=player,
                chips=chips,
                kind=kind,
                recorded_by=by,
                counts=dict(counts or {}),
            )

    def has_final_count(self, player: Player) -> bool:
        return self.cash_outs.filter(player=player, kind=CashOut.Kind.COUNT).exists()

    @transaction.atomic
    def save_count(
        self,
        counts: Mapping[Player, tuple[int | None, Mapping[str, int]] | None],
        *,
        by: Any,
        version: int | None = None,
    ) -> None:
        """The end-of-night count of these players (a total and/or chips per colour; None: not
        counted), replacing their earlier final counts, and the session is being counted from
        now on. Saving the same count again changes nothing."""
        self.hold(self.State.OPEN, self.State.COUNTING, version=version)
        if self.state == self.State.OPEN:
            self._check_not_busy()
        for player, count in counts.items():
            if count is None:
                self.cash_outs.filter(player=player, kind=CashOut.Kind.COUNT).delete()
                continue
            total, by_colour = count
            self.cash_out(player, total, counts=by_colour or None, by=by, final=True)
        if self.state == self.State.OPEN:
            self._set_state(self.State.COUNTING, SessionEvent.Kind.COUNTING, by=by)

    def count_sources(self, players: list[Player]) -> dict[int, CountSource]:
        """Where each player's count comes from: chips taken off tables during the game, the
        saved final count, and the chips still in front of them at this session's tables."""
        sources = {p.pk: CountSource() for p in players}
        for c in self.cash_outs.filter(player__in=players):
            source = sources[c.player_id]
            if c.kind == CashOut.Kind.COUNT:
                source.final = (source.final or 0) + c.chips
                source.final_at = c.created_at
            else:
                source.left += c.chips
                source.left_times += 1
        for player, table, stack in self.seats():
            if player in sources:
                sources[player].seated.append((table, stack))
        return sources

    def seats(self) -> list[tuple[int, str, int]]:
        """(player id, table, stack) for each seat at this session's tables (SEATED)."""
        return [seat for seats in SEATED for seat in seats(self)]

    def seated(self) -> set[int]:
        """The players with a seat at one of this session's tables."""
        return {player for player, _table, _stack in self.seats()}

    # --- state ----------------------------------------------------------------------------

    def _set_state(self, state: str, event: str, *, by: Any, note: str = "") -> None:
        self.state = state
        self.save(update_fields=["state"])
        self.events.create(kind=event, by=by, note=note)

    def _check_not_busy(self) -> None:
        """Refuse while another app has work in progress in this session (a hand being
        played at one of its tables: see BUSY_CHECKS)."""
        busy = [str(reason) for check in BUSY_CHECKS if (reason := check(self))]
        if busy:
            raise ValidationError(" ".join(busy))

    @transaction.atomic
    def start_counting(self, *, by: Any, version: int | None = None) -> None:
        """The game is over: the tables stop, the chips are counted."""
        self.hold(self.State.OPEN, version=version)
        self._check_not_busy()
        self._set_state(self.State.COUNTING, SessionEvent.Kind.COUNTING, by=by)

    @transaction.atomic
    def resume(self, *, by: Any, version: int | None = None) -> None:
        """Back to the game from counting (the count pressed too early): the tables play on,
        and the saved count of the players still seated is discarded (it would be out of
        date)."""
        self.hold(self.State.COUNTING, version=version)
        # The game goes on, so the saved count of everyone still seated is out of date: they
        # are counted afresh at the end (a stale count would settle a player at chips they no
        # longer have). Who stood up with their count keeps it.
        discarded, _kinds = self.cash_outs.filter(
            kind=CashOut.Kind.COUNT, player__in=self.seated()
        ).delete()
        note = (
            _("The saved count of %(n)s players was discarded: count again at the end.")
            % {"n": discarded}
            if discarded
            else ""
        )
        self._set_state(self.State.OPEN, SessionEvent.Kind.RESUMED, by=by, note=note)

    @transaction.atomic
    def decide(
        self, policy: str, *, by: Any, player: Player | None = None, version: int | None = None
    ) -> None:
        """Record how the difference between chips sold and counted is resolved."""
        self.hold(self.State.OPEN, self.State.COUNTING, version=version)
        if policy == self.Policy.PLAYER and player is None:
            raise ValidationError(_("Choose the player who takes the difference."))
        self.policy = policy
        self.policy_player = player if policy == self.Policy.PLAYER else None
        self.policy_by = by
        self.policy_at = timezone.now()
        self.save(update_fields=["policy", "policy_player", "policy_by", "policy_at"])
        self.events.create(kind=SessionEvent.Kind.POLICY, by=by, note=self.get_policy_display())

    @transaction.atomic
    def set_options(
        self,
        *,
        banker: Player | None,
        through_bank: bool,
        cash_step: int,
        version: int | None = None,
    ) -> None:
        """Settlement options: who holds the bank's cash, everything through the bank, and
        the cash step transfers are rounded to."""
        self.hold(self.State.OPEN, self.State.COUNTING, version=version)
        self.banker = banker
        self.through_bank = through_bank
        self.cash_step = cash_step
        self.save(update_fields=["banker", "through_bank", "cash_step"])

    @transaction.atomic
    def settle(self, *, by: Any, version: int | None = None) -> Statement:
        """Lock the session and record who pays whom. Refused while a count is missing or a
        difference is undecided."""
        self.hold(self.State.OPEN, self.State.COUNTING, version=version)
        self._check_not_busy()
        unfinished = self.tournaments.exclude(state=Tournament.State.FINISHED).first()
        if unfinished is not None:
            raise ValidationError(
                _("The tournament %(name)s is not finished: record the last bust-outs or a deal.")
                % {"name": unfinished}
            )
        statement = self.statement()
        if statement.uncounted:
            raise ValidationError(
                _("Count every player's chips first (0 for a player who has none): %(names)s.")
                % {"names": ", ".join(str(r.player) for r in statement.uncounted)}
            )
        if statement.needs_policy:
            raise ValidationError(
                _(
                    "Chips sold and chips counted differ by %(chips)s: decide who takes the "
                    "difference before settling."
                )
                % {"chips": statement.difference_chips}
            )
        if not statement.rows:
            raise ValidationError(_("Nobody bought in: there is nothing to settle."))
        amounts = [r.result for r in statement.rows] + [t.amount for t in statement.transfers]
        if any(abs(a) > MAX_SETTLED_MINOR for a in amounts):
            raise ValidationError(
                _("These amounts are beyond any home game: check the rate and the counts.")
            )
        players = {row.player.pk: row.player for row in statement.rows} | statement.others
        Result.objects.bulk_create(
            Result(
                session=self,
                player=row.player,
                amount=row.result,
                bought=row.bought,
                counted=row.counted,
            )
            for row in statement.rows
        )
        for t in statement.transfers:
            Transfer.objects.create(
                session=self,
                payer=players.get(t.payer),
                payee=players.get(t.payee),
                amount=t.amount,
                group=t.group,
            )
        Transfer.objects.filter(pk__in=[d.pk for d in statement.carried]).update(carried_to=self)
        for hook in SETTLE_HOOKS:
            hook(self)
        self.settled_at = timezone.now()
        self.save(update_fields=["settled_at"])
        self._set_state(self.State.SETTLED, SessionEvent.Kind.SETTLED, by=by)
        return statement

    @transaction.atomic
    def reopen(self, *, by: Any, version: int | None = None) -> None:
        """Unlock a settled session for corrections; its transfers and results are withdrawn.

        Debts carried into it become open again. The audit log keeps who reopened it and when.
        """
        try:
            self.hold(self.State.SETTLED, version=version)
        except StaleSession:
            raise
        except ValidationError:
            raise ValidationError(_("Only a settled session can be reopened.")) from None
        paid = self.transfers.filter(paid_at__isnull=False).count()
        Transfer.objects.filter(carried_to=self).update(carried_to=None)
        self.transfers.all().delete()
        self.results.all().delete()
        self.settled_at = None
        self.save(update_fields=["settled_at"])
        note = _("%(paid)s transfers had been marked paid.") % {"paid": paid} if paid else ""
        self._set_state(self.State.COUNTING, SessionEvent.Kind.REOPENED, by=by, note=note)

    # --- the numbers ----------------------------------------------------------------------

    def open_debts(self) -> list[Transfer]:
        """Unpaid transfers from the host's earlier settled sessions: included in this one."""
        return list(
            Transfer.objects.filter(
                models.Q(carried_to__isnull=True, paid_at__isnull=True) | models.Q(carried_to=self),
                session__host=self.host,
                session__state=self.State.SETTLED,
                session__created_at__lt=self.created_at,
            )
            .exclude(session=self)
            .select_related("payer", "payee", "session")
        )

    def statement(self) -> Statement:
        """Everyone's chips and money tonight, the difference, and who pays whom (unsaved).

        - result: chips counted minus chips bought, in money, plus their share of the difference
          (by the policy); rounded once, together, so the results sum to exactly zero.
        - balance: result plus the cash they paid in, plus debts carried in: what they receive
          (positive) or pay (negative). The bank (the host, or the banker player) pays out the
          cash it holds.
        """
        buy_ins = list(self.buy_ins.select_related("player"))
        cash_outs = list(self.cash_outs.select_related("player"))
        rows: dict[int, Row] = {}

        def row(player: Player) -> Row:
            if player.pk not in rows:
                rows[player.pk] = Row(player=player)
            return rows[player.pk]

        for b in buy_ins:
            r = row(b.player)
            r.bought += b.chips
            if b.method == BuyIn.Method.CASH:
                r.cash_chips += b.chips
            else:
                r.credit_chips += b.chips
            r.rebuys += b.kind != BuyIn.Kind.BUY_IN
        for c in cash_outs:
            r = row(c.player)
            r.counted += c.chips
            r.cash_outs += 1
            r.final_count = r.final_count or c.kind == CashOut.Kind.COUNT
            for colour, n in c.counts.items():
                r.counts[colour] = r.counts.get(colour, 0) + n
        # Tournaments of the night: money paid in and prizes won. The bank keeps what was paid
        # in and not won: the fees, and prizes not yet decided while a tournament runs.
        kept = 0
        for tournament in self.tournaments.prefetch_related("entries__player", "finishes__player"):
            for line in tournament.results():
                r = row(line.player)
                r.tournament_paid += line.paid
                r.tournament_cash += line.cash_paid
                r.tournament_prize += line.prize
                kept += line.paid - line.prize
        ordered = sorted(rows.values(), key=lambda r: (r.player.name.lower(), r.player.pk))

        sold = sum(r.bought for r in ordered)
        counted = sum(r.counted for r in ordered)
        st = Statement(session=self, rows=ordered, sold=sold, counted=counted)
        # Chips sold and counted can only be compared once everyone who bought chips has been
        # counted (0 for a player who has none): before that there is no shortfall to resolve.
        # A player still seated at one of the session's tables is counted only by a final
        # count (chips taken off another table earlier are not all they have).
        seated = self.seated()
        st.uncounted = [
            r
            for r in ordered
            if r.bought and (not r.cash_outs or (r.player.pk in seated and not r.final_count))
        ]
        if st.uncounted:
            return st
        st.by_colour = self._difference_by_colour(buy_ins, cash_outs)

        # Exact results, then the difference spread by the policy.
        exact: dict[int, Fraction] = {
            r.player.pk: self.value(r.counted - r.bought) + r.tournament_net for r in ordered
        }
        exact[BANK] = Fraction(kept)
        adjustment = -self.value(st.difference_chips)
        if adjustment and ordered:
            shares = self._spread(adjustment, ordered)
            if shares is None:
                st.needs_policy = True
            else:
                for key, share in shares.items():
                    exact[key] += share
                    if key in rows:
                        rows[key].adjustment = share
                    else:
                        st.bank_adjustment = share
        if st.needs_policy:
            return st
        names = {r.player.pk: r.player.name for r in ordered} | {BANK: ""}
        rounded = settlement.apportion(exact, 0, name=names.__getitem__)
        st.bank_result = rounded[BANK]

        # What everyone receives (+) or pays (−): result plus cash paid in; the bank pays out
        # the cash it holds.
        balances: dict[int, int] = defaultdict(int)
        for r in ordered:
            r.result = rounded[r.player.pk]
            r.cash_paid = round(self.value(r.cash_chips)) + r.tournament_cash
            balances[r.player.pk] += r.result + r.cash_paid
        st.cash_held = sum(r.cash_paid for r in ordered)
        balances[BANK] += rounded[BANK] - st.cash_held
        for debt in self.open_debts():
            payer = debt.payer_id or BANK
            payee = debt.payee_id or BANK
            balances[payer] -= debt.amount
            balances[payee] += debt.amount
            for key, player in ((payer, debt.payer), (payee, debt.payee)):
                if player is not None and key not in names:
                    names[key] = player.name
                    st.others[key] = player
            st.carried.append(debt)
            for key, amount in ((payer, -debt.amount), (payee, debt.amount)):
                if key in rows:
                    rows[key].carried += amount
        if self.banker_id is not None:
            if self.banker_id not in names:
                names[self.banker_id] = self.banker.name
                st.others[self.banker_id] = self.banker
            balances[self.banker_id] += balances.pop(BANK)
        balances = {k: v for k, v in balances.items() if v}
        if self.cash_step > 1:
            balances, remainders = settlement.round_to_step(
                balances, self.cash_step, name=names.__getitem__
            )
            st.remainders = {k: v for k, v in remainders.items() if v}
        st.balances = balances
        if self.through_bank:
            bank = self.banker_id or BANK
            balances.setdefault(bank, 0)
            transfers = settlement.settle_through(balances, bank)
            st.transfers = [PlannedTransfer(*t, group=0) for t in transfers]
        else:
            planned = settlement.plan(balances, name=names.__getitem__)
            group_of = {k: i for i, g in enumerate(planned.groups) for k in g}
            st.transfers = [PlannedTransfer(*t, group=group_of[t.payer]) for t in planned.transfers]
            st.exact = planned.exact
        st.names = names
        return st

    def _spread(self, amount: Fraction, rows: list[Row]) -> dict[int, Fraction] | None:
        """Split a difference by the policy; None when no (usable) policy is decided."""
        policy = self.policy
        if policy == self.Policy.HOST:
            return {self.banker_id or BANK: amount}
        if policy == self.Policy.PLAYER and self.policy_player_id:
            return {self.policy_player_id: amount}
        if policy == self.Policy.EVERYONE:
            return settlement.split(amount, {r.player.pk: 1 for r in rows})
        if policy == self.Policy.WINNERS:
            winners = {r.player.pk: r.counted - r.bought for r in rows if r.counted > r.bought}
            return settlement.split(amount, winners) if winners else None
        return None

    def _difference_by_colour(
        self, buy_ins: list[BuyIn], cash_outs: list[CashOut]
    ) -> list[tuple[str, int, int]] | None:
        """(colour, sold, counted) per colour, when every buy-in and cash-out was by colour."""
        if not cash_outs or any(not x.counts for x in [*buy_ins, *cash_outs]):
            return None
        sold: dict[str, int] = defaultdict(int)
        counted: dict[str, int] = defaultdict(int)
        for b in buy_ins:
            for colour, n in b.counts.items():
                sold[colour] += n
        for c in cash_outs:
            for colour, n in c.counts.items():
                counted[colour] += n
        return [(chip.colour, sold[chip.colour], counted[chip.colour]) for chip in self.chips]


@dataclass
class Row:
    """One player's night, for the statement."""

    player: Player
    bought: int = 0
    cash_chips: int = 0
    credit_chips: int = 0
    rebuys: int = 0
    counted: int = 0
    cash_outs: int = 0
    # A final count (the end-of-night count of what is in front of them) is saved.
    final_count: bool = False
    counts: dict[str, int] = field(default_factory=dict)
    adjustment: Fraction = Fraction(0)
    result: int = 0
    cash_paid: int = 0
    carried: int = 0
    # Tournaments of the night: money paid in (of it in cash) and prizes won.
    tournament_paid: int = 0
    tournament_cash: int = 0
    tournament_prize: int = 0

    @property
    def chips_won(self) -> int:
        return self.counted - self.bought

    @property
    def tournament_net(self) -> int:
        return self.tournament_prize - self.tournament_paid

    @property
    def in_tournament(self) -> bool:
        return bool(self.tournament_paid or self.tournament_prize)


@dataclass(frozen=True, slots=True)
class PlannedTransfer:
    payer: int
    payee: int
    amount: int
    group: int


@dataclass
class Statement:
    """A session's numbers: rows per player, the difference, balances and transfers."""

    session: Session
    rows: list[Row]
    sold: int
    counted: int
    by_colour: list[tuple[str, int, int]] | None = None
    # Players who bought chips and have not been counted: no difference, results or
    # transfers until they are.
    uncounted: list[Row] = field(default_factory=list)
    needs_policy: bool = False
    bank_adjustment: Fraction = Fraction(0)
    bank_result: int = 0
    cash_held: int = 0
    balances: dict[int, int] = field(default_factory=dict)
    remainders: dict[int, int] = field(default_factory=dict)
    transfers: list[PlannedTransfer] = field(default_factory=list)
    carried: list[Transfer] = field(default_factory=list)
    names: dict[int, str] = field(default_factory=dict)
    others: dict[int, Player] = field(default_factory=dict)
    exact: bool = True

    @property
    def results_known(self) -> bool:
        """Everyone is counted and any difference is resolved: the results can be shown."""
        return not self.uncounted and not self.needs_policy

    @property
    def difference_chips(self) -> int:
        """Chips counted minus chips sold: negative when chips are missing."""
        return self.counted - self.sold

    @property
    def missing_chips(self) -> int:
        return max(0, -self.difference_chips)

    @property
    def difference_money(self) -> int:
        return round(self.session.value(self.difference_chips))

    def name(self, key: int | None) -> str:
        """A player's name for a sentence (isolated: config/text.py), or "the bank"."""
        name = self.names.get(key) if key else None
        return isolate(name) if name else _("the bank")

    def rounding(self) -> list[str]:
        """What rounding the transfers to the cash step does to each party, in words: "the
        bank pays 3,00 kr more", "Anna gets 3,00 kr less". A remainder is the exact balance
        less the rounded one, so a positive one leaves its party worse off (a payer pays more,
        a payee gets less), a negative one better off; they add up to zero."""
        code, language = self.session.currency, get_language() or "en"
        lines = []
        for key, remainder in self.remainders.items():
            exact = self.balances.get(key, 0) + remainder
            amount = settlement.format_money(abs(remainder), code, language)
            if exact < 0:
                text = (
                    _("%(name)s pays %(amount)s more")
                    if remainder > 0
                    else (_("%(name)s pays %(amount)s less"))
                )
            else:
                text = (
                    _("%(name)s gets %(amount)s less")
                    if remainder > 0
                    else (_("%(name)s gets %(amount)s more"))
                )
            lines.append(text % {"name": self.name(key), "amount": amount})
        return lines

    def lines(self, transfers: list[Any]) -> list[dict[str, Any]]:
        """Transfers (planned or saved) with a plain-language explanation of each."""
        rows = {r.player.pk: r for r in self.rows}
        code, language = self.session.currency, get_language() or "en"

        def money(minor: int) -> str:
            return settlement.format_money(minor, code, language)

        members: dict[int, list[str]] = defaultdict(list)
        for t in transfers:
            for key in (t.payer_id if isinstance(t, Transfer) else t.payer,
                        t.payee_id if isinstance(t, Transfer) else t.payee):  # fmt: skip
                if self.name(key) not in members[t.group]:
                    members[t.group].append(self.name(key))
        lines = []
        for t in transfers:
            saved = isinstance(t, Transfer)
            payer = (t.payer_id if saved else t.payer) or BANK
            payee = (t.payee_id if saved else t.payee) or BANK
            why = []
            for key in (payer, payee):
                balance = self.balances.get(key, 0)
                owes = _("pays %(amount)s in all") if balance < 0 else _("gets %(amount)s in all")
                parts = [self.name(key) + ":"]
                if key in rows:
                    r = rows[key]
                    parts.append(
                        _("result %(result)s, paid %(cash)s in cash")
                        % {"result": money(r.result), "cash": money(r.cash_paid)}
                    )
                    if r.carried:
                        parts.append(_("earlier debts %(amount)s") % {"amount": money(r.carried)})
                elif key == BANK:
                    parts.append(_("holds %(cash)s in cash") % {"cash": money(self.cash_held)})
                parts.append(owes % {"amount": money(abs(balance))})
                why.append(parts[0] + " " + ", ".join(parts[1:]))
            others = [n for n in members[t.group] if n not in (self.name(payer), self.name(payee))]
            if self.session.through_bank:
                why.append(_("Everything goes through the bank."))
            elif others:
                why.append(
                    _("Settled together with %(others)s: their balances add up to zero.")
                    % {"others": ", ".join(others)}
                )
            lines.append(
                {
                    "transfer": t if saved else None,
                    "payer": self.name(payer),
                    "payee": self.name(payee),
                    "payee_details": getattr(self.player(payee), "payment_details", ""),
                    "amount": t.amount,
                    "why": " · ".join(why),
                }
            )
        return lines

    def player(self, key: int) -> Player | None:
        for r in self.rows:
            if r.player.pk == key:
                return r.player
        return self.others.get(key)


class BuyIn(models.Model):
    """Chips sold to a player: a buy-in, a rebuy or a top-up; paid in cash or on credit."""

    class Method(models.TextChoices):
        CASH = "cash", gettext_lazy("cash")
        CREDIT = "credit", gettext_lazy("credit")

    class Kind(models.TextChoices):
        BUY_IN = "buy_in", gettext_lazy("buy-in")
        REBUY = "rebuy", gettext_lazy("rebuy")
        TOP_UP = "top_up", gettext_lazy("top-up")

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="buy_ins")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="buy_ins")
    chips = models.PositiveIntegerField(gettext_lazy("chips"), validators=[MaxChips()])
    method = models.CharField(max_length=10, choices=Method.choices, default=Method.CASH)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.BUY_IN)
    # Chips per colour, when the stack handed out was recorded by colour.
    counts = models.JSONField(default=dict, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(chips__gt=0), name="buy_in_chips_positive"),
            at_most("chips", limits.MAX_CHIPS, "buy_in_chips_bounded"),
        ]


class CashOut(models.Model):
    """Chips a player leaves with: taken off a table during the game, or the end-of-night
    count of what is in front of them (at most one final count per player: re-saving the
    count replaces it)."""

    class Kind(models.TextChoices):
        LEFT = "left", gettext_lazy("left a table")
        COUNT = "count", gettext_lazy("final count")

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="cash_outs")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="cash_outs")
    # What one player holds, 64-bit: a count typed is at most MAX_STACK (the forms), chips
    # taken off a table are what the player won.
    chips = models.PositiveBigIntegerField(gettext_lazy("chips"))
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.LEFT)
    # Chips per colour, when counted by colour.
    counts = models.JSONField(default=dict, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "player"],
                condition=models.Q(kind="count"),
                name="one_final_count_per_player",
            ),
        ]


class Result(models.Model):
    """A player's result in a settled session, in minor units (results of a session sum to
    zero, less what the host absorbed)."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="results")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="results")
    amount = models.BigIntegerField()
    # Sums of a night's buy-ins and counts: 64-bit.
    bought = models.PositiveBigIntegerField(default=0)
    counted = models.PositiveBigIntegerField(default=0)

    class Meta:
        ordering = ["session__created_at", "player__name"]
        constraints = [
            models.UniqueConstraint(fields=["session", "player"], name="one_result_per_player")
        ]


class Transfer(models.Model):
    """One payment of a settlement: payer pays payee. An empty payer or payee is the bank."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="transfers")
    payer = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="payments"
    )
    payee = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="receipts"
    )
    amount = models.BigIntegerField()
    # Transfers with the same group settle a set of players whose balances cancel out.
    group = models.PositiveSmallIntegerField(default=0)
    paid_at = models.DateTimeField(null=True, blank=True)
    paid_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # Unpaid, and included in a later session's settlement instead.
    carried_to = models.ForeignKey(
        Session, on_delete=models.SET_NULL, null=True, blank=True, related_name="carried_debts"
    )

    class Meta:
        ordering = ["group", "id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(amount__gt=0), name="transfer_positive"),
        ]

    @transaction.atomic
    def mark_paid(self, *, by: Any, paid: bool = True, version: int | None = None) -> None:
        """Mark paid (or not). Only while its session is settled: a reopen withdraws it."""
        self.session.hold(Session.State.SETTLED, version=version)
        if self.carried_to_id is not None:
            raise ValidationError(_("This debt was carried over into a later session."))
        self.paid_at = timezone.now() if paid else None
        self.paid_by = by if paid else None
        updated = Transfer.objects.filter(pk=self.pk, carried_to__isnull=True).update(
            paid_at=self.paid_at, paid_by=self.paid_by
        )
        if not updated:
            raise ValidationError(
                _("This transfer was withdrawn or carried over: here is the session as it is.")
            )


class SessionEvent(models.Model):
    """The session's audit log: state changes and decisions, who made them and when."""

    class Kind(models.TextChoices):
        COUNTING = "counting", gettext_lazy("counting started")
        POLICY = "policy", gettext_lazy("difference resolved")
        SETTLED = "settled", gettext_lazy("settled")
        REOPENED = "reopened", gettext_lazy("reopened")
        RESUMED = "resumed", gettext_lazy("back to the game")

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now)
    note = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["at", "id"]
        constraints = [length_at_most("note", 200, "session_event_note_length")]


# --- tournaments ------------------------------------------------------------------------------
# The money side of a tournament: entries, finishing places, the prize pool and payouts.
# Structures and the clock are the dealer app's; it passes the current level in as an int.


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

    def claim(self, version: int) -> bool:
        """Take the next version if the page's `version` is still current (else: stale)."""
        claimed = Tournament.objects.filter(pk=self.pk, version=version).update(version=version + 1)
        if claimed:
            self.version = version + 1
        return bool(claimed)

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
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="tournament_entries")
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
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="tournament_finishes")
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
