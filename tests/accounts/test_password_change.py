"""Changing the password: Django's PasswordChangeView with the password validators. Every other
device logged in to the account is logged out; the one that changed it stays logged in."""

from __future__ import annotations

from typing import Any

from django.test import Client

from accounts.models import LiveLogins
from tests.accounts.test_logout import copy_of, is_logged_in, log_in

OLD = "kitchen-table-42"
NEW = "river-card-blues-7"


def change(client: Client, new: str = NEW, old: str = OLD, again: str | None = None) -> Any:
    data = {"old_password": old, "new_password1": new, "new_password2": again or new}
    return client.post("/password/", data)


def test_the_menu_links_to_the_password_page(client: Client, host: Any) -> None:
    client.force_login(host)

    assert 'href="/password/"' in client.get("/").text
    page = client.get("/password/")
    assert page.status_code == 200
    assert "Change password" in page.text


def test_the_password_page_needs_a_login(client: Client, host: Any) -> None:
    response = client.get("/password/")

    assert response.status_code == 302
    assert response["Location"] == "/login/?next=/password/"


def test_changing_the_password_logs_out_other_devices_and_keeps_this_one(host: Any) -> None:
    tablet, phone = Client(), Client()
    log_in(tablet)
    log_in(phone)
    copied = copy_of(tablet)

    response = change(tablet)

    assert response.status_code == 302
    assert response["Location"] == "/"
    assert "Your password has been changed" in tablet.get("/").text
    assert is_logged_in(tablet)
    assert not is_logged_in(phone)
    assert not is_logged_in(copied)
    assert len(LiveLogins.objects.get(user=host).ids) == 1


def test_the_new_password_works_and_the_old_one_does_not(client: Client, host: Any) -> None:
    log_in(client)
    change(client)
    client.post("/logout/")

    refused = Client().post("/login/", {"username": "hanna", "password": OLD})
    assert refused.status_code == 200
    log_in(Client(), password=NEW)


def test_a_weak_new_password_is_refused_and_nothing_changes(client: Client, host: Any) -> None:
    log_in(client)
    other = Client()
    log_in(other)

    response = change(client, new="password")

    assert response.status_code == 200
    assert "This password is too common." in response.text
    host.refresh_from_db()
    assert host.check_password(OLD)
    assert is_logged_in(other)


def test_the_old_password_must_be_right(client: Client, host: Any) -> None:
    log_in(client)

    response = change(client, old="not-my-password")

    assert response.status_code == 200
    assert "Your old password was entered incorrectly" in response.text
    host.refresh_from_db()
    assert host.check_password(OLD)


def test_the_new_password_must_be_typed_twice_alike(client: Client, host: Any) -> None:
    log_in(client)

    response = change(client, again=NEW + "x")

    assert response.status_code == 200
    assert "didn’t match" in response.text
