from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in, user_logged_out

        from accounts.models import forget_login, remember_login

        user_logged_in.connect(remember_login, dispatch_uid="pott-remember-login")
        user_logged_out.connect(forget_login, dispatch_uid="pott-forget-login")
