"""The screen of a game kept as a log (Poker-Deluxe, the dice games), as the tests drive it: every
post carries what the page would carry (htmx, the game's version), unless overridden."""

from __future__ import annotations

import html
from typing import Any

from django.http import HttpResponse
from django.test import Client

HTMX = {"HX-Request": "true"}


class GamePad:
    """A subclass names the game's URL prefix ("/dice/") and model."""

    prefix: str
    model: Any

    def __init__(self, client: Client, game: Any) -> None:
        self.client = client
        self.game = game

    @property
    def version(self) -> int:
        self.game.refresh_from_db(fields=["version"])
        return self.game.version

    def fresh(self) -> Any:
        return self.model.objects.get(pk=self.game.pk)

    def state(self) -> Any:
        return self.fresh().state()

    def read(self, response: HttpResponse) -> str:
        return html.unescape(response.content.decode())

    def post(self, path: str, data: dict[str, Any]) -> str:
        response = self.client.post(
            f"{self.prefix}{self.game.pk}/{path}", {"version": self.version, **data}, headers=HTMX
        )
        assert response.status_code == 200
        return self.read(response)
