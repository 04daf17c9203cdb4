"""Authentication backends: the lockout check, then username and password."""

from __future__ import annotations

from typing import Any

from asgiref.sync import sync_to_async
from axes.backends import AxesStandaloneBackend
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.http import HttpRequest


class LockoutBackend(AxesStandaloneBackend):
    """django-axes' lockout check, first of the backends: refuses a locked-out login, right
    password or not. A call without a request (a test's `Client.login`, a script) is not a login
    from anywhere, so there is no address to count by: it is left to the next backend."""

    def authenticate(self, request: HttpRequest | None, *args: Any, **kwargs: Any) -> None:
        if request is None:
            return None
        return super().authenticate(request, *args, **kwargs)


class LoginBackend(ModelBackend):
    """Django's ModelBackend (username and password, permissions), except that the user of a
    session comes with their `LiveLogins` joined into the same query: checking that the
    session's login is still live costs no query of its own."""

    def get_user(self, user_id: Any) -> Any:
        users = get_user_model()._default_manager.select_related("live_logins")
        try:
            user = users.get(pk=user_id)
        except get_user_model().DoesNotExist:
            return None
        return user if self.user_can_authenticate(user) else None

    async def aget_user(self, user_id: Any) -> Any:
        return await sync_to_async(self.get_user)(user_id)
