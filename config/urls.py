from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

import config.converters  # noqa: F401 - registers <token:…> before the apps' URLconfs
from accounts import views as accounts_views
from config import app
from dealer import home

urlpatterns = [
    path("", home.home, name="home"),
    path("manifest.webmanifest", app.manifest, name="manifest"),
    path("favicon.ico", app.favicon, name="favicon"),
    path("setup/", accounts_views.setup, name="setup"),
    path(
        "login/",
        auth_views.LoginView.as_view(authentication_form=accounts_views.LoginForm),
        name="login",
    ),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password/", accounts_views.PasswordChange.as_view(), name="password_change"),
    path("", include("dealer.urls")),
    path("", include("ledger.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
