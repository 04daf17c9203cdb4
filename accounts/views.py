"""Host accounts: creating the first host. Logging in and out are Django's views
(config/urls.py)."""

from __future__ import annotations

from django.contrib.auth import get_user_model, login
from django.contrib.auth.forms import UserCreationForm
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from accounts.models import Lock


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
        login(request, user)
        return redirect("home")
    return render(request, "accounts/setup.html", {"form": form})
