"""Host accounts: which logins are still live, and the lock that lets one first host in.

Sessions live in signed cookies, so the server keeps no session to delete at logout: a cookie
copied before it would still work for two weeks. Each login therefore gets an id, kept both in
its session and in the user's `LiveLogins`; a session whose id is not there any more is logged
out (`accounts.middleware`). The record comes in the same query as the user
(`accounts.backends.LoginBackend`), so checking it costs no query.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import models, transaction
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

# The session key that holds the login's id.
LOGIN_ID = "_pott_login"
# More logins than this (phones, tablets, browsers) and the oldest is logged out.
MAX_LIVE_LOGINS = 50


class LiveLogins(models.Model):
    """The ids of a user's logins that have not logged out (nor expired, nor been ended by a
    password change)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="live_logins",
        verbose_name=_("user"),
    )
    # Login id -> when it logged in (Unix seconds), to drop ids whose cookie has expired.
    ids = models.JSONField(_("login ids"), default=dict)

    class Meta:
        verbose_name = _("live logins")
        verbose_name_plural = _("live logins")

    def __str__(self) -> str:
        return str(self.user)

    @staticmethod
    def is_live(user: Any, login_id: str | None) -> bool:
        """Whether `login_id` is one of `user`'s live logins. No query when the user was loaded
        with select_related("live_logins") (LoginBackend does)."""
        try:
            record = user.live_logins
        except LiveLogins.DoesNotExist:
            return False
        return login_id is not None and login_id in record.ids

    @classmethod
    def start(cls, user: AbstractBaseUser, *, replacing: str | None = None) -> str:
        """Record a new login of `user` (and end the login `replacing`); return its id."""
        login_id = secrets.token_urlsafe(12)
        now = int(timezone.now().timestamp())
        with transaction.atomic():
            # Two devices logging in at once: the row lock makes one wait for the other.
            record, _created = cls.objects.select_for_update().get_or_create(user=user)
            expired = now - settings.SESSION_COOKIE_AGE
            ids = {i: at for i, at in record.ids.items() if at > expired and i != replacing}
            ids[login_id] = now
            newest = sorted(ids.items(), key=lambda item: item[1])[-MAX_LIVE_LOGINS:]
            record.ids = dict(newest)
            record.save(update_fields=["ids"])
        return login_id

    @classmethod
    def end(cls, user: AbstractBaseUser, login_id: str | None) -> None:
        """End one login of `user`: its session, and every copy of its cookie, is logged out."""
        with transaction.atomic():
            record = cls.objects.select_for_update().filter(user=user).first()
            if record is not None and login_id in record.ids:
                del record.ids[login_id]
                record.save(update_fields=["ids"])

    @classmethod
    def end_all_but(cls, user: AbstractBaseUser, login_id: str | None) -> None:
        """End every login of `user` except `login_id` (after a password change)."""
        with transaction.atomic():
            record = cls.objects.select_for_update().filter(user=user).first()
            if record is not None:
                record.ids = {i: at for i, at in record.ids.items() if i == login_id}
                record.save(update_fields=["ids"])


def remember_login(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """On every login (the login page, the admin's, the first-visit setup, tests' force_login):
    give the session a new login id. A new login on a browser already logged in as the same user
    ends that browser's old login, so a cookie copied before it stops working."""
    session = getattr(request, "session", None)
    if session is not None:
        session[LOGIN_ID] = LiveLogins.start(user, replacing=session.get(LOGIN_ID))


def forget_login(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """On logout: end this session's login; the user's other devices stay logged in."""
    session = getattr(request, "session", None)
    if user is not None and session is not None:
        LiveLogins.end(user, session.get(LOGIN_ID))


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
