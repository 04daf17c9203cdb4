"""The ledger: the host's players, cash-game sessions, and the chips bought and cashed out.

Ledger never imports dealer/. The live table records buy-ins and cash-outs through the methods
here. Chips are int; money is int in the currency's minor units.
"""

from __future__ import annotations

from fractions import Fraction

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Player(models.Model):
    """A person on the host's roster, across sessions."""

    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="players"
    )
    name = models.CharField(_("name"), max_length=80)
    nickname = models.CharField(_("nickname"), max_length=40, blank=True)
    payment_details = models.TextField(
        _("payment details"),
        blank=True,
        help_text=_("Free text: a phone number for a payment app, an IBAN."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["host", "name"], name="player_name_unique_per_host")
        ]

    def __str__(self) -> str:
        return self.nickname or self.name


class Session(models.Model):
    """A cash-game night: its currency, what a chip is worth, and its state."""

    class State(models.TextChoices):
        OPEN = "open", _("open")
        COUNTING = "counting", _("counting")
        SETTLED = "settled", _("settled")

    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sessions"
    )
    name = models.CharField(_("name"), max_length=80)
    currency = models.CharField(_("currency"), max_length=3, default="SEK")
    # Exchange rate as an exact fraction: `rate_minor` minor units buy `rate_chips` chips
    # (200 SEK for 1,000 chips: 20000 / 1000).
    rate_minor = models.PositiveIntegerField(_("money (minor units)"), default=100)
    rate_chips = models.PositiveIntegerField(_("chips"), default=1)
    state = models.CharField(max_length=10, choices=State.choices, default=State.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)

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

    def buy_in(
        self,
        player: Player,
        chips: int,
        *,
        method: str = "cash",
        kind: str = "buy_in",
        by: object | None = None,
    ) -> BuyIn:
        """Record chips bought by `player` (paid in cash to the bank, or on credit)."""
        return BuyIn.objects.create(
            session=self, player=player, chips=chips, method=method, kind=kind, recorded_by=by
        )

    def cash_out(self, player: Player, chips: int, *, by: object | None = None) -> CashOut:
        """Record chips a player leaves with."""
        return CashOut.objects.create(session=self, player=player, chips=chips, recorded_by=by)


class BuyIn(models.Model):
    """Chips sold to a player: a buy-in, a rebuy or a top-up; paid in cash or on credit."""

    class Method(models.TextChoices):
        CASH = "cash", _("cash")
        CREDIT = "credit", _("credit")

    class Kind(models.TextChoices):
        BUY_IN = "buy_in", _("buy-in")
        REBUY = "rebuy", _("rebuy")
        TOP_UP = "top_up", _("top-up")

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="buy_ins")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="buy_ins")
    chips = models.PositiveIntegerField(_("chips"))
    method = models.CharField(max_length=10, choices=Method.choices, default=Method.CASH)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.BUY_IN)
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
    chips = models.PositiveIntegerField(_("chips"))
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
