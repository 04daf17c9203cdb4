from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DealerConfig(AppConfig):
    name = "dealer"
    verbose_name = _("Dealer")

    def ready(self) -> None:
        # The pure rules' refusals (dealer.engine.text.Msg) read in the request's language.
        from django.utils.translation import gettext, ngettext, pgettext

        from dealer.engine import text

        text.translate = gettext
        text.translate_plural = ngettext
        text.translate_in_context = pgettext

        # Every family registers itself (dealer/*/family.py) and tells the ledger what it asks
        # of the tables (ledger never imports dealer/).
        from dealer import families

        families.discover()

    @property
    def pure_modules(self) -> tuple[str, ...]:
        """The app's pure rules (no Django): every family's (tests/test_purity.py)."""
        from dealer import families

        return families.pure_modules()
