"""Shared fixtures. Browser tests (marker `browser`) drive the system Chromium through Playwright.

Without /usr/bin/chromium, browser tests are skipped with a plain message, except in CI
(CI=true), where they fail: CI must never pass by skipping them.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from django.test import Client, override_settings
from hypothesis import settings as hypothesis_settings

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page

# Playwright's sync API runs an event loop in the test thread; Django would otherwise refuse
# database access from it ("You cannot call this from an async context").
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# Property tests check correctness, not speed (speed is `make bench`'s): no per-example deadline,
# which a loaded machine or CI runner would otherwise turn into a flaky failure.
hypothesis_settings.register_profile("pott", deadline=None)
hypothesis_settings.load_profile("pott")

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_MISSING = (
    f"Chromium not found at {CHROMIUM}: browser tests skipped. "
    "Install it with: apt-get install -y chromium"
)
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
SCREENSHOT_DIR = Path(__file__).resolve().parent.parent / "var" / "screenshots"
TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 375, "height": 667}
_skipped_browser_tests = pytest.StashKey[bool]()
_postgresql_only = pytest.StashKey[int]()


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in {"", "0", "false", "no"}


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("browser") is None or CHROMIUM.exists():
        return
    if in_ci():
        pytest.fail(f"Chromium not found at {CHROMIUM}, and CI is set: browser tests must run.")
    item.config.stash[_skipped_browser_tests] = True
    pytest.skip(CHROMIUM_MISSING)


def on_postgresql() -> bool:
    return os.environ.get("DATABASE_URL", "").strip().startswith(("postgres", "postgis"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked `postgresql` are about PostgreSQL itself (its client tools): on SQLite they
    are not run at all (deselected, and said so), not skipped. CI runs them on PostgreSQL."""
    if on_postgresql():
        return
    kept = [item for item in items if item.get_closest_marker("postgresql") is None]
    deselected = [item for item in items if item.get_closest_marker("postgresql") is not None]
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        config.stash[_postgresql_only] = len(deselected)
        items[:] = kept


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if terminalreporter.config.stash.get(_skipped_browser_tests, False):
        terminalreporter.write_line(CHROMIUM_MISSING)
    deselected = terminalreporter.config.stash.get(_postgresql_only, 0)
    if deselected:
        terminalreporter.write_line(
            f"{deselected} PostgreSQL-only tests not run on SQLite (they run with DATABASE_URL "
            "set to PostgreSQL, as in CI)."
        )


@pytest.fixture(autouse=True)
def _english_first() -> Iterator[None]:
    """Each test starts in English: a request in another language leaves its language active in
    the thread (LocaleMiddleware activates it and nothing deactivates it)."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.activate("en")


@pytest.fixture(autouse=True)
def _fast_passwords(settings: Any) -> None:
    """Hashing passwords properly takes half a second a user; tests need no such strength."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(scope="session", autouse=True)
def _plain_static_files() -> Iterator[None]:
    """Tests run without `collectstatic`, so serve static files without the manifest."""
    storages = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    with override_settings(STORAGES=storages):
        yield


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless system Chromium for the whole test session."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        yield browser
        browser.close()


# Runs in every page of a watched context before the page's own scripts: reports each violation
# of the Content-Security-Policy (an inline script or style refused, an eval refused) to Python.
REPORT_CSP_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  window.pottCspViolation(
    `${event.violatedDirective} refused ${event.blockedURI || "inline"} at ` +
      `${event.sourceFile || document.location.pathname}:${event.lineNumber}: ${event.sample}`
  );
});
"""


def watch_csp(context: BrowserContext, violations: list[str]) -> None:
    """Collect in `violations` every Content-Security-Policy violation in `context`'s pages:
    the page's securitypolicyviolation events and Chromium's console errors about the policy."""

    def console(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            violations.append(f"console: {message.text}")

    context.expose_binding("pottCspViolation", lambda source, text: violations.append(text))
    context.add_init_script(REPORT_CSP_VIOLATIONS)
    context.on("console", console)


@pytest.fixture(autouse=True)
def _no_csp_violations(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every browser test fails if a page broke the Content-Security-Policy: every context the
    test opens (the page fixtures' and its own) is watched."""
    if request.node.get_closest_marker("browser") is None:
        yield
        return
    browser: Browser = request.getfixturevalue("browser")
    violations: list[str] = []
    new_context = browser.new_context

    def watched_context(*args: Any, **kwargs: Any) -> BrowserContext:
        context = new_context(*args, **kwargs)
        watch_csp(context, violations)
        return context

    browser.new_context = watched_context  # type: ignore[method-assign]
    try:
        yield
    finally:
        browser.new_context = new_context  # type: ignore[method-assign]
    if violations:
        pytest.fail("Content-Security-Policy violations:\n" + "\n".join(violations))


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh page (own cookies) at a tablet viewport; resize with `page.set_viewport_size`."""
    context = browser.new_context(viewport=TABLET)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def phone_page(browser: Browser) -> Iterator[Page]:
    """A fresh page emulating a phone: small viewport, touch, mobile user agent."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def screenshot_dir() -> Path:
    """Where browser tests save screenshots (var/screenshots/, not committed)."""
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    return SCREENSHOT_DIR


class PageClient(Client):
    """Django's test client, posting to the ledger's pages the way those pages do: with the
    version of the session or tournament they show (its version now), unless the test gives
    one. (`Client.post(client, …)` posts exactly what a test gives.)"""

    def post(self, path: str, data: Any = None, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        if data is None or (isinstance(data, dict) and "version" not in data):
            version = _page_version(path)
            if version is not None:
                data = {**(data or {}), "version": version}
        return super().post(path, data, *args, **kwargs)


def _page_version(path: str) -> int | None:
    from ledger.models import Session, Tournament

    if match := re.match(r"/ledger/sessions/(\d+)/.", path):
        rows = Session.objects.filter(pk=match.group(1))
    elif match := re.match(r"/tournaments/(\d+)/(?!clock/|remote/|tables/).", path):
        rows = Tournament.objects.filter(pk=match.group(1))
    elif match := re.match(r"/ledger/transfers/(\d+)/", path):
        rows = Session.objects.filter(transfers=match.group(1))
    else:
        return None
    return rows.values_list("version", flat=True).first()


@pytest.fixture
def client() -> Client:
    """pytest-django's `client`, as a PageClient."""
    return PageClient()


@pytest.fixture
def host(django_user_model):  # type: ignore[no-untyped-def]
    """A host account (the first account, so the home page no longer asks to create one)."""
    return django_user_model.objects.create_user(username="hanna", password="kitchen-table-42")
