"""The table in Swedish, German and Icelandic: words translated, numbers the browser reads
(CSS positions) never written with a decimal comma."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from tests.dealer.conftest import make_table, sit

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "fold"), [("sv", "Lägg"), ("de", "Aussteigen"), ("is", "Pakka")]
)
def test_the_table_in_another_language_keeps_its_seats_in_place(
    client: Client, host: Any, language: str, fold: str
) -> None:
    table = make_table(host)
    for number, name in [(1, "Anna"), (3, "Bo"), (5, "Cia")]:
        sit(table, number, name)
    table.start_hand(version=table.version, by=host)
    client.force_login(host)

    html = client.get(f"/tables/{table.pk}/", headers={"Accept-Language": language}).text

    assert f">{fold}</button>" in html
    # The seats are placed by a static stylesheet (css/seats.css), the same in every language.
    assert '<div class="oval seats-6">' in html
    assert len(re.findall(r'<div class="seat[^"]*" data-seat="\d+">', html)) == 6
