"""Tournament views (the money side): thin. Parse, call a Tournament method, render the page or
its #tournament region for htmx. A refusal re-renders the region at 200 with the reason.

The current level comes from the dealer's clock when one is attached (`Tournament.level_now`);
otherwise the host sets it on the page, and this device remembers it (in the Django session).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from config import limits
from config.forms import MAX_REVISION
from config.http import HtmxHttpRequest
from config.limits import whole_number
from config.revision import STALE_PAGE, Stale, posted_version, region_or_page
from ledger import prizes
from ledger.forms import PayoutTableForm, RegisterForm, TournamentForm, money_text
from ledger.models import TOURNAMENT_LINKS, Entry, Player, Session, Tournament


def _tournament(request: HtmxHttpRequest, pk: int) -> Tournament:
    return get_object_or_404(Tournament, pk=pk, host=request.user)


def _fresh(request: HtmxHttpRequest, tournament: Tournament) -> bool:
    """Whether the page that posted showed the tournament as it is now (every form carries its
    version; a post without one is out of date too). Nothing is written: see
    `Tournament.changing`."""
    return posted_version(request) == tournament.version


def _error(error: ValidationError) -> str:
    return " ".join(error.messages)


def _level(request: HtmxHttpRequest, tournament: Tournament) -> int:
    """The level now: the clock's, else the one posted (remembered), else 0 / 1."""
    if getattr(tournament, "clock", None) is not None:
        return tournament.level_now()
    key = f"tournament-{tournament.pk}-level"
    level = whole_number(request.POST.get("level", ""), limits.MAX_LEVEL)
    if level is not None:
        request.session[key] = level
    level = request.session.get(key)
    if isinstance(level, int) and tournament.state != Tournament.State.REGISTERING:
        return level
    return tournament.level_now()


def _stacks(request: HtmxHttpRequest, players: list[Player]) -> dict[Player, int | None]:
    """`stack_<pk>` fields: whole chips (at least one: a stack at the start of a hand), or
    None when empty, not a number or out of bounds."""
    stacks: dict[Player, int | None] = {}
    for player in players:
        text = request.POST.get(f"stack_{player.pk}", "").replace(" ", "")
        stacks[player] = whole_number(text, limits.MAX_STACK) or None
    return stacks


# --- list and create --------------------------------------------------------------------------


@require_GET
@login_required
def tournament_list(request: HtmxHttpRequest) -> HttpResponse:
    """The host's tournaments and a form to start one (from a session: `?session=<pk>`)."""
    initial: dict[str, Any] = {}
    session_pk = whole_number(request.GET.get("session", ""), MAX_REVISION)
    if session_pk is not None:
        session = Session.objects.filter(host=request.user, pk=session_pk).first()
        if session is not None:
            initial = {"session": session.pk, "currency": session.currency,
                       "name": _("%(session)s tournament") % {"session": session.name}}  # fmt: skip
    return _list(request, TournamentForm(host=request.user, initial=initial))


def links(tournament: Tournament | None) -> list[dict[str, object]]:
    """The other apps' pages of `tournament` (its clock, remote, TV display, tables), or for the
    list (None) the pages for every tournament: see ledger.models.hooks.TOURNAMENT_LINKS."""
    return [link for hook in TOURNAMENT_LINKS for link in hook(tournament)]


def _list(request: HtmxHttpRequest, form: TournamentForm) -> HttpResponse:
    tournaments = Tournament.objects.filter(host=request.user).select_related("session")
    return render(
        request,
        "ledger/tournament_list.html",
        {"tournaments": tournaments, "form": form, "links": links(None)},
    )


# What the New tournament form sets.
FIELDS = (
    "name",
    "session",
    "currency",
    "buy_in",
    "fee",
    "starting_chips",
    "re_entry",
    "late_until_level",
    "rebuy_until_level",
    "rebuy_price",
    "rebuy_chips",
    "add_on_level",
    "add_on_price",
    "add_on_chips",
    "payout_unit",
)


@require_POST
@login_required
def tournament_create(request: HtmxHttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST, host=request.user)
    if not form.is_valid():
        return _list(request, form)
    data = form.cleaned_data
    try:
        tournament = Tournament.open(host=request.user, **{name: data[name] for name in FIELDS})
    except ValidationError as error:
        form.add_error("session", error)
        return _list(request, form)
    return redirect("ledger:tournament_detail", pk=tournament.pk)


# --- the tournament page ----------------------------------------------------------------------


def _page(
    request: HtmxHttpRequest,
    tournament: Tournament,
    *,
    error: str = "",
    notice: str = "",
    **extra: Any,
) -> HttpResponse:
    """The tournament page, or only its #tournament region for htmx."""
    tournament = Tournament.objects.prefetch_related("entries__player", "finishes__player").get(
        pk=tournament.pk
    )
    entered = {e.player_id for e in tournament.entries.all()}
    alive = tournament.alive()
    results = tournament.results()
    payouts = tournament.payouts()
    by_place = tournament.prizes_by_place()
    standings = tournament.standings()
    names = {f.place: f.player for f in standings}
    percents = prizes.percents_for(tournament.table, tournament.entries_count())
    rows = [
        {"place": place, "percent": percents[place - 1] if place <= len(percents) else None,
         "amount": by_place.get(place, 0), "player": names.get(place)}
        for place in range(1, max(len(payouts), max(by_place, default=0)) + 1)
    ]  # fmt: skip
    level = _level(request, tournament)
    sessions = Session.objects.filter(host=request.user, currency=tournament.currency).exclude(
        state=Session.State.SETTLED
    )
    context = {
        "tournament": tournament,
        "level": level,
        "has_clock": getattr(tournament, "clock", None) is not None,
        "links": links(tournament),
        "alive": alive,
        "alive_rows": [r for r in results if r.player in alive],
        "results": results,
        "payout_rows": rows,
        "standings": standings,
        "last_hand": max((f.hand for f in standings), default=0),
        "prize_pool": tournament.prize_pool(),
        "money_left": tournament.prize_money_left(),
        "deal": [
            (r.player, tournament.deal.get(str(r.player.pk)))
            for r in results
            if str(r.player.pk) in tournament.deal
        ],  # fmt: skip
        "deal_possible": tournament.state == Tournament.State.RUNNING and 2 <= len(alive),
        "icm_limit": prizes.ICM_LIMIT,
        "register_form": extra.pop("register_form", None)
        or RegisterForm(host=request.user, exclude=list(entered)),
        "payout_form": extra.pop("payout_form", None)
        or PayoutTableForm(
            currency=tournament.currency,
            initial={
                "table": prizes.table_text(tournament.table),
                "payout_unit": money_text(tournament.payout_unit, tournament.currency)
                if tournament.payout_unit
                else "",
            },
        ),
        "sessions": sessions,
        "ticked": extra.pop("ticked", []),
        "entered": extra.pop("entered", {}),
        "error": error,
        "notice": notice,
        **extra,
    }
    return region_or_page(request, "ledger/tournament.html", "tournament", context)


@require_GET
@login_required
def tournament_detail(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    return _page(request, _tournament(request, pk))


@require_POST
@login_required
def tournament_level(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The level now, set by hand when no clock is attached (remembered on this device)."""
    tournament = _tournament(request, pk)
    return _page(request, tournament)


@require_POST
@login_required
def tournament_register(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A buy-in: a player on the roster or a new one."""
    tournament = _tournament(request, pk)
    if not _fresh(request, tournament):
        return _page(request, tournament, error=str(STALE_PAGE))
    form = RegisterForm(request.POST, host=request.user)
    if not form.is_valid():
        return _page(request, tournament, register_form=form, error=_form_error(form))
    data = form.cleaned_data
    try:
        with tournament.changing():
            player = data["player"] or Player.objects.create(
                host=request.user, name=data["new_name"]
            )
            tournament.register(
                player, level=_level(request, tournament), by=request.user, method=data["method"]
            )
    except Stale:
        return _page(request, tournament, error=str(STALE_PAGE))
    except ValidationError as error:
        return _page(request, tournament, register_form=form, error=_error(error))
    return _page(request, tournament, notice=_("%(name)s is in.") % {"name": player})


def _form_error(form: Any) -> str:
    return " ".join(str(m) for errors in form.errors.values() for m in errors)


@require_POST
@login_required
def tournament_start(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament(request, pk)
    if not _fresh(request, tournament):
        return _page(request, tournament, error=str(STALE_PAGE))
    try:
        with tournament.changing():
            tournament.start(by=request.user)
    except Stale:
        return _page(request, tournament, error=str(STALE_PAGE))
    except ValidationError as error:
        return _page(request, tournament, error=_error(error))
    return _page(request, tournament)


KIND_ACTIONS = {
    Entry.Kind.REBUY: "rebuy",
    Entry.Kind.ADD_ON: "add_on",
    Entry.Kind.RE_ENTRY: "re_enter",
}


@require_POST
@login_required
def tournament_entry(request: HtmxHttpRequest, pk: int, player_pk: int, kind: str) -> HttpResponse:
    """A rebuy, add-on or re-entry for one player; refused outside its window."""
    tournament = _tournament(request, pk)
    if not _fresh(request, tournament):
        return _page(request, tournament, error=str(STALE_PAGE))
    player = get_object_or_404(Player, pk=player_pk, host=request.user)
    action = KIND_ACTIONS.get(kind)
    if action is None:
        return _page(request, tournament, error=_("Unknown entry."))
    method = "credit" if request.POST.get("method") == "credit" else "cash"
    try:
        with tournament.changing():
            getattr(tournament, action)(
                player, level=_level(request, tournament), by=request.user, method=method
            )
    except Stale:
        return _page(request, tournament, error=str(STALE_PAGE))
    except ValidationError as error:
        return _page(request, tournament, error=_error(error))
    label = Entry.Kind(kind).label
    return _page(request, tournament, notice=f"{player}: {label}")


@require_POST
@login_required
def tournament_bust(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Players out on one hand (ticked), with their stacks at the start of that hand."""
    tournament = _tournament(request, pk)
    if not _fresh(request, tournament):
        return _page(request, tournament, error=str(STALE_PAGE))
    alive = {str(p.pk): p for p in tournament.alive()}
    out = [alive[k] for k in request.POST.getlist("out") if k in alive]
    if len(out) != len(set(request.POST.getlist("out"))):
        return _page(request, tournament, error=_("Somebody ticked is no longer in."))
    stacks = _stacks(request, out)
    try:
        with tournament.changing():
            finishes = tournament.bust(stacks, by=request.user)
    except Stale:
        return _page(request, tournament, error=str(STALE_PAGE))
    except ValidationError as error:
        return _page(request, tournament, error=_error(error), ticked=[p.pk for p in out])
    notice = " ".join(
        _("%(name)s finishes %(place)s.") % {"name": f.player, "place": _ordinal(f.place)}
        for f in finishes
    )
    return _page(request, tournament, notice=notice)


def _ordinal(place: int) -> str:
    return _("#%(place)s") % {"place": place}


@require_POST
@login_required
def tournament_undo(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Take back the last bust-out (all players out on that hand)."""
    tournament = _tournament(request, pk)
    if not _fresh(request, tournament):
        return _page(request, tournament, error=str(STALE_PAGE))
    try:
        with tournament.changing():
            undone = tournament.undo_bust(by=request.user)
    except Stale:
        return _page(request, tournament, error=str(STALE_PAGE))
    except ValidationError as error:
        return _page(request, tournament, error=_error(error))
    names = ", ".join(str(f.player) for f in undone if f.place != 1 or len(undone) == 1)
    return _page(request, tournament, notice=_("Undone: %(names)s back in.") % {"names": names})


@require_POST
@login_required
def tournament_payouts(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Edit the payout table and the rounding unit."""
    tournament = _tournament(request, pk)
    if not _fresh(request, tournament):
        return _page(request, tournament, error=str(STALE_PAGE))
    form = PayoutTableForm(request.POST, currency=tournament.currency)
    if not form.is_valid():
        return _page(request, tournament, payout_form=form, error=_form_error(form))
    try:
        with tournament.changing():
            tournament.set_payouts(form.cleaned_data["table"], form.cleaned_data["payout_unit"])
    except Stale:
        return _page(request, tournament, error=str(STALE_PAGE))
    except ValidationError as error:
        return _page(request, tournament, payout_form=form, error=_error(error))
    return _page(request, tournament, notice=_("Payouts saved."))


@require_POST
@login_required
def tournament_deal(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The deal calculator: ICM and chip chop from the stacks entered; accept one of them."""
    tournament = _tournament(request, pk)
    if not _fresh(request, tournament):
        return _page(request, tournament, error=str(STALE_PAGE))
    alive = tournament.alive()
    stacks = _stacks(request, alive)
    entered = {p.pk: request.POST.get(f"stack_{p.pk}", "") for p in alive}
    if any(s is None or s <= 0 for s in stacks.values()):
        return _page(
            request, tournament, error=_("Enter every stack left, in chips."), entered=entered
        )
    chips = {p: s for p, s in stacks.items() if s is not None}
    try:
        options = tournament.deal_options(chips)
    except ValueError:
        options = None
    if options is None or len(chips) > prizes.ICM_LIMIT:
        error = _("ICM is worked out for %(n)s players or fewer.") % {"n": prizes.ICM_LIMIT}
        return _page(request, tournament, error=error, entered=entered)
    total = sum(chips.values())
    warning = ""
    if total != tournament.total_chips():
        warning = _(
            "The stacks add up to %(entered)s chips; %(sold)s were handed out. Check the count."
        ) % {"entered": total, "sold": tournament.total_chips()}
    choice = request.POST.get("accept", "")
    if choice in options:
        try:
            with tournament.changing():
                tournament.make_deal({p: options[choice][p.pk] for p in chips}, by=request.user)
        except Stale:
            return _page(request, tournament, error=str(STALE_PAGE))
        except ValidationError as error:
            return _page(request, tournament, error=_error(error), entered=entered)
        return _page(request, tournament, notice=_("Deal made."))
    offer = [
        {"player": p, "stack": chips[p], "icm": options["icm"][p.pk],
         "chop": options["chop"][p.pk]}
        for p in sorted(chips, key=lambda p: -chips[p])
    ]  # fmt: skip
    return _page(request, tournament, offer=offer, entered=entered, warning=warning)


@require_POST
@login_required
def tournament_deal_cancel(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament(request, pk)
    if not _fresh(request, tournament):
        return _page(request, tournament, error=str(STALE_PAGE))
    try:
        with tournament.changing():
            tournament.cancel_deal(by=request.user)
    except Stale:
        return _page(request, tournament, error=str(STALE_PAGE))
    except ValidationError as error:
        return _page(request, tournament, error=_error(error))
    return _page(request, tournament, notice=_("Deal cancelled."))


@require_POST
@login_required
def tournament_session(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Results into a session's settlement: an open session of the host's, or a new one."""
    tournament = _tournament(request, pk)
    if not _fresh(request, tournament):
        return _page(request, tournament, error=str(STALE_PAGE))
    choice = request.POST.get("session", "")
    session: Session | None = None
    if choice != "new" and (session_pk := whole_number(choice, MAX_REVISION)) is not None:
        session = get_object_or_404(Session, pk=session_pk, host=request.user)
    try:
        with tournament.changing():
            if choice == "new":
                session = Session.objects.create(
                    host=request.user, name=tournament.name, currency=tournament.currency
                )
            tournament.attach(session)
    except Stale:
        return _page(request, tournament, error=str(STALE_PAGE))
    except ValidationError as error:
        return _page(request, tournament, error=_error(error))
    if session is None:
        return _page(request, tournament, notice=_("Results taken out of the session."))
    return _page(
        request,
        tournament,
        notice=_("The results go into %(session)s.") % {"session": session},
    )
