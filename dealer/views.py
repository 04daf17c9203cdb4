from __future__ import annotations

from django.contrib.auth import get_user_model, login
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """The front page: what Pott is; the first visit ever goes to creating the host account."""
    if not request.user.is_authenticated and not get_user_model().objects.exists():
        return redirect("setup")
    return render(request, "home.html")


@require_http_methods(["GET", "POST"])
def setup(request: HttpRequest) -> HttpResponse:
    """Create the first host account. Only possible while Pott has no account at all."""
    if get_user_model().objects.exists():
        return redirect("login")
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        return redirect("home")
    return render(request, "accounts/setup.html", {"form": form})
