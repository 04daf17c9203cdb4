from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DealerConfig(AppConfig):
    name = "dealer"
    verbose_name = _("Dealer")
