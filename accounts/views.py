"""Host accounts: creating the first host, the lockout page after too many failed logins, and
changing a password. Logging in and out are Django's views (config/urls.py)."""

from __future__ import annotations

import math
from typing import Any

from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_client_username, get_cool_off
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.views import PasswordChangeView
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from accounts.models import LOGIN_ID, LiveLogins, Lock

BACKEND = "accounts.backends.LoginBackend"


class LoginForm(AuthenticationForm):
    """Django's login form, with the username's length checked before anything is asked of the
    accounts (Django sets the field's max_length after building it, so it is not validated,
    and a 10,000-character username would reach the lockout records)."""

    def clean_username(self) -> str:
        username = self.cleaned_data["username"]
        if len(username) > self.username_field.max_length:
            raise ValidationError(
                self.error_messages["invalid_login"],
                code="invalid_login",
                params={"username": self.username_field.verbose_name},
            )
        return username


@require_http_methods(["GET", "POST"])
def setup(request: HttpRequest) -> HttpResponse:
    """Create the first host account. Only possible while Pott has no account at all."""
    users = get_user_model()._default_manager
    if users.exists():
        return redirect("login")
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        # Check and create in one transaction holding the setup lock: devices setting up at the
        # same moment take turns, and all but the first find an account and create none.
        with transaction.atomic():
            Lock.hold("setup")
            if users.exists():
                return redirect("login")
            user = form.save()
        login(request, user, backend=BACKEND)
        return redirect("home")
    return render(request, "accounts/setup.html", {"form": form})


def locked_out(
    request: HttpRequest, response: HttpResponse | None, credentials: dict[str, Any] | None
) -> HttpResponse:
    """The login page again (status 429), saying how long to wait: django-axes answers with this
    (AXES_LOCKOUT_CALLABLE) a login refused for too many failures from this address."""
    username = get_client_username(request, credentials) or ""
    minutes = _minutes_locked(request, credentials)
    lockout = ngettext(
        "Too many failed logins for this account from this address: try again in %(minutes)d "
        "minute.",
        "Too many failed logins for this account from this address: try again in %(minutes)d "
        "minutes.",
        minutes,
    ) % {"minutes": minutes}
    form = AuthenticationForm(request, initial={"username": username})
    context = {"form": form, "lockout": lockout, "next": request.POST.get("next", "")}
    return render(request, "registration/login.html", context, status=429)


def _minutes_locked(request: HttpRequest, credentials: dict[str, Any] | None) -> int:
    """Whole minutes, rounded up, until the cool-off after the last counted failure ends."""
    cool_off = get_cool_off(request)
    assert cool_off is not None, "AXES_COOLOFF_TIME is set: lockouts end"
    attempts = AxesProxyHandler.get_implementation().get_user_attempts(request, credentials)
    times = [a.aggregate(last=Max("attempt_time"))["last"] for a in attempts]
    last = max((t for t in times if t is not None), default=timezone.now())
    left = last + cool_off - timezone.now()
    return max(1, math.ceil(left.total_seconds() / 60))


class PasswordChange(PasswordChangeView):
    """Change the password (old one, new one twice, checked by the password validators). Every
    other login of this user ends; this one stays logged in."""

    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("home")

    def form_valid(self, form: Form) -> HttpResponse:
        # Saves the password and keeps this session's auth hash up to date
        # (update_session_auth_hash); Django then refuses the other sessions' old hash.
        response = super().form_valid(form)
        LiveLogins.end_all_but(self.request.user, self.request.session.get(LOGIN_ID))
        messages.success(
            self.request,
            _("Your password has been changed. Other devices that were logged in are logged out."),
        )
        return response
