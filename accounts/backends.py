"""Authentication backends."""

from __future__ import annotations

from typing import Any

from axes.backends import AxesStandaloneBackend
from django.http import HttpRequest


class LockoutBackend(AxesStandaloneBackend):
    """django-axes' lockout check, first of the backends: refuses a locked-out login, right
    password or not. A call without a request (a test's `Client.login`, a script) is not a login
    from anywhere, so there is no address to count by: it is left to the next backend."""

    def authenticate(self, request: HttpRequest | None, *args: Any, **kwargs: Any) -> None:
        if request is None:
            return None
        return super().authenticate(request, *args, **kwargs)
