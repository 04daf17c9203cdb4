"""What the tournament's dealer side tells the ledger (registered by its family.py): its pages for
a tournament's page, and a roster merge (the clocks' seat maps name players by id)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from dealer.tournament.models import TournamentClock
from ledger.models import Player, Tournament


def tournament_links(tournament: Tournament | None) -> list[dict[str, object]]:
    """The dealer's pages of `tournament` for its page in the ledger: the clock (or setting one
    up), the remote, the TV display, the seat draw and the dealer tables playing it. With None:
    the saved structures, for the tournament list. (Registered in ledger's TOURNAMENT_LINKS.)"""
    if tournament is None:
        return [
            {
                "label": _("Saved structures"),
                "url": reverse("dealer:clock:structures"),
                "key": "structures",
                "new_window": False,
            }
        ]
    clock = TournamentClock.objects.filter(tournament=tournament).first()
    if clock is None:
        return [
            {
                "label": _("Set up the clock"),
                "url": reverse("dealer:clock:setup", args=[tournament.pk]),
                "key": "clock",
                "new_window": False,
            }
        ]
    links: list[dict[str, object]] = [
        {"label": label, "url": url, "key": key, "new_window": key == "tv"}
        for key, label, url in (
            ("remote", _("Clock remote"), reverse("dealer:clock:remote", args=[tournament.pk])),
            ("clock", _("Structure"), reverse("dealer:clock:setup", args=[tournament.pk])),
            (
                "tv",
                _("TV display"),
                reverse("dealer:clock:tv", args=[clock.display_token]),
            ),
            ("tables", _("Seat draw"), reverse("dealer:clock:tables", args=[tournament.pk])),
        )
    ]
    for table in clock.live_tables.order_by("pk"):
        links.append(
            {
                "label": table.name,
                "url": reverse("dealer:table", args=[table.pk]),
                "key": f"table-{table.pk}",
                "new_window": False,
            }
        )
    return links


def merge_clock_players(keep: Player, gone: Player) -> None:
    """Two roster entries of one person are merged: the clocks' seat maps name the kept one
    (MERGE_HOOKS; runs inside the merge's transaction)."""
    for clock in TournamentClock.objects.filter(tournament__host=keep.host_id):
        changed = False
        for table in clock.tables:
            for seat, pid in list(table.get("seats", {}).items()):
                if pid == gone.pk:
                    table["seats"][seat] = keep.pk
                    changed = True
        if changed:
            clock.save(update_fields=["tables"])
