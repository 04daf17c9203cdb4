"""Names with right-to-left letters or direction controls (U+202E RIGHT-TO-LEFT OVERRIDE above
all) cannot reorder the text around them: isolated in a <bdi> in pages, between FSI and PDI in
sentences Pott builds (config/text.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.template import Context, Template
from django.test import Client

from config.text import FSI, PDI, bdi, isolate
from dealer.poker.models import Table
from ledger.models import Player, Session, Tournament
from tests.pages import every_page, unisolated

RLO = "\u202e"  # RIGHT-TO-LEFT OVERRIDE: what follows it is shown backwards
ANNA = "Anna" + RLO  # in "Anna<RLO> pays 100", "Anna 001 syap" is what one would read
DANI = "דני"  # a Hebrew name: right-to-left letters
# Tries to end the isolate around it early, then override the rest of the line.
CIA = "Cia" + PDI + RLO
PLACE = "Kitchen" + RLO


@pytest.mark.parametrize(
    ("name", "isolated"),
    [
        ("Anna", "Anna"),  # nothing to isolate: as it is
        ("Bo-Göran O'Neill", "Bo-Göran O'Neill"),
        (ANNA, "Anna"),  # the override is dropped; Latin letters need nothing more
        (RLO + "Anna", "Anna"),
        ("\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069Anna", "Anna"),
        (DANI, FSI + DANI + PDI),
        (DANI + PDI + RLO, FSI + DANI + PDI),  # no control survives to end the isolate early
        ("Anna\u200f", FSI + "Anna\u200f" + PDI),  # a RIGHT-TO-LEFT MARK is right-to-left
        ("علي", FSI + "علي" + PDI),
        ("", ""),
    ],
)
def test_isolate_a_name_for_a_sentence(name: str, isolated: str) -> None:
    assert isolate(name) == isolated
    assert isolate(isolated) == isolated


def test_bdi_escapes_and_isolates() -> None:
    assert bdi("<b>Bo</b>" + RLO) == f"<bdi>&lt;b&gt;Bo&lt;/b&gt;{RLO}</bdi>"
    assert bdi("") == ""
    assert bdi(None) is None


def test_the_filters_need_no_load() -> None:
    template = Template("{{ name|bdi }} · {{ name|isolate }}")
    assert template.render(Context({"name": DANI})) == f"<bdi>{DANI}</bdi> · {FSI}{DANI}{PDI}"


@pytest.mark.django_db
def test_a_model_in_a_sentence_is_isolated(host: Any) -> None:
    session = Session.objects.create(host=host, name=DANI, currency="SEK", rate_minor=100)
    assert str(Player(host=host, name=ANNA)) == "Anna"
    assert str(Player(host=host, name="Anna", nickname=DANI)) == FSI + DANI + PDI
    assert str(session) == FSI + DANI + PDI
    assert str(Table(host=host, session=session, name=PLACE)) == "Kitchen"
    assert str(Tournament(host=host, name=DANI)) == FSI + DANI + PDI


@pytest.fixture
def pages(client: Client, host: Any) -> dict[str, str]:
    return every_page(client, host, (ANNA, DANI, CIA), PLACE)


@pytest.mark.django_db
def test_no_page_shows_a_name_that_can_reorder_the_text_around_it(pages: dict[str, str]) -> None:
    found = {label: unisolated(html) for label, html in pages.items()}
    assert {label: texts for label, texts in found.items() if texts} == {}


def visible(html: str) -> str:
    return " ".join(re.sub(r"<(?!/?bdi)[^>]+>", " ", html).split())


@pytest.mark.django_db
def test_the_dealers_table_isolates_the_names(pages: dict[str, str]) -> None:
    page = pages["table in a hand"]
    assert '<span class="name"><bdi>Anna</bdi></span>' in page
    assert f"<bdi>{FSI}{DANI}{PDI}</bdi>" in page
    assert f"<h1><bdi>{PLACE}</bdi></h1>" in page
    assert "<title>Kitchen — Pott</title>" in page
    # Bo… here דני, in seat 3, is to act: the sentence isolates the name.
    assert f'data-testid="prompt">Seat 3 ({FSI}{DANI}{PDI}) to act</p>' in page
    assert "<strong>1. <bdi>Anna</bdi></strong>" in page  # the seating panel
    # A message after a plain form post (Django's messages framework).
    message = f'<li class="success">{FSI}{DANI}{PDI} adds 100 chips.</li>'
    assert message in pages["table after a hand, with a message"]


@pytest.mark.django_db
def test_the_tv_and_phone_isolate_the_names(pages: dict[str, str]) -> None:
    for label in ("display in a hand", "phone in a hand", "display poll (htmx)"):
        page = pages[label]
        assert '<span class="seat-no">1</span> <bdi>Anna</bdi>' in page, label
        assert f'<span class="seat-no">3</span> <bdi>{FSI}{DANI}{PDI}</bdi>' in page, label
        assert f"Seat 3 ({FSI}{DANI}{PDI}) to act" in page, label


@pytest.mark.django_db
def test_the_sessions_transfers_isolate_the_names(pages: dict[str, str]) -> None:
    page = visible(pages["session, settled"])
    # Cia<PDI><RLO> (whose name tries to break out) and דני pay Anna<RLO>.
    assert "<bdi>Cia</bdi> → <bdi>Anna</bdi>" in page
    assert f"<bdi>{FSI}{DANI}{PDI}</bdi> → <bdi>Anna</bdi>" in page
    assert f"{FSI}{DANI}{PDI}: result -50.00 kr" in page
    assert "Anna: result 150.00 kr" in page
    print_page = visible(pages["session, printable"])
    assert f"<bdi>{FSI}{DANI}{PDI}</bdi> → <bdi>Anna</bdi>: 50.00 kr" in print_page


@pytest.mark.django_db
def test_the_history_isolates_the_names(pages: dict[str, str]) -> None:
    page = pages["history"]
    assert f"<bdi>{ANNA}</bdi></a>" in page  # the leaderboard
    assert f"<td><bdi>{ANNA}</bdi></td>" in page  # the sessions table
    assert f"<bdi>{DANI}</bdi> -50.00\xa0kr" in page  # the chart's key
    assert f"<title>{FSI}{DANI}{PDI}</title>" in page  # a line's tooltip
    hand = visible(pages["hand history"])
    assert f"{FSI}{DANI}{PDI} (seat 3) checks" in hand or f"{FSI}{DANI}{PDI} (seat 3) calls" in hand
