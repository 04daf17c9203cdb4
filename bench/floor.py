"""The floor of the live-table benchmark: the least a request that writes can cost.

A POST through the whole middleware stack that inserts one row (a django_session row with a
random key) and answers a few bytes: no login, no CSRF check, no template. A dealer action can
hardly be cheaper than this on the same server and database.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.contrib.sessions.models import Session
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST


@csrf_exempt
@require_POST
def floor(request: HttpRequest) -> HttpResponse:
    """Write one row and say so."""
    Session.objects.create(
        session_key=secrets.token_hex(16),
        session_data="",
        expire_date=timezone.now() + timedelta(hours=1),
    )
    return HttpResponse("ok", content_type="text/plain")
