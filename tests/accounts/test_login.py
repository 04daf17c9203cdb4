"""Logging in, and the lockout after too many wrong passwords (django-axes, counted in the
database): by username and address, for a cool-off that failures during it do not prolong."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import F
from django.http import HttpResponse
from django.test import Client

RIGHT = "kitchen-table-42"
LOCKED = "Too many failed logins for this account from this address: try again in"


def log_in(client: Client, password: str, address: str = "192.168.1.20", **data: Any) -> Any:
    return client.post(
        "/login/", {"username": "hanna", "password": password, **data}, REMOTE_ADDR=address
    )


def fail(client: Client, times: int, address: str = "192.168.1.20") -> HttpResponse:
    response = None
    for attempt in range(times):
        response = log_in(client, f"wrong-{attempt}", address)
    assert response is not None
    return response


def logged_in(client: Client) -> bool:
    return "Log out" in client.get("/").text


def time_passes(minutes: float) -> None:
    """The failures counted so far happened `minutes` earlier."""
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=minutes))


def test_host_logs_in_and_out(client: Client, host: object) -> None:
    response = client.post("/login/", {"username": "hanna", "password": RIGHT})
    assert response.status_code == 302
    assert "Log out" in client.get("/").content.decode()

    client.post("/logout/")
    assert "Log in" in client.get("/").content.decode()


def test_wrong_password_is_refused_with_a_message(client: Client, host: object) -> None:
    response = client.post("/login/", {"username": "hanna", "password": "wrong"})

    assert response.status_code == 200
    assert "enter a correct username and password" in response.content.decode()


def test_the_limit_is_five_failures_in_fifteen_minutes() -> None:
    assert settings.AXES_FAILURE_LIMIT == 5
    assert settings.AXES_COOLOFF_TIME == timedelta(minutes=15)


def test_too_many_wrong_passwords_lock_out_with_the_time_to_wait(
    client: Client, host: object
) -> None:
    limit = settings.AXES_FAILURE_LIMIT
    for attempt in range(limit - 1):
        response = log_in(client, f"wrong-{attempt}")
        assert response.status_code == 200
        assert LOCKED not in response.text

    response = log_in(client, "wrong-again", next="/ledger/sessions/")

    assert response.status_code == 429
    assert f"{LOCKED} 15 minutes." in response.text
    # The login page itself, ready for the next try, not a bare error page.
    assert 'name="password"' in response.text
    assert 'value="hanna"' in response.text
    assert 'value="/ledger/sessions/"' in response.text


def test_the_right_password_is_refused_during_the_lockout(client: Client, host: object) -> None:
    fail(client, settings.AXES_FAILURE_LIMIT)
    time_passes(1)

    response = log_in(client, RIGHT)

    assert response.status_code == 429
    assert f"{LOCKED} 14 minutes." in response.text
    assert not logged_in(client)


def test_after_the_cool_off_the_right_password_works(client: Client, host: object) -> None:
    fail(client, settings.AXES_FAILURE_LIMIT)
    time_passes(14)
    assert f"{LOCKED} 1 minute." in log_in(client, RIGHT).text

    time_passes(1)
    response = log_in(client, RIGHT)

    assert response.status_code == 302
    assert logged_in(client)


def test_failures_during_the_lockout_do_not_prolong_it(client: Client, host: object) -> None:
    fail(client, settings.AXES_FAILURE_LIMIT)
    time_passes(10)
    assert f"{LOCKED} 5 minutes." in fail(client, 20).text

    time_passes(5)

    assert log_in(client, RIGHT).status_code == 302


def test_a_lockout_is_for_one_address_only(client: Client, host: object) -> None:
    """Someone guessing from elsewhere cannot lock the host out of her own kitchen."""
    fail(client, 3 * settings.AXES_FAILURE_LIMIT, address="203.0.113.9")

    assert log_in(Client(), RIGHT, address="192.168.1.20").status_code == 302


def test_a_lockout_is_for_one_username_only(
    client: Client, host: Any, django_user_model: Any
) -> None:
    django_user_model.objects.create_user(username="olle", password="deals-fair-99")
    fail(client, settings.AXES_FAILURE_LIMIT)

    response = client.post(
        "/login/", {"username": "olle", "password": "deals-fair-99"}, REMOTE_ADDR="192.168.1.20"
    )

    assert response.status_code == 302


def test_a_successful_login_resets_the_count(client: Client, host: object) -> None:
    limit = settings.AXES_FAILURE_LIMIT
    fail(client, limit - 1)
    assert log_in(client, RIGHT).status_code == 302
    client.post("/logout/")

    response = fail(client, limit - 1)

    assert response.status_code == 200
    assert LOCKED not in response.text
    assert log_in(client, RIGHT).status_code == 302


def test_the_admin_login_counts_and_refuses_too(client: Client, host: object) -> None:
    for attempt in range(settings.AXES_FAILURE_LIMIT):
        client.post(
            "/admin/login/",
            {"username": "hanna", "password": f"wrong-{attempt}"},
            REMOTE_ADDR="192.168.1.20",
        )

    response = log_in(client, RIGHT)

    assert response.status_code == 429
    assert LOCKED in response.text


@pytest.mark.parametrize(
    ("proxies", "forwarded", "address"),
    [
        (0, "203.0.113.9", "10.0.0.2"),
        (1, "203.0.113.9", "203.0.113.9"),
        (1, "6.6.6.6, 203.0.113.9", "203.0.113.9"),
        (2, "6.6.6.6, 203.0.113.9, 10.0.0.3", "203.0.113.9"),
        (2, "203.0.113.9", "10.0.0.2"),
    ],
)
def test_the_address_behind_trusted_proxies(
    rf: Any, settings: Any, proxies: int, forwarded: str, address: str
) -> None:
    """Behind POTT_PROXIES reverse proxies, the address the outermost one saw; what a client
    writes into X-Forwarded-For itself is never trusted."""
    from accounts.addresses import client_address

    settings.POTT_PROXIES = proxies
    request = rf.post("/login/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR=forwarded)

    assert client_address(request) == address


def test_logging_in_without_a_request_is_not_throttled(client: Client, host: object) -> None:
    """Tests' Client.login (and a script's authenticate()) come from no address: nothing to count
    by, and no web login can pass for one (the login pages always give the request)."""
    assert client.login(username="hanna", password=RIGHT)
    assert not client.login(username="hanna", password="wrong")


def test_an_overlong_username_is_refused_like_a_wrong_password(client: Client, host: Any) -> None:
    """A 10,000-character username is refused before any account or lockout record is asked
    (on PostgreSQL it used to end in a server error: the lockout record's column is 255)."""
    response = client.post("/login/", {"username": "x" * 10_000, "password": "whatever-1"})
    assert response.status_code == 200
    assert "Please enter a correct username and password." in response.content.decode()
    assert not AccessAttempt.objects.exists()
