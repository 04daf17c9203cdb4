"""The installable app: the web app manifest and the favicon.

A tablet at a kitchen table that is added to the home screen opens Pott full screen (no address
bar) on the front page, which lists the host's tables (or asks them to log in first). The start
is the front page rather than one table: tables change from night to night, and the front page
always leads to tonight's.
"""

from __future__ import annotations

import json

from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

THEME = "#17613d"  # the felt (static/css/pott.css --felt)
BACKGROUND = "#f7f5ef"  # the paper (--paper)
DAY = 24 * 60 * 60


@require_GET
def manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest (application/manifest+json), in the reader's language."""
    home = reverse("home")
    data = {
        "id": home,
        "name": "Pott",
        "short_name": "Pott",
        "description": _("Dealer assistant and ledger for home poker"),
        "lang": get_language() or "en",
        "start_url": home,
        "scope": home,
        # Full screen where the browser can (nothing but the table on the tablet), else an app
        # window without the address bar.
        "display": "fullscreen",
        "display_override": ["fullscreen", "standalone"],
        "orientation": "any",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": [
            {"src": static("icons/pott.svg"), "sizes": "any", "type": "image/svg+xml"},
            {"src": static("icons/pott-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icons/pott-512.png"), "sizes": "512x512", "type": "image/png"},
            {
                "src": static("icons/pott-maskable-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    }
    response = HttpResponse(
        json.dumps(data, ensure_ascii=False, indent=1),
        content_type="application/manifest+json; charset=utf-8",
    )
    response["Cache-Control"] = f"max-age={DAY}"
    response["Vary"] = "Accept-Language, Cookie"
    return response


@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    """/favicon.ico, which browsers ask for on every site whatever the page links."""
    path = finders.find("icons/favicon.ico")
    try:
        handle = open(path, "rb") if path else staticfiles_storage.open("icons/favicon.ico")  # noqa: SIM115 - FileResponse closes it
    except OSError as error:
        raise Http404 from error
    response = FileResponse(handle, content_type="image/x-icon")
    response["Cache-Control"] = f"max-age={DAY}"
    return response
