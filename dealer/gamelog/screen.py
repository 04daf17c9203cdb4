"""What the views of the games kept as a log share (`dealer.gamelog.models`: Poker-Deluxe, the dice
games and strip poker): the host's game or 404, the answer to a move (the swapped region for
htmx, a redirect with a message otherwise), the refusals (a stale page, the rules, a session no
longer played) and the New game form's flow.

Refusals re-render at status 200 with the reason: htmx 2 does not swap 4xx.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from config.http import HtmxHttpRequest
from config.revision import STALE_GAME, Stale, VersionForm, region_or_page
from dealer.engine.actions import IllegalAction
from dealer.gamelog.models import LoggedGame


def form_error(form: forms.Form) -> str:
    """Every error of a refused form, as one sentence for the screen's message line."""
    errors = [str(e) for field_errors in form.errors.values() for e in field_errors]
    return " ".join(errors) or _("Check the form.")


@dataclass(frozen=True)
class GameScreen:
    """One kind of game's screen: its model, its page's URL name and template (whose `#game`
    partial is the region a move swaps) and the function building the template's context; and
    what its TV and phones show (dealer.gamelog.display): the board template, with the same
    context, and the board's style sheets."""

    model: type[LoggedGame]
    url_name: str
    template: str
    context: Callable[..., dict[str, Any]]
    # The context takes the state a move returns (`state=`) instead of replaying the log.
    keeps_state: bool = False
    board: str = ""
    styles: tuple[str, ...] = ()

    def game(self, request: HtmxHttpRequest, pk: int) -> Any:
        """A game the user hosts, else 404."""
        queryset = self.model.objects.for_user(request.user).select_related("session")
        return get_object_or_404(queryset, pk=pk)

    def respond(
        self, request: HtmxHttpRequest, game: Any, *, error: str = "", notice: str = "", **extra
    ) -> HttpResponse:
        """The game's region for htmx (as it is now, with the `error` or `notice`), else a
        redirect to its page with the message."""
        return region_or_page(
            request,
            self.template,
            "game",
            lambda: self.context(game, **extra),
            redirect_to=reverse(self.url_name, args=[game.pk]),
            error=error,
            notice=notice,
        )

    def change(
        self, request: HtmxHttpRequest, game: Any, change: Callable[[], Any], notice: str = ""
    ) -> HttpResponse:
        """Make `change` (an append, undo or end of `game`) and show the game as it is after,
        or the reason nothing changed: a stale page (shown the game as it is now), the rules'
        refusal, a session no longer played. When the screen `keeps_state`, the state `change`
        returns (the game's state after it) is handed to the context, which need not replay."""
        try:
            state = change()
        except Stale:
            return self.respond(request, self.game(request, game.pk), error=str(STALE_GAME))
        except IllegalAction as error:
            return self.respond(request, game, error=str(error))
        except ValidationError as error:
            return self.respond(request, game, error=" ".join(error.messages))
        extra = {"state": state} if self.keeps_state and state is not None else {}
        return self.respond(request, game, notice=notice, **extra)

    def undo_or_end(self, request: HtmxHttpRequest, pk: int, what: str) -> HttpResponse:
        """Undo the last move, or end the game (`what`), from the page's version."""
        game = self.game(request, pk)
        form = VersionForm(request.POST)
        if not form.is_valid():
            return self.respond(request, game, error=str(STALE_GAME))
        version = form.cleaned_data["version"]

        def undo() -> None:
            game.undo(version=version, by=request.user)

        def end() -> None:
            game.end(version=version, by=request.user)

        if what == "undo":
            return self.change(request, game, undo, _("Undone."))
        return self.change(request, game, end, self.end_notice(game))

    @staticmethod
    def end_notice(game: Any) -> str:
        if game.session is None:
            return _("The evening is over.")
        return _("The game is over: everyone cashed out.")


def new_game(
    request: HtmxHttpRequest,
    form_class: type[forms.Form],
    template: str,
    url_name: str,
    extra: dict[str, Any] | None = None,
) -> HttpResponse:
    """The New game page: create the game and go to its screen, or show the form's errors (a
    session that can no longer take buy-ins is the session field's error)."""
    form = form_class(request.POST or None, host=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            game = form.save(by=request.user)
        except ValidationError as error:
            form.add_error("session", error)
        else:
            return redirect(url_name, pk=game.pk)
    context = {"form": form, "roster": form.roster_names()}
    return render(request, template, {**context, **(extra or {})})
