from __future__ import annotations

import pytest
from django.test import Client


def test_home_page_says_what_pott_is(client: Client, host: object) -> None:
    response = client.get("/")

    assert response.status_code == 200
    html = response.content.decode()
    assert "Pott runs your home poker game" in html
    assert "dealer assistant and ledger for live home poker" in html
    for feature in ("Button and blinds", "Whose turn", "Pots and side pots", "Odd chips"):
        assert feature in html
    assert "who pays whom" in html


def test_home_page_loads_htmx_without_a_cdn(client: Client, host: object) -> None:
    html = client.get("/").content.decode()

    assert "htmx" in html
    assert 'src="http' not in html
    assert 'href="http' not in html


def test_home_page_refuses_post(client: Client) -> None:
    assert client.post("/").status_code == 405


def test_admin_login_page_loads(client: Client) -> None:
    response = client.get("/admin/login/")

    assert response.status_code == 200
    assert "Log in" in response.content.decode()


def test_the_language_can_be_chosen_and_sticks(client: Client, host: object) -> None:
    response = client.post("/i18n/setlang/", {"language": "sv", "next": "/"})

    assert response.status_code == 302
    html = client.get("/").content.decode()
    assert '<html lang="sv">' in html
    assert '<option value="sv" selected>' in html


@pytest.mark.parametrize(
    ("language", "heading"),
    [
        ("sv", "Pott sköter ditt hemmapokerspel"),
        ("de", "Pott leitet deine Pokerrunde zu Hause"),
        ("is", "Pott stýrir heimapókernum þínum"),
    ],
)
def test_pott_speaks_swedish_german_and_icelandic(
    client: Client, db: None, language: str, heading: str
) -> None:
    from django.contrib.auth import get_user_model

    get_user_model().objects.create_user(username="hanna", password="kitchen-table-42")
    html = client.get("/", headers={"Accept-Language": language}).content.decode()

    assert heading in html


def test_every_message_is_translated_in_every_language() -> None:
    """The catalogues are complete: no empty translation (the .mo files are compiled from these
    .po files with `manage.py compilemessages` and committed)."""
    from pathlib import Path

    from django.conf import settings

    for code, _name in settings.LANGUAGES[1:]:
        po = Path(settings.LOCALE_PATHS[0]) / code / "LC_MESSAGES" / "django.po"
        entries = po.read_text(encoding="utf-8").split("\n\n")[1:]
        empty = [e for e in entries if e.rstrip().endswith('msgstr ""') and "#~" not in e]
        assert not empty, f"{code}: {len(empty)} untranslated, e.g. {empty[0]}"
