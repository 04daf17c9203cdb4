"""The tournament family: the clock, its structures and seat draw (dealer/tournament/), on the
pure clock and structure rules; its tables are poker tables."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from dealer.families import Family, LedgerHooks, register
from dealer.tournament.ledger import merge_clock_players, tournament_links

FAMILY = register(
    Family(
        name="tournament",
        label=_("Tournaments"),
        pure=("dealer.engine.clock", "dealer.engine.structure"),
        ledger=LedgerHooks(merge=merge_clock_players, tournament_links=tournament_links),
        new_url="ledger:tournament_list",
        url_prefix="tournaments/",
    )
)
