"""Logging out ends the session on the server too: sessions live in signed cookies, so without
the live-login record a cookie copied before the logout would work for two weeks. Checking it
costs no query: the record comes joined to the user's row."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection
from django.test import Client

from accounts.models import LOGIN_ID, LiveLogins

RIGHT = "kitchen-table-42"
COOKIE = settings.SESSION_COOKIE_NAME


def log_in(client: Client, username: str = "hanna", password: str = RIGHT) -> None:
    response = client.post("/login/", {"username": username, "password": password})
    assert response.status_code == 302, response


def copy_of(client: Client) -> Client:
    """Another browser holding a copy of `client`'s session cookie as it is now."""
    other = Client()
    other.cookies[COOKIE] = client.cookies[COOKIE].value
    return other


def is_logged_in(client: Client) -> bool:
    response = client.get("/tables/new/")
    if response.status_code == 302:
        assert response["Location"].startswith("/login/")
        return False
    assert response.status_code == 200
    return True


def test_a_cookie_copied_before_logout_no_longer_works(client: Client, host: Any) -> None:
    log_in(client)
    copied = copy_of(client)
    assert is_logged_in(copied)

    client.post("/logout/")

    response = copied.get("/tables/new/")
    assert response.status_code == 302
    assert response["Location"] == "/login/?next=/tables/new/"
    # The dead session's cookie is deleted, and it stays logged out.
    assert copied.cookies[COOKIE].value == ""
    assert not is_logged_in(copied)


def test_logging_out_on_one_device_keeps_the_others_logged_in(host: Any) -> None:
    tablet, phone = Client(), Client()
    log_in(tablet)
    log_in(phone)

    tablet.post("/logout/")

    assert not is_logged_in(tablet)
    assert is_logged_in(phone)


def test_the_admin_logout_ends_the_session_too(client: Client, host: Any) -> None:
    host.is_staff = True
    host.save()
    log_in(client)
    copied = copy_of(client)

    client.post("/admin/logout/")

    assert not is_logged_in(copied)


def test_logging_in_again_ends_the_login_it_replaces(client: Client, host: Any) -> None:
    log_in(client)
    copied = copy_of(client)

    log_in(client)

    assert is_logged_in(client)
    assert not is_logged_in(copied)


def test_a_session_without_a_live_login_is_logged_out(client: Client, host: Any) -> None:
    """A session signed with the right key but without a login id (one from before live logins,
    say) is not trusted."""
    log_in(client)
    session = client.session
    del session[LOGIN_ID]
    session.save()
    stripped = Client()
    stripped.cookies[COOKIE] = session.session_key

    assert is_logged_in(client)
    assert not is_logged_in(stripped)


def test_force_login_in_tests_still_works(client: Client, host: Any) -> None:
    client.force_login(host)

    assert is_logged_in(client)


def test_an_account_made_by_createsuperuser_logs_in(
    client: Client, db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", "kitchen-table-42")
    call_command("createsuperuser", interactive=False, username="root", email="root@example.org")

    log_in(client, username="root")

    assert is_logged_in(client)
    assert client.get("/admin/").status_code == 200


def test_an_authenticated_request_reads_the_user_and_the_login_in_one_query(
    client: Client, host: Any, django_assert_num_queries: Any
) -> None:
    """As many queries as before live logins: one for the user, now with its live logins joined
    in (the side-pot calculator's page reads nothing else)."""
    log_in(client)

    with django_assert_num_queries(1) as captured:
        response = client.get("/side-pots/")

    assert response.status_code == 200
    assert "Log out" in response.text
    (query,) = captured.captured_queries
    assert '"auth_user"' in query["sql"] and '"accounts_livelogins"' in query["sql"]


def test_the_login_record_drops_expired_logins(client: Client, host: Any) -> None:
    log_in(client)
    record = LiveLogins.objects.get(user=host)
    (live,) = record.ids
    record.ids["from-a-month-ago"] = record.ids[live] - 30 * 24 * 3600
    record.save()

    log_in(Client())

    assert "from-a-month-ago" not in LiveLogins.objects.get(user=host).ids
    assert live in LiveLogins.objects.get(user=host).ids


@pytest.mark.django_db(transaction=True)
def test_devices_logging_in_at_once_all_stay_logged_in(host: Any) -> None:
    devices = [Client() for _ in range(6)]
    barrier = threading.Barrier(len(devices))

    def go(device: Client) -> None:
        try:
            barrier.wait()
            log_in(device)
        finally:
            connection.close()

    threads = [threading.Thread(target=go, args=(device,)) for device in devices]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert len(LiveLogins.objects.get(user=host).ids) == len(devices)
    assert all(is_logged_in(device) for device in devices)
