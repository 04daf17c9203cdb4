"""A server error leaves its traceback in the log (stderr, which gunicorn and `make run` show)
with DEBUG off; ordinary requests, and the 404s of a phone polling a table that is gone, leave
nothing there."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator

import pytest
from django.http import HttpRequest, HttpResponse
from django.test import Client
from django.urls import path


def broken_view(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("the dealer dropped the deck")


def fine_view(request: HttpRequest) -> HttpResponse:
    return HttpResponse("fine")


# Only these tests route to these views (pytest.mark.urls): no real endpoint raises.
urlpatterns = [path("boom/", broken_view), path("fine/", fine_view)]


@pytest.fixture
def stderr_log() -> Iterator[io.StringIO]:
    """What Pott's logging writes to stderr during the test (the handler Django configured from
    settings.LOGGING at startup, pointed at a buffer)."""
    handlers = [h for h in logging.getLogger().handlers if h.get_name() == "stderr"]
    assert len(handlers) == 1, "settings.LOGGING sends the root logger to a 'stderr' handler"
    handler = handlers[0]
    assert isinstance(handler, logging.StreamHandler)
    buffer = io.StringIO()
    stream = handler.setStream(buffer)
    try:
        yield buffer
    finally:
        handler.setStream(stream)


@pytest.mark.urls(__name__)
def test_a_server_error_leaves_its_traceback_in_the_log(
    stderr_log: io.StringIO, settings: object
) -> None:
    assert settings.DEBUG is False  # type: ignore[attr-defined]
    response = Client(raise_request_exception=False).get("/boom/")

    assert response.status_code == 500
    log = stderr_log.getvalue()
    assert "Internal Server Error: /boom/" in log
    assert "Traceback (most recent call last)" in log
    assert "RuntimeError: the dealer dropped the deck" in log


@pytest.mark.urls(__name__)
def test_ordinary_requests_and_not_found_leave_nothing_in_the_log(
    stderr_log: io.StringIO,
) -> None:
    client = Client()
    assert client.get("/fine/").status_code == 200
    assert client.get("/gone/").status_code == 404

    assert stderr_log.getvalue() == ""
