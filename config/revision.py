"""The revision check every change goes through: a page posts the revision (version) of what it
showed, and a change lands only if that is still the latest; else it is refused as stale and
nothing is written. A revision only ever grows (an undo takes a new one too), so a tap from a
device that never saw the state it would land on is refused, however the numbers line up.

One primitive for the table, every logged game, the tournament clock and the ledger:

- `VersionForm` reads the posted version (a form that changes something inherits from it);
- `claim(rows, pk, version)` takes the next version in one UPDATE, or raises `Stale`;
- the refusal texts (`STALE_TABLE`, `STALE_GAME`, `STALE_CLOCK`, `STALE_PAGE`) tell the person
  that nothing was changed and they now see what is;
- `region_or_page` answers: an htmx request with the page's region, a full request with the
  page, or with a redirect to it and the message.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django import forms
from django.contrib import messages
from django.db import models
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy

from config.forms import revision_field
from config.http import HtmxHttpRequest

# What a refused (stale) request shows: the live screens name what changed; a ledger page says
# that nothing was recorded.
STALE_TABLE = gettext_lazy(
    "Another device changed the table first: this is the table as it is now."
)
STALE_GAME = gettext_lazy("Another device changed the game first: this is the game as it is now.")
STALE_CLOCK = gettext_lazy(
    "Another device changed the clock first: this is the clock as it is now."
)
STALE_PAGE = gettext_lazy(
    "This page was out of date (a double tap, or another device changed it): nothing was"
    " recorded. Here it is as it is now."
)


class Stale(Exception):
    """The request was made from an out-of-date view: another device acted first."""


def claim(rows: type[models.Model] | models.QuerySet[Any], pk: Any, version: int) -> int:
    """Take row `pk`'s next version if it is still `version` (the one the page showed), in one
    UPDATE ... WHERE version = `version`: of two devices posting the same version, exactly one
    lands. Returns the new version; raises Stale (nothing written) when another device changed
    the row first. `rows`: the model, or a queryset of it. Call it inside the transaction that
    makes the change, so a refusal after it takes the version back too."""
    queryset = rows._default_manager.all() if isinstance(rows, type) else rows
    if not queryset.filter(pk=pk, version=version).update(version=version + 1):
        raise Stale
    return version + 1


class VersionForm(forms.Form):
    """Every change carries the version of the table, game, clock, tournament or session the
    page showed (a hidden field). A form for a change inherits from it."""

    version = revision_field()


def posted_version(request: HtmxHttpRequest) -> int | None:
    """The version a post carries, or None when it is missing or not one (the post is then
    as out of date as one from an old page)."""
    form = VersionForm(request.POST)
    return form.cleaned_data["version"] if form.is_valid() else None


def region_or_page(
    request: HtmxHttpRequest,
    template: str,
    region: str,
    context: Mapping[str, Any] | Callable[[], Mapping[str, Any]],
    *,
    redirect_to: str | None = None,
    error: str = "",
    notice: str = "",
    also: Sequence[str] = (),
) -> HttpResponse:
    """The answer to a request for a page with htmx regions (`{% partialdef region %}`).

    htmx: the region `template#region` (plus the regions `also`, each swapped out of band by its
    `hx-swap-oob`). A full request: the whole page; or, given `redirect_to` (a URL or URL
    name), a redirect there, with `error` or `notice` as a message. `context` may be a function,
    called only when something is rendered; `error` and `notice` are added to it. Refusals are
    answered like changes, at status 200: htmx 2 does not swap 4xx.
    """
    if not request.htmx and redirect_to is not None:
        if error:
            messages.error(request, error)
        elif notice:
            messages.success(request, notice)
        return redirect(redirect_to)
    values = dict(context() if callable(context) else context)
    if error:
        values["error"] = error
    if notice:
        values["notice"] = notice
    if not request.htmx:
        return render(request, template, values)
    html = "".join(
        render_to_string(f"{template}#{name}", values, request) for name in (region, *also)
    )
    return HttpResponse(html)
