"""Host accounts: the lock that lets exactly one first host in."""

from __future__ import annotations

from django.db import models, transaction
from django.utils.translation import gettext_lazy as _


class Lock(models.Model):
    """A row to lock: a transaction that holds `Lock.hold(name)` runs alone among those that
    hold the same name (PostgreSQL makes the others wait on the row; on SQLite, Pott's BEGIN
    IMMEDIATE transactions already run one writer at a time)."""

    name = models.CharField(_("name"), max_length=40, primary_key=True)

    class Meta:
        verbose_name = _("lock")
        verbose_name_plural = _("locks")

    def __str__(self) -> str:
        return self.name

    @classmethod
    def hold(cls, name: str) -> None:
        """Inside a transaction: wait for the lock `name` and keep it until the transaction ends.
        The row is created on first use (a concurrent creator waits for the first one, fails on
        the primary key, then locks the row it made)."""
        if not transaction.get_connection().in_atomic_block:
            raise RuntimeError("Lock.hold() only means something inside transaction.atomic()")
        cls.objects.select_for_update().get_or_create(name=name)
