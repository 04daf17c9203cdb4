from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page
from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.browser

NO_HORIZONTAL_OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"


@pytest.mark.parametrize(
    ("device", "viewport"),
    [("tablet", {"width": 1024, "height": 768}), ("phone", {"width": 375, "height": 667})],
)
def test_home_page_fits_the_screen(
    page: Page,
    live_server: LiveServer,
    screenshot_dir: Path,
    device: str,
    viewport: dict[str, int],
    host: object,
) -> None:
    page.set_viewport_size(viewport)
    page.goto(live_server.url + "/")

    heading = page.get_by_role("heading", level=1)
    assert heading.is_visible()
    assert heading.inner_text() == "Pott runs your home poker game"
    assert page.evaluate(NO_HORIZONTAL_OVERFLOW)
    assert page.evaluate("typeof htmx") == "object"
    page.screenshot(path=screenshot_dir / f"home-{device}.png", full_page=True)
