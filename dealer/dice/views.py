"""Views of seed 003's dice games and strip poker: a new game, its screen, each move, undo,
ending the game, "roll for me" (the TV and phone pages: dealer.gamelog.display). Thin: parse
with a form, call the model, render.

htmx requests get the swapped region (`dealer/dice/game.html#game`); plain form posts redirect back
to the page. Refusals re-render at status 200 with the reason (htmx 2 does not swap 4xx).
"""

from __future__ import annotations

import random
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from config.http import HtmxHttpRequest
from config.revision import STALE_GAME
from dealer.dice.forms import (
    CallForm,
    ClaimForm,
    DiceGameForm,
    DicePlayerForm,
    RollForm,
    ShowDiceForm,
)
from dealer.dice.models import DiceGame, chips_when_ended, hand_code
from dealer.engine.dice import (
    FACES,
    Accept,
    Call,
    Claim,
    Face,
    Hand,
    Kind,
    Lost,
    RollAces,
    Show,
    roll,
)
from dealer.engine.dice.liars import Ending
from dealer.engine.dice.liars import Phase as LiarsPhase
from dealer.gamelog.display import device_links
from dealer.gamelog.screen import GameScreen, form_error, new_game

# "Roll for me": nobody at the table can predict or replay it.
DICE_RANDOM = random.SystemRandom()


@login_required
@require_http_methods(["GET", "POST"])
def dice_new(request: HtmxHttpRequest) -> HttpResponse:
    """Create a game of poker dice, liar's dice or strip poker."""
    return new_game(request, DiceGameForm, "dealer/dice/new.html", "dealer:dice")


@login_required
@require_GET
def dice_page(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The game's screen: whose turn, the pot, the chips or the tally, the moves."""
    game = SCREEN.game(request, pk)
    context = dice_context(game) | device_links(request, SCREEN.url_name, game.display_token)
    return render(request, "dealer/dice/game.html", context)


def _move(request: HtmxHttpRequest, pk: int, kind: str, form_class: Any, make: Any) -> HttpResponse:
    """Parse the move with `form_class`, build the action with `make(data)`, append it. The
    move belongs to one `kind` of game: posted to another, it is refused."""
    game = SCREEN.game(request, pk)
    if game.kind != kind:
        error = _("%(game)s has no such move: it is a game of %(kind)s.") % {
            "game": game,
            "kind": game.get_kind_display(),
        }
        return SCREEN.respond(request, game, error=error)
    form = form_class(request.POST)
    if not form.is_valid():
        if "version" in form.errors:  # a page without a version it could have shown
            return SCREEN.respond(request, game, error=str(STALE_GAME))
        return SCREEN.respond(request, game, error=form_error(form))
    data = form.cleaned_data
    return SCREEN.change(
        request, game, lambda: game.append(make(data), version=data["version"], by=request.user)
    )


@login_required
@require_POST
def dice_show(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Poker dice: a player's final dice or combination, and how many rolls they used."""
    return _move(
        request,
        pk,
        DiceGame.Kind.POKER_DICE,
        ShowDiceForm,
        lambda d: Show(d["player"], d["shown"], d["rolls"]),
    )


@login_required
@require_POST
def dice_claim(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Liar's dice: the player slides the cup to the left, claiming a combination."""
    return _move(
        request, pk, DiceGame.Kind.LIARS, ClaimForm, lambda d: Claim(d["player"], d["claim"])
    )


@login_required
@require_POST
def dice_accept(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Liar's dice: the neighbour accepts the claim."""
    return _move(request, pk, DiceGame.Kind.LIARS, DicePlayerForm, lambda d: Accept(d["player"]))


@login_required
@require_POST
def dice_call(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Liar's dice: "blekking!" — the cup is lifted; the five dice under it."""
    return _move(request, pk, DiceGame.Kind.LIARS, CallForm, lambda d: Call(d["player"], d["dice"]))


@login_required
@require_POST
def dice_aces(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Liar's dice: five aces were accepted; the dice the player rolled for them."""
    return _move(
        request, pk, DiceGame.Kind.LIARS, CallForm, lambda d: RollAces(d["player"], d["dice"])
    )


@login_required
@require_POST
def dice_lost(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Strip poker: the loser of the round."""
    return _move(request, pk, DiceGame.Kind.STRIP, DicePlayerForm, lambda d: Lost(d["player"]))


@login_required
@require_POST
def dice_undo(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Take back the last move (a finished game is reopened, its cash-outs taken back)."""
    return SCREEN.undo_or_end(request, pk, "undo")


@login_required
@require_POST
def dice_end(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The host ends the game between rounds: everyone cashes out with their chips."""
    return SCREEN.undo_or_end(request, pk, "end")


@login_required
@require_POST
def dice_roll(request: HtmxHttpRequest) -> HttpResponse:
    """Roll for me: the dice kept stay, the others are rolled (a fair, unpredictable source).
    Changes nothing: the screen fills the dice in, and the dealer still sends them."""
    form = RollForm(request.POST)
    if not form.is_valid():
        return JsonResponse({"error": form_error(form)})
    kept = form.cleaned_data["keep"]
    dice = (*kept, *roll(DICE_RANDOM, 5 - len(kept)))
    return JsonResponse({"dice": " ".join(face.symbol for face in dice)})


# --- what the screen shows ------------------------------------------------------------------


def _plural(face: Face) -> str:
    return {
        Face.NINE: _("nines"),
        Face.TEN: _("tens"),
        Face.JACK: _("jacks"),
        Face.QUEEN: _("queens"),
        Face.KING: _("kings"),
        Face.ACE: _("aces"),
    }[face]


def hand_label(hand: Hand) -> str:
    """A combination as the screen names it: by the faces that make it, never the odd dice."""
    f = [_plural(face) for face in hand.faces]
    match hand.kind:
        case Kind.PAIR:
            return _("a pair of %(a)s") % {"a": f[0]}
        case Kind.TWO_PAIRS:
            return _("two pairs, %(a)s and %(b)s") % {"a": f[0], "b": f[1]}
        case Kind.THREE_OF_A_KIND:
            return _("three %(a)s") % {"a": f[0]}
        case Kind.LOW_STRAIGHT:
            return _("the straight 9 to K")
        case Kind.FULL_HOUSE:
            return _("a full house, three %(a)s and two %(b)s") % {"a": f[0], "b": f[1]}
        case Kind.HIGH_STRAIGHT:
            return _("the straight 10 to A")
        case Kind.FOUR_OF_A_KIND:
            return _("four %(a)s") % {"a": f[0]}
        case Kind.FIVE_OF_A_KIND:
            return _("five %(a)s") % {"a": f[0]}
    return _("nothing")


def _hand_options(hands: Any) -> list[tuple[str, str]]:
    return [(hand_code(hand), hand_label(hand)) for hand in hands]


def dice_context(game: DiceGame, *, error: str = "", notice: str = "") -> dict[str, Any]:
    state = game.state()
    over = state.is_over or game.is_closed
    context: dict[str, Any] = {
        "game": game,
        "state": state,
        "over": over,
        "faces": [face.symbol for face in FACES],
        "can_undo": bool(game.entries) or game.is_closed,
        "can_end": game.can_end(state),
        "error": error,
        "notice": notice,
    }
    if game.is_poker_dice:
        context.update(_poker_dice(game, state, over))
    elif game.is_liars:
        context.update(_liars(game, state, over))
    else:
        context.update(_strip(game, state, over))
    return context


def _final_chips(game: DiceGame, state: Any) -> tuple[int, ...]:
    """The chips everyone has, or cashed out with when the host ended the game."""
    return chips_when_ended(state) if game.ended else state.chips


def _standings(state: Any, chips: tuple[int, ...]) -> list[dict[str, Any]]:
    from dealer.engine.dice.table import standings

    return [
        {"place": s.place, "name": state.name(s.player), "count": s.count} for s in standings(chips)
    ]


def _poker_dice(game: DiceGame, state: Any, over: bool) -> dict[str, Any]:
    from dealer.engine.dice.poker_dice import legal_actions

    legal = legal_actions(state)
    shown = {s.player: s for s in state.shown}
    chips = _final_chips(game, state) if over else state.chips
    players = []
    for p in range(state.config.players):
        s = shown.get(p)
        players.append(
            {
                "index": p,
                "name": state.name(p),
                "chips": chips[p],
                "out": p in state.out,
                "to_act": not over and p == legal.player,
                "playing": not over and p in state.playing,
                "shown": hand_label(s.hand) if s else "",
                "rolls": s.rolls if s else None,
            }
        )
    results = []
    for result in reversed(state.results):
        passes = []
        for shown_pass in result.passes:
            passes.append([(state.name(s.player), hand_label(s.hand)) for s in shown_pass])
        results.append(
            {
                "number": result.round,
                "winner": state.name(result.winner),
                "pot": result.pot,
                "loser": state.name(result.loser),
                "passes": passes,
                "replays": result.replays,
            }
        )
    to_act = state.name(legal.player) if legal.player is not None else ""
    first = state.name(state.shown[0].player) if state.shown else ""
    most = max(chips)
    return {
        "legal": legal,
        "players": players,
        "to_act": to_act,
        "first": first,
        "rolls_choices": range(1, legal.max_rolls + 1),
        "hand_options": _hand_options(legal.hands),
        "tied": [state.name(p) for p in state.playing] if legal.replay else [],
        "results": results,
        "standings": _standings(state, chips),
        "winners": [state.name(p) for p, c in enumerate(chips) if c == most] if over else [],
        "pot": state.pot,
        "out_names": [state.name(p) for p in state.out],
    }


def _liars(game: DiceGame, state: Any, over: bool) -> dict[str, Any]:
    from dealer.engine.dice.liars import legal_actions

    legal = legal_actions(state)
    chips = _final_chips(game, state) if over else state.chips
    players = [
        {
            "index": p,
            "name": state.name(p),
            "chips": chips[p],
            "out": p in state.out,
            "to_act": not over and p == legal.player,
        }
        for p in range(state.config.players)
    ]
    results = []
    for result in reversed(state.results):
        last = result.claims[-1]
        if result.ending is Ending.CALLED:
            if result.held:
                what = _(
                    "%(by)s called %(claimant)s's claim of %(claim)s: the cup held "
                    "%(shown)s, so %(by)s pays."
                )
            else:
                what = _(
                    "%(by)s called %(claimant)s's claim of %(claim)s: the cup held only "
                    "%(shown)s, so %(claimant)s pays."
                )
        elif result.held:
            what = _("%(by)s accepted five aces and rolled them: %(claimant)s pays.")
        else:
            what = _(
                "%(by)s accepted five aces from %(claimant)s and rolled %(shown)s: %(by)s pays."
            )
        line = what % {
            "by": state.name(result.by),
            "claimant": state.name(last.player),
            "claim": hand_label(last.hand),
            "shown": hand_label(result.shown),
        }
        results.append(
            {
                "number": result.round,
                "line": line,
                "payer": state.name(result.payer),
                "paid": result.paid,
                "short": result.paid < result.owed,
                "out": result.out,
                "claims": [(state.name(c.player), hand_label(c.hand)) for c in result.claims],
            }
        )
    last = state.last_claim
    return {
        "legal": legal,
        "players": players,
        "to_act": state.name(legal.player) if legal.player is not None else "",
        "claiming": not over and legal.phase is LiarsPhase.CLAIM,
        "answering": not over and legal.phase is LiarsPhase.ANSWER,
        "rolling_aces": not over and legal.phase is LiarsPhase.ACES,
        "last_claim": hand_label(last.hand) if last else "",
        "claimant": state.name(last.player) if last else "",
        "claims": [(state.name(c.player), hand_label(c.hand)) for c in state.claims],
        "claim_options": _hand_options(legal.claims),
        "results": results,
        "standings": _standings(state, chips),
        "winner": state.name(state.winner) if state.winner is not None else "",
        "won": state.won,
        "pot": state.pot,
        "out_names": [state.name(p) for p in state.out],
    }


def _strip(game: DiceGame, state: Any, over: bool) -> dict[str, Any]:
    left = state.left
    players = [
        {
            "index": p,
            "name": state.name(p),
            "lost": state.lost[p],
            "left": left[p] if left is not None else None,
        }
        for p in range(state.config.players)
    ]
    finished = state.finished
    return {
        "players": players,
        "rounds": state.rounds,
        "finished": state.name(finished) if finished is not None else "",
        "winner": state.name(state.winner) if state.winner is not None else "",
        "last_loser": state.name(state.losers[-1]) if state.losers else "",
        "standings": [
            {"place": s.place, "name": state.name(s.player), "count": s.count}
            for s in state.standings()
        ],
    }


SCREEN = GameScreen(
    DiceGame,
    "dealer:dice",
    "dealer/dice/game.html",
    dice_context,
    board="dealer/dice/display.html",
    styles=("css/dice.css",),
)
