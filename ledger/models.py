"""The ledger: the host's players, cash-game sessions, the chips bought and cashed out, and who
pays whom at the end.

Ledger never imports dealer/. The live table records buy-ins and cash-outs through
`Session.buy_in` and `Session.cash_out`. Chips are int; money is int in the currency's minor
units; the arithmetic (exact fractions, rounding once, fewest transfers) is in
`ledger.settlement`, which is pure.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from ledger import settlement
from ledger.settlement import Chip

# The bank's key in balances: the host, holding the cash paid in (when no player is the banker).
BANK = 0


class Player(models.Model):
    """A person on the host's roster, across sessions."""

    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="players"
    )
    name = models.CharField(gettext_lazy("name"), max_length=80)
    nickname = models.CharField(gettext_lazy("nickname"), max_length=40, blank=True)
    payment_details = models.TextField(
        gettext_lazy("payment details"),
        blank=True,
        help_text=gettext_lazy("Free text: a phone number for a payment app, an IBAN."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["host", "name"], name="player_name_unique_per_host")
        ]

    def __str__(self) -> str:
        return self.nickname or self.name

    @transaction.atomic
    def merge(self, other: Player) -> None:
        """Fold `other` (the same person entered twice) into this player and delete it.

        Everything that points at `other` — buy-ins, cash-outs, transfers, and any other app's
        rows (seats at a table) — is moved here, in one transaction. Empty fields are filled in
        from `other`.
        """
        if other.pk == self.pk or other.host_id != self.host_id:
            raise ValidationError(_("Choose another player of yours to merge."))
        # One result per player and session: add up the nights both entries played.
        for result in Result.objects.filter(player=other, session__results__player=self):
            Result.objects.filter(player=self, session=result.session).update(
                amount=models.F("amount") + result.amount,
                bought=models.F("bought") + result.bought,
                counted=models.F("counted") + result.counted,
            )
            result.delete()
        for relation in Player._meta.related_objects:
            if relation.many_to_many or relation.one_to_one:
                continue
            relation.related_model._base_manager.filter(**{relation.field.name: other}).update(
                **{relation.field.name: self}
            )
        for name in ("nickname", "payment_details"):
            if not getattr(self, name):
                setattr(self, name, getattr(other, name))
        other.delete()
        self.save()

    def history(self) -> models.QuerySet[Result]:
        """This player's results in settled sessions, oldest first."""
        return self.results.filter(session__state=Session.State.SETTLED).select_related("session")


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
    rate_minor = models.PositiveIntegerField(gettext_lazy("money (minor units)"), default=100)
    rate_chips = models.PositiveIntegerField(gettext_lazy("chips"), default=1)
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
        gettext_lazy("round transfers to (minor units)"), default=0
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

    objects = SessionQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(condition=models.Q(rate_minor__gt=0), name="rate_minor_pos"),
            models.CheckConstraint(condition=models.Q(rate_chips__gt=0), name="rate_chips_pos"),
        ]

    def __str__(self) -> str:
        return self.name

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

    def _check_open(self) -> None:
        if self.is_locked:
            raise ValidationError(_("This session is settled: reopen it to change it."))

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
    ) -> BuyIn:
        """Record chips bought by `player` (paid in cash to the bank, or on credit)."""
        self._check_open()
        chips = self._check_counts(chips, counts)
        if chips <= 0:
            raise ValidationError(_("A buy-in must be at least one chip."))
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
        replace: bool = False,
    ) -> CashOut:
        """Record chips a player leaves with: a total, or a count per colour (`counts`).

        With `replace`, this count replaces the player's earlier cash-outs in this session
        (the host's final count of everything they have).
        """
        self._check_open()
        chips = self._check_counts(chips, counts)
        with transaction.atomic():
            if replace:
                self.cash_outs.filter(player=player).delete()
            return CashOut.objects.create(
                session=self, player=player, chips=chips, recorded_by=by, counts=dict(counts or {})
            )

    def counted_chips(self, player: Player) -> int | None:
        """What the count form starts with: cash-outs so far plus chips still at a live table."""
        total = sum(c.chips for c in self.cash_outs.all() if c.player_id == player.pk)
        seated = 0
        tables = getattr(self, "tables", None)  # the dealer app's tables, when it has them
        if tables is not None:
            for table in tables.all():
                for seat in table.seats.filter(player=player):
                    seated += getattr(seat, "stack", 0)
        if not total and not seated and not self.cash_outs.filter(player=player).exists():
            return None
        return total + seated

    # --- state ----------------------------------------------------------------------------

    def start_counting(self, *, by: Any) -> None:
        self._check_open()
        self.state = self.State.COUNTING
        self.save(update_fields=["state"])
        self.events.create(kind=SessionEvent.Kind.COUNTING, by=by)

    def decide(self, policy: str, *, by: Any, player: Player | None = None) -> None:
        """Record how the difference between chips sold and counted is resolved."""
        self._check_open()
        if policy == self.Policy.PLAYER and player is None:
            raise ValidationError(_("Choose the player who takes the difference."))
        self.policy = policy
        self.policy_player = player if policy == self.Policy.PLAYER else None
        self.policy_by = by
        self.policy_at = timezone.now()
        self.save(update_fields=["policy", "policy_player", "policy_by", "policy_at"])
        self.events.create(kind=SessionEvent.Kind.POLICY, by=by, note=self.get_policy_display())

    @transaction.atomic
    def settle(self, *, by: Any) -> Statement:
        """Lock the session and record who pays whom. Refused while a difference is undecided."""
        locked = Session.objects.select_for_update().get(pk=self.pk)
        if locked.state == self.State.SETTLED:
            raise ValidationError(_("This session is already settled."))
        statement = self.statement()
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
        self.state = self.State.SETTLED
        self.settled_at = timezone.now()
        self.save(update_fields=["state", "settled_at"])
        self.events.create(kind=SessionEvent.Kind.SETTLED, by=by)
        return statement

    @transaction.atomic
    def reopen(self, *, by: Any) -> None:
        """Unlock a settled session for corrections; its transfers and results are withdrawn.

        Debts carried into it become open again. The audit log keeps who reopened it and when.
        """
        if self.state != self.State.SETTLED:
            raise ValidationError(_("Only a settled session can be reopened."))
        paid = self.transfers.filter(paid_at__isnull=False).count()
        Transfer.objects.filter(carried_to=self).update(carried_to=None)
        self.transfers.all().delete()
        self.results.all().delete()
        self.state = self.State.COUNTING
        self.settled_at = None
        self.save(update_fields=["state", "settled_at"])
        note = _("%(paid)s transfers had been marked paid.") % {"paid": paid} if paid else ""
        self.events.create(kind=SessionEvent.Kind.REOPENED, by=by, note=note)

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
            for colour, n in c.counts.items():
                r.counts[colour] = r.counts.get(colour, 0) + n
        ordered = sorted(rows.values(), key=lambda r: (r.player.name.lower(), r.player.pk))

        sold = sum(r.bought for r in ordered)
        counted = sum(r.counted for r in ordered)
        st = Statement(session=self, rows=ordered, sold=sold, counted=counted)
        st.by_colour = self._difference_by_colour(buy_ins, cash_outs)

        # Exact results, then the difference spread by the policy.
        exact: dict[int, Fraction] = {
            r.player.pk: self.value(r.counted - r.bought) for r in ordered
        }
        exact[BANK] = Fraction(0)
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
            r.cash_paid = round(self.value(r.cash_chips))
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
    counts: dict[str, int] = field(default_factory=dict)
    adjustment: Fraction = Fraction(0)
    result: int = 0
    cash_paid: int = 0
    carried: int = 0

    @property
    def chips_won(self) -> int:
        return self.counted - self.bought


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
        if not key:
            return _("the bank")
        return self.names.get(key) or _("the bank")

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
    chips = models.PositiveIntegerField(gettext_lazy("chips"))
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
            models.CheckConstraint(condition=models.Q(chips__gt=0), name="buy_in_chips_positive")
        ]


class CashOut(models.Model):
    """Chips a player leaves with (counted at the end, or when leaving a table)."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="cash_outs")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="cash_outs")
    chips = models.PositiveIntegerField(gettext_lazy("chips"))
    # Chips per colour, when counted by colour.
    counts = models.JSONField(default=dict, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]


class Result(models.Model):
    """A player's result in a settled session, in minor units (results of a session sum to
    zero, less what the host absorbed)."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="results")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="results")
    amount = models.BigIntegerField()
    bought = models.PositiveIntegerField(default=0)
    counted = models.PositiveIntegerField(default=0)

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

    def mark_paid(self, *, by: Any, paid: bool = True) -> None:
        if self.carried_to_id is not None:
            raise ValidationError(_("This debt was carried over into a later session."))
        self.paid_at = timezone.now() if paid else None
        self.paid_by = by if paid else None
        self.save(update_fields=["paid_at", "paid_by"])


class SessionEvent(models.Model):
    """The session's audit log: state changes and decisions, who made them and when."""

    class Kind(models.TextChoices):
        COUNTING = "counting", gettext_lazy("counting started")
        POLICY = "policy", gettext_lazy("difference resolved")
        SETTLED = "settled", gettext_lazy("settled")
        REOPENED = "reopened", gettext_lazy("reopened")

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now)
    note = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["at", "id"]


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
    name = models.CharField(gettext_lazy("name"), max_length=80)
    currency = models.CharField(gettext_lazy("currency"), max_length=3, default="SEK")
    buy_in = models.PositiveIntegerField(gettext_lazy("buy-in (minor units)"))
    starting_chips = models.PositiveIntegerField(gettext_lazy("starting chips"))
    # Money to the host per entry (buy-in or re-entry), taken out of the pool.
    fee = models.PositiveIntegerField(gettext_lazy("fee per entry (minor units)"), default=0)
    re_entry = models.BooleanField(gettext_lazy("re-entry allowed"), default=False)
    rebuy_until_level = models.PositiveSmallIntegerField(
        gettext_lazy("rebuys until level"), default=0
    )
    rebuy_price = models.PositiveIntegerField(gettext_lazy("rebuy price (minor units)"), default=0)
    rebuy_chips = models.PositiveIntegerField(gettext_lazy("rebuy chips"), default=0)
    add_on_level = models.PositiveSmallIntegerField(gettext_lazy("add-on at level"), default=0)
    add_on_price = models.PositiveIntegerField(
        gettext_lazy("add-on price (minor units)"), default=0
    )
    add_on_chips = models.PositiveIntegerField(gettext_lazy("add-on chips"), default=0)
    # 0: entries only before the start.
    late_until_level = models.PositiveSmallIntegerField(
        gettext_lazy("late registration until level"), default=0
    )
    # [{"min": 2, "max": 6, "percents": [65, 35]}, …]; empty means prizes.DEFAULT_TABLE.
    payout_table = models.JSONField(gettext_lazy("payout table"), default=list, blank=True)
    # Prizes are rounded to multiples of this (minor units; 1000 = 10 kr); 0 or 1: exact.
    payout_unit = models.PositiveIntegerField(gettext_lazy("round prizes to"), default=0)
    # An agreed deal: {"<player pk>": amount} for the players left when it was made.
    deal = models.JSONField(default=dict, blank=True)
    state = models.CharField(max_length=12, choices=State.choices, default=State.REGISTERING)
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
        ]

    def __str__(self) -> str:
        return self.name


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
    money = models.PositiveIntegerField(gettext_lazy("money (minor units)"))
    chips = models.PositiveIntegerField(gettext_lazy("chips"))
    # Cash to the bank, or on credit (settled with the night).
    method = models.CharField(max_length=10, choices=BuyIn.Method.choices, default="cash")
    # The clock's level when it was recorded (0: before the start).
    level = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name_plural = "entries"


class Finish(models.Model):
    """Where an entry finished. Busted on the same hand (`hand`), the larger `starting_stack`
    (at the start of that hand) finishes higher; equal stacks tie and share the places' prizes."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="finishes")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="tournament_finishes")
    place = models.PositiveSmallIntegerField()
    # Bust-outs recorded together (one hand) share a number; undo removes the last one.
    hand = models.PositiveIntegerField(default=0)
    starting_stack = models.PositiveIntegerField(null=True, blank=True)
    busted_at = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["place"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "place"], name="one_finish_per_place"),
            models.CheckConstraint(condition=models.Q(place__gte=1), name="finish_place_pos"),
        ]
