"""The screens other devices follow: a TV (or laptop) and the players' phones, opened by an
unguessable token without logging in, polling about once a second.

Every family shows them in one shell (`dealer/gamelog/display.html`: the page, and the `board`
region that polls and swaps itself); a family gives only what is on its board (a template
included inside the region) and its context. The poker table's display (dealer.poker.display)
uses the shell with its own cached poll; the games kept as a log (`dealer.gamelog.models`:
Poker-Deluxe, the dice games) get their TV and phone pages, their polls and their URLs from
`device_urls` and their game screen (`dealer.gamelog.screen.GameScreen`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import URLPattern, path, reverse
from django.views.decorators.http import require_GET

from config.http import HtmxHttpRequest
from config.network import lan_url, qr_svg

if TYPE_CHECKING:
    from dealer.gamelog.screen import GameScreen

SHELL = "dealer/gamelog/display.html"
MODES = ("display", "phone")


def board_context(
    context: dict[str, Any],
    *,
    mode: str,
    title: str,
    board: str,
    poll_url: str,
    poll_key: object,
    styles: tuple[str, ...] = (),
) -> dict[str, Any]:
    """`context` with what the shell needs: the device (`mode`: "display" for a TV, "phone"),
    the page's title, the family's board template, the poll's URL and the key it sends back
    (the board is unchanged while the key is), and the family's style sheets."""
    return {
        **context,
        "mode": mode,
        "display_title": title,
        "board_template": board,
        "poll_url": poll_url,
        "poll_key": poll_key,
        "display_styles": styles,
    }


# --- the games kept as a log ----------------------------------------------------------------


def _game(screen: GameScreen, token: str) -> Any:
    queryset = screen.model.objects.select_related("session")
    return get_object_or_404(queryset, display_token=token)


def _context(screen: GameScreen, game: Any, mode: str) -> dict[str, Any]:
    return board_context(
        screen.context(game),
        mode=mode,
        title=game.name,
        board=screen.board,
        poll_url=reverse(f"{screen.url_name}_{mode}_poll", args=[game.display_token]),
        poll_key=game.version,
        styles=screen.styles,
    )


@require_GET
def game_page(request: HtmxHttpRequest, token: str, screen: GameScreen, mode: str) -> HttpResponse:
    """A game on a TV (`mode` "display") or a phone ("phone"), by its token (no login)."""
    return render(request, SHELL, _context(screen, _game(screen, token), mode))


@require_GET
def game_poll(request: HtmxHttpRequest, token: str, screen: GameScreen, mode: str) -> HttpResponse:
    """Nothing (204) unless the game changed since version `v` (one indexed read); then the
    new board."""
    seen = request.GET.get("v")
    versions = screen.model.objects.filter(display_token=token).values_list("version", flat=True)
    version = versions.first()
    if version is not None and seen == str(version):
        return HttpResponse(status=204)
    return render(request, f"{SHELL}#board", _context(screen, _game(screen, token), mode))


def device_urls(prefix: str, screen: GameScreen) -> list[URLPattern]:
    """The TV and phone pages of a family's games and their polls: `<prefix>/tv/<token>/`
    (URL name `<prefix>_display`), `<prefix>/phone/<token>/` (`<prefix>_phone`), each with
    `poll/` (`…_poll`). `screen.url_name` must be "dealer:<prefix>"."""
    urls = []
    for mode, where in (("display", "tv"), ("phone", "phone")):
        kwargs = {"screen": screen, "mode": mode}
        urls += [
            path(f"{prefix}/{where}/<token:token>/", game_page, kwargs, name=f"{prefix}_{mode}"),
            path(
                f"{prefix}/{where}/<token:token>/poll/",
                game_poll,
                kwargs,
                name=f"{prefix}_{mode}_poll",
            ),
        ]
    return urls


def device_links(request: HtmxHttpRequest, url_name: str, token: str) -> dict[str, str]:
    """The TV and phone links of a game or table (`url_name`: its pages' URL name prefix, e.g.
    "dealer:dice"), as the network reaches them, and the phone link's QR code."""
    phone_url = lan_url(request, reverse(f"{url_name}_phone", args=[token]))
    return {
        "display_url": lan_url(request, reverse(f"{url_name}_display", args=[token])),
        "phone_url": phone_url,
        "phone_qr": qr_svg(phone_url),
    }
