"""Ten devices open Pott for the first time at once and all create "the" host account: exactly
one account is created, on SQLite and PostgreSQL alike."""

from __future__ import annotations

import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client


@pytest.mark.django_db(transaction=True)
def test_concurrent_first_visit_setups_create_one_host() -> None:
    devices = 10
    barrier = threading.Barrier(devices)
    outcomes: list[str] = []

    def set_up(number: int) -> None:
        client = Client()
        password = "kitchen-table-42"
        data = {"username": f"host{number}", "password1": password, "password2": password}
        try:
            barrier.wait()
            response = client.post("/setup/", data)
            outcomes.append(response.headers.get("Location", str(response.status_code)))
        finally:
            connection.close()

    threads = [threading.Thread(target=set_up, args=(n,)) for n in range(devices)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert get_user_model().objects.count() == 1
    assert sorted(outcomes) == ["/"] + ["/login/"] * (devices - 1)
