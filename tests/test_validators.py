"""config.validators.clean_name: the one check of a typed name (wired into the forms by them)."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import ValidationError

from config.validators import clean_name


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("Anna", "Anna"),
        ("  Bo  ", "Bo"),
        ("Bo-Göran O'Neill", "Bo-Göran O'Neill"),
        ("A\u030asa", "Åsa"),  # a decomposed Å is stored composed: one name, however typed
        ("דני", "דני"),  # right-to-left letters are letters
        ("علي", "علي"),
        ("می\u200cخواهم", "می\u200cخواهم"),  # the zero width non-joiner Persian needs
        ("Kim 👩\u200d👧", "Kim 👩\u200d👧"),  # a joined emoji
        ("Þórdís", "Þórdís"),
        ("=1+1", "=1+1"),  # harmless here; CSV exports neutralise it (config/text.py)
    ],
)
def test_ordinary_names_are_kept(typed: str, stored: str) -> None:
    assert clean_name(typed) == stored


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("Anna\u202e", "U+202E RIGHT-TO-LEFT OVERRIDE"),
        ("\u202dBo", "U+202D LEFT-TO-RIGHT OVERRIDE"),
        ("Bo\u202a", "U+202A LEFT-TO-RIGHT EMBEDDING"),
        ("Bo\u202b", "U+202B RIGHT-TO-LEFT EMBEDDING"),
        ("Bo\u202c", "U+202C POP DIRECTIONAL FORMATTING"),
        ("Bo\u2066", "U+2066 LEFT-TO-RIGHT ISOLATE"),
        ("Bo\u2067", "U+2067 RIGHT-TO-LEFT ISOLATE"),
        ("Bo\u2068", "U+2068 FIRST STRONG ISOLATE"),
        ("Bo\u2069", "U+2069 POP DIRECTIONAL ISOLATE"),
        ("Bo\u200f", "U+200F RIGHT-TO-LEFT MARK"),
        ("Bo\u061c", "U+061C ARABIC LETTER MARK"),
    ],
)
def test_direction_controls_are_refused_by_name(typed: str, message: str) -> None:
    with pytest.raises(ValidationError) as refused:
        clean_name(typed)
    assert refused.value.messages == [
        f"A name cannot contain {message}: an invisible character that changes the direction"
        " of the text around it."
    ]
    assert refused.value.code == "direction_control"


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("An\tna", "a tab (U+0009)"),
        ("Anna\nBo", "a line break (U+000A)"),
        ("Anna\r\nBo", "a line break (U+000D)"),
        ("Bo\x1b[31m", "U+001B"),
        ("Bo\x00", "U+0000"),
        ("Bo\x7f", "U+007F"),
        ("Bo\u0085x", "U+0085"),
        ("Anna\u2028Bo", "U+2028 LINE SEPARATOR"),
        ("Anna\u2029Bo", "U+2029 PARAGRAPH SEPARATOR"),
    ],
)
def test_control_characters_are_refused(typed: str, message: str) -> None:
    with pytest.raises(ValidationError) as refused:
        clean_name(typed)
    assert refused.value.messages == [
        f"A name cannot contain {message}: keep it to one line of letters and spaces."
    ]


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("An\u200bna", "U+200B ZERO WIDTH SPACE"),
        ("An\u00adna", "U+00AD SOFT HYPHEN"),
        ("\ufeffAnna", "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
        ("Anna\u2060", "U+2060 WORD JOINER"),
        ("Anna\U000e0041", "U+E0041 TAG LATIN CAPITAL LETTER A"),
    ],
)
def test_other_invisible_characters_are_refused(typed: str, message: str) -> None:
    with pytest.raises(ValidationError) as refused:
        clean_name(typed)
    assert refused.value.messages == [f"A name cannot contain {message}: an invisible character."]


# --- the forms use it ---------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "data"),
    [
        ("/ledger/players/new/", {"name": "Anna\u202e"}),
        ("/ledger/sessions/new/", {"name": "Fri\u202eday", "currency": "SEK",
                                   "stack_money": "200", "stack_chips": "200"}),
    ],
)  # fmt: skip
def test_forms_refuse_names_with_direction_controls_and_store_nothing(
    client: Any, host: Any, path: str, data: dict[str, str]
) -> None:
    from ledger.models import Player, Session

    client.force_login(host)
    response = client.post(path, data)
    assert response.status_code == 200
    assert "A name cannot contain U+202E RIGHT-TO-LEFT OVERRIDE" in response.content.decode()
    assert not Player.objects.exists() and not Session.objects.exists()


@pytest.mark.django_db
def test_a_new_player_at_the_table_gets_the_same_check(client: Any, host: Any) -> None:
    from dealer.poker.models import Seat
    from ledger.models import Player
    from tests.dealer.conftest import make_table

    table = make_table(host)
    client.force_login(host)
    data = {"version": table.version, "seat": 1, "new_player": "Bo\u2067", "chips": 100,
            "method": "cash"}  # fmt: skip
    response = client.post(f"/tables/{table.pk}/seats/", data, headers={"HX-Request": "true"})
    assert "A name cannot contain U+2067 RIGHT-TO-LEFT ISOLATE" in response.content.decode()
    assert not Player.objects.exists() and not Seat.objects.exists()
