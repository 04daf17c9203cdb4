"""Cash-game sessions: a night's currency, rate and chip set, the chips bought and cashed out,
the count, and who pays whom at the end (`Session.statement`, `Session.settle`).

The live table records buy-ins and cash-outs through `Session.buy_in` and `Session.cash_out`.
Chips are int; money is int in the currency's minor units; the arithmetic (exact fractions,
rounding once, fewest transfers) is in `ledger.settlement`, which is pure.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from config import limits
from config.bounds import MaxChips, MaxMoney, at_most, length_at_most
from config.network import new_token
from config.revision import STALE_PAGE, Stale
from config.text import isolate
from ledger import settlement
from ledger.models.hooks import BUSY_CHECKS, SEATED, SETTLE_HOOKS, UNOWNED
from ledger.settlement import Chip

if TYPE_CHECKING:
    from ledger.models.players import Player

# The roster sits above the nights: a player's merge moves their rows here, so this module
# names Player by its label ("ledger.Player"), as the tournaments do.

# The bank's key in balances: the host, holding the cash paid in (when no player is the banker).
BANK = 0

# No result or transfer of a night is larger (minor units); far inside the 64-bit columns.
MAX_SETTLED_MINOR = 10**15


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


class StaleSession(Stale, ValidationError):
    """The page that posted showed an older version of the session: Stale, and a
    ValidationError with the refusal text (the session's views show every refusal alike)."""


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
        "ledger.Player", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # Settlement options.
    through_bank = models.BooleanField(gettext_lazy("everything through the bank"), default=False)
    cash_step = models.PositiveIntegerField(
        gettext_lazy("round transfers to (minor units)"), default=0, validators=[MaxMoney()]
    )
    # How a difference between chips sold and counted is resolved, and who decided when.
    policy = models.CharField(max_length=10, choices=Policy.choices, default="", blank=True)
    policy_player = models.ForeignKey(
        "ledger.Player", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
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
    # The payers' phone link (/pay/<token>/): no login, shows the settlement's payment codes and
    # lets a payer mark their own transfer paid, nothing else.
    pay_token = models.CharField(max_length=40, unique=True, default=new_token)

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
            raise StaleSession(STALE_PAGE)
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
        player: Player | None,
        chips: int,
        *,
        new_name: str = "",
        method: str = "cash",
        kind: str = "buy_in",
        by: Any | None = None,
        counts: Mapping[str, int] | None = None,
        version: int | None = None,
    ) -> BuyIn:
        """Record chips bought by `player` (paid in cash to the bank, or on credit); None: a
        new player named `new_name` joins the host's roster with it (a refused buy-in adds
        nobody).

        Allowed while the game is played and while counting (a forgotten rebuy found at the
        count), never in a settled session."""
        chips = self._check_counts(chips, counts)
        if chips <= 0:
            raise ValidationError(_("A buy-in must be at least one chip."))
        with transaction.atomic():
            self.hold(self.State.OPEN, self.State.COUNTING, version=version)
            if player is None:
                # By the buy-in's relation: players.py imports this module, not the reverse.
                roster = BuyIn._meta.get_field("player").related_model
                player = roster.objects.create(host_id=self.host_id, name=new_name)
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

    def unowned(self) -> list[tuple[str, int]]:
        """(table, chips) for chips at this session's tables in nobody's stack (UNOWNED)."""
        return [entry for entries in UNOWNED for entry in entries(self)]

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
        unfinished = self.tournaments.unfinished().first()
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
    player = models.ForeignKey("ledger.Player", on_delete=models.PROTECT, related_name="buy_ins")
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
    player = models.ForeignKey("ledger.Player", on_delete=models.PROTECT, related_name="cash_outs")
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
    player = models.ForeignKey("ledger.Player", on_delete=models.CASCADE, related_name="results")
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
        "ledger.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="payments"
    )
    payee = models.ForeignKey(
        "ledger.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="receipts"
    )
    amount = models.BigIntegerField()
    # Transfers with the same group settle a set of players whose balances cancel out.
    group = models.PositiveSmallIntegerField(default=0)
    paid_at = models.DateTimeField(null=True, blank=True)
    paid_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # Marked paid by the payer on their phone (the session's pay link), not by the host.
    paid_by_payer = models.BooleanField(default=False)
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
        self.paid_by_payer = False
        updated = Transfer.objects.filter(pk=self.pk, carried_to__isnull=True).update(
            paid_at=self.paid_at, paid_by=self.paid_by, paid_by_payer=False
        )
        if not updated:
            raise ValidationError(
                _("This transfer was withdrawn or carried over: here is the session as it is.")
            )

    @transaction.atomic
    def mark_paid_by_payer(self) -> None:
        """The payer says they paid (on their phone, by the session's pay link). Only while the
        session is settled and the transfer unpaid: a tap on a transfer already marked paid
        (by the host or another tap) or withdrawn by a reopen changes nothing. Only the host
        undoes it (Transfer.mark_paid with paid=False)."""
        try:
            self.session.hold(Session.State.SETTLED)
        except ValidationError:
            raise ValidationError(
                _(
                    "The host reopened this night: there is nothing to pay until it is "
                    "settled again."
                )
            ) from None
        updated = Transfer.objects.filter(
            pk=self.pk, carried_to__isnull=True, paid_at__isnull=True
        ).update(paid_at=timezone.now(), paid_by=None, paid_by_payer=True)
        if not updated:
            current = Transfer.objects.filter(pk=self.pk).first()
            if current is None:
                raise ValidationError(
                    _("The host changed the settlement: this transfer no longer exists.")
                )
            if current.carried_to_id is not None:
                raise ValidationError(_("This debt was carried over into a later session."))
            raise ValidationError(_("This transfer is already marked paid: nothing changed."))
        self.refresh_from_db()


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
