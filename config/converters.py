"""URL path converters of Pott's own, registered once before any URLconf is imported."""

from __future__ import annotations

from django.urls import register_converter


class TokenConverter:
    """An unguessable link's token (secrets.token_urlsafe): URL-safe base64 letters only. Any
    other text (a NUL byte, a 10,000-character string) is not a token: 404 without asking the
    database."""

    regex = r"[A-Za-z0-9_-]{16,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class IdConverter:
    """A row's id: up to 18 digits, so it always fits the 64-bit id columns (a 20-digit
    number in a URL is a 404, never an overflow in the database driver)."""

    regex = r"[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(TokenConverter, "token")
register_converter(IdConverter, "id")
