from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DealerConfig(AppConfig):
    name = "dealer"
    verbose_name = _("Dealer")

    def ready(self) -> None:
        # What the ledger must ask of the tables (ledger never imports dealer/).
        from dealer.models import merge_hand_players, session_busy
        from ledger.models import BUSY_CHECKS, MERGE_HOOKS

        if session_busy not in BUSY_CHECKS:
            BUSY_CHECKS.append(session_busy)
        if merge_hand_players not in MERGE_HOOKS:
            MERGE_HOOKS.append(merge_hand_players)
