"""Views of Poker-Deluxe (seed 001): a new game, its screen, buying, the settlement, undo and
ending the game (the TV and phone pages: dealer.gamelog.display). Thin: parse with a form, call
the model, render.

htmx requests get the swapped region (`dealer/deluxe/game.html#game`); plain form posts redirect
back to the page. Refusals re-render at status 200 with the reason (htmx 2 does not swap 4xx).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from config.http import HtmxHttpRequest
from dealer.deluxe.forms import STARTING_UNITS, BuyForm, DeluxeForm, ShowForm
from dealer.deluxe.models import DeluxeGame
from dealer.engine.deluxe import (
    Action,
    Buy,
    Decided,
    DeluxeState,
    Phase,
    Show,
    Why,
    buy_cost,
    legal_actions,
)
from dealer.gamelog.display import device_links
from dealer.gamelog.screen import GameScreen, form_error, new_game


@login_required
@require_http_methods(["GET", "POST"])
def deluxe_new(request: HtmxHttpRequest) -> HttpResponse:
    """Create a Poker-Deluxe game: the variant, the players and their ages, the rounds."""
    extra = {"starting_units": STARTING_UNITS}
    return new_game(request, DeluxeForm, "dealer/deluxe/new.html", "dealer:deluxe", extra)


@login_required
@require_GET
def deluxe_page(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The game's screen: the points table, the deal, buying, the settlement, the standings."""
    game = SCREEN.game(request, pk)
    context = deluxe_context(game) | device_links(request, SCREEN.url_name, game.display_token)
    return render(request, "dealer/deluxe/game.html", context)


def _apply(request: HtmxHttpRequest, game: DeluxeGame, action: Action, version: int) -> Any:
    return SCREEN.change(
        request, game, lambda: game.append(action, version=version, by=request.user)
    )


@login_required
@require_POST
def deluxe_buy(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The player whose turn it is bought 0 to 4 cards: the price goes into the bank."""
    game = SCREEN.game(request, pk)
    form = BuyForm(request.POST)
    if not form.is_valid():
        return SCREEN.respond(request, game, error=form_error(form))
    data = form.cleaned_data
    return _apply(request, game, Buy(data["player"], data["cards"]), data["version"])


@login_required
@require_POST
def deluxe_show(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A player's combination at the settlement: tapped on the list, or their cards."""
    game = SCREEN.game(request, pk)
    form = ShowForm(request.POST)
    if not form.is_valid():
        return SCREEN.respond(request, game, error=form_error(form))
    data = form.cleaned_data
    action = Show(data["player"], combo=data["combo"], cards=data["cards"] or ())
    return _apply(request, game, action, data["version"])


@login_required
@require_POST
def deluxe_undo(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Take back the last action (a finished game is reopened, its cash-outs taken back)."""
    return SCREEN.undo_or_end(request, pk, "undo")


@login_required
@require_POST
def deluxe_end(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The host ends the game between deals: everyone cashes out with their chips."""
    return SCREEN.undo_or_end(request, pk, "end")


# --- what the screen shows ------------------------------------------------------------------


def _decided(decided: Decided) -> str:
    return {
        Decided.COMBINATION: _("the highest combination"),
        Decided.TIE_RULES: _("the same combination: the cards decided"),
        Decided.YOUNGEST: _("the very same cards: the youngest wins"),
    }[decided]


def _payments(state: DeluxeState, result: Any) -> list[str]:
    """Who paid whom how much and why, one sentence each."""
    name = state.name
    lines = []
    shown = result.shown
    for p in result.payments:
        if p.why is Why.BANK:
            lines.append(
                _("The bank pays %(to)s %(n)s (paid for cards this deal).")
                % {"to": name(p.payee), "n": p.amount}
            )
            continue
        text = _("%(from)s pays %(to)s %(n)s: %(a)s against %(b)s points.") % {
            "from": name(p.payer),
            "to": name(p.payee),
            "n": p.amount,
            "a": shown[p.payer].points,
            "b": shown[p.payee].points,
        }
        if p.short:
            text += " " + _("%(name)s owed %(owed)s and is broke.") % {
                "name": name(p.payer),
                "owed": p.owed,
            }
        lines.append(text)
    for p, s in enumerate(shown):
        if p != result.winner and s.points == shown[result.winner].points:
            lines.append(
                _("%(name)s has as many points as %(winner)s and pays nothing.")
                % {"name": name(p), "winner": name(result.winner)}
            )
    return lines


def deluxe_context(
    game: DeluxeGame, *, state: DeluxeState | None = None, error: str = "", notice: str = ""
) -> dict[str, Any]:
    state = state or game.state()
    config = state.config
    legal = legal_actions(state)
    over = state.is_over or game.ended
    players = []
    for p in range(config.players):
        players.append(
            {
                "index": p,
                "name": state.name(p),
                "chips": state.chips[p],
                "age": config.age_rank(p) + 1,
                "dealer": not over and p == state.dealer,
                "to_buy": not over and p == state.to_buy,
                "bought": state.bought[p],
                "shown": state.shown[p],
                "to_show": not over and p in legal.to_show,
                "needs_cards": not over and p in legal.needs_cards,
            }
        )
    results = []
    for result in reversed(state.results):
        results.append(
            {
                "number": result.deal + 1,
                "dealer": state.name(result.dealer),
                "winner": state.name(result.winner),
                "combo": result.shown[result.winner].combo.value,
                "decided": _decided(result.decided),
                "bank": result.bank,
                "lines": _payments(state, result),
                "shown": [
                    (state.name(p), s.combo.value, s.points, " ".join(map(str, s.hand.cards)))
                    if s.hand
                    else (state.name(p), s.combo.value, s.points, "")
                    for p, s in enumerate(result.shown)
                ],
            }
        )
    standings = [
        {"place": s.place, "name": state.name(s.player), "chips": s.chips}
        for s in state.standings()
    ]
    most = max(state.chips)
    winners = [state.name(p) for p, c in enumerate(state.chips) if c == most] if over else []
    buying = not over and legal.phase is Phase.BUYING
    return {
        "game": game,
        "state": state,
        "variant": config.variant,
        "players": players,
        "legal": legal,
        "buying": buying,
        "showdown": not over and legal.phase is Phase.SHOWDOWN,
        "over": over,
        "buy_options": [(k, buy_cost(k)) for k in range(legal.buy_max + 1)] if buying else [],
        "to_buy_name": state.name(legal.player) if buying and legal.player is not None else "",
        "dealer_name": state.name(state.dealer),
        "deal_number": min(state.deal + 1, config.deals),
        "deals": config.deals,
        "round": state.round,
        "rounds": config.rounds,
        "results": results,
        "standings": standings,
        "winners": winners,
        "broke": [state.name(p) for p in state.broke],
        "can_end": not over and state.bank == 0 and all(b is None for b in state.bought),
        "can_undo": bool(game.entries) or game.is_closed,
        "error": error,
        "notice": notice,
    }


SCREEN = GameScreen(
    DeluxeGame,
    "dealer:deluxe",
    "dealer/deluxe/game.html",
    deluxe_context,
    keeps_state=True,
    board="dealer/deluxe/display.html",
)
