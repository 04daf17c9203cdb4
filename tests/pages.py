"""Every kind of page Pott serves, rendered with data in it: for the tests that scan whole pages
(no inline script or style under the Content-Security-Policy; every name isolated)."""

from __future__ import annotations

import re
import unicodedata
from html.parser import HTMLParser
from typing import Any

from django.test import Client

from dealer.engine.structure import structure_to_dict
from dealer.tournament.models import TournamentClock
from ledger.models import Player, Session, Tournament
from tests.dealer.conftest import HTMX, Tablet, make_table, sit
from tests.dealer.tournament.test_tournament_views import quick_structure


def every_page(
    client: Client, host: Any, names: tuple[str, str, str], place: str
) -> dict[str, str]:
    """The pages a host, a TV and a phone see in an evening, as HTML by a label for each.

    `names` are the three players' names; `place` is the name of the table, the sessions and
    the tournament. `client` is logged in as `host` on return.
    """
    pages: dict[str, str] = {}

    def get(label: str, url: str, who: Client = client, htmx: bool = False) -> None:
        response = who.get(url, headers=HTMX if htmx else {})
        assert response.status_code == 200, (label, url, response.status_code)
        pages[label] = response.content.decode()

    anonymous = Client()
    get("login", "/login/", anonymous)
    get("calculator", "/side-pots/", anonymous)
    calculator = {"rows": "3", "unit": "", "chip_values": "", "step": "pots"}
    for i, (name, chips) in enumerate(zip(names, (60, 60, 30), strict=True)):
        calculator |= {f"p{i}-name": name, f"p{i}-chips": str(chips)}
    response = anonymous.post("/side-pots/", calculator, headers=HTMX)
    pages["calculator pots"] = response.content.decode()
    won = calculator | {"step": "payout", "win-0": "0", "win-1": "1"}
    response = anonymous.post("/side-pots/", won, headers=HTMX)
    pages["calculator payouts"] = response.content.decode()

    client.force_login(host)
    table = make_table(host, name=place)
    for number, name in zip((1, 3, 5), names, strict=True):
        sit(table, number, name)
    tablet = Tablet(client, table)
    token = table.display_token
    get("home", "/")
    get("new table", "/tables/new/")
    get("table before the first hand", f"/tables/{table.pk}/")
    get("change or close a table", f"/tables/{table.pk}/edit/")
    get("move a player", f"/tables/{table.pk}/move/")
    # A hand to the end: a result with payouts, a history, a next-hand plan.
    tablet.start()
    tablet.to_showdown()
    tablet.award(1, 3, 5)
    # A rebuy posted without htmx: a redirect, and a message with the name on the next page.
    client.post(
        f"/tables/{table.pk}/seats/3/chips/rebuy/",
        {"version": tablet.version, "chips": 100, **tablet.seat_fields("seats/3/")},
    )
    get("table after a hand, with a message", f"/tables/{table.pk}/")
    get("table poll (htmx)", f"/tables/{table.pk}/poll/?v=0", htmx=True)
    get("display between hands", f"/d/{token}/")
    get("hand history", f"/tables/{table.pk}/hands/1/")
    get("hand list", f"/tables/{table.pk}/hands/")
    get("rules", f"/tables/{table.pk}/rules/")
    tablet.start()
    get("table in a hand", f"/tables/{table.pk}/")
    get("display in a hand", f"/d/{token}/")
    get("phone in a hand", f"/p/{token}/")
    get("display poll (htmx)", f"/d/{token}/poll/?v=0", anonymous, htmx=True)

    night = a_settled_night(client, host, names, place)
    get("session list", "/ledger/sessions/")
    get("session, settled", f"/ledger/sessions/{night.pk}/")
    get("session, printable", f"/ledger/sessions/{night.pk}/print/")
    get("session of the table, open", f"/ledger/sessions/{table.session.pk}/")
    get("history", "/ledger/history/")
    get("players", "/ledger/players/")
    get("player", f"/ledger/players/{Player.objects.get(host=host, name=names[0]).pk}/")

    tournament = a_tournament(client, host, names, place)
    get("tournament list", "/tournaments/")
    get("tournament", f"/tournaments/{tournament.pk}/")
    stacks = {f"stack_{p.pk}": "1500" for p in tournament.alive()}
    response = client.post(f"/tournaments/{tournament.pk}/deal/", stacks, headers=HTMX)
    pages["tournament deal offer (htmx)"] = response.content.decode()
    clock = TournamentClock.objects.get(tournament=tournament)
    get("clock list", "/tournaments/structures/")
    get("clock setup", f"/tournaments/{tournament.pk}/clock/")
    get("clock remote", f"/tournaments/{tournament.pk}/remote/")
    get("clock tables", f"/tournaments/{tournament.pk}/tables/")
    get("clock TV", f"/tournaments/tv/{clock.display_token}/", anonymous)
    return pages


def a_settled_night(client: Client, host: Any, names: tuple[str, str, str], place: str) -> Session:
    """A cash game of its own, bought in on credit: the first player wins 150, the others lose 50
    and 100; settled, so there are transfers between them, results, a history and a chart."""
    night = Session.objects.create(
        host=host, name=place, currency="SEK", rate_minor=20000, rate_chips=200
    )
    players = [Player.objects.get_or_create(host=host, name=name)[0] for name in names]
    for player in players:
        night.buy_in(player, 200, method="credit", by=host)
    counts = {f"chips_{p.pk}": n for p, n in zip(players, (350, 150, 100), strict=True)}
    client.post(f"/ledger/sessions/{night.pk}/count/", counts)
    client.post(f"/ledger/sessions/{night.pk}/settle/")
    night.refresh_from_db()
    assert night.state == Session.State.SETTLED, night.state
    return night


def a_tournament(client: Client, host: Any, names: tuple[str, str, str], place: str) -> Tournament:
    """A running tournament of the three and five more; the third player and one more are out.
    Its clock has two tables of five seats, with five players and one: a move to suggest."""
    tournament = Tournament.objects.create(
        host=host, name=place, buy_in=20000, fee=2000, starting_chips=1500, payout_unit=1000
    )
    players = [Player.objects.get_or_create(host=host, name=name)[0] for name in names]
    players += [Player.objects.get_or_create(host=host, name=f"P{n}")[0] for n in (4, 5, 6, 7, 8)]
    for player in players:
        tournament.register(player)
    tournament.start()
    tournament.bust({players[-1]: None})
    tournament.bust({players[2]: None})
    clock = TournamentClock.objects.create(
        tournament=tournament, data=structure_to_dict(quick_structure())
    )
    seated = [players[0], players[1], players[3], players[4], players[5]]
    clock.tables = [
        {"name": f"{place} 1", "max_seats": 5, "big_blind": 1,
         "seats": {str(n): p.pk for n, p in enumerate(seated, start=1)}},
        {"name": f"{place} 2", "max_seats": 5, "big_blind": None, "seats": {"3": players[6].pk}},
    ]  # fmt: skip
    clock.save()
    return tournament


# --- what the scans look for ------------------------------------------------------------------

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}  # fmt: skip
# Attribute values a Content-Security-Policy without 'unsafe-eval' cannot run: htmx evaluates
# `js:`/`javascript:` in hx-vals and hx-vars, and a [condition] in hx-trigger.
EVAL_PREFIXES = ("js:", "javascript:")


class _Elements(HTMLParser):
    """Calls `visit(tag, attrs, open_tags)` for each element and `text(data, open_tags)` for each
    run of text, where `open_tags` lists the elements the text is in (as (tag, attrs))."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        self.visit(tag, attributes)
        if tag not in VOID:
            self.open.append((tag, attributes))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.visit(tag, dict(attrs))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.open) - 1, -1, -1):
            if self.open[i][0] == tag:
                del self.open[i:]
                break

    def handle_data(self, data: str) -> None:
        self.text(data)

    def visit(self, tag: str, attrs: dict[str, str | None]) -> None:
        pass

    def text(self, data: str) -> None:
        pass


def _data_block(attrs: dict[str, str | None]) -> bool:
    """A `<script type="application/json">` (Django's json_script) is data the browser never
    runs: the Content-Security-Policy lets it be."""
    return (attrs.get("type") or "").strip().lower() == "application/json"


class _InlineCode(_Elements):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def visit(self, tag: str, attrs: dict[str, str | None]) -> None:
        if tag == "script" and not attrs.get("src") and not _data_block(attrs):
            self.found.append("an inline <script>")
        if tag == "style":
            self.found.append("a <style> element")
        for name, value in attrs.items():
            value = (value or "").strip().lower()
            if name.startswith("on"):
                self.found.append(f"<{tag} {name}=…>")
            elif name == "style":
                self.found.append(f'<{tag} style="{value}">')
            elif name.startswith(("hx-on", "data-hx-on")):
                self.found.append(f"<{tag} {name}=…> (htmx evaluates it)")
            elif name in {"hx-vars", "data-hx-vars"}:
                self.found.append(f"<{tag} {name}=…> (htmx evaluates it)")
            elif value.startswith(EVAL_PREFIXES):
                self.found.append(f'<{tag} {name}="{value}">')
            elif name in {"hx-trigger", "data-hx-trigger"} and "[" in value:
                self.found.append(f'<{tag} {name}="{value}"> (a condition htmx evaluates)')

    def text(self, data: str) -> None:
        if not self.open or self.open[-1][0] != "script" or not data.strip():
            return
        if not _data_block(self.open[-1][1]):
            self.found.append("script text")


def inline_code(html: str) -> list[str]:
    """What in `html` a strict Content-Security-Policy refuses to run or apply: inline scripts,
    event handler attributes, style elements and attributes, javascript: URLs, htmx's evaluated
    attributes."""
    parser = _InlineCode()
    parser.feed(html)
    return parser.found


# Direction controls: embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069).
CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")
# Text isolated in plain text by config.text.isolate: FSI, no control, PDI.
ISOLATED_RUN = re.compile("\u2068[^\u202a-\u202e\u2066-\u2069]*\u2069")
# Where text is laid out by itself anyway: the options of a select, a text area.
OWN_BOX = {"option", "textarea"}


def has_direction(text: str) -> bool:
    """Whether `text` has a direction control or a right-to-left letter."""
    return bool(CONTROLS.search(text)) or any(
        unicodedata.bidirectional(char) in {"R", "AL", "AN"} for char in text
    )


class _Unisolated(_Elements):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def text(self, data: str) -> None:
        if any(tag == "bdi" or "dir" in attrs or tag in OWN_BOX for tag, attrs in self.open):
            return
        if has_direction(ISOLATED_RUN.sub("", data)):
            where = " > ".join(tag for tag, _ in self.open[-3:])
            self.found.append(f"{where}: {data.strip()!r}")


def unisolated(html: str) -> list[str]:
    """Text in `html` with a direction control or a right-to-left letter that is neither in a
    <bdi> (or an element with a dir attribute) nor between FSI and PDI (config.text.isolate)."""
    parser = _Unisolated()
    parser.feed(html)
    return parser.found
