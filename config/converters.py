"""URL path converters of Pott's own."""

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


# Registered here, once, before any URLconf that uses <token:…> is imported.
register_converter(TokenConverter, "token")
