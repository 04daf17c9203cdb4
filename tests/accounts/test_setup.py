from __future__ import annotations

from django.contrib.auth import get_user_model
from django.test import Client


def test_first_visit_asks_to_create_the_host_account(client: Client, db: None) -> None:
    response = client.get("/")

    assert response.status_code == 302
    assert response["Location"] == "/setup/"
    assert "Create the host account" in client.get("/setup/").content.decode()


def test_creating_the_host_account_logs_in(client: Client, db: None) -> None:
    response = client.post(
        "/setup/",
        {"username": "hanna", "password1": "kitchen-table-42", "password2": "kitchen-table-42"},
    )

    assert response.status_code == 302
    assert get_user_model().objects.get().username == "hanna"
    assert "Log out" in client.get("/").content.decode()


def test_setup_refuses_mismatched_passwords_and_creates_nothing(client: Client, db: None) -> None:
    response = client.post(
        "/setup/",
        {"username": "hanna", "password1": "kitchen-table-42", "password2": "kitchen-table-43"},
    )

    assert response.status_code == 200
    assert "didn’t match" in response.content.decode()
    assert not get_user_model().objects.exists()


def test_setup_is_closed_once_a_host_exists(client: Client, host: object) -> None:
    response = client.post(
        "/setup/",
        {"username": "intruder", "password1": "kitchen-table-42", "password2": "kitchen-table-42"},
    )

    assert response.status_code == 302
    assert response["Location"] == "/login/"
    assert not get_user_model().objects.filter(username="intruder").exists()
