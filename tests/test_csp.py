"""The Content-Security-Policy: on every response, strict, and every page works under it (no
inline script, handler or style anywhere; htmx told not to evaluate or inject anything)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from dealer.poker.models import Table
from tests.dealer.conftest import make_table
from tests.pages import every_page, inline_code

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parent.parent

POLICY = {
    "default-src": ["'none'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'"],
    "manifest-src": ["'self'"],
    "connect-src": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'none'"],
    "object-src": ["'none'"],
}


def policy(response: Any) -> dict[str, list[str]]:
    header = response.headers.get("Content-Security-Policy")
    assert header, f"no Content-Security-Policy on {response.request['PATH_INFO']}"
    directives = [part.split() for part in header.split(";") if part.strip()]
    return {name: values for name, *values in directives}


@pytest.fixture
def pages(client: Client, host: Any) -> dict[str, str]:
    return every_page(client, host, ("Anna", "Bo", "Cia"), "Kitchen")


def test_every_kind_of_response_carries_the_strict_policy(
    client: Client, host: Any, pages: dict[str, str]
) -> None:
    table = Table.objects.get(host=host)
    urls = {
        "a page": f"/tables/{table.pk}/",
        "an htmx region": f"/tables/{table.pk}/poll/?v=0",
        "the TV display": f"/d/{table.display_token}/",
        "a CSV file": "/ledger/history.csv",
        "a missing page (404)": "/no-such-page/",
        "a redirect": "/ledger/",
        "the admin": "/admin/login/",
    }
    for what, url in urls.items():
        response = client.get(url, headers={"HX-Request": "true"} if "htmx" in what else {})
        assert policy(response) == POLICY, what
    assert policy(Client().get("/login/")) == POLICY


def test_a_bodiless_poll_answer_carries_no_page_policy(client: Client, host: Any) -> None:
    """A 204 (nothing changed, about once a second per TV and phone) has no body to protect:
    the policy is left off it, and it stays small."""
    client.force_login(host)
    table = make_table(host)
    response = client.get(f"/tables/{table.pk}/poll/?v={table.version}")
    assert response.status_code == 204
    assert "Content-Security-Policy" not in response.headers
    assert policy(client.get(f"/tables/{table.pk}/poll/?v=0")) == POLICY


def test_a_bodiless_poll_answer_carries_only_the_headers_it_needs(
    client: Client, host: Any
) -> None:
    """The TV's and phones' unchanged poll: no headers that describe or govern a body (there is
    none), so it stays well under 200 bytes on the wire; a page keeps all of them."""
    table = make_table(host)
    page = client.get(f"/d/{table.display_token}/")
    for header in ("X-Frame-Options", "X-Content-Type-Options", "Referrer-Policy"):
        assert header in page.headers
    response = client.get(f"/d/{table.display_token}/poll/?v={table.version}")
    assert response.status_code == 204
    assert set(response.headers) <= {"Vary", "Server-Timing"}


def test_the_policy_allows_nothing_inline_and_no_eval() -> None:
    sources = [value for values in settings.SECURE_CSP.values() for value in values]
    assert "'unsafe-inline'" not in sources
    assert "'unsafe-eval'" not in sources
    assert "'unsafe-hashes'" not in sources
    assert "data:" not in sources


@pytest.mark.parametrize(("debug", "enforced"), [("", True), ("1", False)])
def test_in_debug_mode_the_policy_only_reports(debug: str, enforced: bool) -> None:
    """Django's debug pages are inline styles and scripts: POTT_DEBUG=1 reports, blocks nothing."""
    code = (
        "import config.settings as s; "
        "print(bool(s.SECURE_CSP), bool(getattr(s, 'SECURE_CSP_REPORT_ONLY', {})))"
    )
    env = {**os.environ, "POTT_DEBUG": debug}
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True)
    assert out.stdout.decode().split() == [str(enforced), str(not enforced)], out.stderr


def test_no_page_has_inline_script_handler_or_style(pages: dict[str, str]) -> None:
    found = {label: inline_code(html) for label, html in pages.items()}
    assert {label: things for label, things in found.items() if things} == {}


def test_a_json_data_block_is_not_inline_code() -> None:
    """Django's json_script writes data the browser never runs (the New table form's games);
    any other inline script is still found."""
    data = '<script id="table-games" type="application/json">{"nl_holdem": {}}</script>'
    assert inline_code(data) == []
    assert inline_code('<script type="text/javascript">alert(1)</script>') == [
        "an inline <script>",
        "script text",
    ]
    assert inline_code("<script>alert(1)</script>") == ["an inline <script>", "script text"]


def test_every_page_tells_htmx_not_to_evaluate_or_inject_styles(pages: dict[str, str]) -> None:
    full_pages = {label: html for label, html in pages.items() if "<html" in html}
    assert len(full_pages) > 20
    for label, html in full_pages.items():
        if "htmx-2" not in html:
            continue
        match = re.search(r"<meta name=\"htmx-config\" content='([^']*)'>", html)
        assert match, f"{label}: no htmx-config meta tag"
        config = json.loads(match.group(1))
        assert config["allowEval"] is False, label
        assert config["includeIndicatorStyles"] is False, label
        assert config["allowScriptTags"] is False, label
        assert "style" not in config["attributesToSettle"], label


def test_no_template_or_script_has_inline_code() -> None:
    """Pages the scan above does not render (the setup page, error pages) are checked here in
    their source; the scripts must not add inline styles or evaluate strings."""
    patterns = {
        "an inline <script>": re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I),
        "a <style> element": re.compile(r"<style\b", re.I),
        "an on…= handler": re.compile(r"\son[a-z]+\s*=", re.I),
        "a style attribute": re.compile(r"\sstyle\s*=", re.I),
        "a javascript: URL": re.compile(r"javascript:", re.I),
        "htmx js: values": re.compile(r"""=\s*['"]\s*js:""", re.I),
    }
    found = []
    for path in sorted((ROOT / "templates").rglob("*.html")):
        source = path.read_text()
        found += [
            f"{path.relative_to(ROOT)}: {what}" for what, p in patterns.items() if p.search(source)
        ]
    scripting = {
        "eval": re.compile(r"\beval\(|new Function\(|setTimeout\(\s*['\"]"),
        "an inline style": re.compile(r"setAttribute\(\s*['\"]style|\.style\.cssText|<style"),
        "HTML with a handler or style": re.compile(r"""innerHTML[^;]*\s(on[a-z]+|style)="""),
    }
    for path in sorted((ROOT / "static" / "js").rglob("*.js")):
        source = path.read_text()
        found += [
            f"{path.relative_to(ROOT)}: {what}" for what, p in scripting.items() if p.search(source)
        ]
    assert found == []
