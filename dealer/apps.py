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

        # What the ledger must ask of the tables (ledger never imports dealer/).
        from dealer.deluxe.ledger import deluxe_busy, deluxe_seats, merge_deluxe_players
        from dealer.dice.ledger import dice_busy, dice_seats, merge_dice_players
        from dealer.poker.ledger import (
            carried_pots,
            merge_hand_players,
            release_seats,
            session_busy,
            session_seats,
        )
        from dealer.tournament.ledger import merge_clock_players, tournament_links
        from ledger.models import (
            BUSY_CHECKS,
            MERGE_HOOKS,
            SEATED,
            SETTLE_HOOKS,
            TOURNAMENT_LINKS,
            UNOWNED,
        )

        for registry, hook in (
            (BUSY_CHECKS, session_busy),
            (MERGE_HOOKS, merge_hand_players),
            (MERGE_HOOKS, merge_clock_players),
            (SEATED, session_seats),
            (SETTLE_HOOKS, release_seats),
            (UNOWNED, carried_pots),
            (BUSY_CHECKS, deluxe_busy),
            (MERGE_HOOKS, merge_deluxe_players),
            (SEATED, deluxe_seats),
            (TOURNAMENT_LINKS, tournament_links),
            (BUSY_CHECKS, dice_busy),
            (MERGE_HOOKS, merge_dice_players),
            (SEATED, dice_seats),
        ):
            if hook not in registry:
                registry.append(hook)  # type: ignore[attr-defined]
