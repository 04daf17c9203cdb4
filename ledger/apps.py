from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LedgerConfig(AppConfig):
    name = "ledger"
    verbose_name = _("Ledger")
    # The pure money rules (no Django): tests/test_purity.py imports each alone.
    pure_modules = ("ledger.settlement", "ledger.prizes", "ledger.payment")
