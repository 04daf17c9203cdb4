"""Authentication that treats a session whose login has ended as logged out."""

from __future__ import annotations

from functools import partial
from typing import Any

from asgiref.sync import sync_to_async
from django.contrib import auth
from django.contrib.auth.middleware import AuthenticationMiddleware as DjangoAuthMiddleware
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from accounts.models import LOGIN_ID, LiveLogins


def get_user(request: HttpRequest) -> Any:
    """The session's user, as Django finds it, unless the session's login has ended (logged
    out, or ended by a password change elsewhere): then the session is emptied, its cookie
    deleted, and the request is anonymous. Evaluated lazily, once per request, like Django's."""
    if not hasattr(request, "_cached_user"):
        user = auth.get_user(request)
        if user.is_authenticated and not LiveLogins.is_live(user, request.session.get(LOGIN_ID)):
            request.session.flush()
            user = AnonymousUser()
        request._cached_user = user  # type: ignore[attr-defined]
    return request._cached_user  # type: ignore[attr-defined]


async def auser(request: HttpRequest) -> Any:
    return await sync_to_async(get_user)(request)


class AuthenticationMiddleware(DjangoAuthMiddleware):
    """Django's AuthenticationMiddleware with `get_user` above."""

    def process_request(self, request: HttpRequest) -> None:
        super().process_request(request)
        request.user = SimpleLazyObject(lambda: get_user(request))
        request.auser = partial(auser, request)  # type: ignore[attr-defined]
