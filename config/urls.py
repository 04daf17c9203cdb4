from __future__ import annotations

from django.contrib import admin
from django.urls import path

from dealer import views as dealer_views

urlpatterns = [
    path("", dealer_views.home, name="home"),
    path("admin/", admin.site.urls),
]
