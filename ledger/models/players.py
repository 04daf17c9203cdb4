"""The host's roster: a player across sessions and tournaments, and merging two entries of the
same person.

The roster sits above the nights and the tournaments (a merge moves a person's rows in both):
this module imports them, and they name Player by its label ("ledger.Player").
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.db import models, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from config import limits
from config.bounds import length_at_most
from config.text import isolate, name_key
from ledger.models.hooks import MERGE_HOOKS
from ledger.models.sessions import CashOut, Result, Session
from ledger.models.tournaments import Tournament


class PlayerQuerySet(models.QuerySet["Player"]):
    def named(self, host: Any, name: str) -> Player | None:
        """The host's player called `name`, however it is capitalised or spaced (`name_key`),
        or None: the one rule of every form that takes "a roster player or a new name"."""
        return self.filter(host=host, name_key=name_key(name)).first()


class Player(models.Model):
    """A person on the host's roster, across sessions."""

    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="players"
    )
    name = models.CharField(gettext_lazy("name"), max_length=limits.MAX_NAME)
    # The name as the roster compares it (config.text.name_key), kept by save(): one per host.
    name_key = models.CharField(max_length=3 * limits.MAX_NAME, editable=False)
    nickname = models.CharField(
        gettext_lazy("nickname"), max_length=limits.MAX_NICKNAME, blank=True
    )
    payment_details = models.TextField(
        gettext_lazy("payment details"),
        blank=True,
        max_length=limits.MAX_PAYMENT_DETAILS,
        help_text=gettext_lazy("Free text: a phone number for a payment app, an IBAN."),
    )
    # Structured details, checked where they are typed (ledger.payment): the settlement's
    # payment codes are made from these (Swish for SEK, a SEPA transfer for EUR).
    swish = models.CharField(
        gettext_lazy("Swish number"),
        max_length=10,
        blank=True,
        help_text=gettext_lazy("A Swedish mobile number (070-123 45 67) or a 123 number."),
    )
    iban = models.CharField(
        gettext_lazy("IBAN"),
        max_length=34,
        blank=True,
        help_text=gettext_lazy("For SEPA transfers in euros: DE89 3704 0044 0532 0130 00."),
    )
    bic = models.CharField(
        gettext_lazy("BIC"),
        max_length=11,
        blank=True,
        help_text=gettext_lazy("The bank's BIC (SWIFT code), if the bank needs it."),
    )
    pay_link = models.URLField(
        gettext_lazy("payment link"),
        max_length=limits.MAX_PAY_LINK,
        blank=True,
        validators=[URLValidator(schemes=["http", "https"])],
        help_text=gettext_lazy("A link to pay this player (https://…), shown to payers."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["host", "name_key"], name="player_name_key_unique_per_host"
            ),
            length_at_most("name", limits.MAX_NAME, "player_name_length"),
            length_at_most("nickname", limits.MAX_NICKNAME, "player_nickname_length"),
            length_at_most(
                "payment_details", limits.MAX_PAYMENT_DETAILS, "player_payment_details_length"
            ),
            length_at_most("swish", 10, "player_swish_length"),
            length_at_most("iban", 34, "player_iban_length"),
            length_at_most("bic", 11, "player_bic_length"),
            length_at_most("pay_link", limits.MAX_PAY_LINK, "player_pay_link_length"),
        ]

    def __str__(self) -> str:
        # How a player appears in a sentence: the name isolated (config/text.py).
        return isolate(self.nickname or self.name)

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.name_key = name_key(self.name)
        fields = kwargs.get("update_fields")
        if fields is not None and "name" in fields:
            kwargs["update_fields"] = {*fields, "name_key"}
        super().save(*args, **kwargs)

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
        for name in ("nickname", "payment_details", "swish", "pay_link"):
            if not getattr(self, name):
                setattr(self, name, getattr(other, name))
        if not self.iban:  # an IBAN and its BIC belong together
            self.iban, self.bic = other.iban, other.bic
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


def _references(model: type[models.Model]) -> list[Any]:
    """Every foreign key to `model` in any app, those without a reverse name (related_name
    "+": a session's banker, who takes the difference) included."""
    return [
        f
        for f in model._meta.get_fields(include_hidden=True)
        if f.auto_created and not f.concrete and f.one_to_many
    ]
